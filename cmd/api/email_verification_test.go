package main

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"
)

var verifyLink = regexp.MustCompile(`/verify-email/([A-Za-z0-9_-]{43})`)

// mailedVerifyToken is the token in the newest confirmation e-mail to the address.
func mailedVerifyToken(t *testing.T, s *testServer, to string) string {
	t.Helper()
	var body string
	require.NoError(t, s.pool.QueryRow(context.Background(),
		"SELECT body_text FROM outbound_emails WHERE kind = 'email_verification' AND to_address = $1 ORDER BY id DESC LIMIT 1", to).Scan(&body))
	m := verifyLink.FindStringSubmatch(body)
	require.NotNil(t, m, "no confirmation link in %q", body)
	return m[1]
}

func TestSignUpMailsAConfirmationLinkThatVerifiesTheAddressOnce(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	ana, _ := s.unverified(t, "ana@example.com")
	require.Equal(t, false, ana.do("GET", "/api/user", nil).json(t)["emailVerified"])
	token := mailedVerifyToken(t, s, "ana@example.com")

	// Opened from the mail app, in a browser that is not signed in.
	mailApp := s.newClient(t)
	res := mailApp.do("POST", "/api/email-verifications/"+token, nil)
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Equal(t, true, res.json(t)["emailVerified"])
	require.Equal(t, true, ana.do("GET", "/api/user", nil).json(t)["emailVerified"])
	require.Equal(t, http.StatusUnauthorized, mailApp.do("GET", "/api/user", nil).status, "confirming signs nobody in")

	again := mailApp.do("POST", "/api/email-verifications/"+token, nil)
	require.Equal(t, http.StatusGone, again.status)
	require.Equal(t, msgVerifyLinkUsed, again.message(t))
	require.Equal(t, http.StatusNotFound, mailApp.do("POST", "/api/email-verifications/"+token[:42]+"x", nil).status)
	require.Equal(t, http.StatusConflict, ana.do("POST", "/api/email-verifications", nil).status, "nothing left to confirm")
}

func TestConfirmationLinksExpireAndCanBeSentAgain(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	ana, _ := s.unverified(t, "ana@example.com")
	old := mailedVerifyToken(t, s, "ana@example.com")
	_, err := s.pool.Exec(context.Background(), "UPDATE email_verifications SET expires_at = now() - interval '1 second'")
	require.NoError(t, err)
	expired := s.newClient(t).do("POST", "/api/email-verifications/"+old, nil)
	require.Equal(t, http.StatusGone, expired.status)
	require.Equal(t, msgVerifyLinkExpired, expired.message(t))

	resent := ana.do("POST", "/api/email-verifications", nil)
	require.Equal(t, http.StatusAccepted, resent.status)
	require.Equal(t, "We sent a new confirmation link to ana@example.com.", resent.message(t))
	fresh := mailedVerifyToken(t, s, "ana@example.com")
	require.NotEqual(t, old, fresh)
	require.Equal(t, http.StatusOK, s.newClient(t).do("POST", "/api/email-verifications/"+fresh, nil).status)

	require.Equal(t, http.StatusUnauthorized, s.newClient(t).do("POST", "/api/email-verifications", nil).status)
	for range verificationsPerHour {
		s.pool.Exec(context.Background(), "UPDATE users SET email_verified_at = NULL") //nolint:errcheck // checked by the next answer
		ana.do("POST", "/api/email-verifications", nil)
	}
	require.Equal(t, http.StatusTooManyRequests, ana.do("POST", "/api/email-verifications", nil).status, "the banner cannot mail without end")
}

// TestWhatWaitsForAConfirmedAddress: inviting by e-mail, publishing the public page and a paid
// checkout answer 403 naming the address until it is confirmed; the rest of the app works.
func TestWhatWaitsForAConfirmedAddress(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.unverified(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	want := fmt.Sprintf(msgVerifiedEmailNeeded, "owner@example.com")

	invite := owner.do("POST", fmt.Sprintf("/api/athletes/%d/family-circle", athlete), map[string]string{"name": "Rose", "email": "rose@example.com", "relationship": "grandparent", "accessLevel": "viewer"})
	require.Equal(t, http.StatusForbidden, invite.status)
	require.Equal(t, want, invite.message(t))
	require.Equal(t, http.StatusCreated, owner.do("POST", fmt.Sprintf("/api/athletes/%d/family-circle", athlete), map[string]string{"name": "Grandpa", "relationship": "grandparent", "accessLevel": "viewer"}).status,
		"a member without e-mail mails nobody")
	publish := owner.do("PUT", fmt.Sprintf("/api/athletes/%d/showcase", athlete), map[string]any{"slug": "jordan-lee", "published": true})
	require.Equal(t, http.StatusForbidden, publish.status)
	require.Equal(t, want, publish.message(t))
	require.Equal(t, http.StatusOK, owner.do("PUT", fmt.Sprintf("/api/athletes/%d/showcase", athlete), map[string]any{"slug": "jordan-lee", "published": false}).status)
	checkout := owner.do("POST", "/api/subscription/create", map[string]string{"tier": "premium"})
	require.Equal(t, http.StatusForbidden, checkout.status)
	require.Equal(t, want, checkout.message(t))

	require.Equal(t, http.StatusOK, s.newClient(t).do("POST", "/api/email-verifications/"+mailedVerifyToken(t, s, "owner@example.com"), nil).status)
	require.Equal(t, http.StatusCreated, owner.do("POST", fmt.Sprintf("/api/athletes/%d/family-circle", athlete), map[string]string{"name": "Rose", "email": "rose@example.com", "relationship": "grandparent", "accessLevel": "viewer"}).status)
	require.Equal(t, http.StatusOK, owner.do("PUT", fmt.Sprintf("/api/athletes/%d/showcase", athlete), map[string]any{"slug": "jordan-lee", "published": true}).status)
}

func TestChangingTheAddressWaitsForTheNewOneAndTellsTheOld(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	ana, _ := s.registered(t, "ana@example.com")
	s.registered(t, "bo@example.com")

	wrong := ana.do("PUT", "/api/user/email", map[string]string{"email": "ana.lee@example.com", "currentPassword": "nope"})
	require.Equal(t, http.StatusBadRequest, wrong.status)
	require.Contains(t, wrong.fieldErrors(t), "currentPassword")
	require.Equal(t, http.StatusConflict, ana.do("PUT", "/api/user/email", map[string]string{"email": "bo@example.com", "currentPassword": goodPassword}).status)
	same := ana.do("PUT", "/api/user/email", map[string]string{"email": "ANA@example.com", "currentPassword": goodPassword})
	require.Equal(t, http.StatusBadRequest, same.status)
	require.Equal(t, msgSameEmail, same.fieldErrors(t)["email"])

	res := ana.do("PUT", "/api/user/email", map[string]string{"email": "Ana.Lee@example.com", "currentPassword": goodPassword})
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	require.Equal(t, "ana@example.com", ana.do("GET", "/api/user", nil).json(t)["email"], "nothing changes before the link is opened")

	token := mailedVerifyToken(t, s, "ana.lee@example.com")
	confirmed := s.newClient(t).do("POST", "/api/email-verifications/"+token, nil)
	require.Equal(t, http.StatusOK, confirmed.status, string(confirmed.body))
	user := ana.do("GET", "/api/user", nil).json(t)
	require.Equal(t, "ana.lee@example.com", user["email"])
	require.Equal(t, true, user["emailVerified"])
	require.Equal(t, 1, count(t, s, "SELECT count(*) FROM outbound_emails WHERE kind = 'email_changed' AND to_address = 'ana@example.com' AND body_text LIKE '%ana.lee@example.com%'"))
	require.Equal(t, http.StatusOK, s.newClient(t).do("POST", "/api/login", map[string]string{"email": "ana.lee@example.com", "password": goodPassword}).status)
	require.Equal(t, http.StatusUnauthorized, s.newClient(t).do("POST", "/api/login", map[string]string{"email": "ana@example.com", "password": goodPassword}).status)

	// A link to an address someone else took meanwhile cannot steal it.
	require.Equal(t, http.StatusAccepted, ana.do("PUT", "/api/user/email", map[string]string{"email": "cy@example.com", "currentPassword": goodPassword}).status)
	toCy := mailedVerifyToken(t, s, "cy@example.com")
	s.registered(t, "cy@example.com")
	taken := s.newClient(t).do("POST", "/api/email-verifications/"+toCy, nil)
	require.Equal(t, http.StatusConflict, taken.status)
	require.Equal(t, msgEmailTaken, taken.message(t))
	require.Equal(t, "ana.lee@example.com", ana.do("GET", "/api/user", nil).json(t)["email"])
}
