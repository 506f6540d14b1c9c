package ncaa

import (
	"fmt"
	"strings"
	"time"
)

// SchoolPeriod is what the weekly recruiting brief says about one school for one of the athlete's
// sports on one day: the period in force for the school's division, and what it allows, in a
// sentence a parent reads once ("State University (D1 softball) is in a dead period through Jan 4:
// no in-person contact; calls, e-mail and texts are fine.").
type SchoolPeriod struct {
	// Sport is the calendar key, empty when the athlete has no sport.
	Sport string
	// Type is the period in force, empty outside any: a division without a calendar, or a day no
	// calendar here covers.
	Type PeriodType
	// Through is the period's last day (resolved: the day before a period that overrides it starts);
	// zero when Type is empty.
	Through   time.Time
	Sentence  string
	SourceURL string
	Verified  bool
}

// allowedInPerson says what a period allows face to face, from Meanings, said short.
var allowedInPerson = map[PeriodType]string{
	Contact:    "coaches may meet you in person, on or off campus",
	Evaluation: "coaches may watch you compete but not talk with you in person off campus",
	Quiet:      "in-person contact only on the college's campus, and coaches may not watch you compete",
	Dead:       "no in-person contact",
}

// SchoolPeriods answers the brief's sentences for one school: one per sport of the athlete whose
// calendar has the school's division (FBS and FCS football are both Division I, so a Division I
// school of a football player gets both), or one for the school when its division has no calendar.
// classOf (the athlete's graduation year, 0 when unknown) adds the first-contact dates a period
// cannot override: before them a coach may not call, or meet the athlete off campus, whatever the
// period.
func SchoolPeriods(cals []Calendar, school, division string, sports []Sport, classOf int, day time.Time) []SchoolPeriod {
	day = truncate(day)
	if division != "D1" && division != "D2" {
		return []SchoolPeriod{noCalendar(cals, school, division, sports)}
	}
	if len(sports) == 0 {
		return []SchoolPeriod{{Sentence: fmt.Sprintf("%s (%s): add a sport to the athlete's profile to see the college's recruiting period.", school, division)}}
	}
	var out []SchoolPeriod
	for _, sport := range sports {
		if !hasDivision(sport.Key, division) {
			continue
		}
		tag := fmt.Sprintf("%s (%s %s)", school, division, briefSportName(sport, division))
		segs := Segments(cals, sport.Key, division, day, day.Add(400*24*time.Hour))
		if len(segs) == 0 || segs[0].Start.After(day) {
			out = append(out, SchoolPeriod{Sport: sport.Key, Sentence: tag + " has no recruiting period on our calendar today: check the NCAA's calendar or ask the college's compliance office before planning contact."})
			continue
		}
		s := segs[0]
		calls, offCampus := firstContact(cals, sport, division, classOf, day)
		out = append(out, SchoolPeriod{Sport: sport.Key, Type: s.Row.Type, Through: s.End, SourceURL: s.Row.SourceURL, Verified: s.Row.Verified,
			Sentence: fmt.Sprintf("%s is in %s through %s: %s.", tag, periodName(s.Row.Type), briefDay(s.End, day), allowed(s.Row.Type, calls, offCampus, day))})
	}
	return out
}

// allowed says what the period allows, and when a first-contact date still to come limits it.
func allowed(t PeriodType, calls, offCampus, day time.Time) string {
	if t == Shutdown {
		return "no recruiting at all; coaches may not meet, call, text or e-mail you"
	}
	inPerson := allowedInPerson[t]
	if t == Contact && offCampus.After(day) {
		inPerson = "coaches may not meet you off campus before " + briefDay(offCampus, day)
	}
	messages := "calls, e-mail and texts are fine"
	if calls.After(day) {
		messages = "coaches may call, text and e-mail you from " + briefDay(calls, day) + " (you may write to them now)"
	}
	return inPerson + "; " + messages
}

// firstContact answers the athlete's first days of calls and of off-campus contact in a sport and
// division, zero when unknown or none (Division II coaches may call at any time).
func firstContact(cals []Calendar, sport Sport, division string, classOf int, day time.Time) (calls, offCampus time.Time) {
	if classOf == 0 {
		return calls, offCampus
	}
	for _, k := range KeyDates(cals, sport, classOf) {
		if k.Division != division {
			continue
		}
		switch k.Event {
		case "calls_and_materials":
			calls = k.Date
		case "off_campus_contact":
			offCampus = k.Date
		}
	}
	return calls, offCampus
}

// noCalendar is the sentence for a school whose division has no calendar here.
func noCalendar(cals []Calendar, school, division string, sports []Sport) SchoolPeriod {
	var names []string
	seen := map[string]bool{}
	for _, s := range sports {
		name := briefSportName(s, "")
		if s.Key == "football_fcs" {
			name = "football"
		}
		if !seen[name] {
			seen[name] = true
			names = append(names, name)
		}
	}
	tag := strings.TrimSpace(division + " " + strings.Join(names, " and "))
	if tag != "" {
		tag = " (" + tag + ")"
	}
	var text string
	switch division {
	case "D3":
		text = " has no recruiting calendar: Division III has no contact, evaluation, quiet or dead periods, and coaches may meet you off campus once sophomore year is completed."
	case "NAIA":
		text = " has no recruiting calendar: the NAIA publishes no recruiting periods and no first-contact date for high-school students."
	case "JUCO":
		text = " follows junior-college rules, which are not on our calendar: ask the college's coaches or compliance office."
	default:
		text = " has no division on your list: add it to see the college's recruiting period."
	}
	p := SchoolPeriod{Sentence: school + tag + text}
	for _, n := range NotesFor(cals, AllSports) {
		if n.Division == division {
			p.SourceURL, p.Verified = n.SourceURL, n.Verified
		}
	}
	return p
}

func hasDivision(sport, division string) bool {
	for _, d := range DivisionsFor(sport) {
		if d == division {
			return true
		}
	}
	return false
}

// briefSportName is a sport as the brief's sentence names it: "softball", "men's basketball", and
// Division I football by its subdivision, whose calendars differ.
func briefSportName(s Sport, division string) string {
	switch {
	case s.Key == "football_fcs":
		return "FCS football"
	case s.Key == "football" && division == "D1":
		return "FBS football"
	}
	words := strings.Fields(s.Label)
	for i, w := range words {
		// A word in capitals past its first letter ("FCS", "NFHS") is a name; the rest read lower.
		if rest := w[1:]; strings.ToLower(rest) == rest {
			words[i] = strings.ToLower(w[:1]) + rest
		}
	}
	return strings.Join(words, " ")
}

// periodName is the period with its article: "a dead period", "an evaluation period", "a
// recruiting shutdown".
func periodName(t PeriodType) string {
	name := strings.ToLower(Meanings[t].Label)
	if t == Evaluation {
		return "an " + name
	}
	return "a " + name
}

// briefDay writes a day as "Jan 4", with its year when it is half a year or more from today.
func briefDay(d, today time.Time) string {
	if d.Sub(today) >= 183*24*time.Hour || today.Sub(d) >= 183*24*time.Hour {
		return d.Format("Jan 2, 2006")
	}
	return d.Format("Jan 2")
}
