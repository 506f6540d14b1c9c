package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
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
