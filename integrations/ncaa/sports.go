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

// ownCalendars are the sports with a calendar of their own, and their labels.
var ownCalendars = map[string]string{
	"baseball": "Baseball", "softball": "Softball", "football": "Football",
	"mens_basketball": "Men's Basketball", "womens_basketball": "Women's Basketball",
	"womens_volleyball": "Women's Volleyball", "mens_soccer": "Men's Soccer", "womens_soccer": "Women's Soccer",
}

// SportsFor reads an athlete's sports ("Baseball, Softball") into calendar sports. A sport named
// without men's or women's (basketball, soccer, volleyball) answers both calendars; any sport the
// calendars do not list follows the other-sports calendar under its own name.
func SportsFor(text string) []Sport {
	var out []Sport
	seen := map[string]bool{}
	add := func(key, label string) {
		if !seen[key+label] {
			seen[key+label] = true
			out = append(out, Sport{Key: key, Label: label})
		}
	}
	for _, name := range strings.Split(text, ",") {
		name = strings.TrimSpace(name)
		lower := strings.ToLower(name)
		women := strings.Contains(lower, "women") || strings.Contains(lower, "girls")
		men := !women && (strings.Contains(lower, "men") || strings.Contains(lower, "boys"))
		gendered := func(base string, menKey, womenKey string) {
			if !women {
				add(menKey, "Men's "+base)
			}
			if !men {
				add(womenKey, "Women's "+base)
			}
		}
		switch {
		case name == "":
		case strings.Contains(lower, "baseball"):
			add("baseball", "Baseball")
		case strings.Contains(lower, "softball"):
			add("softball", "Softball")
		case strings.Contains(lower, "basketball"):
			gendered("Basketball", "mens_basketball", "womens_basketball")
		case strings.Contains(lower, "volleyball"):
			gendered("Volleyball", OtherSports, "womens_volleyball")
		case strings.Contains(lower, "soccer"):
			gendered("Soccer", "mens_soccer", "womens_soccer")
		case strings.Contains(lower, "football") && !strings.Contains(lower, "flag"):
			add("football", "Football")
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
