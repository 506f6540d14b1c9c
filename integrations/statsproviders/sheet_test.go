package statsproviders

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"legacylocker/integrations/sports"
)

// TestBlankSheetRoundTrip: every sport's blank sheet, filled in a spreadsheet (CRLF, a BOM, a
// column deleted, one added), imports as that sport with each value read the sport's way.
func TestBlankSheetRoundTrip(t *testing.T) {
	t.Parallel()
	for _, cat := range sports.All() {
		header := csvLine(SheetHeader(cat))
		assert.True(t, strings.HasPrefix(header, "Jersey,Name,"), cat.Sport)
		fi, err := Default().Detect("sheet.csv", []byte(header+"\r\n"))
		require.NoError(t, err, cat.Sport)
		assert.Equal(t, "manual", fi.Info().ID, cat.Sport)

		// One value per column, written the way the stat is written.
		cols := strings.Split(header, ",")
		row := []string{"12", "Garcia, Sofia"}
		for _, label := range cols[2:] {
			row = append(row, sampleValue(t, cat, strings.Trim(label, `"`)))
		}
		file := "\xEF\xBB\xBF" + header + ",Notes\r\n" + csvLine(row) + ",great game\r\n"
		res, err := Manual{}.Parse(strings.NewReader(file))
		require.NoError(t, err, cat.Sport)
		want := cat.Sport
		if cat.Sport == SportSoftball {
			want = SportBaseball // the same columns: the athlete's sport tells them apart (SportFor)
		}
		assert.Equal(t, want, res.Sport)
		require.Len(t, res.Players, 1)
		p := res.Players[0]
		assert.Equal(t, "12", p.Jersey)
		assert.Equal(t, "Garcia, Sofia", p.Name)
		assert.Len(t, p.Stats(), len(cols)-2, "%s: every column read", cat.Sport)
		require.Len(t, res.Warnings, 1, cat.Sport)
		assert.Equal(t, "Columns we do not read for "+strings.ToLower(sports.Get(want).Label)+": Notes", res.Warnings[0].Message)
	}
}

func csvLine(cells []string) string {
	for i, c := range cells {
		if strings.ContainsAny(c, `,"`) {
			cells[i] = `"` + strings.ReplaceAll(c, `"`, `""`) + `"`
		}
	}
	return strings.Join(cells, ",")
}

func sampleValue(t *testing.T, cat *sports.Catalogue, label string) string {
	t.Helper()
	for _, s := range cat.Stats {
		if s.Label != label {
			continue
		}
		switch s.Kind {
		case sports.Innings:
			return "6.2"
		case sports.Time:
			return sports.FormatValue(s, 11832)
		case sports.Distance:
			return sports.FormatValue(s, 25650)
		}
		return "3"
	}
	t.Fatalf("%s: no stat labelled %q", cat.Sport, label)
	return ""
}

func TestSheetRefusals(t *testing.T) {
	t.Parallel()
	_, err := Manual{}.Parse(strings.NewReader("Jersey,Name,Favourite colour\n12,Sam,blue\n"))
	assert.Equal(t, ErrSheetSport, err)
	_, err = Manual{}.Parse(strings.NewReader("Jersey,Name,Points\n,,\n"))
	require.Error(t, err)
	assert.True(t, IsFileError(err))
	res, err := Manual{}.Parse(strings.NewReader("Jersey,Name,Points,Field Goals Made\n5,Maya,18,seven\n"))
	require.NoError(t, err)
	assert.Equal(t, "basketball", res.Sport)
	assert.Equal(t, Stats{"points": 18}, res.Players[0].Stats())
	require.Len(t, res.Warnings, 1)
	assert.Contains(t, res.Warnings[0].Message, "Row 2: Field Goals Made:")
	// A GameChanger export is still GameChanger's.
	fi, err := Default().Detect("season.csv", []byte(",,,Batting\r\nNumber,Last,First,GP\r\n"))
	require.NoError(t, err)
	assert.Equal(t, "gamechanger", fi.Info().ID)
}
