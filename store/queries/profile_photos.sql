-- name: ProfilePhotoGetByID :one
SELECT * FROM profile_photos WHERE id = @id;

-- name: ProfilePhotoForAthlete :one
SELECT * FROM profile_photos WHERE athlete_id = @athlete_id;

-- name: ProfilePhotoForUser :one
SELECT * FROM profile_photos WHERE user_id = @user_id;

-- name: ProfilePhotoReplaceForAthlete :one
-- A new upload for the athlete: the row is created or given the new original [pending] and its
-- size. The old_original_key ("" for none) is the upload before it that was never processed: the
-- caller deletes it. The squares shown stay until the new ones are ready.
WITH old AS (SELECT original_key FROM profile_photos WHERE athlete_id = @athlete_id FOR UPDATE)
INSERT INTO profile_photos (athlete_id, original_key, original_bytes, status, status_reason)
VALUES (@athlete_id, @original_key, @original_bytes, 'pending', '')
ON CONFLICT (athlete_id) DO UPDATE SET original_key = excluded.original_key, original_bytes = excluded.original_bytes,
    status = 'pending', status_reason = '', updated_at = now()
RETURNING id, coalesce((SELECT original_key FROM old), '')::text AS old_original_key;

-- name: ProfilePhotoReplaceForUser :one
WITH old AS (SELECT original_key FROM profile_photos WHERE user_id = @user_id FOR UPDATE)
INSERT INTO profile_photos (user_id, original_key, original_bytes, status, status_reason)
VALUES (@user_id, @original_key, @original_bytes, 'pending', '')
ON CONFLICT (user_id) DO UPDATE SET original_key = excluded.original_key, original_bytes = excluded.original_bytes,
    status = 'pending', status_reason = '', updated_at = now()
RETURNING id, coalesce((SELECT original_key FROM old), '')::text AS old_original_key;

-- name: ProfilePhotoFinish :one
-- The squares of original_key are stored: they become the photo, the original is forgotten, and
-- the answer names the files to delete (the original, the squares before). No row when the photo
-- was replaced or removed meanwhile (the caller deletes the squares it made).
WITH old AS (
    SELECT q.id, q.photo_key, q.small_key FROM profile_photos q WHERE q.id = @id AND q.original_key = @original_key FOR UPDATE
)
UPDATE profile_photos p SET photo_key = @photo_key, small_key = @small_key, squares_bytes = @squares_bytes,
    original_key = NULL, original_bytes = 0, status = 'ready', status_reason = '', updated_at = now()
FROM old WHERE p.id = old.id
RETURNING p.athlete_id, p.user_id, coalesce(old.photo_key, '')::text AS old_photo_key, coalesce(old.small_key, '')::text AS old_small_key;

-- name: ProfilePhotoFail :exec
UPDATE profile_photos SET status = 'failed', status_reason = @status_reason, updated_at = now()
WHERE id = @id AND original_key = @original_key;

-- name: ProfilePhotoDelete :one
DELETE FROM profile_photos WHERE id = @id RETURNING *;

-- name: ProfilePhotoShow :exec
-- Where the answers find the photo (athletes.profile_image_url or users.profile_image_url, the
-- spec's field): the url once the squares are ready, NULL once the photo is removed.
WITH shown AS (
    UPDATE athletes t SET profile_image_url = sqlc.narg(url)::text WHERE t.id = sqlc.narg(athlete_id)::bigint
)
UPDATE users u SET profile_image_url = sqlc.narg(url)::text WHERE u.id = sqlc.narg(user_id)::bigint;

-- name: ProfilePhotoCircleURLs :many
-- The account photos of an athlete's circle: each joined member's own profile_image_url.
SELECT fm.id AS member_id, u.profile_image_url::text AS url
FROM family_members fm JOIN users u ON u.id = fm.user_id
WHERE fm.athlete_id = @athlete_id AND u.profile_image_url IS NOT NULL;

-- name: ProfilePhotoBytesUsedByOwner :one
-- What the photos an owner's quota answers for hold on the disk: its own account's photo and its
-- athletes', each with an upload not yet cut and its squares.
SELECT coalesce(sum(p.original_bytes + p.squares_bytes), 0)::bigint
FROM profile_photos p LEFT JOIN athletes a ON a.id = p.athlete_id
WHERE p.user_id = @owner_id::bigint OR a.user_id = @owner_id::bigint;
