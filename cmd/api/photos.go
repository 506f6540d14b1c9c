package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/store"
)

// Photos of the athlete and of the account (issue #28): an upload is stored as it streams in,
// its row given the new original [pending] and the profile_photo job enqueued in one transaction;
// the job cuts the squares (jobs/profile_photo.go) and the answers then show them through the
// spec's profileImageUrl (and the athlete's photoUrl).

const msgPhotoType = "Unsupported file type: choose a JPEG, PNG, WebP or HEIC photo"

// photoTypes are the formats a profile photo may be: what phones and cameras save.
var photoTypes = map[string]bool{"image/jpeg": true, "image/png": true, "image/webp": true, "image/heic": true, "image/heif": true}

// photoResponse is the answer to an upload: the photo's job state, and where to see it once ready.
type photoResponse struct {
	jobState
	PhotoURL      *string `json:"photoUrl"`
	PhotoSmallURL *string `json:"photoSmallUrl"`
}

func toPhotoResponse(p store.ProfilePhoto, shown *string) photoResponse {
	out := photoResponse{jobState: jobState{Status: p.Status, StatusReason: p.StatusReason}}
	if p.PhotoKey != nil {
		out.PhotoURL, out.PhotoSmallURL = shown, smallPhotoURL(shown)
	}
	return out
}

// smallPhotoURL is the 128 px square's address beside the 512 px one's.
func smallPhotoURL(url *string) *string {
	if url == nil {
		return nil
	}
	small := *url + "&size=small"
	return &small
}

// putAthletePhoto is PUT /api/athletes/{id}/photo: for those who may edit the athlete's profile.
func (app *application) putAthletePhoto(c *echo.Context) error {
	ctx := c.Request().Context()
	id := athleteID(c)
	owner, err := store.Q.AthleteOwnerID(ctx, app.pool, id)
	if err != nil {
		return fmt.Errorf("finding the owner: %w", err)
	}
	return app.putPhoto(c, owner, func(tx pgx.Tx, key string, size int64) (int64, string, error) {
		row, err := store.Q.ProfilePhotoReplaceForAthlete(ctx, tx, store.ProfilePhotoReplaceForAthleteParams{AthleteID: &id,
			OriginalKey: &key, OriginalBytes: size})
		return row.ID, row.OldOriginalKey, err
	})
}

// putUserPhoto is PUT /api/user/photo: the signed-in account's own photo.
func (app *application) putUserPhoto(c *echo.Context) error {
	user := currentUser(c).ID
	return app.putPhoto(c, user, func(tx pgx.Tx, key string, size int64) (int64, string, error) {
		row, err := store.Q.ProfilePhotoReplaceForUser(c.Request().Context(), tx, store.ProfilePhotoReplaceForUserParams{UserID: &user,
			OriginalKey: &key, OriginalBytes: size})
		return row.ID, row.OldOriginalKey, err
	})
}

// putPhoto streams the multipart "file" into storage within the plan's file size and the room
// left in the owner's quota (a photo counts as media does: 413 in the plan's words), refusing
// anything but a photo (415), then records it with its size and enqueues its job. Whatever fails,
// the stored file is removed: no file without its row.
func (app *application) putPhoto(c *echo.Context, owner int64, replace func(tx pgx.Tx, key string, size int64) (id int64, oldOriginal string, err error)) error {
	ctx := c.Request().Context()
	limits, allowance, err := app.uploadAllowance(ctx, owner)
	if err != nil {
		return err
	}
	form, err := app.readUpload(c, allowance, app.storePhotoPart, limits.fileMessage)
	if err != nil {
		app.discard(ctx, form.key)
		return limits.overAllowance(err, allowance)
	}
	if form.key == "" {
		return fieldErrors(validator{"file": msgFileRequired})
	}
	var photo store.ProfilePhoto
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		id, oldOriginal, err := replace(tx, form.key, form.size)
		if err != nil {
			return fmt.Errorf("recording the photo: %w", err)
		}
		// Measured with the new row written: an upload it replaces before it was cut no longer
		// counts (it is deleted below), the squares shown until the new ones are ready still do.
		if err := app.reserveQuota(ctx, tx, owner, 0); err != nil {
			return err
		}
		if oldOriginal != "" { // an earlier upload not yet cut: its job finds the row moved on
			if _, err := app.jobs.InsertTx(ctx, tx, jobs.MediaDeleteArgs{Keys: []string{oldOriginal}}, nil); err != nil {
				return fmt.Errorf("enqueueing media_delete: %w", err)
			}
		}
		if _, err := app.jobs.InsertTx(ctx, tx, jobs.ProfilePhotoArgs{PhotoID: id}, nil); err != nil {
			return fmt.Errorf("enqueueing profile_photo: %w", err)
		}
		photo, err = store.Q.ProfilePhotoGetByID(ctx, tx, id)
		return err
	})
	if err != nil {
		app.discard(ctx, form.key)
		return err
	}
	shown, err := app.shownPhotoURL(ctx, photo)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, toPhotoResponse(photo, shown))
}

// shownPhotoURL is the profileImageUrl the photo's athlete or account shows now.
func (app *application) shownPhotoURL(ctx context.Context, p store.ProfilePhoto) (*string, error) {
	if p.AthleteID != nil {
		a, err := store.Q.AthleteGetByID(ctx, app.pool, *p.AthleteID)
		return a.ProfileImageUrl, err
	}
	u, err := store.Q.UserGetByID(ctx, app.pool, *p.UserID)
	return u.ProfileImageUrl, err
}

// storePhotoPart refuses a file that is not a photo before storing a byte of it.
func (app *application) storePhotoPart(ctx context.Context, file io.Reader, allowance int64, form *uploadForm) error {
	buffered := bufio.NewReaderSize(file, media.SniffLen)
	head, err := buffered.Peek(media.SniffLen)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return badRequest(msgUploadCutOff)
	}
	if len(head) == 0 {
		return fieldErrors(validator{"file": msgFileRequired})
	}
	if _, mimeType, _, ok := media.Sniff(head); !ok || !photoTypes[mimeType] {
		return unsupportedType(msgPhotoType)
	}
	return app.storeFilePart(ctx, buffered, allowance, form)
}

// deleteAthletePhoto is DELETE /api/athletes/{id}/photo.
func (app *application) deleteAthletePhoto(c *echo.Context) error {
	id := athleteID(c)
	return app.deletePhoto(c, func() (store.ProfilePhoto, error) {
		return store.Q.ProfilePhotoForAthlete(c.Request().Context(), app.pool, &id)
	})
}

// deleteUserPhoto is DELETE /api/user/photo.
func (app *application) deleteUserPhoto(c *echo.Context) error {
	id := currentUser(c).ID
	return app.deletePhoto(c, func() (store.ProfilePhoto, error) {
		return store.Q.ProfilePhotoForUser(c.Request().Context(), app.pool, &id)
	})
}

// deletePhoto removes the row, its files (media_delete, in the same transaction) and the url the
// answers showed; a running job finds the row gone and deletes what it made. No photo: 204 too.
func (app *application) deletePhoto(c *echo.Context, find func() (store.ProfilePhoto, error)) error {
	ctx := c.Request().Context()
	photo, err := find()
	if errors.Is(store.Translate(err), store.ErrNotFound) {
		return c.NoContent(http.StatusNoContent)
	}
	if err != nil {
		return err
	}
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		gone, err := store.Q.ProfilePhotoDelete(ctx, tx, photo.ID)
		if errors.Is(store.Translate(err), store.ErrNotFound) {
			return nil // removed meanwhile
		}
		if err != nil {
			return fmt.Errorf("deleting the photo: %w", err)
		}
		if err := store.Q.ProfilePhotoShow(ctx, tx, store.ProfilePhotoShowParams{AthleteID: gone.AthleteID, UserID: gone.UserID}); err != nil {
			return fmt.Errorf("hiding the photo: %w", err)
		}
		if keys := photoKeys(gone); len(keys) > 0 {
			if _, err := app.jobs.InsertTx(ctx, tx, jobs.MediaDeleteArgs{Keys: keys}, nil); err != nil {
				return fmt.Errorf("enqueueing media_delete: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// photoKeys are every file a photo row names.
func photoKeys(p store.ProfilePhoto) []string {
	var keys []string
	for _, k := range []*string{p.OriginalKey, p.PhotoKey, p.SmallKey} {
		if k != nil {
			keys = append(keys, *k)
		}
	}
	return keys
}

// serveAthletePhoto is GET /api/athletes/{id}/photo[?size=small], for whoever may see the profile.
func (app *application) serveAthletePhoto(c *echo.Context) error {
	id := athleteID(c)
	photo, err := store.Q.ProfilePhotoForAthlete(c.Request().Context(), app.pool, &id)
	return app.servePhoto(c, photo, err, "private, max-age=86400")
}

// serveUserPhoto is GET /api/user/photo[?size=small]: the signed-in account's own photo.
func (app *application) serveUserPhoto(c *echo.Context) error {
	id := currentUser(c).ID
	photo, err := store.Q.ProfilePhotoForUser(c.Request().Context(), app.pool, &id)
	return app.servePhoto(c, photo, err, "private, max-age=86400")
}

// servePublicPhoto is the published showcase page's photo of its athlete.
func (app *application) servePublicPhoto(c *echo.Context) error {
	a, err := app.publishedAthlete(c)
	if err != nil {
		return err
	}
	photo, err := store.Q.ProfilePhotoForAthlete(c.Request().Context(), app.pool, &a.ID)
	return app.servePhoto(c, photo, err, "no-store")
}

// publicPhotoURL is the showcase page's address of the athlete's photo, with the same version as
// the profile's, or nil when there is none.
func publicPhotoURL(slug string, a store.Athlete) *string {
	if a.ProfileImageUrl == nil {
		return nil
	}
	_, version, _ := strings.Cut(*a.ProfileImageUrl, "?")
	url := fmt.Sprintf("/api/public/athletes/%s/photo?%s", slug, version)
	return &url
}

// servePhoto writes a ready photo's 512 px square, or its 128 px one for ?size=small.
func (app *application) servePhoto(c *echo.Context, photo store.ProfilePhoto, err error, cache string) error {
	if err := store.Translate(err); err != nil {
		return err // not found: 404
	}
	key := photo.PhotoKey
	if c.QueryParam("size") == "small" {
		key = photo.SmallKey
	}
	if key == nil {
		return notFound()
	}
	file, err := app.storage.Open(c.Request().Context(), *key)
	if errors.Is(err, media.ErrNotFound) {
		return notFound()
	}
	if err != nil {
		return err
	}
	defer file.Close()
	h := c.Response().Header()
	h.Set("Content-Type", "image/jpeg")
	h.Set("Cache-Control", cache)
	h.Set("Content-Security-Policy", "sandbox; default-src 'none'")
	http.ServeContent(c.Response(), c.Request(), "", file.ModTime(), file)
	return nil
}

// memberPhotoURLs answers, by member row, where the circle's list finds each joined member's own
// photo: /api/family-circle/{member}/photo, with the version of the account's.
func memberPhotoURLs(ctx context.Context, db store.DBTX, athleteID int64) (map[int64]*string, error) {
	rows, err := store.Q.ProfilePhotoCircleURLs(ctx, db, athleteID)
	if err != nil {
		return nil, fmt.Errorf("reading the circle's photos: %w", err)
	}
	urls := make(map[int64]*string, len(rows))
	for _, r := range rows {
		_, version, _ := strings.Cut(r.Url, "?")
		url := fmt.Sprintf("/api/family-circle/%d/photo?%s", r.MemberID, version)
		urls[r.MemberID] = &url
	}
	return urls, nil
}

// serveMemberPhoto is GET /api/family-circle/{id}/photo[?size=small]: a joined member's own photo,
// for those the circle's list shows that member to.
func (app *application) serveMemberPhoto(c *echo.Context) error {
	m := loaded[store.FamilyMember](c)
	if !athleteAccess(c).SeesMember(m.ID) || m.UserID == nil {
		return notFound()
	}
	photo, err := store.Q.ProfilePhotoForUser(c.Request().Context(), app.pool, m.UserID)
	return app.servePhoto(c, photo, err, "private, max-age=86400")
}
