package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v5"

	"legacylocker/integrations/sports"
	"legacylocker/integrations/statsproviders"
	"legacylocker/store"
)

type gameResponse struct {
	ID       int64       `json:"id"`
	Sport    string      `json:"sport"`
	Opponent string      `json:"opponent"`
	GameDate string      `json:"gameDate"`
	Location string      `json:"location"`
	Result   string      `json:"result"`
	Score    string      `json:"score"`
	Source   string      `json:"source"`
	Stats    sports.Line `json:"stats"`
}

func toGameResponse(g store.StatsGame, classYear int32) (gameResponse, error) {
	s, err := decodeStats(g.Stats)
	if err != nil {
		return gameResponse{}, err
	}
	return gameResponse{ID: g.ID, Sport: g.Sport, Opponent: g.Opponent, GameDate: g.GameDate.Format(time.DateOnly), Location: g.Location,
		Result: g.Result, Score: g.Score, Source: g.Source, Stats: s.Line(g.Sport, sports.LevelAt(int(classYear), g.GameDate))}, nil
}

// gamePages are the Game Stats list's pages (docs/API.md, "Lists and pages"): a career of games grows
// every season, so the list answers a page at a time, newest first.
var gamePages = pages{list: "games", size: 50, maxSize: 200}

func gameKey(g store.StatsGameListDisplayPageRow) timeKey { return timeKey{At: g.GameDate, ID: g.ID} }

// listStatsGames and listStatsSeasons write the stored display maps into the answer as they are:
// nothing is decoded or recomputed per row (BenchmarkStatsLists). The stats section is shared whole,
// so a caller who may not see it gets one empty page (the section's scope), never a partial one.
func (app *application) listStatsGames(c *echo.Context) error {
	p, err := readPage[timeKey](c, gamePages)
	if err != nil {
		return err
	}
	if sectionScope(c).Hidden {
		return c.JSON(http.StatusOK, []struct{}{})
	}
	params := store.StatsGameListDisplayPageParams{AthleteID: athleteID(c), MaxRows: p.MaxRows()}
	params.BeforeDate, params.BeforeID = p.After.keyset()
	rows, err := store.Q.StatsGameListDisplayPage(c.Request().Context(), app.pool, params)
	if err != nil {
		return fmt.Errorf("listing games: %w", err)
	}
	rows = pageRows(c, gamePages, p, rows, gameKey)
	size := 2
	for _, g := range rows {
		size += len(g.Display) + len(g.Opponent) + len(g.Location) + len(g.Result) + len(g.Score) + 128
	}
	w := newJSONList(size)
	defer w.release()
	for _, g := range rows {
		w.object()
		w.int("id", g.ID)
		w.str("sport", g.Sport)
		w.str("opponent", g.Opponent)
		w.str("gameDate", g.GameDate.Format(time.DateOnly))
		w.str("location", g.Location)
		w.str("result", g.Result)
		w.str("score", g.Score)
		w.str("source", g.Source)
		w.raw("stats", g.Display)
	}
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, w.done())
}

func (app *application) listStatsSeasons(c *echo.Context) error {
	if sectionScope(c).Hidden {
		return c.JSON(http.StatusOK, []struct{}{})
	}
	ctx := c.Request().Context()
	athlete, err := store.Q.AthleteGetByID(ctx, app.pool, athleteID(c))
	if err != nil {
		return fmt.Errorf("loading the athlete: %w", err)
	}
	names := sports.ParseSeasonNames(athlete.SeasonNames)
	rows, err := store.Q.StatsSeasonListDisplay(ctx, app.pool, athlete.ID)
	if err != nil {
		return fmt.Errorf("listing seasons: %w", err)
	}
	size := 2
	for _, s := range rows {
		size += len(s.Display) + 2*len(s.Season) + len(s.TeamName) + 160 + maxSeasonName
	}
	w := newJSONList(size)
	defer w.release()
	for _, s := range rows {
		w.object()
		w.int("id", s.ID)
		w.str("sport", s.Sport)
		w.str("season", s.Season)
		w.str("name", names.Name(s.Sport, s.Season))
		w.str("teamName", s.TeamName)
		w.str("sportType", s.SportType)
		w.date("startDate", s.StartDate)
		w.date("endDate", s.EndDate)
		w.str("source", s.Source)
		w.raw("stats", s.Display)
	}
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, w.done())
}

// jsonList writes a JSON array of flat objects field by field, so stored JSON (the display maps)
// goes in as it is instead of being decoded and encoded again.
type jsonList struct {
	buf         []byte
	open, first bool
}

// listBuffers keeps the lists' buffers between requests: a season of games is a few hundred
// kilobytes, and allocating that anew for every answer would make the collector the cost.
var listBuffers = sync.Pool{New: func() any { return new([]byte) }}

func newJSONList(size int) *jsonList {
	buf := *listBuffers.Get().(*[]byte)
	if cap(buf) < size {
		buf = make([]byte, 0, size)
	}
	return &jsonList{buf: buf[:0]}
}

// release returns the buffer once the answer is written.
func (w *jsonList) release() {
	if cap(w.buf) <= 4<<20 {
		listBuffers.Put(&w.buf)
	}
}

func (w *jsonList) object() {
	if !w.open {
		w.open = true
		w.buf = append(w.buf, '[', '{')
	} else {
		w.buf = append(w.buf, '}', ',', '{')
	}
	w.first = true
}

func (w *jsonList) key(k string) {
	if !w.first {
		w.buf = append(w.buf, ',')
	}
	w.first = false
	w.buf = append(append(append(w.buf, '"'), k...), '"', ':')
}

func (w *jsonList) int(k string, v int64) { w.key(k); w.buf = strconv.AppendInt(w.buf, v, 10) }

func (w *jsonList) str(k, v string) {
	w.key(k)
	if plainJSON(v) {
		w.buf = append(append(append(w.buf, '"'), v...), '"')
		return
	}
	b, _ := json.Marshal(v) // a string always encodes
	w.buf = append(w.buf, b...)
}

// plainJSON reports whether s can be written between quotes as it is: printable ASCII with no
// quote or backslash (names, dates and scores almost always are).
func plainJSON(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

func (w *jsonList) date(k string, v *time.Time) {
	w.key(k)
	if v == nil {
		w.buf = append(w.buf, "null"...)
		return
	}
	w.buf = append(v.AppendFormat(append(w.buf, '"'), time.DateOnly), '"')
}

func (w *jsonList) raw(k string, v []byte) { w.key(k); w.buf = append(w.buf, v...) }

func (w *jsonList) done() []byte {
	if !w.open {
		return []byte("[]")
	}
	return append(w.buf, '}', ']')
}

// gameRequest is a game typed in by hand: its sport (a catalogue's key; the athlete's first sport
// when left out) and its stats by the sport's keys, each written the way the sport writes it
// ("6.2" innings, "1:58.32", "21-04.50"). Rates are computed, never typed.
type gameRequest struct {
	Sport    string                     `json:"sport"`
	Opponent string                     `json:"opponent"`
	GameDate string                     `json:"gameDate"`
	Location string                     `json:"location"`
	Result   string                     `json:"result"`
	Score    string                     `json:"score"`
	Stats    map[string]json.RawMessage `json:"stats"`
}

type manualGame struct {
	sport, opponent, location, result, score string
	date                                     time.Time
	stats, display                           []byte
}

func (in gameRequest) validate(athlete store.Athlete) (manualGame, error) {
	v := validator{}
	g := manualGame{opponent: strings.TrimSpace(in.Opponent), location: strings.TrimSpace(in.Location),
		result: strings.TrimSpace(in.Result), score: strings.TrimSpace(in.Score)}
	for field, value := range map[string]string{"opponent": g.opponent, "location": g.location, "result": g.result, "score": g.score} {
		v.line(value, 100, field, statsproviders.Label(field))
	}
	d, err := time.Parse(time.DateOnly, strings.TrimSpace(in.GameDate))
	v.check(err == nil, "gameDate", msgStatsGameDate)
	g.date = d
	g.sport = strings.TrimSpace(in.Sport)
	if g.sport == "" {
		g.sport = statsproviders.SportFor("", athlete.Sports)
	}
	cat := sports.Get(g.sport)
	if cat == nil {
		return g, fieldErrors(validator{"sport": msgStatsSport()})
	}
	counts := statsproviders.Stats{}
	keys := make([]string, 0, len(in.Stats))
	for key := range in.Stats {
		keys = append(keys, key)
	}
	slices.Sort(keys) // the same input always answers the same first message
	for _, key := range keys {
		var text string
		if json.Unmarshal(in.Stats[key], &text) != nil {
			text = string(in.Stats[key]) // a JSON number
		}
		text = strings.TrimSpace(text)
		if text == "" || text == "null" {
			continue
		}
		stat, ok := cat.Stat(key)
		switch {
		case !ok:
			v.check(false, "stats", fmt.Sprintf("%q is not a %s stat. %s keeps: %s.", key, strings.ToLower(cat.Label), cat.Label, strings.Join(cat.Keys(), ", ")))
			continue
		case stat.Kind == sports.Rate:
			v.check(false, "stats", fmt.Sprintf("%s is worked out from the counts, never typed.", stat.Label))
			continue
		}
		n, err := sports.ParseValue(stat, text)
		if err != nil {
			v.check(false, "stats", fmt.Sprintf("%s: %v", stat.Label, err))
			continue
		}
		if stat.Kind == sports.Innings {
			key = statsproviders.OutsPitched // the diamond sports keep innings as outs under this key
		}
		counts[key] = n
	}
	if !v.valid() {
		return g, fieldErrors(v)
	}
	cat.OneGame(counts)
	g.stats, g.display, err = counts.Encode(g.sport, sports.LevelAt(int(athlete.GraduationYear), g.date))
	return g, err
}

func (app *application) createStatsGame(c *echo.Context) error {
	var in gameRequest
	if err := readJSON(c, &in); err != nil {
		return err
	}
	ctx := c.Request().Context()
	athlete, err := store.Q.AthleteGetByID(ctx, app.pool, athleteID(c))
	if err != nil {
		return fmt.Errorf("loading the athlete: %w", err)
	}
	g, err := in.validate(athlete)
	if err != nil {
		return err
	}
	row, err := store.Q.StatsGameCreateManual(ctx, app.pool, store.StatsGameCreateManualParams{
		AthleteID: athlete.ID, Sport: g.sport, Opponent: g.opponent, GameDate: g.date, Location: g.location, Result: g.result, Score: g.score, Stats: g.stats, Display: g.display,
	})
	if err != nil {
		return fmt.Errorf("adding the game: %w", err)
	}
	out, err := toGameResponse(row, athlete.GraduationYear)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, out)
}

func (app *application) updateStatsGame(c *echo.Context) error {
	game := loaded[store.StatsGame](c)
	if game.Source != "manual" {
		return conflict(msgStatsNotManual)
	}
	var in gameRequest
	if err := readJSON(c, &in); err != nil {
		return err
	}
	ctx := c.Request().Context()
	athlete, err := store.Q.AthleteGetByID(ctx, app.pool, game.AthleteID)
	if err != nil {
		return fmt.Errorf("loading the athlete: %w", err)
	}
	if strings.TrimSpace(in.Sport) == "" {
		in.Sport = game.Sport // an edit keeps the game's sport unless it names another
	}
	g, err := in.validate(athlete)
	if err != nil {
		return err
	}
	row, err := store.Q.StatsGameUpdateManual(ctx, app.pool, store.StatsGameUpdateManualParams{
		ID: game.ID, Sport: g.sport, Opponent: g.opponent, GameDate: g.date, Location: g.location, Result: g.result, Score: g.score, Stats: g.stats, Display: g.display,
	})
	if err != nil {
		return fmt.Errorf("updating the game: %w", err)
	}
	out, err := toGameResponse(row, athlete.GraduationYear)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

func (app *application) deleteStatsGame(c *echo.Context) error {
	game := loaded[store.StatsGame](c)
	if game.Source != "manual" {
		return conflict(msgStatsNotManual)
	}
	if err := store.Q.StatsGameDelete(c.Request().Context(), app.pool, game.ID); err != nil {
		return fmt.Errorf("deleting the game: %w", err)
	}
	return c.NoContent(http.StatusNoContent)
}
