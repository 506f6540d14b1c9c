package main

import (
	"errors"
	"fmt"
	"math"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"legacylocker/store"
)

// athleteResponse is the spec's Athlete plus the computed profileCompletion (0–100).
type athleteResponse struct {
	ID                int64     `json:"id"`
	UserID            int64     `json:"userId"`
	Name              string    `json:"name"`
	Sports            string    `json:"sports"`
	Position          string    `json:"position"`
	GraduationYear    int32     `json:"graduationYear"`
	GPA               *float64  `json:"gpa"`
	School            string    `json:"school"`
	Bio               string    `json:"bio"`
	ProfileImageURL   *string   `json:"profileImageUrl"`
	ProfileCompletion int       `json:"profileCompletion"`
	CreatedAt         time.Time `json:"createdAt"`
	// Role and Permissions are the caller's, so the screens show only the controls they may use.
	Role        string             `json:"role"`
	Permissions athletePermissions `json:"permissions"`
}

type athletePermissions struct {
	Edit         bool `json:"edit"`
	ManageCircle bool `json:"manageCircle"`
}

func toAthleteResponse(a store.Athlete, access store.Access) athleteResponse {
	return athleteResponse{
		ID: a.ID, UserID: a.UserID, Name: a.Name, Sports: a.Sports, Position: a.Position,
		GraduationYear: a.GraduationYear, GPA: a.Gpa, School: a.School, Bio: a.Bio,
		ProfileImageURL: a.ProfileImageUrl, ProfileCompletion: profileCompletion(a), CreatedAt: a.CreatedAt,
		Role:        string(access.Role),
		Permissions: athletePermissions{Edit: access.Can(store.ActionEditContent), ManageCircle: access.Can(store.ActionManageCircle)},
	}
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
		out = append(out, toAthleteResponse(a, access))
	}
	return c.JSON(http.StatusOK, out)
}

// profileCompletion is the share of the profile's fields that are filled in, rounded down.
// (The photo joins the list once there is a way to upload one.)
func profileCompletion(a store.Athlete) int {
	filled := []bool{
		strings.TrimSpace(a.Name) != "",
		strings.TrimSpace(a.Sports) != "",
		strings.TrimSpace(a.Position) != "",
		a.GraduationYear != 0,
		a.Gpa != nil,
		strings.TrimSpace(a.School) != "",
		strings.TrimSpace(a.Bio) != "",
	}
	n := 0
	for _, f := range filled {
		if f {
			n++
		}
	}
	return n * 100 / len(filled)
}

type athleteInput struct {
	Name           string   `json:"name"`
	Sports         string   `json:"sports"`
	Position       string   `json:"position"`
	GraduationYear int32    `json:"graduationYear"`
	GPA            *float64 `json:"gpa"`
	School         string   `json:"school"`
	Bio            string   `json:"bio"`
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
	return v
}

func (in *athleteInput) trimmed() athleteInput {
	out := *in
	out.Name = strings.TrimSpace(in.Name)
	out.Sports = strings.TrimSpace(in.Sports)
	out.Position = strings.TrimSpace(in.Position)
	out.School = strings.TrimSpace(in.School)
	out.Bio = strings.TrimSpace(in.Bio)
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

func (app *application) createAthlete(c *echo.Context) error {
	in, err := readAthleteInput(c)
	if err != nil {
		return err
	}
	athlete, err := store.Q.AthleteCreate(c.Request().Context(), app.pool, store.AthleteCreateParams{
		UserID: currentUser(c).ID, Name: in.Name, Sports: in.Sports, Position: in.Position,
		GraduationYear: in.GraduationYear, Gpa: in.GPA, School: in.School, Bio: in.Bio,
	})
	if errors.Is(store.Translate(err), store.ErrConflict) {
		return conflict("You already have an athlete profile")
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toAthleteResponse(athlete, ownerAccess))
}

func (app *application) updateAthlete(c *echo.Context) error {
	in, err := readAthleteInput(c)
	if err != nil {
		return err
	}
	athlete, err := store.Q.AthleteUpdate(c.Request().Context(), app.pool, store.AthleteUpdateParams{
		ID: athleteID(c), Name: in.Name, Sports: in.Sports, Position: in.Position,
		GraduationYear: in.GraduationYear, Gpa: in.GPA, School: in.School, Bio: in.Bio,
	})
	if err != nil {
		return store.Translate(err)
	}
	return c.JSON(http.StatusOK, toAthleteResponse(athlete, athleteAccess(c)))
}

func (app *application) myAthlete(c *echo.Context) error {
	athlete, err := store.Q.AthleteGetByOwner(c.Request().Context(), app.pool, currentUser(c).ID)
	if err := store.Translate(err); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return notFoundSaying("No athlete profile yet")
		}
		return err
	}
	return c.JSON(http.StatusOK, toAthleteResponse(athlete, ownerAccess))
}

func (app *application) showAthlete(c *echo.Context) error {
	athlete, err := store.Q.AthleteGetByID(c.Request().Context(), app.pool, athleteID(c))
	if err != nil {
		return store.Translate(err)
	}
	return c.JSON(http.StatusOK, toAthleteResponse(athlete, athleteAccess(c)))
}

// demo answers the read-only demo athlete that the migrations seed, for /demo without sign-in.
func (app *application) demo(c *echo.Context) error {
	athlete, err := store.Q.AthleteGetDemo(c.Request().Context(), app.pool)
	if err != nil {
		return store.Translate(err)
	}
	stats, err := app.athleteStats(c, athlete.ID)
	if err != nil {
		return err
	}
	events, err := app.athleteEvents(c, athlete.ID, true)
	if err != nil {
		return err
	}
	// Everyone sees the demo, and no one may change it.
	return c.JSON(http.StatusOK, map[string]any{"athlete": toAthleteResponse(athlete, store.Access{Role: store.RoleViewer}), "stats": stats, "events": events})
}
