package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"io/fs"
	"net/http"
	"regexp"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"legacylocker/web"
)

// A route's HTML names the files its page loads, as the build listed them, so they download beside
// the first script; the HTML is gzipped like the files it names.
func TestRoutePagesPreloadTheirFiles(t *testing.T) {
	t.Parallel()
	dist := web.Dist()
	raw, err := fs.ReadFile(dist, preloadsFile)
	require.NoError(t, err, "the web app is not built: run `make build` first")
	var preloads map[string]routePreloads
	require.NoError(t, json.Unmarshal(raw, &preloads))
	dashboard := preloads["/dashboard"]
	require.NotEmpty(t, dashboard.Scripts, "the dashboard's page is a chunk of its own")
	require.NotEmpty(t, preloads["/share/:shareCode"].Scripts)

	s := newTestServer(t)
	c := s.newClient(t)
	links := regexp.MustCompile(`<link rel="(modulepreload|stylesheet)" crossorigin href="/([^"]+)">`)
	linked := func(page []byte) (scripts, styles []string) {
		for _, m := range links.FindAllSubmatch(page, -1) {
			if string(m[1]) == "modulepreload" {
				scripts = append(scripts, string(m[2]))
			} else {
				styles = append(styles, string(m[2]))
			}
		}
		return scripts, styles
	}
	plain, err := fs.ReadFile(dist, "index.html")
	require.NoError(t, err)
	entryScripts, entryStyles := linked(plain)

	res := c.do("GET", "/dashboard", nil, "Accept-Encoding", "identity")
	require.Equal(t, http.StatusOK, res.status)
	require.Empty(t, res.header.Get("Content-Encoding"))
	scripts, styles := linked(res.body)
	require.Equal(t, append(entryScripts, dashboard.Scripts...), scripts)
	require.Equal(t, append(entryStyles, dashboard.Styles...), styles, "the first script's styles first, then the page's, in the build's order")
	for _, file := range append(scripts, styles...) {
		asset := c.do("GET", "/"+file, nil)
		require.Equal(t, http.StatusOK, asset.status, file)
	}

	// The same page, gzipped, for a browser that takes it; a path of the same route, another id.
	for _, path := range []string{"/dashboard", "/DASHBOARD/"} {
		zipped := c.do("GET", path, nil, "Accept-Encoding", "gzip, br")
		require.Equal(t, http.StatusOK, zipped.status, path)
		require.Equal(t, "gzip", zipped.header.Get("Content-Encoding"))
		require.Contains(t, zipped.header.Values("Vary"), "Accept-Encoding")
		r, err := gzip.NewReader(bytes.NewReader(zipped.body))
		require.NoError(t, err)
		unzipped, err := io.ReadAll(r)
		require.NoError(t, err)
		require.Equal(t, res.body, unzipped, path)
	}

	// The API calls the page starts with, before the files, with the cookie the app's fetch sends.
	fetches := regexp.MustCompile(`<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)">`)
	called := func(page []byte) (urls []string) {
		for _, m := range fetches.FindAllSubmatch(page, -1) {
			urls = append(urls, string(m[1]))
		}
		return urls
	}
	require.Equal(t, []string{"/api/session", "/api/athletes"}, called(res.body))
	require.Less(t, bytes.Index(res.body, []byte(`as="fetch"`)), bytes.Index(res.body, []byte(`rel="modulepreload"`)))

	// Another route has its own files and, signed out, only the session check; the landing page's code
	// is the first script; a path with no page has the plain page.
	share := c.do("GET", "/share/abc123", nil, "Accept-Encoding", "identity")
	shareScripts, _ := linked(share.body)
	require.Equal(t, append(entryScripts, preloads["/share/:shareCode"].Scripts...), shareScripts)
	require.Equal(t, []string{"/api/session"}, called(share.body))
	landing := c.do("GET", "/", nil, "Accept-Encoding", "identity")
	landingScripts, landingStyles := linked(landing.body)
	require.Equal(t, entryScripts, landingScripts)
	require.Equal(t, entryStyles, landingStyles)
	require.Equal(t, []string{"/api/session"}, called(landing.body))

	// The landing page comes drawn, as the build drew it, marked with its path; no other page does.
	raw, err = fs.ReadFile(dist, prerenderedFile)
	require.NoError(t, err, "the build draws the landing page")
	var prerendered map[string]string
	require.NoError(t, json.Unmarshal(raw, &prerendered))
	require.Contains(t, prerendered["/"], `id="hero-title"`, "the landing page's hero is in its markup")
	require.Contains(t, string(landing.body), `<div id="root" data-prerendered="/">`+prerendered["/"]+`</div>`)
	require.NotContains(t, string(share.body), "data-prerendered")
	require.Contains(t, string(share.body), string(emptyRoot))
	missing := c.do("GET", "/no-such-page", nil, "Accept-Encoding", "identity")
	require.Equal(t, http.StatusNotFound, missing.status)
	require.Equal(t, plain, missing.body)
}

// TestIndexPagesPutPrerenderedPagesInTheirRoot: a build's prerendered page goes in its route's root
// element, marked with its pattern, and nowhere else; a build without the list draws none; a page drawn
// for a path that is no route is a broken build, refused at startup.
func TestIndexPagesPutPrerenderedPagesInTheirRoot(t *testing.T) {
	t.Parallel()
	index := []byte(`<html><head></head><body><div id="root"></div></body></html>`)
	preloads := &fstest.MapFile{Data: []byte(`{"/": {"fetches": ["/api/session"]}, "/terms": {}}`)}

	pages, err := indexPages(fstest.MapFS{preloadsFile: preloads, prerenderedFile: {Data: []byte(`{"/": "<h1>Hi</h1>"}`)}}, index)
	require.NoError(t, err)
	require.Contains(t, string(pages["/"].html), `<div id="root" data-prerendered="/"><h1>Hi</h1></div>`)
	require.Contains(t, string(pages["/terms"].html), string(emptyRoot))
	require.Equal(t, index, pages[""].html)

	pages, err = indexPages(fstest.MapFS{preloadsFile: preloads}, index)
	require.NoError(t, err)
	require.Contains(t, string(pages["/"].html), string(emptyRoot), "nothing drawn without the list")

	_, err = indexPages(fstest.MapFS{preloadsFile: preloads, prerenderedFile: {Data: []byte(`{"/gone": "<p></p>"}`)}}, index)
	require.ErrorContains(t, err, `draws "/gone", which is not a route`)
}
