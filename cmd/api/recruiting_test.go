package main

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"
)

type recruitingEventJSON struct {
	ID          int64  `json:"id"`
	UID         string `json:"uid"`
	Title       string `json:"title"`
	Description string `json:"description"`
	Date        string `json:"date"`
	EndDate     string `json:"endDate"`
	SportType   string `json:"sportType"`
	Division    string `json:"division"`
	IsNcaaEvent bool   `json:"isNcaaEvent"`
	PeriodType  string `json:"periodType"`
	SourceURL   string `json:"sourceUrl"`
	Verified    bool   `json:"verified"`
}

func TestRecruitingEventsForASport(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")

	events := decodeAs[[]recruitingEventJSON](t, c.do("GET", "/api/recruiting-events?sport=baseball&today=2026-11-20", nil))
	require.NotEmpty(t, events)
	var first recruitingEventJSON
	for _, e := range events {
		if e.Division == "D1" {
			first = e
			break
		}
	}
	// The period in force on the day comes first, from where its row starts, resolved by precedence.
	require.Equal(t, recruitingEventJSON{
		ID: first.ID, UID: "ncaa-baseball-D1-quiet-20261113", Title: "Quiet Period",
		Description: "Coaches may meet you in person only on their own campus.", Date: "2026-11-13", EndDate: "2026-11-23",
		SportType: "Baseball", Division: "D1", IsNcaaEvent: true, PeriodType: "quiet",
		SourceURL: "https://ncaaorg.s3.amazonaws.com/compliance/recruiting/calendar/2026-27/2026-27D1Rec_MBARecruitingCalendar.pdf", Verified: true,
	}, first)
	require.Positive(t, first.ID)
	again := decodeAs[[]recruitingEventJSON](t, c.do("GET", "/api/recruiting-events?sport=baseball&today=2026-11-20", nil))
	require.Equal(t, events[0].ID, again[0].ID, "ids are stable")
	var titles []string
	for i, e := range events {
		require.True(t, e.IsNcaaEvent)
		require.Equal(t, "Baseball", e.SportType)
		require.NotEmpty(t, e.SourceURL)
		if i > 0 {
			require.LessOrEqual(t, events[i-1].Date, e.Date, "date order")
		}
		if e.Division == "D1" && e.Date < "2027-01-01" {
			titles = append(titles, e.Date+" "+e.Title)
		}
	}
	require.Equal(t, []string{"2026-11-13 Quiet Period", "2026-11-24 Recruiting Shutdown", "2026-11-30 Quiet Period",
		"2026-12-22 Recruiting Shutdown", "2026-12-28 Quiet Period"}, titles)

	// Without a sport: every calendar; an athlete's wording of a sport works too.
	all := decodeAs[[]recruitingEventJSON](t, c.do("GET", "/api/recruiting-events?today=2026-11-20", nil))
	require.Greater(t, len(all), len(events))
	softball := decodeAs[[]recruitingEventJSON](t, c.do("GET", "/api/recruiting-events?sport=Softball&today=2026-11-20", nil))
	require.Equal(t, "Softball", softball[0].SportType)
	for _, e := range softball {
		if e.Division == "D1" && e.PeriodType != "" {
			require.False(t, e.Verified, "D1 softball rows are second-hand transcriptions: %+v", e)
		}
	}

	res := c.do("GET", "/api/recruiting-events?today=tomorrow", nil)
	require.Equal(t, http.StatusBadRequest, res.status)
	require.Equal(t, "today must be YYYY-MM-DD", res.json(t)["message"])
}

type noteJSON struct {
	Division  string `json:"division"`
	Text      string `json:"text"`
	SourceURL string `json:"sourceUrl"`
	Verified  bool   `json:"verified"`
}

type recruitingCalendarJSON struct {
	Today      string `json:"today"`
	ClassOf    int    `json:"classOf"`
	Disclaimer string `json:"disclaimer"`
	Sports     []struct {
		Key       string `json:"key"`
		Label     string `json:"label"`
		Divisions []struct {
			Division string `json:"division"`
			Current  *struct {
				Type    string `json:"type"`
				Start   string `json:"start"`
				End     string `json:"end"`
				Meaning struct {
					Label  string   `json:"label"`
					May    []string `json:"may"`
					MayNot []string `json:"mayNot"`
				} `json:"meaning"`
			} `json:"current"`
			Next []struct {
				Type  string `json:"type"`
				Start string `json:"start"`
			} `json:"next"`
		} `json:"divisions"`
		Notes []noteJSON `json:"notes"`
	} `json:"sports"`
	Notes    []noteJSON `json:"notes"`
	KeyDates []struct {
		Key      string `json:"key"`
		Title    string `json:"title"`
		Date     string `json:"date"`
		Division string `json:"division"`
		Event    string `json:"event"`
		Rule     string `json:"rule"`
		Past     bool   `json:"past"`
		Verified bool   `json:"verified"`
		EventID  *int64 `json:"eventId"`
	} `json:"keyDates"`
}

func TestRecruitingCalendarAndAddToTimeline(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	res := owner.do("POST", "/api/athletes", athleteBody(map[string]any{"sports": "Baseball, Tennis", "graduationYear": 2029}))
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	athlete := int64(res.json(t)["id"].(float64))
	path := fmt.Sprintf("/api/athletes/%d/recruiting-calendar?today=2026-11-10", athlete)

	cal := decodeAs[recruitingCalendarJSON](t, owner.do("GET", path, nil))
	require.Equal(t, 2029, cal.ClassOf)
	require.NotEmpty(t, cal.Disclaimer)
	require.Len(t, cal.Sports, 2)
	baseball := cal.Sports[0]
	require.Equal(t, "Baseball", baseball.Label)
	d1 := baseball.Divisions[0]
	require.Equal(t, "D1", d1.Division)
	require.Equal(t, "dead", d1.Current.Type)
	require.Equal(t, "Dead Period", d1.Current.Meaning.Label)
	require.Equal(t, "2026-11-09", d1.Current.Start)
	require.NotEmpty(t, d1.Current.Meaning.MayNot)
	require.Equal(t, "quiet", d1.Next[0].Type)
	require.Equal(t, "2026-11-13", d1.Next[0].Start)
	require.Equal(t, "Tennis", cal.Sports[1].Label)
	require.Empty(t, baseball.Notes)
	// Division III and the NAIA have no calendars: the answer says what applies there, with a source.
	divisions := map[string]bool{}
	for _, n := range cal.Notes {
		divisions[n.Division] = true
		require.NotEmpty(t, n.Text)
		require.NotEmpty(t, n.SourceURL)
	}
	require.True(t, divisions["D3"] && divisions["NAIA"], "%v", divisions)

	var calls string
	for _, k := range cal.KeyDates {
		if k.Event == "calls_and_materials" && k.Division == "D1" && k.Rule == "June 15 after sophomore year" {
			calls = k.Key
			require.Equal(t, "2027-06-15", k.Date, "June 15 after sophomore year for the class of 2029")
			require.Nil(t, k.EventID)
		}
	}
	require.NotEmpty(t, calls, "tennis's key dates are listed")

	events := fmt.Sprintf("/api/athletes/%d/events", athlete)
	res = owner.do("POST", events, map[string]string{"keyDate": calls})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	event := decodeAs[eventJSON](t, res)
	require.Equal(t, "Coaches may call and send recruiting materials (Tennis, D1)", event.Title)
	require.Equal(t, "2027-06-15", event.StartDate, "a key date is a day: an all-day event")
	require.True(t, event.AllDay)
	require.Equal(t, "America/New_York", event.TimeZone, "the athlete's time zone")
	res = owner.do("POST", events, map[string]string{"keyDate": calls})
	require.Equal(t, http.StatusConflict, res.status)
	require.Equal(t, "This date is already on your timeline", res.json(t)["message"])
	res = owner.do("POST", events, map[string]string{"keyDate": "nope"})
	require.Equal(t, http.StatusBadRequest, res.status)
	require.Equal(t, "Unknown key date for this athlete's sports and class", res.json(t)["errors"].(map[string]any)["keyDate"])

	cal = decodeAs[recruitingCalendarJSON](t, owner.do("GET", path, nil))
	for _, k := range cal.KeyDates {
		if k.Key == calls {
			require.NotNil(t, k.EventID)
			require.Equal(t, event.ID, *k.EventID)
		}
	}
}

// Football answers the FBS and FCS calendars (FCS is Division I only) with a note on the months
// not transcribed; a sport whose calendar is a section of the Other PDF has its own periods.
func TestRecruitingCalendarForCatalogueSports(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "fcs@example.com")
	res := owner.do("POST", "/api/athletes", athleteBody(map[string]any{"sports": "Football, Boys Ice Hockey, Wrestling", "graduationYear": 2028}))
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	athlete := int64(res.json(t)["id"].(float64))
	cal := decodeAs[recruitingCalendarJSON](t, owner.do("GET", fmt.Sprintf("/api/athletes/%d/recruiting-calendar?today=2026-12-10", athlete), nil))

	byKey := map[string]int{}
	for i, sp := range cal.Sports {
		byKey[sp.Key] = i
	}
	require.Len(t, cal.Sports, 5, "FBS, FCS, men's ice hockey, men's wrestling, women's wrestling")
	fbs, fcs := cal.Sports[byKey["football"]], cal.Sports[byKey["football_fcs"]]
	require.Equal(t, "dead", fbs.Divisions[0].Current.Type)
	require.NotEmpty(t, fbs.Notes, "the January to July gap is stated")
	require.Len(t, fcs.Divisions, 1)
	require.Equal(t, "D1", fcs.Divisions[0].Division)
	require.Equal(t, "contact", fcs.Divisions[0].Current.Type)
	require.False(t, fcs.Notes[0].Verified)

	hockey := cal.Sports[byKey["mens_ice_hockey"]]
	require.Equal(t, "Men's Ice Hockey", hockey.Label)
	require.Equal(t, "contact", hockey.Divisions[0].Current.Type)
	wrestling := cal.Sports[byKey["mens_wrestling"]]
	require.Nil(t, wrestling.Divisions[0].Current, "men's wrestling's Division I section is not transcribed: no period, not a guess")
	require.NotNil(t, wrestling.Divisions[1].Current, "Division II has one calendar for all sports")
	require.NotEmpty(t, wrestling.Notes)

	events := decodeAs[[]recruitingEventJSON](t, owner.do("GET", "/api/recruiting-events?sport=womens_lacrosse&today=2026-11-20", nil))
	require.NotEmpty(t, events)
	require.Equal(t, "Women's Lacrosse", events[0].SportType)
}
