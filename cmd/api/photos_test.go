package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
)

// phonePhoto is a 1200 × 400 JPEG carrying a comment segment that says where it was taken, as a
// phone's metadata would.
func phonePhoto(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 1200, 400))
	for y := range 400 {
		for x := range 1200 {
			img.Set(x, y, color.RGBA{uint8(x / 5), uint8(y / 2), 160, 255})
		}
	}
	var jpg bytes.Buffer
	require.NoError(t, jpeg.Encode(&jpg, img, &jpeg.Options{Quality: 90}))
	raw, where := jpg.Bytes(), "GPS 40.7128N 74.0060W"
	var out bytes.Buffer
	out.Write(raw[:2])
	out.Write([]byte{0xFF, 0xFE})
	_ = binary.Write(&out, binary.BigEndian, uint16(len(where)+2))
	out.WriteString(where)
	out.Write(raw[2:])
	return out.Bytes()
}

// waitPhoto reads path's JSON until field (photoUrl, profileImageUrl) is set.
func waitPhoto(t *testing.T, c *client, path, field string) string {
	t.Helper()
	var url string
	require.Eventually(t, func() bool {
		res := c.do("GET", path, nil)
		require.Equal(t, http.StatusOK, res.status, string(res.body))
		got, _ := res.json(t)[field].(string)
		url = got
		return url != ""
	}, 30*time.Second, 50*time.Millisecond, "%s never showed %s", path, field)
	return url
}

// requireSquare fetches url and checks it is a side × side JPEG without the phone's metadata.
func requireSquare(t *testing.T, c *client, url string, side int) {
	t.Helper()
	res := c.do("GET", url, nil)
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Equal(t, "image/jpeg", res.header.Get("Content-Type"))
	require.NotContains(t, string(res.body), "GPS 40.7128N", "the metadata is stripped")
	img, err := jpeg.Decode(bytes.NewReader(res.body))
	require.NoError(t, err)
	require.Equal(t, image.Pt(side, side), img.Bounds().Size())
}

func TestAthletePhoto(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.runQueues(t, jobs.QueueMedia, jobs.QueueDefault)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	viewer, _ := s.member(t, athlete, "grandma@example.com", "viewer", "grandparent")
	path := fmt.Sprintf("/api/athletes/%d", athlete)

	before := owner.do("GET", path, nil).json(t)
	require.Nil(t, before["photoUrl"])
	require.Nil(t, before["photo"])

	res := owner.sendFile("PUT", path+"/photo", nil, "IMG_0042.JPG", bytes.NewReader(phonePhoto(t)))
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	answer := res.json(t)
	require.Equal(t, "pending", answer["status"])
	require.Equal(t, "", answer["statusReason"])

	url := waitPhoto(t, owner, path, "photoUrl")
	athleteAnswer := owner.do("GET", path, nil).json(t)
	require.Equal(t, url, athleteAnswer["profileImageUrl"])
	require.Equal(t, "ready", athleteAnswer["photo"].(map[string]any)["status"])
	small, _ := athleteAnswer["photoSmallUrl"].(string)
	requireSquare(t, owner, url, 512)
	requireSquare(t, owner, small, 128)
	requireSquare(t, viewer, url, 512) // whoever sees the profile sees its photo
	waitJobsDone(t, s)
	require.Len(t, s.storedFiles(t), 2, "only the two squares are kept: the upload, with its metadata, is gone")

	// The family list shows it too.
	list := listOf(t, owner.do("GET", "/api/athletes", nil))
	require.Equal(t, url, list[0]["photoUrl"])

	// A new photo replaces it: a new address, the old squares deleted.
	res = owner.sendFile("PUT", path+"/photo", nil, "second.png", bytes.NewReader(testPNG(t)))
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	require.Eventually(t, func() bool {
		got, _ := owner.do("GET", path, nil).json(t)["photoUrl"].(string)
		return got != "" && got != url
	}, 30*time.Second, 50*time.Millisecond)
	waitJobsDone(t, s)
	require.Len(t, s.storedFiles(t), 2, "the first photo's squares are gone")

	// Removed: no photo, no files.
	require.Equal(t, http.StatusNoContent, owner.do("DELETE", path+"/photo", nil).status)
	after := owner.do("GET", path, nil).json(t)
	require.Nil(t, after["photoUrl"])
	require.Nil(t, after["photo"])
	require.Equal(t, http.StatusNotFound, owner.do("GET", path+"/photo", nil).status)
	waitJobsDone(t, s)
	require.Empty(t, s.storedFiles(t))
	require.Equal(t, http.StatusNoContent, owner.do("DELETE", path+"/photo", nil).status, "removing no photo is no error")
}

func TestPhotoRefusals(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.app.cfg.media.maxFileBytes = 1 << 20
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	var animation bytes.Buffer
	require.NoError(t, gif.Encode(&animation, image.NewPaletted(image.Rect(0, 0, 8, 8), color.Palette{color.Black, color.White}), nil))

	for _, path := range []string{fmt.Sprintf("/api/athletes/%d/photo", athlete), "/api/user/photo"} {
		for _, tc := range []struct {
			name    string
			file    io.Reader
			status  int
			message string
		}{
			{"text", strings.NewReader("not a picture, only words"), http.StatusUnsupportedMediaType, msgPhotoType},
			{"gif", bytes.NewReader(animation.Bytes()), http.StatusUnsupportedMediaType, msgPhotoType},
			{"too large", io.MultiReader(bytes.NewReader(testPNG(t)), io.LimitReader(zeros{}, 2<<20)), http.StatusRequestEntityTooLarge, "File is too large (the limit is 1 MB)"},
			{"no file", nil, http.StatusBadRequest, msgFileRequired},
		} {
			res := owner.sendFile("PUT", path, nil, "f.jpg", tc.file)
			require.Equal(t, tc.status, res.status, "%s %s: %s", path, tc.name, res.body)
			require.Contains(t, string(res.body), tc.message, "%s %s", path, tc.name)
		}
	}
	var rows int
	require.NoError(t, s.pool.QueryRow(t.Context(), `SELECT count(*) FROM profile_photos`).Scan(&rows))
	require.Zero(t, rows, "a refused photo leaves no row")
	require.Empty(t, s.storedFiles(t), "and no file")
}

func TestUserPhoto(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.runQueues(t, jobs.QueueMedia, jobs.QueueDefault)
	ana, _ := s.registered(t, "ana@example.com")
	ben, _ := s.registered(t, "ben@example.com")

	res := ana.sendFile("PUT", "/api/user/photo", nil, "me.jpg", bytes.NewReader(phonePhoto(t)))
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	url := waitPhoto(t, ana, "/api/user", "profileImageUrl")
	require.True(t, strings.HasPrefix(url, "/api/user/photo?v="), url)
	requireSquare(t, ana, url, 512)
	requireSquare(t, ana, url+"&size=small", 128)
	session := ana.do("GET", "/api/session", nil).json(t)
	require.Equal(t, url, session["user"].(map[string]any)["profileImageUrl"], "the navigation reads the session")

	// Another account sees only its own (none).
	require.Equal(t, http.StatusNotFound, ben.do("GET", "/api/user/photo", nil).status)
	require.Nil(t, ben.do("GET", "/api/user", nil).json(t)["profileImageUrl"])

	require.Equal(t, http.StatusNoContent, ana.do("DELETE", "/api/user/photo", nil).status)
	require.Nil(t, ana.do("GET", "/api/user", nil).json(t)["profileImageUrl"])
	waitJobsDone(t, s)
	require.Empty(t, s.storedFiles(t))
}

func TestPublicPagePhoto(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.runQueues(t, jobs.QueueMedia, jobs.QueueDefault)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	path := fmt.Sprintf("/api/athletes/%d", athlete)
	require.Equal(t, http.StatusAccepted, owner.sendFile("PUT", path+"/photo", nil, "me.png", bytes.NewReader(testPNG(t))).status)
	waitPhoto(t, owner, path, "photoUrl")
	res := owner.do("PUT", path+"/showcase", map[string]any{"slug": "jo-photo", "published": true})
	require.Equal(t, http.StatusOK, res.status, string(res.body))

	visitor := s.newClient(t)
	page := visitor.do("GET", "/api/public/athletes/jo-photo", nil)
	require.Equal(t, http.StatusOK, page.status, string(page.body))
	url, _ := page.json(t)["photoUrl"].(string)
	require.True(t, strings.HasPrefix(url, "/api/public/athletes/jo-photo/photo?v="), url)
	requireSquare(t, visitor, url, 512)
	html := visitor.do("GET", "/a/jo-photo", nil)
	require.Equal(t, http.StatusOK, html.status)
	require.Contains(t, string(html.body), `<meta property="og:image" content="http://localhost:8080`+strings.ReplaceAll(url, "&", "&amp;")+`">`, "the link preview shows the photo")

	res = owner.do("PUT", path+"/showcase", map[string]any{"slug": "jo-photo", "published": false})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Equal(t, http.StatusNotFound, visitor.do("GET", url, nil).status, "an unpublished page shows no photo")
}

func TestMemberPhotoInTheCircle(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.runQueues(t, jobs.QueueMedia, jobs.QueueDefault)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	grandma, _ := s.member(t, athlete, "grandma@example.com", "viewer", "grandparent")
	limited, _ := s.member(t, athlete, "friend@example.com", "limited", "friend")

	require.Equal(t, http.StatusAccepted, grandma.sendFile("PUT", "/api/user/photo", nil, "me.jpg", bytes.NewReader(phonePhoto(t))).status)
	waitPhoto(t, grandma, "/api/user", "profileImageUrl")

	circle := fmt.Sprintf("/api/athletes/%d/family-circle", athlete)
	var url string
	for _, m := range listOf(t, owner.do("GET", circle, nil)) {
		if m["name"] != nil && m["relationship"] == "grandparent" {
			url, _ = m["profileImageUrl"].(string)
		} else {
			require.Nil(t, m["profileImageUrl"], "a member without a photo shows initials")
		}
	}
	require.True(t, strings.HasPrefix(url, "/api/family-circle/"), "the circle shows grandma's photo: %q", url)
	requireSquare(t, owner, url, 512)
	requireSquare(t, owner, url+"&size=small", 128)
	require.Equal(t, http.StatusNotFound, limited.do("GET", url, nil).status, "a limited member sees only themselves in the circle")
}
