package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

// BatchSender runs a pipeline of statements in one round trip (a pool or a connection).
type BatchSender interface {
	SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults
}

// RateLimitHitUnsynced is RateLimitHit in one round trip, in a transaction that does not wait for
// its commit to reach the disk: for public lookups that must stay fast, where a crash may forget the
// last few counts and never a family's data.
func RateLimitHitUnsynced(ctx context.Context, db BatchSender, key string, windowStart time.Time) (int32, error) {
	var hits int32
	batch := &pgx.Batch{}
	batch.Queue("BEGIN")
	batch.Queue("SET LOCAL synchronous_commit = off")
	batch.Queue(rateLimitHit, key, windowStart).QueryRow(func(row pgx.Row) error { return row.Scan(&hits) })
	batch.Queue("COMMIT")
	if err := db.SendBatch(ctx, batch).Close(); err != nil {
		return 0, err
	}
	return hits, nil
}
