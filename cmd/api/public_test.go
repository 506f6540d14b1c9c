package main

import (
	"context"
	"io/fs"
	"net/http"
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
	built := err == nil
	for _, path := range []string{"/", "/dashboard", "/no/such/page"} {
		res := c.do("GET", path, nil)
		require.Equal(t, "nosniff", res.header.Get("X-Content-Type-Options"))
		if built {
			require.Equal(t, http.StatusOK, res.status, path)
			require.Contains(t, string(res.body), `<div id="root">`, path)
			require.Equal(t, "no-cache", res.header.Get("Cache-Control"))
		} else {
			require.Equal(t, http.StatusServiceUnavailable, res.status, path)
			require.Contains(t, string(res.body), "make run", path)
		}
	}
	res := c.do("GET", "/api/no-such-endpoint", nil)
	require.Equal(t, http.StatusNotFound, res.status)
	require.Equal(t, "Not found", res.message(t))
	res = c.do("DELETE", "/api/waitlist", nil)
	require.Contains(t, []int{http.StatusNotFound, http.StatusMethodNotAllowed}, res.status)
	require.NotEmpty(t, res.message(t))
}
