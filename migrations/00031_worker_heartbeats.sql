-- +goose Up
-- Worker heartbeats (issue #26): every worker process keeps one row, written every few seconds, named
-- by its River client id (the id River appends to river_job.attempted_by when the client takes a
-- job). A running job whose last attempt belongs to a client whose row went quiet (~30 s) was
-- stranded by a dead worker: the periodic worker_rescue job makes it available again at once instead
-- of waiting for the kind's timeout. host and pid name the process, so the worker that takes a job
-- over can tell the dead process's temporary files in a shared MEDIA_DIR from a live one's. A worker
-- that stops cleanly deletes its row; rows of dead workers are removed a day later.
CREATE TABLE worker_heartbeats (
    client_id  text PRIMARY KEY,
    host       text NOT NULL,
    pid        integer NOT NULL,
    started_at timestamptz NOT NULL DEFAULT now(),
    last_seen  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX worker_heartbeats_last_seen ON worker_heartbeats (last_seen);

-- +goose Down
DROP TABLE worker_heartbeats;
