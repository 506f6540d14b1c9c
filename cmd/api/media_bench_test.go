package main

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/require"

	"legacylocker/store"
)

// BenchmarkMediaLibrary times the media library of 1,000, 20,000 and 50,000 items (each size in a
// fresh database, beside 5,000 items of another family) through the whole api — HTTP, session,
// access check, query, JSON — and, in the same loop, the exact SQL the api sent for that page (a
// search: its count of the words, then its page) sent straight to Postgres with its rows read as
// bytes: the floor. Pages: the first, the 100th (its
// cursor found by walking the 99 before it; the last page at 1,000 items, which has 17), a search
// for a word no item holds, a common word's first page, the summary (and, SQL only, what counting
// the items instead of reading media_month_counts would cost), and GET
// /api/athletes/{id}/privacy-settings (what any signed-in request costs: session, user, access
// check, and one query of its own, the athlete's row). It reports p50 and p99 of
// each side, the api's p99 over the raw SQL's, and the answer's size.
// Run: go test ./cmd/api -run '^$' -bench MediaLibrary -benchtime 1000x
func BenchmarkMediaLibrary(b *testing.B) {
	for _, n := range []int{1_000, 20_000, 50_000} {
		b.Run(fmt.Sprintf("items=%d", n), func(b *testing.B) { benchmarkMediaLibrary(b, n) })
	}
}

func benchmarkMediaLibrary(b *testing.B, items int) {
	s := newTestServer(b)
	owner, ownerID := s.registered(b, "bench@example.com")
	athlete := createAthlete(b, owner)
	other, _ := s.registered(b, "other@example.com")
	seedBenchLibrary(b, s, createAthlete(b, other), 5_000)
	seedBenchLibrary(b, s, athlete, items)
	ctx := context.Background()
	_, err := s.pool.Exec(ctx, "VACUUM ANALYZE media_items, media_lexemes")
	require.NoError(b, err)

	base := fmt.Sprintf("/api/athletes/%d/media", athlete)
	// The 100th page's cursor, walked to as a client would.
	cursor := ""
	for page := 1; page < 100; page++ {
		res := owner.do("GET", base+"?cursor="+url.QueryEscape(cursor), nil)
		require.Equal(b, 200, res.status, string(res.body))
		next := res.header.Get(nextCursorHeader)
		if next == "" {
			break
		}
		cursor = next
	}
	deep, ok := decodeCursor[timeKey](mediaPages.list, cursor)
	require.True(b, ok)

	// A page's SQL: its items, then the comment counts and reactions of those it answers (the
	// items' answers have carried them since issue 30).
	page := func(db store.DBTX, p store.MediaListForAthleteParams) error {
		p.AthleteID, p.MaxRows = athlete, int32(mediaPages.size)+1
		items, err := store.Q.MediaListForAthlete(ctx, db, p)
		if err != nil || len(items) == 0 {
			return err
		}
		ids := make([]int64, 0, mediaPages.size)
		for _, item := range items[:min(len(items), mediaPages.size)] {
			ids = append(ids, item.ID)
		}
		_, err = store.Q.ResponsesForItems(ctx, db, store.ResponsesForItemsParams{ItemType: "media", Caller: ownerID, ItemIds: ids})
		return err
	}
	cases := []struct {
		name, path string
		sql        func(db store.DBTX) error
		// acceptEncoding is what the client takes: "identity" unless set, so the pages are timed as
		// the figures before compressJSON were; the gzip case asks as a browser does (its answer-bytes
		// are the compressed page).
		acceptEncoding string
	}{
		{"first-page", base, func(db store.DBTX) error {
			return page(db, store.MediaListForAthleteParams{})
		}, ""},
		{"first-page-gzip", base, func(db store.DBTX) error {
			return page(db, store.MediaListForAthleteParams{})
		}, "gzip"},
		{"100th-page", base + "?cursor=" + url.QueryEscape(cursor), func(db store.DBTX) error {
			return page(db, store.MediaListForAthleteParams{BeforeDate: &deep.At, BeforeID: &deep.ID})
		}, ""},
		{"search-no-hits", base + "?q=zebra", func(db store.DBTX) error {
			return page(db, store.MediaListForAthleteParams{SearchWords: []string{"zebra"}})
		}, ""},
		{"search-common", base + "?q=pitch", func(db store.DBTX) error {
			return page(db, store.MediaListForAthleteParams{SearchWords: []string{"pitch"}})
		}, ""},
		{"summary", base + "/summary", func(db store.DBTX) error {
			_, err := store.Q.MediaSummary(ctx, db, athlete, nil)
			return err
		}, ""},
		// What the summary would cost without media_month_counts: counting the items (SQL only).
		{"summary-by-counting-items", "", func(db store.DBTX) error {
			rows, err := db.Query(ctx, `SELECT date_trunc('month', media_date::timestamp)::date, media_type, count(*), count(*) FILTER (WHERE is_favorite)
				FROM media_items WHERE athlete_id = $1 GROUP BY 1, 2`, athlete)
			if err == nil {
				rows.Close()
			}
			return err
		}, ""},
		// What any signed-in request costs (session, user, access), beside the athlete's own row: the
		// privacy settings are that row and nothing else (GET /api/athletes/{id} also reads whether
		// there are videos, stats, recruiting facts and a photo, which the SQL side would not replay).
		{"any-request", fmt.Sprintf("/api/athletes/%d/privacy-settings", athlete), func(db store.DBTX) error {
			_, err := store.Q.AthleteGetByID(ctx, db, athlete)
			return err
		}, ""},
	}
	for _, tc := range cases {
		rec := &recordingDB{db: s.pool}
		require.NoError(b, tc.sql(rec))
		b.Run(tc.name, func(b *testing.B) {
			var api, raw []time.Duration
			var body bytes.Buffer
			for b.Loop() {
				start := time.Now()
				if tc.path != "" {
					status, err := benchGet(owner, &body, tc.path, cmp.Or(tc.acceptEncoding, "identity"))
					api = append(api, time.Since(start))
					if err != nil || status != 200 {
						b.Fatalf("%s: %d %v %s", tc.path, status, err, body.Bytes())
					}
				}
				start = time.Now()
				if err := rec.replay(ctx); err != nil {
					b.Fatal(err)
				}
				raw = append(raw, time.Since(start))
			}
			reportAgainstSQL(b, api, raw)
			if tc.path != "" {
				b.ReportMetric(float64(body.Len()), "answer-bytes")
			}
		})
	}
}

// benchGet sends a GET as the client c (its cookies) and reads the answer into body, which the
// benchmark keeps from request to request. The client shares the api's process, unlike a browser:
// reading each answer with io.ReadAll (client.do) made about 85 kB of garbage a page, a third of the
// process's, and the collections it called for paused the api's requests and the SQL side's alike.
func benchGet(c *client, body *bytes.Buffer, path, acceptEncoding string) (int, error) {
	req, err := http.NewRequest("GET", c.base+path, nil)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Accept-Encoding", acceptEncoding)
	res, err := c.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	body.Reset()
	_, err = body.ReadFrom(res.Body)
	return res.StatusCode, err
}

// seedBenchLibrary writes n items for the athlete in one statement, as a family's library looks:
// titles and descriptions of a few words, a tag, spread over eighteen years (a childhood: 216
// months, several items a day at 50,000), a thumbnail each, one in ten "Pitching practice", no
// item mentioning a zebra.
func seedBenchLibrary(tb testing.TB, s *testServer, athlete int64, n int) {
	tb.Helper()
	_, err := s.pool.Exec(context.Background(), `
		INSERT INTO media_items (athlete_id, title, description, media_date, media_type, mime_type, original_key, thumbnail_key,
		                         file_size, width, height, is_favorite, is_private, tags, status)
		SELECT $1::bigint,
		       CASE WHEN g % 10 = 0 THEN 'Pitching practice' ELSE (ARRAY['Game day', 'Team dinner', 'Birthday', 'Tournament', 'Batting cage'])[1 + g % 5] END || ' ' || g,
		       CASE WHEN g % 3 = 0 THEN 'With the team at the field after school.' ELSE '' END,
		       date '2008-01-01' + (g::bigint * 6570 / $2)::int,
		       (ARRAY['image', 'image', 'image', 'video', 'audio', 'pdf'])[1 + g % 6],
		       'image/jpeg', 'bench-' || $1::bigint || '-' || g || '.jpg', 'bench-' || $1::bigint || '-' || g || '-thumb.jpg',
		       2500000 + g, 4032, 3024, g % 17 = 0, g % 2 = 0,
		       ARRAY[(ARRAY['game', 'training', 'family', 'tournament'])[1 + g % 4]], 'ready'
		FROM generate_series(1, $2::int) AS g`, athlete, n)
	require.NoError(tb, err)
}

// recordingDB keeps the queries the store sent through it (a search sends two), to send the same
// SQL again raw.
type recordingDB struct {
	db      store.DBTX
	queries []recordedQuery
}

type recordedQuery struct {
	sql  string
	args []any
}

func (r *recordingDB) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	r.queries = append(r.queries, recordedQuery{sql, args})
	return r.db.Query(ctx, sql, args...)
}

func (r *recordingDB) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	r.queries = append(r.queries, recordedQuery{sql, args})
	return r.db.QueryRow(ctx, sql, args...)
}

func (r *recordingDB) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return r.db.Exec(ctx, sql, args...)
}

func (r *recordingDB) CopyFrom(ctx context.Context, table pgx.Identifier, columns []string, rows pgx.CopyFromSource) (int64, error) {
	return r.db.CopyFrom(ctx, table, columns, rows)
}

// replay sends the recorded queries again, one after the other, and reads their rows as bytes,
// decoding nothing.
func (r *recordingDB) replay(ctx context.Context) error {
	for _, q := range r.queries {
		rows, err := r.db.Query(ctx, q.sql, q.args...)
		if err != nil {
			return err
		}
		for rows.Next() {
			_ = rows.RawValues()
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	return nil
}

// reportAgainstSQL reports the p50 and p99 of the raw SQL's times and, when the api was timed too,
// of the api's and the api's p99 over the SQL's.
func reportAgainstSQL(b *testing.B, api, raw []time.Duration) {
	slices.Sort(api)
	slices.Sort(raw)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(percentile(raw, 50)), "sql-p50-ms")
	b.ReportMetric(ms(percentile(raw, 99)), "sql-p99-ms")
	if len(api) > 0 {
		b.ReportMetric(ms(percentile(api, 50)), "api-p50-ms")
		b.ReportMetric(ms(percentile(api, 99)), "api-p99-ms")
		b.ReportMetric(ms(percentile(api, 99))/ms(percentile(raw, 99)), "p99-ratio")
	}
}
