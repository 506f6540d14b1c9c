-- What "Download everything" holds of the family circle.

-- name: ArchiveFamilyMembers :one
-- By name and role: no member's e-mail address leaves with the archive.
SELECT coalesce(json_agg(t), '[]')::json FROM (
    SELECT id, name, relationship, access_level, status, invited_at, accepted_at
    FROM family_members WHERE athlete_id = @athlete_id AND status <> 'cancelled' ORDER BY id) t;
