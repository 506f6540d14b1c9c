package main

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/store"
)

// College interests and the recruiting checklist: the family's own recruiting records, in the
// recruiting section.

type collegeInterestResponse struct {
	ID           int64  `json:"id"`
	Name         string `json:"name"`
	Division     string `json:"division"`
	Location     string `json:"location"`
	Interest     int32  `json:"interest"`
	Status       string `json:"status"`
	Notes        string `json:"notes"`
	CoachContact string `json:"coachContact"`
	// NextFollowUpOn is the day the family means to follow up with the school (YYYY-MM-DD), or null.
	NextFollowUpOn *string `json:"nextFollowUpOn"`
}

func toCollegeInterestResponse(ci store.CollegeInterest) collegeInterestResponse {
	return collegeInterestResponse{ID: ci.ID, Name: ci.Name, Division: ci.Division, Location: ci.Location, Interest: ci.Interest,
		Status: ci.Status, Notes: ci.Notes, CoachContact: ci.CoachContact, NextFollowUpOn: dateString(ci.NextFollowUpOn)}
}

func dateString(d *time.Time) *string {
	if d == nil {
		return nil
	}
	s := d.Format(time.DateOnly)
	return &s
}

var (
	collegeDivisions = map[string]bool{"": true, "D1": true, "D2": true, "D3": true, "NAIA": true, "JUCO": true}
	collegeStatuses  = map[string]bool{"researching": true, "contacted": true, "visited": true, "offer": true, "committed": true}
)

// maxInterest is the spec's "Interest rating up to 5 stars".
const maxInterest = 5

type collegeInterestInput struct {
	Name         string `json:"name"`
	Division     string `json:"division"`
	Location     string `json:"location"`
	Interest     *int32 `json:"interest"`
	Status       string `json:"status"`
	Notes        string `json:"notes"`
	CoachContact string `json:"coachContact"`
	// NextFollowUpOn left out keeps the college's follow-up (a form that does not show it); null or
	// "" clears it.
	NextFollowUpOn optionalDate `json:"nextFollowUpOn"`
}

func (in collegeInterestInput) validate(today time.Time) (store.CollegeInterestCreateParams, validator) {
	v := validator{}
	out := store.CollegeInterestCreateParams{
		Name: strings.TrimSpace(in.Name), Division: strings.ToUpper(strings.TrimSpace(in.Division)), Location: strings.TrimSpace(in.Location),
		Interest: 3, Status: strings.TrimSpace(in.Status), Notes: strings.TrimSpace(in.Notes), CoachContact: strings.TrimSpace(in.CoachContact),
	}
	v.required(out.Name, "name", "College name is required")
	v.line(out.Name, 200, "name", "College name")
	v.check(collegeDivisions[out.Division], "division", "Division must be D1, D2, D3, NAIA or JUCO")
	v.line(out.Location, 200, "location", "Location")
	if in.Interest != nil {
		out.Interest = *in.Interest
	}
	v.check(out.Interest >= 1 && out.Interest <= maxInterest, "interest", fmt.Sprintf("Interest must be 1 to %d stars", maxInterest))
	if out.Status == "" {
		out.Status = "researching"
	}
	v.check(collegeStatuses[out.Status], "status", "Status must be researching, contacted, visited, offer or committed")
	v.maxLength(out.Notes, 5000, "notes", "Notes must be at most 5,000 characters")
	v.line(out.CoachContact, 300, "coachContact", "Coach contact")
	out.NextFollowUpOn = in.NextFollowUpOn.followUp(v, today)
	return out, v
}

var collegePages = pages{list: "colleges", size: 50, maxSize: 200}

func collegeKey(ci store.CollegeInterest) rankKey { return rankKey{Rank: ci.Interest, ID: ci.ID} }

// listCollegeInterests answers a page of colleges, each with its card's contacts, log and links
// (collegeListItem).
func (app *application) listCollegeInterests(c *echo.Context) error {
	return sectionPage(c, collegePages, collegeKey, toCollegeListItem, func(scope store.Scope, p page[rankKey]) ([]store.CollegeInterest, error) {
		params := store.CollegeInterestListPageParams{AthleteID: athleteID(c), SharedWith: scope.SharedWith, MaxRows: p.MaxRows()}
		params.AfterInterest, params.AfterID = p.After.keyset()
		return store.Q.CollegeInterestListPage(c.Request().Context(), app.pool, params)
	}, app.withConversations(c))
}

func (app *application) createCollegeInterest(c *echo.Context) error {
	var in collegeInterestInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	params, v := in.validate(time.Now().UTC())
	if !v.valid() {
		return fieldErrors(v)
	}
	params.AthleteID = athleteID(c)
	ci, err := store.Q.CollegeInterestCreate(c.Request().Context(), app.pool, params)
	if err != nil {
		return fmt.Errorf("inserting college interest: %w", err)
	}
	return c.JSON(http.StatusCreated, toCollegeInterestResponse(ci))
}

func (app *application) updateCollegeInterest(c *echo.Context) error {
	var in collegeInterestInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	p, v := in.validate(time.Now().UTC())
	if !v.valid() {
		return fieldErrors(v)
	}
	current := loaded[store.CollegeInterest](c)
	if !in.NextFollowUpOn.set {
		p.NextFollowUpOn = current.NextFollowUpOn
	}
	ci, err := store.Q.CollegeInterestUpdate(c.Request().Context(), app.pool, store.CollegeInterestUpdateParams{
		ID: current.ID, Name: p.Name, Division: p.Division, Location: p.Location, Interest: p.Interest,
		Status: p.Status, Notes: p.Notes, CoachContact: p.CoachContact, NextFollowUpOn: p.NextFollowUpOn,
	})
	if err != nil {
		return store.Translate(err)
	}
	return c.JSON(http.StatusOK, toCollegeInterestResponse(ci))
}

func (app *application) deleteCollegeInterest(c *echo.Context) error {
	if err := store.Q.CollegeInterestDelete(c.Request().Context(), app.pool, loaded[store.CollegeInterest](c).ID); err != nil {
		return fmt.Errorf("deleting college interest: %w", err)
	}
	return c.NoContent(http.StatusNoContent)
}

type checklistItemResponse struct {
	ID      int64   `json:"id"`
	Title   string  `json:"title"`
	DueDate *string `json:"dueDate"`
	Done    bool    `json:"done"`
	// Default is true for the items of the default list (they can still be edited and removed).
	Default bool `json:"default"`
	// Proof says what in the athlete's records shows the step done ("You have 2 highlight
	// videos"), null when they show nothing. Done follows it unless the family changed the step
	// after the newest of it (an untick stands).
	Proof *string `json:"proof"`
}

func toChecklistItemResponse(i store.ChecklistItem, proofs checklistProofs) checklistItemResponse {
	out := checklistItemResponse{ID: i.ID, Title: i.Title, Done: proofs.done(i), Default: i.TemplateKey != nil}
	if i.DueDate != nil {
		d := i.DueDate.Format(time.DateOnly)
		out.DueDate = &d
	}
	if p, ok := proofs.of(i); ok && p.note != "" {
		out.Proof = &p.note
	}
	return out
}

// checklistProof is what the athlete's records prove about a default step: why, in words, and when
// the newest of it came.
type checklistProof struct {
	note string
	at   time.Time
}

// checklistProofs are the proven default steps by template key.
type checklistProofs map[string]checklistProof

// targetSchoolsProven is how many schools on the list prove "Identify 10 to 15 target schools".
const targetSchoolsProven = 10

// proofsOf reads what the records prove: a highlight video in the library (a clip cut in the
// editor, or a video whose title or tag says highlight), ten schools on the list, a school past
// "researching" (in touch with its coaches), a camp, showcase or combine that is over, an official
// visit on the calendar. The NCAA registration, test scores and transcripts leave no record here.
func proofsOf(p store.ChecklistProofsRow) checklistProofs {
	out := checklistProofs{}
	counted := func(key string, n int32, at time.Time, one, many string) {
		if n == 1 {
			out[key] = checklistProof{one, at}
		} else if n > 1 {
			out[key] = checklistProof{fmt.Sprintf(many, n), at}
		}
	}
	counted("highlight_video", p.HighlightVideos, p.HighlightVideosAt, "You have 1 highlight video", "You have %d highlight videos")
	if p.Schools >= targetSchoolsProven {
		counted("target_schools", p.Schools, p.SchoolsAt, "", "You have %d schools on your list")
	}
	counted("email_coaches", p.SchoolsContacted, p.SchoolsContactedAt, "You are in touch with 1 school", "You are in touch with %d schools")
	counted("camps", p.CampsAttended, p.CampsAttendedAt, "You went to 1 camp or showcase", "You went to %d camps and showcases")
	counted("official_visits", p.OfficialVisits, p.OfficialVisitsAt, "You have 1 official visit on your calendar", "You have %d official visits on your calendar")
	counted("eligibility_center", p.EligibilityIds, p.EligibilityIdsAt, "Your NCAA Eligibility Center ID is on your profile", "")
	counted("test_scores", p.TestScores, p.TestScoresAt, "You have a test score on your profile", "You have SAT and ACT scores on your profile")
	return out
}

// checklistProofs answers what the records prove, for the caller: the step is ticked for everyone
// who sees the checklist, but a highlight video's note, which counts the library, is said only to
// those who see the whole media section (not a limited member shown single items).
func (app *application) checklistProofs(c *echo.Context, athleteID int64) (checklistProofs, error) {
	row, err := store.Q.ChecklistProofs(c.Request().Context(), app.pool, athleteID)
	if err != nil {
		return nil, fmt.Errorf("reading what the records prove: %w", err)
	}
	proofs := proofsOf(row)
	if caller := athleteAccess(c); !caller.SeesSection(store.SectionMedia) || caller.Role == store.RoleLimited {
		if p, ok := proofs["highlight_video"]; ok {
			p.note = ""
			proofs["highlight_video"] = p
		}
	}
	return proofs, nil
}

func (p checklistProofs) of(i store.ChecklistItem) (checklistProof, bool) {
	if i.TemplateKey == nil {
		return checklistProof{}, false
	}
	proof, ok := p[*i.TemplateKey]
	return proof, ok
}

// done answers whether a step shows as done: as the family left it, unless the records prove it
// and the family has not changed it since the newest proof came (never changed counts as before).
func (p checklistProofs) done(i store.ChecklistItem) bool {
	proof, ok := p.of(i)
	if i.Done || !ok {
		return i.Done
	}
	changedByFamily := i.UpdatedAt.After(i.CreatedAt)
	return !changedByFamily || proof.at.After(i.UpdatedAt)
}

// defaultChecklistItem is one item of the default checklist, due by a date that follows from the
// class year (the year of graduation).
type defaultChecklistItem struct {
	key, title string
	due        func(classOf int) time.Time
}

// defaultChecklist is the list a family starts from, in the order of the recruiting years.
var defaultChecklist = []defaultChecklistItem{
	{"eligibility_center", "Register with the NCAA Eligibility Center", func(g int) time.Time { return utcDate(g-3, time.August, 1) }},
	{"target_schools", "Identify 10 to 15 target schools", func(g int) time.Time { return utcDate(g-2, time.March, 1) }},
	{"highlight_video", "Make a highlight video", func(g int) time.Time { return utcDate(g-2, time.June, 1) }},
	{"email_coaches", "Email coaches at your target schools", func(g int) time.Time { return utcDate(g-2, time.June, 15) }},
	{"camps", "Attend camps and showcases", func(g int) time.Time { return utcDate(g-2, time.July, 31) }},
	{"test_scores", "Take the SAT or ACT and send scores (if your colleges ask for them)", func(g int) time.Time { return utcDate(g-1, time.June, 30) }},
	{"transcripts", "Send transcripts to the NCAA Eligibility Center", func(g int) time.Time { return utcDate(g-1, time.June, 30) }},
	{"official_visits", "Plan official visits", func(g int) time.Time { return utcDate(g-1, time.October, 1) }},
}

func utcDate(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

// seedChecklist adds the default checklist the first time anyone opens it (once per athlete, even
// when two requests race: the checklist_seeds row is claimed in the same transaction).
func (app *application) seedChecklist(c *echo.Context, athleteID int64) error {
	ctx := c.Request().Context()
	athlete, err := store.Q.AthleteGetByID(ctx, app.pool, athleteID)
	if err != nil {
		return store.Translate(err)
	}
	return store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		if _, err := store.Q.ChecklistSeedClaim(ctx, tx, athleteID); err != nil {
			if store.Translate(err) == store.ErrNotFound {
				return nil // seeded already
			}
			return fmt.Errorf("claiming checklist seed: %w", err)
		}
		for _, item := range defaultChecklist {
			key, due := item.key, item.due(int(athlete.GraduationYear))
			_, err := store.Q.ChecklistCreate(ctx, tx, store.ChecklistCreateParams{AthleteID: athleteID, TemplateKey: &key, Title: item.title, DueDate: &due})
			if err != nil && store.Translate(err) != store.ErrNotFound {
				return fmt.Errorf("adding default checklist item: %w", err)
			}
		}
		return nil
	})
}

func (app *application) listChecklist(c *echo.Context) error {
	var proofs checklistProofs
	return sectionList(c, "checklist", func(scope store.Scope) ([]store.ChecklistItem, error) {
		if err := app.seedChecklist(c, athleteID(c)); err != nil {
			return nil, err
		}
		var err error
		if proofs, err = app.checklistProofs(c, athleteID(c)); err != nil {
			return nil, err
		}
		return store.Q.ChecklistListForAthlete(c.Request().Context(), app.pool, store.ChecklistListForAthleteParams{
			AthleteID: athleteID(c), SharedWith: scope.SharedWith,
		})
	}, func(i store.ChecklistItem) checklistItemResponse { return toChecklistItemResponse(i, proofs) })
}

type checklistInput struct {
	Title   string  `json:"title"`
	DueDate *string `json:"dueDate"`
	Done    *bool   `json:"done"`
}

func (in checklistInput) validate() (title string, due *time.Time, v validator) {
	v = validator{}
	title = strings.TrimSpace(in.Title)
	v.required(title, "title", "Title is required")
	v.line(title, 200, "title", "Title")
	if in.DueDate != nil && strings.TrimSpace(*in.DueDate) != "" {
		d, err := time.Parse(time.DateOnly, strings.TrimSpace(*in.DueDate))
		v.check(err == nil, "dueDate", "Due date must be YYYY-MM-DD")
		due = &d
	}
	return title, due, v
}

func (app *application) createChecklistItem(c *echo.Context) error {
	var in checklistInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	title, due, v := in.validate()
	if !v.valid() {
		return fieldErrors(v)
	}
	// Seeding first keeps the defaults ahead of the family's own items.
	if err := app.seedChecklist(c, athleteID(c)); err != nil {
		return err
	}
	item, err := store.Q.ChecklistCreate(c.Request().Context(), app.pool, store.ChecklistCreateParams{AthleteID: athleteID(c), Title: title, DueDate: due})
	if err != nil {
		return fmt.Errorf("inserting checklist item: %w", err)
	}
	return c.JSON(http.StatusCreated, toChecklistItemResponse(item, nil))
}

func (app *application) updateChecklistItem(c *echo.Context) error {
	current := loaded[store.ChecklistItem](c)
	var in checklistInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	// A bare {"done": true} checks an item off; the title and due date stay as they are.
	if in.Title == "" && in.DueDate == nil {
		in.Title = current.Title
		if current.DueDate != nil {
			d := current.DueDate.Format(time.DateOnly)
			in.DueDate = &d
		}
	}
	title, due, v := in.validate()
	if !v.valid() {
		return fieldErrors(v)
	}
	proofs, err := app.checklistProofs(c, current.AthleteID)
	if err != nil {
		return err
	}
	// A change that does not say done keeps the step as the family saw it, proven ticks included:
	// from now on the family's word is the newest.
	done := proofs.done(current)
	if in.Done != nil {
		done = *in.Done
	}
	item, err := store.Q.ChecklistUpdate(c.Request().Context(), app.pool, store.ChecklistUpdateParams{ID: current.ID, Title: title, DueDate: due, Done: done})
	if err != nil {
		return store.Translate(err)
	}
	return c.JSON(http.StatusOK, toChecklistItemResponse(item, proofs))
}

func (app *application) deleteChecklistItem(c *echo.Context) error {
	if err := store.Q.ChecklistDelete(c.Request().Context(), app.pool, loaded[store.ChecklistItem](c).ID); err != nil {
		return fmt.Errorf("deleting checklist item: %w", err)
	}
	return c.NoContent(http.StatusNoContent)
}
