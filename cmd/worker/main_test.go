package main

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stretchr/testify/require"

	"legacylocker/integrations/mail"
	"legacylocker/integrations/mail/mailtest"
	"legacylocker/jobs"
	"legacylocker/store"
	"legacylocker/store/storetest"
)

// syncBuffer is a log sink safe for the worker's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestWorkerDeliversAndStopsCleanly runs the worker as main does, against an empty database it
// migrates itself, delivers a queued e-mail over SMTP, then stops on cancellation (SIGTERM).
func TestWorkerDeliversAndStopsCleanly(t *testing.T) {
	url := storetest.NewEmptyDatabase(t)
	smtpServer := mailtest.Start(t)
	t.Setenv("DATABASE_URL", url)
	t.Setenv("SMTP_URL", smtpServer.URL)
	t.Setenv("MAIL_FROM", "Legacy Locker <no-reply@legacylocker.app>")
	t.Setenv("MEDIA_DIR", t.TempDir())
	metricsAddr := freeAddress(t)
	t.Setenv("METRICS_ADDR", metricsAddr)

	var logs syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, slog.New(slog.NewTextHandler(&logs, nil))) }()

	pool, err := pgxpool.New(context.Background(), url)
	require.NoError(t, err)
	defer pool.Close()
	require.Eventually(t, func() bool { return strings.Contains(logs.String(), "worker started") }, 30*time.Second, 20*time.Millisecond)

	inserter, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Workers: jobs.Workers(jobs.Dependencies{Pool: pool, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}),
	})
	require.NoError(t, err)
	require.NoError(t, store.WithTx(context.Background(), pool, func(tx pgx.Tx) error {
		_, err := jobs.QueueEmail(context.Background(), tx, inserter, "welcome", mail.Message{To: "ana@example.com", Subject: "Welcome", Body: "Hello"})
		return err
	}))
	msgs := smtpServer.WaitFor(t, 1, 20*time.Second)
	require.Equal(t, "Welcome", msgs[0].Subject)
	// The job's outcome reaches /metrics on the worker's own address, beside its health checks.
	require.Eventually(t, func() bool {
		return regexp.MustCompile(`river_jobs_worked_total\{kind="email_send",outcome="completed"\} 1`).MatchString(httpGet(t, metricsAddr, "/metrics"))
	}, 10*time.Second, 50*time.Millisecond)
	require.Contains(t, httpGet(t, metricsAddr, "/metrics"), `river_job_run_seconds_count{kind="email_send"} 1`)
	require.Equal(t, "ready\n", httpGet(t, metricsAddr, "/readyz"))

	cancel()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(40 * time.Second):
		t.Fatal("worker did not stop after cancellation")
	}
	require.Contains(t, logs.String(), "worker stopped cleanly")
}

func TestWorkerRejectsBadConfiguration(t *testing.T) {
	t.Setenv("WORKER_MEDIA_CONCURRENCY", "zero")
	t.Setenv("JOB_RESCUE_AFTER", "soon")
	err := run(context.Background(), slog.New(slog.NewTextHandler(io.Discard, nil)))
	require.ErrorContains(t, err, "WORKER_MEDIA_CONCURRENCY must be an integer")
	require.ErrorContains(t, err, "JOB_RESCUE_AFTER must be a positive duration")
}

func TestWorkerConfigReadsEveryVariable(t *testing.T) {
	t.Setenv("DATABASE_URL", "postgres://db.example/x")
	t.Setenv("APP_URL", "https://legacylocker.example")
	t.Setenv("MEDIA_DIR", "/srv/media")
	t.Setenv("OPENAI_API_KEY", "k")
	t.Setenv("OPENAI_MODEL", "m")
	t.Setenv("WORKER_MEDIA_CONCURRENCY", "3")
	t.Setenv("JOB_RESCUE_AFTER", "2m")
	cfg, err := loadConfig()
	require.NoError(t, err)
	require.Equal(t, "postgres://db.example/x", cfg.databaseURL)
	require.Equal(t, "https://legacylocker.example", cfg.appURL)
	require.Equal(t, "/srv/media", cfg.storage.LocalDir)
	require.Equal(t, "k", cfg.ai.APIKey)
	require.Equal(t, "m", cfg.ai.Model)
	require.Equal(t, 3, cfg.media.workers)
	require.Equal(t, 3, cfg.decoder.Processes, "a decoder child per media worker")
	require.Equal(t, int64(1024)<<20, cfg.decoder.Memory)
	require.Equal(t, 1, cfg.media.perOwner)
	require.Equal(t, 2*time.Millisecond, cfg.media.river().FetchCooldown)
	require.Equal(t, 2*time.Minute, cfg.rescueAfter)

	for _, name := range []string{"APP_URL", "MEDIA_DIR", "OPENAI_MODEL"} {
		t.Setenv(name, "")
	}
	cfg, err = loadConfig()
	require.NoError(t, err)
	require.Equal(t, ".data/media", cfg.storage.LocalDir)
	require.Equal(t, "local", cfg.storage.Kind)
	require.Equal(t, "gpt-4o-mini", cfg.ai.Model)
	require.Equal(t, "http://localhost:8080", cfg.appURL)
	require.Equal(t, time.Minute, cfg.jobTimeout)
	require.Equal(t, 5*time.Second, cfg.heartbeatEvery)
	require.Equal(t, 30*time.Second, cfg.deadAfter)
	require.Equal(t, time.Minute, cfg.sweepEvery)

	t.Setenv("WORKER_HEARTBEAT_EVERY", "2s")
	t.Setenv("WORKER_DEAD_AFTER", "20s")
	t.Setenv("TEMP_SWEEP_EVERY", "30s")
	cfg, err = loadConfig()
	require.NoError(t, err)
	require.Equal(t, 2*time.Second, cfg.heartbeatEvery)
	require.Equal(t, 20*time.Second, cfg.deadAfter)
	require.Equal(t, 30*time.Second, cfg.sweepEvery)
	t.Setenv("WORKER_DEAD_AFTER", "5s")
	_, err = loadConfig()
	require.ErrorContains(t, err, "WORKER_DEAD_AFTER (5s) must be at least three WORKER_HEARTBEAT_EVERY (2s)")
	t.Setenv("WORKER_DEAD_AFTER", "")

	t.Setenv("JOB_TIMEOUT", "5m")
	_, err = loadConfig()
	require.ErrorContains(t, err, "JOB_RESCUE_AFTER (2m0s) must be at least JOB_TIMEOUT (5m0s)")
}

// TestWorkerOutlivesDatabaseOutage stops the worker's Postgres under it and starts it again: the
// worker keeps running (no crash, no restart needed) and delivers an e-mail queued after the
// database came back.
func TestWorkerOutlivesDatabaseOutage(t *testing.T) {
	cluster := storetest.StartCluster(t)
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, cluster.URL("postgres"))
	require.NoError(t, err)
	_, err = admin.Exec(ctx, "CREATE DATABASE legacylocker")
	require.NoError(t, err)
	require.NoError(t, admin.Close(ctx))
	url := cluster.URL("legacylocker")
	smtpServer := mailtest.Start(t)
	t.Setenv("DATABASE_URL", url)
	t.Setenv("SMTP_URL", smtpServer.URL)
	t.Setenv("MAIL_FROM", "Legacy Locker <no-reply@legacylocker.app>")
	t.Setenv("MEDIA_DIR", t.TempDir())

	var logs syncBuffer
	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- run(runCtx, slog.New(slog.NewTextHandler(&logs, nil))) }()
	require.Eventually(t, func() bool { return strings.Contains(logs.String(), "worker started") }, 30*time.Second, 20*time.Millisecond)

	cluster.Stop(t)
	// Long enough for the worker's fetches, heartbeats and leadership to fail several times.
	select {
	case err := <-done:
		t.Fatalf("the worker exited while Postgres was down: %v\n%s", err, logs.String())
	case <-time.After(8 * time.Second):
	}
	cluster.Start(t)

	pool, err := pgxpool.New(ctx, url)
	require.NoError(t, err)
	defer pool.Close()
	inserter, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Workers: jobs.Workers(jobs.Dependencies{Pool: pool, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}),
	})
	require.NoError(t, err)
	require.NoError(t, store.WithTx(ctx, pool, func(tx pgx.Tx) error {
		_, err := jobs.QueueEmail(ctx, tx, inserter, "welcome", mail.Message{To: "ana@example.com", Subject: "After the outage", Body: "Hello"})
		return err
	}))
	msgs := smtpServer.WaitFor(t, 1, 60*time.Second)
	require.Equal(t, "After the outage", msgs[0].Subject)

	cancel()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(40 * time.Second):
		t.Fatal("worker did not stop after cancellation")
	}
}

// freeAddress is a loopback address with a port nobody listens on.
func freeAddress(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close())
	return addr
}

func httpGet(t *testing.T, addr, path string) string {
	t.Helper()
	res, err := http.Get("http://" + addr + path)
	require.NoError(t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return string(b)
}
