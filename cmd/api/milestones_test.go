package main

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"
)

// recruitingMatrix: milestones, events and the recruiting center.
var recruitingMatrix = matrixArea{
	outside: map[string]int{
		"GET /api/recruiting-events": http.StatusUnauthorized, // the NCAA calendars, the same for everyone
		"GET /api/calendar/:token":   http.StatusNotFound,     // a calendar subscription: the token is the key
		// A coach's link: the code is the key (recruiting_links_test.go).
		"GET /api/r/:code":                http.StatusNotFound,
		"GET /api/r/:code/photo":          http.StatusNotFound,
		"GET /api/r/:code/media/:mediaId": http.StatusNotFound,
		"POST /api/r/:code/views":         http.StatusNotFound,
		"GET /r/:code":                    http.StatusNotFound,
	},
	rows: func(m *matrix) []matrixRoute {
		milestoneBody := func() any {
			return map[string]string{"title": "First start", "date": "2026-03-14", "type": "achievement"}
		}
		eventBody := func() any {
			return map[string]string{"title": "Camp", "eventType": "other", "startDate": "2027-06-01T09:00:00Z"}
		}
		collegeBody := func() any { return map[string]any{"name": "State University", "division": "D1", "interest": 4} }
		checklistBody := func() any { return map[string]any{"title": "Call Coach Diaz"} }
		// each answers the path of a fresh record the owner made through the athlete's list.
		each := func(list string, body func() any, prefix string) func() string {
			return func() string {
				return fmt.Sprintf("%s/%d", prefix, m.created(fmt.Sprintf("/api/athletes/%d%s", m.athlete, list), body()))
			}
		}
		collegePath := each("/college-interests", collegeBody, "/api/college-interests")
		checklistPath := each("/checklist", checklistBody, "/api/checklist")
		milestonePath := each("/milestones", milestoneBody, "/api/milestones")
		eventPath := each("/events", eventBody, "/api/events")
		linkBody := func() any { return map[string]any{"coachName": "Coach Diaz"} }
		collegeLinks := func() string { return collegePath() + "/links" }
		linkPath := func() string {
			return fmt.Sprintf("/api/recruiting-links/%d", m.created(collegeLinks(), linkBody()))
		}
		contactBody := func() any {
			return map[string]any{"name": "Coach Diaz", "role": "Head coach", "email": "diaz@state.example"}
		}
		outreachBody := func() any { return map[string]any{"kind": "email_sent", "date": "2026-11-02"} }
		collegeContacts := func() string { return collegePath() + "/contacts" }
		collegeOutreach := func() string { return collegePath() + "/outreach" }
		contactPath := func() string {
			return fmt.Sprintf("/api/college-contacts/%d", m.created(collegeContacts(), contactBody()))
		}
		outreachPath := func() string {
			return fmt.Sprintf("/api/college-outreach/%d", m.created(collegeOutreach(), outreachBody()))
		}
		a := m.athletePath
		return []matrixRoute{
			{route: "GET /api/athletes/:id/milestones", path: a("/milestones"), body: noBody, want: everyoneSees},
			{route: "POST /api/athletes/:id/milestones", path: a("/milestones"), body: milestoneBody, want: editsAthlete(created)},
			{route: "PUT /api/milestones/:id", path: milestonePath, body: milestoneBody, want: editsItem(ok)},
			{route: "DELETE /api/milestones/:id", path: milestonePath, body: noBody, want: editsItem(deleted)},
			{route: "GET /api/athletes/:id/events", path: a("/events"), body: noBody, want: everyoneSees},
			{route: "POST /api/athletes/:id/events", path: a("/events"), body: eventBody, want: editsAthlete(created)},
			{route: "PUT /api/events/:id", path: eventPath, body: eventBody, want: editsItem(ok)},
			{route: "DELETE /api/events/:id", path: eventPath, body: noBody, want: editsItem(deleted)},
			{route: "GET /api/athletes/:id/recruiting-calendar", path: a("/recruiting-calendar"), body: noBody, want: everyoneSees},
			{route: "GET /api/athletes/:id/recruiting-brief", path: a("/recruiting-brief"), body: noBody, want: ownerOnly(ok)},
			{route: "GET /api/athletes/:id/calendar.ics", path: a("/calendar.ics"), body: noBody, want: everyoneSees},
			{route: "GET /api/athletes/:id/calendar-feed", path: a("/calendar-feed"), body: noBody, want: editsAthlete(ok)},
			{route: "POST /api/athletes/:id/calendar-feed", path: a("/calendar-feed"), body: noBody, want: editsAthlete(created)},
			{route: "DELETE /api/athletes/:id/calendar-feed", path: a("/calendar-feed"), body: noBody, want: editsAthlete(deleted)},
			{route: "GET /api/athletes/:id/college-interests", path: a("/college-interests"), body: noBody, want: everyoneSees},
			{route: "POST /api/athletes/:id/college-interests", path: a("/college-interests"), body: collegeBody, want: editsAthlete(created)},
			{route: "PUT /api/college-interests/:id", path: collegePath, body: collegeBody, want: editsItem(ok)},
			{route: "DELETE /api/college-interests/:id", path: collegePath, body: noBody, want: editsItem(deleted)},
			{route: "GET /api/college-interests/:id/contacts", path: collegeContacts, body: noBody, want: seesItem(ok)},
			{route: "POST /api/college-interests/:id/contacts", path: collegeContacts, body: contactBody, want: editsItem(created)},
			{route: "PUT /api/college-contacts/:id", path: contactPath, body: contactBody, want: editsItem(ok)},
			{route: "DELETE /api/college-contacts/:id", path: contactPath, body: noBody, want: editsItem(deleted)},
			{route: "GET /api/college-interests/:id/outreach", path: collegeOutreach, body: noBody, want: seesItem(ok)},
			{route: "POST /api/college-interests/:id/outreach", path: collegeOutreach, body: outreachBody, want: editsItem(created)},
			{route: "PUT /api/college-outreach/:id", path: outreachPath, body: outreachBody, want: editsItem(ok)},
			{route: "DELETE /api/college-outreach/:id", path: outreachPath, body: noBody, want: editsItem(deleted)},
			{route: "GET /api/athletes/:id/follow-ups", path: a("/follow-ups"), body: noBody, want: everyoneSees},
			{route: "GET /api/college-interests/:id/links", path: collegeLinks, body: noBody, want: editsItem(ok)},
			{route: "POST /api/college-interests/:id/links", path: collegeLinks, body: linkBody, want: editsItem(created)},
			{route: "PUT /api/recruiting-links/:id", path: linkPath, body: linkBody, want: editsItem(ok)},
			{route: "DELETE /api/recruiting-links/:id", path: linkPath, body: noBody, want: editsItem(deleted)},
			{route: "GET /api/athletes/:id/checklist", path: a("/checklist"), body: noBody, want: everyoneSees},
			{route: "POST /api/athletes/:id/checklist", path: a("/checklist"), body: checklistBody, want: editsAthlete(created)},
			{route: "PUT /api/checklist/:id", path: checklistPath, body: func() any { return map[string]any{"done": true} }, want: editsItem(ok)},
			{route: "DELETE /api/checklist/:id", path: checklistPath, body: noBody, want: editsItem(deleted)},
		}
	},
}

type milestoneJSON struct {
	ID          int64  `json:"id"`
	Title       string `json:"title"`
	Date        string `json:"date"`
	Type        string `json:"type"`
	Description string `json:"description"`
}

func TestMilestonesCRUDNewestFirst(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	path := fmt.Sprintf("/api/athletes/%d/milestones", athlete)

	for _, m := range []map[string]string{
		{"title": "Older", "date": "2025-05-01", "type": "recruiting", "description": "Camp invite"},
		{"title": "Newer", "date": "2026-03-14", "type": "achievement"},
		{"title": " Untyped ", "date": "2025-09-01"},
	} {
		res := owner.do("POST", path, m)
		require.Equal(t, http.StatusCreated, res.status, string(res.body))
	}
	list := decodeAs[[]milestoneJSON](t, owner.do("GET", path, nil))
	require.Len(t, list, 3)
	require.Equal(t, []string{"Newer", "Untyped", "Older"}, []string{list[0].Title, list[1].Title, list[2].Title})
	require.Equal(t, "other", list[1].Type, "type defaults to other")
	require.Equal(t, "2025-05-01", list[2].Date)
	require.Equal(t, "Camp invite", list[2].Description)

	res := owner.do("PUT", fmt.Sprintf("/api/milestones/%d", list[2].ID), map[string]string{"title": "Oldest", "date": "2024-01-02", "type": "other", "description": ""})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Equal(t, "Oldest", decodeAs[milestoneJSON](t, res).Title)

	require.Equal(t, http.StatusNoContent, owner.do("DELETE", fmt.Sprintf("/api/milestones/%d", list[0].ID), nil).status)
	require.Len(t, decodeAs[[]milestoneJSON](t, owner.do("GET", path, nil)), 2)
	require.Equal(t, http.StatusNotFound, owner.do("DELETE", fmt.Sprintf("/api/milestones/%d", list[0].ID), nil).status)
}

func TestMilestoneValidation(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	path := fmt.Sprintf("/api/athletes/%d/milestones", createAthlete(t, owner))
	cases := []struct {
		body  map[string]string
		field string
		want  string
	}{
		{map[string]string{"title": " ", "date": "2026-01-01"}, "title", "Title is required"},
		{map[string]string{"title": "T"}, "date", "Date is required"},
		{map[string]string{"title": "T", "date": "01/02/2026"}, "date", "Date must be YYYY-MM-DD"},
		{map[string]string{"title": "T", "date": "2026-01-01", "type": "training"}, "type", "Type must be achievement, recruiting or other"},
	}
	for _, tc := range cases {
		res := owner.do("POST", path, tc.body)
		require.Equal(t, http.StatusBadRequest, res.status, string(res.body))
		require.Equal(t, tc.want, res.json(t)["errors"].(map[string]any)[tc.field], string(res.body))
	}
	require.Equal(t, http.StatusBadRequest, owner.do("POST", path, `{"title":"T","date":"2026-01-01","color":"red"}`).status)
}

// A private section hides its milestones from the family; limited members see only what is shared.
func TestMilestonesFollowPrivacy(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	viewer, _ := s.member(t, athlete, "viewer@example.com", "viewer", "parent")
	limited, _ := s.member(t, athlete, "limited@example.com", "limited", "friend")
	path := fmt.Sprintf("/api/athletes/%d/milestones", athlete)
	require.Equal(t, http.StatusCreated, owner.do("POST", path, map[string]string{"title": "T", "date": "2026-01-01"}).status)

	require.Len(t, decodeAs[[]milestoneJSON](t, viewer.do("GET", path, nil)), 1)
	require.Empty(t, decodeAs[[]milestoneJSON](t, limited.do("GET", path, nil)))
	res := owner.do("PUT", fmt.Sprintf("/api/athletes/%d/privacy-settings", athlete),
		map[string]string{"journal": "family", "media": "family", "stats": "family", "milestones": "private", "recruiting": "family"})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Empty(t, decodeAs[[]milestoneJSON](t, viewer.do("GET", path, nil)))
	require.Len(t, decodeAs[[]milestoneJSON](t, owner.do("GET", path, nil)), 1)
}

type eventJSON struct {
	ID                int64   `json:"id"`
	Title             string  `json:"title"`
	EventType         string  `json:"eventType"`
	StartDate         string  `json:"startDate"`
	EndDate           *string `json:"endDate"`
	AllDay            bool    `json:"allDay"`
	TimeZone          string  `json:"timeZone"`
	RepeatWeeklyUntil *string `json:"repeatWeeklyUntil"`
	NextStartDate     *string `json:"nextStartDate"`
	Location          string  `json:"location"`
}

func TestEventsCRUDAndUpcoming(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	path := fmt.Sprintf("/api/athletes/%d/events", athlete)
	res := owner.do("POST", path, map[string]string{"title": "Past game", "eventType": "game", "startDate": "2020-04-01T18:00:00Z", "location": "Home"})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	res = owner.do("POST", path, map[string]string{"title": "Camp", "startDate": "2099-06-01"})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	camp := decodeAs[eventJSON](t, res)
	require.Equal(t, "other", camp.EventType)

	require.Len(t, decodeAs[[]eventJSON](t, owner.do("GET", path, nil)), 2)
	upcoming := decodeAs[[]eventJSON](t, owner.do("GET", path+"?upcoming=true", nil))
	require.Len(t, upcoming, 1)
	require.Equal(t, "Camp", upcoming[0].Title)

	res = owner.do("PUT", fmt.Sprintf("/api/events/%d", camp.ID), map[string]string{"title": "Camp", "eventType": "game", "startDate": "2099-06-02T10:00:00Z", "location": "State U"})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Equal(t, "State U", decodeAs[eventJSON](t, res).Location)

	res = owner.do("POST", path, map[string]string{"title": "", "eventType": "scrimmage", "startDate": "soon"})
	require.Equal(t, http.StatusBadRequest, res.status)
	errs := res.json(t)["errors"].(map[string]any)
	require.Equal(t, "Title is required", errs["title"])
	require.Equal(t, msgEventType, errs["eventType"])
	require.Equal(t, "Start date must be YYYY-MM-DD or an RFC 3339 time", errs["startDate"])

	require.Equal(t, http.StatusNoContent, owner.do("DELETE", fmt.Sprintf("/api/events/%d", camp.ID), nil).status)
	require.Len(t, decodeAs[[]eventJSON](t, owner.do("GET", path, nil)), 1)
}

// A milestone's links: the journal entries and media of its date, with the lists' own visibility.
func TestJournalAndMediaOfADate(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	viewer, _ := s.member(t, athlete, "viewer@example.com", "viewer", "parent")
	onDay := createEntry(t, owner, athlete, map[string]any{"title": "Opening day", "date": "2026-04-02"})
	createEntry(t, owner, athlete, map[string]any{"title": "Another day", "date": "2026-04-03"})
	photo := uploadPhoto(t, owner, athlete, testPNG(t)) // dated 2026-04-02

	journal := decodeAs[[]entryJSON](t, owner.do("GET", fmt.Sprintf("/api/athletes/%d/journal?date=2026-04-02", athlete), nil))
	require.Len(t, journal, 1)
	require.Equal(t, onDay.ID, journal[0].ID)
	require.Empty(t, decodeAs[[]entryJSON](t, viewer.do("GET", fmt.Sprintf("/api/athletes/%d/journal?date=2026-04-02", athlete), nil)),
		"new entries are private: the family does not see them on a date either")
	media := decodeAs[[]mediaJSON](t, owner.do("GET", fmt.Sprintf("/api/athletes/%d/media?date=2026-04-02", athlete), nil))
	require.Len(t, media, 1)
	require.Equal(t, photo.ID, media[0].ID)
	require.Empty(t, decodeAs[[]mediaJSON](t, owner.do("GET", fmt.Sprintf("/api/athletes/%d/media?date=2026-04-03", athlete), nil)))

	res := owner.do("GET", fmt.Sprintf("/api/athletes/%d/media?date=April", athlete), nil)
	require.Equal(t, http.StatusBadRequest, res.status)
	require.Equal(t, "date must be YYYY-MM-DD", res.json(t)["message"])
}

// A limited member sees milestones and the recruiting records only once the family shares those
// sections with them, like stats; then they may look, not change.
func TestLimitedMemberSeesSharedSections(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	limited, limitedID := s.member(t, athlete, "limited@example.com", "limited", "coach")
	a := fmt.Sprintf("/api/athletes/%d", athlete)
	res := owner.do("POST", a+"/milestones", map[string]string{"title": "First start", "date": "2026-03-14"})
	require.Equal(t, http.StatusCreated, res.status)
	milestone := decodeAs[milestoneJSON](t, res)
	res = owner.do("POST", a+"/college-interests", map[string]any{"name": "State University"})
	require.Equal(t, http.StatusCreated, res.status)
	college := decodeAs[collegeJSON](t, res)
	require.Equal(t, http.StatusCreated, owner.do("POST", a+"/events", map[string]string{"title": "Camp", "startDate": "2099-06-01"}).status)

	require.Empty(t, decodeAs[[]milestoneJSON](t, limited.do("GET", a+"/milestones", nil)))
	require.Empty(t, decodeAs[[]collegeJSON](t, limited.do("GET", a+"/college-interests", nil)))
	require.Empty(t, decodeAs[[]eventJSON](t, limited.do("GET", a+"/events", nil)))
	require.Equal(t, http.StatusNotFound, limited.do("PUT", fmt.Sprintf("/api/milestones/%d", milestone.ID), map[string]string{"title": "X", "date": "2026-03-14"}).status)

	shares := fmt.Sprintf("/api/family-circle/%d/shares", limitedID)
	res = owner.do("PUT", shares, map[string]any{"journal": []int64{}, "media": []int64{}, "milestones": true, "recruiting": true})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	got := res.json(t)
	require.Equal(t, true, got["milestones"])
	require.Equal(t, true, got["recruiting"])
	require.Equal(t, false, got["stats"])

	require.Len(t, decodeAs[[]milestoneJSON](t, limited.do("GET", a+"/milestones", nil)), 1)
	require.Len(t, decodeAs[[]collegeJSON](t, limited.do("GET", a+"/college-interests", nil)), 1)
	require.Len(t, decodeAs[[]eventJSON](t, limited.do("GET", a+"/events", nil)), 1)
	require.Equal(t, http.StatusForbidden, limited.do("PUT", fmt.Sprintf("/api/milestones/%d", milestone.ID), map[string]string{"title": "X", "date": "2026-03-14"}).status)
	require.Equal(t, http.StatusForbidden, limited.do("DELETE", fmt.Sprintf("/api/college-interests/%d", college.ID), nil).status)

	// Unshared again: gone again.
	require.Equal(t, http.StatusOK, owner.do("PUT", shares, map[string]any{"journal": []int64{}, "media": []int64{}, "recruiting": true}).status)
	require.Empty(t, decodeAs[[]milestoneJSON](t, limited.do("GET", a+"/milestones", nil)))
	require.Len(t, decodeAs[[]collegeJSON](t, limited.do("GET", a+"/college-interests", nil)), 1)
}
