package main

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
)

type recruitingBriefJSON struct {
	Today   string `json:"today"`
	Schools []struct {
		Name     string `json:"name"`
		Division string `json:"division"`
		Periods  []struct {
			Sport      string  `json:"sport"`
			PeriodType string  `json:"periodType"`
			Through    *string `json:"through"`
			Text       string  `json:"text"`
			SourceURL  string  `json:"sourceUrl"`
		} `json:"periods"`
	} `json:"schools"`
	KeyDates []struct {
		Kind string `json:"kind"`
		Date string `json:"date"`
		Text string `json:"text"`
	} `json:"keyDates"`
	FollowUps []struct {
		Name    string `json:"name"`
		DueOn   string `json:"dueOn"`
		Overdue bool   `json:"overdue"`
		Text    string `json:"text"`
	} `json:"followUps"`
	OpenedLinks []struct {
		CoachName   string `json:"coachName"`
		CollegeName string `json:"collegeName"`
		Opens       int    `json:"opens"`
		Text        string `json:"text"`
	} `json:"openedLinks"`
	Disclaimer string `json:"disclaimer"`
	Emailed    bool   `json:"emailed"`
}

// briefFamily is a softball player of the class of 2027 with a Division I and a Division II school
// on their list, the first the more wanted.
func briefFamily(t *testing.T, s *testServer, email string) (*client, int64, map[string]int64) {
	t.Helper()
	owner, _ := s.registered(t, email)
	athlete := createAthleteWith(t, owner, map[string]any{"name": "Sam Lee", "sports": "Softball", "graduationYear": 2027})
	colleges := map[string]int64{}
	for _, c := range []struct {
		name, division string
		interest       int
	}{{"State University", "D1", 5}, {"Valley College", "D2", 4}} {
		res := owner.do("POST", fmt.Sprintf("/api/athletes/%d/college-interests", athlete), map[string]any{"name": c.name, "division": c.division, "interest": c.interest})
		require.Equal(t, http.StatusCreated, res.status, string(res.body))
		colleges[c.name] = int64(res.json(t)["id"].(float64))
	}
	return owner, athlete, colleges
}

// The brief names the right period for a Division I and a Division II school on the same day, with
// what each allows, and is the owner's alone.
func TestRecruitingBriefNamesEachDivisionsPeriodOnTheSameDay(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, athlete, _ := briefFamily(t, s, "brief@example.com")
	path := fmt.Sprintf("/api/athletes/%d/recruiting-brief", athlete)

	brief := decodeAs[recruitingBriefJSON](t, owner.do("GET", path+"?today=2026-12-10", nil))
	require.Equal(t, "2026-12-10", brief.Today)
	require.Len(t, brief.Schools, 2)
	state, valley := brief.Schools[0], brief.Schools[1]
	require.Equal(t, "State University", state.Name, "the most wanted school first")
	require.Len(t, state.Periods, 1)
	assert.Equal(t, "dead", state.Periods[0].PeriodType)
	assert.Equal(t, "2026-12-12", *state.Periods[0].Through)
	assert.Equal(t, "State University (D1 softball) is in a dead period through Dec 12: no in-person contact; calls, e-mail and texts are fine.", state.Periods[0].Text)
	assert.True(t, strings.HasPrefix(state.Periods[0].SourceURL, "https://"), "each period names its source")
	require.Len(t, valley.Periods, 1)
	assert.Equal(t, "contact", valley.Periods[0].PeriodType)
	assert.Equal(t, "Valley College (D2 softball) is in a contact period through Jul 31, 2027: coaches may meet you in person, on or off campus; calls, e-mail and texts are fine.", valley.Periods[0].Text)
	assert.NotEmpty(t, brief.Disclaimer)
	assert.True(t, brief.Emailed)

	// Three weeks before signing day, the athlete's signing day is among the key dates, in each division.
	early := decodeAs[recruitingBriefJSON](t, owner.do("GET", path+"?today=2026-10-21", nil))
	var keyDates []string
	for _, d := range early.KeyDates {
		keyDates = append(keyDates, d.Kind+" "+d.Date+" "+d.Text)
	}
	assert.Equal(t, []string{"ncaa 2026-11-11 Wed Nov 11: Signing day (Softball, D1)", "ncaa 2026-11-11 Wed Nov 11: Signing day (Softball, D2)"}, keyDates)
	assert.Empty(t, brief.KeyDates, "after it, none")
	// A signing period is said with its last day.
	_, err := s.pool.Exec(context.Background(), "UPDATE athletes SET sports = 'Football' WHERE id = $1", athlete)
	require.NoError(t, err)
	football := decodeAs[recruitingBriefJSON](t, owner.do("GET", path+"?today=2026-11-20", nil))
	require.NotEmpty(t, football.KeyDates)
	assert.Equal(t, "Wed Dec 2 – Fri Dec 4: Early signing period (Football, D1)", football.KeyDates[0].Text)

	require.Equal(t, http.StatusBadRequest, owner.do("GET", path+"?today=Dec-10", nil).status)
	stranger, _ := s.registered(t, "stranger@example.com")
	require.Equal(t, http.StatusNotFound, stranger.do("GET", path, nil).status)
	require.Equal(t, http.StatusUnauthorized, s.newClient(t).do("GET", path, nil).status)
}

// Follow-ups due within a week (and the overdue) and the coach links opened this week are in the
// brief; a follow-up further off and a link nobody opened are not.
func TestRecruitingBriefListsFollowUpsAndOpenedLinks(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, athlete, colleges := briefFamily(t, s, "brief@example.com")
	ctx := context.Background()
	res := owner.do("POST", fmt.Sprintf("/api/athletes/%d/college-interests", athlete), map[string]any{"name": "Far Off U", "division": "D3", "interest": 1})
	require.Equal(t, http.StatusCreated, res.status)
	farOff := int64(res.json(t)["id"].(float64))
	today := time.Now().In(mustZone(t, "America/New_York"))
	day := func(offset int) time.Time {
		return time.Date(today.Year(), today.Month(), today.Day()+offset, 0, 0, 0, 0, time.UTC)
	}
	for id, due := range map[int64]time.Time{colleges["State University"]: day(-3), colleges["Valley College"]: day(5), farOff: day(20)} {
		_, err := s.pool.Exec(ctx, "UPDATE college_interests SET next_follow_up_on = $2 WHERE id = $1", id, due)
		require.NoError(t, err)
	}
	opened := coachLink(t, owner, colleges["State University"], "Coach Kim")
	coachLink(t, owner, colleges["Valley College"], "Coach Ray") // never opened
	coach := s.newClient(t)
	for range 2 {
		require.Equal(t, http.StatusNoContent, coach.do("POST", "/api/r/"+opened+"/views", map[string]any{"seconds": 0}).status)
	}

	brief := decodeAs[recruitingBriefJSON](t, owner.do("GET", fmt.Sprintf("/api/athletes/%d/recruiting-brief", athlete), nil))
	require.Len(t, brief.FollowUps, 2)
	assert.Equal(t, "State University", brief.FollowUps[0].Name, "the overdue first")
	assert.True(t, brief.FollowUps[0].Overdue)
	assert.Equal(t, "Follow up with State University: overdue since "+day(-3).Format("Mon Jan 2"), brief.FollowUps[0].Text)
	assert.Equal(t, "Follow up with Valley College by "+day(5).Format("Mon Jan 2"), brief.FollowUps[1].Text)
	assert.False(t, brief.FollowUps[1].Overdue)
	require.Len(t, brief.OpenedLinks, 1)
	assert.Equal(t, "Coach Kim", brief.OpenedLinks[0].CoachName)
	assert.Equal(t, 2, brief.OpenedLinks[0].Opens)
	assert.Equal(t, "Coach Kim (State University) opened your link 2 times this week, last on "+today.Format("Mon Jan 2"), brief.OpenedLinks[0].Text)
}

func coachLink(t *testing.T, owner *client, college int64, coach string) string {
	t.Helper()
	res := owner.do("POST", fmt.Sprintf("/api/college-interests/%d/links", college), map[string]any{"coachName": coach})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	return res.json(t)["code"].(string)
}

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	require.NoError(t, err)
	return loc
}

// The brief's e-mail goes to the owner once a week with a one-click unsubscribe (RFC 8058) that
// turns it off; the settings turn it on again.
func TestRecruitingBriefEmailUnsubscribes(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	smtpServer := s.startAllWorkers(t)
	ctx := context.Background()
	owner, athlete, _ := briefFamily(t, s, "brief@example.com")
	// A member of the circle gets no brief: it is the owner's.
	s.member(t, athlete, "grandma@example.com", "admin", "grandparent")
	send := func(at time.Time) int {
		n, err := jobs.SendRecruitingBriefs(ctx, s.pool, s.app.jobs, s.app.cfg.appURL, at)
		require.NoError(t, err)
		waitJobsDone(t, s)
		return n
	}
	monday := time.Date(2026, time.December, 14, 13, 0, 0, 0, time.UTC)
	require.Equal(t, 1, send(monday))
	require.Equal(t, 0, send(monday.Add(2*time.Hour)), "once a week")
	msg := messageTo(t, smtpServer, "brief@example.com", "recruiting week")
	assert.Equal(t, "Sam Lee's recruiting week: Mon Dec 14", msg.Subject)
	assert.Contains(t, msg.Body, "State University (D1 softball) is in a quiet period through Dec 21")
	assert.Contains(t, msg.Body, "Valley College (D2 softball) is in a contact period")
	assert.Equal(t, "List-Unsubscribe=One-Click", msg.Header.Get("List-Unsubscribe-Post"))

	link := strings.TrimPrefix(strings.Trim(msg.Header.Get("List-Unsubscribe"), "<>"), s.app.cfg.appURL)
	page := s.newClient(t).do("GET", link, nil)
	require.Equal(t, http.StatusOK, page.status)
	assert.Contains(t, string(page.body), "the weekly recruiting brief e-mail")
	assert.Equal(t, true, owner.do("GET", "/api/user/settings", nil).json(t)["recruitingBrief"], "opening the page changes nothing")
	res := s.newClient(t).do("POST", link, "List-Unsubscribe=One-Click")
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	assert.Equal(t, false, owner.do("GET", "/api/user/settings", nil).json(t)["recruitingBrief"])
	assert.Equal(t, 0, send(monday.Add(7*24*time.Hour)), "turned off, next week's is not sent")
	brief := decodeAs[recruitingBriefJSON](t, owner.do("GET", fmt.Sprintf("/api/athletes/%d/recruiting-brief", athlete), nil))
	assert.False(t, brief.Emailed, "the card still shows, and says it is not e-mailed")

	res = owner.do("PUT", "/api/user/settings", map[string]bool{"recruitingBrief": true})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	assert.Equal(t, true, res.json(t)["recruitingBrief"])
	assert.Equal(t, 1, send(monday.Add(14*24*time.Hour)))
	var to []string
	rows, err := s.pool.Query(ctx, "SELECT to_address FROM outbound_emails WHERE kind = 'recruiting_brief' ORDER BY id")
	require.NoError(t, err)
	for rows.Next() {
		var addr string
		require.NoError(t, rows.Scan(&addr))
		to = append(to, addr)
	}
	require.Equal(t, []string{"brief@example.com", "brief@example.com"}, to)
}
