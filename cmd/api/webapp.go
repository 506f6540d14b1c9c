package main

import (
	"errors"
	"io/fs"
	"net/http"
	"path"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"legacylocker/web"
)

// spa serves the embedded React app: real files as they are (hashed assets cached for a year),
// every other path as index.html so the client router renders the page: 200 for a path that is
// one of the app's routes, 404 for any other (the app shows its not-found page), so a mistyped
// or stale address is not reported to browsers, crawlers and link checkers as a page.
type spa struct {
	files    fs.FS
	index    []byte
	routes   [][]string
	patterns []string
	pages    map[string]indexPage // index.html per route pattern, with its preloads (preload.go)
}

func newSPA() *spa {
	files := web.Dist()
	index, _ := fs.ReadFile(files, "index.html")
	patterns, err := web.Routes()
	if err != nil {
		panic(err) // written by the same build as the app; unreadable, the binary is broken
	}
	s := &spa{files: files, index: index, patterns: patterns}
	for _, pattern := range patterns {
		s.routes = append(s.routes, strings.Split(strings.Trim(pattern, "/"), "/"))
	}
	if index != nil {
		if s.pages, err = indexPages(files, index); err != nil {
			panic(err) // written by the same build as the app, as above
		}
	}
	return s
}

// route tells whether the app has a page at urlPath, and its pattern, matching as React Router
// does: segments compared without regard to case, a ":name" segment standing for any one segment,
// a trailing slash ignored. Before the first build there is no list, and every path is served.
func (s *spa) route(urlPath string) (pattern string, found bool) {
	if s.routes == nil {
		return "", true
	}
	segments := strings.Split(strings.Trim(urlPath, "/"), "/")
	for i, route := range s.routes {
		if len(route) == len(segments) && matchSegments(route, segments) {
			return s.patterns[i], true
		}
	}
	return "", false
}

func matchSegments(route, segments []string) bool {
	for i, part := range route {
		if strings.HasPrefix(part, ":") {
			if segments[i] == "" {
				return false
			}
		} else if !strings.EqualFold(part, segments[i]) {
			return false
		}
	}
	return true
}

func (s *spa) serve(c *echo.Context) error {
	name := strings.TrimPrefix(path.Clean("/"+c.Param("*")), "/")
	if name != "" && name != "index.html" {
		if f, err := s.files.Open(name); err == nil {
			defer f.Close()
			if info, err := f.Stat(); err == nil && !info.IsDir() {
				installedAppHeaders(c.Response().Header(), name)
				body := f.(readSeeker)
				if compressed := s.precompressed(c, name); compressed != nil {
					defer compressed.Close()
					body = compressed.(readSeeker)
				}
				http.ServeContent(c.Response(), c.Request(), name, info.ModTime(), body)
				return nil
			}
		} else if !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	if s.index == nil {
		return c.String(http.StatusServiceUnavailable, "The web app has not been built. Run `make run`, which builds it.")
	}
	c.Response().Header().Set("Cache-Control", "no-cache")
	pattern, found := s.route(c.Request().URL.Path)
	if !found {
		return s.serveIndex(c, "", http.StatusNotFound)
	}
	return s.serveIndex(c, pattern, http.StatusOK)
}

// installedAppHeaders: hashed assets are cached for a year and carry no document's headers (a
// script's or stylesheet's policy, framing and referrer headers are not read by browsers, and on a
// phone's slow line the dashboard's 80 files paid 40 KB for them); the service worker, whose policy is
// read, is looked at on every load (no-cache, so a new build's worker replaces the old one at once),
// and the manifest is sent with the type browsers expect, which Go's table of types does not know.
func installedAppHeaders(h http.Header, name string) {
	switch {
	case strings.HasPrefix(name, "assets/"):
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
		for _, documentOnly := range []string{"Content-Security-Policy", "X-Frame-Options", "Referrer-Policy"} {
			h.Del(documentOnly)
		}
	case name == serviceWorkerFile:
		h.Set("Cache-Control", "no-cache")
	case path.Ext(name) == ".webmanifest":
		h.Set("Content-Type", "application/manifest+json")
		h.Set("Cache-Control", "no-cache")
	}
}

// serviceWorkerFile is the installed app's service worker (web/sw/sw.ts), at the root so its scope is
// the whole app.
const serviceWorkerFile = "sw.js"

// shareTargetWithoutWorker answers a share from the phone's share sheet (the manifest's share_target)
// that reached the api: the installed app's service worker, which keeps the files for the upload
// dialog, was not there to take it. The media page says so (its marker), rather than the family meeting
// a 404 or 405 and thinking the files were sent.
func shareTargetWithoutWorker(c *echo.Context) error {
	return c.Redirect(http.StatusSeeOther, "/media?share=unavailable")
}

// encodings are the compressed copies the build writes beside each text file of 1 KB or more
// (vite.config.ts, precompress), best first: brotli, then gzip.
var encodings = []struct{ name, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// precompressed opens the build's compressed copy of the file that the request accepts, and says so
// in the answer's headers; nil when there is none (an image, a small file) or the client takes
// neither. The copy is served as the file (its type from the file's name, Range on its bytes).
func (s *spa) precompressed(c *echo.Context, name string) fs.File {
	h := c.Response().Header()
	accepted := c.Request().Header.Get("Accept-Encoding")
	varied := false
	for _, enc := range encodings {
		f, err := s.files.Open(name + enc.suffix)
		if err != nil {
			continue
		}
		if !varied {
			h.Add("Vary", "Accept-Encoding")
			varied = true
		}
		if acceptsEncoding(accepted, enc.name) {
			h.Set("Content-Encoding", enc.name)
			return f
		}
		f.Close()
	}
	return nil
}

// acceptsEncoding reads an Accept-Encoding header ("gzip, deflate, br;q=0.9"): whether it names the
// encoding (or *) with a weight above 0.
func acceptsEncoding(header, encoding string) bool {
	for part := range strings.SplitSeq(header, ",") {
		token, params, _ := strings.Cut(part, ";")
		token = strings.TrimSpace(token)
		if !strings.EqualFold(token, encoding) && token != "*" {
			continue
		}
		weight, found := strings.CutPrefix(strings.TrimSpace(params), "q=")
		if !found {
			return true
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(weight), 64)
		return err == nil && q > 0
	}
	return false
}

type readSeeker interface {
	Read([]byte) (int, error)
	Seek(int64, int) (int64, error)
}
