-- +goose Up
-- A way back in after a forgotten password (issue #28): one row per link sent. The link's token is
-- 32 random bytes written only in the e-mail; the row keeps its SHA-256, so neither a copy of the
-- database nor a backup can be used to take over an account. A link works once, for an hour.
CREATE TABLE password_resets (
    id          bigserial PRIMARY KEY,
    user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash  bytea NOT NULL UNIQUE,
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL,
    used_at     timestamptz
);
CREATE INDEX password_resets_user ON password_resets (user_id);

-- +goose Down
DROP TABLE password_resets;
