package main

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/jobs"
	"legacylocker/store"
)

const (
	msgBookPrivateOwnerOnly = "Only the athlete's owner can put private entries and clips in a book."
	msgBookNothingIncluded  = "Choose at least one part of the season to include"
	// maxBookDays bounds a book's range: a season, or a whole school year with room to spare.
	maxBookDays = 731
)

// seasonBookInclude is what a book holds; a part missing from a request is left out.
type seasonBookInclude struct {
	Journal      bool `json:"journal"`
	AIVersions   bool `json:"aiVersions"`
	Milestones   bool `json:"milestones"`
	Stats        bool `json:"stats"`
	Achievements bool `json:"achievements"`
	Media        bool `json:"media"`
}

// seasonBookResponse is a Season Story book as a job state; url opens the PDF once it is filed in
// the media library (mediaId).
type seasonBookResponse struct {
	ID             int64             `json:"id"`
	AthleteID      int64             `json:"athleteId"`
	Title          string            `json:"title"`
	From           string            `json:"from"`
	To             string            `json:"to"`
	Include        seasonBookInclude `json:"include"`
	IncludePrivate bool              `json:"includePrivate"`
	jobState
	MediaID   *int64    `json:"mediaId"`
	URL       *string   `json:"url"`
	CreatedAt time.Time `json:"createdAt"`
}

func (app *application) toSeasonBookResponses(c *echo.Context, books []store.SeasonBook) ([]seasonBookResponse, error) {
	out := make([]seasonBookResponse, len(books))
	for i, b := range books {
		out[i] = seasonBookResponse{ID: b.ID, AthleteID: b.AthleteID, Title: b.Title,
			From: b.FromDate.Format(time.DateOnly), To: b.ToDate.Format(time.DateOnly),
			Include: seasonBookInclude{Journal: b.IncludeJournal, AIVersions: b.IncludeAiVersions, Milestones: b.IncludeMilestones,
				Stats: b.IncludeStats, Achievements: b.IncludeAchievements, Media: b.IncludeMedia},
			IncludePrivate: b.IncludePrivate, jobState: jobState{Status: b.Status, StatusReason: b.StatusReason},
			MediaID: b.MediaID, CreatedAt: b.CreatedAt}
		if b.MediaID == nil {
			continue
		}
		m, err := store.Q.MediaGetByID(c.Request().Context(), app.pool, *b.MediaID)
		if err := store.Translate(err); err != nil && !errors.Is(err, store.ErrNotFound) {
			return nil, err
		} else if err == nil {
			out[i].URL = new(uploadURL(m.OriginalKey))
		}
	}
	return out, nil
}

func (app *application) seasonBookAnswer(c *echo.Context, status int, b store.SeasonBook) error {
	out, err := app.toSeasonBookResponses(c, []store.SeasonBook{b})
	if err != nil {
		return err
	}
	return c.JSON(status, out[0])
}

// createSeasonBook records a Season Story request and queues its drawing. A book holds only what
// its maker sees (an editor's book has no part of a section the family keeps from them) and holds
// private entries and clips only when the owner asks for them.
func (app *application) createSeasonBook(c *echo.Context) error {
	var in struct {
		Title          string             `json:"title"`
		From           string             `json:"from"`
		To             string             `json:"to"`
		Include        *seasonBookInclude `json:"include"`
		IncludePrivate bool               `json:"includePrivate"`
	}
	if err := readJSON(c, &in); err != nil {
		return err
	}
	access := athleteAccess(c)
	if in.IncludePrivate && access.Role != store.RoleOwner {
		return forbiddenSaying(msgBookPrivateOwnerOnly)
	}
	v := validator{}
	title, from, to := v.season(in.Title, in.From, in.To)
	if v.valid() {
		v.check(to.Sub(from) <= maxBookDays*24*time.Hour, "to", "A book covers at most two years")
	}
	include := seasonBookInclude{}
	if in.Include != nil {
		include = *in.Include
	}
	v.check(include != seasonBookInclude{} && include != seasonBookInclude{AIVersions: true}, "include", msgBookNothingIncluded)
	if !v.valid() {
		return fieldErrors(v)
	}
	ctx := c.Request().Context()
	user := currentUser(c).ID
	var book store.SeasonBook
	err := store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		var err error
		book, err = store.Q.SeasonBookCreate(ctx, tx, store.SeasonBookCreateParams{
			AthleteID: athleteID(c), CreatedBy: &user, Title: title, FromDate: from, ToDate: to,
			IncludeJournal:      include.Journal && access.SeesSection(store.SectionJournal),
			IncludeAiVersions:   include.AIVersions && include.Journal && access.SeesSection(store.SectionJournal),
			IncludeMilestones:   include.Milestones && access.SeesSection(store.SectionMilestones),
			IncludeStats:        include.Stats && access.SeesSection(store.SectionStats),
			IncludeAchievements: include.Achievements, // the profile's, which every member sees
			IncludeMedia:        include.Media, IncludePrivate: in.IncludePrivate,
		})
		if err != nil {
			return fmt.Errorf("recording the book: %w", err)
		}
		if _, err := app.jobs.InsertTx(ctx, tx, jobs.SeasonBookArgs{BookID: book.ID}, nil); err != nil {
			return fmt.Errorf("enqueueing season_book: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return app.seasonBookAnswer(c, http.StatusAccepted, book)
}

// season checks what names a season's book or film: its title and its dates, from and to.
func (v validator) season(rawTitle, rawFrom, rawTo string) (title string, from, to time.Time) {
	title = strings.TrimSpace(rawTitle)
	v.required(title, "title", "Title is required")
	v.line(title, 200, "title", "Title")
	from, to = v.date(rawFrom, "from"), v.date(rawTo, "to")
	if v.valid() {
		v.check(!to.Before(from), "to", "The end date must not be before the start date")
	}
	return title, from, to
}

// seasonBookRoutes registers the Season Story books. Their makers, the owner and the editors, make,
// follow and delete them; the family reads a finished book where it is filed, in the media library.
func (app *application) seasonBookRoutes(r routeGroups) {
	const edit = store.ActionEditContent
	media := athlete(store.SectionMedia)
	r.signedIn.GET("/athletes/:id/season-books", app.listSeasonBooks, app.allow(edit, media))
	r.signedIn.POST("/athletes/:id/season-books", app.createSeasonBook, app.allow(edit, media))
	r.signedIn.GET("/season-books/:id", app.showSeasonBook, app.allow(edit, seasonBooks))
	r.signedIn.DELETE("/season-books/:id", app.deleteSeasonBook, app.allow(edit, seasonBooks))
}

// seasonBooks is the book behind a route's :id, seen as its library's (the media section).
var seasonBooks = byID(store.Q.SeasonBookGetByID, func(b store.SeasonBook) store.Item {
	return store.Item{AthleteID: b.AthleteID, Section: store.SectionMedia}
})

// seasonBookPages are the books' pages (docs/API.md, "Lists and pages"): a family may make one
// for every season of every year.
var seasonBookPages = pages{list: "season-books", size: 50, maxSize: 200}

func seasonBookKey(b store.SeasonBook) idKey { return idKey{ID: b.ID} }

func (app *application) listSeasonBooks(c *echo.Context) error {
	p, err := readPage[idKey](c, seasonBookPages)
	if err != nil {
		return err
	}
	books, err := store.Q.SeasonBookListPage(c.Request().Context(), app.pool, store.SeasonBookListPageParams{
		AthleteID: athleteID(c), BeforeID: p.After.keyset(), MaxRows: p.MaxRows()})
	if err != nil {
		return fmt.Errorf("listing season books: %w", err)
	}
	books = pageRows(c, seasonBookPages, p, books, seasonBookKey)
	out, err := app.toSeasonBookResponses(c, books)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

func (app *application) showSeasonBook(c *echo.Context) error {
	return app.seasonBookAnswer(c, http.StatusOK, loaded[store.SeasonBook](c))
}

// deleteSeasonBook removes the book and the PDF it filed in the media library: the family deletes
// a book, not a request. A book still being drawn stops (its job finds it gone).
func (app *application) deleteSeasonBook(c *echo.Context) error {
	ctx := c.Request().Context()
	err := store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		book, err := store.Q.SeasonBookDelete(ctx, tx, loaded[store.SeasonBook](c).ID)
		if err := store.Translate(err); err != nil {
			return err
		}
		if book.MediaID == nil {
			return nil
		}
		item, err := store.Q.MediaDelete(ctx, tx, *book.MediaID)
		if err := store.Translate(err); errors.Is(err, store.ErrNotFound) {
			return nil
		} else if err != nil {
			return err
		}
		_, err = app.jobs.InsertTx(ctx, tx, jobs.MediaDeleteArgs{Keys: storedKeys(item)}, nil)
		return err
	})
	if err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
