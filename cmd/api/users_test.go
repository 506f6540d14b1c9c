package main

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestRegisterSignsInAndStoresNormalisedEmail(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c := s.newClient(t)

	res := c.do("POST", "/api/register", map[string]string{"firstName": " Ana ", "lastName": "Lee", "email": "  Ana.Lee@Example.COM ", "password": goodPassword})

	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	user := res.json(t)
	require.Equal(t, "ana.lee@example.com", user["email"])
	require.Equal(t, "Ana", user["firstName"])
	require.Contains(t, user, "profileImageUrl")
	require.NotContains(t, string(res.body), "password")

	me := c.do("GET", "/api/user", nil)
	require.Equal(t, http.StatusOK, me.status)
	require.Equal(t, user["id"], me.json(t)["id"])

	var hash string
	require.NoError(t, s.pool.QueryRow(context.Background(), "SELECT password_hash FROM users WHERE email = 'ana.lee@example.com'").Scan(&hash))
	require.True(t, strings.HasPrefix(hash, "$argon2id$"), "stored hash %q", hash)
}

func TestRegisterRejectsDuplicateEmailIgnoringCase(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.registered(t, "ana@example.com")

	res := s.newClient(t).do("POST", "/api/register", map[string]string{"firstName": "A", "lastName": "B", "email": " ANA@example.com", "password": goodPassword})

	require.Equal(t, http.StatusConflict, res.status)
	require.Equal(t, "An account with this email already exists", res.message(t))
}

func TestRegisterValidation(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	valid := map[string]string{"firstName": "Ana", "lastName": "Lee", "email": "ana@example.com", "password": goodPassword}
	cases := []struct {
		field, value, want string
	}{
		{"firstName", "  ", "First name is required"},
		{"lastName", "", "Last name is required"},
		{"email", "ana@", "Please enter a valid email address"},
		{"email", "Ana <ana@example.com>", "Please enter a valid email address"},
		{"password", "Ab1", "Password must be at least 8 characters"},
		{"password", "password1", "Password must contain at least one uppercase letter"},
		{"password", "PASSWORD1", "Password must contain at least one lowercase letter"},
		{"password", "Passwordx", "Password must contain at least one number"},
	}
	for _, tc := range cases {
		t.Run(tc.field+"="+tc.value, func(t *testing.T) {
			body := map[string]string{}
			for k, v := range valid {
				body[k] = v
			}
			body[tc.field] = tc.value
			res := s.newClient(t).do("POST", "/api/register", body)
			require.Equal(t, http.StatusBadRequest, res.status)
			require.Equal(t, tc.want, res.fieldErrors(t)[tc.field])
			require.Equal(t, tc.want, res.message(t))
		})
	}
	var users int
	require.NoError(t, s.pool.QueryRow(context.Background(), "SELECT count(*) FROM users WHERE NOT EXISTS (SELECT 1 FROM athletes WHERE athletes.user_id = users.id AND is_demo)").Scan(&users))
	require.Zero(t, users, "no invalid registration may create a user")
}

func TestBadJSONGetsAClearMessage(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c := s.newClient(t)
	cases := map[string]string{
		`{"email":`:                         "body contains badly-formed JSON",
		`{"email":"a@b.co","password":1}`:   `body has the wrong type for field "password"`,
		`{"email":"a@b.co","admin":true}`:   `body contains unknown field "admin"`,
		`{"email":"a@b.co"} {"again":true}`: "body must only contain a single JSON value",
		``:                                  "body must not be empty",
	}
	for body, want := range cases {
		res := c.do("POST", "/api/login", body)
		require.Equal(t, http.StatusBadRequest, res.status, body)
		require.Equal(t, want, res.message(t), body)
	}
}

func TestLoginAndLogout(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.registered(t, "ana@example.com")
	c := s.newClient(t)

	// An anonymous session exists before sign-in only if something was stored; plant one to prove
	// the token is renewed (no session fixation).
	c.do("GET", "/api/user", nil)
	res := c.do("POST", "/api/login", map[string]string{"email": "ANA@example.com ", "password": goodPassword})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Equal(t, "ana@example.com", res.json(t)["email"])
	cookie := s.sessionCookie(c)
	require.NotNil(t, cookie)
	require.Equal(t, http.StatusOK, c.do("GET", "/api/user", nil).status)

	// Logging in again renews the token.
	c.do("POST", "/api/login", map[string]string{"email": "ana@example.com", "password": goodPassword})
	require.NotEqual(t, cookie.Value, s.sessionCookie(c).Value)

	token := s.sessionCookie(c).Value
	res = c.do("POST", "/api/logout", map[string]string{})
	require.Equal(t, http.StatusNoContent, res.status)
	require.Equal(t, http.StatusUnauthorized, c.do("GET", "/api/user", nil).status)

	var sessions int
	require.NoError(t, s.pool.QueryRow(context.Background(), "SELECT count(*) FROM sessions WHERE token = $1", token).Scan(&sessions))
	require.Zero(t, sessions, "logout destroys the session row")
}

func TestLoginFailuresLookTheSame(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.registered(t, "ana@example.com")
	c := s.newClient(t)

	wrongPassword := c.do("POST", "/api/login", map[string]string{"email": "ana@example.com", "password": "Wrong1234"})
	unknownEmail := c.do("POST", "/api/login", map[string]string{"email": "nobody@example.com", "password": "Wrong1234"})
	demoOwner := c.do("POST", "/api/login", map[string]string{"email": "demo@legacylocker.invalid", "password": "Wrong1234"})

	for _, res := range []response{wrongPassword, unknownEmail, demoOwner} {
		require.Equal(t, http.StatusUnauthorized, res.status)
		require.Equal(t, "Invalid email or password", res.message(t))
	}
	require.Equal(t, http.StatusUnauthorized, c.do("GET", "/api/user", nil).status)
}

func TestLoginValidation(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	res := s.newClient(t).do("POST", "/api/login", map[string]string{"email": "nope", "password": ""})
	require.Equal(t, http.StatusBadRequest, res.status)
	require.Equal(t, map[string]any{"email": "Please enter a valid email address", "password": "Password is required"}, res.fieldErrors(t))
}

func TestSessionCookieAttributes(t *testing.T) {
	t.Parallel()
	for _, secure := range []bool{false, true} {
		s := newTestServer(t, func(c *config) { c.cookieSecure = secure })
		res := s.newClient(t).do("POST", "/api/register", map[string]string{"firstName": "A", "lastName": "B", "email": "a@example.com", "password": goodPassword})
		require.Equal(t, http.StatusCreated, res.status)
		setCookie := res.header.Get("Set-Cookie")
		require.Contains(t, setCookie, "HttpOnly")
		require.Contains(t, setCookie, "SameSite=Lax")
		require.Contains(t, setCookie, "Path=/")
		if secure {
			require.True(t, strings.HasPrefix(setCookie, "__Host-session="), setCookie)
			require.Contains(t, setCookie, "Secure")
		} else {
			require.True(t, strings.HasPrefix(setCookie, "session="), setCookie)
			require.NotContains(t, setCookie, "Secure")
		}
	}
}

func TestCrossOriginStateChangesAreRefused(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")

	res := c.do("POST", "/api/logout", map[string]string{}, "Sec-Fetch-Site", "cross-site", "Origin", "https://evil.example")
	require.Equal(t, http.StatusForbidden, res.status)
	require.Equal(t, "Cross-origin request refused", res.message(t))
	require.Equal(t, http.StatusOK, c.do("GET", "/api/user", nil).status, "the refused logout did nothing")

	res = c.do("POST", "/api/logout", map[string]string{}, "Sec-Fetch-Site", "same-origin", "Origin", s.URL)
	require.Equal(t, http.StatusNoContent, res.status)
}

func TestRateLimitsSignInPerIPAndPerEmail(t *testing.T) {
	t.Parallel()
	// Windows are fixed stretches of the clock: the attempts are all made at one moment, so they
	// cannot straddle two (a test that crossed a 5-minute mark saw the count start again).
	moment := time.Now()
	s := newTestServer(t, func(c *config) {
		c.limits.loginPerIP, c.limits.loginPerEmail = 3, 2
		c.limits.now = func() time.Time { return moment }
	})
	s.registered(t, "ana@example.com")
	c := s.newClient(t)
	attempt := func(email string) response {
		return c.do("POST", "/api/login", map[string]string{"email": email, "password": "Wrong1234"})
	}

	require.Equal(t, http.StatusUnauthorized, attempt("ana@example.com").status)
	require.Equal(t, http.StatusUnauthorized, attempt("ana@example.com").status)
	perEmail := attempt("ana@example.com")
	require.Equal(t, http.StatusTooManyRequests, perEmail.status)
	require.Contains(t, perEmail.message(t), "Too many attempts. Please wait")
	require.NotEmpty(t, perEmail.header.Get("Retry-After"))

	// The IP's budget (3) is spent as well: another address from the same IP is refused too.
	perIP := attempt("other@example.com")
	require.Equal(t, http.StatusTooManyRequests, perIP.status)
	retryAfter := perIP.header.Get("Retry-After")
	require.NotEmpty(t, retryAfter)

	// Even the right password is refused while limited.
	res := c.do("POST", "/api/login", map[string]string{"email": "ana@example.com", "password": goodPassword})
	require.Equal(t, http.StatusTooManyRequests, res.status)
}

func TestRateLimitsRegistration(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, func(c *config) { c.limits.registerPerIP = 2 })
	s.registered(t, "one@example.com")
	s.registered(t, "two@example.com")
	res := s.newClient(t).do("POST", "/api/register", map[string]string{"firstName": "A", "lastName": "B", "email": "three@example.com", "password": goodPassword})
	require.Equal(t, http.StatusTooManyRequests, res.status)
}

func TestUpdateNameAndChangePassword(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")

	res := c.do("PUT", "/api/user", map[string]string{"firstName": "Anna", "lastName": ""})
	require.Equal(t, http.StatusBadRequest, res.status)
	require.Equal(t, "Last name is required", res.fieldErrors(t)["lastName"])
	res = c.do("PUT", "/api/user", map[string]string{"firstName": "Anna", "lastName": "Lee-Park"})
	require.Equal(t, http.StatusOK, res.status)
	require.Equal(t, "Lee-Park", res.json(t)["lastName"])

	res = c.do("PUT", "/api/user/password", map[string]string{"currentPassword": "Wrong1234", "newPassword": "N3wPassword"})
	require.Equal(t, http.StatusBadRequest, res.status)
	require.Equal(t, "Current password is incorrect", res.fieldErrors(t)["currentPassword"])
	res = c.do("PUT", "/api/user/password", map[string]string{"currentPassword": goodPassword, "newPassword": "short"})
	require.Equal(t, "Password must be at least 8 characters", res.fieldErrors(t)["newPassword"])
	otherDevice := s.newClient(t)
	require.Equal(t, http.StatusOK, otherDevice.do("POST", "/api/login", map[string]string{"email": "ana@example.com", "password": goodPassword}).status)
	require.Equal(t, http.StatusOK, otherDevice.do("GET", "/api/user", nil).status)
	res = c.do("PUT", "/api/user/password", map[string]string{"currentPassword": goodPassword, "newPassword": "N3wPassword"})
	require.Equal(t, http.StatusNoContent, res.status)

	require.Equal(t, http.StatusOK, c.do("GET", "/api/user", nil).status, "the session that changed the password goes on")
	require.Equal(t, http.StatusUnauthorized, otherDevice.do("GET", "/api/user", nil).status, "other sessions end")
	require.Equal(t, http.StatusUnauthorized, otherDevice.do("GET", "/api/athletes", nil).status)

	fresh := s.newClient(t)
	require.Equal(t, http.StatusUnauthorized, fresh.do("POST", "/api/login", map[string]string{"email": "ana@example.com", "password": goodPassword}).status)
	require.Equal(t, http.StatusOK, fresh.do("POST", "/api/login", map[string]string{"email": "ana@example.com", "password": "N3wPassword"}).status)
}

func TestSignedOutCallersGet401(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c := s.newClient(t)
	for _, r := range []struct{ method, path string }{
		{"GET", "/api/user"}, {"PUT", "/api/user"}, {"PUT", "/api/user/password"},
		{"POST", "/api/athletes"}, {"GET", "/api/athletes/me"},
	} {
		res := c.do(r.method, r.path, map[string]string{})
		require.Equal(t, http.StatusUnauthorized, res.status, r.method+" "+r.path)
		require.Equal(t, "Not signed in", res.message(t))
	}
}

func TestLoginPageRedirectsToEarlyAccess(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	res := s.newClient(t).do("GET", "/api/login", nil)
	require.Equal(t, http.StatusFound, res.status)
	require.Equal(t, "/early-access", res.header.Get("Location"))
}

// The web app asks GET /api/session who is signed in: signed out is a 200 with user null, so a
// visitor's browser console shows no failed request, while GET /api/user keeps its 401.
func TestSessionAnswersSignedOutWithoutAnError(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	visitor := s.newClient(t)

	res := visitor.do("GET", "/api/session", nil)
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.JSONEq(t, `{"user": null}`, string(res.body))
	require.Equal(t, http.StatusUnauthorized, visitor.do("GET", "/api/user", nil).status)

	c, id := s.registered(t, "ana@example.com")
	res = c.do("GET", "/api/session", nil)
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	user := res.json(t)["user"].(map[string]any)
	require.EqualValues(t, id, user["id"])
	require.Equal(t, "ana@example.com", user["email"])
	require.Contains(t, user, "profileImageUrl")

	// A session a password change ended answers signed out, like /api/user's 401.
	otherDevice := s.newClient(t)
	require.Equal(t, http.StatusOK, otherDevice.do("POST", "/api/login", map[string]string{"email": "ana@example.com", "password": goodPassword}).status)
	require.Equal(t, http.StatusNoContent, c.do("PUT", "/api/user/password", map[string]string{"currentPassword": goodPassword, "newPassword": "N3wPassword"}).status)
	res = otherDevice.do("GET", "/api/session", nil)
	require.Equal(t, http.StatusOK, res.status)
	require.JSONEq(t, `{"user": null}`, string(res.body))

	require.Equal(t, http.StatusNoContent, c.do("POST", "/api/logout", map[string]any{}).status)
	require.JSONEq(t, `{"user": null}`, string(c.do("GET", "/api/session", nil).body))
}

// accountsMatrix: signing in and out, the public forms and the caller's own account reach no
// athlete's data.
var accountsMatrix = matrixArea{
	outside: map[string]int{
		"GET /api/login":         http.StatusFound,
		"POST /api/login":        http.StatusBadRequest,
		"POST /api/register":     http.StatusBadRequest,
		"POST /api/logout":       http.StatusNoContent,
		"GET /api/session":       http.StatusOK,
		"POST /api/waitlist":     http.StatusBadRequest,
		"POST /api/contact":      http.StatusBadRequest,
		"GET /api/user":          http.StatusUnauthorized,
		"PUT /api/user":          http.StatusUnauthorized,
		"PUT /api/user/password": http.StatusUnauthorized,
		// The answer never tells whether an address has an account; a made-up link is not found.
		"POST /api/password-resets":        http.StatusBadRequest,
		"GET /api/password-resets/:token":  http.StatusNotFound,
		"POST /api/password-resets/:token": http.StatusNotFound,
		// The caller's own account only: a confirmation link names the account it confirms.
		"POST /api/email-verifications/:token": http.StatusNotFound,
		"POST /api/email-verifications":        http.StatusUnauthorized,
		"PUT /api/user/email":                  http.StatusUnauthorized,
		// The signed-in account's own photo (TestUserPhoto).
		"GET /api/user/photo":    http.StatusUnauthorized,
		"PUT /api/user/photo":    http.StatusUnauthorized,
		"DELETE /api/user/photo": http.StatusUnauthorized,
	},
	rows: func(*matrix) []matrixRoute { return nil },
}
