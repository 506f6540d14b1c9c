package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"legacylocker/integrations/sports"
	"legacylocker/integrations/statsproviders"
	"legacylocker/media"
	"legacylocker/store"
)

// StatsSyncArgs runs 'Sync Now' for a connection: a network provider fetches, a file provider
// applies its newest export again with today's parser. Parsing a new upload is stats_import.
type StatsSyncArgs struct {
	ConnectionID int64 `json:"connection_id"`
}

func (StatsSyncArgs) Kind() string { return "stats_sync" }

func (StatsSyncArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, MaxAttempts: 5}
}

// StatsSyncWorker brings a connection up to date and records the sync's own status on the
// connection. Every write is an upsert keyed by where the row came from, so a retried or rescued
// sync writes each row exactly once.
type StatsSyncWorker struct {
	river.WorkerDefaults[StatsSyncArgs]
	Pool      *pgxpool.Pool
	Storage   media.Storage
	Providers *statsproviders.Registry
	Logger    *slog.Logger
}

func (w *StatsSyncWorker) Timeout(*river.Job[StatsSyncArgs]) time.Duration { return 2 * time.Minute }

func (w *StatsSyncWorker) Work(ctx context.Context, job *river.Job[StatsSyncArgs]) error {
	conn, err := loadRecord(ctx, w.Pool, "stats connection", job.Args.ConnectionID, store.Q.StatsConnectionGetByID)
	if err != nil {
		return err
	}
	if !conn.SyncStatus.Working() {
		return nil
	}
	if err := store.Q.StatsConnectionSyncStatus(ctx, w.Pool, store.StatsConnectionSyncStatusParams{ID: conn.ID, SyncStatus: store.JobProcessing}); err != nil {
		return fmt.Errorf("marking the sync started: %w", err)
	}
	// syncEnded records how the sync ended: ready (and the sync time) with no reason, else failed.
	syncEnded := func(db store.DBTX, reason string) error {
		status := store.JobReady
		if reason != "" {
			status = store.JobFailed
		}
		return store.Q.StatsConnectionSyncStatus(ctx, db, store.StatsConnectionSyncStatusParams{ID: conn.ID, SyncStatus: status, SyncReason: reason})
	}
	failSync := func(err error, permanent bool) error {
		return giveUpOrRetry(job.JobRow, err, permanent, func() error {
			reason := failureReason(err)
			var fe *statsproviders.FileError
			if errors.As(err, &fe) {
				reason = fe.Message
			}
			return syncEnded(w.Pool, reason)
		})
	}

	provider, ok := w.Providers.Get(conn.ProviderID)
	if !ok {
		return failSync(&statsproviders.FileError{Message: "This platform is no longer offered. Connect another one."}, true)
	}
	if syncer, ok := provider.(statsproviders.Syncer); ok {
		var since time.Time
		if conn.LastSyncedAt != nil {
			since = *conn.LastSyncedAt
		}
		athlete, err := store.Q.AthleteGetByID(ctx, w.Pool, conn.AthleteID)
		if err != nil {
			return fmt.Errorf("loading the athlete: %w", err)
		}
		res, err := syncer.Sync(ctx, statsproviders.Connection{ID: conn.ID, ExternalAthleteID: conn.ExternalAthleteID,
			ExternalTeamID: conn.ExternalTeamID, Username: conn.Username, Sport: athlete.Sports}, since)
		if err != nil {
			w.Logger.WarnContext(ctx, "stats sync failed", "connection", conn.ID, "attempt", job.Attempt, "error", err)
			// A FileError is the family's to fix (connect again, fill in the ids): retrying cannot help.
			return failSync(err, statsproviders.IsFileError(err))
		}
		if len(res.Unmapped) > 0 {
			w.Logger.InfoContext(ctx, "stats sync left out statistics the sport's catalogue does not name",
				"connection", conn.ID, "provider", conn.ProviderID, "unmapped", res.Unmapped)
		}
		return store.WithTx(ctx, w.Pool, func(tx pgx.Tx) error {
			if err := writeSyncResult(ctx, tx, conn, res); err != nil {
				return err
			}
			return syncEnded(tx, "")
		})
	}

	imp, err := store.Q.StatsImportNewestUsable(ctx, w.Pool, conn.ID)
	if err := store.Translate(err); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return failSync(&statsproviders.FileError{Message: "Upload a new export to sync"}, true)
		}
		return fmt.Errorf("finding the newest import: %w", err)
	}
	// An import that now waits for a choice still ends the sync (ready): the import says why.
	return w.files().apply(ctx, job.JobRow, conn, imp, syncEnded)
}

func (w *StatsSyncWorker) files() statsFiles {
	return statsFiles{pool: w.Pool, storage: w.Storage, providers: w.Providers, logger: w.Logger}
}

// writeSyncResult upserts what a network sync brought, keyed by the platform's own ids.
func writeSyncResult(ctx context.Context, tx pgx.Tx, conn store.StatsConnection, res *statsproviders.SyncResult) error {
	athlete, err := store.Q.AthleteGetByID(ctx, tx, conn.AthleteID)
	if err != nil {
		return fmt.Errorf("loading the athlete: %w", err)
	}
	classYear := int(athlete.GraduationYear)
	connID := conn.ID
	for _, g := range res.Games {
		date, err := time.Parse(time.DateOnly, g.Date)
		if err != nil {
			return fmt.Errorf("game %s has no usable date %q: %w", g.ExternalID, g.Date, err)
		}
		sport := statsproviders.SportFor("", athlete.Sports)
		counts, display, err := g.Stats.Encode(sport, sports.LevelAt(classYear, date))
		if err != nil {
			return fmt.Errorf("encoding stats: %w", err)
		}
		if _, err := store.Q.StatsGameUpsert(ctx, tx, store.StatsGameUpsertParams{
			AthleteID: conn.AthleteID, ConnectionID: &connID, Source: conn.ProviderID,
			SourceKey: new(conn.ProviderID + ":game:" + g.ExternalID), Sport: sport, Opponent: g.Opponent, GameDate: date,
			Location: g.Location, Result: g.Result, Score: g.Score, Stats: counts, Display: display,
		}); err != nil {
			return fmt.Errorf("writing game %s: %w", g.ExternalID, err)
		}
	}
	for _, s := range res.Seasons {
		sport := ""
		if c := sports.ForSport(s.SportType); c != nil {
			sport = c.Sport
		}
		sport = statsproviders.SportFor(sport, athlete.Sports)
		day := time.Now()
		if start := parseDate(s.StartDate); start != nil {
			day = *start
		}
		counts, display, err := s.Stats.Encode(sport, sports.LevelAt(classYear, day))
		if err != nil {
			return fmt.Errorf("encoding stats: %w", err)
		}
		if _, err := store.Q.StatsSeasonUpsert(ctx, tx, store.StatsSeasonUpsertParams{
			AthleteID: conn.AthleteID, ConnectionID: &connID, Source: conn.ProviderID,
			SourceKey: new(conn.ProviderID + ":season:" + s.ExternalID), Sport: sport, Season: s.Season, TeamName: s.TeamName,
			SportType: s.SportType, StartDate: parseDate(s.StartDate), EndDate: parseDate(s.EndDate), Stats: counts, Display: display,
		}); err != nil {
			return fmt.Errorf("writing season %s: %w", s.ExternalID, err)
		}
	}
	return nil
}

func parseDate(s string) *time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return nil
	}
	return &t
}

// firstSport is the athlete's main sport from the profile's comma-separated list.
func firstSport(sports string) string {
	first, _, _ := strings.Cut(sports, ",")
	return strings.TrimSpace(first)
}
