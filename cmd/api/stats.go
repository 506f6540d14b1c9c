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
	"io/fs"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/integrations/statsproviders"
	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/store"
)

// Spec strings and our own messages for the stats calls.
const (
	msgStatsConnectRequired = "Provider and Athlete ID are required"
	msgStatsUnknownProvider = "Choose one of the listed platforms"
	msgStatsAlreadyLinked   = "This platform is already connected for this athlete with that Athlete ID"
	msgStatsUploadToSync    = "Upload a new export to sync"
	msgStatsNotAFile        = "This platform has no export files: enter the stats on the Game Stats tab"
	msgStatsFileTooLarge    = "Stats exports are small: this file is over 10 MB, so it is not one. Export the stats again and upload that file."
	msgStatsNotWaiting      = "This import is not waiting for a choice"
	msgStatsChooseRow       = "Choose one of the players found in the file"
	msgStatsNotManual       = "Only games entered by hand can be changed here; upload a corrected export instead"
	msgStatsGameDate        = "Game date must be YYYY-MM-DD"
	// maxStatsFileBytes bounds one export: a 300-player, 150-column season CSV is about 200 KB.
	maxStatsFileBytes = 10 << 20
	// dashboardStats is how many stats GET /athletes/:id/stats answers (the dashboard shows 3).
	dashboardStats = 8
)

// statResponse is one of the athlete's season numbers (the dashboard's Season Stats).
type statResponse struct {
	ID       int64  `json:"id"`
	Value    string `json:"value"`
	Category string `json:"category"`
}

// statsHidden reports whether the caller sees none of the athlete's stats: the section is private
// to the owner, or the caller is a limited member the family has not shared the stats section with.
func (app *application) statsHidden(c *echo.Context) (bool, error) {
	scope := sectionScope(c)
	if scope.Hidden {
		return true, nil
	}
	if scope.SharedWith == nil {
		return false, nil
	}
	shared, err := store.Q.StatsSectionShared(c.Request().Context(), app.pool, store.StatsSectionSharedParams{MemberID: *scope.SharedWith, AthleteID: athleteID(c)})
	if err != nil {
		return false, fmt.Errorf("checking the stats share: %w", err)
	}
	return !shared, nil
}

// listStats answers the dashboard's Season Stats: the headline numbers of the newest season, or of
// every game when no season was imported.
func (app *application) listStats(c *echo.Context) error {
	if hidden, err := app.statsHidden(c); hidden || err != nil {
		return orEmpty(c, err, []statResponse{})
	}
	stats, err := app.athleteStats(c.Request().Context(), athleteID(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, stats)
}

func (app *application) athleteStats(ctx context.Context, id int64) ([]statResponse, error) {
	seasons, err := store.Q.StatsSeasonListForAthlete(ctx, app.pool, id)
	if err != nil {
		return nil, fmt.Errorf("listing seasons: %w", err)
	}
	var line statsproviders.Stats
	var rowID int64
	if len(seasons) > 0 {
		if line, err = decodeStats(seasons[0].Stats); err != nil {
			return nil, err
		}
		rowID = seasons[0].ID
	} else {
		games, err := store.Q.StatsGameListForAthlete(ctx, app.pool, id)
		if err != nil {
			return nil, fmt.Errorf("listing games: %w", err)
		}
		line = statsproviders.Stats{}
		for _, g := range games {
			s, err := decodeStats(g.Stats)
			if err != nil {
				return nil, err
			}
			line.Add(s)
			rowID = g.ID
		}
	}
	if len(line) == 0 {
		return app.storedStats(ctx, id)
	}
	ordered := line.Ordered()
	out := make([]statResponse, 0, dashboardStats)
	for i, k := range ordered.Keys {
		if i == dashboardStats {
			break
		}
		out = append(out, statResponse{ID: rowID*100 + int64(i), Value: fmt.Sprint(ordered.Values[k]), Category: statsproviders.Label(k)})
	}
	return out, nil
}

// storedStats are the rows of the stats table (the demo athlete's), for athletes with no games.
func (app *application) storedStats(ctx context.Context, id int64) ([]statResponse, error) {
	rows, err := store.Q.StatListForAthlete(ctx, app.pool, id)
	if err != nil {
		return nil, fmt.Errorf("listing stats: %w", err)
	}
	out := make([]statResponse, len(rows))
	for i, s := range rows {
		out[i] = statResponse{ID: s.ID, Value: s.Value, Category: s.Category}
	}
	return out, nil
}

func decodeStats(raw []byte) (statsproviders.Stats, error) {
	s := statsproviders.Stats{}
	if len(raw) == 0 {
		return s, nil
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, fmt.Errorf("reading stored stats: %w", err)
	}
	return s, nil
}

// orEmpty answers an empty list, or err when there is one.
func orEmpty[T any](c *echo.Context, err error, empty []T) error {
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, empty)
}

func (app *application) listStatsProviders(c *echo.Context) error {
	return c.JSON(http.StatusOK, app.statsProviders.Infos())
}

// serveStatsLogo serves the providers' own SVG logos: the page never loads an outside image.
func serveStatsLogo(c *echo.Context) error {
	name := path.Base(c.Param("*"))
	b, err := fs.ReadFile(statsproviders.Logos, name)
	if err != nil || !strings.HasSuffix(name, ".svg") {
		return notFound()
	}
	c.Response().Header().Set("Cache-Control", "public, max-age=86400")
	c.Response().Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	return c.Blob(http.StatusOK, "image/svg+xml", b)
}

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
	AthleteID         int64  `json:"athleteId"`
}

// connectStatsPlatform stores a connection. Its athlete is in the body, so the handler asks the
// access function itself (editing the athlete's stats).
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
	if in.AthleteID <= 0 {
		return badRequest("athleteId is required")
	}
	if _, err := app.authorize(c, store.ActionEditContent, store.Item{AthleteID: in.AthleteID}); err != nil {
		return err
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
		AthleteID: in.AthleteID, ProviderID: in.ProviderID, ExternalAthleteID: in.ExternalAthleteID,
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
	if hidden, err := app.statsHidden(c); hidden || err != nil {
		return orEmpty(c, err, []connectionResponse{})
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

type importResponse struct {
	ID           int64           `json:"id"`
	ConnectionID int64           `json:"connectionId"`
	FileName     string          `json:"fileName"`
	Format       *string         `json:"format"`
	Status       string          `json:"status"`
	Error        *string         `json:"error"`
	CreatedAt    time.Time       `json:"createdAt"`
	FinishedAt   *time.Time      `json:"finishedAt"`
	Preview      json.RawMessage `json:"preview"`
}

// importStatus names an import's state for the family: queued, parsing, needs_choice, applied, failed.
func importStatus(imp store.StatsImport) string {
	switch {
	case imp.Status == store.JobPending:
		return "queued"
	case imp.Status == store.JobProcessing:
		return "parsing"
	case imp.Status == store.JobFailed:
		return "failed"
	case imp.NeedsChoice:
		return "needs_choice"
	}
	return "applied"
}

func toImportResponse(imp store.StatsImport) importResponse {
	r := importResponse{ID: imp.ID, ConnectionID: imp.ConnectionID, FileName: imp.FileName, Format: imp.Format,
		Status: importStatus(imp), Error: imp.StatusReason, CreatedAt: imp.CreatedAt, FinishedAt: imp.FinishedAt,
		Preview: json.RawMessage("null")}
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
// enqueues stats_sync in the same transaction. The same file with the same details again answers
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
		if _, err := app.jobs.InsertTx(ctx, tx, jobs.StatsSyncArgs{ConnectionID: conn.ID, ImportID: imp.ID}, nil); err != nil {
			return fmt.Errorf("enqueueing stats_sync: %w", err)
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
	size, err := app.storage.Put(ctx, form.key, io.TeeReader(&limitedReader{r: buffered, limit: allowance}, hash))
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
		if _, err := app.jobs.InsertTx(ctx, tx, jobs.StatsSyncArgs{ConnectionID: imp.ConnectionID, ImportID: imp.ID}, nil); err != nil {
			return fmt.Errorf("enqueueing stats_sync: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, toImportResponse(imp))
}

type syncResponse struct {
	ConnectionID int64      `json:"connectionId"`
	State        string     `json:"state"`
	Error        *string    `json:"error"`
	LastSyncedAt *time.Time `json:"lastSyncedAt"`
}

func toSyncResponse(conn store.StatsConnection) syncResponse {
	state := map[store.JobStatus]string{store.JobNone: "idle", store.JobPending: "queued", store.JobProcessing: "running",
		store.JobReady: "done", store.JobFailed: "failed"}[conn.SyncStatus]
	return syncResponse{ConnectionID: conn.ID, State: state, Error: conn.SyncReason, LastSyncedAt: conn.LastSyncedAt}
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

type gameResponse struct {
	ID       int64                  `json:"id"`
	Opponent string                 `json:"opponent"`
	GameDate string                 `json:"gameDate"`
	Location string                 `json:"location"`
	Result   string                 `json:"result"`
	Score    string                 `json:"score"`
	Source   string                 `json:"source"`
	Stats    statsproviders.Ordered `json:"stats"`
}

func toGameResponse(id int64, opponent string, date time.Time, location, result, score, source string, raw []byte) (gameResponse, error) {
	s, err := decodeStats(raw)
	if err != nil {
		return gameResponse{}, err
	}
	return gameResponse{ID: id, Opponent: opponent, GameDate: date.Format(time.DateOnly), Location: location,
		Result: result, Score: score, Source: source, Stats: s.Ordered()}, nil
}

// listStatsGames and listStatsSeasons write the stored display maps into the answer as they are:
// nothing is decoded or recomputed per row (BenchmarkStatsLists).
func (app *application) listStatsGames(c *echo.Context) error {
	if hidden, err := app.statsHidden(c); hidden || err != nil {
		return orEmpty(c, err, []struct{}{})
	}
	rows, err := store.Q.StatsGameListDisplay(c.Request().Context(), app.pool, athleteID(c))
	if err != nil {
		return fmt.Errorf("listing games: %w", err)
	}
	size := 2
	for _, g := range rows {
		size += len(g.Display) + len(g.Opponent) + len(g.Location) + len(g.Result) + len(g.Score) + 128
	}
	w := newJSONList(size)
	defer w.release()
	for _, g := range rows {
		w.object()
		w.int("id", g.ID)
		w.str("opponent", g.Opponent)
		w.str("gameDate", g.GameDate.Format(time.DateOnly))
		w.str("location", g.Location)
		w.str("result", g.Result)
		w.str("score", g.Score)
		w.str("source", g.Source)
		w.raw("stats", g.Display)
	}
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, w.done())
}

func (app *application) listStatsSeasons(c *echo.Context) error {
	if hidden, err := app.statsHidden(c); hidden || err != nil {
		return orEmpty(c, err, []struct{}{})
	}
	rows, err := store.Q.StatsSeasonListDisplay(c.Request().Context(), app.pool, athleteID(c))
	if err != nil {
		return fmt.Errorf("listing seasons: %w", err)
	}
	size := 2
	for _, s := range rows {
		size += len(s.Display) + len(s.Season) + len(s.TeamName) + 160
	}
	w := newJSONList(size)
	defer w.release()
	for _, s := range rows {
		w.object()
		w.int("id", s.ID)
		w.str("season", s.Season)
		w.str("teamName", s.TeamName)
		w.str("sportType", s.SportType)
		w.date("startDate", s.StartDate)
		w.date("endDate", s.EndDate)
		w.str("source", s.Source)
		w.raw("stats", s.Display)
	}
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, w.done())
}

// jsonList writes a JSON array of flat objects field by field, so stored JSON (the display maps)
// goes in as it is instead of being decoded and encoded again.
type jsonList struct {
	buf         []byte
	open, first bool
}

// listBuffers keeps the lists' buffers between requests: a season of games is a few hundred
// kilobytes, and allocating that anew for every answer would make the collector the cost.
var listBuffers = sync.Pool{New: func() any { return new([]byte) }}

func newJSONList(size int) *jsonList {
	buf := *listBuffers.Get().(*[]byte)
	if cap(buf) < size {
		buf = make([]byte, 0, size)
	}
	return &jsonList{buf: buf[:0]}
}

// release returns the buffer once the answer is written.
func (w *jsonList) release() {
	if cap(w.buf) <= 4<<20 {
		listBuffers.Put(&w.buf)
	}
}

func (w *jsonList) object() {
	if !w.open {
		w.open = true
		w.buf = append(w.buf, '[', '{')
	} else {
		w.buf = append(w.buf, '}', ',', '{')
	}
	w.first = true
}

func (w *jsonList) key(k string) {
	if !w.first {
		w.buf = append(w.buf, ',')
	}
	w.first = false
	w.buf = append(append(append(w.buf, '"'), k...), '"', ':')
}

func (w *jsonList) int(k string, v int64) { w.key(k); w.buf = strconv.AppendInt(w.buf, v, 10) }

func (w *jsonList) str(k, v string) {
	w.key(k)
	if plainJSON(v) {
		w.buf = append(append(append(w.buf, '"'), v...), '"')
		return
	}
	b, _ := json.Marshal(v) // a string always encodes
	w.buf = append(w.buf, b...)
}

// plainJSON reports whether s can be written between quotes as it is: printable ASCII with no
// quote or backslash (names, dates and scores almost always are).
func plainJSON(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

func (w *jsonList) date(k string, v *time.Time) {
	w.key(k)
	if v == nil {
		w.buf = append(w.buf, "null"...)
		return
	}
	w.buf = append(v.AppendFormat(append(w.buf, '"'), time.DateOnly), '"')
}

func (w *jsonList) raw(k string, v []byte) { w.key(k); w.buf = append(w.buf, v...) }

func (w *jsonList) done() []byte {
	if !w.open {
		return []byte("[]")
	}
	return append(w.buf, '}', ']')
}

// gameRequest is a game typed in by hand. Stats are counts by their camelCase names; innings may
// be given as inningsPitched in thirds ("6.2"). Rates are computed, never typed.
type gameRequest struct {
	Opponent string                     `json:"opponent"`
	GameDate string                     `json:"gameDate"`
	Location string                     `json:"location"`
	Result   string                     `json:"result"`
	Score    string                     `json:"score"`
	Stats    map[string]json.RawMessage `json:"stats"`
}

type manualGame struct {
	opponent, location, result, score string
	date                              time.Time
	stats, display                    []byte
}

func (in gameRequest) validate() (manualGame, error) {
	v := validator{}
	g := manualGame{opponent: strings.TrimSpace(in.Opponent), location: strings.TrimSpace(in.Location),
		result: strings.TrimSpace(in.Result), score: strings.TrimSpace(in.Score)}
	for field, value := range map[string]string{"opponent": g.opponent, "location": g.location, "result": g.result, "score": g.score} {
		v.line(value, 100, field, statsproviders.Label(field))
	}
	d, err := time.Parse(time.DateOnly, strings.TrimSpace(in.GameDate))
	v.check(err == nil, "gameDate", msgStatsGameDate)
	g.date = d
	counts := statsproviders.Stats{}
	for key, raw := range in.Stats {
		var text string
		if json.Unmarshal(raw, &text) != nil {
			text = string(raw) // a JSON number
		}
		text = strings.TrimSpace(text)
		if text == "" || text == "null" {
			continue
		}
		if key == statsproviders.InningsPitched {
			outs, err := statsproviders.ParseInnings(text)
			v.check(err == nil, "stats", "Innings pitched are written in thirds, like 6.2 for six and two-thirds")
			counts[statsproviders.OutsPitched] = outs
			continue
		}
		if !statsproviders.Known(key) {
			v.check(false, "stats", fmt.Sprintf("%q is not a stat we keep (rates such as batting average are worked out from the counts)", key))
			continue
		}
		n, err := strconv.Atoi(text)
		v.check(err == nil && n >= 0 && n < 1<<30, "stats", fmt.Sprintf("%s must be a whole number", statsproviders.Label(key)))
		counts[key] = n
	}
	if !v.valid() {
		return g, fieldErrors(v)
	}
	g.stats, g.display, err = counts.Encode()
	return g, err
}

func (app *application) createStatsGame(c *echo.Context) error {
	var in gameRequest
	if err := readJSON(c, &in); err != nil {
		return err
	}
	g, err := in.validate()
	if err != nil {
		return err
	}
	row, err := store.Q.StatsGameCreateManual(c.Request().Context(), app.pool, store.StatsGameCreateManualParams{
		AthleteID: athleteID(c), Opponent: g.opponent, GameDate: g.date, Location: g.location, Result: g.result, Score: g.score, Stats: g.stats, Display: g.display,
	})
	if err != nil {
		return fmt.Errorf("adding the game: %w", err)
	}
	out, err := toGameResponse(row.ID, row.Opponent, row.GameDate, row.Location, row.Result, row.Score, row.Source, row.Stats)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, out)
}

func (app *application) updateStatsGame(c *echo.Context) error {
	game := loaded[store.StatsGame](c)
	if game.Source != "manual" {
		return conflict(msgStatsNotManual)
	}
	var in gameRequest
	if err := readJSON(c, &in); err != nil {
		return err
	}
	g, err := in.validate()
	if err != nil {
		return err
	}
	row, err := store.Q.StatsGameUpdateManual(c.Request().Context(), app.pool, store.StatsGameUpdateManualParams{
		ID: game.ID, Opponent: g.opponent, GameDate: g.date, Location: g.location, Result: g.result, Score: g.score, Stats: g.stats, Display: g.display,
	})
	if err != nil {
		return fmt.Errorf("updating the game: %w", err)
	}
	out, err := toGameResponse(row.ID, row.Opponent, row.GameDate, row.Location, row.Result, row.Score, row.Source, row.Stats)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

func (app *application) deleteStatsGame(c *echo.Context) error {
	game := loaded[store.StatsGame](c)
	if game.Source != "manual" {
		return conflict(msgStatsNotManual)
	}
	if err := store.Q.StatsGameDelete(c.Request().Context(), app.pool, game.ID); err != nil {
		return fmt.Errorf("deleting the game: %w", err)
	}
	return c.NoContent(http.StatusNoContent)
}

type reportResponse struct {
	ID      int64   `json:"id"`
	State   string  `json:"state"`
	Error   *string `json:"error"`
	MediaID *int64  `json:"mediaId"`
	URL     *string `json:"url"`
}

func (app *application) toReportResponse(ctx context.Context, r store.StatsReport) (reportResponse, error) {
	state := map[store.JobStatus]string{store.JobPending: "queued", store.JobProcessing: "running", store.JobReady: "done", store.JobFailed: "failed"}[r.Status]
	out := reportResponse{ID: r.ID, State: state, Error: r.StatusReason, MediaID: r.MediaID}
	if r.MediaID != nil {
		m, err := store.Q.MediaGetByID(ctx, app.pool, *r.MediaID)
		if err := store.Translate(err); err != nil && !errors.Is(err, store.ErrNotFound) {
			return out, err
		} else if err == nil {
			out.URL = new(uploadURL(m.OriginalKey))
		}
	}
	return out, nil
}

// createStatsReport starts 'Generate Stats Report', unless one is still being made.
func (app *application) createStatsReport(c *echo.Context) error {
	ctx := c.Request().Context()
	latest, err := store.Q.StatsReportLatest(ctx, app.pool, athleteID(c))
	if err == nil && latest.Status.Working() {
		out, err := app.toReportResponse(ctx, latest)
		if err != nil {
			return err
		}
		return c.JSON(http.StatusAccepted, out)
	}
	if err := store.Translate(err); err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	user := currentUser(c).ID
	var report store.StatsReport
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		var err error
		if report, err = store.Q.StatsReportCreate(ctx, tx, store.StatsReportCreateParams{AthleteID: athleteID(c), CreatedBy: &user}); err != nil {
			return fmt.Errorf("recording the report: %w", err)
		}
		if _, err := app.jobs.InsertTx(ctx, tx, jobs.StatsReportArgs{ReportID: report.ID}, nil); err != nil {
			return fmt.Errorf("enqueueing stats_report: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	out, err := app.toReportResponse(ctx, report)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, out)
}

func (app *application) showStatsReport(c *echo.Context) error {
	id, err := strconv.ParseInt(c.Param("reportId"), 10, 64)
	if err != nil {
		return notFound()
	}
	ctx := c.Request().Context()
	report, err := store.Q.StatsReportGetByID(ctx, app.pool, id)
	if err := store.Translate(err); err != nil {
		return err
	}
	if report.AthleteID != athleteID(c) {
		return notFound()
	}
	out, err := app.toReportResponse(ctx, report)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}
