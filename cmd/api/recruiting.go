package main

import (
	"errors"
	"fmt"
	"hash/fnv"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"legacylocker/integrations/ncaa"
	"legacylocker/store"
)

// recruitingEventResponse is the spec's recruiting (calendar) event, derived from the NCAA data:
// one resolved period or signing date of one sport and division.
type recruitingEventResponse struct {
	// ID is stable across requests (a hash of UID), as the spec's client keys its list by it.
	ID          int64  `json:"id"`
	UID         string `json:"uid"`
	Title       string `json:"title"`
	Description string `json:"description"`
	Date        string `json:"date"`
	EndDate     string `json:"endDate"`
	SportType   string `json:"sportType"`
	Division    string `json:"division"`
	IsNcaaEvent bool   `json:"isNcaaEvent"`
	// PeriodType is set for periods (contact, evaluation, quiet, dead, recruiting_shutdown).
	PeriodType string `json:"periodType,omitempty"`
	SourceURL  string `json:"sourceUrl"`
	Verified   bool   `json:"verified"`
}

// stableID turns a uid into a positive id that JavaScript numbers hold exactly (53 bits).
func stableID(uid string) int64 {
	h := fnv.New64a()
	h.Write([]byte(uid))
	return int64(h.Sum64() & (1<<53 - 1))
}

func periodEvent(sport ncaa.Sport, division string, s ncaa.Segment) recruitingEventResponse {
	meaning := ncaa.Meanings[s.Row.Type]
	uid := fmt.Sprintf("ncaa-%s-%s-%s-%s", sport.Key, division, s.Row.Type, s.Start.Format("20060102"))
	description := meaning.Short
	if s.Row.Note != "" {
		description = s.Row.Note + ". " + description
	}
	return recruitingEventResponse{
		ID: stableID(uid), UID: uid, Title: meaning.Label, Description: description,
		Date: s.Start.Format(time.DateOnly), EndDate: s.End.Format(time.DateOnly), SportType: sport.Label, Division: division,
		IsNcaaEvent: true, PeriodType: string(s.Row.Type), SourceURL: s.Row.SourceURL, Verified: s.Row.Verified,
	}
}

func keyDateEvent(k ncaa.KeyDate) recruitingEventResponse {
	uid := "keydate-" + k.Key
	description := k.Rule
	if k.Note != "" {
		description += ". " + k.Note
	}
	return recruitingEventResponse{
		ID: stableID(uid), UID: uid, Title: k.Title, Description: description,
		Date: k.Date.Format(time.DateOnly), EndDate: k.EndDate.Format(time.DateOnly), SportType: k.SportLabel, Division: k.Division,
		IsNcaaEvent: true, SourceURL: k.SourceURL, Verified: k.Verified,
	}
}

// calendarHorizon is how far ahead the recruiting events and the calendar export look.
const calendarHorizon = 400 * 24 * time.Hour

// ncaaCalendars answers the embedded seasons; a bad file is caught by the tests, so an error here
// is a 500 like any other.
func ncaaCalendars() ([]ncaa.Calendar, error) {
	cals, err := ncaa.Calendars()
	if err != nil {
		return nil, fmt.Errorf("loading NCAA calendars: %w", err)
	}
	return cals, nil
}

// sportSegments answers the resolved periods of a sport and division that end on or after from,
// each starting where its row starts (the current period is not cut at today).
func sportSegments(cals []ncaa.Calendar, sport ncaa.Sport, division string, from time.Time) []ncaa.Segment {
	seasonStart, _, err := ncaa.SeasonBounds(ncaa.SeasonName(from))
	if err != nil {
		return nil
	}
	var out []ncaa.Segment
	for _, s := range ncaa.Segments(cals, sport.Key, division, seasonStart, from.Add(calendarHorizon)) {
		if !s.End.Before(from) {
			out = append(out, s)
		}
	}
	return out
}

// allSports are the sports GET /api/recruiting-events lists without ?sport=: every calendar.
func allSports() []ncaa.Sport { return ncaa.CalendarSports() }

// today is the day the recruiting views are computed for; ?today= lets tests and families look
// at another day.
func recruitingDay(c *echo.Context) (time.Time, error) {
	raw := strings.TrimSpace(c.QueryParam("today"))
	if raw == "" {
		now := time.Now().UTC()
		return time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC), nil
	}
	d, err := time.Parse(time.DateOnly, raw)
	if err != nil {
		return d, badRequest("today must be YYYY-MM-DD")
	}
	return d, nil
}

// listRecruitingEvents answers GET /api/recruiting-events?sport=: the NCAA periods (resolved by
// precedence) and signing dates from today on, for one sport or all of them, in date order.
func (app *application) listRecruitingEvents(c *echo.Context) error {
	from, err := recruitingDay(c)
	if err != nil {
		return err
	}
	cals, err := ncaaCalendars()
	if err != nil {
		return err
	}
	sports := allSports()
	if raw := strings.TrimSpace(c.QueryParam("sport")); raw != "" {
		if len(raw) > 100 {
			return badRequest("sport must be at most 100 characters")
		}
		sports = ncaa.SportByKey(raw)
	}
	return c.JSON(http.StatusOK, recruitingEvents(cals, sports, from))
}

func recruitingEvents(cals []ncaa.Calendar, sports []ncaa.Sport, from time.Time) []recruitingEventResponse {
	out := []recruitingEventResponse{}
	for _, sport := range sports {
		for _, division := range ncaa.DivisionsFor(sport.Key) {
			for _, s := range sportSegments(cals, sport, division, from) {
				out = append(out, periodEvent(sport, division, s))
			}
		}
		for _, k := range seasonSigningDates(cals, sport, from) {
			out = append(out, keyDateEvent(k))
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Date < out[j].Date })
	return out
}

// seasonSigningDates are the published signing dates on or after from, for everyone in a sport
// (not tied to a class year).
func seasonSigningDates(cals []ncaa.Calendar, sport ncaa.Sport, from time.Time) []ncaa.KeyDate {
	var out []ncaa.KeyDate
	for _, c := range cals {
		classOf := 0
		if _, last, err := ncaa.SeasonBounds(c.Season); err == nil {
			classOf = last.Year()
		}
		for _, k := range ncaa.KeyDates([]ncaa.Calendar{c}, sport, classOf) {
			if strings.HasSuffix(k.Event, "signing") && k.Verified && !k.EndDate.Before(from) {
				out = append(out, k)
			}
		}
	}
	return out
}

// periodView is one period with its plain-English meaning, for the recruiting center.
type periodView struct {
	Type      string       `json:"type"`
	Meaning   ncaa.Meaning `json:"meaning"`
	Start     string       `json:"start"`
	End       string       `json:"end"`
	Note      string       `json:"note"`
	SourceURL string       `json:"sourceUrl"`
	Verified  bool         `json:"verified"`
}

func toPeriodView(s ncaa.Segment) periodView {
	return periodView{
		Type: string(s.Row.Type), Meaning: ncaa.Meanings[s.Row.Type], Start: s.Start.Format(time.DateOnly), End: s.End.Format(time.DateOnly),
		Note: s.Row.Note, SourceURL: s.Row.SourceURL, Verified: s.Row.Verified,
	}
}

type divisionView struct {
	Division string `json:"division"`
	// Current is null when no calendar here covers today for this sport.
	Current *periodView  `json:"current"`
	Next    []periodView `json:"next"`
}

type sportView struct {
	Key       string         `json:"key"`
	Label     string         `json:"label"`
	Divisions []divisionView `json:"divisions"`
	// Notes say what part of this sport's calendar is not here, and why.
	Notes []noteView `json:"notes"`
}

// noteView is a note of the NCAA data: what rules apply where there is no calendar (Division III,
// the NAIA), or a gap in one sport's calendar.
type noteView struct {
	Division  string `json:"division"`
	Text      string `json:"text"`
	SourceURL string `json:"sourceUrl"`
	Verified  bool   `json:"verified"`
}

func toNoteViews(notes []ncaa.Note) []noteView {
	out := []noteView{}
	for _, n := range notes {
		out = append(out, noteView{Division: n.Division, Text: n.Text, SourceURL: n.SourceURL, Verified: n.Verified})
	}
	return out
}

type keyDateView struct {
	Key        string `json:"key"`
	Sport      string `json:"sport"`
	SportLabel string `json:"sportLabel"`
	Division   string `json:"division"`
	Event      string `json:"event"`
	Title      string `json:"title"`
	Date       string `json:"date"`
	EndDate    string `json:"endDate"`
	Rule       string `json:"rule"`
	Bylaw      string `json:"bylaw"`
	SourceURL  string `json:"sourceUrl"`
	Verified   bool   `json:"verified"`
	Note       string `json:"note"`
	Past       bool   `json:"past"`
	// EventID is the timeline event made from this date with 'Add to My Timeline', if any.
	EventID *int64 `json:"eventId"`
}

type recruitingCalendarResponse struct {
	Today      string        `json:"today"`
	ClassOf    int32         `json:"classOf"`
	Disclaimer string        `json:"disclaimer"`
	Sports     []sportView   `json:"sports"`
	KeyDates   []keyDateView `json:"keyDates"`
	// Notes are about whole divisions: Division II, Division III and the NAIA.
	Notes []noteView `json:"notes"`
}

// nextPeriods is how many coming changes the recruiting center shows per division.
const nextPeriods = 3

// showRecruitingCalendar answers the athlete's recruiting center: for each of their sports, the
// period in force today with its meaning and the next changes, and their own key dates.
func (app *application) showRecruitingCalendar(c *echo.Context) error {
	today, err := recruitingDay(c)
	if err != nil {
		return err
	}
	cals, err := ncaaCalendars()
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	athlete, err := store.Q.AthleteGetByID(ctx, app.pool, athleteID(c))
	if err != nil {
		return store.Translate(err)
	}
	res := recruitingCalendarResponse{Today: today.Format(time.DateOnly), ClassOf: athlete.GraduationYear, Disclaimer: ncaa.Disclaimer,
		Sports: []sportView{}, KeyDates: []keyDateView{}, Notes: toNoteViews(ncaa.NotesFor(cals, ncaa.AllSports))}
	sports := ncaa.SportsFor(athlete.Sports)
	for _, sport := range sports {
		view := sportView{Key: sport.Key, Label: sport.Label, Notes: toNoteViews(ncaa.NotesFor(cals, sport.Key))}
		for _, division := range ncaa.DivisionsFor(sport.Key) {
			dv := divisionView{Division: division, Next: []periodView{}}
			for _, s := range sportSegments(cals, sport, division, today) {
				switch {
				case !s.Start.After(today):
					p := toPeriodView(s)
					dv.Current = &p
				case len(dv.Next) < nextPeriods:
					dv.Next = append(dv.Next, toPeriodView(s))
				}
			}
			view.Divisions = append(view.Divisions, dv)
		}
		res.Sports = append(res.Sports, view)
	}
	added, err := app.addedKeyDates(c)
	if err != nil {
		return err
	}
	for _, k := range ncaa.AthleteKeyDates(cals, sports, int(athlete.GraduationYear)) {
		view := keyDateView{Key: k.Key, Sport: k.Sport, SportLabel: k.SportLabel, Division: k.Division, Event: k.Event, Title: k.Title,
			Date: k.Date.Format(time.DateOnly), EndDate: k.EndDate.Format(time.DateOnly), Rule: k.Rule, Bylaw: k.Bylaw,
			SourceURL: k.SourceURL, Verified: k.Verified, Note: k.Note, Past: k.EndDate.Before(today)}
		if id, ok := added[k.Key]; ok {
			view.EventID = &id
		}
		res.KeyDates = append(res.KeyDates, view)
	}
	return c.JSON(http.StatusOK, res)
}

// addedKeyDates maps the key dates on the athlete's timeline to their events, as far as the caller
// sees events (the recruiting section).
func (app *application) addedKeyDates(c *echo.Context) (map[string]int64, error) {
	out := map[string]int64{}
	access := athleteAccess(c)
	scope := access.Scope(store.SectionRecruiting)
	if scope.Hidden {
		return out, nil
	}
	events, err := store.Q.EventKeyDates(c.Request().Context(), app.pool, store.EventKeyDatesParams{AthleteID: athleteID(c), SharedWith: scope.SharedWith})
	if err != nil {
		return nil, fmt.Errorf("listing key date events: %w", err)
	}
	for _, e := range events {
		out[e.KeyDate] = e.ID
	}
	return out, nil
}

// timelineKeyDate is a key date added to the timeline: an all-day event of its first day, in the
// athlete's time zone, so the day reads the same wherever the family is.
func timelineKeyDate(athlete store.Athlete, k ncaa.KeyDate) store.EventCreateParams {
	loc, err := loadZone(athlete.TimeZone)
	if err != nil {
		loc = time.UTC
	}
	return store.EventCreateParams{
		AthleteID: athlete.ID, Title: fmt.Sprintf("%s (%s, %s)", k.Title, k.SportLabel, k.Division), EventType: "other",
		StartDate: midnight(k.Date, loc), TimeZone: athlete.TimeZone, AllDay: true, StartDay: &k.Date, KeyDate: &k.Key,
	}
}

// createKeyDateEvent adds one of the athlete's key dates to their timeline ('Add to My Timeline').
func (app *application) createKeyDateEvent(c *echo.Context, key string) error {
	cals, err := ncaaCalendars()
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	athlete, err := store.Q.AthleteGetByID(ctx, app.pool, athleteID(c))
	if err != nil {
		return store.Translate(err)
	}
	for _, k := range ncaa.AthleteKeyDates(cals, ncaa.SportsFor(athlete.Sports), int(athlete.GraduationYear)) {
		if k.Key != key {
			continue
		}
		e, err := store.Q.EventCreate(ctx, app.pool, timelineKeyDate(athlete, k))
		if err := store.Translate(err); err != nil {
			if errors.Is(err, store.ErrConflict) {
				return conflict("This date is already on your timeline")
			}
			return fmt.Errorf("inserting key date event: %w", err)
		}
		return c.JSON(http.StatusCreated, toEventResponse(e))
	}
	v := validator{}
	v.check(false, "keyDate", "Unknown key date for this athlete's sports and class")
	return fieldErrors(v)
}
