package statsproviders

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// GameChanger imports the CSV that GameChanger's "Export Stats" writes for a season, or for
// the stats view filtered to one game (the same shape).
type GameChanger struct{}

func (GameChanger) Info() Info {
	return Info{ID: "gamechanger", Name: "GameChanger", LogoURL: logoURL("gamechanger"), Kind: KindFile}
}

// Detect looks for the section row (Batting …) followed by the column names (Number, …).
func (GameChanger) Detect(_ string, head []byte) bool {
	head = bytes.TrimPrefix(head, utf8BOM)
	first, rest, _ := bytes.Cut(head, []byte("\n"))
	if !bytes.Contains(bytes.ToLower(first), []byte("batting")) {
		return false
	}
	second, _, _ := bytes.Cut(rest, []byte("\n"))
	second = bytes.TrimLeft(second, "\" \t")
	return len(second) >= 6 && strings.EqualFold(string(second[:6]), "number")
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// gcColumn is what the parser does with one header column.
type gcColumn struct {
	key     string // raw-row key
	stat    int    // the stat's slot (statSlots), or -1 when the column is only kept raw
	innings bool   // thirds notation, checked even when not counted
}

// Per section, the GameChanger columns we count. The same name means different things in
// different sections (H is hits in Batting, hits allowed in Pitching), which is why the
// section row matters.
var gcStats = map[string]map[string]string{
	"batting": {
		"GP": GamesPlayed, "PA": PlateAppearances, "AB": AtBats, "R": Runs, "H": Hits,
		"1B": Singles, "2B": Doubles, "3B": Triples, "HR": HomeRuns, "RBI": RBI, "BB": Walks,
		"SO": Strikeouts, "HBP": HitByPitch, "SAC": SacrificeBunts, "SF": SacrificeFlies,
		"ROE": ReachedOnError, "FC": FieldersChoice, "LOB": LeftOnBase, "SB": StolenBases,
		"CS": CaughtStealing,
	},
	"pitching": {
		"IP": OutsPitched, "GP": PitchingAppearances, "GS": GamesStarted, "BF": BattersFaced,
		"#P": Pitches, "W": Wins, "L": Losses, "SV": Saves, "H": HitsAllowed, "R": RunsAllowed,
		"ER": EarnedRuns, "BB": WalksAllowed, "SO": PitcherStrikeouts, "HBP": HitBatters,
		"HR": HomeRunsAllowed, "BK": Balks, "WP": WildPitches, "PIK": Pickoffs,
		"SB": StolenBasesAllowed,
	},
	"fielding": {
		"PO": Putouts, "A": Assists, "E": Errors, "DP": DoublePlays, "TP": TriplePlays,
		"PB": PassedBalls, "SBATT": StealAttemptsAgainstCatcher, "CS": RunnersCaughtStealing,
	},
}

// Columns GameChanger writes that we keep only in the raw row (rates we recompute, advanced
// and pitch-type numbers). Anything else is reported as an unknown column, still kept.
var gcKnown = wordSets(map[string]string{
	"batting": "AVG OBP OPS SLG K-L SB% PIK QAB QAB% PA/BB BB/K C% HHB LD% FB% GB% BABIP BA/RISP " +
		"2OUTRBI XBH TB PS PS/PA 2S+3 2S+3% 6+ 6+% AB/HR GIDP GITP CI",
	"pitching": "SVO BS SV% K-L LOB CS SB% ERA WHIP BAA P/IP P/BF <3 <3% LOO 1ST2OUT 123INN <13 " +
		"FIP S% FPS% FPSO% FPSW% FPSH% BB/INN 0BBINN BBS LOBB LOBBS SM% K/BF K/BB WEAK% HHB% " +
		"GO/AO BABIP BA/RISP SBATT CI LD% FB% GB% SB-ATT",
	"fielding": "TC FPCT SB CS% PIK CI",
})

func wordSets(lists map[string]string) map[string]map[string]bool {
	sets := make(map[string]map[string]bool, len(lists))
	for section, words := range lists {
		sets[section] = map[string]bool{}
		for _, w := range strings.Fields(words) {
			sets[section][w] = true
		}
	}
	return sets
}

// Fielding's "Innings Played" columns are innings in thirds notation.
var gcFieldingInnings = map[string]bool{
	"P": true, "C": true, "1B": true, "2B": true, "3B": true, "SS": true, "LF": true,
	"CF": true, "RF": true, "SF": true, "TOTAL": true,
}

// Pitch-type breakdown columns: FB, FBS, FBS%, MPHFB, CB, … (one per pitch type).
var gcPitchType = regexp.MustCompile(`^(MPH)?(FB|FT|CT|CB|SL|CH|KB|KC|SC|RB|DB|DC|OS|SP|SF|KN)(S|S%|SW|SW%)?$`)

func gcIsKnown(section, name string) bool {
	if _, ok := gcStats[section][name]; ok {
		return true
	}
	if section == "fielding" && gcFieldingInnings[name] {
		return true
	}
	if section == "pitching" && gcPitchType.MatchString(name) {
		return true
	}
	return gcKnown[section][name]
}

// Parse reads a GameChanger CSV export. Totals (or Team), blank and Glossary rows are not
// players. Rates in the file are kept in Raw only; Stats carries counts.
func (GameChanger) Parse(rd io.Reader) (*Result, error) {
	data, err := io.ReadAll(rd)
	if err != nil {
		return nil, err
	}
	data = bytes.TrimPrefix(data, utf8BOM)
	cr := gcReader(data)

	sections, err := cr.Read()
	if err == io.EOF {
		return nil, ErrEmptyFile
	}
	if err != nil {
		return nil, gcReadError(err)
	}
	header, err := cr.Read()
	if err == io.EOF {
		return nil, errNoGCHeader
	}
	if err != nil {
		return nil, gcReadError(err)
	}
	headerLine, _ := cr.FieldPos(0)

	// GameChanger's CSV export is read for its baseball and softball columns only.
	res := &Result{Format: FormatGameChangerCSV, Sport: SportBaseball}
	cols := make([]gcColumn, len(header))
	res.Columns = make([]string, len(header))
	numberCol, lastCol, firstCol := -1, -1, -1
	section := ""
	seen := make(map[string]bool, len(header))
	var unknown []string
	var slots statSlots
	for i, h := range header {
		name := strings.TrimSpace(h)
		if i < len(sections) {
			if s := strings.TrimSpace(sections[i]); s != "" {
				section = s
			}
		}
		sec := strings.ToLower(section)
		key := name
		if name == "" {
			key = "column " + strconv.Itoa(i+1)
		}
		if section != "" {
			key = section + "/" + key
		}
		if seen[key] {
			key += "#" + strconv.Itoa(i+1)
		}
		seen[key] = true
		col := gcColumn{key: key, stat: -1}
		upper := strings.ToUpper(name)
		switch {
		case section == "":
			switch strings.ToLower(name) {
			case "number", "#", "no", "jersey":
				if numberCol < 0 {
					numberCol = i
				}
			case "last", "last name":
				lastCol = i
			case "first", "first name":
				firstCol = i
			}
		case gcIsKnown(sec, upper):
			if stat := gcStats[sec][upper]; stat != "" {
				col.stat = slots.slot(stat)
			}
			col.innings = (sec == "pitching" && upper == "IP") || (sec == "fielding" && gcFieldingInnings[upper])
		case name != "":
			unknown = append(unknown, key)
		}
		cols[i] = col
		res.Columns[i] = key
	}
	if numberCol < 0 || (lastCol < 0 && firstCol < 0) {
		return nil, errNoGCHeader
	}
	if len(unknown) > 0 {
		res.warn(headerLine, WarnUnknownColumns, "Columns we do not read were kept as they are: %s.", strings.Join(unknown, ", "))
	}

	rows := bytes.Count(data, []byte("\n")) // at most; a quoted cell may hold a line break
	slots.reserve(rows)
	res.Players = make([]Player, 0, rows)
	// A row's record is read into the same slice each time and not kept: Player.Raw reads its
	// record again from the file. Keeping 300 records of 150 cells alive made the collector the
	// larger part of a parse.
	cr.ReuseRecord = true
	for {
		offset := cr.InputOffset()
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, gcReadError(err)
		}
		line, _ := cr.FieldPos(0)
		if blankRecord(rec) {
			continue
		}
		if strings.EqualFold(strings.TrimSpace(rec[0]), "glossary") {
			break
		}
		number, last, first := cell(rec, numberCol), cell(rec, lastCol), cell(rec, firstCol)
		if isTeamRow(number, last, first) {
			continue
		}
		if number == "" && last == "" && first == "" {
			res.warn(line, WarnNoJersey, "Row %d has no number and no name, so it cannot be matched to a player. It was left out.", line)
			continue
		}
		if len(rec) != len(cols) {
			res.warn(line, WarnColumnCount, "Row %d has %d values but the header has %d columns; the values were read in header order.", line, len(rec), len(cols))
		}
		p := Player{Row: line, Jersey: number, Last: last, First: first, columns: res.Columns, counts: slots.row(),
			file: data, offset: offset}
		switch {
		case last != "" && first != "":
			p.Name = last + ", " + first
		case last != "":
			p.Name = last
		default:
			p.Name = first
		}
		for i, v := range rec[:min(len(rec), len(cols))] {
			c := &cols[i]
			if c.stat < 0 && !c.innings {
				continue
			}
			v = strings.TrimSpace(v)
			if v == "" || v == "-" {
				continue
			}
			n, ok := res.cellValue(c.key, v, line, c.innings)
			if ok && c.stat >= 0 {
				p.counts.add(c.stat, n)
			}
		}
		res.Players = append(res.Players, p)
	}
	if len(res.Players) == 0 {
		return nil, fileErrorf("This GameChanger export lists no players. Check that the team's stats are filled in, export them again and upload the new file.")
	}
	res.finish()
	return res, nil
}

var errNoGCHeader = &FileError{"This GameChanger export is missing its column names (the second row should start Number, Last, First). Export the stats again and upload the new file without editing it."}

func gcReadError(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return fileErrorf("This GameChanger export is damaged near line %d. Export the stats again and upload the new file without editing it.", pe.Line)
	}
	return err
}

// gcReader reads a GameChanger export from data, its BOM removed.
func gcReader(data []byte) *csv.Reader {
	cr := csv.NewReader(bytes.NewReader(data))
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = true
	return cr
}

// gcRecordAt reads again the record that starts at offset, which Parse has read once.
func gcRecordAt(data []byte, offset int64) []string {
	rec, _ := gcReader(data[offset:]).Read()
	return rec
}

func cell(rec []string, i int) string {
	if i < 0 || i >= len(rec) {
		return ""
	}
	return strings.TrimSpace(rec[i])
}

func blankRecord(rec []string) bool {
	for _, v := range rec {
		if strings.TrimSpace(v) != "" {
			return false
		}
	}
	return true
}

// isTeamRow recognises the team line: "Totals" from the web export, "Team" from the app,
// in one identity cell with the others blank.
func isTeamRow(number, last, first string) bool {
	label, n := "", 0
	for _, v := range []string{number, last, first} {
		if v != "" {
			label, n = v, n+1
		}
	}
	return n == 1 && (strings.EqualFold(label, "totals") || strings.EqualFold(label, "team"))
}
