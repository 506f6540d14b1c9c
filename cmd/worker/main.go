// Command worker runs River jobs: e-mail now, and AI, media, QR, stats and billing work as those
// features land. Run as many as needed on as many machines as needed; Postgres coordinates them.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"

	"legacylocker/billing"
	"legacylocker/cmd/internal/envconfig"
	"legacylocker/cmd/internal/observe"
	"legacylocker/cmd/internal/tempsweep"
	"legacylocker/integrations/ai"
	"legacylocker/integrations/mail"
	"legacylocker/integrations/statsproviders"
	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/migrations"
	"legacylocker/store/backup"
)

type config struct {
	databaseURL     string
	appURL          string
	ai              ai.Config
	smtpURL         string
	mailFrom        string
	defaultWorkers  int
	aiWorkers       int
	media           mediaQueueConfig
	decoder         media.DecoderLimits
	rescueAfter     time.Duration
	jobTimeout      time.Duration
	shutdownTimeout time.Duration
	// metricsAddr serves /metrics, /healthz and /readyz ("" for none); the api's default is 9090.
	metricsAddr string
	billing     billing.Config
	// teamsnap: with TEAMSNAP_CLIENT_ID set, TeamSnap connections sync over its API.
	teamsnap statsproviders.TeamSnapConfig
	storage  media.StorageConfig
	// backup is the backup target and schedules; the elected leader inserts the periodic jobs.
	backup backup.Config
	// heartbeatEvery, deadAfter and sweepEvery: dead workers noticed in seconds (jobs/heartbeat.go),
	// temporary files swept periodically (cmd/internal/tempsweep).
	heartbeatEvery, deadAfter, sweepEvery time.Duration
}

func loadConfig() (config, error) {
	var env envconfig.Reader
	cfg := config{
		databaseURL: env.String("DATABASE_URL", envconfig.DefaultDatabaseURL),
		appURL:      env.String("APP_URL", "http://localhost:8080"),
		billing:     billing.FromEnv(env.String),
		teamsnap:    statsproviders.TeamSnapConfigFromEnv(env.String),
		storage:     media.StorageConfigFromEnv(env.String, env.Bool),
		backup:      backup.ConfigFromEnv(env.String, env.Int, env.Bool),
		ai: ai.Config{
			BaseURL: env.String("OPENAI_BASE_URL", ""),
			APIKey:  env.String("OPENAI_API_KEY", ""),
			Model:   env.String("OPENAI_MODEL", "gpt-4o-mini"),
			Timeout: env.Duration("OPENAI_TIMEOUT", 60*time.Second),
		},
		smtpURL:        env.String("SMTP_URL", ""),
		mailFrom:       env.String("MAIL_FROM", "Legacy Locker <no-reply@legacylocker.app>"),
		defaultWorkers: env.Int("WORKER_DEFAULT_CONCURRENCY", 10, 1),
		aiWorkers:      env.Int("WORKER_AI_CONCURRENCY", 4, 1),
		media:          loadMediaQueueConfig(&env),
		// River's default is an hour; a job stranded by a killed worker should come back in minutes.
		rescueAfter: env.Duration("JOB_RESCUE_AFTER", 5*time.Minute),
		// The default for jobs that set no Timeout of their own (media and AI workers size theirs).
		jobTimeout:      env.Duration("JOB_TIMEOUT", time.Minute),
		shutdownTimeout: env.Duration("WORKER_SHUTDOWN_TIMEOUT", 30*time.Second),
		metricsAddr:     env.String("METRICS_ADDR", "127.0.0.1:9091"),
		heartbeatEvery:  env.Duration("WORKER_HEARTBEAT_EVERY", jobs.DefaultHeartbeatEvery),
		deadAfter:       env.Duration("WORKER_DEAD_AFTER", jobs.DefaultWorkerDeadAfter),
		sweepEvery:      env.Duration("TEMP_SWEEP_EVERY", tempsweep.DefaultEvery),
	}
	if cfg.deadAfter < 3*cfg.heartbeatEvery {
		return cfg, fmt.Errorf("WORKER_DEAD_AFTER (%s) must be at least three WORKER_HEARTBEAT_EVERY (%s)", cfg.deadAfter, cfg.heartbeatEvery)
	}
	cfg.decoder = loadDecoderLimits(&env, cfg.media.workers)
	if cfg.rescueAfter < cfg.jobTimeout {
		return cfg, fmt.Errorf("JOB_RESCUE_AFTER (%s) must be at least JOB_TIMEOUT (%s)", cfg.rescueAfter, cfg.jobTimeout)
	}
	return cfg, errors.Join(env.Err(), cfg.backup.Validate(), cfg.media.validate())
}

func main() {
	if len(os.Args) == 2 && os.Args[1] == decodeCommand {
		os.Exit(media.ServeDecoder())
	}
	logger := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, logger); err != nil {
		logger.Error("worker stopped", "error", err)
		os.Exit(1)
	}
}

// run works jobs until ctx is cancelled (SIGINT or SIGTERM), then lets running jobs finish.
func run(ctx context.Context, logger *slog.Logger) error {
	cfg, err := loadConfig()
	if err != nil {
		return err
	}

	// Lines logged while a job is worked carry its id and kind (observe.JobContext).
	logger = slog.New(observe.LogHandler(logger.Handler()))
	pool, err := pgxpool.New(ctx, cfg.databaseURL)
	if err != nil {
		return fmt.Errorf("opening database: %w", err)
	}
	defer pool.Close()
	// A worker may start before any api: it brings the schema up to date itself (under the same lock).
	if err := migrations.Apply(ctx, pool, logger); err != nil {
		return err
	}

	media.SetDecoderLimits(cfg.decoder)
	defer media.StopDecoders()
	storage, err := media.OpenStorage(ctx, cfg.storage)
	if err != nil {
		return fmt.Errorf("opening media storage: %w", err)
	}
	// A worker killed mid-job left its scratch and temporary files behind: swept now and periodically.
	sweeper := tempsweep.Sweeper{Pool: pool, Storage: storage, DeadAfter: cfg.deadAfter, Logger: logger}
	sweeper.Run(ctx, cfg.sweepEvery)
	deps := jobs.Dependencies{Pool: pool, AI: ai.New(cfg.ai), Storage: storage, AppURL: cfg.appURL, Logger: logger,
		StatsProviders: jobs.StatsProviders(pool, cfg.teamsnap), Billing: cfg.billing, Backup: cfg.backup, WorkerDeadAfter: cfg.deadAfter,
		MediaPerOwner: cfg.media.perOwner}
	if deps.AI.Provider() == "basic" {
		logger.Info("OPENAI_API_KEY not set: journal entries get the basic offline enhancement")
	}
	if cfg.smtpURL != "" {
		sender, err := mail.NewSender(cfg.smtpURL, cfg.mailFrom)
		if err != nil {
			return err
		}
		deps.Mailer = sender
	} else {
		logger.Info("SMTP_URL not set: e-mails are written to the log and the outbound_emails table")
	}

	backupJobs, err := jobs.PeriodicBackupJobs(cfg.backup)
	if err != nil {
		return err
	}
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Queues: map[string]river.QueueConfig{
			jobs.QueueDefault: {MaxWorkers: cfg.defaultWorkers},
			jobs.QueueAI:      {MaxWorkers: cfg.aiWorkers},
			jobs.QueueMedia:   cfg.media.river(),
		},
		Workers:              jobs.Workers(deps),
		PeriodicJobs:         append(jobs.PeriodicJobs(), backupJobs...),
		RescueStuckJobsAfter: cfg.rescueAfter,
		JobTimeout:           cfg.jobTimeout,
		Logger:               logger,
		Middleware:           []rivertype.Middleware{observe.JobContext, jobs.TakeoverSweep(sweeper.Sweep)},
	})
	if err != nil {
		return fmt.Errorf("creating job client: %w", err)
	}
	// Jobs get a context of their own, so a signal does not cut them off mid-work; Stop below
	// lets them finish.
	heartbeat, err := jobs.StartHeartbeat(ctx, pool, client.ID(), cfg.heartbeatEvery, logger)
	if err != nil {
		return fmt.Errorf("starting the worker heartbeat: %w", err)
	}
	defer heartbeat.Stop(context.WithoutCancel(ctx)) // after the client stopped: none of its jobs runs
	registry := observe.NewRegistry(pool)
	observe.WatchJobs(ctx, client, registry)
	if err := client.Start(context.WithoutCancel(ctx)); err != nil {
		return fmt.Errorf("starting job client: %w", err)
	}
	observe.Serve(ctx, cfg.metricsAddr, registry, pool.Ping, logger)
	logger.Info("worker started", "default", cfg.defaultWorkers, "ai", cfg.aiWorkers, "media", cfg.media.workers)

	<-ctx.Done()
	logger.Info("worker stopping: finishing running jobs", "timeout", cfg.shutdownTimeout)
	stopCtx, cancel := context.WithTimeout(context.Background(), cfg.shutdownTimeout)
	defer cancel()
	if err := client.Stop(stopCtx); err != nil {
		if !errors.Is(err, context.DeadlineExceeded) {
			return fmt.Errorf("stopping job client: %w", err)
		}
		// Jobs still running are cancelled; River records them as errored and retries them later.
		logger.Warn("jobs did not finish in time: cancelling and releasing them")
		cancelCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := client.StopAndCancel(cancelCtx); err != nil {
			return fmt.Errorf("cancelling running jobs: %w", err)
		}
	}
	logger.Info("worker stopped cleanly")
	return nil
}
