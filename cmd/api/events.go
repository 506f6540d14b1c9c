package main

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	// Event time zones are IANA names: the binary carries the database, so a server image without
	// /usr/share/zoneinfo reads them the same.
	_ "time/tzdata"

	"github.com/labstack/echo/v5"

	"legacylocker/store"
)

// Events (games, camps, visits, and the NCAA key dates a family adds with 'Add to My Timeline')
// belong to the recruiting section: its privacy setting decides which members see them, and a
// limited member sees only events shared with them.

// eventResponse is one of the athlete's calendar events (games, practices, camps, visits …).
//
// A timed event answers startDate (and endDate) as RFC 3339 times in its own time zone's offset,
// so the wall time the family typed is the first 16 characters; an all-day event answers them as
// YYYY-MM-DD days (endDate the last day, included). A weekly series is one event: startDate is its
// first occurrence, repeatWeeklyUntil its last day, nextStartDate the next occurrence not yet over.
type eventResponse struct {
	ID                int64   `json:"id"`
	Title             string  `json:"title"`
	EventType         string  `json:"eventType"`
	StartDate         string  `json:"startDate"`
	EndDate           *string `json:"endDate"`
	AllDay            bool    `json:"allDay"`
	TimeZone          string  `json:"timeZone"`
	RepeatWeeklyUntil *string `json:"repeatWeeklyUntil"`
	NextStartDate     *string `json:"nextStartDate"`
	Location          string  `json:"location"`
	// KeyDate names the recruiting key date the event was added from, if any.
	KeyDate *string `json:"keyDate,omitempty"`
}

func toEventResponse(e store.Event) eventResponse {
	return eventResponseAt(e, time.Now())
}

// eventResponseAt is the event as it reads at now (its series' next occurrence).
func eventResponseAt(e store.Event, now time.Time) eventResponse {
	s := scheduleOf(e)
	out := eventResponse{ID: e.ID, Title: e.Title, EventType: e.EventType, AllDay: e.AllDay, TimeZone: e.TimeZone, Location: e.Location, KeyDate: e.KeyDate}
	out.StartDate = s.format(s.start)
	if end, ok := s.lastEnd(); ok {
		out.EndDate = new(s.format(end))
	}
	if s.until != nil {
		out.RepeatWeeklyUntil = new(s.until.Format(time.DateOnly))
		if next, ok := s.nextStart(now); ok {
			out.NextStartDate = new(s.format(next))
		}
	}
	return out
}

// eventTypes are the kinds of event, in the order the form lists them.
var eventTypes = []string{"game", "practice", "tournament", "showcase", "camp", "combine", "official_visit", "unofficial_visit", "tryout", "other"}

const msgEventType = "Event type must be one of game, practice, tournament, showcase, camp, combine, official_visit, unofficial_visit, tryout, other"

const msgTimeZone = "Time zone must be an IANA time zone name such as America/New_York"

var eventPages = pages{list: "events", size: 50, maxSize: 200}

func eventKey(e store.Event) timeKey { return timeKey{At: e.StartDate, ID: e.ID} }

func (app *application) listEvents(c *echo.Context) error {
	upcoming := c.QueryParam("upcoming") == "true"
	return sectionPage(c, eventPages, eventKey, toEventResponse, func(scope store.Scope, p page[timeKey]) ([]store.Event, error) {
		return app.eventPage(c, athleteID(c), upcoming, scope.SharedWith, p)
	})
}

// eventPage is one page of the athlete's events in date order (a weekly series at its first
// occurrence); upcomingOnly keeps those not over yet: a timed event starting now or later (or
// still going, until its end), an all-day event until its last day ends, a series until its last day.
func (app *application) eventPage(c *echo.Context, athleteID int64, upcomingOnly bool, sharedWith *int64, p page[timeKey]) ([]store.Event, error) {
	params := store.EventListPageParams{AthleteID: athleteID, SharedWith: sharedWith, MaxRows: p.MaxRows()}
	if upcomingOnly {
		params.OverAfter = new(time.Now())
	}
	params.AfterStart, params.AfterID = p.After.keyset()
	return store.Q.EventListPage(c.Request().Context(), app.pool, params)
}

type eventInput struct {
	Title     string `json:"title"`
	EventType string `json:"eventType"`
	// StartDate and EndDate are YYYY-MM-DD for an all-day event; for a timed one an RFC 3339 time,
	// or a wall time YYYY-MM-DDTHH:MM[:SS] read in the event's time zone.
	StartDate string `json:"startDate"`
	EndDate   string `json:"endDate"`
	// AllDay left out: a date-only startDate makes an all-day event, a time a timed one.
	AllDay *bool `json:"allDay"`
	// TimeZone is an IANA name; left out, the athlete's (on update: the event's own).
	TimeZone string `json:"timeZone"`
	// RepeatWeeklyUntil (YYYY-MM-DD) makes the event a weekly series ending on or before that day.
	RepeatWeeklyUntil string `json:"repeatWeeklyUntil"`
	Location          string `json:"location"`
	// KeyDate adds one of the athlete's recruiting key dates instead ('Add to My Timeline'): the
	// server fills in the title and date, and the other fields must be left out.
	KeyDate string `json:"keyDate"`
}

// maxSeries is how long a weekly series may run: a season, or a school year with room to spare.
const maxSeries = 2 * 366 * 24 * time.Hour

// validate answers the event to store; defaultZone is the time zone when the input names none.
func (in eventInput) validate(defaultZone string) (store.EventCreateParams, validator) {
	v := validator{}
	out := store.EventCreateParams{Title: strings.TrimSpace(in.Title), EventType: strings.TrimSpace(in.EventType), Location: strings.TrimSpace(in.Location)}
	v.required(out.Title, "title", "Title is required")
	v.line(out.Title, 200, "title", "Title")
	if out.EventType == "" {
		out.EventType = "other"
	}
	v.check(slices.Contains(eventTypes, out.EventType), "eventType", msgEventType)
	v.line(out.Location, 200, "location", "Location")

	out.TimeZone = strings.TrimSpace(in.TimeZone)
	if out.TimeZone == "" {
		out.TimeZone = defaultZone
	}
	loc, err := loadZone(out.TimeZone)
	v.check(err == nil, "timeZone", msgTimeZone)
	if err != nil {
		loc = time.UTC
	}

	raw := strings.TrimSpace(in.StartDate)
	v.required(raw, "startDate", "Start date is required")
	if raw == "" {
		return out, v
	}
	day, dayErr := time.Parse(time.DateOnly, raw)
	out.AllDay = dayErr == nil
	if in.AllDay != nil {
		out.AllDay = *in.AllDay
	}
	var s schedule
	if out.AllDay {
		v.check(dayErr == nil, "startDate", "Start date must be YYYY-MM-DD for an all-day event")
		s = schedule{allDay: true, loc: loc, start: time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, loc)}
		out.StartDay = &day
		if rawEnd := strings.TrimSpace(in.EndDate); rawEnd != "" {
			end, err := time.Parse(time.DateOnly, rawEnd)
			v.check(err == nil, "endDate", "End date must be YYYY-MM-DD for an all-day event")
			if err == nil {
				v.check(!end.Before(day), "endDate", "End date must not be before the start date")
				out.EndDay = &end
				s.end = new(time.Date(end.Year(), end.Month(), end.Day(), 0, 0, 0, 0, loc))
			}
		}
	} else {
		start, err := parseEventTime(raw, loc)
		if in.AllDay != nil {
			v.check(err == nil, "startDate", "Start date must be an RFC 3339 time or YYYY-MM-DDTHH:MM unless the event is all-day")
		}
		v.check(err == nil, "startDate", "Start date must be YYYY-MM-DD or an RFC 3339 time")
		// In the event's zone: its series repeats the wall time and its first day is the day there.
		start = start.In(loc)
		s = schedule{loc: loc, start: start}
		if rawEnd := strings.TrimSpace(in.EndDate); rawEnd != "" && err == nil {
			end, err := parseEventTime(rawEnd, loc)
			v.check(err == nil, "endDate", "End time must be an RFC 3339 time or YYYY-MM-DDTHH:MM")
			if err == nil {
				end = end.In(loc)
				v.check(!end.Before(start), "endDate", "End time must not be before the start time")
				out.EndAt = &end
				s.end = &end
			}
		}
	}
	out.StartDate = s.start
	if rawUntil := strings.TrimSpace(in.RepeatWeeklyUntil); rawUntil != "" {
		until, err := time.Parse(time.DateOnly, rawUntil)
		v.check(err == nil, "repeatWeeklyUntil", "Repeat until must be YYYY-MM-DD")
		if err == nil {
			first := s.startDay()
			v.check(!until.Before(first), "repeatWeeklyUntil", "Repeat until must not be before the start date")
			v.check(until.Sub(first) <= maxSeries, "repeatWeeklyUntil", "A weekly event can repeat for at most two years")
			if end, ok := s.lastEnd(); ok {
				v.check(end.Sub(s.start) < 7*24*time.Hour, "endDate", "A weekly event must end within a week of its start")
			}
			out.RepeatWeeklyUntil = &until
		}
	}
	return out, v
}

// zones holds each zone loadZone has read: time.LoadLocation reads and parses the zone's file on
// every call (about 30 µs), once per event of every page of events. A zone only changes with a new
// build, and there are a few hundred names, so they are kept for the process's life.
var zones sync.Map

// loadZone is the IANA zone name's location; "Local" (the server's zone) and "" are not names a
// family chose.
func loadZone(name string) (*time.Location, error) {
	if name == "" || name == "Local" {
		return nil, fmt.Errorf("no time zone named %q", name)
	}
	if loc, ok := zones.Load(name); ok {
		return loc.(*time.Location), nil
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, err
	}
	zones.Store(name, loc)
	return loc, nil
}

// parseEventTime reads an RFC 3339 time, or a wall time without an offset in loc.
func parseEventTime(raw string, loc *time.Location) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339, raw); err == nil {
		return t, nil
	}
	for _, layout := range []string{"2006-01-02T15:04", "2006-01-02T15:04:05"} {
		if t, err := time.ParseInLocation(layout, raw, loc); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("not a time: %q", raw)
}

// schedule is when an event happens, in its own time zone: the times of a timed event, or the
// midnights of an all-day event's first and last days; until is a weekly series' last day.
type schedule struct {
	allDay bool
	loc    *time.Location
	start  time.Time
	end    *time.Time
	until  *time.Time
}

// scheduleOf reads a stored event's schedule.
func scheduleOf(e store.Event) schedule {
	loc, err := loadZone(e.TimeZone)
	if err != nil {
		loc = time.UTC // the zone was checked when it was written; a database without it reads as UTC
	}
	s := schedule{allDay: e.AllDay, loc: loc, start: e.StartDate.In(loc), until: e.RepeatWeeklyUntil}
	switch {
	case e.AllDay && e.StartDay != nil:
		s.start = midnight(*e.StartDay, loc)
		if e.EndDay != nil {
			s.end = new(midnight(*e.EndDay, loc))
		}
	case e.EndAt != nil:
		s.end = new(e.EndAt.In(loc))
	}
	return s
}

// midnight is the start of day (a date) in loc.
func midnight(day time.Time, loc *time.Location) time.Time {
	return time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, loc)
}

// startDay is the date of the event's first day in its own zone.
func (s schedule) startDay() time.Time {
	return time.Date(s.start.Year(), s.start.Month(), s.start.Day(), 0, 0, 0, 0, time.UTC)
}

// lastEnd is the end of the (first) occurrence: an all-day event's last day, a timed event's end.
func (s schedule) lastEnd() (time.Time, bool) {
	if s.end == nil {
		return time.Time{}, false
	}
	return *s.end, true
}

// format writes a time of the schedule as the API answers it.
func (s schedule) format(t time.Time) string {
	if s.allDay {
		return t.Format(time.DateOnly)
	}
	return t.In(s.loc).Format(time.RFC3339)
}

// occurrence is the start of the series' nth occurrence: the same wall time n weeks on, so a 6 pm
// practice stays at 6 pm across a change of daylight saving time.
func (s schedule) occurrence(n int) time.Time {
	return time.Date(s.start.Year(), s.start.Month(), s.start.Day()+7*n, s.start.Hour(), s.start.Minute(), s.start.Second(), 0, s.loc)
}

// nextStart is the first occurrence not yet over at now (an all-day occurrence lasts its day, a
// timed one until its end, or its start when it has none); false once the series is over.
func (s schedule) nextStart(now time.Time) (time.Time, bool) {
	length := time.Duration(0)
	if s.end != nil {
		length = s.end.Sub(s.start)
	}
	if s.allDay {
		length += 24 * time.Hour
	}
	n := 0
	if behind := now.Sub(s.start.Add(length)); behind > 0 {
		n = int(behind / (7 * 24 * time.Hour)) // a lower bound: the loop steps over what remains
	}
	for ; ; n++ {
		at := s.occurrence(n)
		if s.until != nil && at.After(midnight(*s.until, s.loc).Add(24*time.Hour-time.Nanosecond)) {
			return time.Time{}, false
		}
		if !at.Add(length).Before(now) {
			return at, true
		}
	}
}

func (app *application) createEvent(c *echo.Context) error {
	var in eventInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	if key := strings.TrimSpace(in.KeyDate); key != "" {
		return app.createKeyDateEvent(c, key)
	}
	athlete, err := store.Q.AthleteGetByID(c.Request().Context(), app.pool, athleteID(c))
	if err != nil {
		return store.Translate(err)
	}
	params, v := in.validate(athlete.TimeZone)
	if !v.valid() {
		return fieldErrors(v)
	}
	params.AthleteID = athlete.ID
	e, err := store.Q.EventCreate(c.Request().Context(), app.pool, params)
	if err != nil {
		return fmt.Errorf("inserting event: %w", err)
	}
	return c.JSON(http.StatusCreated, toEventResponse(e))
}

func (app *application) updateEvent(c *echo.Context) error {
	var in eventInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	if in.KeyDate != "" {
		return badRequest("keyDate can only be given when adding an event")
	}
	event := loaded[store.Event](c)
	params, v := in.validate(event.TimeZone)
	if !v.valid() {
		return fieldErrors(v)
	}
	e, err := store.Q.EventUpdate(c.Request().Context(), app.pool, store.EventUpdateParams{
		ID: event.ID, Title: params.Title, EventType: params.EventType, StartDate: params.StartDate, Location: params.Location,
		TimeZone: params.TimeZone, AllDay: params.AllDay, StartDay: params.StartDay, EndDay: params.EndDay, EndAt: params.EndAt,
		RepeatWeeklyUntil: params.RepeatWeeklyUntil,
	})
	if err != nil {
		return store.Translate(err)
	}
	return c.JSON(http.StatusOK, toEventResponse(e))
}

func (app *application) deleteEvent(c *echo.Context) error {
	if err := store.Q.EventDelete(c.Request().Context(), app.pool, loaded[store.Event](c).ID); err != nil {
		return fmt.Errorf("deleting event: %w", err)
	}
	return c.NoContent(http.StatusNoContent)
}
