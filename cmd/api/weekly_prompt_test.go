package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"legacylocker/integrations/mail/mailtest"
	"legacylocker/jobs"
)

// TestWeeklyPromptIsOptIn: a new account gets no weekly prompt e-mail until it asks for one; the
// e-mail it then gets carries the one-click unsubscribe of RFC 8058, whose POST turns the prompt off
// without a session; a token we did not send is refused, and a link only ever stops its own
// account's prompt, whoever posts it.
func TestWeeklyPromptIsOptIn(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	smtpServer := s.startAllWorkers(t)
	ctx := context.Background()
	const appURL = "https://legacylocker.example"
	ana, anaID := s.registered(t, "ana@example.com")
	createAthleteNamed(t, ana, "Maya Brooks")
	ben, _ := s.registered(t, "ben@example.com")
	createAthleteNamed(t, ben, "Theo Brooks")
	// Both joined more than a week ago, so a prompt would be due now for anyone who wants one.
	_, err := s.pool.Exec(ctx, `UPDATE users SET created_at = now() - interval '8 days' WHERE email IN ('ana@example.com', 'ben@example.com')`)
	require.NoError(t, err)
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	sweep := func(at time.Time) {
		t.Helper()
		worker := rivertest.NewWorker(t, riverpgxv5.New(s.pool), &river.Config{}, river.Worker[jobs.PromptRemindersArgs](&jobs.PromptRemindersWorker{
			Pool: s.pool, AppURL: appURL, Logger: quiet, Now: func() time.Time { return at },
		}))
		tx, err := s.pool.Begin(ctx)
		require.NoError(t, err)
		res, err := worker.Work(ctx, t, tx, jobs.PromptRemindersArgs{}, nil)
		require.NoError(t, err)
		require.Equal(t, rivertype.JobStateCompleted, res.Job.State)
		require.NoError(t, tx.Commit(ctx))
		waitJobsDone(t, s)
	}
	promptsTo := func(to string) []mailtest.Message {
		var out []mailtest.Message
		for _, m := range smtpServer.Messages() {
			if len(m.To) == 1 && m.To[0] == to && strings.HasPrefix(m.Subject, "This week's journal prompt") {
				out = append(out, m)
			}
		}
		return out
	}
	settings := func(c *client) map[string]any {
		t.Helper()
		res := c.do("GET", "/api/user/settings", nil)
		require.Equal(t, http.StatusOK, res.status, string(res.body))
		return res.json(t)
	}

	// A new account starts without it, and has not chosen: the dashboard asks.
	assert.Equal(t, map[string]any{"weeklyPromptReminders": false, "weeklyPromptChosen": false, "commentNotices": true, "coachLinkNotices": true, "recruitingBrief": true}, settings(ana))
	now := time.Now()
	sweep(now)
	var queued int
	require.NoError(t, s.pool.QueryRow(ctx, `SELECT count(*) FROM outbound_emails WHERE kind = 'weekly_prompt'`).Scan(&queued))
	assert.Zero(t, queued, "nobody asked for the prompt: none is written")
	assert.Empty(t, promptsTo("ana@example.com"))

	// Asked for (the onboarding question saves through the settings), it comes, with the two headers.
	for _, c := range []*client{ana, ben} {
		res := c.do("PUT", "/api/user/settings", map[string]bool{"weeklyPromptReminders": true})
		require.Equal(t, http.StatusOK, res.status, string(res.body))
		assert.Equal(t, map[string]any{"weeklyPromptReminders": true, "weeklyPromptChosen": true, "commentNotices": true, "coachLinkNotices": true, "recruitingBrief": true}, res.json(t))
	}
	sweep(now.Add(time.Minute))
	require.Len(t, promptsTo("ana@example.com"), 1)
	prompt := promptsTo("ana@example.com")[0]
	assert.Equal(t, "List-Unsubscribe=One-Click", prompt.Header.Get("List-Unsubscribe-Post"))
	listUnsubscribe := prompt.Header.Get("List-Unsubscribe")
	require.True(t, strings.HasPrefix(listUnsubscribe, "<"+appURL+"/api/unsubscribe/") && strings.HasSuffix(listUnsubscribe, ">"), listUnsubscribe)
	anaLink := strings.Trim(listUnsubscribe, "<>")
	assert.Contains(t, prompt.Body, anaLink, "the link is in the text too, for a reader whose mail client offers no button")
	require.Len(t, promptsTo("ben@example.com"), 1)
	benLink := strings.Trim(promptsTo("ben@example.com")[0].Header.Get("List-Unsubscribe"), "<>")
	require.NotEqual(t, anaLink, benLink, "each account has its own link")

	// A token we did not send is refused and changes nothing, from a stranger or from Ana's own
	// session: a link is its own authority, and a session adds none.
	anaPath := strings.TrimPrefix(anaLink, appURL)
	changed := "A"
	if strings.HasSuffix(anaPath, "A") {
		changed = "B"
	}
	forged := anaPath[:len(anaPath)-1] + changed
	signedOut := s.newClient(t)
	oneClick := func(c *client, path string) response {
		return c.do("POST", path, "List-Unsubscribe=One-Click", "Content-Type", "application/x-www-form-urlencoded")
	}
	for _, c := range []*client{signedOut, ana} {
		for _, path := range []string{forged, "/api/unsubscribe/" + strings.Repeat("x", 43)} {
			res := oneClick(c, path)
			assert.Equal(t, http.StatusNotFound, res.status, "%s: %s", path, res.body)
		}
	}
	assert.Equal(t, true, settings(ana)["weeklyPromptReminders"])
	assert.Equal(t, true, settings(ben)["weeklyPromptReminders"])

	// Ben's link, even posted from Ana's session, stops Ben's prompt and not hers.
	res := oneClick(ana, strings.TrimPrefix(benLink, appURL))
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	assert.Equal(t, false, settings(ben)["weeklyPromptReminders"])
	assert.Equal(t, true, settings(ana)["weeklyPromptReminders"])

	// The mail client's one-click POST, with no cookie at all, answers at once (no redirect) and turns
	// Ana's off, twice over.
	for range 2 {
		res := oneClick(signedOut, anaPath)
		require.Equal(t, http.StatusOK, res.status, string(res.body))
		assert.Contains(t, string(res.body), "We turned off the weekly journal prompt e-mail")
	}
	assert.Equal(t, map[string]any{"weeklyPromptReminders": false, "weeklyPromptChosen": true, "commentNotices": true, "coachLinkNotices": true, "recruitingBrief": true}, settings(ana))
	sweep(now.Add(8 * 24 * time.Hour))
	assert.Len(t, promptsTo("ana@example.com"), 1, "off means off")
	assert.Len(t, promptsTo("ben@example.com"), 1)

	// The prompt's settings are the signed-in account's own.
	assert.Equal(t, http.StatusUnauthorized, signedOut.do("GET", "/api/user/settings", nil).status)
	assert.Equal(t, http.StatusUnauthorized, signedOut.do("PUT", "/api/user/settings", map[string]bool{"weeklyPromptReminders": true}).status)
	var anaStill bool
	require.NoError(t, s.pool.QueryRow(ctx, `SELECT weekly_prompt_reminders FROM users WHERE id = $1`, anaID).Scan(&anaStill))
	assert.False(t, anaStill)
}
