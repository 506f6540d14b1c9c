package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"legacylocker/integrations/mail/mailtest"
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
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	require.NoError(t, sendDigestsNow(ctx, s.app.cfg, quiet, s.pool))
	waitJobsDone(t, s)

	digest := messageTo(t, smtpServer, "grandma@example.com", "new thing")
	assert.Equal(t, "1 new thing for Maya Brooks", digest.Subject)
	assert.Contains(t, digest.Body, "New journal entry: “Regional final”")
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
