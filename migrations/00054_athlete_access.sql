-- +goose Up
-- Everyone's access to each athlete, written once (issue 25): a row for the athlete's owner and one
-- for each active member of its circle with an account, with what the access rules need (the
-- athlete's privacy settings, the member's level and the sections the family shares whole with
-- them). Whoever has no row has no access. It was the AccessLookup query, and a copy of it in the
-- digests' query; now the api also asks it inside the session's own query on an athlete's route,
-- so a request there waits for one round trip before its own work instead of two. Asked for one
-- athlete and one caller, the planner reads one athlete's row and one member's, as the query did.
-- An owner who also holds a member row of their own athlete is the owner: the member row is left out.
CREATE VIEW athlete_access AS
SELECT athletes.id AS athlete_id, athletes.user_id AS caller_id, athletes.user_id AS owner_id,
       athletes.privacy_journal, athletes.privacy_media, athletes.privacy_stats,
       athletes.privacy_milestones, athletes.privacy_recruiting,
       NULL::bigint AS member_id, NULL::text AS access_level, NULL::text AS relationship,
       '{}'::text[] AS shared_sections
FROM athletes
UNION ALL
SELECT athletes.id, family_members.user_id, athletes.user_id,
       athletes.privacy_journal, athletes.privacy_media, athletes.privacy_stats,
       athletes.privacy_milestones, athletes.privacy_recruiting,
       family_members.id, family_members.access_level, family_members.relationship,
       ARRAY(SELECT s.item_type FROM family_shares s
             WHERE s.member_id = family_members.id AND s.item_id = athletes.id
               AND s.item_type IN ('stats', 'milestones', 'recruiting'))::text[]
FROM family_members
JOIN athletes ON athletes.id = family_members.athlete_id
WHERE family_members.status = 'active' AND family_members.user_id <> athletes.user_id;

-- +goose Down
DROP VIEW athlete_access;
