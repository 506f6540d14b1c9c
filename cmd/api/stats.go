package main

import (
	"context"
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"legacylocker/integrations/sports"
	"legacylocker/integrations/statsproviders"
	"legacylocker/store"
)

// Sports statistics, one file per concern: the dashboard's numbers and the providers (here),
// connections and their syncs (stats_connections.go), imports of export files (stats_imports.go),
// games and seasons (stats_games.go) and reports (stats_reports.go). Who sees what is the stats
// section's rule in store/access.go: a list whose section the caller does not see is empty.

// Spec strings and our own messages for the stats calls.
const (
	msgStatsConnectRequired = "Provider and Athlete ID are required"
	msgStatsUnknownProvider = "Choose one of the listed platforms"
	msgStatsAlreadyLinked   = "This platform is already connected for this athlete with that Athlete ID"
	msgStatsUploadToSync    = "Upload a new export to sync"
	msgStatsNotAFile        = "This platform has no export files: enter the stats on the Game Stats tab"
	msgStatsFileTooLarge    = "Stats exports are small: this file is over 10 MB, so it is not one. Export the stats again and upload that file."
	msgStatsNotWaiting      = "This import is not waiting for a choice"
	msgStatsChooseRow       = "Choose one of the players found in the file"
	msgStatsNotManual       = "Only games entered by hand can be changed here; upload a corrected export instead"
	msgStatsGameDate        = "Game date must be YYYY-MM-DD"
	// maxStatsFileBytes bounds one export: a 300-player, 150-column season CSV is about 200 KB.
	maxStatsFileBytes = 10 << 20
	// dashboardStats is how many stats GET /athletes/:id/stats answers (the dashboard shows 3).
	dashboardStats = 8
)

// statResponse is one of the athlete's season numbers (the dashboard's Season Stats).
type statResponse struct {
	ID       int64  `json:"id"`
	Value    string `json:"value"`
	Category string `json:"category"`
}

// listStats answers the dashboard's Season Stats: the headline numbers of the newest season, or of
// every game when no season was imported.
func (app *application) listStats(c *echo.Context) error {
	if sectionScope(c).Hidden {
		return c.JSON(http.StatusOK, []statResponse{})
	}
	athlete, err := store.Q.AthleteGetByID(c.Request().Context(), app.pool, athleteID(c))
	if err != nil {
		return fmt.Errorf("loading the athlete: %w", err)
	}
	stats, err := app.athleteStats(c.Request().Context(), athlete)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, stats)
}

// athleteStats answers the athlete's headline numbers; the caller has the athlete's row already.
func (app *application) athleteStats(ctx context.Context, athlete store.Athlete) ([]statResponse, error) {
	id := athlete.ID
	seasons, err := store.Q.StatsSeasonListForAthlete(ctx, app.pool, id)
	if err != nil {
		return nil, fmt.Errorf("listing seasons: %w", err)
	}
	var counts statsproviders.Stats
	var rowID int64
	var sport string
	day := time.Now()
	if len(seasons) > 0 {
		if counts, err = decodeStats(seasons[0].Stats); err != nil {
			return nil, err
		}
		rowID, sport = seasons[0].ID, seasons[0].Sport
		if seasons[0].StartDate != nil {
			day = *seasons[0].StartDate
		}
	} else {
		games, err := store.Q.StatsGameListForAthlete(ctx, app.pool, id)
		if err != nil {
			return nil, fmt.Errorf("listing games: %w", err)
		}
		// One sport's games added up (a two-sport athlete's numbers are never mixed into one line):
		// the sport the athlete's position is of when it has games, else the newest game's.
		counts = statsproviders.Stats{}
		sport = positionSport(athlete.Position, games)
		for _, g := range games {
			if g.Sport != sport {
				continue
			}
			if len(counts) == 0 {
				day = g.GameDate
			}
			s, err := decodeStats(g.Stats)
			if err != nil {
				return nil, err
			}
			counts.Add(s)
			rowID = g.ID
		}
	}
	if len(counts) == 0 {
		return app.storedStats(ctx, id)
	}
	cat := sports.Get(sport)
	if cat == nil {
		cat = sports.Get(statsproviders.SportBaseball)
	}
	line := leadFirst(counts.Line(cat.Sport, sports.LevelAt(int(athlete.GraduationYear), day)), cat.LeadFor(athlete.LeadStats, athlete.Position))
	out := make([]statResponse, 0, dashboardStats)
	for i, e := range line {
		if i == dashboardStats {
			break
		}
		out = append(out, statResponse{ID: rowID*100 + int64(i), Value: fmt.Sprint(e.Value), Category: statLabel(cat, e.Key)})
	}
	return out, nil
}

// positionSport is the sport of the athlete's position among those the games are of ("Point Guard"
// is basketball's), else the newest game's; games come newest first.
func positionSport(position string, games []store.StatsGameListForAthleteRow) string {
	if len(games) == 0 {
		return ""
	}
	for _, g := range games {
		if cat := sports.Get(g.Sport); cat != nil {
			if _, ok := cat.Position(position); ok {
				return g.Sport
			}
		}
	}
	return games[0].Sport
}

// leadFirst moves a position's lead stats to the front of a line (a pitcher's card leads with ERA,
// K and IP), keeping the rest in the line's order.
func leadFirst(line sports.Line, lead []string) sports.Line {
	out := make(sports.Line, 0, len(line))
	for _, k := range lead {
		if v, ok := line.Get(k); ok {
			out = append(out, sports.Entry{Key: k, Value: v})
		}
	}
	for _, e := range line {
		if !slices.Contains(lead, e.Key) {
			out = append(out, e)
		}
	}
	return out
}

// statLabel names a stat as its sport does ("Batting Average"), or, for a key the sport does not
// keep (an older file's column), in words.
func statLabel(cat *sports.Catalogue, key string) string {
	if s, ok := cat.Stat(key); ok {
		return s.Label
	}
	return statsproviders.Label(key)
}

// storedStats are the rows of the stats table (the demo athlete's), for athletes with no games.
func (app *application) storedStats(ctx context.Context, id int64) ([]statResponse, error) {
	rows, err := store.Q.StatListForAthlete(ctx, app.pool, id)
	if err != nil {
		return nil, fmt.Errorf("listing stats: %w", err)
	}
	out := make([]statResponse, len(rows))
	for i, s := range rows {
		out[i] = statResponse{ID: s.ID, Value: s.Value, Category: s.Category}
	}
	return out, nil
}

// msgStatsSport names the sports a game may be of.
func msgStatsSport() string {
	keys := make([]string, 0, 16)
	for _, c := range sports.All() {
		keys = append(keys, c.Sport)
	}
	return "sport must be one of: " + strings.Join(keys, ", ")
}

func decodeStats(raw []byte) (statsproviders.Stats, error) {
	if len(raw) == 0 {
		return statsproviders.Stats{}, nil
	}
	s, err := statsproviders.DecodeCounts(raw)
	if err != nil {
		return nil, fmt.Errorf("reading stored stats: %w", err)
	}
	return s, nil
}

func (app *application) listStatsProviders(c *echo.Context) error {
	return c.JSON(http.StatusOK, app.statsProviders.Infos())
}

// serveStatsLogo serves the providers' own SVG logos: the page never loads an outside image.
func serveStatsLogo(c *echo.Context) error {
	name := path.Base(c.Param("*"))
	b, err := fs.ReadFile(statsproviders.Logos, name)
	if err != nil || !strings.HasSuffix(name, ".svg") {
		return notFound()
	}
	c.Response().Header().Set("Cache-Control", "public, max-age=86400")
	c.Response().Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	return c.Blob(http.StatusOK, "image/svg+xml", b)
}
