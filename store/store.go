// Package store is the data layer: sqlc-generated queries (the *_gen.go files, from queries/*.sql),
// the transaction helper, error translation and the one access function every athlete endpoint asks.
package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

var (
	// ErrNotFound means the row does not exist (pgx.ErrNoRows translated at the store boundary).
	ErrNotFound = errors.New("not found")
	// ErrConflict means a unique constraint refused the write.
	ErrConflict = errors.New("conflict")
)

// Q is the query set; its methods take the pool or a transaction as their first argument.
var Q = New()

// Translate maps driver errors onto ErrNotFound and ErrConflict so callers never inspect pgx errors.
func Translate(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return fmt.Errorf("%w: %s", ErrConflict, pgErr.ConstraintName)
	}
	return err
}

// WithTx runs fn in a transaction, committing when fn returns nil and rolling back on an error or
// a panic (which is re-raised).
func WithTx(ctx context.Context, pool *pgxpool.Pool, fn func(tx pgx.Tx) error) (err error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("beginning transaction: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback(context.WithoutCancel(ctx))
			panic(p)
		}
		if err != nil {
			_ = tx.Rollback(context.WithoutCancel(ctx))
		}
	}()
	if err = fn(tx); err != nil {
		return err
	}
	if err = tx.Commit(ctx); err != nil {
		return fmt.Errorf("committing transaction: %w", err)
	}
	return nil
}
