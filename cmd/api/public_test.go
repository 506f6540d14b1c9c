package main

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"legacylocker/web"
)

func TestWaitlist(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c := s.newClient(t)

	res := c.do("POST", "/api/waitlist", map[string]string{"email": " Fan@Example.com"})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	res = c.do("POST", "/api/waitlist", map[string]string{"email": "fan@example.com"})
	require.Equal(t, http.StatusConflict, res.status)
	require.Equal(t, "Email already in waitlist", res.message(t))
	res = c.do("POST", "/api/waitlist", map[string]string{"email": "not-an-email"})
	require.Equal(t, http.StatusBadRequest, res.status)
	require.Equal(t, "Please enter a valid email address", res.fieldErrors(t)["email"])

	var stored string
	require.NoError(t, s.pool.QueryRow(context.Background(), "SELECT email FROM waitlist_entries").Scan(&stored))
	require.Equal(t, "fan@example.com", stored)
}

func TestContactMessageIsStored(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c := s.newClient(t)

	res := c.do("POST", "/api/contact", map[string]string{"name": "Pat", "email": "pat@example.com", "subject": "Hello", "message": "  Can grandparents join?  "})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	var name, message string
	require.NoError(t, s.pool.QueryRow(context.Background(), "SELECT name, message FROM contact_messages").Scan(&name, &message))
	require.Equal(t, "Pat", name)
	require.Equal(t, "Can grandparents join?", message)
	var emails, jobs int
	require.NoError(t, s.pool.QueryRow(context.Background(), "SELECT (SELECT count(*) FROM outbound_emails), (SELECT count(*) FROM river_job)").Scan(&emails, &jobs))
	require.Zero(t, emails, "no SUPPORT_EMAIL: the message is only listed for operators, never e-mailed")
	require.Zero(t, jobs)

	res = c.do("POST", "/api/contact", map[string]string{"name": "", "email": "x", "subject": "", "message": ""})
	require.Equal(t, http.StatusBadRequest, res.status)
	require.Equal(t, map[string]any{
		"name": "Your Name is required", "email": "Please enter a valid email address",
		"subject": "Subject is required", "message": "Message is required",
	}, res.fieldErrors(t))
}

func TestHealthAndReadiness(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c := s.newClient(t)
	require.Equal(t, http.StatusOK, c.do("GET", "/healthz", nil).status)
	require.Equal(t, http.StatusOK, c.do("GET", "/readyz", nil).status)

	s.pool.Close()
	require.Equal(t, http.StatusOK, c.do("GET", "/healthz", nil).status, "the process is still up")
	res := c.do("GET", "/readyz", nil)
	require.Equal(t, http.StatusServiceUnavailable, res.status)
	require.Equal(t, "Database unavailable", res.message(t))
}

func TestWebAppAndUnknownPaths(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c := s.newClient(t)

	_, err := fs.Stat(web.Dist(), "index.html")
	if err != nil {
		for _, path := range []string{"/", "/dashboard", "/no/such/page"} {
			res := c.do("GET", path, nil)
			require.Equal(t, http.StatusServiceUnavailable, res.status, path)
			require.Contains(t, string(res.body), "make run", path)
		}
	} else {
		routes, err := web.Routes()
		require.NoError(t, err)
		require.Contains(t, routes, "/journal", "the build writes the app's routes to dist/routes.json")
		for _, path := range []string{"/", "/dashboard", "/no/such/page"} {
			res := c.do("GET", path, nil)
			require.Equal(t, "nosniff", res.header.Get("X-Content-Type-Options"))
			require.Contains(t, string(res.body), `<div id="root"`, path)
			require.Equal(t, "no-cache", res.header.Get("Cache-Control"))
		}
	}
	res := c.do("GET", "/api/no-such-endpoint", nil)
	require.Equal(t, http.StatusNotFound, res.status)
	require.Equal(t, "Not found", res.message(t))
	require.Contains(t, res.header.Get("Content-Type"), "application/json")
	res = c.do("DELETE", "/api/waitlist", nil)
	require.Contains(t, []int{http.StatusNotFound, http.StatusMethodNotAllowed}, res.status)
	require.NotEmpty(t, res.message(t))
}

// TestEveryAppRouteLoadsAndOthersAre404: a direct load of each of the app's pages answers 200, any
// other path 404 with the app (which shows its not-found page), so a mistyped address is not a page
// to browsers and crawlers (issue 33).
func TestEveryAppRouteLoadsAndOthersAre404(t *testing.T) {
	t.Parallel()
	if _, err := fs.Stat(web.Dist(), "index.html"); err != nil {
		t.Fatal("the web app is not built: run `make build` first (TestWebAppAndUnknownPaths covers the unbuilt api)")
	}
	routes, err := web.Routes()
	require.NoError(t, err)
	require.Greater(t, len(routes), 20, "dist/routes.json holds the app's routes")

	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	s.makeOperator(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	achievement := owner.do("POST", fmt.Sprintf("/api/athletes/%d/achievements", athlete), map[string]any{"title": "All-State", "category": "award", "onShowcase": true}).json(t)
	res := owner.do("PUT", fmt.Sprintf("/api/athletes/%d/showcase", athlete), map[string]any{"slug": "jordan-lee", "published": true})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	college := owner.do("POST", fmt.Sprintf("/api/athletes/%d/college-interests", athlete), map[string]any{"name": "State University"}).json(t)
	link := owner.do("POST", fmt.Sprintf("/api/college-interests/%v/links", college["id"]), map[string]any{"coachName": "Coach Diaz"}).json(t)
	// A parameter stands for whatever the page reads it as; the public pages need a published one, a
	// coach's page a live link.
	values := map[string]string{":slug": "jordan-lee", ":achievementId": fmt.Sprint(achievement["id"]), ":code": fmt.Sprint(link["code"])}

	for _, route := range routes {
		segments := strings.Split(route, "/")
		for i, segment := range segments {
			if strings.HasPrefix(segment, ":") {
				segments[i] = cmp.Or(values[segment], "Abc_123-x")
			}
		}
		path := strings.Join(segments, "/")
		res := owner.do("GET", path, nil)
		require.Equal(t, http.StatusOK, res.status, "%s (%s)", path, route)
		require.Contains(t, string(res.body), `<div id="root"`, path)
	}
	// As React Router matches: without regard to case, a trailing slash ignored.
	for _, path := range []string{"/Journal", "/journal/", "/share/abc/"} {
		require.Equal(t, http.StatusOK, owner.do("GET", path, nil).status, path)
	}

	visitor := s.newClient(t)
	for _, path := range []string{"/no-such-page", "/no/such/page", "/journals", "/share", "/share/abc/def", "/dashboard/x", "/index.html", "/terms.html"} {
		res := visitor.do("GET", path, nil)
		require.Equal(t, http.StatusNotFound, res.status, path)
		require.Contains(t, res.header.Get("Content-Type"), "text/html", path)
		require.Contains(t, string(res.body), `<div id="root"`, "%s: the app, which shows its not-found page", path)
		require.Equal(t, http.StatusNotFound, visitor.do("HEAD", path, nil).status, "HEAD "+path)
	}
	require.Equal(t, http.StatusOK, visitor.do("HEAD", "/terms", nil).status)
	require.Equal(t, http.StatusNotFound, visitor.do("GET", "/a/no-such-athlete", nil).status)

	res = visitor.do("GET", "/api/no-such-endpoint", nil)
	require.Equal(t, http.StatusNotFound, res.status)
	require.Contains(t, res.header.Get("Content-Type"), "application/json")
	require.Equal(t, "Not found", res.message(t))
}

// The build's compressed copies of the app's scripts and styles are what a browser that takes them
// is sent (issue 34): brotli, else gzip, else the file as built; each answer says it varies by
// Accept-Encoding, and the compressed bytes are exactly the file's.
func TestAssetsAreSentPrecompressed(t *testing.T) {
	t.Parallel()
	dist := web.Dist()
	if _, err := fs.Stat(dist, "index.html"); err != nil {
		t.Fatal("the web app is not built: run `make build` first")
	}
	scripts, err := fs.Glob(dist, "assets/index-*.js")
	require.NoError(t, err)
	require.NotEmpty(t, scripts, "the app's entry script")
	script := scripts[0]
	raw, err := fs.ReadFile(dist, script)
	require.NoError(t, err)
	brotli, err := fs.ReadFile(dist, script+".br")
	require.NoError(t, err, "the build writes a brotli copy")
	require.Less(t, len(brotli), len(raw)/2)

	s := newTestServer(t)
	c := s.newClient(t)
	get := func(acceptEncoding string, headers ...string) response {
		t.Helper()
		res := c.do("GET", "/"+script, nil, append([]string{"Accept-Encoding", acceptEncoding}, headers...)...)
		require.Contains(t, res.header.Values("Vary"), "Accept-Encoding")
		require.Contains(t, res.header.Get("Content-Type"), "javascript")
		return res
	}

	res := get("gzip, deflate, br, zstd")
	require.Equal(t, http.StatusOK, res.status)
	require.Equal(t, "br", res.header.Get("Content-Encoding"))
	require.Equal(t, brotli, res.body)

	for _, accept := range []string{"gzip", "br;q=0, gzip;q=0.8", "GZIP"} {
		res = get(accept)
		require.Equal(t, "gzip", res.header.Get("Content-Encoding"), accept)
		unzipped, err := gzip.NewReader(bytes.NewReader(res.body))
		require.NoError(t, err)
		plain, err := io.ReadAll(unzipped)
		require.NoError(t, err)
		require.Equal(t, raw, plain, accept)
	}

	for _, accept := range []string{"", "identity", "gzip;q=0, br;q=0.000"} {
		res = get(accept)
		require.Empty(t, res.header.Get("Content-Encoding"), accept)
		require.Equal(t, raw, res.body, accept)
	}

	// A range is of the bytes sent.
	res = get("br", "Range", "bytes=0-99")
	require.Equal(t, http.StatusPartialContent, res.status)
	require.Equal(t, brotli[:100], res.body)
}

func TestAcceptsEncoding(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		header, encoding string
		want             bool
	}{
		{"gzip, deflate, br", "br", true},
		{"gzip, deflate", "br", false},
		{"br;q=0.5", "br", true},
		{"br; q=0", "br", false},
		{"br;q=0.0", "br", false},
		{"*", "gzip", true},
		{"*;q=0", "gzip", false},
		{"", "gzip", false},
		{"x-gzip", "gzip", false},
	} {
		require.Equal(t, tc.want, acceptsEncoding(tc.header, tc.encoding), "%q %s", tc.header, tc.encoding)
	}
}
