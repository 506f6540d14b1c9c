package migrations_test

import (
	"context"
	"database/sql"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/stretchr/testify/require"

	"legacylocker/migrations"
	"legacylocker/store/storetest"
)

// migratedTo answers an empty database of its own migrated up to version, and the goose provider
// that moves it on (or back).
func migratedTo(t *testing.T, version int64) (*sql.DB, *goose.Provider) {
	t.Helper()
	db, err := sql.Open("pgx", storetest.NewEmptyDatabase(t))
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	provider, err := goose.NewProvider(goose.DialectPostgres, db, migrations.Files)
	require.NoError(t, err)
	_, err = provider.UpTo(context.Background(), version)
	require.NoError(t, err)
	return db, provider
}
