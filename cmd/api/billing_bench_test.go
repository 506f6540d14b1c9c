package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"
)

// BenchmarkStripeWebhook times POST /api/stripe/webhook (signature verified, the event stored
// once and billing_event enqueued in one transaction, answered) against verifying the signature
// alone, on the same signed payloads. Target: p99 under 20 ms.
// Run: go test ./cmd/api -run '^$' -bench StripeWebhook -benchtime 500x
func BenchmarkStripeWebhook(b *testing.B) {
	s := newTestServer(b)
	client := s.newClient(b)
	sign := func(i int) ([]byte, string) {
		payload, err := json.Marshal(map[string]any{"id": fmt.Sprintf("evt_bench_%d_%d", time.Now().UnixNano(), i), "object": "event",
			"type": "invoice.paid", "api_version": stripe.APIVersion, "created": time.Now().Unix(),
			"data": map[string]any{"object": map[string]any{"id": "in_1", "object": "invoice",
				"parent": map[string]any{"subscription_details": map[string]any{"subscription": "sub_1"}}}}})
		require.NoError(b, err)
		signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: testWebhookSecret, Timestamp: time.Now()})
		return signed.Payload, signed.Header
	}
	cases := []struct {
		name string
		run  func(payload []byte, header string) error
	}{
		{"webhook", func(payload []byte, header string) error {
			req, err := http.NewRequest("POST", client.base+"/api/stripe/webhook", bytes.NewReader(payload))
			if err != nil {
				return err
			}
			req.Header.Set("Stripe-Signature", header)
			res, err := client.http.Do(req)
			if err != nil {
				return err
			}
			res.Body.Close()
			if res.StatusCode != http.StatusOK {
				return fmt.Errorf("status %d", res.StatusCode)
			}
			return nil
		}},
		{"verify-only", func(payload []byte, header string) error {
			_, err := webhook.ConstructEventWithOptions(payload, header, testWebhookSecret, webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
			return err
		}},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			latencies := make([]time.Duration, 0, b.N)
			i := 0
			for b.Loop() {
				b.StopTimer()
				payload, header := sign(i)
				i++
				b.StartTimer()
				start := time.Now()
				require.NoError(b, tc.run(payload, header))
				latencies = append(latencies, time.Since(start))
			}
			slices.Sort(latencies)
			b.ReportMetric(float64(percentile(latencies, 50).Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(percentile(latencies, 99).Microseconds())/1000, "p99-ms")
		})
	}
}
