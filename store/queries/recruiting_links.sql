-- Links made for one college's coach (issue 31) and their receipts.

-- name: RecruitingLinkCreate :one
INSERT INTO recruiting_links (college_interest_id, athlete_id, code, coach_name, coach_email, include_profile, include_academics,
    include_measurables, include_stats, include_events, media_ids, expires_at, created_by)
VALUES (@college_interest_id, @athlete_id, @code, @coach_name, @coach_email, @include_profile, @include_academics,
    @include_measurables, @include_stats, @include_events, @media_ids, @expires_at, sqlc.narg(created_by))
RETURNING *;

-- name: RecruitingLinkGetByID :one
SELECT * FROM recruiting_links WHERE id = @id;

-- name: RecruitingLinkListForCollege :many
-- A college's links, oldest first: a family makes a few per college (one per coach), at most 50.
SELECT * FROM recruiting_links WHERE college_interest_id = @college_interest_id ORDER BY id LIMIT 50;

-- name: RecruitingLinkListForColleges :many
-- The links of a page of colleges, each college's as RecruitingLinkListForCollege answers them.
SELECT l.* FROM unnest(@college_ids::bigint[]) AS page(college_id)
CROSS JOIN LATERAL (SELECT * FROM recruiting_links WHERE college_interest_id = page.college_id ORDER BY id LIMIT 50) l
ORDER BY l.college_interest_id, l.id;

-- name: RecruitingLinkCountForCollege :one
SELECT count(*) FROM recruiting_links WHERE college_interest_id = @college_interest_id;

-- name: RecruitingLinkUpdate :one
UPDATE recruiting_links
SET coach_name = @coach_name, coach_email = @coach_email, include_profile = @include_profile, include_academics = @include_academics,
    include_measurables = @include_measurables, include_stats = @include_stats, include_events = @include_events,
    media_ids = @media_ids, expires_at = @expires_at, updated_at = now()
WHERE id = @id
RETURNING *;

-- name: RecruitingLinkRevoke :one
UPDATE recruiting_links SET revoked_at = coalesce(revoked_at, now()), updated_at = now() WHERE id = @id RETURNING *;

-- name: RecruitingLinkByCode :one
-- What the coach's page is made from: the link, its athlete and its college.
SELECT l.*, a.name AS athlete_name, a.sports AS athlete_sports, a.position AS athlete_position,
       a.graduation_year AS athlete_graduation_year, a.school AS athlete_school, a.gpa AS athlete_gpa,
       a.profile_image_url AS athlete_photo, a.privacy_media AS athlete_privacy_media, a.privacy_stats AS athlete_privacy_stats,
       a.lead_stats AS athlete_lead_stats, a.season_names AS athlete_season_names, a.showcase_contact AS athlete_contact,
       a.time_zone AS athlete_time_zone, ci.name AS college_name, ci.division AS college_division,
       btrim(u.first_name || ' ' || u.last_name)::text AS owner_name, u.email AS owner_email,
       -- The transcript the link may serve: only one that includes academics.
       (SELECT rp.transcript_media_id FROM recruiting_profiles rp WHERE l.include_academics AND rp.athlete_id = l.athlete_id) AS transcript_media_id
FROM recruiting_links l
JOIN athletes a ON a.id = l.athlete_id
JOIN users u ON u.id = a.user_id
JOIN college_interests ci ON ci.id = l.college_interest_id
WHERE l.code = @code;

-- name: RecruitingLinkPageByCode :one
-- The coach's page in one round trip: the link with its athlete and college (as RecruitingLinkByCode),
-- the included items it may still show (the athlete's own, ready, not family only; the api drops all
-- when the media section is private) and, when it includes them, where a coach could watch: the
-- athlete's games, tournaments, camps, showcases, combines and tryouts still to come (at most 10), each
-- as JSON whose keys are store.MediaItem's and store.Event's field names.
SELECT l.*, a.name AS athlete_name, a.sports AS athlete_sports, a.position AS athlete_position,
       a.graduation_year AS athlete_graduation_year, a.school AS athlete_school, a.gpa AS athlete_gpa,
       a.profile_image_url AS athlete_photo, a.privacy_media AS athlete_privacy_media, a.privacy_stats AS athlete_privacy_stats,
       a.lead_stats AS athlete_lead_stats, a.season_names AS athlete_season_names, a.showcase_contact AS athlete_contact,
       a.time_zone AS athlete_time_zone, ci.name AS college_name, ci.division AS college_division,
       btrim(u.first_name || ' ' || u.last_name)::text AS owner_name, u.email AS owner_email,
       coalesce((SELECT json_agg(json_build_object('id', m.id, 'title', m.title, 'description', m.description,
                    'mediatype', m.media_type, 'duration', m.duration, 'thumbnailkey', m.thumbnail_key)
                    ORDER BY array_position(l.media_ids, m.id))
                 FROM media_items m
                 WHERE m.athlete_id = l.athlete_id AND m.id = ANY(l.media_ids) AND m.status = 'ready' AND NOT m.is_private), '[]')::json AS clips,
       coalesce((SELECT json_agg(json_build_object('id', e.id, 'athleteid', e.athlete_id, 'title', e.title, 'eventtype', e.event_type,
                    'startdate', e.start_date, 'location', e.location, 'timezone', e.time_zone, 'allday', e.all_day,
                    'startday', e.start_day::timestamp AT TIME ZONE 'UTC', 'endday', e.end_day::timestamp AT TIME ZONE 'UTC',
                    'endat', e.end_at, 'repeatweeklyuntil', e.repeat_weekly_until::timestamp AT TIME ZONE 'UTC', 'overat', e.over_at)
                    ORDER BY e.start_date, e.id)
                 FROM (SELECT * FROM events
                       WHERE l.include_events AND events.athlete_id = l.athlete_id AND events.over_at >= @now
                         AND events.event_type IN ('game', 'tournament', 'camp', 'showcase', 'combine', 'tryout')
                       ORDER BY events.start_date, events.id LIMIT 10) e), '[]')::json AS events,
       -- With academics: the test scores, NCAA ID, intended major and the transcript when the link may
       -- serve it (the athlete's own PDF, ready, not family only). With measurables: height, weight,
       -- hand and foot, and each measurable's latest value. Null when the link leaves them out.
       (SELECT json_build_object('satscore', rp.sat_score, 'sattakenon', rp.sat_taken_on, 'actscore', rp.act_score,
                    'acttakenon', rp.act_taken_on, 'ncaaid', rp.ncaa_id, 'intendedmajor', rp.intended_major,
                    'transcriptid', m.id, 'transcripttitle', m.title)
        FROM (SELECT 1) one
        LEFT JOIN recruiting_profiles rp ON rp.athlete_id = l.athlete_id
        LEFT JOIN media_items m ON m.id = rp.transcript_media_id AND m.athlete_id = l.athlete_id AND m.media_type = 'pdf'
            AND m.status = 'ready' AND NOT m.is_private
        WHERE l.include_academics)::json AS academics,
       (SELECT json_build_object('heightin', rp.height_in, 'weightlb', rp.weight_lb, 'dominanthand', coalesce(rp.dominant_hand, ''),
                    'dominantfoot', coalesce(rp.dominant_foot, ''),
                    'items', coalesce((SELECT json_agg(x ORDER BY x.sport, x.measured_on DESC) FROM (
                        SELECT DISTINCT ON (am.sport, am.kind) am.id, am.sport, am.kind, am.value, am.unit, am.measured_on, am.verified_by
                        FROM athlete_measurables am WHERE am.athlete_id = l.athlete_id
                        ORDER BY am.sport, am.kind, am.measured_on DESC, am.id DESC) x), '[]'))
        FROM (SELECT 1) one
        LEFT JOIN recruiting_profiles rp ON rp.athlete_id = l.athlete_id
        WHERE l.include_measurables)::json AS measurables
FROM recruiting_links l
JOIN athletes a ON a.id = l.athlete_id
JOIN users u ON u.id = a.user_id
JOIN college_interests ci ON ci.id = l.college_interest_id
WHERE l.code = @code;

-- name: RecruitingLinkMedia :many
-- The athlete's own items among ids (a link's choice, or a family's request to choose them).
SELECT * FROM media_items WHERE athlete_id = @athlete_id AND id = ANY(@ids::bigint[]);

-- name: RecruitingLinkMakeShareable :exec
-- The family chose family-only items for a coach's link and agreed to make them shareable.
UPDATE media_items SET is_private = false, updated_at = now() WHERE athlete_id = @athlete_id AND id = ANY(@ids::bigint[]) AND is_private;

-- name: RecruitingLinkOpen :one
-- One page load of the coach's page: counted on the link and on the day's visitor row. first says
-- whether this was the link's first open; notify whether the owner is due an e-mail about it (at
-- most one a day per link), claimed in the same statement so two opens never send two.
WITH visit AS (
    INSERT INTO recruiting_link_views (link_id, day, visitor, media_id, opens) VALUES (@id, @day, @visitor, 0, 1)
    ON CONFLICT (link_id, media_id, day, visitor) DO UPDATE SET opens = recruiting_link_views.opens + 1
), before AS (
    SELECT first_opened_at, notified_at FROM recruiting_links WHERE id = @id FOR UPDATE
)
UPDATE recruiting_links l
SET opens = l.opens + 1, first_opened_at = coalesce(l.first_opened_at, now()), last_opened_at = now(),
    notified_at = CASE WHEN l.notified_at IS NULL OR l.notified_at < now() - interval '1 day' THEN now() ELSE l.notified_at END
FROM before
WHERE l.id = @id
RETURNING (before.first_opened_at IS NULL)::boolean AS first,
          (before.notified_at IS NULL OR before.notified_at < now() - interval '1 day')::boolean AS notify;

-- name: RecruitingLinkWatch :exec
-- Seconds of one clip watched by one visitor on one day, summed and capped by the clip's length.
INSERT INTO recruiting_link_views (link_id, day, visitor, media_id, seconds) VALUES (@id, @day, @visitor, @media_id, least(@seconds::int, @cap::int))
ON CONFLICT (link_id, media_id, day, visitor) DO UPDATE SET seconds = least(recruiting_link_views.seconds + excluded.seconds, @cap::int);

-- name: RecruitingLinkReceipts :many
-- What the coach watched of each clip of the given links: the most one visitor watched in a day
-- (a "how far did they get"), the total, and by how many visitor-days.
SELECT v.link_id, v.media_id, max(v.seconds)::int AS best_seconds, sum(v.seconds)::bigint AS total_seconds, count(*)::int AS views
FROM recruiting_link_views v
WHERE v.link_id = ANY(@ids::bigint[]) AND v.media_id <> 0 AND v.seconds > 0
GROUP BY v.link_id, v.media_id
ORDER BY v.link_id, v.media_id;

-- name: RecruitingLinkOpenNotice :one
-- The owner's e-mail about an open, if they take it: their address and name, and the link's words.
SELECT u.id AS user_id, u.email, u.first_name, a.name AS athlete_name, ci.name AS college_name, l.coach_name, l.athlete_id
FROM recruiting_links l
JOIN athletes a ON a.id = l.athlete_id
JOIN users u ON u.id = a.user_id
JOIN college_interests ci ON ci.id = l.college_interest_id
WHERE l.id = @id AND u.coach_link_notices;

-- name: CoachLinkNoticesTurnOff :exec
UPDATE users SET coach_link_notices = false WHERE id = @id;

-- name: CoachLinkNoticesSet :one
UPDATE users SET coach_link_notices = @enabled, updated_at = now() WHERE id = @id RETURNING *;
