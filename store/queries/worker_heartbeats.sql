-- name: WorkerHeartbeatBeat :exec
-- A worker says it is alive (its first beat makes the row).
INSERT INTO worker_heartbeats (client_id, host, pid) VALUES (@client_id, @host, @pid)
ON CONFLICT (client_id) DO UPDATE SET last_seen = now(), host = excluded.host, pid = excluded.pid;

-- name: WorkerHeartbeatDelete :exec
-- A worker stopping cleanly leaves no row to be taken for a dead one.
DELETE FROM worker_heartbeats WHERE client_id = @client_id;

-- name: WorkerHeartbeatsSilent :many
-- The workers not heard from since @since: dead, or cut off from the database.
SELECT * FROM worker_heartbeats WHERE last_seen < @since ORDER BY client_id;

-- name: WorkerHeartbeatsForget :execrows
-- Rows of workers dead long ago: nothing they ran is still running.
DELETE FROM worker_heartbeats WHERE last_seen < @before;
