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
