package main

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	ics "github.com/arran4/golang-ical"
	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/integrations/ncaa"
	"legacylocker/store"
)

// Calendar export: the athlete's events, their key dates and the NCAA periods of their sports as
// one iCalendar file (RFC 5545), downloaded or subscribed to through a private webcal:// URL.
//
// UIDs are stable ({kind}-{id}@legacylocker), so importing the file again, or a subscription's
// refresh, updates the entries instead of duplicating them. Days (key dates, periods) are all-day
// entries whose DTEND is the day after the last day, as the standard counts it.

const calendarUIDDomain = "@legacylocker"

// calendarData is everything one athlete's calendar holds.
type calendarData struct {
	name     string
	events   []store.Event
	keyDates []ncaa.KeyDate
	// periods are the resolved NCAA periods per sport and division.
	periods []sportPeriods
	// followUps are the colleges the family means to follow up with, each on its day.
	followUps []store.CollegeFollowUpsRow
}

type sportPeriods struct {
	sport    ncaa.Sport
	division string
	segments []ncaa.Segment
}

// buildCalendar writes the athlete's calendar; stamp is the DTSTAMP of every entry (the time of
// the export), passed in so the output is reproducible in tests.
func buildCalendar(d calendarData, stamp time.Time) *ics.Calendar {
	cal := ics.NewCalendarFor("Legacy Locker")
	cal.SetMethod(ics.MethodPublish)
	cal.SetXWRCalName(d.name + " · Legacy Locker")
	cal.SetRefreshInterval("P1D")
	cal.SetXPublishedTTL("P1D")
	onTimeline := map[string]bool{}
	zones := zoneSpans{}
	for _, e := range d.events {
		ev := cal.AddEvent(fmt.Sprintf("event-%d%s", e.ID, calendarUIDDomain))
		ev.SetDtStampTime(stamp)
		ev.SetSummary(e.Title)
		if e.KeyDate != nil {
			onTimeline[*e.KeyDate] = true
		}
		setEventTimes(ev, e, zones)
		if e.Location != "" {
			ev.SetLocation(e.Location)
		}
	}
	for _, k := range d.keyDates {
		if onTimeline[k.Key] {
			continue
		}
		ev := cal.AddEvent("keydate-" + k.Key + calendarUIDDomain)
		ev.SetDtStampTime(stamp)
		ev.SetSummary(fmt.Sprintf("%s (%s, %s)", k.Title, k.SportLabel, k.Division))
		ev.SetAllDayStartAt(k.Date)
		ev.SetAllDayEndAt(k.EndDate.AddDate(0, 0, 1))
		ev.SetDescription(sourceNote(k.Rule, k.Note, k.SourceURL, k.Verified))
		ev.SetTimeTransparency(ics.TransparencyTransparent)
	}
	for _, sp := range d.periods {
		for _, s := range sp.segments {
			meaning := ncaa.Meanings[s.Row.Type]
			uid := fmt.Sprintf("ncaa-%s-%s-%s-%s%s", sp.sport.Key, sp.division, s.Row.Type, s.Start.Format("20060102"), calendarUIDDomain)
			ev := cal.AddEvent(uid)
			ev.SetDtStampTime(stamp)
			ev.SetSummary(fmt.Sprintf("%s %s: %s", sp.sport.Label, sp.division, meaning.Label))
			ev.SetAllDayStartAt(s.Start)
			ev.SetAllDayEndAt(s.End.AddDate(0, 0, 1))
			ev.SetDescription(sourceNote(meaning.Short, s.Row.Note, s.Row.SourceURL, s.Row.Verified))
			ev.SetTimeTransparency(ics.TransparencyTransparent)
		}
	}
	for _, f := range d.followUps {
		// One entry per college: a changed date moves it, a cleared one removes it.
		ev := cal.AddEvent(fmt.Sprintf("follow-up-%d%s", f.ID, calendarUIDDomain))
		ev.SetDtStampTime(stamp)
		ev.SetSummary("Follow up with " + f.Name)
		ev.SetAllDayStartAt(f.NextFollowUpOn)
		ev.SetAllDayEndAt(f.NextFollowUpOn.AddDate(0, 0, 1))
		ev.SetTimeTransparency(ics.TransparencyTransparent)
	}
	// The zones' definitions go first, as calendar apps read the file from the top.
	cal.Components = append(zones.vtimezones(), cal.Components...)
	return cal
}

// iCalendar's local date-time and date forms (RFC 5545 3.3.5 and 3.3.4).
const (
	icsLocalTime = "20060102T150405"
	icsDate      = "20060102"
)

// setEventTimes writes an event's DTSTART, DTEND and RRULE. An all-day event is dates, its DTEND
// the day after its last day (exclusive, as the standard counts it), and a weekly series' UNTIL is
// then a date too. A timed event is wall times with the TZID of its zone (whose VTIMEZONE zones
// collects), and its series' UNTIL is the end of the last day there, in UTC, as the standard
// requires of a start with a TZID (RFC 5545 3.3.10).
func setEventTimes(ev *ics.VEvent, e store.Event, zones zoneSpans) {
	s := scheduleOf(e)
	if s.allDay {
		last := s.start
		if s.end != nil {
			last = *s.end
		}
		ev.SetAllDayStartAt(s.start)
		ev.SetAllDayEndAt(time.Date(last.Year(), last.Month(), last.Day()+1, 0, 0, 0, 0, time.UTC))
		if s.until != nil {
			ev.AddRrule("FREQ=WEEKLY;UNTIL=" + s.until.Format(icsDate))
		}
		return
	}
	zone := ics.WithTZID(e.TimeZone)
	ev.SetProperty(ics.ComponentPropertyDtStart, s.start.Format(icsLocalTime), zone)
	last := s.start
	if s.end != nil {
		ev.SetProperty(ics.ComponentPropertyDtEnd, s.end.Format(icsLocalTime), zone)
		last = *s.end
	}
	if s.until != nil {
		lastDay := time.Date(s.until.Year(), s.until.Month(), s.until.Day(), 23, 59, 59, 0, s.loc)
		ev.AddRrule("FREQ=WEEKLY;UNTIL=" + lastDay.UTC().Format(icsLocalTime+"Z"))
		last = lastDay
	}
	zones.add(e.TimeZone, s.loc, s.start, last)
}

// zoneSpans are the time zones the calendar's timed events use, each with the years it must cover.
type zoneSpans map[string]*zoneSpan

type zoneSpan struct {
	loc      *time.Location
	from, to time.Time
}

func (z zoneSpans) add(name string, loc *time.Location, from, to time.Time) {
	span, ok := z[name]
	if !ok {
		z[name] = &zoneSpan{loc: loc, from: from, to: to}
		return
	}
	if from.Before(span.from) {
		span.from = from
	}
	if to.After(span.to) {
		span.to = to
	}
}

// vtimezones are the zones' VTIMEZONE components, by name.
func (z zoneSpans) vtimezones() []ics.Component {
	names := slices.Sorted(maps.Keys(z))
	out := make([]ics.Component, 0, len(names))
	for _, name := range names {
		span := z[name]
		out = append(out, vtimezone(name, span.loc, span.from, span.to))
	}
	return out
}

// vtimezone describes a zone from the start of from's year to the end of to's: the offset in force
// then, and each change after it as Go's time zone database knows it (Time.ZoneBounds), one
// observance with a date each, so an app that does not know the IANA name still places the times.
func vtimezone(name string, loc *time.Location, from, to time.Time) *ics.VTimezone {
	tz := ics.NewTimezone(name)
	t := time.Date(from.In(loc).Year(), 1, 1, 0, 0, 0, 0, loc)
	stop := time.Date(to.In(loc).Year()+1, 1, 1, 0, 0, 0, 0, loc)
	_, offset := t.Zone()
	addObservance(tz, t, offset)
	for {
		_, end := t.ZoneBounds()
		if end.IsZero() || !end.Before(stop) {
			return tz
		}
		_, before := t.Zone()
		t = end.In(loc)
		addObservance(tz, t, before)
	}
}

// addObservance adds the zone's STANDARD or DAYLIGHT part that starts at t, coming from the offset
// before (seconds east of UTC); its DTSTART is the local time before the change.
func addObservance(tz *ics.VTimezone, t time.Time, before int) {
	abbrev, after := t.Zone()
	props := &ics.ComponentBase{}
	props.SetProperty(ics.ComponentProperty(ics.PropertyDtstart), t.In(time.FixedZone("", before)).Format(icsLocalTime))
	props.SetProperty(ics.ComponentProperty(ics.PropertyTzoffsetfrom), icsOffset(before))
	props.SetProperty(ics.ComponentProperty(ics.PropertyTzoffsetto), icsOffset(after))
	props.SetProperty(ics.ComponentProperty(ics.PropertyTzname), abbrev)
	if t.IsDST() {
		tz.Components = append(tz.Components, &ics.Daylight{ComponentBase: *props})
	} else {
		tz.Components = append(tz.Components, &ics.Standard{ComponentBase: *props})
	}
}

// icsOffset writes seconds east of UTC as iCalendar's UTC offset: -0500, +0530.
func icsOffset(seconds int) string {
	sign := "+"
	if seconds < 0 {
		sign, seconds = "-", -seconds
	}
	return fmt.Sprintf("%s%02d%02d", sign, seconds/3600, seconds/60%60)
}

// sourceNote is the description of an NCAA date: what it means, its source and the disclaimer.
func sourceNote(what, note, source string, verified bool) string {
	parts := []string{what}
	if note != "" {
		parts = append(parts, note)
	}
	if !verified {
		parts = append(parts, "Unverified: transcribed second-hand and not yet checked against the NCAA document.")
	}
	if source != "" {
		parts = append(parts, "Source: "+source)
	}
	return strings.Join(append(parts, ncaa.Disclaimer), "\n")
}

// athleteCalendar gathers one athlete's calendar: all their events, their key dates, and the
// NCAA periods of their sports from the start of the current season.
func (app *application) athleteCalendar(c *echo.Context, athleteID int64, sharedWith *int64) (calendarData, error) {
	ctx := c.Request().Context()
	athlete, err := store.Q.AthleteGetByID(ctx, app.pool, athleteID)
	if err != nil {
		return calendarData{}, store.Translate(err)
	}
	cals, err := ncaaCalendars()
	if err != nil {
		return calendarData{}, err
	}
	events, err := store.Q.EventListForAthlete(ctx, app.pool, store.EventListForAthleteParams{AthleteID: athleteID, SharedWith: sharedWith})
	if err != nil {
		return calendarData{}, fmt.Errorf("listing events: %w", err)
	}
	followUps, err := store.Q.CollegeFollowUps(ctx, app.pool, store.CollegeFollowUpsParams{AthleteID: athleteID, SharedWith: sharedWith, MaxRows: followUpsInCalendar})
	if err != nil {
		return calendarData{}, fmt.Errorf("listing follow-ups: %w", err)
	}
	sports := ncaa.SportsFor(athlete.Sports)
	d := calendarData{name: athlete.Name, events: events, followUps: followUps, keyDates: ncaa.AthleteKeyDates(cals, sports, int(athlete.GraduationYear))}
	today := time.Now().UTC()
	from, _, err := ncaa.SeasonBounds(ncaa.SeasonName(today))
	if err != nil {
		return d, err
	}
	for _, sport := range sports {
		for _, division := range ncaa.DivisionsFor(sport.Key) {
			d.periods = append(d.periods, sportPeriods{sport: sport, division: division, segments: sportSegments(cals, sport, division, from)})
		}
	}
	return d, nil
}

func writeCalendar(c *echo.Context, d calendarData, filename string) error {
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, "text/calendar; charset=utf-8")
	if filename != "" {
		h.Set(echo.HeaderContentDisposition, fmt.Sprintf("attachment; filename=%q", filename))
	}
	h.Set(echo.HeaderCacheControl, "private, no-cache")
	c.Response().WriteHeader(http.StatusOK)
	return serializeCalendar(c.Response(), d, time.Now().UTC())
}

// serializeCalendar writes the calendar with CRLF line ends, as RFC 5545 requires.
func serializeCalendar(w io.Writer, d calendarData, stamp time.Time) error {
	return buildCalendar(d, stamp).SerializeTo(w, ics.WithNewLineWindows)
}

// exportCalendar answers GET /api/athletes/:id/calendar.ics: 'Export Calendar'.
func (app *application) exportCalendar(c *echo.Context) error {
	scope := sectionScope(c)
	d, err := app.athleteCalendar(c, athleteID(c), scope.SharedWith)
	if err != nil {
		return err
	}
	if scope.Hidden {
		d.events, d.followUps = nil, nil
	}
	return writeCalendar(c, d, calendarFilename(d.name))
}

// calendarFilename is "legacy-locker-jordan-rivera.ics".
func calendarFilename(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteByte('-')
		}
	}
	slug := strings.Trim(b.String(), "-")
	if slug == "" {
		slug = "athlete"
	}
	return "legacy-locker-" + slug + ".ics"
}

// calendarFeedResponse is the private subscription of an athlete's calendar.
type calendarFeedResponse struct {
	// URL is webcal://…; null when there is no live subscription.
	URL       *string    `json:"url"`
	CreatedAt *time.Time `json:"createdAt"`
}

func (app *application) feedURL(token string) string {
	u, err := url.Parse(app.cfg.appURL)
	host := "localhost"
	if err == nil && u.Host != "" {
		host = u.Host
	}
	return "webcal://" + host + "/api/calendar/" + token + ".ics"
}

func (app *application) showCalendarFeed(c *echo.Context) error {
	feed, err := store.Q.CalendarFeedGetLive(c.Request().Context(), app.pool, athleteID(c))
	if err := store.Translate(err); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return c.JSON(http.StatusOK, calendarFeedResponse{})
		}
		return err
	}
	u := app.feedURL(feed.Token)
	return c.JSON(http.StatusOK, calendarFeedResponse{URL: &u, CreatedAt: &feed.CreatedAt})
}

// createCalendarFeed makes a new private subscription URL, revoking the one before (so a leaked
// URL is stopped by making a new one).
func (app *application) createCalendarFeed(c *echo.Context) error {
	ctx := c.Request().Context()
	token := rand.Text()
	var feed store.CalendarFeed
	err := store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		if err := store.Q.CalendarFeedRevoke(ctx, tx, athleteID(c)); err != nil {
			return fmt.Errorf("revoking calendar feed: %w", err)
		}
		var err error
		feed, err = store.Q.CalendarFeedCreate(ctx, tx, store.CalendarFeedCreateParams{AthleteID: athleteID(c), Token: token})
		if err != nil {
			return fmt.Errorf("creating calendar feed: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	u := app.feedURL(feed.Token)
	return c.JSON(http.StatusCreated, calendarFeedResponse{URL: &u, CreatedAt: &feed.CreatedAt})
}

func (app *application) revokeCalendarFeed(c *echo.Context) error {
	if err := store.Q.CalendarFeedRevoke(c.Request().Context(), app.pool, athleteID(c)); err != nil {
		return fmt.Errorf("revoking calendar feed: %w", err)
	}
	return c.NoContent(http.StatusNoContent)
}

// serveCalendarFeed answers a calendar app's request for a subscription: no session, the token is
// the key; unknown and revoked tokens answer 404.
func (app *application) serveCalendarFeed(c *echo.Context) error {
	token := strings.TrimSuffix(c.Param("token"), ".ics")
	if token == "" || len(token) > 64 {
		return notFound()
	}
	feed, err := store.Q.CalendarFeedByToken(c.Request().Context(), app.pool, token)
	if err := store.Translate(err); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return notFound()
		}
		return err
	}
	d, err := app.athleteCalendar(c, feed.AthleteID, nil)
	if err != nil {
		return err
	}
	return writeCalendar(c, d, "")
}
