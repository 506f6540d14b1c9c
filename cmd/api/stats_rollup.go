package main

import (
	"bytes"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"legacylocker/integrations/sports"
	"legacylocker/integrations/statsproviders"
	"legacylocker/media/spreadsheet"
	"legacylocker/store"
)

// statsSportsResponse is what the stats forms draw from: the sports the athlete plays (their
// catalogue keys, in the order of their profile) and every catalogue.
type statsSportsResponse struct {
	Plays      []string            `json:"plays"`
	Catalogues []*sports.Catalogue `json:"catalogues"`
	// Lead is, for each sport the athlete plays, the stats their cards and the dashboard lead with:
	// the family's choice, else the position's.
	Lead map[string][]string `json:"lead"`
	// Chosen names the sports whose lead the family chose.
	Chosen []string `json:"chosen"`
}

func (app *application) listStatsSports(c *echo.Context) error {
	athlete, err := store.Q.AthleteGetByID(c.Request().Context(), app.pool, athleteID(c))
	if err != nil {
		return fmt.Errorf("loading the athlete: %w", err)
	}
	return c.JSON(http.StatusOK, statsSportsOf(athlete))
}

func statsSportsOf(athlete store.Athlete) statsSportsResponse {
	chosen := sports.ChosenLeads(athlete.LeadStats)
	out := statsSportsResponse{Plays: []string{}, Catalogues: sports.All(), Lead: map[string][]string{}, Chosen: []string{}}
	for _, cat := range sports.ForSports(athlete.Sports) {
		out.Plays = append(out.Plays, cat.Sport)
		out.Lead[cat.Sport] = cat.LeadFor(athlete.LeadStats, athlete.Position)
	}
	for sport := range chosen {
		out.Chosen = append(out.Chosen, sport)
	}
	slices.Sort(out.Chosen)
	return out
}

// maxLeadStats bounds a choice: the dashboard shows eight numbers.
const maxLeadStats = 8

// setLeadStats stores the stats one sport leads with for the athlete ({sport, keys}; no keys goes
// back to the position's), each a stat of that sport, rates included.
func (app *application) setLeadStats(c *echo.Context) error {
	var in struct {
		Sport string   `json:"sport"`
		Keys  []string `json:"keys"`
	}
	if err := readJSON(c, &in); err != nil {
		return err
	}
	cat := sports.Get(in.Sport)
	if cat == nil {
		return fieldErrors(validator{"sport": msgStatsSport()})
	}
	if len(in.Keys) > maxLeadStats {
		return fieldErrors(validator{"keys": fmt.Sprintf("Choose at most %d stats to lead with", maxLeadStats)})
	}
	seen := map[string]bool{}
	for _, k := range in.Keys {
		if _, ok := cat.Stat(k); !ok {
			return fieldErrors(validator{"keys": fmt.Sprintf("%q is not a %s stat", k, strings.ToLower(cat.Label))})
		}
		if seen[k] {
			return fieldErrors(validator{"keys": fmt.Sprintf("%q is chosen twice", k)})
		}
		seen[k] = true
	}
	if in.Keys == nil {
		in.Keys = []string{}
	}
	ctx := c.Request().Context()
	if _, err := store.Q.AthleteSetLeadStats(ctx, app.pool, store.AthleteSetLeadStatsParams{ID: athleteID(c), Sport: cat.Sport, Keys: in.Keys}); err != nil {
		return fmt.Errorf("choosing the lead stats: %w", err)
	}
	athlete, err := store.Q.AthleteGetByID(ctx, app.pool, athleteID(c))
	if err != nil {
		return fmt.Errorf("loading the athlete: %w", err)
	}
	return c.JSON(http.StatusOK, statsSportsOf(athlete))
}

// downloadBlankSheet answers a sport's blank sheet (CSV: "Jersey", "Name", the sport's stats) for a
// family to fill in any spreadsheet and import through Manual entry.
func downloadBlankSheet(c *echo.Context) error {
	cat := sports.Get(c.Param("sport"))
	if cat == nil {
		return notFound()
	}
	var b bytes.Buffer
	w := spreadsheet.NewWriter(&b)
	if err := w.Write(statsproviders.SheetHeader(cat)); err != nil {
		return fmt.Errorf("writing the %s sheet: %w", cat.Sport, err)
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("writing the %s sheet: %w", cat.Sport, err)
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, fmt.Sprintf(`attachment; filename="%s-stats-sheet.csv"`, cat.Sport))
	return c.Blob(http.StatusOK, "text/csv; charset=utf-8", b.Bytes())
}

// rolledSeason is a season added up from its games, typed or imported: counts summed (a best time
// kept), rates computed again at the level it was played at.
type rolledSeason struct {
	Sport string `json:"sport"`
	// Season is the season's own name, from its games' dates; Name what the family calls it (the
	// same unless they renamed it).
	Season    string      `json:"season"`
	Name      string      `json:"name"`
	Games     int         `json:"games"`
	StartDate string      `json:"startDate"`
	EndDate   string      `json:"endDate"`
	Stats     sports.Line `json:"stats"`
}

// rolledCareer is a sport's seasons added up.
type rolledCareer struct {
	Sport   string      `json:"sport"`
	Seasons int         `json:"seasons"`
	Games   int         `json:"games"`
	Stats   sports.Line `json:"stats"`
}

type rollupResponse struct {
	Seasons []rolledSeason `json:"seasons"`
	Careers []rolledCareer `json:"careers"`
}

// showStatsRollup answers the athlete's games rolled up into a season line per sport and season
// (named from the games' dates and the sport's school season) and a career per sport. A career's
// rates are at the level of its newest game.
func (app *application) showStatsRollup(c *echo.Context) error {
	out := rollupResponse{Seasons: []rolledSeason{}, Careers: []rolledCareer{}}
	if sectionScope(c).Hidden {
		return c.JSON(http.StatusOK, out)
	}
	ctx := c.Request().Context()
	athlete, err := store.Q.AthleteGetByID(ctx, app.pool, athleteID(c))
	if err != nil {
		return fmt.Errorf("loading the athlete: %w", err)
	}
	games, err := store.Q.StatsGameListForAthlete(ctx, app.pool, athlete.ID) // newest first
	if err != nil {
		return fmt.Errorf("listing games: %w", err)
	}
	played := make([]sports.PlayedGame, 0, len(games))
	for _, g := range games {
		counts, err := decodeStats(g.Stats)
		if err != nil {
			return err
		}
		played = append(played, sports.PlayedGame{Sport: g.Sport, Day: g.GameDate, Counts: counts.CatalogueCounts()})
	}
	names := sports.ParseSeasonNames(athlete.SeasonNames)
	careers := map[string]*rolledCareer{}
	careerLines := map[string][]map[string]int{}
	var careerOrder []string
	classYear := int(athlete.GraduationYear)
	for _, s := range sports.RollSeasons(played) {
		cat := sports.Get(s.Sport)
		out.Seasons = append(out.Seasons, rolledSeason{Sport: s.Sport, Season: s.Season, Name: names.Name(s.Sport, s.Season), Games: s.Games,
			StartDate: s.First.Format(time.DateOnly), EndDate: s.Last.Format(time.DateOnly),
			Stats: cat.Line(s.Counts, sports.LevelAt(classYear, s.First))})
		cr := careers[s.Sport]
		if cr == nil {
			// The first season seen is the newest: the career's rates are at its level.
			cr = &rolledCareer{Sport: s.Sport}
			careers[s.Sport] = cr
			careerOrder = append(careerOrder, s.Sport)
		}
		cr.Seasons++
		cr.Games += s.Games
		careerLines[s.Sport] = append(careerLines[s.Sport], s.Counts)
	}
	for _, sport := range careerOrder {
		cat, cr := sports.Get(sport), careers[sport]
		cr.Stats = cat.Line(cat.Roll(careerLines[sport]...), sports.LevelAt(classYear, newestGame(games, sport)))
		out.Careers = append(out.Careers, *cr)
	}
	return c.JSON(http.StatusOK, out)
}

func newestGame(games []store.StatsGameListForAthleteRow, sport string) time.Time {
	for _, g := range games {
		if g.Sport == sport {
			return g.GameDate
		}
	}
	return time.Now()
}

// maxSeasonName bounds a season's name, as a title is bounded.
const maxSeasonName = 60

// renameSeason names a season of the athlete's, added up from games or imported from a file
// ({sport, season: its own name, name}); an empty name goes back to the season's own.
func (app *application) renameSeason(c *echo.Context) error {
	var in struct {
		Sport  string `json:"sport"`
		Season string `json:"season"`
		Name   string `json:"name"`
	}
	if err := readJSON(c, &in); err != nil {
		return err
	}
	if sports.Get(in.Sport) == nil {
		return fieldErrors(validator{"sport": msgStatsSport()})
	}
	in.Season, in.Name = strings.TrimSpace(in.Season), strings.TrimSpace(in.Name)
	v := validator{}
	v.required(in.Season, "season", "Season is required")
	v.line(in.Name, maxSeasonName, "name", "Name")
	if !v.valid() {
		return fieldErrors(v)
	}
	if err := store.Q.AthleteSetSeasonName(c.Request().Context(), app.pool, store.AthleteSetSeasonNameParams{
		ID: athleteID(c), SeasonKey: sports.SeasonKey(in.Sport, in.Season), Name: in.Name,
	}); err != nil {
		return fmt.Errorf("naming the season: %w", err)
	}
	name := in.Name
	if name == "" {
		name = in.Season
	}
	return c.JSON(http.StatusOK, map[string]string{"sport": in.Sport, "season": in.Season, "name": name})
}
