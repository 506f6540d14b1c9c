-- +goose Up
-- Milestones: the athlete's Legacy Timeline (dated moments: achievements, recruiting steps, other).
CREATE TABLE milestones (
    id             bigserial PRIMARY KEY,
    athlete_id     bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    title          text NOT NULL,
    milestone_date date NOT NULL,
    milestone_type text NOT NULL DEFAULT 'other' CHECK (milestone_type IN ('achievement', 'recruiting', 'other')),
    description    text NOT NULL DEFAULT '',
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX milestones_athlete_date_idx ON milestones (athlete_id, milestone_date DESC, id DESC);

-- Events are part of the recruiting section (games, camps, visits and the key dates a family adds
-- to its timeline). A key date added from the recruiting center remembers which one it was, so it
-- is added once and the calendar export does not list it twice.
ALTER TABLE events
    ADD COLUMN key_date text,
    ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE UNIQUE INDEX events_one_key_date_idx ON events (athlete_id, key_date) WHERE key_date IS NOT NULL;

-- College interests: the schools a family is considering (the advice is 10 to 15 of them).
CREATE TABLE college_interests (
    id            bigserial PRIMARY KEY,
    athlete_id    bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    name          text NOT NULL,
    division      text NOT NULL DEFAULT '' CHECK (division IN ('', 'D1', 'D2', 'D3', 'NAIA', 'JUCO')),
    location      text NOT NULL DEFAULT '',
    interest      integer NOT NULL DEFAULT 3 CHECK (interest BETWEEN 1 AND 5),
    status        text NOT NULL DEFAULT 'researching' CHECK (status IN ('researching', 'contacted', 'visited', 'offer', 'committed')),
    notes         text NOT NULL DEFAULT '',
    coach_contact text NOT NULL DEFAULT '',
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX college_interests_athlete_idx ON college_interests (athlete_id, interest DESC, id);

-- The recruiting checklist: a default list by class year (template_key names the default item it
-- came from, so the defaults are added once), which the family checks off, edits and extends.
CREATE TABLE checklist_items (
    id           bigserial PRIMARY KEY,
    athlete_id   bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    template_key text,
    title        text NOT NULL,
    due_date     date,
    done         boolean NOT NULL DEFAULT false,
    position     integer NOT NULL DEFAULT 0,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX checklist_items_athlete_idx ON checklist_items (athlete_id, position, id);
CREATE UNIQUE INDEX checklist_items_one_template_idx ON checklist_items (athlete_id, template_key) WHERE template_key IS NOT NULL;
-- One row per athlete whose default checklist was added (a separate table, so the athletes row,
-- which every profile query selects, stays as it is).
CREATE TABLE checklist_seeds (
    athlete_id bigint PRIMARY KEY REFERENCES athletes (id) ON DELETE CASCADE,
    seeded_at  timestamptz NOT NULL DEFAULT now()
);

-- The private calendar subscription (webcal://) of an athlete: one live token at a time; revoking
-- it makes the feed answer 404.
CREATE TABLE calendar_feeds (
    id         bigserial PRIMARY KEY,
    athlete_id bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    token      text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now(),
    revoked_at timestamptz
);
CREATE UNIQUE INDEX calendar_feeds_one_live_idx ON calendar_feeds (athlete_id) WHERE revoked_at IS NULL;

-- A limited member can be given the milestones or the recruiting section as a whole, as stats are
-- (a share of that type whose item is the athlete).
ALTER TABLE family_shares DROP CONSTRAINT family_shares_item_type_check;
ALTER TABLE family_shares ADD CONSTRAINT family_shares_item_type_check
    CHECK (item_type IN ('journal', 'media', 'stats', 'milestones', 'recruiting'));

-- The demo athlete's Legacy Timeline.
INSERT INTO milestones (athlete_id, title, milestone_date, milestone_type, description)
SELECT a.id, m.title, m.milestone_date::date, m.milestone_type, m.description
FROM athletes a,
     (VALUES
        ('First varsity start', '2026-03-14', 'achievement', 'Six innings, two runs, and a win in the first varsity start.'),
        ('Showcase in front of college coaches', '2026-04-18', 'recruiting', 'Threw for two college coaches at the spring showcase; sent thank-you e-mails the next morning.'),
        ('Named team captain', '2026-05-30', 'other', 'Voted captain by teammates for the summer season.')
     ) AS m (title, milestone_date, milestone_type, description)
WHERE a.is_demo
  AND NOT EXISTS (SELECT 1 FROM milestones x WHERE x.athlete_id = a.id);

-- The demo athlete's recruiting: the colleges on its dashboard, and the first checklist step done.
INSERT INTO college_interests (athlete_id, name, division, location, interest, status)
SELECT a.id, c.name, c.division, c.location, c.interest, c.status
FROM athletes a,
     (VALUES ('State University', 'D1', 'Columbus, OH', 5, 'contacted'),
             ('Lakeside College', 'D2', 'Erie, PA', 4, 'visited'),
             ('Riverside Tech', 'D3', 'Dayton, OH', 3, 'researching')
     ) AS c (name, division, location, interest, status)
WHERE a.is_demo
  AND NOT EXISTS (SELECT 1 FROM college_interests x WHERE x.athlete_id = a.id);
INSERT INTO checklist_items (athlete_id, template_key, title, due_date, done, position)
SELECT a.id, 'eligibility_center', 'Register with the NCAA Eligibility Center', make_date(a.graduation_year - 3, 8, 1), true, 0
FROM athletes a
WHERE a.is_demo
  AND NOT EXISTS (SELECT 1 FROM checklist_items x WHERE x.athlete_id = a.id);

-- +goose Down
DELETE FROM family_shares WHERE item_type IN ('milestones', 'recruiting');
ALTER TABLE family_shares DROP CONSTRAINT family_shares_item_type_check;
ALTER TABLE family_shares ADD CONSTRAINT family_shares_item_type_check CHECK (item_type IN ('journal', 'media', 'stats'));
DROP TABLE checklist_seeds;
DROP TABLE calendar_feeds;
DROP TABLE checklist_items;
DROP TABLE college_interests;
DROP INDEX events_one_key_date_idx;
ALTER TABLE events DROP COLUMN key_date, DROP COLUMN updated_at;
DROP TABLE milestones;
