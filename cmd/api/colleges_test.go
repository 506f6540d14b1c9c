package main

import (
	"context"
	"fmt"
	"legacylocker/store"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

type collegeJSON struct {
	ID           int64  `json:"id"`
	Name         string `json:"name"`
	Division     string `json:"division"`
	Location     string `json:"location"`
	Interest     int    `json:"interest"`
	Status       string `json:"status"`
	Notes        string `json:"notes"`
	CoachContact string `json:"coachContact"`
}

func TestCollegeInterestsCRUDAndValidation(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	path := fmt.Sprintf("/api/athletes/%d/college-interests", athlete)

	res := owner.do("POST", path, map[string]any{"name": "Coastal College", "division": "d2", "location": "Wilmington, NC", "interest": 2,
		"status": "contacted", "notes": "Good nursing program", "coachContact": "coach@coastal.edu"})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	coastal := decodeAs[collegeJSON](t, res)
	require.Equal(t, "D2", coastal.Division)
	res = owner.do("POST", path, map[string]any{"name": "State University"})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	state := decodeAs[collegeJSON](t, res)
	require.Equal(t, 3, state.Interest, "three stars unless told")
	require.Equal(t, "researching", state.Status)

	list := decodeAs[[]collegeJSON](t, owner.do("GET", path, nil))
	require.Equal(t, []string{"State University", "Coastal College"}, []string{list[0].Name, list[1].Name}, "highest interest first")

	res = owner.do("PUT", fmt.Sprintf("/api/college-interests/%d", coastal.ID), map[string]any{"name": "Coastal College", "interest": 5, "status": "offer"})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Equal(t, "offer", decodeAs[collegeJSON](t, res).Status)
	require.Equal(t, "Coastal College", decodeAs[[]collegeJSON](t, owner.do("GET", path, nil))[0].Name)

	res = owner.do("POST", path, map[string]any{"name": " ", "division": "D4", "interest": 6, "status": "maybe"})
	require.Equal(t, http.StatusBadRequest, res.status)
	errs := res.json(t)["errors"].(map[string]any)
	require.Equal(t, map[string]any{
		"name": "College name is required", "division": "Division must be D1, D2, D3, NAIA or JUCO",
		"interest": "Interest must be 1 to 5 stars", "status": "Status must be researching, contacted, visited, offer or committed",
	}, errs)
	require.Equal(t, http.StatusBadRequest, owner.do("POST", path, map[string]any{"name": "X", "interest": 0}).status)

	require.Equal(t, http.StatusNoContent, owner.do("DELETE", fmt.Sprintf("/api/college-interests/%d", state.ID), nil).status)
	require.Len(t, decodeAs[[]collegeJSON](t, owner.do("GET", path, nil)), 1)
}

type checklistJSON struct {
	ID      int64   `json:"id"`
	Title   string  `json:"title"`
	DueDate *string `json:"dueDate"`
	Done    bool    `json:"done"`
	Default bool    `json:"default"`
	Proof   *string `json:"proof"`
}

func TestChecklistDefaultsByClassYearAndEdits(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	res := owner.do("POST", "/api/athletes", athleteBody(map[string]any{"graduationYear": 2029}))
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	athlete := int64(res.json(t)["id"].(float64))
	viewer, _ := s.member(t, athlete, "viewer@example.com", "viewer", "parent")
	path := fmt.Sprintf("/api/athletes/%d/checklist", athlete)

	items := decodeAs[[]checklistJSON](t, viewer.do("GET", path, nil))
	require.Len(t, items, len(defaultChecklist), "the default list, added on first read")
	require.Equal(t, "Register with the NCAA Eligibility Center", items[0].Title)
	require.Equal(t, "2026-08-01", *items[0].DueDate, "the start of sophomore year for the class of 2029")
	require.True(t, items[0].Default)
	var titles []string
	for _, i := range items {
		titles = append(titles, i.Title)
	}
	for _, want := range []string{"Make a highlight video", "Send transcripts to the NCAA Eligibility Center", "Email coaches at your target schools", "Attend camps and showcases", "Plan official visits"} {
		require.Contains(t, titles, want)
	}
	require.Len(t, decodeAs[[]checklistJSON](t, owner.do("GET", path, nil)), len(defaultChecklist), "added once")

	// Check off, edit, extend, remove.
	res = owner.do("PUT", fmt.Sprintf("/api/checklist/%d", items[0].ID), map[string]any{"done": true})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	done := decodeAs[checklistJSON](t, res)
	require.True(t, done.Done)
	require.Equal(t, items[0].Title, done.Title, "checking off keeps the title")
	require.Equal(t, "2026-08-01", *done.DueDate)
	res = owner.do("PUT", fmt.Sprintf("/api/checklist/%d", items[1].ID), map[string]any{"title": "Pick 12 schools", "dueDate": "2027-04-01", "done": false})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Equal(t, "Pick 12 schools", decodeAs[checklistJSON](t, res).Title)
	res = owner.do("POST", path, map[string]any{"title": "Film the spring bullpen"})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	own := decodeAs[checklistJSON](t, res)
	require.False(t, own.Default)
	require.Nil(t, own.DueDate)
	items = decodeAs[[]checklistJSON](t, owner.do("GET", path, nil))
	require.Equal(t, "Film the spring bullpen", items[len(items)-1].Title, "the family's items come after the defaults")
	require.Equal(t, http.StatusNoContent, owner.do("DELETE", fmt.Sprintf("/api/checklist/%d", items[2].ID), nil).status)
	require.Len(t, decodeAs[[]checklistJSON](t, owner.do("GET", path, nil)), len(defaultChecklist), "a removed default stays removed")

	res = owner.do("POST", path, map[string]any{"title": "", "dueDate": "soon"})
	require.Equal(t, http.StatusBadRequest, res.status)
	require.Equal(t, map[string]any{"title": "Title is required", "dueDate": "Due date must be YYYY-MM-DD"}, res.json(t)["errors"])

	// The viewer may look but not change.
	require.Equal(t, http.StatusForbidden, viewer.do("PUT", fmt.Sprintf("/api/checklist/%d", items[0].ID), map[string]any{"done": false}).status)
}

// The checklist ticks what the athlete's records prove, says why, and the family's untick stands
// until newer proof comes.
func TestChecklistTicksWhatTheRecordsProve(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, ownerID := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	viewer, _ := s.member(t, athlete, "viewer@example.com", "viewer", "parent")
	path := fmt.Sprintf("/api/athletes/%d/checklist", athlete)
	ctx := context.Background()
	step := func(who *client, title string) checklistJSON {
		t.Helper()
		for _, i := range decodeAs[[]checklistJSON](t, who.do("GET", path, nil)) {
			if i.Title == title {
				return i
			}
		}
		t.Fatalf("no step %q", title)
		return checklistJSON{}
	}
	const highlight = "Make a highlight video"
	video := func(title string, tags []string, source *int64) store.MediaItem {
		t.Helper()
		m, err := store.Q.MediaCreate(ctx, s.pool, store.MediaCreateParams{AthleteID: athlete, UploadedBy: &ownerID, Title: title,
			MediaDate: time.Now(), MediaType: "video", MimeType: "video/mp4", OriginalKey: title + ".mp4", FileSize: 1, Tags: tags, SourceMediaID: source})
		require.NoError(t, err)
		return m
	}

	for _, i := range decodeAs[[]checklistJSON](t, owner.do("GET", path, nil)) {
		require.Nil(t, i.Proof, "a new athlete's records prove nothing: %s", i.Title)
	}
	film := video("Game film", []string{}, nil)
	require.False(t, step(owner, highlight).Done, "game film is not a highlight video")

	video("Game film (Clip)", []string{}, &film.ID) // cut in the editor
	got := step(viewer, highlight)
	require.True(t, got.Done, "a clip cut from the film is a highlight video")
	require.Equal(t, "You have 1 highlight video", *got.Proof)
	video("Junior season reel", []string{"Highlights"}, nil)
	require.Equal(t, "You have 2 highlight videos", *step(owner, highlight).Proof)
	// With the library private, a member still sees the step ticked, but not what the library holds.
	settings := fmt.Sprintf("/api/athletes/%d/privacy-settings", athlete)
	require.Equal(t, http.StatusOK, owner.do("PUT", settings, map[string]string{"journal": "family", "media": "private", "stats": "family", "milestones": "family", "recruiting": "family"}).status)
	hidden := step(viewer, highlight)
	require.True(t, hidden.Done)
	require.Nil(t, hidden.Proof)

	// The family unticks it: that stands, the proof still said beside it.
	res := owner.do("PUT", fmt.Sprintf("/api/checklist/%d", got.ID), map[string]any{"done": false})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.False(t, decodeAs[checklistJSON](t, res).Done)
	got = step(owner, highlight)
	require.False(t, got.Done, "the family's untick stands")
	require.Equal(t, "You have 2 highlight videos", *got.Proof)
	// A highlight video made after the untick is newer proof.
	video("Senior highlights", []string{}, nil)
	require.True(t, step(owner, highlight).Done)

	// Ten schools on the list, one of them contacted; a camp that is over; an official visit planned.
	colleges := fmt.Sprintf("/api/athletes/%d/college-interests", athlete)
	for n := range targetSchoolsProven {
		status := "researching"
		if n == 0 {
			status = "contacted"
		}
		require.Equal(t, http.StatusCreated, owner.do("POST", colleges, map[string]any{"name": fmt.Sprintf("College %d", n), "status": status}).status)
	}
	events := fmt.Sprintf("/api/athletes/%d/events", athlete)
	past, future := time.Now().AddDate(0, 0, -10).Format(time.DateOnly), time.Now().AddDate(0, 2, 0).Format(time.DateOnly)
	for _, e := range []map[string]any{
		{"title": "Summer camp", "eventType": "camp", "startDate": past},
		{"title": "Fall showcase", "eventType": "showcase", "startDate": future}, // not yet attended
		{"title": "Visit State", "eventType": "official_visit", "startDate": future},
	} {
		res := owner.do("POST", events, e)
		require.Equal(t, http.StatusCreated, res.status, string(res.body))
	}
	proven := func(proofs map[string]string) {
		t.Helper()
		for title, proof := range proofs {
			got := step(owner, title)
			require.True(t, got.Done, title)
			require.NotNil(t, got.Proof, title)
			require.Equal(t, proof, *got.Proof)
		}
	}
	proven(map[string]string{
		"Identify 10 to 15 target schools":     "You have 10 schools on your list",
		"Email coaches at your target schools": "You are in touch with 1 school",
		"Attend camps and showcases":           "You went to 1 camp or showcase",
		"Plan official visits":                 "You have 1 official visit on your calendar",
	})
	for _, unproven := range []string{"Register with the NCAA Eligibility Center", "Send transcripts to the NCAA Eligibility Center"} {
		require.Nil(t, step(owner, unproven).Proof, unproven)
	}
	// The recruiting profile proves the Eligibility Center registration and a test taken.
	profile := fmt.Sprintf("/api/athletes/%d/recruiting-profile", athlete)
	res = owner.do("PUT", profile, map[string]any{"ncaaId": "1234567890", "actScore": 27, "actTakenOn": "2026-02-08"})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	proven(map[string]string{
		"Register with the NCAA Eligibility Center":                           "Your NCAA Eligibility Center ID is on your profile",
		"Take the SAT or ACT and send scores (if your colleges ask for them)": "You have a test score on your profile",
	})
	require.Nil(t, step(owner, "Send transcripts to the NCAA Eligibility Center").Proof, "a transcript kept is not one sent")

	// Renaming a proven step keeps it done: the change writes down what the family saw.
	camps := step(owner, "Attend camps and showcases")
	res = owner.do("PUT", fmt.Sprintf("/api/checklist/%d", camps.ID), map[string]any{"title": "Attend camps"})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.True(t, decodeAs[checklistJSON](t, res).Done)
	require.True(t, step(owner, "Attend camps").Done)
}
