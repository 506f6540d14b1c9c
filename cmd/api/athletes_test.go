package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"legacylocker/store"
)

func athleteBody(overrides map[string]any) map[string]any {
	body := map[string]any{
		"name": "Jordan Lee", "sports": "Baseball", "position": "Pitcher", "graduationYear": time.Now().Year() + 4,
		"gpa": 3.75, "school": "Lincoln High", "bio": "", "userId": 999,
	}
	for k, v := range overrides {
		body[k] = v
	}
	return body
}

func createAthlete(t testing.TB, c *client) int64 {
	t.Helper()
	res := c.do("POST", "/api/athletes", athleteBody(nil))
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	return int64(res.json(t)["id"].(float64))
}

func createAthleteWith(t testing.TB, c *client, overrides map[string]any) int64 {
	t.Helper()
	res := c.do("POST", "/api/athletes", athleteBody(overrides))
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	return int64(res.json(t)["id"].(float64))
}

func TestCreateAndReadAthlete(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, userID := s.registered(t, "ana@example.com")

	res := c.do("GET", "/api/athletes/me", nil)
	require.Equal(t, http.StatusNotFound, res.status)
	require.Equal(t, "No athlete profile yet", res.message(t))

	res = c.do("POST", "/api/athletes", athleteBody(map[string]any{"name": "  Jordan Lee "}))
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	athlete := res.json(t)
	require.Equal(t, "Jordan Lee", athlete["name"])
	require.Equal(t, float64(userID), athlete["userId"], "the owner is the signed-in user, whatever userId says")
	require.Equal(t, 3.75, athlete["gpa"])
	// 6 checks met (no bio, no highlight video, no stats, no recruiting yet).
	require.Equal(t, completionOf(6), athlete["profileCompletion"])

	me := c.do("GET", "/api/athletes/me", nil)
	require.Equal(t, http.StatusOK, me.status)
	require.Equal(t, athlete["id"], me.json(t)["id"])
	byID := c.do("GET", fmt.Sprintf("/api/athletes/%v", athlete["id"]), nil)
	require.Equal(t, http.StatusOK, byID.status)
	require.Equal(t, "Pitcher", byID.json(t)["position"])
}

// TestSeveralAthletesPerAccount: an account holds as many athletes as its plan (402 naming the plan
// past that, even when several are created at once), each with a circle of its own; a member of both
// children sees both, a member of one never the other.
func TestSeveralAthletesPerAccount(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	parent, parentID := s.registered(t, "parent@example.com")
	first := createAthlete(t, parent)

	res := parent.do("POST", "/api/athletes", athleteBody(map[string]any{"name": "Riley Lee"}))
	require.Equal(t, http.StatusPaymentRequired, res.status, string(res.body))
	require.Equal(t, "Your Free plan holds 1 athlete. The Basic plan holds 2 athletes.", res.message(t))
	require.Equal(t, 1, count(t, s, "SELECT count(*) FROM athletes WHERE user_id = $1", parentID), "nothing half-made")

	// On Basic (2 athletes), five creations at once from one athlete held: exactly one fits.
	_, err := s.pool.Exec(t.Context(), `INSERT INTO plan_grants (user_id, tier, granted_by) VALUES ($1, 'basic', 'ops@example.com')`, parentID)
	require.NoError(t, err)
	statuses := make(chan int, 5)
	for range 5 {
		go func() {
			statuses <- parent.do("POST", "/api/athletes", athleteBody(map[string]any{"name": "Riley Lee"})).status
		}()
	}
	created := 0
	for range 5 {
		switch status := <-statuses; status {
		case http.StatusCreated:
			created++
		default:
			require.Equal(t, http.StatusPaymentRequired, status)
		}
	}
	require.Equal(t, 1, created)
	require.Equal(t, 2, count(t, s, "SELECT count(*) FROM athletes WHERE user_id = $1", parentID))

	// The Family plan holds a family: six in all, then the plan is named without a bigger one.
	_, err = s.pool.Exec(t.Context(), `UPDATE plan_grants SET tier = 'family' WHERE user_id = $1`, parentID)
	require.NoError(t, err)
	for _, name := range []string{"Casey Lee", "Drew Lee", "Emery Lee", "Finley Lee"} {
		require.Equal(t, http.StatusCreated, parent.do("POST", "/api/athletes", athleteBody(map[string]any{"name": name})).status)
	}
	res = parent.do("POST", "/api/athletes", athleteBody(map[string]any{"name": "Gray Lee"}))
	require.Equal(t, http.StatusPaymentRequired, res.status)
	require.Equal(t, "Your Family plan holds 6 athletes.", res.message(t))

	var mine []struct {
		ID   int64
		Name string
		Role string
	}
	require.NoError(t, json.Unmarshal(parent.do("GET", "/api/athletes", nil).body, &mine))
	require.Len(t, mine, 6)
	for _, a := range mine {
		require.Equal(t, "owner", a.Role, a.Name)
	}
	require.Equal(t, float64(first), parent.do("GET", "/api/athletes/me", nil).json(t)["id"], "me is the first athlete")
	usage := parent.do("GET", "/api/subscription/status", nil).json(t)["usage"].(map[string]any)
	require.Equal(t, float64(6), usage["athletes"])

	// A grandparent in both children's circles sees both; an aunt in one circle only that child.
	second := mine[1].ID
	grandma, _ := s.member(t, first, "grandma@example.com", "viewer", "grandparent")
	_, err = s.pool.Exec(t.Context(), `
		INSERT INTO family_members (athlete_id, user_id, name, email, relationship, access_level, status, accepted_at)
		SELECT $1, id, 'Grandma', email, 'grandparent', 'viewer', 'active', now() FROM users WHERE email = 'grandma@example.com'`, second)
	require.NoError(t, err)
	var hers []struct{ ID int64 }
	require.NoError(t, json.Unmarshal(grandma.do("GET", "/api/athletes", nil).body, &hers))
	require.ElementsMatch(t, []int64{first, second}, []int64{hers[0].ID, hers[1].ID})
	aunt, _ := s.member(t, second, "aunt@example.com", "editor", "relative")
	require.Equal(t, http.StatusOK, aunt.do("GET", fmt.Sprintf("/api/athletes/%d/journal", second), nil).status)
	require.Equal(t, http.StatusNotFound, aunt.do("GET", fmt.Sprintf("/api/athletes/%d/journal", first), nil).status, "the other child is not hers to see")
	require.Equal(t, http.StatusNotFound, aunt.do("GET", fmt.Sprintf("/api/athletes/%d", first), nil).status)
}

func TestUpdateAthleteRecomputesCompletion(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	id := createAthlete(t, c)

	res := c.do("PUT", fmt.Sprintf("/api/athletes/%d", id), athleteBody(map[string]any{"bio": "Lefty.", "gpa": nil, "position": ""}))
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	body := res.json(t)
	require.Nil(t, body["gpa"])
	require.Equal(t, "Lefty.", body["bio"])
	require.Equal(t, completionOf(5), body["profileCompletion"])
}

// A profile with every field filled is not complete without what a coach watches: a highlight
// video and the athlete's numbers.
func TestProfileCompletionCountsAHighlightVideo(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	id := createAthlete(t, c)
	path := fmt.Sprintf("/api/athletes/%d", id)

	res := c.do("PUT", path, athleteBody(map[string]any{"bio": "Lefty with a sharp curve."}))
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Equal(t, completionOf(7), res.json(t)["profileCompletion"])

	readyVideo(t, s, id, "failed")
	require.Equal(t, completionOf(7), c.do("GET", path, nil).json(t)["profileCompletion"], "a video that failed to process is no highlight")

	readyVideo(t, s, id, "ready")
	require.Equal(t, completionOf(8), c.do("GET", path, nil).json(t)["profileCompletion"])
	require.Equal(t, http.StatusCreated, c.do("POST", fmt.Sprintf("/api/stats/games/%d", id), map[string]any{"gameDate": "2026-04-11", "stats": map[string]any{"hits": 1}}).status)
	require.Equal(t, completionOf(9), c.do("GET", path, nil).json(t)["profileCompletion"])

	// The recruiting center counts too: a college list begun, a checklist item done.
	res = c.do("POST", path+"/college-interests", map[string]any{"name": "State University", "interest": 5})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	require.Equal(t, completionOf(10), c.do("GET", path, nil).json(t)["profileCompletion"])
	checklist := c.do("GET", path+"/checklist", nil).body
	var items []struct{ ID int64 }
	require.NoError(t, json.Unmarshal(checklist, &items))
	require.Equal(t, http.StatusOK, c.do("PUT", fmt.Sprintf("/api/checklist/%d", items[0].ID), map[string]any{"done": true}).status)
	require.Equal(t, completionOf(11), c.do("GET", path, nil).json(t)["profileCompletion"])
	// A photo of the athlete, once its job has made it (TestAthletePhoto runs the job).
	_, err := s.pool.Exec(t.Context(), `UPDATE athletes SET profile_image_url = '/api/athletes/' || id || '/photo?v=1' WHERE id = $1`, id)
	require.NoError(t, err)
	require.Equal(t, completionOf(12), c.do("GET", path, nil).json(t)["profileCompletion"])
	// Measurables: height and weight alone are not enough, one of the sport's numbers too.
	res = c.do("PUT", path+"/recruiting-profile", map[string]any{"heightIn": 71, "weightLb": 175})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Equal(t, completionOf(12), c.do("GET", path, nil).json(t)["profileCompletion"])
	res = c.do("POST", path+"/measurables", map[string]any{"sport": "baseball", "key": "sixtyYardDash", "value": 7.1, "measuredOn": "2026-03-01"})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	require.Equal(t, completionOf(13), c.do("GET", path, nil).json(t)["profileCompletion"])
	// Academics: a test score (or the NCAA ID).
	res = c.do("PUT", path+"/recruiting-profile", map[string]any{"heightIn": 71, "weightLb": 175, "actScore": 27, "actTakenOn": "2026-02-08"})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Equal(t, float64(100), c.do("GET", path, nil).json(t)["profileCompletion"])
	mine := c.do("GET", "/api/athletes", nil)
	require.Contains(t, string(mine.body), `"profileCompletion":100`)
}

// completionOf is the completion with n of the profile checks met.
func completionOf(n int) float64 { return float64(n * 100 / len(profileChecks)) }

func TestProfileChecksEachCountOnce(t *testing.T) {
	gpa := 3.5
	full := profileFacts{
		athlete: store.Athlete{Name: "Jordan Lee", Sports: "Baseball", Position: "Pitcher", GraduationYear: 2030,
			Gpa: &gpa, School: "Lincoln High", Bio: "Lefty.", ProfileImageUrl: new("/api/athletes/1/photo?v=1")},
		hasVideo: true, hasStats: true, hasCollegeInterests: true, checklistStarted: true, hasMeasurables: true, hasAcademics: true,
	}
	require.Equal(t, 100, profileCompletion(full))
	without := map[string]func(*profileFacts){
		"name":                func(f *profileFacts) { f.athlete.Name = " " },
		"sports":              func(f *profileFacts) { f.athlete.Sports = "" },
		"position":            func(f *profileFacts) { f.athlete.Position = "" },
		"graduationYear":      func(f *profileFacts) { f.athlete.GraduationYear = 0 },
		"gpa":                 func(f *profileFacts) { f.athlete.Gpa = nil },
		"school":              func(f *profileFacts) { f.athlete.School = "" },
		"bio":                 func(f *profileFacts) { f.athlete.Bio = "\n" },
		"highlightVideo":      func(f *profileFacts) { f.hasVideo = false },
		"stats":               func(f *profileFacts) { f.hasStats = false },
		"collegeInterests":    func(f *profileFacts) { f.hasCollegeInterests = false },
		"recruitingChecklist": func(f *profileFacts) { f.checklistStarted = false },
		"photo":               func(f *profileFacts) { f.athlete.ProfileImageUrl = nil },
		"measurables":         func(f *profileFacts) { f.hasMeasurables = false },
		"academics":           func(f *profileFacts) { f.hasAcademics = false },
	}
	require.Len(t, profileChecks, len(without), "every check has a case here")
	for _, check := range profileChecks {
		clear, ok := without[check.name]
		require.True(t, ok, "no case for check %q", check.name)
		f := full
		clear(&f)
		require.False(t, check.done(f), check.name)
		require.Equal(t, (len(profileChecks)-1)*100/len(profileChecks), profileCompletion(f), check.name)
	}
	require.Zero(t, profileCompletion(profileFacts{}))
}

func TestAthleteValidation(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	year := time.Now().Year()
	yearMessage := fmt.Sprintf("Graduation year must be between %d and %d", year, year+10)
	cases := []struct {
		field string
		value any
		want  string
	}{
		{"name", " ", "Full Name is required"},
		{"sports", "", "Sports is required"},
		{"school", "", "School is required"},
		{"graduationYear", year - 1, yearMessage},
		{"graduationYear", year + 11, yearMessage},
		{"gpa", 5.01, "GPA must be between 0 and 5.0"},
		{"gpa", -0.5, "GPA must be between 0 and 5.0"},
		{"gpa", 3.333, "GPA can have at most two decimal places"},
	}
	for _, tc := range cases {
		res := c.do("POST", "/api/athletes", athleteBody(map[string]any{tc.field: tc.value}))
		require.Equal(t, http.StatusBadRequest, res.status, "%s=%v", tc.field, tc.value)
		require.Equal(t, tc.want, res.fieldErrors(t)[tc.field], "%s=%v", tc.field, tc.value)
	}
	for _, ok := range []map[string]any{{"graduationYear": year + 10, "gpa": 5.0}, {"graduationYear": year, "gpa": 0}} {
		s2 := newTestServer(t)
		c2, _ := s2.registered(t, "b@example.com")
		res := c2.do("POST", "/api/athletes", athleteBody(ok))
		require.Equal(t, http.StatusCreated, res.status, "%v: %s", ok, res.body)
	}
	require.Equal(t, http.StatusNotFound, c.do("GET", "/api/athletes/me", nil).status, "nothing was created")
}

func TestStatsAndEvents(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	id := createAthlete(t, c)

	res := c.do("GET", fmt.Sprintf("/api/athletes/%d/stats", id), nil)
	require.Equal(t, http.StatusOK, res.status)
	require.JSONEq(t, "[]", string(res.body))

	ctx := t.Context()
	_, err := s.pool.Exec(ctx, `INSERT INTO events (athlete_id, title, event_type, start_date) VALUES
		($1, 'Last week', 'game', now() - interval '7 days'),
		($1, 'Later', 'other', now() + interval '9 days'),
		($1, 'Soon', 'game', now() + interval '2 days')`, id)
	require.NoError(t, err)
	_, err = s.pool.Exec(ctx, `INSERT INTO stats (athlete_id, category, value, position) VALUES ($1, 'ERA', '2.10', 2), ($1, 'Hits', '31', 1)`, id)
	require.NoError(t, err)

	var upcoming []map[string]any
	res = c.do("GET", fmt.Sprintf("/api/athletes/%d/events?upcoming=true", id), nil)
	require.Equal(t, http.StatusOK, res.status)
	require.NoError(t, jsonUnmarshal(res.body, &upcoming))
	require.Len(t, upcoming, 2)
	require.Equal(t, "Soon", upcoming[0]["title"])
	require.Equal(t, "game", upcoming[0]["eventType"])
	require.Equal(t, "Later", upcoming[1]["title"])

	var all []map[string]any
	require.NoError(t, jsonUnmarshal(c.do("GET", fmt.Sprintf("/api/athletes/%d/events", id), nil).body, &all))
	require.Len(t, all, 3)

	var stats []map[string]any
	require.NoError(t, jsonUnmarshal(c.do("GET", fmt.Sprintf("/api/athletes/%d/stats", id), nil).body, &stats))
	require.Equal(t, []map[string]any{
		{"id": stats[0]["id"], "category": "Hits", "value": "31"},
		{"id": stats[1]["id"], "category": "ERA", "value": "2.10"},
	}, stats)
}

// TestAthleteEndpointsRefuseStrangersAndSignedOut is the foundation's access matrix: every
// athlete-scoped route, for the owner, another signed-in user and a signed-out visitor.
func TestAthleteEndpointsRefuseStrangersAndSignedOut(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	id := createAthlete(t, owner)
	stranger, _ := s.registered(t, "stranger@example.com")
	createAthlete(t, stranger)
	signedOut := s.newClient(t)

	routes := []struct {
		method, path string
		body         any
		ownerStatus  int
	}{
		{"GET", "/api/athletes/%d", nil, http.StatusOK},
		{"PUT", "/api/athletes/%d", athleteBody(nil), http.StatusOK},
		{"GET", "/api/athletes/%d/stats", nil, http.StatusOK},
		{"GET", "/api/athletes/%d/events", nil, http.StatusOK},
	}
	for _, r := range routes {
		path := fmt.Sprintf(r.path, id)
		require.Equal(t, r.ownerStatus, owner.do(r.method, path, r.body).status, "owner %s %s", r.method, path)
		res := stranger.do(r.method, path, r.body)
		require.Equal(t, http.StatusNotFound, res.status, "stranger %s %s", r.method, path)
		require.Equal(t, "Not found", res.message(t))
		require.Equal(t, http.StatusUnauthorized, signedOut.do(r.method, path, r.body).status, "signed out %s %s", r.method, path)
		// An unknown athlete looks exactly like someone else's.
		require.Equal(t, http.StatusNotFound, owner.do(r.method, fmt.Sprintf(r.path, id+1000), r.body).status)
	}
	// The stranger's update did not happen.
	res := owner.do("GET", fmt.Sprintf("/api/athletes/%d", id), nil)
	require.Equal(t, "Jordan Lee", res.json(t)["name"])
	require.Equal(t, http.StatusNotFound, owner.do("GET", "/api/athletes/abc", nil).status)
}

func TestDemoIsPublicAndReadOnly(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	visitor := s.newClient(t)

	res := visitor.do("GET", "/api/demo", nil)
	require.Equal(t, http.StatusOK, res.status)
	body := res.json(t)
	athlete := body["athlete"].(map[string]any)
	require.Equal(t, "Jordan Rivera", athlete["name"])
	require.NotEmpty(t, body["stats"])
	require.NotEmpty(t, body["events"])
	milestones := body["milestones"].([]any)
	require.Len(t, milestones, 3, "the demo's Legacy Timeline")
	require.Equal(t, "Named team captain", milestones[0].(map[string]any)["title"], "newest first")
	colleges := body["collegeInterests"].([]any)
	require.Len(t, colleges, 3)
	require.Equal(t, "State University", colleges[0].(map[string]any)["name"], "highest interest first")
	require.Equal(t, completionOf(len(profileChecks)-3), athlete["profileCompletion"], "the demo has all but a highlight video, imported stats and a photo (its measurables and academics too)")
	journal := body["journal"].([]any)
	require.Len(t, journal, 4, "the demo dashboard shows what the family wrote")
	require.Equal(t, "Showcase camp notes", journal[0].(map[string]any)["title"], "newest first")
	for _, e := range journal {
		require.Equal(t, false, e.(map[string]any)["isPrivate"])
	}
	family := body["family"].([]any)
	require.Len(t, family, 3, "the demo's circle")
	for _, m := range family {
		require.Nil(t, m.(map[string]any)["email"], "no addresses on a public page")
	}
	achievements := body["achievements"].([]any)
	require.Len(t, achievements, 3)
	card := visitor.do("GET", achievements[0].(map[string]any)["cardUrl"].(string), nil)
	require.Equal(t, http.StatusOK, card.status)
	w, h := pngSize(t, card.body)
	require.Equal(t, [2]int{1080, 1350}, [2]int{w, h})

	demoMedia := body["media"].([]any)
	require.Len(t, demoMedia, 3, "the demo's Recent Media")
	photo := visitor.do("GET", demoMedia[0].(map[string]any)["thumbnailUrl"].(string), nil)
	require.Equal(t, http.StatusOK, photo.status)
	assert.Equal(t, "image/png", photo.header.Get("Content-Type"))

	// Only the demo's cards and photos are drawn for anyone.
	owner, _ := s.registered(t, "owner@example.com")
	ownAthlete := createAthlete(t, owner)
	theirs := owner.do("POST", fmt.Sprintf("/api/athletes/%d/achievements", ownAthlete), map[string]any{"title": "Private win"}).json(t)
	require.Equal(t, http.StatusNotFound, visitor.do("GET", fmt.Sprintf("/api/demo/achievements/%v/card", theirs["id"]), nil).status)
	upload := uploadPhoto(t, owner, ownAthlete, testPNG(t))
	require.Equal(t, http.StatusNotFound, visitor.do("GET", fmt.Sprintf("/api/demo/media/%d/image", upload.ID), nil).status)

	// Signed-in users still cannot change the demo athlete: it is not theirs.
	c, _ := s.registered(t, "ana@example.com")
	path := fmt.Sprintf("/api/athletes/%v", athlete["id"])
	require.Equal(t, http.StatusNotFound, c.do("PUT", path, athleteBody(nil)).status)
	require.Equal(t, http.StatusNotFound, c.do("GET", path, nil).status)
}

// athletesMatrix: the profile, the athletes a caller reaches and the demo athlete.
var athletesMatrix = matrixArea{
	outside: map[string]int{
		"GET /api/demo":                       http.StatusOK,
		"GET /api/demo/achievements/:id/card": http.StatusNotFound,
		"GET /api/demo/media/:id/image":       http.StatusNotFound,
		"GET /api/athletes":                   http.StatusUnauthorized,
		"POST /api/athletes":                  http.StatusUnauthorized,
		"GET /api/athletes/me":                http.StatusUnauthorized,
	},
	rows: func(m *matrix) []matrixRoute {
		return []matrixRoute{
			{route: "GET /api/athletes/:id", path: m.athletePath(""), body: noBody, want: everyoneSees},
			{route: "PUT /api/athletes/:id", path: m.athletePath(""), body: func() any { return athleteBody(nil) }, want: editsAthlete(ok)},
			// The photo a worker left ready (the row and its file), made again before each call.
			{route: "GET /api/athletes/:id/photo", path: func() string {
				key := fmt.Sprintf("matrix-photo-%d-512.jpg", m.athlete)
				_, err := m.s.app.storage.Put(m.t.Context(), key, bytes.NewReader(m.png))
				require.NoError(m.t, err)
				_, err = m.s.pool.Exec(m.t.Context(), `INSERT INTO profile_photos (athlete_id, photo_key, status) VALUES ($1, $2, 'ready')
					ON CONFLICT (athlete_id) DO UPDATE SET photo_key = excluded.photo_key, status = 'ready'`, m.athlete, key)
				require.NoError(m.t, err)
				return m.athletePath("/photo")()
			}, body: noBody, want: everyoneSees},
			{route: "PUT /api/athletes/:id/photo", call: func(c *client) int {
				return c.sendFile("PUT", m.athletePath("/photo")(), nil, "me.png", bytes.NewReader(m.png)).status
			}, want: editsAthlete(accepted)},
			{route: "DELETE /api/athletes/:id/photo", path: m.athletePath("/photo"), body: noBody, want: editsAthlete(deleted)},
			{route: "PUT /api/athletes/:id/places", path: m.athletePath("/places"), body: func() any { return map[string]bool{"showPlaces": true} }, want: managesCircle(ok)},
		}
	},
}
