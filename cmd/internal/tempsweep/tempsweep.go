// Package tempsweep removes the temporary files nobody will finish, periodically in the api and the
// worker and before a job takes over from a dead attempt: half-written uploads and archives
// (`.tmp-*` in MEDIA_DIR) of processes that are gone, and the scratch directories of dead workers of
// this machine. A process of another machine sharing MEDIA_DIR is known to be gone when its worker
// heartbeat went silent (jobs.Heartbeat); otherwise its files go after media's staleTempAge.
package tempsweep

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"legacylocker/media"
	"legacylocker/store"
)

// DefaultEvery is TEMP_SWEEP_EVERY's default.
const DefaultEvery = time.Minute

// Sweeper sweeps one storage.
type Sweeper struct {
	Pool    *pgxpool.Pool
	Storage media.Storage
	// DeadAfter is how long a worker's heartbeat may be silent before its files are taken for orphans.
	DeadAfter time.Duration
	Logger    *slog.Logger
}

type process struct {
	host string
	pid  int
}

// Sweep removes what it can now and logs what it removed; failures are logged, never fatal (the
// next sweep tries again).
func (s Sweeper) Sweep(ctx context.Context) {
	if local, ok := s.Storage.(*media.LocalStorage); ok {
		silent, err := store.Q.WorkerHeartbeatsSilent(ctx, s.Pool, time.Now().Add(-s.DeadAfter))
		if err != nil {
			s.Logger.WarnContext(ctx, "sweeping temporary files: reading heartbeats", "error", err)
		}
		dead := map[process]bool{}
		for _, h := range silent {
			dead[process{h.Host, int(h.Pid)}] = true
		}
		if n := local.SweepTemps(func(host string, pid int) bool { return dead[process{host, pid}] }); n > 0 {
			s.Logger.InfoContext(ctx, "removed temporary files of dead processes", "count", n)
		}
	}
	if n, err := media.SweepScratch(); err != nil {
		s.Logger.WarnContext(ctx, "sweeping scratch directories of dead workers", "error", err)
	} else if n > 0 {
		s.Logger.InfoContext(ctx, "removed scratch directories of dead workers", "count", n)
	}
}

// Run sweeps once now and then every interval until ctx ends.
func (s Sweeper) Run(ctx context.Context, every time.Duration) {
	go func() {
		ticker := time.NewTicker(every)
		defer ticker.Stop()
		for {
			s.Sweep(ctx)
			select {
			case <-ctx.Done():
				return
			case <-ticker.C:
			}
		}
	}()
}
