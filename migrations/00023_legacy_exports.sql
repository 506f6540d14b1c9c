-- +goose Up
-- The family's whole legacy as one ZIP (issue #17). A legacy_export job streams the archive into
-- media storage under file_key; the owner downloads it until expires_at, when the periodic cleanup
-- deletes the file and the row. bytes_done against bytes_total is the progress the profile shows.
CREATE TABLE legacy_exports (
    id            bigserial PRIMARY KEY,
    athlete_id    bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    requested_by  bigint REFERENCES users (id) ON DELETE SET NULL,
    status        job_status NOT NULL DEFAULT 'pending',
    status_reason text,
    bytes_total   bigint NOT NULL DEFAULT 0,
    bytes_done    bigint NOT NULL DEFAULT 0,
    file_key      text,
    file_size     bigint,
    ready_at      timestamptz,
    expires_at    timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);

-- One export in the making per athlete: a second click while one runs gets that one.
CREATE UNIQUE INDEX legacy_exports_one_running ON legacy_exports (athlete_id)
    WHERE status IN ('pending', 'processing');
CREATE INDEX legacy_exports_expiry ON legacy_exports (expires_at) WHERE expires_at IS NOT NULL;
CREATE INDEX legacy_exports_athlete ON legacy_exports (athlete_id, created_at DESC);

-- +goose Down
DROP TABLE legacy_exports;
