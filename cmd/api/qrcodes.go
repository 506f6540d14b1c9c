package main

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"fmt"
	"html/template"
	"math/big"
	mathrand "math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/store"
)

const (
	msgQRTargetRequired = "Target URL is required"
	msgQRTargetScheme   = "Target URL must start with http:// or https://"
	defaultQRTitle      = "Athlete Showcase"
	qrDownloadName      = "athlete-qrcode.png"
	// qrScanDays is how many days of daily counts a code's card shows.
	qrScanDays = 30
)

type qrScanDay struct {
	Day      string `json:"day"`
	Scans    int32  `json:"scans"`
	Visitors int32  `json:"visitors"`
}

type qrCodeResponse struct {
	ID          int64  `json:"id"`
	AthleteID   int64  `json:"athleteId"`
	Code        string `json:"code"`
	Title       string `json:"title"`
	Description string `json:"description"`
	TargetURL   string `json:"targetUrl"`
	// ShortURL is what the code encodes; QRImageURL appears once the worker has drawn it.
	ShortURL   string  `json:"shortUrl"`
	QRImageURL *string `json:"qrImageUrl"`
	// jobState is the drawing of the code's PNG (qr_generate).
	jobState
	Scans      int64       `json:"scans"`
	Visitors   int64       `json:"visitors"`
	ScansByDay []qrScanDay `json:"scansByDay"`
	CreatedAt  time.Time   `json:"createdAt"`
}

func (app *application) toQRCodeResponse(q store.QrCode) qrCodeResponse {
	out := qrCodeResponse{ID: q.ID, AthleteID: q.AthleteID, Code: q.Code, Title: q.Title, Description: q.Description,
		TargetURL: q.TargetUrl, ShortURL: jobs.ShortURL(app.cfg.appURL, q.Code),
		jobState: jobState{Status: q.Status, StatusReason: q.StatusReason}, ScansByDay: []qrScanDay{}, CreatedAt: q.CreatedAt}
	if q.ImageKey != nil {
		out.QRImageURL = new(fmt.Sprintf("/api/qr-codes/%d/image", q.ID))
	}
	return out
}

// qrPages are the QR codes' pages (docs/API.md, "Lists and pages"): nothing caps how many codes a
// family prints, so the list answers a page at a time, newest first, with each code's scans.
var qrPages = pages{list: "qr-codes", size: 50, maxSize: 200}

func qrKey(q store.QrCode) idKey { return idKey{ID: q.ID} }

func (app *application) listQRCodes(c *echo.Context) error {
	ctx := c.Request().Context()
	p, err := readPage[idKey](c, qrPages)
	if err != nil {
		return err
	}
	codes, err := store.Q.QRCodeListPage(ctx, app.pool, store.QRCodeListPageParams{AthleteID: athleteID(c), BeforeID: p.After.keyset(), MaxRows: p.MaxRows()})
	if err != nil {
		return fmt.Errorf("listing qr codes: %w", err)
	}
	codes = pageRows(c, qrPages, p, codes, qrKey)
	ids := make([]int64, len(codes))
	out := make([]qrCodeResponse, len(codes))
	index := make(map[int64]*qrCodeResponse, len(codes))
	for i, q := range codes {
		ids[i] = q.ID
		out[i] = app.toQRCodeResponse(q)
		index[q.ID] = &out[i]
	}
	if len(ids) == 0 {
		return c.JSON(http.StatusOK, out)
	}
	// The scans of this page's codes only: a page costs the same whatever the family printed before.
	totals, err := store.Q.QRScanTotalsForCodes(ctx, app.pool, ids)
	if err != nil {
		return fmt.Errorf("counting scans: %w", err)
	}
	days, err := store.Q.QRScansForCodes(ctx, app.pool, store.QRScansForCodesParams{
		Ids: ids, Since: time.Now().UTC().AddDate(0, 0, -qrScanDays+1).Truncate(24 * time.Hour)})
	if err != nil {
		return fmt.Errorf("listing scans: %w", err)
	}
	for _, t := range totals {
		if r := index[t.QrCodeID]; r != nil {
			r.Scans, r.Visitors = t.Scans, t.Visitors
		}
	}
	for _, d := range days {
		if r := index[d.QrCodeID]; r != nil {
			r.ScansByDay = append(r.ScansByDay, qrScanDay{Day: d.Day.Format(time.DateOnly), Scans: d.Scans, Visitors: d.Visitors})
		}
	}
	return c.JSON(http.StatusOK, out)
}

type qrCodeRequest struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	TargetURL   string `json:"targetUrl"`
}

// validate answers the fields to store; an empty target is the athlete's public page when it is
// published.
func (in qrCodeRequest) validate(defaultTarget string) (qrCodeRequest, error) {
	out := qrCodeRequest{Title: strings.TrimSpace(in.Title), Description: strings.TrimSpace(in.Description), TargetURL: strings.TrimSpace(in.TargetURL)}
	if out.Title == "" {
		out.Title = defaultQRTitle
	}
	if out.TargetURL == "" {
		out.TargetURL = defaultTarget
	}
	v := validator{}
	v.line(out.Title, 200, "title", "Title")
	v.maxLength(out.Description, 1000, "description", "Description must be at most 1,000 characters")
	switch u, err := url.Parse(out.TargetURL); {
	case out.TargetURL == "":
		v.check(false, "targetUrl", msgQRTargetRequired)
	case err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "":
		v.check(false, "targetUrl", msgQRTargetScheme)
	default:
		v.maxLength(out.TargetURL, 2000, "targetUrl", "Target URL must be at most 2,000 characters")
	}
	if !v.valid() {
		return out, fieldErrors(v)
	}
	return out, nil
}

// showcaseURL is the athlete's public page, when it is published.
func (app *application) showcaseURL(a store.Athlete) string {
	if !a.ShowcasePublished || a.ShowcaseSlug == nil {
		return ""
	}
	return strings.TrimRight(app.cfg.appURL, "/") + "/a/" + *a.ShowcaseSlug
}

// createQRCode stores the code and enqueues qr_generate in the same transaction ('New QR' keeps
// the older codes working until they are deleted).
func (app *application) createQRCode(c *echo.Context) error {
	var in qrCodeRequest
	if err := readJSON(c, &in); err != nil {
		return err
	}
	ctx := c.Request().Context()
	athlete, err := store.Q.AthleteGetByID(ctx, app.pool, athleteID(c))
	if err != nil {
		return fmt.Errorf("loading athlete: %w", err)
	}
	in, err = in.validate(app.showcaseURL(athlete))
	if err != nil {
		return err
	}
	user := currentUser(c).ID
	var code store.QrCode
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		var err error
		code, err = store.Q.QRCodeCreate(ctx, tx, store.QRCodeCreateParams{AthleteID: athlete.ID, Code: newShortCode(),
			Title: in.Title, Description: in.Description, TargetUrl: in.TargetURL, CreatedBy: &user})
		if err != nil {
			return fmt.Errorf("storing the qr code: %w", err)
		}
		if _, err := app.jobs.InsertTx(ctx, tx, jobs.QRGenerateArgs{QRCodeID: code.ID}, nil); err != nil {
			return fmt.Errorf("enqueueing qr_generate: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, app.toQRCodeResponse(code))
}

// updateQRCode changes where a printed code leads (the image does not change).
func (app *application) updateQRCode(c *echo.Context) error {
	code := loaded[store.QrCode](c)
	var in qrCodeRequest
	if err := readJSON(c, &in); err != nil {
		return err
	}
	in, err := in.validate(code.TargetUrl)
	if err != nil {
		return err
	}
	code, err = store.Q.QRCodeUpdateTarget(c.Request().Context(), app.pool, store.QRCodeUpdateTargetParams{
		ID: code.ID, Title: in.Title, Description: in.Description, TargetUrl: in.TargetURL})
	if err != nil {
		return fmt.Errorf("updating the qr code: %w", err)
	}
	return c.JSON(http.StatusOK, app.toQRCodeResponse(code))
}

// deleteQRCode retires a code: its /q/ link answers not found at once; the image file goes.
func (app *application) deleteQRCode(c *echo.Context) error {
	code := loaded[store.QrCode](c)
	ctx := c.Request().Context()
	err := store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		if err := store.Q.QRCodeDelete(ctx, tx, code.ID); err != nil {
			return fmt.Errorf("deleting the qr code: %w", err)
		}
		if code.ImageKey != nil {
			if _, err := app.jobs.InsertTx(ctx, tx, jobs.MediaDeleteArgs{Keys: []string{*code.ImageKey}}, nil); err != nil {
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

// serveQRImage serves the drawn PNG; ?download=1 saves it as athlete-qrcode.png.
func (app *application) serveQRImage(c *echo.Context) error {
	code := loaded[store.QrCode](c)
	if code.ImageKey == nil {
		return notFoundSaying("The QR code is still being drawn")
	}
	file, err := app.storage.Open(c.Request().Context(), *code.ImageKey)
	if errors.Is(err, media.ErrNotFound) {
		return notFound()
	}
	if err != nil {
		return err
	}
	defer file.Close()
	h := c.Response().Header()
	h.Set("Content-Type", "image/png")
	h.Set("Cache-Control", "private, max-age=3600")
	if c.QueryParam("download") != "" {
		h.Set("Content-Disposition", `attachment; filename="`+qrDownloadName+`"`)
	}
	http.ServeContent(c.Response(), c.Request(), qrDownloadName, file.ModTime(), file)
	return nil
}

// shortCodeAlphabet is base62: a code reads cleanly in a URL.
const shortCodeAlphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// newShortCode is 8 random base62 characters (47 bits): not guessable one by one.
func newShortCode() string {
	b := make([]byte, 8)
	for i := range b {
		n, _ := rand.Int(rand.Reader, big.NewInt(int64(len(shortCodeAlphabet))))
		b[i] = shortCodeAlphabet[n.Int64()]
	}
	return string(b)
}

// visitorSalts remembers each day's salt (made once in Postgres, shared by every api process).
type visitorSalts struct {
	mu   sync.Mutex
	day  time.Time
	salt []byte
}

func (app *application) visitorSalt(ctx context.Context, day time.Time) ([]byte, error) {
	s := &app.qrSalts
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.day.Equal(day) {
		return s.salt, nil
	}
	fresh := make([]byte, 32)
	_, _ = rand.Read(fresh)
	salt, err := store.Q.QRSaltForDay(ctx, app.pool, store.QRSaltForDayParams{Day: day, Salt: fresh})
	if err != nil {
		return nil, fmt.Errorf("reading the day's salt: %w", err)
	}
	s.day, s.salt = day, salt
	return salt, nil
}

// scanQRCode is /q/{code}: it counts the scan (scans and unique visitors per day; no address or
// browser is stored) and redirects to the target. Public and rate-limited.
func (app *application) scanQRCode(c *echo.Context) error {
	ctx := c.Request().Context()
	c.Response().Header().Set("Cache-Control", "no-store")
	code := c.Param("code")
	day := time.Now().UTC().Truncate(24 * time.Hour)
	salt, err := app.visitorSalt(ctx, day)
	if err != nil {
		return err
	}
	visitor := sha256.Sum256(fmt.Appendf(salt, "\x00%s\x00%s", c.RealIP(), c.Request().UserAgent()))
	var target string
	var retryAfter time.Duration
	// The rate limit and the count are one transaction that does not wait for its commit to reach
	// the disk: a crash may lose the last few counts, never a family's data, and the redirect does
	// not queue behind fsync (BenchmarkQRRedirect).
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SET LOCAL synchronous_commit = off"); err != nil {
			return err
		}
		var err error
		retryAfter, err = app.countAttemptIn(ctx, tx, rateCheck{"qr:ip:" + c.RealIP(), app.cfg.limits.qrScansPerIP, time.Minute})
		if err != nil || retryAfter > 0 || len(code) != 8 || strings.Trim(code, shortCodeAlphabet) != "" {
			return err
		}
		target, err = store.Q.QRCodeScan(ctx, tx, store.QRCodeScanParams{Code: code, Day: day, Visitor: visitor[:16]})
		if err := store.Translate(err); err != nil && !errors.Is(err, store.ErrNotFound) {
			return err
		}
		return nil
	})
	switch {
	case err != nil:
		return err
	case retryAfter > 0:
		return rateLimited("Too many scans from here. Please wait a minute.", retryAfter)
	case target == "":
		return qrNotFound(c)
	}
	// Yesterday's visitor hashes and salts go now and then, by whichever scan happens by.
	if mathrand.IntN(200) == 0 {
		if err := store.Q.QRForgetOldVisitors(context.WithoutCancel(ctx), app.pool, day); err != nil {
			app.logger.WarnContext(ctx, "forgetting old qr visitors", "error", err)
		}
	}
	return c.Redirect(http.StatusFound, target)
}

var qrNotFoundPage = template.Must(template.New("qr").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>QR code not found · Legacy Locker</title>
<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f5f7fb;color:#1b2430}
main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.5rem}a{color:#1c5fd1}</style></head>
<body><main><h1>This QR code isn't active</h1>
<p>The family that printed it may have replaced or removed it. Ask them for a new one.</p>
<p><a href="/">Legacy Locker</a></p></main></body></html>`))

// qrNotFound is the friendly page for an unknown or deleted code.
func qrNotFound(c *echo.Context) error {
	c.Response().Header().Set("Content-Type", "text/html; charset=utf-8")
	c.Response().WriteHeader(http.StatusNotFound)
	return qrNotFoundPage.Execute(c.Response(), nil)
}
