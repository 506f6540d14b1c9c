package statsproviders

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// apiSyncer is a network provider shaped like a real one (TeamSnap's statistics API): it asks
// a JSON API for the athlete's games since a time. It proves the Syncer interface carries
// what a network sync needs; the server is an httptest one, faked at the wire.
type apiSyncer struct {
	baseURL string
	client  *http.Client
}

func (apiSyncer) Info() Info {
	return Info{ID: "teamsnap", Name: "TeamSnap", LogoURL: logoURL("teamsnap"), Kind: KindSync}
}

func (s apiSyncer) Sync(ctx context.Context, conn Connection, since time.Time) (*SyncResult, error) {
	q := url.Values{"member": {conn.ExternalAthleteID}, "team": {conn.ExternalTeamID}}
	if !since.IsZero() {
		q.Set("since", since.UTC().Format(time.RFC3339))
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.baseURL+"/statistics?"+q.Encode(), nil)
	if err != nil {
		return nil, err
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("fetching statistics: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("fetching statistics: %s", resp.Status)
	}
	var body struct {
		Events []struct {
			ID       string `json:"id"`
			Date     string `json:"date"`
			Opponent string `json:"opponent"`
			AB       int    `json:"ab"`
			H        int    `json:"h"`
			IPOuts   int    `json:"ip_outs"`
		} `json:"events"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		return nil, fmt.Errorf("reading statistics: %w", err)
	}
	res := &SyncResult{}
	for _, e := range body.Events {
		res.Games = append(res.Games, Game{ExternalID: e.ID, Date: e.Date, Opponent: e.Opponent,
			Stats: Stats{AtBats: e.AB, Hits: e.H, OutsPitched: e.IPOuts}})
	}
	return res, nil
}

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

	syncer := apiSyncer{baseURL: srv.URL, client: srv.Client()}
	reg, err := NewRegistry(GameChanger{}, MaxPreps{}, Manual{}, syncer)
	require.NoError(t, err)
	p, ok := reg.Get("teamsnap")
	require.True(t, ok)
	assert.Equal(t, KindSync, p.Info().Kind)
	s, ok := p.(Syncer)
	require.True(t, ok, "the registry hands back a provider the job can sync")

	since := time.Date(2026, 4, 1, 12, 0, 0, 0, time.UTC)
	res, err := s.Sync(context.Background(), Connection{ID: 9, ExternalAthleteID: "m-42", ExternalTeamID: "t-7"}, since)
	require.NoError(t, err)
	assert.Equal(t, "m-42", gotQuery.Get("member"))
	assert.Equal(t, "t-7", gotQuery.Get("team"))
	assert.Equal(t, "2026-04-01T12:00:00Z", gotQuery.Get("since"))
	require.Len(t, res.Games, 1)
	g := res.Games[0]
	assert.Equal(t, "ev-1", g.ExternalID)
	assert.Equal(t, "North", g.Opponent)
	assert.Equal(t, "2.1", g.Stats.Map()[InningsPitched])
	assert.Equal(t, ".500", g.Stats.Map()[BattingAvg])

	// The job's context bounds a sync: a hung platform does not hold a worker.
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err = s.Sync(ctx, Connection{ExternalAthleteID: "slow"}, time.Time{})
	assert.True(t, errors.Is(err, context.DeadlineExceeded), "%v", err)
}
