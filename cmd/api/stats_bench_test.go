package main

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"legacylocker/integrations/sports"
	"legacylocker/integrations/statsproviders"
)

// BenchmarkStatsLists times the Game Stats and Season Stats lists of an athlete with ten seasons of
// sixty games (600 games, each with a full batting and pitching line), through the api as the
// browser asks for them (session, access check, rates computed, JSON), next to the raw SQL that
// reads the same rows: the floor. Target: the api within 2× of the raw SQL at p99.
// Run: go test ./cmd/api -run '^$' -bench StatsLists -benchtime 300x
func BenchmarkStatsLists(b *testing.B) {
	s := newTestServer(b)
	owner, _ := s.registered(b, "owner@example.com")
	athlete := createAthlete(b, owner)
	ctx := context.Background()
	line := `jsonb_build_object('gamesPlayed', 1, 'plateAppearances', 4 + g % 2, 'atBats', 3 + g % 2, 'runs', g % 3, 'hits', g % 4,
		'doubles', g % 2, 'homeRuns', (g % 7 = 0)::int, 'rbi', g % 3, 'walks', g % 2, 'strikeouts', g % 3, 'hitByPitch', 0,
		'sacrificeFlies', 0, 'stolenBases', g % 2, 'outsPitched', 9 + g % 10, 'earnedRuns', g % 4, 'hitsAllowed', 3 + g % 5,
		'walksAllowed', g % 3, 'pitcherStrikeouts', 4 + g % 6, 'putouts', 2, 'assists', 3, 'errors', g % 2)`
	_, err := s.pool.Exec(ctx, fmt.Sprintf(`
		INSERT INTO stats_games (athlete_id, sport, source, source_key, opponent, game_date, location, result, score, stats, display)
		SELECT $1, 'baseball', 'maxpreps', 'bench:' || g, 'Opponent ' || g, date '2017-03-01' + (g / 60) * 365 + g %% 60, 'Home', 'Win', '5-3', %s, '{}'
		FROM generate_series(1, 600) AS g`, line), athlete)
	require.NoError(b, err)
	_, err = s.pool.Exec(ctx, fmt.Sprintf(`
		INSERT INTO stats_seasons (athlete_id, sport, source, source_key, season, team_name, sport_type, start_date, end_date, stats, display)
		SELECT $1, 'baseball', 'gamechanger', 'bench:' || g, (2016 + g) || ' Spring', 'Varsity', 'Baseball',
		       make_date(2016 + g, 3, 1), make_date(2016 + g, 6, 1), %s, '{}'
		FROM generate_series(1, 10) AS g`, line), athlete)
	require.NoError(b, err)
	// The display maps as the importer writes them (rates computed, in display order).
	for _, table := range []string{"stats_games", "stats_seasons"} {
		rows, err := s.pool.Query(ctx, "SELECT id, stats FROM "+table)
		require.NoError(b, err)
		batch := &pgx.Batch{}
		for rows.Next() {
			var id int64
			var stats statsproviders.Stats
			require.NoError(b, rows.Scan(&id, &stats))
			_, display, err := stats.Encode(statsproviders.SportBaseball, sports.HighSchool)
			require.NoError(b, err)
			batch.Queue("UPDATE "+table+" SET display = $1 WHERE id = $2", string(display), id)
		}
		require.NoError(b, rows.Err())
		require.NoError(b, s.pool.SendBatch(ctx, batch).Close())
	}
	for _, table := range []string{"stats_games", "stats_seasons"} {
		_, err = s.pool.Exec(ctx, "VACUUM ANALYZE "+table)
		require.NoError(b, err)
	}

	// The floor: the same rows read as raw bytes, nothing decoded.
	rawSQL := func(query string) func() error {
		return func() error {
			rows, err := s.pool.Query(ctx, query, athlete)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				_ = rows.RawValues()
			}
			return rows.Err()
		}
	}
	api := func(path string) func() error {
		return func() error {
			res := owner.do("GET", fmt.Sprintf(path, athlete), nil)
			if res.status != 200 {
				return fmt.Errorf("%s: %d %s", path, res.status, res.body)
			}
			return nil
		}
	}
	cases := []latencyCase{
		// The games list answers pages (its largest is 200): the first page against the same rows (and
		// the one more that tells whether another page follows) read as bytes.
		{"games-api", api("/api/stats/games/%d?limit=200")},
		{"games-raw-sql", rawSQL(`SELECT id, opponent, game_date, location, result, score, source, stats FROM stats_games WHERE athlete_id = $1 ORDER BY game_date DESC, id DESC LIMIT 201`)},
		{"seasons-api", api("/api/stats/seasons/%d")},
		{"athlete-api", api("/api/athletes/%d")},
		{"seasons-raw-sql", rawSQL(`SELECT id, season, team_name, sport_type, start_date, end_date, source, stats FROM stats_seasons WHERE athlete_id = $1 ORDER BY start_date DESC`)},
	}
	runLatencyCases(b, cases)
}

// BenchmarkStatsRollup times the roll-up of 200 basketball games (two seasons, each game a full
// line) through the api (session, access, reading the games, adding them up per season and
// career, rates computed, JSON), beside the raw SQL that sums the same games' counts by season in
// Postgres and reads the sums as bytes. Target (issue 29): the api within 2× of the raw SQL.
// Run: go test ./cmd/api -run '^$' -bench StatsRollup -benchtime 300x
func BenchmarkStatsRollup(b *testing.B) {
	s := newTestServer(b)
	owner, _ := s.registered(b, "owner@example.com")
	athlete := createAthleteWith(b, owner, map[string]any{"sports": "Basketball", "position": "Point Guard"})
	ctx := context.Background()
	_, err := s.pool.Exec(ctx, `
		INSERT INTO stats_games (athlete_id, sport, source, opponent, game_date, stats, display)
		SELECT $1, 'basketball', 'manual', 'Opponent ' || g, date '2024-11-20' + (g / 100) * 365 + (g % 100),
		       jsonb_build_object('gamesPlayed', 1, 'points', 8 + g % 20, 'fieldGoalsMade', 3 + g % 8, 'fieldGoalsAttempted', 9 + g % 9,
		           'threePointersMade', g % 4, 'threePointersAttempted', 2 + g % 5, 'freeThrowsMade', g % 6, 'freeThrowsAttempted', 1 + g % 7,
		           'rebounds', g % 9, 'offensiveRebounds', g % 3, 'defensiveRebounds', g % 6, 'assists', g % 8, 'steals', g % 4,
		           'blocks', g % 2, 'turnovers', g % 5, 'personalFouls', g % 5, 'minutesPlayed', 20 + g % 12),
		       '{}'
		FROM generate_series(0, 199) AS g`, athlete)
	require.NoError(b, err)
	_, err = s.pool.Exec(ctx, "VACUUM ANALYZE stats_games")
	require.NoError(b, err)

	cases := []latencyCase{
		{"rollup-api", func() error {
			res := owner.do("GET", fmt.Sprintf("/api/athletes/%d/stats/rollup", athlete), nil)
			if res.status != 200 {
				return fmt.Errorf("rollup: %d %s", res.status, res.body)
			}
			return nil
		}},
		// The floor: the counts summed by key and school year in Postgres, read as bytes.
		{"rollup-raw-sql", func() error {
			rows, err := s.pool.Query(ctx, `SELECT sport, extract(year FROM game_date - interval '6 months') AS season, key, sum(value::bigint)
				FROM stats_games, jsonb_each_text(stats) WHERE athlete_id = $1 GROUP BY 1, 2, 3`, athlete)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				_ = rows.RawValues()
			}
			return rows.Err()
		}},
	}
	runLatencyCases(b, cases)
}

// latencyCase is one request a benchmark times, by its name.
type latencyCase struct {
	name string
	run  func() error
}

// runLatencyCases times each case as a sub-benchmark and reports its p50 and p99.
func runLatencyCases(b *testing.B, cases []latencyCase) {
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			latencies := make([]time.Duration, 0, b.N)
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
