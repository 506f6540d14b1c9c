-- name: BackupRunStart :one
INSERT INTO backup_runs (kind) VALUES (@kind) RETURNING id;

-- name: BackupRunFinish :exec
-- Records how a run ended; a run is finished once.
UPDATE backup_runs
SET status = @status, status_reason = @status_reason, detail = @detail, backup_id = @backup_id, finished_at = now(),
    dump_bytes = @dump_bytes, files = @files, file_bytes = @file_bytes,
    copied_files = @copied_files, copied_bytes = @copied_bytes, purged_files = @purged_files
WHERE id = @id AND status = 'processing';

-- name: BackupRunLatest :many
-- The newest run of each kind, and the newest successful one of each kind, for the Operations page.
(SELECT * FROM backup_runs r WHERE r.kind = 'backup' ORDER BY started_at DESC, id DESC LIMIT 1)
UNION ALL
(SELECT * FROM backup_runs r WHERE r.kind = 'backup' AND r.status = 'ready' ORDER BY started_at DESC, id DESC LIMIT 1)
UNION ALL
(SELECT * FROM backup_runs r WHERE r.kind = 'drill' ORDER BY started_at DESC, id DESC LIMIT 1)
UNION ALL
(SELECT * FROM backup_runs r WHERE r.kind = 'drill' AND r.status = 'ready' ORDER BY started_at DESC, id DESC LIMIT 1);

-- name: BackupRunLastSuccess :one
-- When the last backup and the last drill succeeded (finished), in Unix seconds for the metrics; 0
-- when never, so an alert on their age fires for an instance that never made one.
SELECT
    coalesce((SELECT extract(epoch FROM max(finished_at)) FROM backup_runs WHERE kind = 'backup' AND status = 'ready'), 0)::float8 AS backup,
    coalesce((SELECT extract(epoch FROM max(finished_at)) FROM backup_runs WHERE kind = 'drill' AND status = 'ready'), 0)::float8 AS drill;
