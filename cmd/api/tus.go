package main

import (
	"bufio"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"hash"
	"io"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/store"
)

// Resumable uploads: the tus protocol 1.0.0 core with its creation, expiration and termination
// extensions (docs/API.md, "Resumable uploads"), so game film sent from a phone goes on from where a
// dropped connection left it. POST creates an upload (Upload-Length checked against the plan, the
// item's fields against the same rules as a form upload), HEAD tells how far it got, each PATCH
// appends bytes at that offset, DELETE abandons it.
//
// Where the bytes live: every PATCH streams into a piece of its own in media storage (a file of the
// shared MEDIA_DIR or an object of the bucket, so a PATCH may land on any api process), recorded in
// the media_uploads row only once stored; with the last byte media.Concat joins the pieces into the
// original (a hard link when there is one piece) and one transaction makes the media row and its
// media_process job, exactly as a form upload does. Pieces rather than appending to one file:
// S3 cannot append, and a piece that is recorded or not is the one rule for both stores. A PATCH
// holds the row for a lease renewed while bytes flow, so two requests never write one upload, and a
// process that dies mid-PATCH loses its hold in tusLease.

const (
	tusVersion     = "1.0.0"
	tusExtensions  = "creation,expiration,termination"
	tusContentType = "application/offset+octet-stream"
	// tusExpiry: an upload no bytes reached for this long is removed with its pieces
	// (media_upload_expire, hourly).
	tusExpiry = jobs.MediaUploadExpiry
	// tusLease is how long a PATCH keeps an upload without news from its client; it is renewed
	// every third of it while bytes arrive.
	tusLease = 15 * time.Second

	msgTusVersion       = "This server speaks tus 1.0.0: send Tus-Resumable: 1.0.0"
	msgTusContentType   = "A PATCH body must be application/offset+octet-stream"
	msgUploadLength     = "Upload-Length must be the file's size in bytes"
	msgUploadOffset     = "Upload-Offset must be a whole number of bytes"
	msgUploadMetadata   = "Upload-Metadata must be comma-separated keys with base64 values"
	msgWrongOffset      = "The upload is at another offset: ask for it with HEAD and go on from there"
	msgUploadBusy       = "Another request is sending this upload; try again in a moment"
	msgUploadExpired    = "This upload expired; start it again"
	msgUploadComplete   = "This upload is complete"
	msgUploadOverLength = "More bytes than the Upload-Length given at creation"
)

// errLeaseLost: another request took the upload over (this one's client went silent past the lease).
var errLeaseLost = errors.New("the upload was taken over by another request")

// tusProtocol is on every tus route: answers carry Tus-Resumable, and a request for another protocol
// version is refused (412) — OPTIONS aside, which is how a client learns the version.
func tusProtocol(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		c.Response().Header().Set("Tus-Resumable", tusVersion)
		if c.Request().Method != http.MethodOptions && c.Request().Header.Get("Tus-Resumable") != tusVersion {
			c.Response().Header().Set("Tus-Version", tusVersion)
			return preconditionFailed(msgTusVersion)
		}
		return next(c)
	}
}

// describeResumableUploads answers OPTIONS: the protocol and the largest file this athlete's plan takes.
func (app *application) describeResumableUploads(c *echo.Context) error {
	owner, err := store.Q.AthleteOwnerID(c.Request().Context(), app.pool, athleteID(c))
	if err != nil {
		return fmt.Errorf("finding the owner: %w", err)
	}
	limits, err := app.uploadLimits(c.Request().Context(), app.pool, owner)
	if err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set("Tus-Version", tusVersion)
	h.Set("Tus-Extension", tusExtensions)
	h.Set("Tus-Max-Size", strconv.FormatInt(limits.maxFile, 10))
	return c.NoContent(http.StatusNoContent)
}

// createResumableUpload is tus creation: no bytes yet, only the promise of Upload-Length of them,
// refused at once (413 with the plan's words) when the plan's file size or storage cannot take it,
// or when the plan's open uploads are all in progress. From then on the declared length counts as
// stored (quota.go) until the upload finishes or expires.
// Upload-Metadata carries the item's fields (title, description, date, tags, isPrivate) as a form
// upload sends them, checked by the same rules now rather than after the last byte, and
// allowDuplicate (also taken as a query parameter): "true" keeps the file even when the athlete
// already has the same bytes, which is otherwise answered 409 at the last byte.
func (app *application) createResumableUpload(c *echo.Context) error {
	ctx := c.Request().Context()
	req := c.Request()
	if req.Header.Get("Upload-Defer-Length") != "" {
		return badRequest(msgUploadLength) // creation-defer-length is not offered
	}
	length, err := strconv.ParseInt(req.Header.Get("Upload-Length"), 10, 64)
	if err != nil || length < 0 {
		return badRequest(msgUploadLength)
	}
	metadata := req.Header.Get("Upload-Metadata")
	fields, err := parseTusMetadata(metadata)
	if err != nil {
		return err
	}
	owner, err := store.Q.AthleteOwnerID(ctx, app.pool, athleteID(c))
	if err != nil {
		return fmt.Errorf("finding the owner: %w", err)
	}
	limits, err := app.uploadLimits(ctx, app.pool, owner)
	if err != nil {
		return err
	}
	if length > limits.maxFile {
		return tooLarge(limits.fileMessage)
	}
	v := validator{}
	v.check(length > 0, "file", msgFileRequired)
	v.required(fields["title"], "title", msgTitleRequired)
	in := describedBy(fields, v)
	if !v.valid() {
		return fieldErrors(v)
	}
	creator := currentUser(c).ID
	keepCopy := allowsDuplicate(c.QueryParam(allowDuplicateField)) || allowsDuplicate(fields[allowDuplicateField])
	var u store.MediaUpload
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		// The declared length is held against the quota from now on, and the open uploads are
		// counted under the owner's lock, so parallel creations cannot all slip under either limit.
		if err := app.reserveUpload(ctx, tx, owner, length); err != nil {
			return err
		}
		var err error
		u, err = store.Q.MediaUploadCreate(ctx, tx, store.MediaUploadCreateParams{
			AthleteID: athleteID(c), CreatedBy: &creator, UploadLength: length, Metadata: metadata,
			Title: in.title, Description: in.description, MediaDate: in.date, IsPrivate: in.isPrivate, Tags: in.tags,
			AllowDuplicate: keepCopy, ExpiresAt: time.Now().Add(tusExpiry),
		})
		if err != nil {
			return fmt.Errorf("creating upload: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	c.Response().Header().Set("Location", resumableUploadURL(u.ID))
	setUploadExpires(c, u)
	return c.NoContent(http.StatusCreated)
}

func resumableUploadURL(id int64) string { return "/api/media/uploads/" + strconv.FormatInt(id, 10) }

// parseTusMetadata decodes Upload-Metadata: "key base64value" pairs separated by commas, keys unique,
// values text a form field could hold.
func parseTusMetadata(header string) (map[string]string, error) {
	fields := map[string]string{}
	if strings.TrimSpace(header) == "" {
		return fields, nil
	}
	for pair := range strings.SplitSeq(header, ",") {
		key, encoded, _ := strings.Cut(strings.TrimSpace(pair), " ")
		if key == "" || strings.ContainsAny(key, " \t") {
			return nil, badRequest(msgUploadMetadata)
		}
		if _, dup := fields[key]; dup {
			return nil, badRequest(msgUploadMetadata)
		}
		value, err := base64.StdEncoding.DecodeString(strings.TrimSpace(encoded))
		if err != nil || len(value) > maxFormField {
			return nil, badRequest(msgUploadMetadata)
		}
		if !textAllowed(string(value)) {
			return nil, fieldErrors(validator{key: fmt.Sprintf("%s %s", key, msgBadCharacters)})
		}
		fields[key] = string(value)
	}
	return fields, nil
}

// mediaUpload is the upload behind :id, answered only to the person who created it: another member
// of the family, even one who may upload too, is told it does not exist.
func mediaUpload(c *echo.Context) (store.MediaUpload, error) {
	u := loaded[store.MediaUpload](c)
	if u.CreatedBy == nil || *u.CreatedBy != currentUser(c).ID {
		return u, notFound()
	}
	return u, nil
}

func uploadExpired(u store.MediaUpload) bool {
	return u.CompletedAt == nil && time.Now().After(u.ExpiresAt)
}

func setUploadExpires(c *echo.Context, u store.MediaUpload) {
	if u.CompletedAt == nil {
		c.Response().Header().Set("Upload-Expires", u.ExpiresAt.UTC().Format(http.TimeFormat))
	}
}

// setUploadOffset writes where the upload stands and, once it is complete, the media item it became.
func setUploadOffset(c *echo.Context, u store.MediaUpload) {
	h := c.Response().Header()
	h.Set("Upload-Offset", strconv.FormatInt(u.UploadOffset, 10))
	if u.MediaID != nil {
		h.Set("Media-Id", strconv.FormatInt(*u.MediaID, 10))
	}
	setUploadExpires(c, u)
}

// showResumableUpload is HEAD: the offset to resume from (the bytes recorded, never a PATCH's
// bytes still arriving), the length and metadata given at creation.
func (app *application) showResumableUpload(c *echo.Context) error {
	u, err := mediaUpload(c)
	if err != nil {
		return err
	}
	if uploadExpired(u) {
		return gone(msgUploadExpired)
	}
	h := c.Response().Header()
	h.Set("Cache-Control", "no-store")
	h.Set("Upload-Length", strconv.FormatInt(u.UploadLength, 10))
	if u.Metadata != "" {
		h.Set("Upload-Metadata", u.Metadata)
	}
	setUploadOffset(c, u)
	return c.NoContent(http.StatusOK)
}

// deleteResumableUpload is tus termination: the row goes at once and its pieces through media_delete
// in the same transaction. A completed upload's record goes; its media item stays.
func (app *application) deleteResumableUpload(c *echo.Context) error {
	u, err := mediaUpload(c)
	if err != nil {
		return err
	}
	if err := app.removeResumableUpload(c.Request().Context(), u.ID); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// removeResumableUpload deletes the row and queues the removal of every piece it names, the one
// being written included.
func (app *application) removeResumableUpload(ctx context.Context, id int64) error {
	return store.WithTx(context.WithoutCancel(ctx), app.pool, func(tx pgx.Tx) error {
		deleted, err := store.Q.MediaUploadDelete(ctx, tx, id)
		if err := store.Translate(err); err != nil {
			return err
		}
		if len(deleted.StoredKeys()) == 0 {
			return nil
		}
		_, err = app.jobs.InsertTx(ctx, tx, jobs.MediaDeleteArgs{Keys: deleted.StoredKeys()}, nil)
		return err
	})
}

// patchResumableUpload appends the body at Upload-Offset. It takes the upload (409 at another
// offset, 423 while another request holds it), sniffs the first bytes as a form upload does (415
// removes the upload), streams the rest into a new piece, and records it; bytes received before a
// connection broke are kept, so the client resumes after them. With the last byte the upload becomes
// a media item.
func (app *application) patchResumableUpload(c *echo.Context) error {
	u, err := mediaUpload(c)
	if err != nil {
		return err
	}
	req := c.Request()
	if contentType, _, _ := mime.ParseMediaType(req.Header.Get("Content-Type")); contentType != tusContentType {
		return unsupportedType(msgTusContentType)
	}
	offset, err := strconv.ParseInt(req.Header.Get("Upload-Offset"), 10, 64)
	if err != nil || offset < 0 {
		return badRequest(msgUploadOffset)
	}
	// Bytes that arrived before the client went away are kept: the work below is not cut short by
	// the request's end, only by the body's.
	ctx := context.WithoutCancel(req.Context())
	token, piece := media.NewKey(""), fmt.Sprintf("upload%d-%s.part", u.ID, media.NewKey(""))
	held, err := store.Q.MediaUploadLock(ctx, app.pool, store.MediaUploadLockParams{
		ID: u.ID, UploadOffset: offset, LockToken: &token, WritingKey: &piece, LeaseSeconds: tusLease.Seconds(),
	})
	if errors.Is(store.Translate(err), store.ErrNotFound) {
		return app.explainUnavailable(c, u.ID, offset)
	}
	if err != nil {
		return fmt.Errorf("taking upload %d: %w", u.ID, err)
	}
	// A PATCH that died between storing its piece and recording it left the piece named only as the
	// row's writing key, which this one has just replaced: that piece goes now.
	if u.WritingKey != nil && !slices.Contains(held.PieceKeys, *u.WritingKey) {
		app.discard(ctx, *u.WritingKey)
	}
	p := &tusPatch{app: app, upload: held, token: token, piece: piece}
	if err := p.receive(ctx, req.Body); err != nil {
		return err
	}
	setUploadOffset(c, p.upload)
	return c.NoContent(http.StatusNoContent)
}

// explainUnavailable says why a PATCH could not take the upload.
func (app *application) explainUnavailable(c *echo.Context, id, offset int64) error {
	u, err := store.Q.MediaUploadGetByID(c.Request().Context(), app.pool, id)
	switch err := store.Translate(err); {
	case errors.Is(err, store.ErrNotFound):
		return notFound() // terminated meanwhile
	case err != nil:
		return err
	case u.CompletedAt != nil && offset == u.UploadLength:
		// A retried last PATCH whose answer was lost: it is done.
		setUploadOffset(c, u)
		return c.NoContent(http.StatusNoContent)
	case u.CompletedAt != nil:
		return conflict(msgUploadComplete)
	case uploadExpired(u):
		return gone(msgUploadExpired)
	case u.UploadOffset != offset:
		c.Response().Header().Set("Upload-Offset", strconv.FormatInt(u.UploadOffset, 10))
		return conflict(msgWrongOffset)
	}
	return locked(msgUploadBusy)
}

// tusPatch is one PATCH that holds its upload (token) and writes one piece.
type tusPatch struct {
	app    *application
	upload store.MediaUpload
	token  string
	piece  string
}

func (p *tusPatch) receive(ctx context.Context, body io.Reader) error {
	u := p.upload
	cut := &cutOffReader{r: body}
	sniffed := bufio.NewReaderSize(cut, media.SniffLen)

	// The first bytes decide the type, as for a form upload; they are kept in the row until there
	// are enough of them (a PATCH cut off after a few bytes), and are also the piece's first bytes.
	head, kind := slices.Clip(u.Head), sniffResult{}
	want := min(int64(media.SniffLen), u.UploadLength)
	if u.MediaType != nil {
		kind = sniffResult{kind: *u.MediaType, mime: *u.MimeType, ext: *u.FileExt}
	} else {
		peek, _ := sniffed.Peek(int(want) - len(head)) // fewer when the body ends first
		head = append(head, peek...)
		if int64(len(head)) == want {
			k, mimeType, ext, ok := media.Sniff(head)
			if !ok {
				if err := p.app.removeResumableUpload(ctx, u.ID); err != nil {
					return err
				}
				return unsupportedType(msgUnsupportedType)
			}
			kind = sniffResult{kind: string(k), mime: mimeType, ext: ext}
		}
	}

	// The hash goes on from the bytes already recorded. An upload begun before hashes were kept
	// (bytes recorded, no state) cannot be hashed whole: it finishes without one.
	var hashed hash.Hash
	if u.UploadOffset == 0 || u.HashState != nil {
		var err error
		if hashed, err = resumeHash(u.HashState); err != nil {
			p.release(ctx)
			return err
		}
	}
	data := &leaseReader{r: &limitedReader{r: sniffed, limit: u.UploadLength - u.UploadOffset}, renew: func() error { return p.renew(ctx) }}
	var n int64
	var err error
	if hashed != nil {
		n, err = media.PutHashed(ctx, p.app.storage, p.piece, data, hashed)
	} else {
		n, err = p.app.storage.Put(ctx, p.piece, data)
	}
	switch {
	case errors.Is(err, errUploadTooLarge):
		p.release(ctx)
		return tooLarge(msgUploadOverLength)
	case errors.Is(err, errLeaseLost):
		p.app.discard(ctx, p.piece)
		return conflict(msgWrongOffset)
	case err != nil:
		p.release(ctx)
		return fmt.Errorf("storing a piece of upload %d: %w", u.ID, err)
	case n == 0:
		p.release(ctx)
		if cut.err != nil {
			return badRequest(msgUploadCutOff)
		}
		return nil // an empty PATCH: nothing changes
	}
	p.app.metrics.UploadBytes.Add(float64(n))
	var sum, state []byte
	if hashed != nil {
		sum = hashed.Sum(nil)
		if state, err = hashState(hashed); err != nil {
			p.release(ctx)
			return err
		}
	}
	if u.UploadOffset+n == u.UploadLength {
		return p.complete(ctx, kind, sum)
	}
	expires := time.Now().Add(tusExpiry)
	if limit := u.CreatedAt.Add(jobs.MediaUploadMaxAge); limit.Before(expires) {
		expires = limit // the hard cap (the query holds to it too)
	}
	recorded, err := store.Q.MediaUploadAppend(ctx, p.app.pool, store.MediaUploadAppendParams{
		ID: u.ID, LockToken: &p.token, UploadOffset: u.UploadOffset + n, PieceKey: p.piece, Head: head, HashState: state,
		MediaType: kind.ptr(kind.kind), MimeType: kind.ptr(kind.mime), FileExt: kind.ptr(kind.ext), ExpiresAt: expires,
		MaxAgeSeconds: jobs.MediaUploadMaxAge.Seconds(),
	})
	if err != nil || recorded == 0 {
		p.release(ctx)
		if err != nil {
			return fmt.Errorf("recording a piece of upload %d: %w", u.ID, err)
		}
		return conflict(msgWrongOffset)
	}
	p.upload.UploadOffset += n
	p.upload.ExpiresAt = expires
	if cut.err != nil {
		// The client is gone; what it sent is kept for its next PATCH.
		return badRequest(msgUploadCutOff)
	}
	return nil
}

// complete joins the pieces into the original and, in one transaction, makes the media row and its
// media_process job, queues the pieces' removal and marks the upload completed. Storage over the
// plan's quota (checked again under the owner's lock) removes the upload: it can never finish. So
// does a duplicate of an item the athlete has (sum, unless the upload allows it): its 409 leaves
// nothing behind.
func (p *tusPatch) complete(ctx context.Context, kind sniffResult, sum []byte) error {
	u := p.upload
	pieces := append(slices.Clone(u.PieceKeys), p.piece)
	key := media.NewKey(kind.ext)
	size, err := media.Concat(ctx, p.app.storage, key, pieces)
	if err != nil {
		p.release(ctx)
		return fmt.Errorf("joining upload %d: %w", u.ID, err)
	}
	owner, err := store.Q.AthleteOwnerID(ctx, p.app.pool, u.AthleteID)
	if err != nil {
		p.app.discard(ctx, key)
		p.release(ctx)
		return fmt.Errorf("finding the owner: %w", err)
	}
	// The date was settled when the upload was created, before the file: today unless the family
	// chose one, which the metadata still says.
	var chosenDate string
	if fields, err := parseTusMetadata(u.Metadata); err == nil {
		chosenDate = fields["date"]
	}
	file, err := p.app.readCaptured(ctx, u.AthleteID, media.Kind(kind.kind), key, chosenDate)
	if err != nil {
		p.app.discard(ctx, key)
		p.release(ctx)
		return err
	}
	date := dateOf(chosenDate, u.MediaDate, file)
	expires := time.Now().Add(tusExpiry)
	var item store.MediaItem
	err = store.WithTx(ctx, p.app.pool, func(tx pgx.Tx) error {
		if err := p.app.reserveQuotaFor(ctx, tx, owner, size, u.ID); err != nil {
			return err
		}
		if !u.AllowDuplicate {
			if err := p.app.refuseDuplicate(ctx, tx, u.AthleteID, sum); err != nil {
				return err
			}
		}
		var err error
		item, err = store.Q.MediaCreate(ctx, tx, store.MediaCreateParams{
			AthleteID: u.AthleteID, UploadedBy: u.CreatedBy, Title: u.Title, Description: u.Description, MediaDate: date,
			MediaType: kind.kind, MimeType: kind.mime, OriginalKey: key, FileSize: size, IsPrivate: u.IsPrivate, Tags: u.Tags,
			ContentSha256: sum, PlaceName: file.place,
		})
		if err != nil {
			return fmt.Errorf("inserting media: %w", err)
		}
		if _, err := p.app.jobs.InsertTx(ctx, tx, jobs.MediaProcessArgs{MediaID: item.ID}, nil); err != nil {
			return fmt.Errorf("enqueueing media_process: %w", err)
		}
		if _, err := p.app.jobs.InsertTx(ctx, tx, jobs.MediaDeleteArgs{Keys: pieces}, nil); err != nil {
			return fmt.Errorf("enqueueing the pieces' removal: %w", err)
		}
		done, err := store.Q.MediaUploadComplete(ctx, tx, store.MediaUploadCompleteParams{ID: u.ID, LockToken: &p.token, MediaID: &item.ID, ExpiresAt: expires})
		if err == nil && done == 0 {
			err = errLeaseLost
		}
		return err
	})
	if err != nil {
		p.app.discard(ctx, key)
		var answer *apiError
		switch {
		case errors.As(err, &answer) && answer.status == http.StatusRequestEntityTooLarge:
			if err := p.app.removeResumableUpload(ctx, u.ID); err != nil {
				return err
			}
			return err
		case errors.As(err, &answer) && answer.existingID != 0:
			if err := p.app.dropDuplicateUpload(ctx, u.ID, pieces); err != nil {
				return err
			}
			return err
		case errors.Is(err, errLeaseLost):
			p.app.discard(ctx, p.piece)
			return conflict(msgWrongOffset)
		}
		p.release(ctx)
		return err
	}
	p.upload.UploadOffset, p.upload.MediaID, p.upload.CompletedAt = u.UploadLength, &item.ID, &expires
	return nil
}

// dropDuplicateUpload removes a refused duplicate at once, its pieces and its row, so the 409 leaves
// nothing behind; only pieces storage would not delete now are left to media_delete.
func (app *application) dropDuplicateUpload(ctx context.Context, id int64, pieces []string) error {
	ctx = context.WithoutCancel(ctx)
	var left []string
	for _, key := range pieces {
		if err := app.storage.Delete(ctx, key); err != nil {
			app.logger.WarnContext(ctx, "removing a duplicate upload's piece", "key", key, "error", err)
			left = append(left, key)
		}
	}
	return store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		if _, err := store.Q.MediaUploadDelete(ctx, tx, id); err != nil {
			return fmt.Errorf("removing duplicate upload %d: %w", id, store.Translate(err))
		}
		if len(left) == 0 {
			return nil
		}
		_, err := app.jobs.InsertTx(ctx, tx, jobs.MediaDeleteArgs{Keys: left}, nil)
		return err
	})
}

// release lets the upload go as it was and removes the piece this PATCH wrote, if any.
func (p *tusPatch) release(ctx context.Context) {
	if err := store.Q.MediaUploadUnlock(ctx, p.app.pool, store.MediaUploadUnlockParams{ID: p.upload.ID, LockToken: &p.token}); err != nil {
		p.app.logger.WarnContext(ctx, "letting an upload go", "upload", p.upload.ID, "error", err)
	}
	p.app.discard(ctx, p.piece)
}

// renew extends the PATCH's hold; errLeaseLost once another request has taken the upload.
func (p *tusPatch) renew(ctx context.Context) error {
	n, err := store.Q.MediaUploadRenewLock(ctx, p.app.pool, store.MediaUploadRenewLockParams{ID: p.upload.ID, LockToken: &p.token, LeaseSeconds: tusLease.Seconds()})
	if err != nil {
		return fmt.Errorf("renewing the hold on upload %d: %w", p.upload.ID, err)
	}
	if n == 0 {
		return errLeaseLost
	}
	return nil
}

// sniffResult is what media.Sniff decided, once the head was long enough.
type sniffResult struct{ kind, mime, ext string }

// ptr is nil until the type is known.
func (s sniffResult) ptr(v string) *string {
	if s.kind == "" {
		return nil
	}
	return &v
}

// cutOffReader ends the body cleanly where the connection broke, remembering why, so the bytes
// that did arrive are stored as a piece.
type cutOffReader struct {
	r   io.Reader
	err error
}

func (c *cutOffReader) Read(b []byte) (int, error) {
	if c.err != nil {
		return 0, io.EOF
	}
	n, err := c.r.Read(b)
	if err != nil && !errors.Is(err, io.EOF) {
		c.err = err
		return n, io.EOF
	}
	return n, err
}

// leaseReader renews the PATCH's hold on its upload every third of the lease while bytes arrive.
type leaseReader struct {
	r     io.Reader
	renew func() error
	next  time.Time
}

func (l *leaseReader) Read(b []byte) (int, error) {
	if now := time.Now(); now.After(l.next) {
		if !l.next.IsZero() {
			if err := l.renew(); err != nil {
				return 0, err
			}
		}
		l.next = now.Add(tusLease / 3)
	}
	return l.r.Read(b)
}
