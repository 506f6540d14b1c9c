package main

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// A journal entry sent again with the same Idempotency-Key (a phone whose answer was lost) is made
// once, and the second request is answered with it; the same key with another entry is refused.
func TestJournalEntryIsMadeOncePerIdempotencyKey(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, ownerID := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, owner)
	path := fmt.Sprintf("/api/athletes/%d/journal", athlete)
	entry := map[string]any{"title": "First game", "content": "He caught the ball in center field.", "date": "2026-05-09"}
	count := func() int {
		t.Helper()
		var n int
		require.NoError(t, s.pool.QueryRow(context.Background(), "SELECT count(*) FROM journal_entries WHERE athlete_id = $1", athlete).Scan(&n))
		return n
	}

	first := owner.do("POST", path, entry, idempotencyKeyHeader, "draft-1")
	require.Equal(t, http.StatusCreated, first.status, string(first.body))
	again := owner.do("POST", path, entry, idempotencyKeyHeader, "draft-1")
	require.Equal(t, http.StatusCreated, again.status, string(again.body))
	require.Equal(t, "true", again.header.Get(replayedHeader))
	require.Equal(t, first.json(t)["id"], again.json(t)["id"])
	require.Equal(t, 1, count())

	// Sent twice at once: one entry, both answered with it.
	var wg sync.WaitGroup
	ids := make([]any, 4)
	for i := range ids {
		wg.Go(func() {
			res := owner.do("POST", path, map[string]any{"title": "Rain delay", "content": "We waited.", "date": "2026-05-10"}, idempotencyKeyHeader, "draft-2")
			if res.status == http.StatusCreated {
				ids[i] = res.json(t)["id"]
			}
		})
	}
	wg.Wait()
	require.NotNil(t, ids[0])
	for _, id := range ids {
		require.Equal(t, ids[0], id)
	}
	require.Equal(t, 2, count())

	// The same key with a different entry is a client's mistake, not a retry.
	res := owner.do("POST", path, map[string]any{"title": "Another game", "content": "Two hits.", "date": "2026-05-11"}, idempotencyKeyHeader, "draft-1")
	require.Equal(t, 422, res.status, string(res.body))
	require.Contains(t, res.json(t)["message"], "different request")
	require.Equal(t, 2, count())

	// Without a key every request is its own; a malformed key is refused.
	require.Equal(t, http.StatusCreated, owner.do("POST", path, entry).status)
	require.Equal(t, http.StatusCreated, owner.do("POST", path, entry).status)
	require.Equal(t, 4, count())
	require.Equal(t, http.StatusBadRequest, owner.do("POST", path, entry, idempotencyKeyHeader, "draft 1\t").status)

	// A key is the account's own: another member of the circle using the same key makes their entry.
	editor, _ := s.member(t, athlete, "bo@example.com", "editor", "parent")
	res = editor.do("POST", path, entry, idempotencyKeyHeader, "draft-1")
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	require.Empty(t, res.header.Get(replayedHeader))
	require.Equal(t, 5, count())

	// An entry deleted since is not made again by a late retry.
	firstID := int64(first.json(t)["id"].(float64))
	require.Equal(t, http.StatusNoContent, owner.do("DELETE", fmt.Sprintf("/api/journal/%d", firstID), nil).status)
	res = owner.do("POST", path, entry, idempotencyKeyHeader, "draft-1")
	require.Equal(t, http.StatusGone, res.status, string(res.body))
	require.Equal(t, 4, count())

	// After 24 hours the key is forgotten and may name a new request.
	_, err := s.pool.Exec(context.Background(), "UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE user_id = $1", ownerID)
	require.NoError(t, err)
	require.Equal(t, http.StatusCreated, owner.do("POST", path, entry, idempotencyKeyHeader, "draft-1").status)
	require.Equal(t, 5, count())
	var keys int
	require.NoError(t, s.pool.QueryRow(context.Background(), "SELECT count(*) FROM idempotency_keys WHERE user_id = $1", ownerID).Scan(&keys))
	require.Equal(t, 1, keys, "the keys past their day are forgotten as a new one is recorded")

	// A stranger and a signed-out visitor cannot use the route, key or not.
	stranger, _ := s.registered(t, "stranger@example.com")
	require.Equal(t, http.StatusNotFound, stranger.do("POST", path, entry, idempotencyKeyHeader, "draft-1").status)
	require.Equal(t, http.StatusUnauthorized, s.newClient(t).do("POST", path, entry, idempotencyKeyHeader, "draft-1").status)
}
