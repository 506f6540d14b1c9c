-- The conversation with each school (issue 31): a college's contacts, its outreach log, and the
-- follow-ups the family set.

-- name: CollegeContactList :many
-- A college's contacts, oldest first: the people a family deals with there, at most 50.
SELECT * FROM college_contacts WHERE college_interest_id = @college_interest_id ORDER BY id LIMIT 50;

-- name: CollegeContactListForColleges :many
-- The contacts of a page of colleges, each college's as CollegeContactList answers them.
SELECT c.* FROM unnest(@college_ids::bigint[]) AS page(college_id)
CROSS JOIN LATERAL (SELECT * FROM college_contacts WHERE college_interest_id = page.college_id ORDER BY id LIMIT 50) c
ORDER BY c.college_interest_id, c.id;

-- name: CollegeContactGetByID :one
SELECT * FROM college_contacts WHERE id = @id;

-- name: CollegeContactCount :one
SELECT count(*) FROM college_contacts WHERE college_interest_id = @college_interest_id;

-- name: CollegeContactCreate :one
INSERT INTO college_contacts (college_interest_id, athlete_id, name, role, email, phone)
VALUES (@college_interest_id, @athlete_id, @name, @role, @email, @phone)
RETURNING *;

-- name: CollegeContactUpdate :one
UPDATE college_contacts SET name = @name, role = @role, email = @email, phone = @phone, updated_at = now()
WHERE id = @id
RETURNING *;

-- name: CollegeContactDelete :exec
DELETE FROM college_contacts WHERE id = @id;

-- name: CollegeOutreachPage :many
-- A college's outreach log, newest first (by the day it happened, then id), keyset-paginated.
SELECT * FROM college_outreach
WHERE college_interest_id = @college_interest_id
  AND (sqlc.narg(after_on)::date IS NULL OR (happened_on, id) < (sqlc.narg(after_on)::date, sqlc.narg(after_id)::bigint))
ORDER BY happened_on DESC, id DESC
LIMIT @max_rows;

-- name: CollegeOutreachFirstPages :many
-- The first page of the outreach log of each of a page of colleges, as CollegeOutreachPage answers
-- it without a cursor.
SELECT o.* FROM unnest(@college_ids::bigint[]) AS page(college_id)
CROSS JOIN LATERAL (SELECT * FROM college_outreach WHERE college_interest_id = page.college_id
                    ORDER BY happened_on DESC, id DESC LIMIT @max_rows) o
ORDER BY o.college_interest_id, o.happened_on DESC, o.id DESC;

-- name: CollegeOutreachGetByID :one
SELECT * FROM college_outreach WHERE id = @id;

-- name: CollegeOutreachCreate :one
INSERT INTO college_outreach (college_interest_id, athlete_id, contact_id, kind, happened_on, note, created_by)
VALUES (@college_interest_id, @athlete_id, sqlc.narg(contact_id), @kind, @happened_on, @note, sqlc.narg(created_by))
RETURNING *;

-- name: CollegeOutreachUpdate :one
UPDATE college_outreach SET contact_id = sqlc.narg(contact_id), kind = @kind, happened_on = @happened_on, note = @note, updated_at = now()
WHERE id = @id
RETURNING *;

-- name: CollegeOutreachDelete :exec
DELETE FROM college_outreach WHERE id = @id;

-- name: CollegeFollowUps :many
-- The colleges with a follow-up date on or before through (every one when through is null), the
-- earliest first, for the dashboard and the calendar; a limited member sees them only when the
-- recruiting section is shared with them.
SELECT id, name, division, next_follow_up_on::date AS next_follow_up_on FROM college_interests
WHERE athlete_id = @athlete_id AND next_follow_up_on IS NOT NULL
  AND (sqlc.narg(through)::date IS NULL OR next_follow_up_on <= sqlc.narg(through)::date)
  AND (sqlc.narg(shared_with)::bigint IS NULL
       OR EXISTS (SELECT 1 FROM family_shares s WHERE s.member_id = sqlc.narg(shared_with) AND s.item_type = 'recruiting' AND s.item_id = college_interests.athlete_id))
ORDER BY next_follow_up_on, id
LIMIT @max_rows;

-- name: CollegeFollowUpCount :one
SELECT count(*) FROM college_interests
WHERE athlete_id = @athlete_id AND next_follow_up_on <= @through::date
  AND (sqlc.narg(shared_with)::bigint IS NULL
       OR EXISTS (SELECT 1 FROM family_shares s WHERE s.member_id = sqlc.narg(shared_with) AND s.item_type = 'recruiting' AND s.item_id = college_interests.athlete_id));
