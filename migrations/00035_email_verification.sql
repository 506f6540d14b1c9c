-- +goose Up
-- Verified e-mail addresses (issue #28). An account's address is verified when a link mailed to it
-- is opened; a new address (PUT /api/user/email) takes effect only then. Accounts made before this
-- start unverified and are asked to confirm, like new ones. As for password resets, only the link's
-- SHA-256 is kept.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;

CREATE TABLE email_verifications (
    id          bigserial PRIMARY KEY,
    user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- The address the link proves: the account's own, or the one it is changing to.
    email       text NOT NULL,
    token_hash  bytea NOT NULL UNIQUE,
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL,
    used_at     timestamptz
);
CREATE INDEX email_verifications_user ON email_verifications (user_id);

-- +goose Down
DROP TABLE email_verifications;
ALTER TABLE users DROP COLUMN email_verified_at;
