package main

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
)

// readyVideo inserts a processed 10-second, 20 MB video for the athlete, as media_process leaves one.
func readyVideo(t *testing.T, s *testServer, athleteID int64, status string) int64 {
	t.Helper()
	var id int64
	require.NoError(t, s.pool.QueryRow(context.Background(), `
		INSERT INTO media_items (athlete_id, title, media_date, media_type, mime_type, original_key, file_size, status, duration, tags)
		VALUES ($1, 'Championship', '2026-05-01', 'video', 'video/mp4', md5(random()::text) || '.mp4', 20000000, $2, 10, '{}')
		RETURNING id`, athleteID, status).Scan(&id))
	return id
}

func TestTrimCreatesAClipAndItsJob(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)
	video := readyVideo(t, s, athlete, "ready")

	res := c.do("POST", fmt.Sprintf("/api/media/%d/trim", video), map[string]any{"startTime": 2.5, "endTime": 6, "title": "Championship (Clip)"})
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	clip := decodeAs[mediaJSON](t, res)
	require.Equal(t, "Championship (Clip)", clip.Title)
	require.Equal(t, "processing", clip.Status)
	require.Equal(t, "video", clip.MediaType)
	require.Equal(t, int64(7_000_000), clip.FileSize, "until cut, the clip counts as its share of the source")

	var source int64
	var start, end float64
	require.NoError(t, s.pool.QueryRow(context.Background(), "SELECT source_media_id, clip_start, clip_end FROM media_items WHERE id = $1", clip.ID).Scan(&source, &start, &end))
	require.Equal(t, video, source)
	require.Equal(t, [2]float64{2.5, 6}, [2]float64{start, end})
	job := rivertest.RequireInserted(context.Background(), t, riverpgxv5.New(s.pool), jobs.MediaTrimArgs{}, &rivertest.RequireInsertedOpts{Queue: jobs.QueueMedia})
	require.Equal(t, clip.ID, job.Args.ClipID)
}

func TestTrimRejectsBadRanges(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)
	video := readyVideo(t, s, athlete, "ready")
	path := fmt.Sprintf("/api/media/%d/trim", video)

	for _, body := range []any{
		map[string]any{"startTime": 6, "endTime": 2},
		map[string]any{"startTime": 3, "endTime": 3.2},
		map[string]any{"startTime": -1, "endTime": 4},
		map[string]any{"startTime": 2, "endTime": 11},
		map[string]any{"startTime": "2", "endTime": 4},
		map[string]any{"endTime": 4},
		`{"startTime": 1, "endTime": 4, "extra": true}`,
	} {
		res := c.do("POST", path, body)
		require.Equal(t, http.StatusBadRequest, res.status, "%v", body)
		require.Equal(t, "Invalid time range", res.message(t), "%v", body)
	}
	require.Equal(t, 1, s.mediaRows(t), "no clip was created")
	rivertest.RequireNotInserted(context.Background(), t, riverpgxv5.New(s.pool), jobs.MediaTrimArgs{}, nil)

	res := c.do("POST", fmt.Sprintf("/api/media/%d/trim", readyVideo(t, s, athlete, "processing")), map[string]any{"startTime": 1, "endTime": 4})
	require.Equal(t, http.StatusConflict, res.status)
	photo := uploadPhoto(t, c, athlete, testPNG(t))
	res = c.do("POST", fmt.Sprintf("/api/media/%d/trim", photo.ID), map[string]any{"startTime": 1, "endTime": 4})
	require.Equal(t, http.StatusBadRequest, res.status)
	require.Equal(t, "Only videos can be edited", res.message(t))
}

func TestClipsCountAgainstTheQuota(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.app.cfg.media.quotaBytes = 25_000_000
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)
	video := readyVideo(t, s, athlete, "ready") // 20 MB used

	res := c.do("POST", fmt.Sprintf("/api/media/%d/trim", video), map[string]any{"startTime": 0, "endTime": 5}) // ~10 MB more
	require.Equal(t, http.StatusRequestEntityTooLarge, res.status)
	require.Equal(t, "Storage limit reached for your plan", res.message(t))
	res = c.do("POST", fmt.Sprintf("/api/media/%d/trim", video), map[string]any{"startTime": 0, "endTime": 2}) // 4 MB fits
	require.Equal(t, http.StatusAccepted, res.status)
}

func TestHighlightRequests(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)
	video := readyVideo(t, s, athlete, "ready")
	path := fmt.Sprintf("/api/media/%d/highlights", video)

	require.JSONEq(t, `{"status":"none","statusReason":"","segments":[]}`, string(c.do("GET", path, nil).body))
	res := c.do("POST", path, nil)
	require.Equal(t, http.StatusAccepted, res.status)
	require.Equal(t, "pending", res.json(t)["status"])
	c.do("POST", path, nil)
	var versions []int32
	rows, err := s.pool.Query(context.Background(), "SELECT (args->>'version')::int FROM river_job WHERE kind = 'media_highlights' ORDER BY id")
	require.NoError(t, err)
	for rows.Next() {
		var v int32
		require.NoError(t, rows.Scan(&v))
		versions = append(versions, v)
	}
	require.Equal(t, []int32{1, 2}, versions, "each request supersedes the last")

	_, err = s.pool.Exec(context.Background(), `UPDATE media_items SET highlights_status = 'ready', highlights = '[{"start":3,"end":9,"score":12.5,"reason":"crowd/audio peak"}]' WHERE id = $1`, video)
	require.NoError(t, err)
	require.JSONEq(t, `{"status":"ready","statusReason":"","segments":[{"start":3,"end":9,"score":12.5,"reason":"crowd/audio peak"}]}`, string(c.do("GET", path, nil).body))
}

func TestEditorAccess(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	video := readyVideo(t, s, athlete, "ready")
	stranger, _ := s.registered(t, "stranger@example.com")
	createAthlete(t, stranger)
	signedOut := s.newClient(t)

	for _, r := range []struct {
		method, path string
		body         any
	}{
		{"GET", fmt.Sprintf("/api/media/%d/highlights", video), nil},
		{"POST", fmt.Sprintf("/api/media/%d/highlights", video), nil},
		{"POST", fmt.Sprintf("/api/media/%d/trim", video), map[string]any{"startTime": 1, "endTime": 4}},
	} {
		require.Equal(t, http.StatusNotFound, stranger.do(r.method, r.path, r.body).status, "stranger %s %s", r.method, r.path)
		require.Equal(t, http.StatusUnauthorized, signedOut.do(r.method, r.path, r.body).status, "signed out %s %s", r.method, r.path)
	}
	require.Equal(t, 1, s.mediaRows(t))
	rivertest.RequireNotInserted(context.Background(), t, riverpgxv5.New(s.pool), jobs.MediaHighlightsArgs{}, nil)
}
