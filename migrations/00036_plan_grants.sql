-- +goose Up
-- Plans granted by an operator without Stripe (issue #28): support, schools, testers. An account's
-- plan is the better of what it pays for and what it was granted, while the grant lasts (no end:
-- until revoked). Who granted it is written here and in operator_audit.
CREATE TABLE plan_grants (
    user_id       bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    tier          text NOT NULL CHECK (tier IN ('basic', 'premium', 'family')),
    granted_until timestamptz,
    granted_by    text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE plan_grants;
