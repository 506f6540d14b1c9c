package main

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"legacylocker/store/storetest"
)

// TestMigrateCommandOnEmptyDatabase runs `api migrate` twice at once on a database with no schema,
// as two api processes starting together would, then once more.
func TestMigrateCommandOnEmptyDatabase(t *testing.T) {
	url := storetest.NewEmptyDatabase(t)
	t.Setenv("DATABASE_URL", url)
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))

	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Go(func() { errs[i] = run(logger, []string{"migrate"}) })
	}
	wg.Wait()
	require.NoError(t, errs[0])
	require.NoError(t, errs[1])
	require.NoError(t, run(logger, []string{"migrate"}), "migrating an up-to-date database is a no-op")

	pool, err := pgxpool.New(context.Background(), url)
	require.NoError(t, err)
	defer pool.Close()
	var tables int
	require.NoError(t, pool.QueryRow(context.Background(), `SELECT count(*) FROM information_schema.tables
		WHERE table_schema = 'public' AND table_name IN ('users', 'sessions', 'athletes', 'river_job', 'goose_db_version')`).Scan(&tables))
	require.Equal(t, 5, tables)
	var demo string
	require.NoError(t, pool.QueryRow(context.Background(), "SELECT name FROM athletes WHERE is_demo").Scan(&demo))
	require.Equal(t, "Jordan Rivera", demo)

	require.ErrorContains(t, run(logger, []string{"frobnicate"}), `unknown command "frobnicate"`)
}

func TestAPIConfigReadsEveryVariable(t *testing.T) {
	t.Setenv("PORT", "9999")
	t.Setenv("APP_URL", "https://legacylocker.example")
	t.Setenv("COOKIE_SECURE", "true")
	t.Setenv("MEDIA_DIR", "/srv/media")
	t.Setenv("MEDIA_MAX_FILE_MB", "100")
	t.Setenv("STORAGE_QUOTA_MB", "2048")
	t.Setenv("LOGIN_RATE_LIMIT_PER_IP", "7")
	cfg, err := loadConfig()
	require.NoError(t, err)
	require.Equal(t, 9999, cfg.port)
	require.Equal(t, "https://legacylocker.example", cfg.appURL)
	require.True(t, cfg.cookieSecure)
	require.Equal(t, mediaConfig{dir: "/srv/media", maxFileBytes: 100 << 20, quotaBytes: 2048 << 20}, cfg.media)
	require.Equal(t, 7, cfg.limits.loginPerIP)

	t.Setenv("MEDIA_MAX_FILE_MB", "lots")
	_, err = loadConfig()
	require.ErrorContains(t, err, "MEDIA_MAX_FILE_MB must be an integer")
}
