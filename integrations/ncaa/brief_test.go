package ncaa

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func sentences(ps []SchoolPeriod) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Sentence
	}
	return out
}

// On one day a Division I and a Division II school of the same sport are in different periods: the
// D1 softball calendar's dead period (inside its quiet period) against Division II's contact period.
func TestSchoolPeriodsD1AndD2OnTheSameDay(t *testing.T) {
	cals := calendars(t)
	softball := SportsFor("Softball")
	d1 := SchoolPeriods(cals, "State University", "D1", softball, 2027, day("2026-12-10"))
	d2 := SchoolPeriods(cals, "Valley College", "D2", softball, 2027, day("2026-12-10"))
	require.Equal(t, []string{"State University (D1 softball) is in a dead period through Dec 12: no in-person contact; calls, e-mail and texts are fine."}, sentences(d1))
	require.Equal(t, Dead, d1[0].Type)
	require.Equal(t, day("2026-12-12"), d1[0].Through)
	require.Contains(t, d1[0].SourceURL, "WSB")
	require.Equal(t, []string{"Valley College (D2 softball) is in a contact period through Jul 31, 2027: coaches may meet you in person, on or off campus; calls, e-mail and texts are fine."}, sentences(d2))
	require.Equal(t, Contact, d2[0].Type)

	// The day after the dead period, D1 softball is back in its quiet period, which a shutdown cuts.
	require.Equal(t, "State University (D1 softball) is in a quiet period through Dec 21: in-person contact only on the college's campus, and coaches may not watch you compete; calls, e-mail and texts are fine.",
		SchoolPeriods(cals, "State University", "D1", softball, 2027, day("2026-12-13"))[0].Sentence)
}

func TestSchoolPeriodsSayWhatEachKindAllows(t *testing.T) {
	cals := calendars(t)
	cases := []struct {
		name, school, division, sports, day, want string
		classOf                                   int
	}{
		{"shutdown", "State", "D1", "Softball", "2026-11-27", "State (D1 softball) is in a recruiting shutdown through Nov 29: no recruiting at all; coaches may not meet, call, text or e-mail you.", 2027},
		{"evaluation", "State", "D1", "Softball", "2026-11-01", "State (D1 softball) is in an evaluation period through Nov 8: coaches may watch you compete but not talk with you in person off campus; calls, e-mail and texts are fine.", 2027},
		// A sophomore: Division I softball coaches may not call before September 1 of junior year.
		{"before first contact", "State", "D1", "Softball", "2026-12-13", "State (D1 softball) is in a quiet period through Dec 21: in-person contact only on the college's campus, and coaches may not watch you compete; coaches may call, text and e-mail you from Sep 1, 2027 (you may write to them now).", 2029},
		{"contact before off-campus contact", "Valley", "D2", "Softball", "2026-12-13", "Valley (D2 softball) is in a contact period through Jul 31, 2027: coaches may not meet you off campus before Jun 15, 2027; calls, e-mail and texts are fine.", 2029},
		// January 2027 of the FBS calendar is not transcribed.
		{"outside any period", "State", "D1", "Football", "2027-01-15", "State (D1 FBS football) has no recruiting period on our calendar today: check the NCAA's calendar or ask the college's compliance office before planning contact.", 2027},
		{"division III", "Lakeside", "D3", "Softball", "2026-12-10", "Lakeside (D3 softball) has no recruiting calendar: Division III has no contact, evaluation, quiet or dead periods, and coaches may meet you off campus once sophomore year is completed.", 2027},
		{"no division", "Lakeside", "", "Softball", "2026-12-10", "Lakeside (softball) has no division on your list: add it to see the college's recruiting period.", 2027},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := SchoolPeriods(cals, c.school, c.division, SportsFor(c.sports), c.classOf, day(c.day))
			require.NotEmpty(t, got)
			require.Equal(t, c.want, got[0].Sentence)
		})
	}
	// A football player's Division I school: FBS and FCS calendars differ, so both are said.
	fb := SchoolPeriods(cals, "State", "D1", SportsFor("Football"), 2027, day("2026-12-10"))
	require.Len(t, fb, 2)
	require.Contains(t, fb[1].Sentence, "State (D1 FCS football) is in a contact period through Dec 17")
}
