package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
	"legacylocker/store"
)

// TestOpenUploadsCountAgainstTheQuota: on Free (500 MB, five uploads open at once) twenty creations
// of 50 MB are refused once their declared lengths would pass the quota and, with room freed, once
// five are open; the status page counts what open uploads declared and received; the upload that
// completes counts once (its file, not its declaration too); a terminated upload frees its place.
func TestOpenUploadsCountAgainstTheQuota(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, func(cfg *config) { cfg.media.quotaBytes, cfg.media.maxFileBytes = 0, 0 }) // the plan's limits
	owner, ownerID := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	ctx := context.Background()
	const mb = int64(1) << 20
	small := gameFilm(t, 10_000)
	// Finished media holding all of Free's 500 MB but four 50 MB uploads and the small one.
	finished := 500*mb - 4*50*mb - int64(len(small))
	held, err := store.Q.MediaCreate(ctx, s.pool, store.MediaCreateParams{AthleteID: athlete, UploadedBy: &ownerID, Title: "Season film",
		MediaDate: time.Now(), MediaType: "video", MimeType: "video/mp4", OriginalKey: "season.mp4", FileSize: finished, Tags: []string{}})
	require.NoError(t, err)

	smallUpload := createTus(t, owner, athlete, int64(len(small)), filmFields)
	create := func() response {
		return owner.do("POST", fmt.Sprintf("/api/athletes/%d/media/uploads", athlete), nil, "Tus-Resumable", "1.0.0",
			"Upload-Length", strconv.FormatInt(50*mb, 10), "Upload-Metadata", tusMetadata(filmFields))
	}
	var created []string
	for i := range 20 {
		res := create()
		if i < 4 {
			require.Equal(t, http.StatusCreated, res.status, "creation %d: %s", i, res.body)
			created = append(created, res.header.Get("Location"))
			continue
		}
		require.Equal(t, http.StatusRequestEntityTooLarge, res.status, "creation %d", i)
		require.Equal(t, "Your Free plan holds 500 MB. Upgrade for more space.", res.message(t))
	}
	var rows int
	require.NoError(t, s.pool.QueryRow(ctx, `SELECT count(*) FROM media_uploads`).Scan(&rows))
	require.Equal(t, 5, rows, "the refused creations left nothing")

	// A form upload finds no room either: the open uploads hold it.
	res := owner.upload(fmt.Sprintf("/api/athletes/%d/media", athlete), map[string]string{"title": "Bench", "date": "2026-05-02"},
		"bench.png", bytes.NewReader(testPNG(t)))
	require.Equal(t, http.StatusRequestEntityTooLarge, res.status)

	// Partial pieces: one megabyte of one upload has arrived.
	film := gameFilm(t, int(mb))
	require.Equal(t, http.StatusNoContent, patchTus(owner, created[0], 0, film).status)
	status := decodeAs[subscriptionStatus](t, owner.do("GET", "/api/subscription/status", nil))
	assert.Equal(t, usageResponse{StorageBytes: 500 * mb, MediaBytes: finished, OpenUploads: 5, OpenUploadBytes: 4*50*mb + int64(len(small)),
		OpenUploadReceivedBytes: mb, Athletes: 1}, status.Usage)
	assert.Equal(t, 5, status.Limits.OpenUploads)

	// The small upload completes at exactly the quota: its declaration gives way to its file.
	res = patchTus(owner, smallUpload, 0, small)
	require.Equal(t, http.StatusNoContent, res.status, string(res.body))
	require.NotEmpty(t, res.header.Get("Media-Id"))
	status = decodeAs[subscriptionStatus](t, owner.do("GET", "/api/subscription/status", nil))
	assert.Equal(t, 500*mb, status.Usage.StorageBytes)
	assert.Equal(t, int64(4), status.Usage.OpenUploads)

	// Room again (the season film deleted): the open-upload cap is what stops the sixth.
	_, err = s.pool.Exec(ctx, `DELETE FROM media_items WHERE id = $1`, held.ID)
	require.NoError(t, err)
	res = create()
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	created = append(created, res.header.Get("Location"))
	res = create()
	require.Equal(t, http.StatusRequestEntityTooLarge, res.status)
	require.Equal(t, "Your Free plan allows 5 uploads in progress at once. Finish or cancel one, or upgrade for more.", res.message(t))
	require.Equal(t, http.StatusNoContent, owner.do("DELETE", created[1], nil, "Tus-Resumable", "1.0.0").status)
	require.Equal(t, http.StatusCreated, create().status, "a terminated upload frees its place")

	// A paid plan allows more at once.
	_, err = s.pool.Exec(ctx, `INSERT INTO subscriptions (user_id, tier, status) VALUES ($1, 'premium', 'active')`, ownerID)
	require.NoError(t, err)
	require.Equal(t, http.StatusCreated, create().status)
	status = decodeAs[subscriptionStatus](t, owner.do("GET", "/api/subscription/status", nil))
	assert.Equal(t, int64(6), status.Usage.OpenUploads)
	assert.Equal(t, 20, status.Limits.OpenUploads)
}

// TestOpenUploadsCreatedAtOnceStayUnderTheCap: parallel creations are counted under the owner's
// lock, so no more than the plan's five are ever open.
func TestOpenUploadsCreatedAtOnceStayUnderTheCap(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	statuses := make(chan int, 20)
	for range 20 {
		go func() {
			statuses <- owner.do("POST", fmt.Sprintf("/api/athletes/%d/media/uploads", athlete), nil, "Tus-Resumable", "1.0.0",
				"Upload-Length", strconv.Itoa(1<<20), "Upload-Metadata", tusMetadata(filmFields)).status
		}()
	}
	counts := map[int]int{}
	for range 20 {
		counts[<-statuses]++
	}
	assert.Equal(t, map[int]int{http.StatusCreated: 5, http.StatusRequestEntityTooLarge: 15}, counts)
}

// TestOpenUploadsHaveAHardCap: progress keeps an upload a day more, never past seven days from its
// creation; the hourly job removes one open that long however recently bytes came.
func TestOpenUploadsHaveAHardCap(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	film := gameFilm(t, 30_000)
	trickle := createTus(t, owner, athlete, int64(len(film)), filmFields)
	id := strings.TrimPrefix(trickle, "/api/media/uploads/")
	ctx := context.Background()
	_, err := s.pool.Exec(ctx, `UPDATE media_uploads SET created_at = now() - interval '6 days 23 hours' WHERE id = $1`, id)
	require.NoError(t, err)
	res := patchTus(owner, trickle, 0, film[:1000])
	require.Equal(t, http.StatusNoContent, res.status)
	expires, err := http.ParseTime(res.header.Get("Upload-Expires"))
	require.NoError(t, err)
	assert.WithinDuration(t, time.Now().Add(time.Hour), expires, 2*time.Minute, "capped at seven days from creation, not a day from now")
	var stored time.Time
	require.NoError(t, s.pool.QueryRow(ctx, `SELECT expires_at FROM media_uploads WHERE id = $1`, id).Scan(&stored))
	assert.WithinDuration(t, expires, stored, time.Second)

	// Eight days on, however fresh its last bytes: removed with them.
	_, err = s.pool.Exec(ctx, `UPDATE media_uploads SET created_at = now() - interval '8 days', expires_at = now() + interval '20 hours' WHERE id = $1`, id)
	require.NoError(t, err)
	fresh := createTus(t, owner, athlete, int64(len(film)), filmFields)
	require.Equal(t, http.StatusNoContent, patchTus(owner, fresh, 0, film[:5000]).status)
	s.startWorkers(t)
	_, err = s.app.jobs.Insert(ctx, jobs.MediaUploadExpireArgs{}, nil)
	require.NoError(t, err)
	require.Eventually(t, func() bool { return len(s.storedFiles(t)) == 1 }, 20*time.Second, 20*time.Millisecond, "the trickled upload's bytes are removed")
	require.Equal(t, http.StatusNotFound, headTus(owner, trickle).status)
	require.Equal(t, int64(5000), offsetOf(t, headTus(owner, fresh)))
}

// TestProfilePhotosCountAgainstTheQuota: a photo's upload counts until it is cut, then its two
// squares; the account's own photo and its athletes' count against its plan in the status page and
// the media usage; a photo past the quota is refused as a media upload is, in the plan's words, and
// leaves no row change and no file behind.
func TestProfilePhotosCountAgainstTheQuota(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, func(cfg *config) { cfg.media.quotaBytes, cfg.media.maxFileBytes = 0, 0 }) // the plan's limits
	owner, ownerID := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	ctx := context.Background()
	path := fmt.Sprintf("/api/athletes/%d", athlete)
	usage := func() usageResponse {
		t.Helper()
		status := decodeAs[subscriptionStatus](t, owner.do("GET", "/api/subscription/status", nil))
		used := owner.do("GET", path+"/media/usage", nil).json(t)["usedBytes"]
		require.EqualValues(t, status.Usage.StorageBytes, used, "the media page's usage is the plan's")
		return status.Usage
	}

	// Not cut yet (no worker runs): the upload itself counts.
	upload := phonePhoto(t)
	res := owner.sendFile("PUT", path+"/photo", nil, "me.jpg", bytes.NewReader(upload))
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	assert.Equal(t, usageResponse{StorageBytes: int64(len(upload)), PhotoBytes: int64(len(upload)), Athletes: 1}, usage())

	// Cut: the two squares count, the upload (deleted) no longer does; the account's own photo adds its own.
	s.runQueues(t, jobs.QueueMedia, jobs.QueueDefault)
	waitPhoto(t, owner, path, "photoUrl")
	require.Equal(t, http.StatusAccepted, owner.sendFile("PUT", "/api/user/photo", nil, "me.png", bytes.NewReader(testPNG(t))).status)
	waitPhoto(t, owner, "/api/user", "profileImageUrl")
	waitJobsDone(t, s)
	var onDisk int64
	files := s.storedFiles(t)
	require.Len(t, files, 4, "two squares each")
	for _, name := range files {
		info, err := os.Stat(filepath.Join(s.app.cfg.media.dir, name))
		require.NoError(t, err)
		onDisk += info.Size()
	}
	assert.Equal(t, usageResponse{StorageBytes: onDisk, PhotoBytes: onDisk, Athletes: 1}, usage())

	// Media filling all but a kilobyte: a photo does not fit, for the athlete or the account, and is
	// refused in the words a media upload gets.
	const mb = int64(1) << 20
	held, err := store.Q.MediaCreate(ctx, s.pool, store.MediaCreateParams{AthleteID: athlete, UploadedBy: &ownerID, Title: "Season film",
		MediaDate: time.Now(), MediaType: "video", MimeType: "video/mp4", OriginalKey: "season.mp4", FileSize: 500*mb - onDisk - 1000, Tags: []string{}})
	require.NoError(t, err)
	const planWords = "Your Free plan holds 500 MB. Upgrade for more space."
	media := owner.upload(path+"/media", map[string]string{"title": "Bench", "date": "2026-05-02"}, "bench.jpg", bytes.NewReader(phonePhoto(t)))
	require.Equal(t, http.StatusRequestEntityTooLarge, media.status, string(media.body))
	require.Equal(t, planWords, media.message(t))
	before, err := store.Q.ProfilePhotoForAthlete(ctx, s.pool, &athlete)
	require.NoError(t, err)
	for _, photoPath := range []string{path + "/photo", "/api/user/photo"} {
		res := owner.sendFile("PUT", photoPath, nil, "big.jpg", bytes.NewReader(phonePhoto(t)))
		require.Equal(t, http.StatusRequestEntityTooLarge, res.status, "%s: %s", photoPath, res.body)
		require.Equal(t, planWords, res.message(t), photoPath)
	}
	after, err := store.Q.ProfilePhotoForAthlete(ctx, s.pool, &athlete)
	require.NoError(t, err)
	require.Equal(t, before, after, "a refused photo changes nothing")
	require.ElementsMatch(t, files, s.storedFiles(t), "and stores nothing")

	// Full to the byte: refused before anything is read.
	_, err = s.pool.Exec(ctx, `UPDATE media_items SET file_size = file_size + 1000 WHERE id = $1`, held.ID)
	require.NoError(t, err)
	assert.Equal(t, 500*mb, usage().StorageBytes)
	res = owner.sendFile("PUT", "/api/user/photo", nil, "tiny.png", bytes.NewReader(testPNG(t)))
	require.Equal(t, http.StatusRequestEntityTooLarge, res.status, string(res.body))
	require.Equal(t, planWords, res.message(t))
}
