// Package statstest holds a network stats provider shaped like a real one, for tests that prove
// the Syncer interface carries a network sync end to end (the parsers' tests and the stats_sync
// job's). Its server is always an httptest one: the provider is faked at the wire.
package statstest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"legacylocker/integrations/statsproviders"
)

// APISyncer asks a JSON API for the athlete's games since a time, the way TeamSnap's statistics
// API would be asked.
type APISyncer struct {
	BaseURL string
	Client  *http.Client
}

func (APISyncer) Info() statsproviders.Info {
	return statsproviders.Info{ID: "teamsnap", Name: "TeamSnap", LogoURL: statsproviders.LogoPathPrefix + "teamsnap.svg", Kind: statsproviders.KindSync}
}

func (s APISyncer) Sync(ctx context.Context, conn statsproviders.Connection, since time.Time) (*statsproviders.SyncResult, error) {
	q := url.Values{"member": {conn.ExternalAthleteID}, "team": {conn.ExternalTeamID}}
	if !since.IsZero() {
		q.Set("since", since.UTC().Format(time.RFC3339))
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.BaseURL+"/statistics?"+q.Encode(), nil)
	if err != nil {
		return nil, err
	}
	resp, err := s.Client.Do(req)
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
	res := &statsproviders.SyncResult{}
	for _, e := range body.Events {
		res.Games = append(res.Games, statsproviders.Game{ExternalID: e.ID, Date: e.Date, Opponent: e.Opponent,
			Stats: statsproviders.Stats{statsproviders.AtBats: e.AB, statsproviders.Hits: e.H, statsproviders.OutsPitched: e.IPOuts}})
	}
	return res, nil
}
