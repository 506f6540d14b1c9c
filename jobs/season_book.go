package jobs

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	qrcode "github.com/skip2/go-qrcode"

	"legacylocker/media"
	"legacylocker/store"
)

// SeasonBookArgs draws one Season Story book.
type SeasonBookArgs struct {
	BookID int64 `json:"book_id"`
}

func (SeasonBookArgs) Kind() string { return "season_book" }

func (SeasonBookArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, MaxAttempts: 5}
}

// SeasonBookWorker draws a season's book as a PDF (go-pdf/fpdf, as the stats report) and files it
// in the media library as a PDF item, which media_process then previews like an upload. Each clip
// it prints gets a public share link, so its QR code opens the clip: the share dialog's rule decides
// which may (store.PubliclyShareable), and a private clip is made shareable only with the owner's
// consent, which the book recorded when the owner asked for it.
type SeasonBookWorker struct {
	river.WorkerDefaults[SeasonBookArgs]
	Pool    *pgxpool.Pool
	Storage media.Storage
	AppURL  string
	Logger  *slog.Logger
}

func (w *SeasonBookWorker) Timeout(*river.Job[SeasonBookArgs]) time.Duration {
	return 3 * time.Minute
}

func (w *SeasonBookWorker) Work(ctx context.Context, job *river.Job[SeasonBookArgs]) error {
	book, err := loadRecord(ctx, w.Pool, "season book", job.Args.BookID, store.Q.SeasonBookGetByID)
	if err != nil {
		return err
	}
	if !book.Status.Working() {
		return nil
	}
	data, err := w.loadBook(ctx, book)
	if err != nil {
		return err
	}
	var pdf bytes.Buffer
	if err := RenderSeasonBook(&pdf, data); err != nil {
		return giveUpOrRetry(job.JobRow, err, true, func() error {
			_, err := store.Q.SeasonBookFinish(ctx, w.Pool, store.SeasonBookFinishParams{ID: book.ID, Status: store.JobFailed, StatusReason: "The book could not be drawn."})
			return err
		})
	}
	// The key is the book's own, so a retried job overwrites its file instead of leaving one behind.
	sum := sha256.Sum256(fmt.Appendf(nil, "season-book/%d/%d", book.ID, book.CreatedAt.UnixNano()))
	key := hex.EncodeToString(sum[:16]) + ".pdf"
	size, err := w.Storage.Put(ctx, key, bytes.NewReader(pdf.Bytes()))
	if err != nil {
		return fmt.Errorf("storing the book: %w", err)
	}
	client, err := river.ClientFromContextSafely[pgx.Tx](ctx)
	if err != nil {
		return fmt.Errorf("finding the job client: %w", err)
	}
	err = store.WithTx(ctx, w.Pool, func(tx pgx.Tx) error {
		item, err := store.Q.MediaCreate(ctx, tx, store.MediaCreateParams{
			AthleteID: book.AthleteID, UploadedBy: book.CreatedBy,
			Title:       book.Title,
			Description: fmt.Sprintf("The Season Story of %s, %s.", data.Athlete.Name, seasonSpan(book.FromDate, book.ToDate)),
			MediaDate:   book.ToDate, MediaType: string(media.KindPDF), MimeType: "application/pdf",
			OriginalKey: key, FileSize: size, IsPrivate: true, Tags: []string{"season story"},
		})
		if err != nil {
			return fmt.Errorf("filing the book: %w", err)
		}
		if _, err := client.InsertTx(ctx, tx, MediaProcessArgs{MediaID: item.ID}, nil); err != nil {
			return fmt.Errorf("enqueueing media_process: %w", err)
		}
		n, err := store.Q.SeasonBookFinish(ctx, tx, store.SeasonBookFinishParams{ID: book.ID, Status: store.JobReady, MediaID: &item.ID})
		if err == nil && n == 0 {
			return errBookDeleted
		}
		return err
	})
	if errors.Is(err, errBookDeleted) {
		// Deleted while it was drawn: no library item was filed, so its file goes too.
		return river.JobCancel(errors.Join(err, w.Storage.Delete(ctx, key)))
	}
	return err
}

var errBookDeleted = errors.New("the book was deleted while it was drawn")

// SeasonBookData is everything a book shows.
type SeasonBookData struct {
	Book    store.SeasonBook
	Athlete store.Athlete
	// Photo is the athlete's 512 px square (JPEG) for the cover, nil when there is none.
	Photo []byte
	// Stats holds the games and imported season lines of the range (the book draws their season
	// lines, not the game log); nil when the book leaves stats out.
	Stats *ReportData
	// Moments are the journal entries, milestones and achievements of the range, in date order.
	Moments []BookMoment
	Clips   []BookClip
	// ClipsLeftOut counts the season's clips that cannot be given a public link (private without
	// the owner's consent, or a media section the family keeps private), which the book leaves out.
	ClipsLeftOut int
}

// MomentKind is what a moment of the book is.
type MomentKind int

const (
	MomentEntry MomentKind = iota
	MomentMilestone
	MomentAchievement
)

// BookMoment is one dated thing of the season.
type BookMoment struct {
	Kind  MomentKind
	Day   time.Time
	Title string
	// Text is the family's own words (an entry's content, a milestone's or an achievement's
	// description); AIText the entry's AI version, set only when the book asks for it.
	Text, AIText string
	// Label is a milestone's type or an achievement's category.
	Label string
	// Card is an achievement's share card (PNG) when it is ready.
	Card []byte
}

// BookClip is one clip's still and the share link its QR code holds.
type BookClip struct {
	Title    string
	Day      time.Time
	Still    []byte // the clip's poster (JPEG, made by media_process)
	ShareURL string
	QR       []byte // PNG
}

// maxStillBytes bounds what the book reads of a poster or a card: a 480 px JPEG or a card PNG is
// far smaller, and anything bigger is not a file our jobs wrote.
const maxStillBytes = 8 << 20

func (w *SeasonBookWorker) loadBook(ctx context.Context, book store.SeasonBook) (SeasonBookData, error) {
	data := SeasonBookData{Book: book}
	var err error
	if data.Athlete, err = store.Q.AthleteGetByID(ctx, w.Pool, book.AthleteID); err != nil {
		return data, fmt.Errorf("loading the athlete: %w", err)
	}
	if data.Photo, _, err = athletePhotoSquare(ctx, w.Pool, w.Storage, book.AthleteID, false); err != nil {
		return data, err
	}
	inRange := func(day time.Time) bool { return !day.Before(book.FromDate) && !day.After(book.ToDate) }
	if book.IncludeStats {
		stats, err := loadReportData(ctx, w.Pool, book.AthleteID)
		if err != nil {
			return data, err
		}
		stats.Games = slices.DeleteFunc(stats.Games, func(g ReportGame) bool { return !inRange(g.Date) })
		stats.Seasons = slices.DeleteFunc(stats.Seasons, func(s ReportSeason) bool { return s.Start == nil || !inRange(*s.Start) })
		data.Stats = &stats
	}
	id, from, to := book.AthleteID, book.FromDate, book.ToDate
	if book.IncludeJournal {
		entries, err := store.Q.SeasonBookJournal(ctx, w.Pool, store.SeasonBookJournalParams{AthleteID: id, FromDate: from, ToDate: to, IncludePrivate: book.IncludePrivate})
		if err != nil {
			return data, fmt.Errorf("listing the season's entries: %w", err)
		}
		for _, e := range entries {
			m := BookMoment{Kind: MomentEntry, Day: e.EntryDate, Title: e.Title, Text: e.Content}
			if book.IncludeAiVersions && e.EnhancedContent != nil && e.AiStatus == store.JobReady {
				m.AIText = *e.EnhancedContent
			}
			data.Moments = append(data.Moments, m)
		}
	}
	if book.IncludeMilestones {
		milestones, err := store.Q.SeasonBookMilestones(ctx, w.Pool, store.SeasonBookMilestonesParams{AthleteID: id, FromDate: from, ToDate: to})
		if err != nil {
			return data, fmt.Errorf("listing the season's milestones: %w", err)
		}
		for _, m := range milestones {
			data.Moments = append(data.Moments, BookMoment{Kind: MomentMilestone, Day: m.MilestoneDate, Title: m.Title, Text: m.Description, Label: m.MilestoneType})
		}
	}
	if book.IncludeAchievements {
		achievements, err := store.Q.SeasonBookAchievements(ctx, w.Pool, store.SeasonBookAchievementsParams{AthleteID: id, FromDate: from, ToDate: to})
		if err != nil {
			return data, fmt.Errorf("listing the season's achievements: %w", err)
		}
		for _, a := range achievements {
			m := BookMoment{Kind: MomentAchievement, Day: a.AchievedOn, Title: a.Title, Text: a.Description, Label: a.Category}
			if a.CardStatus == store.JobReady && a.FeedKey != nil {
				if m.Card, err = w.readStored(ctx, *a.FeedKey); err != nil {
					return data, err
				}
			}
			data.Moments = append(data.Moments, m)
		}
	}
	// Date order; on one day the milestone first, then the achievement, then what the family wrote about it.
	slices.SortStableFunc(data.Moments, func(a, b BookMoment) int {
		return cmp.Or(a.Day.Compare(b.Day), cmp.Compare(momentOrder(a.Kind), momentOrder(b.Kind)))
	})
	if book.IncludeMedia {
		if err := w.loadClips(ctx, book, &data); err != nil {
			return data, err
		}
	}
	return data, nil
}

func momentOrder(k MomentKind) int {
	return map[MomentKind]int{MomentMilestone: 0, MomentAchievement: 1, MomentEntry: 2}[k]
}

// loadClips gives each of the season's clips that may have a public link its link (keeping one it
// has: sharing twice answers the same link, so a retried job prints the same codes) and reads its
// poster.
func (w *SeasonBookWorker) loadClips(ctx context.Context, book store.SeasonBook, data *SeasonBookData) error {
	clips, err := store.Q.SeasonBookClips(ctx, w.Pool, store.SeasonBookClipsParams{AthleteID: book.AthleteID, FromDate: book.FromDate,
		ToDate: book.ToDate, IncludePrivate: book.IncludePrivate})
	if err != nil {
		return fmt.Errorf("listing the season's clips: %w", err)
	}
	all, err := store.Q.SeasonBookClips(ctx, w.Pool, store.SeasonBookClipsParams{AthleteID: book.AthleteID, FromDate: book.FromDate,
		ToDate: book.ToDate, IncludePrivate: true})
	if err != nil {
		return fmt.Errorf("counting the season's clips: %w", err)
	}
	data.ClipsLeftOut = len(all) - len(clips)
	if !store.PubliclyShareable(false, data.Athlete.PrivacyMedia) {
		data.ClipsLeftOut = len(all)
		return nil
	}
	for _, clip := range clips {
		still, err := w.readStored(ctx, *clip.ThumbnailKey)
		if err != nil {
			return err
		}
		if still == nil {
			data.ClipsLeftOut++
			continue
		}
		code, err := store.NewShareCode()
		if err != nil {
			return err
		}
		shared, err := store.Q.MediaSetShareCode(ctx, w.Pool, store.MediaSetShareCodeParams{ID: clip.ID, ShareCode: &code, MakeShareable: book.IncludePrivate})
		if err != nil {
			return fmt.Errorf("sharing clip %d: %w", clip.ID, err)
		}
		url := ShareURL(w.AppURL, *shared.ShareCode)
		qr, err := qrcode.Encode(url, qrcode.Medium, 512)
		if err != nil {
			return fmt.Errorf("drawing clip %d's QR code: %w", clip.ID, err)
		}
		data.Clips = append(data.Clips, BookClip{Title: clip.Title, Day: clip.MediaDate, Still: still, ShareURL: url, QR: qr})
	}
	return nil
}

// ShareURL is a media item's public share page, as the share dialog gives it.
func ShareURL(appURL, code string) string {
	return strings.TrimRight(appURL, "/") + "/share/" + code
}

// readStored reads a small file our jobs wrote; nil when it is gone (deleted meanwhile) or too big
// to be one of ours, so the book leaves that picture out rather than failing.
func (w *SeasonBookWorker) readStored(ctx context.Context, key string) ([]byte, error) {
	file, err := w.Storage.Open(ctx, key)
	if errors.Is(err, media.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", key, err)
	}
	defer file.Close()
	b, err := io.ReadAll(io.LimitReader(file, maxStillBytes+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", key, err)
	}
	if len(b) > maxStillBytes {
		return nil, nil
	}
	return b, nil
}

// seasonSpan names a book's range: "March 1 – June 30, 2026", or with both years when it spans two.
func seasonSpan(from, to time.Time) string {
	if from.Year() == to.Year() {
		return from.Format("January 2") + " – " + to.Format("January 2, 2006")
	}
	return from.Format("January 2, 2006") + " – " + to.Format("January 2, 2006")
}
