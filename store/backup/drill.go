package backup

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"legacylocker/store"
)

// Drill proves the newest backup can be restored: it restores the dump into a scratch database of
// the same server (the role needs CREATEDB), compares every table's rows with the manifest, reads a
// sample of files back from the target and checks their checksums, drops the scratch database and
// records the outcome in backup_runs. A backup nobody has restored is a hope, not a backup.
type Drill struct {
	Pool   *pgxpool.Pool
	Config Config
	Logger *slog.Logger
}

// Run runs the drill once and records it.
// A drill refused because a backup runs (ErrBusy) is not recorded.
func (d *Drill) Run(ctx context.Context) (string, error) {
	conn, err := d.Pool.Acquire(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Release()
	unlock, err := tryLock(ctx, conn.Conn(), runLock)
	if err != nil {
		return "", err
	}
	defer unlock()
	runID, err := store.Q.BackupRunStart(ctx, d.Pool, "drill")
	if err != nil {
		return "", fmt.Errorf("recording the drill's start: %w", err)
	}
	id, summary, err := d.run(ctx, conn)
	finish := store.BackupRunFinishParams{ID: runID, Status: store.JobReady, BackupID: id, Detail: summary}
	if err != nil {
		finish.Status, finish.StatusReason, finish.Detail = store.JobFailed, err.Error(), ""
	}
	if recErr := store.Q.BackupRunFinish(context.WithoutCancel(ctx), d.Pool, finish); recErr != nil {
		err = errors.Join(err, fmt.Errorf("recording the drill's end: %w", recErr))
	}
	return summary, err
}

// run is the drill itself, on conn, which holds runLock.
func (d *Drill) run(ctx context.Context, conn *pgxpool.Conn) (id, summary string, err error) {
	target, err := d.Config.OpenTarget(ctx)
	if err != nil {
		return "", "", err
	}
	m, err := LoadManifest(ctx, target, "")
	if err != nil {
		return "", "", err
	}
	// Named after the database it proves, so an operator who finds one left over knows whose it is.
	scratch := fmt.Sprintf("%.40s_drill_%s", m.Database.Name, strconv.FormatInt(time.Now().UnixNano(), 36))
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{scratch}.Sanitize()); err != nil {
		return m.ID, "", fmt.Errorf("creating the scratch database (the role needs CREATEDB): %w", err)
	}
	defer func() {
		if _, dropErr := conn.Exec(context.WithoutCancel(ctx), "DROP DATABASE IF EXISTS "+pgx.Identifier{scratch}.Sanitize()+" WITH (FORCE)"); dropErr != nil {
			err = errors.Join(err, fmt.Errorf("dropping the scratch database %s: %w", scratch, dropErr))
		}
	}()
	report, err := restoreDatabase(ctx, conn.Conn(), d.Pool.Config().ConnString(), scratch, d.Config.PGBin, target, m)
	if err != nil {
		return m.ID, "", err
	}
	checked, err := d.checkSample(ctx, target, m)
	if err != nil {
		return m.ID, "", err
	}
	summary = fmt.Sprintf("backup %s restored into a scratch database: %d tables, %d rows as in the manifest; %d of %d files read back, checksums as in the manifest",
		m.ID, report.Tables, report.Rows, checked, len(m.Files))
	d.Logger.InfoContext(ctx, "restore drill passed", "summary", summary)
	return m.ID, summary, nil
}

// checkSample reads DrillSample files chosen at random back from the target.
func (d *Drill) checkSample(ctx context.Context, target Target, m Manifest) (int, error) {
	n := min(d.Config.DrillSample, len(m.Files))
	for _, i := range rand.Perm(len(m.Files))[:n] {
		want := m.Files[i]
		got, err := readBack(ctx, target, want.Key)
		if err != nil {
			return 0, err
		}
		if got != want {
			return 0, fmt.Errorf("the backup's copy of %s is damaged: %d bytes with checksum %s, the manifest says %d bytes with %s",
				want.Key, got.Size, got.SHA256, want.Size, want.SHA256)
		}
	}
	return n, nil
}
