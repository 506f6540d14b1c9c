package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stretchr/testify/require"

	"legacylocker/integrations/mail"
	"legacylocker/integrations/mail/mailtest"
	"legacylocker/jobs"
)

// member adds an active family member with the given access level and answers their client.
func (s *testServer) member(t *testing.T, athleteID int64, email, level, relationship string) (*client, int64) {
	t.Helper()
	c, userID := s.registered(t, email)
	var memberID int64
	require.NoError(t, s.pool.QueryRow(context.Background(), `
		INSERT INTO family_members (athlete_id, user_id, name, email, relationship, access_level, status, accepted_at)
		VALUES ($1, $2, 'Member', $3, $4, $5, 'active', now()) RETURNING id`, athleteID, userID, email, relationship, level).Scan(&memberID))
	return c, memberID
}

// startMailWorker runs the email_send worker against a real SMTP listener on loopback.
func (s *testServer) startMailWorker(t *testing.T) *mailtest.Server {
	t.Helper()
	smtpServer := mailtest.Start(t)
	sender, err := mail.NewSender(smtpServer.URL, "Legacy Locker <no-reply@legacylocker.app>")
	require.NoError(t, err)
	client, err := river.NewClient(riverpgxv5.New(s.pool), &river.Config{
		Queues:            map[string]river.QueueConfig{jobs.QueueDefault: {MaxWorkers: 2}},
		Workers:           jobs.Workers(jobs.Dependencies{Pool: s.pool, Mailer: sender, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}),
		Logger:            slog.New(slog.NewTextHandler(io.Discard, nil)),
		FetchPollInterval: 100 * time.Millisecond,
	})
	require.NoError(t, err)
	require.NoError(t, client.Start(context.Background()))
	t.Cleanup(func() { _ = client.Stop(context.Background()) })
	return smtpServer
}

var inviteLink = regexp.MustCompile(`http://localhost:8080(/invite/[A-Za-z0-9_-]+)`)

func linkIn(t *testing.T, msg mailtest.Message) string {
	t.Helper()
	m := inviteLink.FindStringSubmatch(msg.Body)
	require.NotNil(t, m, "the e-mail carries an invitation link:\n%s", msg.Body)
	return m[1]
}

// TestInvitationFlow follows an invitation from the owner's request through a real SMTP server
// to the grandparent's acceptance, and the expired, reused and cancelled links.
func TestInvitationFlow(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	smtpServer := s.startMailWorker(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	private := createEntry(t, owner, athlete, map[string]any{"title": "Private thoughts"})
	shared := createEntry(t, owner, athlete, map[string]any{"title": "Shared win"})
	owner.do("PUT", fmt.Sprintf("/api/journal/%d", shared.ID), map[string]any{"isPrivate": false})
	circle := fmt.Sprintf("/api/athletes/%d/family-circle", athlete)

	res := owner.do("POST", circle, map[string]string{"name": "Grandma Rose", "email": "Rose@Example.com", "relationship": "", "accessLevel": "viewer"})
	require.Equal(t, http.StatusBadRequest, res.status)
	require.Equal(t, "Please fill all required fields", res.message(t))

	res = owner.do("POST", circle, map[string]string{"name": "Grandma Rose", "email": "Rose@Example.com", "relationship": "grandparent", "accessLevel": "viewer"})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	member := res.json(t)
	require.Equal(t, false, member["isActive"])
	require.Equal(t, "rose@example.com", member["email"])

	msgs := smtpServer.WaitFor(t, 2, 15*time.Second) // the owner's welcome and the invitation
	var invitation mailtest.Message
	for _, m := range msgs {
		if m.To[0] == "rose@example.com" {
			invitation = m
		}
	}
	require.Contains(t, invitation.Subject, "invited you to follow Jordan Lee")
	link := linkIn(t, invitation)
	token := strings.TrimPrefix(link, "/invite/")
	var stored []byte
	require.NoError(t, s.pool.QueryRow(context.Background(), "SELECT invite_token_hash FROM family_members WHERE email = 'rose@example.com'").Scan(&stored))
	require.NotContains(t, string(stored), token, "the token is stored hashed")

	visitor := s.newClient(t)
	res = visitor.do("GET", "/api/invitations/"+token, nil)
	require.Equal(t, http.StatusOK, res.status)
	require.Equal(t, "Jordan Lee", res.json(t)["athleteName"])
	require.Equal(t, "rose@example.com", res.json(t)["email"], "the invite page names who it was meant for")
	require.Equal(t, http.StatusUnauthorized, visitor.do("POST", "/api/invitations/"+token+"/accept", nil).status)

	rose, _ := s.registered(t, "rose@example.com")
	res = rose.do("POST", "/api/invitations/"+token+"/accept", nil)
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Equal(t, "viewer", res.json(t)["role"])

	// Rose sees the shared entry, never the private one, and can change nothing.
	entries, _ := listEntries(t, rose, fmt.Sprintf("/api/athletes/%d/journal", athlete))
	require.Equal(t, []int64{shared.ID}, ids(entries))
	require.Equal(t, http.StatusNotFound, rose.do("PUT", fmt.Sprintf("/api/journal/%d", private.ID), map[string]any{"isPrivate": false}).status)
	require.Equal(t, http.StatusForbidden, rose.do("DELETE", fmt.Sprintf("/api/journal/%d", shared.ID), nil).status)
	athletes := decodeAs[[]map[string]any](t, rose.do("GET", "/api/athletes", nil))
	require.Len(t, athletes, 1)
	require.Equal(t, map[string]any{"edit": false, "manageCircle": false}, athletes[0]["permissions"])

	res = s.newClient(t).do("GET", "/api/invitations/"+token, nil)
	require.Equal(t, http.StatusGone, res.status)
	require.Equal(t, "This invitation has already been used", res.message(t))

	// Expired and cancelled links.
	owner.do("POST", circle, map[string]string{"name": "Uncle Ray", "email": "ray@example.com", "relationship": "relative", "accessLevel": "viewer"})
	owner.do("POST", circle, map[string]string{"name": "Coach Kim", "email": "kim@example.com", "relationship": "coach", "accessLevel": "viewer"})
	msgs = smtpServer.WaitFor(t, 5, 15*time.Second)
	links := map[string]string{}
	for _, m := range msgs {
		if m.To[0] == "ray@example.com" || m.To[0] == "kim@example.com" {
			links[m.To[0]] = strings.TrimPrefix(linkIn(t, m), "/invite/")
		}
	}
	_, err := s.pool.Exec(context.Background(), "UPDATE family_members SET invite_expires_at = now() - interval '1 minute' WHERE email = 'ray@example.com'")
	require.NoError(t, err)
	res = s.newClient(t).do("GET", "/api/invitations/"+links["ray@example.com"], nil)
	require.Equal(t, http.StatusGone, res.status)
	require.Equal(t, "This invitation has expired. Ask the family to send a new one.", res.message(t))

	var kimID int64
	require.NoError(t, s.pool.QueryRow(context.Background(), "SELECT id FROM family_members WHERE email = 'kim@example.com'").Scan(&kimID))
	require.Equal(t, http.StatusNoContent, owner.do("POST", fmt.Sprintf("/api/family-circle/%d/cancel", kimID), nil).status)
	kim, _ := s.registered(t, "kim@example.com")
	res = kim.do("POST", "/api/invitations/"+links["kim@example.com"]+"/accept", nil)
	require.Equal(t, http.StatusGone, res.status)
	require.Equal(t, "This invitation was cancelled", res.message(t))
	require.Equal(t, http.StatusNotFound, kim.do("GET", fmt.Sprintf("/api/athletes/%d", athlete), nil).status)

	// Resend: a new link works and the old one no longer does.
	var rayID int64
	require.NoError(t, s.pool.QueryRow(context.Background(), "SELECT id FROM family_members WHERE email = 'ray@example.com'").Scan(&rayID))
	require.Equal(t, http.StatusOK, owner.do("POST", fmt.Sprintf("/api/family-circle/%d/resend", rayID), nil).status)
	// Welcome e-mails of the accounts made above arrive in any order: look for Ray's new invitation.
	var fresh string
	require.Eventually(t, func() bool {
		for _, m := range smtpServer.Messages() {
			if m.To[0] == "ray@example.com" && inviteLink.MatchString(m.Body) {
				if link := strings.TrimPrefix(linkIn(t, m), "/invite/"); link != links["ray@example.com"] {
					fresh = link
				}
			}
		}
		return fresh != ""
	}, 15*time.Second, 50*time.Millisecond, "the resent invitation arrives")
	require.Equal(t, http.StatusNotFound, s.newClient(t).do("GET", "/api/invitations/"+links["ray@example.com"], nil).status)
	ray, _ := s.registered(t, "ray@example.com")
	require.Equal(t, http.StatusOK, ray.do("POST", "/api/invitations/"+fresh+"/accept", nil).status)

	require.Equal(t, http.StatusNotFound, s.newClient(t).do("GET", "/api/invitations/not-a-real-token-at-all-really", nil).status)
}

func TestPrivacySettingsAndLimitedSharesAreEnforced(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	first := createEntry(t, owner, athlete, map[string]any{"title": "First"})
	second := createEntry(t, owner, athlete, map[string]any{"title": "Second"})
	for _, e := range []entryJSON{first, second} {
		owner.do("PUT", fmt.Sprintf("/api/journal/%d", e.ID), map[string]any{"isPrivate": false})
	}
	photo := uploadPhoto(t, owner, athlete, testPNG(t))
	viewer, _ := s.member(t, athlete, "viewer@example.com", "viewer", "grandparent")
	coach, _ := s.member(t, athlete, "coach@example.com", "viewer", "coach")
	limited, limitedID := s.member(t, athlete, "limited@example.com", "limited", "friend")
	journal := fmt.Sprintf("/api/athletes/%d/journal", athlete)
	mediaPath := fmt.Sprintf("/api/athletes/%d/media", athlete)

	// A limited member sees nothing until items are shared with them one by one.
	entries, _ := listEntries(t, limited, journal)
	require.Empty(t, entries)
	require.Equal(t, http.StatusNotFound, limited.do("GET", photo.MediaURL, nil).status)
	res := owner.do("PUT", fmt.Sprintf("/api/family-circle/%d/shares", limitedID), map[string]any{"journal": []int64{second.ID}, "media": []int64{photo.ID}})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	entries, _ = listEntries(t, limited, journal)
	require.Equal(t, []int64{second.ID}, ids(entries))
	require.Equal(t, http.StatusOK, limited.do("GET", photo.MediaURL, nil).status)
	require.Len(t, decodeAs[[]mediaJSON](t, limited.do("GET", mediaPath, nil)), 1)
	require.Equal(t, 1, int(decodeAs[map[string]any](t, limited.do("GET", journal+"/stats", nil))["totalEntries"].(float64)))

	// A limited member's circle list shows only themselves; a list is never cleared by a null.
	circle := decodeAs[[]map[string]any](t, limited.do("GET", fmt.Sprintf("/api/athletes/%d/family-circle", athlete), nil))
	require.Len(t, circle, 1)
	require.Equal(t, float64(limitedID), circle[0]["id"])
	require.Len(t, decodeAs[[]map[string]any](t, viewer.do("GET", fmt.Sprintf("/api/athletes/%d/family-circle", athlete), nil)), 3)
	res = owner.do("PUT", fmt.Sprintf("/api/family-circle/%d/shares", limitedID), "null")
	require.Equal(t, http.StatusBadRequest, res.status, string(res.body))
	require.Len(t, decodeAs[familyShares](t, owner.do("GET", fmt.Sprintf("/api/family-circle/%d/shares", limitedID), nil)).Journal, 1)

	// Privacy settings: a private section disappears for every member, the owner still sees it.
	settings := fmt.Sprintf("/api/athletes/%d/privacy-settings", athlete)
	require.JSONEq(t, `{"journal":"family","media":"family","stats":"family","milestones":"family","recruiting":"family"}`, string(owner.do("GET", settings, nil).body))
	require.Equal(t, http.StatusForbidden, viewer.do("PUT", settings, map[string]string{"journal": "private", "media": "family", "stats": "family", "milestones": "family", "recruiting": "family"}).status)
	res = owner.do("PUT", settings, map[string]string{"journal": "private", "media": "private", "stats": "family", "milestones": "family", "recruiting": "coaches"})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	for _, c := range []*client{viewer, coach, limited} {
		entries, _ := listEntries(t, c, journal)
		require.Empty(t, entries)
		require.Empty(t, decodeAs[[]mediaJSON](t, c.do("GET", mediaPath, nil)))
		require.Equal(t, http.StatusNotFound, c.do("GET", photo.MediaURL, nil).status)
	}
	entries, _ = listEntries(t, owner, journal)
	require.Len(t, entries, 2)
	require.Equal(t, http.StatusBadRequest, owner.do("PUT", settings, map[string]string{"journal": "public", "media": "family", "stats": "family", "milestones": "family", "recruiting": "family"}).status)
}

// matrixRoute is one athlete-scoped endpoint; path builds a fresh target for every caller, so a
// delete by one caller does not change what the next one meets.
type matrixRoute struct {
	route string // "METHOD /api/pattern" exactly as registered
	path  func() string
	body  func() any
	// want is the status for owner, admin, editor, viewer, limited; stranger 404 and signed-out 401 always.
	want [5]int
}

// TestAuthorizationMatrix checks every athlete-scoped endpoint against owner, admin, editor,
// viewer, limited, a stranger and a signed-out caller — and fails when an athlete route is missing.
func TestAuthorizationMatrix(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, ownerID := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	// The matrix invites a member for every caller of every circle route: more than Free's circle.
	_, err := s.pool.Exec(t.Context(), `INSERT INTO subscriptions (user_id, tier, status) VALUES ($1, 'family', 'active')`, ownerID)
	require.NoError(t, err)
	admin, _ := s.member(t, athlete, "admin@example.com", "admin", "parent")
	editor, _ := s.member(t, athlete, "editor@example.com", "editor", "parent")
	viewer, _ := s.member(t, athlete, "viewer@example.com", "viewer", "grandparent")
	limited, _ := s.member(t, athlete, "limited@example.com", "limited", "friend")
	stranger, _ := s.registered(t, "stranger@example.com")
	createAthlete(t, stranger)
	signedOut := s.newClient(t)
	callers := []*client{owner, admin, editor, viewer, limited}
	png := testPNG(t)

	sharedEntry := func() int64 {
		e := createEntry(t, owner, athlete, nil)
		owner.do("PUT", fmt.Sprintf("/api/journal/%d", e.ID), map[string]any{"isPrivate": false})
		return e.ID
	}
	photo := func() mediaJSON { return uploadPhoto(t, owner, athlete, png) }
	video := func() int64 { return readyVideo(t, s, athlete, "ready") }
	pending := func() int64 {
		res := owner.do("POST", fmt.Sprintf("/api/athletes/%d/family-circle", athlete), map[string]string{"name": "P", "email": "p@example.com", "relationship": "friend", "accessLevel": "viewer"})
		return int64(res.json(t)["id"].(float64))
	}
	prompt := func() int64 {
		res := owner.do("POST", fmt.Sprintf("/api/athletes/%d/journal-prompts", athlete), map[string]string{"title": "T", "prompt": "P"})
		return int64(res.json(t)["id"].(float64))
	}
	serial := 0
	nextID := func() string { serial++; return fmt.Sprintf("jersey-%d", serial) }
	connection := func() int64 { return connectPlatform(t, owner, athlete, "gamechanger", nextID()) }
	statsImport := func() int64 {
		res := owner.upload(fmt.Sprintf("/api/stats/athlete-platforms/%d/imports", connection()), nil, "season.csv", strings.NewReader(gameChangerSeason))
		require.Equal(t, http.StatusAccepted, res.status, string(res.body))
		return int64(res.json(t)["id"].(float64))
	}
	manualGame := func() int64 {
		res := owner.do("POST", fmt.Sprintf("/api/stats/games/%d", athlete), map[string]any{"gameDate": "2026-04-11"})
		require.Equal(t, http.StatusCreated, res.status, string(res.body))
		return int64(res.json(t)["id"].(float64))
	}
	report := owner.do("POST", fmt.Sprintf("/api/stats/reports/%d", athlete), nil).json(t)["id"]
	qrCode := func() int64 {
		res := owner.do("POST", fmt.Sprintf("/api/athletes/%d/qr-codes", athlete), map[string]string{"targetUrl": "https://example.com/a"})
		require.Equal(t, http.StatusAccepted, res.status, string(res.body))
		id := int64(res.json(t)["id"].(float64))
		// As the worker leaves it: drawn and stored.
		key := fmt.Sprintf("qr-matrix%d.png", id)
		_, err := s.app.storage.Put(t.Context(), key, bytes.NewReader(png))
		require.NoError(t, err)
		_, err = s.pool.Exec(t.Context(), `UPDATE qr_codes SET status = 'ready', image_key = $1 WHERE id = $2`, key, id)
		require.NoError(t, err)
		return id
	}
	achievement := func() int64 {
		res := owner.do("POST", fmt.Sprintf("/api/athletes/%d/achievements", athlete), map[string]any{"title": "All-State"})
		require.Equal(t, http.StatusCreated, res.status, string(res.body))
		id := int64(res.json(t)["id"].(float64))
		key := fmt.Sprintf("card-matrix%d.png", id)
		_, err := s.app.storage.Put(t.Context(), key, bytes.NewReader(png))
		require.NoError(t, err)
		_, err = s.pool.Exec(t.Context(), `UPDATE achievements SET card_status = 'ready', card_hash = repeat('a', 64), feed_key = $1 WHERE id = $2`, key, id)
		require.NoError(t, err)
		return id
	}
	readyExport := func() int64 {
		var id int64
		require.NoError(t, s.pool.QueryRow(t.Context(), `INSERT INTO legacy_exports (athlete_id, status, file_key, file_size, ready_at, expires_at)
			VALUES ($1, 'ready', 'export-matrix.zip', 2, now(), now() + interval '7 days') RETURNING id`, athlete).Scan(&id))
		_, err := s.app.storage.Put(t.Context(), "export-matrix.zip", strings.NewReader("PK"))
		require.NoError(t, err)
		return id
	}
	stat := func(format string, id func() int64) func() string {
		return func() string { return fmt.Sprintf(format, id()) }
	}
	a := func(suffix string) func() string {
		return func() string { return fmt.Sprintf("/api/athletes/%d%s", athlete, suffix) }
	}
	entryPath := func(suffix string) func() string {
		return func() string { return fmt.Sprintf("/api/journal/%d%s", sharedEntry(), suffix) }
	}
	mediaPath := func(suffix string) func() string {
		return func() string { return fmt.Sprintf("/api/media/%d%s", photo().ID, suffix) }
	}
	videoPath := func(suffix string) func() string {
		return func() string { return fmt.Sprintf("/api/media/%d%s", video(), suffix) }
	}
	memberPath := func(suffix string) func() string {
		return func() string { return fmt.Sprintf("/api/family-circle/%d%s", pending(), suffix) }
	}
	none := func() any { return nil }
	const ok, created, accepted, gone = http.StatusOK, http.StatusCreated, http.StatusAccepted, http.StatusNoContent
	const forbidden, hidden = http.StatusForbidden, http.StatusNotFound
	view := [5]int{ok, ok, ok, ok, ok}
	editAthlete := func(success int) [5]int { return [5]int{success, forbidden, success, forbidden, forbidden} }
	// Items a limited member has not been given are invisible to them: 404, not 403.
	editItem := func(success int) [5]int { return [5]int{success, forbidden, success, forbidden, hidden} }
	manage := func(success int) [5]int { return [5]int{success, success, forbidden, forbidden, forbidden} }
	ownerOnly := func(success int) [5]int { return [5]int{success, forbidden, forbidden, forbidden, forbidden} }

	routes := []matrixRoute{
		{"GET /api/athletes/:id", a(""), none, view},
		{"PUT /api/athletes/:id", a(""), func() any { return athleteBody(nil) }, editAthlete(ok)},
		{"GET /api/athletes/:id/stats", a("/stats"), none, view},
		{"GET /api/athletes/:id/exports", a("/exports"), none, ownerOnly(ok)},
		{"POST /api/athletes/:id/exports", a("/exports"), none, ownerOnly(accepted)},
		{"GET /api/exports/:id/download", stat("/api/exports/%d/download", readyExport), none, ownerOnly(ok)},
		// Allowed to the owner, who here gives a wrong password: 400 (TestDeleteAthleteRemovesEverything deletes).
		{"DELETE /api/athletes/:id", a(""), func() any { return map[string]string{"password": "not-the-password"} }, ownerOnly(http.StatusBadRequest)},
		{"GET /api/athletes/:id/journal", a("/journal"), none, view},
		{"GET /api/athletes/:id/journal/stats", a("/journal/stats"), none, view},
		{"POST /api/athletes/:id/journal", a("/journal"), func() any { return entryBody(nil) }, editAthlete(created)},
		{"PUT /api/journal/:id", entryPath(""), func() any { return map[string]any{"isPrivate": false} }, editItem(ok)},
		{"DELETE /api/journal/:id", entryPath(""), none, editItem(gone)},
		{"PATCH /api/journal/:id/favorite", entryPath("/favorite"), none, editItem(ok)},
		{"POST /api/journal/:id/enhance", entryPath("/enhance"), none, editItem(accepted)},
		{"DELETE /api/journal/:id/enhancement", entryPath("/enhancement"), none, editItem(ok)},
		{"POST /api/athletes/:id/journal-prompts", a("/journal-prompts"), func() any { return map[string]string{"title": "T", "prompt": "P"} }, editAthlete(created)},
		{"GET /api/journal-prompts", func() string { return fmt.Sprintf("/api/journal-prompts?athleteId=%d", athlete) }, none, view},
		{"DELETE /api/journal-prompts/:id", func() string { return fmt.Sprintf("/api/journal-prompts/%d", prompt()) }, none, [5]int{gone, forbidden, gone, forbidden, forbidden}},
		{"POST /api/athletes/:id/journal-prompts/generate", a("/journal-prompts/generate"), none, editAthlete(accepted)},
		{"GET /api/athletes/:id/journal-prompts/generate", a("/journal-prompts/generate"), none, view},
		{"GET /api/athletes/:id/media", a("/media"), none, view},
		{"GET /api/athletes/:id/media/usage", a("/media/usage"), none, editAthlete(ok)}, // for those who upload
		{"GET /api/media/:id", mediaPath(""), none, [5]int{ok, ok, ok, ok, hidden}},
		{"PUT /api/media/:id", mediaPath(""), func() any { return map[string]any{"title": "New"} }, editItem(ok)},
		{"DELETE /api/media/:id", mediaPath(""), none, editItem(gone)},
		{"PATCH /api/media/:id/favorite", mediaPath("/favorite"), none, editItem(ok)},
		{"POST /api/media/:id/share", mediaPath("/share"), func() any { return map[string]any{"makeShareable": true} }, editItem(created)},
		{"DELETE /api/media/:id/share", mediaPath("/share"), none, editItem(gone)},
		// Allowed, but the video did not fail: 409 (TestRetryFailedMedia covers the retry itself).
		{"POST /api/media/:id/retry", mediaPath("/retry"), none, editItem(http.StatusConflict)},
		{"GET /api/media/:id/highlights", videoPath("/highlights"), none, [5]int{ok, ok, ok, ok, hidden}},
		{"POST /api/media/:id/highlights", videoPath("/highlights"), none, editItem(accepted)},
		{"POST /api/media/:id/trim", videoPath("/trim"), func() any { return map[string]any{"startTime": 1, "endTime": 3} }, editItem(accepted)},
		{"GET /api/uploads/:key", func() string { return photo().MediaURL }, none, [5]int{ok, ok, ok, ok, hidden}},
		{"GET /api/athletes/:id/family-circle", a("/family-circle"), none, view},
		{"POST /api/athletes/:id/family-circle", a("/family-circle"), func() any {
			return map[string]string{"name": "N", "relationship": "friend", "accessLevel": "viewer"}
		}, manage(created)},
		{"GET /api/athletes/:id/privacy-settings", a("/privacy-settings"), none, view},
		{"PUT /api/athletes/:id/privacy-settings", a("/privacy-settings"), func() any {
			return map[string]string{"journal": "family", "media": "family", "stats": "family", "milestones": "family", "recruiting": "family"}
		}, manage(ok)},
		{"PUT /api/family-circle/:id", memberPath(""), func() any { return map[string]string{"accessLevel": "editor"} }, manage(ok)},
		{"DELETE /api/family-circle/:id", memberPath(""), none, manage(gone)},
		{"POST /api/family-circle/:id/resend", memberPath("/resend"), none, manage(ok)},
		{"POST /api/family-circle/:id/cancel", memberPath("/cancel"), none, manage(gone)},
		{"GET /api/family-circle/:id/shares", memberPath("/shares"), none, manage(ok)},
		{"PUT /api/family-circle/:id/shares", memberPath("/shares"), func() any { return map[string]any{"journal": []int64{}, "media": []int64{}} }, manage(ok)},
		{"POST /api/stats/connect-platform", func() string { return "/api/stats/connect-platform" }, func() any {
			return map[string]any{"providerId": "maxpreps", "externalAthleteId": nextID(), "athleteId": athlete}
		}, editAthlete(created)},
		{"GET /api/stats/athlete-platforms/:id", func() string { return fmt.Sprintf("/api/stats/athlete-platforms/%d", athlete) }, none, view},
		{"DELETE /api/stats/athlete-platforms/:id", stat("/api/stats/athlete-platforms/%d", connection), none, editItem(gone)},
		{"GET /api/stats/imports/:id", stat("/api/stats/imports/%d", statsImport), none, [5]int{ok, ok, ok, ok, hidden}},
		// Allowed, but the import is not waiting for a choice: 409 (TestStatsImportFlow covers the choice).
		{"POST /api/stats/imports/:id/confirm", stat("/api/stats/imports/%d/confirm", statsImport), func() any { return map[string]string{"row": "12"} }, editItem(http.StatusConflict)},
		// Allowed, but there is no export to apply again: 409.
		{"POST /api/stats/sync-platform/:id", stat("/api/stats/sync-platform/%d", connection), none, editItem(http.StatusConflict)},
		{"GET /api/stats/sync-platform/:id", stat("/api/stats/sync-platform/%d", connection), none, [5]int{ok, ok, ok, ok, hidden}},
		{"GET /api/stats/games/:id", func() string { return fmt.Sprintf("/api/stats/games/%d", athlete) }, none, view},
		{"POST /api/stats/games/:id", func() string { return fmt.Sprintf("/api/stats/games/%d", athlete) }, func() any { return map[string]any{"gameDate": "2026-04-11"} }, editAthlete(created)},
		{"PUT /api/stats/game/:id", stat("/api/stats/game/%d", manualGame), func() any { return map[string]any{"gameDate": "2026-04-12"} }, editItem(ok)},
		{"DELETE /api/stats/game/:id", stat("/api/stats/game/%d", manualGame), none, editItem(gone)},
		{"GET /api/stats/seasons/:id", func() string { return fmt.Sprintf("/api/stats/seasons/%d", athlete) }, none, view},
		{"POST /api/stats/reports/:id", func() string { return fmt.Sprintf("/api/stats/reports/%d", athlete) }, none, editAthlete(accepted)},
		{"GET /api/athletes/:id/qr-codes", a("/qr-codes"), none, view},
		{"POST /api/athletes/:id/qr-codes", a("/qr-codes"), func() any { return map[string]string{"targetUrl": "https://example.com/b"} }, editAthlete(accepted)},
		{"PUT /api/qr-codes/:id", stat("/api/qr-codes/%d", qrCode), func() any { return map[string]string{"targetUrl": "https://example.com/c"} }, editAthlete(ok)},
		{"DELETE /api/qr-codes/:id", stat("/api/qr-codes/%d", qrCode), none, editAthlete(gone)},
		{"GET /api/qr-codes/:id/image", stat("/api/qr-codes/%d/image", qrCode), none, view},
		{"GET /api/athletes/:id/achievements", a("/achievements"), none, view},
		{"POST /api/athletes/:id/achievements", a("/achievements"), func() any { return map[string]any{"title": "Captain"} }, editAthlete(created)},
		{"PUT /api/achievements/:id", stat("/api/achievements/%d", achievement), func() any { return map[string]any{"title": "Captain"} }, editAthlete(ok)},
		{"DELETE /api/achievements/:id", stat("/api/achievements/%d", achievement), none, editAthlete(gone)},
		{"GET /api/achievements/:id/card", stat("/api/achievements/%d/card", achievement), none, view},
		{"GET /api/athletes/:id/showcase", a("/showcase"), none, view},
		{"PUT /api/athletes/:id/showcase", a("/showcase"), func() any { return map[string]any{"slug": "matrix-athlete", "published": false} }, manage(ok)},
		{"PATCH /api/media/:id/showcase", mediaPath("/showcase"), func() any { return map[string]any{"onShowcase": false} }, editItem(ok)},
		{"GET /api/stats/reports/:id/:reportId", func() string { return fmt.Sprintf("/api/stats/reports/%d/%v", athlete, report) }, none, view},
	}
	routes = append(routes, recruitingMatrixRoutes(t, owner, athlete)...)

	// Every route of the router is in the table or in outsideMatrix.
	// multipart: checked at the end
	listed := map[string]bool{"POST /api/athletes/:id/media": true, "POST /api/stats/athlete-platforms/:id/imports": true}
	// tus: checked at the end, with the protocol's headers
	for _, route := range tusRoutes {
		listed[route] = true
	}
	for _, r := range routes {
		listed[r.route] = true
	}
	require.Empty(t, unlistedRoutes(s.app.router().Router().Routes(), listed), "routes missing from the authorization matrix")
	for route, want := range outsideMatrix {
		method, path, _ := strings.Cut(route, " ")
		if want == 0 {
			continue
		}
		path = strings.NewReplacer(":token", "no-such-invitation-token-0000", ":code", "nosuchcode", "*", "early-access").Replace(path)
		require.Equal(t, want, signedOut.do(method, path, map[string]any{}).status, "%s signed out", route)
	}

	names := []string{"owner", "admin", "editor", "viewer", "limited"}
	for _, r := range routes {
		for i, c := range callers {
			res := c.do(strings.Fields(r.route)[0], r.path(), r.body())
			require.Equal(t, r.want[i], res.status, "%s as %s: %s", r.route, names[i], res.body)
		}
		require.Equal(t, http.StatusNotFound, stranger.do(strings.Fields(r.route)[0], r.path(), r.body()).status, "%s as a stranger", r.route)
		require.Equal(t, http.StatusUnauthorized, signedOut.do(strings.Fields(r.route)[0], r.path(), r.body()).status, "%s signed out", r.route)
	}

	// Uploads follow the same rules through the multipart path.
	upload := fmt.Sprintf("/api/athletes/%d/media", athlete)
	for i, c := range callers {
		want := editAthlete(http.StatusAccepted)[i]
		require.Equal(t, want, c.upload(upload, photoFields, "p.png", bytes.NewReader(png)).status, "upload as %s", names[i])
	}
	require.Equal(t, http.StatusNotFound, stranger.upload(upload, photoFields, "p.png", bytes.NewReader(png)).status)
	require.Equal(t, http.StatusUnauthorized, signedOut.upload(upload, photoFields, "p.png", bytes.NewReader(png)).status)
	statsUpload := func(c *client) int {
		return c.upload(fmt.Sprintf("/api/stats/athlete-platforms/%d/imports", connection()), nil, "season.csv", strings.NewReader(gameChangerSeason)).status
	}
	for i, c := range callers {
		require.Equal(t, editItem(http.StatusAccepted)[i], statsUpload(c), "stats import as %s", names[i])
	}
	require.Equal(t, http.StatusNotFound, statsUpload(stranger))
	require.Equal(t, http.StatusUnauthorized, statsUpload(signedOut))

	// Resumable uploads: made by those who upload; an upload is then its creator's alone (the
	// owner's here, so an editor is told it does not exist).
	film := gameFilm(t, 5000)
	tus := func(c *client, method, path string, extra ...string) int {
		return c.do(method, path, nil, append([]string{"Tus-Resumable", "1.0.0"}, extra...)...).status
	}
	creation := fmt.Sprintf("/api/athletes/%d/media/uploads", athlete)
	createUpload := func(c *client) int {
		return tus(c, "POST", creation, "Upload-Length", "5000", "Upload-Metadata", tusMetadata(filmFields))
	}
	owned := func() string { return createTus(t, owner, athlete, int64(len(film)), filmFields) }
	perUpload := map[string]func(c *client) int{
		"HEAD /api/media/uploads/:id":   func(c *client) int { return tus(c, "HEAD", owned()) },
		"PATCH /api/media/uploads/:id":  func(c *client) int { return patchTus(c, owned(), 0, film).status },
		"DELETE /api/media/uploads/:id": func(c *client) int { return tus(c, "DELETE", owned()) },
	}
	wantOwned := map[string]int{"HEAD /api/media/uploads/:id": ok, "PATCH /api/media/uploads/:id": gone, "DELETE /api/media/uploads/:id": gone}
	for i, c := range callers {
		require.Equal(t, editAthlete(http.StatusNoContent)[i], tus(c, "OPTIONS", creation), "OPTIONS uploads as %s", names[i])
		require.Equal(t, editAthlete(http.StatusCreated)[i], createUpload(c), "POST uploads as %s", names[i])
		for route, call := range perUpload {
			want := [5]int{wantOwned[route], forbidden, hidden, forbidden, forbidden}[i]
			require.Equal(t, want, call(c), "%s as %s", route, names[i])
		}
	}
	for _, c := range []*client{stranger, signedOut} {
		want := map[*client]int{stranger: hidden, signedOut: http.StatusUnauthorized}[c]
		require.Equal(t, want, tus(c, "OPTIONS", creation))
		require.Equal(t, want, createUpload(c))
		for route, call := range perUpload {
			require.Equal(t, want, call(c), route)
		}
	}
	require.Equal(t, ok, tus(editor, "HEAD", createTus(t, editor, athlete, 10, filmFields)), "an editor's own upload is theirs")
}

var tusRoutes = []string{"OPTIONS /api/athletes/:id/media/uploads", "POST /api/athletes/:id/media/uploads",
	"HEAD /api/media/uploads/:id", "PATCH /api/media/uploads/:id", "DELETE /api/media/uploads/:id"}

// outsideMatrix lists the routes that reach no athlete's data through their path, with what a
// signed-out caller gets: public pages and forms, and the signed-in caller's own account (401).
// Anything else must have a row in the authorization matrix.
var outsideMatrix = map[string]int{
	"GET /healthz":                        http.StatusOK,
	"GET /readyz":                         http.StatusOK,
	"GET /api/login":                      http.StatusFound,
	"POST /api/login":                     http.StatusBadRequest,
	"POST /api/register":                  http.StatusBadRequest,
	"POST /api/logout":                    http.StatusNoContent,
	"POST /api/waitlist":                  http.StatusBadRequest,
	"POST /api/contact":                   http.StatusBadRequest,
	"GET /api/demo":                       http.StatusOK,
	"GET /api/demo/achievements/:id/card": http.StatusNotFound,
	"GET /api/demo/media/:id/image":       http.StatusNotFound,
	"GET /api/session":                    http.StatusOK,
	"GET /api/invitations/:token":         http.StatusNotFound,
	"GET /api/share/:code":                http.StatusNotFound,
	"GET /api/share/:code/media":          http.StatusNotFound,
	"GET /api/share/:code/thumbnail":      http.StatusNotFound,
	"GET /api/user":                       http.StatusUnauthorized,
	"PUT /api/user":                       http.StatusUnauthorized,
	"PUT /api/user/password":              http.StatusUnauthorized,
	"DELETE /api/user":                    http.StatusUnauthorized, // TestDeleteAccountRemovesEverything
	"GET /api/user/settings":              http.StatusUnauthorized,
	"GET /api/journal-options":            http.StatusUnauthorized,
	"PUT /api/user/settings":              http.StatusUnauthorized,
	"GET /api/athletes":                   http.StatusUnauthorized,
	"POST /api/athletes":                  http.StatusUnauthorized,
	"GET /api/athletes/me":                http.StatusUnauthorized,
	"POST /api/invitations/:token/accept": http.StatusUnauthorized,
	"GET /api/recruiting-events":          http.StatusUnauthorized, // the NCAA calendars, the same for everyone
	"GET /api/calendar/:token":            http.StatusNotFound,     // a calendar subscription: the token is the key
	"GET /api/stats/providers":            http.StatusUnauthorized,
	// The account's own plan (TestSubscriptions covers the rest); Stripe's webhook checks its signature.
	"GET /api/subscription/plans":           http.StatusUnauthorized,
	"GET /api/subscription/status":          http.StatusUnauthorized,
	"POST /api/subscription/create":         http.StatusUnauthorized,
	"POST /api/subscription/cancel":         http.StatusUnauthorized,
	"POST /api/subscription/billing-portal": http.StatusUnauthorized,
	"POST /api/stripe/webhook":              http.StatusBadRequest,
	// A printed QR code's public short link; TestQRCodes covers it.
	"GET /q/:code": http.StatusNotFound,
	// The public showcase (TestPublicShowcasePage): 404 unless the family published it.
	"GET /api/public/athletes/:slug":                                  http.StatusNotFound,
	"GET /api/public/athletes/:slug/achievements/:achievementId":      http.StatusNotFound,
	"GET /api/public/athletes/:slug/achievements/:achievementId/card": http.StatusNotFound,
	"GET /api/public/athletes/:slug/media/:mediaId":                   http.StatusNotFound,
	"GET /a/:slug": http.StatusNotFound,
	"GET /a/:slug/achievements/:achievementId": http.StatusNotFound,
	// The providers' logos are public images; "*" is replaced by a name that is not one.
	"GET /api/stats/logos/*": http.StatusNotFound,
	// Operators only; TestOperatorsOnly covers the rest.
	"GET /api/ops/summary":         http.StatusUnauthorized,
	"POST /api/ops/jobs/:id/retry": http.StatusUnauthorized,
	"GET /ops":                     0, "echo_route_not_found /api/ops": 0, "echo_route_not_found /api/ops/*": 0,
	// Not requested here: the web app's files (built or not), and Echo's catch-alls under /api.
	"GET /*": 0, "HEAD /*": 0, "echo_route_any /api/*": 0, "echo_route_not_found /api": 0, "echo_route_not_found /api/*": 0,
	// The operators' tools: TestOperatorsOnly covers them (401 signed out, 404 to everyone else).
	"echo_route_any /ops/riverui": 0, "echo_route_any /ops/riverui/*": 0, "echo_route_not_found /ops": 0, "echo_route_not_found /ops/*": 0,
}

// unlistedRoutes answers the router's routes that are neither listed nor in outsideMatrix.
func unlistedRoutes(routes echo.Routes, listed map[string]bool) []string {
	var missing []string
	for _, r := range routes {
		route := r.Method + " " + r.Path
		if _, outside := outsideMatrix[route]; !outside && !listed[route] {
			missing = append(missing, route)
		}
	}
	return missing
}

// TestMatrixNoticesNewRoutes is the test of the test: a route added without a matrix row — the
// spec's /api/stats/... style included — is reported.
func TestMatrixNoticesNewRoutes(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	e := s.app.router()
	listed := map[string]bool{}
	for _, r := range e.Router().Routes() {
		listed[r.Method+" "+r.Path] = true
	}
	require.Empty(t, unlistedRoutes(e.Router().Routes(), listed))
	e.GET("/api/stats/leaderboards", routeNotFound)
	e.POST("/api/athletes/:id/stats/import", routeNotFound)
	require.ElementsMatch(t, []string{"GET /api/stats/leaderboards", "POST /api/athletes/:id/stats/import"}, unlistedRoutes(e.Router().Routes(), listed))
}

// TestAdminsCannotRaiseThemselves: nobody changes their own access level, and only the owner
// changes or removes an admin.
func TestAdminsCannotRaiseThemselves(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	admin, adminID := s.member(t, athlete, "admin@example.com", "admin", "parent")
	_, otherAdminID := s.member(t, athlete, "admin2@example.com", "admin", "parent")
	_, viewerID := s.member(t, athlete, "viewer@example.com", "viewer", "grandparent")
	member := func(id int64) string { return fmt.Sprintf("/api/family-circle/%d", id) }

	res := admin.do("PUT", member(adminID), map[string]string{"accessLevel": "editor"})
	require.Equal(t, http.StatusForbidden, res.status)
	require.Equal(t, "You can't change your own access level", res.message(t))
	res = admin.do("PUT", member(otherAdminID), map[string]string{"accessLevel": "viewer"})
	require.Equal(t, http.StatusForbidden, res.status)
	require.Equal(t, "Only the owner can change an admin's access", res.message(t))
	require.Equal(t, http.StatusForbidden, admin.do("DELETE", member(otherAdminID), nil).status)
	var level string
	require.NoError(t, s.pool.QueryRow(context.Background(), "SELECT access_level FROM family_members WHERE id = $1", adminID).Scan(&level))
	require.Equal(t, "admin", level)

	require.Equal(t, http.StatusOK, admin.do("PUT", member(viewerID), map[string]string{"accessLevel": "editor"}).status)
	require.Equal(t, http.StatusOK, owner.do("PUT", member(otherAdminID), map[string]string{"accessLevel": "viewer"}).status)
}

// TestFailedInvitationEmailIsVisible: a pending invitation shows how its e-mail fared, a failed one
// in plain words, and a resend starts over.
func TestFailedInvitationEmailIsVisible(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	circle := fmt.Sprintf("/api/athletes/%d/family-circle", athlete)
	res := owner.do("POST", circle, map[string]string{"name": "Grandma Rose", "email": "rose@example.com", "relationship": "grandparent", "accessLevel": "viewer"})
	require.Equal(t, http.StatusCreated, res.status)
	memberID := int64(res.json(t)["id"].(float64))
	invitation := func() map[string]any {
		for _, m := range decodeAs[[]map[string]any](t, owner.do("GET", circle, nil)) {
			if int64(m["id"].(float64)) == memberID {
				state, _ := m["invitationEmail"].(map[string]any)
				return state
			}
		}
		return nil
	}
	require.Equal(t, "pending", invitation()["status"])

	_, err := s.pool.Exec(context.Background(), `UPDATE outbound_emails SET status = 'failed', status_reason = '550 5.1.1 mailbox unavailable'
		WHERE id = (SELECT invite_email_id FROM family_members WHERE id = $1)`, memberID)
	require.NoError(t, err)
	require.Equal(t, map[string]any{"status": "failed", "statusReason": "The invitation e-mail could not be delivered. Check the address, then resend."}, invitation())

	require.Equal(t, http.StatusOK, owner.do("POST", fmt.Sprintf("/api/family-circle/%d/resend", memberID), nil).status)
	require.Equal(t, "pending", invitation()["status"], "the resent e-mail is the one shown")
}
