-- +goose Up
-- OAuth tokens a platform with a real API issued for one stats connection (TeamSnap, issue 29).
-- The row goes with its connection. expires_at is NULL when the platform did not say when the
-- access token expires; refresh_token is '' when it issued none (docs/TEAMSNAP.md).
CREATE TABLE stats_tokens (
    connection_id bigint PRIMARY KEY REFERENCES stats_connections (id) ON DELETE CASCADE,
    access_token text NOT NULL CHECK (access_token <> ''),
    refresh_token text NOT NULL DEFAULT '',
    token_type text NOT NULL DEFAULT 'bearer',
    scope text NOT NULL DEFAULT '',
    expires_at timestamptz,
    authorized_by bigint REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE stats_tokens;
