package jobs_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/csv"
	"io"
	"strings"
	"testing"

	"github.com/riverqueue/river"
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/store"
)

const evilOpponent = `=HYPERLINK("http://evil.example","x")`

// TestLegacyExportNeutralisesFormulas plants formulas where a stats platform or a family could put
// them and reads the archive's CSVs as a spreadsheet would.
func TestLegacyExportNeutralisesFormulas(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	ctx := context.Background()
	for _, q := range []string{
		`INSERT INTO stats_games (athlete_id, sport, game_date, opponent, location, source, result, display)
			VALUES ($1, 'baseball', '2026-04-11', '` + evilOpponent + `', '@home', 'manual', 'W', '{"runs": -3, "hits": 2}')`,
		`INSERT INTO stats_seasons (athlete_id, sport, season, team_name, source, display)
			VALUES ($1, 'baseball', '2026', '+Eagles', 'manual', '{"gamesPlayed": 10, "battingAverage": ".367"}')`,
	} {
		_, err := f.pool.Exec(ctx, q, f.athlete)
		require.NoError(t, err, q)
	}
	imported := "Date,Opponent\r\n2026-04-11," + evilOpponent + "\r\n"
	importKey := media.NewKey(".csv")
	_, err := f.storage.Put(ctx, importKey, strings.NewReader(imported))
	require.NoError(t, err)
	_, err = f.pool.Exec(ctx, `WITH c AS (INSERT INTO stats_connections (athlete_id, provider_id, external_athlete_id)
			VALUES ($1, 'gamechanger', 'x') RETURNING id)
		INSERT INTO stats_imports (athlete_id, connection_id, file_key, file_name, file_sha256, file_size, status)
		SELECT $1, id, $2, '../season.csv', 'x', $3, 'ready' FROM c`, f.athlete, importKey, len(imported))
	require.NoError(t, err)

	files := exportArchive(t, f)

	games := readCSV(t, files["stats/game log.csv"])
	require.Equal(t, []string{"Date", "Opponent", "Location", "Result", "Score", "Runs", "Hits"}, games[0])
	require.Equal(t, []string{"2026-04-11", "'" + evilOpponent, "'@home", "W", "", "-3", "2"}, games[1],
		"formulas are shown, not run; a negative number stays a number")
	season := readCSV(t, files["stats/season 2026.csv"])
	require.Equal(t, []string{"2026", "'+Eagles", "", "", "", "10", ".367"}, season[1])

	// The imported file as uploaded, but as .txt (a spreadsheet would run the formula in a .csv) and
	// named without the path its name tried to climb out by.
	require.Equal(t, imported, string(files[findName(t, files, "stats/imported files/", "season.csv.txt")]))
	require.Contains(t, files, "stats/imported files/About these files.txt")
	for name := range files {
		require.False(t, strings.Contains(name, "..") || strings.HasPrefix(name, "/"), "unsafe name %q", name)
		require.False(t, strings.HasPrefix(name, "stats/imported files/") && strings.HasSuffix(name, ".csv"), "imported %q kept as .csv", name)
	}
}

// exportArchive runs the legacy_export worker for the fixture's athlete and answers the ZIP's files.
func exportArchive(t *testing.T, f mediaFixture) map[string][]byte {
	t.Helper()
	ctx := context.Background()
	export, err := store.Q.LegacyExportCreate(ctx, f.pool, store.LegacyExportCreateParams{AthleteID: f.athlete})
	require.NoError(t, err)
	workMedia(t, f, river.Worker[jobs.LegacyExportArgs](&jobs.LegacyExportWorker{Pool: f.pool, Storage: f.storage, Logger: quiet}),
		jobs.LegacyExportArgs{ExportID: export.ID})
	export, err = store.Q.LegacyExportGetByID(ctx, f.pool, export.ID)
	require.NoError(t, err)
	require.Equal(t, store.JobReady, export.Status)
	file, err := f.storage.Open(ctx, *export.FileKey)
	require.NoError(t, err)
	defer file.Close()
	body, err := io.ReadAll(file)
	require.NoError(t, err)
	archive, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	require.NoError(t, err)
	files := map[string][]byte{}
	for _, zf := range archive.File {
		r, err := zf.Open()
		require.NoError(t, err)
		files[zf.Name], err = io.ReadAll(r)
		require.NoError(t, err)
		require.NoError(t, r.Close())
	}
	return files
}

func readCSV(t *testing.T, body []byte) [][]string {
	t.Helper()
	require.NotEmpty(t, body)
	rows, err := csv.NewReader(bytes.NewReader(body)).ReadAll()
	require.NoError(t, err)
	return rows
}

func findName(t *testing.T, files map[string][]byte, prefix, suffix string) string {
	t.Helper()
	for name := range files {
		if strings.HasPrefix(name, prefix) && strings.HasSuffix(name, suffix) {
			return name
		}
	}
	t.Fatalf("no %s…%s in the archive", prefix, suffix)
	return ""
}
