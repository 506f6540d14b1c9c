package main

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/integrations/statsproviders"
	"legacylocker/jobs"
	"legacylocker/store"
)

type connectionResponse struct {
	ID                int64           `json:"id"`
	AthleteID         int64           `json:"athleteId"`
	ProviderID        string          `json:"providerId"`
	ProviderName      string          `json:"providerName"`
	LogoURL           string          `json:"logoUrl"`
	Kind              string          `json:"kind"`
	ExternalAthleteID string          `json:"externalAthleteId"`
	ExternalTeamID    string          `json:"externalTeamId"`
	Username          string          `json:"username"`
	LastSyncedAt      *time.Time      `json:"lastSyncedAt"`
	CreatedAt         time.Time       `json:"createdAt"`
	LatestImport      *importResponse `json:"latestImport"`
}

func (app *application) toConnectionResponse(conn store.StatsConnection, latest *importResponse) connectionResponse {
	info := statsproviders.Info{ID: conn.ProviderID, Name: conn.ProviderID}
	if p, ok := app.statsProviders.Get(conn.ProviderID); ok {
		info = p.Info()
	}
	return connectionResponse{
		ID: conn.ID, AthleteID: conn.AthleteID, ProviderID: conn.ProviderID, ProviderName: info.Name, LogoURL: info.LogoURL,
		Kind: string(info.Kind), ExternalAthleteID: conn.ExternalAthleteID, ExternalTeamID: conn.ExternalTeamID,
		Username: conn.Username, LastSyncedAt: conn.LastSyncedAt, CreatedAt: conn.CreatedAt, LatestImport: latest,
	}
}

type connectRequest struct {
	ProviderID        string `json:"providerId"`
	ExternalAthleteID string `json:"externalAthleteId"`
	ExternalTeamID    string `json:"externalTeamId"`
	Username          string `json:"username"`
	// AthleteID is read (and checked) by allow, through statsAthleteInBody.
	AthleteID int64 `json:"athleteId"`
}

// connectStatsPlatform stores a connection for the athlete its body names (statsAthleteInBody:
// allow has checked the caller may edit that athlete's stats).
func (app *application) connectStatsPlatform(c *echo.Context) error {
	var in connectRequest
	if err := readJSON(c, &in); err != nil {
		return err
	}
	in.ProviderID, in.ExternalAthleteID = strings.TrimSpace(in.ProviderID), strings.TrimSpace(in.ExternalAthleteID)
	in.ExternalTeamID, in.Username = strings.TrimSpace(in.ExternalTeamID), strings.TrimSpace(in.Username)
	if in.ProviderID == "" || in.ExternalAthleteID == "" {
		return badRequest(msgStatsConnectRequired)
	}
	if _, ok := app.statsProviders.Get(in.ProviderID); !ok {
		return badRequest(msgStatsUnknownProvider)
	}
	v := validator{}
	v.line(in.ExternalAthleteID, 100, "externalAthleteId", "Athlete ID")
	v.line(in.ExternalTeamID, 100, "externalTeamId", "Team ID")
	v.line(in.Username, 100, "username", "Username")
	if !v.valid() {
		return fieldErrors(v)
	}
	user := currentUser(c).ID
	conn, err := store.Q.StatsConnectionCreate(c.Request().Context(), app.pool, store.StatsConnectionCreateParams{
		AthleteID: athleteID(c), ProviderID: in.ProviderID, ExternalAthleteID: in.ExternalAthleteID,
		ExternalTeamID: in.ExternalTeamID, Username: in.Username, CreatedBy: &user,
	})
	if err := store.Translate(err); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return conflict(msgStatsAlreadyLinked)
		}
		return err
	}
	return c.JSON(http.StatusCreated, app.toConnectionResponse(conn, nil))
}

func (app *application) listStatsConnections(c *echo.Context) error {
	if sectionScope(c).Hidden {
		return c.JSON(http.StatusOK, []connectionResponse{})
	}
	ctx := c.Request().Context()
	conns, err := store.Q.StatsConnectionListForAthlete(ctx, app.pool, athleteID(c))
	if err != nil {
		return fmt.Errorf("listing connections: %w", err)
	}
	out := make([]connectionResponse, len(conns))
	for i, conn := range conns {
		var latest *importResponse
		imp, err := store.Q.StatsImportLatestForConnection(ctx, app.pool, conn.ID)
		if err := store.Translate(err); err != nil && !errors.Is(err, store.ErrNotFound) {
			return err
		} else if err == nil {
			r := toImportResponse(imp)
			latest = &r
		}
		out[i] = app.toConnectionResponse(conn, latest)
	}
	return c.JSON(http.StatusOK, out)
}

// deleteStatsConnection disconnects a platform. The games and seasons it brought stay (they are
// the athlete's record); its stored export files go.
func (app *application) deleteStatsConnection(c *echo.Context) error {
	conn := loaded[store.StatsConnection](c)
	ctx := c.Request().Context()
	err := store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		keys, err := store.Q.StatsImportKeysForConnection(ctx, tx, conn.ID)
		if err != nil {
			return fmt.Errorf("listing export files: %w", err)
		}
		if err := store.Q.StatsConnectionDelete(ctx, tx, conn.ID); err != nil {
			return fmt.Errorf("deleting connection: %w", err)
		}
		if len(keys) > 0 {
			if _, err := app.jobs.InsertTx(ctx, tx, jobs.MediaDeleteArgs{Keys: keys}, nil); err != nil {
				return fmt.Errorf("enqueueing media_delete: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// syncResponse is a connection's 'Sync Now' as a job state: none before the first sync. When the
// last one finished writing is its own field, not a status.
type syncResponse struct {
	ConnectionID int64 `json:"connectionId"`
	jobState
	LastSyncedAt *time.Time `json:"lastSyncedAt"`
}

func toSyncResponse(conn store.StatsConnection) syncResponse {
	return syncResponse{ConnectionID: conn.ID, jobState: jobState{Status: conn.SyncStatus, StatusReason: conn.SyncReason},
		LastSyncedAt: conn.LastSyncedAt}
}

// syncStatsPlatform is 'Sync Now': a network provider fetches; a file provider applies its newest
// export again with today's parser, or answers 409 when there is none. One sync at a time.
func (app *application) syncStatsPlatform(c *echo.Context) error {
	conn := loaded[store.StatsConnection](c)
	ctx := c.Request().Context()
	if conn.SyncStatus.Working() {
		return c.JSON(http.StatusAccepted, toSyncResponse(conn))
	}
	provider, _ := app.statsProviders.Get(conn.ProviderID)
	if _, network := provider.(statsproviders.Syncer); !network {
		_, err := store.Q.StatsImportNewestUsable(ctx, app.pool, conn.ID)
		if err := store.Translate(err); err != nil {
			if errors.Is(err, store.ErrNotFound) {
				return conflict(msgStatsUploadToSync)
			}
			return err
		}
	}
	err := store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		var err error
		if conn, err = store.Q.StatsConnectionSyncAsked(ctx, tx, conn.ID); err != nil {
			return fmt.Errorf("recording the sync: %w", err)
		}
		if _, err := app.jobs.InsertTx(ctx, tx, jobs.StatsSyncArgs{ConnectionID: conn.ID}, nil); err != nil {
			return fmt.Errorf("enqueueing stats_sync: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, toSyncResponse(conn))
}

func (app *application) statsSyncStatus(c *echo.Context) error {
	return c.JSON(http.StatusOK, toSyncResponse(loaded[store.StatsConnection](c)))
}
