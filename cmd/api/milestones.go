package main

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"legacylocker/store"
)

// milestoneResponse is one moment on the athlete's Legacy Timeline.
type milestoneResponse struct {
	Responses
	ID          int64  `json:"id"`
	Title       string `json:"title"`
	Date        string `json:"date"`
	Type        string `json:"type"`
	Description string `json:"description"`
}

func toMilestoneResponse(m store.Milestone) milestoneResponse {
	return milestoneResponse{ID: m.ID, Title: m.Title, Date: m.MilestoneDate.Format(time.DateOnly), Type: m.MilestoneType, Description: m.Description}
}

// milestoneTypes are the spec's kinds of milestone (athlete-features.md section 3).
var milestoneTypes = map[string]bool{"achievement": true, "recruiting": true, "other": true}

type milestoneInput struct {
	Title       string `json:"title"`
	Date        string `json:"date"`
	Type        string `json:"type"`
	Description string `json:"description"`
}

func (in milestoneInput) validate() (store.MilestoneCreateParams, validator) {
	v := validator{}
	out := store.MilestoneCreateParams{
		Title: strings.TrimSpace(in.Title), MilestoneType: strings.TrimSpace(in.Type), Description: strings.TrimSpace(in.Description),
	}
	v.required(out.Title, "title", "Title is required")
	v.line(out.Title, 200, "title", "Title")
	out.MilestoneDate = v.date(in.Date, "date")
	if out.MilestoneType == "" {
		out.MilestoneType = "other"
	}
	v.check(milestoneTypes[out.MilestoneType], "type", "Type must be achievement, recruiting or other")
	v.maxLength(out.Description, 5000, "description", "Description must be at most 5,000 characters")
	return out, v
}

// date is a required YYYY-MM-DD field.
func (v validator) date(raw, field string) time.Time {
	raw = strings.TrimSpace(raw)
	v.required(raw, field, "Date is required")
	d, err := time.Parse(time.DateOnly, raw)
	if raw != "" {
		v.check(err == nil, field, "Date must be YYYY-MM-DD")
	}
	return d
}

// sectionList answers one of the athlete's lists in a section: empty when the section is hidden
// from the caller, else the rows list finds (bounded to the caller's shares), each answered as to.
func sectionList[Row, Out any](c *echo.Context, what string, list func(scope store.Scope) ([]Row, error), to func(Row) Out) error {
	out := []Out{}
	scope := sectionScope(c)
	if scope.Hidden {
		return c.JSON(http.StatusOK, out)
	}
	rows, err := list(scope)
	if err != nil {
		return fmt.Errorf("listing %s: %w", what, err)
	}
	for _, r := range rows {
		out = append(out, to(r))
	}
	return c.JSON(http.StatusOK, out)
}

var milestonePages = pages{list: "milestones", size: 50, maxSize: 200}

func milestoneKey(m store.Milestone) timeKey { return timeKey{At: m.MilestoneDate, ID: m.ID} }

func (app *application) listMilestones(c *echo.Context) error {
	answers := withResponses(app, c, "milestone", func(r *milestoneResponse) (int64, *Responses) { return r.ID, &r.Responses })
	return sectionPage(c, milestonePages, milestoneKey, toMilestoneResponse, func(scope store.Scope, p page[timeKey]) ([]store.Milestone, error) {
		params := store.MilestoneListPageParams{AthleteID: athleteID(c), SharedWith: scope.SharedWith, MaxRows: p.MaxRows()}
		params.BeforeDate, params.BeforeID = p.After.keyset()
		return store.Q.MilestoneListPage(c.Request().Context(), app.pool, params)
	}, answers)
}

func (app *application) createMilestone(c *echo.Context) error {
	var in milestoneInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	params, v := in.validate()
	if !v.valid() {
		return fieldErrors(v)
	}
	params.AthleteID, params.CreatedBy = athleteID(c), new(currentUser(c).ID)
	m, err := store.Q.MilestoneCreate(c.Request().Context(), app.pool, params)
	if err != nil {
		return fmt.Errorf("inserting milestone: %w", err)
	}
	return c.JSON(http.StatusCreated, toMilestoneResponse(m))
}

func (app *application) updateMilestone(c *echo.Context) error {
	var in milestoneInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	params, v := in.validate()
	if !v.valid() {
		return fieldErrors(v)
	}
	m, err := store.Q.MilestoneUpdate(c.Request().Context(), app.pool, store.MilestoneUpdateParams{
		ID: loaded[store.Milestone](c).ID, Title: params.Title, MilestoneDate: params.MilestoneDate,
		MilestoneType: params.MilestoneType, Description: params.Description,
	})
	if err != nil {
		return store.Translate(err)
	}
	return c.JSON(http.StatusOK, toMilestoneResponse(m))
}

func (app *application) deleteMilestone(c *echo.Context) error {
	if err := store.Q.MilestoneDelete(c.Request().Context(), app.pool, loaded[store.Milestone](c).ID); err != nil {
		return fmt.Errorf("deleting milestone: %w", err)
	}
	return c.NoContent(http.StatusNoContent)
}

// demoMilestones is the demo athlete's Legacy Timeline for /demo: the first page of it.
func demoMilestones(c *echo.Context, db store.DBTX, athleteID int64) ([]milestoneResponse, error) {
	rows, err := store.Q.MilestoneListPage(c.Request().Context(), db, store.MilestoneListPageParams{AthleteID: athleteID, MaxRows: int32(milestonePages.size)})
	if err != nil {
		return nil, fmt.Errorf("listing demo milestones: %w", err)
	}
	out := make([]milestoneResponse, len(rows))
	for i, m := range rows {
		out[i] = toMilestoneResponse(m)
	}
	return out, nil
}

// onDate reads the ?date= of the journal and media lists (a milestone's links).
func onDate(raw string) (time.Time, error) {
	d, err := time.Parse(time.DateOnly, strings.TrimSpace(raw))
	if err != nil {
		return d, badRequest("date must be YYYY-MM-DD")
	}
	return d, nil
}

// listJournalOnDate answers GET /api/athletes/:id/journal?date=: the entries of one day, one page.
func (app *application) listJournalOnDate(c *echo.Context, scope store.Scope, raw string) error {
	day, err := onDate(raw)
	if err != nil {
		return err
	}
	rows, err := store.Q.JournalListOnDate(c.Request().Context(), app.pool, store.JournalListOnDateParams{
		AthleteID: athleteID(c), OnDate: day, IncludePrivate: scope.IncludePrivate, Author: &scope.Author, SharedWith: scope.SharedWith,
	})
	if err != nil {
		return fmt.Errorf("listing journal on a date: %w", err)
	}
	out := make([]journalEntryResponse, len(rows))
	for i, e := range rows {
		out[i] = toJournalEntryResponse(e)
	}
	return c.JSON(http.StatusOK, out)
}
