package store_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"legacylocker/store"
	"legacylocker/store/storetest"
)

// TestPipelined: statements sent in one pipeline answer what each answers alone, in the order
// asked — rows of :many queries and the row of a :one — and a failing statement fails the whole.
func TestPipelined(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	ctx := context.Background()
	var ids []int64
	for i := range 5 {
		u, err := store.Q.UserCreate(ctx, pool, store.UserCreateParams{Email: fmt.Sprintf("u%d@example.com", i), FirstName: fmt.Sprintf("U%d", i), LastName: "L"})
		require.NoError(t, err)
		ids = append(ids, u.ID)
	}
	asked := []int64{ids[3], ids[0], ids[4], ids[3]}

	err := store.WithTx(ctx, pool, func(tx pgx.Tx) error {
		users, err := store.Pipelined(ctx, tx, asked, store.Q.UserGetByID)
		require.NoError(t, err)
		require.Len(t, users, len(asked))
		for i, u := range users {
			alone, err := store.Q.UserGetByID(ctx, tx, asked[i])
			require.NoError(t, err)
			require.Equal(t, alone, u, "answer %d", i)
		}

		// A :many query: each athlete's feed, pipelined and alone.
		var feeds []store.ActivityPageParams
		for _, id := range ids[:3] {
			a, err := store.Q.AthleteCreate(ctx, tx, store.AthleteCreateParams{UserID: id, Name: "A", Sports: "Baseball", GraduationYear: 2030, School: "S"})
			require.NoError(t, err)
			_, err = tx.Exec(ctx, `INSERT INTO milestones (athlete_id, title, milestone_date, milestone_type, created_by)
				SELECT $1, 'Milestone ' || g, current_date - g, 'achievement', $2 FROM generate_series(1, $3::int) g`, a.ID, ids[4], 1+len(feeds))
			require.NoError(t, err)
			access, err := store.AccessFor(ctx, tx, id, a.ID)
			require.NoError(t, err)
			feeds = append(feeds, store.ActivityFor(access, a.ID, 10))
		}
		pages, err := store.Pipelined(ctx, tx, feeds, store.Q.ActivityPage)
		require.NoError(t, err)
		for i, p := range feeds {
			alone, err := store.Q.ActivityPage(ctx, tx, p)
			require.NoError(t, err)
			require.Len(t, alone, i+1)
			require.Equal(t, alone, pages[i], "feed %d", i)
		}
		return nil
	})
	require.NoError(t, err)

	err = store.WithTx(ctx, pool, func(tx pgx.Tx) error {
		_, err := store.Pipelined(ctx, tx, []int64{ids[0], -1}, store.Q.UserGetByID)
		require.ErrorIs(t, err, pgx.ErrNoRows, "the missing user's statement fails the pipeline")
		return nil
	})
	require.NoError(t, err)
}
