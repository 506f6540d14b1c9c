package statsproviders_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"legacylocker/integrations/statsproviders"
)

// cjItem builds one Collection+JSON item the way TeamSnap's API v3 writes it: an href, its fields
// as name/value pairs (ids are numbers), and its links (docs/TEAMSNAP.md).
func cjItem(base, collection string, fields map[string]any) map[string]any {
	var data []map[string]any
	for name, value := range fields {
		data = append(data, map[string]any{"name": name, "value": value})
	}
	return map[string]any{
		"href":  base + "/" + collection + "/" + jsonText(fields["id"]),
		"data":  data,
		"links": []map[string]any{{"rel": "team", "href": base + "/teams/" + jsonText(fields["team_id"])}},
	}
}

func jsonText(v any) string { b, _ := json.Marshal(v); return strings.Trim(string(b), `"`) }

// teamSnapFake is TeamSnap's API v3 at the wire: the search queries of the collections the syncer
// reads, answering application/vnd.collection+json, and 401 for any other token.
type teamSnapFake struct {
	mu      sync.Mutex
	token   string
	items   map[string][]map[string]any // collection → items
	queries map[string]url.Values       // collection → the last search's query
	srv     *httptest.Server
}

func newTeamSnapFake(t *testing.T, token string) *teamSnapFake {
	f := &teamSnapFake{token: token, items: map[string][]map[string]any{}, queries: map[string]url.Values{}}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		defer f.mu.Unlock()
		if r.Header.Get("Authorization") != "Bearer "+f.token {
			w.Header().Set("Content-Type", "application/vnd.collection+json")
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
		var items []map[string]any
		for _, it := range f.items[collection] {
			if matches(it, r.URL.Query()) {
				items = append(items, it)
			}
		}
		w.Header().Set("Content-Type", "application/vnd.collection+json")
		_ = json.NewEncoder(w).Encode(map[string]any{"collection": map[string]any{
			"version": "3.866.0", "href": f.srv.URL + "/v3/" + collection,
			"links": []map[string]any{{"rel": "root", "href": f.srv.URL + "/v3/"}},
			"items": items,
		}})
	}))
	t.Cleanup(f.srv.Close)
	return f
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
			if d["name"] == name && jsonText(d["value"]) == want {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func (f *teamSnapFake) add(collection string, fields map[string]any) {
	f.items[collection] = append(f.items[collection], cjItem(f.srv.URL+"/v3", collection, fields))
}

type fixedToken string

func (t fixedToken) AccessToken(context.Context, int64) (string, error) { return string(t), nil }

func TestTeamSnapSync(t *testing.T) {
	t.Parallel()
	f := newTeamSnapFake(t, "tok-1")
	const team, member, other = 7001, 42, 43
	stat := func(id int, name, acronym string, extra map[string]any) {
		fields := map[string]any{"id": id, "team_id": team, "name": name, "acronym": acronym, "formula": nil,
			"is_percentage": false, "is_private": false, "precision": 0, "type": "statistic"}
		for k, v := range extra {
			fields[k] = v
		}
		f.add("statistics", fields)
	}
	stat(1, "At Bats", "AB", nil)
	stat(2, "Base Hits", "H", nil)                                                            // H is both hits and hits allowed: left out
	stat(3, "Hits", "H", nil)                                                                 // the name decides
	stat(4, "Innings Pitched", "IP", nil)                                                     // innings become outs
	stat(5, "Batting Average", "AVG", map[string]any{"formula": "[3] / [1]", "precision": 3}) // a rate: recomputed by us
	stat(6, "Hustle Points", "HP", nil)                                                       // no such stat in baseball
	datum := func(id, event, statistic, memberID int, value any) {
		f.add("statistic_data", map[string]any{"id": id, "team_id": team, "member_id": memberID, "event_id": event,
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
		f.add("events", map[string]any{"id": id, "team_id": team, "is_game": true, "start_date": start,
			"time_zone_iana_name": "America/Chicago", "opponent_name": opponent, "name": "",
			"points_for_team": us, "points_for_opponent": them, "type": "event"})
	}
	event(901, "2026-04-03T00:30:00Z", "North", 5, 3) // the evening of April 2 in Chicago
	event(902, "2026-04-09T22:00:00Z", "South", nil, nil)
	event(903, "2026-04-12T22:00:00Z", "East", 1, 1)
	for _, m := range []struct{ stat, total any }{{1, 7}, {3, "2"}, {4, 2.1}, {5, ".286"}} {
		f.add("member_statistics", map[string]any{"id": "42-" + jsonText(m.stat), "team_id": team, "member_id": member,
			"statistic_id": m.stat, "total": m.total, "average": nil, "count_games_played": 2, "type": "member_statistic"})
	}
	f.add("teams", map[string]any{"id": team, "team_id": team, "name": "Wildcats 16U", "season_name": "Spring 2026", "type": "team"})

	ts := statsproviders.TeamSnap{BaseURL: f.srv.URL + "/v3", Client: f.srv.Client(), Tokens: fixedToken("tok-1")}
	assert.Equal(t, statsproviders.KindSync, ts.Info().Kind)
	res, err := ts.Sync(context.Background(), statsproviders.Connection{ID: 1, ExternalAthleteID: "42", ExternalTeamID: "7001", Sport: "Baseball"}, time.Time{})
	require.NoError(t, err)

	assert.Equal(t, "42", f.queries["statistic_data"].Get("member_id"))
	assert.Equal(t, "7001", f.queries["statistic_data"].Get("team_id"))
	assert.Equal(t, "7001", f.queries["statistics"].Get("team_id"))
	assert.Equal(t, "42", f.queries["member_statistics"].Get("member_id"))

	require.Len(t, res.Games, 2, "only events with the member's statistic data")
	g := res.Games[0]
	assert.Equal(t, statsproviders.Game{ExternalID: "901", Date: "2026-04-02", Opponent: "North", Result: "W", Score: "5-3",
		Stats: statsproviders.Stats{"atBats": 4, "hits": 2, statsproviders.OutsPitched: 7}}, g)
	assert.Equal(t, statsproviders.Game{ExternalID: "902", Date: "2026-04-09", Opponent: "South",
		Stats: statsproviders.Stats{"atBats": 3, "hits": 0}}, res.Games[1])

	require.Len(t, res.Seasons, 1)
	s := res.Seasons[0]
	assert.Equal(t, "team-7001-member-42", s.ExternalID)
	assert.Equal(t, "Spring 2026", s.Season)
	assert.Equal(t, "Wildcats 16U", s.TeamName)
	assert.Equal(t, "2026-04-02", s.StartDate)
	assert.Equal(t, "2026-04-09", s.EndDate)
	assert.Equal(t, statsproviders.Stats{"atBats": 7, "hits": 2, statsproviders.OutsPitched: 7}, s.Stats)

	assert.Equal(t, []string{"Base Hits (H)", "Batting Average (AVG)", "Hustle Points (HP)"}, res.Unmapped)
}

func TestTeamSnapSyncErrors(t *testing.T) {
	t.Parallel()
	f := newTeamSnapFake(t, "good")
	conn := statsproviders.Connection{ID: 1, ExternalAthleteID: "42", ExternalTeamID: "7001"}

	// TeamSnap refusing the token asks the family to connect again; the job shows it, no retry.
	ts := statsproviders.TeamSnap{BaseURL: f.srv.URL + "/v3", Client: f.srv.Client(), Tokens: fixedToken("revoked")}
	_, err := ts.Sync(context.Background(), conn, time.Time{})
	require.Error(t, err)
	assert.True(t, statsproviders.IsTeamSnapReconnect(err))
	assert.True(t, statsproviders.IsFileError(err))
	assert.Equal(t, "TeamSnap asked to be connected again", err.Error())

	// Never authorized: the same.
	_, err = statsproviders.TeamSnap{BaseURL: f.srv.URL + "/v3"}.Sync(context.Background(), conn, time.Time{})
	assert.True(t, statsproviders.IsTeamSnapReconnect(err), "%v", err)

	// A connection without the ids is the family's to fix.
	_, err = ts.Sync(context.Background(), statsproviders.Connection{ID: 1, ExternalAthleteID: "42"}, time.Time{})
	assert.True(t, statsproviders.IsFileError(err), "%v", err)

	// A server failure is worth retrying: not a FileError.
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusBadGateway) }))
	t.Cleanup(down.Close)
	_, err = statsproviders.TeamSnap{BaseURL: down.URL, Client: down.Client(), Tokens: fixedToken("good")}.Sync(context.Background(), conn, time.Time{})
	require.Error(t, err)
	assert.False(t, statsproviders.IsFileError(err))
	assert.Contains(t, err.Error(), "502")
}
