package migrations_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRateLimitCountersAreUnlogged: from 00070 the rate-limit counters write no WAL, and the counts
// taken before stay; down again, they are logged as before.
func TestRateLimitCountersAreUnlogged(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, provider := migratedTo(t, 69)
	_, err := db.ExecContext(ctx, `INSERT INTO rate_limit_hits (key, window_start, hits) VALUES ('rlink:ip:192.0.2.1', now(), 3)`)
	require.NoError(t, err)
	persistence := func() string {
		t.Helper()
		var p string
		require.NoError(t, db.QueryRowContext(ctx, `SELECT relpersistence FROM pg_class WHERE oid = 'rate_limit_hits'::regclass`).Scan(&p))
		return p
	}
	require.Equal(t, "p", persistence())

	_, err = provider.UpTo(ctx, 70)
	require.NoError(t, err)
	require.Equal(t, "u", persistence(), "unlogged")
	var hits int
	require.NoError(t, db.QueryRowContext(ctx, `SELECT hits FROM rate_limit_hits WHERE key = 'rlink:ip:192.0.2.1'`).Scan(&hits))
	require.Equal(t, 3, hits)

	_, err = provider.DownTo(ctx, 69)
	require.NoError(t, err)
	require.Equal(t, "p", persistence())
}
