package main

import (
	"bytes"
	"flag"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	goical "github.com/emersion/go-ical"
	"github.com/stretchr/testify/require"

	"legacylocker/integrations/ncaa"
	"legacylocker/store"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenCalendar is a fixed calendar: a game, a key date on the timeline, one not on it, and two
// NCAA periods (one a single day), so the golden file covers timed and all-day entries.
func goldenCalendar(t *testing.T) calendarData {
	t.Helper()
	cals, err := ncaa.Calendars()
	require.NoError(t, err)
	baseball := ncaa.SportByKey("baseball")[0]
	keyDates := ncaa.KeyDates(cals, baseball, 2029)
	calls := keyDates[0]
	onTimeline := calls.Key
	segments := ncaa.Segments(cals, "baseball", "D1", time.Date(2026, 11, 9, 0, 0, 0, 0, time.UTC), time.Date(2026, 11, 13, 0, 0, 0, 0, time.UTC))
	return calendarData{
		name: "Jordan Rivera",
		events: []store.Event{
			{ID: 11, Title: "Regional Showcase vs. Central Eagles", EventType: "game", StartDate: time.Date(2026, 12, 3, 23, 30, 0, 0, time.UTC), TimeZone: "America/New_York", Location: "Central Park Field 2"},
			{ID: 12, Title: "Coaches may call (Baseball, D1)", EventType: "other", StartDate: calls.Date.Add(5 * time.Hour), TimeZone: "America/New_York", AllDay: true, StartDay: &calls.Date, KeyDate: &onTimeline},
		},
		keyDates:  keyDates[:2],
		periods:   []sportPeriods{{sport: baseball, division: "D1", segments: segments}},
		followUps: []store.CollegeFollowUpsRow{{ID: 7, Name: "State University", Division: "D1", NextFollowUpOn: time.Date(2026, 12, 4, 0, 0, 0, 0, time.UTC)}},
	}
}

var goldenStamp = time.Date(2026, 11, 24, 14, 0, 0, 0, time.UTC)

func TestCalendarGoldenFile(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, serializeCalendar(&buf, goldenCalendar(t), goldenStamp))
	const golden = "testdata/calendar.golden.ics"
	if *updateGolden {
		require.NoError(t, os.WriteFile(golden, buf.Bytes(), 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err)
	require.Equal(t, string(want), buf.String(), "run go test ./cmd/api -run TestCalendarGoldenFile -update after checking the change")
	for _, line := range strings.Split(strings.TrimSuffix(buf.String(), "\r\n"), "\r\n") {
		require.LessOrEqual(t, len(line), 75, "lines are folded at 75 octets: %q", line)
		require.NotContains(t, line, "\n")
	}
}

// An independent parser reads our output back: all-day entries end the day after their last day,
// timed ones keep their instant, and every UID is unique.
func TestCalendarParsesWithAnIndependentParser(t *testing.T) {
	var buf bytes.Buffer
	d := goldenCalendar(t)
	require.NoError(t, serializeCalendar(&buf, d, goldenStamp))
	cal, err := goical.NewDecoder(&buf).Decode()
	require.NoError(t, err)
	events := cal.Events()
	require.Len(t, events, 1+1+1+len(d.periods[0].segments)+1, "the key date on the timeline is listed once")

	byUID := map[string]goical.Event{}
	for _, e := range events {
		uid, err := e.Props.Text(goical.PropUID)
		require.NoError(t, err)
		require.NotContains(t, byUID, uid)
		byUID[uid] = e
	}
	game := byUID["event-11@legacylocker"]
	start, err := game.DateTimeStart(time.UTC)
	require.NoError(t, err)
	require.Equal(t, time.Date(2026, 12, 3, 23, 30, 0, 0, time.UTC), start.UTC(), "a wall time in its zone: 6:30 pm in New York")

	dead := byUID["ncaa-baseball-D1-dead-20261109@legacylocker"]
	require.Equal(t, goical.ValueDate, dead.Props.Get(goical.PropDateTimeStart).ValueType())
	start, err = dead.DateTimeStart(time.UTC)
	require.NoError(t, err)
	end, err := dead.DateTimeEnd(time.UTC)
	require.NoError(t, err)
	require.Equal(t, "2026-11-09", start.Format(time.DateOnly))
	require.Equal(t, "2026-11-13", end.Format(time.DateOnly), "the dead period's last day is Nov 12; DTEND is exclusive")
	summary, err := dead.Props.Text(goical.PropSummary)
	require.NoError(t, err)
	require.Equal(t, "Baseball D1: Dead Period", summary)

	onTimeline := byUID["event-12@legacylocker"]
	start, err = onTimeline.DateTimeStart(time.UTC)
	require.NoError(t, err)
	end, err = onTimeline.DateTimeEnd(time.UTC)
	require.NoError(t, err)
	require.Equal(t, 24*time.Hour, end.Sub(start), "a key date on the timeline is one whole day")
	require.NotContains(t, byUID, "keydate-"+*d.events[1].KeyDate+"@legacylocker")

	followUp := byUID["follow-up-7@legacylocker"]
	start, err = followUp.DateTimeStart(time.UTC)
	require.NoError(t, err)
	end, err = followUp.DateTimeEnd(time.UTC)
	require.NoError(t, err)
	require.Equal(t, []string{"2026-12-04", "2026-12-05"}, []string{start.Format(time.DateOnly), end.Format(time.DateOnly)}, "a follow-up is its whole day")
}

func TestExportCalendarAndSubscription(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	res := owner.do("POST", "/api/athletes", athleteBody(map[string]any{"name": "Jordan Rivera", "sports": "Baseball", "graduationYear": 2029}))
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	athlete := int64(res.json(t)["id"].(float64))
	res = owner.do("POST", fmt.Sprintf("/api/athletes/%d/events", athlete), map[string]string{"title": "Showcase", "eventType": "game", "startDate": "2027-03-01T18:00:00Z"})
	require.Equal(t, http.StatusCreated, res.status)

	res = owner.do("GET", fmt.Sprintf("/api/athletes/%d/calendar.ics", athlete), nil)
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Equal(t, "text/calendar; charset=utf-8", res.header.Get("Content-Type"))
	require.Equal(t, `attachment; filename="legacy-locker-jordan-rivera.ics"`, res.header.Get("Content-Disposition"))
	cal, err := goical.NewDecoder(bytes.NewReader(res.body)).Decode()
	require.NoError(t, err)
	var summaries []string
	for _, e := range cal.Events() {
		summary, _ := e.Props.Text(goical.PropSummary)
		summaries = append(summaries, summary)
	}
	require.Contains(t, summaries, "Showcase")
	require.Contains(t, strings.Join(summaries, "\n"), "Baseball D1:")
	require.Contains(t, strings.Join(summaries, "\n"), "Coaches may call and send recruiting materials (Baseball, D1)")
	// The same UIDs on every export, so a re-import updates.
	again := owner.do("GET", fmt.Sprintf("/api/athletes/%d/calendar.ics", athlete), nil)
	require.Equal(t, uids(t, res.body), uids(t, again.body))

	// The private subscription: a webcal URL that works without a session until it is revoked.
	feedPath := fmt.Sprintf("/api/athletes/%d/calendar-feed", athlete)
	require.Nil(t, owner.do("GET", feedPath, nil).json(t)["url"])
	res = owner.do("POST", feedPath, nil)
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	webcal := res.json(t)["url"].(string)
	require.True(t, strings.HasPrefix(webcal, "webcal://"), webcal)
	path := webcal[strings.Index(webcal, "/api/"):]
	calendarApp := s.newClient(t)
	res = calendarApp.do("GET", path, nil)
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Equal(t, uids(t, again.body), uids(t, res.body))
	require.Equal(t, webcal, owner.do("GET", feedPath, nil).json(t)["url"])

	// A new URL revokes the old one; revoking leaves none.
	newer := owner.do("POST", feedPath, nil).json(t)["url"].(string)
	require.Equal(t, http.StatusNotFound, calendarApp.do("GET", path, nil).status)
	newPath := newer[strings.Index(newer, "/api/"):]
	require.Equal(t, http.StatusOK, calendarApp.do("GET", newPath, nil).status)
	require.Equal(t, http.StatusNoContent, owner.do("DELETE", feedPath, nil).status)
	require.Equal(t, http.StatusNotFound, calendarApp.do("GET", newPath, nil).status)
	require.Equal(t, http.StatusNotFound, calendarApp.do("GET", "/api/calendar/nosuchtoken.ics", nil).status)
}

func uids(t *testing.T, body []byte) []string {
	t.Helper()
	cal, err := goical.NewDecoder(bytes.NewReader(body)).Decode()
	require.NoError(t, err)
	var out []string
	for _, e := range cal.Events() {
		uid, err := e.Props.Text(goical.PropUID)
		require.NoError(t, err)
		out = append(out, uid)
	}
	return out
}
