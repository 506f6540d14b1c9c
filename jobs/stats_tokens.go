package jobs

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"legacylocker/integrations/statsproviders"
	"legacylocker/store"
)

// StatsTokens is the TeamSnap syncer's token source: the tokens the OAuth callback stored for a
// connection (stats_tokens), refreshed when the access token has expired or is about to.
type StatsTokens struct {
	Pool  *pgxpool.Pool
	OAuth statsproviders.TeamSnapOAuth
	// Now is the clock (time.Now when nil), for tests of expiry.
	Now func() time.Time
}

// refreshAhead is how long before its expiry an access token is refreshed, so a sync that starts
// just before it does not fail half way.
const refreshAhead = time.Minute

func (s StatsTokens) AccessToken(ctx context.Context, connectionID int64) (string, error) {
	tok, err := store.Q.StatsTokenGet(ctx, s.Pool, connectionID)
	if err := store.Translate(err); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return "", statsproviders.ErrTeamSnapReconnect
		}
		return "", fmt.Errorf("loading the connection's token: %w", err)
	}
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	if tok.ExpiresAt == nil || now().Add(refreshAhead).Before(*tok.ExpiresAt) {
		return tok.AccessToken, nil
	}
	if tok.RefreshToken == "" {
		return "", statsproviders.ErrTeamSnapReconnect
	}
	fresh, err := s.OAuth.Refresh(ctx, tok.RefreshToken)
	if err != nil {
		return "", err
	}
	if _, err := SaveStatsToken(ctx, s.Pool, connectionID, fresh, nil); err != nil {
		return "", err
	}
	return fresh.AccessToken, nil
}

// SaveStatsToken stores what a token endpoint answered for a connection (by is the user who
// authorized it; nil for a refresh).
func SaveStatsToken(ctx context.Context, db store.DBTX, connectionID int64, tok statsproviders.OAuthToken, by *int64) (store.StatsToken, error) {
	var expires *time.Time
	if !tok.Expiry.IsZero() {
		expires = &tok.Expiry
	}
	saved, err := store.Q.StatsTokenSave(ctx, db, store.StatsTokenSaveParams{ConnectionID: connectionID, AccessToken: tok.AccessToken,
		RefreshToken: tok.RefreshToken, TokenType: tok.TokenType, Scope: tok.Scope, ExpiresAt: expires, AuthorizedBy: by})
	if err != nil {
		return store.StatsToken{}, fmt.Errorf("storing the connection's token: %w", err)
	}
	return saved, nil
}

// StatsProviders is the registry a deployment offers: Default's, and TeamSnap when it is configured.
func StatsProviders(pool *pgxpool.Pool, teamsnap statsproviders.TeamSnapConfig) *statsproviders.Registry {
	if !teamsnap.Enabled() {
		return statsproviders.Default()
	}
	client := &http.Client{Timeout: time.Minute}
	return statsproviders.DefaultWith(statsproviders.TeamSnap{BaseURL: teamsnap.APIURL, Client: client,
		Tokens: StatsTokens{Pool: pool, OAuth: teamsnap.OAuth(client)}})
}
