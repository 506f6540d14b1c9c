package main

import (
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/integrations/sports"
	"legacylocker/store"
)

// An athlete's measurables and academics (issue 31), in the recruiting section: the body and
// academics a coach asks for (one recruiting_profiles row), and measurables from the sport's
// catalogue, each measured on a day and optionally vouched for. A coach's link shows them only when
// it includes academics or measurables (recruiting_links_public.go).

const (
	// measurablesPerAthlete bounds an athlete's measurables, so their list answers whole: a combine
	// a month for years is far fewer.
	measurablesPerAthlete = 500
	msgMeasurablesFull    = "An athlete can keep at most 500 measurables. Delete old ones to add more."
	msgTranscriptNotPDF   = "The transcript must be a PDF in this athlete's media library"
)

var handsAndFeet = map[string]bool{"": true, "right": true, "left": true, "both": true}

type measurableResponse struct {
	ID            int64   `json:"id"`
	Sport         string  `json:"sport"`
	SportLabel    string  `json:"sportLabel"`
	Key           string  `json:"key"`
	Label         string  `json:"label"`
	Value         float64 `json:"value"`
	Unit          string  `json:"unit"`
	LowerIsBetter bool    `json:"lowerIsBetter"`
	MeasuredOn    string  `json:"measuredOn"`
	VerifiedBy    string  `json:"verifiedBy"`
}

// toMeasurableResponse labels a row from the catalogue; a key the catalogue has since dropped shows
// as itself rather than vanish.
func toMeasurableResponse(id int64, sport, key string, value float64, unit string, on time.Time, verifiedBy string) measurableResponse {
	out := measurableResponse{ID: id, Sport: sport, SportLabel: sport, Key: key, Label: key, Value: value, Unit: unit,
		MeasuredOn: on.Format(time.DateOnly), VerifiedBy: verifiedBy}
	if m, ok := sports.MeasurablesOf(sport); ok {
		out.SportLabel = m.Label
		if k, ok := m.Kind(key); ok {
			out.Label, out.LowerIsBetter = k.Label, k.LowerIsBetter
		}
	}
	return out
}

type measurablesResponse struct {
	// Plays are the sport keys the athlete's sports name, in order: the form offers them first.
	Plays       []string                  `json:"plays"`
	Catalogue   []sports.SportMeasurables `json:"catalogue"`
	Measurables []measurableResponse      `json:"measurables"`
}

func (app *application) listMeasurables(c *echo.Context) error {
	ctx := c.Request().Context()
	a, err := store.Q.AthleteGetByID(ctx, app.pool, athleteID(c))
	if err != nil {
		return fmt.Errorf("loading athlete: %w", err)
	}
	rows, err := store.Q.MeasurableListForAthlete(ctx, app.pool, a.ID)
	if err != nil {
		return fmt.Errorf("listing measurables: %w", err)
	}
	out := measurablesResponse{Plays: []string{}, Catalogue: sports.AllMeasurables(), Measurables: make([]measurableResponse, len(rows))}
	for _, cat := range sports.ForSports(a.Sports) {
		out.Plays = append(out.Plays, cat.Sport)
	}
	for i, m := range rows {
		out.Measurables[i] = toMeasurableResponse(m.ID, m.Sport, m.Kind, m.Value, m.Unit, m.MeasuredOn, m.VerifiedBy)
	}
	return c.JSON(http.StatusOK, out)
}

type measurableInput struct {
	Sport      string   `json:"sport"`
	Key        string   `json:"key"`
	Value      *float64 `json:"value"`
	Unit       string   `json:"unit"`
	MeasuredOn string   `json:"measuredOn"`
	VerifiedBy string   `json:"verifiedBy"`
}

// validate holds a measurable to its sport's catalogue: a sport and key it knows, its unit (left out:
// the catalogue's), a value in its range, a day not in the future.
func (in measurableInput) validate(now time.Time) (store.MeasurableCreateParams, error) {
	v := validator{}
	out := store.MeasurableCreateParams{Sport: strings.TrimSpace(in.Sport), Kind: strings.TrimSpace(in.Key),
		Unit: strings.TrimSpace(in.Unit), VerifiedBy: strings.TrimSpace(in.VerifiedBy)}
	sport, known := sports.MeasurablesOf(out.Sport)
	kind, measured := sport.Kind(out.Kind)
	switch {
	case !known:
		keys := []string{}
		for _, m := range sports.AllMeasurables() {
			keys = append(keys, m.Sport)
		}
		v.check(false, "sport", "sport must be one of: "+strings.Join(keys, ", "))
	case !measured:
		v.check(false, "key", fmt.Sprintf("%q is not a %s measurable. %s measures: %s.", out.Kind, strings.ToLower(sport.Label), sport.Label,
			strings.Join(sport.KindKeys(), ", ")))
	default:
		if out.Unit == "" {
			out.Unit = kind.Unit
		}
		v.check(out.Unit == kind.Unit, "unit", fmt.Sprintf("%s is measured in %s, not %q", kind.Label, kind.Unit, out.Unit))
		switch {
		case in.Value == nil:
			v.check(false, "value", "value is required")
		case *in.Value < kind.Min || *in.Value > kind.Max:
			v.check(false, "value", fmt.Sprintf("%s must be between %s and %s %s", kind.Label, trimFloat(kind.Min), trimFloat(kind.Max), kind.Unit))
		default:
			out.Value = math.Round(*in.Value*100) / 100
		}
	}
	on, err := time.Parse(time.DateOnly, strings.TrimSpace(in.MeasuredOn))
	switch {
	case err != nil:
		v.check(false, "measuredOn", "measuredOn must be a date (YYYY-MM-DD)")
	case on.After(now.Add(24 * time.Hour)):
		v.check(false, "measuredOn", "measuredOn cannot be in the future")
	case on.Year() < 1950:
		v.check(false, "measuredOn", "measuredOn must be after 1950")
	}
	out.MeasuredOn = on
	v.line(out.VerifiedBy, 200, "verifiedBy", "Verified by")
	if !v.valid() {
		return out, fieldErrors(v)
	}
	return out, nil
}

func trimFloat(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

func (app *application) createMeasurable(c *echo.Context) error {
	var in measurableInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	params, err := in.validate(time.Now())
	if err != nil {
		return err
	}
	params.AthleteID = athleteID(c)
	ctx := c.Request().Context()
	var m store.AthleteMeasurable
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		// Counted under the athlete's row lock, so two requests cannot both add the 501st.
		if _, err := tx.Exec(ctx, "SELECT 1 FROM athletes WHERE id = $1 FOR UPDATE", params.AthleteID); err != nil {
			return err
		}
		n, err := store.Q.MeasurableCountForAthlete(ctx, tx, params.AthleteID)
		if err != nil {
			return err
		}
		if n >= measurablesPerAthlete {
			return conflict(msgMeasurablesFull)
		}
		m, err = store.Q.MeasurableCreate(ctx, tx, params)
		if err != nil {
			return fmt.Errorf("storing the measurable: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toMeasurableResponse(m.ID, m.Sport, m.Kind, m.Value, m.Unit, m.MeasuredOn, m.VerifiedBy))
}

func (app *application) updateMeasurable(c *echo.Context) error {
	var in measurableInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	p, err := in.validate(time.Now())
	if err != nil {
		return err
	}
	m, err := store.Q.MeasurableUpdate(c.Request().Context(), app.pool, store.MeasurableUpdateParams{ID: loaded[store.AthleteMeasurable](c).ID,
		Sport: p.Sport, Kind: p.Kind, Value: p.Value, Unit: p.Unit, MeasuredOn: p.MeasuredOn, VerifiedBy: p.VerifiedBy})
	if err != nil {
		return store.Translate(err)
	}
	return c.JSON(http.StatusOK, toMeasurableResponse(m.ID, m.Sport, m.Kind, m.Value, m.Unit, m.MeasuredOn, m.VerifiedBy))
}

func (app *application) deleteMeasurable(c *echo.Context) error {
	if err := store.Q.MeasurableDelete(c.Request().Context(), app.pool, loaded[store.AthleteMeasurable](c).ID); err != nil {
		return fmt.Errorf("deleting the measurable: %w", err)
	}
	return c.NoContent(http.StatusNoContent)
}

// transcriptResponse names the chosen transcript; isPrivate warns the family that a coach's link
// will not show a family-only document.
type transcriptResponse struct {
	ID        int64  `json:"id"`
	Title     string `json:"title"`
	IsPrivate bool   `json:"isPrivate"`
	// URL is the family's own address of the file (the library's, access-checked).
	URL string `json:"url"`
}

type recruitingProfileResponse struct {
	HeightIn      *float64            `json:"heightIn"`
	WeightLb      *float64            `json:"weightLb"`
	DominantHand  string              `json:"dominantHand"`
	DominantFoot  string              `json:"dominantFoot"`
	SatScore      *int32              `json:"satScore"`
	SatTakenOn    *string             `json:"satTakenOn"`
	ActScore      *int32              `json:"actScore"`
	ActTakenOn    *string             `json:"actTakenOn"`
	NcaaID        string              `json:"ncaaId"`
	IntendedMajor string              `json:"intendedMajor"`
	Transcript    *transcriptResponse `json:"transcript"`
	UpdatedAt     *time.Time          `json:"updatedAt"`
}

func (app *application) toRecruitingProfileResponse(c *echo.Context, p store.RecruitingProfile) (recruitingProfileResponse, error) {
	out := recruitingProfileResponse{HeightIn: p.HeightIn, WeightLb: p.WeightLb, DominantHand: p.DominantHand, DominantFoot: p.DominantFoot,
		SatScore: p.SatScore, SatTakenOn: dateString(p.SatTakenOn), ActScore: p.ActScore, ActTakenOn: dateString(p.ActTakenOn),
		NcaaID: p.NcaaID, IntendedMajor: p.IntendedMajor}
	if !p.UpdatedAt.IsZero() {
		out.UpdatedAt = &p.UpdatedAt
	}
	if p.TranscriptMediaID != nil {
		m, err := store.Q.MeasurableTranscript(c.Request().Context(), app.pool, store.MeasurableTranscriptParams{ID: *p.TranscriptMediaID, AthleteID: p.AthleteID})
		if err := store.Translate(err); err != nil && !errors.Is(err, store.ErrNotFound) {
			return out, fmt.Errorf("reading the transcript: %w", err)
		} else if err == nil {
			out.Transcript = &transcriptResponse{ID: m.ID, Title: m.Title, IsPrivate: m.IsPrivate, URL: uploadURL(m.OriginalKey)}
		}
	}
	return out, nil
}

func (app *application) showRecruitingProfile(c *echo.Context) error {
	p, err := store.Q.RecruitingProfileGet(c.Request().Context(), app.pool, athleteID(c))
	if err := store.Translate(err); err != nil && !errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("reading the recruiting profile: %w", err)
	}
	out, err := app.toRecruitingProfileResponse(c, p)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

type recruitingProfileInput struct {
	HeightIn          *float64 `json:"heightIn"`
	WeightLb          *float64 `json:"weightLb"`
	DominantHand      string   `json:"dominantHand"`
	DominantFoot      string   `json:"dominantFoot"`
	SatScore          *int32   `json:"satScore"`
	SatTakenOn        *string  `json:"satTakenOn"`
	ActScore          *int32   `json:"actScore"`
	ActTakenOn        *string  `json:"actTakenOn"`
	NcaaID            string   `json:"ncaaId"`
	IntendedMajor     string   `json:"intendedMajor"`
	TranscriptMediaID *int64   `json:"transcriptMediaId"`
}

// optionalDay reads an optional YYYY-MM-DD; empty is none.
func (v validator) optionalDay(raw *string, field string, now time.Time) *time.Time {
	if raw == nil || strings.TrimSpace(*raw) == "" {
		return nil
	}
	d, err := time.Parse(time.DateOnly, strings.TrimSpace(*raw))
	v.check(err == nil, field, field+" must be a date (YYYY-MM-DD)")
	v.check(err != nil || !d.After(now.Add(24*time.Hour)), field, field+" cannot be in the future")
	if err != nil {
		return nil
	}
	return &d
}

func (in recruitingProfileInput) validate(now time.Time) (store.RecruitingProfileSaveParams, validator) {
	v := validator{}
	out := store.RecruitingProfileSaveParams{DominantHand: strings.ToLower(strings.TrimSpace(in.DominantHand)),
		DominantFoot: strings.ToLower(strings.TrimSpace(in.DominantFoot)), SatScore: in.SatScore, ActScore: in.ActScore,
		NcaaID: strings.TrimSpace(in.NcaaID), IntendedMajor: strings.TrimSpace(in.IntendedMajor), TranscriptMediaID: in.TranscriptMediaID}
	if in.HeightIn != nil {
		h := math.Round(*in.HeightIn*10) / 10
		v.check(h >= 36 && h <= 96, "heightIn", "Height must be between 3 ft and 8 ft (36 to 96 inches)")
		out.HeightIn = &h
	}
	if in.WeightLb != nil {
		w := math.Round(*in.WeightLb*10) / 10
		v.check(w >= 50 && w <= 500, "weightLb", "Weight must be between 50 and 500 lb")
		out.WeightLb = &w
	}
	v.check(handsAndFeet[out.DominantHand], "dominantHand", "dominantHand must be right, left or both")
	v.check(handsAndFeet[out.DominantFoot], "dominantFoot", "dominantFoot must be right, left or both")
	v.check(in.SatScore == nil || (*in.SatScore >= 400 && *in.SatScore <= 1600 && *in.SatScore%10 == 0), "satScore",
		"SAT score must be 400 to 1600, in steps of 10")
	v.check(in.ActScore == nil || (*in.ActScore >= 1 && *in.ActScore <= 36), "actScore", "ACT score must be 1 to 36")
	out.SatTakenOn = v.optionalDay(in.SatTakenOn, "satTakenOn", now)
	out.ActTakenOn = v.optionalDay(in.ActTakenOn, "actTakenOn", now)
	// The NCAA Eligibility Center ID is ten digits, written with or without spaces or dashes.
	id := strings.NewReplacer(" ", "", "-", "").Replace(out.NcaaID)
	v.check(id == "" || (len(id) == 10 && strings.Trim(id, "0123456789") == ""), "ncaaId", "NCAA Eligibility Center ID must be 10 digits")
	out.NcaaID = id
	v.line(out.IntendedMajor, 120, "intendedMajor", "Intended major")
	return out, v
}

// saveRecruitingProfile is PUT /api/athletes/{id}/recruiting-profile: the whole of it, a field left
// out or null clears it. The transcript must be a PDF of the athlete's own library.
func (app *application) saveRecruitingProfile(c *echo.Context) error {
	var in recruitingProfileInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	params, v := in.validate(time.Now())
	if !v.valid() {
		return fieldErrors(v)
	}
	params.AthleteID = athleteID(c)
	ctx := c.Request().Context()
	if params.TranscriptMediaID != nil {
		m, err := store.Q.MeasurableTranscript(ctx, app.pool, store.MeasurableTranscriptParams{ID: *params.TranscriptMediaID, AthleteID: params.AthleteID})
		switch err := store.Translate(err); {
		case errors.Is(err, store.ErrNotFound) || (err == nil && m.MediaType != "pdf"):
			return fieldErrors(validator{"transcriptMediaId": msgTranscriptNotPDF})
		case err != nil:
			return fmt.Errorf("reading the transcript: %w", err)
		}
	}
	p, err := store.Q.RecruitingProfileSave(ctx, app.pool, params)
	if err != nil {
		return fmt.Errorf("saving the recruiting profile: %w", err)
	}
	out, err := app.toRecruitingProfileResponse(c, p)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}
