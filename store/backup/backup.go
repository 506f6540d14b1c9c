// Package backup backs up the database and every stored file to a second place (a directory or an
// S3 bucket), restores them, and proves each backup with a restore drill (issue #27; the operator's
// side is in docs/OPERATIONS.md).
//
// The database is dumped with pg_dump in custom format, River's tables included, so queued work
// survives a restore. pg_dump was chosen over pgBackRest with WAL archiving: it works the same against
// `make run`'s private cluster and against any DATABASE_URL an operator brings (a managed database
// gives no access to its WAL or data directory), it needs only the client package, and a dump can be
// restored into an empty database of a newer server. The cost is a recovery point of the last
// backup rather than any instant; an operator who needs point-in-time recovery runs it in the
// database service (docs/OPERATIONS.md).
//
// # Consistency: no row without its file
//
// A file is stored before the row that names it commits (an upload streams to storage, then one
// transaction writes the row; a worker stores a thumbnail, then records its key). So once the
// dump's snapshot is taken, every key that a row in the snapshot names was already in storage,
// except the keys of rows whose job has still to write them (a clip being cut), which the restored
// job writes again. The backup reads, inside the snapshot's own transaction, which keys its rows
// name, and copies those files after the snapshot. One thing could still lose a file between the
// snapshot and its copy: a deletion. So a backup holds an advisory lock (filesLock) from before its
// snapshot until the named files are copied, and media_delete, the one job that removes files, takes
// it shared in its transaction and waits (snoozes) while a backup holds it (DeletesAllowed). A file
// deleted after its copy stays in the target for KeepDeleted, so every key any kept dump names is in
// the target. TestBackupDuringUploadsAndDeletes takes a backup while uploads and deletions run and
// finds every file of every restored row.
package backup

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"legacylocker/media"
	"legacylocker/store"
)

// Advisory lock keys (migrations.lockID is 7_340_112_401).
const (
	// runLock lets one backup or drill run at a time, whichever process started it.
	runLock = 7_340_112_402
	// filesLock is held by a backup from before its snapshot until the files its rows name are
	// copied; media_delete takes it shared (DeletesAllowed).
	filesLock = 7_340_112_403
)

// ErrBusy answers a backup or drill started while another one runs.
var ErrBusy = errors.New("another backup or restore drill is running")

// DeletesAllowed is asked by media_delete in the transaction that deletes files: false while a
// backup copies the files of its snapshot, when the deletion must wait (the lock is released with
// the transaction).
func DeletesAllowed(ctx context.Context, tx pgx.Tx) (bool, error) {
	var ok bool
	if err := tx.QueryRow(ctx, "SELECT pg_try_advisory_xact_lock_shared($1)", filesLock).Scan(&ok); err != nil {
		return false, fmt.Errorf("asking whether a backup is copying files: %w", err)
	}
	return ok, nil
}

// copyWorkers is how many files are copied at once: small files are latency-bound (S3 requests),
// large ones disk-bound, and four keep both busy without crowding a two-core machine.
const copyWorkers = 4

// Backup is what a backup run needs.
type Backup struct {
	Pool    *pgxpool.Pool
	Storage media.Storage
	// Files are the columns naming stored files, every area's (jobs.StoredFileColumns).
	Files  []store.FileColumn
	Config Config
	Logger *slog.Logger
	// Now is the clock (tests move it for the deleted files' retention); nil means time.Now.
	Now func() time.Time
}

func (b *Backup) now() time.Time {
	if b.Now != nil {
		return b.Now()
	}
	return time.Now()
}

// Run takes one backup (the database, then the files its rows name), removes backups beyond Keep
// and deleted files past KeepDeleted, and records the run in backup_runs.
// A backup refused because another one runs (ErrBusy) is not recorded: nothing failed.
func (b *Backup) Run(ctx context.Context) (Manifest, error) {
	conn, err := b.Pool.Acquire(ctx)
	if err != nil {
		return Manifest{}, err
	}
	defer conn.Release()
	unlock, err := tryLock(ctx, conn.Conn(), runLock)
	if err != nil {
		return Manifest{}, err
	}
	defer unlock()
	runID, err := store.Q.BackupRunStart(ctx, b.Pool, "backup")
	if err != nil {
		return Manifest{}, fmt.Errorf("recording the backup's start: %w", err)
	}
	m, err := b.run(ctx, conn.Conn())
	finish := store.BackupRunFinishParams{ID: runID, Status: store.JobReady, BackupID: m.ID, DumpBytes: m.Database.DumpBytes,
		Files: int64(len(m.Files)), FileBytes: m.FileBytes(), CopiedFiles: m.CopiedFiles, CopiedBytes: m.CopiedBytes, PurgedFiles: m.PurgedFiles}
	if err != nil {
		finish.Status, finish.StatusReason = store.JobFailed, err.Error()
	} else {
		finish.Detail = fmt.Sprintf("%d tables, %d files (%d new, %d purged)", len(m.Database.Rows), len(m.Files), m.CopiedFiles, m.PurgedFiles)
		if len(m.Missing) > 0 {
			finish.Detail += fmt.Sprintf("; %d files named by the database were already missing from storage", len(m.Missing))
		}
	}
	if recErr := store.Q.BackupRunFinish(context.WithoutCancel(ctx), b.Pool, finish); recErr != nil {
		err = errors.Join(err, fmt.Errorf("recording the backup's end: %w", recErr))
	}
	return m, err
}

// run is the backup itself, on conn, which holds runLock.
func (b *Backup) run(ctx context.Context, conn *pgx.Conn) (Manifest, error) {
	target, err := b.Config.OpenTarget(ctx)
	if err != nil {
		return Manifest{}, err
	}
	tools, err := findTools(ctx, conn, b.Config.PGBin)
	if err != nil {
		return Manifest{}, err
	}

	// Deletions running now finish first (they hold the lock shared); later ones wait for the copy.
	if _, err := conn.Exec(ctx, "SET lock_timeout = '10min'"); err != nil {
		return Manifest{}, err
	}
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", filesLock); err != nil {
		return Manifest{}, fmt.Errorf("waiting for running file deletions: %w", err)
	}
	var filesLocked sync.Once
	releaseFiles := func() {
		filesLocked.Do(func() {
			_, _ = conn.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", filesLock)
			_, _ = conn.Exec(context.WithoutCancel(ctx), "RESET lock_timeout")
		})
	}
	defer releaseFiles()

	started := time.Now()
	m, keys, err := b.dump(ctx, conn, tools, target)
	if err != nil {
		return m, err
	}
	m.DumpSeconds = time.Since(started).Seconds()
	started = time.Now()
	prev, err := LoadManifest(ctx, target, "")
	if err != nil && !errors.Is(err, ErrNoBackup) {
		return m, err
	}
	inTarget, err := target.List(ctx, "files/")
	if err != nil {
		return m, err
	}
	if err := b.copyFiles(ctx, target, &m, keys, prev, inTarget); err != nil {
		return m, err
	}
	releaseFiles()

	drop, err := b.retire(ctx, target, &m, keys, prev, inTarget)
	if err != nil {
		return m, err
	}
	// The dump and the files are durable before the manifest says the backup is whole.
	if err := target.Sync(ctx); err != nil {
		return m, err
	}
	m.FilesSeconds = time.Since(started).Seconds()
	m.FinishedAt = b.now().UTC()
	if err := writeManifest(ctx, target, m); err != nil {
		return m, err
	}
	if err := target.Sync(ctx); err != nil {
		return m, err
	}
	if err := prune(ctx, target, drop); err != nil {
		return m, fmt.Errorf("removing backups beyond BACKUP_KEEP: %w", err)
	}
	b.Logger.InfoContext(ctx, "backup finished", "id", m.ID, "target", target.String(), "dump_bytes", m.Database.DumpBytes,
		"files", len(m.Files), "copied_files", m.CopiedFiles, "copied_bytes", m.CopiedBytes, "purged_files", m.PurgedFiles)
	return m, nil
}

// tryLock takes a session advisory lock without waiting.
func tryLock(ctx context.Context, conn *pgx.Conn, key int64) (func(), error) {
	var got bool
	if err := conn.QueryRow(ctx, "SELECT pg_try_advisory_lock($1)", key).Scan(&got); err != nil {
		return nil, fmt.Errorf("taking the backup lock: %w", err)
	}
	if !got {
		return nil, ErrBusy
	}
	return func() { _, _ = conn.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", key) }, nil
}

// dump exports a snapshot, reads in it the row counts and the keys its rows name, and runs pg_dump
// on that same snapshot into the target.
func (b *Backup) dump(ctx context.Context, conn *pgx.Conn, tools pgTools, target Target) (Manifest, []storedKey, error) {
	tx, err := conn.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return Manifest{}, nil, err
	}
	defer tx.Rollback(context.WithoutCancel(ctx)) //nolint:errcheck // read-only
	m := Manifest{Version: manifestVersion}
	var snapshot string
	err = tx.QueryRow(ctx, `SELECT pg_export_snapshot(), statement_timestamp(), current_database(),
		pg_database_size(current_database()), current_setting('server_version')`).
		Scan(&snapshot, &m.TakenAt, &m.Database.Name, &m.Database.SizeBytes, &m.Database.ServerVersion)
	if err != nil {
		return m, nil, fmt.Errorf("exporting a snapshot: %w", err)
	}
	m.TakenAt = m.TakenAt.UTC()
	m.ID = newID(m.TakenAt)
	if m.Database.Rows, err = tableRows(ctx, tx); err != nil {
		return m, nil, err
	}
	keys, err := namedKeys(ctx, tx, b.Files)
	if err != nil {
		return m, nil, err
	}
	conninfo, env, err := libpqTarget(b.Pool.Config().ConnString(), "")
	if err != nil {
		return m, nil, err
	}
	m.Database.Dump = dumpName(m.ID)
	sum := newSum()
	pr, pw := io.Pipe()
	dumped := make(chan error, 1)
	go func() {
		err := runTool(ctx, env, nil, pw, tools.dump, "--format=custom", "--snapshot="+snapshot,
			"--exclude-table-data=public.backup_runs", "--dbname="+conninfo)
		pw.CloseWithError(err)
		dumped <- err
	}()
	putErr := target.Put(ctx, m.Database.Dump, io.TeeReader(pr, sum), -1)
	pr.CloseWithError(errors.New("the backup target stopped reading")) // ends pg_dump if Put gave up
	if err := errors.Join(<-dumped, putErr); err != nil {
		_ = target.Delete(context.WithoutCancel(ctx), m.Database.Dump)
		return m, nil, fmt.Errorf("dumping the database: %w", err)
	}
	m.Database.DumpBytes, m.Database.DumpSHA256 = sum.n, sum.hex()
	return m, keys, nil
}

// tableRows counts the rows of every table but backup_runs (whose data the dump leaves out).
func tableRows(ctx context.Context, db store.DBTX) (map[string]int64, error) {
	rows, err := db.Query(ctx, `SELECT format('%I.%I', n.nspname, c.relname) FROM pg_class c
		JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
		  AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'
		  AND NOT (n.nspname = 'public' AND c.relname = 'backup_runs')`)
	if err != nil {
		return nil, fmt.Errorf("listing tables: %w", err)
	}
	tables, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("listing tables: %w", err)
	}
	counts := make(map[string]int64, len(tables))
	for _, t := range tables {
		var n int64
		if err := db.QueryRow(ctx, "SELECT count(*) FROM "+t).Scan(&n); err != nil {
			return nil, fmt.Errorf("counting %s: %w", t, err)
		}
		counts[t] = n
	}
	return counts, nil
}

// sum hashes and counts what passes through it.
type sum struct {
	h hash.Hash
	n int64
}

func newSum() *sum { return &sum{h: sha256.New()} }

func (s *sum) Write(p []byte) (int, error) {
	s.n += int64(len(p))
	return s.h.Write(p)
}

func (s *sum) hex() string { return hex.EncodeToString(s.h.Sum(nil)) }
