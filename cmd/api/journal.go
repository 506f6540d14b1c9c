package main

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/jobs"
	"legacylocker/store"
)

// journalEntryResponse is the spec's journal entry plus the enhancement and its status.
type journalEntryResponse struct {
	Responses
	ID              int64           `json:"id"`
	AthleteID       int64           `json:"athleteId"`
	Title           string          `json:"title"`
	Content         string          `json:"content"`
	Date            string          `json:"date"`
	Tags            []string        `json:"tags"`
	IsPrivate       bool            `json:"isPrivate"`
	IsFavorite      bool            `json:"isFavorite"`
	AIEnhanced      bool            `json:"aiEnhanced"`
	AIStatus        store.JobStatus `json:"aiStatus"`
	AIStatusReason  string          `json:"aiStatusReason"`
	EnhancedContent *string         `json:"enhancedContent"`
	AISummary       *string         `json:"aiSummary"`
	AISuggestedTags []string        `json:"aiSuggestedTags"`
	AIProvider      *string         `json:"aiProvider"`
	AIModel         *string         `json:"aiModel"`
	CreatedAt       time.Time       `json:"createdAt"`
	UpdatedAt       time.Time       `json:"updatedAt"`
}

func toJournalEntryResponse(e store.JournalEntry) journalEntryResponse {
	return journalEntryResponse{
		ID: e.ID, AthleteID: e.AthleteID, Title: e.Title, Content: e.Content, Date: e.EntryDate.Format(time.DateOnly),
		Tags: nonNil(e.Tags), IsPrivate: e.IsPrivate, IsFavorite: e.IsFavorite,
		AIEnhanced: enhancedBy(e, providerModel), AIStatus: e.AiStatus, AIStatusReason: e.AiStatusReason,
		EnhancedContent: e.EnhancedContent, AISummary: e.AiSummary, AISuggestedTags: nonNil(e.AiSuggestedTags),
		AIProvider: e.AiProvider, AIModel: e.AiModel, CreatedAt: e.CreatedAt, UpdatedAt: e.UpdatedAt,
	}
}

// The providers an enhancement records (integrations/ai): an AI service, or the offline cleanup.
const (
	providerModel = "model"
	providerBasic = "basic"
)

// enhancedBy reports whether the entry has an enhanced version made by provider. Only a model's
// counts as "AI enhanced": the offline cleanup is never presented as AI.
func enhancedBy(e store.JournalEntry, provider string) bool {
	return e.EnhancedContent != nil && e.AiProvider != nil && *e.AiProvider == provider
}

// newEntriesPrivate is the privacy of a new entry, journal_entries.is_private's default: hidden
// from the family circle until someone makes it visible (the spec: private entries are hidden from
// family "until made visible"). The writing dialog learns it from GET /api/journal-options, so it
// says what will happen; TestJournalOptions holds the two together.
const newEntriesPrivate = true

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

var journalPages = pages{list: "journal", size: 50, maxSize: 100}

func journalKey(e store.JournalEntry) timeKey { return timeKey{At: e.EntryDate, ID: e.ID} }

func (app *application) listJournal(c *echo.Context) error {
	if raw := c.QueryParam("date"); raw != "" {
		scope := sectionScope(c)
		if scope.Hidden {
			return c.JSON(http.StatusOK, []journalEntryResponse{})
		}
		return app.listJournalOnDate(c, scope, raw)
	}
	var enhancedBy *string
	switch aiOnly, offlineOnly := c.QueryParam("aiEnhanced") == "true", c.QueryParam("cleanedOffline") == "true"; {
	case aiOnly && offlineOnly:
		return badRequest("Ask for aiEnhanced or cleanedOffline, not both")
	case aiOnly:
		enhancedBy = new(providerModel)
	case offlineOnly:
		enhancedBy = new(providerBasic)
	}
	var tag *string
	if t := strings.TrimSpace(c.QueryParam("tag")); t != "" {
		tag = &t
	}
	answers := withResponses(app, c, "journal", func(r *journalEntryResponse) (int64, *Responses) { return r.ID, &r.Responses })
	return sectionPage(c, journalPages, journalKey, toJournalEntryResponse, func(scope store.Scope, p page[timeKey]) ([]store.JournalEntry, error) {
		params := store.JournalListForAthleteParams{
			AthleteID:      athleteID(c),
			IncludePrivate: scope.IncludePrivate,
			Author:         &scope.Author,
			SharedWith:     scope.SharedWith,
			SearchWords:    searchWords(c.QueryParam("q")),
			Tag:            tag,
			FavoritesOnly:  c.QueryParam("favorite") == "true",
			EnhancedBy:     enhancedBy,
			MaxRows:        p.MaxRows(),
		}
		params.BeforeDate, params.BeforeID = p.After.keyset()
		return store.Q.JournalListForAthlete(c.Request().Context(), app.pool, params)
	}, answers)
}

// searchWords turns what a person typed into the words a search looks for, each matching as a
// prefix so "pitch" finds "pitching". Only letters and digits survive, so the text cannot inject
// tsquery syntax.
func searchWords(q string) []string {
	words := strings.FieldsFunc(strings.ToLower(q), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	return words[:min(len(words), 10)]
}

type journalCategory struct {
	Tag   string `json:"tag"`
	Count int32  `json:"count"`
}

func (app *application) journalStats(c *echo.Context) error {
	ctx := c.Request().Context()
	scope := sectionScope(c)
	if scope.Hidden {
		return c.JSON(http.StatusOK, map[string]any{"totalEntries": 0, "aiEnhanced": 0, "cleanedOffline": 0, "thisMonth": 0, "categories": []journalCategory{}})
	}
	includePrivate, shared := scope.IncludePrivate, scope.SharedWith
	stats, err := store.Q.JournalStats(ctx, app.pool, store.JournalStatsParams{AthleteID: athleteID(c), IncludePrivate: includePrivate, Author: &scope.Author, SharedWith: shared, Today: time.Now()})
	if err != nil {
		return err
	}
	rows, err := store.Q.JournalCategories(ctx, app.pool, store.JournalCategoriesParams{AthleteID: athleteID(c), IncludePrivate: includePrivate, Author: &scope.Author, SharedWith: shared})
	if err != nil {
		return err
	}
	categories := make([]journalCategory, len(rows))
	for i, r := range rows {
		categories[i] = journalCategory{Tag: r.Tag, Count: r.Entries}
	}
	return c.JSON(http.StatusOK, map[string]any{
		"totalEntries": stats.Total, "aiEnhanced": stats.AiEnhanced, "cleanedOffline": stats.CleanedOffline,
		"thisMonth": stats.ThisMonth, "categories": categories,
	})
}

// journalOptions is what the writing dialog says about a new entry before it is saved.
type journalOptions struct {
	// AIService: an AI service is configured (OPENAI_API_KEY); without one, "Enhance with AI" runs
	// the offline cleanup and the dialog says "AI is not set up".
	AIService         bool `json:"aiService"`
	NewEntriesPrivate bool `json:"newEntriesPrivate"`
}

func (app *application) showJournalOptions(c *echo.Context) error {
	return c.JSON(http.StatusOK, journalOptions{AIService: app.cfg.aiService, NewEntriesPrivate: newEntriesPrivate})
}

// journalInput is the writing dialog's body. EnhanceWithAI defaults to true, as the switch does.
type journalInput struct {
	Title         string   `json:"title"`
	Content       string   `json:"content"`
	Date          string   `json:"date"`
	Tags          []string `json:"tags"`
	EnhanceWithAI *bool    `json:"enhanceWithAI"`
}

type validJournalInput struct {
	title, content string
	date           time.Time
	tags           []string
	enhance        bool
}

func (in journalInput) validate() (validJournalInput, validator) {
	v := validator{}
	v.required(in.Title, "title", "Title is required")
	v.line(in.Title, 200, "title", "Title")
	v.required(in.Content, "content", "Content is required")
	v.maxLength(in.Content, 50_000, "content", "Content must be at most 50,000 characters")
	v.required(in.Date, "date", "Date is required")
	date, err := time.Parse(time.DateOnly, strings.TrimSpace(in.Date))
	if strings.TrimSpace(in.Date) != "" {
		v.check(err == nil, "date", "Date must be YYYY-MM-DD")
	}
	tags := v.tags(in.Tags, "tags")
	return validJournalInput{
		title: strings.TrimSpace(in.Title), content: strings.TrimSpace(in.Content), date: date, tags: tags,
		enhance: in.EnhanceWithAI == nil || *in.EnhanceWithAI,
	}, v
}

func aiStatusFor(enhance bool) store.JobStatus {
	if enhance {
		return store.JobPending
	}
	return store.JobNone
}

func (app *application) createJournalEntry(c *echo.Context) error {
	var in journalInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	valid, v := in.validate()
	if !v.valid() {
		return fieldErrors(v)
	}
	if valid.enhance {
		if err := app.limitEnhancements(c); err != nil {
			return err
		}
	}
	ctx := c.Request().Context()
	author := currentUser(c).ID
	rk, err := requestKeyOf(c, athleteID(c), in)
	if err != nil {
		return err
	}
	if rk.key != "" {
		if done, err := app.answerEarlierJournalEntry(c, author, rk); done || err != nil {
			return err
		}
	}
	var entry store.JournalEntry
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		var err error
		entry, err = store.Q.JournalCreate(ctx, tx, store.JournalCreateParams{
			AthleteID: athleteID(c), AuthorID: &author, Title: valid.title, Content: valid.content,
			EntryDate: valid.date, Tags: valid.tags, AiStatus: aiStatusFor(valid.enhance),
		})
		if err != nil {
			return fmt.Errorf("inserting journal entry: %w", err)
		}
		if rk.key != "" {
			if err := record(ctx, tx, author, rk, store.IdempotencyKeyRecordParams{JournalEntryID: &entry.ID}); err != nil {
				return err
			}
		}
		if valid.enhance {
			return app.enqueueEnhancement(c, tx, entry)
		}
		return nil
	})
	if errors.Is(err, errRequestRecorded) {
		if done, err := app.answerEarlierJournalEntry(c, author, rk); done || err != nil {
			return err
		}
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toJournalEntryResponse(entry))
}

// answerEarlierJournalEntry answers the entry an earlier request with the same Idempotency-Key
// made, as that request was answered, when there was one.
func (app *application) answerEarlierJournalEntry(c *echo.Context, author int64, rk requestKey) (bool, error) {
	ctx := c.Request().Context()
	earlier, found, err := app.earlier(ctx, author, rk)
	if !found || err != nil {
		return false, err
	}
	if earlier.JournalEntryID == nil {
		return true, gone("This entry was saved and has since been deleted.")
	}
	entry, err := store.Q.JournalGetByID(ctx, app.pool, *earlier.JournalEntryID)
	if err != nil {
		return true, fmt.Errorf("reading the entry made before: %w", err)
	}
	c.Response().Header().Set(replayedHeader, "true")
	return true, c.JSON(http.StatusCreated, toJournalEntryResponse(entry))
}

// limitEnhancements holds each athlete to enhancementsPerAthletePerHour AI enhancements, and,
// where an AI service is set up (the offline cleanup costs nothing), the account to its plan's
// enhancements a month, counting this one.
func (app *application) limitEnhancements(c *echo.Context) error {
	if err := app.limitAthleteWork(c, "journal_enhance", athleteID(c), enhancementsPerAthletePerHour,
		"You have asked for many AI enhancements this hour. Save without enhancement, or try again in %s."); err != nil || !app.cfg.aiService {
		return err
	}
	ctx := c.Request().Context()
	owner, err := store.Q.AthleteOwnerID(ctx, app.pool, athleteID(c))
	if err != nil {
		return fmt.Errorf("finding the owner: %w", err)
	}
	plan, _, err := app.accountPlan(ctx, app.pool, owner)
	if err != nil || plan.Limits.AIEnhancementsPer == 0 {
		return err
	}
	month := time.Now().UTC()
	month = time.Date(month.Year(), month.Month(), 1, 0, 0, 0, 0, time.UTC)
	used, err := store.Q.AIUsageThisMonth(ctx, app.pool, store.AIUsageThisMonthParams{UserID: owner, Month: month})
	if err != nil {
		return fmt.Errorf("counting enhancements: %w", err)
	}
	if int(used) >= plan.Limits.AIEnhancementsPer {
		return paymentRequired(plan.AIMessage())
	}
	return store.Q.AIUsageCount(ctx, app.pool, store.AIUsageCountParams{UserID: owner, Month: month})
}

func (app *application) enqueueEnhancement(c *echo.Context, tx pgx.Tx, e store.JournalEntry) error {
	_, err := app.jobs.InsertTx(c.Request().Context(), tx, jobs.JournalEnhanceArgs{EntryID: e.ID, ContentVersion: e.ContentVersion}, nil)
	if err != nil {
		return fmt.Errorf("enqueueing journal_enhance: %w", err)
	}
	return nil
}

// updateJournalEntry is either a privacy change ({"isPrivate"} alone) or a full edit.
func (app *application) updateJournalEntry(c *echo.Context) error {
	var in struct {
		journalInput
		IsPrivate *bool `json:"isPrivate"`
	}
	if err := readJSON(c, &in); err != nil {
		return err
	}
	ctx := c.Request().Context()
	entry := loaded[store.JournalEntry](c)
	fullEdit := in.Title != "" || in.Content != "" || in.Date != "" || in.Tags != nil || in.EnhanceWithAI != nil
	if in.IsPrivate != nil && !fullEdit {
		updated, err := store.Q.JournalSetPrivacy(ctx, app.pool, store.JournalSetPrivacyParams{ID: entry.ID, IsPrivate: *in.IsPrivate})
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, toJournalEntryResponse(updated))
	}
	if in.IsPrivate != nil {
		return badRequest("Change isPrivate on its own, not together with an edit")
	}

	valid, v := in.journalInput.validate()
	if !v.valid() {
		return fieldErrors(v)
	}
	textChanged := valid.title != entry.Title || valid.content != entry.Content
	// A text edit re-enhances when asked; an unchanged text keeps its enhancement (and its status).
	status := entry.AiStatus
	switch {
	case textChanged && valid.enhance:
		status = store.JobPending
	case textChanged:
		status = store.JobNone
	}
	if textChanged && valid.enhance {
		if err := app.limitEnhancements(c); err != nil {
			return err
		}
	}
	var updated store.JournalEntry
	err := store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		var err error
		updated, err = store.Q.JournalUpdate(ctx, tx, store.JournalUpdateParams{
			ID: entry.ID, Title: valid.title, Content: valid.content, EntryDate: valid.date, Tags: valid.tags,
			TextChanged: textChanged, AiStatus: status,
		})
		if err != nil {
			return fmt.Errorf("updating journal entry: %w", err)
		}
		if textChanged && valid.enhance {
			return app.enqueueEnhancement(c, tx, updated)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toJournalEntryResponse(updated))
}

func (app *application) deleteJournalEntry(c *echo.Context) error {
	if err := store.Q.JournalDelete(c.Request().Context(), app.pool, loaded[store.JournalEntry](c).ID); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func (app *application) toggleJournalFavorite(c *echo.Context) error {
	updated, err := store.Q.JournalToggleFavorite(c.Request().Context(), app.pool, loaded[store.JournalEntry](c).ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toJournalEntryResponse(updated))
}

// enhanceJournalEntry (re)queues enhancement: the Retry after a failure, or a first enhancement
// of an entry saved without one.
func (app *application) enhanceJournalEntry(c *echo.Context) error {
	entry := loaded[store.JournalEntry](c)
	if entry.AiStatus.Working() {
		return c.JSON(http.StatusAccepted, toJournalEntryResponse(entry))
	}
	if err := app.limitEnhancements(c); err != nil {
		return err
	}
	ctx := c.Request().Context()
	var updated store.JournalEntry
	err := store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		var err error
		if updated, err = store.Q.JournalMarkPending(ctx, tx, entry.ID); err != nil {
			return err
		}
		return app.enqueueEnhancement(c, tx, updated)
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, toJournalEntryResponse(updated))
}

func (app *application) revertJournalEnhancement(c *echo.Context) error {
	updated, err := store.Q.JournalRevertEnhancement(c.Request().Context(), app.pool, loaded[store.JournalEntry](c).ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toJournalEntryResponse(updated))
}
