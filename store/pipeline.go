package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Pipelined runs a generated query once for each of params in one round trip (a pgx pipeline),
// answering the results in the same order. The query is called twice for each: first with a DBTX
// that queues the statement it sends instead of sending it, then, once the batch is sent, with one
// that hands it its own result, so the generated code that binds and scans is the only copy. The
// digest of a hundred members reads their hundred feeds so.
func Pipelined[P, R any](ctx context.Context, tx pgx.Tx, params []P, query func(context.Context, DBTX, P) (R, error)) ([]R, error) {
	if len(params) == 0 {
		return nil, nil
	}
	queue := &queueing{batch: &pgx.Batch{}}
	for i, p := range params {
		if _, err := query(ctx, queue, p); !errors.Is(err, errQueued) {
			return nil, fmt.Errorf("queueing statement %d of %d: %w", i+1, len(params), err)
		}
	}
	if queue.batch.Len() != len(params) {
		return nil, fmt.Errorf("queueing %d statements queued %d: Pipelined takes one statement per call", len(params), queue.batch.Len())
	}
	results := tx.SendBatch(ctx, queue.batch)
	out := make([]R, len(params))
	for i, p := range params {
		r, err := query(ctx, answering{results}, p)
		if err != nil {
			results.Close()
			return nil, err
		}
		out[i] = r
	}
	return out, results.Close()
}

// errQueued is what a queued statement answers: its result comes later, from the batch.
var errQueued = errors.New("queued in a pipeline")

// queueing is a DBTX that adds each statement to a batch instead of sending it.
type queueing struct{ batch *pgx.Batch }

func (q *queueing) Query(_ context.Context, sql string, args ...any) (pgx.Rows, error) {
	q.batch.Queue(sql, args...)
	return nil, errQueued
}

func (q *queueing) QueryRow(_ context.Context, sql string, args ...any) pgx.Row {
	q.batch.Queue(sql, args...)
	return queuedRow{}
}

func (q *queueing) Exec(_ context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	q.batch.Queue(sql, args...)
	return pgconn.CommandTag{}, errQueued
}

type queuedRow struct{}

func (queuedRow) Scan(...any) error { return errQueued }

// answering is a DBTX that answers each statement with the next result of a sent batch.
type answering struct{ results pgx.BatchResults }

func (a answering) Query(context.Context, string, ...any) (pgx.Rows, error) { return a.results.Query() }
func (a answering) QueryRow(context.Context, string, ...any) pgx.Row        { return a.results.QueryRow() }
func (a answering) Exec(context.Context, string, ...any) (pgconn.CommandTag, error) {
	return a.results.Exec()
}

// errNoCopyInPipeline: a COPY is a protocol exchange of its own, which a pipeline cannot hold.
var errNoCopyInPipeline = errors.New("a COPY cannot be pipelined")

func (q *queueing) CopyFrom(context.Context, pgx.Identifier, []string, pgx.CopyFromSource) (int64, error) {
	return 0, errNoCopyInPipeline
}

func (a answering) CopyFrom(context.Context, pgx.Identifier, []string, pgx.CopyFromSource) (int64, error) {
	return 0, errNoCopyInPipeline
}
