package statsproviders

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A pitcher who also bats: every name that repeats across sections has a different value in
// each, and the file's own rates are deliberately wrong, so a mix-up or a trusted rate shows.
var gcPitcher = gcRow{number: "00", last: "O’Brien", first: "Sam", values: map[string]string{
	"Batting/GP": "20", "Batting/PA": "70", "Batting/AB": "60", "Batting/AVG": ".999",
	"Batting/OBP": "-", "Batting/H": "20", "Batting/1B": "12", "Batting/2B": "5", "Batting/3B": "1",
	"Batting/HR": "2", "Batting/RBI": "15", "Batting/R": "11", "Batting/BB": "8", "Batting/SO": "9",
	"Batting/HBP": "1", "Batting/SAC": "0", "Batting/SF": "1", "Batting/SB": "4", "Batting/CS": "1",
	"Pitching/IP": "6.2", "Pitching/GP": "3", "Pitching/H": "5", "Pitching/R": "3", "Pitching/ER": "2",
	"Pitching/BB": "3", "Pitching/SO": "10", "Pitching/HR": "1", "Pitching/ERA": "0.00",
	"Pitching/WHIP": "-", "Pitching/BAA": ".208", "Pitching/#P": "104",
	"Fielding/PO": "4", "Fielding/A": "7", "Fielding/E": "1", "Fielding/SB": "2", "Fielding/CS": "1",
	"Fielding/1B": "3.1", "Fielding/P": "6.2", "Fielding/Total": "10.0",
}}

var gcHitter = gcRow{number: "7", last: "Rivera", first: "Ana", values: map[string]string{
	"Batting/GP": "18", "Batting/AB": "50", "Batting/H": "15", "Batting/2B": "3", "Batting/HR": "1",
	"Batting/BB": "5", "Batting/SO": "-", "Batting/AVG": ".300",
}}

func TestGameChangerSeason(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, team string
		crlf       bool
	}{
		{"web export with Totals, LF", "Totals", false},
		{"app export with Team, CRLF", "Team", true},
		{"no team row", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			file := gcFile(t, tc.crlf, tc.team, gcPitcher, gcHitter)
			require.True(t, GameChanger{}.Detect("stats.csv", file))
			require.False(t, MaxPreps{}.Detect("stats.csv", file))

			res, err := GameChanger{}.Parse(bytes.NewReader(file))
			require.NoError(t, err)
			assert.Empty(t, res.Warnings)
			assert.Equal(t, FormatGameChangerCSV, res.Format)
			assert.False(t, res.OneGame)
			require.Len(t, res.Players, 2, "Totals/Team, blank and Glossary rows are not players")

			p := res.Players[0]
			assert.Equal(t, 3, p.Row)
			assert.Equal(t, "00", p.Jersey)
			assert.Equal(t, "O’Brien, Sam", p.Name)
			assert.Equal(t, Stats{
				GamesPlayed: 20, PlateAppearances: 70, AtBats: 60, Hits: 20, Singles: 12, Doubles: 5,
				Triples: 1, HomeRuns: 2, RBI: 15, Runs: 11, Walks: 8, Strikeouts: 9, HitByPitch: 1,
				SacrificeBunts: 0, SacrificeFlies: 1, StolenBases: 4, CaughtStealing: 1,
				OutsPitched: 20, PitchingAppearances: 3, HitsAllowed: 5, RunsAllowed: 3, EarnedRuns: 2,
				WalksAllowed: 3, PitcherStrikeouts: 10, HomeRunsAllowed: 1, Pitches: 104,
				Putouts: 4, Assists: 7, Errors: 1, RunnersCaughtStealing: 1,
			}, p.Stats())
			assert.Equal(t, "20", p.Raw()["Batting/H"])
			assert.Equal(t, "5", p.Raw()["Pitching/H"])
			assert.Equal(t, "2", p.Raw()["Fielding/SB"])
			assert.Equal(t, ".999", p.Raw()["Batting/AVG"], "the file's rate stays in the raw row")
			assert.NotContains(t, p.Raw(), "Batting/OBP", "'-' is no value")

			m := shown(p.Stats())
			assert.Equal(t, ".333", m[BattingAvg], "recomputed, not the file's .999")
			assert.Equal(t, ".414", m[OnBasePct])     // (20+8+1)/(60+8+1+1)
			assert.Equal(t, ".550", m[SluggingPct])   // (12+10+3+8)/60 = 33/60
			assert.Equal(t, ".964", m[OPS])           // .4143+.5500
			assert.Equal(t, "6.2", m[InningsPitched]) // 20 outs
			assert.Equal(t, "2.70", m[ERA])           // 2*9/(20/3)
			assert.Equal(t, "1.20", m[WHIP])          // (3+5)/(20/3)
			assert.NotContains(t, m, OutsPitched)

			h := res.Players[1]
			assert.Equal(t, "7", h.Jersey)
			assert.Equal(t, "Rivera, Ana", h.Name)
			assert.NotContains(t, h.Stats(), Strikeouts, "'-' is no stat, not zero")
			assert.NotContains(t, h.Stats(), OutsPitched)
			hm := shown(h.Stats())
			assert.Equal(t, ".300", hm[BattingAvg])
			assert.Equal(t, ".420", hm[SluggingPct]) // singles from H-2B-3B-HR: 11+6+4 = 21/50
			assert.NotContains(t, hm, ERA)
		})
	}
}

func TestGameChangerProblemsAreWarnings(t *testing.T) {
	t.Parallel()
	bad := gcRow{number: "12", last: "Kim", first: "Jo", values: map[string]string{
		"Batting/AB": "10", "Batting/H": "three", "Pitching/IP": "6.3", "Pitching/ER": "1", "Fielding/Total": "2.5",
	}}
	dup := gcRow{number: "12", last: "Lee", first: "Max", values: map[string]string{"Batting/AB": "4"}}
	nobody := gcRow{values: map[string]string{"Batting/AB": "4"}}
	file := gcFile(t, false, "Totals", bad, dup, nobody)
	res, err := GameChanger{}.Parse(bytes.NewReader(file))
	require.NoError(t, err)
	require.Len(t, res.Players, 2)
	codes := warningCodes(res)
	assert.Equal(t, []int{3}, codes[WarnNotANumber])
	assert.Equal(t, []int{3, 3}, codes[WarnInnings], "pitching 6.3 and fielding 2.5")
	assert.Equal(t, []int{4}, codes[WarnDuplicateJersey])
	assert.Equal(t, []int{5}, codes[WarnNoJersey])
	assert.NotContains(t, res.Players[0].Stats(), OutsPitched, "innings that do not add up are not written")
	assert.NotContains(t, res.Players[0].Stats(), Hits)
	assert.Equal(t, "6.3", res.Players[0].Raw()["Pitching/IP"])
	for _, w := range res.Warnings {
		assert.NotEmpty(t, w.Message)
	}
}

func TestGameChangerExtraColumnsAndWrongCount(t *testing.T) {
	t.Parallel()
	file := string(gcFile(t, false, "Totals", gcHitter))
	lines := strings.Split(file, "\n")
	// A column GameChanger added since, in a known section and in a new one.
	lines[0] += ",Baserunning"
	lines[1] += ",XBR"
	lines[2] += ",9"
	lines = append(lines[:3], append([]string{`8,Short,Row,4`, lines[2] + ",extra"}, lines[3:]...)...)
	res, err := GameChanger{}.Parse(strings.NewReader(strings.Join(lines, "\n")))
	require.NoError(t, err)
	require.Len(t, res.Players, 3)
	codes := warningCodes(res)
	assert.Equal(t, []int{2}, codes[WarnUnknownColumns])
	assert.Contains(t, res.Warnings[0].Message, "Baserunning/XBR")
	assert.Equal(t, []int{4, 5}, codes[WarnColumnCount])
	assert.Equal(t, "9", res.Players[0].Raw()["Baserunning/XBR"], "unknown columns are kept")
	short := res.Players[1]
	assert.Equal(t, "8", short.Jersey)
	assert.Equal(t, Stats{GamesPlayed: 4}, short.Stats())
	long := res.Players[2]
	assert.Equal(t, "extra", long.Raw()["column "+strconv.Itoa(len(res.Columns)+1)])
	assert.Equal(t, []int{5}, codes[WarnDuplicateJersey])
}

func TestGameChangerFileErrors(t *testing.T) {
	t.Parallel()
	for name, file := range map[string]string{
		"empty":            "",
		"section row only": "\"\",\"\",\"\",\"Batting\"\n",
		"no Number column": "\"\",\"\",\"Batting\"\nLast,First,AB\nKim,Jo,3\n",
		"no players":       string(gcFile(t, false, "Totals")),
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, err := GameChanger{}.Parse(strings.NewReader(file))
			require.Error(t, err)
			assert.True(t, IsFileError(err), "%v", err)
			assert.NotContains(t, err.Error(), "csv")
		})
	}
}

// A row's Raw is read again from the file where the row starts: after a byte-order mark, blank
// lines and a quoted cell that holds a line break, each player's Raw is still their own row.
func TestGameChangerRawIsTheRowsOwn(t *testing.T) {
	t.Parallel()
	quoted := gcRow{number: "4", last: "Lee\nJr.", first: "Kai", values: map[string]string{"Batting/H": "9", "Batting/AB": "30"}}
	file := append(slices.Clone(utf8BOM), gcFile(t, true, "Totals", quoted, gcHitter, gcPitcher)...)
	res, err := GameChanger{}.Parse(bytes.NewReader(file))
	require.NoError(t, err)
	require.Len(t, res.Players, 3)
	for _, row := range []gcRow{quoted, gcHitter, gcPitcher} {
		i := slices.IndexFunc(res.Players, func(p Player) bool { return p.Jersey == row.number })
		require.GreaterOrEqual(t, i, 0, row.number)
		want := map[string]string{"Number": row.number, "Last": row.last, "First": row.first}
		for k, v := range row.values {
			if v != "-" { // '-' is no value
				want[k] = v
			}
		}
		assert.Equal(t, want, res.Players[i].Raw(), "row %s reads back as written", row.number)
	}
}
