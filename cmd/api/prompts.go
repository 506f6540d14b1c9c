package main

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/integrations/ai"
	"legacylocker/jobs"
	"legacylocker/store"
)

type journalPromptResponse struct {
	ID       *int64 `json:"id"`
	Title    string `json:"title"`
	Prompt   string `json:"prompt"`
	Category string `json:"category"`
	Source   string `json:"source"`
}

// listJournalPrompts answers the athlete's generated and custom prompts, then the built-in ones.
// The athlete is ?athleteId= (checked by allow), or the caller's own. An athlete's own prompts are
// drawn from the family's writing, so only those who may write entries see them; everyone else
// gets the built-in.
func (app *application) listJournalPrompts(c *echo.Context) error {
	ctx := c.Request().Context()
	var promptAthlete int64
	if athleteNamed(c) {
		if athleteAccess(c).Can(store.ActionEditContent) {
			promptAthlete = athleteID(c)
		}
	} else if own, err := store.Q.AthleteGetByOwner(ctx, app.pool, currentUser(c).ID); err == nil {
		promptAthlete = own.ID
	} else if !errors.Is(store.Translate(err), store.ErrNotFound) {
		return err
	}

	out := []journalPromptResponse{}
	if promptAthlete != 0 {
		rows, err := store.Q.JournalPromptListForAthlete(ctx, app.pool, promptAthlete)
		if err != nil {
			return err
		}
		for _, p := range rows {
			out = append(out, journalPromptResponse{ID: &p.ID, Title: p.Title, Prompt: p.Prompt, Category: p.Category, Source: p.Source})
		}
	}
	for _, p := range ai.BuiltinPrompts() {
		out = append(out, journalPromptResponse{Title: p.Title, Prompt: p.Prompt, Category: p.Category, Source: "builtin"})
	}
	return c.JSON(http.StatusOK, out)
}

const msgPromptRequired = "Title and prompt content are required"

func (app *application) createJournalPrompt(c *echo.Context) error {
	var in struct {
		Title    string `json:"title"`
		Prompt   string `json:"prompt"`
		Category string `json:"category"`
	}
	if err := readJSON(c, &in); err != nil {
		return err
	}
	v := validator{}
	v.required(in.Title, "title", msgPromptRequired)
	v.required(in.Prompt, "prompt", msgPromptRequired)
	v.line(in.Title, 200, "title", "Title")
	v.maxLength(in.Prompt, 2000, "prompt", "Prompt must be at most 2,000 characters")
	v.line(in.Category, 60, "category", "Category")
	if !v.valid() {
		return fieldErrors(v).saying(msgPromptRequired)
	}
	p, err := store.Q.JournalPromptCreate(c.Request().Context(), app.pool, store.JournalPromptCreateParams{
		AthleteID: athleteID(c), Title: strings.TrimSpace(in.Title), Prompt: strings.TrimSpace(in.Prompt),
		Category: strings.TrimSpace(in.Category), Source: "custom",
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, journalPromptResponse{ID: &p.ID, Title: p.Title, Prompt: p.Prompt, Category: p.Category, Source: p.Source})
}

func (app *application) deleteJournalPrompt(c *echo.Context) error {
	if err := store.Q.JournalPromptDelete(c.Request().Context(), app.pool, loaded[store.JournalPrompt](c).ID); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

type promptGenerationResponse struct {
	jobState
	Provider  *string    `json:"provider"`
	UpdatedAt *time.Time `json:"updatedAt"`
}

func toPromptGenerationResponse(g store.PromptGeneration) promptGenerationResponse {
	return promptGenerationResponse{jobState: jobState{Status: g.Status, StatusReason: g.StatusReason}, Provider: g.Provider, UpdatedAt: &g.UpdatedAt}
}

// generateJournalPrompts starts a run, unless one is still to finish (that one is answered): one
// run at a time per athlete, and a few an hour.
func (app *application) generateJournalPrompts(c *echo.Context) error {
	ctx := c.Request().Context()
	latest, err := store.Q.PromptGenerationLatest(ctx, app.pool, athleteID(c))
	if err == nil && latest.Status.Working() {
		return c.JSON(http.StatusAccepted, toPromptGenerationResponse(latest))
	}
	if err := store.Translate(err); err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	if err := app.limitAthleteWork(c, "journal_prompts", athleteID(c), promptRunsPerAthletePerHour,
		"New prompts were written several times this hour. Try again in %s."); err != nil {
		return err
	}
	var generation store.PromptGeneration
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		var err error
		if generation, err = store.Q.PromptGenerationCreate(ctx, tx, athleteID(c)); err != nil {
			return fmt.Errorf("recording prompt generation: %w", err)
		}
		if _, err := app.jobs.InsertTx(ctx, tx, jobs.JournalPromptsArgs{GenerationID: generation.ID}, nil); err != nil {
			return fmt.Errorf("enqueueing journal_prompts: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, toPromptGenerationResponse(generation))
}

func (app *application) journalPromptGenerationStatus(c *echo.Context) error {
	generation, err := store.Q.PromptGenerationLatest(c.Request().Context(), app.pool, athleteID(c))
	if err := store.Translate(err); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return c.JSON(http.StatusOK, promptGenerationResponse{jobState: jobState{Status: store.JobNone}})
		}
		return err
	}
	return c.JSON(http.StatusOK, toPromptGenerationResponse(generation))
}

// userSettings are the caller's e-mail choices: the weekly journal prompt, the notice of the
// family's comments on their athletes' items, the notice that a coach opened a recruiting link, and
// the weekly recruiting brief.
type userSettings struct {
	WeeklyPromptReminders *bool `json:"weeklyPromptReminders"`
	CommentNotices        *bool `json:"commentNotices"`
	CoachLinkNotices      *bool `json:"coachLinkNotices"`
	RecruitingBrief       *bool `json:"recruitingBrief"`
}

// userSettingsAnswer adds whether the caller ever chose about the weekly prompt: it is off until
// they ask for it, and the dashboard asks until they chose.
type userSettingsAnswer struct {
	userSettings
	WeeklyPromptChosen bool `json:"weeklyPromptChosen"`
}

func settingsOf(u store.User) userSettingsAnswer {
	return userSettingsAnswer{
		userSettings: userSettings{WeeklyPromptReminders: &u.WeeklyPromptReminders, CommentNotices: &u.CommentNotices, CoachLinkNotices: &u.CoachLinkNotices,
			RecruitingBrief: &u.RecruitingBrief},
		WeeklyPromptChosen: u.WeeklyPromptChosenAt != nil,
	}
}

func (app *application) showUserSettings(c *echo.Context) error {
	return c.JSON(http.StatusOK, settingsOf(currentUser(c)))
}

// updateUserSettings changes the choices the body names (at least one).
func (app *application) updateUserSettings(c *echo.Context) error {
	var in userSettings
	if err := readJSON(c, &in); err != nil {
		return err
	}
	if in.WeeklyPromptReminders == nil && in.CommentNotices == nil && in.CoachLinkNotices == nil && in.RecruitingBrief == nil {
		return fieldErrors(validator{"weeklyPromptReminders": "weeklyPromptReminders must be true or false"})
	}
	ctx, user := c.Request().Context(), currentUser(c)
	var err error
	if in.WeeklyPromptReminders != nil {
		user, err = store.Q.UserSetPromptReminders(ctx, app.pool, store.UserSetPromptRemindersParams{ID: user.ID, Enabled: *in.WeeklyPromptReminders})
		if err != nil {
			return err
		}
	}
	if in.CommentNotices != nil {
		user, err = store.Q.UserSetCommentNotices(ctx, app.pool, store.UserSetCommentNoticesParams{ID: user.ID, Enabled: *in.CommentNotices})
		if err != nil {
			return err
		}
	}
	if in.CoachLinkNotices != nil {
		user, err = store.Q.CoachLinkNoticesSet(ctx, app.pool, store.CoachLinkNoticesSetParams{ID: user.ID, Enabled: *in.CoachLinkNotices})
		if err != nil {
			return err
		}
	}
	if in.RecruitingBrief != nil {
		user, err = store.Q.RecruitingBriefSet(ctx, app.pool, store.RecruitingBriefSetParams{ID: user.ID, Enabled: *in.RecruitingBrief})
		if err != nil {
			return err
		}
	}
	return c.JSON(http.StatusOK, settingsOf(user))
}
