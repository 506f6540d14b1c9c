package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/stripe/stripe-go/v85"

	"legacylocker/billing"
	"legacylocker/store"
)

// BillingEventArgs applies one stored Stripe webhook event.
type BillingEventArgs struct {
	EventID string `json:"event_id"`
}

func (BillingEventArgs) Kind() string { return "billing_event" }

func (BillingEventArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, MaxAttempts: 10}
}

// BillingEventWorker applies subscription and invoice events by re-reading the subscription from
// Stripe, never by trusting the event's copy: an event that arrives twice, late or out of order
// still leaves the account in Stripe's current state.
type BillingEventWorker struct {
	river.WorkerDefaults[BillingEventArgs]
	Pool    *pgxpool.Pool
	Billing billing.Config
	Stripe  *stripe.Client
	Logger  *slog.Logger
}

func (w *BillingEventWorker) Timeout(*river.Job[BillingEventArgs]) time.Duration { return time.Minute }

// eventObject is the part of an event's object the worker needs: the subscription it concerns.
type eventObject struct {
	Object       string `json:"object"`
	ID           string `json:"id"`
	Subscription string `json:"subscription"`
	Parent       *struct {
		SubscriptionDetails *struct {
			Subscription string `json:"subscription"`
		} `json:"subscription_details"`
	} `json:"parent"`
}

func (w *BillingEventWorker) Work(ctx context.Context, job *river.Job[BillingEventArgs]) error {
	event, err := loadRecord(ctx, w.Pool, "stripe event", 0, func(ctx context.Context, db store.DBTX, _ int64) (store.StripeEvent, error) {
		return store.Q.StripeEventGet(ctx, db, job.Args.EventID)
	})
	if err != nil {
		return err
	}
	if event.ProcessedAt != nil {
		return nil
	}
	var payload struct {
		Type string `json:"type"`
		Data struct {
			Object eventObject `json:"object"`
		} `json:"data"`
	}
	if err := json.Unmarshal(event.Payload, &payload); err != nil {
		return river.JobCancel(fmt.Errorf("event %s is not readable: %w", event.ID, err))
	}
	subscriptionID := subscriptionOf(payload.Data.Object)
	if subscriptionID == "" {
		// An event we do not act on (or an invoice without a subscription): recorded, nothing to do.
		return store.Q.StripeEventProcessed(ctx, w.Pool, event.ID)
	}
	state, err := w.Billing.Retrieve(ctx, w.Stripe, subscriptionID)
	if err != nil {
		return err // River retries: Stripe may be briefly unreachable
	}
	return store.WithTx(ctx, w.Pool, func(tx pgx.Tx) error {
		userID, err := w.accountOf(ctx, tx, state)
		if errors.Is(err, store.ErrNotFound) {
			w.Logger.WarnContext(ctx, "stripe subscription for no account of ours", "subscription", state.SubscriptionID, "event", event.ID)
			return store.Q.StripeEventProcessed(ctx, tx, event.ID)
		}
		if err != nil {
			return err
		}
		if _, err := store.Q.SubscriptionUpsert(ctx, tx, store.SubscriptionUpsertParams{UserID: userID, Tier: string(state.Tier),
			Status: state.Status, StripeSubscriptionID: &state.SubscriptionID, CurrentPeriodEnd: state.CurrentPeriodEnd,
			CancelAtPeriodEnd: state.CancelAtPeriodEnd}); err != nil {
			return fmt.Errorf("recording the subscription: %w", err)
		}
		return store.Q.StripeEventProcessed(ctx, tx, event.ID)
	})
}

// subscriptionOf finds the subscription an event's object concerns: the object itself, or the
// invoice's subscription (API 2025+ puts it under parent.subscription_details).
func subscriptionOf(o eventObject) string {
	switch o.Object {
	case "subscription":
		return o.ID
	case "invoice":
		if o.Parent != nil && o.Parent.SubscriptionDetails != nil && o.Parent.SubscriptionDetails.Subscription != "" {
			return o.Parent.SubscriptionDetails.Subscription
		}
		return o.Subscription
	}
	return ""
}

// accountOf finds our account for a subscription: by the subscription id we stored when creating
// it, else by its customer.
func (w *BillingEventWorker) accountOf(ctx context.Context, tx pgx.Tx, state billing.State) (int64, error) {
	row, err := store.Q.SubscriptionByStripeID(ctx, tx, &state.SubscriptionID)
	if err == nil {
		return row.UserID, nil
	}
	if err := store.Translate(err); !errors.Is(err, store.ErrNotFound) {
		return 0, err
	}
	user, err := store.Q.UserByStripeCustomer(ctx, tx, &state.CustomerID)
	if err := store.Translate(err); err != nil {
		return 0, err
	}
	return user.ID, nil
}
