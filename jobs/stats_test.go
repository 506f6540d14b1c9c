package jobs_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"legacylocker/integrations/statsproviders"
	"legacylocker/integrations/statsproviders/statstest"
	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/store"
)

// A GameChanger season export shaped as documented: the section row, the header with names that
// repeat across sections, players, Totals, a blank row and the Glossary.
const seasonCSV = ",,,Batting,,,,,,Pitching,,,\r\n" +
	"Number,Last,First,GP,AB,H,HR,RBI,BB,IP,ER,SO\r\n" +
	"12,Lee,Sam,10,30,11,2,9,4,6.2,3,8\r\n" +
	"7,Smith,Jo,10,28,7,0,3,1,-,-,-\r\n" +
	"Totals,,,10,58,18,2,12,5,6.2,3,8\r\n" +
	",,,,,,,,,,,\r\n" +
	"Glossary,GP: games played,,,,,,,,,,\r\n"

type statsFixture struct {
	mediaFixture
	worker *jobs.StatsSyncWorker
}

func newStatsFixture(t *testing.T, providers ...statsproviders.Provider) statsFixture {
	f := newMediaFixture(t)
	registry := statsproviders.Default()
	if len(providers) > 0 {
		var err error
		registry, err = statsproviders.NewRegistry(providers...)
		require.NoError(t, err)
	}
	return statsFixture{f, &jobs.StatsSyncWorker{Pool: f.pool, Storage: f.storage, Providers: registry, Logger: quiet}}
}

func (f statsFixture) connect(t *testing.T, provider, athleteID string) store.StatsConnection {
	t.Helper()
	conn, err := store.Q.StatsConnectionCreate(context.Background(), f.pool, store.StatsConnectionCreateParams{
		AthleteID: f.athlete, ProviderID: provider, ExternalAthleteID: athleteID})
	require.NoError(t, err)
	return conn
}

// upload stores an export and its import record, as the api does.
func (f statsFixture) upload(t *testing.T, conn store.StatsConnection, name, content string) store.StatsImport {
	t.Helper()
	key := media.NewKey(".csv")
	_, err := f.storage.Put(context.Background(), key, strings.NewReader(content))
	require.NoError(t, err)
	sum := sha256.Sum256([]byte(content))
	imp, err := store.Q.StatsImportCreate(context.Background(), f.pool, store.StatsImportCreateParams{
		ConnectionID: conn.ID, AthleteID: f.athlete, FileKey: key, FileName: name, FileSha256: hex.EncodeToString(sum[:]),
		FileSize: int64(len(content)), Season: "2026 Spring"})
	require.NoError(t, err)
	return imp
}

func (f statsFixture) work(t *testing.T, args jobs.StatsSyncArgs) {
	t.Helper()
	workMedia(t, f.mediaFixture, river.Worker[jobs.StatsSyncArgs](f.worker), args)
}

func (f statsFixture) imp(t *testing.T, id int64) store.StatsImport {
	t.Helper()
	imp, err := store.Q.StatsImportGetByID(context.Background(), f.pool, id)
	require.NoError(t, err)
	return imp
}

func TestStatsImportWritesTheSeasonOnce(t *testing.T) {
	t.Parallel()
	f := newStatsFixture(t)
	conn := f.connect(t, "gamechanger", "12")
	imp := f.upload(t, conn, "season.csv", seasonCSV)

	f.work(t, jobs.StatsSyncArgs{ConnectionID: conn.ID, ImportID: imp.ID})
	imp = f.imp(t, imp.ID)
	require.Equal(t, store.JobReady, imp.Status)
	assert.False(t, imp.NeedsChoice)
	assert.EqualValues(t, 1, imp.SeasonsWritten)
	var season struct {
		Season string
		Stats  map[string]int
	}
	require.NoError(t, f.pool.QueryRow(context.Background(), `SELECT season, stats FROM stats_seasons WHERE athlete_id = $1`, f.athlete).Scan(&season.Season, &season.Stats))
	assert.Equal(t, "2026 Spring", season.Season)
	assert.Equal(t, 30, season.Stats["atBats"])
	assert.Equal(t, 11, season.Stats["hits"])
	assert.Equal(t, 20, season.Stats["outsPitched"], "6.2 innings are 20 outs")

	// The job again (River retrying one whose completion was lost): nothing changes.
	f.work(t, jobs.StatsSyncArgs{ConnectionID: conn.ID, ImportID: imp.ID})
	// A worker that died mid-import left it processing: the rescued job finishes it, once.
	_, err := f.pool.Exec(context.Background(), `UPDATE stats_imports SET status = 'processing' WHERE id = $1`, imp.ID)
	require.NoError(t, err)
	f.work(t, jobs.StatsSyncArgs{ConnectionID: conn.ID, ImportID: imp.ID})
	assert.Equal(t, 1, countRows(t, f.pool, `SELECT count(*) FROM stats_seasons`))
	assert.Equal(t, store.JobReady, f.imp(t, imp.ID).Status)
}

func TestStatsImportWaitsForAChoiceThenWritesTheChosenRow(t *testing.T) {
	t.Parallel()
	f := newStatsFixture(t)
	conn := f.connect(t, "gamechanger", "Jordan Lee") // no such player
	imp := f.upload(t, conn, "season.csv", seasonCSV)
	f.work(t, jobs.StatsSyncArgs{ConnectionID: conn.ID, ImportID: imp.ID})
	imp = f.imp(t, imp.ID)
	require.Equal(t, store.JobReady, imp.Status)
	require.True(t, imp.NeedsChoice)
	var preview struct {
		Players []struct{ Label, Name string }
	}
	require.NoError(t, json.Unmarshal(imp.Preview, &preview))
	require.Len(t, preview.Players, 2, "Totals and Glossary are not players")
	assert.Equal(t, "12", preview.Players[0].Label)
	assert.Equal(t, "Lee, Sam", preview.Players[0].Name)
	assert.Equal(t, 0, countRows(t, f.pool, `SELECT count(*) FROM stats_seasons`), "nothing is written before a row is chosen")

	_, err := store.Q.StatsImportRequeue(context.Background(), f.pool, store.StatsImportRequeueParams{ID: imp.ID, ChosenRow: new("7")})
	require.NoError(t, err)
	f.work(t, jobs.StatsSyncArgs{ConnectionID: conn.ID, ImportID: imp.ID})
	var hits int
	require.NoError(t, f.pool.QueryRow(context.Background(), `SELECT (stats->>'hits')::int FROM stats_seasons`).Scan(&hits))
	assert.Equal(t, 7, hits)
}

func TestStatsImportOfANonExportFailsWithAReason(t *testing.T) {
	t.Parallel()
	f := newStatsFixture(t)
	conn := f.connect(t, "maxpreps", "12")
	imp := f.upload(t, conn, "notes.txt", "Remember to bring the snacks on Saturday.\n")
	res, err := rivertestWork(t, f, jobs.StatsSyncArgs{ConnectionID: conn.ID, ImportID: imp.ID})
	require.NoError(t, err)
	assert.Equal(t, river.EventKindJobCancelled, res.EventKind, "the file is at fault: no retry")
	imp = f.imp(t, imp.ID)
	require.Equal(t, store.JobFailed, imp.Status)
	assert.Equal(t, statsproviders.ErrNotStatsExport.Message, *imp.StatusReason)
	assert.Equal(t, 0, countRows(t, f.pool, `SELECT count(*) FROM stats_games`)+countRows(t, f.pool, `SELECT count(*) FROM stats_seasons`))
}

// rivertestWork works a job expecting it to end the job (cancelled), returning the error.
func rivertestWork(t *testing.T, f statsFixture, args jobs.StatsSyncArgs) (*rivertest.WorkResult, error) {
	t.Helper()
	tx, err := f.pool.Begin(context.Background())
	require.NoError(t, err)
	defer tx.Rollback(context.Background()) //nolint:errcheck
	worker := rivertest.NewWorker(t, riverpgxv5.New(f.pool), &river.Config{}, river.Worker[jobs.StatsSyncArgs](f.worker))
	return worker.Work(context.Background(), t, tx, args, nil)
}

// TestStatsImportRescuedAfterTheWorkerDied leaves a stats_sync job as a killed worker does
// (running, its import processing) and lets River's rescuer and a new worker finish it.
func TestStatsImportRescuedAfterTheWorkerDied(t *testing.T) {
	t.Parallel()
	f := newStatsFixture(t)
	conn := f.connect(t, "gamechanger", "12")
	imp := f.upload(t, conn, "season.csv", seasonCSV)
	ctx := context.Background()
	inserter := insertOnlyClient(t, f.pool)
	job, err := inserter.Insert(ctx, jobs.StatsSyncArgs{ConnectionID: conn.ID, ImportID: imp.ID}, nil)
	require.NoError(t, err)
	_, err = f.pool.Exec(ctx, `UPDATE river_job SET state = 'running', attempt = 1, attempted_at = now() - interval '1 hour',
		attempted_by = '{dead-worker}' WHERE id = $1`, job.Job.ID)
	require.NoError(t, err)
	_, err = f.pool.Exec(ctx, `UPDATE stats_imports SET status = 'processing' WHERE id = $1`, imp.ID)
	require.NoError(t, err)

	workers := river.NewWorkers()
	river.AddWorker(workers, river.Worker[jobs.StatsSyncArgs](f.worker))
	client, err := river.NewClient(riverpgxv5.New(f.pool), &river.Config{
		Queues: map[string]river.QueueConfig{jobs.QueueDefault: {MaxWorkers: 1}}, Workers: workers, Logger: quiet,
		RescueStuckJobsAfter: time.Minute, FetchPollInterval: 100 * time.Millisecond,
	})
	require.NoError(t, err)
	require.NoError(t, client.Start(ctx))
	t.Cleanup(func() { _ = client.Stop(context.Background()) })
	require.Eventually(t, func() bool { return f.imp(t, imp.ID).Status == store.JobReady }, 60*time.Second, 100*time.Millisecond)
	assert.Equal(t, 1, countRows(t, f.pool, `SELECT count(*) FROM stats_seasons`))
}

// TestStatsSyncOverTheNetwork runs 'Sync Now' for a network provider against an httptest server
// speaking its API: games are upserted by the platform's ids, and lastSyncedAt is set when the
// sync ends and sent as "since" next time.
func TestStatsSyncOverTheNetwork(t *testing.T) {
	t.Parallel()
	var sinces []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sinces = append(sinces, r.URL.Query().Get("since"))
		_, _ = w.Write([]byte(`{"events":[{"id":"ev-1","date":"2026-04-02","opponent":"North","ab":4,"h":2},` +
			`{"id":"ev-2","date":"2026-04-05","opponent":"South","ab":3,"h":1,"ip_outs":9}]}`))
	}))
	t.Cleanup(srv.Close)
	f := newStatsFixture(t, statsproviders.GameChanger{}, statstest.APISyncer{BaseURL: srv.URL, Client: srv.Client()})
	conn := f.connect(t, "teamsnap", "m-42")
	ctx := context.Background()
	for range 2 {
		_, err := store.Q.StatsConnectionSyncAsked(ctx, f.pool, conn.ID)
		require.NoError(t, err)
		f.work(t, jobs.StatsSyncArgs{ConnectionID: conn.ID})
	}
	conn, err := store.Q.StatsConnectionGetByID(ctx, f.pool, conn.ID)
	require.NoError(t, err)
	assert.Equal(t, store.JobReady, conn.SyncStatus)
	require.NotNil(t, conn.LastSyncedAt)
	require.Len(t, sinces, 2)
	assert.Empty(t, sinces[0], "the first sync asks for everything")
	assert.NotEmpty(t, sinces[1], "the next asks since the last")
	assert.Equal(t, 2, countRows(t, f.pool, `SELECT count(*) FROM stats_games`), "the second sync updates the same games")
}

func TestStatsReportIsAPDFWithTheGameLog(t *testing.T) {
	t.Parallel()
	data := jobs.ReportData{
		Athlete: store.Athlete{Name: "Jordan Lee", Sports: "Baseball", Position: "Pitcher", GraduationYear: 2028, School: "Lincoln High"},
		Seasons: []jobs.ReportSeason{{Season: "2026 Spring", Stats: statsproviders.Stats{"atBats": 30, "hits": 11}}},
	}
	for i, opp := range []string{"North", "South", "East"} {
		data.Games = append(data.Games, jobs.ReportGame{Date: time.Date(2026, 4, 2+i, 0, 0, 0, 0, time.UTC), Opponent: opp,
			Stats: statsproviders.Stats{"atBats": 4, "hits": i + 1, "outsPitched": 18, "earnedRuns": i}})
	}
	var out bytes.Buffer
	require.NoError(t, jobs.RenderStatsReport(&out, data))
	require.True(t, bytes.HasPrefix(out.Bytes(), []byte("%PDF-")))
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatal("pdftotext (poppler-utils, installed by scripts/deps.sh) reads the report back")
	}
	cmd := exec.Command("pdftotext", "-", "-")
	cmd.Stdin = &out
	text, err := cmd.Output()
	require.NoError(t, err)
	for _, want := range []string{"Jordan Lee", "Class of 2028", "2026 Spring", ".367", "Game log", "South", "Batting average, rolling 5 games", "ERA by game"} {
		assert.Contains(t, string(text), want)
	}
}
