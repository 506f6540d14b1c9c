package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/store"
)

var (
	achievementCategories = []string{"game", "tournament", "personal", "academic", "award"}
	cardTemplates         = []string{"standard", "victory", "milestone", "elite"}
)

const (
	maxAchievementStats = 12
	cardDownloadName    = "achievement-card.png"
)

// cardResponse is the drawing of an achievement's share cards (achievement_card) as a job state,
// with where the drawn cards are.
type cardResponse struct {
	jobState
	FeedURL  *string `json:"feedUrl"`
	StoryURL *string `json:"storyUrl"`
}

type achievementResponse struct {
	Responses
	ID          int64           `json:"id"`
	AthleteID   int64           `json:"athleteId"`
	Title       string          `json:"title"`
	Description string          `json:"description"`
	Date        string          `json:"date"`
	Category    string          `json:"category"`
	Stats       json.RawMessage `json:"stats"`
	OnShowcase  bool            `json:"onShowcase"`
	Template    string          `json:"template"`
	// PhotoMediaID is the athlete's image the card shows at its top, if one was chosen.
	PhotoMediaID *int64       `json:"photoMediaId"`
	Card         cardResponse `json:"card"`
	// PublicURL is the achievement's public card page, when the showcase is published and the
	// achievement is on it: what Twitter and Facebook share.
	PublicURL *string   `json:"publicUrl"`
	CreatedAt time.Time `json:"createdAt"`
}

// cardURL is where a card image is served; v changes with the content, so a browser never shows a
// stale card from its cache.
func cardURL(base string, a store.Achievement, size string) *string {
	key := a.FeedKey
	if size == "story" {
		key = a.StoryKey
	}
	if key == nil || a.CardHash == nil {
		return nil
	}
	return new(fmt.Sprintf("%s/card?size=%s&v=%s", base, size, (*a.CardHash)[:12]))
}

func (app *application) toAchievementResponse(a store.Achievement, athlete store.Athlete) achievementResponse {
	base := fmt.Sprintf("/api/achievements/%d", a.ID)
	out := achievementResponse{ID: a.ID, AthleteID: a.AthleteID, Title: a.Title, Description: a.Description,
		Date: a.AchievedOn.Format(time.DateOnly), Category: a.Category, Stats: a.Stats, OnShowcase: a.OnShowcase,
		Template: a.Template, PhotoMediaID: a.PhotoMediaID, CreatedAt: a.CreatedAt,
		Card: cardResponse{jobState: jobState{Status: a.CardStatus, StatusReason: a.CardReason},
			FeedURL: cardURL(base, a, "feed"), StoryURL: cardURL(base, a, "story")}}
	if page := app.showcaseURL(athlete); page != "" && a.OnShowcase {
		out.PublicURL = new(fmt.Sprintf("%s/achievements/%d", page, a.ID))
	}
	return out
}

var achievementPages = pages{list: "achievements", size: 50, maxSize: 200}

func achievementKey(a store.Achievement) timeKey { return timeKey{At: a.AchievedOn, ID: a.ID} }

func (app *application) listAchievements(c *echo.Context) error {
	ctx := c.Request().Context()
	athlete, err := store.Q.AthleteGetByID(ctx, app.pool, athleteID(c))
	if err != nil {
		return fmt.Errorf("loading athlete: %w", err)
	}
	to := func(a store.Achievement) achievementResponse { return app.toAchievementResponse(a, athlete) }
	answers := withResponses(app, c, "achievement", func(r *achievementResponse) (int64, *Responses) { return r.ID, &r.Responses })
	return listPage(c, achievementPages, achievementKey, to, func(p page[timeKey]) ([]store.Achievement, error) {
		params := store.AchievementListPageParams{AthleteID: athlete.ID, MaxRows: p.MaxRows()}
		params.BeforeDate, params.BeforeID = p.After.keyset()
		return store.Q.AchievementListPage(ctx, app.pool, params)
	}, answers)
}

type achievementRequest struct {
	Title        string                     `json:"title"`
	Description  string                     `json:"description"`
	Date         string                     `json:"date"`
	Category     string                     `json:"category"`
	Stats        map[string]json.RawMessage `json:"stats"`
	OnShowcase   bool                       `json:"onShowcase"`
	Template     string                     `json:"template"`
	PhotoMediaID *int64                     `json:"photoMediaId"`
}

type achievementFields struct {
	title, description, category, template string
	date                                   time.Time
	stats                                  []byte
	onShowcase                             bool
	photo                                  *int64
}

// checkPhoto accepts a photo for the card only from the athlete's own images.
func (app *application) checkPhoto(ctx context.Context, athleteID int64, id *int64) error {
	if id == nil {
		return nil
	}
	m, err := store.Q.MediaGetByID(ctx, app.pool, *id)
	if err := store.Translate(err); err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	} else if err != nil || m.AthleteID != athleteID || m.MediaType != string(media.KindImage) {
		return badRequest("Choose a photo from this athlete's media library")
	}
	return nil
}

func (in achievementRequest) validate() (achievementFields, error) {
	v := validator{}
	f := achievementFields{title: strings.TrimSpace(in.Title), description: strings.TrimSpace(in.Description),
		category: in.Category, template: in.Template, onShowcase: in.OnShowcase, photo: in.PhotoMediaID}
	v.required(f.title, "title", "Title is required")
	v.line(f.title, 200, "title", "Title")
	v.maxLength(f.description, 2000, "description", "Description must be at most 2,000 characters")
	f.date = v.mediaDate(in.Date)
	if f.category == "" {
		f.category = "game"
	}
	v.check(slices.Contains(achievementCategories, f.category), "category", "Category must be one of game, tournament, personal, academic, award")
	if f.template == "" {
		f.template = "standard"
	}
	v.check(slices.Contains(cardTemplates, f.template), "template", "Template must be one of standard, victory, milestone, elite")
	v.check(len(in.Stats) <= maxAchievementStats, "stats", fmt.Sprintf("An achievement holds at most %d stats", maxAchievementStats))
	stats := make(map[string]any, len(in.Stats))
	for key, raw := range in.Stats {
		key = strings.TrimSpace(key)
		var value any
		if err := json.Unmarshal(raw, &value); err != nil {
			v.check(false, "stats", "Each stat is a number or text")
			continue
		}
		switch val := value.(type) {
		case float64:
		case string:
			val = strings.TrimSpace(val)
			v.check(len([]rune(val)) <= 40, "stats", "A stat's value must be at most 40 characters")
			value = val
			if val == "" {
				continue
			}
		default:
			v.check(false, "stats", "Each stat is a number or text")
		}
		v.check(key != "" && len([]rune(key)) <= 40 && textAllowed(key) && !strings.ContainsAny(key, "\r\n"), "stats", "A stat's name must be 1 to 40 characters on one line")
		stats[key] = value
	}
	if !v.valid() {
		return f, fieldErrors(v)
	}
	var err error
	f.stats, err = json.Marshal(stats)
	return f, err
}

// createAchievement stores it and enqueues its cards in the same transaction.
func (app *application) createAchievement(c *echo.Context) error {
	var in achievementRequest
	if err := readJSON(c, &in); err != nil {
		return err
	}
	f, err := in.validate()
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	athlete, err := store.Q.AthleteGetByID(ctx, app.pool, athleteID(c))
	if err != nil {
		return fmt.Errorf("loading athlete: %w", err)
	}
	if err := app.checkPhoto(ctx, athlete.ID, f.photo); err != nil {
		return err
	}
	user := currentUser(c).ID
	var a store.Achievement
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		var err error
		a, err = store.Q.AchievementCreate(ctx, tx, store.AchievementCreateParams{AthleteID: athlete.ID, Title: f.title,
			Description: f.description, AchievedOn: f.date, Category: f.category, Stats: f.stats, OnShowcase: f.onShowcase,
			Template: f.template, PhotoMediaID: f.photo, CreatedBy: &user})
		if err != nil {
			return fmt.Errorf("storing the achievement: %w", err)
		}
		if _, err := app.jobs.InsertTx(ctx, tx, jobs.AchievementCardArgs{AchievementID: a.ID}, nil); err != nil {
			return fmt.Errorf("enqueueing achievement_card: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, app.toAchievementResponse(a, athlete))
}

func (app *application) updateAchievement(c *echo.Context) error {
	a := loaded[store.Achievement](c)
	var in achievementRequest
	if err := readJSON(c, &in); err != nil {
		return err
	}
	f, err := in.validate()
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	athlete, err := store.Q.AthleteGetByID(ctx, app.pool, a.AthleteID)
	if err != nil {
		return fmt.Errorf("loading athlete: %w", err)
	}
	if err := app.checkPhoto(ctx, athlete.ID, f.photo); err != nil {
		return err
	}
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		var err error
		a, err = store.Q.AchievementUpdate(ctx, tx, store.AchievementUpdateParams{ID: a.ID, Title: f.title, Description: f.description,
			AchievedOn: f.date, Category: f.category, Stats: f.stats, OnShowcase: f.onShowcase, Template: f.template, PhotoMediaID: f.photo})
		if err != nil {
			return fmt.Errorf("updating the achievement: %w", err)
		}
		if _, err := app.jobs.InsertTx(ctx, tx, jobs.AchievementCardArgs{AchievementID: a.ID}, nil); err != nil {
			return fmt.Errorf("enqueueing achievement_card: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, app.toAchievementResponse(a, athlete))
}

func (app *application) deleteAchievement(c *echo.Context) error {
	a := loaded[store.Achievement](c)
	ctx := c.Request().Context()
	err := store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		if err := store.Q.AchievementDelete(ctx, tx, a.ID); err != nil {
			return fmt.Errorf("deleting the achievement: %w", err)
		}
		var keys []string
		for _, k := range []*string{a.FeedKey, a.StoryKey} {
			if k != nil {
				keys = append(keys, *k)
			}
		}
		if len(keys) > 0 {
			if _, err := app.jobs.InsertTx(ctx, tx, jobs.MediaDeleteArgs{Keys: keys}, nil); err != nil {
				return fmt.Errorf("enqueueing media_delete: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func (app *application) serveAchievementCard(c *echo.Context) error {
	return app.serveCard(c, loaded[store.Achievement](c), "private")
}

// serveCard writes an achievement's feed or story card (?size=story), as a download with ?download=1.
func (app *application) serveCard(c *echo.Context, a store.Achievement, cache string) error {
	key := a.FeedKey
	if c.QueryParam("size") == "story" {
		key = a.StoryKey
	}
	if key == nil {
		return notFoundSaying("The card is still being drawn")
	}
	file, err := app.storage.Open(c.Request().Context(), *key)
	if errors.Is(err, media.ErrNotFound) {
		return notFound()
	}
	if err != nil {
		return err
	}
	defer file.Close()
	h := c.Response().Header()
	h.Set("Content-Type", "image/png")
	h.Set("Cache-Control", cache+", max-age=86400")
	if c.QueryParam("download") != "" {
		h.Set("Content-Disposition", `attachment; filename="`+cardDownloadName+`"`)
	}
	http.ServeContent(c.Response(), c.Request(), cardDownloadName, file.ModTime(), file)
	return nil
}
