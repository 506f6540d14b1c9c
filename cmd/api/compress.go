package main

import (
	"compress/gzip"
	"net/http"
	"strings"
	"sync"

	"github.com/labstack/echo/v5"
)

// jsonGzipMinimum is the smallest JSON answer worth compressing: below it gzip's header and the
// work cost more than they save.
const jsonGzipMinimum = 1024

var gzipWriters = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed)
	return w
}}

// compressJSON gzips the api's JSON answers of 1 KB or more for clients that accept it (issue 34:
// a page of the library is 32 KB of JSON, a phone at the ballpark has one bar). Only JSON: the app's
// files are sent precompressed (webapp.go), and media, archives and uploads answer Range requests,
// which a compressed body would break; what a handler answers is known by its Content-Type only
// once it writes, so the decision waits for the first bytes.
func compressJSON(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		if !acceptsEncoding(c.Request().Header.Get("Accept-Encoding"), "gzip") {
			return next(c)
		}
		original := c.Response()
		w := &jsonGzipWriter{ResponseWriter: original}
		c.SetResponse(w)
		err := next(c)
		finished := w.finish()
		c.SetResponse(original)
		if err != nil {
			return err
		}
		return finished
	}
}

// jsonGzipWriter holds a JSON answer's status and first bytes until they reach 1 KB (then
// compresses) or the answer ends (then sends it as it is); any other answer goes straight through.
type jsonGzipWriter struct {
	http.ResponseWriter
	status  int
	decided bool
	held    []byte
	gz      *gzip.Writer
}

func (w *jsonGzipWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *jsonGzipWriter) WriteHeader(status int) {
	if w.decided {
		w.ResponseWriter.WriteHeader(status)
		return
	}
	w.status = status
}

func (w *jsonGzipWriter) Write(b []byte) (int, error) {
	if !w.decided {
		h := w.Header()
		if !strings.HasPrefix(h.Get("Content-Type"), "application/json") || h.Get("Content-Encoding") != "" {
			w.sendAsIs()
			return w.ResponseWriter.Write(b)
		}
		if len(w.held)+len(b) < jsonGzipMinimum {
			w.held = append(w.held, b...)
			return len(b), nil
		}
		// A page comes in one write: it goes to gzip as it is, not copied into held first.
		if err := w.startGzip(); err != nil {
			return 0, err
		}
		return w.gz.Write(b)
	}
	if w.gz != nil {
		return w.gz.Write(b)
	}
	return w.ResponseWriter.Write(b)
}

func (w *jsonGzipWriter) sendAsIs() {
	w.decided = true
	if w.status != 0 {
		w.ResponseWriter.WriteHeader(w.status)
	}
}

func (w *jsonGzipWriter) startGzip() error {
	w.decided = true
	h := w.Header()
	h.Del("Content-Length")
	h.Set("Content-Encoding", "gzip")
	h.Add("Vary", "Accept-Encoding")
	w.ResponseWriter.WriteHeader(statusOrOK(w.status))
	w.gz = gzipWriters.Get().(*gzip.Writer)
	w.gz.Reset(w.ResponseWriter)
	held := w.held
	w.held = nil
	_, err := w.gz.Write(held)
	return err
}

// finish sends what is held: a short JSON answer as it is, the end of a compressed one.
func (w *jsonGzipWriter) finish() error {
	if !w.decided {
		held := w.held
		w.sendAsIs()
		if len(held) > 0 {
			if _, err := w.ResponseWriter.Write(held); err != nil {
				return err
			}
		}
		return nil
	}
	if w.gz == nil {
		return nil
	}
	err := w.gz.Close()
	w.gz.Reset(nil)
	gzipWriters.Put(w.gz)
	w.gz = nil
	return err
}

func statusOrOK(status int) int {
	if status == 0 {
		return http.StatusOK
	}
	return status
}
