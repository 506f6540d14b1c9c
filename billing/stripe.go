package billing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/stripe/stripe-go/v85"
)

// Config is how the api and the workers reach Stripe. With no SecretKey, billing is off: paid
// plans say so and everything else works.
type Config struct {
	SecretKey      string
	WebhookSecret  string
	PublishableKey string
	// APIURL points the client at another Stripe API (stripe-mock in tests); empty is Stripe's.
	APIURL string
	// Prices maps each paid tier to its Stripe price id.
	Prices map[Tier]string
}

// ErrNotConfigured is the answer of every Stripe call when no secret key is set.
var ErrNotConfigured = errors.New("billing is not configured")

// Enabled reports whether Stripe calls can be made.
func (c Config) Enabled() bool { return c.SecretKey != "" }

// Client builds the Stripe client; nil when billing is off.
func (c Config) Client() *stripe.Client {
	if !c.Enabled() {
		return nil
	}
	backend := &stripe.BackendConfig{MaxNetworkRetries: stripe.Int64(2)}
	if c.APIURL != "" {
		backend.URL = stripe.String(c.APIURL)
	}
	return stripe.NewClient(c.SecretKey, stripe.WithBackends(stripe.NewBackendsWithConfig(backend)))
}

// TierForPrice finds the tier a Stripe price sells.
func (c Config) TierForPrice(priceID string) (Tier, bool) {
	for tier, id := range c.Prices {
		if id == priceID {
			return tier, true
		}
	}
	return "", false
}

// State is what the account's subscription row holds, as read from Stripe.
type State struct {
	SubscriptionID    string
	Tier              Tier
	Status            string
	CurrentPeriodEnd  *time.Time
	CancelAtPeriodEnd bool
	CustomerID        string
}

// StateOf reads a Stripe subscription into the row's terms: the tier from our own metadata (set
// when we created it), else from its price; the period end from its first item (API 2025+).
func (c Config) StateOf(sub *stripe.Subscription) (State, error) {
	s := State{SubscriptionID: sub.ID, Status: string(sub.Status), CancelAtPeriodEnd: sub.CancelAtPeriodEnd}
	if sub.Customer != nil {
		s.CustomerID = sub.Customer.ID
	}
	if t, ok := sub.Metadata["tier"]; ok {
		if _, known := Get(Tier(t)); known {
			s.Tier = Tier(t)
		}
	}
	if sub.Items != nil {
		for _, item := range sub.Items.Data {
			if s.Tier == "" && item.Price != nil {
				if t, ok := c.TierForPrice(item.Price.ID); ok {
					s.Tier = t
				}
			}
			if item.CurrentPeriodEnd > 0 && s.CurrentPeriodEnd == nil {
				end := time.Unix(item.CurrentPeriodEnd, 0).UTC()
				s.CurrentPeriodEnd = &end
			}
		}
	}
	if s.Tier == "" {
		return s, fmt.Errorf("subscription %s sells no plan we know", sub.ID)
	}
	return s, nil
}

// Retrieve re-reads a subscription from Stripe: the one source of its state.
func (c Config) Retrieve(ctx context.Context, client *stripe.Client, id string) (State, error) {
	if client == nil {
		return State{}, ErrNotConfigured
	}
	sub, err := client.V1Subscriptions.Retrieve(ctx, id, &stripe.SubscriptionRetrieveParams{})
	if err != nil {
		return State{}, fmt.Errorf("reading subscription %s from Stripe: %w", id, err)
	}
	return c.StateOf(sub)
}

// FromEnv reads the Stripe settings (README, "Configuration") with the process's own reader.
func FromEnv(str func(name, def string) string) Config {
	return Config{
		SecretKey:      str("STRIPE_SECRET_KEY", ""),
		WebhookSecret:  str("STRIPE_WEBHOOK_SECRET", ""),
		PublishableKey: str("STRIPE_PUBLISHABLE_KEY", ""),
		APIURL:         str("STRIPE_API_URL", ""),
		Prices: map[Tier]string{
			Basic:   str("STRIPE_PRICE_BASIC", "price_basic_monthly"),
			Premium: str("STRIPE_PRICE_PREMIUM", "price_premium_monthly"),
			Family:  str("STRIPE_PRICE_FAMILY", "price_family_monthly"),
		},
	}
}
