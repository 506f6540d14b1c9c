package jobs_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/store"
)

func day(d int) time.Time { return time.Date(2026, 3, d, 0, 0, 0, 0, time.UTC) }

func highlight(start, end, score float64) media.Segment {
	return media.Segment{Start: start, End: end, Score: score, Reason: media.ReasonAudio}
}

// TestChooseFilmSegments: the family's favourites come first (a starred clip's highlights, or its
// middle 8 s when it has none), then the other highlights by score; segments are taken until the
// film with its two slides is as long as asked, the last one trimmed to its end to land on it, and
// are played in date order, then by time in the clip. Overlaps (in a clip, or between a trimmed clip
// and its source), slivers and unstarred clips without highlights are left out.
func TestChooseFilmSegments(t *testing.T) {
	t.Parallel()
	starred := jobs.FilmClip{ID: 1, Date: day(9), Duration: 20, Favorite: true}
	scored := jobs.FilmClip{ID: 2, Date: day(3), Duration: 30, Highlights: []media.Segment{
		highlight(20, 26, 3), highlight(2, 8, 5), highlight(4, 9, 4), // the last overlaps the best
		highlight(28, 31, 9), // past the end: cut to 28–30
		highlight(12, 12.5, 8),
	}}
	starredScored := jobs.FilmClip{ID: 3, Date: day(5), Duration: 12, Favorite: true, Highlights: []media.Segment{highlight(1, 4, 0.5)}}
	plain := jobs.FilmClip{ID: 4, Date: day(1), Duration: 40}
	slides := 2 * media.ReelSlideSeconds
	all := []jobs.FilmClip{starred, scored, starredScored, plain}
	for name, tc := range map[string]struct {
		clips   []jobs.FilmClip
		seconds float64
		limit   int
		want    []jobs.ReelSegment
	}{
		"all there is": {all, 60, 60, []jobs.ReelSegment{
			{ClipID: 2, Start: 2, End: 8}, {ClipID: 2, Start: 20, End: 26}, {ClipID: 2, Start: 28, End: 30},
			{ClipID: 3, Start: 1, End: 4}, {ClipID: 1, Start: 6, End: 14}}},
		// 11 + 3 of the favourites, then the best highlight (28–30, score 9) and the next (2–8) cut to 3 s.
		"trimmed to land": {all, slides + 16, 60, []jobs.ReelSegment{
			{ClipID: 2, Start: 5, End: 8}, {ClipID: 2, Start: 28, End: 30}, {ClipID: 3, Start: 1, End: 4}, {ClipID: 1, Start: 6, End: 14}}},
		"favourites first": {all, slides + 11, 60, []jobs.ReelSegment{{ClipID: 3, Start: 1, End: 4}, {ClipID: 1, Start: 6, End: 14}}},
		"a short favourite whole": {[]jobs.FilmClip{{ID: 5, Date: day(1), Duration: 3, Favorite: true}}, 60, 60,
			[]jobs.ReelSegment{{ClipID: 5, Start: 0, End: 3}}},
		"at most limit": {all, 180, 2, []jobs.ReelSegment{{ClipID: 3, Start: 1, End: 4}, {ClipID: 1, Start: 6, End: 14}}},
		"a starred trim before its game's highlight": {[]jobs.FilmClip{scored, {ID: 7, Date: day(3), Duration: 6, Favorite: true, Source: &scored.ID, Offset: 1}}, 60, 60,
			[]jobs.ReelSegment{{ClipID: 2, Start: 20, End: 26}, {ClipID: 2, Start: 28, End: 30}, {ClipID: 7, Start: 0, End: 6}}},
		"nothing to cut": {[]jobs.FilmClip{plain, {ID: 6, Date: day(2), Duration: 0.5, Favorite: true}}, 60, 60, nil},
	} {
		got := jobs.ChooseFilmSegments(tc.clips, tc.seconds, tc.limit)
		if tc.want == nil {
			assert.Empty(t, got, name)
			continue
		}
		assert.Equal(t, tc.want, got, name)
	}
}

// TestChooseFilmSegmentsLandsOnTheLength: with footage enough, a film lasts what was asked within a
// second, whatever the highlights' lengths.
func TestChooseFilmSegmentsLandsOnTheLength(t *testing.T) {
	t.Parallel()
	var clips []jobs.FilmClip
	for i := range 12 {
		c := jobs.FilmClip{ID: int64(i + 1), Date: day(1 + i), Duration: 40, Favorite: i%5 == 0}
		for j := range 4 {
			start := float64(j*9 + i%3)
			c.Highlights = append(c.Highlights, highlight(start, start+3.7+float64(i%4), float64((i*7+j*3)%11)))
		}
		clips = append(clips, c)
	}
	for _, seconds := range []float64{30, 45, 60, 97.5, 180} {
		total := 2 * media.ReelSlideSeconds
		for _, s := range jobs.ChooseFilmSegments(clips, seconds, 60) {
			assert.GreaterOrEqual(t, s.End-s.Start, jobs.MinSegmentSeconds)
			total += s.End - s.Start
		}
		assert.InDelta(t, seconds, total, 1, "%g s", seconds)
	}
}

// TestFilmSlides: the title slide names the athlete, their sports and the season's dates, their
// class and school; the end slide the athlete and school.
func TestFilmSlides(t *testing.T) {
	t.Parallel()
	title, end := jobs.FilmSlides(store.Athlete{Name: "Jo Lee", Sports: "Baseball", GraduationYear: 2027, School: "Central High"},
		day(1), time.Date(2026, 6, 30, 0, 0, 0, 0, time.UTC))
	assert.Equal(t, jobs.ReelSlide{Name: "Jo Lee", Position: "Baseball · March 1 – June 30, 2026", ClassYear: "2027", School: "Central High"}, title)
	assert.Equal(t, jobs.ReelSlide{Name: "Jo Lee", School: "Central High"}, end)
}

// TestSeasonFilmRendersAndExports: a film chosen from two real clips (one starred, one with a
// detected highlight, the starred one cut twice, a spotlight in one of its segments) renders to a
// landscape video as long as its segments and two slides, private like its clips; the archive's
// reels.json holds the film's kind, season and segments beside a whole-clip reel.
func TestSeasonFilmRendersAndExports(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newMediaFixture(t)
	starred, detected := readyClipOf(t, f, "testsrc", 5), readyClipOf(t, f, "smptebars", 4)
	segments := jobs.ChooseFilmSegments([]jobs.FilmClip{
		{ID: starred.ID, Date: day(2), Duration: *starred.Duration, Favorite: true,
			Highlights: []media.Segment{highlight(0.4, 1.9, 2), highlight(2.7, 4.6, 1)}},
		{ID: detected.ID, Date: day(1), Duration: *detected.Duration, Highlights: []media.Segment{highlight(1.2, 3.8, 4)}},
	}, 12, 60)
	require.Len(t, segments, 3)
	want := 2 * media.ReelSlideSeconds
	ids := make([]int64, len(segments))
	for i, s := range segments {
		ids[i] = s.ClipID
		want += s.End - s.Start
	}
	assert.InDelta(t, 12, want, 1)
	athlete, err := store.Q.AthleteGetByID(ctx, f.pool, f.athlete)
	require.NoError(t, err)
	from, to := day(1), day(31)
	title, end := jobs.FilmSlides(athlete, from, to)
	raw := func(v any) []byte {
		b, err := json.Marshal(v)
		require.NoError(t, err)
		return b
	}
	film, err := store.Q.FilmCreate(ctx, f.pool, store.FilmCreateParams{AthleteID: f.athlete, Title: "Jo's March", ClipIds: ids,
		Segments: raw(segments), TitleSlide: raw(title), EndSlide: raw(end), Formats: []string{"landscape"}, FilmFrom: &from, FilmTo: &to})
	require.NoError(t, err)
	_, err = f.pool.Exec(ctx, "UPDATE reels SET spotlight = $2 WHERE id = $1", film.ID,
		raw([]jobs.ReelSpotlight{{ClipID: starred.ID, At: 3.5, X: 0.5, Y: 0.5, Seconds: 1}}))
	require.NoError(t, err)

	res, film := renderReel(t, f, film.ID)
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State, "%v", res.Job.Errors)
	require.Equal(t, store.JobReady, film.Status, film.StatusReason)
	item, err := store.Q.MediaGetByID(ctx, f.pool, *film.LandscapeMediaID)
	require.NoError(t, err)
	assert.InDelta(t, want, *item.Duration, 0.2, "the segments and the slides")
	assert.True(t, item.IsPrivate, "its clips are private")
	assert.Equal(t, []string{"reel"}, item.Tags)

	_, err = store.Q.ReelCreate(ctx, f.pool, store.ReelCreateParams{AthleteID: f.athlete, Title: "Whole", ClipIds: []int64{detected.ID},
		TitleSlide: []byte(`null`), Spotlight: []byte(`[]`), Formats: []string{"vertical"}})
	require.NoError(t, err)
	var exported []struct {
		Kind     string             `json:"kind"`
		From     *string            `json:"from"`
		To       *string            `json:"to"`
		ClipIDs  []int64            `json:"clip_ids"`
		Segments []jobs.ReelSegment `json:"segments"`
	}
	require.NoError(t, json.Unmarshal(exportArchive(t, f)["reels.json"], &exported))
	require.Len(t, exported, 2)
	assert.Equal(t, "film", exported[0].Kind)
	assert.Equal(t, "2026-03-01", *exported[0].From)
	assert.Equal(t, "2026-03-31", *exported[0].To)
	assert.Equal(t, ids, exported[0].ClipIDs)
	assert.Equal(t, segments, exported[0].Segments)
	assert.Equal(t, "reel", exported[1].Kind)
	assert.Nil(t, exported[1].From)
	assert.Nil(t, exported[1].Segments)
}

// TestClipSpotlights: a segment shows its clip's spotlights that start inside it, timed from the
// segment's start; a whole clip shows all of its own.
func TestClipSpotlights(t *testing.T) {
	t.Parallel()
	spots := []jobs.ReelSpotlight{{ClipID: 1, At: 0.5, X: 0.1, Seconds: 1}, {ClipID: 1, At: 3.5, X: 0.2, Seconds: 2},
		{ClipID: 2, At: 3.6, X: 0.3, Seconds: 1}, {ClipID: 1, At: 6, X: 0.4, Seconds: 1}}
	assert.Equal(t, []media.ReelSpotlight{{At: 1, X: 0.2, Seconds: 2}}, jobs.ClipSpotlights(spots, 1, 2.5, 6))
	assert.Len(t, jobs.ClipSpotlights(spots, 1, 0, 10), 3)
	assert.Empty(t, jobs.ClipSpotlights(spots, 2, 0, 3))
}

// TestSeasonFilmChosenOnceDetectionIsDone: a film asked for while detection runs on a video of its
// season waits for it (the job snoozes; the film is processing, with no segments yet), then is cut
// from what detection found and rendered; a season with nothing to cut fails the film, saying so.
func TestSeasonFilmChosenOnceDetectionIsDone(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newMediaFixture(t)
	clip := readyClipOf(t, f, "testsrc", 4)
	_, err := f.pool.Exec(ctx, "UPDATE media_items SET media_date = $2, highlights_status = 'pending' WHERE id = $1", clip.ID, day(5))
	require.NoError(t, err)
	from, to, seconds := day(1), day(31), 30.0
	film, err := store.Q.FilmCreate(ctx, f.pool, store.FilmCreateParams{AthleteID: f.athlete, Title: "March", ClipIds: []int64{},
		TitleSlide: []byte(`{"name":"Jo Lee"}`), EndSlide: []byte(`{"name":"Jo Lee"}`), Formats: []string{"landscape"},
		FilmFrom: &from, FilmTo: &to, FilmSeconds: &seconds})
	require.NoError(t, err)

	res, film := renderReel(t, f, film.ID)
	assert.Equal(t, river.EventKindJobSnoozed, res.EventKind, "snoozed while detection runs")
	assert.Equal(t, store.JobProcessing, film.Status)
	assert.Nil(t, film.Segments)

	_, err = f.pool.Exec(ctx, `UPDATE media_items SET highlights_status = 'ready', highlights = '[{"start": 1, "end": 3, "score": 2, "reason": "scene change"}]' WHERE id = $1`, clip.ID)
	require.NoError(t, err)
	res, film = renderReel(t, f, film.ID)
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State, "%v", res.Job.Errors)
	require.Equal(t, store.JobReady, film.Status, film.StatusReason)
	segments, err := jobs.ReelSegments(film.Segments)
	require.NoError(t, err)
	assert.Equal(t, []jobs.ReelSegment{{ClipID: clip.ID, Start: 1, End: 3}}, segments)
	assert.Equal(t, []int64{clip.ID}, film.ClipIds)
	item, err := store.Q.MediaGetByID(ctx, f.pool, *film.LandscapeMediaID)
	require.NoError(t, err)
	assert.InDelta(t, 2+2*media.ReelSlideSeconds, *item.Duration, 0.2, "the highlight between the slides")

	// A film the family edited into whole clips before its segments were chosen is rendered as edited.
	edited, err := store.Q.FilmCreate(ctx, f.pool, store.FilmCreateParams{AthleteID: f.athlete, Title: "March", ClipIds: []int64{},
		TitleSlide: []byte(`null`), EndSlide: []byte(`null`), Formats: []string{"landscape"}, FilmFrom: &from, FilmTo: &to, FilmSeconds: &seconds})
	require.NoError(t, err)
	_, err = store.Q.ReelUpdate(ctx, f.pool, store.ReelUpdateParams{ID: edited.ID, Title: "March, whole", ClipIds: []int64{clip.ID},
		TitleSlide: []byte(`null`), Spotlight: []byte(`[]`), Formats: []string{"landscape"}})
	require.NoError(t, err)
	res, edited = renderReel(t, f, edited.ID)
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State, "%v", res.Job.Errors)
	assert.Nil(t, edited.Segments, "the family's whole clip, not a choice")
	item, err = store.Q.MediaGetByID(ctx, f.pool, *edited.LandscapeMediaID)
	require.NoError(t, err)
	assert.InDelta(t, 4, *item.Duration, 0.2)

	_, err = f.pool.Exec(ctx, `UPDATE media_items SET highlights = '[]' WHERE id = $1`, clip.ID)
	require.NoError(t, err)
	empty, err := store.Q.FilmCreate(ctx, f.pool, store.FilmCreateParams{AthleteID: f.athlete, Title: "March again", ClipIds: []int64{},
		TitleSlide: []byte(`{"name":"Jo Lee"}`), EndSlide: []byte(`null`), Formats: []string{"landscape"},
		FilmFrom: &from, FilmTo: &to, FilmSeconds: &seconds})
	require.NoError(t, err)
	res, empty = renderReel(t, f, empty.ID)
	assert.Equal(t, rivertype.JobStateCancelled, res.Job.State, "nothing another try could mend")
	assert.Equal(t, store.JobFailed, empty.Status)
	assert.Equal(t, jobs.MsgFilmNothingToCut, empty.StatusReason)

	// A detection that never ends holds a film up for an hour at most: then it is cut from what there is.
	_, err = f.pool.Exec(ctx, `UPDATE media_items SET highlights_status = 'pending', is_favorite = true WHERE id = $1`, clip.ID)
	require.NoError(t, err)
	stuck, err := store.Q.FilmCreate(ctx, f.pool, store.FilmCreateParams{AthleteID: f.athlete, Title: "March, at last", ClipIds: []int64{},
		TitleSlide: []byte(`null`), EndSlide: []byte(`null`), Formats: []string{"landscape"}, FilmFrom: &from, FilmTo: &to, FilmSeconds: &seconds})
	require.NoError(t, err)
	_, err = f.pool.Exec(ctx, `UPDATE reels SET created_at = now() - interval '2 hours' WHERE id = $1`, stuck.ID)
	require.NoError(t, err)
	res, stuck = renderReel(t, f, stuck.ID)
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State, "%v", res.Job.Errors)
	assert.Equal(t, []int64{clip.ID}, stuck.ClipIds, "the starred clip, whole (it is shorter than 8 s)")
}
