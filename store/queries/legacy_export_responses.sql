-- What "Download everything" holds of the family's answers: each comment and reaction with the item
-- it answers (its kind, id and title) and the person by name, never by address.

-- name: ArchiveComments :one
SELECT coalesce(json_agg(t), '[]')::json FROM (
    SELECT c.item_type, c.item_id,
        coalesce(j.title, m.title, ms.title, a.title) AS item_title,
        btrim(u.first_name || ' ' || u.last_name) AS author, c.body, c.created_at, c.updated_at
    FROM comments c
    JOIN users u ON u.id = c.author_id
    LEFT JOIN journal_entries j ON j.id = c.journal_entry_id
    LEFT JOIN media_items m ON m.id = c.media_item_id
    LEFT JOIN milestones ms ON ms.id = c.milestone_id
    LEFT JOIN achievements a ON a.id = c.achievement_id
    WHERE c.athlete_id = @athlete_id
    ORDER BY c.item_type, c.item_id, c.id) t;

-- name: ArchiveReactions :one
SELECT coalesce(json_agg(t), '[]')::json FROM (
    SELECT r.item_type, r.item_id,
        coalesce(j.title, m.title, ms.title, a.title) AS item_title,
        btrim(u.first_name || ' ' || u.last_name) AS person, r.emoji, r.created_at
    FROM reactions r
    JOIN users u ON u.id = r.user_id
    LEFT JOIN journal_entries j ON j.id = r.journal_entry_id
    LEFT JOIN media_items m ON m.id = r.media_item_id
    LEFT JOIN milestones ms ON ms.id = r.milestone_id
    LEFT JOIN achievements a ON a.id = r.achievement_id
    WHERE r.athlete_id = @athlete_id
    ORDER BY r.item_type, r.item_id, r.created_at) t;
