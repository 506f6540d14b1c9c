package main

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"legacylocker/store"
)

// BenchmarkActivityFeed times a grandparent's first page of "What's new" over 100,000 activity rows
// of one athlete (30,000 journal entries of which a third are private, 30,000 processed media
// items, 10,000 milestones, 20,000 comments on the entries and photos, 10,000 reactions), beside
// another family's 20,000, through the whole api (HTTP, session, access, the feed's query, JSON)
// and, in the same loop, the feed's SQL sent straight to Postgres with its rows read as bytes.
// Issue 30: the first page's p99 under 20 ms.
//
//	go test ./cmd/api -run '^$' -bench ActivityFeed -benchtime 500x
func BenchmarkActivityFeed(b *testing.B) {
	s := newTestServer(b)
	owner, _ := s.registered(b, "owner@example.com")
	athlete := createAthlete(b, owner)
	grandma, _ := s.member(b, athlete, "grandma@example.com", "viewer", "grandparent")
	var grandmaID int64
	require.NoError(b, s.pool.QueryRow(context.Background(), `SELECT id FROM users WHERE email = 'grandma@example.com'`).Scan(&grandmaID))
	other, _ := s.registered(b, "other@example.com")
	seedActivity(b, s, createAthlete(b, other), 20_000)
	seedActivity(b, s, athlete, 100_000)
	ctx := context.Background()
	_, err := s.pool.Exec(ctx, "VACUUM ANALYZE journal_entries, media_items, milestones, comments, reactions")
	require.NoError(b, err)

	path := fmt.Sprintf("/api/athletes/%d/activity", athlete)
	res := grandma.do("GET", path, nil)
	require.Equal(b, 200, res.status, string(res.body))
	require.Len(b, listOf(b, res), activityPages.size)

	// The feed's query as the api sends it for her page, recorded once and sent again raw.
	rec := &recordingDB{db: s.pool}
	access, err := store.AccessFor(ctx, s.pool, grandmaID, athlete)
	require.NoError(b, err)
	_, err = store.Q.ActivityPage(ctx, rec, store.ActivityFor(access, athlete, int32(activityPages.size)+1))
	require.NoError(b, err)
	var api, raw []time.Duration
	for b.Loop() {
		start := time.Now()
		res := grandma.do("GET", path, nil)
		api = append(api, time.Since(start))
		if res.status != 200 {
			b.Fatalf("%d %s", res.status, res.body)
		}
		start = time.Now()
		if err := rec.replay(ctx); err != nil {
			b.Fatal(err)
		}
		raw = append(raw, time.Since(start))
	}
	reportAgainstSQL(b, api, raw)
}

// seedActivity writes n rows of activity for the athlete in a few statements, spread over two years.
func seedActivity(tb testing.TB, s *testServer, athlete int64, n int) {
	tb.Helper()
	ctx := context.Background()
	for _, q := range []string{
		`INSERT INTO journal_entries (athlete_id, author_id, title, content, entry_date, is_private, created_at)
		 SELECT $1::bigint, a.user_id, 'Entry ' || g, 'What a game.', date '2025-01-01' + (g % 700), g % 3 = 0, now() - (g || ' minutes')::interval
		 FROM generate_series(1, $2::int * 3 / 10) g, athletes a WHERE a.id = $1::bigint`,
		`INSERT INTO media_items (athlete_id, uploaded_by, title, media_date, media_type, mime_type, original_key, thumbnail_key, file_size, status, created_at)
		 SELECT $1::bigint, a.user_id, 'Photo ' || g, date '2025-01-01' + (g % 700), 'image', 'image/jpeg', 'feed-' || $1::bigint || '-' || g || '.jpg',
		        'feed-' || $1::bigint || '-' || g || '-thumb.jpg', 1000, 'ready', now() - (g || ' minutes')::interval - interval '20 seconds'
		 FROM generate_series(1, $2::int * 3 / 10) g, athletes a WHERE a.id = $1::bigint`,
		`INSERT INTO milestones (athlete_id, title, milestone_date, milestone_type, created_by, created_at)
		 SELECT $1, 'Milestone ' || g, date '2025-01-01' + (g % 700), 'achievement', a.user_id, now() - (g * 3 || ' minutes')::interval
		 FROM generate_series(1, $2::int / 10) g, athletes a WHERE a.id = $1::bigint`,
		`INSERT INTO comments (athlete_id, author_id, item_type, item_id, body, created_at)
		 SELECT $1::bigint, a.user_id, 'media', m.id, 'So proud of you', m.created_at + interval '5 seconds'
		 FROM (SELECT id, created_at FROM media_items WHERE athlete_id = $1 ORDER BY id LIMIT $2::int / 5) m, athletes a WHERE a.id = $1::bigint`,
		`INSERT INTO reactions (item_type, item_id, user_id, athlete_id, emoji, created_at)
		 SELECT 'media', m.id, a.user_id, $1, '❤️', m.created_at + interval '7 seconds'
		 FROM (SELECT id, created_at FROM media_items WHERE athlete_id = $1 ORDER BY id LIMIT $2::int / 10) m, athletes a WHERE a.id = $1::bigint`,
	} {
		_, err := s.pool.Exec(ctx, q, athlete, n)
		require.NoError(tb, err, q)
	}
}
