package main

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"
	"github.com/riverqueue/river"

	"legacylocker/jobs"
	"legacylocker/store"
)

// mediaItemResponse is the spec's media item plus its processing status and URLs.
type mediaItemResponse struct {
	ID           int64     `json:"id"`
	AthleteID    int64     `json:"athleteId"`
	Title        string    `json:"title"`
	Description  string    `json:"description"`
	Date         string    `json:"date"`
	CreatedAt    time.Time `json:"createdAt"`
	MediaType    string    `json:"mediaType"`
	MimeType     string    `json:"mimeType"`
	MediaURL     string    `json:"mediaUrl"`
	DownloadURL  string    `json:"downloadUrl"`
	ThumbnailURL *string   `json:"thumbnailUrl"`
	FileSize     int64     `json:"fileSize"`
	Duration     *float64  `json:"duration"`
	Width        *int32    `json:"width"`
	Height       *int32    `json:"height"`
	IsFavorite   bool      `json:"isFavorite"`
	IsPrivate    bool      `json:"isPrivate"`
	OnShowcase   bool      `json:"onShowcase"`
	Tags         []string  `json:"tags"`
	jobState
	ShareCode *string `json:"shareCode"`
}

func uploadURL(key string) string { return "/api/uploads/" + key }

func toMediaItemResponse(m store.MediaItem) mediaItemResponse {
	out := mediaItemResponse{
		ID: m.ID, AthleteID: m.AthleteID, Title: m.Title, Description: m.Description, Date: m.MediaDate.Format(time.DateOnly),
		CreatedAt: m.CreatedAt, MediaType: m.MediaType, MimeType: m.MimeType,
		MediaURL: uploadURL(playableKey(m)), DownloadURL: uploadURL(m.OriginalKey) + "?download=1",
		FileSize: m.FileSize, Duration: m.Duration, Width: m.Width, Height: m.Height,
		IsFavorite: m.IsFavorite, IsPrivate: m.IsPrivate, OnShowcase: m.OnShowcase, Tags: nonNil(m.Tags), jobState: jobState{Status: m.Status, StatusReason: m.StatusReason},
		ShareCode: m.ShareCode,
	}
	if m.ThumbnailKey != nil {
		u := uploadURL(*m.ThumbnailKey)
		out.ThumbnailURL = &u
	}
	return out
}

// playableKey is the file a browser should be given: the H.264 rendition when one was made.
func playableKey(m store.MediaItem) string {
	if m.RenditionKey != nil {
		return *m.RenditionKey
	}
	return m.OriginalKey
}

func (app *application) listMedia(c *echo.Context) error {
	scope := sectionScope(c)
	if scope.Hidden {
		return c.JSON(http.StatusOK, []mediaItemResponse{})
	}
	if raw := c.QueryParam("date"); raw != "" {
		return app.listMediaOnDate(c, scope, raw)
	}
	params := store.MediaListForAthleteParams{AthleteID: athleteID(c), FavoritesOnly: c.QueryParam("favorite") == "true", SharedWith: scope.SharedWith}
	if t := c.QueryParam("type"); t != "" {
		params.MediaType = &t
	}
	if q := strings.TrimSpace(c.QueryParam("q")); q != "" {
		// ILIKE wildcards in what a person typed are matched literally.
		escaped := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(q)
		params.Search = &escaped
	}
	rows, err := store.Q.MediaListForAthlete(c.Request().Context(), app.pool, params)
	if err != nil {
		return err
	}
	out := make([]mediaItemResponse, len(rows))
	for i, m := range rows {
		out[i] = toMediaItemResponse(m)
	}
	return c.JSON(http.StatusOK, out)
}

func (app *application) showMedia(c *echo.Context) error {
	return c.JSON(http.StatusOK, toMediaItemResponse(loaded[store.MediaItem](c)))
}

func (app *application) mediaUsage(c *echo.Context) error {
	owner, used, err := app.ownerStorage(c.Request().Context(), athleteID(c))
	if err != nil {
		return err
	}
	limits, err := app.uploadLimits(c.Request().Context(), app.pool, owner)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]int64{"usedBytes": used, "quotaBytes": limits.quota, "maxFileBytes": limits.maxFile})
}

func (app *application) updateMedia(c *echo.Context) error {
	var in struct {
		Title       string   `json:"title"`
		Description string   `json:"description"`
		Date        string   `json:"date"`
		Tags        []string `json:"tags"`
		IsPrivate   *bool    `json:"isPrivate"`
	}
	if err := readJSON(c, &in); err != nil {
		return err
	}
	item := loaded[store.MediaItem](c)
	v := validator{}
	v.required(in.Title, "title", msgTitleRequired)
	fields := v.mediaFields(in.Title, in.Description, in.Date, in.Tags)
	if !v.valid() {
		return fieldErrors(v)
	}
	isPrivate := item.IsPrivate
	if in.IsPrivate != nil {
		isPrivate = *in.IsPrivate
	}
	updated, err := store.Q.MediaUpdate(c.Request().Context(), app.pool, store.MediaUpdateParams{
		ID: item.ID, Title: fields.title, Description: fields.description, MediaDate: fields.date, Tags: fields.tags, IsPrivate: isPrivate,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toMediaItemResponse(updated))
}

func (app *application) toggleMediaFavorite(c *echo.Context) error {
	updated, err := store.Q.MediaToggleFavorite(c.Request().Context(), app.pool, loaded[store.MediaItem](c).ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toMediaItemResponse(updated))
}

const msgRetryNotFailed = "Only media that failed to process can be tried again"

// retryMedia is Try again on an item whose processing failed: it goes back to processing and, in
// the same transaction, gets a new job — a trim for a clip (its file is the trim's output), else
// the processing of its original.
func (app *application) retryMedia(c *echo.Context) error {
	ctx := c.Request().Context()
	var updated store.MediaItem
	err := store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		var err error
		updated, err = store.Q.MediaRetryFailed(ctx, tx, loaded[store.MediaItem](c).ID)
		if err := store.Translate(err); err != nil {
			if errors.Is(err, store.ErrNotFound) {
				return conflict(msgRetryNotFailed)
			}
			return err
		}
		var job river.JobArgs = jobs.MediaProcessArgs{MediaID: updated.ID}
		if updated.ClipStart != nil {
			job = jobs.MediaTrimArgs{ClipID: updated.ID}
		}
		_, err = app.jobs.InsertTx(ctx, tx, job, nil)
		return err
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, toMediaItemResponse(updated))
}

// deleteMedia removes the row and, in the same transaction, queues the removal of every stored file.
func (app *application) deleteMedia(c *echo.Context) error {
	ctx := c.Request().Context()
	err := store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		deleted, err := store.Q.MediaDelete(ctx, tx, loaded[store.MediaItem](c).ID)
		if err != nil {
			return err
		}
		_, err = app.jobs.InsertTx(ctx, tx, jobs.MediaDeleteArgs{Keys: storedKeys(deleted)}, nil)
		return err
	})
	if err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func storedKeys(m store.MediaItem) []string {
	keys := []string{m.OriginalKey}
	for _, k := range []*string{m.ThumbnailKey, m.RenditionKey} {
		if k != nil {
			keys = append(keys, *k)
		}
	}
	return keys
}
