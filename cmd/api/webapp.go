package main

import (
	"bytes"
	"errors"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"legacylocker/web"
)

// spa serves the embedded React app: real files as they are (hashed assets cached for a year),
// every other path as index.html so the client router renders the page, or its 404 page.
type spa struct {
	files fs.FS
	index []byte
}

func newSPA() *spa {
	files := web.Dist()
	index, _ := fs.ReadFile(files, "index.html")
	return &spa{files: files, index: index}
}

func (s *spa) serve(c *echo.Context) error {
	name := strings.TrimPrefix(path.Clean("/"+c.Param("*")), "/")
	if name != "" && name != "index.html" {
		if f, err := s.files.Open(name); err == nil {
			defer f.Close()
			if info, err := f.Stat(); err == nil && !info.IsDir() {
				if strings.HasPrefix(name, "assets/") {
					c.Response().Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				}
				http.ServeContent(c.Response(), c.Request(), name, info.ModTime(), f.(readSeeker))
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
	http.ServeContent(c.Response(), c.Request(), "index.html", time.Time{}, bytes.NewReader(s.index))
	return nil
}

type readSeeker interface {
	Read([]byte) (int, error)
	Seek(int64, int) (int64, error)
}
