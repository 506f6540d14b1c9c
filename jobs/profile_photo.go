package jobs

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"legacylocker/media"
	"legacylocker/store"
)

// Profile photo sizes: the large square for the banner and the public page, the small one for
// avatars in the navigation, lists and the switcher.
const (
	ProfilePhotoSide      = 512
	ProfilePhotoSmallSide = 128
)

// ProfilePhotoArgs cuts the squares of one uploaded photo of an athlete or an account.
type ProfilePhotoArgs struct {
	PhotoID int64 `json:"photo_id"`
}

func (ProfilePhotoArgs) Kind() string { return "profile_photo" }

func (ProfilePhotoArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMedia, MaxAttempts: 5}
}

// ProfilePhotoWorker makes a profile_photos row's 512 px and 128 px squares from its upload, in a
// decoder child (media.SquarePhoto: attention crop, metadata such as GPS stripped), records them
// and has the upload and the squares before them deleted: nothing the phone wrote into the file
// is kept.
type ProfilePhotoWorker struct {
	river.WorkerDefaults[ProfilePhotoArgs]
	Pool    *pgxpool.Pool
	Storage media.Storage
	Logger  *slog.Logger
}

func (w *ProfilePhotoWorker) Timeout(*river.Job[ProfilePhotoArgs]) time.Duration {
	return 5 * time.Minute
}

// profilePhotoKeys are the squares' keys, derived from the upload's own (fresh per upload), so a
// retry overwrites its own files and a replaced photo's job never touches the new one's.
func profilePhotoKeys(original string) (large, small string) {
	return media.DerivedKey(original, "512.jpg"), media.DerivedKey(original, "128.jpg")
}

// ProfilePhotoURL is where the answers point to a ready photo (the spec's profileImageUrl): the
// athlete's, or the signed-in account's own when athleteID is nil. The version changes with every
// photo, so a browser never shows an old one from its cache.
func ProfilePhotoURL(athleteID *int64, photoKey string) string {
	version := photoKey[:min(len(photoKey), 12)]
	if athleteID == nil {
		return "/api/user/photo?v=" + version
	}
	return fmt.Sprintf("/api/athletes/%d/photo?v=%s", *athleteID, version)
}

func (w *ProfilePhotoWorker) Work(ctx context.Context, job *river.Job[ProfilePhotoArgs]) error {
	photo, err := loadRecord(ctx, w.Pool, "profile photo", job.Args.PhotoID, store.Q.ProfilePhotoGetByID)
	if err != nil {
		return err
	}
	if !photo.Status.Working() || photo.OriginalKey == nil {
		return nil
	}
	original := *photo.OriginalKey
	largeKey, smallKey := profilePhotoKeys(original)
	squaresBytes, err := w.cut(ctx, original, map[string]int{largeKey: ProfilePhotoSide, smallKey: ProfilePhotoSmallSide})
	if err != nil {
		if errors.Is(err, media.ErrNotFound) {
			// The upload was replaced or removed meanwhile and its file deleted: the row says what now.
			return fmt.Errorf("profile photo %d: %w", photo.ID, err)
		}
		w.Logger.WarnContext(ctx, "profile photo failed", "photo", photo.ID, "attempt", job.Attempt, "error", err)
		corrupt := errors.Is(err, media.ErrCorrupt)
		crashedTwice := errors.Is(err, media.ErrDecoderCrashed) && decoderCrashedBefore(job.JobRow)
		return giveUpOrRetry(job.JobRow, err, corrupt || crashedTwice, func() error {
			reason := "We couldn't process this photo. Try uploading it again."
			if corrupt || errors.Is(err, media.ErrDecoderCrashed) {
				reason = photoUnreadable
			}
			return store.Q.ProfilePhotoFail(ctx, w.Pool, store.ProfilePhotoFailParams{ID: photo.ID, OriginalKey: &original, StatusReason: reason})
		})
	}
	client, err := river.ClientFromContextSafely[pgx.Tx](ctx)
	if err != nil {
		return fmt.Errorf("finding the job client: %w", err)
	}
	return store.WithTx(ctx, w.Pool, func(tx pgx.Tx) error {
		old, err := store.Q.ProfilePhotoFinish(ctx, tx, store.ProfilePhotoFinishParams{ID: photo.ID, OriginalKey: &original,
			PhotoKey: &largeKey, SmallKey: &smallKey, SquaresBytes: squaresBytes})
		stale := []string{original}
		switch err := store.Translate(err); {
		case errors.Is(err, store.ErrNotFound):
			// Replaced or removed while we worked: the squares just made are the stale ones.
			stale = append(stale, largeKey, smallKey)
		case err != nil:
			return fmt.Errorf("recording the profile photo: %w", err)
		default:
			for _, k := range []string{old.OldPhotoKey, old.OldSmallKey} {
				if k != "" && k != largeKey && k != smallKey {
					stale = append(stale, k)
				}
			}
			url := ProfilePhotoURL(old.AthleteID, largeKey)
			if err := store.Q.ProfilePhotoShow(ctx, tx, store.ProfilePhotoShowParams{Url: &url, AthleteID: old.AthleteID, UserID: old.UserID}); err != nil {
				return fmt.Errorf("showing the profile photo: %w", err)
			}
		}
		if _, err := client.InsertTx(ctx, tx, MediaDeleteArgs{Keys: stale}, nil); err != nil {
			return fmt.Errorf("enqueueing media_delete: %w", err)
		}
		return nil
	})
}

// cut stores the squares of the upload under their keys (side by key) and answers the bytes they
// hold together: what the photo counts against the owner's quota once the upload is gone.
func (w *ProfilePhotoWorker) cut(ctx context.Context, original string, sides map[string]int) (int64, error) {
	path, release, err := w.Storage.LocalPath(ctx, original)
	if err != nil {
		return 0, fmt.Errorf("reading the upload: %w", err)
	}
	defer release()
	var total int64
	for key, side := range sides {
		var jpg bytes.Buffer
		if _, _, err := media.SquarePhoto(ctx, path, side, &jpg); err != nil {
			return 0, err
		}
		n, err := w.Storage.Put(ctx, key, &jpg)
		if err != nil {
			return 0, fmt.Errorf("storing the %d px square: %w", side, err)
		}
		total += n
	}
	return total, nil
}

// athletePhotoSquare reads the athlete's photo as the profile_photo job stored it (the 128 px
// square when small, else the 512 px one), for what our own code draws with it: the achievement
// card's footer, the stats report's header. No photo ready (none, or its file removed meanwhile)
// answers nil. The square is a JPEG the decoder child wrote, small and stripped, so it is safe to
// decode here.
func athletePhotoSquare(ctx context.Context, db store.DBTX, storage media.Storage, athleteID int64, small bool) (jpg []byte, key string, err error) {
	photo, err := store.Q.ProfilePhotoForAthlete(ctx, db, &athleteID)
	if err := store.Translate(err); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return nil, "", nil
		}
		return nil, "", fmt.Errorf("loading the athlete's photo: %w", err)
	}
	square := photo.PhotoKey
	if small {
		square = photo.SmallKey
	}
	if square == nil {
		return nil, "", nil
	}
	file, err := storage.Open(ctx, *square)
	if errors.Is(err, media.ErrNotFound) {
		return nil, "", nil
	}
	if err != nil {
		return nil, "", fmt.Errorf("opening the athlete's photo: %w", err)
	}
	defer file.Close()
	jpg, err = io.ReadAll(io.LimitReader(file, maxSquareBytes+1))
	if err != nil {
		return nil, "", fmt.Errorf("reading the athlete's photo: %w", err)
	}
	if len(jpg) > maxSquareBytes {
		return nil, "", nil // not a square this job wrote
	}
	return jpg, *square, nil
}

// maxSquareBytes bounds what athletePhotoSquare reads: a 512 px JPEG is far smaller.
const maxSquareBytes = 4 << 20
