package jobs

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"log/slog"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/disintegration/imaging"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"legacylocker/integrations/sports"
	"legacylocker/integrations/statsproviders"
	"legacylocker/media"
	"legacylocker/media/cards"
	"legacylocker/store"
)

// cardsVersion is part of every card's content hash: bump it when the drawing changes, and every
// card is drawn again the next time it is asked for.
const cardsVersion = 1

// AchievementCardArgs draws one achievement's share cards.
type AchievementCardArgs struct {
	AchievementID int64 `json:"achievement_id"`
}

func (AchievementCardArgs) Kind() string { return "achievement_card" }

func (AchievementCardArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, MaxAttempts: 5}
}

// AchievementCardWorker draws the feed and story cards of an achievement (media/cards), unless
// what they show has not changed since they were last drawn (the content hash).
type AchievementCardWorker struct {
	river.WorkerDefaults[AchievementCardArgs]
	Pool    *pgxpool.Pool
	Storage media.Storage
	Logger  *slog.Logger
}

func (w *AchievementCardWorker) Timeout(*river.Job[AchievementCardArgs]) time.Duration {
	return time.Minute
}

func (w *AchievementCardWorker) Work(ctx context.Context, job *river.Job[AchievementCardArgs]) error {
	a, err := loadRecord(ctx, w.Pool, "achievement", job.Args.AchievementID, store.Q.AchievementGetByID)
	if err != nil {
		return err
	}
	if !a.CardStatus.Working() {
		return nil
	}
	athlete, err := store.Q.AthleteGetByID(ctx, w.Pool, a.AthleteID)
	if err != nil {
		return fmt.Errorf("loading the athlete: %w", err)
	}
	card, err := AchievementCard(a, athlete)
	if err != nil {
		return fmt.Errorf("reading the achievement: %w", err)
	}
	if a.PhotoMediaID != nil {
		if card.Photo, card.PhotoKey, err = w.photo(ctx, *a.PhotoMediaID, a.AthleteID); err != nil {
			return err
		}
	}
	if card.AthletePhoto, card.AthletePhotoKey, err = w.athletePhoto(ctx, a.AthleteID); err != nil {
		return err
	}
	hash := cardHash(card, a.Template)
	finish := store.AchievementCardFinishParams{ID: a.ID, UpdatedAt: a.UpdatedAt, CardStatus: store.JobReady, CardHash: &hash,
		FeedKey: a.FeedKey, StoryKey: a.StoryKey}
	if a.CardHash != nil && *a.CardHash == hash && a.FeedKey != nil && a.StoryKey != nil {
		_, err := store.Q.AchievementCardFinish(ctx, w.Pool, finish) // nothing it shows changed
		return err
	}
	keys := map[string]*string{}
	for _, size := range cards.Sizes {
		var buf bytes.Buffer
		if _, err := cards.Render(&buf, card, a.Template, size); err != nil {
			return giveUpOrRetry(job.JobRow, err, true, func() error {
				_, err := store.Q.AchievementCardFinish(ctx, w.Pool, store.AchievementCardFinishParams{ID: a.ID, UpdatedAt: a.UpdatedAt,
					CardStatus: store.JobFailed, CardReason: "The card could not be drawn.", FeedKey: a.FeedKey, StoryKey: a.StoryKey, CardHash: a.CardHash})
				return err
			})
		}
		key := fmt.Sprintf("card-%d-%s-%s.png", a.ID, hash[:16], size.Name)
		if _, err := w.Storage.Put(ctx, key, &buf); err != nil {
			return fmt.Errorf("storing the %s card: %w", size.Name, err)
		}
		keys[size.Name] = &key
	}
	finish.FeedKey, finish.StoryKey = keys[cards.Feed.Name], keys[cards.Story.Name]
	client, err := river.ClientFromContextSafely[pgx.Tx](ctx)
	if err != nil {
		return fmt.Errorf("finding the job client: %w", err)
	}
	return store.WithTx(ctx, w.Pool, func(tx pgx.Tx) error {
		updated, err := store.Q.AchievementCardFinish(ctx, tx, finish)
		if err != nil {
			return fmt.Errorf("recording the cards: %w", err)
		}
		// The old cards go once the new ones are recorded; if the achievement changed meanwhile,
		// the cards just drawn are the stale ones, and go instead.
		stale := staleKeys(a.FeedKey, a.StoryKey, finish.FeedKey, finish.StoryKey)
		if updated == 0 {
			stale = staleKeys(finish.FeedKey, finish.StoryKey, a.FeedKey, a.StoryKey)
		}
		if len(stale) > 0 {
			if _, err := client.InsertTx(ctx, tx, MediaDeleteArgs{Keys: stale}, nil); err != nil {
				return fmt.Errorf("enqueueing media_delete: %w", err)
			}
		}
		return nil
	})
}

// photo loads the chosen photo: the athlete's own image, ready, decoded upright. A photo that is
// gone, not an image, or not the athlete's leaves the card without one.
func (w *AchievementCardWorker) photo(ctx context.Context, mediaID, athleteID int64) (image.Image, string, error) {
	m, err := store.Q.MediaGetByID(ctx, w.Pool, mediaID)
	if err := store.Translate(err); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return nil, "", nil
		}
		return nil, "", fmt.Errorf("loading the photo: %w", err)
	}
	if m.AthleteID != athleteID || m.MediaType != string(media.KindImage) || m.Status != store.JobReady {
		return nil, "", nil
	}
	key := m.OriginalKey
	if m.MimeType == "image/heic" || m.MimeType == "image/heif" {
		if m.ThumbnailKey == nil {
			return nil, "", nil
		}
		key = *m.ThumbnailKey // the worker's JPEG of it: imaging reads no HEIC
	}
	path, release, err := w.Storage.LocalPath(ctx, key)
	if err != nil {
		return nil, "", fmt.Errorf("opening the photo: %w", err)
	}
	defer release()
	// The family's file is decoded in a decoder child (a 400 MP JPEG would take 1.6 GB here),
	// which answers an upright JPEG no larger than a card needs; only that is decoded here.
	var scaled bytes.Buffer
	if _, _, err := media.ImageThumbnail(ctx, path, cardPhotoSide, &scaled); err != nil {
		if errors.Is(err, media.ErrCorrupt) || errors.Is(err, media.ErrDecoderCrashed) {
			w.Logger.WarnContext(ctx, "achievement photo not readable; card drawn without it", "media", mediaID, "error", err)
			return nil, "", nil
		}
		return nil, "", fmt.Errorf("decoding the photo: %w", err)
	}
	img, err := imaging.Decode(&scaled)
	if err != nil {
		return nil, "", fmt.Errorf("decoding the scaled photo: %w", err)
	}
	return img, key, nil
}

// athletePhoto is the athlete's own photo for the footer (its 128 px square: the circle is 96 px),
// or none. A card drawn before the photo was set keeps its look until the achievement is saved
// again; the photo's key is in the content hash, so that drawing takes the photo.
func (w *AchievementCardWorker) athletePhoto(ctx context.Context, athleteID int64) (image.Image, string, error) {
	raw, key, err := athletePhotoSquare(ctx, w.Pool, w.Storage, athleteID, true)
	if err != nil || raw == nil {
		return nil, "", err
	}
	img, err := jpeg.Decode(bytes.NewReader(raw))
	if err != nil {
		w.Logger.WarnContext(ctx, "athlete photo not readable; card drawn without it", "athlete", athleteID, "error", err)
		return nil, "", nil
	}
	return img, key, nil
}

// cardPhotoSide is the long side a card's photo is scaled to before it is drawn: enough to fill a
// story card (1080×1920) from a 4:3 photo without enlarging it.
const cardPhotoSide = 2560

// staleKeys lists the old keys that are not among the kept ones.
func staleKeys(oldFeed, oldStory, keptFeed, keptStory *string) []string {
	var out []string
	for _, old := range []*string{oldFeed, oldStory} {
		if old != nil && (keptFeed == nil || *old != *keptFeed) && (keptStory == nil || *old != *keptStory) {
			out = append(out, *old)
		}
	}
	return out
}

// AchievementCard is what an achievement's card shows. Its stats are named as the catalogue of
// the athlete's first sport names them (a family's "pts" or "points" is "Points"), the stats the
// family chose to lead with (else the position's) first and then the sport's order; a name the sport does not keep is shown in words,
// after them, alphabetically.
func AchievementCard(a store.Achievement, athlete store.Athlete) (cards.Card, error) {
	var stats map[string]any
	if err := json.Unmarshal(a.Stats, &stats); err != nil {
		return cards.Card{}, err
	}
	var cat *sports.Catalogue
	if played := sports.ForSports(athlete.Sports); len(played) > 0 {
		cat = played[0]
	}
	keys := make([]string, 0, len(stats))
	for k := range stats {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	rank := func(k string) int { return len(keys) + 1 } // a name the sport does not keep
	if cat != nil {
		lead := cat.LeadFor(athlete.LeadStats, athlete.Position)
		rank = func(k string) int {
			st, ok := achievementStat(cat, k)
			if !ok {
				return len(cat.Stats) + len(lead)
			}
			if i := slices.Index(lead, st.Key); i >= 0 {
				return i
			}
			return len(lead) + slices.IndexFunc(cat.Stats, func(s sports.Stat) bool { return s.Key == st.Key })
		}
	}
	sort.SliceStable(keys, func(i, j int) bool { return rank(keys[i]) < rank(keys[j]) })
	c := cards.Card{Title: a.Title, Description: a.Description, Date: a.AchievedOn.Format("Jan 2, 2006"),
		Category: a.Category, AthleteName: athlete.Name, Sports: athlete.Sports}
	for _, k := range keys {
		value := fmt.Sprint(stats[k])
		if f, ok := stats[k].(float64); ok {
			value = strconv.FormatFloat(f, 'f', -1, 64)
		}
		label := statsproviders.Label(k)
		if st, ok := achievementStat(cat, k); ok {
			label = st.Label
		}
		c.Stats = append(c.Stats, cards.Stat{Label: label, Value: value})
	}
	return c, nil
}

// achievementStat finds the stat a family's name for it stands for: its key, label or
// abbreviation, in any case ("points", "Points", "PTS").
func achievementStat(cat *sports.Catalogue, name string) (sports.Stat, bool) {
	if cat == nil {
		return sports.Stat{}, false
	}
	name = strings.TrimSpace(name)
	for _, s := range cat.Stats {
		if strings.EqualFold(name, s.Key) || strings.EqualFold(name, s.Label) || strings.EqualFold(name, s.Abbr) {
			return s, true
		}
	}
	return sports.Stat{}, false
}

func cardHash(c cards.Card, template string) string {
	b, _ := json.Marshal(struct {
		Version  int
		Card     cards.Card
		Template string
	}{cardsVersion, c, template})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
