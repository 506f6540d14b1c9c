-- +goose Up
-- Backups and restore drills (issue #27): one row per run of the backup job, `api backup now`, or the
-- restore drill, so the Operations page and the metrics can say when the last one succeeded and what
-- the last one found. The backups themselves (dumps, manifests, file copies) live in the backup target,
-- whose manifests are the catalogue `api backup list` and `api restore` read; this table is only the
-- instance's log of runs. A dump leaves its data out (its own run would be in it, still running), so a
-- restored database starts this log afresh.
CREATE TABLE backup_runs (
    id           bigserial PRIMARY KEY,
    kind         text NOT NULL CHECK (kind IN ('backup', 'drill')),
    -- The backup made (kind backup) or restored into the scratch database (kind drill); '' until known.
    backup_id    text NOT NULL DEFAULT '',
    -- The one job state: processing while it runs, then ready or failed with its reason.
    status        job_status NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'ready', 'failed')),
    status_reason text NOT NULL DEFAULT '',
    -- For a success, what it did in one sentence.
    detail       text NOT NULL DEFAULT '',
    started_at   timestamptz NOT NULL DEFAULT now(),
    finished_at  timestamptz,
    -- Size of the dump, and of every file the backup covers (copied now or before).
    dump_bytes   bigint NOT NULL DEFAULT 0,
    files        bigint NOT NULL DEFAULT 0,
    file_bytes   bigint NOT NULL DEFAULT 0,
    -- What this run copied (the incremental part) and purged.
    copied_files bigint NOT NULL DEFAULT 0,
    copied_bytes bigint NOT NULL DEFAULT 0,
    purged_files bigint NOT NULL DEFAULT 0
);
CREATE INDEX backup_runs_kind_started ON backup_runs (kind, started_at DESC, id DESC);

-- +goose Down
DROP TABLE backup_runs;
