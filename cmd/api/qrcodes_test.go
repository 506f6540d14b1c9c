package main

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// decodeQR reads a PNG's QR code the way a phone would (zbarimg, from zbar-tools).
func decodeQR(t *testing.T, png []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "code.png")
	require.NoError(t, os.WriteFile(path, png, 0o600))
	out, err := exec.Command("zbarimg", "--quiet", "--raw", path).Output()
	require.NoError(t, err, "zbarimg (zbar-tools, installed by scripts/deps.sh test) reads the code")
	return strings.TrimSpace(string(out))
}

// TestQRCodes follows a family's QR code from the request through the worker's PNG to scans of
// the printed code, a new target, and deletion.
func TestQRCodes(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.startWorkers(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	codes := fmt.Sprintf("/api/athletes/%d/qr-codes", athlete)

	res := owner.do("POST", codes, map[string]string{"title": "", "targetUrl": ""})
	require.Equal(t, http.StatusBadRequest, res.status)
	assert.Equal(t, "Target URL is required", res.message(t), "no public page to default to yet")
	for _, bad := range []string{"javascript:alert(1)", "data:text/html,hi", "ftp://example.com/x", "https://", "example.com"} {
		res = owner.do("POST", codes, map[string]string{"targetUrl": bad})
		require.Equal(t, http.StatusBadRequest, res.status, bad)
		assert.Equal(t, "Target URL must start with http:// or https://", res.message(t), bad)
	}
	res = owner.do("POST", codes, map[string]string{"description": "Flyer for the showcase", "targetUrl": "https://example.com/jordan"})
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	created := res.json(t)
	assert.Equal(t, "Athlete Showcase", created["title"])
	assert.Nil(t, created["qrImageUrl"], "drawn by the worker, after the answer")
	code := created["code"].(string)
	require.Len(t, code, 8)

	var listed map[string]any
	require.Eventually(t, func() bool {
		listed = listOf(t, owner.do("GET", codes, nil))[0]
		return listed["qrImageUrl"] != nil
	}, 20*time.Second, 50*time.Millisecond)
	image := owner.do("GET", listed["qrImageUrl"].(string), nil)
	require.Equal(t, http.StatusOK, image.status)
	assert.Equal(t, "image/png", image.header.Get("Content-Type"))
	assert.Equal(t, "http://localhost:8080/q/"+code, decodeQR(t, image.body), "the code holds our short link, not the target")
	download := owner.do("GET", listed["qrImageUrl"].(string)+"?download=1", nil)
	assert.Equal(t, `attachment; filename="athlete-qrcode.png"`, download.header.Get("Content-Disposition"))

	// Scans: a visitor twice, another browser once; each request counts exactly one scan.
	phone := s.newClient(t)
	for range 2 {
		res = phone.do("GET", "/q/"+code, nil, "User-Agent", "Phone/1")
		require.Equal(t, http.StatusFound, res.status)
		assert.Equal(t, "https://example.com/jordan", res.header.Get("Location"))
		assert.Equal(t, "no-store", res.header.Get("Cache-Control"))
	}
	require.Equal(t, http.StatusFound, phone.do("GET", "/q/"+code, nil, "User-Agent", "Tablet/2").status)
	listed = listOf(t, owner.do("GET", codes, nil))[0]
	assert.EqualValues(t, 3, listed["scans"])
	assert.EqualValues(t, 2, listed["visitors"])
	days := listed["scansByDay"].([]any)
	require.Len(t, days, 1)
	assert.Equal(t, time.Now().UTC().Format(time.DateOnly), days[0].(map[string]any)["day"])
	var stored int
	require.NoError(t, s.pool.QueryRow(t.Context(), `SELECT count(*) FROM qr_scan_visitors WHERE length(visitor) = 16`).Scan(&stored))
	assert.Equal(t, 2, stored, "visitors are kept as hashes only")

	// The target changes without reprinting.
	id := int64(listed["id"].(float64))
	res = owner.do("PUT", fmt.Sprintf("/api/qr-codes/%d", id), map[string]string{"title": "Summer flyer", "targetUrl": "https://example.com/summer"})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	assert.Equal(t, "https://example.com/summer", phone.do("GET", "/q/"+code, nil).header.Get("Location"))

	// 'New QR' keeps the old code working; deleting one makes its link not found at once.
	res = owner.do("POST", codes, map[string]string{"targetUrl": "https://example.com/new"})
	require.Equal(t, http.StatusAccepted, res.status)
	assert.Len(t, listOf(t, owner.do("GET", codes, nil)), 2)
	require.Equal(t, http.StatusFound, phone.do("GET", "/q/"+code, nil).status)
	require.Equal(t, http.StatusNoContent, owner.do("DELETE", fmt.Sprintf("/api/qr-codes/%d", id), nil).status)
	gone := phone.do("GET", "/q/"+code, nil)
	require.Equal(t, http.StatusNotFound, gone.status)
	assert.Contains(t, string(gone.body), "This QR code isn't active")
	assert.Equal(t, http.StatusNotFound, phone.do("GET", "/q/zzzzzzzz", nil).status)
	assert.Equal(t, http.StatusNotFound, phone.do("GET", "/q/'%3Cscript%3E", nil).status)
}

// TestQRScansAreRateLimited: one address cannot count scans (or load the database) without bound.
func TestQRScansAreRateLimited(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, func(cfg *config) { cfg.limits.qrScansPerIP = 50 })
	phone := s.newClient(t)
	limited := 0
	// Twice the limit and more: however a minute boundary splits them, one minute goes over.
	for range 2*s.app.cfg.limits.qrScansPerIP + 5 {
		if phone.do("GET", "/q/zzzzzzzz", nil).status == http.StatusTooManyRequests {
			limited++
		}
	}
	assert.GreaterOrEqual(t, limited, 5)
}

// TestQRCodePagesCarryTheirScans: each page counts the scans of its own codes, so a code on a later
// page shows its totals and its days as on the first, and another family's scans never join in.
func TestQRCodePagesCarryTheirScans(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	other, _ := s.registered(t, "other@example.com")
	otherAthlete := createAthlete(t, other)
	seed := `INSERT INTO qr_codes (athlete_id, code, title, target_url) SELECT $1, gen_random_uuid()::text, 'Q' || g, 'https://example.com/' || g FROM generate_series(1, $2::int) g`
	execSQL(t, s, seed, athlete, 5)
	execSQL(t, s, seed, otherAthlete, 1)
	ids := idsOf(t, s, `SELECT id FROM qr_codes WHERE athlete_id = $1 ORDER BY id DESC`, athlete)
	oldest := ids[len(ids)-1]
	today := time.Now().UTC().Truncate(24 * time.Hour)
	execSQL(t, s, `INSERT INTO qr_scans (qr_code_id, day, scans, visitors) VALUES ($1, $2, 4, 3), ($1, $3, 7, 5)`, oldest, today, today.AddDate(0, 0, -400))
	execSQL(t, s, `INSERT INTO qr_scans (qr_code_id, day, scans, visitors) SELECT id, $2, 9, 9 FROM qr_codes WHERE athlete_id = $1`, otherAthlete, today)

	path := fmt.Sprintf("/api/athletes/%d/qr-codes", athlete)
	require.Equal(t, ids, flatten(t, walkPages(t, owner, path, 2, nil)))
	var cursor string
	for range 2 {
		cursor = owner.do("GET", path+"?limit=2"+cursor, nil).header.Get(nextCursorHeader)
		require.NotEmpty(t, cursor)
		cursor = "&cursor=" + cursor
	}
	last := listOf(t, owner.do("GET", path+"?limit=2"+cursor, nil))
	require.Len(t, last, 1)
	assert.EqualValues(t, oldest, last[0]["id"])
	assert.EqualValues(t, 11, last[0]["scans"], "every day's scans, the old ones too")
	assert.EqualValues(t, 8, last[0]["visitors"])
	days := last[0]["scansByDay"].([]any)
	require.Len(t, days, 1, "the last 30 days only")
	assert.Equal(t, today.Format(time.DateOnly), days[0].(map[string]any)["day"])
	for _, code := range listOf(t, owner.do("GET", path, nil))[:4] {
		assert.EqualValues(t, 0, code["scans"], "code %v has no scans", code["id"])
	}
}
