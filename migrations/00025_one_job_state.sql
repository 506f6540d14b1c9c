-- +goose Up
-- One job state everywhere (issue 24): a record's reason is text that is '' when there is none,
-- never NULL, like the columns of 00006_job_status.sql, so every answer's statusReason is a string.
UPDATE stats_connections SET sync_reason = '' WHERE sync_reason IS NULL;
ALTER TABLE stats_connections ALTER COLUMN sync_reason SET DEFAULT '', ALTER COLUMN sync_reason SET NOT NULL;
UPDATE stats_imports SET status_reason = '' WHERE status_reason IS NULL;
ALTER TABLE stats_imports ALTER COLUMN status_reason SET DEFAULT '', ALTER COLUMN status_reason SET NOT NULL;
UPDATE stats_reports SET status_reason = '' WHERE status_reason IS NULL;
ALTER TABLE stats_reports ALTER COLUMN status_reason SET DEFAULT '', ALTER COLUMN status_reason SET NOT NULL;
UPDATE qr_codes SET status_reason = '' WHERE status_reason IS NULL;
ALTER TABLE qr_codes ALTER COLUMN status_reason SET DEFAULT '', ALTER COLUMN status_reason SET NOT NULL;
UPDATE achievements SET card_reason = '' WHERE card_reason IS NULL;
ALTER TABLE achievements ALTER COLUMN card_reason SET DEFAULT '', ALTER COLUMN card_reason SET NOT NULL;
UPDATE legacy_exports SET status_reason = '' WHERE status_reason IS NULL;
ALTER TABLE legacy_exports ALTER COLUMN status_reason SET DEFAULT '', ALTER COLUMN status_reason SET NOT NULL;

-- stats_sync did two things under one kind: parse one uploaded file (args with an import_id) and
-- sync a connection. Parsing a file is now the stats_import kind, whose args are the import's id
-- alone; the jobs still waiting (or running, and so rescued later) move over, so a deploy loses no
-- queued work. River's tables exist: its migrations run before ours (migrations.Apply); a database
-- migrated by goose alone (the migration tests) has none, and no jobs to move.
-- +goose StatementBegin
DO $$
BEGIN
    IF to_regclass('river_job') IS NOT NULL THEN
        UPDATE river_job
        SET kind = 'stats_import', args = jsonb_build_object('import_id', args -> 'import_id')
        WHERE kind = 'stats_sync' AND coalesce((args ->> 'import_id')::bigint, 0) <> 0
          AND state NOT IN ('completed', 'cancelled', 'discarded');
    END IF;
END
$$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
DO $$
BEGIN
    IF to_regclass('river_job') IS NOT NULL THEN
        UPDATE river_job j
        SET kind = 'stats_sync', args = jsonb_build_object('connection_id', i.connection_id, 'import_id', i.id)
        FROM stats_imports i
        WHERE j.kind = 'stats_import' AND i.id = (j.args ->> 'import_id')::bigint
          AND j.state NOT IN ('completed', 'cancelled', 'discarded');
    END IF;
END
$$;
-- +goose StatementEnd

ALTER TABLE legacy_exports ALTER COLUMN status_reason DROP NOT NULL, ALTER COLUMN status_reason DROP DEFAULT;
UPDATE legacy_exports SET status_reason = NULL WHERE status_reason = '';
ALTER TABLE achievements ALTER COLUMN card_reason DROP NOT NULL, ALTER COLUMN card_reason DROP DEFAULT;
UPDATE achievements SET card_reason = NULL WHERE card_reason = '';
ALTER TABLE qr_codes ALTER COLUMN status_reason DROP NOT NULL, ALTER COLUMN status_reason DROP DEFAULT;
UPDATE qr_codes SET status_reason = NULL WHERE status_reason = '';
ALTER TABLE stats_reports ALTER COLUMN status_reason DROP NOT NULL, ALTER COLUMN status_reason DROP DEFAULT;
UPDATE stats_reports SET status_reason = NULL WHERE status_reason = '';
ALTER TABLE stats_imports ALTER COLUMN status_reason DROP NOT NULL, ALTER COLUMN status_reason DROP DEFAULT;
UPDATE stats_imports SET status_reason = NULL WHERE status_reason = '';
ALTER TABLE stats_connections ALTER COLUMN sync_reason DROP NOT NULL, ALTER COLUMN sync_reason DROP DEFAULT;
UPDATE stats_connections SET sync_reason = NULL WHERE sync_reason = '';
