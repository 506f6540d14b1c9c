package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/jobs"
	"legacylocker/media/cards"
	"legacylocker/media/demoart"
	"legacylocker/store"
)

// athleteResponse is the spec's Athlete plus the computed profileCompletion (0–100).
type athleteResponse struct {
	ID             int64    `json:"id"`
	UserID         int64    `json:"userId"`
	Name           string   `json:"name"`
	Sports         string   `json:"sports"`
	Position       string   `json:"position"`
	GraduationYear int32    `json:"graduationYear"`
	GPA            *float64 `json:"gpa"`
	School         string   `json:"school"`
	Bio            string   `json:"bio"`
	// TimeZone (IANA) is the default zone of the athlete's new events.
	TimeZone string `json:"timeZone"`
	// ShowPlaces says whether new uploads are named by where they were taken (PUT …/places).
	ShowPlaces      bool    `json:"showPlaces"`
	ProfileImageURL *string `json:"profileImageUrl"`
	// PhotoURL is the athlete's photo (512 px square; PhotoSmallURL the 128 px one), null until one
	// is ready; Photo is the latest upload's job state, null when there is none.
	PhotoURL          *string        `json:"photoUrl"`
	PhotoSmallURL     *string        `json:"photoSmallUrl"`
	Photo             *photoResponse `json:"photo"`
	ProfileCompletion int            `json:"profileCompletion"`
	CreatedAt         time.Time      `json:"createdAt"`
	// Role and Permissions are the caller's, so the screens show only the controls they may use.
	Role        string             `json:"role"`
	Permissions athletePermissions `json:"permissions"`
}

type athletePermissions struct {
	Edit         bool `json:"edit"`
	ManageCircle bool `json:"manageCircle"`
}

// athleteResponse answers an athlete with the caller's access, and its completion from what a coach would find.
func (app *application) athleteResponse(ctx context.Context, a store.Athlete, access store.Access) (athleteResponse, error) {
	hasVideo, err := store.Q.MediaHasVideo(ctx, app.pool, a.ID)
	if err != nil {
		return athleteResponse{}, err
	}
	hasStats, err := store.Q.StatsHasAny(ctx, app.pool, a.ID)
	if err != nil {
		return athleteResponse{}, err
	}
	recruiting, err := store.Q.RecruitingProfileFacts(ctx, app.pool, a.ID)
	if err != nil {
		return athleteResponse{}, err
	}
	var photo *photoResponse
	if p, err := store.Q.ProfilePhotoForAthlete(ctx, app.pool, &a.ID); err == nil {
		answer := toPhotoResponse(p, a.ProfileImageUrl)
		photo = &answer
	} else if !errors.Is(store.Translate(err), store.ErrNotFound) {
		return athleteResponse{}, err
	}
	return athleteResponse{
		PhotoURL: a.ProfileImageUrl, PhotoSmallURL: smallPhotoURL(a.ProfileImageUrl), Photo: photo,
		ID: a.ID, UserID: a.UserID, Name: a.Name, Sports: a.Sports, Position: a.Position,
		GraduationYear: a.GraduationYear, GPA: a.Gpa, School: a.School, Bio: a.Bio, TimeZone: a.TimeZone, ShowPlaces: a.ShowPlaces,
		ProfileImageURL: a.ProfileImageUrl, ProfileCompletion: profileCompletion(profileFacts{athlete: a, hasVideo: hasVideo, hasStats: hasStats,
			hasCollegeInterests: recruiting.HasInterests, checklistStarted: recruiting.ChecklistStarted,
			hasMeasurables: recruiting.HasMeasurables, hasAcademics: recruiting.HasAcademics}),
		CreatedAt:   a.CreatedAt,
		Role:        string(access.Role),
		Permissions: athletePermissions{Edit: access.Can(store.ActionEditContent), ManageCircle: access.Can(store.ActionManageCircle)},
	}, nil
}

var ownerAccess = store.Access{Role: store.RoleOwner}

// listAthletes answers the athletes the caller belongs to: their own first.
func (app *application) listAthletes(c *echo.Context) error {
	ctx := c.Request().Context()
	user := currentUser(c)
	rows, err := store.Q.AthleteListForUser(ctx, app.pool, user.ID)
	if err != nil {
		return err
	}
	out := make([]athleteResponse, 0, len(rows))
	for _, a := range rows {
		access, err := store.AccessFor(ctx, app.pool, user.ID, a.ID)
		if err != nil {
			return err
		}
		res, err := app.athleteResponse(ctx, a, access)
		if err != nil {
			return err
		}
		out = append(out, res)
	}
	return c.JSON(http.StatusOK, out)
}

// profileFacts is what the completion checks read about an athlete.
type profileFacts struct {
	athlete  store.Athlete
	hasVideo bool
	hasStats bool
	// The recruiting center: a college list begun and a checklist item done.
	hasCollegeInterests bool
	checklistStarted    bool
	// What a coach asks besides games: height and weight with a measured number of the sport, and a
	// test score or the NCAA Eligibility Center ID.
	hasMeasurables bool
	hasAcademics   bool
}

// profileCheck is one thing a coach looks for on a profile.
type profileCheck struct {
	name string
	done func(profileFacts) bool
}

// profileChecks is what a coach looks for that the app can hold today. An area that lands (stats,
// events, recruiting, the profile photo) adds its checks here, so a profile
// with only the basics is never called complete.
var profileChecks = []profileCheck{
	{"name", func(f profileFacts) bool { return strings.TrimSpace(f.athlete.Name) != "" }},
	{"sports", func(f profileFacts) bool { return strings.TrimSpace(f.athlete.Sports) != "" }},
	{"position", func(f profileFacts) bool { return strings.TrimSpace(f.athlete.Position) != "" }},
	{"graduationYear", func(f profileFacts) bool { return f.athlete.GraduationYear != 0 }},
	{"gpa", func(f profileFacts) bool { return f.athlete.Gpa != nil }},
	{"school", func(f profileFacts) bool { return strings.TrimSpace(f.athlete.School) != "" }},
	{"bio", func(f profileFacts) bool { return strings.TrimSpace(f.athlete.Bio) != "" }},
	{"highlightVideo", func(f profileFacts) bool { return f.hasVideo }},
	{"stats", func(f profileFacts) bool { return f.hasStats }},
	{"collegeInterests", func(f profileFacts) bool { return f.hasCollegeInterests }},
	{"recruitingChecklist", func(f profileFacts) bool { return f.checklistStarted }},
	{"photo", func(f profileFacts) bool { return f.athlete.ProfileImageUrl != nil }},
	{"measurables", func(f profileFacts) bool { return f.hasMeasurables }},
	{"academics", func(f profileFacts) bool { return f.hasAcademics }},
}

// profileCompletion is the share of profileChecks met, rounded down.
func profileCompletion(f profileFacts) int {
	n := 0
	for _, c := range profileChecks {
		if c.done(f) {
			n++
		}
	}
	return n * 100 / len(profileChecks)
}

type athleteInput struct {
	Name           string   `json:"name"`
	Sports         string   `json:"sports"`
	Position       string   `json:"position"`
	GraduationYear int32    `json:"graduationYear"`
	GPA            *float64 `json:"gpa"`
	School         string   `json:"school"`
	Bio            string   `json:"bio"`
	// TimeZone (IANA) is the default zone of the athlete's events; left out, it stays as it is
	// (America/New_York for a new athlete).
	TimeZone *string `json:"timeZone"`
	// UserID is sent by the spec's client; the owner is always the signed-in user, so it is ignored.
	UserID *int64 `json:"userId"`
}

func (in *athleteInput) validate(now time.Time) validator {
	v := validator{}
	v.required(in.Name, "name", "Full Name is required")
	v.line(in.Name, 200, "name", "Full Name")
	v.required(in.Sports, "sports", "Sports is required")
	v.line(in.Sports, 200, "sports", "Sports")
	v.line(in.Position, 100, "position", "Position")
	v.required(in.School, "school", "School is required")
	v.line(in.School, 200, "school", "School")
	v.maxLength(in.Bio, 5000, "bio", "Bio must be at most 5000 characters")
	first := int32(now.Year())
	v.check(in.GraduationYear >= first && in.GraduationYear <= first+10, "graduationYear",
		fmt.Sprintf("Graduation year must be between %d and %d", first, first+10))
	if in.GPA != nil {
		gpa := *in.GPA
		v.check(gpa >= 0 && gpa <= 5, "gpa", "GPA must be between 0 and 5.0")
		v.check(math.Abs(gpa*100-math.Round(gpa*100)) < 1e-6, "gpa", "GPA can have at most two decimal places")
	}
	if in.TimeZone != nil {
		_, err := loadZone(strings.TrimSpace(*in.TimeZone))
		v.check(err == nil, "timeZone", msgTimeZone)
	}
	return v
}

func (in *athleteInput) trimmed() athleteInput {
	out := *in
	out.Name = strings.TrimSpace(in.Name)
	out.Sports = strings.TrimSpace(in.Sports)
	out.Position = strings.TrimSpace(in.Position)
	out.School = strings.TrimSpace(in.School)
	out.Bio = strings.TrimSpace(in.Bio)
	if in.TimeZone != nil {
		out.TimeZone = new(strings.TrimSpace(*in.TimeZone))
	}
	return out
}

// readAthleteInput decodes, validates and trims an athlete body.
func readAthleteInput(c *echo.Context) (athleteInput, error) {
	var in athleteInput
	if err := readJSON(c, &in); err != nil {
		return in, badRequest(err.Error())
	}
	if v := in.validate(time.Now()); !v.valid() {
		return in, fieldErrors(v)
	}
	return in.trimmed(), nil
}

// createAthlete adds an athlete to the caller's account, as many as the account's plan holds
// (402 naming the plan past that). The owner's row is locked while counting, so two creations at
// once cannot both take the last place.
func (app *application) createAthlete(c *echo.Context) error {
	in, err := readAthleteInput(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	owner := currentUser(c).ID
	var athlete store.Athlete
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		if err := store.Q.UserLockForUpdate(ctx, tx, owner); err != nil {
			return fmt.Errorf("locking the account: %w", err)
		}
		plan, _, err := app.accountPlan(ctx, tx, owner)
		if err != nil {
			return err
		}
		held, err := store.Q.AthleteCountForOwner(ctx, tx, owner)
		if err != nil {
			return fmt.Errorf("counting athletes: %w", err)
		}
		if held >= int64(plan.Limits.Athletes) {
			return paymentRequired(plan.AthletesMessage())
		}
		athlete, err = store.Q.AthleteCreate(ctx, tx, store.AthleteCreateParams{
			UserID: owner, Name: in.Name, Sports: in.Sports, Position: in.Position,
			GraduationYear: in.GraduationYear, Gpa: in.GPA, School: in.School, Bio: in.Bio, TimeZone: in.TimeZone,
		})
		return err
	})
	if err != nil {
		return err
	}
	res, err := app.athleteResponse(ctx, athlete, ownerAccess)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, res)
}

func (app *application) updateAthlete(c *echo.Context) error {
	in, err := readAthleteInput(c)
	if err != nil {
		return err
	}
	athlete, err := store.Q.AthleteUpdate(c.Request().Context(), app.pool, store.AthleteUpdateParams{
		ID: athleteID(c), Name: in.Name, Sports: in.Sports, Position: in.Position,
		GraduationYear: in.GraduationYear, Gpa: in.GPA, School: in.School, Bio: in.Bio, TimeZone: in.TimeZone,
	})
	if err != nil {
		return store.Translate(err)
	}
	res, err := app.athleteResponse(c.Request().Context(), athlete, athleteAccess(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}

func (app *application) myAthlete(c *echo.Context) error {
	athlete, err := store.Q.AthleteGetByOwner(c.Request().Context(), app.pool, currentUser(c).ID)
	if err := store.Translate(err); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return notFoundSaying("No athlete profile yet")
		}
		return err
	}
	res, err := app.athleteResponse(c.Request().Context(), athlete, ownerAccess)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}

func (app *application) showAthlete(c *echo.Context) error {
	athlete, err := store.Q.AthleteGetByID(c.Request().Context(), app.pool, athleteID(c))
	if err != nil {
		return store.Translate(err)
	}
	res, err := app.athleteResponse(c.Request().Context(), athlete, athleteAccess(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}

// demo answers the read-only demo athlete that the migrations seed, for /demo without sign-in.
// demoJournalEntries is how many of the demo athlete's newest shared entries /demo shows.
const demoJournalEntries = 5

func (app *application) demo(c *echo.Context) error {
	athlete, err := store.Q.AthleteGetDemo(c.Request().Context(), app.pool)
	if err != nil {
		return store.Translate(err)
	}
	stats, err := app.athleteStats(c.Request().Context(), athlete)
	if err != nil {
		return err
	}
	upcoming, err := app.eventPage(c, athlete.ID, true, nil, page[timeKey]{Limit: eventPages.size})
	if err != nil {
		return err
	}
	events := make([]eventResponse, min(len(upcoming), eventPages.size))
	for i := range events {
		events[i] = toEventResponse(upcoming[i])
	}
	entries, err := store.Q.JournalListPage(c.Request().Context(), app.pool, store.JournalListPageParams{AthleteID: athlete.ID, MaxRows: demoJournalEntries})
	if err != nil {
		return err
	}
	journal := make([]journalEntryResponse, len(entries))
	for i, e := range entries {
		journal[i] = toJournalEntryResponse(e)
	}
	// Everyone sees the demo, and no one may change it.
	res, err := app.athleteResponse(c.Request().Context(), athlete, store.Access{Role: store.RoleViewer})
	if err != nil {
		return err
	}
	milestones, err := demoMilestones(c, app.pool, athlete.ID)
	if err != nil {
		return err
	}
	colleges, err := store.Q.CollegeInterestListPage(c.Request().Context(), app.pool, store.CollegeInterestListPageParams{AthleteID: athlete.ID, MaxRows: int32(collegePages.size)})
	if err != nil {
		return err
	}
	interests := make([]collegeInterestResponse, len(colleges))
	for i, ci := range colleges {
		interests[i] = toCollegeInterestResponse(ci)
	}
	members, err := store.Q.FamilyMemberListForAthlete(c.Request().Context(), app.pool, athlete.ID)
	if err != nil {
		return err
	}
	family := make([]familyMemberResponse, 0, len(members))
	for _, m := range members {
		if m.Status == "active" {
			family = append(family, toFamilyMemberResponse(m, false))
		}
	}
	achievements, err := store.Q.AchievementShowcaseList(c.Request().Context(), app.pool, athlete.ID)
	if err != nil {
		return err
	}
	showcase := make([]publicAchievement, len(achievements))
	for i, a := range achievements {
		showcase[i] = publicAchievement{ID: a.ID, Title: a.Title, Description: a.Description, Date: a.AchievedOn.Format(time.DateOnly),
			Category: a.Category, Stats: a.Stats, CardURL: new(fmt.Sprintf("/api/demo/achievements/%d/card", a.ID))}
	}
	items, err := store.Q.MediaShowcaseList(c.Request().Context(), app.pool, athlete.ID)
	if err != nil {
		return err
	}
	demoMedia := make([]publicMedia, 0, len(items))
	for _, m := range items {
		if _, drawn := demoart.Scenes[m.OriginalKey]; drawn {
			url := fmt.Sprintf("/api/demo/media/%d/image", m.ID)
			demoMedia = append(demoMedia, publicMedia{ID: m.ID, Title: m.Title, Description: m.Description, MediaType: m.MediaType, ThumbnailURL: &url, MediaURL: url})
		}
	}
	return c.JSON(http.StatusOK, map[string]any{"athlete": res, "stats": stats, "events": events, "journal": journal,
		"milestones": milestones, "collegeInterests": interests, "family": family, "achievements": showcase, "media": demoMedia})
}

// demoImage draws one of the demo athlete's photos (media/demoart): the demo keeps no files.
func (app *application) demoImage(c *echo.Context) error {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return notFound()
	}
	ctx := c.Request().Context()
	m, err := store.Q.MediaGetByID(ctx, app.pool, id)
	if err := store.Translate(err); err != nil {
		return err
	}
	scene, drawn := demoart.Scenes[m.OriginalKey]
	athlete, err := store.Q.AthleteGetByID(ctx, app.pool, m.AthleteID)
	if err != nil {
		return fmt.Errorf("loading athlete: %w", err)
	}
	if !drawn || !athlete.IsDemo {
		return notFound()
	}
	var buf bytes.Buffer
	if err := demoart.Encode(&buf, scene); err != nil {
		return fmt.Errorf("drawing the demo photo: %w", err)
	}
	c.Response().Header().Set("Cache-Control", "public, max-age=86400")
	return c.Blob(http.StatusOK, "image/png", buf.Bytes())
}

// demoCard draws one of the demo athlete's achievement cards on request: the demo has no worker
// job of its own, and the drawing is the achievement_card job's.
func (app *application) demoCard(c *echo.Context) error {
	ctx := c.Request().Context()
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return notFound()
	}
	a, err := store.Q.AchievementGetByID(ctx, app.pool, id)
	if err := store.Translate(err); err != nil {
		return err
	}
	athlete, err := store.Q.AthleteGetByID(ctx, app.pool, a.AthleteID)
	if err != nil {
		return fmt.Errorf("loading athlete: %w", err)
	}
	if !athlete.IsDemo {
		return notFound()
	}
	card, err := jobs.AchievementCard(a, athlete)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if _, err := cards.Render(&buf, card, a.Template, cards.Feed); err != nil {
		return fmt.Errorf("drawing the demo card: %w", err)
	}
	c.Response().Header().Set("Cache-Control", "public, max-age=3600")
	return c.Blob(http.StatusOK, "image/png", buf.Bytes())
}
