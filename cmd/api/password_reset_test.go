package main

import (
	"context"
	"crypto/sha256"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"

	"legacylocker/store/storetest"
)

var resetLink = regexp.MustCompile(`/reset-password/([A-Za-z0-9_-]{43})`)

// mailedResetToken is the token in the newest reset e-mail to the address, as the worker would send it.
func mailedResetToken(t *testing.T, s *testServer, to string) string {
	t.Helper()
	var body string
	require.NoError(t, s.pool.QueryRow(context.Background(),
		"SELECT body_text FROM outbound_emails WHERE kind = 'password_reset' AND to_address = $1 ORDER BY id DESC LIMIT 1", to).Scan(&body))
	m := resetLink.FindStringSubmatch(body)
	require.NotNil(t, m, "no reset link in %q", body)
	return m[1]
}

func TestPasswordResetAnswersAlikeForEveryAddress(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.registered(t, "ana@example.com")
	visitor := s.newClient(t)

	known := visitor.do("POST", "/api/password-resets", map[string]string{"email": " Ana@Example.com "})
	unknown := visitor.do("POST", "/api/password-resets", map[string]string{"email": "nobody@example.com"})
	require.Equal(t, http.StatusAccepted, known.status, string(known.body))
	require.Equal(t, http.StatusAccepted, unknown.status)
	require.Equal(t, known.body, unknown.body, "the answer must not tell who has an account")
	require.Equal(t, msgPasswordResetSent, known.message(t))
	require.Equal(t, 1, count(t, s, "SELECT count(*) FROM outbound_emails WHERE kind = 'password_reset'"))
	require.Equal(t, 0, count(t, s, "SELECT count(*) FROM outbound_emails WHERE to_address = 'nobody@example.com'"))

	// Only the token's hash is kept.
	token := mailedResetToken(t, s, "ana@example.com")
	sum := sha256.Sum256([]byte(token))
	require.Equal(t, 1, count(t, s, "SELECT count(*) FROM password_resets WHERE token_hash = $1 AND expires_at BETWEEN now() + interval '59 minutes' AND now() + interval '61 minutes'", sum[:]))
	require.Equal(t, 0, count(t, s, "SELECT count(*) FROM password_resets WHERE position(convert_to($1, 'UTF8') in token_hash) > 0", token))

	bad := visitor.do("POST", "/api/password-resets", map[string]string{"email": "not-an-address"})
	require.Equal(t, http.StatusBadRequest, bad.status)
	require.Contains(t, bad.fieldErrors(t), "email")
}

func TestPasswordResetSetsThePasswordOnceAndEndsEverySession(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	otherDevice, _ := s.registered(t, "ana@example.com")
	visitor := s.newClient(t)
	require.Equal(t, http.StatusAccepted, visitor.do("POST", "/api/password-resets", map[string]string{"email": "ana@example.com"}).status)
	require.Equal(t, http.StatusAccepted, visitor.do("POST", "/api/password-resets", map[string]string{"email": "ana@example.com"}).status)
	token := mailedResetToken(t, s, "ana@example.com")
	var olderLink string
	require.NoError(t, s.pool.QueryRow(context.Background(),
		"SELECT substring(body_text from '/reset-password/([A-Za-z0-9_-]{43})') FROM outbound_emails WHERE kind = 'password_reset' ORDER BY id LIMIT 1").Scan(&olderLink))
	require.NotEqual(t, token, olderLink)

	require.Equal(t, http.StatusNoContent, visitor.do("GET", "/api/password-resets/"+token, nil).status, "a fresh link is usable")
	weak := visitor.do("POST", "/api/password-resets/"+token, map[string]string{"password": "short"})
	require.Equal(t, http.StatusBadRequest, weak.status)
	require.Contains(t, weak.fieldErrors(t), "password")

	const newPassword = "NewPassw0rd"
	res := visitor.do("POST", "/api/password-resets/"+token, map[string]string{"password": newPassword})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Equal(t, "ana@example.com", res.json(t)["email"])
	require.Equal(t, http.StatusOK, visitor.do("GET", "/api/user", nil).status, "this browser is signed in")
	require.Equal(t, http.StatusUnauthorized, otherDevice.do("GET", "/api/user", nil).status, "every other session ended")

	again := visitor.do("POST", "/api/password-resets/"+token, map[string]string{"password": "Another1Pass"})
	require.Equal(t, http.StatusGone, again.status)
	require.Equal(t, msgResetLinkUsed, again.message(t))
	require.Equal(t, http.StatusGone, visitor.do("POST", "/api/password-resets/"+olderLink, map[string]string{"password": "Another1Pass"}).status,
		"the account's other links are spent too")
	require.Equal(t, http.StatusGone, visitor.do("GET", "/api/password-resets/"+token, nil).status)

	signIn := s.newClient(t)
	require.Equal(t, http.StatusUnauthorized, signIn.do("POST", "/api/login", map[string]string{"email": "ana@example.com", "password": goodPassword}).status)
	require.Equal(t, http.StatusOK, signIn.do("POST", "/api/login", map[string]string{"email": "ana@example.com", "password": newPassword}).status)
}

func TestPasswordResetLinksExpireAndUnknownOnesAreNotFound(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.registered(t, "ana@example.com")
	visitor := s.newClient(t)
	require.Equal(t, http.StatusAccepted, visitor.do("POST", "/api/password-resets", map[string]string{"email": "ana@example.com"}).status)
	token := mailedResetToken(t, s, "ana@example.com")
	_, err := s.pool.Exec(context.Background(), "UPDATE password_resets SET expires_at = now() - interval '1 second'")
	require.NoError(t, err)

	expired := visitor.do("POST", "/api/password-resets/"+token, map[string]string{"password": "NewPassw0rd"})
	require.Equal(t, http.StatusGone, expired.status)
	require.Equal(t, msgResetLinkExpired, expired.message(t))
	require.Equal(t, http.StatusGone, visitor.do("GET", "/api/password-resets/"+token, nil).status)
	unknown := visitor.do("POST", "/api/password-resets/"+token[:42]+"x", map[string]string{"password": "NewPassw0rd"})
	require.Equal(t, http.StatusNotFound, unknown.status)
	require.Equal(t, msgResetLinkInvalid, unknown.message(t))
	require.Equal(t, http.StatusNotFound, visitor.do("GET", "/api/password-resets/short", nil).status)

	signIn := s.newClient(t)
	require.Equal(t, http.StatusOK, signIn.do("POST", "/api/login", map[string]string{"email": "ana@example.com", "password": goodPassword}).status,
		"an expired link changed nothing")
}

func TestPasswordResetsAreRateLimitedPerAddress(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	visitor := s.newClient(t)
	for range passwordResetsPerEmail {
		require.Equal(t, http.StatusAccepted, visitor.do("POST", "/api/password-resets", map[string]string{"email": "nobody@example.com"}).status)
	}
	res := visitor.do("POST", "/api/password-resets", map[string]string{"email": "nobody@example.com"})
	require.Equal(t, http.StatusTooManyRequests, res.status)
	require.NotEmpty(t, res.header.Get("Retry-After"))
}

// TestPasswordResetTokenIsNeverLogged walks the whole reset with the api's log captured.
func TestPasswordResetTokenIsNeverLogged(t *testing.T) {
	t.Parallel()
	var logs lockedBuffer
	cfg := testConfig()
	cfg.media.dir = t.TempDir()
	app, err := newApplication(cfg, slog.New(slog.NewTextHandler(&logs, nil)), storetest.NewPool(t))
	require.NoError(t, err)
	srv := httptest.NewServer(app.routes())
	t.Cleanup(srv.Close)
	s := &testServer{Server: srv, pool: app.pool, app: app}
	s.registered(t, "ana@example.com")
	visitor := s.newClient(t)
	require.Equal(t, http.StatusAccepted, visitor.do("POST", "/api/password-resets", map[string]string{"email": "ana@example.com"}).status)
	token := mailedResetToken(t, s, "ana@example.com")
	require.Equal(t, http.StatusNoContent, visitor.do("GET", "/api/password-resets/"+token, nil).status)
	require.Equal(t, http.StatusOK, visitor.do("POST", "/api/password-resets/"+token, map[string]string{"password": "NewPassw0rd"}).status)
	require.Equal(t, http.StatusOK, visitor.do("GET", "/reset-password/"+token, nil).status, "the page itself")

	require.NotContains(t, logs.String(), token)
	require.Contains(t, logs.String(), "route=/api/password-resets/:token status=200")
}

func count(t *testing.T, s *testServer, query string, args ...any) int {
	t.Helper()
	var n int
	require.NoError(t, s.pool.QueryRow(context.Background(), query, args...).Scan(&n))
	return n
}
