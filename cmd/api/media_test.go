package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
)

type mediaJSON struct {
	ID           int64    `json:"id"`
	AthleteID    int64    `json:"athleteId"`
	Title        string   `json:"title"`
	Description  string   `json:"description"`
	Date         string   `json:"date"`
	MediaType    string   `json:"mediaType"`
	MimeType     string   `json:"mimeType"`
	MediaURL     string   `json:"mediaUrl"`
	DownloadURL  string   `json:"downloadUrl"`
	ThumbnailURL *string  `json:"thumbnailUrl"`
	FileSize     int64    `json:"fileSize"`
	IsPrivate    bool     `json:"isPrivate"`
	IsFavorite   bool     `json:"isFavorite"`
	Tags         []string `json:"tags"`
	Status       string   `json:"status"`
	ShareCode    *string  `json:"shareCode"`
}

// testPNG is a real, small PNG.
func testPNG(t testing.TB) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 64, 48))
	for x := 0; x < 64; x++ {
		for y := 0; y < 48; y++ {
			img.Set(x, y, color.RGBA{uint8(x * 4), uint8(y * 5), 120, 255})
		}
	}
	var buf bytes.Buffer
	require.NoError(t, png.Encode(&buf, img))
	return buf.Bytes()
}

// upload streams a multipart body (file first, as the spec's form sends it) through a pipe, so
// even a huge file is never held in memory by the test either.
func (c *client) upload(path string, fields map[string]string, fileName string, file io.Reader) response {
	c.t.Helper()
	return c.sendFile("POST", path, fields, fileName, file)
}

// sendFile is upload with another method (PUT for a photo).
func (c *client) sendFile(method, path string, fields map[string]string, fileName string, file io.Reader) response {
	c.t.Helper()
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		err := func() error {
			if file != nil {
				part, err := mw.CreateFormFile("file", fileName)
				if err != nil {
					return err
				}
				if _, err := io.Copy(part, file); err != nil {
					return err
				}
			}
			for k, v := range fields {
				if err := mw.WriteField(k, v); err != nil {
					return err
				}
			}
			return mw.Close()
		}()
		pw.CloseWithError(err)
	}()
	req, err := http.NewRequest(method, c.base+path, pr)
	require.NoError(c.t, err)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	res, err := c.http.Do(req)
	require.NoError(c.t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(c.t, err)
	return response{status: res.StatusCode, header: res.Header, body: b}
}

var photoFields = map[string]string{"title": "First pitch", "description": "Opening day", "date": "2026-04-02", "tags": `["game","opening day"," game "]`}

// uploadPhoto uploads img as a new item, a copy too (allowDuplicate): tests make their items from the
// one test photo.
func uploadPhoto(t *testing.T, c *client, athleteID int64, img []byte) mediaJSON {
	t.Helper()
	res := c.upload(fmt.Sprintf("/api/athletes/%d/media?allowDuplicate=true", athleteID), photoFields, "IMG_0001.PNG", bytes.NewReader(img))
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	return decodeAs[mediaJSON](t, res)
}

// storedFiles lists the files (and leftovers) in the test's media directory.
func (s *testServer) storedFiles(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(s.app.cfg.media.dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// mediaRows counts the families' media rows (the demo athlete's drawn photos are not theirs).
func (s *testServer) mediaRows(t *testing.T) int {
	t.Helper()
	var n int
	require.NoError(t, s.pool.QueryRow(context.Background(),
		"SELECT count(*) FROM media_items WHERE athlete_id NOT IN (SELECT id FROM athletes WHERE is_demo)").Scan(&n))
	return n
}

func TestUploadStoresTheFileAndQueuesProcessing(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)
	img := testPNG(t)

	item := uploadPhoto(t, c, athlete, img)
	require.Equal(t, "image", item.MediaType)
	require.Equal(t, "image/png", item.MimeType)
	require.Equal(t, "processing", item.Status)
	require.Equal(t, int64(len(img)), item.FileSize)
	require.True(t, item.IsPrivate, "uploads are private by default")
	require.Equal(t, []string{"game", "opening day"}, item.Tags)
	require.Equal(t, "2026-04-02", item.Date)
	require.NotContains(t, item.MediaURL, "IMG_0001", "keys are generated, never the user's file name")
	job := rivertest.RequireInserted(context.Background(), t, riverpgxv5.New(s.pool), jobs.MediaProcessArgs{}, &rivertest.RequireInsertedOpts{Queue: jobs.QueueMedia})
	require.Equal(t, item.ID, job.Args.MediaID)

	res := c.do("GET", item.MediaURL, nil)
	require.Equal(t, http.StatusOK, res.status)
	require.Equal(t, img, res.body, "the stored bytes are exactly the uploaded ones")
	require.Equal(t, "image/png", res.header.Get("Content-Type"))
	require.Equal(t, "nosniff", res.header.Get("X-Content-Type-Options"))

	res = c.do("GET", item.DownloadURL, nil)
	require.Contains(t, res.header.Get("Content-Disposition"), `attachment; filename="First pitch.png"`)

	list := decodeAs[[]mediaJSON](t, c.do("GET", fmt.Sprintf("/api/athletes/%d/media", athlete), nil))
	require.Len(t, list, 1)
	require.Len(t, decodeAs[[]mediaJSON](t, c.do("GET", fmt.Sprintf("/api/athletes/%d/media?type=video", athlete), nil)), 0)
	require.Len(t, decodeAs[[]mediaJSON](t, c.do("GET", fmt.Sprintf("/api/athletes/%d/media?q=OPENING", athlete), nil)), 1)
	require.Len(t, decodeAs[[]mediaJSON](t, c.do("GET", fmt.Sprintf("/api/athletes/%d/media?q=%%25", athlete), nil)), 0, "a search of symbols alone finds nothing")
}

func TestUploadRangeRequests(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)
	img := testPNG(t)
	item := uploadPhoto(t, c, athlete, img)

	res := c.do("GET", item.MediaURL, nil, "Range", "bytes=10-29")
	require.Equal(t, http.StatusPartialContent, res.status)
	require.Equal(t, img[10:30], res.body)
	require.Equal(t, fmt.Sprintf("bytes 10-29/%d", len(img)), res.header.Get("Content-Range"))
}

func TestUploadRefusals(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.app.cfg.media.maxFileBytes = 1 << 20
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)
	path := fmt.Sprintf("/api/athletes/%d/media", athlete)
	png := testPNG(t)

	cases := []struct {
		name     string
		fields   map[string]string
		fileName string
		file     io.Reader
		status   int
		message  string
	}{
		{"text named .jpg", photoFields, "notes.jpg", strings.NewReader("just some text, not a picture at all"), http.StatusUnsupportedMediaType, "Unsupported file type"},
		{"html", photoFields, "page.png", strings.NewReader("<!DOCTYPE html><html><script>alert(1)</script></html>"), http.StatusUnsupportedMediaType, "Unsupported file type"},
		{"too large", photoFields, "big.png", io.MultiReader(bytes.NewReader(png), io.LimitReader(zeros{}, 2<<20)), http.StatusRequestEntityTooLarge, "File is too large (the limit is 1 MB)"},
		{"no file", photoFields, "", nil, http.StatusBadRequest, "Please select a file to upload"},
		{"no title", map[string]string{"date": "2026-04-02"}, "a.png", bytes.NewReader(png), http.StatusBadRequest, "Please provide a title for the media"},
		{"bad tags", map[string]string{"title": "x", "tags": "not json"}, "a.png", bytes.NewReader(png), http.StatusBadRequest, "tags must be a JSON list of text"},
		{"long tag", map[string]string{"title": "x", "tags": `["` + strings.Repeat("t", 41) + `"]`}, "a.png", bytes.NewReader(png), http.StatusBadRequest, "Tags must be at most 40 characters"},
	}
	for _, tc := range cases {
		res := c.upload(path, tc.fields, tc.fileName, tc.file)
		require.Equal(t, tc.status, res.status, "%s: %s", tc.name, res.body)
		require.Equal(t, tc.message, res.message(t), tc.name)
	}
	require.Zero(t, s.mediaRows(t), "no row is left behind")
	require.Empty(t, s.storedFiles(t), "no file is left behind")

	res := c.do("POST", path, `{"title":"x"}`)
	require.Equal(t, http.StatusBadRequest, res.status)
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

func TestUploadQuota(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	png := testPNG(t)
	s.app.cfg.media.quotaBytes = int64(len(png))*2 + 100
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)

	uploadPhoto(t, c, athlete, png)
	uploadPhoto(t, c, athlete, png)
	res := c.upload(fmt.Sprintf("/api/athletes/%d/media", athlete), photoFields, "c.png", bytes.NewReader(png))
	require.Equal(t, http.StatusRequestEntityTooLarge, res.status)
	require.Equal(t, "Storage limit reached for your plan", res.message(t))
	require.Equal(t, 2, s.mediaRows(t))
	require.Len(t, s.storedFiles(t), 2)

	usage := decodeAs[map[string]any](t, c.do("GET", fmt.Sprintf("/api/athletes/%d/media/usage", athlete), nil))
	require.EqualValues(t, len(png)*2, usage["usedBytes"])
	require.EqualValues(t, s.app.cfg.media.quotaBytes, usage["quotaBytes"])
	require.Equal(t, "File is too large (the limit is 50 MB)", usage["fileTooLargeMessage"], "the operator's MEDIA_MAX_FILE_MB wording")
}

func TestBrokenOffUploadLeavesNothing(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)

	// A body that claims to be multipart but stops in the middle of the file.
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	part, err := mw.CreateFormFile("file", "a.png")
	require.NoError(t, err)
	part.Write(testPNG(t))
	part.Write(bytes.Repeat([]byte{1}, 100_000))
	req, err := http.NewRequest("POST", fmt.Sprintf("%s/api/athletes/%d/media", s.URL, athlete), bytes.NewReader(body.Bytes()))
	require.NoError(t, err)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	res, err := c.http.Do(req)
	require.NoError(t, err)
	res.Body.Close()

	require.Equal(t, http.StatusBadRequest, res.StatusCode)
	require.Zero(t, s.mediaRows(t))
	require.Empty(t, s.storedFiles(t))
}

// TestUploadMemoryStaysFlat streams 300 MB through the real handler and watches the heap.
func TestUploadMemoryStaysFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 300 MB")
	}
	s := newTestServer(t)
	s.app.cfg.media.maxFileBytes = 400 << 20
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)
	const size = 300 << 20

	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	var peak uint64
	var mu sync.Mutex
	done := make(chan struct{})
	go func() {
		var m runtime.MemStats
		for {
			select {
			case <-done:
				return
			case <-time.After(20 * time.Millisecond):
				runtime.ReadMemStats(&m)
				mu.Lock()
				peak = max(peak, m.HeapAlloc)
				mu.Unlock()
			}
		}
	}()
	res := c.upload(fmt.Sprintf("/api/athletes/%d/media", athlete), photoFields, "huge.png",
		io.MultiReader(bytes.NewReader(testPNG(t)), io.LimitReader(zeros{}, size)))
	close(done)

	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	require.Greater(t, decodeAs[mediaJSON](t, res).FileSize, int64(size))
	mu.Lock()
	growth := int64(peak) - int64(before.HeapAlloc)
	mu.Unlock()
	t.Logf("heap before %d MB, peak %d MB", before.HeapAlloc>>20, peak>>20)
	require.Less(t, growth, int64(32<<20), "a 300 MB upload grew the heap by %d MB", growth>>20)
}

func TestMediaEditFavoriteDelete(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)
	item := uploadPhoto(t, c, athlete, testPNG(t))
	path := fmt.Sprintf("/api/media/%d", item.ID)

	res := c.do("PUT", path, map[string]any{"title": "Opening day", "description": "", "date": "2026-04-03", "tags": []string{"season"}, "isPrivate": false})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	edited := decodeAs[mediaJSON](t, res)
	require.Equal(t, "Opening day", edited.Title)
	require.False(t, edited.IsPrivate)
	require.Equal(t, http.StatusBadRequest, c.do("PUT", path, map[string]any{"title": " "}).status)

	require.True(t, decodeAs[mediaJSON](t, c.do("PATCH", path+"/favorite", nil)).IsFavorite)

	// Edits follow the tag rule of uploads and journal entries: at most 20 tags of 40 characters,
	// trimmed and without duplicates.
	var many []string
	for i := range 500 {
		many = append(many, fmt.Sprintf("%03d%s", i, strings.Repeat("x", 297)))
	}
	res = c.do("PUT", path, map[string]any{"title": "Opening day", "tags": many})
	require.Equal(t, http.StatusBadRequest, res.status)
	require.Equal(t, "Tags must be at most 40 characters", res.fieldErrors(t)["tags"])
	res = c.do("PUT", path, map[string]any{"title": "Opening day", "tags": many[:21]})
	require.Equal(t, http.StatusBadRequest, res.status)
	many21 := make([]string, 21)
	for i := range many21 {
		many21[i] = fmt.Sprintf("tag %d", i)
	}
	res = c.do("PUT", path, map[string]any{"title": "Opening day", "tags": many21})
	require.Equal(t, http.StatusBadRequest, res.status)
	require.Equal(t, "Use at most 20 tags", res.fieldErrors(t)["tags"])
	res = c.do("PUT", path, map[string]any{"title": "Opening day", "tags": []string{" season ", "Season", "playoffs"}})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Equal(t, []string{"season", "playoffs"}, decodeAs[mediaJSON](t, res).Tags)

	require.Equal(t, http.StatusNoContent, c.do("DELETE", path, nil).status)
	require.Equal(t, http.StatusNotFound, c.do("GET", path, nil).status)
	require.Equal(t, http.StatusNotFound, c.do("GET", item.MediaURL, nil).status, "the file is no longer served")
	job := rivertest.RequireInserted(context.Background(), t, riverpgxv5.New(s.pool), jobs.MediaDeleteArgs{}, nil)
	require.Equal(t, []string{strings.TrimPrefix(item.MediaURL, "/api/uploads/")}, job.Args.Keys)
}

func TestShareLinks(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)
	img := testPNG(t)
	item := uploadPhoto(t, c, athlete, img)
	other := uploadPhoto(t, c, athlete, img)
	visitor := s.newClient(t)

	res := c.do("POST", fmt.Sprintf("/api/media/%d/share", item.ID), map[string]any{"makeShareable": true})
	require.Equal(t, http.StatusCreated, res.status)
	share := decodeAs[map[string]string](t, res)
	code := share["shareCode"]
	require.Len(t, code, 12)
	require.Equal(t, "http://localhost:8080/share/"+code, share["shareUrl"])
	again := decodeAs[map[string]string](t, c.do("POST", fmt.Sprintf("/api/media/%d/share", item.ID), nil))
	require.Equal(t, code, again["shareCode"], "sharing twice gives the same link")

	res = visitor.do("GET", "/api/share/"+code, nil)
	require.Equal(t, http.StatusOK, res.status)
	shared := res.json(t)
	require.Equal(t, "First pitch", shared["title"])
	require.Equal(t, "Jordan Lee", shared["athleteName"])
	require.Equal(t, "Baseball", shared["sportType"])
	require.Equal(t, "/api/share/"+code+"/media", shared["mediaUrl"])
	require.NotContains(t, string(res.body), "uploads", "the share page never learns storage keys")

	file := visitor.do("GET", "/api/share/"+code+"/media", nil)
	require.Equal(t, http.StatusOK, file.status)
	require.Equal(t, img, file.body)
	require.Equal(t, "private, no-store", file.header.Get("Cache-Control"), "no shared cache may keep a file whose link can be turned off")
	require.Equal(t, http.StatusUnauthorized, visitor.do("GET", item.MediaURL, nil).status, "the storage URL itself stays private")
	require.Equal(t, http.StatusUnauthorized, visitor.do("GET", other.MediaURL, nil).status)

	require.Equal(t, http.StatusNoContent, c.do("DELETE", fmt.Sprintf("/api/media/%d/share", item.ID), nil).status)
	res = visitor.do("GET", "/api/share/"+code, nil)
	require.Equal(t, http.StatusNotFound, res.status)
	require.Equal(t, "This share link doesn't exist or has been turned off", res.message(t))
	require.Equal(t, http.StatusNotFound, visitor.do("GET", "/api/share/"+code+"/media", nil).status)
	require.Equal(t, http.StatusNotFound, visitor.do("GET", "/api/share/abc", nil).status)
}

// TestShareLinksRespectPrivacy: a private item (uploads are private by default) gets a public link
// only when the caller asks to make it shareable; an item turning private, or the media section
// turning private, turns its link off at once and for good; a private section refuses new links.
func TestShareLinksRespectPrivacy(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	item := uploadPhoto(t, owner, athlete, testPNG(t))
	require.True(t, item.IsPrivate, "uploads start private")
	visitor := s.newClient(t)
	sharePath := fmt.Sprintf("/api/media/%d/share", item.ID)
	itemPath := fmt.Sprintf("/api/media/%d", item.ID)
	privacyPath := fmt.Sprintf("/api/athletes/%d/privacy-settings", athlete)
	privacy := func(media string) map[string]any {
		return map[string]any{"journal": "family", "media": media, "stats": "family", "milestones": "family", "recruiting": "family"}
	}
	shareCode := func(body any) string {
		t.Helper()
		res := owner.do("POST", sharePath, body)
		require.Equal(t, http.StatusCreated, res.status, string(res.body))
		return decodeAs[map[string]string](t, res)["shareCode"]
	}
	requireLinkOff := func(code, why string) {
		t.Helper()
		require.Equal(t, http.StatusNotFound, visitor.do("GET", "/api/share/"+code, nil).status, why)
		require.Equal(t, http.StatusNotFound, visitor.do("GET", "/api/share/"+code+"/media", nil).status, why)
	}

	res := owner.do("POST", sharePath, nil)
	require.Equal(t, http.StatusConflict, res.status)
	require.Equal(t, "This item is private. Make it shareable to create a public link.", res.message(t))
	require.Equal(t, http.StatusConflict, owner.do("POST", sharePath, map[string]any{"makeShareable": false}).status)
	require.Nil(t, decodeAs[mediaJSON](t, owner.do("GET", itemPath, nil)).ShareCode, "a refused share leaves no link")

	code := shareCode(map[string]any{"makeShareable": true})
	require.False(t, decodeAs[mediaJSON](t, owner.do("GET", itemPath, nil)).IsPrivate, "making it shareable clears isPrivate")
	require.Equal(t, http.StatusOK, visitor.do("GET", "/api/share/"+code, nil).status)

	res = owner.do("PUT", itemPath, map[string]any{"title": "First pitch", "isPrivate": true})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Nil(t, decodeAs[mediaJSON](t, res).ShareCode)
	requireLinkOff(code, "the item turned private")
	require.Equal(t, http.StatusOK, owner.do("PUT", itemPath, map[string]any{"title": "First pitch", "isPrivate": false}).status)
	requireLinkOff(code, "making the item public again does not bring an old link back")

	code = shareCode(nil)
	require.Equal(t, http.StatusOK, owner.do("PUT", privacyPath, privacy("private")).status)
	requireLinkOff(code, "the media section turned private")
	require.Nil(t, decodeAs[mediaJSON](t, owner.do("GET", itemPath, nil)).ShareCode)
	res = owner.do("POST", sharePath, map[string]any{"makeShareable": true})
	require.Equal(t, http.StatusConflict, res.status)
	require.Equal(t, "The family keeps media private, so items cannot get public links. Change the media privacy setting first.", res.message(t))

	require.Equal(t, http.StatusOK, owner.do("PUT", privacyPath, privacy("family")).status)
	requireLinkOff(code, "sharing the section again does not bring an old link back")
	code = shareCode(nil)
	// A link that some other change left behind (an operator's edit) is refused when served.
	_, err := s.pool.Exec(context.Background(), "UPDATE media_items SET is_private = true WHERE id = $1", item.ID)
	require.NoError(t, err)
	requireLinkOff(code, "the item is private, whatever its share_code says")
}

// TestMediaAccess runs every media route and the uploads route as the owner, a stranger and a
// signed-out visitor, plus path tricks on /api/uploads.
func TestMediaAccess(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	item := uploadPhoto(t, owner, athlete, testPNG(t))
	stranger, _ := s.registered(t, "stranger@example.com")
	createAthlete(t, stranger)
	signedOut := s.newClient(t)

	routes := []struct {
		method, path string
		body         any
	}{
		{"GET", fmt.Sprintf("/api/athletes/%d/media", athlete), nil},
		{"GET", fmt.Sprintf("/api/athletes/%d/media/usage", athlete), nil},
		{"GET", fmt.Sprintf("/api/media/%d", item.ID), nil},
		{"PUT", fmt.Sprintf("/api/media/%d", item.ID), map[string]any{"title": "Hacked"}},
		{"PATCH", fmt.Sprintf("/api/media/%d/favorite", item.ID), nil},
		{"POST", fmt.Sprintf("/api/media/%d/share", item.ID), nil},
		{"DELETE", fmt.Sprintf("/api/media/%d/share", item.ID), nil},
		{"DELETE", fmt.Sprintf("/api/media/%d", item.ID), nil},
		{"GET", item.MediaURL, nil},
		{"GET", item.DownloadURL, nil},
	}
	for _, r := range routes {
		require.Equal(t, http.StatusNotFound, stranger.do(r.method, r.path, r.body).status, "stranger %s %s", r.method, r.path)
		require.Equal(t, http.StatusUnauthorized, signedOut.do(r.method, r.path, r.body).status, "signed out %s %s", r.method, r.path)
	}
	upload := fmt.Sprintf("/api/athletes/%d/media", athlete)
	require.Equal(t, http.StatusNotFound, stranger.upload(upload, photoFields, "x.png", bytes.NewReader(testPNG(t))).status)
	require.Equal(t, http.StatusUnauthorized, signedOut.upload(upload, photoFields, "x.png", bytes.NewReader(testPNG(t))).status)
	require.Equal(t, 1, s.mediaRows(t))
	require.Len(t, s.storedFiles(t), 1, "refused uploads stored nothing")

	key := strings.TrimPrefix(item.MediaURL, "/api/uploads/")
	for _, trick := range []string{
		"/api/uploads/..%2f..%2fetc%2fpasswd", "/api/uploads/%2e%2e", "/api/uploads/" + key + "%2f..", "/api/uploads/.." + key,
		"/api/uploads/unknown.png", "/api/uploads/" + strings.ToUpper(key),
	} {
		res := owner.do("GET", trick, nil)
		require.Equal(t, http.StatusNotFound, res.status, trick)
	}
	require.Equal(t, http.StatusOK, owner.do("GET", item.MediaURL, nil).status)
	require.Equal(t, "First pitch", decodeAs[mediaJSON](t, owner.do("GET", fmt.Sprintf("/api/media/%d", item.ID), nil)).Title)
}

// TestRetryFailedMedia: Try again puts an item whose processing failed back to processing with a
// new job in the same transaction — processing for an upload, a trim for a clip — and refuses an
// item that did not fail.
func TestRetryFailedMedia(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)
	item := uploadPhoto(t, c, athlete, testPNG(t))
	ctx := context.Background()
	jobsOfKind := func(kind string) int {
		var n int
		require.NoError(t, s.pool.QueryRow(ctx, "SELECT count(*) FROM river_job WHERE kind = $1", kind).Scan(&n))
		return n
	}
	path := fmt.Sprintf("/api/media/%d/retry", item.ID)

	res := c.do("POST", path, nil)
	require.Equal(t, http.StatusConflict, res.status)
	require.Equal(t, "Only media that failed to process can be tried again", res.message(t))
	require.Equal(t, 1, jobsOfKind("media_process"), "the upload's own job only")

	_, err := s.pool.Exec(ctx, "UPDATE media_items SET status = 'failed', status_reason = 'We couldn''t process this file.' WHERE id = $1", item.ID)
	require.NoError(t, err)
	res = c.do("POST", path, nil)
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	retried := decodeAs[mediaJSON](t, res)
	require.Equal(t, "processing", retried.Status)
	require.Equal(t, 2, jobsOfKind("media_process"))
	require.Equal(t, http.StatusConflict, c.do("POST", path, nil).status, "already processing again")

	_, err = s.pool.Exec(ctx, "UPDATE media_items SET status = 'failed', clip_start = 1, clip_end = 3 WHERE id = $1", item.ID)
	require.NoError(t, err)
	require.Equal(t, http.StatusAccepted, c.do("POST", path, nil).status)
	require.Equal(t, 1, jobsOfKind("media_trim"), "a clip is cut again")
	require.Equal(t, 2, jobsOfKind("media_process"))
}

// mediaMatrix: the library, its files, resumable uploads, the video editor and share links.
var mediaMatrix = matrixArea{
	outside: map[string]int{
		"GET /api/share/:code":           http.StatusNotFound,
		"GET /api/share/:code/media":     http.StatusNotFound,
		"GET /api/share/:code/thumbnail": http.StatusNotFound,
	},
	rows: func(m *matrix) []matrixRoute {
		photo := func() int64 { return uploadPhoto(m.t, m.owner, m.athlete, m.png).ID }
		video := func() int64 { return readyVideo(m.t, m.s, m.athlete, "ready") }
		item := func(suffix string) func() string { return pathOf("/api/media/%d"+suffix, photo) }
		clip := func(suffix string) func() string { return pathOf("/api/media/%d"+suffix, video) }
		upload := func(c *client) int {
			return c.upload(fmt.Sprintf("/api/athletes/%d/media?allowDuplicate=true", m.athlete), photoFields, "p.png", bytes.NewReader(m.png)).status
		}
		// Resumable uploads: made by those who upload; an upload is then its creator's alone (the
		// owner's here, so an editor is told it does not exist).
		film := gameFilm(m.t, 5000)
		tus := func(c *client, method, path string, extra ...string) int {
			return c.do(method, path, nil, append([]string{"Tus-Resumable", "1.0.0"}, extra...)...).status
		}
		creation := fmt.Sprintf("/api/athletes/%d/media/uploads", m.athlete)
		// Each row's upload is terminated once the next is made, so the owner stays under the plan's
		// cap on open uploads.
		var lastOwned string
		owned := func() string {
			if lastOwned != "" {
				tus(m.owner, "DELETE", lastOwned)
			}
			lastOwned = createTus(m.t, m.owner, m.athlete, int64(len(film)), filmFields)
			return lastOwned
		}
		ownersUpload := func(success int) [5]int { return [5]int{success, denied, hidden, denied, denied} }
		return []matrixRoute{
			{route: "GET /api/athletes/:id/media", path: m.athletePath("/media"), body: noBody, want: everyoneSees},
			{route: "GET /api/athletes/:id/media/summary", path: m.athletePath("/media/summary"), body: noBody, want: everyoneSees},
			{route: "GET /api/athletes/:id/media/usage", path: m.athletePath("/media/usage"), body: noBody, want: editsAthlete(ok)}, // for those who upload
			{route: "POST /api/athletes/:id/media", call: upload, want: editsAthlete(accepted)},
			{route: "GET /api/media/:id", path: item(""), body: noBody, want: seesItem(ok)},
			{route: "PUT /api/media/:id", path: item(""), body: func() any { return map[string]any{"title": "New"} }, want: editsItem(ok)},
			{route: "DELETE /api/media/:id", path: item(""), body: noBody, want: editsItem(deleted)},
			{route: "PATCH /api/media/:id/favorite", path: item("/favorite"), body: noBody, want: editsItem(ok)},
			{route: "POST /api/media/:id/share", path: item("/share"), body: func() any { return map[string]any{"makeShareable": true} }, want: editsItem(created)},
			{route: "DELETE /api/media/:id/share", path: item("/share"), body: noBody, want: editsItem(deleted)},
			// Allowed, but the video did not fail: 409 (TestRetryFailedMedia covers the retry itself).
			{route: "POST /api/media/:id/retry", path: item("/retry"), body: noBody, want: editsItem(http.StatusConflict)},
			{route: "GET /api/media/:id/highlights", path: clip("/highlights"), body: noBody, want: seesItem(ok)},
			{route: "POST /api/media/:id/highlights", path: clip("/highlights"), body: noBody, want: editsItem(accepted)},
			{route: "POST /api/media/:id/trim", path: clip("/trim"), body: func() any { return map[string]any{"startTime": 1, "endTime": 3} }, want: editsItem(accepted)},
			{route: "GET /api/uploads/:key", path: func() string { return uploadPhoto(m.t, m.owner, m.athlete, m.png).MediaURL }, body: noBody, want: seesItem(ok)},
			{route: "OPTIONS /api/athletes/:id/media/uploads", call: func(c *client) int { return tus(c, "OPTIONS", creation) }, want: editsAthlete(http.StatusNoContent)},
			{route: "POST /api/athletes/:id/media/uploads", call: func(c *client) int {
				res := c.do("POST", creation, nil, "Tus-Resumable", "1.0.0", "Upload-Length", "5000", "Upload-Metadata", tusMetadata(filmFields))
				if res.status == created {
					tus(c, "DELETE", res.header.Get("Location")) // not left open
				}
				return res.status
			}, want: editsAthlete(created)},
			{route: "HEAD /api/media/uploads/:id", call: func(c *client) int { return tus(c, "HEAD", owned()) }, want: ownersUpload(ok)},
			{route: "PATCH /api/media/uploads/:id", call: func(c *client) int { return patchTus(c, owned(), 0, film).status }, want: ownersUpload(deleted)},
			{route: "DELETE /api/media/uploads/:id", call: func(c *client) int { return tus(c, "DELETE", owned()) }, want: ownersUpload(deleted)},
		}
	},
}
