package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"path"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/store"
)

const ctxMediaItem = "mediaItem"

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
	Tags         []string  `json:"tags"`
	Status       string    `json:"status"`
	StatusReason string    `json:"statusReason"`
	ShareCode    *string   `json:"shareCode"`
}

func uploadURL(key string) string { return "/api/uploads/" + key }

func toMediaItemResponse(m store.MediaItem) mediaItemResponse {
	out := mediaItemResponse{
		ID: m.ID, AthleteID: m.AthleteID, Title: m.Title, Description: m.Description, Date: m.MediaDate.Format(time.DateOnly),
		CreatedAt: m.CreatedAt, MediaType: m.MediaType, MimeType: m.MimeType,
		MediaURL: uploadURL(playableKey(m)), DownloadURL: uploadURL(m.OriginalKey) + "?download=1",
		FileSize: m.FileSize, Duration: m.Duration, Width: m.Width, Height: m.Height,
		IsFavorite: m.IsFavorite, IsPrivate: m.IsPrivate, Tags: nonNil(m.Tags), Status: m.Status, StatusReason: m.StatusReason,
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

// requireMedia loads the :id item and checks the caller's role on its athlete.
func (app *application) requireMedia(action store.Action) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			id, ok := idParam(c, "id")
			if !ok {
				return notFound(c)
			}
			item, err := store.Q.MediaGetByID(c.Request().Context(), app.pool, id)
			if err := store.Translate(err); err != nil {
				if errors.Is(err, store.ErrNotFound) {
					return notFound(c)
				}
				return app.serverError(c, err)
			}
			if _, ok, err := app.authorize(c, item.AthleteID, action, app.seesMedia(c, item.ID)); !ok {
				return err
			}
			c.Set(ctxMediaItem, item)
			return next(c)
		}
	}
}

func mediaItem(c *echo.Context) store.MediaItem { return c.Get(ctxMediaItem).(store.MediaItem) }

// seesMedia is the rule for one media item: the media section's privacy setting, and for limited
// members the item's explicit share.
func (app *application) seesMedia(c *echo.Context, mediaID int64) func(store.Access) (bool, error) {
	return func(a store.Access) (bool, error) {
		return a.SeesItem(c.Request().Context(), app.pool, store.SectionMedia, mediaID)
	}
}

func (app *application) listMedia(c *echo.Context) error {
	access := athleteAccess(c)
	if !access.SeesSection(store.SectionMedia) {
		return c.JSON(http.StatusOK, []mediaItemResponse{})
	}
	params := store.MediaListForAthleteParams{AthleteID: athleteID(c), FavoritesOnly: c.QueryParam("favorite") == "true", SharedWith: access.SharedOnly()}
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
		return app.serverError(c, err)
	}
	out := make([]mediaItemResponse, len(rows))
	for i, m := range rows {
		out[i] = toMediaItemResponse(m)
	}
	return c.JSON(http.StatusOK, out)
}

func (app *application) showMedia(c *echo.Context) error {
	return c.JSON(http.StatusOK, toMediaItemResponse(mediaItem(c)))
}

func (app *application) mediaUsage(c *echo.Context) error {
	ctx := c.Request().Context()
	owner, err := store.Q.AthleteOwnerID(ctx, app.pool, athleteID(c))
	if err != nil {
		return app.serverError(c, err)
	}
	used, err := store.Q.MediaBytesUsedByOwner(ctx, app.pool, owner)
	if err != nil {
		return app.serverError(c, err)
	}
	return c.JSON(http.StatusOK, map[string]int64{"usedBytes": used, "quotaBytes": app.cfg.media.quotaBytes, "maxFileBytes": app.cfg.media.maxFileBytes})
}

const (
	msgUnsupportedType = "Unsupported file type"
	msgQuotaReached    = "Storage limit reached for your plan"
	msgFileRequired    = "Please select a file to upload"
	msgTitleRequired   = "Please provide a title for the media"
	maxFormField       = 64 << 10
)

// errUploadTooLarge is what the limiting reader returns once the upload passes its allowance.
var errUploadTooLarge = errors.New("upload too large")

// limitedReader passes at most limit bytes and fails on the first byte beyond, so the limit is
// enforced while streaming rather than after the fact.
type limitedReader struct {
	r     io.Reader
	limit int64
	read  int64
}

func (l *limitedReader) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	l.read += int64(n)
	if l.read > l.limit {
		return n, errUploadTooLarge
	}
	return n, err
}

type uploadForm struct {
	key, mimeType string
	kind          media.Kind
	size          int64
	fields        map[string]string
}

// uploadMedia streams the multipart "file" part straight into storage (never whole in memory,
// never in a temporary file), deciding the type from its first bytes and enforcing the size limit
// and the owner's quota as it goes. Whatever fails, no row and no file are left behind.
func (app *application) uploadMedia(c *echo.Context) error {
	ctx := c.Request().Context()
	owner, err := store.Q.AthleteOwnerID(ctx, app.pool, athleteID(c))
	if err != nil {
		return app.serverError(c, err)
	}
	used, err := store.Q.MediaBytesUsedByOwner(ctx, app.pool, owner)
	if err != nil {
		return app.serverError(c, err)
	}
	remaining := app.cfg.media.quotaBytes - used
	if remaining <= 0 {
		return errorResponse(c, http.StatusRequestEntityTooLarge, msgQuotaReached)
	}
	allowance := min(app.cfg.media.maxFileBytes, remaining)

	form, status, message := app.readUpload(c, allowance)
	if status != 0 {
		app.discard(ctx, form.key)
		if status == http.StatusRequestEntityTooLarge && allowance < app.cfg.media.maxFileBytes {
			message = msgQuotaReached
		}
		if status == http.StatusBadRequest && message == "" {
			return failedValidation(c, form.fieldErrors())
		}
		return errorResponse(c, status, message)
	}

	in, v := form.validate()
	if !v.valid() {
		app.discard(ctx, form.key)
		return failedValidation(c, v)
	}
	uploader := currentUser(c).ID
	var item store.MediaItem
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		if err := store.Q.UserLockForUpdate(ctx, tx, owner); err != nil {
			return fmt.Errorf("locking owner: %w", err)
		}
		used, err := store.Q.MediaBytesUsedByOwner(ctx, tx, owner)
		if err != nil {
			return err
		}
		if used+form.size > app.cfg.media.quotaBytes {
			return errQuota
		}
		item, err = store.Q.MediaCreate(ctx, tx, store.MediaCreateParams{
			AthleteID: athleteID(c), UploadedBy: &uploader, Title: in.title, Description: in.description, MediaDate: in.date,
			MediaType: string(form.kind), MimeType: form.mimeType, OriginalKey: form.key, FileSize: form.size,
			IsPrivate: in.isPrivate, Tags: in.tags,
		})
		if err != nil {
			return fmt.Errorf("inserting media: %w", err)
		}
		if _, err := app.jobs.InsertTx(ctx, tx, jobs.MediaProcessArgs{MediaID: item.ID}, nil); err != nil {
			return fmt.Errorf("enqueueing media_process: %w", err)
		}
		return nil
	})
	if err != nil {
		app.discard(ctx, form.key)
		if errors.Is(err, errQuota) {
			return errorResponse(c, http.StatusRequestEntityTooLarge, msgQuotaReached)
		}
		return app.serverError(c, err)
	}
	return c.JSON(http.StatusAccepted, toMediaItemResponse(item))
}

var errQuota = errors.New("storage quota reached")

// readUpload reads the multipart body. A non-zero status means the upload is refused with that
// status and message (an empty message on 400 means field errors); form.key names any file
// already stored, for the caller to discard.
func (app *application) readUpload(c *echo.Context, allowance int64) (form uploadForm, status int, message string) {
	form.fields = map[string]string{}
	mediaType, params, err := mime.ParseMediaType(c.Request().Header.Get("Content-Type"))
	if err != nil || mediaType != "multipart/form-data" || params["boundary"] == "" {
		return form, http.StatusBadRequest, "The upload must be multipart/form-data"
	}
	// The whole body may not exceed the file allowance plus room for the text fields.
	body := http.MaxBytesReader(c.Response(), c.Request().Body, allowance+1<<20)
	// multipart reads through a 4 KiB buffer; a large one beneath it turns a gigabyte's quarter of
	// a million socket reads into a few thousand (bench/upload.sh).
	reader := multipart.NewReader(bufio.NewReaderSize(body, 256<<10), params["boundary"])
	for {
		part, err := reader.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var maxErr *http.MaxBytesError
			if errors.As(err, &maxErr) {
				return form, http.StatusRequestEntityTooLarge, app.tooLargeMessage()
			}
			return form, http.StatusBadRequest, "The upload was cut off or is not valid multipart data"
		}
		name := part.FormName()
		if name == "file" {
			if form.key != "" {
				return form, http.StatusBadRequest, "Send one file per upload"
			}
			if status, message := app.storeFilePart(c.Request().Context(), part, allowance, &form); status != 0 {
				return form, status, message
			}
			continue
		}
		value, err := io.ReadAll(io.LimitReader(part, maxFormField+1))
		if err != nil {
			return form, http.StatusBadRequest, "The upload was cut off or is not valid multipart data"
		}
		if len(value) > maxFormField {
			return form, http.StatusBadRequest, fmt.Sprintf("The %s field is too long", name)
		}
		form.fields[name] = string(value)
	}
	if form.key == "" {
		return form, http.StatusBadRequest, ""
	}
	return form, 0, ""
}

func (app *application) storeFilePart(ctx context.Context, part *multipart.Part, allowance int64, form *uploadForm) (int, string) {
	buffered := bufio.NewReaderSize(part, media.SniffLen)
	head, err := buffered.Peek(media.SniffLen)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return http.StatusBadRequest, "The upload was cut off or is not valid multipart data"
	}
	if len(head) == 0 {
		return http.StatusBadRequest, ""
	}
	kind, mimeType, ext, ok := media.Sniff(head)
	if !ok {
		return http.StatusUnsupportedMediaType, msgUnsupportedType
	}
	form.key, form.kind, form.mimeType = media.NewKey(ext), kind, mimeType
	limited := &limitedReader{r: buffered, limit: allowance}
	size, err := app.storage.Put(ctx, form.key, limited)
	if errors.Is(err, errUploadTooLarge) {
		return http.StatusRequestEntityTooLarge, app.tooLargeMessage()
	}
	var maxErr *http.MaxBytesError
	if errors.As(err, &maxErr) {
		return http.StatusRequestEntityTooLarge, app.tooLargeMessage()
	}
	if err != nil {
		app.logger.Warn("upload did not complete", "error", err)
		return http.StatusBadRequest, "The upload was cut off before the whole file arrived"
	}
	form.size = size
	return 0, ""
}

func (app *application) tooLargeMessage() string {
	return fmt.Sprintf("File is too large (the limit is %s)", formatMB(app.cfg.media.maxFileBytes))
}

func formatMB(bytes int64) string {
	return strconv.FormatInt(bytes/(1<<20), 10) + " MB"
}

// discard removes a file an upload stored before it was refused.
func (app *application) discard(ctx context.Context, key string) {
	if key == "" {
		return
	}
	if err := app.storage.Delete(context.WithoutCancel(ctx), key); err != nil {
		app.logger.Error("removing a refused upload", "key", key, "error", err)
	}
}

func (f uploadForm) fieldErrors() validator {
	v := validator{}
	v.check(f.key != "", "file", msgFileRequired)
	v.required(f.fields["title"], "title", msgTitleRequired)
	return v
}

type mediaFields struct {
	title, description string
	date               time.Time
	tags               []string
	isPrivate          bool
}

func (f uploadForm) validate() (mediaFields, validator) {
	v := f.fieldErrors()
	out := mediaFields{title: strings.TrimSpace(f.fields["title"]), description: strings.TrimSpace(f.fields["description"]), isPrivate: true}
	v.maxLength(out.title, 200, "title", "Title must be at most 200 characters")
	v.maxLength(out.description, 5000, "description", "Description must be at most 5,000 characters")
	out.date = parseMediaDate(f.fields["date"], v)
	if raw := strings.TrimSpace(f.fields["isPrivate"]); raw != "" {
		b, err := strconv.ParseBool(raw)
		v.check(err == nil, "isPrivate", "isPrivate must be true or false")
		out.isPrivate = err != nil || b
	}
	out.tags = []string{}
	if raw := strings.TrimSpace(f.fields["tags"]); raw != "" {
		var tags []string
		v.check(json.Unmarshal([]byte(raw), &tags) == nil, "tags", "tags must be a JSON list of text")
		out.tags = cleanTags(tags)
	}
	v.check(len(out.tags) <= maxTags, "tags", fmt.Sprintf("An item can have at most %d tags", maxTags))
	return out, v
}

// parseMediaDate accepts YYYY-MM-DD or an ISO timestamp (the spec's form sends ISO); empty is today.
func parseMediaDate(raw string, v validator) time.Time {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return time.Now().UTC().Truncate(24 * time.Hour)
	}
	if d, err := time.Parse(time.DateOnly, raw); err == nil {
		return d
	}
	if t, err := time.Parse(time.RFC3339, raw); err == nil {
		return t
	}
	v.check(false, "date", "Date must be YYYY-MM-DD")
	return time.Time{}
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
		return badRequest(c, err.Error())
	}
	item := mediaItem(c)
	form := uploadForm{key: item.OriginalKey, fields: map[string]string{"title": in.Title, "description": in.Description, "date": in.Date}}
	fields, v := form.validate()
	if !v.valid() {
		return failedValidation(c, v)
	}
	isPrivate := item.IsPrivate
	if in.IsPrivate != nil {
		isPrivate = *in.IsPrivate
	}
	updated, err := store.Q.MediaUpdate(c.Request().Context(), app.pool, store.MediaUpdateParams{
		ID: item.ID, Title: fields.title, Description: fields.description, MediaDate: fields.date, Tags: cleanTags(in.Tags), IsPrivate: isPrivate,
	})
	if err != nil {
		return app.serverError(c, err)
	}
	return c.JSON(http.StatusOK, toMediaItemResponse(updated))
}

func (app *application) toggleMediaFavorite(c *echo.Context) error {
	updated, err := store.Q.MediaToggleFavorite(c.Request().Context(), app.pool, mediaItem(c).ID)
	if err != nil {
		return app.serverError(c, err)
	}
	return c.JSON(http.StatusOK, toMediaItemResponse(updated))
}

// deleteMedia removes the row and, in the same transaction, queues the removal of every stored file.
func (app *application) deleteMedia(c *echo.Context) error {
	ctx := c.Request().Context()
	err := store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		deleted, err := store.Q.MediaDelete(ctx, tx, mediaItem(c).ID)
		if err != nil {
			return err
		}
		_, err = app.jobs.InsertTx(ctx, tx, jobs.MediaDeleteArgs{Keys: storedKeys(deleted)}, nil)
		return err
	})
	if err != nil {
		return app.serverError(c, err)
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

// serveUpload serves a stored file to callers who may see its item. Keys are one path segment of
// safe characters; anything else, and any key not on an item the caller can see, is 404.
func (app *application) serveUpload(c *echo.Context) error {
	key := c.Param("key")
	if !validKey(key) {
		return notFound(c)
	}
	item, err := store.Q.MediaGetByKey(c.Request().Context(), app.pool, key)
	if err := store.Translate(err); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return notFound(c)
		}
		return app.serverError(c, err)
	}
	if _, ok, err := app.authorize(c, item.AthleteID, store.ActionView, app.seesMedia(c, item.ID)); !ok {
		return err
	}
	c.Response().Header().Set("Cache-Control", "private, max-age=3600")
	return app.serveStored(c, item, key, c.QueryParam("download") == "1")
}

var keyPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

func validKey(key string) bool {
	return len(key) <= 128 && keyPattern.MatchString(key) && !strings.Contains(key, "..")
}

// serveStored writes one of the item's files with its type, Range support and, when asked, a
// download disposition named after the item's title.
func (app *application) serveStored(c *echo.Context, item store.MediaItem, key string, download bool) error {
	file, err := app.storage.Open(c.Request().Context(), key)
	if errors.Is(err, media.ErrNotFound) {
		return notFound(c)
	}
	if err != nil {
		return app.serverError(c, err)
	}
	defer file.Close()
	contentType := item.MimeType
	switch {
	case item.ThumbnailKey != nil && key == *item.ThumbnailKey:
		contentType = "image/jpeg"
	case item.RenditionKey != nil && key == *item.RenditionKey:
		contentType = "video/mp4"
	}
	h := c.Response().Header()
	h.Set("Content-Type", contentType)
	if download {
		name := downloadName(item.Title, path.Ext(key))
		h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"; filename*=UTF-8''%s`, asciiOnly(name), url.PathEscape(name)))
	}
	http.ServeContent(c.Response(), c.Request(), "", file.ModTime(), file)
	return nil
}

func downloadName(title, ext string) string {
	name := strings.Map(func(r rune) rune {
		if strings.ContainsRune(`/\:*?"<>|`, r) || r < 32 {
			return '-'
		}
		return r
	}, strings.TrimSpace(title))
	if name == "" {
		name = "media"
	}
	return name + ext
}

func asciiOnly(s string) string {
	return strings.Map(func(r rune) rune {
		if r > 126 || r == '"' || r == '\\' {
			return '_'
		}
		return r
	}, s)
}

const shareCodeAlphabet = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// newShareCode is 12 characters from crypto/rand: about 70 bits, not guessable.
func newShareCode() (string, error) {
	b := make([]byte, 12)
	for i := range b {
		n, err := rand.Int(rand.Reader, big.NewInt(int64(len(shareCodeAlphabet))))
		if err != nil {
			return "", err
		}
		b[i] = shareCodeAlphabet[n.Int64()]
	}
	return string(b), nil
}

func (app *application) shareMedia(c *echo.Context) error {
	code, err := newShareCode()
	if err != nil {
		return app.serverError(c, err)
	}
	updated, err := store.Q.MediaSetShareCode(c.Request().Context(), app.pool, store.MediaSetShareCodeParams{ID: mediaItem(c).ID, ShareCode: &code})
	if err != nil {
		return app.serverError(c, err)
	}
	return c.JSON(http.StatusCreated, map[string]string{
		"shareCode": *updated.ShareCode, "shareUrl": strings.TrimRight(app.cfg.appURL, "/") + "/share/" + *updated.ShareCode,
	})
}

func (app *application) unshareMedia(c *echo.Context) error {
	if err := store.Q.MediaClearShareCode(c.Request().Context(), app.pool, mediaItem(c).ID); err != nil {
		return app.serverError(c, err)
	}
	return c.NoContent(http.StatusNoContent)
}

const msgShareNotFound = "This share link doesn't exist or has been turned off"

func (app *application) sharedItem(c *echo.Context) (store.MediaGetByShareCodeRow, bool, error) {
	code := c.Param("code")
	if len(code) < 8 || len(code) > 64 {
		return store.MediaGetByShareCodeRow{}, false, errorResponse(c, http.StatusNotFound, msgShareNotFound)
	}
	row, err := store.Q.MediaGetByShareCode(c.Request().Context(), app.pool, &code)
	if err := store.Translate(err); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return row, false, errorResponse(c, http.StatusNotFound, msgShareNotFound)
		}
		return row, false, app.serverError(c, err)
	}
	return row, true, nil
}

// showShared answers the one shared item, publicly, with URLs that reach only its own files.
func (app *application) showShared(c *echo.Context) error {
	row, ok, err := app.sharedItem(c)
	if !ok {
		return err
	}
	base := "/api/share/" + c.Param("code")
	var thumbnail *string
	if row.ThumbnailKey != nil {
		u := base + "/thumbnail"
		thumbnail = &u
	}
	return c.JSON(http.StatusOK, map[string]any{
		"title": row.Title, "description": row.Description, "mediaType": row.MediaType, "date": row.MediaDate.Format(time.DateOnly),
		"athleteName": row.AthleteName, "sportType": row.AthleteSports, "mediaUrl": base + "/media", "thumbnailUrl": thumbnail,
	})
}

func (app *application) serveShared(c *echo.Context) error {
	row, ok, err := app.sharedItem(c)
	if !ok {
		return err
	}
	item := sharedRowItem(row)
	key := playableKey(item)
	if strings.HasSuffix(c.Request().URL.Path, "/thumbnail") {
		if item.ThumbnailKey == nil {
			return notFound(c)
		}
		key = *item.ThumbnailKey
	}
	c.Response().Header().Set("Cache-Control", "public, max-age=300")
	return app.serveStored(c, item, key, false)
}

func sharedRowItem(r store.MediaGetByShareCodeRow) store.MediaItem {
	return store.MediaItem{ID: r.ID, AthleteID: r.AthleteID, Title: r.Title, MediaType: r.MediaType, MimeType: r.MimeType,
		OriginalKey: r.OriginalKey, ThumbnailKey: r.ThumbnailKey, RenditionKey: r.RenditionKey}
}
