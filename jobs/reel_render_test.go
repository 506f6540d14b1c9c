package jobs_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/store"
)

// readyClip files a 2 s 320×240 H.264/AAC clip in the fixture's library, processed.
func readyClip(t *testing.T, f mediaFixture, pattern string) store.MediaItem {
	t.Helper()
	return readyClipOf(t, f, pattern, 2)
}

// readyClipOf is readyClip of a clip seconds long.
func readyClipOf(t *testing.T, f mediaFixture, pattern string, seconds int) store.MediaItem {
	t.Helper()
	path := filepath.Join(t.TempDir(), pattern+".mp4")
	ffmpeg(t, "-f", "lavfi", "-i", fmt.Sprintf("%s=size=320x240:rate=30:duration=%d", pattern, seconds),
		"-f", "lavfi", "-i", fmt.Sprintf("sine=frequency=440:duration=%d", seconds),
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", path)
	_, item := f.process(t, f.add(t, path))
	require.Equal(t, store.JobReady, item.Status)
	return item
}

func renderReel(t *testing.T, f mediaFixture, reelID int64) (*rivertest.WorkResult, store.Reel) {
	t.Helper()
	ctx := context.Background()
	worker := rivertest.NewWorker(t, riverpgxv5.New(f.pool), &river.Config{}, river.Worker[jobs.ReelRenderArgs](&jobs.ReelRenderWorker{Pool: f.pool, Storage: f.storage, Logger: quiet}))
	tx, err := f.pool.Begin(ctx)
	require.NoError(t, err)
	defer tx.Rollback(ctx) //nolint:errcheck
	res, err := worker.Work(ctx, t, tx, jobs.ReelRenderArgs{ReelID: reelID}, nil)
	require.NoError(t, err)
	reel, err := store.Q.ReelGetByID(ctx, f.pool, reelID)
	require.NoError(t, err)
	return res, reel
}

func reelItemCount(t *testing.T, f mediaFixture) int {
	t.Helper()
	var n int
	require.NoError(t, f.pool.QueryRow(context.Background(), "SELECT count(*) FROM media_items WHERE 'reel' = ANY(tags)").Scan(&n))
	return n
}

// TestReelRenderFilesOneVideoPerFormatAndRerendersIntoThem: three clips become a landscape and a
// vertical reel, filed in the library as ready videos with posters; running the job again changes
// nothing; an edit that drops the vertical format renders again into the same landscape item (its
// old files queued for deletion) and deletes the vertical one.
func TestReelRenderFilesOneVideoPerFormatAndRerendersIntoThem(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newMediaFixture(t)
	clips := []store.MediaItem{readyClip(t, f, "testsrc"), readyClip(t, f, "testsrc2"), readyClip(t, f, "smptebars")}
	ids := []int64{clips[2].ID, clips[0].ID, clips[1].ID}
	reel, err := store.Q.ReelCreate(ctx, f.pool, store.ReelCreateParams{AthleteID: f.athlete, Title: "Jo's season", ClipIds: ids,
		TitleSlide: []byte(`{"name":"Jo Lee","number":"7","position":"Pitcher","classYear":"2030","school":"S","contact":"jo@example.com"}`),
		Spotlight:  []byte(fmt.Sprintf(`[{"clipId":%d,"at":0.5,"x":0.5,"y":0.5,"seconds":1}]`, clips[0].ID)),
		Formats:    []string{"landscape", "vertical"}})
	require.NoError(t, err)

	res, reel := renderReel(t, f, reel.ID)
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State, "%v", res.Job.Errors)
	require.Equal(t, store.JobReady, reel.Status, reel.StatusReason)
	require.NotNil(t, reel.LandscapeMediaID)
	require.NotNil(t, reel.VerticalMediaID)
	assert.InDelta(t, 1, *reel.Progress, 1e-9)
	for format, id := range map[string]int64{"landscape": *reel.LandscapeMediaID, "vertical": *reel.VerticalMediaID} {
		item, err := store.Q.MediaGetByID(ctx, f.pool, id)
		require.NoError(t, err)
		assert.Equal(t, store.JobReady, item.Status, format)
		assert.Equal(t, "video", item.MediaType, format)
		assert.NotNil(t, item.ThumbnailKey, format)
		assert.True(t, item.IsPrivate, "%s: its clips are private", format)
		assert.InDelta(t, 9, *item.Duration, 0.2, format)
		p := probe(t, f, item.OriginalKey)
		want := [2]int{320, 240}
		if format == "vertical" {
			want = [2]int{1080, 1920}
		}
		assert.Equal(t, want, [2]int{p.Width, p.Height}, format)
	}
	files := f.files(t)

	_, again := renderReel(t, f, reel.ID)
	assert.Equal(t, reel.LandscapeMediaID, again.LandscapeMediaID)
	assert.Equal(t, 2, reelItemCount(t, f), "a second run files nothing more")
	assert.Equal(t, files, f.files(t))

	landscape, err := store.Q.MediaGetByID(ctx, f.pool, *reel.LandscapeMediaID)
	require.NoError(t, err)
	vertical, err := store.Q.MediaGetByID(ctx, f.pool, *reel.VerticalMediaID)
	require.NoError(t, err)
	edited, err := store.Q.ReelUpdate(ctx, f.pool, store.ReelUpdateParams{ID: reel.ID, Title: "Jo's best", ClipIds: ids[:2],
		TitleSlide: reel.TitleSlide, Spotlight: []byte(`[]`), Formats: []string{"landscape"}})
	require.NoError(t, err)
	require.Equal(t, store.JobPending, edited.Status)
	_, edited = renderReel(t, f, reel.ID)
	require.Equal(t, store.JobReady, edited.Status, edited.StatusReason)
	assert.Equal(t, reel.LandscapeMediaID, edited.LandscapeMediaID, "the same item, so its links keep working")
	assert.Nil(t, edited.VerticalMediaID)
	assert.Equal(t, 1, reelItemCount(t, f))
	after, err := store.Q.MediaGetByID(ctx, f.pool, *edited.LandscapeMediaID)
	require.NoError(t, err)
	assert.Equal(t, "Jo's best", after.Title)
	assert.NotEqual(t, landscape.OriginalKey, after.OriginalKey)
	assert.InDelta(t, 7, *after.Duration, 0.2, "the slide and two clips")
	for _, key := range []string{landscape.OriginalKey, *landscape.ThumbnailKey, vertical.OriginalKey} {
		var queued bool
		require.NoError(t, f.pool.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM river_job WHERE kind = 'media_delete' AND args->'keys' ? $1)", key).Scan(&queued))
		assert.True(t, queued, "%s queued for deletion", key)
	}
}

// TestReelRenderFailsWhenAClipIsGone: a clip deleted after the reel was asked for fails the reel at
// once, saying which clip, instead of retrying.
func TestReelRenderFailsWhenAClipIsGone(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newMediaFixture(t)
	clip := readyClip(t, f, "testsrc")
	reel, err := store.Q.ReelCreate(ctx, f.pool, store.ReelCreateParams{AthleteID: f.athlete, Title: "R", ClipIds: []int64{clip.ID, clip.ID + 1000},
		TitleSlide: []byte(`{}`), Spotlight: []byte(`[]`), Formats: []string{"landscape"}})
	require.NoError(t, err)
	res, reel := renderReel(t, f, reel.ID)
	assert.Equal(t, rivertype.JobStateCancelled, res.Job.State)
	assert.Equal(t, store.JobFailed, reel.Status)
	assert.Equal(t, "Clip 2 is no longer a ready video in the library. Edit the reel to choose another.", reel.StatusReason)
}

// TestReelLevelsClipsFromTheirKeptLoudness: processing a clip keeps its loudness; a reel levels a
// clip from what was kept rather than measuring it again, and measures (and keeps) the loudness of
// a clip processed before it was kept.
func TestReelLevelsClipsFromTheirKeptLoudness(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newMediaFixture(t)
	kept, unkept := readyClip(t, f, "testsrc"), readyClip(t, f, "testsrc2")
	require.NotNil(t, kept.LoudnessLufs, "processing measured the clip's sound")
	require.NotNil(t, kept.TruePeakDbtp)
	actual := media.Loudness{Integrated: *kept.LoudnessLufs, TruePeak: *kept.TruePeakDbtp}
	assert.InDelta(t, -21, actual.Integrated, 3, "a sine at ffmpeg's default 1/8 amplitude")

	// What is kept is what a reel believes: 12 LU louder than the truth makes a reel 12 dB too quiet.
	claimed := media.Loudness{Integrated: actual.Integrated + 12, TruePeak: actual.TruePeak + 12}
	_, err := f.pool.Exec(ctx, "UPDATE media_items SET loudness_lufs = $2, true_peak_dbtp = $3 WHERE id = $1", kept.ID, claimed.Integrated, claimed.TruePeak)
	require.NoError(t, err)
	_, err = f.pool.Exec(ctx, "UPDATE media_items SET loudness_lufs = NULL, true_peak_dbtp = NULL WHERE id = $1", unkept.ID)
	require.NoError(t, err)

	reel, err := store.Q.ReelCreate(ctx, f.pool, store.ReelCreateParams{AthleteID: f.athlete, Title: "Levels", ClipIds: []int64{kept.ID},
		TitleSlide: []byte(`null`), Spotlight: []byte(`[]`), Formats: []string{"landscape"}})
	require.NoError(t, err)
	_, reel = renderReel(t, f, reel.ID)
	require.Equal(t, store.JobReady, reel.Status, reel.StatusReason)
	item, err := store.Q.MediaGetByID(ctx, f.pool, *reel.LandscapeMediaID)
	require.NoError(t, err)
	require.NotNil(t, item.LoudnessLufs, "the reel's own video is measured as it is filed")
	assert.InDelta(t, actual.Integrated+claimed.ReelGain(), *item.LoudnessLufs, 1, "levelled by the kept loudness, not a new measurement")
	assert.Less(t, *item.LoudnessLufs, media.ReelLoudnessTarget-6)

	reel, err = store.Q.ReelCreate(ctx, f.pool, store.ReelCreateParams{AthleteID: f.athlete, Title: "Measures", ClipIds: []int64{unkept.ID},
		TitleSlide: []byte(`null`), Spotlight: []byte(`[]`), Formats: []string{"landscape"}})
	require.NoError(t, err)
	_, reel = renderReel(t, f, reel.ID)
	require.Equal(t, store.JobReady, reel.Status, reel.StatusReason)
	after, err := store.Q.MediaGetByID(ctx, f.pool, unkept.ID)
	require.NoError(t, err)
	require.NotNil(t, after.LoudnessLufs, "the reel kept the loudness it measured")
	assert.InDelta(t, actual.Integrated, *after.LoudnessLufs, 0.5)
	item, err = store.Q.MediaGetByID(ctx, f.pool, *reel.LandscapeMediaID)
	require.NoError(t, err)
	assert.InDelta(t, media.ReelLoudnessTarget, *item.LoudnessLufs, 1)
}
