package sports

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLevelAt(t *testing.T) {
	t.Parallel()
	day := func(s string) time.Time { d, _ := time.Parse(time.DateOnly, s); return d }
	for _, tc := range []struct {
		class int
		day   string
		want  Level
	}{
		{2026, "2026-04-11", HighSchool}, // a senior's last spring
		{2026, "2026-09-01", College},    // their first fall in college
		{2029, "2026-04-11", HighSchool}, // a freshman
		{2030, "2026-04-11", MiddleSch},  // eighth grade
		{2031, "2026-10-11", MiddleSch},  // eighth grade, next school year
		{2033, "2026-04-11", Youth},
		{0, "2026-04-11", HighSchool}, // unknown class
	} {
		assert.Equal(t, tc.want, LevelAt(tc.class, day(tc.day)), "class of %d on %s", tc.class, tc.day)
	}
}

func TestLineOrderAndValues(t *testing.T) {
	t.Parallel()
	// Lead stats first, then rates, then counts in the catalogue's order, then unknown keys.
	line := Get("baseball").Line(map[string]int{"inningsPitched": 20, "earnedRuns": 2, "atBats": 4, "hits": 2, "zzz": 1}, HighSchool)
	b, err := json.Marshal(line)
	require.NoError(t, err)
	assert.JSONEq(t, `{"battingAvg":".500","hits":2,"onBasePct":".500","sluggingPct":".500","ops":"1.000","era":"2.10","atBats":4,"inningsPitched":"6.2","earnedRuns":2,"zzz":1}`, string(b))
	assert.Regexp(t, `^\{"battingAvg":".500","hits":2,`, string(b))
	assert.Regexp(t, `"zzz":1\}$`, string(b))

	// A track mark and a time are written the sport's way.
	track := Get("track_and_field")
	long, _ := track.Stat("longJump")
	mark, err := ParseValue(long, "21-04.50")
	require.NoError(t, err)
	dash, _ := track.Stat("dash100")
	time100, err := ParseValue(dash, "10.85")
	require.NoError(t, err)
	shown := track.Line(map[string]int{"longJump": mark, "dash100": time100}, HighSchool)
	v, _ := shown.Get("longJump")
	assert.Equal(t, "21-04.50", v)
	v, _ = shown.Get("dash100")
	assert.Equal(t, "10.85", v)
}

func TestOneGame(t *testing.T) {
	t.Parallel()
	counts := map[string]int{"points": 18}
	Get("basketball").OneGame(counts)
	assert.Equal(t, 1, counts["gamesPlayed"])
	counts = map[string]int{"points": 18, "gamesPlayed": 3}
	Get("basketball").OneGame(counts)
	assert.Equal(t, 3, counts["gamesPlayed"], "a line that says how many games keeps it")
	counts = map[string]int{"kills": 9}
	Get("volleyball").OneGame(counts)
	assert.Equal(t, 1, counts["matchesPlayed"])
}

func TestSeasonNames(t *testing.T) {
	t.Parallel()
	day := func(s string) time.Time { d, _ := time.Parse(time.DateOnly, s); return d }
	for _, tc := range []struct{ sport, day, want string }{
		{"basketball", "2025-12-05", "2025–26 Winter"},
		{"basketball", "2026-02-20", "2025–26 Winter"},
		{"football", "2026-08-28", "2026 Fall"},
		{"baseball", "2026-04-11", "2026 Spring"},
		{"baseball", "2026-07-11", "2026 Summer"},
		{"baseball", "2026-10-03", "2026 Fall"}, // fall ball
		{"curling", "2026-01-10", "2025–26 Winter"},
	} {
		assert.Equal(t, tc.want, SeasonOf(tc.sport, day(tc.day)), "%s on %s", tc.sport, tc.day)
	}
	for _, tc := range []struct{ sport, day, want string }{
		{"baseball", "2026-11-20", "2026 Spring"}, // a spring season exported in November
		{"baseball", "2027-01-10", "2026 Spring"},
		{"football", "2027-01-10", "2026 Fall"},
		{"basketball", "2026-04-01", "2025–26 Winter"},
		{"basketball", "2026-12-01", "2026–27 Winter"},
	} {
		assert.Equal(t, tc.want, LatestSeason(tc.sport, day(tc.day)), "%s uploaded %s", tc.sport, tc.day)
	}
	for sport := range schoolSeasons {
		assert.NotNil(t, Get(sport), "%s has a catalogue", sport)
	}
}

func TestAFamilysSeasonNames(t *testing.T) {
	t.Parallel()
	names := ParseSeasonNames([]byte(`{"basketball 2025–26 Winter": "Varsity, junior year"}`))
	assert.Equal(t, "Varsity, junior year", names.Name("basketball", "2025–26 Winter"))
	assert.Equal(t, "2025–26 Winter", names.Name("ice_hockey", "2025–26 Winter"), "another sport's season keeps its own name")
	assert.Equal(t, "2026 Spring", names.Name("basketball", "2026 Spring"))
	assert.Equal(t, "2026 Spring", ParseSeasonNames([]byte(`["damaged"]`)).Name("baseball", "2026 Spring"), "a damaged value names nothing")
}

func TestTableColumnsLeadThenWhatTheLinesCarry(t *testing.T) {
	t.Parallel()
	cat := Get("basketball")
	game := cat.Line(map[string]int{"points": 18, "fieldGoalsMade": 7, "fieldGoalsAttempted": 14, "gamesPlayed": 1}, HighSchool)
	keys := func(stats []Stat) []string {
		var out []string
		for _, s := range stats {
			out = append(out, s.Key)
		}
		return out
	}
	assert.Equal(t, []string{"points", "fieldGoalsMade", "fieldGoalsAttempted", "fieldGoalPct", "effectiveFieldGoalPct"},
		keys(cat.TableColumns([]Line{game}, cat.Lead("PG"), 12, true)), "a game log: no GP, no PPG, no empty assists")
	assert.Equal(t, []string{"points", "fieldGoalsMade", "fieldGoalsAttempted"},
		keys(cat.TableColumns([]Line{game}, cat.DefaultLead, 3, false)))
	assert.Contains(t, keys(cat.TableColumns([]Line{game}, cat.DefaultLead, 12, false)), "pointsPerGame")
	assert.Equal(t, cat.DefaultLead, keys(cat.TableColumns(nil, nil, 12, true)), "nothing carried: the lead columns")
}
