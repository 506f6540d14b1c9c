-- +goose Up
-- Subscriptions (issue #14). The account (users row) pays; its plan's limits apply to every athlete
-- it owns. Stripe is the source of the subscription's state: the billing_event job re-reads it on
-- every webhook and writes what it finds here, so events that arrive twice or out of order end in
-- the right state.
ALTER TABLE users ADD COLUMN stripe_customer_id text UNIQUE;

CREATE TABLE subscriptions (
    user_id                bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    tier                   text NOT NULL DEFAULT 'free' CHECK (tier IN ('free', 'basic', 'premium', 'family')),
    -- Stripe's status: active, trialing, past_due, unpaid, incomplete, incomplete_expired, canceled, paused;
    -- 'active' for the free tier, which Stripe never sees.
    status                 text NOT NULL DEFAULT 'active',
    stripe_subscription_id text UNIQUE,
    current_period_end     timestamptz,
    cancel_at_period_end   boolean NOT NULL DEFAULT false,
    updated_at             timestamptz NOT NULL DEFAULT now()
);

-- Every webhook event once: the id is Stripe's, so a repeated delivery changes nothing.
CREATE TABLE stripe_events (
    id           text PRIMARY KEY,
    type         text NOT NULL,
    payload      jsonb NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now(),
    processed_at timestamptz
);

-- AI enhancements asked for per account per month, against the plan's allowance.
CREATE TABLE ai_usage (
    user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    month        date NOT NULL,
    enhancements integer NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, month)
);

-- +goose Down
DROP TABLE ai_usage;
DROP TABLE stripe_events;
DROP TABLE subscriptions;
ALTER TABLE users DROP COLUMN stripe_customer_id;
