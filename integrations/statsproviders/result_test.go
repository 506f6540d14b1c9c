package statsproviders

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestInnings(t *testing.T) {
	t.Parallel()
	for in, outs := range map[string]int{"6.2": 20, "6": 18, "6.0": 18, "0.1": 1, ".2": 2, "0": 0, "12.": 36} {
		got, err := ParseInnings(in)
		require.NoError(t, err, in)
		assert.Equal(t, outs, got, in)
	}
	for _, in := range []string{"6.3", "6.33", "6.67", "-1", "1.-1", "", ".", "x", "1e3", "99999999999"} {
		_, err := ParseInnings(in)
		assert.Error(t, err, in)
	}
	assert.Equal(t, "6.2", FormatInnings(20))
	assert.Equal(t, "0.0", FormatInnings(0))
	assert.Equal(t, "0.1", FormatInnings(1))
}

func TestRates(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		stats Stats
		want  map[string]any
	}{
		{"no at bats: no batting rates", Stats{AtBats: 0, Hits: 0}, map[string]any{AtBats: 0, Hits: 0}},
		{"walk only: OBP but no AVG or SLG", Stats{AtBats: 0, Hits: 0, Walks: 1}, map[string]any{AtBats: 0, Hits: 0, Walks: 1, OnBasePct: "1.000"}},
		{"OPS above one prints its leading digit", Stats{AtBats: 4, Hits: 2, HomeRuns: 1, Walks: 1},
			map[string]any{AtBats: 4, Hits: 2, HomeRuns: 1, Walks: 1, BattingAvg: ".500", OnBasePct: ".600", SluggingPct: "1.250", OPS: "1.850"}},
		{"one out pitched", Stats{OutsPitched: 1, EarnedRuns: 1, HitsAllowed: 1},
			map[string]any{EarnedRuns: 1, HitsAllowed: 1, InningsPitched: "0.1", ERA: "27.00", WHIP: "3.00"}},
		{"no outs: no ERA", Stats{OutsPitched: 0, EarnedRuns: 2}, map[string]any{InningsPitched: "0.0", EarnedRuns: 2}},
	} {
		assert.Equal(t, tc.want, shown(tc.stats), tc.name)
	}
}

func TestStatsAdd(t *testing.T) {
	t.Parallel()
	season := Stats{}
	season.Add(Stats{AtBats: 3, Hits: 1, OutsPitched: 10})
	season.Add(Stats{AtBats: 4, Hits: 2, OutsPitched: 11})
	assert.Equal(t, Stats{AtBats: 7, Hits: 3, OutsPitched: 21}, season)
	assert.Equal(t, "7.0", shown(season)[InningsPitched])
}

func TestMatch(t *testing.T) {
	t.Parallel()
	res := &Result{Players: []Player{
		{Row: 3, Jersey: "00", Name: "O’Brien, Sam", Last: "O’Brien", First: "Sam"},
		{Row: 4, Jersey: "0", Name: "Rivera, Ana", Last: "Rivera", First: "Ana"},
		{Row: 5, Jersey: "12", Name: "Lee, Max", Last: "Lee", First: "Max"},
		{Row: 6, Jersey: "12", Name: "Kim, Jo", Last: "Kim", First: "Jo"},
		{Row: 7, Jersey: "", Name: "Rivera", Last: "Rivera"},
	}}
	rows := func(id string) []int {
		var out []int
		for _, p := range res.Match(id) {
			out = append(out, p.Row)
		}
		return out
	}
	assert.Equal(t, []int{3}, rows("00"), "jersey is exact text")
	assert.Equal(t, []int{4}, rows("0"))
	assert.Equal(t, []int{4}, rows(" 0 "))
	assert.Nil(t, rows("000"))
	assert.Equal(t, []int{5, 6}, rows("12"), "two rows: the family chooses")
	assert.Equal(t, []int{3}, rows("o'brien,   SAM"), "case, spacing and apostrophe style do not matter")
	assert.Equal(t, []int{3}, rows("Sam O’Brien"))
	assert.Equal(t, []int{3}, rows("O'Brien , Sam"))
	assert.Equal(t, []int{4}, rows("ana rivera"))
	assert.Equal(t, []int{7}, rows("Rivera"))
	assert.Nil(t, rows("Sam"))
	assert.Nil(t, rows("  "))
	assert.Equal(t, "00", res.Players[0].Label())
	assert.Equal(t, "Rivera", res.Players[4].Label())
}
