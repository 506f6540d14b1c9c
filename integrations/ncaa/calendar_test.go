package ncaa

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func day(s string) time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return t
}

func calendars(t *testing.T) []Calendar {
	t.Helper()
	cals, err := Calendars()
	require.NoError(t, err)
	return cals
}

// The embedded files load and pass every check; each season has rows and every row a source URL.
func TestEmbeddedCalendarsAreValid(t *testing.T) {
	cals := calendars(t)
	require.Equal(t, []string{"2025-26", "2026-27"}, []string{cals[0].Season, cals[1].Season})
	for _, c := range cals {
		require.NotEmpty(t, c.Periods, c.Season)
		for _, p := range c.Periods {
			require.True(t, strings.HasPrefix(p.SourceURL, "http"), "%s %+v has no source", c.Season, p)
			require.NotEmpty(t, p.Confidence)
		}
		for _, r := range c.Rules {
			require.True(t, strings.HasPrefix(r.SourceURL, "http"), "%+v has no source", r)
		}
		for _, s := range c.SigningDates {
			require.True(t, strings.HasPrefix(s.SourceURL, "http"), "%+v has no source", s)
		}
	}
	// Every sport with a calendar of its own has rows in the current season, or a note that says
	// why its calendar is not here.
	for sport := range ownCalendars {
		if len(rowsFor(cals[1], sport, "D1")) == 0 {
			require.NotEmpty(t, NotesFor(cals, sport), "%s has no rows and no note saying why", sport)
		}
	}
}

// officialHosts are the governing bodies' own sites: a row shown as checked must link to one.
var officialHosts = []string{"ncaaorg.s3.amazonaws.com", "web3.ncaa.org", "www.ncaa.org", "naia.org", "www.naia.org", "naia.prestosports.com"}

func official(t *testing.T, raw string) bool {
	u, err := url.Parse(raw)
	require.NoError(t, err, raw)
	for _, h := range officialHosts {
		if u.Host == h {
			return true
		}
	}
	return false
}

// A verified row links to the governing body's document; a row that is not verified names where
// its dates came from: either its source is itself second-hand, or the source lists the
// transcriptions it was read through. No row is shown as official on a second-hand source alone.
func TestEveryRowNamesItsSource(t *testing.T) {
	for _, c := range calendars(t) {
		via := map[string]int{}
		for _, s := range c.Sources {
			via[s.URL] = len(s.Via)
			for _, v := range s.Via {
				require.True(t, strings.HasPrefix(v, "https://"), "%s: via %q", s.ID, v)
			}
		}
		check := func(what, sourceURL string, verified bool) {
			t.Helper()
			require.NotEmpty(t, sourceURL, "%s %s has no source", c.Season, what)
			if verified {
				require.True(t, official(t, sourceURL), "%s %s is verified on %s, not an NCAA or NAIA document", c.Season, what, sourceURL)
				return
			}
			if official(t, sourceURL) {
				require.NotZero(t, via[sourceURL], "%s %s is not verified and names no transcription it was read through", c.Season, what)
			}
		}
		for _, p := range c.Periods {
			check(p.Sport+" "+p.Division+" "+string(p.Type)+" "+p.Start.String(), p.SourceURL, p.Verified)
		}
		for _, r := range c.Rules {
			check(r.Sport+" "+r.Division+" "+r.Event, r.SourceURL, r.Verified)
		}
		for _, s := range c.SigningDates {
			check(s.Sports+" "+s.Division+" "+s.Event, s.SourceURL, s.Verified)
		}
		for _, n := range c.Notes {
			check("note "+n.Sport+" "+n.Division, n.SourceURL, n.Verified)
		}
	}
}

// Division III and the NAIA have no calendars; the screens show what rules apply there instead.
func TestNotesCoverDivisionsWithoutACalendar(t *testing.T) {
	cals := calendars(t)
	divisions := map[string]bool{}
	for _, n := range NotesFor(cals, AllSports) {
		divisions[n.Division] = true
		require.NotEmpty(t, n.Text)
	}
	require.True(t, divisions["D3"] && divisions["NAIA"], "%v", divisions)
	require.NotEmpty(t, NotesFor(cals, "football"), "the football gap (January to July 2027) is stated")
	require.NotEmpty(t, NotesFor(cals, "football_fcs"))
	require.Empty(t, NotesFor(cals, "no_such_sport"))
}

func TestValidateRejectsBadRows(t *testing.T) {
	good := `{"schemaVersion":1,"season":"2026-27","publishedAt":"2026-08-04",
		"sources":[{"id":"s","url":"https://example.org/c.pdf","retrieved":"2026-08-23"}],
		"periods":[{"sport":"baseball","division":"D1","type":"dead","start":"%s","end":"%s","sourceId":"%s"}]}`
	cases := map[string][]string{
		"":                         {"2026-11-09", "2026-11-12", "s"},
		"ends 2026-11-08 before":   {"2026-11-09", "2026-11-08", "s"},
		"outside the 2026-27":      {"2026-07-31", "2026-08-02", "s"},
		"outside the 2026-27 seas": {"2027-07-30", "2027-08-01", "s"},
		"no source \"missing\"":    {"2026-11-09", "2026-11-12", "missing"},
		"want YYYY-MM-DD":          {"11/09/2026", "2026-11-12", "s"},
	}
	for want, args := range cases {
		raw := strings.NewReplacer("%s", "\x00").Replace(good)
		for _, a := range args {
			raw = strings.Replace(raw, "\x00", a, 1)
		}
		c, err := parse([]byte(raw))
		if err == nil {
			err = c.Validate()
		}
		if want == "" {
			require.NoError(t, err)
			continue
		}
		require.ErrorContains(t, err, want)
	}
	raw := strings.Replace(strings.Replace(strings.Replace(good, "%s", "2026-11-09", 1), "%s", "2026-11-12", 1), "%s", "s", 1)
	c, err := parse([]byte(strings.Replace(raw, `"type":"dead"`, `"type":"closed"`, 1)))
	require.NoError(t, err)
	require.Error(t, c.Validate())
}

// Lookups on the first and last day of a row, and where rows overlap (precedence decides).
func TestPeriodOnBoundariesAndOverlaps(t *testing.T) {
	cals := calendars(t)
	cases := []struct {
		sport, division, day string
		want                 PeriodType
	}{
		{"baseball", "D1", "2026-08-01", Contact},        // first day of the season
		{"baseball", "D1", "2026-08-16", Contact},        // last day of a row
		{"baseball", "D1", "2026-08-17", Quiet},          // first day of the next
		{"baseball", "D1", "2026-11-08", Quiet},          // the day before a nested dead period
		{"baseball", "D1", "2026-11-09", Dead},           // dead beats quiet on its first day
		{"baseball", "D1", "2026-11-12", Dead},           // and on its last
		{"baseball", "D1", "2026-11-13", Quiet},          // back to the enclosing row
		{"baseball", "D1", "2026-11-24", Shutdown},       // shutdown beats quiet
		{"baseball", "D1", "2027-07-31", Contact},        // last day of the season
		{"baseball", "D1", "2025-11-10", Dead},           // the 2025-26 file
		{"softball", "D1", "2026-12-31", Shutdown},       // shutdown inside quiet
		{"womens_volleyball", "D1", "2027-03-08", Quiet}, // quiet inside contact
		{"womens_volleyball", "D1", "2027-03-07", Contact},
		{"mens_basketball", "D1", "2027-07-08", Evaluation},
		{"mens_basketball", "D1", "2027-07-07", Dead},
		{"golf", "D1", "2026-10-01", Contact}, // a sport without a calendar: other sports
		{"golf", "D1", "2026-11-10", Dead},    // and its exceptions
		{"mens_soccer", "D1", "2026-12-12", Dead},
		{"baseball", "D2", "2026-11-10", Dead}, // D2 all sports
		{"baseball", "D2", "2026-11-12", Contact},
		{"football", "D2", "2026-12-01", Dead},
		{"football_fcs", "D1", "2026-12-10", Contact}, // FCS: contact between signing and the holidays
		{"football", "D1", "2026-12-10", Dead},        // while FBS is dead
		{"football_fcs", "D1", "2026-12-18", Quiet},   // the day two FCS rows share: quiet wins
		{"mens_lacrosse", "D1", "2026-12-10", Dead},   // IMLCA convention inside a quiet period
		{"mens_lacrosse", "D1", "2027-06-01", Dead},   // dead until noon beats contact from noon
		{"mens_lacrosse", "D1", "2027-07-11", Contact},
		{"womens_lacrosse", "D1", "2026-08-05", Shutdown},
		{"womens_lacrosse", "D1", "2026-11-07", Evaluation}, // an evaluation weekend inside contact
		{"womens_lacrosse", "D1", "2026-11-20", Dead},       // convention day: dead beats evaluation
		{"cross_country_track", "D1", "2026-12-20", Dead},
		{"mens_golf", "D1", "2026-12-09", Dead},
		{"mens_ice_hockey", "D1", "2027-04-08", Dead},
		{"womens_ice_hockey", "D1", "2027-05-03", Quiet},
		{"womens_field_hockey", "D1", "2026-12-25", Shutdown},
		{"swimming_diving", "D1", "2027-02-10", Shutdown},
		{"swimming_diving", "D1", "2027-03-10", Contact},
		{"mens_wrestling", "D2", "2026-11-10", Dead}, // Division II: the all-sports calendar
		{"mens_lacrosse", "D2", "2026-12-10", Contact},
	}
	for _, tc := range cases {
		p, ok := PeriodOn(cals, tc.sport, tc.division, day(tc.day))
		require.True(t, ok, "%s %s %s", tc.sport, tc.division, tc.day)
		require.Equal(t, tc.want, p.Type, "%s %s %s", tc.sport, tc.division, tc.day)
	}
	// Days no calendar here covers answer false rather than a guess.
	// A sport with a Division I calendar of its own never borrows the other sports' rows: men's
	// wrestling's section is not transcribed, and football's January to July 2027 is not either.
	for _, tc := range [][3]string{
		{"football", "D1", "2027-03-01"}, {"football_fcs", "D1", "2027-03-01"}, {"softball", "D1", "2025-09-01"},
		{"baseball", "D1", "2027-08-01"}, {"mens_wrestling", "D1", "2026-10-01"}, {"mens_wrestling", "D1", "2026-11-10"},
	} {
		_, ok := PeriodOn(cals, tc[0], tc[1], day(tc[2]))
		require.False(t, ok, tc)
	}
}

func TestSegmentsMergeDaysAndResolveOverlaps(t *testing.T) {
	segs := Segments(calendars(t), "baseball", "D1", day("2026-11-01"), day("2026-11-30"))
	var got []string
	for _, s := range segs {
		got = append(got, s.Start.Format("01-02")+"/"+s.End.Format("01-02")+" "+string(s.Row.Type))
	}
	require.Equal(t, []string{
		"11-01/11-08 quiet", "11-09/11-12 dead", "11-13/11-23 quiet", "11-24/11-29 recruiting_shutdown", "11-30/11-30 quiet",
	}, got)
}

func TestKeyDatesAcrossSportsAndClassYears(t *testing.T) {
	cals := calendars(t)
	find := func(dates []KeyDate, division, event string) KeyDate {
		for _, d := range dates {
			if d.Division == division && d.Event == event {
				return d
			}
		}
		t.Fatalf("no %s %s in %+v", division, event, dates)
		return KeyDate{}
	}
	cases := []struct {
		sport           string
		classOf         int
		division, event string
		want            string
		verified        bool
	}{
		{"golf", 2029, "D1", "calls_and_materials", "2027-06-15", true}, // June 15 after sophomore year
		{"golf", 2029, "D1", "official_visits", "2027-08-01", true},
		{"womens_volleyball", 2030, "D1", "calls_and_materials", "2028-06-15", true},
		{"baseball", 2029, "D1", "calls_and_materials", "2027-08-01", true},
		{"baseball", 2029, "D1", "off_campus_contact", "2027-09-01", true},
		{"baseball", 2029, "D1", "written_offer", "2028-08-01", true},
		{"baseball", 2027, "D1", "initial_signing", "2026-11-11", true},  // published for 2026-27
		{"baseball", 2026, "D1", "initial_signing", "2025-11-12", true},  // published for 2025-26
		{"baseball", 2029, "D1", "initial_signing", "2028-11-08", false}, // formula: second Wednesday of November
		{"baseball", 2029, "D2", "off_campus_contact", "2027-06-15", true},
		{"softball", 2028, "D1", "calls_and_materials", "2026-09-01", false},
		{"football", 2029, "D1", "off_campus_contact", "2028-01-01", false},
		{"football", 2027, "D1", "early_signing", "2026-12-02", true},
		{"football", 2027, "D1", "regular_signing", "2027-02-03", true},
		{"football", 2030, "D1", "regular_signing", "2030-02-06", false}, // formula: first Wednesday of February
		{"mens_basketball", 2028, "D1", "calls_and_materials", "2026-06-15", false},
		{"mens_lacrosse", 2029, "D1", "calls_and_materials", "2027-09-08", true}, // Labor Day 2027 is Sep 6
		{"mens_lacrosse", 2030, "D1", "official_visits", "2028-09-06", true},     // Labor Day 2028 is Sep 4
		{"womens_lacrosse", 2029, "D1", "off_campus_contact", "2027-09-01", true},
		{"mens_lacrosse", 2029, "D2", "off_campus_contact", "2027-06-15", true}, // Division II: all sports
		{"mens_ice_hockey", 2029, "D1", "calls_and_materials", "2027-01-01", false},
		{"mens_ice_hockey", 2029, "D1", "official_visits", "2027-08-01", true},
		{"womens_ice_hockey", 2029, "D1", "calls_and_materials", "2027-06-15", true}, // the other sports' rules
		{"swimming_diving", 2029, "D1", "off_campus_contact", "2027-08-01", true},
		{"football_fcs", 2029, "D1", "off_campus_contact", "2028-01-01", false}, // FCS follows football's rules
		{"football_fcs", 2027, "D1", "early_signing", "2026-12-02", true},
		{"mens_wrestling", 2029, "D1", "calls_and_materials", "2027-06-15", false},
	}
	for _, tc := range cases {
		sport := SportByKey(tc.sport)[0]
		d := find(KeyDates(cals, sport, tc.classOf), tc.division, tc.event)
		require.Equal(t, tc.want, d.Date.Format(time.DateOnly), "%+v", tc)
		require.Equal(t, tc.verified, d.Verified, "%+v", tc)
		require.NotEmpty(t, d.Title)
		require.NotEmpty(t, d.Key)
	}
	// FCS football is a part of Division I only, and men's wrestling's off-campus date is not
	// transcribed, so neither shows a date it does not have.
	for _, k := range KeyDates(cals, SportByKey("football_fcs")[0], 2029) {
		require.Equal(t, "D1", k.Division, k.Key)
	}
	for _, k := range KeyDates(cals, SportByKey("mens_wrestling")[0], 2029) {
		require.False(t, k.Division == "D1" && k.Event == "off_campus_contact", k.Key)
	}
	// A key names the calendar whose rule it is: FCS shares football's keys, and a sport that got a
	// calendar of its own but follows the other sports' rules keeps the keys a family may already
	// have put on their timeline.
	keysOfDates := func(sport string, classOf int) map[string]bool {
		out := map[string]bool{}
		for _, k := range KeyDates(cals, SportByKey(sport)[0], classOf) {
			out[k.Key] = true
		}
		return out
	}
	fbs := keysOfDates("football", 2029)
	for key := range keysOfDates("football_fcs", 2029) {
		require.True(t, fbs[key], key)
	}
	require.True(t, keysOfDates("mens_golf", 2029)["other-D1-calls_and_materials-2029"])
	require.True(t, keysOfDates("baseball", 2029)["baseball-D2-official_visits-2029"], "Division II rules borrowed from the other sports keep the sport's key")
	require.True(t, keysOfDates("swimming_diving", 2027)["other-D1-initial_signing-2027"])
	require.True(t, keysOfDates("mens_lacrosse", 2029)["mens_lacrosse-D1-calls_and_materials-2029"])

	// Key dates come in date order, with keys unique per athlete and sport.
	dates := KeyDates(cals, SportByKey("baseball")[0], 2029)
	keys := map[string]bool{}
	for i, d := range dates {
		require.False(t, keys[d.Key], d.Key)
		keys[d.Key] = true
		if i > 0 {
			require.False(t, d.Date.Before(dates[i-1].Date))
		}
	}
}

func TestSportsFor(t *testing.T) {
	keys := func(text string) []string {
		var out []string
		for _, s := range SportsFor(text) {
			out = append(out, s.Key+":"+s.Label)
		}
		return out
	}
	require.Equal(t, []string{"baseball:Baseball", "softball:Softball"}, keys("Baseball, Softball"))
	require.Equal(t, []string{"womens_basketball:Women's Basketball"}, keys("Girls Basketball"))
	require.Equal(t, []string{"mens_soccer:Men's Soccer", "womens_soccer:Women's Soccer"}, keys("soccer"))
	require.Equal(t, []string{"other:Men's Volleyball"}, keys("Boys Volleyball"))
	require.Equal(t, []string{"mens_golf:Men's Golf", "other:Women's Golf", "football:Football", "football_fcs:Football (FCS)"}, keys("Golf,, Football"))
	require.Equal(t, []string{"other:Flag Football"}, keys("Flag Football"))
	require.Empty(t, keys(" "))

	// The product's sport catalogue, as families write it, reaches every calendar that has one.
	cases := map[string][]string{
		"Boys Ice Hockey":    {"mens_ice_hockey:Men's Ice Hockey"},
		"Girls Ice Hockey":   {"womens_ice_hockey:Women's Ice Hockey"},
		"Hockey":             {"mens_ice_hockey:Men's Ice Hockey", "womens_ice_hockey:Women's Ice Hockey"},
		"Roller Hockey":      {"other:Roller Hockey"},
		"Women's Lacrosse":   {"womens_lacrosse:Women's Lacrosse"},
		"Boys Lacrosse":      {"mens_lacrosse:Men's Lacrosse"},
		"Lacrosse":           {"mens_lacrosse:Men's Lacrosse", "womens_lacrosse:Women's Lacrosse"},
		"Field Hockey":       {"womens_field_hockey:Field Hockey"},
		"Wrestling":          {"mens_wrestling:Men's Wrestling", "other:Women's Wrestling"},
		"Girls Wrestling":    {"other:Women's Wrestling"},
		"Track & Field":      {"cross_country_track:Cross Country / Track & Field"},
		"Cross Country, XC":  {"cross_country_track:Cross Country / Track & Field"},
		"Swim & Dive":        {"swimming_diving:Swimming & Diving"},
		"Swimming":           {"swimming_diving:Swimming & Diving"},
		"Girls Golf":         {"other:Women's Golf"},
		"Boys Golf":          {"mens_golf:Men's Golf"},
		"Tennis, Water Polo": {"other:Tennis", "other:Water Polo"},
	}
	for text, want := range cases {
		require.Equal(t, want, keys(text), text)
	}
	// Every calendar is listed, once, and answers to its own key.
	seen := map[string]bool{}
	for _, s := range CalendarSports() {
		require.False(t, seen[s.Key], s.Key)
		seen[s.Key] = true
		require.Equal(t, []Sport{s}, SportByKey(s.Key))
	}
	for key := range ownCalendars {
		require.True(t, seen[key], key)
	}
}

// Segments resolves once per stretch; the answer must be the one PeriodOn gives for every day.
func TestSegmentsAgreeWithPeriodOnEveryDay(t *testing.T) {
	cals := calendars(t)
	from, to := day("2025-07-01"), day("2027-09-01")
	for _, sport := range append([]string{OtherSports, "golf"}, keysOf(ownCalendars)...) {
		for _, division := range Divisions {
			segs := Segments(cals, sport, division, from, to)
			covered := map[time.Time]Period{}
			for i, s := range segs {
				require.False(t, s.End.Before(s.Start))
				if i > 0 {
					require.True(t, s.Start.After(segs[i-1].End), "%s %s: segments in order, not overlapping", sport, division)
				}
				for d := s.Start; !d.After(s.End); d = d.AddDate(0, 0, 1) {
					covered[d] = s.Row
				}
			}
			for d := from; !d.After(to); d = d.AddDate(0, 0, 1) {
				want, ok := PeriodOn(cals, sport, division, d)
				got, seen := covered[d]
				require.Equal(t, ok, seen, "%s %s %s", sport, division, d.Format(time.DateOnly))
				if ok {
					require.Equal(t, want.Type, got.Type, "%s %s %s", sport, division, d.Format(time.DateOnly))
				}
			}
		}
	}
}

func keysOf(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
