package statsproviders

import (
	"encoding/json"
	"errors"
	"fmt"
	"legacylocker/integrations/sports"
	"slices"
	"strconv"
	"strings"
)

// FileError is an import failure caused by the file itself. Its message is written for the
// family (plain words, what to do next); retrying the same file cannot succeed.
type FileError struct{ Message string }

func (e *FileError) Error() string { return e.Message }

var (
	// ErrNotStatsExport: the file is neither format.
	ErrNotStatsExport = &FileError{"This file is not a GameChanger or MaxPreps stats export. Export the stats again (GameChanger: Export Stats as CSV; MaxPreps: the stat file as TXT) and upload that file."}
	// ErrEmptyFile: nothing to read.
	ErrEmptyFile = &FileError{"This file is empty. Export the stats again and upload the new file."}
)

func fileErrorf(format string, args ...any) error { return &FileError{fmt.Sprintf(format, args...)} }

// IsFileError reports whether err is the file's fault (fail the import with its message)
// rather than a read failure worth retrying.
func IsFileError(err error) bool {
	var fe *FileError
	return errors.As(err, &fe)
}

// Format names the parser that read a file.
type Format string

const (
	FormatGameChangerCSV Format = "gamechanger_csv"
	FormatMaxPrepsTXT    Format = "maxpreps_txt"
	FormatSheetCSV       Format = "sheet_csv"
)

// Result is everything an import preview shows: the players found, their numbers and the
// problems noticed. Nothing in it has been written anywhere.
type Result struct {
	Format Format
	// Sport is the sports catalogue key of the file's stats (SportBaseball, SportFootball …);
	// the import job checks it against the athlete's sport. SportBaseball stands for softball
	// too: the files are the same.
	Sport string
	// OneGame is true when the format is always one game (MaxPreps). A GameChanger CSV can be
	// a season or a view filtered to one game; the uploader says which.
	OneGame bool
	// SupplierID is the MaxPreps stat-supplier GUID from the first line, when present.
	SupplierID string
	// Columns are the raw-row keys in file order ("Batting/H" for a GameChanger column under
	// a section, the header name otherwise).
	Columns []string
	Players []Player
	// Warnings lists at most MaxWarningsPerCode problems of each kind, then one line saying
	// how many more rows had it, so a damaged file cannot flood the preview.
	Warnings []Warning

	warned map[string]int
}

// MaxWarningsPerCode bounds the warnings of one kind a Result lists one by one.
const MaxWarningsPerCode = 50

// Player is one player row of the export.
type Player struct {
	// Row is the row's line number in the file (1-based), as a spreadsheet shows it.
	Row int
	// Jersey is the number as text: "02" and "2" are different players.
	Jersey string
	// Name as the export spells it: "Last, First" for GameChanger (one part alone when the
	// other is blank), empty for MaxPreps, whose files carry no names.
	Name  string
	Last  string
	First string

	// The row's cells, the column keys and the counts read, kept so that Raw and Stats are built
	// for the one row an import writes: building maps for each of 300 rows would cost more than
	// the parse. A GameChanger row keeps no cells: its record is read again from the file at
	// offset.
	cells   []string
	columns []string
	counts  rowCounts
	file    []byte
	offset  int64
}

// Stats answers the counts read from the row; rates are computed from them (Stats.Line).
func (p Player) Stats() Stats { return p.counts.stats() }

// Raw is the row as written, every column including ones we do not read, keyed like
// Result.Columns ("column N" for a cell beyond the header); blank and "-" cells are left out.
func (p Player) Raw() map[string]string {
	cells := p.cells
	if p.file != nil {
		cells = gcRecordAt(p.file, p.offset)
	}
	raw := make(map[string]string, len(cells))
	for i, v := range cells {
		v = strings.TrimSpace(v)
		if v == "" || v == "-" {
			continue
		}
		if i < len(p.columns) {
			raw[p.columns[i]] = v
		} else {
			raw["column "+strconv.Itoa(i+1)] = v
		}
	}
	return raw
}

// Label is how a preview and the confirm call name the row: the jersey, or the name when
// the row has no jersey.
func (p Player) Label() string {
	if p.Jersey != "" {
		return p.Jersey
	}
	return p.Name
}

// Warning is a problem found in the file that did not stop the import.
type Warning struct {
	Row     int    // line number in the file; 0 for the file as a whole
	Code    string // one of the Warn* constants
	Message string // plain words for the family
}

// Warning codes.
const (
	WarnUnknownColumns  = "unknown_columns"
	WarnColumnCount     = "column_count"
	WarnInnings         = "innings"
	WarnDuplicateJersey = "duplicate_jersey"
	WarnNotANumber      = "not_a_number"
	WarnNoJersey        = "no_jersey"
)

// Stats are whole-number counts keyed by the spec's camelCase stat names. Innings are held
// as outs (OutsPitched: 6.2 innings = 20). A stat the file left blank is absent, not zero.
type Stats map[string]int

// Count keys. Batting, then pitching, then fielding; CountKeys lists them in display order.
const (
	GamesPlayed                 = "gamesPlayed"
	PlateAppearances            = "plateAppearances"
	AtBats                      = "atBats"
	Runs                        = "runs"
	Hits                        = "hits"
	Singles                     = "singles"
	Doubles                     = "doubles"
	Triples                     = "triples"
	HomeRuns                    = "homeRuns"
	RBI                         = "rbi"
	Walks                       = "walks"
	Strikeouts                  = "strikeouts"
	HitByPitch                  = "hitByPitch"
	SacrificeFlies              = "sacrificeFlies"
	SacrificeBunts              = "sacrificeBunts"
	ReachedOnError              = "reachedOnError"
	FieldersChoice              = "fieldersChoice"
	LeftOnBase                  = "leftOnBase"
	GrandSlams                  = "grandSlams"
	StolenBases                 = "stolenBases"
	StolenBaseAttempts          = "stolenBaseAttempts"
	CaughtStealing              = "caughtStealing"
	PitchingAppearances         = "pitchingAppearances"
	GamesStarted                = "gamesStarted"
	Wins                        = "wins"
	Losses                      = "losses"
	Saves                       = "saves"
	CompleteGames               = "completeGames"
	Shutouts                    = "shutouts"
	NoHitters                   = "noHitters"
	PerfectGames                = "perfectGames"
	OutsPitched                 = "outsPitched"
	BattersFaced                = "battersFaced"
	Pitches                     = "pitches"
	HitsAllowed                 = "hitsAllowed"
	DoublesAllowed              = "doublesAllowed"
	TriplesAllowed              = "triplesAllowed"
	HomeRunsAllowed             = "homeRunsAllowed"
	RunsAllowed                 = "runsAllowed"
	EarnedRuns                  = "earnedRuns"
	WalksAllowed                = "walksAllowed"
	PitcherStrikeouts           = "pitcherStrikeouts"
	HitBatters                  = "hitBatters"
	SacrificeFliesAllowed       = "sacrificeFliesAllowed"
	SacrificeBuntsAllowed       = "sacrificeBuntsAllowed"
	Balks                       = "balks"
	WildPitches                 = "wildPitches"
	Pickoffs                    = "pickoffs"
	StolenBasesAllowed          = "stolenBasesAllowed"
	Putouts                     = "putouts"
	Assists                     = "assists"
	Errors                      = "errors"
	DoublePlays                 = "doublePlays"
	TriplePlays                 = "triplePlays"
	PassedBalls                 = "passedBalls"
	StealAttemptsAgainstCatcher = "stealAttemptsAgainstCatcher"
	RunnersCaughtStealing       = "runnersCaughtStealing"
)

// Rate keys, computed from the counts by the baseball and softball catalogues (never read from a
// file), and the display key for innings.
const (
	BattingAvg     = "battingAvg"
	OnBasePct      = "onBasePct"
	SluggingPct    = "sluggingPct"
	OPS            = "ops"
	ERA            = "era"
	WHIP           = "whip"
	InningsPitched = "inningsPitched"
)

// CountKeys is every count key in display order (batting, pitching, fielding).
var CountKeys = []string{
	GamesPlayed, PlateAppearances, AtBats, Runs, Hits, Singles, Doubles, Triples, HomeRuns, RBI,
	Walks, Strikeouts, HitByPitch, SacrificeFlies, SacrificeBunts, ReachedOnError, FieldersChoice,
	LeftOnBase, GrandSlams, StolenBases, StolenBaseAttempts, CaughtStealing,
	PitchingAppearances, GamesStarted, Wins, Losses, Saves, CompleteGames, Shutouts, NoHitters,
	PerfectGames, OutsPitched, BattersFaced, Pitches, HitsAllowed, DoublesAllowed, TriplesAllowed,
	HomeRunsAllowed, RunsAllowed, EarnedRuns, WalksAllowed, PitcherStrikeouts, HitBatters,
	SacrificeFliesAllowed, SacrificeBuntsAllowed, Balks, WildPitches, Pickoffs, StolenBasesAllowed,
	Putouts, Assists, Errors, DoublePlays, TriplePlays, PassedBalls, StealAttemptsAgainstCatcher,
	RunnersCaughtStealing,
}

// Add sums another line into s (a season from its games).
func (s Stats) Add(o Stats) {
	for k, v := range o {
		s.add(k, v)
	}
}

// Line answers the stats as shown for a sport at a level of play, the sport's catalogue computing
// the rates (baseball's ERA over seven innings in high school). An unknown sport is shown as
// baseball, whose keys every file before issue 29 used.
func (s Stats) Line(sport string, level sports.Level) sports.Line {
	cat := sports.Get(sport)
	if cat == nil {
		cat = sports.Get(SportBaseball)
	}
	return cat.Line(s.CatalogueCounts(), level)
}

// Encode answers the counts as stored (the stats column) and the line as shown (the display
// column: rates computed, keys in display order).
func (s Stats) Encode(sport string, level sports.Level) (counts, display []byte, err error) {
	if counts, err = json.Marshal(s); err != nil {
		return nil, nil, err
	}
	display, err = json.Marshal(s.Line(sport, level))
	return counts, display, err
}

// CatalogueCounts answers the counts under the catalogues' keys: the parsers store baseball's and
// softball's innings as outs under outsPitched, which the catalogues call inningsPitched.
func (s Stats) CatalogueCounts() map[string]int {
	outs, ok := s[OutsPitched]
	if !ok {
		return s
	}
	m := make(map[string]int, len(s))
	for k, v := range s {
		m[k] = v
	}
	delete(m, OutsPitched)
	m[InningsPitched] = outs
	return m
}

// FormatInnings prints outs in thirds notation: 20 → "6.2".
func FormatInnings(outs int) string {
	return strconv.Itoa(outs/3) + "." + strconv.Itoa(outs%3)
}

// maxCount bounds any count so sums and innings×3 cannot overflow.
const maxCount = 1 << 30

// ParseInnings reads thirds notation ("6.2" = 20 outs, "6" = 18, ".1" = 1). A fraction
// other than .0, .1 or .2 (6.3, 6.33) is an error: the innings do not add up.
func ParseInnings(s string) (int, error) {
	whole, frac, hasFrac := strings.Cut(s, ".")
	if whole == "" && frac == "" {
		return 0, fmt.Errorf("%q has no digits", s)
	}
	w := 0
	if whole != "" || !hasFrac {
		n, err := parseCount(whole)
		if err != nil {
			return 0, err
		}
		w = n
	}
	if w > maxCount/3 {
		return 0, errors.New("too large")
	}
	outs := w * 3
	if hasFrac {
		switch frac {
		case "", "0":
		case "1":
			outs++
		case "2":
			outs += 2
		default:
			return 0, fmt.Errorf("%q is not whole innings plus .1 or .2 outs", s)
		}
	}
	return outs, nil
}

// parseCount reads a whole, non-negative count.
func parseCount(s string) (int, error) {
	if s == "" {
		return 0, errors.New("blank")
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, fmt.Errorf("%q is not a whole number", s)
		}
		n = n*10 + int(c-'0')
		if n > maxCount {
			return 0, fmt.Errorf("%q is too large", s)
		}
	}
	return n, nil
}

// Match finds the rows a connection's "Athlete ID" names: a jersey matches its exact text
// ("02" is not "2"); a name matches "Last, First" or "First Last", ignoring case, spacing and
// the apostrophe style. No row, or more than one, means the family must choose.
func (r *Result) Match(athleteID string) []Player {
	id := strings.TrimSpace(athleteID)
	if id == "" {
		return nil
	}
	want := normalizeName(id)
	var out []Player
	for _, p := range r.Players {
		if p.Jersey != "" && p.Jersey == id {
			out = append(out, p)
			continue
		}
		if want == "" {
			continue
		}
		if p.Name != "" && normalizeName(p.Name) == want {
			out = append(out, p)
			continue
		}
		if p.First != "" && p.Last != "" && normalizeName(p.First+" "+p.Last) == want {
			out = append(out, p)
		}
	}
	return out
}

// normalizeName folds case, runs of spaces and curly apostrophes, so "O’Brien,  Sam" and
// "o'brien, sam" compare equal.
func normalizeName(s string) string {
	s = strings.ToLower(strings.NewReplacer("’", "'", "‘", "'", "`", "'").Replace(s))
	s = strings.Join(strings.Fields(s), " ")
	return strings.ReplaceAll(s, " ,", ",")
}

// warnDuplicateJerseys adds a warning for each row that repeats an earlier row's jersey.
func (r *Result) warnDuplicateJerseys() {
	first := make(map[string]int, len(r.Players))
	for _, p := range r.Players {
		if p.Jersey == "" {
			continue
		}
		if row, seen := first[p.Jersey]; seen {
			r.warn(p.Row, WarnDuplicateJersey, "Row %d has jersey %s, like row %d. Choose the right row when you confirm the import.", p.Row, p.Jersey, row)
			continue
		}
		first[p.Jersey] = p.Row
	}
}

func (r *Result) warn(row int, code, format string, args ...any) {
	if r.warned == nil {
		r.warned = map[string]int{}
	}
	r.warned[code]++
	if r.warned[code] > MaxWarningsPerCode {
		return
	}
	r.Warnings = append(r.Warnings, Warning{Row: row, Code: code, Message: fmt.Sprintf(format, args...)})
}

// finish checks what needs every row (duplicate jerseys) and counts the warnings that were
// not listed.
func (r *Result) finish() {
	r.warnDuplicateJerseys()
	for _, w := range slices.Clone(r.Warnings) {
		if n := r.warned[w.Code] - MaxWarningsPerCode; n > 0 {
			r.Warnings = append(r.Warnings, Warning{Code: w.Code, Message: fmt.Sprintf("%d more rows have the same problem.", n)})
			r.warned[w.Code] = MaxWarningsPerCode
		}
	}
}

// cellValue reads one non-blank cell, warning instead of failing on a bad value.
func (r *Result) cellValue(column, cell string, row int, innings bool) (int, bool) {
	if innings {
		n, err := ParseInnings(cell)
		if err != nil {
			r.warn(row, WarnInnings, "Row %d: %s is %q, which is not a number of innings (use thirds: 6.2 is 6 innings and 2 outs). It was left out.", row, column, cell)
			return 0, false
		}
		return n, true
	}
	n, err := parseCount(cell)
	if err != nil {
		r.warn(row, WarnNotANumber, "Row %d: %s is %q, not a whole number. It was left out.", row, column, cell)
		return 0, false
	}
	return n, true
}

// add counts n more of key, capped so that no sum overflows.
func (s Stats) add(key string, n int) {
	s[key] = min(s[key]+n, maxCount)
}

// SportFor answers the catalogue a line of stats belongs to for an athlete (their free-text
// sports): the file's own sport, except that a diamond file (GameChanger's and MaxPreps' baseball
// files are softball's too) is softball for an athlete who plays softball and not baseball. A line
// that names no sport (a typed game without one, a sync) is the athlete's first sport with a
// catalogue, else baseball.
func SportFor(fileSport, athleteSports string) string {
	plays := sports.ForSports(athleteSports)
	has := func(sport string) bool {
		return slices.ContainsFunc(plays, func(c *sports.Catalogue) bool { return c.Sport == sport })
	}
	switch {
	case fileSport == SportBaseball && !has(SportBaseball) && has(SportSoftball):
		return SportSoftball
	case fileSport != "":
		return fileSport
	case len(plays) > 0:
		return plays[0].Sport
	}
	return SportBaseball
}
