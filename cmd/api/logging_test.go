package main

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"legacylocker/store/storetest"
)

// lockedBuffer is a log destination the server's goroutines may write to while the test reads it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestAccessLogKeepsSecretsOut: the request log names route patterns and the status the client
// got, never the invitation token or share code in the path.
func TestAccessLogKeepsSecretsOut(t *testing.T) {
	t.Parallel()
	var logs lockedBuffer
	cfg := testConfig()
	cfg.media.dir = t.TempDir()
	app, err := newApplication(cfg, slog.New(slog.NewTextHandler(&logs, nil)), storetest.NewPool(t))
	require.NoError(t, err)
	srv := httptest.NewServer(app.routes())
	t.Cleanup(srv.Close)
	s := &testServer{Server: srv, pool: app.pool, app: app}

	const token, code = "secret-invitation-token-abcdefghijkl", "secretShareCode42"
	visitor := s.newClient(t)
	require.Equal(t, http.StatusNotFound, visitor.do("GET", "/api/invitations/"+token, nil).status)
	require.Equal(t, http.StatusNotFound, visitor.do("GET", "/api/share/"+code, nil).status)

	require.NotContains(t, logs.String(), token)
	require.NotContains(t, logs.String(), code)
	require.Contains(t, logs.String(), "route=/api/invitations/:token status=404")
	require.Contains(t, logs.String(), "route=/api/share/:code status=404")
}

// TestRequestIDs: every answer carries an X-Request-Id, the client's own when it sent a sensible
// one, and the request's log lines carry the same id.
func TestRequestIDs(t *testing.T) {
	t.Parallel()
	var logs lockedBuffer
	cfg := testConfig()
	cfg.media.dir = t.TempDir()
	app, err := newApplication(cfg, slog.New(slog.NewTextHandler(&logs, nil)), storetest.NewPool(t))
	require.NoError(t, err)
	srv := httptest.NewServer(app.routes())
	t.Cleanup(srv.Close)
	c := (&testServer{Server: srv, pool: app.pool, app: app}).newClient(t)

	res := c.do("GET", "/api/user", nil, "X-Request-Id", "lb-7f3a.42")
	require.Equal(t, http.StatusUnauthorized, res.status)
	require.Equal(t, "lb-7f3a.42", res.header.Get("X-Request-Id"))
	require.Contains(t, logs.String(), "route=/api/user status=401")
	require.Contains(t, logs.String(), "request_id=lb-7f3a.42")

	generated := c.do("GET", "/healthz", nil).header.Get("X-Request-Id")
	require.Regexp(t, `^[0-9a-f]{24}$`, generated)
	forged := c.do("GET", "/api/user", nil, "X-Request-Id", "x\" status=200 evil=\"1").header.Get("X-Request-Id")
	require.Regexp(t, `^[0-9a-f]{24}$`, forged, "an id that could forge a log line is replaced")
	require.NotEqual(t, generated, forged)
}
