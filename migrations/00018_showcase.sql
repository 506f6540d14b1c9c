-- +goose Up
-- The showcase (issue #16): QR codes with scan counts, achievements with rendered cards, and a
-- public athlete page the family publishes.

-- The public page at /a/{slug}: off until the owner publishes it; GPA and season stats only if chosen.
ALTER TABLE athletes
    ADD COLUMN showcase_slug      text UNIQUE CHECK (showcase_slug ~ '^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$'),
    ADD COLUMN showcase_published boolean NOT NULL DEFAULT false,
    ADD COLUMN showcase_show_gpa  boolean NOT NULL DEFAULT false,
    ADD COLUMN showcase_show_stats boolean NOT NULL DEFAULT false,
    ADD COLUMN showcase_contact   text NOT NULL DEFAULT '';

-- A media item the family puts on the public page.
ALTER TABLE media_items ADD COLUMN on_showcase boolean NOT NULL DEFAULT false;

-- A QR code encodes our short URL /q/{code}, which redirects to target_url: the target can change
-- without reprinting. The worker renders the PNG (image_key) after the row is written.
CREATE TABLE qr_codes (
    id            bigserial PRIMARY KEY,
    athlete_id    bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    code          text NOT NULL UNIQUE,
    title         text NOT NULL,
    description   text NOT NULL DEFAULT '',
    target_url    text NOT NULL,
    status        job_status NOT NULL DEFAULT 'pending',
    status_reason text,
    image_key     text UNIQUE,
    created_by    bigint REFERENCES users (id) ON DELETE SET NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX qr_codes_athlete_idx ON qr_codes (athlete_id, id DESC);

-- Scans per code per day. Visitors are counted by a hash of (the day's random salt, address,
-- browser): no address or user agent is stored (these are minors' pages), and yesterday's hashes
-- cannot be linked to today's once the salt is gone.
CREATE TABLE qr_scans (
    qr_code_id bigint NOT NULL REFERENCES qr_codes (id) ON DELETE CASCADE,
    day        date NOT NULL,
    scans      integer NOT NULL DEFAULT 0,
    visitors   integer NOT NULL DEFAULT 0,
    PRIMARY KEY (qr_code_id, day)
);
CREATE TABLE qr_scan_visitors (
    qr_code_id bigint NOT NULL REFERENCES qr_codes (id) ON DELETE CASCADE,
    day        date NOT NULL,
    visitor    bytea NOT NULL,
    PRIMARY KEY (qr_code_id, day, visitor)
);
CREATE TABLE qr_salts (
    day  date PRIMARY KEY,
    salt bytea NOT NULL
);

CREATE TABLE achievements (
    id            bigserial PRIMARY KEY,
    athlete_id    bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    title         text NOT NULL,
    description   text NOT NULL DEFAULT '',
    achieved_on   date NOT NULL,
    category      text NOT NULL CHECK (category IN ('game', 'tournament', 'personal', 'academic', 'award')),
    stats         jsonb NOT NULL DEFAULT '{}',
    on_showcase   boolean NOT NULL DEFAULT false,
    template      text NOT NULL DEFAULT 'standard' CHECK (template IN ('standard', 'victory', 'milestone', 'elite')),
    -- The cards (feed 1080×1350, story 1080×1920) are rendered by achievement_card; card_hash is the
    -- content they were drawn from, so an unchanged achievement is not drawn again.
    card_status   job_status NOT NULL DEFAULT 'pending',
    card_reason   text,
    card_hash     text,
    feed_key      text UNIQUE,
    story_key     text UNIQUE,
    created_by    bigint REFERENCES users (id) ON DELETE SET NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX achievements_athlete_idx ON achievements (athlete_id, achieved_on DESC, id DESC);

-- +goose Down
DROP TABLE achievements;
DROP TABLE qr_salts;
DROP TABLE qr_scan_visitors;
DROP TABLE qr_scans;
DROP TABLE qr_codes;
ALTER TABLE media_items DROP COLUMN on_showcase;
ALTER TABLE athletes DROP COLUMN showcase_slug, DROP COLUMN showcase_published, DROP COLUMN showcase_show_gpa,
    DROP COLUMN showcase_show_stats, DROP COLUMN showcase_contact;
