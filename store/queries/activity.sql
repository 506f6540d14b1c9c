-- "What's new": a member's feed of one athlete, newest first, read from the items as they are now,
-- so an item that turned private, or a section that was closed, leaves the feed with it. The api
-- passes the caller's scope of each section (store.Access.Scope); a limited member sees only what
-- was shared with them. Nobody is told of what they did themselves.

-- name: ActivityPage :many
-- Keyset-paginated on (at, kind, id), newest first; every source walks its (athlete_id, created_at)
-- index for at most a page.
WITH feed AS (
    (SELECT 'journal'::text AS kind, j.id, j.created_at AS at, j.author_id AS actor, 'journal'::text AS item_type, j.id AS item_id,
            j.title, ''::text AS excerpt, ''::text AS emoji, NULL::text AS thumbnail_key, ''::text AS media_type
     FROM journal_entries j
     WHERE @journal_visible::boolean AND j.athlete_id = @athlete_id
       AND (@include_private::boolean OR NOT j.is_private OR j.author_id = @caller::bigint)
       AND (sqlc.narg(shared_with)::bigint IS NULL
            OR j.id IN (SELECT item_id FROM family_shares WHERE member_id = sqlc.narg(shared_with) AND item_type = 'journal'))
       AND j.author_id IS DISTINCT FROM @caller::bigint
       AND (j.created_at, 'journal', j.id) < (@before_at::timestamptz, @before_kind::text, @before_id::bigint)
     ORDER BY j.created_at DESC, j.id DESC LIMIT @max_rows)
    UNION ALL
    (SELECT 'media', m.id, m.created_at, m.uploaded_by, 'media', m.id, m.title, '', '', m.thumbnail_key, m.media_type
     FROM media_items m
     WHERE @media_visible::boolean AND m.athlete_id = @athlete_id AND m.status = 'ready'
       AND (sqlc.narg(shared_with)::bigint IS NULL
            OR m.id IN (SELECT item_id FROM family_shares WHERE member_id = sqlc.narg(shared_with) AND item_type = 'media'))
       AND m.uploaded_by IS DISTINCT FROM @caller::bigint
       AND (m.created_at, 'media', m.id) < (@before_at::timestamptz, @before_kind::text, @before_id::bigint)
     ORDER BY m.created_at DESC, m.id DESC LIMIT @max_rows)
    UNION ALL
    (SELECT 'milestone', ms.id, ms.created_at, ms.created_by, 'milestone', ms.id, ms.title, '', '', NULL, ''
     FROM milestones ms
     WHERE @milestones_visible::boolean AND ms.athlete_id = @athlete_id AND ms.created_by IS DISTINCT FROM @caller::bigint
       AND (ms.created_at, 'milestone', ms.id) < (@before_at::timestamptz, @before_kind::text, @before_id::bigint)
     ORDER BY ms.created_at DESC, ms.id DESC LIMIT @max_rows)
    UNION ALL
    (SELECT 'achievement', a.id, a.created_at, a.created_by, 'achievement', a.id, a.title, '', '', NULL, ''
     FROM achievements a
     WHERE a.athlete_id = @athlete_id AND a.created_by IS DISTINCT FROM @caller::bigint
       AND (a.created_at, 'achievement', a.id) < (@before_at::timestamptz, @before_kind::text, @before_id::bigint)
     ORDER BY a.created_at DESC, a.id DESC LIMIT @max_rows)
    UNION ALL
    (SELECT 'comment', c.id, c.created_at, c.author_id, c.item_type, c.item_id,
            coalesce(j.title, m.title, ms.title, a.title), left(c.body, 200), '', m.thumbnail_key, coalesce(m.media_type, '')
     FROM comments c
     LEFT JOIN journal_entries j ON j.id = c.journal_entry_id
     LEFT JOIN media_items m ON m.id = c.media_item_id
     LEFT JOIN milestones ms ON ms.id = c.milestone_id
     LEFT JOIN achievements a ON a.id = c.achievement_id
     WHERE c.athlete_id = @athlete_id AND c.author_id <> @caller::bigint
       AND (c.created_at, 'comment', c.id) < (@before_at::timestamptz, @before_kind::text, @before_id::bigint)
       AND CASE c.item_type
           WHEN 'journal' THEN @journal_visible::boolean
               AND (@include_private::boolean OR NOT j.is_private OR j.author_id = @caller::bigint)
               AND (sqlc.narg(shared_with)::bigint IS NULL
                    OR j.id IN (SELECT item_id FROM family_shares WHERE member_id = sqlc.narg(shared_with) AND item_type = 'journal'))
           WHEN 'media' THEN @media_visible::boolean
               AND (sqlc.narg(shared_with)::bigint IS NULL
                    OR m.id IN (SELECT item_id FROM family_shares WHERE member_id = sqlc.narg(shared_with) AND item_type = 'media'))
           WHEN 'milestone' THEN @milestones_visible::boolean
           ELSE true END
     ORDER BY c.created_at DESC, c.id DESC LIMIT @max_rows)
    UNION ALL
    -- Reactions reach the owners and editors: the family's answers to what they post.
    (SELECT 'reaction', r.id, r.created_at, r.user_id, r.item_type, r.item_id,
            coalesce(j.title, m.title, ms.title, a.title), '', r.emoji, m.thumbnail_key, coalesce(m.media_type, '')
     FROM reactions r
     LEFT JOIN journal_entries j ON j.id = r.journal_entry_id
     LEFT JOIN media_items m ON m.id = r.media_item_id
     LEFT JOIN milestones ms ON ms.id = r.milestone_id
     LEFT JOIN achievements a ON a.id = r.achievement_id
     WHERE @with_reactions::boolean AND r.athlete_id = @athlete_id AND r.user_id <> @caller::bigint
       AND (r.created_at, 'reaction', r.id) < (@before_at::timestamptz, @before_kind::text, @before_id::bigint)
       AND (r.item_type <> 'journal' OR @include_private::boolean OR NOT j.is_private OR j.author_id = @caller::bigint)
     ORDER BY r.created_at DESC, r.id DESC LIMIT @max_rows)
    UNION ALL
    -- A coach's first open of a recruiting link reaches those who manage the links (owners, editors).
    (SELECT 'coach_link', l.id, l.first_opened_at, NULL::bigint, 'recruiting', l.college_interest_id,
            l.coach_name || ' · ' || ci.name, '', '', NULL, ''
     FROM recruiting_links l JOIN college_interests ci ON ci.id = l.college_interest_id
     WHERE @links_visible::boolean AND l.athlete_id = @athlete_id AND l.first_opened_at IS NOT NULL
       AND (l.first_opened_at, 'coach_link', l.id) < (@before_at::timestamptz, @before_kind::text, @before_id::bigint)
     ORDER BY l.first_opened_at DESC, l.id DESC LIMIT @max_rows)
)
SELECT f.kind, f.id, f.at, f.item_type, f.item_id, coalesce(f.title, '')::text AS title, f.excerpt, f.emoji, f.thumbnail_key, f.media_type,
       coalesce(btrim(u.first_name || ' ' || u.last_name), '')::text AS actor_name
FROM feed f LEFT JOIN users u ON u.id = f.actor
ORDER BY f.at DESC, f.kind DESC, f.id DESC
LIMIT @max_rows;

-- name: ActivitySeenAt :one
-- When the member last looked at the athlete's feed; the epoch when never.
SELECT coalesce((SELECT seen_at FROM activity_reads WHERE user_id = @user_id AND athlete_id = @athlete_id), 'epoch'::timestamptz)::timestamptz;

-- name: ActivityMarkSeen :exec
INSERT INTO activity_reads (user_id, athlete_id, seen_at) VALUES (@user_id, @athlete_id, now())
ON CONFLICT (user_id, athlete_id) DO UPDATE SET seen_at = now();
