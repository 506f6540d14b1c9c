package main

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	goical "github.com/emersion/go-ical"
	"github.com/stretchr/testify/require"

	"legacylocker/store"
)

// Each event field, accepted and refused: the status, and what the response or the message says.
func TestEventFields(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	path := fmt.Sprintf("/api/athletes/%d/events", createAthlete(t, owner))

	for _, kind := range eventTypes {
		res := owner.do("POST", path, map[string]any{"title": "A " + kind, "eventType": kind, "startDate": "2027-06-01T09:00:00Z"})
		require.Equal(t, http.StatusCreated, res.status, string(res.body))
		require.Equal(t, kind, decodeAs[eventJSON](t, res).EventType)
	}

	valid := []struct {
		name  string
		body  map[string]any
		check func(t *testing.T, e eventJSON)
	}{
		{"a wall time in the athlete's zone", map[string]any{"startDate": "2027-03-02T18:00"}, func(t *testing.T, e eventJSON) {
			require.Equal(t, "2027-03-02T18:00:00-05:00", e.StartDate)
			require.Equal(t, "America/New_York", e.TimeZone)
			require.False(t, e.AllDay)
			require.Nil(t, e.EndDate)
		}},
		{"a wall time in a zone of its own", map[string]any{"startDate": "2027-03-02T18:00", "timeZone": "America/Chicago"}, func(t *testing.T, e eventJSON) {
			require.Equal(t, "2027-03-02T18:00:00-06:00", e.StartDate)
			require.Equal(t, "America/Chicago", e.TimeZone)
		}},
		{"an RFC 3339 time, answered in the event's zone", map[string]any{"startDate": "2027-07-04T23:00:00Z", "timeZone": "America/Los_Angeles"}, func(t *testing.T, e eventJSON) {
			require.Equal(t, "2027-07-04T16:00:00-07:00", e.StartDate)
		}},
		{"an end time", map[string]any{"startDate": "2027-03-02T18:00", "endDate": "2027-03-02T20:30"}, func(t *testing.T, e eventJSON) {
			require.Equal(t, "2027-03-02T20:30:00-05:00", *e.EndDate)
		}},
		{"an end equal to the start", map[string]any{"startDate": "2027-03-02T18:00", "endDate": "2027-03-02T18:00"}, func(t *testing.T, e eventJSON) {
			require.Equal(t, e.StartDate, *e.EndDate)
		}},
		{"a date alone is an all-day event", map[string]any{"startDate": "2027-06-01"}, func(t *testing.T, e eventJSON) {
			require.True(t, e.AllDay)
			require.Equal(t, "2027-06-01", e.StartDate)
		}},
		{"an all-day event of three days", map[string]any{"startDate": "2027-06-01", "endDate": "2027-06-03", "allDay": true}, func(t *testing.T, e eventJSON) {
			require.True(t, e.AllDay)
			require.Equal(t, "2027-06-03", *e.EndDate, "the last day, included")
		}},
		{"a weekly series", map[string]any{"eventType": "practice", "startDate": "2027-03-02T16:00", "endDate": "2027-03-02T18:00", "repeatWeeklyUntil": "2027-05-18"}, func(t *testing.T, e eventJSON) {
			require.Equal(t, "2027-05-18", *e.RepeatWeeklyUntil)
			require.Equal(t, e.StartDate, *e.NextStartDate, "the series has not begun: its next occurrence is its first")
		}},
		{"a weekly series of an RFC 3339 start, on the day in its zone", map[string]any{"startDate": "2027-06-01T03:00:00Z", "timeZone": "America/Denver", "repeatWeeklyUntil": "2027-05-31"}, func(t *testing.T, e eventJSON) {
			require.Equal(t, "2027-05-31T21:00:00-06:00", e.StartDate, "May 31 at 9 pm in Denver")
		}},
		{"a weekly series ending on its first day", map[string]any{"startDate": "2027-03-02", "repeatWeeklyUntil": "2027-03-02"}, func(t *testing.T, e eventJSON) {
			require.Equal(t, "2027-03-02", *e.RepeatWeeklyUntil)
		}},
	}
	for _, tc := range valid {
		t.Run(tc.name, func(t *testing.T) {
			tc.body["title"] = tc.name
			res := owner.do("POST", path, tc.body)
			require.Equal(t, http.StatusCreated, res.status, string(res.body))
			tc.check(t, decodeAs[eventJSON](t, res))
		})
	}

	invalid := []struct {
		name  string
		body  map[string]any
		field string
		want  string
	}{
		{"an unknown kind", map[string]any{"eventType": "scrimmage", "startDate": "2027-06-01"}, "eventType", msgEventType},
		{"a kind in words", map[string]any{"eventType": "official visit", "startDate": "2027-06-01"}, "eventType", msgEventType},
		{"an end before the start", map[string]any{"startDate": "2027-03-02T18:00", "endDate": "2027-03-02T17:59"}, "endDate", "End time must not be before the start time"},
		{"an end that is not a time", map[string]any{"startDate": "2027-03-02T18:00", "endDate": "later"}, "endDate", "End time must be an RFC 3339 time or YYYY-MM-DDTHH:MM"},
		{"a last day before the first", map[string]any{"startDate": "2027-06-03", "endDate": "2027-06-01"}, "endDate", "End date must not be before the start date"},
		{"an all-day end with a time", map[string]any{"startDate": "2027-06-03", "endDate": "2027-06-04T10:00"}, "endDate", "End date must be YYYY-MM-DD for an all-day event"},
		{"an all-day event with a time", map[string]any{"startDate": "2027-06-01T10:00", "allDay": true}, "startDate", "Start date must be YYYY-MM-DD for an all-day event"},
		{"a timed event without a time", map[string]any{"startDate": "2027-06-01", "allDay": false}, "startDate", "Start date must be an RFC 3339 time or YYYY-MM-DDTHH:MM unless the event is all-day"},
		{"an unknown time zone", map[string]any{"startDate": "2027-06-01T10:00", "timeZone": "Mars/Olympus_Mons"}, "timeZone", msgTimeZone},
		{"the server's zone", map[string]any{"startDate": "2027-06-01T10:00", "timeZone": "Local"}, "timeZone", msgTimeZone},
		{"a repeat that is not a date", map[string]any{"startDate": "2027-06-01", "repeatWeeklyUntil": "June"}, "repeatWeeklyUntil", "Repeat until must be YYYY-MM-DD"},
		{"a repeat ending before the start", map[string]any{"startDate": "2027-06-01T10:00", "repeatWeeklyUntil": "2027-05-31"}, "repeatWeeklyUntil", "Repeat until must not be before the start date"},
		{"a repeat ending before the start's day in its zone", map[string]any{"startDate": "2027-05-31T20:00:00Z", "repeatWeeklyUntil": "2027-05-31", "timeZone": "Asia/Tokyo"}, "repeatWeeklyUntil", "Repeat until must not be before the start date"},
		{"a repeat of three years", map[string]any{"startDate": "2027-06-01", "repeatWeeklyUntil": "2030-06-01"}, "repeatWeeklyUntil", "A weekly event can repeat for at most two years"},
		{"a weekly event longer than a week", map[string]any{"startDate": "2027-06-01", "endDate": "2027-06-08", "repeatWeeklyUntil": "2027-07-01"}, "endDate", "A weekly event must end within a week of its start"},
	}
	for _, tc := range invalid {
		t.Run(tc.name, func(t *testing.T) {
			tc.body["title"] = tc.name
			res := owner.do("POST", path, tc.body)
			require.Equal(t, http.StatusBadRequest, res.status, string(res.body))
			require.Equal(t, tc.want, res.fieldErrors(t)[tc.field])
		})
	}

	res := owner.do("POST", path, map[string]any{"title": "Camp", "startDate": "2027-06-01", "recurrence": "weekly"})
	require.Equal(t, http.StatusBadRequest, res.status, "unknown fields are refused")
}

// An athlete's time zone is their events' default, set through the athlete; an event keeps its own
// zone when an update leaves it out.
func TestEventTimeZoneDefaults(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	path := fmt.Sprintf("/api/athletes/%d/events", athlete)
	athletePath := fmt.Sprintf("/api/athletes/%d", athlete)
	require.Equal(t, "America/New_York", owner.do("GET", athletePath, nil).json(t)["timeZone"])
	other, _ := s.registered(t, "other@example.com")
	res := other.do("POST", "/api/athletes", athleteBody(map[string]any{"timeZone": "Local"}))
	require.Equal(t, http.StatusBadRequest, res.status)
	require.Equal(t, msgTimeZone, res.fieldErrors(t)["timeZone"])
	res = other.do("POST", "/api/athletes", athleteBody(map[string]any{"timeZone": "America/Phoenix"}))
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	require.Equal(t, "America/Phoenix", res.json(t)["timeZone"])

	res = owner.do("PUT", athletePath, athleteBody(map[string]any{"timeZone": "Hawaii/Somewhere"}))
	require.Equal(t, http.StatusBadRequest, res.status)
	require.Equal(t, msgTimeZone, res.fieldErrors(t)["timeZone"])
	res = owner.do("PUT", athletePath, athleteBody(map[string]any{"timeZone": "Pacific/Honolulu"}))
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Equal(t, "Pacific/Honolulu", res.json(t)["timeZone"])
	res = owner.do("PUT", athletePath, athleteBody(nil))
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Equal(t, "Pacific/Honolulu", res.json(t)["timeZone"], "left out, the zone stays")

	res = owner.do("POST", path, map[string]any{"title": "Luau game", "startDate": "2027-03-02T18:00"})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	game := decodeAs[eventJSON](t, res)
	require.Equal(t, "Pacific/Honolulu", game.TimeZone)
	require.Equal(t, "2027-03-02T18:00:00-10:00", game.StartDate)

	res = owner.do("PUT", fmt.Sprintf("/api/events/%d", game.ID), map[string]any{"title": "Luau game", "startDate": "2027-03-02T19:00"})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Equal(t, "2027-03-02T19:00:00-10:00", decodeAs[eventJSON](t, res).StartDate, "an update keeps the event's zone")
	res = owner.do("PUT", fmt.Sprintf("/api/events/%d", game.ID), map[string]any{"title": "Luau game", "startDate": "2027-03-02T19:00", "timeZone": "America/Denver"})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Equal(t, "2027-03-02T19:00:00-07:00", decodeAs[eventJSON](t, res).StartDate)
}

// The upcoming list keeps an all-day event through its day and a weekly series until its last day,
// once, with its next occurrence.
func TestUpcomingAllDayAndWeeklyEvents(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	path := fmt.Sprintf("/api/athletes/%d/events", createAthlete(t, owner))
	newYork, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	now := time.Now().In(newYork)
	today := now.Format(time.DateOnly)

	create := func(body map[string]any) eventJSON {
		t.Helper()
		res := owner.do("POST", path, body)
		require.Equal(t, http.StatusCreated, res.status, string(res.body))
		return decodeAs[eventJSON](t, res)
	}
	create(map[string]any{"title": "Today's camp", "eventType": "camp", "startDate": today})
	create(map[string]any{"title": "Yesterday's camp", "eventType": "camp", "startDate": now.AddDate(0, 0, -1).Format(time.DateOnly)})
	// A Tuesday practice since January 2026, until a month from now.
	until := now.AddDate(0, 1, 0).Format(time.DateOnly)
	create(map[string]any{"title": "Practice", "eventType": "practice", "startDate": "2026-01-06T18:00", "endDate": "2026-01-06T20:00", "repeatWeeklyUntil": until})
	create(map[string]any{"title": "Old practice", "eventType": "practice", "startDate": "2026-01-06T18:00", "repeatWeeklyUntil": "2026-02-24"})

	upcoming := decodeAs[[]eventJSON](t, owner.do("GET", path+"?upcoming=true", nil))
	var titles []string
	for _, e := range upcoming {
		titles = append(titles, e.Title)
	}
	require.Equal(t, []string{"Practice", "Today's camp"}, titles, "in the order of their first start; the series once")
	practice := upcoming[0]
	require.Equal(t, "2026-01-06T18:00:00-05:00", practice.StartDate)
	require.NotNil(t, practice.NextStartDate)
	next, err := time.Parse(time.RFC3339, *practice.NextStartDate)
	require.NoError(t, err)
	require.Equal(t, time.Tuesday, next.Weekday())
	require.Equal(t, 18, next.Hour(), "6 pm in New York, in winter and summer")
	require.False(t, next.Add(2*time.Hour).Before(now), "not over")
	require.True(t, next.Before(now.Add(8*24*time.Hour)), "within a week")
}

// A series' next occurrence keeps its wall time across a change of daylight saving time, and a
// series that is over has none.
func TestScheduleNextStart(t *testing.T) {
	t.Parallel()
	chicago, err := time.LoadLocation("America/Chicago")
	require.NoError(t, err)
	until := time.Date(2027, 5, 18, 0, 0, 0, 0, time.UTC)
	practice := store.Event{StartDate: time.Date(2027, 3, 2, 18, 0, 0, 0, chicago), EndAt: new(time.Date(2027, 3, 2, 20, 0, 0, 0, chicago)), TimeZone: "America/Chicago", RepeatWeeklyUntil: &until}
	s := scheduleOf(practice)
	cases := []struct {
		now  time.Time
		want string
	}{
		{time.Date(2027, 1, 1, 0, 0, 0, 0, chicago), "2027-03-02T18:00:00-06:00"},
		{time.Date(2027, 3, 2, 19, 0, 0, 0, chicago), "2027-03-02T18:00:00-06:00"}, // under way
		{time.Date(2027, 3, 2, 20, 1, 0, 0, chicago), "2027-03-09T18:00:00-06:00"},
		{time.Date(2027, 3, 15, 12, 0, 0, 0, chicago), "2027-03-16T18:00:00-05:00"}, // after the change to CDT
		{time.Date(2027, 5, 18, 12, 0, 0, 0, chicago), "2027-05-18T18:00:00-05:00"}, // the last day
		{time.Date(2027, 5, 18, 21, 0, 0, 0, chicago), ""},
	}
	for _, tc := range cases {
		next, ok := s.nextStart(tc.now)
		if tc.want == "" {
			require.False(t, ok, "over at %s", tc.now)
			continue
		}
		require.True(t, ok)
		require.Equal(t, tc.want, s.format(next), "at %s", tc.now)
	}

	day := time.Date(2027, 3, 2, 0, 0, 0, 0, time.UTC)
	allDay := scheduleOf(store.Event{AllDay: true, StartDay: &day, TimeZone: "America/Chicago", RepeatWeeklyUntil: &until})
	next, ok := allDay.nextStart(time.Date(2027, 3, 9, 23, 0, 0, 0, chicago))
	require.True(t, ok)
	require.Equal(t, "2027-03-09", allDay.format(next), "an all-day occurrence lasts its day")
}

// The .ics of the new kinds of event: an all-day event is dates with an exclusive DTEND, a timed one
// is wall time with its TZID (and the zone's VTIMEZONE), and a weekly series one entry with an RRULE.
func TestCalendarExportOfEventKinds(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	path := fmt.Sprintf("/api/athletes/%d/events", athlete)
	ids := map[string]int64{}
	for _, body := range []map[string]any{
		{"title": "Showcase", "eventType": "showcase", "startDate": "2027-06-01", "endDate": "2027-06-03"},
		{"title": "Visit", "eventType": "official_visit", "startDate": "2027-12-31"},
		{"title": "Game", "eventType": "game", "startDate": "2027-03-02T18:00", "endDate": "2027-03-02T20:30", "timeZone": "America/Chicago"},
		{"title": "Practice", "eventType": "practice", "startDate": "2027-03-02T16:00", "endDate": "2027-03-02T18:00", "timeZone": "America/Chicago", "repeatWeeklyUntil": "2027-05-18"},
		{"title": "Lifting", "eventType": "practice", "startDate": "2027-03-03", "repeatWeeklyUntil": "2027-05-19"},
	} {
		res := owner.do("POST", path, body)
		require.Equal(t, http.StatusCreated, res.status, string(res.body))
		ids[body["title"].(string)] = decodeAs[eventJSON](t, res).ID
	}
	res := owner.do("GET", fmt.Sprintf("/api/athletes/%d/calendar.ics", athlete), nil)
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	body := string(res.body)
	entry := func(title string) string {
		t.Helper()
		start := strings.Index(body, fmt.Sprintf("UID:event-%d@legacylocker\r\n", ids[title]))
		require.GreaterOrEqual(t, start, 0, title)
		return body[start : start+strings.Index(body[start:], "END:VEVENT")]
	}
	showcase := entry("Showcase")
	require.Contains(t, showcase, "DTSTART;VALUE=DATE:20270601\r\n")
	require.Contains(t, showcase, "DTEND;VALUE=DATE:20270604\r\n", "the day after the last day: DTEND is exclusive")
	require.Contains(t, entry("Visit"), "DTEND;VALUE=DATE:20280101\r\n", "a one-day event across the year's end")

	game := entry("Game")
	require.Contains(t, game, "DTSTART;TZID=America/Chicago:20270302T180000\r\n")
	require.Contains(t, game, "DTEND;TZID=America/Chicago:20270302T203000\r\n")
	require.NotContains(t, game, "RRULE")
	require.Equal(t, 1, strings.Count(body, "BEGIN:VTIMEZONE\r\nTZID:America/Chicago\r\n"), "one VTIMEZONE per zone")
	require.Contains(t, body, "BEGIN:DAYLIGHT\r\nDTSTART:20270314T020000\r\nTZOFFSETFROM:-0600\r\nTZOFFSETTO:-0500\r\nTZNAME:CDT\r\n")

	practice := entry("Practice")
	require.Contains(t, practice, "DTSTART;TZID=America/Chicago:20270302T160000\r\n")
	require.Contains(t, practice, "RRULE:FREQ=WEEKLY;UNTIL=20270519T045959Z\r\n", "the end of May 18 in Chicago, in UTC, as a TZID start requires")
	lifting := entry("Lifting")
	require.Contains(t, lifting, "DTSTART;VALUE=DATE:20270303\r\n")
	require.Contains(t, lifting, "RRULE:FREQ=WEEKLY;UNTIL=20270519\r\n", "a date start takes a date UNTIL")

	// An independent parser reads the same instants.
	cal, err := goical.NewDecoder(bytes.NewReader(res.body)).Decode()
	require.NoError(t, err)
	for _, e := range cal.Events() {
		if uid, _ := e.Props.Text(goical.PropUID); uid == fmt.Sprintf("event-%d@legacylocker", ids["Game"]) {
			start, err := e.DateTimeStart(time.UTC)
			require.NoError(t, err)
			require.Equal(t, time.Date(2027, 3, 3, 0, 0, 0, 0, time.UTC), start.UTC(), "6 pm CST")
		}
	}
}

// Strangers and signed-out visitors reach no one's events, with the new fields as with the old.
func TestEventsOfOthers(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	stranger, _ := s.registered(t, "stranger@example.com")
	signedOut := s.newClient(t)
	path := fmt.Sprintf("/api/athletes/%d/events", createAthlete(t, owner))
	body := map[string]any{"title": "Practice", "eventType": "practice", "startDate": "2027-03-02T16:00", "timeZone": "America/Chicago", "repeatWeeklyUntil": "2027-05-18"}
	res := owner.do("POST", path, body)
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	item := fmt.Sprintf("/api/events/%d", decodeAs[eventJSON](t, res).ID)

	for _, c := range []struct {
		who    *client
		status int
	}{{stranger, http.StatusNotFound}, {signedOut, http.StatusUnauthorized}} {
		require.Equal(t, c.status, c.who.do("GET", path, nil).status)
		require.Equal(t, c.status, c.who.do("POST", path, body).status)
		require.Equal(t, c.status, c.who.do("PUT", item, body).status)
		require.Equal(t, c.status, c.who.do("DELETE", item, nil).status)
	}
	require.Len(t, decodeAs[[]eventJSON](t, owner.do("GET", path, nil)), 1, "nothing changed")
}
