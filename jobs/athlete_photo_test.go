package jobs_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
	"legacylocker/media/cards"
	"legacylocker/store"
)

// photoGreen is the colour of the test's athlete photo: nothing a card template or a report draws.
var photoGreen = color.RGBA{40, 170, 90, 255}

// solidJPEG is a w × h photo of one colour.
func solidJPEG(t *testing.T, c color.RGBA, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(c), image.Point{}, draw.Src)
	var out bytes.Buffer
	require.NoError(t, jpeg.Encode(&out, img, &jpeg.Options{Quality: 95}))
	return out.Bytes()
}

// near says whether got is want give or take JPEG's rounding.
func near(got color.Color, want color.RGBA) bool {
	r, g, b, _ := got.RGBA()
	d := func(a uint32, b uint8) int { return max(int(a>>8)-int(b), int(b)-int(a>>8)) }
	return d(r, want.R) <= 12 && d(g, want.G) <= 12 && d(b, want.B) <= 12
}

// athleteHasPhoto uploads and cuts a green photo of the fixture's athlete, as the api and the
// profile_photo job do.
func (f mediaFixture) athleteHasPhoto(t *testing.T) {
	t.Helper()
	photo, _ := f.addPhoto(t, solidJPEG(t, photoGreen, 800, 600))
	_, done := f.cutPhoto(t, photo.ID)
	require.Equal(t, store.JobReady, done.Status, done.StatusReason)
}

// drawCards creates an achievement and works its achievement_card job; it answers the feed card.
func (f mediaFixture) drawCards(t *testing.T, title string) (store.Achievement, image.Image) {
	t.Helper()
	ctx := context.Background()
	a, err := store.Q.AchievementCreate(ctx, f.pool, store.AchievementCreateParams{AthleteID: f.athlete, Title: title,
		AchievedOn: time.Date(2026, 5, 2, 0, 0, 0, 0, time.UTC), Category: "game", Stats: []byte(`{"hits": 3}`), Template: "standard"})
	require.NoError(t, err)
	return a, f.redrawCards(t, a.ID)
}

func (f mediaFixture) redrawCards(t *testing.T, id int64) image.Image {
	t.Helper()
	w := &jobs.AchievementCardWorker{Pool: f.pool, Storage: f.storage, Logger: quiet}
	res := workMedia(t, f, river.Worker[jobs.AchievementCardArgs](w), jobs.AchievementCardArgs{AchievementID: id})
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State, "%v", res.Job.Errors)
	a, err := store.Q.AchievementGetByID(context.Background(), f.pool, id)
	require.NoError(t, err)
	require.Equal(t, store.JobReady, a.CardStatus, a.CardReason)
	require.NotNil(t, a.FeedKey)
	img, err := png.Decode(bytes.NewReader(f.stored(t, *a.FeedKey)))
	require.NoError(t, err)
	return img
}

// TestAchievementCardShowsTheAthletesPhoto: a card drawn while the athlete has no photo keeps the
// template's footer; once the photo is ready, a new card shows it in the footer's circle, and an
// older card takes it the next time it is drawn (its content hash names the photo).
func TestAchievementCardShowsTheAthletesPhoto(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	avatar := cards.AvatarRect(cards.Feed)
	centre := image.Pt((avatar.Min.X+avatar.Max.X)/2, (avatar.Min.Y+avatar.Max.Y)/2)

	before, plain := f.drawCards(t, "Three hits")
	require.False(t, near(plain.At(centre.X, centre.Y), photoGreen), "no photo yet: %v", plain.At(centre.X, centre.Y))

	f.athleteHasPhoto(t)
	_, withPhoto := f.drawCards(t, "Walk-off double")
	assert.True(t, near(withPhoto.At(centre.X, centre.Y), photoGreen), "the photo in the footer: %v", withPhoto.At(centre.X, centre.Y))
	footerTop := cards.Feed.Height - 190
	assert.False(t, near(withPhoto.At(centre.X, footerTop-40), photoGreen), "and only there")

	_, err := f.pool.Exec(context.Background(), `UPDATE achievements SET card_status = 'pending' WHERE id = $1`, before.ID) // saved again
	require.NoError(t, err)
	redrawn := f.redrawCards(t, before.ID)
	assert.True(t, near(redrawn.At(centre.X, centre.Y), photoGreen), "drawn again, the older card shows it too")
}

// TestStatsReportHeaderShowsTheAthletesPhoto: the report's header draws the athlete's photo at the
// top left with the name beside it, not over it; without a photo (or with one fpdf cannot embed)
// the name starts at the margin.
func TestStatsReportHeaderShowsTheAthletesPhoto(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	ctx := context.Background()
	report := func() []byte {
		t.Helper()
		r, err := store.Q.StatsReportCreate(ctx, f.pool, store.StatsReportCreateParams{AthleteID: f.athlete})
		require.NoError(t, err)
		w := river.Worker[jobs.StatsReportArgs](&jobs.StatsReportWorker{Pool: f.pool, Storage: f.storage, Logger: quiet})
		res := workMedia(t, f, w, jobs.StatsReportArgs{ReportID: r.ID})
		require.Equal(t, rivertype.JobStateCompleted, res.Job.State, "%v", res.Job.Errors)
		done, err := store.Q.StatsReportGetByID(ctx, f.pool, r.ID)
		require.NoError(t, err)
		require.NotNil(t, done.MediaID)
		item, err := store.Q.MediaGetByID(ctx, f.pool, *done.MediaID)
		require.NoError(t, err)
		return f.stored(t, item.OriginalKey)
	}
	// At 100 dpi, the photo's circle (22 mm from the 10 mm margins) is centred at 21 mm: pixel 82.
	const dpi, centre = 100, 82

	plain := pdfPage(t, report(), dpi)
	assert.False(t, near(plain.At(centre, centre), photoGreen))
	assert.Less(t, nameLeft(t, report(), "Jo"), 12.0*72/25.4+1, "no photo: the name at the margin")

	f.athleteHasPhoto(t)
	pdf := report()
	page := pdfPage(t, pdf, dpi)
	assert.True(t, near(page.At(centre, centre), photoGreen), "the photo in the header: %v", page.At(centre, centre))
	corner := 41 // 10.5 mm: inside the photo's square, outside its circle
	assert.False(t, near(page.At(corner, corner), photoGreen), "round: %v", page.At(corner, corner))
	assert.Greater(t, nameLeft(t, pdf, "Jo"), 32.0*72/25.4, "the name beside the photo")

	unreadable := jobs.ReportData{Athlete: store.Athlete{Name: "Jo"}, Photo: []byte("\xFF\xD8\xFF not a JPEG")}
	var out bytes.Buffer
	require.NoError(t, jobs.RenderStatsReport(&out, unreadable), "a photo that cannot be embedded leaves the header without it")
	assert.Less(t, nameLeft(t, out.Bytes(), "Jo"), 12.0*72/25.4+1)
}

// pdfPage renders a PDF's first page with pdftoppm (poppler-utils, as the media pipeline does).
func pdfPage(t *testing.T, pdf []byte, dpi int) image.Image {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "report.pdf")
	require.NoError(t, os.WriteFile(in, pdf, 0o600))
	out, err := exec.Command("pdftoppm", "-f", "1", "-l", "1", "-singlefile", "-png", "-r", strconv.Itoa(dpi), in, filepath.Join(dir, "page")).CombinedOutput()
	require.NoError(t, err, string(out))
	raw, err := os.ReadFile(filepath.Join(dir, "page.png"))
	require.NoError(t, err)
	img, err := png.Decode(bytes.NewReader(raw))
	require.NoError(t, err)
	return img
}

// nameLeft is where (in points from the left edge) pdftotext finds the word on the first page.
func nameLeft(t *testing.T, pdf []byte, word string) float64 {
	t.Helper()
	cmd := exec.Command("pdftotext", "-f", "1", "-l", "1", "-bbox", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	require.NoError(t, err)
	m := regexp.MustCompile(fmt.Sprintf(`<word xMin="([0-9.]+)"[^>]*>%s</word>`, regexp.QuoteMeta(word))).FindSubmatch(out)
	require.NotNil(t, m, "%q not on the first page:\n%s", word, out)
	x, err := strconv.ParseFloat(string(m[1]), 64)
	require.NoError(t, err)
	return x
}
