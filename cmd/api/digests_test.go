package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"legacylocker/integrations/mail/mailtest"
	"legacylocker/jobs"
)

// TestDigests: `api digests send-now` e-mails each member what is new that they may see when it is
// sent — an entry that turned private after it was written is not named — with a one-click
// unsubscribe that works signed out, twice; a member with nothing new gets nothing.
func TestDigests(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	smtpServer := s.startAllWorkers(t)
	ctx := context.Background()
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthleteNamed(t, owner, "Maya Brooks")
	grandma, _ := s.member(t, athlete, "grandma@example.com", "viewer", "grandparent")
	s.member(t, athlete, "friend@example.com", "limited", "friend")
	_, err := s.pool.Exec(ctx, `UPDATE family_members SET accepted_at = now() - interval '8 days' WHERE athlete_id = $1`, athlete)
	require.NoError(t, err)
	for _, title := range []string{"Regional final", "Secret worries"} {
		e := createEntry(t, owner, athlete, map[string]any{"title": title})
		require.Equal(t, http.StatusOK, owner.do("PUT", fmt.Sprintf("/api/journal/%d", e.ID), map[string]any{"isPrivate": false}).status)
		if title == "Secret worries" {
			// Shared when written, private again before the digest went out.
			require.Equal(t, http.StatusOK, owner.do("PUT", fmt.Sprintf("/api/journal/%d", e.ID), map[string]any{"isPrivate": true}).status)
		}
	}
	photo := uploadPhoto(t, owner, athlete, testPNG(t))
	waitJobsDone(t, s)
	var thumbnailKey string
	require.NoError(t, s.pool.QueryRow(ctx, `SELECT thumbnail_key FROM media_items WHERE id = $1`, photo.ID).Scan(&thumbnailKey))
	thumbnail, err := os.ReadFile(filepath.Join(s.app.cfg.media.dir, thumbnailKey))
	require.NoError(t, err)
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	require.NoError(t, sendDigestsNow(ctx, s.app.cfg, quiet, s.pool))
	waitJobsDone(t, s)

	digest := messageTo(t, smtpServer, "grandma@example.com", "new thing")
	assert.Equal(t, "2 new things for Maya Brooks", digest.Subject)
	assert.Contains(t, digest.Body, "New journal entry: “Regional final”")
	assert.Contains(t, digest.Body, "New photo: “First pitch”")
	// The photo travels inside the e-mail, where the HTML shows it: no link to a private file.
	require.Len(t, digest.Images, 1)
	for id, image := range digest.Images {
		assert.Contains(t, digest.HTML, `src="cid:`+id+`"`)
		assert.Equal(t, thumbnail, image.Data, "the thumbnail's own bytes")
	}
	assert.NotContains(t, digest.HTML, "/api/media/", "no picture is fetched from the app")
	assert.NotContains(t, digest.Body, "Secret worries", "what turned private before sending is not named")
	unsubscribe := strings.Trim(digest.Header.Get("List-Unsubscribe"), "<>")
	require.True(t, strings.HasPrefix(unsubscribe, s.app.cfg.appURL+"/api/unsubscribe/"), unsubscribe)
	assert.Equal(t, "List-Unsubscribe=One-Click", digest.Header.Get("List-Unsubscribe-Post"))
	assert.Contains(t, digest.Body, unsubscribe, "the link is in the text too")
	for _, m := range smtpServer.Messages() {
		if m.To[0] == "friend@example.com" {
			assert.NotContains(t, m.Subject, "new", "nothing was shared with the limited member: no digest")
		}
	}

	// The link's page changes nothing; a one-click POST, signed out, turns the digest off, twice.
	path := strings.TrimPrefix(unsubscribe, s.app.cfg.appURL)
	signedOut := s.newClient(t)
	page := signedOut.do("GET", path, nil)
	require.Equal(t, http.StatusOK, page.status)
	assert.Contains(t, string(page.body), "the digest e-mail about Maya Brooks")
	assert.Equal(t, "weekly", digestOf(t, grandma, athlete))
	for range 2 {
		res := signedOut.do("POST", path, nil, "Content-Type", "application/x-www-form-urlencoded")
		require.Equal(t, http.StatusOK, res.status, string(res.body))
		assert.Contains(t, string(res.body), "We turned off the digest e-mail about Maya Brooks")
	}
	assert.Equal(t, "never", digestOf(t, grandma, athlete))
	assert.Equal(t, http.StatusNotFound, signedOut.do("POST", "/api/unsubscribe/"+strings.Repeat("x", 43), nil).status)

	// Off means off: nothing more is sent to her.
	digests := func() int {
		n := 0
		for _, m := range smtpServer.Messages() {
			if m.To[0] == "grandma@example.com" && strings.Contains(m.Subject, "new thing") {
				n++
			}
		}
		return n
	}
	another := createEntry(t, owner, athlete, map[string]any{"title": "Another game"})
	require.Equal(t, http.StatusOK, owner.do("PUT", fmt.Sprintf("/api/journal/%d", another.ID), map[string]any{"isPrivate": false}).status)
	require.NoError(t, sendDigestsNow(ctx, s.app.cfg, quiet, s.pool))
	waitJobsDone(t, s)
	assert.Equal(t, 1, digests())

	// Her settings: daily, weekly or never, for the athletes she follows only.
	res := grandma.do("PUT", fmt.Sprintf("/api/user/digests/%d", athlete), map[string]string{"frequency": "daily"})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	assert.Equal(t, "daily", digestOf(t, grandma, athlete))
	assert.Equal(t, http.StatusBadRequest, grandma.do("PUT", fmt.Sprintf("/api/user/digests/%d", athlete), map[string]string{"frequency": "hourly"}).status)
	stranger, _ := s.registered(t, "stranger@example.com")
	assert.Equal(t, http.StatusNotFound, stranger.do("PUT", fmt.Sprintf("/api/user/digests/%d", athlete), map[string]string{"frequency": "daily"}).status)
	assert.Empty(t, listOf(t, stranger.do("GET", "/api/user/digests", nil)))
}

func digestOf(t *testing.T, c *client, athlete int64) string {
	t.Helper()
	for _, d := range listOf(t, c.do("GET", "/api/user/digests", nil)) {
		if int64(d["athleteId"].(float64)) == athlete {
			return d["frequency"].(string)
		}
	}
	t.Fatalf("no digest setting for athlete %d", athlete)
	return ""
}

// messageTo waits for the e-mail the SMTP server received for to whose subject says about.
func messageTo(t *testing.T, smtpServer *mailtest.Server, to, about string) mailtest.Message {
	t.Helper()
	var found mailtest.Message
	require.Eventually(t, func() bool {
		for _, m := range smtpServer.Messages() {
			if len(m.To) == 1 && m.To[0] == to && strings.Contains(m.Subject, about) {
				found = m
				return true
			}
		}
		return false
	}, 20*time.Second, 50*time.Millisecond, "no e-mail reached %s", to)
	return found
}

// TestCommentNotices: an athlete's owner hears of the family's comments at most once an hour, in one
// e-mail, never of their own, and not at all once they turn it off (in their settings or by the
// e-mail's one-click link).
func TestCommentNotices(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	smtpServer := s.startAllWorkers(t)
	ctx := context.Background()
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthleteNamed(t, owner, "Maya Brooks")
	grandma, _ := s.member(t, athlete, "grandma@example.com", "viewer", "grandparent")
	entry := createEntry(t, owner, athlete, map[string]any{"title": "Regional final"})
	require.Equal(t, http.StatusOK, owner.do("PUT", fmt.Sprintf("/api/journal/%d", entry.ID), map[string]any{"isPrivate": false}).status)
	comments := fmt.Sprintf("/api/journal/%d/comments", entry.ID)
	for _, body := range []string{"So proud of you!", "Can't wait for the next one"} {
		require.Equal(t, http.StatusCreated, grandma.do("POST", comments, map[string]string{"body": body}).status)
	}
	require.Equal(t, http.StatusCreated, owner.do("POST", comments, map[string]string{"body": "Thank you!"}).status)
	client := s.app.jobs
	notices := func(at time.Time) int {
		n, err := jobs.SendCommentNotices(ctx, s.pool, client, s.app.cfg.appURL, at)
		require.NoError(t, err)
		waitJobsDone(t, s)
		return n
	}

	require.Equal(t, 1, notices(time.Now()))
	notice := messageTo(t, smtpServer, "owner@example.com", "comments from your family")
	assert.Equal(t, "2 new comments from your family", notice.Subject)
	assert.Contains(t, notice.Body, "commented on Maya Brooks's “Regional final”: So proud of you!")
	assert.Contains(t, notice.Body, "Can't wait for the next one")
	assert.NotContains(t, notice.Body, "Thank you!", "not told of their own")
	assert.Equal(t, "List-Unsubscribe=One-Click", notice.Header.Get("List-Unsubscribe-Post"))

	// Within the hour nothing more goes out; after it, one e-mail of what came since.
	require.Equal(t, http.StatusCreated, grandma.do("POST", comments, map[string]string{"body": "Go get them"}).status)
	assert.Equal(t, 0, notices(time.Now()))
	assert.Equal(t, 1, notices(time.Now().Add(61*time.Minute)))

	// Turned off in the settings, nothing is sent.
	res := owner.do("PUT", "/api/user/settings", map[string]bool{"commentNotices": false})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	assert.Equal(t, false, res.json(t)["commentNotices"])
	assert.Equal(t, false, res.json(t)["weeklyPromptReminders"], "the other choice stays as it was: off until asked for")
	assert.Equal(t, false, res.json(t)["weeklyPromptChosen"])
	require.Equal(t, http.StatusCreated, grandma.do("POST", comments, map[string]string{"body": "One more"}).status)
	assert.Equal(t, 0, notices(time.Now().Add(3*time.Hour)))

	// The e-mail's link turns it off too, signed out.
	require.Equal(t, http.StatusOK, owner.do("PUT", "/api/user/settings", map[string]bool{"commentNotices": true}).status)
	link := strings.TrimPrefix(strings.Trim(notice.Header.Get("List-Unsubscribe"), "<>"), s.app.cfg.appURL)
	res = s.newClient(t).do("POST", link, nil)
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	assert.Contains(t, string(res.body), "when the family comments")
	assert.Equal(t, false, owner.do("GET", "/api/user/settings", nil).json(t)["commentNotices"])
}

// TestMembersAreToldTheyNoLongerFollow: a member removed from the circle, and every member when the
// athlete is deleted, is e-mailed that they no longer follow the athlete; the notice of a deletion
// is forgotten once sent, like the owner's.
func TestMembersAreToldTheyNoLongerFollow(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	smtpServer := s.startAllWorkers(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthleteNamed(t, owner, "Zinnia Quartermaine")
	_, grandmaID := s.member(t, athlete, "grandma@example.com", "viewer", "grandparent")
	s.member(t, athlete, "uncle@example.com", "editor", "relative")

	require.Equal(t, http.StatusNoContent, owner.do("DELETE", fmt.Sprintf("/api/family-circle/%d", grandmaID), nil).status)
	removed := messageTo(t, smtpServer, "grandma@example.com", "no longer follow")
	assert.Equal(t, "You no longer follow Zinnia Quartermaine", removed.Subject)
	assert.Contains(t, removed.Body, "The family removed you from Zinnia Quartermaine's circle")

	res := owner.do("DELETE", fmt.Sprintf("/api/athletes/%d", athlete), map[string]string{"password": goodPassword})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	deleted := messageTo(t, smtpServer, "uncle@example.com", "no longer follow")
	assert.Contains(t, deleted.Body, "The family deleted Zinnia Quartermaine's legacy")
	waitJobsDone(t, s)
	assert.Empty(t, rowsContaining(t, s, "Zinnia Quartermaine"), "nothing of the deleted athlete is left, the members' notices included")
}
