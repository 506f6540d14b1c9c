package main

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"legacylocker/store"
)

// BenchmarkJournal measures listing and searching one athlete's entries through the whole api
// (HTTP, session, access check, JSON) next to the same SQL sent straight to Postgres, the floor, at
// 10,000 and 100,000 entries. Searches cover a common word ("pitch", one entry in ten), a rare one
// ("scholar", one in a thousand) and a word no entry has ("zebra"): the last is the one a plan that
// walks the date index hoping to fill a page soon gets wrong, and it only shows at size.
// Run: go test ./cmd/api -run '^$' -bench Journal -benchtime 2000x
func BenchmarkJournal(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		b.Run(fmt.Sprintf("entries=%d", n), func(b *testing.B) { benchmarkJournal(b, n) })
	}
}

func benchmarkJournal(b *testing.B, entries int) {
	s := newTestServer(b)
	c, _ := s.registered(b, "bench@example.com")
	athleteID := createAthlete(b, c)
	seedEntries(b, s, athleteID, entries)
	ctx := context.Background()

	list := func(name, path string, params store.JournalListForAthleteParams) []benchCase {
		params.AthleteID, params.IncludePrivate, params.MaxRows = athleteID, true, int32(journalPages.size)+1
		return []benchCase{
			{name + "/api", func() error {
				return expectOK(c.do("GET", fmt.Sprintf("/api/athletes/%d/journal%s", athleteID, path), nil))
			}},
			{name + "/sql", func() error {
				_, err := store.Q.JournalListForAthlete(ctx, s.pool, params)
				return err
			}},
		}
	}
	search := func(word string) store.JournalListForAthleteParams {
		return store.JournalListForAthleteParams{SearchWords: searchWords(word)}
	}
	cases := slices.Concat(
		list("list", "", store.JournalListForAthleteParams{}),
		list("search", "?q=pitch", search("pitch")),
		list("search-rare", "?q=scholar", search("scholar")),
		list("search-no-hits", "?q=zebra", search("zebra")),
	)
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			latencies := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for b.Loop() {
				start := time.Now()
				if err := tc.run(); err != nil {
					b.Fatal(err)
				}
				latencies = append(latencies, time.Since(start))
			}
			slices.Sort(latencies)
			b.ReportMetric(float64(percentile(latencies, 50).Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(percentile(latencies, 99).Microseconds())/1000, "p99-ms")
		})
	}
}

type benchCase struct {
	name string
	run  func() error
}

func percentile(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[(len(sorted)-1)*p/100]
}

func expectOK(r response) error {
	if r.status != http.StatusOK {
		return fmt.Errorf("status %d: %s", r.status, r.body)
	}
	return nil
}

// seedEntries writes n varied entries straight into the database in one statement; one in ten
// mentions pitching, one in a thousand a scholarship, none a zebra.
func seedEntries(tb testing.TB, s *testServer, athleteID int64, n int) {
	_, err := s.pool.Exec(context.Background(), `
		INSERT INTO journal_entries (athlete_id, title, content, entry_date, tags, is_private)
		SELECT $1,
		       (ARRAY['Game day', 'Bullpen', 'Team dinner', 'Film study', 'Recovery'])[1 + g % 5] || ' ' || g,
		       CASE WHEN g % 10 = 0 THEN 'Worked on pitching mechanics and my changeup grip. ' ELSE 'Long practice with the team. ' END
		         || repeat('We ran drills, talked strategy and cooled down together. ', 1 + g % 6)
		         || CASE WHEN g % 1000 = 7 THEN 'Coach called about a scholarship.' ELSE '' END,
		       date '2020-01-01' + (g % 2500),
		       ARRAY[(ARRAY['training', 'game reflection', 'leadership', 'milestone'])[1 + g % 4]],
		       g % 3 = 0
		FROM generate_series(1, $2::int) AS g`, athleteID, n)
	require.NoError(tb, err)
	_, err = s.pool.Exec(context.Background(), "ANALYZE journal_entries")
	require.NoError(tb, err)
}
