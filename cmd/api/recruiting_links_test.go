package main

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"legacylocker/integrations/ncaa"
)

type coachLinkJSON struct {
	ID        int64  `json:"id"`
	Code      string `json:"code"`
	URL       string `json:"url"`
	CoachName string `json:"coachName"`
	State     string `json:"state"`
	ExpiresAt string `json:"expiresAt"`
	Include   struct {
		Profile  bool    `json:"profile"`
		Stats    bool    `json:"stats"`
		MediaIDs []int64 `json:"mediaIds"`
	} `json:"include"`
	Receipts struct {
		Opens        int     `json:"opens"`
		LastOpenedAt *string `json:"lastOpenedAt"`
		Clips        []struct {
			MediaID  int64    `json:"mediaId"`
			Title    string   `json:"title"`
			Seconds  int      `json:"seconds"`
			Duration *float64 `json:"duration"`
		} `json:"clips"`
	} `json:"receipts"`
}

// linkFamily is a family with a college on its list, a clip and two photos, all processed.
type linkFamily struct {
	owner         *client
	athlete       int64
	college       int64
	clip          mediaJSON
	photo, second mediaJSON
}

func newLinkFamily(t *testing.T, s *testServer, email, division string) linkFamily {
	t.Helper()
	owner, _ := s.registered(t, email)
	f := linkFamily{owner: owner, athlete: createAthlete(t, owner)}
	res := owner.upload(fmt.Sprintf("/api/athletes/%d/media", f.athlete), map[string]string{"title": "Double vs East", "date": "2026-04-02"},
		"double.mp4", bytes.NewReader(testVideo(t)))
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	f.clip = decodeAs[mediaJSON](t, res)
	f.photo = uploadPhoto(t, owner, f.athlete, testPNG(t))
	f.second = uploadPhoto(t, owner, f.athlete, testPNG(t))
	for _, id := range []int64{f.clip.ID, f.photo.ID, f.second.ID} {
		require.Eventually(t, func() bool {
			return owner.do("GET", fmt.Sprintf("/api/media/%d", id), nil).json(t)["status"] == "ready"
		}, 60*time.Second, 50*time.Millisecond)
	}
	res = owner.do("POST", fmt.Sprintf("/api/athletes/%d/college-interests", f.athlete), map[string]any{"name": "State University", "division": division})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	f.college = int64(res.json(t)["id"].(float64))
	return f
}

func (f linkFamily) makeLink(t *testing.T, body map[string]any) coachLinkJSON {
	t.Helper()
	res := f.owner.do("POST", fmt.Sprintf("/api/college-interests/%d/links", f.college), body)
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	return decodeAs[coachLinkJSON](t, res)
}

// A link serves only the items it includes: every other id of the family, another family's items
// and unknown ids answer 404 through it, and an included item that turns family-only stops too.
func TestCoachLinkServesOnlyWhatItIncludes(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.startWorkers(t)
	f := newLinkFamily(t, s, "owner@example.com", "D1")
	other := newLinkFamily(t, s, "other@example.com", "D2")
	coach := s.newClient(t)
	links := fmt.Sprintf("/api/college-interests/%d/links", f.college)

	// Uploads are family only: the family must agree to make the clip shareable.
	res := f.owner.do("POST", links, map[string]any{"coachName": "Coach Diaz", "include": map[string]any{"mediaIds": []int64{f.clip.ID}}})
	require.Equal(t, http.StatusBadRequest, res.status, string(res.body))
	require.Contains(t, res.message(t), fmt.Sprint(f.clip.ID))
	res = f.owner.do("POST", links, map[string]any{"coachName": "Coach Diaz", "makeShareable": true,
		"include": map[string]any{"mediaIds": []int64{f.clip.ID, other.photo.ID, 999999999}}})
	require.Equal(t, http.StatusBadRequest, res.status, string(res.body))
	require.Equal(t, fmt.Sprintf("These are not this athlete's videos or photos: %d, 999999999", other.photo.ID), res.message(t))
	res = f.owner.do("POST", links, map[string]any{"coachName": " ", "coachEmail": "nope"})
	require.Equal(t, http.StatusBadRequest, res.status)
	require.Equal(t, msgLinkCoachName, res.fieldErrors(t)["coachName"])
	require.Contains(t, res.fieldErrors(t), "coachEmail")

	link := f.makeLink(t, map[string]any{"coachName": "Coach Diaz", "coachEmail": "diaz@state.edu", "makeShareable": true,
		"include": map[string]any{"profile": true, "academics": true, "events": true, "mediaIds": []int64{f.clip.ID}}})
	require.GreaterOrEqual(t, len(link.Code), 10)
	require.Equal(t, "http://localhost:8080/r/"+link.Code, link.URL)
	require.Equal(t, "active", link.State)
	// Another photo of the family's, made shareable, still stays out of a link that does not include it.
	require.Equal(t, http.StatusOK, f.owner.do("PUT", fmt.Sprintf("/api/media/%d", f.second.ID), map[string]any{"title": "Team photo", "isPrivate": false}).status)

	// Where the coach could watch: games and tournaments to come, not practices nor what is over.
	for _, e := range []map[string]string{
		{"title": "Regional final", "eventType": "tournament", "startDate": time.Now().AddDate(0, 0, 9).Format(time.DateOnly), "location": "City Park"},
		{"title": "Practice", "eventType": "practice", "startDate": time.Now().AddDate(0, 0, 2).Format(time.DateOnly)},
		{"title": "Opener", "eventType": "game", "startDate": time.Now().AddDate(0, 0, -9).Format(time.DateOnly)},
	} {
		res := f.owner.do("POST", fmt.Sprintf("/api/athletes/%d/events", f.athlete), e)
		require.Equal(t, http.StatusCreated, res.status, string(res.body))
	}
	page := coach.do("GET", "/api/r/"+link.Code, nil)
	require.Equal(t, http.StatusOK, page.status, string(page.body))
	require.Equal(t, "noindex, nofollow", page.header.Get("X-Robots-Tag"))
	require.Equal(t, "no-store", page.header.Get("Cache-Control"))
	data := page.json(t)
	require.Equal(t, "Jordan Lee", data["athlete"].(map[string]any)["name"])
	require.Equal(t, "Lincoln High", data["athlete"].(map[string]any)["school"])
	require.Equal(t, 3.75, data["academics"].(map[string]any)["gpa"])
	require.Nil(t, data["measurables"], "not included")
	require.Empty(t, data["seasons"], "not included")
	events := data["events"].([]any)
	require.Len(t, events, 1)
	require.Equal(t, "Regional final", events[0].(map[string]any)["title"])
	require.Equal(t, time.Now().AddDate(0, 0, 9).Format(time.DateOnly), events[0].(map[string]any)["startDate"])
	require.Equal(t, "City Park", events[0].(map[string]any)["location"])
	clips := data["clips"].([]any)
	require.Len(t, clips, 1)
	clip := clips[0].(map[string]any)
	require.Equal(t, "Double vs East", clip["title"])
	require.Equal(t, fmt.Sprintf("/api/r/%s/media/%d", link.Code, f.clip.ID), clip["mediaUrl"])
	require.NotContains(t, string(page.body), "uploads/", "the page never learns storage keys")

	file := coach.do("GET", clip["mediaUrl"].(string), nil, "Range", "bytes=0-99")
	require.Equal(t, http.StatusPartialContent, file.status)
	require.Len(t, file.body, 100)
	require.Equal(t, "video/mp4", file.header.Get("Content-Type"))
	require.Equal(t, "noindex, nofollow", file.header.Get("X-Robots-Tag"))
	require.Equal(t, "no-store", file.header.Get("Cache-Control"))
	require.Equal(t, http.StatusOK, coach.do("GET", clip["posterUrl"].(string), nil).status)

	for _, id := range []int64{f.photo.ID, f.second.ID, other.clip.ID, other.photo.ID, other.second.ID, 0, -1, 999999999} {
		for _, suffix := range []string{"", "?variant=poster"} {
			res := coach.do("GET", fmt.Sprintf("/api/r/%s/media/%d%s", link.Code, id, suffix), nil)
			require.Equal(t, http.StatusNotFound, res.status, "item %d through the link", id)
		}
	}
	require.Equal(t, http.StatusNotFound, coach.do("GET", "/api/r/"+link.Code+"/media/abc", nil).status)
	// Another family's link does not reach this family's clip either.
	otherLink := other.makeLink(t, map[string]any{"coachName": "Coach Ruiz", "makeShareable": true, "include": map[string]any{"mediaIds": []int64{other.clip.ID}}})
	require.Equal(t, http.StatusNotFound, coach.do("GET", fmt.Sprintf("/api/r/%s/media/%d", otherLink.Code, f.clip.ID), nil).status)

	// The included clip turned family only: the link no longer serves or lists it.
	require.Equal(t, http.StatusOK, f.owner.do("PUT", fmt.Sprintf("/api/media/%d", f.clip.ID), map[string]any{"title": "Double vs East", "isPrivate": true}).status)
	require.Equal(t, http.StatusNotFound, coach.do("GET", fmt.Sprintf("/api/r/%s/media/%d", link.Code, f.clip.ID), nil).status)
	require.Empty(t, coach.do("GET", "/api/r/"+link.Code, nil).json(t)["clips"])

	require.Equal(t, http.StatusNotFound, coach.do("GET", "/api/r/nosuchcode1", nil).status)
	require.Equal(t, http.StatusNotFound, coach.do("GET", "/api/r/short", nil).status)
	html := coach.do("GET", "/r/"+link.Code, nil)
	require.Equal(t, http.StatusOK, html.status)
	require.Equal(t, "noindex, nofollow", html.header.Get("X-Robots-Tag"))
	require.Equal(t, http.StatusNotFound, coach.do("GET", "/r/nosuchcode1", nil).status)

	// Only those who edit the athlete's recruiting read or make links.
	stranger, _ := s.registered(t, "stranger@example.com")
	require.Equal(t, http.StatusNotFound, stranger.do("GET", links, nil).status)
	require.Equal(t, http.StatusNotFound, stranger.do("DELETE", fmt.Sprintf("/api/recruiting-links/%d", link.ID), nil).status)
	require.Equal(t, http.StatusUnauthorized, coach.do("GET", links, nil).status)
}

// A revoked link and an expired one answer 410 everywhere: data, media, page and receipts.
func TestCoachLinkGoneAfterRevokeAndExpiry(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	photo := uploadPhoto(t, owner, athlete, testPNG(t))
	college := func(division string) int64 {
		res := owner.do("POST", fmt.Sprintf("/api/athletes/%d/college-interests", athlete), map[string]any{"name": "College " + division, "division": division})
		require.Equal(t, http.StatusCreated, res.status, string(res.body))
		return int64(res.json(t)["id"].(float64))
	}
	d1, d2 := college("D1"), college("D2")
	coach := s.newClient(t)
	make := func(collegeID int64, body map[string]any) coachLinkJSON {
		res := owner.do("POST", fmt.Sprintf("/api/college-interests/%d/links", collegeID), body)
		require.Equal(t, http.StatusCreated, res.status, string(res.body))
		return decodeAs[coachLinkJSON](t, res)
	}

	// By default a link lasts to the athlete's signing date in the college's division, else 180 days.
	classOf := time.Now().Year() + 4
	var signing time.Time
	cals, err := ncaa.Calendars()
	require.NoError(t, err)
	for _, k := range ncaa.KeyDates(cals, ncaa.SportsFor("Baseball")[0], classOf) {
		if k.Division == "D1" && k.EndDate.After(signing) {
			signing = k.EndDate
		}
	}
	atSigning := make(d1, map[string]any{"coachName": "Coach One"})
	require.Equal(t, signing.Add(24*time.Hour).Format(time.RFC3339), atSigning.ExpiresAt)
	inHalfAYear := make(d2, map[string]any{"coachName": "Coach Two"})
	expires, err := time.Parse(time.RFC3339, inHalfAYear.ExpiresAt)
	require.NoError(t, err)
	require.WithinDuration(t, time.Now().Add(180*24*time.Hour), expires, time.Minute)

	for _, bad := range []string{"2001-01-01", "tomorrow", time.Now().AddDate(3, 0, 0).Format(time.DateOnly)} {
		res := owner.do("POST", fmt.Sprintf("/api/college-interests/%d/links", d1), map[string]any{"coachName": "C", "expiresAt": bad})
		require.Equal(t, http.StatusBadRequest, res.status, bad)
		require.Contains(t, res.fieldErrors(t), "expiresAt")
	}

	gone := func(code string, photoID int64) {
		t.Helper()
		for _, path := range []string{"/api/r/" + code, fmt.Sprintf("/api/r/%s/media/%d", code, photoID), "/api/r/" + code + "/photo", "/r/" + code} {
			res := coach.do("GET", path, nil)
			require.Equal(t, http.StatusGone, res.status, path)
			require.Equal(t, "noindex, nofollow", res.header.Get("X-Robots-Tag"), path)
		}
		require.Equal(t, http.StatusGone, coach.do("POST", "/api/r/"+code+"/views", map[string]any{"seconds": 0}).status)
	}

	require.Equal(t, http.StatusOK, owner.do("PUT", fmt.Sprintf("/api/media/%d", photo.ID), map[string]any{"title": "Team photo", "isPrivate": false}).status)
	revoked := make(d1, map[string]any{"coachName": "Coach Three", "include": map[string]any{"mediaIds": []int64{photo.ID}}})
	require.Equal(t, http.StatusOK, coach.do("GET", "/api/r/"+revoked.Code, nil).status)
	require.Equal(t, http.StatusNoContent, owner.do("DELETE", fmt.Sprintf("/api/recruiting-links/%d", revoked.ID), nil).status)
	gone(revoked.Code, photo.ID)
	res := owner.do("PUT", fmt.Sprintf("/api/recruiting-links/%d", revoked.ID), map[string]any{"coachName": "Coach Three"})
	require.Equal(t, http.StatusGone, res.status, "a revoked link stays revoked")
	list := decodeAs[[]coachLinkJSON](t, owner.do("GET", fmt.Sprintf("/api/college-interests/%d/links", d1), nil))
	require.Len(t, list, 2)
	require.Equal(t, "revoked", list[1].State)

	expiring := make(d1, map[string]any{"coachName": "Coach Four", "expiresAt": time.Now().Add(time.Hour).Format(time.RFC3339),
		"include": map[string]any{"mediaIds": []int64{photo.ID}}})
	require.Equal(t, http.StatusOK, coach.do("GET", "/api/r/"+expiring.Code, nil).status)
	_, err = s.pool.Exec(t.Context(), `UPDATE recruiting_links SET expires_at = now() - interval '1 second' WHERE id = $1`, expiring.ID)
	require.NoError(t, err)
	gone(expiring.Code, photo.ID)
	// Extending it opens it again.
	res = owner.do("PUT", fmt.Sprintf("/api/recruiting-links/%d", expiring.ID), map[string]any{"coachName": "Coach Four",
		"expiresAt": time.Now().AddDate(0, 1, 0).Format(time.DateOnly), "include": map[string]any{"mediaIds": []int64{photo.ID}, "stats": true}})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Equal(t, "active", decodeAs[coachLinkJSON](t, res).State)
	require.True(t, decodeAs[coachLinkJSON](t, res).Include.Stats)
	require.Equal(t, http.StatusOK, coach.do("GET", "/api/r/"+expiring.Code, nil).status)
}

// Receipts: one open per page load, seconds per clip summed and capped by its length, at most
// linkBeaconsPerMinute beacons a minute per link (the rest 429 and not counted), read back on the
// link, and the owner told once in the feed and once a day by e-mail.
func TestCoachLinkReceipts(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.startWorkers(t)
	f := newLinkFamily(t, s, "owner@example.com", "D1")
	link := f.makeLink(t, map[string]any{"coachName": "Coach Diaz", "makeShareable": true,
		"include": map[string]any{"mediaIds": []int64{f.clip.ID, f.photo.ID}}})
	coach := s.newClient(t)
	views := "/api/r/" + link.Code + "/views"

	require.Equal(t, http.StatusNoContent, coach.do("POST", views, map[string]any{"seconds": 0}).status)
	for range 3 {
		require.Equal(t, http.StatusNoContent, coach.do("POST", views, map[string]any{"mediaId": f.clip.ID, "seconds": 1}).status)
	}
	res := coach.do("POST", views, map[string]any{"mediaId": f.photo.ID, "seconds": 5})
	require.Equal(t, http.StatusNotFound, res.status, "a photo has no watch time")
	res = coach.do("POST", views, map[string]any{"mediaId": f.second.ID, "seconds": 5})
	require.Equal(t, http.StatusNotFound, res.status, "not on the link")
	res = coach.do("POST", views, map[string]any{"mediaId": f.clip.ID, "seconds": 61})
	require.Equal(t, http.StatusBadRequest, res.status)
	require.Equal(t, msgLinkSeconds, res.fieldErrors(t)["seconds"])

	list := decodeAs[[]coachLinkJSON](t, f.owner.do("GET", fmt.Sprintf("/api/college-interests/%d/links", f.college), nil))
	require.Len(t, list, 1)
	receipts := list[0].Receipts
	require.Equal(t, 1, receipts.Opens)
	require.NotNil(t, receipts.LastOpenedAt)
	require.Len(t, receipts.Clips, 1)
	require.Equal(t, "Double vs East", receipts.Clips[0].Title)
	require.NotNil(t, receipts.Clips[0].Duration)
	require.Equal(t, 2, receipts.Clips[0].Seconds, "three seconds of a two-second clip count as two")

	var rows int
	require.NoError(t, s.pool.QueryRow(t.Context(), `SELECT count(*) FROM recruiting_link_views WHERE link_id = $1`, link.ID).Scan(&rows))
	require.Equal(t, 2, rows, "one row for the opens and one for the clip, not one per beacon")

	// The owner hears of it once: in the feed and by one e-mail, with a one-click unsubscribe.
	feed := f.owner.do("GET", fmt.Sprintf("/api/athletes/%d/activity", f.athlete), nil)
	require.Contains(t, string(feed.body), `"kind":"coach_link"`)
	require.Contains(t, string(feed.body), "Coach Diaz · State University")

	// Opens counted until the link's minute is full; what is refused is not counted.
	accepted, refused := 1+3, 0
	opensAccepted := 1
	for i := 0; i < 3*linkBeaconsPerMinute && refused == 0; i++ {
		switch status := coach.do("POST", views, map[string]any{"seconds": 0}).status; status {
		case http.StatusNoContent:
			accepted++
			opensAccepted++
		case http.StatusTooManyRequests:
			refused++
		default:
			t.Fatalf("beacon answered %d", status)
		}
	}
	require.Equal(t, 1, refused, "the beacons are bounded per link per minute")
	require.GreaterOrEqual(t, accepted, linkBeaconsPerMinute)
	list = decodeAs[[]coachLinkJSON](t, f.owner.do("GET", fmt.Sprintf("/api/college-interests/%d/links", f.college), nil))
	require.Equal(t, opensAccepted, list[0].Receipts.Opens)

	var emails int
	var unsubscribe *string
	require.NoError(t, s.pool.QueryRow(t.Context(),
		`SELECT count(*), max(unsubscribe_url) FROM outbound_emails WHERE kind = 'coach_link_notice' AND athlete_id = $1`, f.athlete).Scan(&emails, &unsubscribe))
	require.Equal(t, 1, emails, "at most one e-mail a day per link")
	require.NotNil(t, unsubscribe)
	// Its one-click link turns these e-mails off.
	res = coach.do("POST", strings.TrimPrefix(*unsubscribe, "http://localhost:8080"), "List-Unsubscribe=One-Click")
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Contains(t, string(res.body), "a coach opens a recruiting link")
	require.Equal(t, false, f.owner.do("GET", "/api/user/settings", nil).json(t)["coachLinkNotices"])
}

// A coach's address opens links, known or not, a bounded number of times a minute: every open is
// counted (a found link's with its lookup, in one round trip) and the ones over the limit answer 429.
func TestCoachLinkOpensAreRateLimited(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, func(cfg *config) { cfg.limits.qrScansPerIP = 20 })
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	res := owner.do("POST", fmt.Sprintf("/api/athletes/%d/college-interests", athlete), map[string]any{"name": "State University", "division": "D1"})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	res = owner.do("POST", fmt.Sprintf("/api/college-interests/%v/links", res.json(t)["id"]), map[string]any{"coachName": "Coach Diaz", "include": map[string]any{"profile": true}})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	link := decodeAs[coachLinkJSON](t, res)

	coach := s.newClient(t)
	opens, limited := 0, map[string]int{}
	// Twice the limit and more of each: however a minute boundary splits them, one minute goes over.
	for _, path := range []string{"/api/r/" + link.Code, "/api/r/zzzzzzzzzzzz", "/r/" + link.Code} {
		for range 2*s.app.cfg.limits.qrScansPerIP + 5 {
			status := coach.do("GET", path, nil).status
			opens++
			if status == http.StatusTooManyRequests {
				limited[path]++
			}
		}
	}
	for path, n := range limited {
		require.GreaterOrEqual(t, n, 5, path)
	}
	require.Len(t, limited, 3, "every kind of open is limited")
	var counted int
	require.NoError(t, s.pool.QueryRow(t.Context(), `SELECT coalesce(sum(hits), 0) FROM rate_limit_hits WHERE key LIKE 'rlink:ip:%'`).Scan(&counted))
	require.Equal(t, opens, counted)
}
