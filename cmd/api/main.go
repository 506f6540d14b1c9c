// Command api serves the Legacy Locker HTTP API and the built web app. `api migrate` applies
// pending migrations and exits; plain `api` applies them too before it starts serving.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/alexedwards/scs/v2"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stripe/stripe-go/v85"
	"riverqueue.com/riverui"

	"legacylocker/billing"
	"legacylocker/cmd/internal/envconfig"
	"legacylocker/cmd/internal/observe"
	"legacylocker/cmd/internal/tempsweep"
	"legacylocker/integrations/statsproviders"
	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/migrations"
	"legacylocker/store/backup"
)

type config struct {
	databaseURL    string
	port           int
	appURL         string
	cookieSecure   bool
	sessionLife    time.Duration
	sessionCleanup time.Duration
	trustProxy     bool
	// shutdownTimeout is how long requests in flight (a long upload) may finish after SIGTERM
	// before they are cancelled.
	shutdownTimeout time.Duration
	limits          rateLimits
	media           mediaConfig
	// metricsAddr serves /metrics, /healthz and /readyz apart from the public port ("" for none).
	metricsAddr string
	// operatorEmails are made operators at start-up (and when they sign up): the first operator.
	operatorEmails []string
	// aiService: OPENAI_API_KEY is set, so the workers enhance entries with an AI service. The api
	// never calls the service; it only tells the writing dialog whether AI is set up.
	aiService bool
	// mailService: SMTP_URL is set, so the workers send e-mail. Without it an invitation is only
	// written to the worker's log, and the api says so at once and offers the invitation link.
	mailService bool
	// supportEmail receives a copy of every contact message (SUPPORT_EMAIL), with Reply-To set to
	// its sender; empty: messages are only listed on the Operations page.
	supportEmail string
	// billing reaches Stripe; without STRIPE_SECRET_KEY paid plans say billing is not configured.
	billing billing.Config
	// teamsnap: with TEAMSNAP_CLIENT_ID set, TeamSnap is offered and its OAuth routes are registered.
	teamsnap statsproviders.TeamSnapConfig
	// backup is the backup target and schedules: the backup commands use it, and the Operations
	// page tells from the schedule when a backup is overdue.
	backup backup.Config
	// sweepEvery and workerDeadAfter: temporary files of dead processes swept periodically
	// (TEMP_SWEEP_EVERY; WORKER_DEAD_AFTER as the workers read it, cmd/internal/tempsweep).
	sweepEvery, workerDeadAfter time.Duration
}

// mediaConfig is where uploads go. Storage and file size come from the account's plan
// (billing.Plans); quotaBytes and maxFileBytes, when set (STORAGE_QUOTA_MB, MEDIA_MAX_FILE_MB),
// override every plan's for operators who run their own limits.
type mediaConfig struct {
	// kind is local (dir) or s3 (one bucket every process reaches).
	kind         string
	s3           media.S3Config
	dir          string
	maxFileBytes int64
	quotaBytes   int64
}

// rateLimits caps sign-in and registration attempts, per client IP and per e-mail address.
type rateLimits struct {
	loginPerIP, loginPerEmail       int
	registerPerIP, registerPerEmail int
	ipWindow, emailWindow           time.Duration
	// qrScansPerIP bounds /q/{code} per client address per minute: high enough for a gym full of
	// phones behind one school network, low enough that one script cannot load the database.
	qrScansPerIP int
	// now is the clock the windows are fixed stretches of; unset, the time of day. A test fixes it
	// so that its attempts fall in one window.
	now func() time.Time
}

func (l rateLimits) time() time.Time {
	if l.now == nil {
		return time.Now()
	}
	return l.now()
}

func loadConfig() (config, error) {
	var env envconfig.Reader
	cfg := config{
		databaseURL:     env.String("DATABASE_URL", envconfig.DefaultDatabaseURL),
		port:            env.Int("PORT", 8080, 1),
		appURL:          env.String("APP_URL", "http://localhost:8080"),
		cookieSecure:    env.Bool("COOKIE_SECURE", false),
		sessionLife:     env.Duration("SESSION_LIFETIME", 30*24*time.Hour),
		sessionCleanup:  sessionCleanupDefault,
		trustProxy:      env.Bool("TRUST_PROXY", false),
		shutdownTimeout: env.Duration("SHUTDOWN_TIMEOUT", 20*time.Second),
		limits: rateLimits{
			loginPerIP:       env.Int("LOGIN_RATE_LIMIT_PER_IP", 25, 1),
			loginPerEmail:    env.Int("LOGIN_RATE_LIMIT_PER_EMAIL", 25, 1),
			registerPerIP:    env.Int("REGISTER_RATE_LIMIT_PER_IP", 25, 1),
			registerPerEmail: env.Int("REGISTER_RATE_LIMIT_PER_EMAIL", 25, 1),
			qrScansPerIP:     env.Int("QR_SCAN_RATE_LIMIT_PER_IP", 600, 1),
			ipWindow:         5 * time.Minute,
			emailWindow:      time.Hour,
		},
		media: mediaConfig{
			dir:          env.String("MEDIA_DIR", ".data/media"),
			maxFileBytes: int64(env.Int("MEDIA_MAX_FILE_MB", 0, 0)) << 20,
			quotaBytes:   int64(env.Int("STORAGE_QUOTA_MB", 0, 0)) << 20,
		},
		aiService:   env.String("OPENAI_API_KEY", "") != "",
		mailService: env.String("SMTP_URL", "") != "",
	}
	cfg.metricsAddr = env.String("METRICS_ADDR", "127.0.0.1:9090")
	cfg.sweepEvery = env.Duration("TEMP_SWEEP_EVERY", tempsweep.DefaultEvery)
	cfg.workerDeadAfter = env.Duration("WORKER_DEAD_AFTER", jobs.DefaultWorkerDeadAfter)
	cfg.billing = billing.FromEnv(env.String)
	cfg.teamsnap = statsproviders.TeamSnapConfigFromEnv(env.String)
	cfg.backup = backup.ConfigFromEnv(env.String, env.Int, env.Bool)
	storage := media.StorageConfigFromEnv(env.String, env.Bool)
	cfg.media.kind, cfg.media.s3 = storage.Kind, storage.S3
	for _, email := range strings.Split(env.String("OPERATOR_EMAILS", ""), ",") {
		if email = strings.TrimSpace(email); email != "" {
			cfg.operatorEmails = append(cfg.operatorEmails, email)
		}
	}
	supportEmail, err := supportAddress(env.String("SUPPORT_EMAIL", ""))
	cfg.supportEmail = supportEmail
	return cfg, errors.Join(env.Err(), cfg.backup.Validate(), err)
}

// supportAddress reads SUPPORT_EMAIL: one bare address, or empty for none.
func supportAddress(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", nil
	}
	if !validEmail(raw) {
		return "", fmt.Errorf("SUPPORT_EMAIL must be one e-mail address such as support@example.com, not %q", raw)
	}
	return raw, nil
}

// application holds the api's dependencies; handlers are its methods.
type application struct {
	cfg      config
	logger   *slog.Logger
	pool     *pgxpool.Pool
	jobs     *river.Client[pgx.Tx]
	sessions *scs.SessionManager
	storage  media.Storage
	riverUI  *riverui.Handler
	registry *prometheus.Registry
	metrics  *observe.HTTPMetrics
	// statsProviders is the stats platforms registry (integrations/statsproviders).
	statsProviders *statsproviders.Registry
	// stripe is the Stripe client, nil when billing is not configured (billing.go).
	stripe *stripe.Client
	// qrSalts caches the day's visitor salt for QR scan counts (qrcodes.go).
	qrSalts visitorSalts
	// readiness remembers the last passed readiness check (health.go).
	readiness readiness
}

func main() {
	tuneGC(os.Getenv)
	logger := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, logger, os.Args[1:]); err != nil {
		logger.Error("api stopped", "error", err)
		os.Exit(1)
	}
}

// run serves until ctx ends (SIGINT or SIGTERM), then shuts down gracefully.
func run(ctx context.Context, logger *slog.Logger, args []string) error {
	cfg, err := loadConfig()
	if err != nil {
		return err
	}

	pool, err := pgxpool.New(ctx, cfg.databaseURL)
	if err != nil {
		return fmt.Errorf("opening database: %w", err)
	}
	defer pool.Close()
	if len(args) > 0 && args[0] == "restore" {
		return restoreCommand(ctx, cfg, args[1:], os.Stdout)
	}
	if err := migrations.Apply(ctx, pool, logger); err != nil {
		return err
	}
	if len(args) > 0 {
		return runCommand(ctx, cfg, logger, pool, args)
	}

	app, err := newApplication(cfg, logger, pool)
	if err != nil {
		return err
	}
	if err := app.start(ctx); err != nil {
		return err
	}
	observe.Serve(ctx, cfg.metricsAddr, app.registry, app.ready, logger)
	tempsweep.Sweeper{Pool: pool, Storage: app.storage, DeadAfter: cfg.workerDeadAfter, Logger: logger}.Run(ctx, cfg.sweepEvery)
	// Requests run under a context of their own that shutdown cancels once the grace period is
	// over, so an upload cut off mid-file removes what it had written before the process exits.
	requestCtx, cancelRequests := context.WithCancel(context.Background())
	defer cancelRequests()
	var inFlight sync.WaitGroup
	routes := app.routes()
	srv := &http.Server{
		Addr: fmt.Sprintf(":%d", cfg.port),
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			inFlight.Add(1)
			defer inFlight.Done()
			routes.ServeHTTP(w, r)
		}),
		BaseContext:       func(net.Listener) context.Context { return requestCtx },
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	serveErr := make(chan error, 1)
	go func() {
		logger.Info("api listening", "addr", srv.Addr, "url", cfg.appURL)
		serveErr <- srv.ListenAndServe()
	}()
	select {
	case err := <-serveErr:
		return err
	case <-ctx.Done():
	}
	logger.Info("api shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.shutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		logger.Warn("requests still running at the end of the grace period: cancelling them", "timeout", cfg.shutdownTimeout)
		// Closing the connections unblocks a handler waiting for the next bytes of a body.
		cancelRequests()
		_ = srv.Close()
		cleaned := make(chan struct{})
		go func() { inFlight.Wait(); close(cleaned) }()
		select {
		case <-cleaned:
		case <-time.After(5 * time.Second):
		}
		return fmt.Errorf("shutting down: %w", err)
	}
	return nil
}

// runCommand runs one of the api binary's commands instead of serving: `migrate` (the migrations
// are applied by then), `operator add EMAIL`, `operator remove EMAIL`, `plan grant|revoke`, `backup now`, `backup list` and
// `digests send-now`
// (`restore` runs before the migrations, in run).
func runCommand(ctx context.Context, cfg config, logger *slog.Logger, pool *pgxpool.Pool, args []string) error {
	const usage = "commands: migrate | operator add EMAIL | operator remove EMAIL | plan grant EMAIL PLAN [--until YYYY-MM-DD] | plan revoke EMAIL | backup now | backup list | restore --latest | restore --id ID | digests send-now"
	switch {
	case args[0] == "plan":
		return planCommand(ctx, logger, pool, args[1:])
	case args[0] == "backup":
		return backupCommand(ctx, cfg, logger, pool, args[1:], os.Stdout)
	case len(args) == 2 && args[0] == "digests" && args[1] == "send-now":
		return sendDigestsNow(ctx, cfg, logger, pool)
	case len(args) == 1 && args[0] == "migrate":
		logger.Info("migrations applied")
		return nil
	case len(args) == 3 && args[0] == "operator" && (args[1] == "add" || args[1] == "remove"):
		if err := setOperator(ctx, pool, args[2], args[1] == "add"); err != nil {
			return err
		}
		logger.Info("operator "+map[string]string{"add": "added", "remove": "removed"}[args[1]], "email", args[2])
		return nil
	}
	return fmt.Errorf("unknown command %q (%s)", strings.Join(args, " "), usage)
}

// start begins what runs beside the requests until ctx ends: riverui's caches of queue counts,
// and OPERATOR_EMAILS.
func (app *application) start(ctx context.Context) error {
	if err := app.bootstrapOperators(ctx); err != nil {
		return err
	}
	if err := app.riverUI.Start(ctx); err != nil {
		return fmt.Errorf("starting riverui: %w", err)
	}
	return nil
}

func newApplication(cfg config, logger *slog.Logger, pool *pgxpool.Pool) (*application, error) {
	logger = slog.New(observe.LogHandler(logger.Handler()))
	// Insert-only: no queues, but the workers are registered so job kinds are checked at insert.
	providers := jobs.StatsProviders(pool, cfg.teamsnap)
	jobClient, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Workers: jobs.Workers(jobs.Dependencies{Pool: pool, Logger: logger, StatsProviders: providers}),
		Logger:  logger,
	})
	if err != nil {
		return nil, fmt.Errorf("creating job client: %w", err)
	}
	storage, err := media.OpenStorage(context.Background(), media.StorageConfig{Kind: cfg.media.kind, LocalDir: cfg.media.dir, S3: cfg.media.s3})
	if err != nil {
		return nil, fmt.Errorf("opening media storage: %w", err)
	}
	app := &application{
		cfg:      cfg,
		logger:   logger,
		pool:     pool,
		jobs:     jobClient,
		sessions: newSessionManager(cfg, pool),
		storage:  storage,

		statsProviders: providers,
		stripe:         cfg.billing.Client(),
	}
	app.sessions.ErrorFunc = app.sessionError
	app.registry = observe.NewRegistry(pool)
	app.metrics = observe.NewHTTPMetrics(app.registry)
	if app.riverUI, err = app.newRiverUI(); err != nil {
		return nil, fmt.Errorf("creating riverui: %w", err)
	}
	return app, nil
}
