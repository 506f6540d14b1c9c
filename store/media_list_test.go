package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"legacylocker/store"
	"legacylocker/store/storetest"
)

// mediaLibrary is one athlete's seeded library: its id, and the member a few items are shared with.
type mediaLibrary struct {
	athlete, member int64
	shared          int
}

// seedMediaLibrary writes n items for a new athlete in one statement (and a few for a second
// athlete that must never show), dated over 400 days so that most days hold several items (the id
// breaks their ties). One item in ten is "Pitching practice", one in a thousand mentions a
// scholarship in its description, the newest 300 and one in 97 of the others are tagged "sunset"
// (a word that fills the first pages from the newest items and the later ones from the search
// index), none mentions a zebra. Every 13th item is shared with a limited member.
func seedMediaLibrary(t *testing.T, pool *pgxpool.Pool, n int) mediaLibrary {
	t.Helper()
	ctx := context.Background()
	var lib mediaLibrary
	for i, size := range []int{n, 50} {
		user, err := store.Q.UserCreate(ctx, pool, store.UserCreateParams{Email: fmt.Sprintf("media%d@example.com", i), FirstName: "M", LastName: "E"})
		require.NoError(t, err)
		athlete, err := store.Q.AthleteCreate(ctx, pool, store.AthleteCreateParams{UserID: user.ID, Name: "M", Sports: "Baseball", GraduationYear: 2030, School: "S"})
		require.NoError(t, err)
		_, err = pool.Exec(ctx, `
			INSERT INTO media_items (athlete_id, title, description, media_date, media_type, mime_type, original_key, file_size, is_favorite, tags, status)
			SELECT $1::bigint,
			       CASE WHEN g % 10 = 0 THEN 'Pitching practice ' ELSE (ARRAY['Game day ', 'Team dinner ', 'Tip drill '])[1 + g % 3] END || g,
			       CASE WHEN g % 1000 = 7 THEN 'Coach talked about a scholarship.' ELSE '' END,
			       date '2020-01-01' + (g % 400),
			       (ARRAY['image', 'image', 'video', 'audio', 'pdf', 'image'])[1 + g % 6], 'image/jpeg',
			       'seed-' || $1::bigint || '-' || g, 1000, g % 7 = 0,
			       CASE WHEN g > $2 - 300 OR g % 97 = 0 THEN ARRAY['sunset'] ELSE ARRAY['family'] END,
			       'ready'
			FROM generate_series(1, $2::int) AS g`, athlete.ID, size)
		require.NoError(t, err)
		if i == 0 {
			lib.athlete = athlete.ID
		}
	}
	require.NoError(t, pool.QueryRow(ctx, `
		INSERT INTO family_members (athlete_id, name, relationship, access_level, status) VALUES ($1, 'Friend', 'friend', 'limited', 'active')
		RETURNING id`, lib.athlete).Scan(&lib.member))
	tag, err := pool.Exec(ctx, `
		INSERT INTO family_shares (member_id, item_type, item_id)
		SELECT $1, 'media', id FROM media_items WHERE athlete_id = $2 AND id % 13 = 0`, lib.member, lib.athlete)
	require.NoError(t, err)
	lib.shared = int(tag.RowsAffected())
	_, err = pool.Exec(ctx, "ANALYZE media_items")
	require.NoError(t, err)
	return lib
}

// TestMediaListPages walks every page of every kind of media list and holds each to the plain
// definition of a page: the newest matching items the caller may see, before the cursor.
func TestMediaListPages(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	lib := seedMediaLibrary(t, pool, 3000)
	day := time.Date(2020, 3, 1, 0, 0, 0, 0, time.UTC)

	cases := []struct {
		name   string
		params store.MediaListForAthleteParams
	}{
		{"list", store.MediaListForAthleteParams{}},
		{"videos", store.MediaListForAthleteParams{MediaType: ptr("video")}},
		{"favourites", store.MediaListForAthleteParams{FavoritesOnly: true}},
		{"common word", store.MediaListForAthleteParams{SearchWords: []string{"pitch"}}},
		{"dense then sparse word", store.MediaListForAthleteParams{SearchWords: []string{"sunset"}}},
		{"rare word", store.MediaListForAthleteParams{SearchWords: []string{"scholar"}}},
		{"no hits", store.MediaListForAthleteParams{SearchWords: []string{"zebra"}}},
		{"one letter", store.MediaListForAthleteParams{SearchWords: []string{"t"}}},
		{"two words and a type", store.MediaListForAthleteParams{SearchWords: []string{"pitching", "prac"}, MediaType: ptr("image")}},
		{"one day", store.MediaListForAthleteParams{OnDate: &day}},
		{"limited member", store.MediaListForAthleteParams{SharedWith: &lib.member}},
		{"limited member's favourite videos", store.MediaListForAthleteParams{SharedWith: &lib.member, MediaType: ptr("video"), FavoritesOnly: true}},
		{"limited member's search", store.MediaListForAthleteParams{SharedWith: &lib.member, SearchWords: []string{"sunset"}}},
		{"limited member's day", store.MediaListForAthleteParams{SharedWith: &lib.member, OnDate: &day}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			params := tc.params
			params.AthleteID, params.MaxRows = lib.athlete, 41
			seen := map[int64]bool{}
			for page := 0; ; page++ {
				rows, err := store.Q.MediaListForAthlete(context.Background(), pool, params)
				require.NoError(t, err)
				got := make([]int64, len(rows))
				for i, r := range rows {
					got[i] = r.ID
					require.False(t, seen[r.ID], "item %d on two pages", r.ID)
					seen[r.ID] = true
				}
				require.Equal(t, referenceMediaPage(t, pool, params), got, "page %d", page)
				if len(rows) < int(params.MaxRows) {
					break
				}
				last := rows[len(rows)-2] // the extra row only says that more remain
				params.BeforeDate, params.BeforeID = &last.MediaDate, &last.ID
				delete(seen, rows[len(rows)-1].ID)
			}
		})
	}
}

// referenceMediaPage answers the ids MediaListForAthlete must return, by the simplest query that
// says what a page is.
func referenceMediaPage(t *testing.T, pool *pgxpool.Pool, p store.MediaListForAthleteParams) []int64 {
	t.Helper()
	var search *string
	if len(p.SearchWords) > 0 {
		search = ptr(strings.Join(p.SearchWords, ":* & ") + ":*")
	}
	var mediaType *string
	favorites := p.FavoritesOnly
	if p.OnDate == nil {
		mediaType = p.MediaType
	} else {
		favorites = false
	}
	rows, err := pool.Query(context.Background(), `
		SELECT id FROM media_items
		WHERE athlete_id = $1
		  AND ($2::text IS NULL OR search @@ to_tsquery('simple', $2))
		  AND ($3::text IS NULL OR media_type = $3)
		  AND (NOT $4 OR is_favorite)
		  AND ($5::bigint IS NULL OR id IN (SELECT item_id FROM family_shares WHERE member_id = $5 AND item_type = 'media'))
		  AND ($6::date IS NULL OR media_date = $6)
		  AND ($7::date IS NULL OR (media_date, id) < ($7, $8::bigint))
		ORDER BY media_date DESC, id DESC
		LIMIT $9`, p.AthleteID, search, mediaType, favorites, p.SharedWith, p.OnDate, p.BeforeDate, p.BeforeID, p.MaxRows)
	require.NoError(t, err)
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	require.NoError(t, err)
	if ids == nil {
		ids = []int64{}
	}
	return ids
}

// TestListPagesReadOnlyTheirPage explains the 50th page of the media library (20,000 items) and of
// the journal, a rare word's and a limited member's page, each as the app runs it: a prepared
// statement, already run for a first page often enough that Postgres may have moved to its generic
// plan. Each must read about a page of rows (a rare word its matches twice: found in the index,
// then read for the page). A word nobody wrote must send no query that reads the library.
func TestListPagesReadOnlyTheirPage(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	lib := seedMediaLibrary(t, pool, 20_000)
	journalAthlete := seedJournalSearch(t, pool)
	ctx := context.Background()

	var deep store.MediaItem
	require.NoError(t, pool.QueryRow(ctx, `SELECT id, media_date FROM media_items WHERE athlete_id = $1
		ORDER BY media_date DESC, id DESC OFFSET 2000 LIMIT 1`, lib.athlete).Scan(&deep.ID, &deep.MediaDate))
	var deepEntry store.JournalEntry
	require.NoError(t, pool.QueryRow(ctx, `SELECT id, entry_date FROM journal_entries WHERE athlete_id = $1
		ORDER BY entry_date DESC, id DESC OFFSET 2000 LIMIT 1`, journalAthlete).Scan(&deepEntry.ID, &deepEntry.EntryDate))

	cases := []struct {
		name    string
		run     func(db store.DBTX) error
		maxRead float64
	}{
		{"media, 50th page", func(db store.DBTX) error {
			_, err := store.Q.MediaListForAthlete(ctx, db, store.MediaListForAthleteParams{AthleteID: lib.athlete, BeforeDate: &deep.MediaDate, BeforeID: &deep.ID, MaxRows: 41})
			return err
		}, 41},
		// On 20 items: found in the search index and read, without walking the newest items.
		{"media, a rare word", func(db store.DBTX) error {
			_, err := store.Q.MediaListForAthlete(ctx, db, store.MediaListForAthleteParams{AthleteID: lib.athlete, SearchWords: []string{"scholar"}, MaxRows: 41})
			return err
		}, 2 * 20},
		{"media, a limited member's page", func(db store.DBTX) error {
			_, err := store.Q.MediaListForAthlete(ctx, db, store.MediaListForAthleteParams{AthleteID: lib.athlete, SharedWith: &lib.member, MaxRows: 41})
			return err
		}, float64(lib.shared)},
		{"journal, 50th page", func(db store.DBTX) error {
			_, err := store.Q.JournalListForAthlete(ctx, db, store.JournalListForAthleteParams{AthleteID: journalAthlete, IncludePrivate: true, BeforeDate: &deepEntry.EntryDate, BeforeID: &deepEntry.ID, MaxRows: 41})
			return err
		}, 41},
	}
	t.Run("media, a word nobody wrote, 50th page", func(t *testing.T) {
		rec := &recordingDB{pool: pool}
		rows, err := store.Q.MediaListForAthlete(ctx, rec, store.MediaListForAthleteParams{AthleteID: lib.athlete, SearchWords: []string{"zebra"}, BeforeDate: &deep.MediaDate, BeforeID: &deep.ID, MaxRows: 41})
		require.NoError(t, err)
		require.Empty(t, rows)
		require.Empty(t, rec.sql, "media_lexemes knows nobody wrote it, yet the library was read")
	})
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			plan, text := explainPrepared(t, pool, tc.run)
			var read float64
			walkPlan(plan, func(n planNode) {
				require.False(t, n.NodeType == "Seq Scan" && n.ActualLoops > 0 && (n.RelationName == "media_items" || n.RelationName == "journal_entries"),
					"a sequential scan ran:\n%s", text)
				if n.RelationName == "media_items" || n.RelationName == "journal_entries" {
					read += n.ActualRows*n.ActualLoops + n.RowsRemovedByFilter
				}
			})
			require.LessOrEqual(t, read, tc.maxRead+2, "rows read:\n%s", compactPlan(plan, 0))
		})
	}
}

// explainPrepared prepares the one query run sends, executes it ten times, then explains it under
// EXPLAIN ANALYZE, so the plan is the one Postgres's plan cache chose by then (after five runs it
// may move to a generic plan).
func explainPrepared(t *testing.T, pool *pgxpool.Pool, run func(store.DBTX) error) (*planNode, string) {
	t.Helper()
	ctx := context.Background()
	rec := &recordingDB{pool: pool}
	require.NoError(t, run(rec))
	require.NotEmpty(t, rec.sql, "the query was not recorded")
	conn, err := pgx.ConnectConfig(ctx, pool.Config().ConnConfig.Copy())
	require.NoError(t, err)
	defer conn.Close(ctx)
	_, err = conn.Prepare(ctx, "page", rec.sql)
	require.NoError(t, err)
	literals := make([]string, len(rec.args))
	for i, a := range rec.args {
		literals[i] = sqlLiteral(a)
	}
	for range 10 {
		_, err := conn.Exec(ctx, "EXECUTE page("+strings.Join(literals, ", ")+")", pgx.QueryExecModeSimpleProtocol)
		require.NoError(t, err)
	}
	var out []byte
	require.NoError(t, conn.QueryRow(ctx, "EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE page("+strings.Join(literals, ", ")+")",
		pgx.QueryExecModeSimpleProtocol).Scan(&out))
	var plans []struct{ Plan planNode }
	require.NoError(t, json.Unmarshal(out, &plans))
	require.Len(t, plans, 1)
	return &plans[0].Plan, string(out)
}

// sqlLiteral writes one argument of a generated query as SQL; the prepared statement's parameter
// types say how it is read.
func sqlLiteral(a any) string {
	v := reflect.ValueOf(a)
	if !v.IsValid() || (v.Kind() == reflect.Pointer || v.Kind() == reflect.Slice) && v.IsNil() {
		return "NULL"
	}
	if v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	switch x := v.Interface().(type) {
	case time.Time:
		return "'" + x.Format(time.RFC3339Nano) + "'"
	case string:
		return "'" + strings.ReplaceAll(x, "'", "''") + "'"
	case []string:
		quoted := make([]string, len(x))
		for i, s := range x {
			quoted[i] = `"` + s + `"`
		}
		return "'{" + strings.Join(quoted, ",") + "}'"
	default:
		return fmt.Sprint(x)
	}
}

// compactPlan writes a plan one node a line, with what each read.
func compactPlan(n *planNode, depth int) string {
	out := fmt.Sprintf("%s%s %s %s rows=%v loops=%v removed=%v\n", strings.Repeat("  ", depth), n.NodeType, n.RelationName, n.IndexName,
		n.ActualRows, n.ActualLoops, n.RowsRemovedByFilter)
	for i := range n.Plans {
		out += compactPlan(&n.Plans[i], depth+1)
	}
	return out
}

// recordingDB keeps the last query sent through it (and runs it).
type recordingDB struct {
	pool *pgxpool.Pool
	sql  string
	args []any
}

func (db *recordingDB) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	db.sql, db.args = sql, args
	return db.pool.Query(ctx, sql, args...)
}

func (db *recordingDB) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	return db.pool.QueryRow(ctx, sql, args...)
}

func (db *recordingDB) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return db.pool.Exec(ctx, sql, args...)
}

func (db *recordingDB) CopyFrom(ctx context.Context, table pgx.Identifier, columns []string, rows pgx.CopyFromSource) (int64, error) {
	return db.pool.CopyFrom(ctx, table, columns, rows)
}

// TestMediaLexemesStayExact changes two athletes' libraries in the ways the app does (uploads one
// at a time and in bulk, edits that change words and edits that do not, deletions, deleting the
// athlete) and checks after each step that media_lexemes holds exactly what counting the items'
// words afresh gives. A count too low would make a search skip items it should find.
func TestMediaLexemesStayExact(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	lib := seedMediaLibrary(t, pool, 500)
	ctx := context.Background()
	exact := func(step string) {
		t.Helper()
		var differences int
		require.NoError(t, pool.QueryRow(ctx, `
			WITH fresh AS (
				SELECT athlete_id, lexeme COLLATE "C" AS lexeme, count(*)::int AS items
				FROM media_items, unnest(tsvector_to_array(search)) AS lexeme GROUP BY 1, 2)
			SELECT count(*) FROM (
				(SELECT athlete_id, lexeme, items FROM media_lexemes EXCEPT SELECT * FROM fresh)
				UNION ALL
				(SELECT * FROM fresh EXCEPT SELECT athlete_id, lexeme, items FROM media_lexemes)) AS d`).Scan(&differences))
		require.Zero(t, differences, "media_lexemes is wrong after %s", step)
	}
	exact("seeding two libraries in bulk")

	steps := []struct{ name, sql string }{
		{"one upload", `INSERT INTO media_items (athlete_id, title, description, media_date, media_type, mime_type, original_key, file_size, tags)
			VALUES ($1, 'Zebra crossing', 'Walking to the field', '2031-05-04', 'video', 'video/mp4', 'one-upload', 1, ARRAY['walk'])`},
		{"edits that change no words", `UPDATE media_items SET is_favorite = NOT is_favorite, status = 'failed', media_date = media_date + 1 WHERE athlete_id = $1`},
		{"a new title", `UPDATE media_items SET title = 'Bullpen session' WHERE athlete_id = $1 AND id % 3 = 0`},
		{"new tags and descriptions", `UPDATE media_items SET tags = ARRAY['sunset', 'zebra'], description = 'Coach said well done' WHERE athlete_id = $1 AND id % 5 = 0`},
		{"deleting some", `DELETE FROM media_items WHERE athlete_id = $1 AND id % 4 = 0`},
		{"deleting every item with a word", `DELETE FROM media_items WHERE athlete_id = $1 AND search @@ to_tsquery('simple', 'zebra')`},
		{"deleting the athlete", `DELETE FROM athletes WHERE id = $1`},
	}
	for _, step := range steps {
		_, err := pool.Exec(ctx, step.sql, lib.athlete)
		require.NoError(t, err, step.name)
		exact(step.name)
		if step.name == "deleting every item with a word" {
			var zebra int
			require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM media_lexemes WHERE athlete_id = $1 AND lexeme = 'zebra'`, lib.athlete).Scan(&zebra))
			require.Zero(t, zebra, "a word no item holds any more is still counted")
		}
	}
}

// TestMediaMonthCountsStayExact changes two athletes' libraries in every way the app does (one
// upload, a bulk insert, a favourite, a new date, an edit that changes no count, deletions, and
// deleting the athlete) and checks after each step that media_month_counts holds exactly what
// counting the items afresh gives.
func TestMediaMonthCountsStayExact(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	lib := seedMediaLibrary(t, pool, 500)
	ctx := context.Background()
	exact := func(step string) {
		t.Helper()
		var differences int
		require.NoError(t, pool.QueryRow(ctx, `
			WITH fresh AS (
				SELECT athlete_id, date_trunc('month', media_date::timestamp)::date AS month, media_type,
				       count(*)::int AS items, (count(*) FILTER (WHERE is_favorite))::int AS favorites
				FROM media_items GROUP BY 1, 2, 3)
			SELECT count(*) FROM (
				(SELECT athlete_id, month, media_type, items, favorites FROM media_month_counts EXCEPT SELECT * FROM fresh)
				UNION ALL
				(SELECT * FROM fresh EXCEPT SELECT athlete_id, month, media_type, items, favorites FROM media_month_counts)) AS d`).Scan(&differences))
		require.Zero(t, differences, "media_month_counts is wrong after %s", step)
	}
	exact("seeding two libraries in bulk")

	steps := []struct{ name, sql string }{
		{"one upload in a new month", `INSERT INTO media_items (athlete_id, title, media_date, media_type, mime_type, original_key, file_size)
			VALUES ($1, 'New', '2031-05-04', 'video', 'video/mp4', 'one-upload', 1)`},
		{"favouriting", `UPDATE media_items SET is_favorite = NOT is_favorite WHERE athlete_id = $1 AND id % 5 = 0`},
		{"moving items to another month", `UPDATE media_items SET media_date = media_date + 45 WHERE athlete_id = $1 AND id % 3 = 0`},
		{"an edit that changes no count", `UPDATE media_items SET title = title || '!', status = 'failed' WHERE athlete_id = $1`},
		{"deleting some", `DELETE FROM media_items WHERE athlete_id = $1 AND id % 4 = 0`},
		{"deleting a whole month", `DELETE FROM media_items WHERE athlete_id = $1 AND media_date >= '2031-05-01'`},
		{"deleting the athlete", `DELETE FROM athletes WHERE id = $1`},
	}
	for _, step := range steps {
		_, err := pool.Exec(ctx, step.sql, lib.athlete)
		require.NoError(t, err, step.name)
		exact(step.name)
	}
	var left int
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM media_month_counts WHERE athlete_id = $1`, lib.athlete).Scan(&left))
	require.Zero(t, left)
}
