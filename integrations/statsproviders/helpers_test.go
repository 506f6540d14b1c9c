package statsproviders

import (
	"bytes"
	"encoding/csv"
	"legacylocker/integrations/sports"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// gcSections is a GameChanger export's column layout as documented (REFERENCE.md §1): the
// identity columns, then Batting, Pitching and Fielding, with names that repeat across
// sections (H, BB, SO, HR, SB, CS, 1B …). Shorter than the real 150 columns, same shape.
var gcSections = []struct {
	name    string
	columns []string
}{
	{"", []string{"Number", "Last", "First"}},
	{"Batting", strings.Fields("GP PA AB AVG OBP OPS SLG H 1B 2B 3B HR RBI R BB SO K-L HBP SAC SF ROE FC SB CS PIK QAB BABIP")},
	{"Pitching", strings.Fields("IP GP GS BF #P W L SV H R ER BB SO HBP HR BK WP ERA WHIP BAA FB FBS% MPHFB")},
	{"Fielding", strings.Fields("TC A PO FPCT E DP TP PB SB SBATT CS CS% P C 1B SS Total")},
}

// gcRow is one CSV row: identity cells plus values keyed "Section/Name".
type gcRow struct {
	number, last, first string
	values              map[string]string
}

// gcFile builds a GameChanger CSV: the section row, the header, the rows, then (unless
// teamLabel is empty) the team row, a blank row and the Glossary row.
func gcFile(t testing.TB, crlf bool, teamLabel string, rows ...gcRow) []byte {
	t.Helper()
	var sectionRow, header, keys []string
	for _, s := range gcSections {
		for i, c := range s.columns {
			if i == 0 {
				sectionRow = append(sectionRow, s.name)
			} else {
				sectionRow = append(sectionRow, "")
			}
			header = append(header, c)
			if s.name == "" {
				keys = append(keys, c)
			} else {
				keys = append(keys, s.name+"/"+c)
			}
		}
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.UseCRLF = crlf
	require.NoError(t, w.Write(sectionRow))
	require.NoError(t, w.Write(header))
	line := func(r gcRow) []string {
		rec := make([]string, len(keys))
		for i, k := range keys {
			switch k {
			case "Number":
				rec[i] = r.number
			case "Last":
				rec[i] = r.last
			case "First":
				rec[i] = r.first
			default:
				rec[i] = r.values[k]
			}
		}
		return rec
	}
	for _, r := range rows {
		require.NoError(t, w.Write(line(r)))
	}
	if teamLabel != "" {
		require.NoError(t, w.Write(line(gcRow{number: teamLabel, values: map[string]string{"Batting/AB": "300", "Batting/H": "90"}})))
		require.NoError(t, w.Write(make([]string, len(keys))))
		glossary := make([]string, len(keys))
		glossary[0], glossary[1] = "Glossary", "GP: Games played, PA: Plate appearances, AB: At bats"
		require.NoError(t, w.Write(glossary))
	}
	w.Flush()
	require.NoError(t, w.Error())
	return buf.Bytes()
}

// mpFile builds a MaxPreps TXT file from lines of cells.
func mpFile(crlf bool, supplier string, lines ...[]string) []byte {
	var b strings.Builder
	eol := "\n"
	if crlf {
		eol = "\r\n"
	}
	if supplier != "" {
		b.WriteString(supplier + eol)
	}
	for _, l := range lines {
		b.WriteString(strings.Join(l, "|") + eol)
	}
	return []byte(b.String())
}

func warningCodes(r *Result) map[string][]int {
	codes := map[string][]int{}
	for _, w := range r.Warnings {
		codes[w.Code] = append(codes[w.Code], w.Row)
	}
	return codes
}

// shown is a line as the app shows it at the college level (ERA over nine innings), as a map.
func shown(s Stats) map[string]any {
	m := map[string]any{}
	for _, e := range s.Line(SportBaseball, sports.College) {
		m[e.Key] = e.Value
	}
	return m
}
