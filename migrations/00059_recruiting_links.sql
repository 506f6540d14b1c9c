-- +goose Up
-- A link made for one college's coach (issue 31): it shows that coach only what the family chose,
-- until it expires or is revoked, and counts what the coach opened and watched.
CREATE TABLE recruiting_links (
    id                  bigserial PRIMARY KEY,
    college_interest_id bigint NOT NULL REFERENCES college_interests (id) ON DELETE CASCADE,
    athlete_id          bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    code                text NOT NULL UNIQUE CHECK (length(code) >= 10),
    coach_name          text NOT NULL,
    coach_email         text NOT NULL DEFAULT '',
    include_profile     boolean NOT NULL DEFAULT true,
    include_academics   boolean NOT NULL DEFAULT false,
    include_measurables boolean NOT NULL DEFAULT false,
    include_stats       boolean NOT NULL DEFAULT false,
    include_events      boolean NOT NULL DEFAULT false,
    -- The clips and photos the coach may open, in the family's order; nothing else is served.
    media_ids           bigint[] NOT NULL DEFAULT '{}',
    expires_at          timestamptz NOT NULL,
    revoked_at          timestamptz,
    created_by          bigint REFERENCES users ON DELETE SET NULL,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    -- Receipts: page opens (one per page load), the first and the last, and when the owner was last
    -- e-mailed about an open (at most once a day per link).
    opens               integer NOT NULL DEFAULT 0,
    first_opened_at     timestamptz,
    last_opened_at      timestamptz,
    notified_at         timestamptz
);
CREATE INDEX recruiting_links_college_idx ON recruiting_links (college_interest_id, id);
CREATE INDEX recruiting_links_athlete_opened_idx ON recruiting_links (athlete_id, first_opened_at DESC, id DESC)
    WHERE first_opened_at IS NOT NULL;
CREATE INDEX recruiting_links_created_by ON recruiting_links (created_by) WHERE created_by IS NOT NULL;

-- Watch time, one row per link, day, visitor and clip (media_id 0 is the page itself), the beacons'
-- seconds summed and capped by the clip's length: no row per beacon, no address or browser (the
-- visitor is a hash under the day's salt, the QR codes' salt, which is gone the next day).
CREATE TABLE recruiting_link_views (
    link_id  bigint NOT NULL REFERENCES recruiting_links (id) ON DELETE CASCADE,
    day      date NOT NULL,
    visitor  bytea NOT NULL,
    media_id bigint NOT NULL,
    opens    integer NOT NULL DEFAULT 0,
    seconds  integer NOT NULL DEFAULT 0,
    PRIMARY KEY (link_id, media_id, day, visitor)
);

-- The owner's e-mail when a coach opens a link: on unless they turn it off (one-click, RFC 8058).
ALTER TABLE users ADD COLUMN coach_link_notices boolean NOT NULL DEFAULT true;
ALTER TABLE unsubscribe_links DROP CONSTRAINT unsubscribe_links_kind_check;
ALTER TABLE unsubscribe_links ADD CONSTRAINT unsubscribe_links_kind_check
    CHECK (kind IN ('digest', 'weekly_prompt', 'comment_notice', 'coach_link_notice'));

-- +goose Down
DELETE FROM unsubscribe_links WHERE kind = 'coach_link_notice';
ALTER TABLE unsubscribe_links DROP CONSTRAINT unsubscribe_links_kind_check;
ALTER TABLE unsubscribe_links ADD CONSTRAINT unsubscribe_links_kind_check
    CHECK (kind IN ('digest', 'weekly_prompt', 'comment_notice'));
ALTER TABLE users DROP COLUMN coach_link_notices;
DROP TABLE recruiting_link_views;
DROP TABLE recruiting_links;
