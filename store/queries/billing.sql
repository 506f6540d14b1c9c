-- name: SubscriptionForUser :one
SELECT * FROM subscriptions WHERE user_id = @user_id;

-- name: SubscriptionUpsert :one
INSERT INTO subscriptions (user_id, tier, status, stripe_subscription_id, current_period_end, cancel_at_period_end)
VALUES (@user_id, @tier, @status, sqlc.narg(stripe_subscription_id), sqlc.narg(current_period_end), @cancel_at_period_end)
ON CONFLICT (user_id) DO UPDATE SET tier = EXCLUDED.tier, status = EXCLUDED.status,
    stripe_subscription_id = EXCLUDED.stripe_subscription_id, current_period_end = EXCLUDED.current_period_end,
    cancel_at_period_end = EXCLUDED.cancel_at_period_end, updated_at = now()
RETURNING *;

-- name: SubscriptionByStripeID :one
SELECT * FROM subscriptions WHERE stripe_subscription_id = @stripe_subscription_id;

-- name: UserByStripeCustomer :one
SELECT * FROM users WHERE stripe_customer_id = @stripe_customer_id;

-- name: UserSetStripeCustomer :exec
UPDATE users SET stripe_customer_id = @stripe_customer_id WHERE id = @id AND stripe_customer_id IS NULL;

-- name: StripeEventInsert :one
-- The event once: a repeated id inserts nothing and answers no row.
INSERT INTO stripe_events (id, type, payload) VALUES (@id, @type, @payload)
ON CONFLICT (id) DO NOTHING
RETURNING id;

-- name: StripeEventGet :one
SELECT * FROM stripe_events WHERE id = @id;

-- name: StripeEventProcessed :exec
UPDATE stripe_events SET processed_at = now() WHERE id = @id;

-- name: AthleteCountForOwner :one
SELECT count(*) FROM athletes WHERE user_id = @user_id AND NOT is_demo;

-- name: FamilyMemberCountForAthlete :one
SELECT count(*) FROM family_members WHERE athlete_id = @athlete_id AND status <> 'cancelled';

-- name: AIUsageThisMonth :one
SELECT coalesce((SELECT enhancements FROM ai_usage WHERE user_id = @user_id AND month = @month), 0)::integer;

-- name: AIUsageCount :exec
INSERT INTO ai_usage (user_id, month, enhancements) VALUES (@user_id, @month, 1)
ON CONFLICT (user_id, month) DO UPDATE SET enhancements = ai_usage.enhancements + 1;
