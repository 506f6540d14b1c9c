package jobs

import (
	"context"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/stretchr/testify/require"

	"legacylocker/store"
)

func TestLoadRecord(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	returning := func(v string, err error) func(context.Context, store.DBTX, int64) (string, error) {
		return func(context.Context, store.DBTX, int64) (string, error) { return v, err }
	}

	got, err := loadRecord(ctx, nil, "media", 7, returning("row", nil))
	require.NoError(t, err)
	require.Equal(t, "row", got)

	_, err = loadRecord(ctx, nil, "media", 7, returning("", pgx.ErrNoRows))
	var cancel *river.JobCancelError
	require.ErrorAs(t, err, &cancel, "a record that is gone cancels the job")
	require.ErrorContains(t, err, "media 7 no longer exists")

	down := errors.New("connection reset")
	_, err = loadRecord(ctx, nil, "media", 7, returning("", down))
	require.NotErrorAs(t, err, &cancel, "any other failure is retried")
	require.ErrorIs(t, err, down)
	require.ErrorContains(t, err, "loading media 7")
}
