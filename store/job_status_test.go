package store_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"legacylocker/store"
	"legacylocker/store/storetest"
)

func TestJobStatusWorking(t *testing.T) {
	t.Parallel()
	for status, working := range map[store.JobStatus]bool{
		store.JobNone: false, store.JobPending: true, store.JobProcessing: true, store.JobReady: false, store.JobFailed: false,
	} {
		require.Equal(t, working, status.Working(), status)
	}
}

// TestJobStatusMatchesEnum keeps the Go constants and the Postgres enum the same list.
func TestJobStatusMatchesEnum(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	var values []store.JobStatus
	rows, err := pool.Query(context.Background(), "SELECT unnest(enum_range(NULL::job_status))::text")
	require.NoError(t, err)
	for rows.Next() {
		var v store.JobStatus
		require.NoError(t, rows.Scan(&v))
		values = append(values, v)
	}
	require.NoError(t, rows.Err())
	require.Equal(t, []store.JobStatus{store.JobNone, store.JobPending, store.JobProcessing, store.JobReady, store.JobFailed}, values)
}
