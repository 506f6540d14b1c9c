package main

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// duplicateAnswer is the 409 a duplicate upload gets.
type duplicateAnswer struct {
	Message    string `json:"message"`
	ExistingID int64  `json:"existingId"`
}

// uploadedMessage is the question for the item id, from its upload time in the athlete's zone.
func uploadedMessage(t *testing.T, s *testServer, id int64) string {
	t.Helper()
	var created time.Time
	var zone string
	require.NoError(t, s.pool.QueryRow(context.Background(),
		`SELECT m.created_at, a.time_zone FROM media_items m JOIN athletes a ON a.id = m.athlete_id WHERE m.id = $1`, id).Scan(&created, &zone))
	loc, err := time.LoadLocation(zone)
	require.NoError(t, err)
	return duplicateMessage(created.In(loc), time.Now().In(loc))
}

func jobsOfKind(t *testing.T, s *testServer, kind string) int {
	t.Helper()
	var n int
	require.NoError(t, s.pool.QueryRow(context.Background(), "SELECT count(*) FROM river_job WHERE kind = $1", kind).Scan(&n))
	return n
}

func withField(fields map[string]string, key, value string) map[string]string {
	out := maps.Clone(fields)
	out[key] = value
	return out
}

func TestDuplicateMessage(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		uploaded time.Time
		want     string
	}{
		{time.Date(2026, 11, 26, 23, 0, 0, 0, time.UTC), "You uploaded this on Nov 26: keep both?"},
		{time.Date(2026, 1, 3, 8, 0, 0, 0, time.UTC), "You uploaded this on Jan 3: keep both?"},
		{time.Date(2025, 11, 26, 8, 0, 0, 0, time.UTC), "You uploaded this on Nov 26, 2025: keep both?"},
	} {
		require.Equal(t, tc.want, duplicateMessage(tc.uploaded, now))
	}
}

// TestDuplicateFormUpload: the same file again for the same athlete answers 409 with the item it
// matches and leaves no file, row or job behind; allowDuplicate=true (form field or query) keeps both;
// another athlete's same file is no duplicate; a stranger and a signed-out visitor are refused.
func TestDuplicateFormUpload(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	photo := testPNG(t)
	upload := fmt.Sprintf("/api/athletes/%d/media", athlete)
	res := owner.upload(upload, photoFields, "IMG_0001.PNG", bytes.NewReader(photo))
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	first := decodeAs[mediaJSON](t, res)

	files, rows, jobs := s.storedFiles(t), s.mediaRows(t), jobsOfKind(t, s, "media_process")
	res = owner.upload(upload, photoFields, "IMG_0001 copy.PNG", bytes.NewReader(photo))
	require.Equal(t, http.StatusConflict, res.status, string(res.body))
	answer := decodeAs[duplicateAnswer](t, res)
	require.Equal(t, first.ID, answer.ExistingID)
	require.Equal(t, uploadedMessage(t, s, first.ID), answer.Message)
	require.Regexp(t, `^You uploaded this on [A-Z][a-z]{2} \d{1,2}: keep both\?$`, answer.Message)
	require.Equal(t, files, s.storedFiles(t), "no file left behind")
	require.Equal(t, rows, s.mediaRows(t), "no row")
	require.Equal(t, jobs, jobsOfKind(t, s, "media_process"), "no job")

	// One byte more is another file.
	kept := owner.upload(upload, photoFields, "other.png", bytes.NewReader(append(slices.Clone(photo), 0)))
	require.Equal(t, http.StatusAccepted, kept.status, string(kept.body))

	// Keeping both, as a form field and as a query parameter.
	res = owner.upload(upload, withField(photoFields, "allowDuplicate", "true"), "IMG_0001.PNG", bytes.NewReader(photo))
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	res = owner.upload(upload+"?allowDuplicate=true", photoFields, "IMG_0001.PNG", bytes.NewReader(photo))
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	require.Equal(t, rows+3, s.mediaRows(t))
	res = owner.upload(upload+"?allowDuplicate=false", photoFields, "IMG_0001.PNG", bytes.NewReader(photo))
	require.Equal(t, http.StatusConflict, res.status, "only true keeps both")
	require.Equal(t, first.ID, decodeAs[duplicateAnswer](t, res).ExistingID, "the first of the copies is named")

	// The same file for another family's athlete is theirs to keep.
	neighbour, _ := s.registered(t, "neighbour@example.com")
	res = neighbour.upload(fmt.Sprintf("/api/athletes/%d/media", createAthlete(t, neighbour)), photoFields, "IMG_0001.PNG", bytes.NewReader(photo))
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))

	stranger, _ := s.registered(t, "stranger@example.com")
	createAthlete(t, stranger)
	signedOut := s.newClient(t)
	for _, path := range []string{upload, upload + "?allowDuplicate=true"} {
		require.Equal(t, http.StatusNotFound, stranger.upload(path, photoFields, "x.png", bytes.NewReader(photo)).status)
		require.Equal(t, http.StatusUnauthorized, signedOut.upload(path, photoFields, "x.png", bytes.NewReader(photo)).status)
	}
	require.Equal(t, rows+4, s.mediaRows(t))
}

// TestDuplicateResumableUpload: a film sent in several PATCHes is hashed across them (a form upload of
// the same bytes is its duplicate, and so is a second resumable upload, refused at its last byte with
// everything it stored gone); allowDuplicate in Upload-Metadata or as a query parameter on creation
// keeps both; another athlete's copy is no duplicate; a stranger and a signed-out visitor are refused.
func TestDuplicateResumableUpload(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	film := gameFilm(t, 300_000)
	send := func(c *client, location string, cuts ...int) response {
		t.Helper()
		offset := 0
		for _, cut := range cuts {
			require.Equal(t, http.StatusNoContent, patchTus(c, location, int64(offset), film[offset:cut]).status)
			offset = cut
		}
		return patchTus(c, location, int64(offset), film[offset:])
	}
	res := send(owner, createTus(t, owner, athlete, int64(len(film)), filmFields), 1000, 150_000)
	require.Equal(t, http.StatusNoContent, res.status, string(res.body))
	firstID, err := strconv.ParseInt(res.header.Get("Media-Id"), 10, 64)
	require.NoError(t, err)

	// The hash kept across the PATCHes is the whole file's: a form upload of it is the duplicate.
	res = owner.upload(fmt.Sprintf("/api/athletes/%d/media", athlete), photoFields, "film.jpg", bytes.NewReader(film))
	require.Equal(t, http.StatusConflict, res.status, string(res.body))
	require.Equal(t, firstID, decodeAs[duplicateAnswer](t, res).ExistingID)

	files, rows := s.storedFiles(t), s.mediaRows(t)
	processJobs, deleteJobs := jobsOfKind(t, s, "media_process"), jobsOfKind(t, s, "media_delete")
	location := createTus(t, owner, athlete, int64(len(film)), filmFields)
	res = send(owner, location, 70_000, 200_000)
	require.Equal(t, http.StatusConflict, res.status, string(res.body))
	answer := decodeAs[duplicateAnswer](t, res)
	require.Equal(t, firstID, answer.ExistingID)
	require.Equal(t, uploadedMessage(t, s, firstID), answer.Message)
	require.Equal(t, files, s.storedFiles(t), "the pieces and the joined file are gone")
	require.Equal(t, rows, s.mediaRows(t))
	require.Equal(t, processJobs, jobsOfKind(t, s, "media_process"))
	require.Equal(t, deleteJobs, jobsOfKind(t, s, "media_delete"), "removed at once, not left to a job")
	require.Equal(t, http.StatusNotFound, headTus(owner, location).status, "the upload is gone")

	// Keeping both: the metadata key, or the query parameter on creation.
	res = send(owner, createTus(t, owner, athlete, int64(len(film)), withField(filmFields, "allowDuplicate", "true")), 5000)
	require.Equal(t, http.StatusNoContent, res.status, string(res.body))
	created := owner.do("POST", fmt.Sprintf("/api/athletes/%d/media/uploads?allowDuplicate=true", athlete), nil, "Tus-Resumable", "1.0.0",
		"Upload-Length", strconv.Itoa(len(film)), "Upload-Metadata", tusMetadata(filmFields))
	require.Equal(t, http.StatusCreated, created.status, string(created.body))
	res = send(owner, created.header.Get("Location"))
	require.Equal(t, http.StatusNoContent, res.status, string(res.body))
	require.Equal(t, rows+2, s.mediaRows(t))

	// Another family's copy is theirs.
	neighbour, _ := s.registered(t, "neighbour@example.com")
	res = send(neighbour, createTus(t, neighbour, createAthlete(t, neighbour), int64(len(film)), filmFields), 100_000)
	require.Equal(t, http.StatusNoContent, res.status, string(res.body))

	stranger, _ := s.registered(t, "stranger@example.com")
	signedOut := s.newClient(t)
	for _, path := range []string{
		fmt.Sprintf("/api/athletes/%d/media/uploads", athlete), fmt.Sprintf("/api/athletes/%d/media/uploads?allowDuplicate=true", athlete),
	} {
		headers := []string{"Tus-Resumable", "1.0.0", "Upload-Length", strconv.Itoa(len(film)), "Upload-Metadata", tusMetadata(filmFields)}
		require.Equal(t, http.StatusNotFound, stranger.do("POST", path, nil, headers...).status)
		require.Equal(t, http.StatusUnauthorized, signedOut.do("POST", path, nil, headers...).status)
	}
	require.Equal(t, rows+3, s.mediaRows(t))
}
