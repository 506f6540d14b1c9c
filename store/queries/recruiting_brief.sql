-- The weekly recruiting brief (issue 31): what it is made of, and who is due one.

-- name: RecruitingBriefsDue :many
-- Athletes whose owner takes the brief, with at least one college on their list, whose brief of
-- the week starting on @latest_week (the newest week anywhere on Earth) is not sent yet; the worker
-- decides from the athlete's time zone whether their week has started, and claims it.
SELECT a.id AS athlete_id, a.name AS athlete_name, a.sports, a.graduation_year, a.time_zone,
       u.id AS user_id, u.email, u.first_name
FROM athletes a
JOIN users u ON u.id = a.user_id
WHERE u.recruiting_brief AND u.password_hash IS NOT NULL AND NOT a.is_demo
  AND (a.recruiting_brief_week IS NULL OR a.recruiting_brief_week < @latest_week::date)
  AND EXISTS (SELECT 1 FROM college_interests ci WHERE ci.athlete_id = a.id)
  AND a.id > @after_athlete
ORDER BY a.id
LIMIT @batch;

-- name: RecruitingBriefClaim :execrows
-- Claims the athlete's brief of one week: one row for exactly one caller.
UPDATE athletes SET recruiting_brief_week = @week::date
WHERE id = @id AND (recruiting_brief_week IS NULL OR recruiting_brief_week < @week::date);

-- name: RecruitingBriefSchools :many
-- The family's target schools, most wanted first (the college list's order), with how many there
-- are in all: the brief names the first few.
SELECT ci.id, ci.name, ci.division, count(*) OVER ()::int AS total
FROM college_interests ci
WHERE ci.athlete_id = @athlete_id
ORDER BY ci.interest DESC, ci.id
LIMIT @max_rows;

-- name: RecruitingBriefFollowUps :many
-- Follow-ups due by @due_by, the overdue first.
SELECT ci.id, ci.name, ci.next_follow_up_on::date AS due_on
FROM college_interests ci
WHERE ci.athlete_id = @athlete_id AND ci.next_follow_up_on <= @due_by::date
ORDER BY ci.next_follow_up_on, ci.interest DESC, ci.id
LIMIT 20;

-- name: RecruitingBriefOpenedLinks :many
-- The coach links opened on or after @since_day, with how often in that time (the page's day
-- rows), the most recently opened first.
SELECT l.id, l.college_interest_id, ci.name AS college_name, l.coach_name, l.last_opened_at::timestamptz AS last_opened_at,
       coalesce((SELECT sum(v.opens) FROM recruiting_link_views v
                 WHERE v.link_id = l.id AND v.media_id = 0 AND v.day >= @since_day::date), 0)::int AS opens
FROM recruiting_links l
JOIN college_interests ci ON ci.id = l.college_interest_id
WHERE l.athlete_id = @athlete_id AND l.last_opened_at >= @since_day::date
ORDER BY l.last_opened_at DESC, l.id
LIMIT 20;

-- name: RecruitingBriefEvents :many
-- The athlete's own events starting from @starts_from until before @starts_before: games, camps, visits and the
-- like, not practices, weekly series or the key dates a family copied to its timeline (the brief
-- lists those itself).
SELECT id, title, event_type, start_date, all_day, start_day, time_zone, location
FROM events
WHERE athlete_id = @athlete_id AND start_date >= @starts_from::timestamptz AND start_date < @starts_before::timestamptz
  AND event_type <> 'practice' AND repeat_weekly_until IS NULL AND key_date IS NULL
ORDER BY start_date, id
LIMIT 20;

-- name: RecruitingBriefChecklist :many
-- The recruiting checklist's steps not done whose due date falls from @from_day through @to_day.
SELECT id, title, due_date::date AS due_date
FROM checklist_items
WHERE athlete_id = @athlete_id AND NOT done AND due_date >= @from_day::date AND due_date <= @to_day::date
ORDER BY due_date, position, id
LIMIT 20;

-- name: RecruitingBriefTurnOff :exec
UPDATE users SET recruiting_brief = false WHERE id = @id;

-- name: RecruitingBriefSet :one
UPDATE users SET recruiting_brief = @enabled, updated_at = now() WHERE id = @id RETURNING *;
