package jobs

import (
	"context"
	"log/slog"
	"os"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"legacylocker/media"
	"legacylocker/store"
)

// Dead workers are noticed in seconds, not after their job's timeout (a 3-hour export would
// otherwise stall for 3 hours): every worker process beats in worker_heartbeats (Heartbeat), and the
// leader's worker_rescue job (rescue.go) gives back to the queue the running jobs of a worker silent
// for longer than the dead-after interval. River's own rescuer (JOB_RESCUE_AFTER) stays the backstop
// for jobs of clients that keep no heartbeat.

// Defaults for WORKER_HEARTBEAT_EVERY and WORKER_DEAD_AFTER: a worker is taken for dead after six
// missed beats, far more than a busy database delays one.
const (
	DefaultHeartbeatEvery  = 5 * time.Second
	DefaultWorkerDeadAfter = 30 * time.Second
)

// Heartbeat keeps one worker process's row in worker_heartbeats fresh, named by its River client id.
type Heartbeat struct {
	pool     *pgxpool.Pool
	clientID string
	logger   *slog.Logger
	stop     context.CancelFunc
	done     chan struct{}
}

// StartHeartbeat writes the first beat (so no job of this client can run before its row exists)
// and beats every interval until Stop. Its context is its own: a worker finishing its jobs after
// SIGTERM is still alive, and must not look dead.
func StartHeartbeat(ctx context.Context, pool *pgxpool.Pool, clientID string, every time.Duration, logger *slog.Logger) (*Heartbeat, error) {
	h := &Heartbeat{pool: pool, clientID: clientID, logger: logger, done: make(chan struct{})}
	if err := h.beat(ctx); err != nil {
		return nil, err
	}
	beatCtx, stop := context.WithCancel(context.WithoutCancel(ctx))
	h.stop = stop
	go func() {
		defer close(h.done)
		ticker := time.NewTicker(every)
		defer ticker.Stop()
		for {
			select {
			case <-beatCtx.Done():
				return
			case <-ticker.C:
				if err := h.beat(beatCtx); err != nil && beatCtx.Err() == nil {
					h.logger.Warn("worker heartbeat", "error", err)
				}
			}
		}
	}()
	return h, nil
}

func (h *Heartbeat) beat(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	return store.Q.WorkerHeartbeatBeat(ctx, h.pool, store.WorkerHeartbeatBeatParams{ClientID: h.clientID, Host: media.Host(), Pid: int32(os.Getpid())})
}

// Stop ends the beats and removes the row: called once the client has stopped, so none of its jobs
// is still running.
func (h *Heartbeat) Stop(ctx context.Context) {
	h.stop()
	<-h.done
	if err := store.Q.WorkerHeartbeatDelete(ctx, h.pool, h.clientID); err != nil {
		h.logger.Warn("removing the worker heartbeat", "error", err)
	}
}
