package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stretchr/testify/require"

	"legacylocker/integrations/statsproviders"
	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/media/s3test"
	"legacylocker/store/storetest"
)

// TestBackupAndRestoreEverything fills every area through the api and the workers, runs `api backup
// now`, then `api restore --latest` into an empty database and an empty storage, and compares every
// table's rows and every file's bytes with the original (the export archive aside: it is not backed
// up). Once with a directory as storage and backup target, once with S3 (versitygw) as both. The
// commands read their configuration from the environment, so the two run one after the other.
func TestBackupAndRestoreEverything(t *testing.T) {
	t.Run("directory", func(t *testing.T) {
		s := newTestServer(t)
		restoredDir := t.TempDir()
		backupAndRestore(t, s,
			[]string{"STORAGE=local", "MEDIA_DIR=" + s.app.cfg.media.dir, "BACKUP_DIR=" + t.TempDir()},
			[]string{"STORAGE=local", "MEDIA_DIR=" + restoredDir})
	})
	t.Run("S3 as storage and as backup target", func(t *testing.T) {
		srv := s3test.Start(t)
		s := newTestServer(t, func(c *config) {
			c.media.kind = "s3"
			c.media.s3 = media.S3Config{Endpoint: srv.Endpoint, Bucket: srv.Bucket, AccessKey: srv.AccessKey, SecretKey: srv.SecretKey, Region: srv.Region}
		})
		backupEnv := []string{"BACKUP_S3_ENDPOINT=" + srv.Endpoint, "BACKUP_S3_BUCKET=legacy-backups",
			"BACKUP_S3_ACCESS_KEY=" + srv.AccessKey, "BACKUP_S3_SECRET_KEY=" + srv.SecretKey}
		backupAndRestore(t, s, append(srv.Env(), backupEnv...), append(srv.Env(), "S3_BUCKET=legacy-restored"))
	})
}

// backupAndRestore fills s, backs it up with env, and restores it with restoreEnv (the storage to
// fill) into a new empty database.
func backupAndRestore(t *testing.T, s *testServer, env, restoreEnv []string) {
	ctx := context.Background()
	owner, _ := s.registered(t, "owner@example.com")
	athlete := seedLegacy(t, s, owner).athlete
	require.Equal(t, http.StatusAccepted, owner.do("POST", fmt.Sprintf("/api/athletes/%d/qr-codes", athlete),
		map[string]string{"targetUrl": "https://example.com/jordan"}).status)
	workers := startTestWorkers(t, s)
	require.Equal(t, http.StatusAccepted, owner.do("POST", fmt.Sprintf("/api/athletes/%d/exports", athlete), nil).status)
	waitExport(t, owner, athlete)
	waitJobsDone(t, s)
	require.NoError(t, workers.Stop(ctx))

	sourceURL := s.pool.Config().ConnString()
	cli := func(env []string, args ...string) error {
		t.Helper()
		for _, kv := range env {
			name, value, _ := strings.Cut(kv, "=")
			t.Setenv(name, value)
		}
		return run(ctx, slog.New(slog.NewTextHandler(io.Discard, nil)), args)
	}
	require.NoError(t, cli(append(env, "DATABASE_URL="+sourceURL), "backup", "now"))
	wantRows := tableDigests(t, sourceURL)
	wantFiles := fileSums(t, s.app.storage)
	var archives int
	for key := range wantFiles {
		if strings.HasPrefix(key, "export-") {
			delete(wantFiles, key)
			archives++
		}
	}
	require.Equal(t, 1, archives, "the export archive was made (and is left out of the backup)")
	for _, kind := range []string{"-thumb.", "-feed.", "-story.", ".csv", ".png"} {
		require.True(t, hasKeyLike(wantFiles, kind), "the fixture has a %s file", kind)
	}

	restoredURL := storetest.NewEmptyDatabase(t)
	restoreEnv = append(append(env, restoreEnv...), "DATABASE_URL="+restoredURL)
	require.NoError(t, cli(restoreEnv, "restore", "--latest"))
	require.Equal(t, wantRows, tableDigests(t, restoredURL), "every table's rows are as they were")
	cfg, err := loadConfig()
	require.NoError(t, err)
	restored, err := media.OpenStorage(ctx, media.StorageConfig{Kind: cfg.media.kind, LocalDir: cfg.media.dir, S3: cfg.media.s3})
	require.NoError(t, err)
	require.Equal(t, wantFiles, fileSums(t, restored), "every file is as it was")

	require.ErrorContains(t, cli(restoreEnv, "restore", "--latest"), "is not empty", "a filled database is not overwritten")
	require.NoError(t, cli(restoreEnv, "restore", "--latest", "--force"))
	require.Equal(t, wantRows, tableDigests(t, restoredURL))
	require.ErrorContains(t, cli(restoreEnv, "restore", "--id", "19990101T000000.000Z"), "no backup")
}

// startTestWorkers runs the workers until Stop: River's own bookkeeping (queue heartbeats) must be
// still while rows are compared.
func startTestWorkers(t *testing.T, s *testServer) *river.Client[pgx.Tx] {
	t.Helper()
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	client, err := river.NewClient(riverpgxv5.New(s.pool), &river.Config{
		Queues: map[string]river.QueueConfig{jobs.QueueDefault: {MaxWorkers: 2}, jobs.QueueMedia: {MaxWorkers: 1}},
		Workers: jobs.Workers(jobs.Dependencies{Pool: s.pool, Storage: s.app.storage, Logger: quiet,
			AppURL: s.app.cfg.appURL, StatsProviders: statsproviders.Default()}),
		Logger: quiet, FetchPollInterval: 100 * time.Millisecond,
	})
	require.NoError(t, err)
	require.NoError(t, client.Start(context.Background()))
	t.Cleanup(func() { _ = client.Stop(context.Background()) })
	return client
}

func hasKeyLike(files map[string]string, part string) bool {
	for key := range files {
		if strings.Contains(key, part) {
			return true
		}
	}
	return false
}

// tableDigests answers, for every table but backup_runs (the instance's own log, left out of
// dumps), its row count and a digest of all its rows.
func tableDigests(t *testing.T, url string) map[string]string {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	require.NoError(t, err)
	defer conn.Close(ctx)
	rows, err := conn.Query(ctx, `SELECT quote_ident(table_name) FROM information_schema.tables
		WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'backup_runs'`)
	require.NoError(t, err)
	tables, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	require.Greater(t, len(tables), 30)
	out := map[string]string{}
	for _, table := range tables {
		var n int64
		var digest string
		require.NoError(t, conn.QueryRow(ctx, fmt.Sprintf(
			`SELECT count(*), coalesce(md5(string_agg(t::text, E'\n' ORDER BY t::text)), '') FROM %s t`, table)).Scan(&n, &digest))
		out[table] = fmt.Sprintf("%d rows %s", n, digest)
	}
	return out
}

// fileSums answers every stored file's SHA-256.
func fileSums(t *testing.T, storage media.Storage) map[string]string {
	t.Helper()
	ctx := context.Background()
	out := map[string]string{}
	require.NoError(t, storage.(media.Lister).List(ctx, func(key string, _ int64) error {
		f, err := storage.Open(ctx, key)
		if err != nil {
			return err
		}
		defer f.Close()
		h := sha256.New()
		if _, err := io.Copy(h, f); err != nil {
			return err
		}
		out[key] = hex.EncodeToString(h.Sum(nil))
		return nil
	}))
	return out
}
