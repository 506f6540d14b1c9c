-- +goose Up
CREATE TABLE family_members (
    id                bigserial PRIMARY KEY,
    athlete_id        bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    -- Set when the invitation is accepted.
    user_id           bigint REFERENCES users (id) ON DELETE CASCADE,
    name              text NOT NULL,
    email             text CHECK (email = lower(btrim(email))),
    relationship      text NOT NULL CHECK (relationship IN ('parent', 'sibling', 'grandparent', 'relative', 'coach', 'friend', 'other')),
    access_level      text NOT NULL CHECK (access_level IN ('admin', 'editor', 'viewer', 'limited')),
    status            text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'cancelled')),
    invited_by        bigint REFERENCES users (id) ON DELETE SET NULL,
    -- SHA-256 of the single-use invitation token; the token itself is only ever in the e-mail.
    invite_token_hash bytea UNIQUE,
    invite_expires_at timestamptz,
    invited_at        timestamptz NOT NULL DEFAULT now(),
    accepted_at       timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX family_members_athlete_idx ON family_members (athlete_id, id);
CREATE UNIQUE INDEX family_members_one_membership_idx ON family_members (athlete_id, user_id) WHERE status = 'active';
CREATE INDEX family_members_user_idx ON family_members (user_id) WHERE status = 'active';

-- What a limited member may see: the items shared with them one by one.
CREATE TABLE family_shares (
    member_id bigint NOT NULL REFERENCES family_members (id) ON DELETE CASCADE,
    item_type text NOT NULL CHECK (item_type IN ('journal', 'media')),
    item_id   bigint NOT NULL,
    PRIMARY KEY (member_id, item_type, item_id)
);

-- Who in the circle sees each section: the family (by access level), only the owner, or (recruiting) coaches.
ALTER TABLE athletes
    ADD COLUMN privacy_journal    text NOT NULL DEFAULT 'family' CHECK (privacy_journal IN ('family', 'private')),
    ADD COLUMN privacy_media      text NOT NULL DEFAULT 'family' CHECK (privacy_media IN ('family', 'private')),
    ADD COLUMN privacy_stats      text NOT NULL DEFAULT 'family' CHECK (privacy_stats IN ('family', 'private')),
    ADD COLUMN privacy_milestones text NOT NULL DEFAULT 'family' CHECK (privacy_milestones IN ('family', 'private')),
    ADD COLUMN privacy_recruiting text NOT NULL DEFAULT 'family' CHECK (privacy_recruiting IN ('family', 'private', 'coaches'));

-- +goose Down
ALTER TABLE athletes DROP COLUMN privacy_journal, DROP COLUMN privacy_media, DROP COLUMN privacy_stats,
    DROP COLUMN privacy_milestones, DROP COLUMN privacy_recruiting;
DROP TABLE family_shares;
DROP TABLE family_members;
