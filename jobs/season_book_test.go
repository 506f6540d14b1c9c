package jobs_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/store"
)

// seasonBookWith makes a book of spring 2026 with one family clip in it, whose poster is stored.
func seasonBookWith(t *testing.T, f mediaFixture) (store.SeasonBook, int64) {
	t.Helper()
	ctx := context.Background()
	var poster bytes.Buffer
	img := image.NewRGBA(image.Rect(0, 0, 160, 90))
	for i := range img.Pix {
		img.Pix[i] = 200
	}
	img.Set(5, 5, color.Black)
	require.NoError(t, jpeg.Encode(&poster, img, nil))
	_, err := f.storage.Put(ctx, "clip-thumb.jpg", bytes.NewReader(poster.Bytes()))
	require.NoError(t, err)
	var clip int64
	require.NoError(t, f.pool.QueryRow(ctx, `INSERT INTO media_items (athlete_id, title, media_date, media_type, mime_type, original_key, file_size,
		thumbnail_key, status, is_private) VALUES ($1, 'Walk-off double', '2026-04-11', 'video', 'video/mp4', 'clip.mp4', 1, 'clip-thumb.jpg', 'ready', false)
		RETURNING id`, f.athlete).Scan(&clip))
	book, err := store.Q.SeasonBookCreate(ctx, f.pool, store.SeasonBookCreateParams{AthleteID: f.athlete, Title: "Spring 2026",
		FromDate: time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), ToDate: time.Date(2026, 6, 30, 0, 0, 0, 0, time.UTC),
		IncludeJournal: true, IncludeMilestones: true, IncludeStats: true, IncludeAchievements: true, IncludeMedia: true})
	require.NoError(t, err)
	return book, clip
}

// TestSeasonBookRescuedMakesOneItem: a book whose first attempt died after it stored the PDF and gave
// the clip its link, but before it filed the PDF, is finished by the next attempt with the same link
// into the same file; an attempt after that changes nothing.
func TestSeasonBookRescuedMakesOneItem(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	ctx := context.Background()
	book, clip := seasonBookWith(t, f)
	w := river.Worker[jobs.SeasonBookArgs](&jobs.SeasonBookWorker{Pool: f.pool, Storage: f.storage, AppURL: "https://legacylocker.example", Logger: quiet})
	res := workMedia(t, f, w, jobs.SeasonBookArgs{BookID: book.ID})
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State, "%v", res.Job.Errors)
	shareCode := func() string {
		item, err := store.Q.MediaGetByID(ctx, f.pool, clip)
		require.NoError(t, err)
		require.NotNil(t, item.ShareCode)
		return *item.ShareCode
	}
	first := shareCode()

	// The dead attempt: its file is stored and its clip shared, but what it filed never committed.
	_, err := f.pool.Exec(ctx, `UPDATE season_books SET status = 'processing', media_id = NULL WHERE id = $1`, book.ID)
	require.NoError(t, err)
	_, err = f.pool.Exec(ctx, `DELETE FROM media_items WHERE media_type = 'pdf'`)
	require.NoError(t, err)
	for range 2 {
		res := workMedia(t, f, w, jobs.SeasonBookArgs{BookID: book.ID})
		require.Equal(t, rivertype.JobStateCompleted, res.Job.State, "%v", res.Job.Errors)
	}
	assert.Equal(t, first, shareCode(), "the printed code keeps opening the same link")
	assert.Equal(t, 1, countRows(t, f.pool, "SELECT count(*) FROM media_items WHERE media_type = 'pdf'"), "one book in the library")
	assert.Len(t, filesWithPrefix(t, f.dir, ""), 2, "one PDF stored, beside the clip's poster")
	done, err := store.Q.SeasonBookGetByID(ctx, f.pool, book.ID)
	require.NoError(t, err)
	assert.Equal(t, store.JobReady, done.Status)
}

// TestSeasonBookDrawsWhatItIsGiven: the cover's photo and each clip's still and code are pictures in
// the PDF; text outside the PDF fonts' alphabet (an emoji) does not stop the book; a picture that is
// not the image it claims to be is left out rather than failing it.
func TestSeasonBookDrawsWhatItIsGiven(t *testing.T) {
	t.Parallel()
	var jpg bytes.Buffer
	require.NoError(t, jpeg.Encode(&jpg, image.NewGray(image.Rect(0, 0, 64, 48)), nil))
	day := time.Date(2026, 4, 11, 0, 0, 0, 0, time.UTC)
	data := jobs.SeasonBookData{
		Book:  store.SeasonBook{Title: "Spring 2026", FromDate: day.AddDate(0, -1, 0), ToDate: day.AddDate(0, 2, 0)},
		Photo: jpg.Bytes(),
		Moments: []jobs.BookMoment{
			{Kind: jobs.MomentEntry, Day: day, Title: "Walk-off 🎉", Text: "We won, café con leche after.", AIText: "A polished telling."},
			{Kind: jobs.MomentAchievement, Day: day, Title: "All-Conference", Label: "award", Card: []byte("not a png")},
		},
		Clips: []jobs.BookClip{{Title: "Walk-off double", Day: day, Still: jpg.Bytes(), ShareURL: "https://legacylocker.example/share/abc", QR: nil}},
	}
	var pdf bytes.Buffer
	require.NoError(t, jobs.RenderSeasonBook(&pdf, data))
	cmd := exec.Command("pdftotext", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf.Bytes())
	text, err := cmd.Output()
	require.NoError(t, err)
	for _, want := range []string{"Walk-off", "café con leche", "AS POLISHED BY AI", "A polished telling.", "All-Conference", "Walk-off double",
		"This book holds 1 journal entry, 1 achievement and 1 clip."} {
		assert.Contains(t, string(text), want)
	}
	file := filepath.Join(t.TempDir(), "book.pdf")
	require.NoError(t, os.WriteFile(file, pdf.Bytes(), 0o600))
	images, err := exec.Command("pdfimages", "-list", file).Output()
	require.NoError(t, err, "pdfimages (poppler-utils) lists the pictures")
	assert.Len(t, strings.Split(strings.TrimSpace(string(images)), "\n")[2:], 2, "the cover photo and the still: %s", images)
}

// TestSeasonBookDeletedWhileDrawnLeavesNothing: a book deleted while its job draws it files no PDF
// and leaves no file behind.
func TestSeasonBookDeletedWhileDrawnLeavesNothing(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	book, _ := seasonBookWith(t, f)
	var data jobs.SeasonBookData
	data.Book = book
	var pdf bytes.Buffer
	require.NoError(t, jobs.RenderSeasonBook(&pdf, data), "an empty season still makes a book")
	cmd := exec.Command("pdftotext", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf.Bytes())
	text, err := cmd.Output()
	require.NoError(t, err)
	assert.Contains(t, string(text), "A quiet season in these pages.")

	// The job loads the book, then the family deletes it before the job files its PDF: the worker
	// finds it gone in the same transaction that would have filed it.
	storage := deletingStorage{LocalStorage: f.storage, pool: f.pool, book: book.ID}
	worker := river.Worker[jobs.SeasonBookArgs](&jobs.SeasonBookWorker{Pool: f.pool, Storage: storage, AppURL: "https://legacylocker.example", Logger: quiet})
	res := workMedia(t, f, worker, jobs.SeasonBookArgs{BookID: book.ID})
	assert.Equal(t, rivertype.JobStateCancelled, res.Job.State)
	assert.Equal(t, 0, countRows(t, f.pool, "SELECT count(*) FROM media_items WHERE media_type = 'pdf'"))
	assert.Len(t, filesWithPrefix(t, f.dir, ""), 1, "only the clip's poster is left")
}

// deletingStorage is the real storage, with the family deleting the book at the moment its PDF is
// stored: after the job loaded the book, before it files the PDF.
type deletingStorage struct {
	*media.LocalStorage
	pool *pgxpool.Pool
	book int64
}

func (s deletingStorage) Put(ctx context.Context, key string, r io.Reader) (int64, error) {
	if strings.HasSuffix(key, ".pdf") {
		if _, err := s.pool.Exec(ctx, `DELETE FROM season_books WHERE id = $1`, s.book); err != nil {
			return 0, err
		}
	}
	return s.LocalStorage.Put(ctx, key, r)
}
