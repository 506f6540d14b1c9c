package ncaa

import "strings"

// Sport is one of an athlete's sports as the calendars know it: Key names the calendar rows
// (sports without a calendar of their own use the "other" rows).
type Sport struct {
	Key   string `json:"key"`
	Label string `json:"label"`
}

// OtherSports is the calendar of every sport without one of its own (the NCAA's "Other Division I
// Sports" calendar lists only exceptions to a year-round contact period).
const OtherSports = "other"

// ownCalendars are the sports with a Division I calendar of their own, and their labels. Besides the
// sports the NCAA publishes a PDF for, the "Other Division I Sports" PDF has blocks of its own for
// soccer, ice hockey, field hockey, swimming and diving and wrestling; docs/NCAA_CALENDAR.md says
// which document each key is read from.
var ownCalendars = map[string]string{
	"baseball": "Baseball", "softball": "Softball", "football": "Football", "football_fcs": "Football (FCS)",
	"mens_basketball": "Men's Basketball", "womens_basketball": "Women's Basketball",
	"womens_volleyball": "Women's Volleyball", "mens_soccer": "Men's Soccer", "womens_soccer": "Women's Soccer",
	"mens_lacrosse": "Men's Lacrosse", "womens_lacrosse": "Women's Lacrosse",
	"cross_country_track": "Cross Country / Track & Field", "mens_golf": "Men's Golf",
	"mens_ice_hockey": "Men's Ice Hockey", "womens_ice_hockey": "Women's Ice Hockey",
	"womens_field_hockey": "Field Hockey", "swimming_diving": "Swimming & Diving", "mens_wrestling": "Men's Wrestling",
}

// calendarOrder is the order the sports are listed in when no sport is asked for.
var calendarOrder = []string{
	"baseball", "softball", "football", "football_fcs", "mens_basketball", "womens_basketball", "womens_volleyball",
	"mens_soccer", "womens_soccer", "mens_lacrosse", "womens_lacrosse", "cross_country_track", "mens_golf",
	"mens_ice_hockey", "womens_ice_hockey", "womens_field_hockey", "swimming_diving", "mens_wrestling",
}

// inherits names the calendar whose rules a calendar published in part follows: FCS football has
// its own Division I periods and follows football's first-contact rules and signing dates.
var inherits = map[string]string{"football_fcs": "football"}

// divisionsOf lists the divisions of a calendar that is not in both: FCS is a part of Division I.
var divisionsOf = map[string][]string{"football_fcs": {"D1"}}

// DivisionsFor answers the divisions a sport's calendar is shown in.
func DivisionsFor(sport string) []string {
	if d, ok := divisionsOf[sport]; ok {
		return d
	}
	return Divisions
}

// CalendarSports answers every calendar, in display order, ending with the other sports.
func CalendarSports() []Sport {
	out := make([]Sport, 0, len(calendarOrder)+1)
	for _, key := range calendarOrder {
		out = append(out, Sport{Key: key, Label: ownCalendars[key]})
	}
	return append(out, Sport{Key: OtherSports, Label: "Other sports"})
}

// SportsFor reads an athlete's sports ("Baseball, Softball") into calendar sports. A sport named
// without men's or women's (basketball, soccer, lacrosse, ice hockey, golf, wrestling) answers both
// calendars, and football answers the FBS and FCS calendars; any sport the calendars do not list
// follows the other-sports calendar under its own name.
func SportsFor(text string) []Sport {
	var out []Sport
	seen := map[string]bool{}
	add := func(key, label string) {
		if !seen[key+label] {
			seen[key+label] = true
			out = append(out, Sport{Key: key, Label: label})
		}
	}
	own := func(key string) { add(key, ownCalendars[key]) }
	for _, name := range strings.Split(text, ",") {
		name = strings.TrimSpace(name)
		lower := strings.ToLower(name)
		women := strings.Contains(lower, "women") || strings.Contains(lower, "girls")
		men := !women && (strings.Contains(lower, "men") || strings.Contains(lower, "boys"))
		// gendered adds the men's and women's calendars a sport has, as far as the name allows; a
		// key left empty is a side without a calendar of its own (other sports, under its name).
		gendered := func(base string, menKey, womenKey string) {
			if !women {
				if menKey == "" {
					add(OtherSports, "Men's "+base)
				} else {
					own(menKey)
				}
			}
			if !men {
				if womenKey == "" {
					add(OtherSports, "Women's "+base)
				} else {
					own(womenKey)
				}
			}
		}
		has := func(words ...string) bool {
			for _, w := range words {
				if strings.Contains(lower, w) {
					return true
				}
			}
			return false
		}
		switch {
		case name == "":
		case has("baseball"):
			own("baseball")
		case has("softball"):
			own("softball")
		case has("basketball"):
			gendered("Basketball", "mens_basketball", "womens_basketball")
		case has("volleyball"):
			gendered("Volleyball", "", "womens_volleyball")
		case has("soccer"):
			gendered("Soccer", "mens_soccer", "womens_soccer")
		case has("football") && !has("flag"):
			own("football")
			own("football_fcs")
		case has("lacrosse"):
			gendered("Lacrosse", "mens_lacrosse", "womens_lacrosse")
		case has("field hockey"):
			own("womens_field_hockey")
		case has("hockey") && !has("roller", "inline", "street", "floor"):
			gendered("Ice Hockey", "mens_ice_hockey", "womens_ice_hockey")
		case has("track", "cross country", "cross-country") || lower == "xc":
			own("cross_country_track")
		case has("swim", "diving", "dive"):
			own("swimming_diving")
		case has("golf"):
			gendered("Golf", "mens_golf", "")
		case has("wrestl"):
			gendered("Wrestling", "mens_wrestling", "")
		default:
			add(OtherSports, name)
		}
	}
	return out
}

// SportByKey answers the sport a ?sport= parameter names: a calendar key (baseball,
// womens_volleyball, other) or a sport as an athlete writes it ("Softball").
func SportByKey(value string) []Sport {
	if label, ok := ownCalendars[value]; ok {
		return []Sport{{Key: value, Label: label}}
	}
	if value == OtherSports {
		return []Sport{{Key: OtherSports, Label: "Other sports"}}
	}
	return SportsFor(value)
}
