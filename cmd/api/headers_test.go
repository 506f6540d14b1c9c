package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestContentSecurityPolicy: the app runs only its own scripts, and a stored file opened on its
// own is a sandboxed document.
func TestContentSecurityPolicy(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	for _, path := range []string{"/", "/api/user", "/journal"} {
		policy := c.do("GET", path, nil).header.Get("Content-Security-Policy")
		require.Contains(t, policy, "script-src 'self';", path)
		require.Contains(t, policy, "object-src 'self'", path, "only our own files embed (the PDF preview)")
		require.Contains(t, policy, "frame-ancestors 'none'", path)
		require.NotContains(t, policy, "unsafe-eval", path)
	}
	photo := uploadPhoto(t, c, createAthlete(t, c), testPNG(t))
	res := c.do("GET", photo.MediaURL, nil)
	require.Equal(t, http.StatusOK, res.status)
	require.True(t, strings.HasPrefix(res.header.Get("Content-Security-Policy"), "sandbox;"), res.header.Get("Content-Security-Policy"))
}
