package statsproviders

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"legacylocker/integrations/sports"
)

// TeamSnapAPIURL is TeamSnap's public API v3 (docs/TEAMSNAP.md lists what we read of it).
const TeamSnapAPIURL = "https://api.teamsnap.com/v3"

// ErrTeamSnapReconnect is a sync's answer when TeamSnap refused the stored token (401) or there is
// none: only the family can fix it, by connecting again, so the job shows it and does not retry.
var ErrTeamSnapReconnect = &FileError{Message: "TeamSnap asked to be connected again"}

// TokenSource hands a syncer a usable access token for a stored connection, refreshing an
// expired one. It answers ErrTeamSnapReconnect when the connection was never authorized.
type TokenSource interface {
	AccessToken(ctx context.Context, connectionID int64) (string, error)
}

// TeamSnap reads a member's statistics from TeamSnap's API v3 (Collection+JSON over OAuth 2).
// The connection's ExternalAthleteID is the TeamSnap member id and ExternalTeamID the team id.
// Each event with statistic data becomes a game (ExternalID the event id) and the member's
// statistic totals a season line; a team's statistic is mapped onto the sport catalogue's key
// by its name or acronym, and one that matches no key (or several) is reported in
// SyncResult.Unmapped, never guessed.
type TeamSnap struct {
	BaseURL string // TeamSnapAPIURL in production; an httptest server in tests
	Client  *http.Client
	Tokens  TokenSource
}

func (TeamSnap) Info() Info {
	return Info{ID: "teamsnap", Name: "TeamSnap", LogoURL: logoURL("teamsnap"), Kind: KindSync}
}

// tsStatistic is one of a team's defined statistics (the statistics collection).
type tsStatistic struct {
	ID, Name, Acronym string
	Formula           string // non-empty: TeamSnap computes it from other statistics
	IsPercentage      bool
}

// tsEvent is what a game line needs of an event (the events collection).
type tsEvent struct {
	ID, StartDate, Name, OpponentName, TimeZone string
	IsGame                                      bool
	PointsForTeam, PointsForOpponent            *float64
}

// Sync fetches everything for the member: statistic_data has no "updated since" filter in the
// published schema, so since is not sent; the job's upserts by ExternalID make a full read safe.
func (t TeamSnap) Sync(ctx context.Context, conn Connection, _ time.Time) (*SyncResult, error) {
	if conn.ExternalAthleteID == "" || conn.ExternalTeamID == "" {
		return nil, &FileError{Message: "A TeamSnap connection needs the member ID and the team ID"}
	}
	if t.Tokens == nil {
		return nil, ErrTeamSnapReconnect
	}
	token, err := t.Tokens.AccessToken(ctx, conn.ID)
	if err != nil {
		return nil, err
	}
	c := tsClient{base: strings.TrimRight(t.BaseURL, "/"), http: t.Client, token: token}
	if c.http == nil {
		c.http = http.DefaultClient
	}
	team, member := conn.ExternalTeamID, conn.ExternalAthleteID

	statItems, err := c.search(ctx, "statistics", url.Values{"team_id": {team}})
	if err != nil {
		return nil, err
	}
	cat := sports.Get(SportFor("", conn.Sport))
	stats := map[string]tsStatistic{}
	keys := map[string]string{} // statistic id → Stats key
	res := &SyncResult{}
	for _, it := range statItems {
		s := tsStatistic{ID: it.str("id"), Name: it.str("name"), Acronym: it.str("acronym"),
			Formula: it.str("formula"), IsPercentage: it.bool("is_percentage")}
		stats[s.ID] = s
		if key, ok := mapTeamSnapStatistic(cat, s); ok {
			keys[s.ID] = key
		} else {
			res.Unmapped = append(res.Unmapped, teamSnapLabel(s))
		}
	}

	data, err := c.search(ctx, "statistic_data", url.Values{"team_id": {team}, "member_id": {member}})
	if err != nil {
		return nil, err
	}
	perEvent := map[string]Stats{}
	var order []string
	for _, d := range data {
		key, ok := keys[d.str("statistic_id")]
		if !ok {
			continue
		}
		n, ok := teamSnapCount(d.raw("value"), key)
		if !ok {
			continue
		}
		ev := d.str("event_id")
		if perEvent[ev] == nil {
			perEvent[ev] = Stats{}
			order = append(order, ev)
		}
		perEvent[ev][key] += n
	}

	if len(order) > 0 {
		evItems, err := c.search(ctx, "events", url.Values{"team_id": {team}})
		if err != nil {
			return nil, err
		}
		events := map[string]tsEvent{}
		for _, it := range evItems {
			e := tsEvent{ID: it.str("id"), StartDate: it.str("start_date"), Name: it.str("name"),
				OpponentName: it.str("opponent_name"), TimeZone: it.str("time_zone_iana_name"), IsGame: it.bool("is_game"),
				PointsForTeam: it.num("points_for_team"), PointsForOpponent: it.num("points_for_opponent")}
			events[e.ID] = e
		}
		for _, id := range order {
			e, ok := events[id]
			if !ok {
				return nil, fmt.Errorf("TeamSnap statistic data names event %s, which the team's events do not list", id)
			}
			res.Games = append(res.Games, teamSnapGame(e, perEvent[id]))
		}
	}

	totals, err := c.search(ctx, "member_statistics", url.Values{"team_id": {team}, "member_id": {member}})
	if err != nil {
		return nil, err
	}
	season := Stats{}
	for _, m := range totals {
		key, ok := keys[m.str("statistic_id")]
		if !ok {
			continue
		}
		if n, ok := teamSnapCount(m.raw("total"), key); ok {
			season[key] += n
		}
	}
	if len(season) > 0 {
		s := Season{ExternalID: "team-" + team + "-member-" + member, Stats: season}
		for _, g := range res.Games {
			if s.StartDate == "" || g.Date < s.StartDate {
				s.StartDate = g.Date
			}
			s.EndDate = max(s.EndDate, g.Date)
		}
		if teams, err := c.search(ctx, "teams", url.Values{"id": {team}}); err != nil {
			return nil, err
		} else if len(teams) > 0 {
			s.TeamName, s.Season = teams[0].str("name"), teams[0].str("season_name")
		}
		if s.Season == "" {
			s.Season = "TeamSnap " + s.TeamName
		}
		s.Season = strings.TrimSpace(s.Season)
		res.Seasons = append(res.Seasons, s)
	}
	slices.Sort(res.Unmapped)
	return res, nil
}

// mapTeamSnapStatistic finds the catalogue key a team's statistic stands for: its name equal to a
// stat's label, else its acronym equal to exactly one stat's abbreviation (case-insensitive).
// A rate or a formula is left out: the catalogue recomputes rates from the counts.
func mapTeamSnapStatistic(cat *sports.Catalogue, s tsStatistic) (string, bool) {
	if cat == nil || s.Formula != "" || s.IsPercentage {
		return "", false
	}
	var found []sports.Stat
	for _, st := range cat.Stats {
		if strings.EqualFold(strings.TrimSpace(s.Name), st.Label) {
			found = []sports.Stat{st}
			break
		}
		if s.Acronym != "" && strings.EqualFold(strings.TrimSpace(s.Acronym), st.Abbr) {
			found = append(found, st)
		}
	}
	if len(found) != 1 {
		return "", false
	}
	switch st := found[0]; st.Kind {
	case sports.Count:
		return st.Key, true
	case sports.Innings:
		// The catalogue's innings hold outs; Stats keeps them under OutsPitched.
		return OutsPitched, true
	}
	return "", false
}

func teamSnapLabel(s tsStatistic) string {
	if s.Acronym == "" || strings.EqualFold(s.Acronym, s.Name) {
		return s.Name
	}
	return s.Name + " (" + s.Acronym + ")"
}

// teamSnapCount reads a statistic value (a number or a numeric string) as a count; innings
// written "6.2" become outs. A fraction on a count is not a count: it is skipped.
func teamSnapCount(raw json.RawMessage, key string) (int, bool) {
	var v any
	if len(raw) == 0 || json.Unmarshal(raw, &v) != nil {
		return 0, false
	}
	var text string
	switch x := v.(type) {
	case float64:
		text = strconv.FormatFloat(x, 'f', -1, 64)
	case string:
		text = strings.TrimSpace(x)
	default:
		return 0, false
	}
	if text == "" {
		return 0, false
	}
	if key == OutsPitched {
		whole, part, _ := strings.Cut(text, ".")
		w, err := strconv.Atoi(whole)
		if err != nil {
			return 0, false
		}
		p := 0
		if part != "" {
			if p, err = strconv.Atoi(part); err != nil || p > 2 {
				return 0, false
			}
		}
		return w*3 + p, true
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) > maxCount {
		return 0, false
	}
	return int(f), true
}

func teamSnapGame(e tsEvent, stats Stats) Game {
	g := Game{ExternalID: e.ID, Opponent: e.OpponentName, Stats: stats}
	if g.Opponent == "" && !e.IsGame {
		g.Opponent = e.Name
	}
	if t, err := time.Parse(time.RFC3339, e.StartDate); err == nil {
		if loc, err := time.LoadLocation(e.TimeZone); err == nil && e.TimeZone != "" {
			t = t.In(loc)
		}
		g.Date = t.Format(time.DateOnly)
	}
	if e.PointsForTeam != nil && e.PointsForOpponent != nil {
		us, them := *e.PointsForTeam, *e.PointsForOpponent
		g.Score = strconv.FormatFloat(us, 'f', -1, 64) + "-" + strconv.FormatFloat(them, 'f', -1, 64)
		switch {
		case us > them:
			g.Result = "W"
		case us < them:
			g.Result = "L"
		default:
			g.Result = "T"
		}
	}
	return g
}

// tsClient asks TeamSnap's collections' search queries with the member's bearer token.
type tsClient struct {
	base, token string
	http        *http.Client
}

// tsPageSize is how many items one search page asks for (page_size and page_number are in the
// published search queries of statistics, statistic_data and events).
const tsPageSize = 500

// search runs a collection's search query, page by page, and answers its items.
func (c tsClient) search(ctx context.Context, collection string, q url.Values) ([]cjItem, error) {
	var all []cjItem
	for page := 1; ; page++ {
		q.Set("page_size", strconv.Itoa(tsPageSize))
		q.Set("page_number", strconv.Itoa(page))
		items, err := c.get(ctx, collection, c.base+"/"+collection+"/search?"+q.Encode())
		if err != nil {
			return nil, err
		}
		all = append(all, items...)
		if len(items) < tsPageSize || page >= 100 {
			return all, nil
		}
	}
}

func (c tsClient) get(ctx context.Context, collection, u string) ([]cjItem, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/vnd.collection+json")
	req.Header.Set("Authorization", "Bearer "+c.token)
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("fetching TeamSnap %s: %w", collection, err)
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusUnauthorized:
		return nil, ErrTeamSnapReconnect
	case resp.StatusCode != http.StatusOK:
		return nil, fmt.Errorf("fetching TeamSnap %s: %s", collection, resp.Status)
	}
	var doc struct {
		Collection struct {
			Items []cjItem `json:"items"`
			Error *struct {
				Message string `json:"message"`
			} `json:"error"`
		} `json:"collection"`
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 32<<20)).Decode(&doc); err != nil {
		return nil, fmt.Errorf("reading TeamSnap %s: %w", collection, err)
	}
	if e := doc.Collection.Error; e != nil {
		return nil, fmt.Errorf("TeamSnap %s: %s", collection, e.Message)
	}
	return doc.Collection.Items, nil
}

// cjItem is a Collection+JSON item: its fields are a list of name/value pairs.
type cjItem struct {
	Href string `json:"href"`
	Data []struct {
		Name  string          `json:"name"`
		Value json.RawMessage `json:"value"`
	} `json:"data"`
}

func (it cjItem) raw(name string) json.RawMessage {
	for _, d := range it.Data {
		if d.Name == name {
			return d.Value
		}
	}
	return nil
}

// str reads a field as text: ids are numbers in TeamSnap's answers, and a string stays a string.
func (it cjItem) str(name string) string {
	raw := it.raw(name)
	var v any
	if len(raw) == 0 || json.Unmarshal(raw, &v) != nil {
		return ""
	}
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	}
	return ""
}

func (it cjItem) bool(name string) bool {
	var b bool
	return json.Unmarshal(it.raw(name), &b) == nil && b
}

func (it cjItem) num(name string) *float64 {
	var f *float64
	if err := json.Unmarshal(it.raw(name), &f); err != nil {
		return nil
	}
	return f
}

// IsTeamSnapReconnect reports whether a sync failed for want of a (new) authorization.
func IsTeamSnapReconnect(err error) bool { return errors.Is(err, ErrTeamSnapReconnect) }
