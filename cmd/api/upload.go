package main

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/store"
)

const (
	msgUnsupportedType = "Unsupported file type"
	msgQuotaReached    = "Storage limit reached for your plan"
	msgFileRequired    = "Please select a file to upload"
	msgTitleRequired   = "Please provide a title for the media"
	msgUploadCutOff    = "The upload was cut off or is not valid multipart data"
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
	// fileName is the name the browser gave the file part; sha256 (hex) and sum are set by stores
	// that hash.
	fileName, sha256 string
	sum              []byte
	// tooLargeMessage is the refusal when the file passes its allowance (the plan's words).
	tooLargeMessage string
	fields          map[string]string
}

// storeFileFunc stores the multipart "file" part within allowance and records it in form.
type storeFileFunc func(ctx context.Context, file io.Reader, allowance int64, form *uploadForm) error

// uploadMedia streams the multipart "file" part straight into storage (never whole in memory,
// never in a temporary file), deciding the type from its first bytes and enforcing the size limit
// and the owner's quota as it goes, and hashing it: the athlete's file again answers 409 unless
// allowDuplicate=true (query or form field). Whatever fails, no row and no file are left behind.
func (app *application) uploadMedia(c *echo.Context) error {
	ctx := c.Request().Context()
	owner, err := store.Q.AthleteOwnerID(ctx, app.pool, athleteID(c))
	if err != nil {
		return fmt.Errorf("finding the owner: %w", err)
	}
	limits, allowance, err := app.uploadAllowance(ctx, owner)
	if err != nil {
		return err
	}
	form, err := app.readUpload(c, allowance, app.storeFilePart, limits.fileMessage)
	if err != nil {
		app.discard(ctx, form.key)
		return limits.overAllowance(err, allowance)
	}
	in, v := form.validate()
	if !v.valid() {
		app.discard(ctx, form.key)
		return fieldErrors(v)
	}
	file, err := app.readCaptured(ctx, athleteID(c), form.kind, form.key, form.fields["date"])
	if err != nil {
		app.discard(ctx, form.key)
		return err
	}
	uploader := currentUser(c).ID
	keepCopy := allowsDuplicate(c.QueryParam(allowDuplicateField)) || allowsDuplicate(form.fields[allowDuplicateField])
	var item store.MediaItem
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		if err := app.reserveQuota(ctx, tx, owner, form.size); err != nil {
			return err
		}
		if !keepCopy {
			if err := app.refuseDuplicate(ctx, tx, athleteID(c), form.sum); err != nil {
				return err
			}
		}
		var err error
		item, err = store.Q.MediaCreate(ctx, tx, store.MediaCreateParams{
			AthleteID: athleteID(c), UploadedBy: &uploader, Title: in.title, Description: in.description,
			MediaDate: dateOf(form.fields["date"], in.date, file), PlaceName: file.place,
			MediaType: string(form.kind), MimeType: form.mimeType, OriginalKey: form.key, FileSize: form.size,
			IsPrivate: in.isPrivate, Tags: in.tags, ContentSha256: form.sum,
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
		return err
	}
	return c.JSON(http.StatusAccepted, toMediaItemResponse(item))
}

// uploadLimits are how much an account may store and how large one file may be: its plan's, or
// the operator's STORAGE_QUOTA_MB and MEDIA_MAX_FILE_MB when set. A lapsed payment is the Free
// plan's: nothing is deleted, only new uploads over Free's limits are refused.
type uploadLimits struct {
	quota, maxFile            int64
	quotaMessage, fileMessage string
	// openUploads is how many resumable uploads may be in progress at once (the plan's).
	openUploads        int
	openUploadsMessage string
}

func (app *application) uploadLimits(ctx context.Context, db store.DBTX, owner int64) (uploadLimits, error) {
	plan, _, err := app.accountPlan(ctx, db, owner)
	if err != nil {
		return uploadLimits{}, err
	}
	l := uploadLimits{quota: plan.Limits.StorageBytes, maxFile: plan.Limits.MaxFileBytes,
		quotaMessage: plan.StorageMessage(), fileMessage: plan.FileMessage(),
		openUploads: plan.Limits.OpenUploads, openUploadsMessage: plan.OpenUploadsMessage()}
	if app.cfg.media.quotaBytes > 0 {
		l.quota, l.quotaMessage = app.cfg.media.quotaBytes, msgQuotaReached
	}
	if app.cfg.media.maxFileBytes > 0 {
		l.maxFile = app.cfg.media.maxFileBytes
		l.fileMessage = fmt.Sprintf("File is too large (the limit is %s)", formatMB(l.maxFile))
	}
	return l, nil
}

// readUpload reads the multipart body, handing the file part to storeFile. On error, form.key names
// any file already stored, for the caller to discard.
func (app *application) readUpload(c *echo.Context, allowance int64, storeFile storeFileFunc, tooLargeMessage string) (form uploadForm, err error) {
	form.fields = map[string]string{}
	form.tooLargeMessage = tooLargeMessage
	mediaType, params, err := mime.ParseMediaType(c.Request().Header.Get("Content-Type"))
	if err != nil || mediaType != "multipart/form-data" || params["boundary"] == "" {
		return form, badRequest("The upload must be multipart/form-data")
	}
	// The whole body may not exceed the file allowance plus room for the text fields.
	body := http.MaxBytesReader(c.Response(), c.Request().Body, allowance+1<<20)
	reader := newFormReader(body, params["boundary"])
	for {
		part, err := reader.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var maxErr *http.MaxBytesError
			if errors.As(err, &maxErr) {
				return form, tooLarge(tooLargeMessage)
			}
			return form, badRequest(msgUploadCutOff)
		}
		if part.name == "file" {
			if form.key != "" {
				return form, badRequest("Send one file per upload")
			}
			form.fileName = part.fileName
			if err := storeFile(c.Request().Context(), part, allowance, &form); err != nil {
				return form, err
			}
			continue
		}
		value, err := io.ReadAll(io.LimitReader(part, maxFormField+1))
		if err != nil {
			var maxErr *http.MaxBytesError
			if errors.As(err, &maxErr) {
				return form, tooLarge(tooLargeMessage)
			}
			return form, badRequest(msgUploadCutOff)
		}
		if len(value) > maxFormField {
			return form, badRequest(fmt.Sprintf("The %s field is too long", part.name))
		}
		if !textAllowed(string(value)) {
			return form, fieldErrors(validator{part.name: fmt.Sprintf("%s %s", part.name, msgBadCharacters)})
		}
		form.fields[part.name] = string(value)
	}
	return form, nil // a missing file is the caller's validation to report
}

func (app *application) storeFilePart(ctx context.Context, file io.Reader, allowance int64, form *uploadForm) error {
	buffered := bufio.NewReaderSize(file, media.SniffLen)
	head, err := buffered.Peek(media.SniffLen)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return badRequest(msgUploadCutOff)
	}
	if len(head) == 0 {
		return fieldErrors(form.fieldErrors())
	}
	kind, mimeType, ext, ok := media.Sniff(head)
	if !ok {
		return unsupportedType(msgUnsupportedType)
	}
	form.key, form.kind, form.mimeType = media.NewKey(ext), kind, mimeType
	hash := sha256.New()
	size, err := media.PutHashed(ctx, app.storage, form.key, &limitedReader{r: buffered, limit: allowance}, hash)
	var maxErr *http.MaxBytesError
	if errors.Is(err, errUploadTooLarge) || errors.As(err, &maxErr) {
		return tooLarge(form.tooLargeMessage)
	}
	if err != nil {
		app.logger.WarnContext(ctx, "upload did not complete", "error", err)
		return badRequest("The upload was cut off before the whole file arrived")
	}
	form.size, form.sum = size, hash.Sum(nil)
	app.metrics.UploadBytes.Add(float64(size))
	return nil
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
		app.logger.ErrorContext(ctx, "removing a refused upload", "key", key, "error", err)
	}
}

func (f uploadForm) fieldErrors() validator {
	v := validator{}
	v.check(f.key != "", "file", msgFileRequired)
	v.required(f.fields["title"], "title", msgTitleRequired)
	return v
}

// mediaFields are an item's describing fields, from an upload's form or an edit's JSON.
type mediaFields struct {
	title, description string
	date               time.Time
	tags               []string
	isPrivate          bool
}

func (f uploadForm) validate() (mediaFields, validator) {
	v := f.fieldErrors()
	return describedBy(f.fields, v), v
}

// describedBy checks an upload's describing fields — a form upload's fields or a resumable upload's
// metadata, by the same names — into v.
func describedBy(fields map[string]string, v validator) mediaFields {
	var tags []string
	if raw := strings.TrimSpace(fields["tags"]); raw != "" {
		v.check(json.Unmarshal([]byte(raw), &tags) == nil, "tags", "tags must be a JSON list of text")
	}
	out := v.mediaFields(fields["title"], fields["description"], fields["date"], tags)
	out.isPrivate = true
	if raw := strings.TrimSpace(fields["isPrivate"]); raw != "" {
		b, err := strconv.ParseBool(raw)
		v.check(err == nil, "isPrivate", "isPrivate must be true or false")
		out.isPrivate = err != nil || b
	}
	return out
}
