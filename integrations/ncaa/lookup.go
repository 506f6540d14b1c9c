package ncaa

import (
	"fmt"
	"slices"
	"time"
)

// Segment is a stretch of days with one resolved period: where rows overlap, the one of highest
// precedence. Row is the row that decided it.
type Segment struct {
	Start, End time.Time
	Row        Period
}

// Divisions are the divisions with calendars here.
var Divisions = []string{"D1", "D2"}

// rowsFor answers the rows of one sport and division in a season: its own rows, or the other-sports
// rows when it has none of its own. A sport with a Division I calendar of its own never borrows the
// other sports' Division I rows: where its calendar is not transcribed (wrestling's block of the
// "Other" PDF, a season not read yet) the answer is no period, not another sport's.
func rowsFor(c Calendar, sport, division string) []Period {
	var own, other []Period
	for _, p := range c.Periods {
		if p.Division != division {
			continue
		}
		switch p.Sport {
		case sport:
			own = append(own, p)
		case OtherSports:
			other = append(other, p)
		}
	}
	if len(own) > 0 {
		return own
	}
	if _, ok := ownCalendars[sport]; ok && division == "D1" {
		return nil
	}
	return other
}

// resolve picks the row of highest precedence covering day (the earlier row on a tie).
func resolve(rows []Period, day time.Time) (Period, bool) {
	var best Period
	found := false
	for _, p := range rows {
		if p.Covers(day) && (!found || precedence[p.Type] > precedence[best.Type]) {
			best, found = p, true
		}
	}
	return best, found
}

// seasonOf answers the calendar whose season holds day.
func seasonOf(cals []Calendar, day time.Time) (Calendar, bool) {
	for _, c := range cals {
		if !day.Before(c.First) && !day.After(c.Last) {
			return c, true
		}
	}
	return Calendar{}, false
}

// PeriodOn answers the period in force on day for a sport and division; false when no calendar
// here covers that day (a season not transcribed, or months of a sport's calendar not yet read).
func PeriodOn(cals []Calendar, sport, division string, day time.Time) (Period, bool) {
	day = truncate(day)
	c, ok := seasonOf(cals, day)
	if !ok {
		return Period{}, false
	}
	return resolve(rowsFor(c, sport, division), day)
}

// Segments answers the resolved periods from day `from` through `to` (both inclusive), merged into
// stretches; days no calendar covers are left out. The answer can only change where a row starts or
// the day after one ends, so it resolves once per stretch between those days, not once per day.
func Segments(cals []Calendar, sport, division string, from, to time.Time) []Segment {
	from, to = truncate(from), truncate(to)
	var out []Segment
	for _, c := range cals {
		start, end := laterOf(from, c.First), earlierOf(to, c.Last)
		if start.After(end) {
			continue
		}
		rows := rowsFor(c, sport, division)
		cuts := []time.Time{start}
		for _, p := range rows {
			for _, d := range []time.Time{p.Start.Time, p.End.AddDate(0, 0, 1)} {
				if d.After(start) && !d.After(end) {
					cuts = append(cuts, d)
				}
			}
		}
		slices.SortFunc(cuts, func(a, b time.Time) int { return a.Compare(b) })
		cuts = slices.Compact(cuts)
		for i, cut := range cuts {
			last := end
			if i+1 < len(cuts) {
				last = cuts[i+1].AddDate(0, 0, -1)
			}
			p, ok := resolve(rows, cut)
			if !ok {
				continue
			}
			if n := len(out); n > 0 && samePeriod(out[n-1].Row, p) && out[n-1].End.AddDate(0, 0, 1).Equal(cut) {
				out[n-1].End = last
				continue
			}
			out = append(out, Segment{Start: cut, End: last, Row: p})
		}
	}
	return out
}

func laterOf(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func earlierOf(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

func samePeriod(a, b Period) bool {
	return a.Type == b.Type && a.Start == b.Start && a.End == b.End && a.Sport == b.Sport && a.Note == b.Note
}

func truncate(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// Meaning is what a period lets a coach do, in plain English.
type Meaning struct {
	Label  string   `json:"label"`
	Short  string   `json:"short"`
	May    []string `json:"may"`
	MayNot []string `json:"mayNot"`
}

// Meanings are the NCAA's period definitions, for families.
var Meanings = map[PeriodType]Meaning{
	Contact: {Label: "Contact Period", Short: "Coaches may meet you and your family in person, on or off campus.",
		May:    []string{"Talk with you and your parents in person, on or off campus", "Watch you compete and visit your high school", "Call, text, e-mail and send recruiting materials"},
		MayNot: []string{"Contact you before the first-contact date for your sport and class"}},
	Evaluation: {Label: "Evaluation Period", Short: "Coaches may watch you play, but not talk with you in person off campus.",
		May:    []string{"Watch you compete or practice", "Visit your high school to assess you academically", "Call, text, e-mail and send recruiting materials", "Host you on campus"},
		MayNot: []string{"Talk with you or your parents in person off campus"}},
	Quiet: {Label: "Quiet Period", Short: "Coaches may meet you in person only on their own campus.",
		May:    []string{"Talk with you in person on their campus", "Call, text, e-mail and send recruiting materials"},
		MayNot: []string{"Meet you in person off campus", "Watch you compete or visit your high school"}},
	Dead: {Label: "Dead Period", Short: "No in-person recruiting anywhere; calls and messages are still allowed.",
		May:    []string{"Call, text, e-mail and send recruiting materials"},
		MayNot: []string{"Meet you or your parents in person, on or off campus", "Watch you compete", "Host you on an official or unofficial visit"}},
	Shutdown: {Label: "Recruiting Shutdown", Short: "No recruiting of any kind: no contact, visits, evaluations, calls or messages.",
		MayNot: []string{"Meet you in person or watch you compete", "Host you on a visit", "Call, text, e-mail or send recruiting materials"}},
}

// Disclaimer goes with every NCAA date the app shows.
const Disclaimer = "Transcribed from NCAA publications; calendars can change during the year. Confirm dates with the NCAA or the college's compliance office before acting on them."

// SeasonName answers the season ("2026-27") that holds day.
func SeasonName(day time.Time) string {
	y := day.Year()
	if day.Month() < time.August {
		y--
	}
	return fmt.Sprintf("%d-%02d", y, (y+1)%100)
}
