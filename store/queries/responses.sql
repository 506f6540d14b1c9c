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
-- For each of a page of items: how many comments it has, its reactions counted by emoji, and the
-- caller's own reaction.
SELECT i.id::bigint AS item_id,
       (SELECT count(*) FROM comments c WHERE c.item_type = @item_type AND c.item_id = i.id)::int AS comment_count,
       coalesce((SELECT jsonb_object_agg(r.emoji, r.n) FROM (
           SELECT each.emoji, count(*) AS n FROM reactions each WHERE each.item_type = @item_type AND each.item_id = i.id GROUP BY each.emoji) r),
           '{}')::jsonb AS reaction_counts,
       coalesce((SELECT mine.emoji FROM reactions mine
                 WHERE mine.item_type = @item_type AND mine.item_id = i.id AND mine.user_id = sqlc.arg(caller)::bigint), '')::text AS mine
FROM unnest(@item_ids::bigint[]) AS i(id);
