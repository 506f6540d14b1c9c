-- The digest e-mail: which members are due one, their choice per athlete, and the one-click links
-- that stop a digest or the weekly prompt.

-- name: DigestsDue :many
-- Active members with an account whose digest is due (daily: the last one before daily_before, a day
-- ago; weekly: before weekly_before; counted from joining when none was sent), or every one that is
-- not off when every_member; each with their access (athlete_access, what AccessLookup answers), read
-- in the same statement so a hundred members' access costs one round trip.
SELECT fm.id AS member_id, fm.user_id::bigint AS user_id, fm.athlete_id, fm.digest,
       coalesce(fm.digest_sent_at, fm.accepted_at, fm.created_at)::timestamptz AS since,
       u.email, u.first_name, a.name AS athlete_name,
       aa.owner_id, aa.privacy_journal, aa.privacy_media, aa.privacy_stats, aa.privacy_milestones,
       aa.privacy_recruiting, aa.member_id AS access_member_id, aa.access_level, aa.relationship,
       aa.shared_sections
FROM family_members fm
JOIN users u ON u.id = fm.user_id
JOIN athletes a ON a.id = fm.athlete_id
JOIN athlete_access aa ON aa.athlete_id = fm.athlete_id AND aa.caller_id = fm.user_id
WHERE fm.status = 'active' AND fm.user_id IS NOT NULL AND fm.digest <> 'never'
  AND (@every_member::boolean
       OR coalesce(fm.digest_sent_at, fm.accepted_at, fm.created_at)
          <= (CASE fm.digest WHEN 'daily' THEN sqlc.arg(daily_before)::timestamptz ELSE sqlc.arg(weekly_before)::timestamptz END))
  AND fm.id > @after_member
ORDER BY fm.id
LIMIT @batch;

-- name: DigestsMarkSent :exec
UPDATE family_members SET digest_sent_at = @sent_at WHERE id = ANY(@ids::bigint[]);

-- name: DigestSettingsForUser :many
-- The digests a person may choose: one per athlete they follow.
SELECT fm.athlete_id, a.name AS athlete_name, fm.digest
FROM family_members fm JOIN athletes a ON a.id = fm.athlete_id
WHERE fm.user_id = @user_id AND fm.status = 'active'
ORDER BY a.name, fm.athlete_id;

-- name: DigestSet :execrows
UPDATE family_members SET digest = @digest
WHERE user_id = @user_id AND athlete_id = @athlete_id AND status = 'active';

-- name: UnsubscribeLinksFor :many
-- Each person's link for one kind of e-mail (and membership, 0 for none), made once and the same
-- after: the new token where none existed, else the one already given. A row for each asked for,
-- in order; each person once.
WITH wanted AS (
    SELECT t.token, (@user_ids::bigint[])[t.n] AS user_id, nullif((@member_ids::bigint[])[t.n], 0) AS member_id, t.n
    FROM unnest(@tokens::text[]) WITH ORDINALITY AS t(token, n)),
made AS (
    INSERT INTO unsubscribe_links (token, user_id, kind, member_id)
    SELECT token, user_id, @kind, member_id FROM wanted
    ON CONFLICT (user_id, kind, coalesce(member_id, 0)) DO NOTHING
    RETURNING token)
SELECT coalesce(made.token, given.token)::text AS token
FROM wanted
LEFT JOIN made ON made.token = wanted.token
LEFT JOIN unsubscribe_links given ON given.user_id = wanted.user_id AND given.kind = @kind
                                 AND coalesce(given.member_id, 0) = coalesce(wanted.member_id, 0)
ORDER BY wanted.n;

-- name: UnsubscribeLinkGet :one
-- A link and what it stops: the athlete's name for a digest.
SELECT l.token, l.user_id, l.kind, l.member_id, coalesce(a.name, '')::text AS athlete_name
FROM unsubscribe_links l
LEFT JOIN family_members fm ON fm.id = l.member_id
LEFT JOIN athletes a ON a.id = fm.athlete_id
WHERE l.token = @token;

-- name: DigestTurnOff :exec
UPDATE family_members SET digest = 'never' WHERE id = @id;

-- name: PromptRemindersTurnOff :exec
UPDATE users SET weekly_prompt_reminders = false, weekly_prompt_chosen_at = coalesce(weekly_prompt_chosen_at, now()) WHERE id = @id;

-- name: CommentNoticesDue :many
-- The comments owners have not been told of: by someone else, on their athletes' items, since their
-- last notice (or the last hour, for the first), for owners whose last notice is an hour old.
SELECT u.id AS owner_id, u.email, u.first_name, a.id AS athlete_id, a.name AS athlete_name, c.id AS comment_id, c.item_type,
       coalesce(j.title, m.title, ms.title, ach.title)::text AS item_title,
       btrim(author.first_name || ' ' || author.last_name)::text AS author_name, left(c.body, 200)::text AS excerpt
FROM comments c
JOIN athletes a ON a.id = c.athlete_id
JOIN users u ON u.id = a.user_id
JOIN users author ON author.id = c.author_id
LEFT JOIN journal_entries j ON j.id = c.journal_entry_id
LEFT JOIN media_items m ON m.id = c.media_item_id
LEFT JOIN milestones ms ON ms.id = c.milestone_id
LEFT JOIN achievements ach ON ach.id = c.achievement_id
WHERE u.comment_notices AND c.author_id <> u.id
  AND c.created_at > coalesce(u.comment_notice_sent_at, sqlc.arg(hour_ago)::timestamptz)
  AND c.created_at <= sqlc.arg(now)::timestamptz
  AND (u.comment_notice_sent_at IS NULL OR u.comment_notice_sent_at <= sqlc.arg(hour_ago)::timestamptz)
ORDER BY u.id, c.id;

-- name: CommentNoticeSent :exec
UPDATE users SET comment_notice_sent_at = @sent_at WHERE id = @id;

-- name: CommentNoticesTurnOff :exec
UPDATE users SET comment_notices = false WHERE id = @id;

-- name: UserSetCommentNotices :one
UPDATE users SET comment_notices = @enabled, updated_at = now() WHERE id = @id RETURNING *;
