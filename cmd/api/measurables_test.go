package main

import (
	"bytes"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// measurablesMatrix: the athlete's body, academics and measurables, in the recruiting section.
var measurablesMatrix = matrixArea{
	rows: func(m *matrix) []matrixRoute {
		body := func() any {
			return map[string]any{"sport": "baseball", "key": "sixtyYardDash", "value": 6.9, "measuredOn": "2026-03-01"}
		}
		profile := func() any { return map[string]any{"heightIn": 71, "weightLb": 175, "dominantHand": "right"} }
		a := m.athletePath
		item := func() string {
			return fmt.Sprintf("/api/measurables/%d", m.created(a("/measurables")(), body()))
		}
		return []matrixRoute{
			{route: "GET /api/athletes/:id/recruiting-profile", path: a("/recruiting-profile"), body: noBody, want: everyoneSees},
			{route: "PUT /api/athletes/:id/recruiting-profile", path: a("/recruiting-profile"), body: profile, want: editsAthlete(ok)},
			{route: "GET /api/athletes/:id/measurables", path: a("/measurables"), body: noBody, want: everyoneSees},
			{route: "POST /api/athletes/:id/measurables", path: a("/measurables"), body: body, want: editsAthlete(created)},
			{route: "PUT /api/measurables/:id", path: item, body: body, want: editsItem(ok)},
			{route: "DELETE /api/measurables/:id", path: item, body: noBody, want: editsItem(deleted)},
		}
	},
}

type measurableJSON struct {
	ID            int64   `json:"id"`
	Sport         string  `json:"sport"`
	SportLabel    string  `json:"sportLabel"`
	Key           string  `json:"key"`
	Label         string  `json:"label"`
	Value         float64 `json:"value"`
	Unit          string  `json:"unit"`
	LowerIsBetter bool    `json:"lowerIsBetter"`
	MeasuredOn    string  `json:"measuredOn"`
	VerifiedBy    string  `json:"verifiedBy"`
}

type measurablesListJSON struct {
	Plays     []string `json:"plays"`
	Catalogue []struct {
		Sport string `json:"sport"`
		Foot  bool   `json:"foot"`
		Kinds []struct {
			Key  string `json:"key"`
			Unit string `json:"unit"`
		} `json:"kinds"`
	} `json:"catalogue"`
	Measurables []measurableJSON `json:"measurables"`
}

func TestMeasurablesCRUDAndValidation(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthleteWith(t, owner, map[string]any{"sports": "Softball, Soccer"})
	path := fmt.Sprintf("/api/athletes/%d/measurables", athlete)

	for _, m := range []map[string]any{
		{"sport": "softball", "key": "homeToFirst", "value": 2.95, "measuredOn": "2025-06-01", "verifiedBy": "Perfect Game showcase"},
		{"sport": "softball", "key": "homeToFirst", "value": 2.81, "unit": "s", "measuredOn": "2026-02-10"},
		{"sport": "soccer", "key": "thirtyMeterSprint", "value": 4.456, "measuredOn": "2026-01-05", "verifiedBy": " Coach Ortiz "},
	} {
		res := owner.do("POST", path, m)
		require.Equal(t, http.StatusCreated, res.status, string(res.body))
	}
	list := decodeAs[measurablesListJSON](t, owner.do("GET", path, nil))
	require.Equal(t, []string{"softball", "soccer"}, list.Plays)
	require.NotEmpty(t, list.Catalogue)
	require.Len(t, list.Measurables, 3)
	newest := list.Measurables[0]
	require.Equal(t, measurableJSON{ID: newest.ID, Sport: "softball", SportLabel: "Softball", Key: "homeToFirst", Label: "Home to First",
		Value: 2.81, Unit: "s", LowerIsBetter: true, MeasuredOn: "2026-02-10"}, newest)
	require.Equal(t, 4.46, list.Measurables[1].Value, "kept to hundredths")
	require.Equal(t, "Coach Ortiz", list.Measurables[1].VerifiedBy)
	require.Equal(t, "Perfect Game showcase", list.Measurables[2].VerifiedBy)

	item := fmt.Sprintf("/api/measurables/%d", newest.ID)
	res := owner.do("PUT", item, map[string]any{"sport": "softball", "key": "exitVelocity", "value": 64, "measuredOn": "2026-02-11", "verifiedBy": "Coach Diaz"})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Equal(t, "Exit Velocity", decodeAs[measurableJSON](t, res).Label)
	require.Equal(t, "mph", decodeAs[measurableJSON](t, res).Unit)

	// Bad input names the field and changes nothing.
	for _, tc := range []struct {
		body         map[string]any
		field, words string
	}{
		{map[string]any{"sport": "quidditch", "key": "x", "value": 1, "measuredOn": "2026-01-01"}, "sport", "sport must be one of: "},
		{map[string]any{"sport": "softball", "key": "fortyYardDash", "value": 5, "measuredOn": "2026-01-01"}, "key",
			`"fortyYardDash" is not a softball measurable. Softball measures: homeToFirst, sixtyYardDash,`},
		{map[string]any{"sport": "softball", "key": "exitVelocity", "value": 60, "unit": "km/h", "measuredOn": "2026-01-01"}, "unit",
			`Exit Velocity is measured in mph, not "km/h"`},
		{map[string]any{"sport": "softball", "key": "exitVelocity", "value": 600, "measuredOn": "2026-01-01"}, "value",
			"Exit Velocity must be between 30 and 125 mph"},
		{map[string]any{"sport": "softball", "key": "exitVelocity", "measuredOn": "2026-01-01"}, "value", "value is required"},
		{map[string]any{"sport": "softball", "key": "exitVelocity", "value": 60, "measuredOn": "soon"}, "measuredOn", "measuredOn must be a date (YYYY-MM-DD)"},
		{map[string]any{"sport": "softball", "key": "exitVelocity", "value": 60, "measuredOn": time.Now().AddDate(0, 0, 3).Format(time.DateOnly)},
			"measuredOn", "measuredOn cannot be in the future"},
		{map[string]any{"sport": "softball", "key": "exitVelocity", "value": 60, "measuredOn": "2026-01-01", "verifiedBy": "a\nb"}, "verifiedBy",
			"Verified by must be on one line"},
	} {
		for _, req := range [][2]string{{"POST", path}, {"PUT", item}} {
			res := owner.do(req[0], req[1], tc.body)
			require.Equal(t, http.StatusBadRequest, res.status, "%s %v: %s", req[0], tc.body, res.body)
			require.Contains(t, res.fieldErrors(t)[tc.field], tc.words, "%s %v", req[0], tc.body)
		}
	}
	after := decodeAs[measurablesListJSON](t, owner.do("GET", path, nil))
	require.Len(t, after.Measurables, 3)
	require.Equal(t, "exitVelocity", after.Measurables[0].Key)

	require.Equal(t, http.StatusNoContent, owner.do("DELETE", item, nil).status)
	require.Equal(t, http.StatusNotFound, owner.do("DELETE", item, nil).status)
	require.Len(t, decodeAs[measurablesListJSON](t, owner.do("GET", path, nil)).Measurables, 2)

	// A stranger sees nothing of it; a signed-out visitor is asked to sign in.
	stranger, _ := s.registered(t, "stranger@example.com")
	signedOut := s.newClient(t)
	other := fmt.Sprintf("/api/measurables/%d", list.Measurables[1].ID)
	for _, req := range [][2]string{{"GET", path}, {"POST", path}, {"PUT", other}, {"DELETE", other},
		{"GET", fmt.Sprintf("/api/athletes/%d/recruiting-profile", athlete)}, {"PUT", fmt.Sprintf("/api/athletes/%d/recruiting-profile", athlete)}} {
		body := map[string]any{"sport": "softball", "key": "exitVelocity", "value": 60, "measuredOn": "2026-01-01"}
		require.Equal(t, http.StatusNotFound, stranger.do(req[0], req[1], body).status, "stranger %s %s", req[0], req[1])
		require.Equal(t, http.StatusUnauthorized, signedOut.do(req[0], req[1], body).status, "signed out %s %s", req[0], req[1])
	}
	require.Len(t, decodeAs[measurablesListJSON](t, owner.do("GET", path, nil)).Measurables, 2)
}

type recruitingProfileJSON struct {
	HeightIn      *float64 `json:"heightIn"`
	WeightLb      *float64 `json:"weightLb"`
	DominantHand  string   `json:"dominantHand"`
	DominantFoot  string   `json:"dominantFoot"`
	SatScore      *int     `json:"satScore"`
	SatTakenOn    *string  `json:"satTakenOn"`
	ActScore      *int     `json:"actScore"`
	NcaaID        string   `json:"ncaaId"`
	IntendedMajor string   `json:"intendedMajor"`
	Transcript    *struct {
		ID        int64  `json:"id"`
		Title     string `json:"title"`
		IsPrivate bool   `json:"isPrivate"`
	} `json:"transcript"`
}

// testPDF is a one-page PDF that pdftoppm renders.
func testPDF() []byte {
	content := "0 0 1 rg 72 72 200 300 re f"
	objects := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << >> >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content),
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	offsets := make([]int, len(objects))
	for i, o := range objects {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objects)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objects)+1, xref)
	return b.Bytes()
}

// uploadTranscript uploads a PDF to the athlete's library and waits for it to be ready.
func uploadTranscript(t *testing.T, c *client, athlete int64, private bool) mediaJSON {
	t.Helper()
	res := c.upload(fmt.Sprintf("/api/athletes/%d/media", athlete), map[string]string{"title": "Transcript", "date": "2026-01-15",
		"isPrivate": fmt.Sprint(private)}, "transcript.pdf", bytes.NewReader(testPDF()))
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	item := decodeAs[mediaJSON](t, res)
	require.Eventually(t, func() bool {
		return c.do("GET", fmt.Sprintf("/api/media/%d", item.ID), nil).json(t)["status"] == "ready"
	}, 60*time.Second, 50*time.Millisecond)
	return item
}

func TestRecruitingProfileSavesAndChecksTheTranscript(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.startWorkers(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	path := fmt.Sprintf("/api/athletes/%d/recruiting-profile", athlete)

	empty := decodeAs[recruitingProfileJSON](t, owner.do("GET", path, nil))
	require.Equal(t, recruitingProfileJSON{}, empty, "nothing saved yet reads as empty")

	transcript := uploadTranscript(t, owner, athlete, false)
	photo := uploadPhoto(t, owner, athlete, testPNG(t))
	otherOwner, _ := s.registered(t, "other@example.com")
	theirs := uploadTranscript(t, otherOwner, createAthlete(t, otherOwner), false)

	body := map[string]any{"heightIn": 70.5, "weightLb": 172, "dominantHand": "Right", "dominantFoot": "left", "satScore": 1340,
		"satTakenOn": "2026-03-14", "actScore": 29, "ncaaId": "2109-876-543", "intendedMajor": "Kinesiology", "transcriptMediaId": transcript.ID}
	res := owner.do("PUT", path, body)
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	saved := decodeAs[recruitingProfileJSON](t, owner.do("GET", path, nil))
	require.Equal(t, 70.5, *saved.HeightIn)
	require.Equal(t, "right", saved.DominantHand)
	require.Equal(t, "2026-03-14", *saved.SatTakenOn)
	require.Equal(t, "2109876543", saved.NcaaID)
	require.Equal(t, transcript.ID, saved.Transcript.ID)

	for _, tc := range []struct {
		change       map[string]any
		field, words string
	}{
		{map[string]any{"heightIn": 120}, "heightIn", "Height must be between 3 ft and 8 ft"},
		{map[string]any{"weightLb": 20}, "weightLb", "Weight must be between 50 and 500 lb"},
		{map[string]any{"dominantHand": "ambidextrous"}, "dominantHand", "dominantHand must be right, left or both"},
		{map[string]any{"satScore": 1605}, "satScore", "SAT score must be 400 to 1600"},
		{map[string]any{"actScore": 40}, "actScore", "ACT score must be 1 to 36"},
		{map[string]any{"ncaaId": "12345"}, "ncaaId", "NCAA Eligibility Center ID must be 10 digits"},
		{map[string]any{"actTakenOn": "March"}, "actTakenOn", "actTakenOn must be a date (YYYY-MM-DD)"},
		{map[string]any{"transcriptMediaId": photo.ID}, "transcriptMediaId", msgTranscriptNotPDF},
		{map[string]any{"transcriptMediaId": theirs.ID}, "transcriptMediaId", msgTranscriptNotPDF},
		{map[string]any{"transcriptMediaId": 999999999}, "transcriptMediaId", msgTranscriptNotPDF},
	} {
		bad := map[string]any{}
		for k, v := range body {
			bad[k] = v
		}
		for k, v := range tc.change {
			bad[k] = v
		}
		res := owner.do("PUT", path, bad)
		require.Equal(t, http.StatusBadRequest, res.status, "%v: %s", tc.change, res.body)
		require.Contains(t, res.fieldErrors(t)[tc.field], tc.words)
	}
	require.Equal(t, saved, decodeAs[recruitingProfileJSON](t, owner.do("GET", path, nil)), "a refused save changes nothing")

	// Deleting the document clears the transcript.
	require.Equal(t, http.StatusNoContent, owner.do("DELETE", fmt.Sprintf("/api/media/%d", transcript.ID), nil).status)
	require.Nil(t, decodeAs[recruitingProfileJSON](t, owner.do("GET", path, nil)).Transcript)
}

// A coach's link shows academics and measurables only when it includes them, and serves the
// transcript only through a link that includes academics.
func TestCoachLinkShowsMeasurablesAndAcademicsOnlyWhenIncluded(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.startWorkers(t)
	f := newLinkFamily(t, s, "owner@example.com", "D1")
	coach := s.newClient(t)
	transcript := uploadTranscript(t, f.owner, f.athlete, false)
	res := f.owner.do("PUT", fmt.Sprintf("/api/athletes/%d/recruiting-profile", f.athlete), map[string]any{"heightIn": 71, "weightLb": 180,
		"dominantHand": "left", "satScore": 1300, "satTakenOn": "2026-03-14", "actScore": 28, "ncaaId": "2109876543",
		"intendedMajor": "Biology", "transcriptMediaId": transcript.ID})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	for _, m := range []map[string]any{
		{"sport": "baseball", "key": "sixtyYardDash", "value": 7.1, "measuredOn": "2025-06-01"},
		{"sport": "baseball", "key": "sixtyYardDash", "value": 6.8, "measuredOn": "2026-02-01", "verifiedBy": "Perfect Game"},
		{"sport": "baseball", "key": "exitVelocity", "value": 88, "measuredOn": "2026-01-20"},
	} {
		res := f.owner.do("POST", fmt.Sprintf("/api/athletes/%d/measurables", f.athlete), m)
		require.Equal(t, http.StatusCreated, res.status, string(res.body))
	}
	transcriptURL := func(code string) string { return fmt.Sprintf("/api/r/%s/media/%d", code, transcript.ID) }

	neither := f.makeLink(t, map[string]any{"coachName": "Coach Diaz", "include": map[string]any{"profile": true}})
	page := coach.do("GET", "/api/r/"+neither.Code, nil).json(t)
	require.Nil(t, page["academics"])
	require.Nil(t, page["measurables"])
	body := string(coach.do("GET", "/api/r/"+neither.Code, nil).body)
	require.NotContains(t, body, "2109876543")
	require.NotContains(t, body, "Biology")
	require.Equal(t, http.StatusNotFound, coach.do("GET", transcriptURL(neither.Code), nil).status)

	onlyMeasurables := f.makeLink(t, map[string]any{"coachName": "Coach Ruiz", "include": map[string]any{"measurables": true}})
	page = coach.do("GET", "/api/r/"+onlyMeasurables.Code, nil).json(t)
	require.Nil(t, page["academics"])
	require.Equal(t, http.StatusNotFound, coach.do("GET", transcriptURL(onlyMeasurables.Code), nil).status)
	m := page["measurables"].(map[string]any)
	require.Equal(t, 71.0, m["heightIn"])
	require.Equal(t, 180.0, m["weightLb"])
	require.Equal(t, "left", m["dominantHand"])
	items := m["items"].([]any)
	require.Len(t, items, 2, "the latest of each measurable")
	byKey := map[string]map[string]any{}
	for _, it := range items {
		byKey[it.(map[string]any)["key"].(string)] = it.(map[string]any)
	}
	require.Equal(t, 6.8, byKey["sixtyYardDash"]["value"])
	require.Equal(t, "2026-02-01", byKey["sixtyYardDash"]["measuredOn"])
	require.Equal(t, "Perfect Game", byKey["sixtyYardDash"]["verifiedBy"])
	require.Equal(t, "60-Yard Dash", byKey["sixtyYardDash"]["label"])
	require.Equal(t, 88.0, byKey["exitVelocity"]["value"])

	academics := f.makeLink(t, map[string]any{"coachName": "Coach Lee", "include": map[string]any{"academics": true}})
	page = coach.do("GET", "/api/r/"+academics.Code, nil).json(t)
	require.Nil(t, page["measurables"])
	a := page["academics"].(map[string]any)
	require.Equal(t, 3.75, a["gpa"])
	require.Equal(t, 1300.0, a["satScore"])
	require.Equal(t, "2026-03-14", a["satTakenOn"])
	require.Equal(t, 28.0, a["actScore"])
	require.Equal(t, "2109876543", a["ncaaId"])
	require.Equal(t, "Biology", a["intendedMajor"])
	require.Equal(t, transcriptURL(academics.Code), a["transcript"].(map[string]any)["url"])
	file := coach.do("GET", transcriptURL(academics.Code), nil)
	require.Equal(t, http.StatusOK, file.status, string(file.body))
	require.Equal(t, "application/pdf", file.header.Get("Content-Type"))
	require.Equal(t, "no-store", file.header.Get("Cache-Control"))
	require.True(t, bytes.HasPrefix(file.body, []byte("%PDF-")))

	// Family only, the transcript leaves the page and stops answering; academics stay.
	res = f.owner.do("PUT", fmt.Sprintf("/api/media/%d", transcript.ID), map[string]any{"title": "Transcript", "isPrivate": true})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	page = coach.do("GET", "/api/r/"+academics.Code, nil).json(t)
	require.Nil(t, page["academics"].(map[string]any)["transcript"])
	require.Equal(t, http.StatusNotFound, coach.do("GET", transcriptURL(academics.Code), nil).status)

	// Revoked, the link answers 410 for the transcript as for everything.
	require.Equal(t, http.StatusNoContent, f.owner.do("DELETE", fmt.Sprintf("/api/recruiting-links/%d", academics.ID), nil).status)
	require.Equal(t, http.StatusGone, coach.do("GET", transcriptURL(academics.Code), nil).status)
}
