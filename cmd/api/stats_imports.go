package main

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/integrations/statsproviders"
	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/store"
)

// importResponse is an import as a job state: pending while queued, processing while its file is
// read, ready when done, failed with the reason. A file that did not name the athlete's row is
// ready with needsChoice: the rows to choose from are in the preview.
type importResponse struct {
	ID           int64   `json:"id"`
	ConnectionID int64   `json:"connectionId"`
	FileName     string  `json:"fileName"`
	Format       *string `json:"format"`
	jobState
	NeedsChoice bool            `json:"needsChoice"`
	CreatedAt   time.Time       `json:"createdAt"`
	FinishedAt  *time.Time      `json:"finishedAt"`
	Preview     json.RawMessage `json:"preview"`
}

func toImportResponse(imp store.StatsImport) importResponse {
	r := importResponse{ID: imp.ID, ConnectionID: imp.ConnectionID, FileName: imp.FileName, Format: imp.Format,
		jobState: jobState{Status: imp.Status, StatusReason: imp.StatusReason}, NeedsChoice: imp.NeedsChoice,
		CreatedAt: imp.CreatedAt, FinishedAt: imp.FinishedAt, Preview: json.RawMessage("null")}
	if len(imp.Preview) > 0 {
		// The stored preview plus what was written, in one object.
		var p map[string]json.RawMessage
		if json.Unmarshal(imp.Preview, &p) == nil {
			p["gamesWritten"] = json.RawMessage(strconv.Itoa(int(imp.GamesWritten)))
			p["seasonsWritten"] = json.RawMessage(strconv.Itoa(int(imp.SeasonsWritten)))
			if b, err := json.Marshal(p); err == nil {
				r.Preview = b
			}
		}
	}
	return r
}

// importForm is what an upload says besides the file: the game's details for a single game, the
// season's name and team for a season export.
type importForm struct {
	gameDate                                        *time.Time
	opponent, location, result, score, season, team string
}

func readImportForm(fields map[string]string) (importForm, validator) {
	v := validator{}
	f := importForm{
		opponent: strings.TrimSpace(fields["opponent"]), location: strings.TrimSpace(fields["location"]),
		result: strings.TrimSpace(fields["result"]), score: strings.TrimSpace(fields["score"]),
		season: strings.TrimSpace(fields["season"]), team: strings.TrimSpace(fields["teamName"]),
	}
	if raw := strings.TrimSpace(fields["gameDate"]); raw != "" {
		d, err := time.Parse(time.DateOnly, raw)
		v.check(err == nil, "gameDate", msgStatsGameDate)
		f.gameDate = &d
	}
	for field, value := range map[string]string{"opponent": f.opponent, "location": f.location, "result": f.result, "score": f.score, "season": f.season, "teamName": f.team} {
		v.line(value, 100, field, statsproviders.Label(field))
	}
	return f, v
}

// uploadStatsImport stores an export file (hashing it on the way) and its import record, and
// enqueues stats_import in the same transaction. The same file with the same details again answers
// the earlier import and changes nothing.
func (app *application) uploadStatsImport(c *echo.Context) error {
	conn := loaded[store.StatsConnection](c)
	provider, ok := app.statsProviders.Get(conn.ProviderID)
	if _, files := provider.(statsproviders.FileImporter); !ok || !files {
		return conflict(msgStatsNotAFile)
	}
	ctx := c.Request().Context()
	upload, err := app.readUpload(c, maxStatsFileBytes, app.storeStatsFile, msgStatsFileTooLarge)
	if err != nil {
		app.discard(ctx, upload.key)
		return err
	}
	form, v := readImportForm(upload.fields)
	v.check(upload.key != "", "file", msgFileRequired)
	if !v.valid() {
		app.discard(ctx, upload.key)
		return fieldErrors(v)
	}
	user := currentUser(c).ID
	name := strings.TrimSpace(path.Base(strings.ReplaceAll(upload.fileName, `\`, "/")))
	if name == "" || name == "." || name == "/" {
		name = "stats" + path.Ext(upload.key)
	}
	var imp store.StatsImport
	existing := false
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		if _, err := store.Q.StatsConnectionLockByID(ctx, tx, conn.ID); err != nil {
			return store.Translate(err)
		}
		same, err := store.Q.StatsImportSameFile(ctx, tx, store.StatsImportSameFileParams{
			ConnectionID: conn.ID, FileSha256: upload.sha256, GameDate: form.gameDate, Opponent: form.opponent,
			Location: form.location, Result: form.result, Score: form.score, Season: form.season, TeamName: form.team,
		})
		if err == nil {
			imp, existing = same, true
			return nil
		}
		if err := store.Translate(err); !errors.Is(err, store.ErrNotFound) {
			return err
		}
		imp, err = store.Q.StatsImportCreate(ctx, tx, store.StatsImportCreateParams{
			ConnectionID: conn.ID, AthleteID: conn.AthleteID, CreatedBy: &user, FileKey: upload.key, FileName: name,
			FileSha256: upload.sha256, FileSize: upload.size, GameDate: form.gameDate, Opponent: form.opponent,
			Location: form.location, Result: form.result, Score: form.score, Season: form.season, TeamName: form.team,
		})
		if err != nil {
			return fmt.Errorf("recording the import: %w", err)
		}
		if _, err := app.jobs.InsertTx(ctx, tx, jobs.StatsImportArgs{ImportID: imp.ID}, nil); err != nil {
			return fmt.Errorf("enqueueing stats_import: %w", err)
		}
		return nil
	})
	if err != nil || existing {
		app.discard(ctx, upload.key)
	}
	if err != nil {
		return err
	}
	if existing {
		return c.JSON(http.StatusOK, toImportResponse(imp))
	}
	return c.JSON(http.StatusAccepted, toImportResponse(imp))
}

// storeStatsFile streams an export into storage, hashing it as it goes.
func (app *application) storeStatsFile(ctx context.Context, file io.Reader, allowance int64, form *uploadForm) error {
	buffered := bufio.NewReader(file)
	if _, err := buffered.Peek(1); errors.Is(err, io.EOF) {
		return nil // an empty file part: reported as no file
	}
	ext := strings.ToLower(path.Ext(form.fileName))
	if ext != ".csv" && ext != ".txt" {
		ext = ".txt"
	}
	form.key, form.mimeType = media.NewKey(ext), "text/plain"
	hash := sha256.New()
	size, err := media.PutHashed(ctx, app.storage, form.key, &limitedReader{r: buffered, limit: allowance}, hash)
	var maxErr *http.MaxBytesError
	if errors.Is(err, errUploadTooLarge) || errors.As(err, &maxErr) {
		return tooLarge(msgStatsFileTooLarge)
	}
	if err != nil {
		app.logger.WarnContext(ctx, "stats upload did not complete", "error", err)
		return badRequest("The upload was cut off before the whole file arrived")
	}
	form.size, form.sha256 = size, hex.EncodeToString(hash.Sum(nil))
	return nil
}

func (app *application) showStatsImport(c *echo.Context) error {
	return c.JSON(http.StatusOK, toImportResponse(loaded[store.StatsImport](c)))
}

// confirmStatsImport records the family's choice of row for an import that found no row or
// several, and applies it through the job.
func (app *application) confirmStatsImport(c *echo.Context) error {
	imp := loaded[store.StatsImport](c)
	var in struct {
		Row string `json:"row"`
	}
	if err := readJSON(c, &in); err != nil {
		return err
	}
	if imp.Status != store.JobReady || !imp.NeedsChoice {
		return conflict(msgStatsNotWaiting)
	}
	var preview struct {
		Players []struct {
			Label string `json:"label"`
		} `json:"players"`
	}
	if err := json.Unmarshal(imp.Preview, &preview); err != nil {
		return fmt.Errorf("reading the preview: %w", err)
	}
	row := strings.TrimSpace(in.Row)
	found := false
	for _, p := range preview.Players {
		found = found || (p.Label == row && row != "")
	}
	if !found {
		return badRequest(msgStatsChooseRow)
	}
	ctx := c.Request().Context()
	err := store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		var err error
		if imp, err = store.Q.StatsImportRequeue(ctx, tx, store.StatsImportRequeueParams{ID: imp.ID, ChosenRow: &row}); err != nil {
			return fmt.Errorf("recording the choice: %w", err)
		}
		if _, err := app.jobs.InsertTx(ctx, tx, jobs.StatsImportArgs{ImportID: imp.ID}, nil); err != nil {
			return fmt.Errorf("enqueueing stats_import: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, toImportResponse(imp))
}
