package migrations_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestERAIsRewrittenAtTheGamesLevel: before issue 29 every stored ERA was over nine innings. A
// high-school game's is rewritten over seven, in place (the display's key order kept); a college
// game's stays; the rows name their sport.
func TestERAIsRewrittenAtTheGamesLevel(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, provider := migratedTo(t, 42)

	_, err := db.ExecContext(ctx, `UPDATE athletes SET graduation_year = 2026, sports = 'Softball' WHERE is_demo`)
	require.NoError(t, err)
	game := func(day, display string) {
		t.Helper()
		_, err := db.ExecContext(ctx, `INSERT INTO stats_games (athlete_id, source, opponent, game_date, stats, display)
			VALUES ((SELECT id FROM athletes WHERE is_demo), 'manual', $1::text, $1::date, '{"earnedRuns": 2, "outsPitched": 20}', $2)`, day, display)
		require.NoError(t, err)
	}
	// 2 earned runs in 6.2 innings: 2.70 over nine, 2.10 over seven.
	game("2026-04-11", `{"inningsPitched":"6.2","era":"2.70","earnedRuns":2}`)
	game("2026-10-01", `{"inningsPitched":"6.2","era":"2.70","earnedRuns":2}`)
	game("2026-04-12", `{"hits":1}`)

	_, err = provider.UpTo(ctx, 43)
	require.NoError(t, err)
	rows, err := db.QueryContext(ctx, `SELECT game_date::text, sport, display::text FROM stats_games ORDER BY game_date`)
	require.NoError(t, err)
	got := map[string][2]string{}
	for rows.Next() {
		var day, sport, display string
		require.NoError(t, rows.Scan(&day, &sport, &display))
		got[day] = [2]string{sport, display}
	}
	require.NoError(t, rows.Err())
	require.Equal(t, map[string][2]string{
		// Softball is seven innings at every level, so the college game is rewritten too.
		"2026-04-11": {"softball", `{"inningsPitched":"6.2","era":"2.10","earnedRuns":2}`},
		"2026-04-12": {"softball", `{"hits":1}`},
		"2026-10-01": {"softball", `{"inningsPitched":"6.2","era":"2.10","earnedRuns":2}`},
	}, got)

	// A baseball college game keeps nine innings.
	_, err = provider.DownTo(ctx, 42)
	require.NoError(t, err)
	_, err = db.ExecContext(ctx, `UPDATE athletes SET sports = 'Baseball' WHERE is_demo`)
	require.NoError(t, err)
	_, err = db.ExecContext(ctx, `UPDATE stats_games SET display = '{"inningsPitched":"6.2","era":"2.70","earnedRuns":2}' WHERE display::text LIKE '%era%'`)
	require.NoError(t, err)
	_, err = provider.UpTo(ctx, 43)
	require.NoError(t, err)
	var high, college string
	require.NoError(t, db.QueryRowContext(ctx, `SELECT display->>'era' FROM stats_games WHERE game_date = '2026-04-11'`).Scan(&high))
	require.NoError(t, db.QueryRowContext(ctx, `SELECT display->>'era' FROM stats_games WHERE game_date = '2026-10-01'`).Scan(&college))
	require.Equal(t, [2]string{"2.10", "2.70"}, [2]string{high, college})
}
