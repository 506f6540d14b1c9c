package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"
)

// A signed-in page's scripts were requested only once the app had started and the session check
// had answered (issue 34). The build lists what each route's page loads beyond the first script
// (web/dist/preloads.json, vite.config.ts's writePreloads), and each route gets its own index.html
// with those files as modulepreload and stylesheet links, so they download beside the first script.
// The pages are made once at startup, gzipped then too: none is built or compressed on a request.

// preloadsFile is written by the build beside index.html: route pattern → the files its page loads.
const preloadsFile = "preloads.json"

// prerenderedFile is written by the build beside index.html too: route pattern → its page's markup,
// drawn ahead of time (web/src/prerender.tsx), which that route's index.html carries in the app's
// root element, marked with the path it was drawn for (web/src/main.tsx hydrates it there only).
const prerenderedFile = "prerendered.json"

// emptyRoot is the app's root element in the built index.html.
var emptyRoot = []byte(`<div id="root"></div>`)

// indexPage is index.html as one route sends it, with its gzip copy.
type indexPage struct {
	html, gzipped []byte
}

// routePreloads are the files a route's page loads, as the build lists them (dist-relative paths).
type routePreloads struct {
	Scripts []string `json:"scripts"`
	Styles  []string `json:"styles"`
	Fetches []string `json:"fetches"` // API calls the page makes first, with the session cookie
}

// indexPages makes each route's index.html from the plain one, keyed by route pattern; "" is the
// plain page (paths with no page). Before the first build there is no list, and only the plain page.
func indexPages(files fs.FS, index []byte) (map[string]indexPage, error) {
	pages := map[string]indexPage{}
	plain, err := newIndexPage(index)
	if err != nil {
		return nil, err
	}
	pages[""] = plain
	preloads, err := readBuildList[routePreloads](files, preloadsFile)
	if err != nil || preloads == nil {
		return pages, err
	}
	prerendered, err := readBuildList[string](files, prerenderedFile)
	if err != nil {
		return nil, err
	}
	for pattern := range prerendered {
		if _, ok := preloads[pattern]; !ok {
			return nil, fmt.Errorf("%s draws %q, which is not a route of %s", prerenderedFile, pattern, preloadsFile)
		}
	}
	if len(prerendered) > 0 && !bytes.Contains(index, emptyRoot) {
		return nil, fmt.Errorf("index.html has no %s to put the prerendered pages in", emptyRoot)
	}
	closing := []byte("</head>")
	if !bytes.Contains(index, closing) {
		return nil, errors.New("index.html has no </head> to put the preload links before")
	}
	for pattern, files := range preloads {
		var links bytes.Buffer
		// The API calls first: they wait on the server, not on the bandwidth the files share. The app's
		// fetch sends cookies (credentials "include"), as use-credentials does, or the preload goes unused.
		for _, call := range files.Fetches {
			fmt.Fprintf(&links, `<link rel="preload" as="fetch" crossorigin="use-credentials" href="%s">`, html.EscapeString(call))
		}
		// Stylesheets as the app would add them (Vite skips one already linked), so the page is not
		// drawn before its styles and not fetched twice; scripts as modulepreload, fetched and parsed
		// but run only when the app imports them.
		for _, style := range files.Styles {
			fmt.Fprintf(&links, `<link rel="stylesheet" crossorigin href="/%s">`, html.EscapeString(style))
		}
		for _, script := range files.Scripts {
			fmt.Fprintf(&links, `<link rel="modulepreload" crossorigin href="/%s">`, html.EscapeString(script))
		}
		links.Write(closing)
		routeIndex := bytes.Replace(index, closing, links.Bytes(), 1)
		if markup, ok := prerendered[pattern]; ok {
			root := fmt.Sprintf(`<div id="root" data-prerendered="%s">%s</div>`, html.EscapeString(pattern), markup)
			routeIndex = bytes.Replace(routeIndex, emptyRoot, []byte(root), 1)
		}
		page, err := newIndexPage(routeIndex)
		if err != nil {
			return nil, err
		}
		pages[pattern] = page
	}
	return pages, nil
}

// readBuildList reads one of the build's lists by route pattern; nil when the build wrote none.
func readBuildList[T any](files fs.FS, name string) (map[string]T, error) {
	raw, err := fs.ReadFile(files, name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var list map[string]T
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	return list, nil
}

func newIndexPage(index []byte) (indexPage, error) {
	var gzipped bytes.Buffer
	zw, err := gzip.NewWriterLevel(&gzipped, gzip.BestCompression)
	if err != nil {
		return indexPage{}, err
	}
	if _, err := zw.Write(index); err != nil {
		return indexPage{}, err
	}
	if err := zw.Close(); err != nil {
		return indexPage{}, err
	}
	return indexPage{html: index, gzipped: gzipped.Bytes()}, nil
}

// serveIndex answers with the route's index.html, gzipped when the browser takes it.
func (s *spa) serveIndex(c *echo.Context, pattern string, status int) error {
	page, ok := s.pages[pattern]
	if !ok {
		page = s.pages[""]
	}
	h := c.Response().Header()
	h.Add("Vary", "Accept-Encoding")
	body := page.html
	if acceptsEncoding(c.Request().Header.Get("Accept-Encoding"), "gzip") {
		h.Set("Content-Encoding", "gzip")
		body = page.gzipped
	}
	if status != http.StatusOK {
		return c.Blob(status, echo.MIMETextHTMLCharsetUTF8, body)
	}
	http.ServeContent(c.Response(), c.Request(), "index.html", time.Time{}, bytes.NewReader(body))
	return nil
}
