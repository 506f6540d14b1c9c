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
// wrote, and checks in EXPLAIN ANALYZE what it read: the search index, and never more of the date
// index than the bounded look at the newest entries. Before the fix, a word with no hits walked
// journal_entries_athlete_date_idx through every entry, filtering each one.
func TestJournalSearchUsesSearchIndex(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	athleteID := seedJournalSearch(t, pool)

	for _, word := range []string{"zebra:*", "scholar:*"} {
		t.Run(word, func(t *testing.T) {
			db := &explainingDB{pool: pool}
			_, err := store.Q.JournalListForAthlete(context.Background(), db, store.JournalListForAthleteParams{
				AthleteID: athleteID, IncludePrivate: true, Search: &word, MaxRows: 51,
			})
			require.NoError(t, err)
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
			require.LessOrEqual(t, dateIndexRows, 1000.0, "the date index was walked too far:\n%s", db.text)
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
		search *string
		tag    *string
	}{
		{"list", nil, nil},
		{"common word", ptr("pitch:*"), nil},
		{"rare word", ptr("scholar:*"), nil},
		{"no hits", ptr("zebra:*"), nil},
		{"common word and a tag", ptr("pitch:*"), ptr("Leadership")},
		{"rare word and a tag", ptr("scholar:*"), ptr("milestone")},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			params := store.JournalListForAthleteParams{AthleteID: athleteID, Search: tc.search, Tag: tc.tag, MaxRows: 11}
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
	rows, err := pool.Query(context.Background(), `
		SELECT id FROM journal_entries
		WHERE athlete_id = $1 AND NOT is_private
		  AND ($2::text IS NULL OR search @@ to_tsquery('simple', $2))
		  AND ($3::text IS NULL OR lower($3) = ANY (SELECT lower(t) FROM unnest(tags) AS t))
		  AND ($4::date IS NULL OR (entry_date, id) < ($4, $5::bigint))
		ORDER BY entry_date DESC, id DESC
		LIMIT $6`, p.AthleteID, p.Search, p.Tag, p.BeforeDate, p.BeforeID, p.MaxRows)
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

func (db *explainingDB) QueryRow(context.Context, string, ...any) pgx.Row {
	panic("explainingDB explains queries that return rows through Query")
}

func (db *explainingDB) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return db.pool.Exec(ctx, sql, args...)
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
