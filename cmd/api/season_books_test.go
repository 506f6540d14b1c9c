package main

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
)

// seasonBookFixture is an athlete with a season (March to June 2026) of entries, a milestone, an
// achievement, a game and two clips, one of them private, and entries either side of the season.
type seasonBookFixture struct {
	s             *testServer
	owner, editor *client
	athlete       int64
	shared, kept  int64 // the clips: a family one and a private one
}

func newSeasonBookFixture(t *testing.T) seasonBookFixture {
	t.Helper()
	s := newTestServer(t)
	s.runQueues(t, jobs.QueueDefault, jobs.QueueMedia, jobs.QueueAI)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	editor, _ := s.member(t, athlete, "editor@example.com", "editor", "parent")
	f := seasonBookFixture{s: s, owner: owner, editor: editor, athlete: athlete}

	// Entries and uploads start private (the owner's alone); the family's are shared with the circle.
	entry := func(title, content, date string, private, enhance bool) entryJSON {
		e := createEntry(t, owner, athlete, map[string]any{"title": title, "content": content, "date": date, "tags": []string{}, "enhanceWithAI": enhance})
		res := owner.do("PUT", fmt.Sprintf("/api/journal/%d", e.ID), map[string]bool{"isPrivate": private})
		require.Equal(t, http.StatusOK, res.status, string(res.body))
		return e
	}
	entry("Opening day", "First pitch of the spring.", "2026-03-05", false, false)
	entry("Winter workouts", "Cold mornings in the gym.", "2026-01-15", false, false)
	entry("July tournament", "Summer ball begins.", "2026-07-10", false, false)
	entry("Tough loss", "I cried on the bus.", "2026-04-20", true, false)
	polished := entry("Senior night", "we won and mom cried", "2026-05-20", false, true)
	require.Eventually(t, func() bool {
		entries, _ := listEntries(t, owner, fmt.Sprintf("/api/athletes/%d/journal?q=senior", athlete))
		return len(entries) == 1 && entries[0].ID == polished.ID && entries[0].AIStatus == "ready"
	}, 30*time.Second, 100*time.Millisecond)
	milestone := owner.do("POST", fmt.Sprintf("/api/athletes/%d/milestones", athlete), map[string]string{"title": "First varsity start", "date": "2026-04-01", "type": "achievement"})
	require.Equal(t, http.StatusCreated, milestone.status, string(milestone.body))
	award := owner.do("POST", fmt.Sprintf("/api/athletes/%d/achievements", athlete), map[string]any{"title": "All-Conference", "date": "2026-05-10", "category": "award"})
	require.Equal(t, http.StatusCreated, award.status, string(award.body))
	game := owner.do("POST", fmt.Sprintf("/api/stats/games/%d", athlete), map[string]any{"gameDate": "2026-04-11", "opponent": "Central",
		"stats": map[string]any{"atBats": 4, "hits": 3}})
	require.Equal(t, http.StatusCreated, game.status, string(game.body))

	clip := func(title, date string, private bool) int64 {
		res := owner.upload(fmt.Sprintf("/api/athletes/%d/media?allowDuplicate=true", athlete), map[string]string{"title": title, "date": date}, "game.mp4", bytes.NewReader(testVideo(t)))
		require.Equal(t, http.StatusAccepted, res.status, string(res.body))
		id := answerID(t, res)
		waitJob(t, title, func() map[string]any { return owner.do("GET", fmt.Sprintf("/api/media/%d", id), nil).json(t) }, "")
		res = owner.do("PUT", fmt.Sprintf("/api/media/%d", id), map[string]any{"title": title, "description": "", "date": date, "tags": []string{}, "isPrivate": private})
		require.Equal(t, http.StatusOK, res.status, string(res.body))
		return id
	}
	f.shared = clip("Walk-off double", "2026-04-11", false)
	f.kept = clip("Bullpen session", "2026-04-12", true)
	return f
}

var everyPart = map[string]bool{"journal": true, "aiVersions": false, "milestones": true, "stats": true, "achievements": true, "media": true}

// makeBook asks for a book of the season as c and answers it once it is ready, with its PDF.
func (f seasonBookFixture) makeBook(t *testing.T, c *client, body map[string]any) (book map[string]any, pdf []byte) {
	t.Helper()
	res := c.do("POST", fmt.Sprintf("/api/athletes/%d/season-books", f.athlete), body)
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	requireJobState(t, "season book as made", res.json(t), "")
	id := answerID(t, res)
	book = waitJob(t, "season book", func() map[string]any { return c.do("GET", fmt.Sprintf("/api/season-books/%d", id), nil).json(t) }, "")
	require.Equal(t, "ready", book["status"], "%v", book)
	requireJobState(t, "season book once drawn", book, "")
	file := c.do("GET", book["url"].(string), nil)
	require.Equal(t, http.StatusOK, file.status)
	require.True(t, bytes.HasPrefix(file.body, []byte("%PDF")))
	return book, file.body
}

func seasonBody(overrides map[string]any) map[string]any {
	body := map[string]any{"title": "Spring 2026", "from": "2026-03-01", "to": "2026-06-30", "include": everyPart}
	for k, v := range overrides {
		body[k] = v
	}
	return body
}

// pdfText reads a PDF's text as a reader's tools would.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	cmd := exec.Command("pdftotext", "-layout", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	require.NoError(t, err, "pdftotext (poppler-utils, installed by scripts/deps.sh) reads the book")
	return string(out)
}

// pdfQRCodes renders every page of a PDF and answers what the QR codes on them hold, as a phone
// would read them off the printed page.
func pdfQRCodes(t *testing.T, pdf []byte) []string {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "book.pdf")
	require.NoError(t, os.WriteFile(in, pdf, 0o600))
	out, err := exec.Command("pdftoppm", "-r", "150", "-png", in, filepath.Join(dir, "page")).CombinedOutput()
	require.NoError(t, err, "pdftoppm: %s", out)
	pages, err := filepath.Glob(filepath.Join(dir, "page*.png"))
	require.NoError(t, err)
	require.NotEmpty(t, pages)
	var codes []string
	for _, page := range pages {
		out, err := exec.Command("zbarimg", "--quiet", "--raw", page).Output()
		if exitErr, ok := err.(*exec.ExitError); ok && exitErr.ExitCode() == 4 {
			continue // no code on this page
		}
		require.NoError(t, err, "zbarimg (zbar-tools, installed by scripts/deps.sh test) reads the codes")
		codes = append(codes, strings.Fields(string(out))...)
	}
	slices.Sort(codes)
	return codes
}

func (f seasonBookFixture) shareURL(t *testing.T, mediaID int64) string {
	t.Helper()
	item := f.owner.do("GET", fmt.Sprintf("/api/media/%d", mediaID), nil).json(t)
	code, ok := item["shareCode"].(string)
	require.True(t, ok, "the clip has a share link: %v", item)
	return "http://localhost:8080/share/" + code
}

// TestSeasonBook draws a book of the season through the api and the job and reads it back: the
// entries of the range and no others, the milestone, the achievement, the season's stats line and
// the family's clip, whose printed QR code opens its share page; the private entry and the private
// clip stay out of a book the owner did not ask to hold them.
func TestSeasonBook(t *testing.T) {
	t.Parallel()
	f := newSeasonBookFixture(t)
	book, pdf := f.makeBook(t, f.owner, seasonBody(nil))
	assert.Equal(t, "Spring 2026", book["title"])
	assert.Equal(t, "2026-03-01", book["from"])
	assert.Equal(t, false, book["includePrivate"])
	text := pdfText(t, pdf)
	for _, want := range []string{"Spring 2026", "Jordan Lee", "March 1 – June 30, 2026", "Opening day", "First pitch of the spring.", "Senior night",
		"we won and mom cried", "First varsity start", "All-Conference", "The season in numbers", ".750", "1.500", "Walk-off double", "That was the season.",
		"1 private clip left out"} {
		assert.Contains(t, text, want)
	}
	for _, unwanted := range []string{"Winter workouts", "Cold mornings", "July tournament", "Summer ball", "Tough loss", "I cried on the bus",
		"Bullpen session", "AS POLISHED BY AI"} {
		assert.NotContains(t, text, unwanted)
	}
	assert.Less(t, strings.Index(text, "Opening day"), strings.Index(text, "First varsity start"), "date order")
	assert.Less(t, strings.Index(text, "First varsity start"), strings.Index(text, "All-Conference"), "date order")
	assert.Less(t, strings.Index(text, "All-Conference"), strings.Index(text, "Senior night"), "date order")

	assert.Equal(t, []string{f.shareURL(t, f.shared)}, pdfQRCodes(t, pdf), "the family clip's code opens its share page")
	assert.Contains(t, text, strings.TrimPrefix(f.shareURL(t, f.shared), "http://"), "the link in words beside its code")
	kept := f.owner.do("GET", fmt.Sprintf("/api/media/%d", f.kept), nil).json(t)
	assert.Nil(t, kept["shareCode"], "the private clip got no link")
	assert.Equal(t, true, kept["isPrivate"])
	shared := f.s.newClient(t).do("GET", "/api"+strings.TrimPrefix(f.shareURL(t, f.shared), "http://localhost:8080"), nil)
	require.Equal(t, http.StatusOK, shared.status, "the share page's item opens for anyone")
	assert.Equal(t, "Walk-off double", shared.json(t)["title"])

	// The book is a PDF in the media library, for the family to download and print.
	item := f.owner.do("GET", fmt.Sprintf("/api/media/%v", book["mediaId"]), nil).json(t)
	assert.Equal(t, "pdf", item["mediaType"])
	assert.Equal(t, "Spring 2026", item["title"])

	// The AI version only when asked for.
	_, pdf = f.makeBook(t, f.owner, seasonBody(map[string]any{"include": map[string]bool{"journal": true, "aiVersions": true}}))
	text = pdfText(t, pdf)
	assert.Contains(t, text, "AS POLISHED BY AI")
	assert.Contains(t, text, "we won and mom cried", "the family's own words stay")
	assert.NotContains(t, text, "Walk-off double", "media left out")
	assert.NotContains(t, text, "First varsity start", "milestones left out")

	books := listOf(t, f.owner.do("GET", fmt.Sprintf("/api/athletes/%d/season-books", f.athlete), nil))
	require.Len(t, books, 2)
	assert.Equal(t, book["id"], books[1]["id"], "newest first")
}

// TestSeasonBookPrivateOnlyWithTheOwnersConsent: the owner's book holds the private entry and the
// private clip (made shareable, as the share dialog does with consent) only when the owner says
// so; an editor cannot ask for them, and an editor's book holds neither.
func TestSeasonBookPrivateOnlyWithTheOwnersConsent(t *testing.T) {
	t.Parallel()
	f := newSeasonBookFixture(t)

	res := f.editor.do("POST", fmt.Sprintf("/api/athletes/%d/season-books", f.athlete), seasonBody(map[string]any{"includePrivate": true}))
	require.Equal(t, http.StatusForbidden, res.status, string(res.body))
	assert.Equal(t, msgBookPrivateOwnerOnly, res.message(t))
	_, pdf := f.makeBook(t, f.editor, seasonBody(nil))
	text := pdfText(t, pdf)
	assert.Contains(t, text, "Opening day")
	assert.NotContains(t, text, "Tough loss")
	assert.NotContains(t, text, "Bullpen session")

	book, pdf := f.makeBook(t, f.owner, seasonBody(map[string]any{"includePrivate": true}))
	assert.Equal(t, true, book["includePrivate"])
	text = pdfText(t, pdf)
	assert.Contains(t, text, "Tough loss")
	assert.Contains(t, text, "I cried on the bus.")
	assert.Contains(t, text, "Bullpen session")
	assert.NotContains(t, text, "private clip left out")
	want := []string{f.shareURL(t, f.shared), f.shareURL(t, f.kept)}
	slices.Sort(want)
	assert.Equal(t, want, pdfQRCodes(t, pdf))
	assert.Equal(t, false, f.owner.do("GET", fmt.Sprintf("/api/media/%d", f.kept), nil).json(t)["isPrivate"], "made shareable with consent")

	// A family that keeps media private gives no clip a link: the book leaves them all out.
	settings := fmt.Sprintf("/api/athletes/%d/privacy-settings", f.athlete)
	require.Equal(t, http.StatusOK, f.owner.do("PUT", settings, map[string]string{"journal": "family", "media": "private", "stats": "family", "milestones": "family", "recruiting": "family"}).status)
	_, pdf = f.makeBook(t, f.owner, seasonBody(map[string]any{"includePrivate": true}))
	assert.Empty(t, pdfQRCodes(t, pdf))
	assert.Contains(t, pdfText(t, pdf), "2 private clips left out")
}

// TestSeasonBookInput: bad requests answer 400 with the field's message and record nothing; a
// stranger and a signed-out visitor reach no book; deleting a book removes its PDF from the library.
func TestSeasonBookInput(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.runQueues(t, jobs.QueueDefault, jobs.QueueMedia)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	path := fmt.Sprintf("/api/athletes/%d/season-books", athlete)
	for name, tc := range map[string]struct {
		body        map[string]any
		field, want string
	}{
		"no title":        {seasonBody(map[string]any{"title": " "}), "title", "Title is required"},
		"no start":        {seasonBody(map[string]any{"from": ""}), "from", "Date is required"},
		"a bad date":      {seasonBody(map[string]any{"to": "June 30"}), "to", "Date must be YYYY-MM-DD"},
		"ends before":     {seasonBody(map[string]any{"from": "2026-06-30", "to": "2026-03-01"}), "to", "The end date must not be before the start date"},
		"too long":        {seasonBody(map[string]any{"from": "2020-01-01"}), "to", "A book covers at most two years"},
		"nothing":         {seasonBody(map[string]any{"include": map[string]bool{}}), "include", msgBookNothingIncluded},
		"only AI":         {seasonBody(map[string]any{"include": map[string]bool{"aiVersions": true}}), "include", msgBookNothingIncluded},
		"include missing": {map[string]any{"title": "Spring", "from": "2026-03-01", "to": "2026-06-30"}, "include", msgBookNothingIncluded},
	} {
		res := owner.do("POST", path, tc.body)
		require.Equal(t, http.StatusBadRequest, res.status, "%s: %s", name, res.body)
		assert.Equal(t, tc.want, res.json(t)["errors"].(map[string]any)[tc.field], name)
	}
	assert.Empty(t, listOf(t, owner.do("GET", path, nil)), "nothing half-written")

	res := owner.do("POST", path, seasonBody(nil))
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	bookPath := fmt.Sprintf("/api/season-books/%d", answerID(t, res))
	stranger, _ := s.registered(t, "stranger@example.com")
	createAthlete(t, stranger)
	assert.Equal(t, http.StatusNotFound, stranger.do("GET", bookPath, nil).status)
	assert.Equal(t, http.StatusNotFound, stranger.do("DELETE", bookPath, nil).status)
	assert.Equal(t, http.StatusNotFound, stranger.do("POST", path, seasonBody(nil)).status)
	assert.Equal(t, http.StatusNotFound, stranger.do("GET", path, nil).status)
	signedOut := s.newClient(t)
	assert.Equal(t, http.StatusUnauthorized, signedOut.do("GET", bookPath, nil).status)
	assert.Equal(t, http.StatusUnauthorized, signedOut.do("POST", path, seasonBody(nil)).status)

	book := waitJob(t, "season book", func() map[string]any { return owner.do("GET", bookPath, nil).json(t) }, "")
	require.Equal(t, "ready", book["status"])
	mediaPath := fmt.Sprintf("/api/media/%v", book["mediaId"])
	require.Equal(t, http.StatusOK, owner.do("GET", mediaPath, nil).status)
	require.Equal(t, http.StatusNoContent, owner.do("DELETE", bookPath, nil).status)
	assert.Equal(t, http.StatusNotFound, owner.do("GET", bookPath, nil).status)
	assert.Equal(t, http.StatusNotFound, owner.do("GET", mediaPath, nil).status, "the PDF went with its book")
}

// seasonBooksMatrix: the Season Story books, made, followed and deleted by the owner and editors.
var seasonBooksMatrix = matrixArea{
	rows: func(m *matrix) []matrixRoute {
		book := func() int64 {
			return m.created(fmt.Sprintf("/api/athletes/%d/season-books", m.athlete), seasonBody(nil))
		}
		return []matrixRoute{
			{route: "GET /api/athletes/:id/season-books", path: m.athletePath("/season-books"), body: noBody, want: editsAthlete(ok)},
			{route: "POST /api/athletes/:id/season-books", path: m.athletePath("/season-books"), body: func() any { return seasonBody(nil) }, want: editsAthlete(accepted)},
			{route: "GET /api/season-books/:id", path: pathOf("/api/season-books/%d", book), body: noBody, want: editsItem(ok)},
			{route: "DELETE /api/season-books/:id", path: pathOf("/api/season-books/%d", book), body: noBody, want: editsItem(deleted)},
		}
	},
}
