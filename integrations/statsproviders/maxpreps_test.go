package statsproviders

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const testSupplier = "3f2b8c1e-9d4a-4e7b-a1c2-5d6e7f8a9b0c"

// A header shaped like GameChanger's MaxPreps export: Jersey, batting fields, then pitching
// fields (the exact 31 are not published; these are names from the MaxPreps field list).
var mpHeader = strings.Fields("Jersey AtBats Runs Hits Doubles Triples HomeRuns RunsBattedIn BaseOnBalls StruckOut HitByPitch SacrificeFly SacrificeBunt StolenBase CaughtStealing LeftOnBase ReachedOnError FieldersChoice " +
	"Win Loss Save InningsPitched PartialInningPitched BattersFaced HitsAgainst RunsAgainst EarnedRuns BaseOnBallsAgainst BattersStruckOut HitBatter NumberOfPitches")

// mpLine spreads values over mpHeader; missing fields are blank cells.
func mpLine(values map[string]string) []string {
	line := make([]string, len(mpHeader))
	for i, h := range mpHeader {
		line[i] = values[h]
	}
	return line
}

func TestMaxPrepsGame(t *testing.T) {
	t.Parallel()
	pitcher := mpLine(map[string]string{"Jersey": "02", "AtBats": "3", "Hits": "1", "BaseOnBalls": "1",
		"Win": "1", "InningsPitched": "6", "PartialInningPitched": "2", "HitsAgainst": "4", "EarnedRuns": "1",
		"BaseOnBallsAgainst": "2", "BattersStruckOut": "9", "NumberOfPitches": "98"})
	hitter := mpLine(map[string]string{"Jersey": "2", "AtBats": "4", "Hits": "0", "StruckOut": "0"})
	for _, tc := range []struct {
		name, supplier string
		crlf           bool
	}{
		{"supplier line, CRLF", testSupplier, true},
		{"supplier line in braces, LF", "{" + strings.ToUpper(testSupplier) + "}", false},
		{"no supplier line (unaccredited sample), LF", "", false},
		{"no supplier line, CRLF", "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			file := mpFile(tc.crlf, tc.supplier, mpHeader, pitcher, hitter, nil)
			require.True(t, MaxPreps{}.Detect("Away Varsity_vs_Home.txt", file))
			require.False(t, GameChanger{}.Detect("Away Varsity_vs_Home.txt", file))

			res, err := MaxPreps{}.Parse(bytes.NewReader(file))
			require.NoError(t, err)
			assert.Empty(t, res.Warnings)
			assert.Equal(t, FormatMaxPrepsTXT, res.Format)
			assert.True(t, res.OneGame)
			assert.Equal(t, tc.supplier, res.SupplierID)
			assert.Equal(t, mpHeader, res.Columns)
			require.Len(t, res.Players, 2)

			first := 2
			if tc.supplier == "" {
				first = 1
			}
			p := res.Players[0]
			assert.Equal(t, first+1, p.Row)
			assert.Equal(t, "02", p.Jersey)
			assert.Empty(t, p.Name)
			assert.Equal(t, Stats{AtBats: 3, Hits: 1, Walks: 1, Wins: 1, OutsPitched: 20, HitsAllowed: 4,
				EarnedRuns: 1, WalksAllowed: 2, PitcherStrikeouts: 9, Pitches: 98}, p.Stats(), "blank cells are no stat")
			assert.Equal(t, "2", p.Raw()["PartialInningPitched"])
			m := shown(p.Stats())
			assert.Equal(t, "6.2", m[InningsPitched])
			assert.Equal(t, "1.35", m[ERA])
			assert.Equal(t, ".333", m[BattingAvg])

			h := res.Players[1]
			assert.Equal(t, "2", h.Jersey, "02 and 2 are different players")
			assert.Equal(t, Stats{AtBats: 4, Hits: 0, Strikeouts: 0}, h.Stats(), "a written zero is a stat")
			assert.Equal(t, ".000", shown(h.Stats())[BattingAvg])
			require.Len(t, res.Match("2"), 1)
			assert.Equal(t, h.Row, res.Match("2")[0].Row)
		})
	}
}

func TestMaxPrepsPublishedExample(t *testing.T) {
	t.Parallel()
	res, err := MaxPreps{}.Parse(strings.NewReader("Jersey|AtBats|BaseOnBalls|Doubles|HitByPitch|Hits\r\n12|3|2|1|0|2\r\n"))
	require.NoError(t, err)
	require.Len(t, res.Players, 1)
	assert.Equal(t, Stats{AtBats: 3, Walks: 2, Doubles: 1, HitByPitch: 0, Hits: 2}, res.Players[0].Stats())
}

func TestMaxPrepsProblemsAreWarnings(t *testing.T) {
	t.Parallel()
	header := []string{"Jersey", "AtBats", "Hits", "InningsPitched", "PartialInningPitched", "ExitVelocity"}
	file := mpFile(true, testSupplier, header,
		[]string{"5", "3", "1", "4", "3", "88"}, // line 3: partial inning of 3 outs
		[]string{"6", "x", "1", "2.5", "", ""},  // line 4: not a number, thirds wrong
		[]string{"5", "2"},                      // line 5: short row, duplicate jersey
		[]string{"", "4", "2", "", "", ""},      // line 6: no jersey
		[]string{"9", "1", "0", "", "1", "", "surplus"},
	)
	res, err := MaxPreps{}.Parse(bytes.NewReader(file))
	require.NoError(t, err)
	require.Len(t, res.Players, 4)
	codes := warningCodes(res)
	assert.Equal(t, []int{2}, codes[WarnUnknownColumns])
	assert.Equal(t, []int{3, 4}, codes[WarnInnings])
	assert.Equal(t, []int{4}, codes[WarnNotANumber])
	assert.Equal(t, []int{5, 7}, codes[WarnColumnCount])
	assert.Equal(t, []int{6}, codes[WarnNoJersey])
	assert.Equal(t, []int{5}, codes[WarnDuplicateJersey])

	assert.Equal(t, Stats{AtBats: 3, Hits: 1}, res.Players[0].Stats(), "innings that do not add up are left out")
	assert.Equal(t, "88", res.Players[0].Raw()["ExitVelocity"], "unknown columns are kept")
	assert.Equal(t, Stats{Hits: 1}, res.Players[1].Stats())
	assert.Equal(t, Stats{AtBats: 2}, res.Players[2].Stats())
	assert.Equal(t, Stats{AtBats: 1, Hits: 0, OutsPitched: 1}, res.Players[3].Stats(), "a partial inning alone is outs")
	assert.Equal(t, "surplus", res.Players[3].Raw()["column 7"])
}

func TestMaxPrepsFileErrors(t *testing.T) {
	t.Parallel()
	for name, file := range map[string]string{
		"empty":                   "",
		"blank lines":             "\r\n\r\n",
		"supplier line only":      testSupplier + "\r\n",
		"supplier then no Jersey": testSupplier + "\r\nAtBats|Hits\r\n3|1\r\n",
		"no Jersey column":        "AtBats|Hits\n3|1\n",
		"header only":             "Jersey|AtBats\r\n",
		"rows without jerseys":    "Jersey|AtBats\r\n|3\r\n",
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, err := MaxPreps{}.Parse(strings.NewReader(file))
			require.Error(t, err)
			assert.True(t, IsFileError(err), "%v", err)
		})
	}
}

func TestWarningsAreBounded(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("Jersey|AtBats\r\n")
	for i := 0; i < 300; i++ {
		b.WriteString(strconv.Itoa(i%100) + "|x|1\r\n")
	}
	res, err := MaxPreps{}.Parse(strings.NewReader(b.String()))
	require.NoError(t, err)
	require.Len(t, res.Players, 300)
	codes := warningCodes(res)
	for _, code := range []string{WarnNotANumber, WarnColumnCount, WarnDuplicateJersey} {
		require.Len(t, codes[code], MaxWarningsPerCode+1, code)
		assert.Equal(t, 0, codes[code][MaxWarningsPerCode], "the summary is about the file")
	}
	last := res.Warnings[len(res.Warnings)-1]
	assert.Equal(t, "150 more rows have the same problem.", last.Message)
	assert.Equal(t, WarnDuplicateJersey, last.Code)
}
