package jobs_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"legacylocker/integrations/statsproviders"
	"legacylocker/jobs"
	"legacylocker/store"
)

func TestStatsImportWritesTheSeasonOnce(t *testing.T) {
	t.Parallel()
	f := newStatsFixture(t)
	conn := f.connect(t, "gamechanger", "12")
	imp := f.upload(t, conn, "season.csv", seasonCSV)

	f.importFile(t, imp)
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
	f.importFile(t, imp)
	// A worker that died mid-import left it processing: the rescued job finishes it, once.
	_, err := f.pool.Exec(context.Background(), `UPDATE stats_imports SET status = 'processing' WHERE id = $1`, imp.ID)
	require.NoError(t, err)
	f.importFile(t, imp)
	assert.Equal(t, 1, countRows(t, f.pool, `SELECT count(*) FROM stats_seasons`))
	assert.Equal(t, store.JobReady, f.imp(t, imp.ID).Status)
}

func TestStatsImportWaitsForAChoiceThenWritesTheChosenRow(t *testing.T) {
	t.Parallel()
	f := newStatsFixture(t)
	conn := f.connect(t, "gamechanger", "Jordan Lee") // no such player
	imp := f.upload(t, conn, "season.csv", seasonCSV)
	f.importFile(t, imp)
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
	f.importFile(t, imp)
	var hits int
	require.NoError(t, f.pool.QueryRow(context.Background(), `SELECT (stats->>'hits')::int FROM stats_seasons`).Scan(&hits))
	assert.Equal(t, 7, hits)
}

func TestStatsImportOfANonExportFailsWithAReason(t *testing.T) {
	t.Parallel()
	f := newStatsFixture(t)
	conn := f.connect(t, "maxpreps", "12")
	imp := f.upload(t, conn, "notes.txt", "Remember to bring the snacks on Saturday.\n")
	res := f.importFile(t, imp)
	assert.Equal(t, river.EventKindJobCancelled, res.EventKind, "the file is at fault: no retry")
	imp = f.imp(t, imp.ID)
	require.Equal(t, store.JobFailed, imp.Status)
	assert.Equal(t, statsproviders.ErrNotStatsExport.Message, imp.StatusReason)
	assert.Equal(t, 0, countRows(t, f.pool, `SELECT count(*) FROM stats_games`)+countRows(t, f.pool, `SELECT count(*) FROM stats_seasons`))
}

// TestStatsImportRescuedAfterTheWorkerDied leaves a stats_import job as a killed worker does
// (running, its import processing) and lets River's rescuer and a new worker finish it.
func TestStatsImportRescuedAfterTheWorkerDied(t *testing.T) {
	t.Parallel()
	f := newStatsFixture(t)
	conn := f.connect(t, "gamechanger", "12")
	imp := f.upload(t, conn, "season.csv", seasonCSV)
	ctx := context.Background()
	inserter := insertOnlyClient(t, f.pool)
	job, err := inserter.Insert(ctx, jobs.StatsImportArgs{ImportID: imp.ID}, nil)
	require.NoError(t, err)
	_, err = f.pool.Exec(ctx, `UPDATE river_job SET state = 'running', attempt = 1, attempted_at = now() - interval '1 hour',
		attempted_by = '{dead-worker}' WHERE id = $1`, job.Job.ID)
	require.NoError(t, err)
	_, err = f.pool.Exec(ctx, `UPDATE stats_imports SET status = 'processing' WHERE id = $1`, imp.ID)
	require.NoError(t, err)

	workers := river.NewWorkers()
	river.AddWorker(workers, river.Worker[jobs.StatsImportArgs](f.importer))
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

// A season export that does not name its season is named from the athlete's games of the sport
// before it, else from the sport's school season: never from the month it was exported in.
func TestStatsImportNamesAnUnnamedSeasonFromTheGames(t *testing.T) {
	t.Parallel()
	exported := time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)
	for name, tc := range map[string]struct {
		games []time.Time
		want  string
	}{
		"no games: the spring season most recently under way": {nil, "2026 Spring"},
		"spring games":                   {[]time.Time{time.Date(2026, 5, 30, 0, 0, 0, 0, time.UTC)}, "2026 Spring"},
		"fall ball":                      {[]time.Time{time.Date(2026, 4, 2, 0, 0, 0, 0, time.UTC), time.Date(2026, 10, 3, 0, 0, 0, 0, time.UTC)}, "2026 Fall"},
		"games of a year before are old": {[]time.Time{time.Date(2025, 10, 3, 0, 0, 0, 0, time.UTC)}, "2026 Spring"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f := newStatsFixture(t)
			ctx := context.Background()
			for i, day := range tc.games {
				_, err := store.Q.StatsGameUpsert(ctx, f.pool, store.StatsGameUpsertParams{AthleteID: f.athlete, Source: "manual",
					SourceKey: new(fmt.Sprintf("game-%d", i)), Sport: "softball", GameDate: day, Stats: []byte(`{"hits": 1}`), Display: []byte(`[]`)})
				require.NoError(t, err)
			}
			conn := f.connect(t, "gamechanger", "12")
			imp := f.upload(t, conn, "season.csv", seasonCSV)
			_, err := f.pool.Exec(ctx, `UPDATE stats_imports SET season = '', created_at = $2 WHERE id = $1`, imp.ID, exported)
			require.NoError(t, err)
			f.importFile(t, imp)
			require.Equal(t, store.JobReady, f.imp(t, imp.ID).Status)
			var season string
			require.NoError(t, f.pool.QueryRow(ctx, `SELECT season FROM stats_seasons WHERE athlete_id = $1`, f.athlete).Scan(&season))
			assert.Equal(t, tc.want, season)
		})
	}
}
