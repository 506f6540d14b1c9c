package main

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
)

var reelsMatrix = matrixArea{
	rows: func(m *matrix) []matrixRoute {
		// A small clip: the matrix's owner has many videos, and a reel is checked against the plan's storage.
		body := func() any {
			clip := readyVideo(m.t, m.s, m.athlete, "ready")
			_, err := m.s.pool.Exec(m.t.Context(), "UPDATE media_items SET file_size = 100000 WHERE id = $1", clip)
			require.NoError(m.t, err)
			return reelBody(clip)
		}
		reel := func() int64 { return m.created(fmt.Sprintf("/api/athletes/%d/reels", m.athlete), body()) }
		// A season of its own with one starred clip: the matrix's owner has other videos, dated elsewhere.
		film := func() any {
			clip := readyVideo(m.t, m.s, m.athlete, "ready")
			_, err := m.s.pool.Exec(m.t.Context(), "UPDATE media_items SET file_size = 100000, media_date = '2019-06-15', is_favorite = true WHERE id = $1", clip)
			require.NoError(m.t, err)
			return filmBody("2019-06-01", "2019-06-30", nil)
		}
		return []matrixRoute{
			{route: "GET /api/athletes/:id/reels", path: m.athletePath("/reels"), body: noBody, want: everyoneSees},
			{route: "POST /api/athletes/:id/reels", path: m.athletePath("/reels"), body: body, want: editsAthlete(accepted)},
			{route: "POST /api/athletes/:id/season-films", path: m.athletePath("/season-films"), body: film, want: editsAthlete(accepted)},
			{route: "GET /api/reels/:id", path: pathOf("/api/reels/%d", reel), body: noBody, want: seesItem(ok)},
			{route: "PUT /api/reels/:id", path: pathOf("/api/reels/%d", reel), body: body, want: editsItem(accepted)},
			{route: "DELETE /api/reels/:id", path: pathOf("/api/reels/%d", reel), body: noBody, want: editsItem(deleted)},
		}
	},
}

func reelBody(clips ...int64) map[string]any {
	return map[string]any{
		"title":   "Jo's 2026 season",
		"clipIds": clips,
		"titleSlide": map[string]string{"name": "Jo Lee", "number": "12", "position": "Shortstop", "classYear": "2027",
			"school": "Central High", "contact": "coach@example.com"},
		"formats": []string{"landscape", "vertical"},
	}
}

type reelJSON struct {
	ID           int64    `json:"id"`
	Status       string   `json:"status"`
	StatusReason string   `json:"statusReason"`
	Progress     *float64 `json:"progress"`
	Title        string   `json:"title"`
	ClipIDs      []int64  `json:"clipIds"`
	Formats      []string `json:"formats"`
	TitleSlide   *struct {
		Name string `json:"name"`
	} `json:"titleSlide"`
	Outputs []struct {
		Format  string `json:"format"`
		MediaID int64  `json:"mediaId"`
	} `json:"outputs"`
}

// TestCreateReelRecordsItAndItsJob: a reel is answered pending (202) with its clips in the family's
// order, and its reel_render job is queued on the media queue; an edit is a new render.
func TestCreateReelRecordsItAndItsJob(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)
	a, b := readyVideo(t, s, athlete, "ready"), readyVideo(t, s, athlete, "ready")

	res := c.do("POST", fmt.Sprintf("/api/athletes/%d/reels", athlete), reelBody(b, a))
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	reel := decodeAs[reelJSON](t, res)
	assert.Equal(t, "pending", reel.Status)
	assert.Equal(t, "", reel.StatusReason)
	assert.Equal(t, []int64{b, a}, reel.ClipIDs)
	assert.Equal(t, "Jo Lee", reel.TitleSlide.Name)
	assert.Empty(t, reel.Outputs)
	job := rivertest.RequireInserted(context.Background(), t, riverpgxv5.New(s.pool), jobs.ReelRenderArgs{}, &rivertest.RequireInsertedOpts{Queue: jobs.QueueMedia})
	assert.Equal(t, reel.ID, job.Args.ReelID)

	edit := reelBody(a)
	edit["formats"] = []string{"vertical"}
	edit["titleSlide"] = nil
	res = c.do("PUT", fmt.Sprintf("/api/reels/%d", reel.ID), edit)
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	edited := decodeAs[reelJSON](t, res)
	assert.Equal(t, []int64{a}, edited.ClipIDs)
	assert.Equal(t, []string{"vertical"}, edited.Formats)
	assert.Nil(t, edited.TitleSlide)
	var renders int
	require.NoError(t, s.pool.QueryRow(context.Background(), "SELECT count(*) FROM river_job WHERE kind = 'reel_render'").Scan(&renders))
	assert.Equal(t, 2, renders)
}

// TestReelOutputsWhenReadyAndDeleteTakesThem: a ready reel lists a media item per format; deleting
// the reel deletes those items and queues their files for removal.
func TestReelOutputsWhenReadyAndDeleteTakesThem(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)
	clip := readyVideo(t, s, athlete, "ready")
	reel := decodeAs[reelJSON](t, c.do("POST", fmt.Sprintf("/api/athletes/%d/reels", athlete), reelBody(clip)))
	landscape, vertical := readyVideo(t, s, athlete, "ready"), readyVideo(t, s, athlete, "ready")
	_, err := s.pool.Exec(context.Background(), `UPDATE reels SET status = 'ready', progress = 1, landscape_media_id = $2, vertical_media_id = $3 WHERE id = $1`,
		reel.ID, landscape, vertical)
	require.NoError(t, err)

	got := decodeAs[reelJSON](t, c.do("GET", fmt.Sprintf("/api/reels/%d", reel.ID), nil))
	require.Equal(t, "ready", got.Status)
	require.InDelta(t, 1, *got.Progress, 1e-9)
	require.Len(t, got.Outputs, 2)
	assert.Equal(t, "landscape", got.Outputs[0].Format)
	assert.Equal(t, landscape, got.Outputs[0].MediaID)
	assert.Equal(t, "vertical", got.Outputs[1].Format)
	assert.Equal(t, vertical, got.Outputs[1].MediaID)

	require.Equal(t, http.StatusNoContent, c.do("DELETE", fmt.Sprintf("/api/reels/%d", reel.ID), nil).status)
	assert.Equal(t, http.StatusNotFound, c.do("GET", fmt.Sprintf("/api/reels/%d", reel.ID), nil).status)
	for _, id := range []int64{landscape, vertical} {
		assert.Equal(t, http.StatusNotFound, c.do("GET", fmt.Sprintf("/api/media/%d", id), nil).status)
	}
	assert.Equal(t, http.StatusOK, c.do("GET", fmt.Sprintf("/api/media/%d", clip), nil).status, "the clips stay")
	rivertest.RequireInserted(context.Background(), t, riverpgxv5.New(s.pool), jobs.MediaDeleteArgs{}, nil)
}

// TestReelRejectsBadRequests: bad fields answer 400 with the field's message, clips that are not the
// athlete's ready videos 422 naming the clip, and nothing is recorded or queued.
func TestReelRejectsBadRequests(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)
	clip := readyVideo(t, s, athlete, "ready")
	processing := readyVideo(t, s, athlete, "processing")
	photo := uploadPhoto(t, c, athlete, testPNG(t)).ID
	other, _ := s.registered(t, "other@example.com")
	theirs := readyVideo(t, s, createAthlete(t, other), "ready")
	many := make([]int64, 61)
	for i := range many {
		many[i] = clip
	}
	with := func(change func(map[string]any)) map[string]any {
		b := reelBody(clip)
		change(b)
		return b
	}
	for name, tc := range map[string]struct {
		body    map[string]any
		status  int
		message string
	}{
		"no title":       {with(func(b map[string]any) { b["title"] = " " }), 400, "Please give the reel a title."},
		"no clips":       {with(func(b map[string]any) { b["clipIds"] = []int64{} }), 400, "Choose between 1 and 60 clips."},
		"61 clips":       {with(func(b map[string]any) { b["clipIds"] = many }), 400, "Choose between 1 and 60 clips."},
		"no format":      {with(func(b map[string]any) { b["formats"] = []string{} }), 400, "Choose landscape, vertical or both."},
		"unknown format": {with(func(b map[string]any) { b["formats"] = []string{"square"} }), 400, `Formats are "landscape" and "vertical".`},
		"twice a format": {with(func(b map[string]any) { b["formats"] = []string{"vertical", "vertical"} }), 400, "Each format once, please."},
		"another's clip": {with(func(b map[string]any) { b["clipIds"] = []int64{clip, theirs} }), 422, "Clip 2 is not in this athlete's media library."},
		"a photo":        {with(func(b map[string]any) { b["clipIds"] = []int64{photo} }), 422, "Clip 1 is not a video."},
		"not ready":      {with(func(b map[string]any) { b["clipIds"] = []int64{clip, clip, processing} }), 422, "Clip 3 is still processing or failed; choose a ready video."},
		"spot elsewhere": {with(func(b map[string]any) {
			b["spotlight"] = []map[string]any{{"clipId": processing, "at": 1, "x": 0.5, "y": 0.5, "seconds": 2}}
		}), 400, "A spotlight must be on one of the reel's clips."},
		"spot outside": {with(func(b map[string]any) {
			b["spotlight"] = []map[string]any{{"clipId": clip, "at": 1, "x": 1.5, "y": 0.5, "seconds": 2}}
		}), 400, "A spotlight's x and y are fractions of the picture, from 0 to 1."},
		"spot too long": {with(func(b map[string]any) {
			b["spotlight"] = []map[string]any{{"clipId": clip, "at": 1, "x": 0.5, "y": 0.5, "seconds": 11}}
		}), 400, "A spotlight starts inside its clip and lasts up to 10 seconds."},
		"spot after clip": {with(func(b map[string]any) {
			b["spotlight"] = []map[string]any{{"clipId": clip, "at": 10, "x": 0.5, "y": 0.5, "seconds": 1}}
		}), 400, "A spotlight starts inside its clip and lasts up to 10 seconds."},
		"slide line": {with(func(b map[string]any) { b["titleSlide"] = map[string]string{"name": "Jo\nLee"} }), 400, "Each slide line must be on one line"},
	} {
		res := c.do("POST", fmt.Sprintf("/api/athletes/%d/reels", athlete), tc.body)
		require.Equal(t, tc.status, res.status, "%s: %s", name, res.body)
		assert.Equal(t, tc.message, res.json(t)["message"], name)
	}
	var reels, renders int
	require.NoError(t, s.pool.QueryRow(context.Background(), "SELECT (SELECT count(*) FROM reels), (SELECT count(*) FROM river_job WHERE kind = 'reel_render')").Scan(&reels, &renders))
	assert.Equal(t, [2]int{0, 0}, [2]int{reels, renders}, "nothing half-written")
}
