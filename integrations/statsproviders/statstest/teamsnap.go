package statstest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
)

// TeamSnap is TeamSnap's API v3 faked at the wire: the search queries of the collections the
// syncer reads (GET /v3/<collection>/search), answering application/vnd.collection+json items
// shaped like the real ones (docs/TEAMSNAP.md), and 401 with a Collection+JSON error for any
// token but the one it was given.
type TeamSnap struct {
	mu      sync.Mutex
	token   string
	items   map[string][]map[string]any // collection → items
	queries map[string]url.Values       // collection → the last search's query
	srv     *httptest.Server
}

// NewTeamSnap starts the fake; it stops when the test ends.
func NewTeamSnap(t testing.TB, token string) *TeamSnap {
	f := &TeamSnap{token: token, items: map[string][]map[string]any{}, queries: map[string]url.Values{}}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

// URL is the API's base, as TEAMSNAP_API_URL would be ("https://api.teamsnap.com/v3").
func (f *TeamSnap) URL() string { return f.srv.URL + "/v3" }

// Client is an http.Client that reaches the fake.
func (f *TeamSnap) Client() *http.Client { return f.srv.Client() }

// SetToken changes the one access token the fake accepts.
func (f *TeamSnap) SetToken(token string) { f.mu.Lock(); f.token = token; f.mu.Unlock() }

// Query is the last search query asked of a collection.
func (f *TeamSnap) Query(collection string) url.Values {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.queries[collection]
}

// Add puts an item in a collection, its fields written as Collection+JSON name/value pairs.
func (f *TeamSnap) Add(collection string, fields map[string]any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var data []map[string]any
	for name, value := range fields {
		data = append(data, map[string]any{"name": name, "value": value})
	}
	f.items[collection] = append(f.items[collection], map[string]any{
		"href":  f.URL() + "/" + collection + "/" + text(fields["id"]),
		"data":  data,
		"links": []map[string]any{{"rel": "team", "href": f.URL() + "/teams/" + text(fields["team_id"])}},
	})
}

func (f *TeamSnap) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	w.Header().Set("Content-Type", "application/vnd.collection+json")
	if r.Header.Get("Authorization") != "Bearer "+f.token {
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write([]byte(`{"collection":{"version":"3.0.0","error":{"message":"You are not authorized to access this resource."}}}`))
		return
	}
	collection, ok := strings.CutSuffix(strings.TrimPrefix(r.URL.Path, "/v3/"), "/search")
	if !ok || r.Header.Get("Accept") != "application/vnd.collection+json" {
		http.NotFound(w, r)
		return
	}
	f.queries[collection] = r.URL.Query()
	items := []map[string]any{}
	for _, it := range f.items[collection] {
		if matches(it, r.URL.Query()) {
			items = append(items, it)
		}
	}
	_ = json.NewEncoder(w).Encode(map[string]any{"collection": map[string]any{
		"version": "3.866.0", "href": f.URL() + "/" + collection,
		"links": []map[string]any{{"rel": "root", "href": f.URL() + "/"}},
		"items": items,
	}})
}

// matches applies a search's id filters (team_id, member_id, id) to an item.
func matches(item map[string]any, q url.Values) bool {
	for _, name := range []string{"team_id", "member_id", "id"} {
		want := q.Get(name)
		if want == "" {
			continue
		}
		found := false
		for _, d := range item["data"].([]map[string]any) {
			if d["name"] == name && text(d["value"]) == want {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func text(v any) string { b, _ := json.Marshal(v); return strings.Trim(string(b), `"`) }

// Baseball fills the fake with a baseball team (7001) whose member 42 has statistic data
// for two games (events 901, 902) and totals, plus statistics our catalogue does not name.
func (f *TeamSnap) Baseball() {
	const team, member, other = 7001, 42, 43
	stat := func(id int, name, acronym string, extra map[string]any) {
		fields := map[string]any{"id": id, "team_id": team, "name": name, "acronym": acronym, "formula": nil,
			"is_percentage": false, "is_private": false, "precision": 0, "type": "statistic"}
		for k, v := range extra {
			fields[k] = v
		}
		f.Add("statistics", fields)
	}
	stat(1, "At Bats", "AB", nil)
	stat(2, "Base Hits", "H", nil)                                                            // H is both hits and hits allowed: left out
	stat(3, "Hits", "H", nil)                                                                 // the name decides
	stat(4, "Innings Pitched", "IP", nil)                                                     // innings become outs
	stat(5, "Batting Average", "AVG", map[string]any{"formula": "[3] / [1]", "precision": 3}) // a rate: recomputed by us
	stat(6, "Hustle Points", "HP", nil)                                                       // no such stat in baseball
	datum := func(id, event, statistic, memberID int, value any) {
		f.Add("statistic_data", map[string]any{"id": id, "team_id": team, "member_id": memberID, "event_id": event,
			"statistic_id": statistic, "value": value, "type": "statistic_datum"})
	}
	datum(11, 901, 1, member, "4")
	datum(12, 901, 3, member, 2)
	datum(13, 901, 4, member, "2.1")
	datum(14, 901, 2, member, "9")
	datum(15, 902, 1, member, 3)
	datum(16, 902, 3, member, "0")
	datum(17, 902, 1, other, 5) // a teammate's line is not asked for
	event := func(id int, start, opponent string, us, them any) {
		f.Add("events", map[string]any{"id": id, "team_id": team, "is_game": true, "start_date": start,
			"time_zone_iana_name": "America/Chicago", "opponent_name": opponent, "name": "",
			"points_for_team": us, "points_for_opponent": them, "type": "event"})
	}
	event(901, "2026-04-03T00:30:00Z", "North", 5, 3) // the evening of April 2 in Chicago
	event(902, "2026-04-09T22:00:00Z", "South", nil, nil)
	event(903, "2026-04-12T22:00:00Z", "East", 1, 1)
	for _, m := range []struct{ stat, total any }{{1, 7}, {3, "2"}, {4, 2.1}, {5, ".286"}} {
		f.Add("member_statistics", map[string]any{"id": "42-" + text(m.stat), "team_id": team, "member_id": member,
			"statistic_id": m.stat, "total": m.total, "average": nil, "count_games_played": 2, "type": "member_statistic"})
	}
	f.Add("teams", map[string]any{"id": team, "name": "Wildcats 16U", "season_name": "Spring 2026", "type": "team"})
}
