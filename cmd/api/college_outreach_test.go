package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

type contactJSON struct {
	ID                int64  `json:"id"`
	CollegeInterestID int64  `json:"collegeInterestId"`
	Name              string `json:"name"`
	Role              string `json:"role"`
	Email             string `json:"email"`
	Phone             string `json:"phone"`
}

type outreachJSON struct {
	ID        int64  `json:"id"`
	ContactID *int64 `json:"contactId"`
	Kind      string `json:"kind"`
	Date      string `json:"date"`
	Note      string `json:"note"`
}

type followUpsJSON struct {
	Today string `json:"today"`
	Due   []struct {
		CollegeInterestID int64  `json:"collegeInterestId"`
		Name              string `json:"name"`
		On                string `json:"on"`
		DaysOverdue       int    `json:"daysOverdue"`
	} `json:"due"`
	More int `json:"more"`
}

// newCollege adds a college to the athlete's list and answers its id.
func newCollege(t *testing.T, c *client, athlete int64, body map[string]any) int64 {
	t.Helper()
	res := c.do("POST", fmt.Sprintf("/api/athletes/%d/college-interests", athlete), body)
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	return int64(res.json(t)["id"].(float64))
}

// athleteTodayIn is today where athletes live unless they say otherwise (the default zone).
func athleteTodayIn(t *testing.T) time.Time {
	t.Helper()
	loc, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	y, m, d := time.Now().In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

func TestCollegeContactsCRUDAndValidation(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	viewer, _ := s.member(t, athlete, "viewer@example.com", "viewer", "grandparent")
	stranger, _ := s.registered(t, "stranger@example.com")
	college := newCollege(t, owner, athlete, map[string]any{"name": "State University", "division": "D1"})
	contacts := fmt.Sprintf("/api/college-interests/%d/contacts", college)

	res := owner.do("POST", contacts, map[string]any{"name": " Coach Diaz ", "role": "Head coach", "email": "Diaz@State.Example", "phone": "+1 (555) 010-2233 x12"})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	diaz := decodeAs[contactJSON](t, res)
	require.Equal(t, contactJSON{ID: diaz.ID, CollegeInterestID: college, Name: "Coach Diaz", Role: "Head coach", Email: "diaz@state.example", Phone: "+1 (555) 010-2233 x12"}, diaz)
	res = owner.do("POST", contacts, map[string]any{"name": "Sam Lee", "role": "Recruiting coordinator"})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))

	before := decodeAs[[]contactJSON](t, owner.do("GET", contacts, nil))
	res = owner.do("POST", contacts, map[string]any{"name": " ", "email": "not-an-address", "phone": "call me"})
	require.Equal(t, http.StatusBadRequest, res.status)
	require.Equal(t, map[string]any{"name": "Name is required", "email": "Please enter a valid email address",
		"phone": "Phone must be a phone number: digits, spaces and + ( ) - ."}, res.fieldErrors(t))
	require.Equal(t, before, decodeAs[[]contactJSON](t, owner.do("GET", contacts, nil)), "nothing half-written")

	list := decodeAs[[]contactJSON](t, viewer.do("GET", contacts, nil))
	require.Equal(t, []string{"Coach Diaz", "Sam Lee"}, []string{list[0].Name, list[1].Name}, "members who see recruiting read them, oldest first")
	require.Equal(t, http.StatusForbidden, viewer.do("POST", contacts, map[string]any{"name": "X"}).status)
	require.Equal(t, http.StatusNotFound, stranger.do("GET", contacts, nil).status)
	require.Equal(t, http.StatusNotFound, stranger.do("PUT", fmt.Sprintf("/api/college-contacts/%d", diaz.ID), map[string]any{"name": "X"}).status)
	require.Equal(t, http.StatusUnauthorized, s.newClient(t).do("GET", contacts, nil).status)

	res = owner.do("PUT", fmt.Sprintf("/api/college-contacts/%d", diaz.ID), map[string]any{"name": "Coach Maria Diaz", "role": "Head coach", "email": ""})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Equal(t, "Coach Maria Diaz", decodeAs[contactJSON](t, res).Name)
	require.Empty(t, decodeAs[contactJSON](t, res).Email)

	// The 51st contact of a college is refused.
	execSQL(t, s, `INSERT INTO college_contacts (college_interest_id, athlete_id, name) SELECT $1, $2, 'C' || g FROM generate_series(1, 48) g`, college, athlete)
	res = owner.do("POST", contacts, map[string]any{"name": "One too many"})
	require.Equal(t, http.StatusConflict, res.status, string(res.body))
	require.Equal(t, "A college can have at most 50 contacts. Remove one first.", res.message(t))

	require.Equal(t, http.StatusNoContent, owner.do("DELETE", fmt.Sprintf("/api/college-contacts/%d", diaz.ID), nil).status)
	require.Len(t, decodeAs[[]contactJSON](t, owner.do("GET", contacts, nil)), 49)
}

func TestOutreachLogInPagesNewestFirst(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	editor, _ := s.member(t, athlete, "editor@example.com", "editor", "parent")
	viewer, _ := s.member(t, athlete, "viewer@example.com", "viewer", "grandparent")
	limited, limitedID := s.member(t, athlete, "limited@example.com", "limited", "friend")
	college := newCollege(t, owner, athlete, map[string]any{"name": "State University"})
	other := newCollege(t, owner, athlete, map[string]any{"name": "Coastal College"})
	outreach := fmt.Sprintf("/api/college-interests/%d/outreach", college)
	contact := decodeAs[contactJSON](t, owner.do("POST", fmt.Sprintf("/api/college-interests/%d/contacts", college), map[string]any{"name": "Coach Diaz"}))
	elsewhere := decodeAs[contactJSON](t, owner.do("POST", fmt.Sprintf("/api/college-interests/%d/contacts", other), map[string]any{"name": "Coach Poe"}))

	// The one tap after writing to a coach: no date means today where the athlete lives.
	res := editor.do("POST", outreach, map[string]any{"kind": "email_sent", "contactId": contact.ID})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	sent := decodeAs[outreachJSON](t, res)
	require.Equal(t, athleteTodayIn(t).Format(time.DateOnly), sent.Date)
	require.Equal(t, &contact.ID, sent.ContactID)

	far := athleteTodayIn(t).AddDate(1, 0, 2).Format(time.DateOnly)
	res = owner.do("POST", outreach, map[string]any{"kind": "letter", "date": far, "note": strings.Repeat("x", 2001), "contactId": elsewhere.ID})
	require.Equal(t, http.StatusBadRequest, res.status)
	require.Equal(t, map[string]any{"kind": "Kind must be one of email_sent, email_received, call, text, visit, camp, offer",
		"date": "Date must not be more than a year from today", "note": "Note must be at most 2,000 characters",
		"contactId": "Contact must be one of this college's contacts"}, res.fieldErrors(t))
	require.Equal(t, "Date must be YYYY-MM-DD", owner.do("POST", outreach, map[string]any{"kind": "call", "date": "May 2"}).fieldErrors(t)["date"])
	require.Equal(t, http.StatusForbidden, viewer.do("POST", outreach, map[string]any{"kind": "call"}).status)
	require.Equal(t, http.StatusNotFound, limited.do("GET", outreach, nil).status, "recruiting is not shared with them")
	require.Equal(t, http.StatusOK, owner.do("PUT", fmt.Sprintf("/api/family-circle/%d/shares", limitedID),
		map[string]any{"journal": []int64{}, "media": []int64{}, "recruiting": true}).status)
	require.Len(t, decodeAs[[]outreachJSON](t, limited.do("GET", outreach, nil)), 1, "shared: they read the log")
	require.Len(t, decodeAs[[]contactJSON](t, limited.do("GET", fmt.Sprintf("/api/college-interests/%d/contacts", college), nil)), 1)
	require.Equal(t, http.StatusForbidden, limited.do("POST", outreach, map[string]any{"kind": "call"}).status, "and may only look")

	// 22 more entries, several on one day: every entry once across pages, newest day first, then newest id.
	kinds := []string{"email_received", "call", "text", "visit", "camp", "offer"}
	for i := range 22 {
		day := time.Date(2026, 3, 1+i/3, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
		res := owner.do("POST", outreach, map[string]any{"kind": kinds[i%len(kinds)], "date": day, "note": fmt.Sprintf("entry %d", i)})
		require.Equal(t, http.StatusCreated, res.status, string(res.body))
	}
	want := idsOf(t, s, `SELECT id FROM college_outreach WHERE college_interest_id = $1 ORDER BY happened_on DESC, id DESC`, college)
	require.Len(t, want, 23)
	require.Equal(t, sent.ID, want[0])
	require.Equal(t, want, flatten(t, walkPages(t, viewer, outreach, 5, nil)))
	require.Equal(t, want, flatten(t, walkPages(t, owner, outreach, 200, nil)), "one page of all")
	require.Equal(t, http.StatusBadRequest, owner.do("GET", outreach+"?limit=201", nil).status)
	require.Empty(t, decodeAs[[]outreachJSON](t, owner.do("GET", fmt.Sprintf("/api/college-interests/%d/outreach", other), nil)), "another college's log")

	// A changed entry keeps its day unless told; a removed contact leaves the entry naming no one.
	res = owner.do("PUT", fmt.Sprintf("/api/college-outreach/%d", sent.ID), map[string]any{"kind": "email_sent", "note": "Sent the link", "contactId": contact.ID})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Equal(t, sent.Date, decodeAs[outreachJSON](t, res).Date)
	require.Equal(t, http.StatusNoContent, owner.do("DELETE", fmt.Sprintf("/api/college-contacts/%d", contact.ID), nil).status)
	first := decodeAs[[]outreachJSON](t, owner.do("GET", outreach+"?limit=1", nil))[0]
	require.Equal(t, outreachJSON{ID: sent.ID, Kind: "email_sent", Date: sent.Date, Note: "Sent the link"}, first)
	require.Equal(t, http.StatusNoContent, owner.do("DELETE", fmt.Sprintf("/api/college-outreach/%d", sent.ID), nil).status)
	require.Equal(t, http.StatusNotFound, owner.do("DELETE", fmt.Sprintf("/api/college-outreach/%d", sent.ID), nil).status)
}

func TestFollowUpsOnTheDashboardAndInTheCalendar(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	limited, limitedID := s.member(t, athlete, "limited@example.com", "limited", "friend")
	today := athleteTodayIn(t)
	day := func(days int) string { return today.AddDate(0, 0, days).Format(time.DateOnly) }

	state := newCollege(t, owner, athlete, map[string]any{"name": "State University", "nextFollowUpOn": day(0)})
	coastal := newCollege(t, owner, athlete, map[string]any{"name": "Coastal College", "nextFollowUpOn": day(-3)})
	later := newCollege(t, owner, athlete, map[string]any{"name": "Later College", "nextFollowUpOn": day(5)})
	newCollege(t, owner, athlete, map[string]any{"name": "No Date College"})

	res := owner.do("POST", fmt.Sprintf("/api/athletes/%d/college-interests", athlete), map[string]any{"name": "X", "nextFollowUpOn": "next Friday"})
	require.Equal(t, "Follow-up date must be YYYY-MM-DD", res.fieldErrors(t)["nextFollowUpOn"])
	res = owner.do("POST", fmt.Sprintf("/api/athletes/%d/college-interests", athlete), map[string]any{"name": "X", "nextFollowUpOn": day(800)})
	require.Equal(t, "Follow-up date must be within a year ago and two years from today", res.fieldErrors(t)["nextFollowUpOn"])

	dashboard := fmt.Sprintf("/api/athletes/%d/follow-ups", athlete)
	due := decodeAs[followUpsJSON](t, owner.do("GET", dashboard, nil))
	require.Equal(t, day(0), due.Today)
	require.Len(t, due.Due, 2, "due today and overdue, not later")
	require.Equal(t, []any{"Coastal College", 3, "State University", 0},
		[]any{due.Due[0].Name, due.Due[0].DaysOverdue, due.Due[1].Name, due.Due[1].DaysOverdue}, "the most overdue first")
	require.Empty(t, decodeAs[followUpsJSON](t, limited.do("GET", dashboard, nil)).Due, "recruiting is not shared with them")
	require.Equal(t, http.StatusOK, owner.do("PUT", fmt.Sprintf("/api/family-circle/%d/shares", limitedID),
		map[string]any{"journal": []int64{}, "media": []int64{}, "recruiting": true}).status)
	require.Len(t, decodeAs[followUpsJSON](t, limited.do("GET", dashboard, nil)).Due, 2, "shared: they see them")

	// A whole college sent without the field keeps its follow-up; null clears it; a date moves it.
	res = owner.do("PUT", fmt.Sprintf("/api/college-interests/%d", state), map[string]any{"name": "State University", "interest": 5})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Equal(t, day(0), res.json(t)["nextFollowUpOn"])
	res = owner.do("PUT", fmt.Sprintf("/api/college-interests/%d", coastal), map[string]any{"name": "Coastal College", "nextFollowUpOn": nil})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Nil(t, res.json(t)["nextFollowUpOn"])

	calendar := func() string {
		res := owner.do("GET", fmt.Sprintf("/api/athletes/%d/calendar.ics", athlete), nil)
		require.Equal(t, http.StatusOK, res.status)
		return string(res.body)
	}
	ics := calendar()
	compact := func(d string) string { return strings.ReplaceAll(d, "-", "") }
	require.Contains(t, ics, fmt.Sprintf("UID:follow-up-%d@legacylocker\r\nDTSTAMP:", state))
	require.Contains(t, ics, "SUMMARY:Follow up with State University\r\nDTSTART;VALUE=DATE:"+compact(day(0)))
	require.Contains(t, ics, "SUMMARY:Follow up with Later College\r\nDTSTART;VALUE=DATE:"+compact(day(5)), "the calendar has the ones ahead too")
	require.NotContains(t, ics, "Follow up with Coastal College", "a cleared follow-up leaves the calendar")
	require.NotContains(t, ics, "No Date College")

	res = owner.do("PUT", fmt.Sprintf("/api/college-interests/%d", later), map[string]any{"name": "Later College", "nextFollowUpOn": day(9)})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	ics = calendar()
	require.Contains(t, ics, fmt.Sprintf("UID:follow-up-%d@legacylocker", later), "the same entry, moved")
	require.Contains(t, ics, "DTSTART;VALUE=DATE:"+compact(day(9)))
	require.NotContains(t, ics, "DTSTART;VALUE=DATE:"+compact(day(5)))
}

// The list of colleges carries each card's contacts, the first page of its log (with the cursor the
// log's own route continues from) and, for those who edit, its links: the same answers as the routes of
// each, so the recruiting page asks once for all of them.
func TestCollegeListCarriesEachCardsConversation(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	editor, _ := s.member(t, athlete, "editor@example.com", "editor", "parent")
	viewer, _ := s.member(t, athlete, "viewer@example.com", "viewer", "grandparent")
	limited, limitedID := s.member(t, athlete, "limited@example.com", "limited", "friend")
	busy := newCollege(t, owner, athlete, map[string]any{"name": "State University", "interest": 5})
	quiet := newCollege(t, owner, athlete, map[string]any{"name": "Coastal College", "interest": 3})
	for _, name := range []string{"Coach Diaz", "Sam Lee"} {
		require.Equal(t, http.StatusCreated, owner.do("POST", fmt.Sprintf("/api/college-interests/%d/contacts", busy), map[string]any{"name": name}).status)
	}
	for i := range 7 {
		day := time.Date(2026, 3, 1+i/2, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
		res := owner.do("POST", fmt.Sprintf("/api/college-interests/%d/outreach", busy), map[string]any{"kind": "call", "date": day, "note": fmt.Sprintf("call %d", i)})
		require.Equal(t, http.StatusCreated, res.status, string(res.body))
	}
	res := owner.do("POST", fmt.Sprintf("/api/college-interests/%d/links", busy), map[string]any{"coachName": "Coach Diaz", "include": map[string]any{"profile": true}})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	require.Equal(t, http.StatusOK, owner.do("PUT", fmt.Sprintf("/api/family-circle/%d/shares", limitedID),
		map[string]any{"journal": []int64{}, "media": []int64{}, "recruiting": true}).status)

	type card struct {
		ID       int64           `json:"id"`
		Contacts json.RawMessage `json:"contacts"`
		Outreach struct {
			Items      json.RawMessage `json:"items"`
			NextCursor *string         `json:"nextCursor"`
		} `json:"outreach"`
		Links json.RawMessage `json:"links"`
	}
	same := func(t *testing.T, want response, got json.RawMessage) {
		t.Helper()
		require.Equal(t, http.StatusOK, want.status, string(want.body))
		require.JSONEq(t, string(want.body), string(got))
	}
	for _, who := range []struct {
		name     string
		c        *client
		seesLink bool
	}{{"owner", owner, true}, {"editor", editor, true}, {"viewer", viewer, false}, {"limited member", limited, false}} {
		t.Run(who.name, func(t *testing.T) {
			cards := decodeAs[[]card](t, who.c.do("GET", fmt.Sprintf("/api/athletes/%d/college-interests", athlete), nil))
			require.Equal(t, []int64{busy, quiet}, []int64{cards[0].ID, cards[1].ID})
			for _, cd := range cards {
				same(t, who.c.do("GET", fmt.Sprintf("/api/college-interests/%d/contacts", cd.ID), nil), cd.Contacts)
				log := fmt.Sprintf("/api/college-interests/%d/outreach", cd.ID)
				first := who.c.do("GET", log+"?limit=5", nil)
				same(t, first, cd.Outreach.Items)
				if next := first.header.Get(nextCursorHeader); next == "" {
					require.Nil(t, cd.Outreach.NextCursor, "the last page says so")
				} else {
					require.NotNil(t, cd.Outreach.NextCursor)
					same(t, who.c.do("GET", log+"?limit=5&cursor="+url.QueryEscape(next), nil),
						json.RawMessage(who.c.do("GET", log+"?limit=5&cursor="+url.QueryEscape(*cd.Outreach.NextCursor), nil).body))
				}
				links := who.c.do("GET", fmt.Sprintf("/api/college-interests/%d/links", cd.ID), nil)
				if who.seesLink {
					same(t, links, cd.Links)
				} else {
					require.Equal(t, http.StatusForbidden, links.status)
					require.JSONEq(t, "null", string(cd.Links), "links only for those who may edit")
				}
			}
			require.NotNil(t, cards[0].Outreach.NextCursor, "seven entries: a second page")
			require.JSONEq(t, "[]", string(cards[1].Contacts))
			require.JSONEq(t, "[]", string(cards[1].Outreach.Items))
		})
	}
}
