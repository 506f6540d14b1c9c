package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"io/fs"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"legacylocker/web"
)

// The installed app's files (issue 34): the manifest with its type, every icon it names as the PNG of
// the size it says, the service worker looked at again on every load, and a share from the phone that
// reaches the api (no service worker to take it) sent on to the media page, not answered 404 or 405.
func TestInstalledAppFiles(t *testing.T) {
	t.Parallel()
	if _, err := fs.Stat(web.Dist(), "index.html"); err != nil {
		t.Fatal("the web app is not built: run `make build` first")
	}
	s := newTestServer(t)
	visitor := s.newClient(t)

	res := visitor.do("GET", "/manifest.webmanifest", nil, "Accept-Encoding", "identity")
	require.Equal(t, http.StatusOK, res.status)
	require.Equal(t, "application/manifest+json", res.header.Get("Content-Type"))
	var manifest struct {
		Name      string `json:"name"`
		StartURL  string `json:"start_url"`
		Display   string `json:"display"`
		Scope     string `json:"scope"`
		Icons     []struct{ Src, Sizes, Type, Purpose string }
		ShareTgt  struct{ Action, Method string } `json:"share_target"`
		ShortName string                          `json:"short_name"`
	}
	require.NoError(t, json.Unmarshal(res.body, &manifest))
	require.Equal(t, "Legacy Locker", manifest.Name)
	require.Equal(t, "/dashboard", manifest.StartURL)
	require.Equal(t, "standalone", manifest.Display)
	require.Equal(t, "/share-target", manifest.ShareTgt.Action)
	require.Equal(t, "POST", manifest.ShareTgt.Method)

	sizes := map[string]bool{}
	for _, icon := range manifest.Icons {
		res := visitor.do("GET", icon.Src, nil)
		require.Equal(t, http.StatusOK, res.status, icon.Src)
		require.Equal(t, icon.Type, strings.TrimSpace(strings.Split(res.header.Get("Content-Type"), ";")[0]), icon.Src)
		if icon.Type != "image/png" {
			continue
		}
		img, err := png.Decode(bytes.NewReader(res.body))
		require.NoError(t, err, icon.Src)
		size := img.Bounds().Size()
		require.Equal(t, icon.Sizes, fmt.Sprintf("%dx%d", size.X, size.Y), icon.Src)
		sizes[icon.Sizes+" "+icon.Purpose] = true
	}
	for _, want := range []string{"192x192 any", "512x512 any", "512x512 maskable"} {
		require.True(t, sizes[want], "an icon of %s", want)
	}
	res = visitor.do("GET", "/icons/apple-touch-icon.png", nil)
	require.Equal(t, http.StatusOK, res.status)
	img, err := png.Decode(bytes.NewReader(res.body))
	require.NoError(t, err)
	require.Equal(t, 180, img.Bounds().Dx())

	res = visitor.do("GET", "/sw.js", nil)
	require.Equal(t, http.StatusOK, res.status)
	require.Contains(t, res.header.Get("Content-Type"), "javascript")
	require.Equal(t, "no-cache", res.header.Get("Cache-Control"))
	require.Contains(t, string(res.body), `addEventListener("fetch"`)

	// The page links the manifest.
	res = visitor.do("GET", "/dashboard", nil)
	require.Contains(t, string(res.body), `<link rel="manifest" href="/manifest.webmanifest"`)

	// A share without the service worker, signed in or not: to the media page, which says what happened.
	owner, _ := s.registered(t, "owner@example.com")
	for _, c := range []*client{visitor, owner} {
		var body bytes.Buffer
		form := multipart.NewWriter(&body)
		part, err := form.CreateFormFile("media", "Game photo.png")
		require.NoError(t, err)
		_, err = part.Write([]byte("\x89PNG\r\n\x1a\n"))
		require.NoError(t, err)
		require.NoError(t, form.Close())
		res := c.do("POST", "/share-target", body.String(), "Content-Type", form.FormDataContentType())
		require.Equal(t, http.StatusSeeOther, res.status)
		require.Equal(t, "/media?share=unavailable", res.header.Get("Location"))
	}
	// Only a POST is a share; the path is no page.
	require.Equal(t, http.StatusNotFound, visitor.do("GET", "/share-target", nil).status)
}

// TestHashedAssetsCarryOnlyTheirOwnHeaders: a built script is served to a signed-in caller without the
// session (no Vary: Cookie, which the session middleware adds) and without the document-only headers,
// keeping nosniff and its year of caching; the service worker, whose policy browsers read, keeps it.
func TestHashedAssetsCarryOnlyTheirOwnHeaders(t *testing.T) {
	t.Parallel()
	scripts, err := fs.Glob(web.Dist(), "assets/*.js")
	require.NoError(t, err)
	require.NotEmpty(t, scripts, "the web app is not built: run `make build` first")
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")

	res := c.do("GET", "/"+scripts[0], nil)
	require.Equal(t, http.StatusOK, res.status)
	require.Equal(t, "public, max-age=31536000, immutable", res.header.Get("Cache-Control"))
	require.Equal(t, "nosniff", res.header.Get("X-Content-Type-Options"))
	for _, documentOnly := range []string{"Content-Security-Policy", "X-Frame-Options", "Referrer-Policy", "Set-Cookie"} {
		require.Empty(t, res.header.Get(documentOnly), documentOnly)
	}
	require.NotContains(t, res.header.Values("Vary"), "Cookie", "the session is not read for a build file")

	worker := c.do("GET", "/sw.js", nil)
	require.Contains(t, worker.header.Get("Content-Security-Policy"), "script-src 'self'")
	require.Contains(t, worker.header.Values("Vary"), "Cookie")
}
