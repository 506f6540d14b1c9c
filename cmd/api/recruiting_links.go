package main

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/integrations/ncaa"
	"legacylocker/store"
)

// Links made for one college's coach (issue 31): the family chooses what that coach sees, the
// coach opens it without signing in (recruiting_links_public.go), and the family reads receipts.

const (
	// linksPerCollege bounds a college's links: one per coach, so the list answers whole.
	linksPerCollege = 50
	// linkMediaMax is how many clips and photos one link may carry.
	linkMediaMax = 20
	// linkDefaultLife is a link's life when the athlete's signing dates say nothing for the division.
	linkDefaultLife = 180 * 24 * time.Hour
	// linkMaxLife is the furthest a family may set a link's expiry.
	linkMaxLife = 2 * 365 * 24 * time.Hour
)

const (
	msgLinkCoachName    = "Coach name is required"
	msgLinkExpiryFormat = "Expiry must be a date (YYYY-MM-DD) or a time (RFC 3339)"
	msgLinkExpiryPast   = "Expiry must be in the future"
	msgLinkExpiryFar    = "Expiry must be within two years"
	msgLinksFull        = "A college can have at most 50 coach links. Revoke or reuse one."
)

// linkInclude is what a link shows the coach besides the athlete's name and sport.
type linkInclude struct {
	Profile     bool    `json:"profile"`
	Academics   bool    `json:"academics"`
	Measurables bool    `json:"measurables"`
	Stats       bool    `json:"stats"`
	Events      bool    `json:"events"`
	MediaIDs    []int64 `json:"mediaIds"`
}

// clipReceipt is what coaches watched of one clip: the most one visitor watched in a day, of how
// long the clip is, and the total over every visit.
type clipReceipt struct {
	MediaID      int64    `json:"mediaId"`
	Title        string   `json:"title"`
	Seconds      int32    `json:"seconds"`
	Duration     *float64 `json:"duration"`
	TotalSeconds int64    `json:"totalSeconds"`
	Views        int32    `json:"views"`
}

type linkReceipts struct {
	Opens         int32         `json:"opens"`
	FirstOpenedAt *time.Time    `json:"firstOpenedAt"`
	LastOpenedAt  *time.Time    `json:"lastOpenedAt"`
	Clips         []clipReceipt `json:"clips"`
}

type recruitingLinkResponse struct {
	ID                int64       `json:"id"`
	CollegeInterestID int64       `json:"collegeInterestId"`
	Code              string      `json:"code"`
	URL               string      `json:"url"`
	CoachName         string      `json:"coachName"`
	CoachEmail        string      `json:"coachEmail"`
	Include           linkInclude `json:"include"`
	ExpiresAt         time.Time   `json:"expiresAt"`
	RevokedAt         *time.Time  `json:"revokedAt"`
	// State is active, expired or revoked: only an active link opens.
	State     string       `json:"state"`
	CreatedAt time.Time    `json:"createdAt"`
	Receipts  linkReceipts `json:"receipts"`
}

// linkState says whether a link still opens at now.
func linkState(revokedAt *time.Time, expiresAt, now time.Time) string {
	switch {
	case revokedAt != nil:
		return "revoked"
	case !now.Before(expiresAt):
		return "expired"
	}
	return "active"
}

func (app *application) toRecruitingLinkResponse(l store.RecruitingLink) recruitingLinkResponse {
	return recruitingLinkResponse{
		ID: l.ID, CollegeInterestID: l.CollegeInterestID, Code: l.Code, URL: strings.TrimRight(app.cfg.appURL, "/") + "/r/" + l.Code,
		CoachName: l.CoachName, CoachEmail: l.CoachEmail,
		Include: linkInclude{Profile: l.IncludeProfile, Academics: l.IncludeAcademics, Measurables: l.IncludeMeasurables,
			Stats: l.IncludeStats, Events: l.IncludeEvents, MediaIDs: l.MediaIds},
		ExpiresAt: l.ExpiresAt, RevokedAt: l.RevokedAt, State: linkState(l.RevokedAt, l.ExpiresAt, time.Now()), CreatedAt: l.CreatedAt,
		Receipts: linkReceipts{Opens: l.Opens, FirstOpenedAt: l.FirstOpenedAt, LastOpenedAt: l.LastOpenedAt, Clips: []clipReceipt{}},
	}
}

// withReceipts answers the links with what their coaches watched, read in one query for all of them.
func (app *application) withReceipts(c *echo.Context, links []store.RecruitingLink) ([]recruitingLinkResponse, error) {
	ctx := c.Request().Context()
	out := make([]recruitingLinkResponse, len(links))
	ids := make([]int64, len(links))
	var mediaIDs []int64
	for i, l := range links {
		out[i] = app.toRecruitingLinkResponse(l)
		ids[i] = l.ID
		mediaIDs = append(mediaIDs, l.MediaIds...)
	}
	if len(links) == 0 {
		return out, nil
	}
	rows, err := store.Q.RecruitingLinkReceipts(ctx, app.pool, ids)
	if err != nil {
		return nil, fmt.Errorf("reading receipts: %w", err)
	}
	items, err := store.Q.RecruitingLinkMedia(ctx, app.pool, store.RecruitingLinkMediaParams{AthleteID: links[0].AthleteID, Ids: mediaIDs})
	if err != nil {
		return nil, fmt.Errorf("reading the links' media: %w", err)
	}
	byID := map[int64]store.MediaItem{}
	for _, m := range items {
		byID[m.ID] = m
	}
	index := map[int64]*recruitingLinkResponse{}
	for i := range out {
		index[out[i].ID] = &out[i]
	}
	for _, r := range rows {
		link := index[r.LinkID]
		m, known := byID[r.MediaID]
		if link == nil || !known {
			continue // an item deleted since it was watched
		}
		link.Receipts.Clips = append(link.Receipts.Clips, clipReceipt{MediaID: r.MediaID, Title: m.Title, Seconds: r.BestSeconds,
			Duration: m.Duration, TotalSeconds: r.TotalSeconds, Views: r.Views})
	}
	return out, nil
}

func (app *application) listRecruitingLinks(c *echo.Context) error {
	links, err := store.Q.RecruitingLinkListForCollege(c.Request().Context(), app.pool, loaded[store.CollegeInterest](c).ID)
	if err != nil {
		return fmt.Errorf("listing links: %w", err)
	}
	out, err := app.withReceipts(c, links)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

type recruitingLinkInput struct {
	CoachName  string       `json:"coachName"`
	CoachEmail string       `json:"coachEmail"`
	Include    *linkInclude `json:"include"`
	ExpiresAt  *string      `json:"expiresAt"`
	// MakeShareable clears "Family only" on the chosen items that have it, as sharing one does.
	MakeShareable bool `json:"makeShareable"`
}

// linkChoice is a validated request: what to store.
type linkChoice struct {
	coachName, coachEmail string
	include               linkInclude
	expiresAt             *time.Time
}

func (in recruitingLinkInput) validate(now time.Time) (linkChoice, error) {
	out := linkChoice{coachName: strings.TrimSpace(in.CoachName), coachEmail: normaliseEmail(in.CoachEmail), include: linkInclude{Profile: true}}
	if in.Include != nil {
		out.include = *in.Include
	}
	v := validator{}
	v.required(out.coachName, "coachName", msgLinkCoachName)
	v.line(out.coachName, 200, "coachName", "Coach name")
	if out.coachEmail != "" {
		v.email(out.coachEmail, "coachEmail")
	}
	ids := []int64{}
	for _, id := range out.include.MediaIDs {
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	out.include.MediaIDs = ids
	v.check(len(ids) <= linkMediaMax, "include.mediaIds", fmt.Sprintf("A link can show at most %d clips and photos", linkMediaMax))
	if in.ExpiresAt != nil && strings.TrimSpace(*in.ExpiresAt) != "" {
		raw := strings.TrimSpace(*in.ExpiresAt)
		at, err := time.Parse(time.RFC3339, raw)
		if err != nil {
			var day time.Time
			day, err = time.Parse(time.DateOnly, raw)
			at = day.Add(24 * time.Hour) // through the whole of that day
		}
		switch {
		case err != nil:
			v.check(false, "expiresAt", msgLinkExpiryFormat)
		case !at.After(now):
			v.check(false, "expiresAt", msgLinkExpiryPast)
		case at.After(now.Add(linkMaxLife)):
			v.check(false, "expiresAt", msgLinkExpiryFar)
		}
		out.expiresAt = &at
	}
	if !v.valid() {
		return out, fieldErrors(v)
	}
	return out, nil
}

// checkLinkMedia holds the chosen items to the rule: the athlete's own videos and photos, none
// family-only unless the family agreed to make them shareable, in a media section the family shares.
// It answers the family-only ones to clear.
func (app *application) checkLinkMedia(c *echo.Context, athlete store.Athlete, ids []int64, makeShareable bool) ([]int64, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	if !store.PubliclyShareable(false, athlete.PrivacyMedia) {
		return nil, conflict(msgSharePrivateSection)
	}
	items, err := store.Q.RecruitingLinkMedia(c.Request().Context(), app.pool, store.RecruitingLinkMediaParams{AthleteID: athlete.ID, Ids: ids})
	if err != nil {
		return nil, fmt.Errorf("reading the chosen media: %w", err)
	}
	found := map[int64]store.MediaItem{}
	for _, m := range items {
		found[m.ID] = m
	}
	var bad, private []int64
	for _, id := range ids {
		m, ok := found[id]
		switch {
		case !ok || (m.MediaType != "video" && m.MediaType != "image") || m.Status == store.JobFailed:
			bad = append(bad, id)
		case m.IsPrivate:
			private = append(private, id)
		}
	}
	if len(bad) > 0 {
		v := validator{}
		v.check(false, "include.mediaIds", "These are not this athlete's videos or photos: "+joinIDs(bad))
		return nil, fieldErrors(v).saying("These are not this athlete's videos or photos: " + joinIDs(bad))
	}
	if len(private) > 0 && !makeShareable {
		msg := "These items are family only; make them shareable to put them on a coach's link: " + joinIDs(private)
		v := validator{}
		v.check(false, "include.mediaIds", msg)
		return nil, fieldErrors(v).saying(msg)
	}
	return private, nil
}

func joinIDs(ids []int64) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.FormatInt(id, 10)
	}
	return strings.Join(parts, ", ")
}

// defaultLinkExpiry is the end of the athlete's signing period for the college's division (the last
// signing date of their senior year in that division, from the embedded NCAA calendar), or 180 days
// when there is none ahead (Division III, the NAIA, a junior college, a senior past signing).
func defaultLinkExpiry(athlete store.Athlete, division string, now time.Time) time.Time {
	fallback := now.Add(linkDefaultLife)
	cals, err := ncaa.Calendars()
	if err != nil || division == "" {
		return fallback
	}
	var end time.Time
	for _, k := range ncaa.AthleteKeyDates(cals, ncaa.SportsFor(athlete.Sports), int(athlete.GraduationYear)) {
		if k.Division == division && strings.HasSuffix(k.Event, "signing") && k.EndDate.After(end) {
			end = k.EndDate
		}
	}
	if last := end.Add(24 * time.Hour); last.After(now) {
		return last
	}
	return fallback
}

func (app *application) createRecruitingLink(c *echo.Context) error {
	var in recruitingLinkInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	now := time.Now()
	choice, err := in.validate(now)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	college := loaded[store.CollegeInterest](c)
	athlete, err := store.Q.AthleteGetByID(ctx, app.pool, college.AthleteID)
	if err != nil {
		return fmt.Errorf("loading athlete: %w", err)
	}
	toClear, err := app.checkLinkMedia(c, athlete, choice.include.MediaIDs, in.MakeShareable)
	if err != nil {
		return err
	}
	expires := defaultLinkExpiry(athlete, college.Division, now)
	if choice.expiresAt != nil {
		expires = *choice.expiresAt
	}
	code, err := store.NewShareCode() // 12 characters from crypto/rand
	if err != nil {
		return err
	}
	user := currentUser(c).ID
	var link store.RecruitingLink
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		// Counted under the college's row lock, so two requests cannot both make the 51st.
		if _, err := tx.Exec(ctx, "SELECT 1 FROM college_interests WHERE id = $1 FOR UPDATE", college.ID); err != nil {
			return err
		}
		n, err := store.Q.RecruitingLinkCountForCollege(ctx, tx, college.ID)
		if err != nil {
			return err
		}
		if n >= linksPerCollege {
			return conflict(msgLinksFull)
		}
		if len(toClear) > 0 {
			if err := store.Q.RecruitingLinkMakeShareable(ctx, tx, store.RecruitingLinkMakeShareableParams{AthleteID: athlete.ID, Ids: toClear}); err != nil {
				return fmt.Errorf("making items shareable: %w", err)
			}
		}
		link, err = store.Q.RecruitingLinkCreate(ctx, tx, store.RecruitingLinkCreateParams{
			CollegeInterestID: college.ID, AthleteID: athlete.ID, Code: code, CoachName: choice.coachName, CoachEmail: choice.coachEmail,
			IncludeProfile: choice.include.Profile, IncludeAcademics: choice.include.Academics, IncludeMeasurables: choice.include.Measurables,
			IncludeStats: choice.include.Stats, IncludeEvents: choice.include.Events, MediaIds: choice.include.MediaIDs, ExpiresAt: expires,
			CreatedBy: &user,
		})
		if err != nil {
			return fmt.Errorf("storing the link: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, app.toRecruitingLinkResponse(link))
}

// updateRecruitingLink changes what a link shows or when it expires; a revoked link stays revoked.
func (app *application) updateRecruitingLink(c *echo.Context) error {
	current := loaded[store.RecruitingLink](c)
	var in recruitingLinkInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	if current.RevokedAt != nil {
		return gone(msgLinkGone)
	}
	choice, err := in.validate(time.Now())
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	athlete, err := store.Q.AthleteGetByID(ctx, app.pool, current.AthleteID)
	if err != nil {
		return fmt.Errorf("loading athlete: %w", err)
	}
	toClear, err := app.checkLinkMedia(c, athlete, choice.include.MediaIDs, in.MakeShareable)
	if err != nil {
		return err
	}
	expires := current.ExpiresAt
	if choice.expiresAt != nil {
		expires = *choice.expiresAt
	}
	var link store.RecruitingLink
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		if len(toClear) > 0 {
			if err := store.Q.RecruitingLinkMakeShareable(ctx, tx, store.RecruitingLinkMakeShareableParams{AthleteID: athlete.ID, Ids: toClear}); err != nil {
				return fmt.Errorf("making items shareable: %w", err)
			}
		}
		var err error
		link, err = store.Q.RecruitingLinkUpdate(ctx, tx, store.RecruitingLinkUpdateParams{ID: current.ID,
			CoachName: choice.coachName, CoachEmail: choice.coachEmail, IncludeProfile: choice.include.Profile,
			IncludeAcademics: choice.include.Academics, IncludeMeasurables: choice.include.Measurables, IncludeStats: choice.include.Stats,
			IncludeEvents: choice.include.Events, MediaIds: choice.include.MediaIDs, ExpiresAt: expires})
		return store.Translate(err)
	})
	if err != nil {
		return err
	}
	out, err := app.withReceipts(c, []store.RecruitingLink{link})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out[0])
}

// revokeRecruitingLink turns a link off for good: its page, data and media answer 410 from now on.
// The receipts stay for the family to read.
func (app *application) revokeRecruitingLink(c *echo.Context) error {
	if _, err := store.Q.RecruitingLinkRevoke(c.Request().Context(), app.pool, loaded[store.RecruitingLink](c).ID); err != nil {
		return fmt.Errorf("revoking the link: %w", err)
	}
	return c.NoContent(http.StatusNoContent)
}
