-- name: MediaUploadCreate :one
INSERT INTO media_uploads (athlete_id, created_by, upload_length, metadata, title, description, media_date, is_private, tags,
                           allow_duplicate, expires_at)
VALUES (@athlete_id, @created_by, @upload_length, @metadata, @title, @description, @media_date, @is_private, @tags,
        @allow_duplicate, @expires_at)
RETURNING *;

-- name: MediaUploadGetByID :one
SELECT * FROM media_uploads WHERE id = @id;

-- name: MediaUploadLock :one
-- A PATCH takes the upload when it is at the offset the client names and nobody else holds it
-- (or the holder's lease ran out: its process died or its client went silent).
UPDATE media_uploads
SET lock_token = @lock_token, locked_until = now() + make_interval(secs => @lease_seconds::float8),
    writing_key = @writing_key, updated_at = now()
WHERE id = @id AND upload_offset = @upload_offset AND completed_at IS NULL AND expires_at > now()
  AND (locked_until IS NULL OR locked_until < now())
RETURNING *;

-- name: MediaUploadRenewLock :execrows
UPDATE media_uploads SET locked_until = now() + make_interval(secs => @lease_seconds::float8)
WHERE id = @id AND lock_token = @lock_token;

-- name: MediaUploadAppend :execrows
-- The PATCH's piece is in storage: the upload grows by it (and its hash state by its bytes) and is let
-- go. Only its holder may. Progress keeps an upload another day from now, never past the hard cap from
-- its creation.
UPDATE media_uploads
SET upload_offset = @upload_offset, piece_keys = array_append(piece_keys, @piece_key::text), head = @head,
    hash_state = @hash_state,
    media_type = @media_type, mime_type = @mime_type, file_ext = @file_ext,
    writing_key = NULL, lock_token = NULL, locked_until = NULL,
    expires_at = least(@expires_at::timestamptz, created_at + make_interval(secs => @max_age_seconds::float8)), updated_at = now()
WHERE id = @id AND lock_token = @lock_token;

-- name: MediaUploadUnlock :exec
-- A PATCH that stored nothing lets the upload go as it was.
UPDATE media_uploads SET writing_key = NULL, lock_token = NULL, locked_until = NULL, updated_at = now()
WHERE id = @id AND lock_token = @lock_token;

-- name: MediaUploadComplete :execrows
-- The last byte is in and the media row made (same transaction): the pieces are the original's now.
UPDATE media_uploads
SET upload_offset = upload_length, piece_keys = '{}', media_id = @media_id, completed_at = now(),
    writing_key = NULL, lock_token = NULL, locked_until = NULL, expires_at = @expires_at, updated_at = now()
WHERE id = @id AND lock_token = @lock_token;

-- name: MediaUploadDelete :one
-- Termination and expiry: the row goes, and the caller queues its pieces' removal.
DELETE FROM media_uploads WHERE id = @id RETURNING *;

-- name: MediaUploadsExpired :many
-- Uploads untouched past their expiry, or open past the hard cap however they progress, that no
-- PATCH is writing right now.
SELECT * FROM media_uploads
WHERE (expires_at < @now OR (completed_at IS NULL AND created_at < @created_before))
  AND (locked_until IS NULL OR locked_until < @now)
ORDER BY id LIMIT 500;
-- name: MediaUploadsOpenForOwner :one
-- The resumable uploads in progress for every athlete of one owner (one may be left out: the upload
-- being completed): how many, the bytes they declared (held against the quota) and the bytes received.
SELECT count(*)::bigint AS uploads, coalesce(sum(upload_length), 0)::bigint AS declared_bytes,
       coalesce(sum(upload_offset), 0)::bigint AS received_bytes
FROM media_uploads JOIN athletes ON athletes.id = media_uploads.athlete_id
WHERE athletes.user_id = @owner_id AND media_uploads.completed_at IS NULL AND media_uploads.expires_at > now()
  AND media_uploads.id <> @except_id;
