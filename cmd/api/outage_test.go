package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"legacylocker/migrations"
	"legacylocker/store/storetest"
)

// TestDatabaseOutage stops the api's own Postgres under it while a family keeps using it: every
// request that needs the database answers 503 JSON quickly (none hangs, none is a text/plain 500),
// healthz stays up and readyz says 503; when Postgres is back, the same session works again
// without a restart.
func TestDatabaseOutage(t *testing.T) {
	t.Parallel()
	cluster := storetest.StartCluster(t)
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, cluster.URL("postgres"))
	require.NoError(t, err)
	_, err = admin.Exec(ctx, "CREATE DATABASE legacylocker")
	require.NoError(t, err)
	require.NoError(t, admin.Close(ctx))
	pool, err := pgxpool.New(ctx, cluster.URL("legacylocker"))
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	require.NoError(t, migrations.Apply(ctx, pool, logger))
	cfg := testConfig()
	cfg.media = mediaConfig{dir: t.TempDir(), maxFileBytes: 50 << 20, quotaBytes: 500 << 20}
	app, err := newApplication(cfg, logger, pool)
	require.NoError(t, err)
	srv := httptest.NewServer(app.routes())
	t.Cleanup(srv.Close)
	s := &testServer{Server: srv, pool: pool, app: app}

	family, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, family)
	require.Equal(t, http.StatusOK, family.do("GET", "/api/user", nil).status)

	cluster.Stop(t)
	requests := []struct{ method, path string }{
		{"GET", "/api/user"}, {"GET", "/api/athletes"}, {"GET", "/api/athletes/" + itoa(athlete) + "/journal"},
		{"POST", "/api/logout"}, {"GET", "/readyz"},
	}
	for _, r := range requests {
		start := time.Now()
		res := family.do(r.method, r.path, nil)
		require.Equal(t, http.StatusServiceUnavailable, res.status, "%s %s while Postgres is down: %s", r.method, r.path, res.body)
		require.Equal(t, "application/json", res.header.Get("Content-Type"), "%s %s", r.method, r.path)
		require.NotEmpty(t, res.message(t))
		require.Less(t, time.Since(start), 5*time.Second, "%s %s answers quickly", r.method, r.path)
	}
	visitor := s.newClient(t)
	res := visitor.do("POST", "/api/login", map[string]string{"email": "ana@example.com", "password": goodPassword})
	require.Equal(t, http.StatusServiceUnavailable, res.status, string(res.body))
	require.Equal(t, http.StatusOK, visitor.do("GET", "/healthz", nil).status, "the process is alive")

	cluster.Start(t)
	require.Eventually(t, func() bool { return family.do("GET", "/readyz", nil).status == http.StatusOK }, 30*time.Second, 100*time.Millisecond)
	require.Equal(t, http.StatusOK, family.do("GET", "/api/user", nil).status, "the session outlived the outage")
	require.Equal(t, http.StatusOK, family.do("GET", "/api/athletes/"+itoa(athlete)+"/journal", nil).status)
}

func itoa(id int64) string { return strconv.FormatInt(id, 10) }
