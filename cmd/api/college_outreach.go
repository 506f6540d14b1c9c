package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/store"
)

// The conversation with each school (issue 31): the people the family deals with at a college, a
// log of what passed between them, and the day the family means to follow up. E-mails to coaches
// go from the family's own mail app (the web app's mailto: link); the product only logs them.

const (
	// contactsPerCollege bounds a college's contacts, so the list answers whole.
	contactsPerCollege = 50
	// followUpPast and followUpAhead bound a follow-up date around today: a typo of a year is caught.
	followUpPast  = 365 * 24 * time.Hour
	followUpAhead = 2 * 365 * 24 * time.Hour
	// outreachAhead is how far ahead an outreach entry may be dated (a visit or camp already booked).
	outreachAhead = 365 * 24 * time.Hour
	// followUpsShown is how many due follow-ups the dashboard's answer lists; it counts the rest.
	followUpsShown = 20
	// followUpsInCalendar bounds the calendar's follow-ups (one per college at most).
	followUpsInCalendar = 500
)

const (
	msgContactName      = "Name is required"
	msgContactPhone     = "Phone must be a phone number: digits, spaces and + ( ) - ."
	msgContactsFull     = "A college can have at most 50 contacts. Remove one first."
	msgFollowUpFormat   = "Follow-up date must be YYYY-MM-DD"
	msgFollowUpRange    = "Follow-up date must be within a year ago and two years from today"
	msgOutreachKind     = "Kind must be one of email_sent, email_received, call, text, visit, camp, offer"
	msgOutreachDate     = "Date must be YYYY-MM-DD"
	msgOutreachFuture   = "Date must not be more than a year from today"
	msgOutreachContact  = "Contact must be one of this college's contacts"
	msgOutreachNoteLong = "Note must be at most 2,000 characters"
)

var outreachKinds = map[string]bool{"email_sent": true, "email_received": true, "call": true, "text": true, "visit": true, "camp": true, "offer": true}

// phonePattern is what a phone number is written with, extensions included ("+1 (555) 010-2233 x12").
var phonePattern = regexp.MustCompile(`^\+?[0-9 ()\-.]{7,30}(\s*(x|ext\.?)\s*[0-9]{1,6})?$`)

// optionalDate is a date field that may be left out (set false), null or "" (cleared), or a day.
type optionalDate struct {
	set   bool
	value string
}

func (d *optionalDate) UnmarshalJSON(b []byte) error {
	d.set = true
	if string(b) == "null" {
		return nil
	}
	return json.Unmarshal(b, &d.value)
}

// followUp reads a follow-up date for the field nextFollowUpOn: nil when cleared or left out.
func (d optionalDate) followUp(v validator, today time.Time) *time.Time {
	raw := strings.TrimSpace(d.value)
	if raw == "" {
		return nil
	}
	day, err := time.Parse(time.DateOnly, raw)
	if err != nil {
		v.check(false, "nextFollowUpOn", msgFollowUpFormat)
		return nil
	}
	v.check(!day.Before(today.Add(-followUpPast)) && !day.After(today.Add(followUpAhead)), "nextFollowUpOn", msgFollowUpRange)
	return &day
}

// athleteToday is today's date where the athlete lives, as a UTC midnight (how dates are stored).
func (app *application) athleteToday(c *echo.Context, athleteID int64) (time.Time, error) {
	athlete, err := store.Q.AthleteGetByID(c.Request().Context(), app.pool, athleteID)
	if err != nil {
		return time.Time{}, store.Translate(err)
	}
	loc, err := loadZone(athlete.TimeZone)
	if err != nil {
		loc = time.UTC
	}
	y, m, d := time.Now().In(loc).Date()
	return utcDate(y, m, d), nil
}

type collegeContactResponse struct {
	ID                int64  `json:"id"`
	CollegeInterestID int64  `json:"collegeInterestId"`
	Name              string `json:"name"`
	Role              string `json:"role"`
	Email             string `json:"email"`
	Phone             string `json:"phone"`
}

func toCollegeContactResponse(ct store.CollegeContact) collegeContactResponse {
	return collegeContactResponse{ID: ct.ID, CollegeInterestID: ct.CollegeInterestID, Name: ct.Name, Role: ct.Role, Email: ct.Email, Phone: ct.Phone}
}

type collegeContactInput struct {
	Name  string `json:"name"`
	Role  string `json:"role"`
	Email string `json:"email"`
	Phone string `json:"phone"`
}

func (in collegeContactInput) validate() (store.CollegeContactCreateParams, error) {
	out := store.CollegeContactCreateParams{Name: strings.TrimSpace(in.Name), Role: strings.TrimSpace(in.Role),
		Email: normaliseEmail(in.Email), Phone: strings.TrimSpace(in.Phone)}
	v := validator{}
	v.required(out.Name, "name", msgContactName)
	v.line(out.Name, 200, "name", "Name")
	v.line(out.Role, 100, "role", "Role")
	if out.Email != "" {
		v.email(out.Email, "email")
	}
	v.check(out.Phone == "" || phonePattern.MatchString(strings.ToLower(out.Phone)), "phone", msgContactPhone)
	if !v.valid() {
		return out, fieldErrors(v)
	}
	return out, nil
}

func (app *application) listCollegeContacts(c *echo.Context) error {
	contacts, err := store.Q.CollegeContactList(c.Request().Context(), app.pool, loaded[store.CollegeInterest](c).ID)
	if err != nil {
		return fmt.Errorf("listing contacts: %w", err)
	}
	out := make([]collegeContactResponse, len(contacts))
	for i, ct := range contacts {
		out[i] = toCollegeContactResponse(ct)
	}
	return c.JSON(http.StatusOK, out)
}

func (app *application) createCollegeContact(c *echo.Context) error {
	var in collegeContactInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	params, err := in.validate()
	if err != nil {
		return err
	}
	college := loaded[store.CollegeInterest](c)
	params.CollegeInterestID, params.AthleteID = college.ID, college.AthleteID
	ctx := c.Request().Context()
	var contact store.CollegeContact
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		// Counted under the college's row lock, so two requests cannot both add the 51st.
		if _, err := tx.Exec(ctx, "SELECT 1 FROM college_interests WHERE id = $1 FOR UPDATE", college.ID); err != nil {
			return err
		}
		n, err := store.Q.CollegeContactCount(ctx, tx, college.ID)
		if err != nil {
			return err
		}
		if n >= contactsPerCollege {
			return conflict(msgContactsFull)
		}
		contact, err = store.Q.CollegeContactCreate(ctx, tx, params)
		if err != nil {
			return fmt.Errorf("storing the contact: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toCollegeContactResponse(contact))
}

func (app *application) updateCollegeContact(c *echo.Context) error {
	var in collegeContactInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	p, err := in.validate()
	if err != nil {
		return err
	}
	contact, err := store.Q.CollegeContactUpdate(c.Request().Context(), app.pool, store.CollegeContactUpdateParams{
		ID: loaded[store.CollegeContact](c).ID, Name: p.Name, Role: p.Role, Email: p.Email, Phone: p.Phone})
	if err != nil {
		return store.Translate(err)
	}
	return c.JSON(http.StatusOK, toCollegeContactResponse(contact))
}

// deleteCollegeContact removes a contact; the outreach entries with them stay, naming no one.
func (app *application) deleteCollegeContact(c *echo.Context) error {
	if err := store.Q.CollegeContactDelete(c.Request().Context(), app.pool, loaded[store.CollegeContact](c).ID); err != nil {
		return fmt.Errorf("deleting contact: %w", err)
	}
	return c.NoContent(http.StatusNoContent)
}

type outreachResponse struct {
	ID                int64     `json:"id"`
	CollegeInterestID int64     `json:"collegeInterestId"`
	ContactID         *int64    `json:"contactId"`
	Kind              string    `json:"kind"`
	Date              string    `json:"date"`
	Note              string    `json:"note"`
	CreatedAt         time.Time `json:"createdAt"`
}

func toOutreachResponse(o store.CollegeOutreach) outreachResponse {
	return outreachResponse{ID: o.ID, CollegeInterestID: o.CollegeInterestID, ContactID: o.ContactID, Kind: o.Kind,
		Date: o.HappenedOn.Format(time.DateOnly), Note: o.Note, CreatedAt: o.CreatedAt}
}

type outreachInput struct {
	Kind      string `json:"kind"`
	Date      string `json:"date"`
	Note      string `json:"note"`
	ContactID *int64 `json:"contactId"`
}

// outreachEntry is a validated outreach entry: what to store.
type outreachEntry struct {
	kind, note string
	on         time.Time
	contactID  *int64
}

// validate reads an entry of college's log; a date left out is today where the athlete lives (the
// one tap that logs an e-mail just sent).
func (app *application) validateOutreach(c *echo.Context, in outreachInput, college store.CollegeInterest) (outreachEntry, error) {
	today, err := app.athleteToday(c, college.AthleteID)
	if err != nil {
		return outreachEntry{}, err
	}
	out := outreachEntry{kind: strings.TrimSpace(in.Kind), note: strings.TrimSpace(in.Note), on: today}
	v := validator{}
	v.check(outreachKinds[out.kind], "kind", msgOutreachKind)
	if raw := strings.TrimSpace(in.Date); raw != "" {
		day, err := time.Parse(time.DateOnly, raw)
		v.check(err == nil, "date", msgOutreachDate)
		v.check(err != nil || !day.After(today.Add(outreachAhead)), "date", msgOutreachFuture)
		out.on = day
	}
	v.maxLength(out.note, 2000, "note", msgOutreachNoteLong)
	if in.ContactID != nil {
		contact, err := store.Q.CollegeContactGetByID(c.Request().Context(), app.pool, *in.ContactID)
		err = store.Translate(err)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return out, err
		}
		v.check(err == nil && contact.CollegeInterestID == college.ID, "contactId", msgOutreachContact)
		out.contactID = in.ContactID
	}
	if !v.valid() {
		return out, fieldErrors(v)
	}
	return out, nil
}

var outreachPages = pages{list: "outreach", size: 50, maxSize: 200}

func outreachKey(o store.CollegeOutreach) timeKey { return timeKey{At: o.HappenedOn, ID: o.ID} }

func (app *application) listOutreach(c *echo.Context) error {
	return listPage(c, outreachPages, outreachKey, toOutreachResponse, func(p page[timeKey]) ([]store.CollegeOutreach, error) {
		params := store.CollegeOutreachPageParams{CollegeInterestID: loaded[store.CollegeInterest](c).ID, MaxRows: p.MaxRows()}
		params.AfterOn, params.AfterID = p.After.keyset()
		return store.Q.CollegeOutreachPage(c.Request().Context(), app.pool, params)
	})
}

func (app *application) createOutreach(c *echo.Context) error {
	var in outreachInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	college := loaded[store.CollegeInterest](c)
	entry, err := app.validateOutreach(c, in, college)
	if err != nil {
		return err
	}
	user := currentUser(c).ID
	o, err := store.Q.CollegeOutreachCreate(c.Request().Context(), app.pool, store.CollegeOutreachCreateParams{
		CollegeInterestID: college.ID, AthleteID: college.AthleteID, ContactID: entry.contactID, Kind: entry.kind,
		HappenedOn: entry.on, Note: entry.note, CreatedBy: &user})
	if err != nil {
		return fmt.Errorf("storing the outreach entry: %w", err)
	}
	return c.JSON(http.StatusCreated, toOutreachResponse(o))
}

func (app *application) updateOutreach(c *echo.Context) error {
	current := loaded[store.CollegeOutreach](c)
	var in outreachInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	if strings.TrimSpace(in.Date) == "" {
		in.Date = current.HappenedOn.Format(time.DateOnly) // an edit keeps the day unless it names one
	}
	entry, err := app.validateOutreach(c, in, store.CollegeInterest{ID: current.CollegeInterestID, AthleteID: current.AthleteID})
	if err != nil {
		return err
	}
	o, err := store.Q.CollegeOutreachUpdate(c.Request().Context(), app.pool, store.CollegeOutreachUpdateParams{
		ID: current.ID, ContactID: entry.contactID, Kind: entry.kind, HappenedOn: entry.on, Note: entry.note})
	if err != nil {
		return store.Translate(err)
	}
	return c.JSON(http.StatusOK, toOutreachResponse(o))
}

func (app *application) deleteOutreach(c *echo.Context) error {
	if err := store.Q.CollegeOutreachDelete(c.Request().Context(), app.pool, loaded[store.CollegeOutreach](c).ID); err != nil {
		return fmt.Errorf("deleting the outreach entry: %w", err)
	}
	return c.NoContent(http.StatusNoContent)
}

type followUpResponse struct {
	CollegeInterestID int64  `json:"collegeInterestId"`
	Name              string `json:"name"`
	Division          string `json:"division"`
	On                string `json:"on"`
	// DaysOverdue is 0 for a follow-up due today.
	DaysOverdue int `json:"daysOverdue"`
}

type followUpsResponse struct {
	Today string             `json:"today"`
	Due   []followUpResponse `json:"due"`
	// More counts the due follow-ups beyond those listed.
	More int64 `json:"more"`
}

// listDueFollowUps answers the dashboard's follow-ups: those due today or overdue where the athlete
// lives, the most overdue first.
func (app *application) listDueFollowUps(c *echo.Context) error {
	scope := sectionScope(c)
	today, err := app.athleteToday(c, athleteID(c))
	if err != nil {
		return err
	}
	out := followUpsResponse{Today: today.Format(time.DateOnly), Due: []followUpResponse{}}
	if scope.Hidden {
		return c.JSON(http.StatusOK, out)
	}
	ctx := c.Request().Context()
	rows, err := store.Q.CollegeFollowUps(ctx, app.pool, store.CollegeFollowUpsParams{
		AthleteID: athleteID(c), Through: &today, SharedWith: scope.SharedWith, MaxRows: followUpsShown})
	if err != nil {
		return fmt.Errorf("listing follow-ups: %w", err)
	}
	for _, r := range rows {
		out.Due = append(out.Due, followUpResponse{CollegeInterestID: r.ID, Name: r.Name, Division: r.Division,
			On: r.NextFollowUpOn.Format(time.DateOnly), DaysOverdue: int(today.Sub(r.NextFollowUpOn).Hours() / 24)})
	}
	if len(rows) == followUpsShown {
		total, err := store.Q.CollegeFollowUpCount(ctx, app.pool, store.CollegeFollowUpCountParams{
			AthleteID: athleteID(c), Through: today, SharedWith: scope.SharedWith})
		if err != nil {
			return fmt.Errorf("counting follow-ups: %w", err)
		}
		out.More = total - int64(len(rows))
	}
	return c.JSON(http.StatusOK, out)
}
