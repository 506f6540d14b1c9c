package jobs_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/store"
	"legacylocker/store/storetest"
)

type mediaFixture struct {
	pool    *pgxpool.Pool
	storage *media.LocalStorage
	dir     string
	athlete int64
}

func newMediaFixture(t *testing.T) mediaFixture {
	t.Helper()
	pool := storetest.NewPool(t)
	ctx := context.Background()
	user, err := store.Q.UserCreate(ctx, pool, store.UserCreateParams{Email: "ana@example.com", FirstName: "Ana", LastName: "Lee"})
	require.NoError(t, err)
	athlete, err := store.Q.AthleteCreate(ctx, pool, store.AthleteCreateParams{UserID: user.ID, Name: "Jo", Sports: "Softball", GraduationYear: 2030, School: "S"})
	require.NoError(t, err)
	dir := t.TempDir()
	storage, err := media.NewLocalStorage(dir)
	require.NoError(t, err)
	return mediaFixture{pool: pool, storage: storage, dir: dir, athlete: athlete.ID}
}

// add stores a file as an upload would and inserts its row.
func (f mediaFixture) add(t *testing.T, path string) store.MediaItem {
	t.Helper()
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	kind, mimeType, ext, ok := media.Sniff(raw[:min(len(raw), media.SniffLen)])
	require.True(t, ok, "test file %s is not a recognised type", path)
	key := media.NewKey(ext)
	n, err := f.storage.Put(context.Background(), key, bytes.NewReader(raw))
	require.NoError(t, err)
	item, err := store.Q.MediaCreate(context.Background(), f.pool, store.MediaCreateParams{
		AthleteID: f.athlete, Title: filepath.Base(path), MediaDate: time.Now(), MediaType: string(kind), MimeType: mimeType,
		OriginalKey: key, FileSize: n, IsPrivate: true, Tags: []string{},
	})
	require.NoError(t, err)
	return item
}

func (f mediaFixture) process(t *testing.T, item store.MediaItem) (*rivertest.WorkResult, store.MediaItem) {
	t.Helper()
	worker := rivertest.NewWorker(t, riverpgxv5.New(f.pool), &river.Config{}, river.Worker[jobs.MediaProcessArgs](&jobs.MediaProcessWorker{Pool: f.pool, Storage: f.storage, Logger: quiet}))
	tx, err := f.pool.Begin(context.Background())
	require.NoError(t, err)
	defer tx.Rollback(context.Background()) //nolint:errcheck
	res, err := worker.Work(context.Background(), t, tx, jobs.MediaProcessArgs{MediaID: item.ID}, nil)
	require.NoError(t, err)
	after, err := store.Q.MediaGetByID(context.Background(), f.pool, item.ID)
	require.NoError(t, err)
	return res, after
}

func (f mediaFixture) files(t *testing.T) int {
	entries, err := os.ReadDir(f.dir)
	require.NoError(t, err)
	return len(entries)
}

func ffmpeg(t *testing.T, args ...string) {
	t.Helper()
	out, err := exec.Command("ffmpeg", append([]string{"-hide_banner", "-loglevel", "error", "-y"}, args...)...).CombinedOutput()
	require.NoError(t, err, string(out))
}

func probe(t *testing.T, f mediaFixture, key string) media.ProbeResult {
	t.Helper()
	path, release, err := f.storage.LocalPath(context.Background(), key)
	require.NoError(t, err)
	defer release()
	p, err := media.Probe(context.Background(), path)
	require.NoError(t, err)
	return p
}

func TestMediaProcessImage(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	img := image.NewRGBA(image.Rect(0, 0, 1200, 800))
	for x := 0; x < 1200; x += 7 {
		for y := 0; y < 800; y += 5 {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 90, 255})
		}
	}
	path := filepath.Join(t.TempDir(), "photo.jpg")
	out, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, jpeg.Encode(out, img, &jpeg.Options{Quality: 85}))
	require.NoError(t, out.Close())
	item := f.add(t, path)

	res, done := f.process(t, item)
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State)
	require.Equal(t, store.JobReady, done.Status)
	require.Equal(t, int32(1200), *done.Width)
	require.Equal(t, int32(800), *done.Height)
	require.NotNil(t, done.ThumbnailKey)
	thumb, err := f.storage.Open(context.Background(), *done.ThumbnailKey)
	require.NoError(t, err)
	decoded, err := jpeg.Decode(thumb)
	thumb.Close()
	require.NoError(t, err)
	require.Equal(t, image.Pt(480, 320), decoded.Bounds().Size())
	require.Equal(t, thumb.Size(), done.DerivedBytes)

	// A retried (or rescued) job overwrites its own outputs: same keys, no extra files.
	before := f.files(t)
	_, again := f.process(t, item)
	require.Equal(t, *done.ThumbnailKey, *again.ThumbnailKey)
	require.Equal(t, before, f.files(t))
}

func TestMediaProcessHEVCVideoGetsAPlayableRendition(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	path := filepath.Join(t.TempDir(), "IMG_2044.mov")
	ffmpeg(t, "-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=2", "-f", "lavfi", "-i", "sine=frequency=440:duration=2",
		"-c:v", "libx265", "-tag:v", "hvc1", "-preset", "ultrafast", "-x265-params", "log-level=error", "-c:a", "aac", "-shortest", path)
	item := f.add(t, path)
	require.Equal(t, "video", item.MediaType)

	res, done := f.process(t, item)
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State, "%v", res.Job.Errors)
	require.Equal(t, store.JobReady, done.Status)
	require.InDelta(t, 2.0, *done.Duration, 0.15)
	require.Equal(t, "hevc", *done.VideoCodec)
	require.NotNil(t, done.ThumbnailKey, "a poster frame")
	require.NotNil(t, done.RenditionKey, "HEVC needs an H.264 rendition")
	rendition := probe(t, f, *done.RenditionKey)
	require.Equal(t, "h264", rendition.VideoCodec)
	require.Equal(t, "aac", rendition.AudioCodec)
	require.InDelta(t, 2.0, rendition.Duration, 0.15)

	// An H.264/AAC MP4 plays as it is: no rendition.
	h264 := filepath.Join(t.TempDir(), "clip.mp4")
	ffmpeg(t, "-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=1", "-f", "lavfi", "-i", "sine=duration=1",
		"-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", h264)
	_, plain := f.process(t, f.add(t, h264))
	require.Equal(t, store.JobReady, plain.Status)
	require.Nil(t, plain.RenditionKey)
	require.NotNil(t, plain.ThumbnailKey)
}

// TestMediaProcess1080pHEVCPosterFirstThenPlayable: an iPhone-like 1080p HEVC video gets its
// poster while it is still processing (a trigger records every state the row passes through),
// then becomes ready with a 720p H.264 rendition that decodes without an error.
func TestMediaProcess1080pHEVCPosterFirstThenPlayable(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	ctx := context.Background()
	_, err := f.pool.Exec(ctx, `
		CREATE TABLE media_history (seq serial, status text, has_poster boolean, has_rendition boolean, width int);
		CREATE FUNCTION record_media() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
			INSERT INTO media_history (status, has_poster, has_rendition, width)
			VALUES (NEW.status, NEW.thumbnail_key IS NOT NULL, NEW.rendition_key IS NOT NULL, NEW.width);
			RETURN NEW;
		END $$;
		CREATE TRIGGER media_history AFTER UPDATE ON media_items FOR EACH ROW EXECUTE FUNCTION record_media();`)
	require.NoError(t, err)

	path := filepath.Join(t.TempDir(), "IMG_0031.mov")
	ffmpeg(t, "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30:duration=1", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1",
		"-c:v", "libx265", "-tag:v", "hvc1", "-preset", "ultrafast", "-x265-params", "log-level=error", "-pix_fmt", "yuv420p",
		"-c:a", "aac", "-shortest", path)
	item := f.add(t, path)

	res, done := f.process(t, item)
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State, "%v", res.Job.Errors)
	require.Equal(t, store.JobReady, done.Status)
	require.Equal(t, [2]int32{1920, 1080}, [2]int32{*done.Width, *done.Height}, "the original's size")

	rows, err := f.pool.Query(ctx, "SELECT status, has_poster, has_rendition, coalesce(width, 0) FROM media_history ORDER BY seq")
	require.NoError(t, err)
	type state struct {
		Status                  string
		HasPoster, HasRendition bool
		Width                   int
	}
	history, err := pgx.CollectRows(rows, pgx.RowToStructByPos[state])
	require.NoError(t, err)
	require.Equal(t, []state{
		{Status: "processing", HasPoster: true, HasRendition: false, Width: 1920}, // the poster, before the rendition
		{Status: "ready", HasPoster: true, HasRendition: true, Width: 1920},
	}, history)

	poster, err := f.storage.Open(ctx, *done.ThumbnailKey)
	require.NoError(t, err)
	decoded, err := jpeg.Decode(poster)
	poster.Close()
	require.NoError(t, err)
	require.Equal(t, image.Pt(480, 270), decoded.Bounds().Size())

	rendition := probe(t, f, *done.RenditionKey)
	require.Equal(t, "h264", rendition.VideoCodec)
	require.Equal(t, "yuv420p", rendition.PixelFormat)
	require.Equal(t, [2]int{1280, 720}, [2]int{rendition.Width, rendition.Height})
	require.Equal(t, "aac", rendition.AudioCodec)
	require.InDelta(t, 1.0, rendition.Duration, 0.1)
	renditionPath, release, err := f.storage.LocalPath(ctx, *done.RenditionKey)
	require.NoError(t, err)
	defer release()
	out, err := exec.Command("ffmpeg", "-nostdin", "-v", "error", "-i", renditionPath, "-f", "null", "-").CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.Empty(t, string(out), "the rendition decodes without a complaint")
}

func TestMediaProcessAudio(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	path := filepath.Join(t.TempDir(), "cheer.mp3")
	ffmpeg(t, "-f", "lavfi", "-i", "sine=frequency=600:duration=3", "-c:a", "libmp3lame", path)
	_, done := f.process(t, f.add(t, path))
	require.Equal(t, store.JobReady, done.Status)
	require.InDelta(t, 3.0, *done.Duration, 0.2)
	require.Nil(t, done.ThumbnailKey)
}

func TestMediaProcessCorruptVideoFails(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	good := filepath.Join(t.TempDir(), "good.mp4")
	ffmpeg(t, "-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=2", "-c:v", "libx264", "-pix_fmt", "yuv420p", good)
	raw, err := os.ReadFile(good)
	require.NoError(t, err)
	// Keep the header that makes it sniff as video, then garbage.
	broken := append(append([]byte{}, raw[:64]...), bytes.Repeat([]byte{0x5a}, 20_000)...)
	path := filepath.Join(t.TempDir(), "broken.mp4")
	require.NoError(t, os.WriteFile(path, broken, 0o600))

	res, done := f.process(t, f.add(t, path))
	require.Equal(t, rivertype.JobStateCancelled, res.Job.State, "a damaged file is not retried")
	require.Equal(t, store.JobFailed, done.Status)
	require.Contains(t, done.StatusReason, "damaged or unreadable")
}

func TestMediaDeleteRemovesEveryFile(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	ctx := context.Background()
	for _, key := range []string{"a1.jpg", "a1-thumb.jpg"} {
		_, err := f.storage.Put(ctx, key, bytes.NewReader([]byte("x")))
		require.NoError(t, err)
	}
	worker := rivertest.NewWorker(t, riverpgxv5.New(f.pool), &river.Config{}, river.Worker[jobs.MediaDeleteArgs](&jobs.MediaDeleteWorker{Pool: f.pool, Storage: f.storage}))
	for range 2 { // the second run finds nothing left and still succeeds
		tx, err := f.pool.Begin(ctx)
		require.NoError(t, err)
		res, err := worker.Work(ctx, t, tx, jobs.MediaDeleteArgs{Keys: []string{"a1.jpg", "a1-thumb.jpg"}}, nil)
		require.NoError(t, err)
		require.Equal(t, rivertype.JobStateCompleted, res.Job.State)
		require.NoError(t, tx.Rollback(ctx))
		require.Zero(t, f.files(t))
	}
}
