package jobs

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	qrcode "github.com/skip2/go-qrcode"

	"legacylocker/media"
	"legacylocker/store"
)

// QRImageSize is the side of a rendered QR code in pixels: sharp at 5 cm on a printed flyer.
const QRImageSize = 1024

// QRGenerateArgs renders one QR code's PNG.
type QRGenerateArgs struct {
	QRCodeID int64 `json:"qr_code_id"`
}

func (QRGenerateArgs) Kind() string { return "qr_generate" }

func (QRGenerateArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, MaxAttempts: 5}
}

// QRGenerateWorker draws the code for our short URL /q/{code} (never the target itself, so the
// target can change without reprinting), with high error correction: a printed code survives a
// fold, a smudge or a team logo stuck over a corner.
type QRGenerateWorker struct {
	river.WorkerDefaults[QRGenerateArgs]
	Pool    *pgxpool.Pool
	Storage media.Storage
	AppURL  string
	Logger  *slog.Logger
}

func (w *QRGenerateWorker) Timeout(*river.Job[QRGenerateArgs]) time.Duration { return 30 * time.Second }

func (w *QRGenerateWorker) Work(ctx context.Context, job *river.Job[QRGenerateArgs]) error {
	code, err := loadRecord(ctx, w.Pool, "qr code", job.Args.QRCodeID, store.Q.QRCodeGetByID)
	if err != nil {
		return err
	}
	if !code.Status.Working() {
		return nil
	}
	png, err := qrcode.Encode(ShortURL(w.AppURL, code.Code), qrcode.High, QRImageSize)
	if err != nil {
		return giveUpOrRetry(job.JobRow, err, true, func() error {
			return store.Q.QRCodeFinish(ctx, w.Pool, store.QRCodeFinishParams{ID: code.ID, Status: store.JobFailed, StatusReason: "The QR code could not be drawn."})
		})
	}
	// The key is the code's own, so a retried job overwrites its image instead of leaving one behind.
	key := "qr-" + code.Code + ".png"
	if _, err := w.Storage.Put(ctx, key, bytes.NewReader(png)); err != nil {
		return fmt.Errorf("storing the QR image: %w", err)
	}
	return store.Q.QRCodeFinish(ctx, w.Pool, store.QRCodeFinishParams{ID: code.ID, Status: store.JobReady, ImageKey: &key})
}

// ShortURL is what a QR code encodes: the app's own redirect for the code.
func ShortURL(appURL, code string) string {
	return strings.TrimRight(appURL, "/") + "/q/" + code
}
