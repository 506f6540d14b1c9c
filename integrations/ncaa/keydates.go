package ncaa

import (
	"fmt"
	"sort"
	"time"
)

// EventTitles name the key dates.
var EventTitles = map[string]string{
	"calls_and_materials": "Coaches may call and send recruiting materials",
	"off_campus_contact":  "Off-campus contact and visits may begin",
	"official_visits":     "Official visits may begin",
	"written_offer":       "Written offers of athletics aid may be made",
	"initial_signing":     "Signing day",
	"early_signing":       "Early signing period",
	"regular_signing":     "Regular signing day",
}

// ruleDate turns a class year (the year of graduation) into the rule's day.
type ruleDate struct {
	text string
	day  func(classOf int) time.Time
}

func utcDay(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

// ruleDates are the class-year rules: the class of 2029 finishes sophomore year in June 2027,
// starts junior year in August 2027 and senior year in August 2028.
var ruleDates = map[string]ruleDate{
	"june15_after_sophomore_year": {"June 15 after sophomore year", func(g int) time.Time { return utcDay(g-2, time.June, 15) }},
	"aug1_before_junior_year":     {"August 1 before junior year", func(g int) time.Time { return utcDay(g-2, time.August, 1) }},
	"aug1_of_junior_year":         {"August 1 of junior year", func(g int) time.Time { return utcDay(g-2, time.August, 1) }},
	"sep1_of_junior_year":         {"September 1 of junior year", func(g int) time.Time { return utcDay(g-2, time.September, 1) }},
	"jan1_of_junior_year":         {"January 1 of junior year", func(g int) time.Time { return utcDay(g-1, time.January, 1) }},
	"aug1_of_senior_year":         {"August 1 of senior year", func(g int) time.Time { return utcDay(g-1, time.August, 1) }},
}

// KeyDate is a date that depends on the athlete: a first-contact rule or a signing date of their
// senior year.
type KeyDate struct {
	// Key is stable across requests and seasons, so a key date added to the timeline is found again.
	Key        string    `json:"key"`
	Sport      string    `json:"sport"`
	SportLabel string    `json:"sportLabel"`
	Division   string    `json:"division"`
	Event      string    `json:"event"`
	Title      string    `json:"title"`
	Date       time.Time `json:"-"`
	EndDate    time.Time `json:"-"`
	Rule       string    `json:"rule"`
	Bylaw      string    `json:"bylaw"`
	SourceURL  string    `json:"sourceUrl"`
	Verified   bool      `json:"verified"`
	Note       string    `json:"note"`
}

// KeyDates computes an athlete's key dates for one sport from the rules of the newest season and
// the signing dates of their senior year (from the formula when that season is not published yet).
func KeyDates(cals []Calendar, sport Sport, classOf int) []KeyDate {
	if len(cals) == 0 {
		return nil
	}
	var out []KeyDate
	rules := cals[len(cals)-1].Rules
	for _, division := range Divisions {
		for _, r := range rulesFor(rules, sport.Key, division) {
			rd := ruleDates[r.Rule]
			day := rd.day(classOf)
			out = append(out, KeyDate{
				Key: fmt.Sprintf("%s-%s-%s-%d", sport.Key, division, r.Event, classOf), Sport: sport.Key, SportLabel: sport.Label,
				Division: division, Event: r.Event, Title: EventTitles[r.Event], Date: day, EndDate: day, Rule: rd.text,
				Bylaw: r.Bylaw, SourceURL: r.SourceURL, Verified: r.Verified, Note: r.Note,
			})
		}
	}
	out = append(out, signingDates(cals, sport, classOf)...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Date.Before(out[j].Date) })
	return out
}

// rulesFor answers a sport's own rules in a division, or the other sports' rules when it has none.
func rulesFor(rules []Rule, sport, division string) []Rule {
	var own, other []Rule
	for _, r := range rules {
		switch {
		case r.Division != division:
		case r.Sport == sport:
			own = append(own, r)
		case r.Sport == OtherSports:
			other = append(other, r)
		}
	}
	if len(own) > 0 {
		return own
	}
	return other
}

// signingDates answers the signing dates of the athlete's senior year (the season ending in June
// of their class year).
func signingDates(cals []Calendar, sport Sport, classOf int) []KeyDate {
	season := fmt.Sprintf("%d-%02d", classOf-1, classOf%100)
	group := "all_except_football"
	if sport.Key == "football" {
		group = "football"
	}
	var out []KeyDate
	for _, c := range cals {
		if c.Season != season {
			continue
		}
		for _, s := range c.SigningDates {
			if s.Sports != group {
				continue
			}
			out = append(out, KeyDate{
				Key: fmt.Sprintf("%s-%s-%s-%d", sport.Key, s.Division, s.Event, classOf), Sport: sport.Key, SportLabel: sport.Label,
				Division: s.Division, Event: s.Event, Title: EventTitles[s.Event], Date: s.Start.Time, EndDate: s.End.Time,
				Rule: "Published for the " + c.Season + " season", SourceURL: s.SourceURL, Verified: s.Verified, Note: s.Note,
			})
		}
		return out
	}
	// Not published yet: the formulas (second Wednesday of November; football's first Wednesday of
	// February), shown as unverified.
	const note = "Computed from the NCAA's formula; the official date for this season is not published yet"
	key := func(event string) string { return fmt.Sprintf("%s-D1-%s-%d", sport.Key, event, classOf) }
	if group == "football" {
		day := nthWeekday(classOf, time.February, time.Wednesday, 1)
		return []KeyDate{{Key: key("regular_signing"), Sport: sport.Key, SportLabel: sport.Label, Division: "D1", Event: "regular_signing",
			Title: EventTitles["regular_signing"], Date: day, EndDate: day, Rule: "First Wednesday of February of senior year", Note: note}}
	}
	day := nthWeekday(classOf-1, time.November, time.Wednesday, 2)
	return []KeyDate{{Key: key("initial_signing"), Sport: sport.Key, SportLabel: sport.Label, Division: "D1", Event: "initial_signing",
		Title: EventTitles["initial_signing"], Date: day, EndDate: day, Rule: "Second Wednesday of November of senior year", Note: note}}
}

// nthWeekday answers the nth given weekday of a month.
func nthWeekday(year int, month time.Month, weekday time.Weekday, n int) time.Time {
	day := utcDay(year, month, 1)
	for day.Weekday() != weekday {
		day = day.AddDate(0, 0, 1)
	}
	return day.AddDate(0, 0, 7*(n-1))
}
