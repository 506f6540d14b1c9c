package main

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"path"
	"strings"

	"github.com/labstack/echo/v5"

	"legacylocker/media"
	"legacylocker/store"
)

// serveUpload serves a stored file to callers who may see its item (the mediaFiles resource: keys
// are one path segment of safe characters; anything else, and any key not on an item the caller
// can see, is 404).
func (app *application) serveUpload(c *echo.Context) error {
	c.Response().Header().Set("Cache-Control", "private, max-age=3600")
	return app.serveStored(c, loaded[store.MediaItem](c), c.Param("key"), c.QueryParam("download") == "1")
}

// serveStored writes one of the item's files with its type, Range support and, when asked, a
// download disposition named after the item's title.
func (app *application) serveStored(c *echo.Context, item store.MediaItem, key string, download bool) error {
	file, err := app.storage.Open(c.Request().Context(), key)
	if errors.Is(err, media.ErrNotFound) {
		return notFound()
	}
	if err != nil {
		return err
	}
	defer file.Close()
	contentType := item.MimeType
	switch {
	case item.ThumbnailKey != nil && key == *item.ThumbnailKey:
		contentType = "image/jpeg"
	case item.RenditionKey != nil && key == *item.RenditionKey:
		contentType = "video/mp4"
	}
	h := c.Response().Header()
	h.Set("Content-Type", contentType)
	// The app's own pages may frame a stored file (the PDF preview); other sites may not. A file
	// opened on its own is a sandboxed document: nothing in it runs with the app's origin. PDFs
	// are left out of the sandbox: Chromium's viewer refuses to render inside one.
	h.Set("X-Frame-Options", "SAMEORIGIN")
	if contentType == "application/pdf" {
		h.Set("Content-Security-Policy", "frame-ancestors 'self'")
	} else {
		h.Set("Content-Security-Policy", "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'")
	}
	if download {
		name := downloadName(item.Title, path.Ext(key))
		h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"; filename*=UTF-8''%s`, asciiOnly(name), url.PathEscape(name)))
	}
	http.ServeContent(c.Response(), c.Request(), "", file.ModTime(), file)
	return nil
}

func downloadName(title, ext string) string {
	name := strings.Map(func(r rune) rune {
		if strings.ContainsRune(`/\:*?"<>|`, r) || r < 32 {
			return '-'
		}
		return r
	}, strings.TrimSpace(title))
	if name == "" {
		name = "media"
	}
	return name + ext
}

func asciiOnly(s string) string {
	return strings.Map(func(r rune) rune {
		if r > 126 || r == '"' || r == '\\' {
			return '_'
		}
		return r
	}, s)
}
