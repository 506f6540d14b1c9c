package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/jackc/pgx/v5"

	"legacylocker/store"
)

// Quotas count everything an account holds on the shared disk: its finished media (originals,
// thumbnails, renditions), the profile photos of the account and its athletes (an upload not yet
// cut, the squares) and, for every resumable upload still in progress, the length it declared at
// creation — the bytes it may still send are already promised to it. A plan also caps how many
// uploads may be open at once, so pieces nobody finishes cannot pile up; they expire a day after
// their last bytes, and at the latest jobs.MediaUploadMaxAge after their creation.

// storageUse is what an owner's files hold now.
type storageUse struct {
	mediaBytes int64
	// photoBytes are the profile photos': the account's own and its athletes'.
	photoBytes int64
	// openUploads, openDeclared and openReceived describe the resumable uploads in progress.
	openUploads, openDeclared, openReceived int64
}

// total is what counts against the quota.
func (u storageUse) total() int64 { return u.mediaBytes + u.photoBytes + u.openDeclared }

// measureStorage reads an owner's storage use; exceptUpload (0 for none) leaves one open upload out,
// the one being completed, whose bytes are about to count as media instead.
func measureStorage(ctx context.Context, db store.DBTX, owner, exceptUpload int64) (storageUse, error) {
	media, err := store.Q.MediaBytesUsedByOwner(ctx, db, owner)
	if err != nil {
		return storageUse{}, fmt.Errorf("measuring storage: %w", err)
	}
	photos, err := store.Q.ProfilePhotoBytesUsedByOwner(ctx, db, owner)
	if err != nil {
		return storageUse{}, fmt.Errorf("measuring profile photos: %w", err)
	}
	open, err := store.Q.MediaUploadsOpenForOwner(ctx, db, store.MediaUploadsOpenForOwnerParams{OwnerID: owner, ExceptID: exceptUpload})
	if err != nil {
		return storageUse{}, fmt.Errorf("measuring open uploads: %w", err)
	}
	return storageUse{mediaBytes: media, photoBytes: photos, openUploads: open.Uploads, openDeclared: open.DeclaredBytes,
		openReceived: open.ReceivedBytes}, nil
}

// ownerStorage answers the account whose quota an athlete's files count against, and how much
// counts against it now (open uploads included).
func (app *application) ownerStorage(ctx context.Context, athleteID int64) (owner, used int64, err error) {
	owner, err = store.Q.AthleteOwnerID(ctx, app.pool, athleteID)
	if err != nil {
		return 0, 0, fmt.Errorf("finding the owner: %w", err)
	}
	use, err := measureStorage(ctx, app.pool, owner, 0)
	if err != nil {
		return 0, 0, err
	}
	return owner, use.total(), nil
}

// uploadAllowance is what a new file of the owner's may hold as it streams in: the plan's file size,
// or less when the quota has less room left; a quota already full is refused at once (413, the
// plan's words). The check that counts is reserveQuota's, once the file's size is known.
func (app *application) uploadAllowance(ctx context.Context, owner int64) (uploadLimits, int64, error) {
	use, err := measureStorage(ctx, app.pool, owner, 0)
	if err != nil {
		return uploadLimits{}, 0, err
	}
	limits, err := app.uploadLimits(ctx, app.pool, owner)
	if err != nil {
		return limits, 0, err
	}
	remaining := limits.quota - use.total()
	if remaining <= 0 {
		return limits, 0, tooLarge(limits.quotaMessage)
	}
	return limits, min(limits.maxFile, remaining), nil
}

// overAllowance words the refusal of a file that streamed past its allowance: the quota's words when
// the room left, not the plan's file size, set the allowance.
func (l uploadLimits) overAllowance(err error, allowance int64) error {
	var answer *apiError
	if errors.As(err, &answer) && answer.status == http.StatusRequestEntityTooLarge && allowance < l.maxFile {
		return tooLarge(l.quotaMessage)
	}
	return err
}

// reserveQuota is the one quota check for new files (uploads, clips and profile photos): inside the
// transaction that inserts the row, it locks the owner so two uploads at once cannot both squeeze
// into the last megabytes, and refuses bytes beyond the owner's plan.
func (app *application) reserveQuota(ctx context.Context, tx pgx.Tx, owner, bytes int64) error {
	return app.reserveQuotaFor(ctx, tx, owner, bytes, 0)
}

// reserveQuotaFor is reserveQuota for the file a resumable upload became: that upload's declared
// length no longer counts, its file does.
func (app *application) reserveQuotaFor(ctx context.Context, tx pgx.Tx, owner, bytes, upload int64) error {
	_, limits, err := app.lockedStorage(ctx, tx, owner, upload)
	if err != nil {
		return err
	}
	return limits.fits(bytes)
}

// reserveUpload is the check at a resumable upload's creation: one more open upload than the plan
// allows, or a declared length past the quota, is refused with the plan's words (413).
func (app *application) reserveUpload(ctx context.Context, tx pgx.Tx, owner, length int64) error {
	use, limits, err := app.lockedStorage(ctx, tx, owner, 0)
	if err != nil {
		return err
	}
	// A full quota is said first: finishing or cancelling an upload would not make room for this one.
	if err := limits.fits(length); err != nil {
		return err
	}
	if limits.openUploads > 0 && use.openUploads >= int64(limits.openUploads) {
		return tooLarge(limits.openUploadsMessage)
	}
	return nil
}

// lockedStorage locks the owner for the rest of the transaction and measures its storage.
func (app *application) lockedStorage(ctx context.Context, tx pgx.Tx, owner, exceptUpload int64) (storageUse, quotaCheck, error) {
	if err := store.Q.UserLockForUpdate(ctx, tx, owner); err != nil {
		return storageUse{}, quotaCheck{}, fmt.Errorf("locking owner: %w", err)
	}
	use, err := measureStorage(ctx, tx, owner, exceptUpload)
	if err != nil {
		return use, quotaCheck{}, err
	}
	limits, err := app.uploadLimits(ctx, tx, owner)
	if err != nil {
		return use, quotaCheck{}, err
	}
	return use, quotaCheck{uploadLimits: limits, used: use.total()}, nil
}

// quotaCheck is an owner's limits with what it uses now.
type quotaCheck struct {
	uploadLimits
	used int64
}

func (q quotaCheck) fits(bytes int64) error {
	if q.used+bytes > q.quota {
		return tooLarge(q.quotaMessage)
	}
	return nil
}
