package statsproviders

import (
	"bytes"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// MaxPreps imports a MaxPreps stat-import file: pipe-delimited text, one game per file,
// written by GameChanger, Hudl and other scoring apps, for baseball and softball, football,
// basketball, soccer and volleyball (maxpreps_sports.go).
type MaxPreps struct{}

func (MaxPreps) Info() Info {
	return Info{ID: "maxpreps", Name: "MaxPreps", LogoURL: logoURL("maxpreps"), Kind: KindFile}
}

// supplierID is the stat supplier's GUID that accredited exporters write on line 1.
var supplierID = regexp.MustCompile(`^\{?[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}\}?$`)

// Detect looks for the Jersey header, after the supplier line when there is one.
func (MaxPreps) Detect(_ string, head []byte) bool {
	lines := splitLines(string(bytes.TrimPrefix(head, utf8BOM)), 3)
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if i < 2 && supplierID.MatchString(l) {
			continue
		}
		first, _, _ := strings.Cut(l, "|")
		return strings.EqualFold(strings.TrimSpace(first), "jersey")
	}
	return false
}

// mpStats maps MaxPreps field names (lower-cased: the spec spells them exactly, exporters
// do not always) to count keys. InningsPitched and PartialInningPitched are read together.
var mpStats = map[string]string{
	"atbats": AtBats, "runs": Runs, "hits": Hits, "singles": Singles, "doubles": Doubles,
	"triples": Triples, "homeruns": HomeRuns, "runsbattedin": RBI, "sacrificefly": SacrificeFlies,
	"sacrificebunt": SacrificeBunts, "baseonballs": Walks, "struckout": Strikeouts,
	"hitbypitch": HitByPitch, "reachedonerror": ReachedOnError, "fielderschoice": FieldersChoice,
	"leftonbase": LeftOnBase, "grandslams": GrandSlams, "stolenbase": StolenBases,
	"stolenbaseattempts": StolenBaseAttempts, "putouts": Putouts, "assists": Assists,
	"errors": Errors, "doubleplays": DoublePlays, "tripleplays": TriplePlays,
	"stolenbaseattemptscatcher": StealAttemptsAgainstCatcher, "caughtstealing": RunnersCaughtStealing,
	"passedballs": PassedBalls, "start": GamesStarted, "win": Wins, "loss": Losses, "save": Saves,
	"appearances": PitchingAppearances, "completegame": CompleteGames, "shutout": Shutouts,
	"nohitter": NoHitters, "perfectgame": PerfectGames, "battersfaced": BattersFaced,
	"runsagainst": RunsAllowed, "earnedruns": EarnedRuns, "hitsagainst": HitsAllowed,
	"doublesagainst": DoublesAllowed, "triplesagainst": TriplesAllowed,
	"homerunsagainst": HomeRunsAllowed, "sacrificeflypitcher": SacrificeFliesAllowed,
	"sacrificebuntpitcher": SacrificeBuntsAllowed, "baseonballsagainst": WalksAllowed,
	"battersstruckout": PitcherStrikeouts, "hitbatter": HitBatters, "balks": Balks,
	"wildpitches": WildPitches, "numberofpitches": Pitches, "pickoffs": Pickoffs,
	"stolenbasespitcher": StolenBasesAllowed,
}

const (
	mpInnings = "inningspitched"
	mpPartial = "partialinningpitched"
)

// Parse reads a MaxPreps TXT file, CRLF or LF. A blank cell is no stat (MaxPreps asks for
// zeros only when the stat really is zero). The sport is the one whose MaxPreps fields the
// header names most often (Result.Sport); a header that names none is refused.
func (MaxPreps) Parse(rd io.Reader) (*Result, error) {
	data, err := io.ReadAll(rd)
	if err != nil {
		return nil, err
	}
	data = bytes.TrimPrefix(data, utf8BOM)
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, ErrEmptyFile
	}
	lines := splitLines(string(data), -1) // one copy of the file: the lines and cells are slices of it
	res := &Result{Format: FormatMaxPrepsTXT, OneGame: true}

	i := 0
	for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	if s := strings.TrimSpace(lines[i]); supplierID.MatchString(s) {
		res.SupplierID = s
		i++
	}
	for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	if i == len(lines) {
		return nil, errNoMPHeader
	}
	headerLine := i + 1
	header := strings.Split(lines[i], "|")
	lowered := make([]string, len(header)) // the spec spells the fields exactly, exporters do not always
	for c, h := range header {
		lowered[c] = strings.ToLower(strings.TrimSpace(h))
	}
	sport, known := mpDetectSport(lowered)
	type mpColumn struct {
		key    string
		slot   int // in slots; -1 for a column not counted
		signed bool
	}
	var slots statSlots
	cols := make([]mpColumn, len(header))
	res.Columns = make([]string, len(header))
	jerseyCol, ipCol, partialCol := -1, -1, -1
	seen := make(map[string]bool, len(header))
	var unknown []string
	for c, h := range header {
		name := strings.TrimSpace(h)
		key := name
		if name == "" {
			key = "column " + strconv.Itoa(c+1)
		}
		if seen[key] {
			key += "#" + strconv.Itoa(c+1)
		}
		seen[key] = true
		lower := lowered[c]
		col := mpColumn{key: key, slot: -1}
		switch {
		case lower == "jersey":
			if jerseyCol < 0 {
				jerseyCol = c
			}
		case sport == nil:
		case sport.sport == SportBaseball && lower == mpInnings:
			ipCol = c
		case sport.sport == SportBaseball && lower == mpPartial:
			partialCol = c
		case sport.fields[lower] != "":
			stat := sport.fields[lower]
			col.slot, col.signed = slots.slot(stat), sport.signed[stat]
		case sport.derived[lower]:
		default:
			unknown = append(unknown, key)
		}
		cols[c] = col
		res.Columns[c] = key
	}
	if jerseyCol < 0 {
		if res.SupplierID != "" {
			return nil, errNoMPHeader
		}
		return nil, ErrNotStatsExport
	}
	if known == 0 {
		return nil, errNoMPFields(res.Columns, jerseyCol)
	}
	res.Sport = sport.sport
	if len(unknown) > 0 {
		res.warn(headerLine, WarnUnknownColumns, "Columns we do not read were kept as they are: %s.", strings.Join(unknown, ", "))
	}

	outs := -1
	if ipCol >= 0 || partialCol >= 0 {
		outs = slots.slot(OutsPitched)
	}
	slots.fill = sport.fill
	rows := len(lines) - i - 1
	slots.reserve(rows)
	res.Players = make([]Player, 0, rows)
	cellArena := make([]string, 0, rows*len(cols))
	for n, l := range lines[i+1:] {
		line := headerLine + 1 + n
		if strings.TrimSpace(l) == "" {
			continue
		}
		cells := splitCells(l, &cellArena)
		if len(cells) != len(cols) {
			res.warn(line, WarnColumnCount, "Row %d has %d values but the header has %d columns; the values were read in header order.", line, len(cells), len(cols))
		}
		jersey := cell(cells, jerseyCol)
		if jersey == "" {
			res.warn(line, WarnNoJersey, "Row %d has no jersey number, so it cannot be matched to a player. It was left out.", line)
			continue
		}
		p := Player{Row: line, Jersey: jersey, cells: cells, columns: res.Columns, counts: slots.row()}
		for c, v := range cells {
			v = strings.TrimSpace(v)
			if v == "" {
				continue
			}
			switch {
			case c >= len(cols) || cols[c].slot < 0:
			case cols[c].signed:
				if n, ok := res.signedCellValue(cols[c].key, v, line); ok {
					p.counts.addSigned(cols[c].slot, n)
				}
			default:
				if n, ok := res.cellValue(cols[c].key, v, line, false); ok {
					p.counts.add(cols[c].slot, n)
				}
			}
		}
		if outs >= 0 {
			if n, ok := res.mpInnings(cell(cells, ipCol), cell(cells, partialCol), line); ok {
				p.counts.set(outs, n)
			}
		}
		res.Players = append(res.Players, p)
	}
	if len(res.Players) == 0 {
		return nil, fileErrorf("This MaxPreps file lists no players. Export the game's stats again and upload the new file.")
	}
	res.finish()
	return res, nil
}

// mpInnings combines InningsPitched (whole innings) and PartialInningPitched (outs, 0–2)
// into outs. When they are blank or do not add up, the pitching line is left without innings
// rather than written wrong.
func (r *Result) mpInnings(whole, partial string, line int) (int, bool) {
	if whole == "" && partial == "" {
		return 0, false
	}
	outs := 0
	if whole != "" {
		n, err := ParseInnings(whole)
		if err != nil {
			r.warn(line, WarnInnings, "Row %d: InningsPitched is %q, which is not a number of innings. Innings were left out.", line, whole)
			return 0, false
		}
		outs = n
	}
	if partial != "" {
		n, err := parseCount(partial)
		if err != nil || n > 2 {
			r.warn(line, WarnInnings, "Row %d: PartialInningPitched is %q, but a partial inning is 0, 1 or 2 outs. Innings were left out.", line, partial)
			return 0, false
		}
		outs += n
	}
	return outs, true
}

// errNoMPFields refuses a file whose header names no field of any sport we read: its rows
// would import as players without a single stat.
func errNoMPFields(columns []string, jerseyCol int) error {
	var others []string
	for c, k := range columns {
		if c != jerseyCol {
			others = append(others, k)
		}
	}
	what := "only a Jersey column"
	if len(others) > 0 {
		if len(others) > 5 {
			others = append(others[:5], "…")
		}
		what = "Jersey and " + strings.Join(others, ", ")
	}
	return fileErrorf("This MaxPreps file has no stat we can read (its header lists %s). We read MaxPreps stat files for baseball, softball, football, basketball, soccer and volleyball. Export the game's stats again from your scoring app and upload that file, or type the game's stats in by hand.", what)
}

// splitCells splits a row on "|" into the arena's free end, so that a file's cells take one
// allocation rather than one per row. A row never shares its cells with the next.
func splitCells(line string, arena *[]string) []string {
	n := strings.Count(line, "|") + 1
	if cap(*arena)-len(*arena) < n {
		*arena = make([]string, 0, max(n, 2*cap(*arena)))
	}
	start := len(*arena)
	for {
		cell, rest, more := strings.Cut(line, "|")
		*arena = append(*arena, cell)
		if !more {
			break
		}
		line = rest
	}
	return (*arena)[start:len(*arena):len(*arena)]
}

var errNoMPHeader = &FileError{"This MaxPreps file is missing its header line (it should start Jersey|). Export the game's stats again and upload the new file without editing it."}

// splitLines splits on LF, CRLF or a lone CR, returning at most max lines (all when max < 0).
func splitLines(data string, max int) []string {
	var lines []string
	for len(data) > 0 && (max < 0 || len(lines) < max) {
		j := strings.IndexAny(data, "\r\n")
		if j < 0 {
			lines = append(lines, data)
			break
		}
		lines = append(lines, data[:j])
		if data[j] == '\r' && j+1 < len(data) && data[j+1] == '\n' {
			j++
		}
		data = data[j+1:]
	}
	return lines
}
