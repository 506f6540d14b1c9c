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
	"github.com/riverqueue/river/rivertype"

	"legacylocker/integrations/sports"
	"legacylocker/integrations/statsproviders"
	"legacylocker/media"
	"legacylocker/store"
)

// StatsImportArgs reads one uploaded export and writes the athlete's row from it: when the file is
// uploaded, and again once the family has chosen the row of a file that did not name the athlete.
type StatsImportArgs struct {
	ImportID int64 `json:"import_id"`
}

func (StatsImportArgs) Kind() string { return "stats_import" }

func (StatsImportArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, MaxAttempts: 5}
}

// StatsImportWorker turns an export file into the athlete's games and seasons. Every write is an
// upsert keyed by where the row came from, and the import's own status is finished in the same
// transaction, so a retried or rescued job writes each row exactly once.
type StatsImportWorker struct {
	river.WorkerDefaults[StatsImportArgs]
	Pool      *pgxpool.Pool
	Storage   media.Storage
	Providers *statsproviders.Registry
	Logger    *slog.Logger
}

func (w *StatsImportWorker) Timeout(*river.Job[StatsImportArgs]) time.Duration {
	return 2 * time.Minute
}

func (w *StatsImportWorker) Work(ctx context.Context, job *river.Job[StatsImportArgs]) error {
	imp, err := loadRecord(ctx, w.Pool, "stats import", job.Args.ImportID, store.Q.StatsImportGetByID)
	if err != nil {
		return err
	}
	if !imp.Status.Working() {
		return nil // finished by an earlier attempt
	}
	conn, err := loadRecord(ctx, w.Pool, "stats connection", imp.ConnectionID, store.Q.StatsConnectionGetByID)
	if err != nil {
		return err
	}
	return w.files().apply(ctx, job.JobRow, conn, imp, nil)
}

func (w *StatsImportWorker) files() statsFiles {
	return statsFiles{pool: w.Pool, storage: w.Storage, providers: w.Providers, logger: w.Logger}
}

// statsFiles reads an import's export file and writes the row it names: for stats_import, and for
// stats_sync applying a file provider's newest export again.
type statsFiles struct {
	pool      *pgxpool.Pool
	storage   media.Storage
	providers *statsproviders.Registry
	logger    *slog.Logger
}

// importPreview is what GET /api/stats/imports/{id} shows once the file is read.
type importPreview struct {
	Players    []previewPlayer  `json:"players"`
	MatchedRow *string          `json:"matchedRow"`
	Stats      *sports.Line     `json:"stats"`
	Warnings   []previewWarning `json:"warnings"`
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

// importEnded hears how an import ended, on db: reason is "" when the file was read (in the
// transaction that wrote it), else why it failed, with the failure. A sync records its own status
// with it, so a sync never outlives the import it applied.
type importEnded func(db store.DBTX, reason string) error

// apply reads the import's file, works out the athlete's row and, when there is exactly one,
// writes it; otherwise the import waits for the family's choice. ended may be nil.
func (f statsFiles) apply(ctx context.Context, job *rivertype.JobRow, conn store.StatsConnection, imp store.StatsImport, ended importEnded) error {
	if err := store.Q.StatsImportStart(ctx, f.pool, imp.ID); err != nil {
		return fmt.Errorf("marking the import started: %w", err)
	}
	result, err := f.parse(ctx, imp)
	if err != nil {
		f.logger.WarnContext(ctx, "stats import failed", "import", imp.ID, "attempt", job.Attempt, "error", err)
		return giveUpOrRetry(job, err, statsproviders.IsFileError(err), func() error {
			reason := "The file could not be read. Upload it again."
			var fe *statsproviders.FileError
			if errors.As(err, &fe) {
				reason = fe.Message
			}
			if err := store.Q.StatsImportFinish(ctx, f.pool, store.StatsImportFinishParams{ID: imp.ID, Status: store.JobFailed, StatusReason: reason}); err != nil {
				return err
			}
			if ended != nil {
				return ended(f.pool, reason)
			}
			return nil
		})
	}

	athlete, err := store.Q.AthleteGetByID(ctx, f.pool, conn.AthleteID)
	if err != nil {
		return fmt.Errorf("loading the athlete: %w", err)
	}
	sport := statsproviders.SportFor(result.Sport, athlete.Sports)
	chosen, preview := choosePlayer(result, conn.ExternalAthleteID, imp.ChosenRow, sport, sports.LevelAt(int(athlete.GraduationYear), importDay(imp)))
	previewJSON, err := json.Marshal(preview)
	if err != nil {
		return fmt.Errorf("encoding the preview: %w", err)
	}
	format := string(result.Format)
	finish := store.StatsImportFinishParams{ID: imp.ID, Status: store.JobReady, Format: &format, Preview: previewJSON}
	return store.WithTx(ctx, f.pool, func(tx pgx.Tx) error {
		if chosen == nil {
			finish.NeedsChoice = true
		} else {
			games, seasons, err := writeImport(ctx, tx, conn, athlete, sport, imp, result, *chosen)
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
		if ended != nil {
			return ended(tx, "")
		}
		return nil
	})
}

func (f statsFiles) parse(ctx context.Context, imp store.StatsImport) (*statsproviders.Result, error) {
	file, err := f.storage.Open(ctx, imp.FileKey)
	if err != nil {
		return nil, fmt.Errorf("opening the stats file: %w", err)
	}
	defer file.Close()
	return f.providers.Parse(imp.FileName, file)
}

// choosePlayer picks the row to write: the one the family chose, else the single row the
// connection's Athlete ID matches. nil when the family must choose.
func choosePlayer(result *statsproviders.Result, athleteID string, chosenRow *string, sport string, level sports.Level) (*statsproviders.Player, importPreview) {
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
		line := chosen.Stats().Line(sport, level)
		preview.MatchedRow, preview.Stats = &label, &line
	}
	return chosen, preview
}

// seasonGamesSpan is how far back from an export its games are looked for: longer than any school
// season, shorter than the year to the same season again.
const seasonGamesSpan = 6 * 30 * 24 * time.Hour

// exportedSeason names the season of a season export that does not say its own: the season of the
// newest game of the sport the athlete played in the half year before the export (fall ball
// exported in November is "2026 Fall"), else the sport's school season most recently under way (a
// spring season exported in November is that spring's, never "2026 Fall").
func exportedSeason(ctx context.Context, tx pgx.Tx, athleteID int64, sport string, exported time.Time) (string, error) {
	games, err := store.Q.StatsGameListForAthlete(ctx, tx, athleteID) // newest first
	if err != nil {
		return "", fmt.Errorf("listing games: %w", err)
	}
	for _, g := range games {
		if g.Sport != sport || g.GameDate.After(exported) {
			continue
		}
		if exported.Sub(g.GameDate) <= seasonGamesSpan {
			return sports.SeasonOf(sport, g.GameDate), nil
		}
		break
	}
	return sports.LatestSeason(sport, exported), nil
}

// importDay is the day an import's stats were played, as far as it is known: the game's date the
// family gave, else the day the file was uploaded.
func importDay(imp store.StatsImport) time.Time {
	if imp.GameDate != nil {
		return *imp.GameDate
	}
	return imp.CreatedAt
}

// writeImport stores the chosen row: one game when the file is one game (a MaxPreps file, or
// an export the uploader gave game details for), otherwise the season line. Its rates are the
// sport's at the level the athlete played at then (ERA over seven innings in high school).
func writeImport(ctx context.Context, tx pgx.Tx, conn store.StatsConnection, athlete store.Athlete, sport string, imp store.StatsImport,
	result *statsproviders.Result, player statsproviders.Player) (games, seasons int32, err error) {
	oneGame := result.OneGame || imp.GameDate != nil || imp.Opponent != ""
	stats := player.Stats()
	if cat := sports.Get(sport); cat != nil && oneGame {
		cat.OneGame(stats)
	}
	counts, display, err := stats.Encode(sport, sports.LevelAt(int(athlete.GraduationYear), importDay(imp)))
	if err != nil {
		return 0, 0, fmt.Errorf("encoding stats: %w", err)
	}
	raw, err := json.Marshal(player.Raw())
	if err != nil {
		return 0, 0, fmt.Errorf("encoding the raw row: %w", err)
	}
	connID := conn.ID
	if oneGame {
		_, err := store.Q.StatsGameUpsert(ctx, tx, store.StatsGameUpsertParams{
			AthleteID: conn.AthleteID, ConnectionID: &connID, Source: conn.ProviderID,
			SourceKey: new("file:" + imp.FileSha256), Sport: sport, Opponent: imp.Opponent, GameDate: importDay(imp), Location: imp.Location,
			Result: imp.Result, Score: imp.Score, Stats: counts, Display: display, Raw: raw,
		})
		if err != nil {
			return 0, 0, fmt.Errorf("writing the game: %w", err)
		}
		return 1, 0, nil
	}
	season := imp.Season
	if season == "" {
		if season, err = exportedSeason(ctx, tx, conn.AthleteID, sport, imp.CreatedAt); err != nil {
			return 0, 0, err
		}
	}
	_, err = store.Q.StatsSeasonUpsert(ctx, tx, store.StatsSeasonUpsertParams{
		AthleteID: conn.AthleteID, ConnectionID: &connID, Source: conn.ProviderID,
		SourceKey: new(fmt.Sprintf("season:%d:%s", conn.ID, strings.ToLower(season))), Sport: sport, Season: season,
		TeamName: imp.TeamName, SportType: firstSport(athlete.Sports), Stats: counts, Display: display, Raw: raw,
	})
	if err != nil {
		return 0, 0, fmt.Errorf("writing the season: %w", err)
	}
	return 0, 1, nil
}
