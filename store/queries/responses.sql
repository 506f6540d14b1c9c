-- The family's answers to an item (issue 30): comments and reactions. An item is named by its type
-- ('journal', 'media', 'milestone', 'achievement') and id; who may see it is the api's to decide
-- before any of these run.

-- name: CommentListPage :many
-- An item's comments, oldest first, keyset-paginated on id, each with its author's name.
SELECT c.id, c.athlete_id, c.author_id, c.item_type, c.item_id, c.body, c.created_at, c.updated_at,
       btrim(u.first_name || ' ' || u.last_name)::text AS author_name
FROM comments c JOIN users u ON u.id = c.author_id
WHERE c.item_type = @item_type AND c.item_id = @item_id AND c.id > coalesce(sqlc.narg(after_id)::bigint, 0)
ORDER BY c.id
LIMIT @max_rows;

-- name: CommentGetByID :one
SELECT c.id, c.athlete_id, c.author_id, c.item_type, c.item_id, c.body, c.created_at, c.updated_at,
       btrim(u.first_name || ' ' || u.last_name)::text AS author_name
FROM comments c JOIN users u ON u.id = c.author_id
WHERE c.id = @id;

-- name: CommentCreate :one
INSERT INTO comments (athlete_id, author_id, item_type, item_id, body)
VALUES (@athlete_id, @author_id, @item_type, @item_id, @body)
RETURNING id;

-- name: CommentUpdate :exec
UPDATE comments SET body = @body, updated_at = now() WHERE id = @id;

-- name: CommentDelete :exec
DELETE FROM comments WHERE id = @id;

-- name: ReactionSet :exec
-- One reaction per person per item: a second one replaces the first.
INSERT INTO reactions (item_type, item_id, user_id, athlete_id, emoji)
VALUES (@item_type, @item_id, @user_id, @athlete_id, @emoji)
ON CONFLICT (item_type, item_id, user_id) DO UPDATE SET emoji = EXCLUDED.emoji, created_at = now();

-- name: ReactionDelete :exec
DELETE FROM reactions WHERE item_type = @item_type AND item_id = @item_id AND user_id = @user_id;

-- name: ResponsesForItems :many
-- The answers to a page of items: a row of each item's comment count (emoji '') and a row per emoji
-- it was given (how many, and whether one is the caller's). An item nobody answered has no row, so
-- a page of quiet items costs two index probes each and returns nothing.
SELECT c.item_id, ''::text AS emoji, count(*)::int AS n, false AS mine
FROM comments c
WHERE c.item_type = @item_type AND c.item_id = ANY(@item_ids::bigint[])
GROUP BY c.item_id
UNION ALL
SELECT r.item_id, r.emoji, count(*)::int, bool_or(r.user_id = sqlc.arg(caller)::bigint)
FROM reactions r
WHERE r.item_type = @item_type AND r.item_id = ANY(@item_ids::bigint[])
GROUP BY r.item_id, r.emoji;
