package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"legacylocker/integrations/statsproviders"
	"legacylocker/media"
	"legacylocker/store"
)

// StatsSyncArgs applies one uploaded export (ImportID) or runs 'Sync Now' for a connection
// (ImportID zero): a network provider fetches, a file provider applies its newest export again.
type StatsSyncArgs struct {
	ConnectionID int64 `json:"connection_id"`
	ImportID     int64 `json:"import_id,omitempty"`
}

func (StatsSyncArgs) Kind() string { return "stats_sync" }

func (StatsSyncArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, MaxAttempts: 5}
}

// StatsSyncWorker turns export files and network syncs into the athlete's games and seasons.
// Every write is an upsert keyed by where the row came from, and the import's own status is
// finished in the same transaction, so a retried or rescued job writes each row exactly once.
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
	if job.Args.ImportID != 0 {
		imp, err := loadRecord(ctx, w.Pool, "stats import", job.Args.ImportID, store.Q.StatsImportGetByID)
		if err != nil {
			return err
		}
		if !imp.Status.Working() {
			return nil // finished by an earlier attempt
		}
		return w.applyImport(ctx, job, conn, imp, nil)
	}
	if !conn.SyncStatus.Working() {
		return nil
	}
	if err := store.Q.StatsConnectionSyncStatus(ctx, w.Pool, store.StatsConnectionSyncStatusParams{ID: conn.ID, SyncStatus: store.JobProcessing}); err != nil {
		return fmt.Errorf("marking the sync started: %w", err)
	}
	syncDone := func(tx pgx.Tx) error {
		return store.Q.StatsConnectionSyncStatus(ctx, tx, store.StatsConnectionSyncStatusParams{ID: conn.ID, SyncStatus: store.JobReady})
	}
	failSync := func(err error, permanent bool) error {
		return giveUpOrRetry(job.JobRow, err, permanent, func() error {
			reason := failureReason(err)
			var fe *statsproviders.FileError
			if errors.As(err, &fe) {
				reason = fe.Message
			}
			return store.Q.StatsConnectionSyncStatus(ctx, w.Pool, store.StatsConnectionSyncStatusParams{ID: conn.ID, SyncStatus: store.JobFailed, SyncReason: &reason})
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
		res, err := syncer.Sync(ctx, statsproviders.Connection{ID: conn.ID, ExternalAthleteID: conn.ExternalAthleteID,
			ExternalTeamID: conn.ExternalTeamID, Username: conn.Username}, since)
		if err != nil {
			w.Logger.WarnContext(ctx, "stats sync failed", "connection", conn.ID, "attempt", job.Attempt, "error", err)
			return failSync(err, false)
		}
		return store.WithTx(ctx, w.Pool, func(tx pgx.Tx) error {
			if err := writeSyncResult(ctx, tx, conn, res); err != nil {
				return err
			}
			return syncDone(tx)
		})
	}

	imp, err := store.Q.StatsImportNewestUsable(ctx, w.Pool, conn.ID)
	if err := store.Translate(err); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return failSync(&statsproviders.FileError{Message: "Upload a new export to sync"}, true)
		}
		return fmt.Errorf("finding the newest import: %w", err)
	}
	if err := w.applyImport(ctx, job, conn, imp, syncDone); err != nil {
		return err
	}
	// An import that now waits for a choice, or failed, still ends the sync: the import says why.
	return store.Q.StatsConnectionSyncStatus(ctx, w.Pool, store.StatsConnectionSyncStatusParams{ID: conn.ID, SyncStatus: store.JobReady})
}

// importPreview is what GET /api/stats/imports/{id} shows once the file is read.
type importPreview struct {
	Players    []previewPlayer         `json:"players"`
	MatchedRow *string                 `json:"matchedRow"`
	Stats      *statsproviders.Ordered `json:"stats"`
	Warnings   []previewWarning        `json:"warnings"`
}

type previewPlayer struct {
	Label   string `json:"label"`
	Jersey  string `json:"jersey"`
	Name    string `json:"name"`
	Matched bool   `json:"matched"`
}

type previewWarning struct {
	Kind    string `json:"kind"`
	Row     int    `json:"row,omitempty"`
	Message string `json:"message"`
}

// applyImport reads the import's file, works out the athlete's row and, when there is exactly
// one, writes it; otherwise the import waits for the family's choice. alsoInTx runs in the
// writing transaction (the sync's own status).
func (w *StatsSyncWorker) applyImport(ctx context.Context, job *river.Job[StatsSyncArgs], conn store.StatsConnection, imp store.StatsImport, alsoInTx func(pgx.Tx) error) error {
	if err := store.Q.StatsImportStart(ctx, w.Pool, imp.ID); err != nil {
		return fmt.Errorf("marking the import started: %w", err)
	}
	result, err := w.parse(ctx, imp)
	if err != nil {
		w.Logger.WarnContext(ctx, "stats import failed", "import", imp.ID, "attempt", job.Attempt, "error", err)
		return giveUpOrRetry(job.JobRow, err, statsproviders.IsFileError(err), func() error {
			reason := "The file could not be read. Upload it again."
			var fe *statsproviders.FileError
			if errors.As(err, &fe) {
				reason = fe.Message
			}
			return store.Q.StatsImportFinish(ctx, w.Pool, store.StatsImportFinishParams{ID: imp.ID, Status: store.JobFailed, StatusReason: &reason})
		})
	}

	chosen, preview := choosePlayer(result, conn.ExternalAthleteID, imp.ChosenRow)
	previewJSON, err := json.Marshal(preview)
	if err != nil {
		return fmt.Errorf("encoding the preview: %w", err)
	}
	format := string(result.Format)
	finish := store.StatsImportFinishParams{ID: imp.ID, Status: store.JobReady, Format: &format, Preview: previewJSON}
	return store.WithTx(ctx, w.Pool, func(tx pgx.Tx) error {
		if chosen == nil {
			finish.NeedsChoice = true
		} else {
			games, seasons, err := w.writeImport(ctx, tx, conn, imp, result, *chosen)
			if err != nil {
				return err
			}
			finish.GamesWritten, finish.SeasonsWritten = games, seasons
			if err := store.Q.StatsConnectionSynced(ctx, tx, conn.ID); err != nil {
				return fmt.Errorf("recording the sync time: %w", err)
			}
		}
		if err := store.Q.StatsImportFinish(ctx, tx, finish); err != nil {
			return fmt.Errorf("finishing the import: %w", err)
		}
		if alsoInTx != nil {
			return alsoInTx(tx)
		}
		return nil
	})
}

func (w *StatsSyncWorker) parse(ctx context.Context, imp store.StatsImport) (*statsproviders.Result, error) {
	f, err := w.Storage.Open(ctx, imp.FileKey)
	if err != nil {
		return nil, fmt.Errorf("opening the stats file: %w", err)
	}
	defer f.Close()
	return w.Providers.Parse(imp.FileName, f)
}

// choosePlayer picks the row to write: the one the family chose, else the single row the
// connection's Athlete ID matches. nil when the family must choose.
func choosePlayer(result *statsproviders.Result, athleteID string, chosenRow *string) (*statsproviders.Player, importPreview) {
	var chosen *statsproviders.Player
	if chosenRow != nil {
		for i, p := range result.Players {
			if p.Label() == *chosenRow {
				chosen = &result.Players[i]
				break
			}
		}
	} else if matches := result.Match(athleteID); len(matches) == 1 {
		for i, p := range result.Players {
			if p.Row == matches[0].Row {
				chosen = &result.Players[i]
			}
		}
	}
	preview := importPreview{Players: make([]previewPlayer, len(result.Players)), Warnings: make([]previewWarning, len(result.Warnings))}
	for i, p := range result.Players {
		preview.Players[i] = previewPlayer{Label: p.Label(), Jersey: p.Jersey, Name: p.Name, Matched: chosen != nil && p.Row == chosen.Row}
	}
	for i, wn := range result.Warnings {
		preview.Warnings[i] = previewWarning{Kind: wn.Code, Row: wn.Row, Message: wn.Message}
	}
	if chosen != nil {
		label := chosen.Label()
		ordered := chosen.Stats.Ordered()
		preview.MatchedRow, preview.Stats = &label, &ordered
	}
	return chosen, preview
}

// writeImport stores the chosen row: one game when the file is one game (a MaxPreps file, or
// an export the uploader gave game details for), otherwise the season line.
func (w *StatsSyncWorker) writeImport(ctx context.Context, tx pgx.Tx, conn store.StatsConnection, imp store.StatsImport,
	result *statsproviders.Result, player statsproviders.Player) (games, seasons int32, err error) {
	counts, display, err := player.Stats.Encode()
	if err != nil {
		return 0, 0, fmt.Errorf("encoding stats: %w", err)
	}
	raw, err := json.Marshal(player.Raw())
	if err != nil {
		return 0, 0, fmt.Errorf("encoding the raw row: %w", err)
	}
	connID := conn.ID
	if result.OneGame || imp.GameDate != nil || imp.Opponent != "" {
		date := imp.CreatedAt
		if imp.GameDate != nil {
			date = *imp.GameDate
		}
		_, err := store.Q.StatsGameUpsert(ctx, tx, store.StatsGameUpsertParams{
			AthleteID: conn.AthleteID, ConnectionID: &connID, Source: conn.ProviderID,
			SourceKey: new("file:" + imp.FileSha256), Opponent: imp.Opponent, GameDate: date, Location: imp.Location,
			Result: imp.Result, Score: imp.Score, Stats: counts, Display: display, Raw: raw,
		})
		if err != nil {
			return 0, 0, fmt.Errorf("writing the game: %w", err)
		}
		return 1, 0, nil
	}
	athlete, err := store.Q.AthleteGetByID(ctx, tx, conn.AthleteID)
	if err != nil {
		return 0, 0, fmt.Errorf("loading the athlete: %w", err)
	}
	season := imp.Season
	if season == "" {
		season = SeasonOf(imp.CreatedAt)
	}
	_, err = store.Q.StatsSeasonUpsert(ctx, tx, store.StatsSeasonUpsertParams{
		AthleteID: conn.AthleteID, ConnectionID: &connID, Source: conn.ProviderID,
		SourceKey: new(fmt.Sprintf("season:%d:%s", conn.ID, strings.ToLower(season))), Season: season,
		TeamName: imp.TeamName, SportType: firstSport(athlete.Sports), Stats: counts, Display: display, Raw: raw,
	})
	if err != nil {
		return 0, 0, fmt.Errorf("writing the season: %w", err)
	}
	return 0, 1, nil
}

// writeSyncResult upserts what a network sync brought, keyed by the platform's own ids.
func writeSyncResult(ctx context.Context, tx pgx.Tx, conn store.StatsConnection, res *statsproviders.SyncResult) error {
	connID := conn.ID
	for _, g := range res.Games {
		date, err := time.Parse(time.DateOnly, g.Date)
		if err != nil {
			return fmt.Errorf("game %s has no usable date %q: %w", g.ExternalID, g.Date, err)
		}
		counts, display, err := g.Stats.Encode()
		if err != nil {
			return fmt.Errorf("encoding stats: %w", err)
		}
		if _, err := store.Q.StatsGameUpsert(ctx, tx, store.StatsGameUpsertParams{
			AthleteID: conn.AthleteID, ConnectionID: &connID, Source: conn.ProviderID,
			SourceKey: new(conn.ProviderID + ":game:" + g.ExternalID), Opponent: g.Opponent, GameDate: date,
			Location: g.Location, Result: g.Result, Score: g.Score, Stats: counts, Display: display,
		}); err != nil {
			return fmt.Errorf("writing game %s: %w", g.ExternalID, err)
		}
	}
	for _, s := range res.Seasons {
		counts, display, err := s.Stats.Encode()
		if err != nil {
			return fmt.Errorf("encoding stats: %w", err)
		}
		if _, err := store.Q.StatsSeasonUpsert(ctx, tx, store.StatsSeasonUpsertParams{
			AthleteID: conn.AthleteID, ConnectionID: &connID, Source: conn.ProviderID,
			SourceKey: new(conn.ProviderID + ":season:" + s.ExternalID), Season: s.Season, TeamName: s.TeamName,
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

// SeasonOf names the season a date falls in, the way families say it: "2026 Spring" (February
// to June), "2026 Summer" (July, August), "2026 Fall" (September to November), "2026 Winter"
// (December and January, named for the year the season starts).
func SeasonOf(t time.Time) string {
	year := t.Year()
	switch m := t.Month(); {
	case m == time.January:
		return fmt.Sprintf("%d Winter", year-1)
	case m <= time.June:
		return fmt.Sprintf("%d Spring", year)
	case m <= time.August:
		return fmt.Sprintf("%d Summer", year)
	case m <= time.November:
		return fmt.Sprintf("%d Fall", year)
	}
	return fmt.Sprintf("%d Winter", year)
}

// firstSport is the athlete's main sport from the profile's comma-separated list.
func firstSport(sports string) string {
	first, _, _ := strings.Cut(sports, ",")
	return strings.TrimSpace(first)
}
