package main

import (
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"legacylocker/integrations/ncaa"
	"legacylocker/jobs"
	"legacylocker/store"
)

// The weekly recruiting brief on the owner's dashboard (issue 31): the same brief the Monday e-mail
// carries (jobs.BuildRecruitingBrief), read for today.

type briefPeriodResponse struct {
	Sport string `json:"sport"`
	// PeriodType is contact, evaluation, quiet, dead or recruiting_shutdown; "" outside any period.
	PeriodType string `json:"periodType"`
	// Through is the period's last day; null outside any period.
	Through   *string `json:"through"`
	Text      string  `json:"text"`
	SourceURL string  `json:"sourceUrl"`
	Verified  bool    `json:"verified"`
}

type briefSchoolResponse struct {
	CollegeInterestID int64                 `json:"collegeInterestId"`
	Name              string                `json:"name"`
	Division          string                `json:"division"`
	Periods           []briefPeriodResponse `json:"periods"`
}

type briefDateResponse struct {
	// Kind is ncaa (a date of the athlete's class), event (their own) or checklist (a step due).
	Kind      string `json:"kind"`
	Date      string `json:"date"`
	Text      string `json:"text"`
	SourceURL string `json:"sourceUrl"`
}

type briefFollowUpResponse struct {
	CollegeInterestID int64  `json:"collegeInterestId"`
	Name              string `json:"name"`
	DueOn             string `json:"dueOn"`
	Overdue           bool   `json:"overdue"`
	Text              string `json:"text"`
}

type briefLinkResponse struct {
	ID                int64     `json:"id"`
	CollegeInterestID int64     `json:"collegeInterestId"`
	CollegeName       string    `json:"collegeName"`
	CoachName         string    `json:"coachName"`
	Opens             int32     `json:"opens"`
	LastOpenedAt      time.Time `json:"lastOpenedAt"`
	Text              string    `json:"text"`
}

type recruitingBriefResponse struct {
	Today       string                  `json:"today"`
	Schools     []briefSchoolResponse   `json:"schools"`
	MoreSchools int                     `json:"moreSchools"`
	KeyDates    []briefDateResponse     `json:"keyDates"`
	FollowUps   []briefFollowUpResponse `json:"followUps"`
	OpenedLinks []briefLinkResponse     `json:"openedLinks"`
	Disclaimer  string                  `json:"disclaimer"`
	// Emailed says whether the owner gets it by e-mail each Monday (recruitingBrief in their settings).
	Emailed bool `json:"emailed"`
}

// showRecruitingBrief answers GET /api/athletes/{id}/recruiting-brief: the owner's brief for today
// in the athlete's time zone, or for ?today=YYYY-MM-DD.
func (app *application) showRecruitingBrief(c *echo.Context) error {
	ctx := c.Request().Context()
	athlete, err := store.Q.AthleteGetByID(ctx, app.pool, athleteID(c))
	if err != nil {
		return store.Translate(err)
	}
	today, err := briefToday(c, athlete.TimeZone)
	if err != nil {
		return err
	}
	b, err := jobs.BuildRecruitingBrief(ctx, app.pool, jobs.BriefAthlete{ID: athlete.ID, Sports: athlete.Sports, ClassOf: int(athlete.GraduationYear),
		TimeZone: athlete.TimeZone}, today)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toRecruitingBriefResponse(b, currentUser(c).RecruitingBrief))
}

// briefToday is ?today= when given, else today where the athlete lives, as the e-mail reads it.
func briefToday(c *echo.Context, zone string) (time.Time, error) {
	if strings.TrimSpace(c.QueryParam("today")) != "" {
		return recruitingDay(c)
	}
	loc, err := loadZone(zone)
	if err != nil {
		loc = time.UTC
	}
	now := time.Now().In(loc)
	return time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC), nil
}

func toRecruitingBriefResponse(b jobs.RecruitingBrief, emailed bool) recruitingBriefResponse {
	day := func(t time.Time) string { return t.Format(time.DateOnly) }
	out := recruitingBriefResponse{Today: day(b.Today), Schools: []briefSchoolResponse{}, MoreSchools: b.MoreSchools, KeyDates: []briefDateResponse{},
		FollowUps: []briefFollowUpResponse{}, OpenedLinks: []briefLinkResponse{}, Disclaimer: ncaa.Disclaimer, Emailed: emailed}
	for _, s := range b.Schools {
		school := briefSchoolResponse{CollegeInterestID: s.CollegeInterestID, Name: s.Name, Division: s.Division, Periods: []briefPeriodResponse{}}
		for _, p := range s.Periods {
			period := briefPeriodResponse{Sport: p.Sport, PeriodType: string(p.Type), Text: p.Sentence, SourceURL: p.SourceURL, Verified: p.Verified}
			if p.Type != "" {
				period.Through = new(day(p.Through))
			}
			school.Periods = append(school.Periods, period)
		}
		out.Schools = append(out.Schools, school)
	}
	for _, d := range b.KeyDates {
		out.KeyDates = append(out.KeyDates, briefDateResponse{Kind: d.Kind, Date: day(d.Date), Text: d.Text, SourceURL: d.SourceURL})
	}
	for _, f := range b.FollowUps {
		out.FollowUps = append(out.FollowUps, briefFollowUpResponse{CollegeInterestID: f.CollegeInterestID, Name: f.Name, DueOn: day(f.DueOn), Overdue: f.Overdue, Text: f.Text})
	}
	for _, l := range b.OpenedLinks {
		out.OpenedLinks = append(out.OpenedLinks, briefLinkResponse{ID: l.ID, CollegeInterestID: l.CollegeInterestID, CollegeName: l.CollegeName,
			CoachName: l.CoachName, Opens: l.Opens, LastOpenedAt: l.LastOpenedAt, Text: l.Text})
	}
	return out
}
