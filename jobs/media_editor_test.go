package jobs_test

import (
	"context"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/store"
)

func workMedia[T river.JobArgs](t *testing.T, f mediaFixture, w river.Worker[T], args T) *rivertest.WorkResult {
	t.Helper()
	worker := rivertest.NewWorker(t, riverpgxv5.New(f.pool), &river.Config{}, w)
	tx, err := f.pool.Begin(context.Background())
	require.NoError(t, err)
	defer tx.Rollback(context.Background()) //nolint:errcheck
	res, err := worker.Work(context.Background(), t, tx, args, nil)
	require.NoError(t, err)
	return res
}

// TestMediaHighlightsOfAQuietVideo: a video with nothing to find stores an empty list, not null (the
// editor counts the segments of a finished run).
func TestMediaHighlightsOfAQuietVideo(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "quiet.mp4")
	ffmpeg(t, "-f", "lavfi", "-i", "color=c=gray:size=160x120:rate=25:duration=4",
		"-f", "lavfi", "-i", "anullsrc=duration=4", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", path)
	item := f.add(t, path)
	_, err := f.pool.Exec(ctx, "UPDATE media_items SET status = 'ready', duration = 4 WHERE id = $1", item.ID)
	require.NoError(t, err)
	requested, err := store.Q.MediaRequestHighlights(ctx, f.pool, item.ID)
	require.NoError(t, err)

	w := &jobs.MediaHighlightsWorker{Pool: f.pool, Storage: f.storage, Logger: quiet}
	res := workMedia(t, f, river.Worker[jobs.MediaHighlightsArgs](w), jobs.MediaHighlightsArgs{MediaID: item.ID, Version: requested.HighlightsVersion})
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State, "%v", res.Job.Errors)
	done, err := store.Q.MediaGetByID(ctx, f.pool, item.ID)
	require.NoError(t, err)
	require.Equal(t, store.JobReady, done.HighlightsStatus)
	require.JSONEq(t, `[]`, string(done.Highlights))
}

func TestMediaHighlightsFindsTheLoudMoments(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "game.mp4")
	// A quiet bed with two loud crowd bursts, at 6 s and 14 s.
	ffmpeg(t, "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=20",
		"-f", "lavfi", "-i", "anoisesrc=amplitude=0.02:duration=20",
		"-f", "lavfi", "-i", "anoisesrc=amplitude=0.9:duration=20",
		"-filter_complex", "[2:a]volume=enable='between(t,6,7)+between(t,14,15)':volume=1,volume=enable='not(between(t,6,7)+between(t,14,15))':volume=0[burst];[1:a][burst]amix=inputs=2:normalize=0[a]",
		"-map", "0:v", "-map", "[a]", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", path)
	item := f.add(t, path)
	_, err := f.pool.Exec(ctx, "UPDATE media_items SET status = 'ready', duration = 20 WHERE id = $1", item.ID)
	require.NoError(t, err)
	requested, err := store.Q.MediaRequestHighlights(ctx, f.pool, item.ID)
	require.NoError(t, err)

	w := &jobs.MediaHighlightsWorker{Pool: f.pool, Storage: f.storage, Logger: quiet}
	// A job for an older request stores nothing.
	res := workMedia(t, f, river.Worker[jobs.MediaHighlightsArgs](w), jobs.MediaHighlightsArgs{MediaID: item.ID, Version: requested.HighlightsVersion - 1})
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State)
	stale, err := store.Q.MediaGetByID(ctx, f.pool, item.ID)
	require.NoError(t, err)
	require.Equal(t, store.JobPending, stale.HighlightsStatus)

	res = workMedia(t, f, river.Worker[jobs.MediaHighlightsArgs](w), jobs.MediaHighlightsArgs{MediaID: item.ID, Version: requested.HighlightsVersion})
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State, "%v", res.Job.Errors)
	done, err := store.Q.MediaGetByID(ctx, f.pool, item.ID)
	require.NoError(t, err)
	require.Equal(t, store.JobReady, done.HighlightsStatus)
	var segments []struct {
		Start, End, Score float64
		Reason            string
	}
	require.NoError(t, json.Unmarshal(done.Highlights, &segments))
	for _, burst := range []float64{6, 14} {
		found := false
		for _, s := range segments {
			found = found || (s.Start <= burst && burst <= s.End)
		}
		require.True(t, found, "a segment covers the burst at %v s: %+v", burst, segments)
	}
	for _, s := range segments {
		require.Less(t, s.Start, s.End)
		require.NotEmpty(t, s.Reason)
	}
}

func TestMediaTrimCutsAndProcessesTheClip(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	ctx := context.Background()
	source, clip := f.sourceAndClip(t, 10, 3.3, 6.1, "-c:v", "libx264", "-g", "50", "-pix_fmt", "yuv420p")
	w := &jobs.MediaTrimWorker{Pool: f.pool, Storage: f.storage, Logger: quiet}

	res := workMedia(t, f, river.Worker[jobs.MediaTrimArgs](w), jobs.MediaTrimArgs{ClipID: clip.ID})
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State, "%v", res.Job.Errors)
	// libx264's defaults have B-frames, and 3.3 s is between keyframes (2 s apart).
	require.Equal(t, jobs.TrimOutput{Mode: media.TrimSmartCut}, trimOutput(t, res), "the job's output says how the clip was cut")
	done, err := store.Q.MediaGetByID(ctx, f.pool, clip.ID)
	require.NoError(t, err)
	require.Equal(t, store.JobReady, done.Status)
	require.InDelta(t, 2.8, *done.Duration, 0.04, "the clip matches the request within one frame")
	require.NotNil(t, done.ThumbnailKey, "the clip got a poster like an upload")
	require.NotNil(t, done.LoudnessLufs, "the clip's sound was measured, for its reels")
	require.NotNil(t, done.TruePeakDbtp)
	require.InDelta(t, -21, *done.LoudnessLufs, 3, "the tone's loudness")
	require.Nil(t, done.RenditionKey, "a browser plays the clip as it is")
	require.Greater(t, done.FileSize, int64(1000), "the real size replaced the estimate")
	p := probe(t, f, done.OriginalKey)
	require.Equal(t, "h264", p.VideoCodec)
	require.Equal(t, "aac", p.AudioCodec)

	// Running it again changes nothing and adds nothing.
	files := f.files(t)
	res = workMedia(t, f, river.Worker[jobs.MediaTrimArgs](w), jobs.MediaTrimArgs{ClipID: clip.ID})
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State)
	require.Equal(t, files, f.files(t))

	// A clip whose source was deleted (the key becomes NULL) fails visibly instead of retrying.
	orphanStart, orphanEnd := 1.0, 2.0
	orphan, err := store.Q.MediaCreateClip(ctx, f.pool, store.MediaCreateClipParams{
		AthleteID: f.athlete, Title: "orphan", MediaDate: time.Now(), OriginalKey: media.NewKey(".mp4"),
		FileSize: 1, IsPrivate: true, Tags: []string{}, ClipStart: &orphanStart, ClipEnd: &orphanEnd, SourceMediaID: &source.ID,
	})
	require.NoError(t, err)
	_, err = f.pool.Exec(ctx, "UPDATE media_items SET source_media_id = NULL WHERE id = $1", orphan.ID)
	require.NoError(t, err)
	res = workMedia(t, f, river.Worker[jobs.MediaTrimArgs](w), jobs.MediaTrimArgs{ClipID: orphan.ID})
	require.Equal(t, rivertype.JobStateCancelled, res.Job.State)
	failed, err := store.Q.MediaGetByID(ctx, f.pool, orphan.ID)
	require.NoError(t, err)
	require.Equal(t, store.JobFailed, failed.Status)
	require.Equal(t, "The original video was deleted before the clip was cut.", failed.StatusReason)
}

// sourceAndClip stores a ready game video of seconds (test pattern and a tone, the video encoded with
// videoArgs, AAC audio) and a clip row of [start, end) of it, as the api makes them before the cut.
func (f mediaFixture) sourceAndClip(t *testing.T, seconds, start, end float64, videoArgs ...string) (source, clip store.MediaItem) {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "game.mp4")
	length := strconv.FormatFloat(seconds, 'f', -1, 64)
	args := []string{"-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=" + length, "-f", "lavfi", "-i", "sine=frequency=440:duration=" + length}
	ffmpeg(t, append(append(args, videoArgs...), "-c:a", "aac", "-shortest", path)...)
	source = f.add(t, path)
	_, err := f.pool.Exec(ctx, "UPDATE media_items SET status = 'ready', duration = $2 WHERE id = $1", source.ID, seconds)
	require.NoError(t, err)
	clip, err = store.Q.MediaCreateClip(ctx, f.pool, store.MediaCreateClipParams{
		AthleteID: f.athlete, Title: "game (Clip)", MediaDate: time.Now(), OriginalKey: media.NewKey(".mp4"),
		FileSize: 1, IsPrivate: true, Tags: []string{}, SourceMediaID: &source.ID, ClipStart: &start, ClipEnd: &end,
	})
	require.NoError(t, err)
	return source, clip
}

// trimOutput answers what a media_trim job recorded as its output, without its timing.
func trimOutput(t *testing.T, res *rivertest.WorkResult) jobs.TrimOutput {
	t.Helper()
	var out jobs.TrimOutput
	require.NoError(t, json.Unmarshal(res.Job.Output(), &out), "output %s", res.Job.Output())
	require.Positive(t, out.CutSeconds)
	out.CutSeconds = 0
	return out
}

func TestMediaTrimRecordsWhyItReencoded(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	ctx := context.Background()
	// MPEG-4 Part 2 in MP4: a browser cannot play it, so neither copy nor smart cut applies.
	_, clip := f.sourceAndClip(t, 6, 2, 4, "-c:v", "mpeg4", "-g", "50")
	w := &jobs.MediaTrimWorker{Pool: f.pool, Storage: f.storage, Logger: quiet}

	res := workMedia(t, f, river.Worker[jobs.MediaTrimArgs](w), jobs.MediaTrimArgs{ClipID: clip.ID})
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State, "%v", res.Job.Errors)
	out := trimOutput(t, res)
	require.Equal(t, media.TrimReencode, out.Mode)
	require.Contains(t, out.Fallback, "the video is mpeg4: a smart cut takes H.264 and HEVC", "the reason is there for an operator")
	done, err := store.Q.MediaGetByID(ctx, f.pool, clip.ID)
	require.NoError(t, err)
	require.Equal(t, store.JobReady, done.Status)
	require.InDelta(t, 2, *done.Duration, 0.04)
	require.Equal(t, "h264", probe(t, f, done.OriginalKey).VideoCodec)
}

// TestMediaTrimOfHEVCCutsTheRenditionToo: an iPhone's HEVC is smart-cut into an HEVC clip (the
// full-quality download), and the clip's browser-playable version is smart-cut from the
// original's 720p H.264 rendition over the same range, not encoded again from the clip.
func TestMediaTrimOfHEVCCutsTheRenditionToo(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	ctx := context.Background()
	source, clip := f.sourceAndClip(t, 8, 3.3, 6.1, "-c:v", "libx265", "-preset", "ultrafast", "-tag:v", "hvc1", "-g", "50",
		"-x265-params", "log-level=error:open-gop=0:bframes=3")
	_, source = f.process(t, source)
	require.Equal(t, store.JobReady, source.Status)
	require.NotNil(t, source.RenditionKey, "the original got its rendition on upload")
	w := &jobs.MediaTrimWorker{Pool: f.pool, Storage: f.storage, Logger: quiet}

	res := workMedia(t, f, river.Worker[jobs.MediaTrimArgs](w), jobs.MediaTrimArgs{ClipID: clip.ID})
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State, "%v", res.Job.Errors)
	require.Equal(t, jobs.TrimOutput{Mode: media.TrimSmartCut, RenditionMode: media.TrimSmartCut}, trimOutput(t, res),
		"both cut, not encoded again (the rendition has a keyframe at 4 s)")
	done, err := store.Q.MediaGetByID(ctx, f.pool, clip.ID)
	require.NoError(t, err)
	require.Equal(t, store.JobReady, done.Status)
	require.InDelta(t, 2.8, *done.Duration, 0.04)
	require.Equal(t, "hevc", *done.VideoCodec)
	require.Equal(t, "hevc", probe(t, f, done.OriginalKey).VideoCodec, "the clip keeps the original's codec and quality")
	require.NotNil(t, done.ThumbnailKey)
	require.NotNil(t, done.RenditionKey, "a browser plays the clip's rendition")
	play := probe(t, f, *done.RenditionKey)
	require.False(t, media.NeedsRendition(play), "%+v", play)
	require.InDelta(t, 2.8, play.Duration, 0.04, "the rendition covers the same range")
	require.Equal(t, 320, play.Width, "as the original's rendition: never scaled up")
	path, release, err := f.storage.LocalPath(ctx, *done.RenditionKey)
	require.NoError(t, err)
	defer release()
	out, err := exec.Command("ffmpeg", "-nostdin", "-v", "error", "-i", path, "-map", "0", "-f", "null", "-").CombinedOutput()
	require.NoError(t, err)
	require.Empty(t, string(out), "the rendition decodes without a complaint")

	// Running it again changes nothing and adds nothing.
	files := f.files(t)
	res = workMedia(t, f, river.Worker[jobs.MediaTrimArgs](w), jobs.MediaTrimArgs{ClipID: clip.ID})
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State)
	require.Equal(t, files, f.files(t))
}

// TestMediaTrimOfHEVCWithoutTheOriginalsRendition: when the original's rendition cannot be read,
// the clip's rendition is made from the clip, as for an upload, and the job's output says why.
func TestMediaTrimOfHEVCWithoutTheOriginalsRendition(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	ctx := context.Background()
	source, clip := f.sourceAndClip(t, 6, 2.3, 4.1, "-c:v", "libx265", "-preset", "ultrafast", "-tag:v", "hvc1", "-g", "50",
		"-x265-params", "log-level=error:open-gop=0:bframes=3")
	_, source = f.process(t, source)
	require.NotNil(t, source.RenditionKey)
	require.NoError(t, f.storage.Delete(ctx, *source.RenditionKey))
	w := &jobs.MediaTrimWorker{Pool: f.pool, Storage: f.storage, Logger: quiet}

	res := workMedia(t, f, river.Worker[jobs.MediaTrimArgs](w), jobs.MediaTrimArgs{ClipID: clip.ID})
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State, "%v", res.Job.Errors)
	out := trimOutput(t, res)
	require.Equal(t, media.TrimSmartCut, out.Mode, out.Fallback)
	require.Empty(t, out.RenditionMode)
	require.Contains(t, out.RenditionFallback, "reading the original's rendition")
	done, err := store.Q.MediaGetByID(ctx, f.pool, clip.ID)
	require.NoError(t, err)
	require.Equal(t, store.JobReady, done.Status)
	require.NotNil(t, done.RenditionKey, "made from the clip")
	play := probe(t, f, *done.RenditionKey)
	require.False(t, media.NeedsRendition(play))
	require.InDelta(t, 1.8, play.Duration, 0.04)
}
