package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/cookiejar"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"legacylocker/billing"
	"legacylocker/media"
	"legacylocker/store/backup"
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
		wg.Go(func() { errs[i] = run(context.Background(), logger, []string{"migrate"}) })
	}
	wg.Wait()
	require.NoError(t, errs[0])
	require.NoError(t, errs[1])
	require.NoError(t, run(context.Background(), logger, []string{"migrate"}), "migrating an up-to-date database is a no-op")

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

	require.ErrorContains(t, run(context.Background(), logger, []string{"frobnicate"}), `unknown command "frobnicate"`)
}

func TestAPIConfigReadsEveryVariable(t *testing.T) {
	t.Setenv("PORT", "9999")
	t.Setenv("APP_URL", "https://legacylocker.example")
	t.Setenv("COOKIE_SECURE", "true")
	t.Setenv("MEDIA_DIR", "/srv/media")
	t.Setenv("MEDIA_MAX_FILE_MB", "100")
	t.Setenv("STORAGE_QUOTA_MB", "2048")
	t.Setenv("LOGIN_RATE_LIMIT_PER_IP", "7")
	t.Setenv("SHUTDOWN_TIMEOUT", "45s")
	t.Setenv("OPERATOR_EMAILS", " ops@example.com, ,Lead@Example.com ")
	t.Setenv("METRICS_ADDR", "10.0.0.5:9100")
	t.Setenv("STORAGE", "s3")
	t.Setenv("S3_ENDPOINT", "s3.example:9000")
	t.Setenv("S3_ACCESS_KEY", "ak")
	t.Setenv("S3_SECRET_KEY", "sk")
	t.Setenv("S3_USE_SSL", "true")
	t.Setenv("STRIPE_SECRET_KEY", "sk_live_x")
	t.Setenv("STRIPE_WEBHOOK_SECRET", "whsec_x")
	t.Setenv("STRIPE_PRICE_PREMIUM", "price_123")
	t.Setenv("QR_SCAN_RATE_LIMIT_PER_IP", "50")
	t.Setenv("TEMP_SWEEP_EVERY", "")
	t.Setenv("OPENAI_API_KEY", "")
	cfg, err := loadConfig()
	require.NoError(t, err)
	require.False(t, cfg.aiService, "no key: the writing dialog says AI is not set up")
	t.Setenv("OPENAI_API_KEY", "sk-test")
	cfg, err = loadConfig()
	require.NoError(t, err)
	require.Equal(t, 9999, cfg.port)
	require.Equal(t, "https://legacylocker.example", cfg.appURL)
	require.True(t, cfg.cookieSecure)
	require.Equal(t, mediaConfig{kind: "s3", dir: "/srv/media", maxFileBytes: 100 << 20, quotaBytes: 2048 << 20,
		s3: media.S3Config{Endpoint: "s3.example:9000", Bucket: "legacylocker", AccessKey: "ak", SecretKey: "sk", Region: "us-east-1", UseSSL: true}}, cfg.media)
	require.Equal(t, "sk_live_x", cfg.billing.SecretKey)
	require.Equal(t, "whsec_x", cfg.billing.WebhookSecret)
	require.Equal(t, "price_123", cfg.billing.Prices[billing.Premium])
	require.Equal(t, 50, cfg.limits.qrScansPerIP)
	require.Equal(t, 7, cfg.limits.loginPerIP)
	require.Equal(t, 45*time.Second, cfg.shutdownTimeout)
	require.Equal(t, []string{"ops@example.com", "Lead@Example.com"}, cfg.operatorEmails)
	require.Equal(t, "10.0.0.5:9100", cfg.metricsAddr)
	require.Equal(t, time.Minute, cfg.sweepEvery, "temporary files are swept every minute by default")
	require.Equal(t, 30*time.Second, cfg.workerDeadAfter)
	require.True(t, cfg.isBootstrapOperator("lead@example.com"))
	require.True(t, cfg.aiService)
	require.Empty(t, cfg.supportEmail, "no SUPPORT_EMAIL: contact messages are only listed on /ops")

	require.Equal(t, backup.Config{Schedule: "0 3 * * *", DrillSchedule: "0 5 * * *", Keep: 14, KeepDeleted: 30 * 24 * time.Hour,
		DrillSample: 20, Dir: ".data/backups", S3: media.S3Config{Bucket: "legacylocker-backups", Region: "us-east-1"}}, cfg.backup,
		"backups are on by default, nightly, into .data/backups")
	t.Setenv("BACKUP_SCHEDULE", "CRON_TZ=America/Chicago 30 2 * * 1-5")
	t.Setenv("BACKUP_DRILL_SCHEDULE", "off")
	t.Setenv("BACKUP_KEEP", "30")
	t.Setenv("BACKUP_KEEP_DELETED_DAYS", "7")
	t.Setenv("BACKUP_S3_ENDPOINT", "backups.example:9000")
	t.Setenv("BACKUP_S3_BUCKET", "ll-backups")
	t.Setenv("BACKUP_PG_BIN", "/opt/pg17/bin")
	cfg, err = loadConfig()
	require.NoError(t, err)
	require.Equal(t, "CRON_TZ=America/Chicago 30 2 * * 1-5", cfg.backup.Schedule)
	require.Equal(t, 30, cfg.backup.Keep)
	require.Equal(t, 7*24*time.Hour, cfg.backup.KeepDeleted)
	require.Equal(t, "bucket ll-backups at backups.example:9000", cfg.backup.Where())
	require.Equal(t, "/opt/pg17/bin", cfg.backup.PGBin)
	t.Setenv("TEMP_SWEEP_EVERY", "10s")
	t.Setenv("WORKER_DEAD_AFTER", "1m")
	cfg, err = loadConfig()
	require.NoError(t, err)
	require.Equal(t, 10*time.Second, cfg.sweepEvery)
	require.Equal(t, time.Minute, cfg.workerDeadAfter)
	t.Setenv("SUPPORT_EMAIL", " help@legacylocker.example ")
	cfg, err = loadConfig()
	require.NoError(t, err)
	require.Equal(t, "help@legacylocker.example", cfg.supportEmail)
	for _, bad := range []string{"help at legacylocker", "Help <help@legacylocker.example>", "a@example.com, b@example.com"} {
		t.Setenv("SUPPORT_EMAIL", bad)
		_, err = loadConfig()
		require.ErrorContains(t, err, "SUPPORT_EMAIL must be one e-mail address", bad)
	}
	t.Setenv("SUPPORT_EMAIL", "")
	t.Setenv("BACKUP_SCHEDULE", "every night")
	_, err = loadConfig()
	require.ErrorContains(t, err, "BACKUP_SCHEDULE: a cron expression")

	t.Setenv("MEDIA_MAX_FILE_MB", "lots")
	_, err = loadConfig()
	require.ErrorContains(t, err, "MEDIA_MAX_FILE_MB must be an integer")
}

// TestShutdownMidUploadLeavesNoPartialFile: SIGTERM while a family's upload is still arriving; when
// the grace period ends the upload is cancelled and what it had written is removed before the
// process exits (not left for a sweep hours later).
func TestShutdownMidUploadLeavesNoPartialFile(t *testing.T) {
	mediaDir := t.TempDir()
	port := freeTCPPort(t)
	t.Setenv("DATABASE_URL", storetest.NewDatabase(t))
	t.Setenv("PORT", strconv.Itoa(port))
	t.Setenv("MEDIA_DIR", mediaDir)
	t.Setenv("SHUTDOWN_TIMEOUT", "500ms")
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, slog.New(slog.NewTextHandler(io.Discard, nil)), nil) }()
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	require.Eventually(t, func() bool {
		res, err := http.Get(base + "/healthz")
		if err == nil {
			res.Body.Close()
		}
		return err == nil && res.StatusCode == http.StatusOK
	}, 10*time.Second, 20*time.Millisecond)

	c := &client{t: t, base: base, http: &http.Client{Jar: mustJar(t)}}
	res := c.do("POST", "/api/register", map[string]string{"firstName": "Ana", "lastName": "Lee", "email": "ana@example.com", "password": goodPassword})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	athlete := createAthlete(t, c)

	// The upload sends its first 4 MB and then stalls, as a phone losing signal would.
	body, writer := io.Pipe()
	form := multipart.NewWriter(writer)
	go func() {
		_ = form.WriteField("title", "Whole game")
		part, _ := form.CreateFormFile("file", "game.png")
		_, _ = part.Write(testPNG(t))
		_, _ = part.Write(make([]byte, 4<<20))
	}()
	req, err := http.NewRequest("POST", fmt.Sprintf("%s/api/athletes/%d/media", base, athlete), body)
	require.NoError(t, err)
	req.Header.Set("Content-Type", form.FormDataContentType())
	go func() {
		if res, err := c.http.Do(req); err == nil {
			res.Body.Close()
		}
	}()
	require.Eventually(t, func() bool { return len(tempFiles(t, mediaDir)) == 1 }, 10*time.Second, 20*time.Millisecond, "the upload is being written")

	stop() // SIGTERM
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		t.Fatal("the api did not stop")
	}
	_ = writer.Close()
	require.Empty(t, tempFiles(t, mediaDir), "the cut-off upload's partial file is gone")
}

func tempFiles(t *testing.T, dir string) []string {
	t.Helper()
	matches, err := filepath.Glob(filepath.Join(dir, ".tmp-*"))
	require.NoError(t, err)
	return matches
}

func freeTCPPort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func mustJar(t *testing.T) http.CookieJar {
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	return jar
}
