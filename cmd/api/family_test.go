package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"path"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stretchr/testify/require"

	"legacylocker/integrations/mail"
	"legacylocker/integrations/mail/mailtest"
	"legacylocker/jobs"
)

// member adds an active family member with the given access level and answers their client.
func (s *testServer) member(t testing.TB, athleteID int64, email, level, relationship string) (*client, int64) {
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

	msgs := smtpServer.WaitFor(t, 3, 15*time.Second) // the owner's welcome and confirmation link, and the invitation
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
	require.Equal(t, "r•••@example.com", res.json(t)["email"], "the invite page names who it was meant for, masked")
	require.NotContains(t, string(res.body), "rose@", "a forwarded link does not give the address away")
	require.Equal(t, http.StatusUnauthorized, visitor.do("POST", "/api/invitations/"+token+"/accept", nil).status)

	// Another account cannot accept it, however it got the link; the invitation stays usable.
	others := map[string]*client{"owner@example.com": owner}
	for _, email := range []string{"rose@example.org", "grandma.rose@example.com"} {
		others[email], _ = s.registered(t, email)
	}
	for email, other := range others {
		res = other.do("POST", "/api/invitations/"+token+"/accept", nil)
		require.Equal(t, http.StatusForbidden, res.status, email)
		require.Equal(t, "This invitation was sent to r•••@example.com. Sign in with that address to accept it, or ask the family for a new link.", res.message(t))
	}
	require.Equal(t, http.StatusOK, visitor.do("GET", "/api/invitations/"+token, nil).status, "still usable")

	rose, _ := s.registered(t, "Rose@example.COM") // the invited address, typed in another case
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
	msgs = smtpServer.WaitFor(t, 11, 15*time.Second) // with a welcome and a confirmation link for each of the four other accounts above
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
func TestMaskEmail(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"grandma@example.com": "g•••@example.com", " Rose@Example.COM ": "r•••@example.com",
		"élise@exemple.fr": "é•••@exemple.fr", "no-at-sign": "•••", "@example.com": "•••"} {
		require.Equal(t, want, maskEmail(in), in)
	}
}

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

// familyMatrix: the circle, its invitations and what each member sees.
var familyMatrix = matrixArea{
	outside: map[string]int{
		"GET /api/invitations/:token":         http.StatusNotFound,
		"POST /api/invitations/:token/accept": http.StatusUnauthorized,
		// Joining with a new account needs a live invitation, not a session (TestJoiningAnEmailedInvitationInOneStep).
		"POST /api/invitations/:token/register": http.StatusNotFound,
	},
	rows: func(m *matrix) []matrixRoute {
		pending := func() int64 {
			return m.created(fmt.Sprintf("/api/athletes/%d/family-circle", m.athlete), map[string]string{"name": "P", "email": "p@example.com", "relationship": "friend", "accessLevel": "viewer"})
		}
		member := func(suffix string) func() string { return pathOf("/api/family-circle/%d"+suffix, pending) }
		return []matrixRoute{
			{route: "GET /api/athletes/:id/family-circle", path: m.athletePath("/family-circle"), body: noBody, want: everyoneSees},
			{route: "POST /api/athletes/:id/family-circle", path: m.athletePath("/family-circle"), body: func() any {
				return map[string]string{"name": "N", "relationship": "friend", "accessLevel": "viewer"}
			}, want: managesCircle(created)},
			{route: "GET /api/athletes/:id/privacy-settings", path: m.athletePath("/privacy-settings"), body: noBody, want: everyoneSees},
			{route: "PUT /api/athletes/:id/privacy-settings", path: m.athletePath("/privacy-settings"), body: func() any {
				return map[string]string{"journal": "family", "media": "family", "stats": "family", "milestones": "family", "recruiting": "family"}
			}, want: managesCircle(ok)},
			{route: "PUT /api/family-circle/:id", path: member(""), body: func() any { return map[string]string{"accessLevel": "editor"} }, want: managesCircle(ok)},
			{route: "DELETE /api/family-circle/:id", path: member(""), body: noBody, want: managesCircle(deleted)},
			{route: "POST /api/family-circle/:id/resend", path: member("/resend"), body: noBody, want: managesCircle(ok)},
			{route: "POST /api/family-circle/:id/invite-link", path: member("/invite-link"), body: noBody, want: managesCircle(created)},
			{route: "POST /api/family-circle/:id/cancel", path: member("/cancel"), body: noBody, want: managesCircle(deleted)},
			// The viewer's own photo, as a worker left it: a limited member sees only themselves in the circle.
			{route: "GET /api/family-circle/:id/photo", path: func() string {
				var id, user int64
				require.NoError(m.t, m.s.pool.QueryRow(m.t.Context(), `SELECT id, user_id FROM family_members WHERE athlete_id = $1 AND email = 'viewer@example.com'`, m.athlete).Scan(&id, &user))
				key := fmt.Sprintf("matrix-member-%d-512.jpg", user)
				_, err := m.s.app.storage.Put(m.t.Context(), key, bytes.NewReader(m.png))
				require.NoError(m.t, err)
				_, err = m.s.pool.Exec(m.t.Context(), `INSERT INTO profile_photos (user_id, photo_key, status) VALUES ($1, $2, 'ready')
					ON CONFLICT (user_id) DO UPDATE SET photo_key = excluded.photo_key, status = 'ready'`, user, key)
				require.NoError(m.t, err)
				return fmt.Sprintf("/api/family-circle/%d/photo", id)
			}, body: noBody, want: seesItem(ok)},
			{route: "GET /api/family-circle/:id/shares", path: member("/shares"), body: noBody, want: managesCircle(ok)},
			{route: "PUT /api/family-circle/:id/shares", path: member("/shares"), body: func() any { return map[string]any{"journal": []int64{}, "media": []int64{}} }, want: managesCircle(ok)},
		}
	},
}

// TestInvitationOnlyLoggedSaysItWasNotSent: without an e-mail service the worker writes the
// invitation to its log; the circle says it was not sent and points to the link, never "E-mail sent".
func TestInvitationOnlyLoggedSaysItWasNotSent(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	circle := fmt.Sprintf("/api/athletes/%d/family-circle", athlete)
	res := owner.do("POST", circle, map[string]string{"name": "Grandma Rose", "email": "rose@example.com", "relationship": "grandparent", "accessLevel": "viewer"})
	require.Equal(t, http.StatusCreated, res.status)
	_, err := s.pool.Exec(context.Background(), `UPDATE outbound_emails SET status = 'ready', delivered_via = 'log', sent_at = now() WHERE kind = 'invitation'`)
	require.NoError(t, err)
	members := decodeAs[[]map[string]any](t, owner.do("GET", circle, nil))
	var state map[string]any
	for _, m := range members {
		if m["email"] == "rose@example.com" {
			state, _ = m["invitationEmail"].(map[string]any)
		}
	}
	require.Equal(t, map[string]any{"status": "failed", "statusReason": msgInviteNoMailService}, state)
}

// TestInvitationWithoutMailServiceSaysSoAtOnce: a server without SMTP_URL answers the invitation
// as not sent, with the reason, so the dialog can offer the link instead of "Added" and a wait.
func TestInvitationWithoutMailServiceSaysSoAtOnce(t *testing.T) {
	t.Parallel()
	for _, mailService := range []bool{true, false} {
		s := newTestServer(t, func(cfg *config) { cfg.mailService = mailService })
		owner, _ := s.registered(t, "owner@example.com")
		athlete := createAthlete(t, owner)
		res := owner.do("POST", fmt.Sprintf("/api/athletes/%d/family-circle", athlete), map[string]string{"name": "Grandma Rose", "email": "rose@example.com", "relationship": "grandparent", "accessLevel": "viewer"})
		require.Equal(t, http.StatusCreated, res.status)
		want := map[string]any{"status": "pending", "statusReason": ""}
		if !mailService {
			want = map[string]any{"status": "failed", "statusReason": msgInviteNoMailService}
		}
		require.Equal(t, want, res.json(t)["invitationEmail"], "mail service %v", mailService)
	}
}

// TestJoiningAnEmailedInvitationInOneStep: someone without an account joins from the invitation page
// with a name and a password; the account takes the invited address (never shown whole, never
// typed), confirmed by the link, and lands in the circle. One added without an address, an address
// that already has an account, and a used link are each told what to do instead.
func TestJoiningAnEmailedInvitationInOneStep(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	circle := fmt.Sprintf("/api/athletes/%d/family-circle", athlete)
	invite := func(name, email string) string {
		res := owner.do("POST", circle, map[string]string{"name": name, "email": email, "relationship": "grandparent", "accessLevel": "viewer"})
		require.Equal(t, http.StatusCreated, res.status, string(res.body))
		id := int64(res.json(t)["id"].(float64))
		res = owner.do("POST", fmt.Sprintf("/api/family-circle/%d/invite-link", id), nil)
		require.Equal(t, http.StatusCreated, res.status, string(res.body))
		return path.Base(res.json(t)["url"].(string))
	}
	join := map[string]string{"firstName": "Rose", "lastName": "Lee", "password": goodPassword, "email": "someone.else@example.com"}

	token := invite("Grandma Rose", "Rose@Example.com")
	visitor := s.newClient(t)
	res := visitor.do("POST", "/api/invitations/"+token+"/register", map[string]string{"firstName": "Rose", "lastName": "Lee", "password": "short"})
	require.Equal(t, http.StatusBadRequest, res.status, "the sign-up rules apply")
	require.Equal(t, 0, count(t, s, "SELECT count(*) FROM users WHERE email = 'rose@example.com'"))

	res = visitor.do("POST", "/api/invitations/"+token+"/register", join)
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	user := res.json(t)
	require.Equal(t, "rose@example.com", user["email"], "the invited address, whatever the body says")
	require.Equal(t, true, user["emailVerified"], "the link that reached the address confirms it")
	athletes := decodeAs[[]map[string]any](t, visitor.do("GET", "/api/athletes", nil))
	require.Len(t, athletes, 1, "signed in and in the circle")
	require.Equal(t, "viewer", athletes[0]["role"])
	require.Equal(t, 0, count(t, s, "SELECT count(*) FROM users WHERE email = 'someone.else@example.com'"))

	res = s.newClient(t).do("POST", "/api/invitations/"+token+"/register", join)
	require.Equal(t, http.StatusGone, res.status, "the link is used up")

	// An address that already has an account signs in instead.
	s.registered(t, "bo@example.com")
	token = invite("Aunt Bo", "bo@example.com")
	res = s.newClient(t).do("POST", "/api/invitations/"+token+"/register", join)
	require.Equal(t, http.StatusConflict, res.status)
	require.Equal(t, "An account with this email already exists", res.message(t))

	// An invitation without an address is joined with an account of one's own.
	res = owner.do("POST", circle, map[string]string{"name": "Coach Kim", "relationship": "coach", "accessLevel": "limited"})
	require.Equal(t, http.StatusCreated, res.status)
	res = owner.do("POST", fmt.Sprintf("/api/family-circle/%d/invite-link", int64(res.json(t)["id"].(float64))), nil)
	res = s.newClient(t).do("POST", "/api/invitations/"+path.Base(res.json(t)["url"].(string))+"/register", join)
	require.Equal(t, http.StatusBadRequest, res.status)
	require.Equal(t, "This invitation was not sent to an address. Create an account with your own, then accept it.", res.message(t))
	require.Equal(t, http.StatusNotFound, s.newClient(t).do("POST", "/api/invitations/not-a-real-token-at-all-xx/register", join).status)
}
