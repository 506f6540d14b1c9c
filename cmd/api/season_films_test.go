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
	"legacylocker/media"
)

// seasonVideo files a ready 10 s video of the athlete dated day, starred or not, and answers its id.
func seasonVideo(t *testing.T, s *testServer, athlete int64, day string, favorite bool) int64 {
	t.Helper()
	id := readyVideo(t, s, athlete, "ready")
	execSQL(t, s, "UPDATE media_items SET media_date = $2, is_favorite = $3, file_size = 100000 WHERE id = $1", id, day, favorite)
	return id
}

// setHighlights gives a video detected highlights, as media_highlights stores them.
func setHighlights(t *testing.T, s *testServer, id int64, status, highlights string) {
	t.Helper()
	execSQL(t, s, "UPDATE media_items SET highlights_status = $2, highlights = $3 WHERE id = $1", id, status, highlights)
}

func filmBody(from, to string, seconds any) map[string]any {
	body := map[string]any{"title": "Spring 2026", "from": from, "to": to, "formats": []string{"landscape", "vertical"}}
	if seconds != nil {
		body["seconds"] = seconds
	}
	return body
}

type filmJSON struct {
	reelJSON
	Kind     string             `json:"kind"`
	From     *string            `json:"from"`
	To       *string            `json:"to"`
	Segments []jobs.ReelSegment `json:"segments"`
}

// TestSeasonFilmChoosesFromTheSeason: with detection done on every video of the season, a film is
// cut at once from the season's starred videos and detected highlights only (not another season's,
// not a photo, a video still processing, a reel's or film's own video), in date order, and is
// answered pending with its season, its segments and its clips; its reel_render job is queued.
func TestSeasonFilmChoosesFromTheSeason(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)
	starred := seasonVideo(t, s, athlete, "2026-04-10", true)
	setHighlights(t, s, starred, "ready", "[]")
	detected := seasonVideo(t, s, athlete, "2026-04-05", false)
	setHighlights(t, s, detected, "ready", `[{"start": 2, "end": 6, "score": 5, "reason": "crowd/audio peak"}]`)
	unreadable := seasonVideo(t, s, athlete, "2026-04-06", false)
	setHighlights(t, s, unreadable, "failed", "null")
	seasonVideo(t, s, athlete, "2026-06-01", true) // after the season
	tagged := seasonVideo(t, s, athlete, "2026-04-07", true)
	execSQL(t, s, "UPDATE media_items SET tags = '{reel}' WHERE id = $1", tagged)
	output := seasonVideo(t, s, athlete, "2026-04-08", true)
	execSQL(t, s, `INSERT INTO reels (athlete_id, title, clip_ids, title_slide, formats, landscape_media_id) VALUES ($1, 'R', $2, 'null', '{landscape}', $3)`,
		athlete, []int64{starred}, output)
	processing := seasonVideo(t, s, athlete, "2026-04-09", true)
	execSQL(t, s, "UPDATE media_items SET status = 'processing' WHERE id = $1", processing)
	execSQL(t, s, `INSERT INTO media_items (athlete_id, title, media_date, media_type, mime_type, original_key, file_size, status, is_favorite)
		VALUES ($1, 'Team photo', '2026-04-11', 'image', 'image/jpeg', 'photo.jpg', 1000, 'ready', true)`, athlete)

	res := c.do("POST", fmt.Sprintf("/api/athletes/%d/season-films", athlete), filmBody("2026-03-01", "2026-05-31", 30))
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	film := decodeAs[filmJSON](t, res)
	assert.Equal(t, "film", film.Kind)
	assert.Equal(t, "pending", film.Status)
	assert.Equal(t, "Spring 2026", film.Title)
	assert.Equal(t, "2026-03-01", *film.From)
	assert.Equal(t, "2026-05-31", *film.To)
	assert.Equal(t, []jobs.ReelSegment{{ClipID: detected, Start: 2, End: 6}, {ClipID: starred, Start: 1, End: 9}}, film.Segments,
		"the highlight, then the starred video's middle 8 s, in date order")
	assert.Equal(t, []int64{detected, starred}, film.ClipIDs)
	assert.Equal(t, "Jordan Lee", film.TitleSlide.Name)
	assert.Equal(t, []string{"landscape", "vertical"}, film.Formats)
	job := rivertest.RequireInserted(context.Background(), t, riverpgxv5.New(s.pool), jobs.ReelRenderArgs{}, nil)
	assert.Equal(t, film.ID, job.Args.ReelID)

	shown := decodeAs[filmJSON](t, c.do("GET", fmt.Sprintf("/api/reels/%d", film.ID), nil))
	assert.Equal(t, film.Segments, shown.Segments)
	assert.Equal(t, "film", shown.Kind)
}

// TestSeasonFilmWaitsForDetection: a film asked for before detection has run on every video of the
// season is answered without segments yet; detection is asked for the videos never looked at (not
// again for one it is running on), in the same transaction as the film and its render.
func TestSeasonFilmWaitsForDetection(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)
	never := seasonVideo(t, s, athlete, "2026-04-05", false)
	running := seasonVideo(t, s, athlete, "2026-04-06", false)
	setHighlights(t, s, running, "pending", "null")
	done := seasonVideo(t, s, athlete, "2026-04-07", true)
	setHighlights(t, s, done, "ready", "[]")

	res := c.do("POST", fmt.Sprintf("/api/athletes/%d/season-films", athlete), filmBody("2026-04-01", "2026-04-30", nil))
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	film := decodeAs[filmJSON](t, res)
	assert.Equal(t, "film", film.Kind)
	assert.Nil(t, film.Segments, "chosen once detection is done")
	assert.Empty(t, film.ClipIDs)
	assert.Equal(t, []int64{never, running}, idsOf(t, s, "SELECT id FROM media_items WHERE highlights_status = 'pending' ORDER BY id"))
	assert.Equal(t, []int64{never}, idsOf(t, s, "SELECT (args->>'media_id')::bigint FROM river_job WHERE kind = 'media_highlights'"),
		"detection asked once, for the video never looked at")
	rivertest.RequireInserted(context.Background(), t, riverpgxv5.New(s.pool), jobs.ReelRenderArgs{ReelID: film.ID}, nil)
}

// TestSeasonFilmLastsWhatWasAsked: with footage enough, the segments and the two slides last the
// film's length within a second (60 s when none is asked).
func TestSeasonFilmLastsWhatWasAsked(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)
	for i := range 4 {
		id := seasonVideo(t, s, athlete, fmt.Sprintf("2026-04-%02d", i+1), i == 0)
		execSQL(t, s, "UPDATE media_items SET duration = 100 WHERE id = $1", id)
		setHighlights(t, s, id, "ready", fmt.Sprintf(`[{"start": 10, "end": 17, "score": %d, "reason": "scene change"},
			{"start": 40, "end": 45.5, "score": 2, "reason": "scene change"}, {"start": 70, "end": 79, "score": 1, "reason": "scene change"}]`, i))
	}
	for _, tc := range []struct {
		seconds any
		want    float64
	}{{nil, 60}, {30, 30}, {45.5, 45.5}} {
		res := c.do("POST", fmt.Sprintf("/api/athletes/%d/season-films", athlete), filmBody("2026-04-01", "2026-04-30", tc.seconds))
		require.Equal(t, http.StatusAccepted, res.status, string(res.body))
		total := 2 * media.ReelSlideSeconds
		for _, seg := range decodeAs[filmJSON](t, res).Segments {
			total += seg.End - seg.Start
		}
		assert.InDelta(t, tc.want, total, 1, "%v s", tc.seconds)
	}
}

// TestSeasonFilmRejects: what is wrong with a request answers 400 under its field, a season with
// nothing to cut 422, a film past the plan's storage 413; nothing is recorded.
func TestSeasonFilmRejects(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)
	dull := seasonVideo(t, s, athlete, "2026-04-10", false) // not starred, and detection found nothing in it
	setHighlights(t, s, dull, "ready", "[]")
	big := seasonVideo(t, s, athlete, "2025-04-10", true)
	execSQL(t, s, "UPDATE media_items SET file_size = 1e12 WHERE id = $1", big)
	with := func(change func(map[string]any)) map[string]any {
		b := filmBody("2026-03-01", "2026-05-31", nil)
		change(b)
		return b
	}
	for name, tc := range map[string]struct {
		body           map[string]any
		status         int
		field, message string
	}{
		"no title":       {with(func(b map[string]any) { b["title"] = " " }), 400, "title", "Title is required"},
		"no start":       {with(func(b map[string]any) { delete(b, "from") }), 400, "from", "Date is required"},
		"bad end":        {with(func(b map[string]any) { b["to"] = "31/05/2026" }), 400, "to", "Date must be YYYY-MM-DD"},
		"backwards":      {with(func(b map[string]any) { b["to"] = "2026-02-01" }), 400, "to", "The end date must not be before the start date"},
		"no format":      {with(func(b map[string]any) { b["formats"] = []string{} }), 400, "formats", "Choose landscape, vertical or both."},
		"unknown format": {with(func(b map[string]any) { b["formats"] = []string{"square"} }), 400, "formats", `Formats are "landscape" and "vertical".`},
		"too short":      {with(func(b map[string]any) { b["seconds"] = 20 }), 400, "seconds", "A film lasts from 30 to 180 seconds."},
		"too long":       {with(func(b map[string]any) { b["seconds"] = 181 }), 400, "seconds", "A film lasts from 30 to 180 seconds."},
		"nothing to cut": {with(func(map[string]any) {}), 422, "", jobs.MsgFilmNothingToCut},
		"empty season":   {with(func(b map[string]any) { b["from"], b["to"] = "2020-01-01", "2020-12-31" }), 422, "", "There are no videos in these dates to make a film from."},
	} {
		res := c.do("POST", fmt.Sprintf("/api/athletes/%d/season-films", athlete), tc.body)
		require.Equal(t, tc.status, res.status, "%s: %s", name, res.body)
		if tc.field != "" {
			assert.Equal(t, tc.message, res.fieldErrors(t)[tc.field], name)
		} else {
			assert.Equal(t, tc.message, res.message(t), name)
		}
	}
	res := c.do("POST", fmt.Sprintf("/api/athletes/%d/season-films", athlete), filmBody("2025-01-01", "2025-12-31", nil))
	require.Equal(t, http.StatusRequestEntityTooLarge, res.status, string(res.body))
	assert.Empty(t, idsOf(t, s, "SELECT id FROM reels"), "nothing half-written")
	assert.Empty(t, idsOf(t, s, "SELECT id FROM media_items WHERE highlights_status = 'pending'"), "no detection asked for a film not made")
}

// TestReelOfSegments: a reel's segments name its clips (clipIds, when sent too, must agree), each
// inside its clip and at least a second long; a reel of whole clips answers no segments.
func TestReelOfSegments(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)
	a, b := readyVideo(t, s, athlete, "ready"), readyVideo(t, s, athlete, "ready")
	path := fmt.Sprintf("/api/athletes/%d/reels", athlete)
	withSegments := func(clipIDs any, segments ...map[string]any) map[string]any {
		body := reelBody()
		body["clipIds"] = clipIDs
		body["segments"] = segments
		return body
	}
	seg := func(clip int64, start, end float64) map[string]any {
		return map[string]any{"clipId": clip, "start": start, "end": end}
	}

	res := c.do("POST", path, withSegments(nil, seg(b, 1.5, 4), seg(a, 0, 10), seg(b, 6, 7)))
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	reel := decodeAs[filmJSON](t, res)
	assert.Equal(t, []int64{b, a, b}, reel.ClipIDs)
	assert.Equal(t, []jobs.ReelSegment{{ClipID: b, Start: 1.5, End: 4}, {ClipID: a, Start: 0, End: 10}, {ClipID: b, Start: 6, End: 7}}, reel.Segments)
	assert.Equal(t, "reel", reel.Kind)
	assert.Nil(t, reel.From)

	res = c.do("PUT", fmt.Sprintf("/api/reels/%d", reel.ID), withSegments([]int64{a}, seg(a, 2, 5)))
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	assert.Equal(t, []jobs.ReelSegment{{ClipID: a, Start: 2, End: 5}}, decodeAs[filmJSON](t, res).Segments)
	res = c.do("PUT", fmt.Sprintf("/api/reels/%d", reel.ID), reelBody(a))
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	assert.Nil(t, decodeAs[filmJSON](t, res).Segments, "whole clips again")

	for name, tc := range map[string]struct {
		body           map[string]any
		field, message string
	}{
		"clips disagree": {withSegments([]int64{a, b}, seg(b, 0, 2), seg(a, 0, 2)), "clipIds", "clipIds must be the segments' clips in their order; or leave clipIds out."},
		"no segments":    {withSegments(nil, []map[string]any{}...), "segments", "Choose between 1 and 60 segments."},
		"past the end":   {withSegments(nil, seg(a, 0, 2), seg(b, 8, 10.5)), "segments", "Segment 2 must lie within its clip, from 0 to 10 seconds."},
		"before start":   {withSegments(nil, seg(a, -1, 2)), "segments", "Segment 1 must lie within its clip, from 0 to 10 seconds."},
		"too short":      {withSegments(nil, seg(a, 3, 3.5)), "segments", "Segment 1 must last at least 1 second."},
		"backwards":      {withSegments(nil, seg(a, 5, 3)), "segments", "Segment 1 must last at least 1 second."},
	} {
		res := c.do("POST", path, tc.body)
		require.Equal(t, http.StatusBadRequest, res.status, "%s: %s", name, res.body)
		assert.Equal(t, tc.message, res.fieldErrors(t)[tc.field], name)
	}
}

// TestReelsListInPages: the athlete's reels and films, newest first, in pages that neither repeat
// nor skip a reel added between them; a limited member, to whom a reel is never shown, gets none.
func TestReelsListInPages(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	viewer, _ := s.member(t, athlete, "viewer@example.com", "viewer", "grandparent")
	limited, _ := s.member(t, athlete, "limited@example.com", "limited", "friend")
	seed := `INSERT INTO reels (athlete_id, title, clip_ids, title_slide, formats) SELECT $1, 'R' || g, '{}', 'null', '{landscape}' FROM generate_series(1, $2::int) g`
	execSQL(t, s, seed, athlete, 53)
	order := "SELECT id FROM reels WHERE athlete_id = $1 ORDER BY id DESC"
	want := idsOf(t, s, order, athlete)
	path := fmt.Sprintf("/api/athletes/%d/reels", athlete)

	res := owner.do("GET", path, nil)
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Len(t, decodeAs[[]pageOf](t, res), 50, "the default page")
	require.NotEmpty(t, res.header.Get(nextCursorHeader))
	require.Equal(t, want, flatten(t, walkPages(t, owner, path, 10, nil)))
	require.Equal(t, want, flatten(t, walkPages(t, viewer, path, 200, nil)), "one page of all")
	got := flatten(t, walkPages(t, owner, path, 20, func(page int) { execSQL(t, s, seed, athlete, 5) }))
	require.Equal(t, want, got[len(got)-len(want):], "the reels there before, once each, in order")
	require.Empty(t, flatten(t, walkPages(t, limited, path, 25, nil)))
}
