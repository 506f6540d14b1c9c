package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"
	// The brief goes out by the athlete's time zone: the worker carries the zone database, as the api
	// does, so a server image without /usr/share/zoneinfo reads the zones the same.
	_ "time/tzdata"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"legacylocker/integrations/mail"
	"legacylocker/integrations/ncaa"
	"legacylocker/store"
)

// The weekly recruiting brief (issue 31): for an athlete's owner, each target school's NCAA period
// today in plain English, the athlete's key dates in the next 30 days, the follow-ups due and the
// coach links opened. The e-mail (on the first morning of the athlete's week) and the dashboard's
// card (GET /api/athletes/{id}/recruiting-brief) are made by BuildRecruitingBrief, so they say the
// same.

// UnsubscribeRecruitingBrief stops the weekly recruiting brief (also the e-mail's kind in
// outbound_emails).
const UnsubscribeRecruitingBrief = "recruiting_brief"

const (
	// briefSchools is how many schools a brief names, most wanted first; it counts the rest.
	briefSchools = 8
	// briefDays is how far ahead the key dates look; briefFollowUpDays how far ahead a follow-up is due.
	briefDays         = 30
	briefFollowUpDays = 7
	// briefHour is the local hour from which a week's brief goes out on its Monday.
	briefHour  = 7
	briefBatch = 100
)

// RecruitingBrief is one athlete's brief on one day (Today, in the athlete's time zone for the
// e-mail). Every line carries its text, written once here.
type RecruitingBrief struct {
	Today       time.Time
	Schools     []BriefSchool
	MoreSchools int
	KeyDates    []BriefDate
	FollowUps   []BriefFollowUp
	OpenedLinks []BriefLink
}

// BriefSchool is a target school and what its NCAA period is today for each of the athlete's sports.
type BriefSchool struct {
	CollegeInterestID int64
	Name, Division    string
	Periods           []ncaa.SchoolPeriod
}

// BriefDate is a key date: an NCAA date of the athlete's class ("ncaa"), one of their events
// ("event"), or a recruiting checklist step due ("checklist").
type BriefDate struct {
	Kind      string
	Date      time.Time
	Text      string
	SourceURL string
}

// BriefFollowUp is a college interest whose next follow-up is due within a week, or overdue.
type BriefFollowUp struct {
	CollegeInterestID int64
	Name              string
	DueOn             time.Time
	Overdue           bool
	Text              string
}

// BriefLink is a coach link opened in the last seven days.
type BriefLink struct {
	ID, CollegeInterestID int64
	CollegeName           string
	CoachName             string
	Opens                 int32
	LastOpenedAt          time.Time
	Text                  string
}

// BriefAthlete is what a brief needs to know of the athlete.
type BriefAthlete struct {
	ID       int64
	Sports   string
	ClassOf  int
	TimeZone string
}

// BuildRecruitingBrief reads an athlete's brief for the day today (a date; midnight UTC).
func BuildRecruitingBrief(ctx context.Context, db store.DBTX, a BriefAthlete, today time.Time) (RecruitingBrief, error) {
	cals, err := ncaa.Calendars()
	if err != nil {
		return RecruitingBrief{}, fmt.Errorf("loading NCAA calendars: %w", err)
	}
	b := RecruitingBrief{Today: today, Schools: []BriefSchool{}, KeyDates: []BriefDate{}, FollowUps: []BriefFollowUp{}, OpenedLinks: []BriefLink{}}
	sports := ncaa.SportsFor(a.Sports)
	schools, err := store.Q.RecruitingBriefSchools(ctx, db, store.RecruitingBriefSchoolsParams{AthleteID: a.ID, MaxRows: briefSchools})
	if err != nil {
		return b, fmt.Errorf("reading the target schools: %w", err)
	}
	for _, s := range schools {
		b.MoreSchools = int(s.Total) - len(schools)
		b.Schools = append(b.Schools, BriefSchool{CollegeInterestID: s.ID, Name: s.Name, Division: s.Division,
			Periods: ncaa.SchoolPeriods(cals, s.Name, s.Division, sports, a.ClassOf, today)})
	}
	last := today.AddDate(0, 0, briefDays)
	if a.ClassOf > 0 {
		for _, k := range ncaa.AthleteKeyDates(cals, sports, a.ClassOf) {
			if k.EndDate.Before(today) || k.Date.After(last) {
				continue
			}
			when := briefDay(k.Date)
			if k.EndDate.After(k.Date) {
				when += " – " + briefDay(k.EndDate) // a signing period
			}
			b.KeyDates = append(b.KeyDates, BriefDate{Kind: "ncaa", Date: k.Date, SourceURL: k.SourceURL,
				Text: fmt.Sprintf("%s: %s (%s, %s)", when, k.Title, k.SportLabel, k.Division)})
		}
	}
	if err := b.addEvents(ctx, db, a, today, last); err != nil {
		return b, err
	}
	steps, err := store.Q.RecruitingBriefChecklist(ctx, db, store.RecruitingBriefChecklistParams{AthleteID: a.ID, FromDay: today, ToDay: last})
	if err != nil {
		return b, fmt.Errorf("reading the checklist: %w", err)
	}
	for _, s := range steps {
		b.KeyDates = append(b.KeyDates, BriefDate{Kind: "checklist", Date: s.DueDate, Text: fmt.Sprintf("%s: %s (checklist)", briefDay(s.DueDate), s.Title)})
	}
	// Stable: on one day the NCAA's dates come before the events and the checklist.
	slices.SortStableFunc(b.KeyDates, func(x, y BriefDate) int { return x.Date.Compare(y.Date) })

	due, err := store.Q.RecruitingBriefFollowUps(ctx, db, store.RecruitingBriefFollowUpsParams{AthleteID: a.ID, DueBy: today.AddDate(0, 0, briefFollowUpDays)})
	if err != nil {
		return b, fmt.Errorf("reading the follow-ups: %w", err)
	}
	for _, f := range due {
		text := fmt.Sprintf("Follow up with %s by %s", f.Name, briefDay(f.DueOn))
		overdue := f.DueOn.Before(today)
		if overdue {
			text = fmt.Sprintf("Follow up with %s: overdue since %s", f.Name, briefDay(f.DueOn))
		}
		b.FollowUps = append(b.FollowUps, BriefFollowUp{CollegeInterestID: f.ID, Name: f.Name, DueOn: f.DueOn, Overdue: overdue, Text: text})
	}

	opened, err := store.Q.RecruitingBriefOpenedLinks(ctx, db, store.RecruitingBriefOpenedLinksParams{AthleteID: a.ID, SinceDay: today.AddDate(0, 0, -6)})
	if err != nil {
		return b, fmt.Errorf("reading the opened links: %w", err)
	}
	for _, l := range opened {
		times := "once"
		if l.Opens != 1 {
			times = fmt.Sprintf("%d times", l.Opens)
		}
		b.OpenedLinks = append(b.OpenedLinks, BriefLink{ID: l.ID, CollegeInterestID: l.CollegeInterestID, CollegeName: l.CollegeName, CoachName: l.CoachName,
			Opens: l.Opens, LastOpenedAt: l.LastOpenedAt,
			Text: fmt.Sprintf("%s (%s) opened your link %s this week, last on %s", l.CoachName, l.CollegeName, times, briefDay(l.LastOpenedAt.In(zone(a.TimeZone))))})
	}
	return b, nil
}

// addEvents adds the athlete's events starting from today through the brief's last day, each on its
// own day in its own time zone.
func (b *RecruitingBrief) addEvents(ctx context.Context, db store.DBTX, a BriefAthlete, today, last time.Time) error {
	loc := zone(a.TimeZone)
	from := time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, loc)
	events, err := store.Q.RecruitingBriefEvents(ctx, db, store.RecruitingBriefEventsParams{AthleteID: a.ID, StartsFrom: from,
		StartsBefore: time.Date(last.Year(), last.Month(), last.Day()+1, 0, 0, 0, 0, loc)})
	if err != nil {
		return fmt.Errorf("reading the events: %w", err)
	}
	for _, e := range events {
		start := e.StartDate.In(zone(e.TimeZone))
		day := time.Date(start.Year(), start.Month(), start.Day(), 0, 0, 0, 0, time.UTC)
		if e.AllDay && e.StartDay != nil {
			day = *e.StartDay
		}
		text := fmt.Sprintf("%s: %s", briefDay(day), e.Title)
		if e.Location != "" {
			text += " (" + e.Location + ")"
		}
		b.KeyDates = append(b.KeyDates, BriefDate{Kind: "event", Date: day, Text: text})
	}
	return nil
}

func briefDay(d time.Time) string { return d.Format("Mon Jan 2") }

// zone is an athlete's or event's time zone; a name the server does not know reads as UTC (it was
// checked when it was written).
func zone(name string) *time.Location {
	if loc, err := time.LoadLocation(name); err == nil && name != "" {
		return loc
	}
	return time.UTC
}

// weekOf is the Monday of day's week.
func weekOf(day time.Time) time.Time {
	return time.Date(day.Year(), day.Month(), day.Day()-(int(day.Weekday())+6)%7, 0, 0, 0, 0, time.UTC)
}

// RecruitingBriefsArgs is the periodic sweep that sends each athlete's owner the week's brief.
type RecruitingBriefsArgs struct{}

func (RecruitingBriefsArgs) Kind() string { return "recruiting_briefs" }

func (RecruitingBriefsArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, UniqueOpts: river.UniqueOpts{ByPeriod: time.Hour}}
}

type RecruitingBriefsWorker struct {
	river.WorkerDefaults[RecruitingBriefsArgs]
	Pool   *pgxpool.Pool
	AppURL string
	Logger *slog.Logger
	// Now is the clock, replaceable in tests.
	Now func() time.Time
}

func (w *RecruitingBriefsWorker) Work(ctx context.Context, job *river.Job[RecruitingBriefsArgs]) error {
	client, err := river.ClientFromContextSafely[pgx.Tx](ctx)
	if err != nil {
		return fmt.Errorf("finding the river client: %w", err)
	}
	now := time.Now()
	if w.Now != nil {
		now = w.Now()
	}
	sent, err := SendRecruitingBriefs(ctx, w.Pool, client, w.AppURL, now)
	if err != nil {
		return err
	}
	if sent > 0 && w.Logger != nil {
		w.Logger.InfoContext(ctx, "recruiting briefs sent", "count", sent)
	}
	return nil
}

// SendRecruitingBriefs queues the brief of every athlete whose week has begun (Monday, from 7 a.m.
// in the athlete's time zone) and whose owner has not had it yet, and answers how many. Each week
// is claimed in the transaction that queues its e-mail, so a sweep run twice sends it once.
func SendRecruitingBriefs(ctx context.Context, pool *pgxpool.Pool, client *river.Client[pgx.Tx], appURL string, now time.Time) (int, error) {
	// The newest week anywhere: local time is at most 14 hours ahead of UTC.
	latest := weekOf(now.UTC().Add(14 * time.Hour))
	sent, after := 0, int64(0)
	for {
		var due []store.RecruitingBriefsDueRow
		err := store.WithTx(ctx, pool, func(tx pgx.Tx) error {
			var err error
			due, err = store.Q.RecruitingBriefsDue(ctx, tx, store.RecruitingBriefsDueParams{LatestWeek: latest, AfterAthlete: after, Batch: briefBatch})
			if err != nil {
				return fmt.Errorf("finding the briefs due: %w", err)
			}
			for _, a := range due {
				ok, err := sendRecruitingBrief(ctx, tx, client, appURL, a, now)
				if err != nil {
					return err
				}
				if ok {
					sent++
				}
			}
			return nil
		})
		if err != nil {
			return sent, err
		}
		if len(due) < briefBatch {
			return sent, nil
		}
		after = due[len(due)-1].AthleteID
	}
}

// sendRecruitingBrief queues one athlete's brief if their week has begun and it is not sent yet.
func sendRecruitingBrief(ctx context.Context, tx pgx.Tx, client *river.Client[pgx.Tx], appURL string, a store.RecruitingBriefsDueRow, now time.Time) (bool, error) {
	local := now.In(zone(a.TimeZone))
	today := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, time.UTC)
	week := weekOf(today)
	if today.Equal(week) && local.Hour() < briefHour {
		return false, nil
	}
	claimed, err := store.Q.RecruitingBriefClaim(ctx, tx, store.RecruitingBriefClaimParams{Week: week, ID: a.AthleteID})
	if err != nil {
		return false, fmt.Errorf("claiming the week's brief: %w", err)
	}
	if claimed == 0 {
		return false, nil
	}
	b, err := BuildRecruitingBrief(ctx, tx, BriefAthlete{ID: a.AthleteID, Sports: a.Sports, ClassOf: int(a.GraduationYear), TimeZone: a.TimeZone}, today)
	if err != nil {
		return false, err
	}
	unsubscribe, err := UnsubscribeURL(ctx, tx, appURL, a.UserID, UnsubscribeRecruitingBrief, nil)
	if err != nil {
		return false, err
	}
	msg := mail.RecruitingBrief(a.Email, a.FirstName, a.AthleteName, b.mail(appURL, a.AthleteID), unsubscribe)
	if _, err := QueueAthleteEmail(ctx, tx, client, UnsubscribeRecruitingBrief, a.AthleteID, msg); err != nil {
		return false, err
	}
	return true, nil
}

// mail is the brief as the e-mail's lines.
func (b RecruitingBrief) mail(appURL string, athleteID int64) mail.BriefContent {
	c := mail.BriefContent{Today: b.Today.Format("Mon Jan 2"), MoreSchools: b.MoreSchools, Disclaimer: ncaa.Disclaimer,
		Link: fmt.Sprintf("%s/recruiting?athlete=%d", strings.TrimRight(appURL, "/"), athleteID)}
	for _, s := range b.Schools {
		for _, p := range s.Periods {
			c.Schools = append(c.Schools, p.Sentence)
		}
	}
	for _, d := range b.KeyDates {
		c.KeyDates = append(c.KeyDates, d.Text)
	}
	for _, f := range b.FollowUps {
		c.FollowUps = append(c.FollowUps, f.Text)
	}
	for _, l := range b.OpenedLinks {
		c.OpenedLinks = append(c.OpenedLinks, l.Text)
	}
	return c
}
