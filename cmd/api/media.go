package main

import (
	"errors"
	"fmt"
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
	Responses
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
	// Place is where it was taken ("Austin, Texas"), when the family shows places and the file knew.
	Place *string `json:"place"`
	jobState
	ShareCode *string `json:"shareCode"`
}

func uploadURL(key string) string { return "/api/uploads/" + key }

func toMediaItemResponse(m store.MediaItem) mediaItemResponse {
	return toMediaListItemResponse(m.ListItem())
}

// toMediaListItemResponse answers an item as its page of the library shows it; an item alone is
// answered the same way (toMediaItemResponse), from the same columns.
func toMediaListItemResponse(m store.MediaListItem) mediaItemResponse {
	out := mediaItemResponse{
		ID: m.ID, AthleteID: m.AthleteID, Title: m.Title, Description: m.Description, Date: m.MediaDate.Format(time.DateOnly),
		CreatedAt: m.CreatedAt, MediaType: m.MediaType, MimeType: m.MimeType,
		MediaURL: uploadURL(playable(m.RenditionKey, m.OriginalKey)), DownloadURL: uploadURL(m.OriginalKey) + "?download=1",
		FileSize: m.FileSize, Duration: m.Duration, Width: m.Width, Height: m.Height,
		IsFavorite: m.IsFavorite, IsPrivate: m.IsPrivate, OnShowcase: m.OnShowcase, Tags: nonNil(m.Tags), jobState: jobState{Status: m.Status, StatusReason: m.StatusReason},
		ShareCode: m.ShareCode, Place: m.PlaceName,
	}
	if m.ThumbnailKey != nil {
		u := uploadURL(*m.ThumbnailKey)
		out.ThumbnailURL = &u
	}
	return out
}

// playableKey is the file a browser should be given: the H.264 rendition when one was made.
func playableKey(m store.MediaItem) string { return playable(m.RenditionKey, m.OriginalKey) }

func playable(rendition *string, original string) string {
	if rendition != nil {
		return *rendition
	}
	return original
}

// mediaPages: a page of the library is a screenful of thumbnails (60 answer 32 kB; 200, 107 kB).
var mediaPages = pages{list: "media", size: 60, maxSize: 200}

func mediaKey(m store.MediaListItem) timeKey { return timeKey{At: m.MediaDate, ID: m.ID} }

// mediaTypes are the kinds of item the library holds (media_items.media_type).
var mediaTypes = map[string]bool{"image": true, "video": true, "audio": true, "pdf": true}

func (app *application) listMedia(c *echo.Context) error {
	q := c.QueryParam("q")
	params := store.MediaListForAthleteParams{AthleteID: athleteID(c), FavoritesOnly: c.QueryParam("favorite") == "true", SearchWords: searchWords(q)}
	if t := c.QueryParam("type"); t != "" {
		if !mediaTypes[t] {
			return badRequest("type must be image, video, audio or pdf")
		}
		params.MediaType = &t
	}
	if raw := c.QueryParam("date"); raw != "" {
		day, err := onDate(raw)
		if err != nil {
			return err
		}
		params.OnDate = &day
	}
	// A search of symbols alone ("%") has no word to look for: it finds nothing, never everything.
	// One day's media ignores the other filters.
	nothingToFind := strings.TrimSpace(q) != "" && len(params.SearchWords) == 0 && params.OnDate == nil
	answers := withResponses(app, c, "media", func(r *mediaItemResponse) (int64, *Responses) { return r.ID, &r.Responses })
	return sectionPage(c, mediaPages, mediaKey, toMediaListItemResponse, func(scope store.Scope, p page[timeKey]) ([]store.MediaListItem, error) {
		if nothingToFind {
			return nil, nil
		}
		params.SharedWith, params.MaxRows = scope.SharedWith, p.MaxRows()
		params.BeforeDate, params.BeforeID = p.After.keyset()
		return store.Q.MediaListForAthlete(c.Request().Context(), app.pool, params)
	}, answers)
}

// mediaTypeCounts is how many items of each type; every type is named, with 0 when there is none.
type mediaTypeCounts struct {
	Image int32 `json:"image"`
	Video int32 `json:"video"`
	Audio int32 `json:"audio"`
	PDF   int32 `json:"pdf"`
}

func (t *mediaTypeCounts) add(mediaType string, n int32) {
	switch mediaType {
	case "image":
		t.Image += n
	case "video":
		t.Video += n
	case "audio":
		t.Audio += n
	case "pdf":
		t.PDF += n
	}
}

type mediaMonthSummary struct {
	Month  string          `json:"month"` // YYYY-MM
	Total  int32           `json:"total"`
	ByType mediaTypeCounts `json:"byType"`
}

// mediaSummary is the library counted without its rows: for its header, the timeline's month
// headings and the dashboard's "Recent media" card.
type mediaSummary struct {
	Total     int32               `json:"total"`
	Favorites int32               `json:"favorites"`
	ByType    mediaTypeCounts     `json:"byType"`
	Months    []mediaMonthSummary `json:"months"`
}

func (app *application) showMediaSummary(c *echo.Context) error {
	out := mediaSummary{Months: []mediaMonthSummary{}}
	scope := sectionScope(c)
	if scope.Hidden {
		return c.JSON(http.StatusOK, out)
	}
	rows, err := store.Q.MediaSummary(c.Request().Context(), app.pool, athleteID(c), scope.SharedWith)
	if err != nil {
		return fmt.Errorf("counting media: %w", err)
	}
	for _, r := range rows {
		month := r.Month.Format("2006-01")
		if n := len(out.Months); n == 0 || out.Months[n-1].Month != month {
			out.Months = append(out.Months, mediaMonthSummary{Month: month})
		}
		m := &out.Months[len(out.Months)-1]
		m.Total += r.Items
		m.ByType.add(r.MediaType, r.Items)
		out.Total += r.Items
		out.Favorites += r.Favorites
		out.ByType.add(r.MediaType, r.Items)
	}
	return c.JSON(http.StatusOK, out)
}

func (app *application) showMedia(c *echo.Context) error {
	out := []mediaItemResponse{toMediaItemResponse(loaded[store.MediaItem](c))}
	if err := withResponses(app, c, "media", func(r *mediaItemResponse) (int64, *Responses) { return r.ID, &r.Responses })(out); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out[0])
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
	return c.JSON(http.StatusOK, map[string]any{"usedBytes": used, "quotaBytes": limits.quota, "maxFileBytes": limits.maxFile,
		// The refusal of a file over maxFileBytes, in the plan's words, for the picker to show before sending.
		"fileTooLargeMessage": limits.fileMessage})
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
