-- name: QRCodeCreate :one
INSERT INTO qr_codes (athlete_id, code, title, description, target_url, created_by)
VALUES (@athlete_id, @code, @title, @description, @target_url, sqlc.narg(created_by))
RETURNING *;

-- name: QRCodeGetByID :one
SELECT * FROM qr_codes WHERE id = @id;

-- name: QRCodeListPage :many
-- Newest first, keyset-paginated on id along qr_codes_athlete_idx.
SELECT * FROM qr_codes
WHERE athlete_id = @athlete_id AND id < coalesce(sqlc.narg(before_id)::bigint, 9223372036854775807)
ORDER BY id DESC
LIMIT @max_rows;

-- name: QRCodeDelete :exec
DELETE FROM qr_codes WHERE id = @id;

-- name: QRCodeUpdateTarget :one
UPDATE qr_codes SET title = @title, description = @description, target_url = @target_url WHERE id = @id RETURNING *;

-- name: QRCodeFinish :exec
UPDATE qr_codes SET status = @status, status_reason = @status_reason, image_key = sqlc.narg(image_key) WHERE id = @id;

-- name: QRCodeScan :one
-- One scan of /q/{code}: the target to redirect to, counted in the same statement. The visitor
-- row is new only for the first scan of the day by that visitor hash.
WITH code AS (
    SELECT id, target_url FROM qr_codes WHERE qr_codes.code = @code
), visitor AS (
    INSERT INTO qr_scan_visitors (qr_code_id, day, visitor)
    SELECT id, @day, @visitor FROM code
    ON CONFLICT DO NOTHING
    RETURNING qr_code_id
), counted AS (
    INSERT INTO qr_scans (qr_code_id, day, scans, visitors)
    SELECT id, @day, 1, (SELECT count(*) FROM visitor) FROM code
    ON CONFLICT (qr_code_id, day) DO UPDATE SET scans = qr_scans.scans + 1, visitors = qr_scans.visitors + EXCLUDED.visitors
    RETURNING qr_code_id
)
SELECT code.target_url FROM code, counted;

-- name: QRSaltForDay :one
-- The day's salt, made by whichever api process scans first that day; yesterday's and older go.
WITH made AS (
    INSERT INTO qr_salts (day, salt) VALUES (@day, @salt) ON CONFLICT (day) DO NOTHING RETURNING salt
)
SELECT salt FROM made UNION ALL SELECT salt FROM qr_salts WHERE qr_salts.day = @day LIMIT 1;

-- name: QRForgetOldVisitors :exec
WITH old_salts AS (DELETE FROM qr_salts WHERE qr_salts.day < sqlc.arg(before)::date)
DELETE FROM qr_scan_visitors WHERE qr_scan_visitors.day < sqlc.arg(before)::date;

-- name: QRScansForCodes :many
-- Daily counts of one page of codes over the last days.
SELECT s.qr_code_id, s.day, s.scans, s.visitors FROM qr_scans s
WHERE s.qr_code_id = ANY(@ids::bigint[]) AND s.day >= @since ORDER BY s.qr_code_id, s.day;

-- name: QRScanTotalsForCodes :many
-- Every scan of one page of codes.
SELECT s.qr_code_id, sum(s.scans)::bigint AS scans, sum(s.visitors)::bigint AS visitors
FROM qr_scans s WHERE s.qr_code_id = ANY(@ids::bigint[]) GROUP BY s.qr_code_id;

-- name: AchievementCreate :one
INSERT INTO achievements (athlete_id, title, description, achieved_on, category, stats, on_showcase, template, photo_media_id, created_by)
VALUES (@athlete_id, @title, @description, @achieved_on, @category, @stats, @on_showcase, @template, sqlc.narg(photo_media_id), sqlc.narg(created_by))
RETURNING *;

-- name: AchievementGetByID :one
SELECT * FROM achievements WHERE id = @id;

-- name: AchievementListPage :many
-- Newest first, keyset-paginated on (achieved_on, id).
SELECT * FROM achievements
WHERE athlete_id = @athlete_id
  AND (achieved_on, id) < (coalesce(sqlc.narg(before_date)::date, 'infinity'), coalesce(sqlc.narg(before_id)::bigint, 9223372036854775807))
ORDER BY achieved_on DESC, id DESC
LIMIT @max_rows;

-- name: AchievementShowcaseList :many
SELECT * FROM achievements WHERE athlete_id = @athlete_id AND on_showcase ORDER BY achieved_on DESC, id DESC LIMIT 100;

-- name: AchievementUpdate :one
-- An edit that changes what the card shows queues it again (card_status pending); the job compares
-- card_hash and skips drawing when nothing it draws changed.
UPDATE achievements SET title = @title, description = @description, achieved_on = @achieved_on, category = @category,
    stats = @stats, on_showcase = @on_showcase, template = @template, photo_media_id = sqlc.narg(photo_media_id),
    card_status = 'pending', card_reason = '', updated_at = now()
WHERE id = @id RETURNING *;

-- name: AchievementDelete :exec
DELETE FROM achievements WHERE id = @id;

-- name: AchievementCardFinish :execrows
-- Only if the achievement is as the job read it: an edit since then has queued its own drawing.
UPDATE achievements SET card_status = @card_status, card_reason = @card_reason, card_hash = sqlc.narg(card_hash),
    feed_key = sqlc.narg(feed_key), story_key = sqlc.narg(story_key)
WHERE id = @id AND updated_at = @updated_at;

-- name: AthleteShowcaseUpdate :one
UPDATE athletes SET showcase_slug = sqlc.narg(showcase_slug), showcase_published = @showcase_published,
    showcase_show_gpa = @showcase_show_gpa, showcase_show_stats = @showcase_show_stats, showcase_contact = @showcase_contact,
    updated_at = now()
WHERE id = @id RETURNING *;

-- name: AthleteBySlug :one
SELECT * FROM athletes WHERE showcase_slug = @slug AND showcase_published;

-- name: MediaShowcaseList :many
SELECT * FROM media_items WHERE athlete_id = @athlete_id AND on_showcase AND status = 'ready' ORDER BY media_date DESC, id DESC LIMIT 50;

-- name: MediaSetShowcase :one
UPDATE media_items SET on_showcase = @on_showcase, updated_at = now() WHERE id = @id RETURNING *;
