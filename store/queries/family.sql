-- name: AccessLookup :one
-- The one question every athlete endpoint asks: who owns the athlete, what the caller is in its
-- circle (if anything), the privacy settings that narrow what members see, and the sections the
-- family shares whole with the caller. No row: the caller has no access (or there is no athlete).
SELECT owner_id, privacy_journal, privacy_media, privacy_stats, privacy_milestones, privacy_recruiting,
       member_id, access_level, relationship, shared_sections
FROM athlete_access
WHERE athlete_id = @athlete_id AND caller_id = @user_id;

-- name: FamilyShareExists :one
SELECT EXISTS (SELECT 1 FROM family_shares WHERE member_id = @member_id AND item_type = @item_type AND item_id = @item_id);

-- name: FamilySharesForMember :many
SELECT item_type, item_id FROM family_shares WHERE member_id = @member_id ORDER BY item_type, item_id;

-- name: FamilySharesClear :exec
DELETE FROM family_shares WHERE member_id = @member_id;

-- name: FamilyShareAdd :exec
INSERT INTO family_shares (member_id, item_type, item_id) VALUES (@member_id, @item_type, @item_id) ON CONFLICT DO NOTHING;

-- name: FamilyMemberCreate :one
INSERT INTO family_members (athlete_id, name, email, relationship, access_level, invited_by, invite_token_hash, invite_expires_at)
VALUES (@athlete_id, @name, @email, @relationship, @access_level, @invited_by, @invite_token_hash, @invite_expires_at)
RETURNING *;

-- name: FamilyMemberGetByID :one
SELECT * FROM family_members WHERE id = @id;

-- name: FamilyMemberGetByTokenHash :one
SELECT family_members.*, athletes.name AS athlete_name, coalesce(users.first_name || ' ' || users.last_name, 'A family member')::text AS invited_by_name
FROM family_members
JOIN athletes ON athletes.id = family_members.athlete_id
LEFT JOIN users ON users.id = family_members.invited_by
WHERE invite_token_hash = @token_hash;

-- name: FamilyMemberListForAthlete :many
SELECT * FROM family_members WHERE athlete_id = @athlete_id AND status <> 'cancelled' ORDER BY status, name, id;

-- name: FamilyMemberSetAccess :one
UPDATE family_members SET access_level = @access_level, updated_at = now() WHERE id = @id RETURNING *;

-- name: FamilyMemberDelete :exec
DELETE FROM family_members WHERE id = @id;

-- name: FamilyMemberNewToken :one
UPDATE family_members SET invite_token_hash = @invite_token_hash, invite_expires_at = @invite_expires_at, invited_at = now(), updated_at = now()
WHERE id = @id AND status = 'pending'
RETURNING *;

-- name: FamilyMemberCancel :exec
UPDATE family_members SET status = 'cancelled', updated_at = now() WHERE id = @id AND status = 'pending';

-- name: FamilyMemberAccept :one
UPDATE family_members SET user_id = @user_id, status = 'active', accepted_at = now(), updated_at = now()
WHERE id = @id AND status = 'pending'
RETURNING *;

-- name: AthleteListForUser :many
-- The athletes a user belongs to: their own first, then the circles they joined.
SELECT athletes.* FROM athletes
WHERE athletes.user_id = @user_id
   OR athletes.id IN (SELECT athlete_id FROM family_members WHERE family_members.user_id = @user_id AND status = 'active')
ORDER BY (athletes.user_id = @user_id) DESC, athletes.name, athletes.id;

-- name: AthleteSetPrivacy :one
UPDATE athletes
SET privacy_journal = @privacy_journal, privacy_media = @privacy_media, privacy_stats = @privacy_stats,
    privacy_milestones = @privacy_milestones, privacy_recruiting = @privacy_recruiting, updated_at = now()
WHERE id = @id
RETURNING *;

-- name: FamilyMemberSetInviteEmail :exec
UPDATE family_members SET invite_email_id = @email_id, updated_at = now() WHERE id = @id;

-- name: FamilyInviteDeliveries :many
-- How the e-mail of each pending invitation of the athlete's fared.
SELECT family_members.id AS member_id, outbound_emails.status, outbound_emails.status_reason, outbound_emails.delivered_via
FROM family_members JOIN outbound_emails ON outbound_emails.id = family_members.invite_email_id
WHERE family_members.athlete_id = @athlete_id AND family_members.status = 'pending';

-- name: FamilyInvitationAthleteForEmail :one
-- The athlete whose circle most recently invited this address and still waits for it, if any.
SELECT athletes.name FROM family_members JOIN athletes ON athletes.id = family_members.athlete_id
WHERE family_members.email = @email AND family_members.status = 'pending'
ORDER BY family_members.invited_at DESC LIMIT 1;

-- name: FamilyFollowersOf :many
-- The members who follow the athlete with an account (all, or the one member named), to tell them
-- when they no longer do.
SELECT fm.id, u.email, u.first_name
FROM family_members fm JOIN users u ON u.id = fm.user_id
WHERE fm.athlete_id = @athlete_id AND fm.status = 'active'
  AND (sqlc.narg(member_id)::bigint IS NULL OR fm.id = sqlc.narg(member_id));
