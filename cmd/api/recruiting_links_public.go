package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/integrations/mail"
	"legacylocker/integrations/sports"
	"legacylocker/integrations/statsproviders"
	"legacylocker/jobs"
	"legacylocker/store"
)

// The coach's side of a recruiting link: /r/{code}, its data, its media and its receipts. Anyone
// with the code may open it, so it answers only what the link includes, while it is active, and
// never to a search engine or a shared cache.

const (
	msgLinkNotFound = "This link doesn't exist. Ask the family for a new one."
	msgLinkGone     = "This link has expired or was turned off by the family. Ask them for a new one."
	msgLinkTooMany  = "Too many requests from here. Please wait a minute."
	msgLinkBusy     = "This link is reporting too often. Please wait a minute."
	msgLinkSeconds  = "seconds must be 1 to 60 for a clip"
	// linkBeaconsPerMinute bounds the receipts one link takes a minute: a page open and a beacon every
	// few seconds for a clip playing, with room for a second coach on the same link.
	linkBeaconsPerMinute = 60
	// linkBeaconSeconds is the most one beacon may report (it is sent every few seconds).
	linkBeaconSeconds = 60
	// linkPerIPFactor loosens the per-address allowance for media and receipts: a video plays
	// through many Range requests and reports every few seconds (the link's own bound holds receipts).
	linkPerIPFactor = 10
)

// coachPageHeaders keep the page, its data and its files out of search engines and shared caches:
// a revoked link must stop answering at once.
func coachPageHeaders(c *echo.Context) {
	h := c.Response().Header()
	h.Set("X-Robots-Tag", "noindex, nofollow")
	h.Set("Cache-Control", "no-store")
}

// liveLink loads the link behind :code, counting the lookup against the caller's address like a QR
// scan: 404 for an unknown code, 410 for a revoked or expired one.
func (app *application) liveLink(c *echo.Context, perMinute int) (store.RecruitingLinkByCodeRow, error) {
	return lookUpLink(app, c, perMinute, func(ctx context.Context, db store.DBTX, code string) (store.RecruitingLinkByCodeRow, error) {
		return store.Q.RecruitingLinkByCode(ctx, db, code)
	}, func(l store.RecruitingLinkByCodeRow) string { return linkState(l.RevokedAt, l.ExpiresAt, time.Now()) })
}

// lookUpLink is liveLink with the lookup (find, one statement run on db) and the link's state
// (stateOf) of the caller's choosing: the page's data reads more with the link in the same statement.
func lookUpLink[T any](app *application, c *echo.Context, perMinute int, find func(context.Context, store.DBTX, string) (T, error), stateOf func(T) string) (T, error) {
	coachPageHeaders(c)
	ctx := c.Request().Context()
	code := c.Param("code")
	if len(code) < 10 || len(code) > 64 || strings.Trim(code, store.ShareCodeAlphabet) != "" {
		code = "" // counted all the same, then not found
	}
	// The count (as a QR scan's: a transaction whose commit does not wait for the disk) and the
	// lookup go to Postgres in one round trip on one connection: two connections side by side cost
	// two backends' wake-ups and answered slower (docs/PERFORMANCE.md).
	var link T
	err := store.ErrNotFound
	var read func(store.DBTX)
	if code != "" {
		read = func(db store.DBTX) {
			link, err = find(ctx, db, code)
			err = store.Translate(err)
		}
	}
	retryAfter, countErr := app.countAttemptUnsyncedWith(ctx, rateCheck{"rlink:ip:" + c.RealIP(), perMinute, time.Minute}, read)
	switch {
	case countErr != nil:
		return link, countErr
	case retryAfter > 0:
		return link, rateLimited(msgLinkTooMany, retryAfter)
	case errors.Is(err, store.ErrNotFound):
		return link, notFoundSaying(msgLinkNotFound)
	case err != nil:
		return link, err
	case stateOf(link) != "active":
		return link, gone(msgLinkGone)
	}
	return link, nil
}

type coachAthlete struct {
	Name     string  `json:"name"`
	Sports   string  `json:"sports"`
	Position string  `json:"position,omitempty"`
	ClassOf  int32   `json:"classOf,omitempty"`
	School   string  `json:"school,omitempty"`
	PhotoURL *string `json:"photoUrl"`
}

type coachClip struct {
	ID          int64    `json:"id"`
	Title       string   `json:"title"`
	Description string   `json:"description"`
	MediaType   string   `json:"mediaType"`
	Duration    *float64 `json:"duration"`
	MediaURL    string   `json:"mediaUrl"`
	PosterURL   *string  `json:"posterUrl"`
}

// coachAcademics is what the link shows with include.academics: the GPA, test scores, the NCAA
// Eligibility Center ID, the intended major, and the transcript served through the link.
type coachAcademics struct {
	GPA           *float64         `json:"gpa"`
	SatScore      *int32           `json:"satScore"`
	SatTakenOn    *string          `json:"satTakenOn"`
	ActScore      *int32           `json:"actScore"`
	ActTakenOn    *string          `json:"actTakenOn"`
	NcaaID        string           `json:"ncaaId"`
	IntendedMajor string           `json:"intendedMajor"`
	Transcript    *coachTranscript `json:"transcript"`
}

type coachTranscript struct {
	Title string `json:"title"`
	URL   string `json:"url"`
}

// coachMeasurables is what the link shows with include.measurables: height, weight, hand and foot,
// and the latest value of each measurable.
type coachMeasurables struct {
	HeightIn     *float64             `json:"heightIn"`
	WeightLb     *float64             `json:"weightLb"`
	DominantHand string               `json:"dominantHand"`
	DominantFoot string               `json:"dominantFoot"`
	Items        []measurableResponse `json:"items"`
}

// linkAcademics and linkMeasurables are the page query's JSON (RecruitingLinkPageByCode), whose keys
// are the field names.
type linkAcademics struct {
	SatScore        *int32
	SatTakenOn      *string
	ActScore        *int32
	ActTakenOn      *string
	NcaaID          *string
	IntendedMajor   *string
	TranscriptID    *int64
	TranscriptTitle *string
}

type linkMeasurables struct {
	HeightIn     *float64
	WeightLb     *float64
	DominantHand string
	DominantFoot string
	Items        []struct {
		ID         int64
		Sport      string
		Kind       string
		Value      float64
		Unit       string
		MeasuredOn string `json:"measured_on"`
		VerifiedBy string `json:"verified_by"`
	}
}

type coachPageResponse struct {
	Athlete     coachAthlete      `json:"athlete"`
	College     string            `json:"college"`
	Division    string            `json:"division"`
	CoachName   string            `json:"coachName"`
	Clips       []coachClip       `json:"clips"`
	Academics   *coachAcademics   `json:"academics"`
	Measurables *coachMeasurables `json:"measurables"`
	Seasons     []publicSeason    `json:"seasons"`
	Events      []eventResponse   `json:"events"`
	Contact     string            `json:"contact"`
	ExpiresAt   time.Time         `json:"expiresAt"`
}

// linkMedia answers the link's items that it may still serve, in the family's order: the athlete's
// own, ready, not family-only, in a media section the family shares.
func (app *application) linkMedia(ctx context.Context, link store.RecruitingLinkByCodeRow) ([]store.MediaItem, error) {
	if len(link.MediaIds) == 0 || !store.PubliclyShareable(false, link.AthletePrivacyMedia) {
		return nil, nil
	}
	items, err := store.Q.RecruitingLinkMedia(ctx, app.pool, store.RecruitingLinkMediaParams{AthleteID: link.AthleteID, Ids: link.MediaIds})
	if err != nil {
		return nil, fmt.Errorf("reading the link's media: %w", err)
	}
	items = slices.DeleteFunc(items, func(m store.MediaItem) bool { return m.Status != store.JobReady || m.IsPrivate })
	slices.SortFunc(items, func(a, b store.MediaItem) int {
		return slices.Index(link.MediaIds, a.ID) - slices.Index(link.MediaIds, b.ID)
	})
	return items, nil
}

// showCoachPage is GET /api/r/{code}: the page's data, only what the link includes, read with the
// link in one statement (RecruitingLinkPageByCode).
func (app *application) showCoachPage(c *echo.Context) error {
	now := time.Now()
	link, err := lookUpLink(app, c, app.cfg.limits.qrScansPerIP, func(ctx context.Context, db store.DBTX, code string) (store.RecruitingLinkPageByCodeRow, error) {
		return store.Q.RecruitingLinkPageByCode(ctx, db, store.RecruitingLinkPageByCodeParams{Code: code, Now: now})
	}, func(l store.RecruitingLinkPageByCodeRow) string { return linkState(l.RevokedAt, l.ExpiresAt, now) })
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	base := "/api/r/" + link.Code
	out := coachPageResponse{Athlete: coachAthlete{Name: link.AthleteName, Sports: link.AthleteSports}, College: link.CollegeName,
		Division: link.CollegeDivision, CoachName: link.CoachName, Clips: []coachClip{}, Seasons: []publicSeason{}, Events: []eventResponse{},
		Contact: link.AthleteContact, ExpiresAt: link.ExpiresAt}
	if out.Contact == "" {
		out.Contact = strings.TrimSpace(link.OwnerName + " · " + link.OwnerEmail)
	}
	if link.IncludeProfile {
		out.Athlete.Position, out.Athlete.ClassOf, out.Athlete.School = link.AthletePosition, link.AthleteGraduationYear, link.AthleteSchool
		if link.AthletePhoto != nil {
			_, version, _ := strings.Cut(*link.AthletePhoto, "?")
			out.Athlete.PhotoURL = new(base + "/photo?" + version)
		}
	}
	if out.Academics, err = coachAcademicsOf(link.Academics, link.AthleteGpa, base); err != nil {
		return err
	}
	if out.Measurables, err = coachMeasurablesOf(link.Measurables); err != nil {
		return err
	}
	var items []store.MediaItem
	if err := json.Unmarshal(link.Clips, &items); err != nil {
		return fmt.Errorf("reading the link's clips: %w", err)
	}
	if store.PubliclyShareable(false, link.AthletePrivacyMedia) {
		for _, m := range items {
			clip := coachClip{ID: m.ID, Title: m.Title, Description: m.Description, MediaType: m.MediaType, Duration: m.Duration,
				MediaURL: fmt.Sprintf("%s/media/%d", base, m.ID)}
			if m.ThumbnailKey != nil {
				clip.PosterURL = new(clip.MediaURL + "?variant=poster")
			}
			out.Clips = append(out.Clips, clip)
		}
	}
	var events []store.Event
	if err := json.Unmarshal(link.Events, &events); err != nil {
		return fmt.Errorf("reading the link's events: %w", err)
	}
	for _, e := range events {
		out.Events = append(out.Events, eventResponseAt(e, now))
	}
	if link.IncludeStats && link.AthletePrivacyStats == store.PrivacyFamily {
		if out.Seasons, err = app.linkSeasons(ctx, link.AthleteID, link.AthletePosition, link.AthleteLeadStats, link.AthleteSeasonNames); err != nil {
			return err
		}
	}
	return c.JSON(http.StatusOK, out)
}

// coachAcademicsOf reads the page query's academics: nil when the link leaves them out.
func coachAcademicsOf(raw []byte, gpa *float64, base string) (*coachAcademics, error) {
	if raw == nil {
		return nil, nil
	}
	var a linkAcademics
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("reading the link's academics: %w", err)
	}
	out := &coachAcademics{GPA: gpa, SatScore: a.SatScore, SatTakenOn: a.SatTakenOn, ActScore: a.ActScore, ActTakenOn: a.ActTakenOn}
	if a.NcaaID != nil {
		out.NcaaID = *a.NcaaID
	}
	if a.IntendedMajor != nil {
		out.IntendedMajor = *a.IntendedMajor
	}
	if a.TranscriptID != nil {
		out.Transcript = &coachTranscript{Title: *a.TranscriptTitle, URL: fmt.Sprintf("%s/media/%d", base, *a.TranscriptID)}
	}
	return out, nil
}

// coachMeasurablesOf reads the page query's measurables: nil when the link leaves them out.
func coachMeasurablesOf(raw []byte) (*coachMeasurables, error) {
	if raw == nil {
		return nil, nil
	}
	var m linkMeasurables
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("reading the link's measurables: %w", err)
	}
	out := &coachMeasurables{HeightIn: m.HeightIn, WeightLb: m.WeightLb, DominantHand: m.DominantHand, DominantFoot: m.DominantFoot,
		Items: make([]measurableResponse, len(m.Items))}
	for i, it := range m.Items {
		day, err := time.Parse(time.DateOnly, it.MeasuredOn)
		if err != nil {
			return nil, fmt.Errorf("reading a measurable's day: %w", err)
		}
		out.Items[i] = toMeasurableResponse(it.ID, it.Sport, it.Kind, it.Value, it.Unit, day, it.VerifiedBy)
	}
	return out, nil
}

// linkSeasons are the athlete's seasons as the public page shows them.
func (app *application) linkSeasons(ctx context.Context, athleteID int64, position string, leadStats, seasonNames []byte) ([]publicSeason, error) {
	seasons, err := store.Q.StatsSeasonListDisplay(ctx, app.pool, athleteID)
	if err != nil {
		return nil, fmt.Errorf("listing seasons: %w", err)
	}
	out := []publicSeason{}
	leads, names := sports.ChosenLeads(leadStats), sports.ParseSeasonNames(seasonNames)
	for _, s := range seasons {
		cat := sports.Get(s.Sport)
		if cat == nil {
			cat = sports.Get(statsproviders.SportBaseball) // a season stored before seasons had a sport
		}
		_, chosen := leads[cat.Sport]
		columns, err := seasonColumns(cat, cat.LeadFor(leadStats, position), chosen, s.Display)
		if err != nil {
			return nil, err
		}
		out = append(out, publicSeason{ID: s.ID, Sport: cat.Sport, SportName: cat.Label, Season: names.Name(s.Sport, s.Season), TeamName: s.TeamName,
			SportType: s.SportType, Stats: s.Display, Columns: columns})
	}
	return out, nil
}

// serveCoachMedia is GET /api/r/{code}/media/{mediaId} (?variant=poster for the poster frame), with
// Range: a clip the link does not include, a family-only item or another athlete's file is 404,
// whatever id is tried.
func (app *application) serveCoachMedia(c *echo.Context) error {
	link, err := app.liveLink(c, app.cfg.limits.qrScansPerIP*linkPerIPFactor)
	if err != nil {
		return err
	}
	id, err := strconv.ParseInt(c.Param("mediaId"), 10, 64)
	if err == nil && link.TranscriptMediaID != nil && id == *link.TranscriptMediaID {
		return app.serveCoachTranscript(c, link, id)
	}
	if err != nil || !slices.Contains(link.MediaIds, id) {
		return notFound()
	}
	items, err := app.linkMedia(c.Request().Context(), link)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(items, func(m store.MediaItem) bool { return m.ID == id })
	if i < 0 {
		return notFound()
	}
	item := items[i]
	key := playableKey(item) // the 720p rendition when there is one
	if c.QueryParam("variant") == "poster" {
		if item.ThumbnailKey == nil {
			return notFound()
		}
		key = *item.ThumbnailKey
	}
	return app.serveStored(c, item, key, false)
}

// serveCoachTranscript is the transcript on a link that includes academics (the lookup answers its
// id only then): the athlete's own PDF, ready, not family only, while the family shares media.
func (app *application) serveCoachTranscript(c *echo.Context, link store.RecruitingLinkByCodeRow, id int64) error {
	if !store.PubliclyShareable(false, link.AthletePrivacyMedia) {
		return notFound()
	}
	m, err := store.Q.MeasurableTranscript(c.Request().Context(), app.pool, store.MeasurableTranscriptParams{ID: id, AthleteID: link.AthleteID})
	if err := store.Translate(err); err != nil {
		return err
	}
	if m.MediaType != "pdf" || m.Status != store.JobReady || m.IsPrivate {
		return notFound()
	}
	return app.serveStored(c, m, m.OriginalKey, false)
}

// serveCoachPhoto is the athlete's photo on a link that includes the profile.
func (app *application) serveCoachPhoto(c *echo.Context) error {
	link, err := app.liveLink(c, app.cfg.limits.qrScansPerIP)
	if err != nil {
		return err
	}
	if !link.IncludeProfile {
		return notFound()
	}
	photo, err := store.Q.ProfilePhotoForAthlete(c.Request().Context(), app.pool, &link.AthleteID)
	return app.servePhoto(c, photo, err, "no-store")
}

type linkViewInput struct {
	MediaID *int64 `json:"mediaId"`
	Seconds int32  `json:"seconds"`
}

// recordLinkView is POST /api/r/{code}/views: one page open (no mediaId) or a few seconds of a clip.
// At most linkBeaconsPerMinute a minute per link are taken; more answer 429 and count nothing. Views
// are summed per link, day, visitor and clip, a clip's seconds capped by its length. The first open,
// and the first of each later day, tell the owner.
func (app *application) recordLinkView(c *echo.Context) error {
	link, err := app.liveLink(c, app.cfg.limits.qrScansPerIP*linkPerIPFactor)
	if err != nil {
		return err
	}
	var in linkViewInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	ctx := c.Request().Context()
	var clipCap int32
	if in.MediaID != nil {
		if in.Seconds < 1 || in.Seconds > linkBeaconSeconds {
			return fieldErrors(validator{"seconds": msgLinkSeconds})
		}
		items, err := app.linkMedia(ctx, link)
		if err != nil {
			return err
		}
		i := slices.IndexFunc(items, func(m store.MediaItem) bool { return m.ID == *in.MediaID })
		if i < 0 || items[i].MediaType != "video" || items[i].Duration == nil {
			return notFound()
		}
		clipCap = int32(math.Ceil(*items[i].Duration))
	}
	day := time.Now().UTC().Truncate(24 * time.Hour)
	salt, err := app.visitorSalt(ctx, day)
	if err != nil {
		return err
	}
	visitor := sha256.Sum256(fmt.Appendf(salt, "\x00%s\x00%s", c.RealIP(), c.Request().UserAgent()))
	var retryAfter time.Duration
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		var err error
		retryAfter, err = app.countAttemptIn(ctx, tx, rateCheck{fmt.Sprintf("rlink:views:%d", link.ID), linkBeaconsPerMinute, time.Minute})
		if err != nil || retryAfter > 0 {
			return err
		}
		if in.MediaID != nil {
			return store.Q.RecruitingLinkWatch(ctx, tx, store.RecruitingLinkWatchParams{ID: link.ID, Day: day, Visitor: visitor[:16],
				MediaID: *in.MediaID, Seconds: in.Seconds, Cap: clipCap})
		}
		opened, err := store.Q.RecruitingLinkOpen(ctx, tx, store.RecruitingLinkOpenParams{ID: link.ID, Day: day, Visitor: visitor[:16]})
		if err != nil {
			return fmt.Errorf("counting the open: %w", err)
		}
		if opened.Notify {
			return app.queueLinkOpenedEmail(ctx, tx, link.ID)
		}
		return nil
	})
	switch {
	case err != nil:
		return err
	case retryAfter > 0:
		return rateLimited(msgLinkBusy, retryAfter)
	}
	return c.NoContent(http.StatusNoContent)
}

// queueLinkOpenedEmail tells the athlete's owner that a coach opened the link, unless they turned
// these e-mails off; in the transaction that counted the open.
func (app *application) queueLinkOpenedEmail(ctx context.Context, tx pgx.Tx, linkID int64) error {
	notice, err := store.Q.RecruitingLinkOpenNotice(ctx, tx, linkID)
	if err := store.Translate(err); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return nil // the owner does not take these
		}
		return fmt.Errorf("reading the owner: %w", err)
	}
	unsubscribe, err := jobs.UnsubscribeURL(ctx, tx, app.cfg.appURL, notice.UserID, jobs.UnsubscribeCoachLinkNotice, nil)
	if err != nil {
		return err
	}
	page := fmt.Sprintf("%s/recruiting?athlete=%d", strings.TrimRight(app.cfg.appURL, "/"), notice.AthleteID)
	msg := mail.CoachLinkOpened(notice.Email, notice.FirstName, notice.CoachName, notice.CollegeName, notice.AthleteName, page, unsubscribe)
	if _, err := jobs.QueueAthleteEmail(ctx, tx, app.jobs, jobs.UnsubscribeCoachLinkNotice, notice.AthleteID, msg); err != nil {
		return fmt.Errorf("queueing the notice: %w", err)
	}
	return nil
}

// serveCoachLinkPage is /r/{code}: the web app's page, kept out of search engines; 404 for an
// unknown code and 410 for a revoked or expired one (the app shows why).
func (app *application) serveCoachLinkPage(spa *spa) echo.HandlerFunc {
	return func(c *echo.Context) error {
		index := spa.index
		if index == nil {
			index = []byte("<!doctype html><html><head></head><body>The web app has not been built. Run `make run`, which builds it.</body></html>")
		}
		status := http.StatusOK
		_, err := app.liveLink(c, app.cfg.limits.qrScansPerIP)
		var apiErr *apiError
		switch {
		case errors.As(err, &apiErr) && (apiErr.status == http.StatusNotFound || apiErr.status == http.StatusGone || apiErr.status == http.StatusTooManyRequests):
			status = apiErr.status
		case err != nil:
			return err
		}
		page := bytes.Replace(index, []byte("</head>"), []byte(`<meta name="robots" content="noindex, nofollow"></head>`), 1)
		return c.HTMLBlob(status, page)
	}
}
