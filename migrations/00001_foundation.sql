-- +goose Up
CREATE TABLE users (
    id                bigserial PRIMARY KEY,
    email             text NOT NULL UNIQUE CHECK (email = lower(btrim(email))),
    first_name        text NOT NULL,
    last_name         text NOT NULL,
    -- NULL for accounts that cannot sign in (the demo athlete's owner).
    password_hash     text,
    profile_image_url text,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);

-- The table scs's pgxstore expects.
CREATE TABLE sessions (
    token  text PRIMARY KEY,
    data   bytea NOT NULL,
    expiry timestamptz NOT NULL
);
CREATE INDEX sessions_expiry_idx ON sessions (expiry);

CREATE TABLE athletes (
    id              bigserial PRIMARY KEY,
    -- The owner. One athlete per account on the current plans.
    user_id         bigint NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    name            text NOT NULL,
    sports          text NOT NULL,
    position        text NOT NULL DEFAULT '',
    graduation_year integer NOT NULL,
    gpa             numeric(3, 2) CHECK (gpa BETWEEN 0 AND 5),
    school          text NOT NULL,
    bio             text NOT NULL DEFAULT '',
    profile_image_url text,
    -- The read-only athlete shown on /demo.
    is_demo         boolean NOT NULL DEFAULT false,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX athletes_one_demo_idx ON athletes (is_demo) WHERE is_demo;

CREATE TABLE events (
    id         bigserial PRIMARY KEY,
    athlete_id bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    title      text NOT NULL,
    event_type text NOT NULL DEFAULT 'other' CHECK (event_type IN ('game', 'other')),
    start_date timestamptz NOT NULL,
    location   text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX events_athlete_start_idx ON events (athlete_id, start_date);

CREATE TABLE stats (
    id         bigserial PRIMARY KEY,
    athlete_id bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    category   text NOT NULL,
    value      text NOT NULL,
    position   integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stats_athlete_idx ON stats (athlete_id, position, id);

CREATE TABLE waitlist_entries (
    id         bigserial PRIMARY KEY,
    email      text NOT NULL UNIQUE CHECK (email = lower(btrim(email))),
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE contact_messages (
    id         bigserial PRIMARY KEY,
    name       text NOT NULL,
    email      text NOT NULL,
    subject    text NOT NULL,
    message    text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

-- Every e-mail the product sends, whether or not SMTP is configured; the email_send job delivers it.
CREATE TABLE outbound_emails (
    id            bigserial PRIMARY KEY,
    kind          text NOT NULL,
    to_address    text NOT NULL,
    subject       text NOT NULL,
    body_text     text NOT NULL,
    status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'logged', 'failed')),
    status_reason text NOT NULL DEFAULT '',
    sent_at       timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now()
);

-- Fixed-window counters shared by every api process, so limits hold when the api scales out.
CREATE TABLE rate_limit_hits (
    key          text NOT NULL,
    window_start timestamptz NOT NULL,
    hits         integer NOT NULL,
    PRIMARY KEY (key, window_start)
);

-- The demo athlete shown on /demo without sign-in. Its owner has no password and cannot sign in.
WITH demo_user AS (
    INSERT INTO users (email, first_name, last_name)
    VALUES ('demo@legacylocker.invalid', 'Demo', 'Family')
    RETURNING id
), demo_athlete AS (
    INSERT INTO athletes (user_id, name, sports, position, graduation_year, gpa, school, bio, is_demo)
    SELECT id, 'Jordan Rivera', 'Baseball, Softball', 'Pitcher', 2028, 3.85, 'Lincoln High School',
           'Left-handed pitcher and team captain. Loves early-morning bullpens, late-inning pressure and mentoring the younger players.',
           true
    FROM demo_user
    RETURNING id
), demo_stats AS (
    INSERT INTO stats (athlete_id, category, value, position)
    SELECT demo_athlete.id, s.category, s.value, s.position
    FROM demo_athlete,
         (VALUES ('ERA', '2.14', 1), ('Strikeouts', '87', 2), ('Batting Average', '.342', 3), ('Innings Pitched', '64.1', 4))
             AS s (category, value, position)
)
INSERT INTO events (athlete_id, title, event_type, start_date, location)
SELECT demo_athlete.id, e.title, e.event_type, date_trunc('day', now()) + e.starts_in, e.location
FROM demo_athlete,
     (VALUES ('Regional Showcase vs. Central Eagles', 'game', interval '9 days 18 hours', 'Central Park Field 2'),
             ('College Prospect Camp', 'other', interval '30 days 9 hours', 'State University'),
             ('Summer League Opener', 'game', interval '200 days 17 hours', 'Lincoln High School'),
             ('Travel Team Tryouts', 'other', interval '330 days 10 hours', 'Riverside Complex'))
         AS e (title, event_type, starts_in, location);

-- +goose Down
DROP TABLE rate_limit_hits;
DROP TABLE outbound_emails;
DROP TABLE contact_messages;
DROP TABLE waitlist_entries;
DROP TABLE stats;
DROP TABLE events;
DROP TABLE athletes;
DROP TABLE sessions;
DROP TABLE users;
