package billing

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/stripe/stripe-go/v85"
)

func TestPlansAreTheLandingPagesAndGrow(t *testing.T) {
	free, premium := MustGet(Free), MustGet(Premium)
	assert.Equal(t, int64(500)<<20, free.Limits.StorageBytes, "Free holds 500 MB, as the landing page says")
	assert.Equal(t, 19, premium.Price, "Premium is $19 a month, as the landing page says")
	for i := 1; i < len(Plans); i++ {
		prev, next := Plans[i-1], Plans[i]
		assert.Greater(t, next.Price, prev.Price, next.Name)
		assert.GreaterOrEqual(t, next.Limits.StorageBytes, prev.Limits.StorageBytes, next.Name)
		assert.GreaterOrEqual(t, next.Limits.OpenUploads, prev.Limits.OpenUploads, next.Name)
		assert.Positive(t, next.Limits.OpenUploads, "every plan caps its open uploads: %s", next.Name)
	}
	_, ok := Get("platinum")
	assert.False(t, ok)
}

func TestALapsedPaymentHasFreeLimits(t *testing.T) {
	for status, want := range map[string]Tier{"active": Premium, "trialing": Premium, "past_due": Free, "unpaid": Free,
		"incomplete": Free, "canceled": Free, "paused": Free} {
		assert.Equal(t, want, Effective(Premium, status).Tier, status)
	}
	assert.Equal(t, "Your Free plan holds 500 MB. Upgrade for more space.", MustGet(Free).StorageMessage())
	assert.Equal(t, "Your Basic plan takes files up to 500 MB. The Premium plan takes files up to 2 GB.", MustGet(Basic).FileMessage())
	assert.Equal(t, "Your Free plan takes files up to 50 MB. The Basic plan takes files up to 500 MB.", MustGet(Free).FileMessage())
	assert.Equal(t, "Your Family plan takes files up to 2 GB.", MustGet(Family).FileMessage(), "no plan takes more")
	assert.Equal(t, "Your Family plan holds 250 GB. Upgrade for more space.", MustGet(Family).StorageMessage())
	assert.Equal(t, "Your Free plan allows 5 uploads in progress at once. Finish or cancel one, or upgrade for more.", MustGet(Free).OpenUploadsMessage())
}

func TestStateOfReadsTheTierFromMetadataOrPrice(t *testing.T) {
	cfg := Config{Prices: map[Tier]string{Premium: "price_p", Family: "price_f"}}
	end := time.Date(2026, 12, 24, 0, 0, 0, 0, time.UTC)
	sub := &stripe.Subscription{ID: "sub_1", Status: "active", Customer: &stripe.Customer{ID: "cus_1"},
		Items: &stripe.SubscriptionItemList{Data: []*stripe.SubscriptionItem{{Price: &stripe.Price{ID: "price_f"}, CurrentPeriodEnd: end.Unix()}}}}
	state, err := cfg.StateOf(sub)
	require.NoError(t, err)
	assert.Equal(t, Family, state.Tier, "from the price")
	assert.Equal(t, end, *state.CurrentPeriodEnd)
	assert.Equal(t, "cus_1", state.CustomerID)

	sub.Metadata = map[string]string{"tier": "premium"}
	state, err = cfg.StateOf(sub)
	require.NoError(t, err)
	assert.Equal(t, Premium, state.Tier, "our own metadata first")

	sub.Metadata, sub.Items.Data[0].Price.ID = nil, "price_unknown"
	_, err = cfg.StateOf(sub)
	assert.Error(t, err)
}
