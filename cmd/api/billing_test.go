package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"legacylocker/jobs"
)

// startStripeMock runs stripe-mock (installed by scripts/deps.sh with go install) on a free
// loopback port and answers its URL.
func startStripeMock(t *testing.T) string {
	t.Helper()
	bin, err := exec.LookPath("stripe-mock")
	if err != nil {
		home, _ := os.UserHomeDir()
		gopath := strings.TrimSpace(string(must(exec.Command("go", "env", "GOPATH").Output())))
		for _, candidate := range []string{filepath.Join(gopath, "bin", "stripe-mock"), filepath.Join(home, "go", "bin", "stripe-mock")} {
			if _, statErr := os.Stat(candidate); statErr == nil {
				bin, err = candidate, nil
				break
			}
		}
	}
	require.NoError(t, err, "stripe-mock is installed by scripts/deps.sh test (go install github.com/stripe/stripe-mock)")
	freeAddr := func() string {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		defer l.Close()
		return l.Addr().String()
	}
	// Both listeners on addresses of their own: by default it also takes :12112 for HTTPS.
	addr := freeAddr()
	cmd := exec.Command(bin, "-http-addr", addr, "-https-addr", freeAddr())
	// stripe-mock also listens on $PORT when it is set: keep it to the one address.
	cmd.Env = slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, "PORT=") })
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	require.Eventually(t, func() bool {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
		}
		return err == nil
	}, 20*time.Second, 50*time.Millisecond)
	return "http://" + addr
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// fakeStripe is a Stripe API that remembers subscriptions, for the worker's re-reads: stripe-mock
// answers fixtures without state, and a webhook's effect must follow the subscription's state.
type fakeStripe struct {
	*httptest.Server
	mu   sync.Mutex
	subs map[string]map[string]any
}

func startFakeStripe(t *testing.T) *fakeStripe {
	f := &fakeStripe{subs: map[string]map[string]any{}}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		defer f.mu.Unlock()
		id := strings.TrimPrefix(r.URL.Path, "/v1/subscriptions/")
		sub, ok := f.subs[id]
		if r.Method != http.MethodGet || !ok {
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"error":{"type":"invalid_request_error","message":"No such subscription"}}`))
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(sub)
	}))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeStripe) set(id, customer, tier, status string, periodEnd time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.subs[id] = map[string]any{"id": id, "object": "subscription", "status": status, "customer": customer,
		"cancel_at_period_end": false, "metadata": map[string]string{"tier": tier},
		"items": map[string]any{"object": "list", "data": []any{map[string]any{"id": "si_1", "object": "subscription_item",
			"current_period_end": periodEnd.Unix(), "price": map[string]any{"id": "price_" + tier, "object": "price"}}}}}
}

// signedWebhook posts an event the way Stripe does, signed at the given time.
func signedWebhook(t *testing.T, c *client, id, typ string, object map[string]any, at time.Time, secret string) response {
	t.Helper()
	payload, err := json.Marshal(map[string]any{"id": id, "object": "event", "type": typ, "api_version": stripe.APIVersion,
		"created": at.Unix(), "data": map[string]any{"object": object}})
	require.NoError(t, err)
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret, Timestamp: at})
	req, err := http.NewRequest("POST", c.base+"/api/stripe/webhook", bytes.NewReader(signed.Payload))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Stripe-Signature", signed.Header)
	res, err := c.http.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return response{status: res.StatusCode, header: res.Header, body: b}
}

// TestSubscriptionsAgainstStripeMock: plans, status, a paid plan created with its clientSecret,
// the customer made once, cancel at period end, the billing portal, and back to free.
func TestSubscriptionsAgainstStripeMock(t *testing.T) {
	t.Parallel()
	mock := startStripeMock(t)
	s := newTestServer(t, func(cfg *config) {
		cfg.billing.SecretKey, cfg.billing.APIURL, cfg.billing.PublishableKey = "sk_test_123", mock, "pk_test_123"
	})
	owner, ownerID := s.registered(t, "owner@example.com")

	plans := owner.do("GET", "/api/subscription/plans", nil).json(t)
	require.Len(t, plans, 4)
	premium := plans["premium"].(map[string]any)
	assert.Equal(t, "Premium", premium["name"])
	assert.EqualValues(t, 19, premium["price"])
	assert.EqualValues(t, 0, plans["free"].(map[string]any)["price"])
	assert.EqualValues(t, 500<<20, plans["free"].(map[string]any)["limits"].(map[string]any)["storageBytes"])

	status := owner.do("GET", "/api/subscription/status", nil).json(t)
	assert.Equal(t, "free", status["tier"])
	assert.Equal(t, true, status["billingEnabled"])
	assert.Equal(t, "pk_test_123", status["publishableKey"])

	res := owner.do("POST", "/api/subscription/create", map[string]string{"tier": "platinum"})
	require.Equal(t, http.StatusBadRequest, res.status)
	res = owner.do("POST", "/api/subscription/create", map[string]string{"tier": "free"})
	require.Equal(t, http.StatusOK, res.status, "free is already the plan: nothing to do")

	res = owner.do("POST", "/api/subscription/create", map[string]string{"tier": "premium"})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	var customer *string
	require.NoError(t, s.pool.QueryRow(t.Context(), `SELECT stripe_customer_id FROM users WHERE id = $1`, ownerID).Scan(&customer))
	require.NotNil(t, customer, "the customer is stored for the account")
	status = owner.do("GET", "/api/subscription/status", nil).json(t)
	assert.Equal(t, "free", status["tier"], "not in effect until the payment is confirmed")
	assert.Equal(t, "premium", status["subscribedTier"])
	assert.Equal(t, "incomplete", status["status"])

	// A second purchase reuses the customer.
	res = owner.do("POST", "/api/subscription/create", map[string]string{"tier": "family"})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	var again *string
	require.NoError(t, s.pool.QueryRow(t.Context(), `SELECT stripe_customer_id FROM users WHERE id = $1`, ownerID).Scan(&again))
	assert.Equal(t, *customer, *again)

	portal := owner.do("POST", "/api/subscription/billing-portal", nil)
	require.Equal(t, http.StatusOK, portal.status, string(portal.body))
	assert.NotEmpty(t, portal.json(t)["url"])

	cancel := owner.do("POST", "/api/subscription/cancel", nil)
	require.Equal(t, http.StatusOK, cancel.status, string(cancel.body))
	assert.Equal(t, true, cancel.json(t)["cancelAtPeriodEnd"])

	res = owner.do("POST", "/api/subscription/create", map[string]string{"tier": "free"})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	assert.Equal(t, "free", owner.do("GET", "/api/subscription/status", nil).json(t)["subscribedTier"])

	// Another account's billing is its own: a family member never sees this one's.
	other, _ := s.registered(t, "grandma@example.com")
	assert.Equal(t, http.StatusConflict, other.do("POST", "/api/subscription/cancel", nil).status)
	assert.Equal(t, "free", other.do("GET", "/api/subscription/status", nil).json(t)["subscribedTier"])
}

func TestPaidPlansSayWhenBillingIsOff(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	assert.Equal(t, false, owner.do("GET", "/api/subscription/status", nil).json(t)["billingEnabled"])
	res := owner.do("POST", "/api/subscription/create", map[string]string{"tier": "premium"})
	require.Equal(t, http.StatusServiceUnavailable, res.status)
	assert.Equal(t, "Billing is not configured", res.message(t))
	assert.Equal(t, http.StatusOK, owner.do("POST", "/api/subscription/create", map[string]string{"tier": "free"}).status)
}

// TestWebhooksAppliedOnceInStripesOrder: signatures checked, each event stored once, and the
// account's plan follows the subscription as Stripe has it now, whatever order events arrive in;
// with a lapsed payment the Free plan's limits apply again (nothing is deleted).
func TestWebhooksAppliedOnceInStripesOrder(t *testing.T) {
	t.Parallel()
	fake := startFakeStripe(t)
	s := newTestServer(t, func(cfg *config) {
		cfg.media.quotaBytes, cfg.media.maxFileBytes = 0, 0 // the plans' limits
		cfg.billing.SecretKey, cfg.billing.APIURL = "sk_test_123", fake.URL
	})
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	workers, err := river.NewClient(riverpgxv5.New(s.pool), &river.Config{
		Queues:  map[string]river.QueueConfig{jobs.QueueDefault: {MaxWorkers: 1}},
		Workers: jobs.Workers(jobs.Dependencies{Pool: s.pool, Logger: quiet, Billing: s.app.cfg.billing}),
		Logger:  quiet, FetchPollInterval: 100 * time.Millisecond,
	})
	require.NoError(t, err)
	require.NoError(t, workers.Start(context.Background()))
	t.Cleanup(func() { _ = workers.Stop(context.Background()) })

	owner, ownerID := s.registered(t, "owner@example.com")
	_, err = s.pool.Exec(t.Context(), `UPDATE users SET stripe_customer_id = 'cus_1' WHERE id = $1`, ownerID)
	require.NoError(t, err)
	stranger := s.newClient(t)
	now := time.Now()
	subObject := map[string]any{"id": "sub_1", "object": "subscription"}

	// Bad and stale signatures store nothing.
	res := signedWebhook(t, stranger, "evt_bad", "customer.subscription.updated", subObject, now, "whsec_wrong")
	require.Equal(t, http.StatusBadRequest, res.status)
	res = signedWebhook(t, stranger, "evt_stale", "customer.subscription.updated", subObject, now.Add(-10*time.Minute), testWebhookSecret)
	require.Equal(t, http.StatusBadRequest, res.status)
	var stored int
	require.NoError(t, s.pool.QueryRow(t.Context(), `SELECT count(*) FROM stripe_events`).Scan(&stored))
	require.Zero(t, stored)

	tierIs := func(want string) {
		t.Helper()
		require.Eventually(t, func() bool {
			return owner.do("GET", "/api/subscription/status", nil).json(t)["tier"] == want
		}, 20*time.Second, 50*time.Millisecond, "tier %s", want)
	}
	periodEnd := now.Add(30 * 24 * time.Hour)
	fake.set("sub_1", "cus_1", "premium", "active", periodEnd)
	require.Equal(t, http.StatusOK, signedWebhook(t, stranger, "evt_1", "customer.subscription.created", subObject, now, testWebhookSecret).status)
	tierIs("premium")
	status := owner.do("GET", "/api/subscription/status", nil).json(t)
	assert.Equal(t, "active", status["status"])
	assert.NotNil(t, status["currentPeriodEnd"])

	// The same event again: 200, stored once.
	require.Equal(t, http.StatusOK, signedWebhook(t, stranger, "evt_1", "customer.subscription.created", subObject, now, testWebhookSecret).status)
	require.NoError(t, s.pool.QueryRow(t.Context(), `SELECT count(*) FROM stripe_events WHERE id = 'evt_1'`).Scan(&stored))
	require.Equal(t, 1, stored)

	// A premium account stores more than Free's 500 MB allows.
	athlete := createAthlete(t, owner)
	_, err = s.pool.Exec(t.Context(), `INSERT INTO media_items (athlete_id, title, media_date, media_type, mime_type, original_key, file_size, status)
		VALUES ($1, 'Season film', now(), 'video', 'video/mp4', 'big-key.mp4', $2, 'ready')`, athlete, int64(600)<<20)
	require.NoError(t, err)
	require.Equal(t, http.StatusAccepted, owner.upload(fmt.Sprintf("/api/athletes/%d/media", athlete), photoFields, "p.png", bytes.NewReader(testPNG(t))).status)

	// The payment fails: past_due. An invoice event arrives, then an older subscription event: the
	// state is Stripe's current one either way.
	fake.set("sub_1", "cus_1", "premium", "past_due", periodEnd)
	invoice := map[string]any{"id": "in_1", "object": "invoice", "parent": map[string]any{"subscription_details": map[string]any{"subscription": "sub_1"}}}
	require.Equal(t, http.StatusOK, signedWebhook(t, stranger, "evt_2", "invoice.payment_failed", invoice, now, testWebhookSecret).status)
	require.Equal(t, http.StatusOK, signedWebhook(t, stranger, "evt_0", "customer.subscription.created", subObject, now.Add(-time.Minute), testWebhookSecret).status)
	tierIs("free")
	assert.Equal(t, "past_due", owner.do("GET", "/api/subscription/status", nil).json(t)["status"])
	res = owner.upload(fmt.Sprintf("/api/athletes/%d/media", athlete), photoFields, "p.png", bytes.NewReader(testPNG(t)))
	require.Equal(t, http.StatusRequestEntityTooLarge, res.status, "over Free's storage: read-only for new uploads")
	assert.Equal(t, "Your Free plan holds 500 MB. Upgrade for more space.", res.message(t))
	var kept int
	require.NoError(t, s.pool.QueryRow(t.Context(), `SELECT count(*) FROM media_items WHERE athlete_id = $1`, athlete).Scan(&kept))
	assert.Equal(t, 2, kept, "nothing is deleted")

	// Paid again, then canceled.
	fake.set("sub_1", "cus_1", "premium", "active", periodEnd)
	require.Equal(t, http.StatusOK, signedWebhook(t, stranger, "evt_3", "invoice.paid", invoice, now, testWebhookSecret).status)
	tierIs("premium")
	fake.set("sub_1", "cus_1", "premium", "canceled", periodEnd)
	require.Equal(t, http.StatusOK, signedWebhook(t, stranger, "evt_4", "customer.subscription.deleted", subObject, now, testWebhookSecret).status)
	tierIs("free")

	// An event we do not act on is accepted and recorded.
	require.Equal(t, http.StatusOK, signedWebhook(t, stranger, "evt_5", "customer.created", map[string]any{"id": "cus_1", "object": "customer"}, now, testWebhookSecret).status)
	require.Eventually(t, func() bool {
		var done bool
		_ = s.pool.QueryRow(t.Context(), `SELECT processed_at IS NOT NULL FROM stripe_events WHERE id = 'evt_5'`).Scan(&done)
		return done
	}, 20*time.Second, 50*time.Millisecond)
}

// TestPlanLimitsNameThePlan: the family circle and the AI allowance stop at the plan's limits with
// a message naming the plan; a paying account gets the larger ones.
func TestPlanLimitsNameThePlan(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, func(cfg *config) { cfg.aiService = true })
	owner, ownerID := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	circle := fmt.Sprintf("/api/athletes/%d/family-circle", athlete)
	invite := func(i int) response {
		return owner.do("POST", circle, map[string]string{"name": fmt.Sprintf("Cousin %d", i), "relationship": "relative", "accessLevel": "viewer"})
	}
	for i := range 10 {
		require.Equal(t, http.StatusCreated, invite(i).status)
	}
	res := invite(10)
	require.Equal(t, http.StatusPaymentRequired, res.status)
	assert.Equal(t, "Your Free plan includes up to 10 family members. Upgrade to invite more.", res.message(t))

	// Each enhancement of a new entry counts (asking again while one is pending does not).
	enhance := func() string { return fmt.Sprintf("/api/journal/%d/enhance", createEntry(t, owner, athlete, nil).ID) }
	for range 10 {
		require.Equal(t, http.StatusAccepted, owner.do("POST", enhance(), nil).status)
	}
	res = owner.do("POST", enhance(), nil)
	require.Equal(t, http.StatusPaymentRequired, res.status)
	assert.Equal(t, "Your Free plan includes 10 AI enhancements a month, all used. Save without enhancement, or upgrade for more.", res.message(t))

	// Premium: a larger circle and no monthly AI allowance.
	_, err := s.pool.Exec(t.Context(), `INSERT INTO subscriptions (user_id, tier, status) VALUES ($1, 'premium', 'active')`, ownerID)
	require.NoError(t, err)
	require.Equal(t, http.StatusCreated, invite(10).status)
	require.Equal(t, http.StatusAccepted, owner.do("POST", enhance(), nil).status)
}

// billingMatrix: the account's own plan (TestSubscriptions covers the rest); Stripe's webhook
// checks its signature.
var billingMatrix = matrixArea{
	outside: map[string]int{
		"GET /api/subscription/plans":           http.StatusUnauthorized,
		"GET /api/subscription/status":          http.StatusUnauthorized,
		"POST /api/subscription/create":         http.StatusUnauthorized,
		"POST /api/subscription/cancel":         http.StatusUnauthorized,
		"POST /api/subscription/billing-portal": http.StatusUnauthorized,
		"POST /api/stripe/webhook":              http.StatusBadRequest,
	},
	rows: func(*matrix) []matrixRoute { return nil },
}
