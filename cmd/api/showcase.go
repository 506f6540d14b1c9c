package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"legacylocker/integrations/sports"
	"legacylocker/integrations/statsproviders"
	"legacylocker/store"
)

const (
	msgShowcaseSlug      = "Choose a web address of 3 to 40 lowercase letters, digits or hyphens"
	msgShowcaseSlugTaken = "That web address is taken"
	msgShowcaseNeedsSlug = "Choose a web address before publishing"
)

// slugPattern matches the column's check: 3 to 40 of a-z, 0-9 and inner hyphens.
var slugPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$`)

type showcaseSettings struct {
	Slug      *string `json:"slug"`
	Published bool    `json:"published"`
	ShowGPA   bool    `json:"showGpa"`
	ShowStats bool    `json:"showStats"`
	Contact   string  `json:"contact"`
	URL       *string `json:"url"`
}

func (app *application) toShowcaseSettings(a store.Athlete) showcaseSettings {
	out := showcaseSettings{Slug: a.ShowcaseSlug, Published: a.ShowcasePublished, ShowGPA: a.ShowcaseShowGpa,
		ShowStats: a.ShowcaseShowStats, Contact: a.ShowcaseContact}
	if u := app.showcaseURL(a); u != "" {
		out.URL = &u
	}
	return out
}

func (app *application) showShowcaseSettings(c *echo.Context) error {
	a, err := store.Q.AthleteGetByID(c.Request().Context(), app.pool, athleteID(c))
	if err != nil {
		return fmt.Errorf("loading athlete: %w", err)
	}
	return c.JSON(http.StatusOK, app.toShowcaseSettings(a))
}

// updateShowcaseSettings publishes or hides the public page; turning it off makes /a/{slug} 404
// at once (every public read checks the flag).
func (app *application) updateShowcaseSettings(c *echo.Context) error {
	var in showcaseSettings
	if err := readJSON(c, &in); err != nil {
		return err
	}
	var slug *string
	if in.Slug != nil {
		if s := strings.ToLower(strings.TrimSpace(*in.Slug)); s != "" {
			if !slugPattern.MatchString(s) {
				return badRequest(msgShowcaseSlug)
			}
			slug = &s
		}
	}
	if in.Published && slug == nil {
		return badRequest(msgShowcaseNeedsSlug)
	}
	// Going public waits for a confirmed address; a page already published stays editable.
	if in.Published {
		current, err := store.Q.AthleteGetByID(c.Request().Context(), app.pool, athleteID(c))
		if err != nil {
			return err
		}
		if !current.ShowcasePublished {
			if err := requireVerifiedEmail(c); err != nil {
				return err
			}
		}
	}
	contact := strings.TrimSpace(in.Contact)
	v := validator{}
	v.line(contact, 200, "contact", "Contact")
	if !v.valid() {
		return fieldErrors(v)
	}
	a, err := store.Q.AthleteShowcaseUpdate(c.Request().Context(), app.pool, store.AthleteShowcaseUpdateParams{ID: athleteID(c),
		ShowcaseSlug: slug, ShowcasePublished: in.Published, ShowcaseShowGpa: in.ShowGPA, ShowcaseShowStats: in.ShowStats, ShowcaseContact: contact})
	if err := store.Translate(err); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return conflict(msgShowcaseSlugTaken)
		}
		return err
	}
	return c.JSON(http.StatusOK, app.toShowcaseSettings(a))
}

// setMediaShowcase puts a media item on the public page or takes it off. Only an item the family
// could share publicly may go there (not private, in a media section the family shares).
func (app *application) setMediaShowcase(c *echo.Context) error {
	item := loaded[store.MediaItem](c)
	var in struct {
		OnShowcase *bool `json:"onShowcase"`
	}
	if err := readJSON(c, &in); err != nil {
		return err
	}
	if in.OnShowcase == nil {
		return badRequest("onShowcase must be true or false")
	}
	ctx := c.Request().Context()
	if *in.OnShowcase {
		a, err := store.Q.AthleteGetByID(ctx, app.pool, item.AthleteID)
		if err != nil {
			return fmt.Errorf("loading athlete: %w", err)
		}
		if !store.PubliclyShareable(item.IsPrivate, a.PrivacyMedia) {
			return conflict("Family-only media can't go on the public page. Turn off “Family only” on it first.")
		}
	}
	updated, err := store.Q.MediaSetShowcase(ctx, app.pool, store.MediaSetShowcaseParams{ID: item.ID, OnShowcase: *in.OnShowcase})
	if err != nil {
		return fmt.Errorf("updating media: %w", err)
	}
	return c.JSON(http.StatusOK, toMediaItemResponse(updated))
}

// The public page: nothing of the athlete is reachable from it but what the family marked.

type publicAchievement struct {
	ID          int64           `json:"id"`
	Title       string          `json:"title"`
	Description string          `json:"description"`
	Date        string          `json:"date"`
	Category    string          `json:"category"`
	Stats       json.RawMessage `json:"stats"`
	CardURL     *string         `json:"cardUrl"`
	StoryURL    *string         `json:"storyUrl"`
}

type publicMedia struct {
	ID           int64   `json:"id"`
	Title        string  `json:"title"`
	Description  string  `json:"description"`
	MediaType    string  `json:"mediaType"`
	ThumbnailURL *string `json:"thumbnailUrl"`
	MediaURL     string  `json:"mediaUrl"`
}

type publicSeason struct {
	ID        int64           `json:"id"`
	Sport     string          `json:"sport"`
	SportName string          `json:"sportName"` // the catalogue's label: "Basketball"
	Season    string          `json:"season"`    // what the family calls it (a renamed season by their name)
	TeamName  string          `json:"teamName"`
	SportType string          `json:"sportType"`
	Stats     json.RawMessage `json:"stats"`
	// Columns are the stats the page's season table shows for this season's sport, named by its
	// catalogue: the page has no catalogue of its own.
	Columns []publicColumn `json:"columns"`
}

// publicColumn is one column of the public season table.
type publicColumn struct {
	Key   string `json:"key"`
	Abbr  string `json:"abbr"`
	Label string `json:"label"`
}

// publicSeasonColumns is how many stats the public season table shows, and diamondPublicColumns
// the box-score columns baseball and softball keep.
const publicSeasonColumns = 7

var diamondPublicColumns = []string{"battingAvg", "onBasePct", "hits", "homeRuns", "rbi", "inningsPitched", "era"}

// seasonColumns answers the public table's columns for a season: the stats the athlete's numbers
// lead with in its sport (the family's choice, else the position's), then baseball's and
// softball's box score, or for another sport what the season carries.
func seasonColumns(cat *sports.Catalogue, lead []string, chosen bool, display []byte) ([]publicColumn, error) {
	var stats []sports.Stat
	if cat.Sport == statsproviders.SportBaseball || cat.Sport == statsproviders.SportSoftball {
		keys := diamondPublicColumns
		if chosen {
			keys = slices.Concat(lead, keys)
		}
		for _, k := range keys {
			st, ok := cat.Stat(k)
			if ok && len(stats) < publicSeasonColumns && !slices.ContainsFunc(stats, func(s sports.Stat) bool { return s.Key == k }) {
				stats = append(stats, st)
			}
		}
	} else {
		var shown map[string]json.RawMessage
		if err := json.Unmarshal(display, &shown); len(display) > 0 && err != nil {
			return nil, fmt.Errorf("reading a season's line: %w", err)
		}
		line := make(sports.Line, 0, len(shown))
		for k := range shown {
			line = append(line, sports.Entry{Key: k})
		}
		stats = cat.TableColumns([]sports.Line{line}, lead, publicSeasonColumns, false)
	}
	out := make([]publicColumn, len(stats))
	for i, st := range stats {
		out[i] = publicColumn{Key: st.Key, Abbr: st.Abbr, Label: st.Label}
	}
	return out, nil
}

type publicAthlete struct {
	Name           string              `json:"name"`
	Sports         string              `json:"sports"`
	Position       string              `json:"position"`
	GraduationYear int32               `json:"graduationYear"`
	School         string              `json:"school"`
	GPA            *float64            `json:"gpa"`
	Bio            string              `json:"bio"`
	Contact        string              `json:"contact"`
	PhotoURL       *string             `json:"photoUrl"`
	Achievements   []publicAchievement `json:"achievements"`
	Media          []publicMedia       `json:"media"`
	Seasons        []publicSeason      `json:"seasons"`
}

// publishedAthlete loads the athlete behind :slug, or 404 when there is none or it is not published.
func (app *application) publishedAthlete(c *echo.Context) (store.Athlete, error) {
	a, err := store.Q.AthleteBySlug(c.Request().Context(), app.pool, new(c.Param("slug")))
	if err := store.Translate(err); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return a, notFound()
		}
		return a, err
	}
	c.Response().Header().Set("Cache-Control", "no-store") // unpublishing takes effect at once
	return a, nil
}

func toPublicAchievement(slug string, a store.Achievement) publicAchievement {
	base := fmt.Sprintf("/api/public/athletes/%s/achievements/%d", slug, a.ID)
	return publicAchievement{ID: a.ID, Title: a.Title, Description: a.Description, Date: a.AchievedOn.Format(time.DateOnly),
		Category: a.Category, Stats: a.Stats, CardURL: cardURL(base, a, "feed"), StoryURL: cardURL(base, a, "story")}
}

func (app *application) showPublicAthlete(c *echo.Context) error {
	a, err := app.publishedAthlete(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	slug := *a.ShowcaseSlug
	out := publicAthlete{Name: a.Name, Sports: a.Sports, Position: a.Position, GraduationYear: a.GraduationYear, School: a.School,
		Bio: a.Bio, Contact: a.ShowcaseContact, PhotoURL: publicPhotoURL(slug, a), Achievements: []publicAchievement{}, Media: []publicMedia{}, Seasons: []publicSeason{}}
	if a.ShowcaseShowGpa {
		out.GPA = a.Gpa
	}
	achievements, err := store.Q.AchievementShowcaseList(ctx, app.pool, a.ID)
	if err != nil {
		return fmt.Errorf("listing achievements: %w", err)
	}
	for _, ach := range achievements {
		out.Achievements = append(out.Achievements, toPublicAchievement(slug, ach))
	}
	if store.PubliclyShareable(false, a.PrivacyMedia) {
		items, err := store.Q.MediaShowcaseList(ctx, app.pool, a.ID)
		if err != nil {
			return fmt.Errorf("listing media: %w", err)
		}
		for _, m := range items {
			if m.IsPrivate {
				continue
			}
			base := fmt.Sprintf("/api/public/athletes/%s/media/%d", slug, m.ID)
			pm := publicMedia{ID: m.ID, Title: m.Title, Description: m.Description, MediaType: m.MediaType, MediaURL: base}
			if m.ThumbnailKey != nil {
				pm.ThumbnailURL = new(base + "?variant=thumbnail")
			}
			out.Media = append(out.Media, pm)
		}
	}
	if a.ShowcaseShowStats && a.PrivacyStats == store.PrivacyFamily {
		seasons, err := store.Q.StatsSeasonListDisplay(ctx, app.pool, a.ID)
		if err != nil {
			return fmt.Errorf("listing seasons: %w", err)
		}
		leads, names := sports.ChosenLeads(a.LeadStats), sports.ParseSeasonNames(a.SeasonNames)
		for _, s := range seasons {
			cat := sports.Get(s.Sport)
			if cat == nil {
				cat = sports.Get(statsproviders.SportBaseball) // a season stored before seasons had a sport
			}
			_, chosen := leads[cat.Sport]
			columns, err := seasonColumns(cat, cat.LeadFor(a.LeadStats, a.Position), chosen, s.Display)
			if err != nil {
				return err
			}
			out.Seasons = append(out.Seasons, publicSeason{ID: s.ID, Sport: cat.Sport, SportName: cat.Label, Season: names.Name(s.Sport, s.Season), TeamName: s.TeamName,
				SportType: s.SportType, Stats: s.Display, Columns: columns})
		}
	}
	return c.JSON(http.StatusOK, out)
}

// showcaseAchievement loads :achievementId of the published athlete, if it is on the showcase.
func (app *application) showcaseAchievement(c *echo.Context) (store.Athlete, store.Achievement, error) {
	a, err := app.publishedAthlete(c)
	if err != nil {
		return a, store.Achievement{}, err
	}
	id, err := strconv.ParseInt(c.Param("achievementId"), 10, 64)
	if err != nil {
		return a, store.Achievement{}, notFound()
	}
	ach, err := store.Q.AchievementGetByID(c.Request().Context(), app.pool, id)
	if err := store.Translate(err); err != nil {
		return a, ach, err
	}
	if ach.AthleteID != a.ID || !ach.OnShowcase {
		return a, ach, notFound()
	}
	return a, ach, nil
}

func (app *application) showPublicAchievement(c *echo.Context) error {
	a, ach, err := app.showcaseAchievement(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"athleteName": a.Name, "sports": a.Sports, "achievement": toPublicAchievement(*a.ShowcaseSlug, ach)})
}

func (app *application) servePublicCard(c *echo.Context) error {
	_, ach, err := app.showcaseAchievement(c)
	if err != nil {
		return err
	}
	return app.serveCard(c, ach, "public")
}

// servePublicMedia serves an item on the showcase (its thumbnail with ?variant=thumbnail).
func (app *application) servePublicMedia(c *echo.Context) error {
	a, err := app.publishedAthlete(c)
	if err != nil {
		return err
	}
	id, err := strconv.ParseInt(c.Param("mediaId"), 10, 64)
	if err != nil {
		return notFound()
	}
	item, err := store.Q.MediaGetByID(c.Request().Context(), app.pool, id)
	if err := store.Translate(err); err != nil {
		return err
	}
	if item.AthleteID != a.ID || !item.OnShowcase || item.Status != store.JobReady || !store.PubliclyShareable(item.IsPrivate, a.PrivacyMedia) {
		return notFound()
	}
	key := playableKey(item)
	if c.QueryParam("variant") == "thumbnail" {
		if item.ThumbnailKey == nil {
			return notFound()
		}
		key = *item.ThumbnailKey
	}
	return app.serveStored(c, item, key, false)
}

// serveShowcasePage is /a/{slug}[/achievements/{id}]: the web app's page, with Open Graph tags in
// the HTML so a shared link previews with the athlete's name and card (crawlers run no script).
// An unpublished or unknown page answers 404 (the app shows its not-found page).
func (app *application) serveShowcasePage(spa *spa) echo.HandlerFunc {
	return func(c *echo.Context) error {
		index := spa.index
		if page, ok := spa.pages[c.Path()]; ok { // with the page's preloads, the route's pattern being the app's
			index = page.html
		}
		if index == nil {
			index = []byte("<!doctype html><html><head></head><body>The web app has not been built. Run `make run`, which builds it.</body></html>")
		}
		status, tags := http.StatusOK, ""
		a, err := app.publishedAthlete(c)
		var apiErr *apiError
		switch {
		case errors.As(err, &apiErr) && apiErr.status == http.StatusNotFound:
			status = http.StatusNotFound
		case err != nil:
			return err
		default:
			tags, status = app.openGraphTags(c, a)
		}
		page := bytes.Replace(index, []byte("</head>"), []byte(tags+"</head>"), 1)
		c.Response().Header().Set("Cache-Control", "no-store")
		return c.HTMLBlob(status, page)
	}
}

func (app *application) openGraphTags(c *echo.Context, a store.Athlete) (string, int) {
	origin := strings.TrimRight(app.cfg.appURL, "/")
	title := a.Name + " · Legacy Locker"
	description := strings.Join(nonEmpty(a.Sports, a.Position, classOf(a.GraduationYear), a.School), " · ")
	pageURL := origin + c.Request().URL.Path
	var image string
	var square bool
	if raw := c.Param("achievementId"); raw != "" {
		_, ach, err := app.showcaseAchievement(c)
		if err != nil {
			return "", http.StatusNotFound
		}
		title = ach.Title + " · " + a.Name
		description = ach.Description
		if u := cardURL(fmt.Sprintf("%s/api/public/athletes/%s/achievements/%d", origin, *a.ShowcaseSlug, ach.ID), ach, "feed"); u != nil {
			image = *u
		}
	} else if photo := publicPhotoURL(*a.ShowcaseSlug, a); photo != nil {
		// The athlete's own photo is the page's picture; a square suits the small card.
		image, square = origin+*photo, true
	} else if list, err := store.Q.AchievementShowcaseList(c.Request().Context(), app.pool, a.ID); err == nil && len(list) > 0 {
		if u := cardURL(fmt.Sprintf("%s/api/public/athletes/%s/achievements/%d", origin, *a.ShowcaseSlug, list[0].ID), list[0], "feed"); u != nil {
			image = *u
		}
	}
	var b strings.Builder
	meta := func(property, content string) {
		if content != "" {
			fmt.Fprintf(&b, `<meta property="%s" content="%s">`, property, html.EscapeString(content))
		}
	}
	meta("og:type", "profile")
	meta("og:site_name", "Legacy Locker")
	meta("og:title", title)
	meta("og:description", description)
	meta("og:url", pageURL)
	meta("og:image", image)
	card := "summary"
	if image != "" && !square {
		card = "summary_large_image"
	}
	fmt.Fprintf(&b, `<meta name="twitter:card" content="%s">`, card)
	return b.String(), http.StatusOK
}

func classOf(year int32) string {
	if year == 0 {
		return ""
	}
	return "Class of " + strconv.Itoa(int(year))
}

func nonEmpty(parts ...string) []string {
	out := parts[:0]
	for _, p := range parts {
		if strings.TrimSpace(p) != "" {
			out = append(out, p)
		}
	}
	return out
}
