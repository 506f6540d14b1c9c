package statsproviders_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"legacylocker/integrations/statsproviders"
	"legacylocker/integrations/statsproviders/statstest"
)

type fixedToken string

func (t fixedToken) AccessToken(context.Context, int64) (string, error) { return string(t), nil }

func TestTeamSnapSync(t *testing.T) {
	t.Parallel()
	f := statstest.NewTeamSnap(t, "tok-1")
	f.Baseball()

	ts := statsproviders.TeamSnap{BaseURL: f.URL(), Client: f.Client(), Tokens: fixedToken("tok-1")}
	assert.Equal(t, statsproviders.KindSync, ts.Info().Kind)
	res, err := ts.Sync(context.Background(), statsproviders.Connection{ID: 1, ExternalAthleteID: "42", ExternalTeamID: "7001", Sport: "Baseball"}, time.Time{})
	require.NoError(t, err)

	assert.Equal(t, "42", f.Query("statistic_data").Get("member_id"))
	assert.Equal(t, "7001", f.Query("statistic_data").Get("team_id"))
	assert.Equal(t, "7001", f.Query("statistics").Get("team_id"))
	assert.Equal(t, "42", f.Query("member_statistics").Get("member_id"))

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
	f := statstest.NewTeamSnap(t, "good")
	conn := statsproviders.Connection{ID: 1, ExternalAthleteID: "42", ExternalTeamID: "7001"}

	// TeamSnap refusing the token asks the family to connect again; the job shows it, no retry.
	ts := statsproviders.TeamSnap{BaseURL: f.URL(), Client: f.Client(), Tokens: fixedToken("revoked")}
	_, err := ts.Sync(context.Background(), conn, time.Time{})
	require.Error(t, err)
	assert.True(t, statsproviders.IsTeamSnapReconnect(err))
	assert.True(t, statsproviders.IsFileError(err))
	assert.Equal(t, "TeamSnap asked to be connected again", err.Error())

	// Never authorized: the same.
	_, err = statsproviders.TeamSnap{BaseURL: f.URL()}.Sync(context.Background(), conn, time.Time{})
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
