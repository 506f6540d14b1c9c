package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/media/s3test"
)

// tusMetadata encodes fields as Upload-Metadata.
func tusMetadata(fields map[string]string) string {
	var pairs []string
	for k, v := range fields {
		pairs = append(pairs, k+" "+base64.StdEncoding.EncodeToString([]byte(v)))
	}
	slices.Sort(pairs)
	return strings.Join(pairs, ",")
}

// filmFields are a resumable upload's item fields, as the upload dialog sends them.
var filmFields = map[string]string{"filename": "semifinal.mp4", "title": "Semifinal, full game", "date": "2026-05-02",
	"description": "Filmed from the stands", "isPrivate": "true", "tags": `["playoffs"]`}

// createTus starts a resumable upload of length bytes and answers its address.
func createTus(t *testing.T, c *client, athlete, length int64, fields map[string]string) string {
	t.Helper()
	res := c.do("POST", fmt.Sprintf("/api/athletes/%d/media/uploads", athlete), nil, "Tus-Resumable", "1.0.0",
		"Upload-Length", strconv.FormatInt(length, 10), "Upload-Metadata", tusMetadata(fields))
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	require.Equal(t, "1.0.0", res.header.Get("Tus-Resumable"))
	location := res.header.Get("Location")
	require.Regexp(t, `^/api/media/uploads/\d+$`, location)
	return location
}

func patchTus(c *client, location string, offset int64, chunk []byte) response {
	return c.do("PATCH", location, string(chunk), "Tus-Resumable", "1.0.0", "Content-Type", "application/offset+octet-stream",
		"Upload-Offset", strconv.FormatInt(offset, 10))
}

func headTus(c *client, location string) response {
	return c.do("HEAD", location, nil, "Tus-Resumable", "1.0.0")
}

func offsetOf(t *testing.T, res response) int64 {
	t.Helper()
	n, err := strconv.ParseInt(res.header.Get("Upload-Offset"), 10, 64)
	require.NoError(t, err, "Upload-Offset %q", res.header.Get("Upload-Offset"))
	return n
}

// gameFilm is a file the server takes (a JPEG's first bytes are all it sniffs) of n bytes.
func gameFilm(t *testing.T, n int) []byte {
	t.Helper()
	b := make([]byte, n)
	_, _ = rand.Read(b)
	copy(b, "\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00")
	return b
}

// cutOffPatch sends a PATCH announcing the whole rest of the file, sends only sent bytes of it and
// drops the connection, as a phone losing its signal does.
func cutOffPatch(t *testing.T, s *testServer, c *client, location string, offset int64, rest []byte, sent int) {
	t.Helper()
	u, err := url.Parse(s.URL)
	require.NoError(t, err)
	conn, err := net.Dial("tcp", u.Host)
	require.NoError(t, err)
	cookie := s.sessionCookie(c)
	fmt.Fprintf(conn, "PATCH %s HTTP/1.1\r\nHost: %s\r\nCookie: %s=%s\r\nTus-Resumable: 1.0.0\r\nContent-Type: application/offset+octet-stream\r\nUpload-Offset: %d\r\nContent-Length: %d\r\n\r\n",
		location, u.Host, cookie.Name, cookie.Value, offset, len(rest))
	_, err = conn.Write(rest[:sent])
	require.NoError(t, err)
	require.NoError(t, conn.Close())
}

// waitRecorded waits until the server has recorded a cut-off PATCH's bytes and let the upload go.
func waitRecorded(t *testing.T, s *testServer, location string, offset int64) {
	t.Helper()
	id := strings.TrimPrefix(location, "/api/media/uploads/")
	require.Eventually(t, func() bool {
		var held bool
		var at int64
		require.NoError(t, s.pool.QueryRow(context.Background(), `SELECT lock_token IS NOT NULL, upload_offset FROM media_uploads WHERE id = $1`, id).Scan(&held, &at))
		return !held && at == offset
	}, 10*time.Second, 20*time.Millisecond)
}

// TestResumableUploadResumesAfterACutOff: a video's upload is cut off mid-way; HEAD tells how much
// arrived, a PATCH at another offset is refused (409), the rest goes on from there, and the last
// byte makes one media item — processing, with its job, the item's fields from the metadata — whose
// file is the video byte for byte.
func TestResumableUploadResumesAfterACutOff(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, ownerID := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	film := gameFilm(t, 3<<20+17)
	location := createTus(t, owner, athlete, int64(len(film)), filmFields)

	res := headTus(owner, location)
	require.Equal(t, http.StatusOK, res.status)
	require.Equal(t, int64(0), offsetOf(t, res))
	require.Equal(t, strconv.Itoa(len(film)), res.header.Get("Upload-Length"))
	require.Equal(t, tusMetadata(filmFields), res.header.Get("Upload-Metadata"))
	require.Equal(t, "no-store", res.header.Get("Cache-Control"))
	expires, err := http.ParseTime(res.header.Get("Upload-Expires"))
	require.NoError(t, err)
	require.WithinDuration(t, time.Now().Add(24*time.Hour), expires, time.Minute)

	// The signal drops after 1 MiB and a bit: what arrived is kept.
	cutOffPatch(t, s, owner, location, 0, film, 1<<20+300)
	waitRecorded(t, s, location, 1<<20+300)
	res = headTus(owner, location)
	require.Equal(t, int64(1<<20+300), offsetOf(t, res), "the bytes before the cut are kept")

	// A client that lost track and starts over is told where the upload stands.
	res = patchTus(owner, location, 0, film)
	require.Equal(t, http.StatusConflict, res.status, string(res.body))
	require.Equal(t, "1048876", res.header.Get("Upload-Offset"))

	// A second cut, then the rest.
	offset := int64(1<<20 + 300)
	cutOffPatch(t, s, owner, location, offset, film[offset:], 5000)
	waitRecorded(t, s, location, offset+5000)
	offset = offsetOf(t, headTus(owner, location))
	require.Equal(t, int64(1<<20+5300), offset)
	res = patchTus(owner, location, offset, film[offset:])
	require.Equal(t, http.StatusNoContent, res.status, string(res.body))
	require.Equal(t, strconv.Itoa(len(film)), res.header.Get("Upload-Offset"))
	mediaID, err := strconv.ParseInt(res.header.Get("Media-Id"), 10, 64)
	require.NoError(t, err)

	// One item, as a form upload makes it.
	item := decodeAs[mediaJSON](t, owner.do("GET", fmt.Sprintf("/api/media/%d", mediaID), nil))
	require.Equal(t, "Semifinal, full game", item.Title)
	require.Equal(t, "processing", item.Status)
	require.Equal(t, []string{"playoffs"}, item.Tags)
	items := decodeAs[[]mediaJSON](t, owner.do("GET", fmt.Sprintf("/api/athletes/%d/media", athlete), nil))
	require.Len(t, items, 1)
	var uploadedBy int64
	var mediaDate, description string
	require.NoError(t, s.pool.QueryRow(context.Background(), `SELECT uploaded_by, media_date::text, description FROM media_items WHERE id = $1`, mediaID).
		Scan(&uploadedBy, &mediaDate, &description))
	require.Equal(t, []any{ownerID, "2026-05-02", "Filmed from the stands"}, []any{uploadedBy, mediaDate, description})
	job := rivertest.RequireInserted(context.Background(), t, riverpgxv5.New(s.pool), jobs.MediaProcessArgs{}, nil)
	require.Equal(t, mediaID, job.Args.MediaID)
	got := owner.do("GET", item.MediaURL, nil)
	require.Equal(t, http.StatusOK, got.status)
	require.True(t, bytes.Equal(film, got.body), "the stored file is the video byte for byte")

	// The three pieces are queued for removal with the item's row; the original stays.
	removal := rivertest.RequireInserted(context.Background(), t, riverpgxv5.New(s.pool), jobs.MediaDeleteArgs{}, nil)
	require.Len(t, removal.Args.Keys, 3)
	s.startWorkers(t)
	require.Eventually(t, func() bool { return len(s.storedFiles(t)) == 1 }, 20*time.Second, 20*time.Millisecond)
	require.Equal(t, []string{strings.TrimPrefix(item.MediaURL, "/api/uploads/")}, s.storedFiles(t))

	// A client that missed the last answer learns the outcome from HEAD, and a retried last PATCH is done.
	res = headTus(owner, location)
	require.Equal(t, http.StatusOK, res.status)
	require.Equal(t, strconv.Itoa(len(film)), res.header.Get("Upload-Offset"))
	require.Equal(t, strconv.FormatInt(mediaID, 10), res.header.Get("Media-Id"))
	require.Equal(t, http.StatusNoContent, patchTus(owner, location, int64(len(film)), nil).status)
	require.Len(t, decodeAs[[]mediaJSON](t, owner.do("GET", fmt.Sprintf("/api/athletes/%d/media", athlete), nil)), 1)
}

// TestResumableUploadRefusals: the protocol version, the plan's limits at creation (413 in the
// plan's words), the item's fields, the body's type, bytes beyond the length, and content that is
// not media (415, and the upload is gone with everything it stored).
func TestResumableUploadRefusals(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, func(cfg *config) { cfg.media.quotaBytes = 10 << 20 })
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	create := fmt.Sprintf("/api/athletes/%d/media/uploads", athlete)
	meta := tusMetadata(filmFields)

	res := owner.do("POST", create, nil, "Upload-Length", "100", "Upload-Metadata", meta)
	require.Equal(t, http.StatusPreconditionFailed, res.status, "no Tus-Resumable")
	require.Equal(t, "1.0.0", res.header.Get("Tus-Version"))
	res = owner.do("OPTIONS", create, nil)
	require.Equal(t, http.StatusNoContent, res.status)
	require.Equal(t, "creation,expiration,termination", res.header.Get("Tus-Extension"))
	require.Equal(t, strconv.Itoa(50<<20), res.header.Get("Tus-Max-Size"))

	res = owner.do("POST", create, nil, "Tus-Resumable", "1.0.0", "Upload-Length", strconv.Itoa(50<<20+1), "Upload-Metadata", meta)
	require.Equal(t, http.StatusRequestEntityTooLarge, res.status)
	require.Equal(t, "File is too large (the limit is 50 MB)", res.message(t))
	res = owner.do("POST", create, nil, "Tus-Resumable", "1.0.0", "Upload-Length", strconv.Itoa(11<<20), "Upload-Metadata", meta)
	require.Equal(t, http.StatusRequestEntityTooLarge, res.status)
	require.Equal(t, "Storage limit reached for your plan", res.message(t))
	res = owner.do("POST", create, nil, "Tus-Resumable", "1.0.0", "Upload-Length", "100", "Upload-Metadata", tusMetadata(map[string]string{"filename": "x.mp4"}))
	require.Equal(t, http.StatusBadRequest, res.status)
	require.Equal(t, "Please provide a title for the media", res.fieldErrors(t)["title"])
	res = owner.do("POST", create, nil, "Tus-Resumable", "1.0.0", "Upload-Length", "many", "Upload-Metadata", meta)
	require.Equal(t, http.StatusBadRequest, res.status)
	res = owner.do("POST", create, nil, "Tus-Resumable", "1.0.0", "Upload-Length", "100", "Upload-Metadata", "title not-base64!")
	require.Equal(t, http.StatusBadRequest, res.status)

	film := gameFilm(t, 10_000)
	location := createTus(t, owner, athlete, int64(len(film)), filmFields)
	res = owner.do("PATCH", location, string(film), "Tus-Resumable", "1.0.0", "Upload-Offset", "0", "Content-Type", "application/octet-stream")
	require.Equal(t, http.StatusUnsupportedMediaType, res.status)
	res = patchTus(owner, location, 0, append(slices.Clone(film), 'x'))
	require.Equal(t, http.StatusRequestEntityTooLarge, res.status)
	require.Equal(t, int64(0), offsetOf(t, headTus(owner, location)), "nothing of it was kept")
	require.Empty(t, s.storedFiles(t))

	// Not media: refused on its first bytes, and nothing of the upload is left.
	text := []byte(strings.Repeat("<html><script>alert(1)</script></html>\n", 200))
	location = createTus(t, owner, athlete, int64(len(text)), filmFields)
	res = patchTus(owner, location, 0, text[:100]) // too few bytes to tell yet
	require.Equal(t, http.StatusNoContent, res.status, string(res.body))
	res = patchTus(owner, location, 100, text[100:])
	require.Equal(t, http.StatusUnsupportedMediaType, res.status)
	require.Equal(t, "Unsupported file type", res.message(t))
	require.Equal(t, http.StatusNotFound, headTus(owner, location).status)
	var rows int
	require.NoError(t, s.pool.QueryRow(context.Background(), `SELECT count(*) FROM media_uploads WHERE id = $1`, strings.TrimPrefix(location, "/api/media/uploads/")).Scan(&rows))
	require.Zero(t, rows)
	s.startWorkers(t)
	require.Eventually(t, func() bool { return len(s.storedFiles(t)) == 0 }, 20*time.Second, 20*time.Millisecond, "the first 100 bytes' piece is removed")
	require.Empty(t, decodeAs[[]mediaJSON](t, owner.do("GET", fmt.Sprintf("/api/athletes/%d/media", athlete), nil)))
}

// TestResumableUploadBelongsToItsCreator: a stranger and a signed-out visitor cannot reach an
// upload, nor can another family member who may upload too; termination removes it and its bytes.
func TestResumableUploadBelongsToItsCreator(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	editor, _ := s.member(t, athlete, "editor@example.com", "editor", "parent")
	stranger, _ := s.registered(t, "stranger@example.com")
	signedOut := s.newClient(t)
	film := gameFilm(t, 20_000)
	location := createTus(t, owner, athlete, int64(len(film)), filmFields)
	require.Equal(t, http.StatusNoContent, patchTus(owner, location, 0, film[:8000]).status)

	for name, c := range map[string]*client{"editor": editor, "stranger": stranger} {
		require.Equal(t, http.StatusNotFound, headTus(c, location).status, name)
		require.Equal(t, http.StatusNotFound, patchTus(c, location, 8000, film[8000:]).status, name)
		require.Equal(t, http.StatusNotFound, c.do("DELETE", location, nil, "Tus-Resumable", "1.0.0").status, name)
	}
	// Another site's page cannot drive the owner's browser: Go's cross-origin protection refuses the
	// state-changing methods (POST, PATCH, DELETE) and lets HEAD, which changes nothing, through.
	crossSite := []string{"Tus-Resumable", "1.0.0", "Sec-Fetch-Site", "cross-site"}
	require.Equal(t, http.StatusForbidden, owner.do("PATCH", location, string(film[8000:]), append(crossSite,
		"Content-Type", "application/offset+octet-stream", "Upload-Offset", "8000")...).status)
	require.Equal(t, http.StatusForbidden, owner.do("DELETE", location, nil, crossSite...).status)
	require.Equal(t, http.StatusForbidden, owner.do("POST", fmt.Sprintf("/api/athletes/%d/media/uploads", athlete), nil,
		append(crossSite, "Upload-Length", "10", "Upload-Metadata", tusMetadata(filmFields))...).status)
	require.Equal(t, http.StatusOK, owner.do("HEAD", location, nil, crossSite...).status)
	require.Equal(t, http.StatusUnauthorized, headTus(signedOut, location).status)
	require.Equal(t, http.StatusUnauthorized, patchTus(signedOut, location, 8000, film[8000:]).status)
	require.Equal(t, http.StatusNotFound, stranger.do("POST", fmt.Sprintf("/api/athletes/%d/media/uploads", athlete), nil,
		"Tus-Resumable", "1.0.0", "Upload-Length", "10", "Upload-Metadata", tusMetadata(filmFields)).status)
	require.Equal(t, int64(8000), offsetOf(t, headTus(owner, location)), "untouched by them")
	require.Len(t, s.storedFiles(t), 1)
	require.Equal(t, http.StatusOK, headTus(editor, createTus(t, editor, athlete, 10, filmFields)).status, "an editor's own upload is theirs")

	res := owner.do("DELETE", location, nil, "Tus-Resumable", "1.0.0")
	require.Equal(t, http.StatusNoContent, res.status)
	require.Equal(t, http.StatusNotFound, headTus(owner, location).status)
	require.Equal(t, http.StatusNotFound, patchTus(owner, location, 8000, film[8000:]).status)
	s.startWorkers(t)
	require.Eventually(t, func() bool { return len(s.storedFiles(t)) == 0 }, 20*time.Second, 20*time.Millisecond)
}

// TestResumableUploadsExpire: an upload nobody sent bytes to for a day is removed by the hourly job
// with its bytes; HEAD says so before the job runs (410), and a fresh upload stays.
func TestResumableUploadsExpire(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	film := gameFilm(t, 30_000)
	abandoned := createTus(t, owner, athlete, int64(len(film)), filmFields)
	require.Equal(t, http.StatusNoContent, patchTus(owner, abandoned, 0, film[:12000]).status)
	fresh := createTus(t, owner, athlete, int64(len(film)), filmFields)
	require.Equal(t, http.StatusNoContent, patchTus(owner, fresh, 0, film[:5000]).status)
	files := s.storedFiles(t)
	require.Len(t, files, 2)

	_, err := s.pool.Exec(context.Background(), `UPDATE media_uploads SET expires_at = now() - interval '1 minute', updated_at = now() - interval '25 hours' WHERE id = $1`,
		strings.TrimPrefix(abandoned, "/api/media/uploads/"))
	require.NoError(t, err)
	require.Equal(t, http.StatusGone, headTus(owner, abandoned).status)
	require.Equal(t, http.StatusGone, patchTus(owner, abandoned, 12000, film[12000:]).status)

	s.startWorkers(t)
	_, err = s.app.jobs.Insert(context.Background(), jobs.MediaUploadExpireArgs{}, nil)
	require.NoError(t, err)
	require.Eventually(t, func() bool { return len(s.storedFiles(t)) == 1 }, 20*time.Second, 20*time.Millisecond, "the abandoned upload's bytes are removed")
	require.Equal(t, http.StatusNotFound, headTus(owner, abandoned).status)
	require.Equal(t, int64(5000), offsetOf(t, headTus(owner, fresh)))
	require.Equal(t, http.StatusNoContent, patchTus(owner, fresh, 5000, film[5000:]).status)
}

// TestUploadsOnS3: with STORAGE=s3 a form upload of several multipart parts (16 MiB each) and
// resumable uploads cut off after a piece S3 can compose (≥ 5 MiB) and after one it cannot come back
// byte for byte, and the bucket ends with exactly the items' files.
func TestUploadsOnS3(t *testing.T) {
	t.Parallel()
	server := s3test.Start(t)
	s := newTestServer(t, func(cfg *config) {
		cfg.media.kind = "s3"
		cfg.media.s3 = media.S3Config{Endpoint: server.Endpoint, Bucket: server.Bucket, AccessKey: server.AccessKey, SecretKey: server.SecretKey, Region: server.Region}
	})
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)

	film := gameFilm(t, 40<<20+3)
	res := owner.upload(fmt.Sprintf("/api/athletes/%d/media", athlete), photoFields, "film.jpg", bytes.NewReader(film))
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	item := decodeAs[mediaJSON](t, res)
	require.True(t, bytes.Equal(film, owner.do("GET", item.MediaURL, nil).body), "the form upload, byte for byte")

	for name, cut := range map[string]int{"composed on the server": 6 << 20, "streamed": 100_000} {
		film := gameFilm(t, 7<<20+5)
		location := createTus(t, owner, athlete, int64(len(film)), filmFields)
		cutOffPatch(t, s, owner, location, 0, film, cut)
		waitRecorded(t, s, location, int64(cut))
		res := patchTus(owner, location, int64(cut), film[cut:])
		require.Equal(t, http.StatusNoContent, res.status, "%s: %s", name, res.body)
		item := decodeAs[mediaJSON](t, owner.do("GET", "/api/media/"+res.header.Get("Media-Id"), nil))
		require.True(t, bytes.Equal(film, owner.do("GET", item.MediaURL, nil).body), name)
	}

	bucket, err := minio.New(server.Endpoint, &minio.Options{Creds: credentials.NewStaticV4(server.AccessKey, server.SecretKey, ""), Region: server.Region})
	require.NoError(t, err)
	s.startWorkers(t)
	require.Eventually(t, func() bool {
		var keys []string
		for obj := range bucket.ListObjects(context.Background(), server.Bucket, minio.ListObjectsOptions{Recursive: true}) {
			keys = append(keys, obj.Key)
		}
		return len(keys) == 3 && !slices.ContainsFunc(keys, func(k string) bool { return strings.HasSuffix(k, ".part") })
	}, 30*time.Second, 50*time.Millisecond, "only the three originals are left (random bytes make no thumbnails)")
}

// TestResumableUploadAfterADeadPatch: a PATCH whose process died holds the upload only until its lease
// runs out (423 meanwhile); the next PATCH takes over and removes the piece the dead one had stored
// without recording it.
func TestResumableUploadAfterADeadPatch(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	film := gameFilm(t, 20_000)
	location := createTus(t, owner, athlete, int64(len(film)), filmFields)
	require.Equal(t, http.StatusNoContent, patchTus(owner, location, 0, film[:8000]).status)
	id := strings.TrimPrefix(location, "/api/media/uploads/")
	dead := "upload" + id + "-dead.part"
	_, err := s.app.storage.Put(context.Background(), dead, bytes.NewReader(film[8000:12000]))
	require.NoError(t, err)
	_, err = s.pool.Exec(context.Background(), `UPDATE media_uploads SET lock_token = 'dead', writing_key = $1, locked_until = now() + interval '1 minute' WHERE id = $2`, dead, id)
	require.NoError(t, err)

	res := patchTus(owner, location, 8000, film[8000:])
	require.Equal(t, http.StatusLocked, res.status, "held by the dead PATCH for now")
	require.Contains(t, s.storedFiles(t), dead)
	_, err = s.pool.Exec(context.Background(), `UPDATE media_uploads SET locked_until = now() - interval '1 second' WHERE id = $1`, id)
	require.NoError(t, err)
	res = patchTus(owner, location, 8000, film[8000:])
	require.Equal(t, http.StatusNoContent, res.status, string(res.body))
	require.NotContains(t, s.storedFiles(t), dead)
	item := decodeAs[mediaJSON](t, owner.do("GET", "/api/media/"+res.header.Get("Media-Id"), nil))
	require.True(t, bytes.Equal(film, owner.do("GET", item.MediaURL, nil).body))
}
