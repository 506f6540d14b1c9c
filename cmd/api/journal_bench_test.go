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

// BenchmarkJournal measures listing and searching one athlete's 10,000 entries through the whole
// api (HTTP, session, access check, JSON) next to the same SQL sent straight to Postgres, the
// floor. Run: go test ./cmd/api -run '^$' -bench Journal -benchtime 2000x
func BenchmarkJournal(b *testing.B) {
	s := newTestServer(b)
	c, _ := s.registered(b, "bench@example.com")
	athleteID := createAthlete(b, c)
	seedEntries(b, s, athleteID, 10_000)
	ctx := context.Background()
	search := prefixQuery("pitch")
	rare := prefixQuery("zebra")

	cases := []struct {
		name string
		run  func() error
	}{
		{"list/api", func() error { return expectOK(c.do("GET", fmt.Sprintf("/api/athletes/%d/journal", athleteID), nil)) }},
		{"list/sql", func() error {
			_, err := store.Q.JournalListForAthlete(ctx, s.pool, store.JournalListForAthleteParams{AthleteID: athleteID, IncludePrivate: true, MaxRows: journalPageDefault + 1})
			return err
		}},
		{"search/api", func() error {
			return expectOK(c.do("GET", fmt.Sprintf("/api/athletes/%d/journal?q=pitch", athleteID), nil))
		}},
		{"search/sql", func() error {
			_, err := store.Q.JournalListForAthlete(ctx, s.pool, store.JournalListForAthleteParams{AthleteID: athleteID, IncludePrivate: true, Search: &search, MaxRows: journalPageDefault + 1})
			return err
		}},
		{"search-no-hits/api", func() error {
			return expectOK(c.do("GET", fmt.Sprintf("/api/athletes/%d/journal?q=zebra", athleteID), nil))
		}},
		{"search-no-hits/sql", func() error {
			_, err := store.Q.JournalListForAthlete(ctx, s.pool, store.JournalListForAthleteParams{AthleteID: athleteID, IncludePrivate: true, Search: &rare, MaxRows: journalPageDefault + 1})
			return err
		}},
	}
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

// seedEntries writes n varied entries straight into the database; one in ten mentions pitching.
func seedEntries(tb testing.TB, s *testServer, athleteID int64, n int) {
	_, err := s.pool.Exec(context.Background(), `
		INSERT INTO journal_entries (athlete_id, title, content, entry_date, tags, is_private)
		SELECT $1,
		       (ARRAY['Game day', 'Bullpen', 'Team dinner', 'Film study', 'Recovery'])[1 + g % 5] || ' ' || g,
		       CASE WHEN g % 10 = 0 THEN 'Worked on pitching mechanics and my changeup grip. ' ELSE 'Long practice with the team. ' END
		         || repeat('We ran drills, talked strategy and cooled down together. ', 1 + g % 6),
		       date '2020-01-01' + (g % 2500),
		       ARRAY[(ARRAY['training', 'game reflection', 'leadership', 'milestone'])[1 + g % 4]],
		       g % 3 = 0
		FROM generate_series(1, $2::int) AS g`, athleteID, n)
	require.NoError(tb, err)
	_, err = s.pool.Exec(context.Background(), "ANALYZE journal_entries")
	require.NoError(tb, err)
}
