package sports

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rateCase is one rate worked out by hand: the counts, the level, the value and how it prints.
type rateCase struct {
	key    string
	counts map[string]int
	level  Level
	want   float64
	text   string
}

func checkRates(t *testing.T, sport string, cases []rateCase) {
	t.Helper()
	c := Get(sport)
	require.NotNil(t, c, sport)
	covered := map[string]bool{}
	for _, tc := range cases {
		covered[tc.key] = true
		got := c.Compute(tc.counts, tc.level)
		v, ok := got[tc.key]
		if !assert.True(t, ok, "%s %s not computed from %v", sport, tc.key, tc.counts) {
			continue
		}
		assert.InDelta(t, tc.want, v, 1e-9, "%s %s", sport, tc.key)
		s, _ := c.Stat(tc.key)
		assert.Equal(t, tc.text, FormatRate(s.Formula.Style, v), "%s %s printed", sport, tc.key)
	}
	for _, s := range c.Stats {
		if s.Kind == Rate {
			assert.True(t, covered[s.Key], "%s: rate %s has no hand-computed case", sport, s.Key)
		}
	}
}

func TestBaseballRates(t *testing.T) {
	t.Parallel()
	// A season line: 112 AB, 41 H (8 2B, 1 3B, 5 HR), 14 BB, 2 HBP, 3 SF.
	bat := map[string]int{"atBats": 112, "hits": 41, "doubles": 8, "triples": 1, "homeRuns": 5, "walks": 14, "hitByPitch": 2, "sacrificeFlies": 3}
	// 41 + 8 + 2 + 15 = 66 total bases; OBP (41+14+2)/(112+14+2+3) = 57/131.
	pitch := map[string]int{"inningsPitched": 110, "earnedRuns": 9, "walksAllowed": 12, "hitsAllowed": 25}
	for _, sport := range []string{"baseball", "softball"} {
		checkRates(t, sport, []rateCase{
			{"battingAvg", bat, HighSchool, 41.0 / 112, ".366"},
			{"onBasePct", bat, HighSchool, 57.0 / 131, ".435"},
			{"sluggingPct", bat, HighSchool, 66.0 / 112, ".589"},
			{"ops", bat, HighSchool, 57.0/131 + 66.0/112, "1.024"},
			{"era", pitch, HighSchool, 9 * 7 / (110.0 / 3), "1.72"},
			{"whip", pitch, HighSchool, 37 / (110.0 / 3), "1.01"},
		})
	}
}

// The regression of issue 29: ERA was always over 9 innings.
func TestERAFollowsTheLevelsRegulation(t *testing.T) {
	t.Parallel()
	line := map[string]int{"inningsPitched": 20, "earnedRuns": 2} // 6.2 IP, 2 ER
	baseball, softball := Get("baseball"), Get("softball")
	for _, tc := range []struct {
		c     *Catalogue
		level Level
		want  string
	}{
		{baseball, HighSchool, "2.10"},
		{baseball, MiddleSch, "2.10"},
		{baseball, College, "2.70"},
		{baseball, Pro, "2.70"},
		{baseball, Youth, "1.80"},
		{baseball, "", "2.70"}, // unknown level: the highest listed, 9 innings
		{softball, HighSchool, "2.10"},
		{softball, College, "2.10"},
		{softball, "", "2.10"},
	} {
		got := tc.c.Compute(line, tc.level)
		assert.Equal(t, tc.want, FormatRate(Decimal2, got["era"]), "%s at %q", tc.c.Sport, tc.level)
	}
}

// A high-school pitcher's season as GameChanger exports it (IP "36.2", ER 9, ERA column 1.72, its
// ERA over the 7 innings its high-school team's settings use). Ours, from the counts, agrees; the
// old 9-inning number (2.21) did not.
func TestERAAgreesWithGameChangerSeasonLine(t *testing.T) {
	t.Parallel()
	provider := struct {
		ip            string
		er, h, bb, so int
		era, whip     string
	}{ip: "36.2", er: 9, h: 27, bb: 11, so: 41, era: "1.72", whip: "1.04"}
	outs := 36*3 + 2
	line := map[string]int{"inningsPitched": outs, "earnedRuns": provider.er, "hitsAllowed": provider.h,
		"walksAllowed": provider.bb, "pitcherStrikeouts": provider.so}
	rates := Get("baseball").Compute(line, HighSchool)
	assert.Equal(t, provider.era, FormatRate(Decimal2, rates["era"]))
	assert.Equal(t, provider.whip, FormatRate(Decimal2, rates["whip"]))
	assert.Equal(t, "2.21", FormatRate(Decimal2, Get("baseball").Compute(line, College)["era"]), "over 9, the number that was wrong")
}

func TestBasketballRates(t *testing.T) {
	t.Parallel()
	// Two games: 18 + 24 points, 15/31 FG, 5/12 3P, 7/9 FT, 11 rebounds, 9 assists, 4 turnovers.
	line := map[string]int{"gamesPlayed": 2, "points": 42, "fieldGoalsMade": 15, "fieldGoalsAttempted": 31,
		"threePointersMade": 5, "threePointersAttempted": 12, "freeThrowsMade": 7, "freeThrowsAttempted": 9,
		"rebounds": 11, "assists": 9, "turnovers": 4, "steals": 3, "blocks": 1, "minutesPlayed": 57}
	checkRates(t, "basketball", []rateCase{
		{"pointsPerGame", line, HighSchool, 21, "21.0"},
		{"fieldGoalPct", line, HighSchool, 1500.0 / 31, "48.4%"},
		{"threePointPct", line, HighSchool, 500.0 / 12, "41.7%"},
		{"freeThrowPct", line, HighSchool, 700.0 / 9, "77.8%"},
		{"effectiveFieldGoalPct", line, HighSchool, 1750.0 / 31, "56.5%"},
		{"reboundsPerGame", line, HighSchool, 5.5, "5.5"},
		{"assistsPerGame", line, HighSchool, 4.5, "4.5"},
		{"assistTurnoverRatio", line, HighSchool, 2.25, "2.25"},
		{"stealsPerGame", line, HighSchool, 1.5, "1.5"},
		{"blocksPerGame", line, HighSchool, 0.5, "0.5"},
		{"minutesPerGame", line, HighSchool, 28.5, "28.5"},
	})
}

func TestFootballRates(t *testing.T) {
	t.Parallel()
	qb := map[string]int{"gamesPlayed": 3, "passCompletions": 38, "passAttempts": 61, "passingYards": 540,
		"passingTouchdowns": 5, "interceptionsThrown": 2}
	// NCAA efficiency: (8.4×540 + 330×5 + 100×38 − 200×2) ÷ 61 = 9586 ÷ 61.
	rb := map[string]int{"gamesPlayed": 3, "rushingAttempts": 47, "rushingYards": 289, "receptions": 9, "receivingYards": 131}
	k := map[string]int{"fieldGoalsMade": 7, "fieldGoalsAttempted": 9, "extraPointsMade": 23, "extraPointsAttempted": 24,
		"punts": 14, "puntYards": 533, "kickReturns": 6, "kickReturnYards": 131, "puntReturns": 4, "puntReturnYards": 27}
	checkRates(t, "football", []rateCase{
		{"completionPct", qb, HighSchool, 3800.0 / 61, "62.3%"},
		{"yardsPerPassAttempt", qb, HighSchool, 540.0 / 61, "8.9"},
		{"passingYardsPerGame", qb, HighSchool, 180, "180.0"},
		{"passerRating", qb, HighSchool, 9586.0 / 61, "157.1"},
		{"yardsPerCarry", rb, HighSchool, 289.0 / 47, "6.1"},
		{"rushingYardsPerGame", rb, HighSchool, 289.0 / 3, "96.3"},
		{"yardsPerCatch", rb, HighSchool, 131.0 / 9, "14.6"},
		{"receivingYardsPerGame", rb, HighSchool, 131.0 / 3, "43.7"},
		{"fieldGoalPct", k, HighSchool, 700.0 / 9, "77.8%"},
		{"extraPointPct", k, HighSchool, 2300.0 / 24, "95.8%"},
		{"puntAverage", k, HighSchool, 533.0 / 14, "38.1"},
		{"kickReturnAverage", k, HighSchool, 131.0 / 6, "21.8"},
		{"puntReturnAverage", k, HighSchool, 27.0 / 4, "6.8"},
	})
}

func TestSoccerRates(t *testing.T) {
	t.Parallel()
	field := map[string]int{"gamesPlayed": 8, "goals": 6, "shots": 25, "shotsOnGoal": 14}
	keeper := map[string]int{"goalkeeperMinutes": 540, "saves": 51, "goalsAgainst": 9}
	checkRates(t, "soccer", []rateCase{
		{"shotPct", field, HighSchool, 24, "24.0%"},
		{"shotsOnGoalPct", field, HighSchool, 56, "56.0%"},
		{"goalsPerGame", field, HighSchool, 0.75, "0.75"},
		{"savePct", keeper, HighSchool, 0.85, ".850"},
		// 9 goals in 540 minutes: 1.33 over an 80-minute high-school game, 1.50 over 90.
		{"goalsAgainstAverage", keeper, HighSchool, 9 * 80 / 540.0, "1.33"},
	})
	gaa := Get("soccer").Compute(keeper, College)["goalsAgainstAverage"]
	assert.Equal(t, "1.50", FormatRate(Decimal2, gaa))
}

func TestVolleyballRates(t *testing.T) {
	t.Parallel()
	// 4 sets: 14 kills, 4 attack errors on 33 attacks.
	line := map[string]int{"setsPlayed": 4, "kills": 14, "attackErrors": 4, "attackAttempts": 33, "assists": 3,
		"serviceAces": 2, "serviceErrors": 1, "serveAttempts": 18, "blockSolos": 1, "blockAssists": 2, "digs": 9}
	checkRates(t, "volleyball", []rateCase{
		{"hittingPct", line, HighSchool, 10.0 / 33, ".303"},
		{"killsPerSet", line, HighSchool, 3.5, "3.50"},
		{"assistsPerSet", line, HighSchool, 0.75, "0.75"},
		{"acesPerSet", line, HighSchool, 0.5, "0.50"},
		{"servePct", line, HighSchool, 1700.0 / 18, "94.4%"},
		{"blocksPerSet", line, HighSchool, 0.5, "0.50"},
		{"digsPerSet", line, HighSchool, 2.25, "2.25"},
	})
	bad := Get("volleyball").Compute(map[string]int{"kills": 2, "attackErrors": 4, "attackAttempts": 20}, HighSchool)
	assert.Equal(t, "-.100", FormatRate(Average, bad["hittingPct"]), "a hitting percentage can be negative")
}

func TestComputeLeavesOutWhatItCannotKnow(t *testing.T) {
	t.Parallel()
	b := Get("baseball")
	assert.Empty(t, b.Compute(nil, HighSchool))
	got := b.Compute(map[string]int{"atBats": 0, "hits": 0}, HighSchool)
	assert.NotContains(t, got, "battingAvg", "zero at-bats: no average")
	got = b.Compute(map[string]int{"earnedRuns": 3}, HighSchool)
	assert.NotContains(t, got, "era", "no innings: no ERA")
	got = b.Compute(map[string]int{"atBats": 4, "hits": 0}, HighSchool)
	assert.Equal(t, ".000", FormatRate(Average, got["battingAvg"]), "a written zero is a stat")
	assert.Equal(t, ".000", FormatRate(Average, got["ops"]))
	got = b.Compute(map[string]int{"walks": 2}, HighSchool)
	assert.Equal(t, map[string]float64{"onBasePct": 1}, got, "OPS needs OBP and SLG; SLG needs hits and at-bats")

	// A PerRegulation rate in a catalogue without regulation lengths is left out.
	noRegulation := &Catalogue{Stats: []Stat{
		countStat("goalsAgainst", "GA", "GA", "g"), countStat("minutes", "MIN", "MIN", "g"),
		rateStat("gaa", "GAA", "GAA", "g", Formula{Num: terms("goalsAgainst"), Den: terms("minutes"), PerRegulation: true, Style: Decimal2, Text: "x"}),
	}}
	assert.Empty(t, noRegulation.Compute(map[string]int{"goalsAgainst": 1, "minutes": 60}, HighSchool))
}

func TestFormatRate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		style Style
		v     float64
		want  string
	}{
		{Average, 0.365, ".365"},
		{Average, 1.0249, "1.025"},
		{Average, 0, ".000"},
		{Average, -0.05, "-.050"},
		{Average, -0.0001, ".000"},
		{Decimal2, 2.3333, "2.33"},
		{Decimal2, 0, "0.00"},
		{Decimal1, 18.44, "18.4"},
		{Percent, 47.5, "47.5%"},
		{Percent, 100, "100.0%"},
	} {
		assert.Equal(t, tc.want, FormatRate(tc.style, tc.v), "%s %v", tc.style, tc.v)
	}
}

func TestRollSeasonAndCareer(t *testing.T) {
	t.Parallel()
	c := Get("basketball")
	g1 := map[string]int{"gamesPlayed": 1, "points": 18, "fieldGoalsMade": 7, "fieldGoalsAttempted": 15, "assists": 6}
	g2 := map[string]int{"gamesPlayed": 1, "points": 24, "fieldGoalsMade": 8, "fieldGoalsAttempted": 16, "rebounds": 5}
	season := c.Roll(g1, g2)
	assert.Equal(t, map[string]int{"gamesPlayed": 2, "points": 42, "fieldGoalsMade": 15, "fieldGoalsAttempted": 31,
		"assists": 6, "rebounds": 5}, season, "a stat one game left out is not a zero in the other")
	rates := c.Compute(season, HighSchool)
	assert.Equal(t, "21.0", FormatRate(Decimal1, rates["pointsPerGame"]))
	assert.Equal(t, "48.4%", FormatRate(Percent, rates["fieldGoalPct"]), "recomputed from the summed counts, not averaged")

	next := c.Roll(map[string]int{"gamesPlayed": 1, "points": 30})
	career := c.Roll(season, next)
	assert.Equal(t, 3, career["gamesPlayed"])
	assert.Equal(t, 72, career["points"])
	assert.Equal(t, career, c.Roll(g1, g2, map[string]int{"gamesPlayed": 1, "points": 30}), "a career from seasons equals one from games")
	assert.Empty(t, c.Roll())
}

func TestRollKeepsLongestAndBest(t *testing.T) {
	t.Parallel()
	c := Get("football")
	season := c.Roll(
		map[string]int{"rushingAttempts": 12, "rushingYards": 88, "rushingLong": 34},
		map[string]int{"rushingAttempts": 15, "rushingYards": 121, "rushingLong": 61},
		map[string]int{"rushingAttempts": 9, "rushingYards": 40, "rushingLong": 12, "yardsPerCarry": 99},
	)
	assert.Equal(t, map[string]int{"rushingAttempts": 36, "rushingYards": 249, "rushingLong": 61}, season, "a rate is never rolled")

	// Lowest: a time's season is its best (the track and swimming catalogues use it).
	timed := &Catalogue{Stats: []Stat{{Key: "mark", Kind: Time, Aggregate: Lowest}, {Key: "jump", Kind: Distance, Unit: "in", Aggregate: Most}}}
	timed.byKey = map[string]int{"mark": 0, "jump": 1}
	assert.Equal(t, map[string]int{"mark": 1085, "jump": 25650, "other": 3},
		timed.Roll(map[string]int{"mark": 1101, "jump": 25650, "other": 1}, map[string]int{"mark": 1085, "jump": 24000, "other": 2}))
}

func TestBaseballInningsRollAsOuts(t *testing.T) {
	t.Parallel()
	c := Get("baseball")
	season := c.Roll(map[string]int{"inningsPitched": 20, "earnedRuns": 2}, map[string]int{"inningsPitched": 19, "earnedRuns": 1})
	assert.Equal(t, 39, season["inningsPitched"], "6.2 + 6.1 = 13.0 innings, 39 outs")
	assert.Equal(t, "1.62", FormatRate(Decimal2, c.Compute(season, HighSchool)["era"]))
}
