package main

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
	"legacylocker/store"
)

// BenchmarkDigests times sending every member's digest — 10,000 members of 1,000 families (ten each:
// viewers, and a limited member given some of the photos), each family's athlete with 60 things
// added since the last digest, a third of its entries private — through jobs.SendDigests (each
// member's access read again, their feed read, the e-mail in text and HTML with its pictures and
// its job written, the digest marked sent), against the raw SQL that selects what each member may see: the same feed query for each
// member, its rows read as bytes. Issue 30: ≤ 2×.
//
//	go test ./cmd/api -run '^$' -bench Digests -benchtime 3x
func BenchmarkDigests(b *testing.B) {
	s := newTestServer(b)
	ctx := context.Background()
	const families, membersEach = 1_000, 10
	_, err := s.pool.Exec(ctx, `
		WITH owners AS (
			INSERT INTO users (email, first_name, last_name, password_hash)
			SELECT 'owner' || g || '@example.com', 'Owner', 'Number ' || g, 'x' FROM generate_series(1, $1::int) g RETURNING id),
		athletes_made AS (
			INSERT INTO athletes (user_id, name, sports, position, graduation_year, school)
			SELECT id, 'Athlete of ' || id, 'Baseball', 'Pitcher', 2028, 'Lincoln High' FROM owners RETURNING id, user_id)
		SELECT count(*) FROM athletes_made`, families)
	require.NoError(b, err)
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`INSERT INTO users (email, first_name, last_name, password_hash)
		 SELECT 'member' || a.id || '-' || g || '@example.com', 'Member', a.id || '-' || g, 'x' FROM athletes a, generate_series(1, $1::int) g WHERE NOT a.is_demo`, []any{membersEach}},
		{`INSERT INTO family_members (athlete_id, user_id, name, email, relationship, access_level, status, accepted_at)
		 SELECT a.id, u.id, 'Member', u.email, 'relative', CASE WHEN u.last_name LIKE '%-1' THEN 'limited' ELSE 'viewer' END, 'active', now() - interval '8 days'
		 FROM athletes a JOIN users u ON u.email LIKE 'member' || a.id || '-%'`, nil},
		{`INSERT INTO journal_entries (athlete_id, author_id, title, content, entry_date, is_private, created_at)
		 SELECT a.id, a.user_id, 'Entry ' || g, 'A game.', current_date - g, g % 3 = 0, now() - (g || ' hours')::interval
		 FROM athletes a, generate_series(1, 30) g`, nil},
		{`INSERT INTO media_items (athlete_id, uploaded_by, title, media_date, media_type, mime_type, original_key, thumbnail_key, file_size, status, created_at)
		 SELECT a.id, a.user_id, 'Photo ' || g, current_date - g, 'image', 'image/jpeg', 'digest-' || a.id || '-' || g, 'digest-' || a.id || '-' || g || '-thumb.jpg', 1000, 'ready', now() - (g || ' hours')::interval
		 FROM athletes a, generate_series(1, 20) g`, nil},
		{`INSERT INTO milestones (athlete_id, title, milestone_date, milestone_type, created_by, created_at)
		 SELECT a.id, 'Milestone ' || g, current_date - g, 'achievement', a.user_id, now() - (g || ' hours')::interval FROM athletes a, generate_series(1, 10) g`, nil},
		{`INSERT INTO family_shares (member_id, item_type, item_id)
		 SELECT fm.id, 'media', m.id FROM family_members fm JOIN media_items m ON m.athlete_id = fm.athlete_id
		 WHERE fm.access_level = 'limited' AND m.id % 4 = 0`, nil},
		{`VACUUM ANALYZE`, nil},
	} {
		_, err := s.pool.Exec(ctx, q.sql, q.args...)
		require.NoError(b, err, q.sql)
	}

	// Each member's access and feed query, as the digest reads them, for the raw side.
	type member struct{ User, Athlete int64 }
	rows, err := s.pool.Query(ctx, `SELECT user_id, athlete_id FROM family_members WHERE status = 'active' AND user_id IS NOT NULL AND email LIKE 'member%' ORDER BY id`)
	require.NoError(b, err)
	members, err := pgx.CollectRows(rows, pgx.RowToStructByPos[member])
	require.NoError(b, err)
	require.Equal(b, families*membersEach, len(members))
	rec := &recordingDB{db: s.pool}
	for _, m := range members {
		access, err := store.AccessFor(ctx, s.pool, m.User, m.Athlete)
		require.NoError(b, err)
		_, err = store.Q.ActivityPage(ctx, rec, store.ActivityFor(access, m.Athlete, 100))
		require.NoError(b, err)
	}

	var ours, raw []time.Duration
	for b.Loop() {
		_, err := s.pool.Exec(ctx, `UPDATE family_members SET digest_sent_at = NULL; DELETE FROM outbound_emails; DELETE FROM river_job`)
		require.NoError(b, err)
		start := time.Now()
		sent, err := jobs.SendDigests(ctx, s.pool, s.app.jobs, s.app.cfg.appURL, time.Now(), true)
		ours = append(ours, time.Since(start))
		require.NoError(b, err)
		require.GreaterOrEqual(b, sent, len(members))

		start = time.Now()
		require.NoError(b, rec.replay(ctx))
		raw = append(raw, time.Since(start))
	}
	slices.Sort(ours)
	slices.Sort(raw)
	b.ReportMetric(percentile(ours, 50).Seconds(), "digests-s")
	b.ReportMetric(percentile(raw, 50).Seconds(), "sql-s")
	b.ReportMetric(float64(percentile(ours, 50))/float64(percentile(raw, 50)), "ratio")
}
