package migrations_test

import (
	"context"
	"database/sql"
	"strconv"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/pressly/goose/v3"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/stretchr/testify/require"

	"legacylocker/migrations"
	"legacylocker/store/storetest"
)

// oldStatsSyncArgs is stats_sync's args before 00025, when it also parsed uploaded files.
type oldStatsSyncArgs struct {
	ConnectionID int64 `json:"connection_id"`
	ImportID     int64 `json:"import_id,omitempty"`
}

func (oldStatsSyncArgs) Kind() string { return "stats_sync" }

// TestOneJobStateMigration migrates records with NULL reasons and River jobs of the old stats_sync
// shape to 00025 and back: the reasons become ” (and NULL is refused), the file-parsing jobs still
// to run become stats_import jobs naming only their import, and Down restores them.
func TestOneJobStateMigration(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := storetest.NewEmptyDatabase(t)
	pool, err := pgxpool.New(ctx, url)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	riverMigrator, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	require.NoError(t, err)
	_, err = riverMigrator.Migrate(ctx, rivermigrate.DirectionUp, nil)
	require.NoError(t, err)
	db, err := sql.Open("pgx", url)
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	provider, err := goose.NewProvider(goose.DialectPostgres, db, migrations.Files)
	require.NoError(t, err)
	_, err = provider.UpTo(ctx, 24)
	require.NoError(t, err)

	exec := func(query string, args ...any) {
		t.Helper()
		_, err := db.ExecContext(ctx, query, args...)
		require.NoError(t, err, query)
	}
	var user, athlete, conn, imp int64
	require.NoError(t, db.QueryRowContext(ctx, `INSERT INTO users (email, first_name, last_name)
		VALUES ('ana@example.com', 'Ana', 'Lee') RETURNING id`).Scan(&user))
	require.NoError(t, db.QueryRowContext(ctx, `INSERT INTO athletes (user_id, name, sports, graduation_year, school)
		VALUES ($1, 'Jo', 'Baseball', 2030, 'S') RETURNING id`, user).Scan(&athlete))
	require.NoError(t, db.QueryRowContext(ctx, `INSERT INTO stats_connections (athlete_id, provider_id, external_athlete_id)
		VALUES ($1, 'gamechanger', '12') RETURNING id`, athlete).Scan(&conn))
	require.NoError(t, db.QueryRowContext(ctx, `INSERT INTO stats_imports (connection_id, athlete_id, file_key, file_name, file_sha256, file_size)
		VALUES ($1, $2, 'k.csv', 'season.csv', 'abc', 1) RETURNING id`, conn, athlete).Scan(&imp))
	exec(`INSERT INTO stats_reports (athlete_id) VALUES ($1)`, athlete)
	exec(`INSERT INTO qr_codes (athlete_id, code, title, target_url) VALUES ($1, 'abc123', 'T', 'https://example.com')`, athlete)
	exec(`INSERT INTO achievements (athlete_id, title, achieved_on, category) VALUES ($1, 'T', '2026-04-11', 'game')`, athlete)

	inserter, err := river.NewClient(riverpgxv5.New(pool), &river.Config{SkipUnknownJobCheck: true})
	require.NoError(t, err)
	insert := func(args oldStatsSyncArgs, opts *river.InsertOpts) int64 {
		t.Helper()
		res, err := inserter.Insert(ctx, args, opts)
		require.NoError(t, err)
		return res.Job.ID
	}
	parseFile := insert(oldStatsSyncArgs{ConnectionID: conn, ImportID: imp}, nil)
	syncNow := insert(oldStatsSyncArgs{ConnectionID: conn}, nil)
	finished := insert(oldStatsSyncArgs{ConnectionID: conn, ImportID: imp}, nil)
	exec(`UPDATE river_job SET state = 'completed', finalized_at = now() WHERE id = $1`, finished)

	job := func(id int64) (kind, args string) {
		t.Helper()
		require.NoError(t, db.QueryRowContext(ctx, `SELECT kind, args::text FROM river_job WHERE id = $1`, id).Scan(&kind, &args))
		return kind, args
	}

	_, err = provider.UpTo(ctx, 25)
	require.NoError(t, err)
	for _, q := range []string{
		`SELECT sync_reason FROM stats_connections WHERE athlete_id = $1`, `SELECT status_reason FROM stats_imports WHERE athlete_id = $1`,
		`SELECT status_reason FROM stats_reports WHERE athlete_id = $1`, `SELECT status_reason FROM qr_codes WHERE athlete_id = $1`, `SELECT card_reason FROM achievements WHERE athlete_id = $1`,
	} {
		var reason sql.NullString
		require.NoError(t, db.QueryRowContext(ctx, q, athlete).Scan(&reason), q)
		require.Equal(t, sql.NullString{String: "", Valid: true}, reason, q)
	}
	_, err = db.ExecContext(ctx, `UPDATE stats_imports SET status_reason = NULL WHERE id = $1`, imp)
	require.Error(t, err, "a reason is never NULL")

	kind, args := job(parseFile)
	require.Equal(t, "stats_import", kind)
	require.JSONEq(t, `{"import_id": `+strconv.FormatInt(imp, 10)+`}`, args)
	kind, args = job(syncNow)
	require.Equal(t, "stats_sync", kind, "Sync Now stays a sync")
	require.JSONEq(t, `{"connection_id": `+strconv.FormatInt(conn, 10)+`}`, args)
	kind, _ = job(finished)
	require.Equal(t, "stats_sync", kind, "a finished job is history: left as it ran")

	_, err = provider.DownTo(ctx, 24)
	require.NoError(t, err)
	kind, args = job(parseFile)
	require.Equal(t, "stats_sync", kind)
	require.JSONEq(t, `{"connection_id": `+strconv.FormatInt(conn, 10)+`, "import_id": `+strconv.FormatInt(imp, 10)+`}`, args)
	var reason sql.NullString
	require.NoError(t, db.QueryRowContext(ctx, `SELECT status_reason FROM qr_codes WHERE athlete_id = $1`, athlete).Scan(&reason))
	require.False(t, reason.Valid, "Down gives back the NULL an empty reason was")
}
