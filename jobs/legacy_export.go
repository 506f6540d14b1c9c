package jobs

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"legacylocker/integrations/mail"
	"legacylocker/media"
	"legacylocker/store"
)

// ExportRetention is how long a finished archive can be downloaded before the cleanup deletes it.
const ExportRetention = 7 * 24 * time.Hour

// archivesArea is the archives themselves: not in the next archive, but deleting the athlete deletes
// the ones still kept.
var archivesArea = legacyArea{
	name: "archives",
	files: []store.FileColumn{{Table: "legacy_exports", Column: "file_key",
		// A restored export row may name an archive that is gone; its download then answers as
		// for an expired one.
		NotBackedUp: "export archives live 7 days and are made again on request (issue 27)"}},
}

// LegacyExportArgs makes one athlete's archive.
type LegacyExportArgs struct {
	ExportID int64 `json:"export_id"`
}

func (LegacyExportArgs) Kind() string { return "legacy_export" }

func (LegacyExportArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMedia, MaxAttempts: 3}
}

// LegacyExportWorker streams the athlete's whole legacy into one ZIP in media storage (io.Pipe
// into Storage.Put: neither the archive nor any file in it is ever whole in memory, and a failed
// run leaves no partial archive behind), then e-mails the owner a link.
type LegacyExportWorker struct {
	river.WorkerDefaults[LegacyExportArgs]
	Pool    *pgxpool.Pool
	Storage media.Storage
	AppURL  string
	Logger  *slog.Logger
	// Now is the clock (tests move it); nil means time.Now.
	Now func() time.Time
}

// Timeout grows with the family's media, which all passes through: a fixed allowance plus a second
// for every exportBytesPerSecond (a slow shared disk or bucket), so a hung archive of a few photos
// is cut off in minutes, not after a blanket 3 hours. A worker that died is caught sooner still, by
// its heartbeat (worker_rescue).
func (w *LegacyExportWorker) Timeout(job *river.Job[LegacyExportArgs]) time.Duration {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	bytes, err := store.Q.LegacyExportMediaBytes(ctx, w.Pool, job.Args.ExportID)
	if err != nil {
		return 3 * time.Hour // unknown size: the old blanket
	}
	return exportTimeout(bytes)
}

const (
	exportTimeoutBase    = 10 * time.Minute
	exportBytesPerSecond = 2 << 20
)

func exportTimeout(bytes int64) time.Duration {
	return exportTimeoutBase + time.Duration(bytes/exportBytesPerSecond)*time.Second
}

func (w *LegacyExportWorker) now() time.Time {
	if w.Now != nil {
		return w.Now()
	}
	return time.Now()
}

func (w *LegacyExportWorker) Work(ctx context.Context, job *river.Job[LegacyExportArgs]) error {
	export, err := loadRecord(ctx, w.Pool, "legacy export", job.Args.ExportID, store.Q.LegacyExportGetByID)
	if err != nil {
		return err
	}
	if !export.Status.Working() {
		return nil
	}
	athlete, err := loadRecord(ctx, w.Pool, "athlete", export.AthleteID, store.Q.AthleteGetByID)
	if err != nil {
		return err
	}
	archive, err := gatherLegacy(ctx, w.Pool, w.Storage, athlete, w.now())
	if err != nil {
		return w.fail(ctx, job, fmt.Errorf("gathering the legacy: %w", err))
	}
	if _, err := store.Q.LegacyExportStart(ctx, w.Pool, store.LegacyExportStartParams{ID: export.ID, BytesTotal: archive.size()}); err != nil {
		return fmt.Errorf("starting export %d: %w", export.ID, err)
	}

	key := exportKey(export)
	size, err := w.stream(ctx, export.ID, archive, key)
	if err != nil {
		return w.fail(ctx, job, err)
	}
	w.Logger.InfoContext(ctx, "legacy export ready", "export", export.ID, "files", len(archive.files), "bytes", size)
	expires := w.now().Add(ExportRetention)
	return store.WithTx(ctx, w.Pool, func(tx pgx.Tx) error {
		n, err := store.Q.LegacyExportFinish(ctx, tx, store.LegacyExportFinishParams{ID: export.ID, FileKey: &key, FileSize: &size, ExpiresAt: &expires})
		if err != nil {
			return err
		}
		client, err := river.ClientFromContextSafely[pgx.Tx](ctx)
		if err != nil {
			return fmt.Errorf("finding the job client: %w", err)
		}
		if n == 0 { // deleted or cancelled meanwhile: the archive has no record, so it goes
			_, err := client.InsertTx(ctx, tx, MediaDeleteArgs{Keys: []string{key}}, nil)
			return err
		}
		return w.tellOwner(ctx, tx, client, export, athlete, size, expires)
	})
}

// exportKey is the export's own key, the same on every attempt (as the stats report's is; an archive
// is only ever served through its row's download route): an attempt that died after storing the
// archive and before recording it is overwritten by the next, instead of leaving an archive no row
// names.
func exportKey(export store.LegacyExport) string {
	sum := sha256.Sum256(fmt.Appendf(nil, "legacy-export/%d/%d", export.ID, export.CreatedAt.UnixNano()))
	return fmt.Sprintf("export-%d-%s.zip", export.ID, hex.EncodeToString(sum[:16]))
}

// stream writes the archive into storage under key, recording progress as it goes.
func (w *LegacyExportWorker) stream(ctx context.Context, exportID int64, archive *legacyArchive, key string) (int64, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	reader, writer := io.Pipe()
	var wg sync.WaitGroup
	var writeErr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		var last time.Time
		writeErr = archive.write(ctx, writer, w.Storage, func(done int64) {
			if time.Since(last) < time.Second {
				return
			}
			last = time.Now()
			// Progress is a courtesy: a failed update must not fail the archive.
			_ = store.Q.LegacyExportProgress(ctx, w.Pool, store.LegacyExportProgressParams{ID: exportID, BytesDone: done})
		})
		writer.CloseWithError(writeErr)
	}()
	size, putErr := w.Storage.Put(ctx, key, media.SizeHinted{Reader: reader, Hint: archive.size()})
	// Unblocks the writer if Put stopped reading early.
	reader.CloseWithError(errors.New("storage stopped reading"))
	cancel()
	wg.Wait()
	if writeErr != nil && !errors.Is(writeErr, io.ErrClosedPipe) {
		return 0, fmt.Errorf("writing the archive: %w", writeErr)
	}
	if putErr != nil {
		return 0, fmt.Errorf("storing the archive: %w", putErr)
	}
	return size, nil
}

func (w *LegacyExportWorker) fail(ctx context.Context, job *river.Job[LegacyExportArgs], cause error) error {
	return giveUpOrRetry(job.JobRow, cause, false, func() error {
		return store.Q.LegacyExportFail(ctx, w.Pool, store.LegacyExportFailParams{ID: job.Args.ExportID,
			StatusReason: "The archive could not be made. Please try again."})
	})
}

// tellOwner e-mails whoever asked for the archive (the owner) where to download it.
func (w *LegacyExportWorker) tellOwner(ctx context.Context, tx pgx.Tx, client *river.Client[pgx.Tx], export store.LegacyExport, athlete store.Athlete, size int64, expires time.Time) error {
	if export.RequestedBy == nil {
		return nil
	}
	user, err := store.Q.UserGetByID(ctx, tx, *export.RequestedBy)
	if errors.Is(store.Translate(err), store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	link := strings.TrimRight(w.AppURL, "/") + fmt.Sprintf("/api/exports/%d/download", export.ID)
	body := fmt.Sprintf(`Hello %s,

The archive of %s's legacy is ready (%s): every journal entry, photo, video, clip, milestone, stat,
achievement and recruiting note, in one ZIP file.

Download it here (sign in as yourself first):
%s

The link works until %s; after that the archive is deleted. You can make a new one at any time
from your profile.

— Legacy Locker
`, user.FirstName, athlete.Name, humanBytes(size), link, expires.UTC().Format("January 2, 2006"))
	_, err = QueueAthleteEmail(ctx, tx, client, "legacy_export", athlete.ID, mail.Message{To: user.Email,
		Subject: fmt.Sprintf("%s's legacy archive is ready to download", athlete.Name), Body: body})
	return err
}

// humanBytes writes a size the way a parent reads it: 1.4 GB, 820 MB, 12 KB.
func humanBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d bytes", n)
	}
	value, suffix := float64(n), ""
	for _, s := range []string{"KB", "MB", "GB", "TB"} {
		value /= unit
		suffix = s
		if value < unit {
			break
		}
	}
	return fmt.Sprintf("%.1f %s", value, suffix)
}

// LegacyExportCleanupArgs deletes archives past their expiry (periodic).
type LegacyExportCleanupArgs struct{}

func (LegacyExportCleanupArgs) Kind() string { return "legacy_export_cleanup" }

func (LegacyExportCleanupArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByPeriod: 30 * time.Minute}}
}

// LegacyExportCleanupWorker removes each expired archive's row and, through media_delete in the
// same transaction, its file.
type LegacyExportCleanupWorker struct {
	river.WorkerDefaults[LegacyExportCleanupArgs]
	Pool *pgxpool.Pool
	Now  func() time.Time
}

func (w *LegacyExportCleanupWorker) Work(ctx context.Context, job *river.Job[LegacyExportCleanupArgs]) error {
	now := time.Now()
	if w.Now != nil {
		now = w.Now()
	}
	expired, err := store.Q.LegacyExportsExpired(ctx, w.Pool, store.LegacyExportsExpiredParams{Now: &now, FailedBefore: now.Add(-24 * time.Hour)})
	if err != nil {
		return err
	}
	return removeEach(ctx, w.Pool, expired, func(tx pgx.Tx, export store.LegacyExport) ([]string, error) {
		if err := store.Q.LegacyExportDelete(ctx, tx, export.ID); err != nil {
			return nil, fmt.Errorf("deleting export %d: %w", export.ID, err)
		}
		if export.FileKey == nil {
			return nil, nil
		}
		return []string{*export.FileKey}, nil
	})
}
