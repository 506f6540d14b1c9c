package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"legacylocker/billing"
	"legacylocker/store/storetest"
)

// testServer is the real api (routes, sessions, database) on an httptest server.
type testServer struct {
	*httptest.Server
	pool *pgxpool.Pool
	app  *application
}

// testWebhookSecret signs the webhooks the tests send.
const testWebhookSecret = "whsec_test_secret"

func testConfig() config {
	return config{
		billing: billing.Config{WebhookSecret: testWebhookSecret, Prices: map[billing.Tier]string{
			billing.Basic: "price_basic", billing.Premium: "price_premium", billing.Family: "price_family"}},
		appURL:      "http://localhost:8080",
		sessionLife: time.Hour,
		mailService: true, // the tests' workers send over a loopback SMTP server
		limits: rateLimits{
			loginPerIP: 1000, loginPerEmail: 1000, registerPerIP: 1000, registerPerEmail: 1000, qrScansPerIP: 600,
			ipWindow: 5 * time.Minute, emailWindow: time.Hour,
		},
	}
}

func newTestServer(t testing.TB, adjust ...func(*config)) *testServer {
	t.Helper()
	return newTestServerOn(t, storetest.NewPool(t), adjust...)
}

// newTestServerOn is newTestServer on a pool of the test's making (one that traces its queries).
func newTestServerOn(t testing.TB, pool *pgxpool.Pool, adjust ...func(*config)) *testServer {
	t.Helper()
	if _, timed := t.(*testing.B); timed {
		// A benchmark times the api as main runs it, collector included.
		tuneGC(os.Getenv)
	}
	cfg := testConfig()
	cfg.media = mediaConfig{dir: t.TempDir(), maxFileBytes: 50 << 20, quotaBytes: 500 << 20}
	for _, f := range adjust {
		f(&cfg)
	}
	app, err := newApplication(cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), pool)
	require.NoError(t, err)
	require.NoError(t, app.start(t.Context()))
	srv := httptest.NewServer(app.routes())
	t.Cleanup(srv.Close)
	return &testServer{Server: srv, pool: pool, app: app}
}

// client is one browser: its own cookie jar.
type client struct {
	t    testing.TB
	base string
	http *http.Client
}

func (s *testServer) newClient(t testing.TB) *client {
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	return &client{t: t, base: s.URL, http: &http.Client{
		Jar:           jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

type response struct {
	status int
	header http.Header
	body   []byte
}

func (r response) json(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal(r.body, &m), "body: %s", r.body)
	return m
}

func (r response) message(t testing.TB) string {
	t.Helper()
	msg, _ := r.json(t)["message"].(string)
	return msg
}

func (r response) fieldErrors(t testing.TB) map[string]any {
	t.Helper()
	errs, _ := r.json(t)["errors"].(map[string]any)
	return errs
}

func (c *client) do(method, path string, body any, headers ...string) response {
	c.t.Helper()
	var reader io.Reader
	if body != nil {
		if raw, ok := body.(string); ok {
			reader = bytes.NewBufferString(raw)
		} else {
			b, err := json.Marshal(body)
			require.NoError(c.t, err)
			reader = bytes.NewReader(b)
		}
	}
	req, err := http.NewRequest(method, c.base+path, reader)
	require.NoError(c.t, err)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := c.http.Do(req)
	require.NoError(c.t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(c.t, err)
	return response{status: res.StatusCode, header: res.Header, body: b}
}

const goodPassword = "Passw0rdX"

// registered signs up a new user whose address is confirmed (as if they had opened the mailed link;
// email_verification_test.go opens it for real) and answers their signed-in client and id.
func (s *testServer) registered(t testing.TB, email string) (*client, int64) {
	t.Helper()
	c, id := s.unverified(t, email)
	_, err := s.pool.Exec(context.Background(), "UPDATE users SET email_verified_at = now() WHERE id = $1", id)
	require.NoError(t, err)
	return c, id
}

// unverified signs up a new user who has not opened the confirmation link yet.
func (s *testServer) unverified(t testing.TB, email string) (*client, int64) {
	t.Helper()
	c := s.newClient(t)
	res := c.do("POST", "/api/register", map[string]string{"firstName": "Ana", "lastName": "Lee", "email": email, "password": goodPassword})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	return c, int64(res.json(t)["id"].(float64))
}

func (s *testServer) sessionCookie(c *client) *http.Cookie {
	req, _ := http.NewRequest("GET", s.URL, nil)
	for _, ck := range c.http.Jar.Cookies(req.URL) {
		if ck.Name == "session" || ck.Name == "__Host-session" {
			return ck
		}
	}
	return nil
}
