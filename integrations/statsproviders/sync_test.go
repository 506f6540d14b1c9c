package statsproviders_test

import (
	"legacylocker/integrations/sports"
	"legacylocker/integrations/statsproviders"
	"legacylocker/integrations/statsproviders/statstest"

	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSyncerOverHTTP(t *testing.T) {
	t.Parallel()
	var gotQuery url.Values
	block := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("member") == "slow" {
			<-block
			return
		}
		gotQuery = r.URL.Query()
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"events":[{"id":"ev-1","date":"2026-04-02","opponent":"North","ab":4,"h":2,"ip_outs":7}]}`))
	}))
	t.Cleanup(func() { close(block); srv.Close() })

	syncer := statstest.APISyncer{BaseURL: srv.URL, Client: srv.Client()}
	reg, err := statsproviders.NewRegistry(statsproviders.GameChanger{}, statsproviders.MaxPreps{}, statsproviders.Manual{}, syncer)
	require.NoError(t, err)
	p, ok := reg.Get("teamsnap")
	require.True(t, ok)
	assert.Equal(t, statsproviders.KindSync, p.Info().Kind)
	s, ok := p.(statsproviders.Syncer)
	require.True(t, ok, "the registry hands back a provider the job can sync")

	since := time.Date(2026, 4, 1, 12, 0, 0, 0, time.UTC)
	res, err := s.Sync(context.Background(), statsproviders.Connection{ID: 9, ExternalAthleteID: "m-42", ExternalTeamID: "t-7"}, since)
	require.NoError(t, err)
	assert.Equal(t, "m-42", gotQuery.Get("member"))
	assert.Equal(t, "t-7", gotQuery.Get("team"))
	assert.Equal(t, "2026-04-01T12:00:00Z", gotQuery.Get("since"))
	require.Len(t, res.Games, 1)
	g := res.Games[0]
	assert.Equal(t, "ev-1", g.ExternalID)
	assert.Equal(t, "North", g.Opponent)
	line := g.Stats.Line(statsproviders.SportBaseball, sports.HighSchool)
	ip, _ := line.Get(statsproviders.InningsPitched)
	avg, _ := line.Get(statsproviders.BattingAvg)
	assert.Equal(t, "2.1", ip)
	assert.Equal(t, ".500", avg)

	// The job's context bounds a sync: a hung platform does not hold a worker.
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err = s.Sync(ctx, statsproviders.Connection{ExternalAthleteID: "slow"}, time.Time{})
	assert.True(t, errors.Is(err, context.DeadlineExceeded), "%v", err)
}
