package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"legacylocker/store"
	"legacylocker/store/storetest"
)

// journalSearchEntries is enough entries for the planner to face the choice that matters: walk
// the date index hoping for an early page, or look the word up in the search index.
const journalSearchEntries = 10_000

// TestJournalSearchUsesSearchIndex runs JournalListForAthlete for a rare word and for one nobody
// wrote, and checks in EXPLAIN ANALYZE what it read. The rare word is looked up in the search
// index, never walking the date index; the missing word is answered from journal_lexemes without
// reading journal_entries at all. Before the fix, a word with no hits walked
// journal_entries_athlete_date_idx through every entry, filtering each one.
func TestJournalSearchUsesSearchIndex(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	athleteID := seedJournalSearch(t, pool)

	for _, tc := range []struct {
		word       string
		readsEntry bool
	}{{"scholar", true}, {"zebra", false}} {
		t.Run(tc.word, func(t *testing.T) {
			db := &explainingDB{pool: pool}
			_, err := store.Q.JournalListForAthlete(context.Background(), db, store.JournalListForAthleteParams{
				AthleteID: athleteID, IncludePrivate: true, SearchWords: []string{tc.word}, MaxRows: 51,
			})
			require.NoError(t, err)
			if !tc.readsEntry {
				require.Nil(t, db.plan, "a word nobody wrote still read journal_entries:\n%s", db.text)
				return
			}
			require.NotNil(t, db.plan, "the query was not explained")

			var searchIndexScans, dateIndexRows float64
			walkPlan(db.plan, func(n planNode) {
				require.False(t, n.NodeType == "Seq Scan" && n.RelationName == "journal_entries" && n.ActualLoops > 0,
					"a sequential scan of journal_entries ran:\n%s", db.text)
				switch {
				case strings.HasSuffix(n.IndexName, "search_idx"):
					searchIndexScans += n.ActualLoops
				case n.IndexName == "journal_entries_athlete_date_idx":
					dateIndexRows += n.ActualRows*n.ActualLoops + n.RowsRemovedByFilter
				}
			})
			require.Zero(t, dateIndexRows, "the date index was walked:\n%s", db.text)
			require.Positive(t, searchIndexScans, "no search index was used:\n%s", db.text)
		})
	}
}

// TestJournalSearchPages checks every path of JournalListForAthlete against the plain definition
// of a page: the newest matching entries before the cursor.
func TestJournalSearchPages(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	athleteID := seedJournalSearch(t, pool)
	ctx := context.Background()

	cases := []struct {
		name   string
		search []string
		tag    *string
	}{
		{"list", nil, nil},
		{"common word", []string{"pitch"}, nil},
		{"rare word", []string{"scholar"}, nil},
		{"no hits", []string{"zebra"}, nil},
		{"a common and a rare word", []string{"pitch", "schol"}, nil},
		{"a common and a missing word", []string{"pitch", "zebra"}, nil},
		{"common word and a tag", []string{"pitch"}, ptr("Leadership")},
		{"rare word and a tag", []string{"scholar"}, ptr("milestone")},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			params := store.JournalListForAthleteParams{AthleteID: athleteID, SearchWords: tc.search, Tag: tc.tag, MaxRows: 11}
			for page := 0; page < 3; page++ {
				rows, err := store.Q.JournalListForAthlete(ctx, pool, params)
				require.NoError(t, err)
				want := referencePage(t, pool, params)
				got := make([]int64, len(rows))
				for i, r := range rows {
					got[i] = r.ID
				}
				require.Equal(t, want, got, "page %d", page)
				if len(rows) == 0 {
					break
				}
				last := rows[len(rows)-1]
				params.BeforeDate, params.BeforeID = &last.EntryDate, &last.ID
			}
		})
	}
}

// referencePage answers the ids JournalListForAthlete must return, by the simplest query that
// says what a page is (public entries only, as the cases ask).
func referencePage(t *testing.T, pool *pgxpool.Pool, p store.JournalListForAthleteParams) []int64 {
	t.Helper()
	var search *string
	if len(p.SearchWords) > 0 {
		q := strings.Join(p.SearchWords, ":* & ") + ":*"
		search = &q
	}
	rows, err := pool.Query(context.Background(), `
		SELECT id FROM journal_entries
		WHERE athlete_id = $1 AND NOT is_private
		  AND ($2::text IS NULL OR search @@ to_tsquery('simple', $2))
		  AND ($3::text IS NULL OR lower($3) = ANY (SELECT lower(t) FROM unnest(tags) AS t))
		  AND ($4::date IS NULL OR (entry_date, id) < ($4, $5::bigint))
		ORDER BY entry_date DESC, id DESC
		LIMIT $6`, p.AthleteID, search, p.Tag, p.BeforeDate, p.BeforeID, p.MaxRows)
	require.NoError(t, err)
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	require.NoError(t, err)
	if ids == nil {
		ids = []int64{}
	}
	return ids
}

// seedJournalSearch writes journalSearchEntries entries for a new athlete in one statement, and
// a few for a second athlete that must never show: one in ten mentions pitching, one in a
// thousand a scholarship, none a zebra.
func seedJournalSearch(t *testing.T, pool *pgxpool.Pool) int64 {
	t.Helper()
	ctx := context.Background()
	var athletes [2]int64
	for i := range athletes {
		user, err := store.Q.UserCreate(ctx, pool, store.UserCreateParams{Email: fmt.Sprintf("search%d@example.com", i), FirstName: "S", LastName: "E"})
		require.NoError(t, err)
		athlete, err := store.Q.AthleteCreate(ctx, pool, store.AthleteCreateParams{UserID: user.ID, Name: "S", Sports: "Baseball", GraduationYear: 2030, School: "S"})
		require.NoError(t, err)
		athletes[i] = athlete.ID
	}
	for i, n := range []int{journalSearchEntries, 100} {
		_, err := pool.Exec(ctx, `
			INSERT INTO journal_entries (athlete_id, title, content, entry_date, tags, is_private)
			SELECT $1,
			       (ARRAY['Game day', 'Bullpen', 'Team dinner', 'Film study', 'Recovery'])[1 + g % 5] || ' ' || g,
			       CASE WHEN g % 10 = 0 THEN 'Worked on pitching mechanics. ' ELSE 'Long practice with the team. ' END
			         || CASE WHEN g % 1000 = 7 THEN 'Coach called about a scholarship.' ELSE '' END,
			       date '2020-01-01' + (g % 2500),
			       ARRAY[(ARRAY['training', 'game reflection', 'leadership', 'milestone'])[1 + g % 4]],
			       false
			FROM generate_series(1, $2::int) AS g`, athletes[i], n)
		require.NoError(t, err)
	}
	_, err := pool.Exec(ctx, "ANALYZE journal_entries")
	require.NoError(t, err)
	return athletes[0]
}

// explainingDB runs each query twice: once under EXPLAIN ANALYZE, keeping the plan, and once for
// real. Passing it to a generated query explains exactly the SQL and arguments the app sends.
type explainingDB struct {
	pool *pgxpool.Pool
	plan *planNode
	text string
}

func (db *explainingDB) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	var out []byte
	if err := db.pool.QueryRow(ctx, "EXPLAIN (ANALYZE, FORMAT JSON) "+sql, args...).Scan(&out); err != nil {
		return nil, fmt.Errorf("explaining: %w", err)
	}
	var plans []struct{ Plan planNode }
	if err := json.Unmarshal(out, &plans); err != nil || len(plans) != 1 {
		return nil, fmt.Errorf("reading the plan (%d plans): %w", len(plans), err)
	}
	db.plan, db.text = &plans[0].Plan, string(out)
	return db.pool.Query(ctx, sql, args...)
}

// QueryRow is not explained: JournalListForAthlete uses it only for journal_lexemes.
func (db *explainingDB) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	return db.pool.QueryRow(ctx, sql, args...)
}

func (db *explainingDB) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return db.pool.Exec(ctx, sql, args...)
}

func (db *explainingDB) CopyFrom(ctx context.Context, table pgx.Identifier, columns []string, rows pgx.CopyFromSource) (int64, error) {
	return db.pool.CopyFrom(ctx, table, columns, rows)
}

// planNode is the part of an EXPLAIN (ANALYZE, FORMAT JSON) node the test reads.
type planNode struct {
	NodeType            string     `json:"Node Type"`
	RelationName        string     `json:"Relation Name"`
	IndexName           string     `json:"Index Name"`
	ActualRows          float64    `json:"Actual Rows"`
	ActualLoops         float64    `json:"Actual Loops"`
	RowsRemovedByFilter float64    `json:"Rows Removed by Filter"`
	Plans               []planNode `json:"Plans"`
}

func walkPlan(n *planNode, visit func(planNode)) {
	visit(*n)
	for i := range n.Plans {
		walkPlan(&n.Plans[i], visit)
	}
}

func ptr[T any](v T) *T { return &v }

// TestJournalLexemesStayExact writes, edits and deletes entries of two athletes in the ways the app
// does (one at a time, in bulk, edits that change words and edits that do not, deleting the
// athlete) and checks after each step that journal_lexemes holds exactly what counting the
// entries' words afresh gives. A count too low would make a search answer nothing wrongly.
func TestJournalLexemesStayExact(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	ctx := context.Background()
	var athletes [2]int64
	for i := range athletes {
		user, err := store.Q.UserCreate(ctx, pool, store.UserCreateParams{Email: fmt.Sprintf("lexemes%d@example.com", i), FirstName: "L", LastName: "E"})
		require.NoError(t, err)
		athlete, err := store.Q.AthleteCreate(ctx, pool, store.AthleteCreateParams{UserID: user.ID, Name: "L", Sports: "Baseball", GraduationYear: 2030, School: "S"})
		require.NoError(t, err)
		athletes[i] = athlete.ID
	}
	exec := func(sql string, args ...any) {
		t.Helper()
		_, err := pool.Exec(ctx, sql, args...)
		require.NoError(t, err)
	}
	requireExact := func(step string) {
		t.Helper()
		var differences int
		require.NoError(t, pool.QueryRow(ctx, `
			WITH fresh AS (
				SELECT athlete_id, lexeme COLLATE "C" AS lexeme, count(*)::int AS entries
				FROM journal_entries, unnest(tsvector_to_array(search)) AS lexeme GROUP BY 1, 2)
			SELECT count(*) FROM (
				(SELECT athlete_id, lexeme, entries FROM journal_lexemes EXCEPT SELECT * FROM fresh)
				UNION ALL
				(SELECT * FROM fresh EXCEPT SELECT athlete_id, lexeme, entries FROM journal_lexemes)) AS d`).Scan(&differences))
		require.Zero(t, differences, "journal_lexemes is wrong after %s", step)
	}

	exec(`INSERT INTO journal_entries (athlete_id, title, content, entry_date)
		SELECT $1, 'Game ' || g, 'Pitched three innings ' || repeat('and struck out the side ', g % 3), date '2026-01-01' + g
		FROM generate_series(1, 200) AS g`, athletes[0])
	requireExact("a bulk insert")
	exec(`INSERT INTO journal_entries (athlete_id, title, content, entry_date) VALUES ($1, 'Bullpen', 'Worked on my changeup', '2026-03-01')`, athletes[1])
	exec(`INSERT INTO journal_entries (athlete_id, title, content, entry_date) VALUES ($1, 'Bullpen', 'Worked on my changeup', '2026-03-02')`, athletes[0])
	requireExact("single inserts")
	exec(`UPDATE journal_entries SET is_favorite = true WHERE athlete_id = $1`, athletes[0])
	requireExact("an edit that changes no words")
	exec(`UPDATE journal_entries SET content = 'Rain delay, then a zebra-striped sunset' WHERE athlete_id = $1 AND entry_date < '2026-02-01'`, athletes[0])
	exec(`UPDATE journal_entries SET enhanced_content = 'Worked hard on my changeup today.' WHERE athlete_id = $1`, athletes[1])
	requireExact("edits that change words")
	exec(`DELETE FROM journal_entries WHERE athlete_id = $1 AND entry_date < '2026-01-20'`, athletes[0])
	requireExact("deleting entries")

	var rain int
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM journal_lexemes WHERE athlete_id = $1 AND lexeme = 'rain'`, athletes[0]).Scan(&rain))
	exec(`DELETE FROM journal_entries WHERE athlete_id = $1 AND content LIKE 'Rain%'`, athletes[0])
	requireExact("deleting every entry with a word")
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM journal_lexemes WHERE athlete_id = $1 AND lexeme = 'rain'`, athletes[0]).Scan(&rain))
	require.Zero(t, rain, "a word no entry holds any more is still counted")

	exec(`DELETE FROM athletes WHERE id = $1`, athletes[0])
	requireExact("deleting the athlete")
}
