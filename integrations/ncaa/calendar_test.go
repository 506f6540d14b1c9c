package ncaa

import (
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
	// Every sport with a calendar of its own has rows in the current season.
	for sport := range ownCalendars {
		require.NotEmpty(t, rowsFor(cals[1], sport, "D1"), sport)
	}
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
	}
	for _, tc := range cases {
		p, ok := PeriodOn(cals, tc.sport, tc.division, day(tc.day))
		require.True(t, ok, "%s %s %s", tc.sport, tc.division, tc.day)
		require.Equal(t, tc.want, p.Type, "%s %s %s", tc.sport, tc.division, tc.day)
	}
	// Days no calendar here covers answer false rather than a guess.
	for _, tc := range [][3]string{{"football", "D1", "2027-03-01"}, {"softball", "D1", "2025-09-01"}, {"baseball", "D1", "2027-08-01"}} {
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
	}
	for _, tc := range cases {
		sport := SportByKey(tc.sport)[0]
		d := find(KeyDates(cals, sport, tc.classOf), tc.division, tc.event)
		require.Equal(t, tc.want, d.Date.Format(time.DateOnly), "%+v", tc)
		require.Equal(t, tc.verified, d.Verified, "%+v", tc)
		require.NotEmpty(t, d.Title)
		require.NotEmpty(t, d.Key)
	}
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
	require.Equal(t, []string{"other:Golf", "football:Football"}, keys("Golf,, Football"))
	require.Empty(t, keys(" "))
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
