package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"
	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"legacylocker/billing"
	"legacylocker/jobs"
	"legacylocker/store"
)

const (
	msgBillingOff        = "Billing is not configured"
	msgUnknownTier       = "Choose one of the plans: free, basic, premium or family"
	msgNoSubscription    = "There is no paid subscription to cancel"
	msgNoBillingAccount  = "There is no billing account yet: choose a paid plan first"
	msgBadWebhook        = "The webhook signature is not valid"
	maxWebhookBodyBytes  = 1 << 20
	webhookTolerance     = 300 * time.Second
	stripeRequestTimeout = 20 * time.Second
)

// accountPlan is the plan an account's limits come from now (the better of what it pays for and an
// operator's grant), and the subscription row behind the paid part.
func (app *application) accountPlan(ctx context.Context, db store.DBTX, userID int64) (billing.Plan, store.Subscription, error) {
	plan, sub, _, err := app.accountPlanAndGrant(ctx, db, userID)
	return plan, sub, err
}

func (app *application) accountPlanAndGrant(ctx context.Context, db store.DBTX, userID int64) (billing.Plan, store.Subscription, *grantResponse, error) {
	paid := billing.MustGet(billing.Free)
	sub, err := store.Q.SubscriptionForUser(ctx, db, userID)
	switch err := store.Translate(err); {
	case errors.Is(err, store.ErrNotFound):
		sub = store.Subscription{UserID: userID, Tier: string(billing.Free), Status: "active"}
	case err != nil:
		return billing.Plan{}, sub, nil, fmt.Errorf("reading the subscription: %w", err)
	default:
		paid = billing.Effective(billing.Tier(sub.Tier), sub.Status)
	}
	plan, grant, err := grantedPlan(ctx, db, userID, paid)
	return plan, sub, grant, err
}

type planResponse struct {
	Name     string         `json:"name"`
	Price    int            `json:"price"`
	Features []string       `json:"features"`
	Limits   billing.Limits `json:"limits"`
}

// listPlans is the spec's map of tier to name, price and features (with each plan's limits).
func (app *application) listPlans(c *echo.Context) error {
	out := make(map[billing.Tier]planResponse, len(billing.Plans))
	for _, p := range billing.Plans {
		out[p.Tier] = planResponse{Name: p.Name, Price: p.Price, Features: p.Features, Limits: p.Limits}
	}
	return c.JSON(http.StatusOK, out)
}

// usageResponse: storageBytes is what counts against the plan's storage, the finished media
// (mediaBytes), the profile photos of the account and its athletes (photoBytes) and the length open
// resumable uploads declared (openUploadBytes, of which openUploadReceivedBytes have arrived);
// openUploads counts against limits.openUploads.
type usageResponse struct {
	StorageBytes            int64 `json:"storageBytes"`
	MediaBytes              int64 `json:"mediaBytes"`
	PhotoBytes              int64 `json:"photoBytes"`
	OpenUploads             int64 `json:"openUploads"`
	OpenUploadBytes         int64 `json:"openUploadBytes"`
	OpenUploadReceivedBytes int64 `json:"openUploadReceivedBytes"`
	Athletes                int64 `json:"athletes"`
}

type subscriptionStatus struct {
	// Tier is the plan in effect: a lapsed payment is Free until it is paid.
	Tier              billing.Tier   `json:"tier"`
	SubscribedTier    billing.Tier   `json:"subscribedTier"`
	Status            string         `json:"status"`
	CurrentPeriodEnd  *time.Time     `json:"currentPeriodEnd"`
	CancelAtPeriodEnd bool           `json:"cancelAtPeriodEnd"`
	Limits            billing.Limits `json:"limits"`
	Usage             usageResponse  `json:"usage"`
	BillingEnabled    bool           `json:"billingEnabled"`
	PublishableKey    string         `json:"publishableKey"`
	// Grant is a plan an operator granted without Stripe (null when none): the page says until when.
	Grant *grantResponse `json:"grant"`
}

func (app *application) subscriptionStatus(c *echo.Context) error {
	ctx := c.Request().Context()
	user := currentUser(c)
	plan, sub, grant, err := app.accountPlanAndGrant(ctx, app.pool, user.ID)
	if err != nil {
		return err
	}
	use, err := measureStorage(ctx, app.pool, user.ID, 0)
	if err != nil {
		return err
	}
	athletes, err := store.Q.AthleteCountForOwner(ctx, app.pool, user.ID)
	if err != nil {
		return fmt.Errorf("counting athletes: %w", err)
	}
	status := normalizeStatus(sub.Status)
	return c.JSON(http.StatusOK, subscriptionStatus{Tier: plan.Tier, SubscribedTier: billing.Tier(sub.Tier), Status: status,
		CurrentPeriodEnd: sub.CurrentPeriodEnd, CancelAtPeriodEnd: sub.CancelAtPeriodEnd, Limits: plan.Limits,
		Usage: usageResponse{StorageBytes: use.total(), MediaBytes: use.mediaBytes, PhotoBytes: use.photoBytes, OpenUploads: use.openUploads,
			OpenUploadBytes: use.openDeclared, OpenUploadReceivedBytes: use.openReceived, Athletes: athletes}, BillingEnabled: app.cfg.billing.Enabled(),
		PublishableKey: app.cfg.billing.PublishableKey, Grant: grant})
}

// normalizeStatus folds Stripe's statuses into the four the page shows.
func normalizeStatus(s string) string {
	switch s {
	case "active", "trialing":
		return "active"
	case "past_due", "unpaid", "paused":
		return "past_due"
	case "canceled", "incomplete_expired":
		return "canceled"
	}
	return "incomplete"
}

type createSubscriptionResponse struct {
	Tier         billing.Tier `json:"tier"`
	ClientSecret string       `json:"clientSecret,omitempty"`
}

// createSubscription starts a plan. Free (or the plan already in effect) switches at once; a paid
// plan creates the Stripe subscription with payment left to the browser (default_incomplete) and
// answers its clientSecret. The webhook makes it active once paid.
func (app *application) createSubscription(c *echo.Context) error {
	var in struct {
		Tier string `json:"tier"`
	}
	if err := readJSON(c, &in); err != nil {
		return err
	}
	plan, ok := billing.Get(billing.Tier(strings.TrimSpace(in.Tier)))
	if !ok {
		return badRequest(msgUnknownTier)
	}
	ctx := c.Request().Context()
	user := currentUser(c)
	_, sub, err := app.accountPlan(ctx, app.pool, user.ID)
	if err != nil {
		return err
	}
	// The plan already subscribed and in effect: nothing to do (a paid plan still waiting for its
	// payment is created again, for a fresh clientSecret).
	if plan.Tier == billing.Tier(sub.Tier) && (plan.Tier == billing.Free || billing.Paying(sub.Status)) {
		return c.JSON(http.StatusOK, createSubscriptionResponse{Tier: plan.Tier})
	}
	if plan.Tier == billing.Free {
		return app.switchToFree(c, sub)
	}
	if err := requireVerifiedEmail(c); err != nil {
		return err
	}
	if app.stripe == nil {
		return unavailable(msgBillingOff)
	}
	ctx, cancel := context.WithTimeout(ctx, stripeRequestTimeout)
	defer cancel()
	customer, err := app.stripeCustomer(ctx, user)
	if err != nil {
		return err
	}
	params := &stripe.SubscriptionCreateParams{
		Customer:        stripe.String(customer),
		Items:           []*stripe.SubscriptionCreateItemParams{{Price: stripe.String(app.cfg.billing.Prices[plan.Tier])}},
		PaymentBehavior: stripe.String("default_incomplete"),
		PaymentSettings: &stripe.SubscriptionCreatePaymentSettingsParams{SaveDefaultPaymentMethod: stripe.String("on_subscription")},
		Metadata:        map[string]string{"tier": string(plan.Tier), "user_id": strconv.FormatInt(user.ID, 10)},
	}
	params.AddExpand("latest_invoice.confirmation_secret")
	created, err := app.stripe.V1Subscriptions.Create(ctx, params)
	if err != nil {
		app.logger.ErrorContext(ctx, "creating a Stripe subscription", "error", err)
		return unavailable("The payment service did not answer. Please try again.")
	}
	// The old paid plan, if any, ends now that the new one exists (the webhook confirms both).
	if sub.StripeSubscriptionID != nil && *sub.StripeSubscriptionID != created.ID {
		if _, err := app.stripe.V1Subscriptions.Cancel(ctx, *sub.StripeSubscriptionID, &stripe.SubscriptionCancelParams{}); err != nil {
			app.logger.WarnContext(ctx, "cancelling the replaced Stripe subscription", "subscription", *sub.StripeSubscriptionID, "error", err)
		}
	}
	status := string(created.Status)
	if status == "" || status == "active" {
		// Until the payment is confirmed (the webhook says so), the new plan is not in effect.
		status = "incomplete"
	}
	if _, err := store.Q.SubscriptionUpsert(ctx, app.pool, store.SubscriptionUpsertParams{UserID: user.ID, Tier: string(plan.Tier),
		Status: status, StripeSubscriptionID: &created.ID}); err != nil {
		return fmt.Errorf("recording the subscription: %w", err)
	}
	out := createSubscriptionResponse{Tier: plan.Tier}
	if created.LatestInvoice != nil && created.LatestInvoice.ConfirmationSecret != nil {
		out.ClientSecret = created.LatestInvoice.ConfirmationSecret.ClientSecret
	}
	return c.JSON(http.StatusOK, out)
}

// switchToFree ends a paid subscription at once and puts the account on Free.
func (app *application) switchToFree(c *echo.Context, sub store.Subscription) error {
	ctx := c.Request().Context()
	if sub.StripeSubscriptionID != nil && normalizeStatus(sub.Status) != "canceled" {
		if app.stripe == nil {
			return unavailable(msgBillingOff)
		}
		if _, err := app.stripe.V1Subscriptions.Cancel(ctx, *sub.StripeSubscriptionID, &stripe.SubscriptionCancelParams{}); err != nil {
			app.logger.ErrorContext(ctx, "cancelling a Stripe subscription", "error", err)
			return unavailable("The payment service did not answer. Please try again.")
		}
	}
	if _, err := store.Q.SubscriptionUpsert(ctx, app.pool, store.SubscriptionUpsertParams{UserID: sub.UserID, Tier: string(billing.Free), Status: "active"}); err != nil {
		return fmt.Errorf("recording the switch to free: %w", err)
	}
	return c.JSON(http.StatusOK, createSubscriptionResponse{Tier: billing.Free})
}

// stripeCustomer answers the account's Stripe customer, creating it once (the idempotency key
// makes two racing first purchases one customer).
func (app *application) stripeCustomer(ctx context.Context, user store.User) (string, error) {
	if user.StripeCustomerID != nil {
		return *user.StripeCustomerID, nil
	}
	params := &stripe.CustomerCreateParams{
		Email:    stripe.String(user.Email),
		Name:     stripe.String(strings.TrimSpace(user.FirstName + " " + user.LastName)),
		Metadata: map[string]string{"user_id": strconv.FormatInt(user.ID, 10)},
	}
	params.SetIdempotencyKey("customer:" + strconv.FormatInt(user.ID, 10))
	customer, err := app.stripe.V1Customers.Create(ctx, params)
	if err != nil {
		app.logger.ErrorContext(ctx, "creating a Stripe customer", "error", err)
		return "", unavailable("The payment service did not answer. Please try again.")
	}
	if err := store.Q.UserSetStripeCustomer(ctx, app.pool, store.UserSetStripeCustomerParams{ID: user.ID, StripeCustomerID: &customer.ID}); err != nil {
		return "", fmt.Errorf("recording the customer: %w", err)
	}
	return customer.ID, nil
}

// cancelSubscription cancels at the end of the period already paid for.
func (app *application) cancelSubscription(c *echo.Context) error {
	ctx := c.Request().Context()
	user := currentUser(c)
	_, sub, err := app.accountPlan(ctx, app.pool, user.ID)
	if err != nil {
		return err
	}
	if sub.StripeSubscriptionID == nil || sub.Tier == string(billing.Free) {
		return conflict(msgNoSubscription)
	}
	if app.stripe == nil {
		return unavailable(msgBillingOff)
	}
	if _, err := app.stripe.V1Subscriptions.Update(ctx, *sub.StripeSubscriptionID, &stripe.SubscriptionUpdateParams{CancelAtPeriodEnd: stripe.Bool(true)}); err != nil {
		app.logger.ErrorContext(ctx, "cancelling a Stripe subscription", "error", err)
		return unavailable("The payment service did not answer. Please try again.")
	}
	sub, err = store.Q.SubscriptionUpsert(ctx, app.pool, store.SubscriptionUpsertParams{UserID: user.ID, Tier: sub.Tier, Status: sub.Status,
		StripeSubscriptionID: sub.StripeSubscriptionID, CurrentPeriodEnd: sub.CurrentPeriodEnd, CancelAtPeriodEnd: true})
	if err != nil {
		return fmt.Errorf("recording the cancellation: %w", err)
	}
	return app.subscriptionStatus(c)
}

// billingPortal opens Stripe's billing portal for the account's customer.
func (app *application) billingPortal(c *echo.Context) error {
	user := currentUser(c)
	if app.stripe == nil {
		return unavailable(msgBillingOff)
	}
	if user.StripeCustomerID == nil {
		return conflict(msgNoBillingAccount)
	}
	session, err := app.stripe.V1BillingPortalSessions.Create(c.Request().Context(), &stripe.BillingPortalSessionCreateParams{
		Customer: user.StripeCustomerID, ReturnURL: stripe.String(strings.TrimRight(app.cfg.appURL, "/") + "/subscription"),
	})
	if err != nil {
		app.logger.ErrorContext(c.Request().Context(), "opening the billing portal", "error", err)
		return unavailable("The payment service did not answer. Please try again.")
	}
	return c.JSON(http.StatusOK, map[string]string{"url": session.URL})
}

// stripeWebhook verifies the event's signature (300 s tolerance), stores it once and enqueues
// billing_event in the same transaction. Nothing is stored for a bad or stale signature; a repeated
// event answers 200 and changes nothing.
func (app *application) stripeWebhook(c *echo.Context) error {
	if app.cfg.billing.WebhookSecret == "" {
		return unavailable(msgBillingOff)
	}
	payload, err := io.ReadAll(http.MaxBytesReader(c.Response(), c.Request().Body, maxWebhookBodyBytes))
	if err != nil {
		return badRequest("The webhook body could not be read")
	}
	event, err := webhook.ConstructEventWithOptions(payload, c.Request().Header.Get("Stripe-Signature"), app.cfg.billing.WebhookSecret,
		webhook.ConstructEventOptions{Tolerance: webhookTolerance, IgnoreAPIVersionMismatch: true})
	if err != nil {
		return badRequest(msgBadWebhook)
	}
	ctx := c.Request().Context()
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		_, err := store.Q.StripeEventInsert(ctx, tx, store.StripeEventInsertParams{ID: event.ID, Type: string(event.Type), Payload: payload})
		if err := store.Translate(err); err != nil {
			if errors.Is(err, store.ErrNotFound) {
				return nil // seen before
			}
			return fmt.Errorf("storing the event: %w", err)
		}
		if _, err := app.jobs.InsertTx(ctx, tx, jobs.BillingEventArgs{EventID: event.ID}, nil); err != nil {
			return fmt.Errorf("enqueueing billing_event: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]bool{"received": true})
}
