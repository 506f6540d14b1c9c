package statsproviders

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// seasonColumns lays out a full-width GameChanger export: 3 identity columns, 51 batting
// (standard and advanced), 71 pitching (standard, advanced, then the pitch-type breakdown)
// and 25 fielding (standard, catching, innings played) — 150 in all.
func seasonColumns() (sections, header []string) {
	batting := strings.Fields("GP PA AB AVG OBP OPS SLG H 1B 2B 3B HR RBI R BB SO K-L HBP SAC SF ROE FC SB SB% CS PIK " +
		"QAB QAB% PA/BB BB/K C% HHB LD% FB% GB% BABIP BA/RISP LOB 2OUTRBI XBH TB PS PS/PA 2S+3 2S+3% 6+ 6+% AB/HR GIDP GITP CI")
	pitching := strings.Fields("IP GP GS W L SV SVO BS SV% H R ER BB SO K-L HBP LOB BK PIK CS SB SB% WP BAA ERA WHIP BF #P HR " +
		"P/IP P/BF <3 <3% LOO 1ST2OUT 123INN <13 FIP S% FPS% FPSO% FPSW% FPSH% BB/INN 0BBINN BBS LOBB LOBBS SM% K/BF K/BB " +
		"WEAK% HHB% GO/AO BABIP BA/RISP SBATT CI LD% FB% GB% SB-ATT FB FBS FBS% MPHFB CB CBS CBS% CH CHS")
	fielding := strings.Fields("TC A PO FPCT E DP TP PB SB SBATT CS CS% PIK CI P C 1B 2B 3B SS LF CF RF SF Total")
	add := func(section string, names []string) {
		for i, n := range names {
			if i == 0 {
				sections = append(sections, section)
			} else {
				sections = append(sections, "")
			}
			header = append(header, n)
		}
	}
	add("", []string{"Number", "Last", "First"})
	add("Batting", batting)
	add("Pitching", pitching)
	add("Fielding", fielding)
	return sections, header
}

// seasonCSV writes a season export with the given number of players, plausible values
// (counts, .365 rates, thirds innings, '-' for undefined), then Totals, a blank row and
// the Glossary row.
func seasonCSV(tb testing.TB, players int) []byte {
	tb.Helper()
	sections, header := seasonColumns()
	rng := rand.New(rand.NewPCG(12, 2026))
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	require.NoError(tb, w.Write(sections))
	require.NoError(tb, w.Write(header))
	row := make([]string, len(header))
	for p := 0; p < players; p++ {
		row[0] = fmt.Sprintf("%02d", p%100)
		row[1] = fmt.Sprintf("Player’s%03d", p)
		row[2] = "First"
		section := ""
		for i := 3; i < len(header); i++ {
			if sections[i] != "" {
				section = sections[i]
			}
			name := header[i]
			switch {
			case rng.IntN(20) == 0:
				row[i] = "-"
			case (section == "Pitching" && name == "IP") || (section == "Fielding" && gcFieldingInnings[strings.ToUpper(name)]):
				row[i] = fmt.Sprintf("%d.%d", rng.IntN(80), rng.IntN(3))
			case strings.ContainsAny(name, "%/") || name == "AVG" || name == "OBP" || name == "SLG" || name == "BABIP" || name == "BAA":
				row[i] = fmt.Sprintf(".%03d", rng.IntN(1000))
			case name == "ERA" || name == "WHIP" || name == "FIP":
				row[i] = fmt.Sprintf("%d.%02d", rng.IntN(10), rng.IntN(100))
			default:
				row[i] = fmt.Sprint(rng.IntN(120))
			}
		}
		require.NoError(tb, w.Write(row))
	}
	totals := make([]string, len(header))
	totals[0] = "Totals"
	require.NoError(tb, w.Write(totals))
	require.NoError(tb, w.Write(make([]string, len(header))))
	glossary := make([]string, len(header))
	glossary[0], glossary[1] = "Glossary", "GP: Games played"
	require.NoError(tb, w.Write(glossary))
	w.Flush()
	require.NoError(tb, w.Error())
	return buf.Bytes()
}

func TestSeasonCSVIsFullWidth(t *testing.T) {
	t.Parallel()
	res, err := GameChanger{}.Parse(bytes.NewReader(seasonCSV(t, 300)))
	require.NoError(t, err)
	assert.Len(t, res.Columns, 150)
	assert.Len(t, res.Players, 300)
	for _, w := range res.Warnings {
		assert.Equal(t, WarnDuplicateJersey, w.Code, "only the repeated jerseys 00–99 are problems: %s", w.Message)
	}
}

// BenchmarkGameChangerSeason parses a 300-player, 150-column season export, against Go's
// encoding/csv reading the same bytes with the same settings and doing nothing else.
//
//	go test ./integrations/statsproviders -run '^$' -bench GameChangerSeason -benchmem -count 5
func BenchmarkGameChangerSeason(b *testing.B) {
	file := seasonCSV(b, 300)
	b.Run("parse", func(b *testing.B) {
		b.SetBytes(int64(len(file)))
		b.ReportAllocs()
		for b.Loop() {
			res, err := GameChanger{}.Parse(bytes.NewReader(file))
			if err != nil || len(res.Players) != 300 {
				b.Fatal(err)
			}
		}
	})
	readCSV := func(b *testing.B) { readRecords(b, file, ',', 305) }
	b.Run("encoding-csv", func(b *testing.B) {
		b.SetBytes(int64(len(file)))
		b.ReportAllocs()
		for b.Loop() {
			readCSV(b)
		}
	})
	b.Run("ratio", func(b *testing.B) {
		ratio(b, readCSV, func(b *testing.B) {
			if _, err := (GameChanger{}).Parse(bytes.NewReader(file)); err != nil {
				b.Fatal(err)
			}
		})
	})
}

// readRecords is the floor a parser is measured against: encoding/csv reading every record of data,
// keeping nothing, which must find want records.
func readRecords(b *testing.B, data []byte, comma rune, want int) {
	r := csv.NewReader(bytes.NewReader(data))
	r.Comma = comma
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	rows := 0
	for {
		_, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
		rows++
	}
	if rows != want {
		b.Fatal(rows)
	}
}

// ratio times read (the floor) and parse alternately within one run, so other work on a shared
// machine weighs on both alike, and reports the ratio of their medians.
func ratio(b *testing.B, read, parse func(*testing.B)) {
	var parsed, floor []time.Duration
	for b.Loop() {
		start := time.Now()
		read(b)
		mid := time.Now()
		parse(b)
		floor = append(floor, mid.Sub(start))
		parsed = append(parsed, time.Since(mid))
	}
	b.ReportMetric(float64(median(parsed))/float64(median(floor)), "parse/csv")
	b.ReportMetric(float64(median(parsed))/1e3, "parse-µs")
	b.ReportMetric(float64(median(floor))/1e3, "csv-µs")
}

func median(d []time.Duration) time.Duration {
	slices.Sort(d)
	return d[len(d)/2]
}

// footballFile is a 60-player MaxPreps football stat file (the GUID line, every field the football
// parser reads, CRLF), values plausible for one game.
func footballFile(tb testing.TB) []byte {
	tb.Helper()
	rng := rand.New(rand.NewPCG(29, 2026))
	rows := make([]map[string]string, 60)
	for p := range rows {
		row := map[string]string{"Jersey": fmt.Sprint(p)}
		for _, h := range mpFootballHeader[1:] {
			if rng.IntN(3) > 0 {
				row[h] = fmt.Sprint(rng.IntN(40))
			}
		}
		rows[p] = row
	}
	return mpSportFile(true, testSupplier, mpFootballHeader, rows...)
}

// BenchmarkMaxPrepsFootball parses a 60-player football stat file, against encoding/csv reading the
// same bytes as pipe-separated values and doing nothing else (issue 29: ≤ 2×).
//
//	go test ./integrations/statsproviders -run '^$' -bench MaxPrepsFootball -benchmem -count 5
func BenchmarkMaxPrepsFootball(b *testing.B) {
	file := footballFile(b)
	_, body, _ := bytes.Cut(file, []byte("\n")) // the GUID line is not a record
	readCSV := func(b *testing.B) { readRecords(b, body, '|', 61) }
	parse := func(b *testing.B) {
		res, err := MaxPreps{}.Parse(bytes.NewReader(file))
		if err != nil || len(res.Players) != 60 || res.Sport != SportFootball {
			b.Fatal(err)
		}
	}
	b.Run("parse", func(b *testing.B) {
		b.SetBytes(int64(len(file)))
		b.ReportAllocs()
		for b.Loop() {
			parse(b)
		}
	})
	b.Run("encoding-csv", func(b *testing.B) {
		b.SetBytes(int64(len(file)))
		b.ReportAllocs()
		for b.Loop() {
			readCSV(b)
		}
	})
	b.Run("ratio", func(b *testing.B) { ratio(b, readCSV, parse) })
}
