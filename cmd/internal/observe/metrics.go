package observe

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"legacylocker/store"
)

// NewRegistry is a process's metrics: Go's runtime and the process, its database pool, and the
// job queues as Postgres sees them (the same numbers from the api and every worker).
func NewRegistry(pool *pgxpool.Pool) *prometheus.Registry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		poolCollector{pool},
		queueCollector{pool},
		backupCollector{pool},
	)
	return reg
}

// Serve answers /metrics (Prometheus text format), /healthz and /readyz on addr, an address of its
// own (METRICS_ADDR) rather than the public port, until ctx ends. ready is the process's readiness
// check. An address that cannot be bound is logged, not fatal: the product keeps serving families.
// It answers the address it listens on ("" when it does not), which tells a test the port of ":0".
func Serve(ctx context.Context, addr string, reg *prometheus.Registry, ready func(context.Context) error, logger *slog.Logger) string {
	if addr == "" {
		return ""
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{ErrorLog: slog.NewLogLogger(logger.Handler(), slog.LevelWarn)}))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("ok\n")) })
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		checkCtx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := ready(checkCtx); err != nil {
			http.Error(w, "not ready: "+err.Error(), http.StatusServiceUnavailable)
			return
		}
		_, _ = w.Write([]byte("ready\n"))
	})
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		logger.Error("metrics not served: cannot listen", "addr", addr, "error", err)
		return ""
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() {
		<-ctx.Done()
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdownCtx)
	}()
	go func() {
		logger.Info("metrics listening", "addr", ln.Addr().String())
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			logger.Error("metrics server stopped", "error", err)
		}
	}()
	return ln.Addr().String()
}

// poolCollector reports the pgx pool: connections in use, idle, in total and at most, and how
// often and how long requests waited for one.
type poolCollector struct{ pool *pgxpool.Pool }

var (
	poolAcquired = prometheus.NewDesc("db_pool_acquired_connections", "Connections in use.", nil, nil)
	poolIdle     = prometheus.NewDesc("db_pool_idle_connections", "Connections open and idle.", nil, nil)
	poolTotal    = prometheus.NewDesc("db_pool_total_connections", "Connections open.", nil, nil)
	poolMax      = prometheus.NewDesc("db_pool_max_connections", "The most connections the pool opens.", nil, nil)
	poolWaits    = prometheus.NewDesc("db_pool_empty_acquire_total", "Acquires that had to wait for a connection.", nil, nil)
	poolWaited   = prometheus.NewDesc("db_pool_acquire_wait_seconds_total", "Time spent waiting for a connection.", nil, nil)
)

func (poolCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{poolAcquired, poolIdle, poolTotal, poolMax, poolWaits, poolWaited} {
		ch <- d
	}
}

func (c poolCollector) Collect(ch chan<- prometheus.Metric) {
	s := c.pool.Stat()
	ch <- prometheus.MustNewConstMetric(poolAcquired, prometheus.GaugeValue, float64(s.AcquiredConns()))
	ch <- prometheus.MustNewConstMetric(poolIdle, prometheus.GaugeValue, float64(s.IdleConns()))
	ch <- prometheus.MustNewConstMetric(poolTotal, prometheus.GaugeValue, float64(s.TotalConns()))
	ch <- prometheus.MustNewConstMetric(poolMax, prometheus.GaugeValue, float64(s.MaxConns()))
	ch <- prometheus.MustNewConstMetric(poolWaits, prometheus.CounterValue, float64(s.EmptyAcquireCount()))
	ch <- prometheus.MustNewConstMetric(poolWaited, prometheus.CounterValue, s.EmptyAcquireWaitTime().Seconds())
}

// queueCollector reports, per queue and state of unfinished work, how many jobs there are and how
// long the oldest has waited since it was due. Finished jobs (completed, cancelled, discarded) are
// never read, so a scrape costs the same with a million of them (River's index on state, queue,
// priority, scheduled_at finds the rest).
type queueCollector struct{ pool *pgxpool.Pool }

var (
	queueJobs      = prometheus.NewDesc("river_queue_jobs", "Unfinished jobs per queue and state.", []string{"queue", "state"}, nil)
	queueOldestAge = prometheus.NewDesc("river_queue_oldest_job_age_seconds",
		"How long the oldest job per queue and state has been due (scheduled_at to now).", []string{"queue", "state"}, nil)
	queueScrapeErr = prometheus.NewDesc("river_queue_scrape_error", "1 when the queue numbers could not be read.", nil, nil)
)

func (queueCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- queueJobs
	ch <- queueOldestAge
	ch <- queueScrapeErr
}

func (c queueCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	failed := 0.0
	if err := c.collect(ctx, ch); err != nil {
		failed = 1
	}
	ch <- prometheus.MustNewConstMetric(queueScrapeErr, prometheus.GaugeValue, failed)
}

func (c queueCollector) collect(ctx context.Context, ch chan<- prometheus.Metric) error {
	unfinished, err := store.OpsUnfinishedJobs(ctx, c.pool)
	if err != nil {
		return err
	}
	for _, u := range unfinished {
		ch <- prometheus.MustNewConstMetric(queueJobs, prometheus.GaugeValue, float64(u.Jobs), u.Queue, u.State)
		ch <- prometheus.MustNewConstMetric(queueOldestAge, prometheus.GaugeValue, u.OldestDueSec, u.Queue, u.State)
	}
	return nil
}

// backupCollector reports when the last backup and the last restore drill succeeded (0: never), read
// from backup_runs, so every process answers the same whichever worker ran them. Alert on their age
// (README, "Backups").
type backupCollector struct{ pool *pgxpool.Pool }

var (
	backupLastSuccess = prometheus.NewDesc("backup_last_success_timestamp_seconds",
		"When the last backup finished successfully (Unix seconds; 0 when none has).", nil, nil)
	drillLastSuccess = prometheus.NewDesc("restore_drill_last_success_timestamp_seconds",
		"When the last restore drill passed (Unix seconds; 0 when none has).", nil, nil)
)

func (backupCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- backupLastSuccess
	ch <- drillLastSuccess
}

// Collect reports nothing when the database does not answer: river_queue_scrape_error says so, and
// a made-up 0 would page someone about backups instead.
func (c backupCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	last, err := store.Q.BackupRunLastSuccess(ctx, c.pool)
	if err != nil {
		return
	}
	ch <- prometheus.MustNewConstMetric(backupLastSuccess, prometheus.GaugeValue, last.Backup)
	ch <- prometheus.MustNewConstMetric(drillLastSuccess, prometheus.GaugeValue, last.Drill)
}

// HTTPMetrics counts the api's requests by method, route pattern (never the raw path: paths carry
// ids, invitation tokens and share codes) and status, with their latency, and the bytes uploaded.
type HTTPMetrics struct {
	requests    *prometheus.CounterVec
	latency     *prometheus.HistogramVec
	UploadBytes prometheus.Counter
}

// NewHTTPMetrics registers the api's request metrics in reg.
func NewHTTPMetrics(reg prometheus.Registerer) *HTTPMetrics {
	m := &HTTPMetrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "http_requests_total", Help: "Requests answered, by method, route pattern and status.",
		}, []string{"method", "route", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "http_request_duration_seconds", Help: "Time to answer a request, by method and route pattern.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 120},
		}, []string{"method", "route"}),
		UploadBytes: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "upload_bytes_total", Help: "Bytes of media stored from uploads.",
		}),
	}
	reg.MustRegister(m.requests, m.latency, m.UploadBytes)
	return m
}

// Observe records one answered request.
func (m *HTTPMetrics) Observe(method, route string, status int, took time.Duration) {
	m.requests.WithLabelValues(method, route, fmt.Sprint(status)).Inc()
	m.latency.WithLabelValues(method, route).Observe(took.Seconds())
}
