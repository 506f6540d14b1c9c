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

	// Another route has its own files; the landing page (its code is the first script) and a path
	// with no page have none beyond the first script's.
	share := c.do("GET", "/share/abc123", nil, "Accept-Encoding", "identity")
	shareScripts, _ := linked(share.body)
	require.Equal(t, append(entryScripts, preloads["/share/:shareCode"].Scripts...), shareScripts)
	for path, status := range map[string]int{"/": http.StatusOK, "/no-such-page": http.StatusNotFound} {
		page := c.do("GET", path, nil, "Accept-Encoding", "identity")
		require.Equal(t, status, page.status, path)
		require.Equal(t, plain, page.body, path)
	}
}
