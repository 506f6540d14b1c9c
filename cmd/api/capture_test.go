package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/media/capturetest"
	"legacylocker/media/s3test"
	"legacylocker/store"
)

// austinPhoto is a JPEG taken at 18:30 on 4 May 2024 in Austin (UTC−5 then), GPS and all.
func austinPhoto(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, jpeg.Encode(&buf, image.NewGray(image.Rect(0, 0, 32, 24)), nil))
	return capturetest.WithEXIF(buf.Bytes(), capturetest.EXIF{
		DateTimeOriginal: "2024:05:04 18:30:00", OffsetTimeOriginal: "-05:00", HasGPS: true, Latitude: 30.2672, Longitude: -97.7431,
	})
}

// phoneVideo is an MP4 whose mvhd says 01:30 UTC on 5 May 2024, with ffmpeg's location box for
// Austin, as an Android phone writes them.
func phoneVideo(t *testing.T) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "clip.mp4")
	out, err := exec.Command("ffmpeg", "-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:duration=0.5",
		"-c:v", "libx264", "-pix_fmt", "yuv420p", "-metadata", "creation_time=2024-05-05T01:30:00Z", "-metadata", "location=+30.2672-097.7431/",
		path).CombinedOutput()
	require.NoError(t, err, "%s", out)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return b
}

func withoutDate(fields map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range fields {
		if k != "date" {
			out[k] = v
		}
	}
	return out
}

func todayUTC() string { return time.Now().UTC().Format(time.DateOnly) }

// TestUploadTakesTheFileDate: the form upload without a date takes the photo's own (the local date
// where it was taken), one with a date keeps the family's, and a file without any is today's.
func TestUploadTakesTheFileDate(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	path := fmt.Sprintf("/api/athletes/%d/media?allowDuplicate=true", athlete)

	cases := []struct {
		name   string
		fields map[string]string
		file   []byte
		want   string
	}{
		{"no date: the photo's", withoutDate(photoFields), austinPhoto(t), "2024-05-04"},
		{"the family's date is kept", photoFields, austinPhoto(t), photoFields["date"]},
		{"a file without one: today", withoutDate(photoFields), testPNG(t), todayUTC()},
	}
	for _, tc := range cases {
		res := owner.upload(path, tc.fields, "photo.jpg", bytes.NewReader(tc.file))
		require.Equal(t, http.StatusAccepted, res.status, "%s: %s", tc.name, res.body)
		item := res.json(t)
		require.Equal(t, tc.want, item["date"], tc.name)
		require.Nil(t, item["place"], "%s: no place without the family's choice", tc.name)
	}
}

// TestResumableUploadTakesTheFileDate: the same for tus, whose date is settled before the file
// arrives: a video's mvhd time is UTC, read in the athlete's zone (New York: 21:30 on the 4th).
func TestResumableUploadTakesTheFileDate(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	video := phoneVideo(t)

	for _, tc := range []struct {
		name   string
		fields map[string]string
		file   []byte
		want   string
	}{
		{"no date: the video's, in the athlete's zone", withoutDate(filmFields), video, "2024-05-04"},
		{"the family's date is kept", filmFields, video, filmFields["date"]},
		{"a file without one: today", withoutDate(filmFields), gameFilm(t, 5000), todayUTC()},
	} {
		fields := map[string]string{"allowDuplicate": "true"}
		for k, v := range tc.fields {
			fields[k] = v
		}
		location := createTus(t, owner, athlete, int64(len(tc.file)), fields)
		res := patchTus(owner, location, 0, tc.file)
		require.Equal(t, http.StatusNoContent, res.status, "%s: %s", tc.name, res.body)
		var date time.Time
		require.NoError(t, s.pool.QueryRow(context.Background(),
			`SELECT m.media_date FROM media_uploads u JOIN media_items m ON m.id = u.media_id WHERE u.id = $1`,
			location[len("/api/media/uploads/"):]).Scan(&date))
		require.Equal(t, tc.want, date.Format(time.DateOnly), tc.name)
	}
}

// TestPlacesAreTheFamilysChoice: without the choice no place is named and nothing of the position
// is kept; turned on, a new upload is named by the nearest town and never by coordinates; turned
// off, the names go. Only those who manage the circle choose.
func TestPlacesAreTheFamilysChoice(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	upload := func(name string, file []byte) map[string]any {
		res := owner.upload(fmt.Sprintf("/api/athletes/%d/media?allowDuplicate=true", athlete), withoutDate(photoFields), name, bytes.NewReader(file))
		require.Equal(t, http.StatusAccepted, res.status, string(res.body))
		return res.json(t)
	}
	placesPath := fmt.Sprintf("/api/athletes/%d/places", athlete)

	require.Nil(t, upload("before.jpg", austinPhoto(t))["place"])
	athleteJSON := owner.do("GET", fmt.Sprintf("/api/athletes/%d", athlete), nil).json(t)
	require.Equal(t, false, athleteJSON["showPlaces"])

	bad := owner.do("PUT", placesPath, map[string]any{})
	require.Equal(t, http.StatusBadRequest, bad.status)
	require.Equal(t, "showPlaces must be true or false", bad.json(t)["errors"].(map[string]any)["showPlaces"])

	on := owner.do("PUT", placesPath, map[string]bool{"showPlaces": true})
	require.Equal(t, http.StatusOK, on.status, string(on.body))
	require.Equal(t, map[string]any{"showPlaces": true}, on.json(t))
	require.Equal(t, true, owner.do("GET", fmt.Sprintf("/api/athletes/%d", athlete), nil).json(t)["showPlaces"])

	photo := upload("after.jpg", austinPhoto(t))
	require.Equal(t, "Austin, Texas", photo["place"])
	require.Equal(t, "2024-05-04", photo["date"])
	require.Nil(t, upload("plain.png", testPNG(t))["place"], "a file without a position has no place")
	listed := owner.do("GET", fmt.Sprintf("/api/athletes/%d/media", athlete), nil)
	require.Contains(t, string(listed.body), `"place":"Austin, Texas"`)
	require.NotContains(t, string(listed.body), "30.26", "no coordinates in what the library shows")

	// Nothing in the database holds the position: no column of the item has the coordinates.
	var row string
	require.NoError(t, s.pool.QueryRow(context.Background(), `SELECT to_jsonb(m)::text FROM media_items m WHERE id = $1`, int64(photo["id"].(float64))).Scan(&row))
	require.NotContains(t, row, "30.26")
	require.NotContains(t, row, "97.74")

	require.Equal(t, http.StatusOK, owner.do("PUT", placesPath, map[string]bool{"showPlaces": false}).status)
	again := owner.do("GET", fmt.Sprintf("/api/media/%v", photo["id"]), nil)
	require.Equal(t, http.StatusOK, again.status, string(again.body))
	require.Nil(t, again.json(t)["place"], "turned off, the names already shown go")
}

// TestPlacesNameTheLibraryFromBefore: turning places on names the photos and videos uploaded before
// (in the background) and their clips, not the files without a position; turned off, the names go and a name read
// before that is not written after it.
func TestPlacesNameTheLibraryFromBefore(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	upload := func(name string, file []byte) string {
		res := owner.upload(fmt.Sprintf("/api/athletes/%d/media?allowDuplicate=true", athlete), withoutDate(photoFields), name, bytes.NewReader(file))
		require.Equal(t, http.StatusAccepted, res.status, string(res.body))
		require.Nil(t, res.json(t)["place"], "places are off")
		return fmt.Sprint(res.json(t)["id"])
	}
	photo, video, plain := upload("austin.jpg", austinPhoto(t)), upload("clip.mp4", phoneVideo(t)), upload("plain.png", testPNG(t))
	place := func(id string) any {
		res := owner.do("GET", "/api/media/"+id, nil)
		require.Equal(t, http.StatusOK, res.status, string(res.body))
		return res.json(t)["place"]
	}
	s.runQueues(t, jobs.QueueMedia)
	require.Eventually(t, func() bool {
		return owner.do("GET", "/api/media/"+video, nil).json(t)["status"] == "ready"
	}, 60*time.Second, 100*time.Millisecond)
	trimmed := owner.do("POST", "/api/media/"+video+"/trim", map[string]any{"startTime": 0, "endTime": 0.5, "title": "The catch"})
	require.Equal(t, http.StatusAccepted, trimmed.status, string(trimmed.body))
	clip := fmt.Sprint(trimmed.json(t)["id"])
	require.Eventually(t, func() bool {
		return owner.do("GET", "/api/media/"+clip, nil).json(t)["status"] == "ready"
	}, 60*time.Second, 100*time.Millisecond)
	require.Nil(t, place(clip))

	placesPath := fmt.Sprintf("/api/athletes/%d/places", athlete)
	require.Equal(t, http.StatusOK, owner.do("PUT", placesPath, map[string]bool{"showPlaces": true}).status)
	require.Eventually(t, func() bool { return place(clip) != nil }, 30*time.Second, 100*time.Millisecond)
	require.Equal(t, "Austin, Texas", place(photo))
	require.Equal(t, "Austin, Texas", place(video))
	require.Equal(t, "Austin, Texas", place(clip), "a clip takes its source's name")
	require.Nil(t, place(plain), "a file without a position has no place")

	require.Equal(t, http.StatusOK, owner.do("PUT", placesPath, map[string]bool{"showPlaces": false}).status)
	require.Nil(t, place(photo), "turned off, the names go")
	photoID, err := strconv.ParseInt(photo, 10, 64)
	require.NoError(t, err)
	named, err := store.Q.MediaSetPlaceName(context.Background(), s.pool, store.MediaSetPlaceNameParams{ID: photoID, PlaceName: "Austin, Texas"})
	require.NoError(t, err)
	require.Zero(t, named, "a name read while places were on is not written once they are off")
	require.Nil(t, place(photo))
}

// TestFileDatesOnS3: with STORAGE=s3 the file's metadata is read from the bucket by ranged reads, on
// both upload paths.
func TestFileDatesOnS3(t *testing.T) {
	t.Parallel()
	server := s3test.Start(t)
	s := newTestServer(t, func(cfg *config) {
		cfg.media.kind = "s3"
		cfg.media.s3 = media.S3Config{Endpoint: server.Endpoint, Bucket: server.Bucket, AccessKey: server.AccessKey, SecretKey: server.SecretKey, Region: server.Region}
	})
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)

	res := owner.upload(fmt.Sprintf("/api/athletes/%d/media", athlete), withoutDate(photoFields), "photo.jpg", bytes.NewReader(austinPhoto(t)))
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	require.Equal(t, "2024-05-04", res.json(t)["date"])

	video := phoneVideo(t)
	location := createTus(t, owner, athlete, int64(len(video)), withoutDate(filmFields))
	done := patchTus(owner, location, 0, video)
	require.Equal(t, http.StatusNoContent, done.status, string(done.body))
	item := owner.do("GET", "/api/media/"+done.header.Get("Media-Id"), nil)
	require.Equal(t, "2024-05-04", item.json(t)["date"])
}
