-- name: CollegeInterestListPage :many
-- Highest interest first (the dashboard shows the top three), then oldest first; keyset-paginated
-- on (interest, id), which run in opposite directions, so the cursor's condition is spelled out.
SELECT * FROM college_interests
WHERE athlete_id = @athlete_id
  AND (sqlc.narg(shared_with)::bigint IS NULL
       OR EXISTS (SELECT 1 FROM family_shares s WHERE s.member_id = sqlc.narg(shared_with) AND s.item_type = 'recruiting' AND s.item_id = college_interests.athlete_id))
  AND interest <= coalesce(sqlc.narg(after_interest)::int, 2147483647)
  AND (sqlc.narg(after_interest)::int IS NULL OR interest < sqlc.narg(after_interest)::int OR id > sqlc.narg(after_id)::bigint)
ORDER BY interest DESC, id
LIMIT @max_rows;

-- name: CollegeInterestGetByID :one
SELECT * FROM college_interests WHERE id = @id;

-- name: CollegeInterestCreate :one
INSERT INTO college_interests (athlete_id, name, division, location, interest, status, notes, coach_contact, next_follow_up_on)
VALUES (@athlete_id, @name, @division, @location, @interest, @status, @notes, @coach_contact, sqlc.narg(next_follow_up_on))
RETURNING *;

-- name: CollegeInterestUpdate :one
UPDATE college_interests
SET name = @name, division = @division, location = @location, interest = @interest, status = @status,
    notes = @notes, coach_contact = @coach_contact, next_follow_up_on = sqlc.narg(next_follow_up_on), updated_at = now()
WHERE id = @id
RETURNING *;

-- name: CollegeInterestDelete :exec
DELETE FROM college_interests WHERE id = @id;

-- name: CollegeInterestCount :one
SELECT count(*) FROM college_interests WHERE athlete_id = @athlete_id;

-- name: ChecklistListForAthlete :many
SELECT * FROM checklist_items
WHERE athlete_id = @athlete_id
  AND (sqlc.narg(shared_with)::bigint IS NULL
       OR EXISTS (SELECT 1 FROM family_shares s WHERE s.member_id = sqlc.narg(shared_with) AND s.item_type = 'recruiting' AND s.item_id = checklist_items.athlete_id))
ORDER BY position, id
LIMIT 500;

-- name: ChecklistGetByID :one
SELECT * FROM checklist_items WHERE id = @id;

-- name: ChecklistSeedClaim :one
-- Claims the one-time seeding of the default checklist: true for exactly one caller.
INSERT INTO checklist_seeds (athlete_id) VALUES (@athlete_id) ON CONFLICT DO NOTHING
RETURNING athlete_id;

-- name: ChecklistCreate :one
INSERT INTO checklist_items (athlete_id, template_key, title, due_date, done, position)
VALUES (@athlete_id, sqlc.narg(template_key), @title, sqlc.narg(due_date), false,
        coalesce((SELECT max(position) + 1 FROM checklist_items WHERE athlete_id = @athlete_id), 0))
ON CONFLICT (athlete_id, template_key) WHERE template_key IS NOT NULL DO NOTHING
RETURNING *;

-- name: ChecklistUpdate :one
UPDATE checklist_items
SET title = @title, due_date = sqlc.narg(due_date), done = @done, updated_at = now()
WHERE id = @id
RETURNING *;

-- name: ChecklistDelete :exec
DELETE FROM checklist_items WHERE id = @id;

-- name: ChecklistProgress :one
SELECT count(*) AS total, count(*) FILTER (WHERE done) AS done FROM checklist_items WHERE athlete_id = @athlete_id;

-- name: CalendarFeedGetLive :one
SELECT * FROM calendar_feeds WHERE athlete_id = @athlete_id AND revoked_at IS NULL;

-- name: CalendarFeedByToken :one
SELECT * FROM calendar_feeds WHERE token = @token AND revoked_at IS NULL;

-- name: CalendarFeedCreate :one
INSERT INTO calendar_feeds (athlete_id, token) VALUES (@athlete_id, @token) RETURNING *;

-- name: CalendarFeedRevoke :exec
UPDATE calendar_feeds SET revoked_at = now() WHERE athlete_id = @athlete_id AND revoked_at IS NULL;

-- name: RecruitingProfileFacts :one
-- What the profile completion reads about recruiting: a college list started, a checklist item done,
-- the body's numbers with one of the sport's measurables, and a test score or the NCAA ID.
SELECT EXISTS (SELECT 1 FROM college_interests ci WHERE ci.athlete_id = @athlete_id)::boolean AS has_interests,
       EXISTS (SELECT 1 FROM checklist_items i WHERE i.athlete_id = @athlete_id AND i.done)::boolean AS checklist_started,
       (EXISTS (SELECT 1 FROM recruiting_profiles p WHERE p.athlete_id = @athlete_id AND p.height_in IS NOT NULL AND p.weight_lb IS NOT NULL)
        AND EXISTS (SELECT 1 FROM athlete_measurables m WHERE m.athlete_id = @athlete_id))::boolean AS has_measurables,
       EXISTS (SELECT 1 FROM recruiting_profiles p WHERE p.athlete_id = @athlete_id
           AND (p.sat_score IS NOT NULL OR p.act_score IS NOT NULL OR p.ncaa_id <> ''))::boolean AS has_academics;

-- name: ChecklistProofs :one
-- What the athlete's records already prove about the default checklist's steps: for each, how much
-- there is and when the newest of it came (so a family's untick made after it stands). The NCAA
-- Eligibility Center ID and test scores come from the recruiting profile (issue 31). A highlight
-- video is a video (not failed) cut in the editor, or one whose title or a tag says "highlight".
SELECT
    (SELECT count(*) FROM media_items m WHERE m.athlete_id = @athlete_id AND m.media_type = 'video' AND m.status <> 'failed'
        AND (m.source_media_id IS NOT NULL OR m.title ILIKE '%highlight%' OR EXISTS (SELECT 1 FROM unnest(m.tags) t WHERE t ILIKE '%highlight%')))::int AS highlight_videos,
    coalesce((SELECT max(m.created_at) FROM media_items m WHERE m.athlete_id = @athlete_id AND m.media_type = 'video' AND m.status <> 'failed'
        AND (m.source_media_id IS NOT NULL OR m.title ILIKE '%highlight%' OR EXISTS (SELECT 1 FROM unnest(m.tags) t WHERE t ILIKE '%highlight%'))), 'epoch')::timestamptz AS highlight_videos_at,
    (SELECT count(*) FROM college_interests ci WHERE ci.athlete_id = @athlete_id)::int AS schools,
    coalesce((SELECT max(ci.created_at) FROM college_interests ci WHERE ci.athlete_id = @athlete_id), 'epoch')::timestamptz AS schools_at,
    (SELECT count(*) FROM college_interests ci WHERE ci.athlete_id = @athlete_id AND ci.status <> 'researching')::int AS schools_contacted,
    coalesce((SELECT max(ci.updated_at) FROM college_interests ci WHERE ci.athlete_id = @athlete_id AND ci.status <> 'researching'), 'epoch')::timestamptz AS schools_contacted_at,
    (SELECT count(*) FROM events e WHERE e.athlete_id = @athlete_id AND e.event_type IN ('camp', 'showcase', 'combine') AND e.over_at <= now())::int AS camps_attended,
    coalesce((SELECT max(greatest(e.created_at, e.over_at)) FROM events e WHERE e.athlete_id = @athlete_id AND e.event_type IN ('camp', 'showcase', 'combine') AND e.over_at <= now()), 'epoch')::timestamptz AS camps_attended_at,
    (SELECT count(*) FROM events e WHERE e.athlete_id = @athlete_id AND e.event_type = 'official_visit')::int AS official_visits,
    coalesce((SELECT max(e.created_at) FROM events e WHERE e.athlete_id = @athlete_id AND e.event_type = 'official_visit'), 'epoch')::timestamptz AS official_visits_at,
    (SELECT count(*) FROM recruiting_profiles p WHERE p.athlete_id = @athlete_id AND p.ncaa_id <> '')::int AS eligibility_ids,
    coalesce((SELECT p.updated_at FROM recruiting_profiles p WHERE p.athlete_id = @athlete_id AND p.ncaa_id <> ''), 'epoch')::timestamptz AS eligibility_ids_at,
    coalesce((SELECT (p.sat_score IS NOT NULL)::int + (p.act_score IS NOT NULL)::int FROM recruiting_profiles p WHERE p.athlete_id = @athlete_id), 0)::int AS test_scores,
    coalesce((SELECT p.updated_at FROM recruiting_profiles p WHERE p.athlete_id = @athlete_id AND (p.sat_score IS NOT NULL OR p.act_score IS NOT NULL)), 'epoch')::timestamptz AS test_scores_at;
