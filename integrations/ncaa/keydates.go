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
	"jan1_of_sophomore_year":      {"January 1 of sophomore year", func(g int) time.Time { return utcDay(g-2, time.January, 1) }},
	// Men's lacrosse (Bylaw 13.1.1.1.8, effective August 1 2026): 7 a.m. on the Wednesday after
	// Labor Day (the first Monday of September) at the beginning of junior year.
	"wednesday_after_labor_day_of_junior_year": {"The Wednesday after Labor Day of junior year", func(g int) time.Time {
		return nthWeekday(g-2, time.September, time.Monday, 1).AddDate(0, 0, 2)
	}},
	"aug1_of_senior_year": {"August 1 of senior year", func(g int) time.Time { return utcDay(g-1, time.August, 1) }},
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
	// The key names the calendar whose rules the sport follows, so two sports that follow one set of
	// rules share their dates, and a key on a family's timeline survives a sport getting a calendar
	// of its own while it still follows the other sports' rules.
	keySport := ruleSport(rules, sport.Key)
	for _, division := range DivisionsFor(sport.Key) {
		for _, r := range rulesFor(rules, sport.Key, division) {
			rd := ruleDates[r.Rule]
			day := rd.day(classOf)
			out = append(out, KeyDate{
				Key: fmt.Sprintf("%s-%s-%s-%d", keySport, division, r.Event, classOf), Sport: sport.Key, SportLabel: sport.Label,
				Division: division, Event: r.Event, Title: EventTitles[r.Event], Date: day, EndDate: day, Rule: rd.text,
				Bylaw: r.Bylaw, SourceURL: r.SourceURL, Verified: r.Verified, Note: r.Note,
			})
		}
	}
	out = append(out, signingDates(cals, sport, classOf)...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Date.Before(out[j].Date) })
	return out
}

// rulesFor answers a sport's own rules in a division, else those of the calendar it inherits from
// (FCS football follows football's), else the other sports' rules.
func rulesFor(rules []Rule, sport, division string) []Rule {
	var own, parent, other []Rule
	for _, r := range rules {
		switch {
		case r.Division != division:
		case r.Sport == sport:
			own = append(own, r)
		case inherits[sport] != "" && r.Sport == inherits[sport]:
			parent = append(parent, r)
		case r.Sport == OtherSports:
			other = append(other, r)
		}
	}
	switch {
	case len(own) > 0:
		return own
	case len(parent) > 0:
		return parent
	}
	return other
}

// ruleSport answers the calendar whose rules a sport follows in the newest season, in any division:
// its own when it has any, else the one it inherits from, else the other sports'. Key dates are
// keyed by it (baseball's Division II dates stay "baseball-D2-…" though they are the other sports'
// rules).
func ruleSport(rules []Rule, sport string) string {
	for _, candidate := range []string{sport, inherits[sport]} {
		for _, r := range rules {
			if candidate != "" && r.Sport == candidate {
				return candidate
			}
		}
	}
	return OtherSports
}

// signingDates answers the signing dates of the athlete's senior year (the season ending in June
// of their class year).
func signingDates(cals []Calendar, sport Sport, classOf int) []KeyDate {
	season := fmt.Sprintf("%d-%02d", classOf-1, classOf%100)
	keySport := ruleSport(cals[len(cals)-1].Rules, sport.Key)
	group := "all_except_football"
	if keySport == "football" {
		group = "football"
	}
	shown := map[string]bool{}
	for _, d := range DivisionsFor(sport.Key) {
		shown[d] = true
	}
	var out []KeyDate
	for _, c := range cals {
		if c.Season != season {
			continue
		}
		for _, s := range c.SigningDates {
			if s.Sports != group || !shown[s.Division] {
				continue
			}
			out = append(out, KeyDate{
				Key: fmt.Sprintf("%s-%s-%s-%d", keySport, s.Division, s.Event, classOf), Sport: sport.Key, SportLabel: sport.Label,
				Division: s.Division, Event: s.Event, Title: EventTitles[s.Event], Date: s.Start.Time, EndDate: s.End.Time,
				Rule: "Published for the " + c.Season + " season", SourceURL: s.SourceURL, Verified: s.Verified, Note: s.Note,
			})
		}
		return out
	}
	// Not published yet: the formulas (second Wednesday of November; football's first Wednesday of
	// February), shown as unverified.
	const note = "Computed from the NCAA's formula; the official date for this season is not published yet"
	key := func(event string) string { return fmt.Sprintf("%s-D1-%s-%d", keySport, event, classOf) }
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

// AthleteKeyDates are the key dates of all of an athlete's sports, in date order. Two sports that
// follow one calendar (golf and tennis both follow the other-sports rules) share their dates.
func AthleteKeyDates(cals []Calendar, sports []Sport, classOf int) []KeyDate {
	var out []KeyDate
	seen := map[string]bool{}
	for _, sport := range sports {
		for _, k := range KeyDates(cals, sport, classOf) {
			if !seen[k.Key] {
				seen[k.Key] = true
				out = append(out, k)
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Date.Before(out[j].Date) })
	return out
}
