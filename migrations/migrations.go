// Package migrations holds the database schema as goose SQL migrations and applies it, together with
// River's own schema, in one step that is safe to run from many processes at once.
package migrations

import (
	"context"
	"embed"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
)

//go:embed *.sql
var files embed.FS

// Files is the migration set, exposed so test databases can tell when their template is stale.
var Files = files

// lockID serialises migrations across api processes starting at the same time.
const lockID = 7_340_112_401

// Apply brings the database up to date: River's tables first, then ours. It holds a session-level
// advisory lock for the duration so concurrent starts wait instead of racing.
func Apply(ctx context.Context, pool *pgxpool.Pool, logger *slog.Logger) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("acquiring connection for migrations: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", lockID); err != nil {
		return fmt.Errorf("taking migration lock: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", lockID) //nolint:errcheck // released with the session anyway

	riverMigrator, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		return fmt.Errorf("creating river migrator: %w", err)
	}
	res, err := riverMigrator.Migrate(ctx, rivermigrate.DirectionUp, nil)
	if err != nil {
		return fmt.Errorf("applying river migrations: %w", err)
	}
	for _, v := range res.Versions {
		logger.Info("applied river migration", "version", v.Version)
	}

	db := stdlib.OpenDBFromPool(pool)
	defer db.Close()
	provider, err := goose.NewProvider(goose.DialectPostgres, db, files)
	if err != nil {
		return fmt.Errorf("creating goose provider: %w", err)
	}
	results, err := provider.Up(ctx)
	if err != nil {
		return fmt.Errorf("applying migrations: %w", err)
	}
	for _, r := range results {
		logger.Info("applied migration", "file", r.Source.Path, "duration", r.Duration)
	}
	return nil
}

// Pending reports whether the database lacks any of this build's migrations (for readiness: an api
// whose schema is behind its code must not take traffic).
func Pending(ctx context.Context, pool *pgxpool.Pool) (bool, error) {
	db := stdlib.OpenDBFromPool(pool)
	defer db.Close()
	provider, err := goose.NewProvider(goose.DialectPostgres, db, files)
	if err != nil {
		return false, fmt.Errorf("creating goose provider: %w", err)
	}
	return provider.HasPending(ctx)
}
