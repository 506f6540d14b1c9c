package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// BatchSender runs a pipeline of statements in one round trip (a pool or a connection).
type BatchSender interface {
	SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults
}

// RateLimitHitUnsynced is RateLimitHit in one round trip whose commit waits for no disk (the
// counters are an unlogged table): for public lookups that must stay fast, where a crash may forget
// the open windows' counts and never a family's data.
func RateLimitHitUnsynced(ctx context.Context, db BatchSender, key string, windowStart time.Time) (int32, error) {
	var hits int32
	if err := db.SendBatch(ctx, unsyncedHit(key, windowStart, &hits, nil)).Close(); err != nil {
		return 0, err
	}
	return hits, nil
}

// RateLimitHitUnsyncedWith is RateLimitHitUnsynced with the one-row statement that read runs
// (through the DBTX it is given, with QueryRow) sent in the same round trip, on the same connection,
// after the count: a lookup that must be counted costs one round trip and one connection, not two
// side by side. read keeps its own answer and error (no rows, say); the error here is the count's,
// or the round trip's.
func RateLimitHitUnsyncedWith(ctx context.Context, db BatchSender, key string, windowStart time.Time, read func(DBTX)) (int32, error) {
	w := &withHit{db: db, key: key, windowStart: windowStart}
	read(w)
	switch {
	case w.sendErr != nil:
		return 0, w.sendErr
	case !w.sent:
		return 0, errors.New("counting a lookup: the lookup ran no statement")
	}
	return w.hits, nil
}

// unsyncedHit is the count, with row (when not nil) queued after it: one batch, which Postgres runs
// as one transaction. It changes only rate_limit_hits, an unlogged table, so its commit writes and
// waits for nothing on disk, as synchronous_commit = off would have it.
func unsyncedHit(key string, windowStart time.Time, hits *int32, row func(*pgx.Batch)) *pgx.Batch {
	batch := &pgx.Batch{}
	batch.Queue(rateLimitHit, key, windowStart).QueryRow(func(r pgx.Row) error { return r.Scan(hits) })
	if row != nil {
		row(batch)
	}
	return batch
}

var errOneRowOnly = errors.New("a counted lookup runs one QueryRow only")

// withHit is the DBTX RateLimitHitUnsyncedWith hands its lookup: its QueryRow sends the count and the
// statement together when the row is scanned.
type withHit struct {
	db          BatchSender
	key         string
	windowStart time.Time
	hits        int32
	sent        bool
	sendErr     error
}

func (w *withHit) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	return &hitThenRow{w: w, ctx: ctx, sql: sql, args: args}
}

func (w *withHit) Exec(context.Context, string, ...any) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, errOneRowOnly
}

func (w *withHit) Query(context.Context, string, ...any) (pgx.Rows, error) {
	return nil, errOneRowOnly
}

func (w *withHit) CopyFrom(context.Context, pgx.Identifier, []string, pgx.CopyFromSource) (int64, error) {
	return 0, errOneRowOnly
}

type hitThenRow struct {
	w    *withHit
	ctx  context.Context
	sql  string
	args []any
}

// Scan sends the batch. The row's own error (no rows, for an unknown code) is kept out of the
// batch's: pgx forgets the batch's prepared statements on any batch error, and an unknown code must
// not cost the next lookup a fresh plan.
func (r *hitThenRow) Scan(dest ...any) error {
	if r.w.sent {
		return errOneRowOnly
	}
	r.w.sent = true
	var scanErr error
	batch := unsyncedHit(r.w.key, r.w.windowStart, &r.w.hits, func(b *pgx.Batch) {
		b.Queue(r.sql, r.args...).QueryRow(func(row pgx.Row) error {
			scanErr = row.Scan(dest...)
			if errors.Is(scanErr, pgx.ErrNoRows) {
				return nil
			}
			return scanErr
		})
	})
	if err := r.w.db.SendBatch(r.ctx, batch).Close(); err != nil {
		r.w.sendErr = err
		return err
	}
	return scanErr
}
