// Package ncaa holds the NCAA recruiting calendars as data: one versioned JSON file per season
// (data/recruiting-calendar.{season}.json, embedded in the binary), transcribed from the NCAA's
// published PDFs, and the rules that turn an athlete's sport and class year into concrete dates.
//
// Every row names its source and whether it was checked against the PDF; the screens show both,
// with a disclaimer, because calendars change mid-year. The file is validated by calendar_test.go.
package ncaa

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"sort"
	"sync"
	"time"
)

//go:embed data/*.json
var dataFiles embed.FS

// PeriodType is the kind of recruiting period, from most to least restrictive: a shutdown beats a
// dead period, which beats a quiet one, then evaluation, then contact.
type PeriodType string

const (
	Shutdown   PeriodType = "recruiting_shutdown"
	Dead       PeriodType = "dead"
	Quiet      PeriodType = "quiet"
	Evaluation PeriodType = "evaluation"
	Contact    PeriodType = "contact"
)

// precedence resolves overlapping rows: the higher number wins.
var precedence = map[PeriodType]int{Shutdown: 5, Dead: 4, Quiet: 3, Evaluation: 2, Contact: 1}

// Date is a calendar day (no time of day, no zone) as YYYY-MM-DD in JSON.
type Date struct{ time.Time }

func (d *Date) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return fmt.Errorf("date %q: want YYYY-MM-DD", s)
	}
	d.Time = t
	return nil
}

func (d Date) MarshalJSON() ([]byte, error) { return json.Marshal(d.Format(time.DateOnly)) }

// String is the day as YYYY-MM-DD.
func (d Date) String() string { return d.Format(time.DateOnly) }

// Source is where rows were transcribed from. URL is the governing body's own document wherever one
// exists; Via names the second-hand transcriptions the rows were read from when that document could
// not be read here (the NCAA's PDFs are column grids nobody here has opened), so a row that is not
// verified always names where its dates really came from.
type Source struct {
	ID        string   `json:"id"`
	URL       string   `json:"url"`
	Retrieved Date     `json:"retrieved"`
	Via       []string `json:"via,omitempty"`
}

// Period is one row of a sport's calendar: a type of period between two days, both inclusive.
type Period struct {
	Sport      string     `json:"sport"`
	SportCode  string     `json:"sportCode"`
	Division   string     `json:"division"`
	Type       PeriodType `json:"type"`
	Start      Date       `json:"start"`
	End        Date       `json:"end"`
	Audience   string     `json:"audience"`
	Note       string     `json:"note"`
	SourceID   string     `json:"sourceId"`
	Verified   bool       `json:"verified"`
	Confidence string     `json:"confidence"`
	// SourceURL is filled from the season's sources when the file is loaded.
	SourceURL string `json:"-"`
	Season    string `json:"-"`
}

// Covers reports whether day falls within the period (both ends inclusive).
func (p Period) Covers(day time.Time) bool {
	return !day.Before(p.Start.Time) && !day.After(p.End.Time)
}

// Rule is a first-contact rule that depends on the athlete's class year ("June 15 after sophomore year").
type Rule struct {
	Sport     string `json:"sport"`
	Division  string `json:"division"`
	Event     string `json:"event"`
	Rule      string `json:"rule"`
	Bylaw     string `json:"bylaw"`
	SourceID  string `json:"sourceId"`
	Verified  bool   `json:"verified"`
	Note      string `json:"note"`
	SourceURL string `json:"-"`
}

// SigningDate is a signing day or period of one season.
type SigningDate struct {
	Sports    string `json:"sports"` // all_except_football or football
	Division  string `json:"division"`
	Event     string `json:"event"`
	Start     Date   `json:"start"`
	End       Date   `json:"end"`
	Time      string `json:"time"`
	SourceID  string `json:"sourceId"`
	Verified  bool   `json:"verified"`
	Note      string `json:"note"`
	SourceURL string `json:"-"`
	Season    string `json:"-"`
}

// Note is text the recruiting screen shows beside the calendars: what rules apply in a division
// without a calendar (Division III, the NAIA), or what part of a sport's calendar is not here and why.
// Sport is a calendar key, or AllSports for a note about a whole division.
type Note struct {
	Sport     string `json:"sport"`
	Division  string `json:"division"`
	Text      string `json:"text"`
	SourceID  string `json:"sourceId"`
	Verified  bool   `json:"verified"`
	SourceURL string `json:"-"`
}

// AllSports is the sport of a note about a whole division.
const AllSports = "all"

// noteDivisions are the divisions a note may be about: the NCAA's three and the NAIA.
var noteDivisions = map[string]bool{"D1": true, "D2": true, "D3": true, "NAIA": true}

// Calendar is one season's file.
type Calendar struct {
	SchemaVersion int           `json:"schemaVersion"`
	Season        string        `json:"season"`
	PublishedAt   Date          `json:"publishedAt"`
	Sources       []Source      `json:"sources"`
	Periods       []Period      `json:"periods"`
	Rules         []Rule        `json:"rules"`
	SigningDates  []SigningDate `json:"signingDates"`
	Notes         []Note        `json:"notes"`
	// First and Last are the season's first and last days (Aug 1 to Jul 31), set when it is loaded.
	First, Last time.Time `json:"-"`
}

// SeasonBounds answers the first and last day of a season named "2026-27": Aug 1 2026 to Jul 31 2027.
func SeasonBounds(season string) (first, last time.Time, err error) {
	var y, y2 int
	if _, err := fmt.Sscanf(season, "%4d-%2d", &y, &y2); err != nil || (y+1)%100 != y2 {
		return first, last, fmt.Errorf("season %q: want YYYY-YY with consecutive years", season)
	}
	return time.Date(y, time.August, 1, 0, 0, 0, 0, time.UTC), time.Date(y+1, time.July, 31, 0, 0, 0, 0, time.UTC), nil
}

// parse reads one season's file and fills each row's source URL; it does not validate (Validate does).
func parse(raw []byte) (Calendar, error) {
	var c Calendar
	if err := json.Unmarshal(raw, &c); err != nil {
		return c, err
	}
	c.First, c.Last, _ = SeasonBounds(c.Season) // Validate reports a bad season
	urls := map[string]string{}
	for _, s := range c.Sources {
		urls[s.ID] = s.URL
	}
	for i := range c.Periods {
		c.Periods[i].SourceURL, c.Periods[i].Season = urls[c.Periods[i].SourceID], c.Season
	}
	for i := range c.Rules {
		c.Rules[i].SourceURL = urls[c.Rules[i].SourceID]
	}
	for i := range c.SigningDates {
		c.SigningDates[i].SourceURL, c.SigningDates[i].Season = urls[c.SigningDates[i].SourceID], c.Season
	}
	for i := range c.Notes {
		c.Notes[i].SourceURL = urls[c.Notes[i].SourceID]
	}
	return c, nil
}

// Calendars answers every embedded season, oldest first. The files are read once.
var Calendars = sync.OnceValues(Load)

// Load reads and validates every embedded season, oldest first (Calendars keeps the result).
func Load() ([]Calendar, error) {
	names, err := fs.Glob(dataFiles, "data/recruiting-calendar.*.json")
	if err != nil {
		return nil, err
	}
	var out []Calendar
	for _, name := range names {
		raw, err := dataFiles.ReadFile(name)
		if err != nil {
			return nil, err
		}
		c, err := parse(raw)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if err := c.Validate(); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Season < out[j].Season })
	return out, nil
}

// Validate checks what the screens rely on: known types and divisions, ISO dates in order and
// inside the season, and a source on every row.
func (c Calendar) Validate() error {
	if c.SchemaVersion != 1 {
		return fmt.Errorf("schemaVersion %d: want 1", c.SchemaVersion)
	}
	first, last, err := SeasonBounds(c.Season)
	if err != nil {
		return err
	}
	sources := map[string]bool{}
	for _, s := range c.Sources {
		if s.ID == "" || s.URL == "" {
			return fmt.Errorf("source %q has no id or url", s.ID)
		}
		sources[s.ID] = true
	}
	inSeason := func(what string, start, end Date) error {
		switch {
		case start.IsZero() || end.IsZero():
			return fmt.Errorf("%s: missing start or end", what)
		case end.Before(start.Time):
			return fmt.Errorf("%s: ends %s before it starts %s", what, end, start)
		case start.Before(first) || end.After(last):
			return fmt.Errorf("%s: %s to %s is outside the %s season", what, start, end, c.Season)
		}
		return nil
	}
	for i, p := range c.Periods {
		what := fmt.Sprintf("period %d (%s %s %s)", i, p.Sport, p.Division, p.Type)
		if _, ok := precedence[p.Type]; !ok {
			return fmt.Errorf("%s: unknown type", what)
		}
		if !validDivision(p.Division) || p.Sport == "" {
			return fmt.Errorf("%s: unknown division or no sport", what)
		}
		if !sources[p.SourceID] {
			return fmt.Errorf("%s: no source %q", what, p.SourceID)
		}
		if err := inSeason(what, p.Start, p.End); err != nil {
			return err
		}
	}
	for i, r := range c.Rules {
		what := fmt.Sprintf("rule %d (%s %s %s)", i, r.Sport, r.Division, r.Event)
		if _, ok := ruleDates[r.Rule]; !ok {
			return fmt.Errorf("%s: unknown rule %q", what, r.Rule)
		}
		if _, ok := EventTitles[r.Event]; !ok {
			return fmt.Errorf("%s: unknown event", what)
		}
		if !sources[r.SourceID] || !validDivision(r.Division) {
			return fmt.Errorf("%s: no source %q or unknown division", what, r.SourceID)
		}
	}
	for i, s := range c.SigningDates {
		what := fmt.Sprintf("signing date %d (%s %s)", i, s.Sports, s.Event)
		if _, ok := EventTitles[s.Event]; !ok || (s.Sports != "football" && s.Sports != "all_except_football") {
			return fmt.Errorf("%s: unknown event or sports", what)
		}
		if !sources[s.SourceID] || !validDivision(s.Division) {
			return fmt.Errorf("%s: no source %q or unknown division", what, s.SourceID)
		}
		if err := inSeason(what, s.Start, s.End); err != nil {
			return err
		}
	}
	for i, n := range c.Notes {
		what := fmt.Sprintf("note %d (%s %s)", i, n.Sport, n.Division)
		if n.Text == "" || n.Sport == "" || !noteDivisions[n.Division] {
			return fmt.Errorf("%s: no text or sport, or unknown division", what)
		}
		if !sources[n.SourceID] {
			return fmt.Errorf("%s: no source %q", what, n.SourceID)
		}
	}
	return nil
}

// NotesFor answers the newest season's notes about one calendar (a sport key, or AllSports).
func NotesFor(cals []Calendar, sport string) []Note {
	if len(cals) == 0 {
		return nil
	}
	var out []Note
	for _, n := range cals[len(cals)-1].Notes {
		if n.Sport == sport {
			out = append(out, n)
		}
	}
	return out
}

func validDivision(d string) bool { return d == "D1" || d == "D2" }
