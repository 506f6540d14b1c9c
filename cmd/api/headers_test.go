package main

import (
	"crypto/sha256"
	"encoding/base64"
	"io/fs"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"legacylocker/web"
)

// TestColorSchemeScriptIsAllowedByItsHash: index.html's one inline script, as the api serves it, is
// the one the policy allows: edited without its hash, browsers would refuse to run it.
func TestColorSchemeScriptIsAllowedByItsHash(t *testing.T) {
	t.Parallel()
	index, err := fs.ReadFile(web.Dist(), "index.html")
	require.NoError(t, err, "the web app is not built: run `make build` first")
	inline := regexp.MustCompile(`(?s)<script>(.*?)</script>`).FindAllSubmatch(index, -1)
	require.Len(t, inline, 1, "one inline script, the colour scheme's")
	sum := sha256.Sum256(inline[0][1])
	require.Equal(t, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'", colorSchemeScriptHash)
	require.Contains(t, string(inline[0][1]), "data-mantine-color-scheme")
}

// TestContentSecurityPolicy: the app runs only its own scripts, and a stored file opened on its
// own is a sandboxed document.
func TestContentSecurityPolicy(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	for _, path := range []string{"/", "/api/user", "/journal"} {
		policy := c.do("GET", path, nil).header.Get("Content-Security-Policy")
		require.Contains(t, policy, "script-src 'self' "+colorSchemeScriptHash+";", path, "our own files and the one inline script")
		require.Contains(t, policy, "object-src 'self'", path, "only our own files embed (the PDF preview)")
		require.Contains(t, policy, "frame-ancestors 'none'", path)
		require.NotContains(t, policy, "unsafe-eval", path)
	}
	photo := uploadPhoto(t, c, createAthlete(t, c), testPNG(t))
	res := c.do("GET", photo.MediaURL, nil)
	require.Equal(t, http.StatusOK, res.status)
	require.True(t, strings.HasPrefix(res.header.Get("Content-Security-Policy"), "sandbox;"), res.header.Get("Content-Security-Policy"))
}
