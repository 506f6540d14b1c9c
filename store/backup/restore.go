package backup

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"legacylocker/media"
)

// Report is what a restore or drill found, for the operator.
type Report struct {
	ID      string
	TakenAt string
	Tables  int
	Rows    int64
	Files   int
	Bytes   int64
	// Pending are files that restored jobs are to write (see Manifest.Pending).
	Pending int
}

func (r Report) String() string {
	s := fmt.Sprintf("backup %s (taken %s): %d tables, %d rows, every count as in the manifest; %d files, %d bytes, every checksum as in the manifest",
		r.ID, r.TakenAt, r.Tables, r.Rows, r.Files, r.Bytes)
	if r.Pending > 0 {
		s += fmt.Sprintf("; %d files are made again by the restored jobs", r.Pending)
	}
	return s
}

// Restore puts one backup back: the database into databaseURL and every file into storage. Both
// must be empty unless force, when the database's public schema is dropped first and files are
// overwritten. The dump's checksum, every table's row count and every file's checksum are checked
// against the manifest; any difference is an error naming it.
type Restore struct {
	DatabaseURL string
	Storage     media.Storage
	Target      Target
	PGBin       string
	Force       bool
}

// Run restores the backup id ("" for the newest).
func (r Restore) Run(ctx context.Context, id string) (Report, error) {
	m, err := LoadManifest(ctx, r.Target, id)
	if err != nil {
		return Report{}, err
	}
	conn, err := pgx.Connect(ctx, r.DatabaseURL)
	if err != nil {
		return Report{}, fmt.Errorf("connecting to the database to restore into: %w", err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if err := r.emptyDatabase(ctx, conn); err != nil {
		return Report{}, err
	}
	if err := r.emptyStorage(ctx, m); err != nil {
		return Report{}, err
	}
	report, err := restoreDatabase(ctx, conn, r.DatabaseURL, "", r.PGBin, r.Target, m)
	if err != nil {
		return report, err
	}
	err = parallel(ctx, m.Files, func(ctx context.Context, f File) error { return restoreFile(ctx, r.Target, r.Storage, f) })
	if err != nil {
		return report, err
	}
	report.Files, report.Bytes = len(m.Files), m.FileBytes()
	return report, nil
}

// emptyDatabase refuses a database with tables, or with force empties it.
func (r Restore) emptyDatabase(ctx context.Context, conn *pgx.Conn) error {
	var tables int
	var name string
	err := conn.QueryRow(ctx, `SELECT current_database(), count(c.oid) FROM pg_namespace n
		LEFT JOIN pg_class c ON c.relnamespace = n.oid AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
		WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
		  AND n.nspname NOT LIKE 'pg_temp%'`).Scan(&name, &tables)
	if err != nil {
		return fmt.Errorf("looking into the database: %w", err)
	}
	if tables == 0 {
		return nil
	}
	if !r.Force {
		return fmt.Errorf("the database %s is not empty (%d tables and sequences): restore into an empty one, or pass --force to replace everything in it", name, tables)
	}
	if _, err := conn.Exec(ctx, "DROP SCHEMA public CASCADE; CREATE SCHEMA public"); err != nil {
		return fmt.Errorf("emptying the database %s (stop the api and workers first): %w", name, err)
	}
	return nil
}

// emptyStorage refuses storage that holds files, or with force lets them be overwritten.
func (r Restore) emptyStorage(ctx context.Context, m Manifest) error {
	lister, ok := r.Storage.(media.Lister)
	if r.Force || !ok {
		return nil
	}
	var found []string
	err := lister.List(ctx, func(key string, _ int64) error {
		found = append(found, key)
		if len(found) == 3 {
			return errStop
		}
		return nil
	})
	if err != nil && !errors.Is(err, errStop) {
		return fmt.Errorf("looking into the storage: %w", err)
	}
	if len(found) > 0 {
		return fmt.Errorf("the storage is not empty (it holds %s…): restore into an empty one, or pass --force to overwrite the backup's files in it", strings.Join(found, ", "))
	}
	return nil
}

var errStop = errors.New("stop")

// restoreDatabase runs pg_restore of m's dump into the database conn is connected to (or, with
// dbname, another database of the same server), checking the dump's checksum on the way and every
// table's rows after.
func restoreDatabase(ctx context.Context, conn *pgx.Conn, databaseURL, dbname, pgBin string, target Target, m Manifest) (Report, error) {
	report := Report{ID: m.ID, TakenAt: m.TakenAt.Format("2006-01-02 15:04:05 MST"), Pending: len(m.Pending)}
	tools, err := findTools(ctx, conn, pgBin)
	if err != nil {
		return report, err
	}
	dump, err := target.Open(ctx, m.Database.Dump)
	if err != nil {
		return report, err
	}
	defer dump.Close()
	conninfo, env, err := libpqTarget(databaseURL, dbname)
	if err != nil {
		return report, err
	}
	s := newSum()
	// One transaction: a restore that fails leaves the database as empty as it found it. Owners and
	// grants are the restoring role's, so a dump of one server restores into another's roles.
	err = runTool(ctx, env, io.TeeReader(dump, s), io.Discard, tools.restore,
		"--single-transaction", "--exit-on-error", "--no-owner", "--no-privileges", "--dbname="+conninfo)
	if err != nil {
		return report, fmt.Errorf("restoring the database: %w", err)
	}
	if s.hex() != m.Database.DumpSHA256 || s.n != m.Database.DumpBytes {
		return report, fmt.Errorf("the dump of %s is damaged: %d bytes with checksum %s, the manifest says %d bytes with %s",
			m.ID, s.n, s.hex(), m.Database.DumpBytes, m.Database.DumpSHA256)
	}
	check := conn
	if dbname != "" {
		cfg := conn.Config().Copy()
		cfg.Database = dbname
		if check, err = pgx.ConnectConfig(ctx, cfg); err != nil {
			return report, err
		}
		defer check.Close(context.WithoutCancel(ctx))
	}
	got, err := tableRows(ctx, check)
	if err != nil {
		return report, err
	}
	if err := compareRows(m.Database.Rows, got); err != nil {
		return report, err
	}
	report.Tables = len(got)
	for _, n := range got {
		report.Rows += n
	}
	return report, nil
}

// compareRows names every table whose rows differ from the manifest's count.
func compareRows(want, got map[string]int64) error {
	var diffs []string
	for _, t := range slices.Sorted(maps.Keys(want)) {
		if n, ok := got[t]; !ok {
			diffs = append(diffs, fmt.Sprintf("%s is missing", t))
		} else if n != want[t] {
			diffs = append(diffs, fmt.Sprintf("%s has %d rows, the manifest %d", t, n, want[t]))
		}
	}
	for _, t := range slices.Sorted(maps.Keys(got)) {
		if _, ok := want[t]; !ok {
			diffs = append(diffs, fmt.Sprintf("%s is not in the manifest", t))
		}
	}
	if len(diffs) > 0 {
		return fmt.Errorf("the restored database differs from the manifest: %s", strings.Join(diffs, "; "))
	}
	return nil
}

// restoreFile copies one file from the target into storage, checking its checksum: a damaged copy
// is removed again and reported.
func restoreFile(ctx context.Context, target Target, storage media.Storage, f File) error {
	r, err := target.Open(ctx, fileName(f.Key))
	if err != nil {
		return fmt.Errorf("restoring %s: %w", f.Key, err)
	}
	defer r.Close()
	s := newSum()
	if _, err := storage.Put(ctx, f.Key, io.TeeReader(r, s)); err != nil {
		return fmt.Errorf("restoring %s: %w", f.Key, err)
	}
	if s.hex() != f.SHA256 || s.n != f.Size {
		_ = storage.Delete(context.WithoutCancel(ctx), f.Key)
		return fmt.Errorf("the backup's copy of %s is damaged: %d bytes with checksum %s, the manifest says %d bytes with %s",
			f.Key, s.n, s.hex(), f.Size, f.SHA256)
	}
	return nil
}
