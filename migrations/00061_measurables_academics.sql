-- +goose Up
-- What a recruiting coach asks of an athlete besides games (issue 31): the body and academics, one
-- row per athlete, and measurables as rows, each with the day it was measured and who can vouch for it.
-- Height is kept in inches and weight in pounds (the units US coaches read); the app prints 5' 11".
CREATE TABLE recruiting_profiles (
    athlete_id          bigint PRIMARY KEY REFERENCES athletes (id) ON DELETE CASCADE,
    height_in           numeric(4, 1) CHECK (height_in BETWEEN 36 AND 96),
    weight_lb           numeric(4, 1) CHECK (weight_lb BETWEEN 50 AND 500),
    dominant_hand       text NOT NULL DEFAULT '' CHECK (dominant_hand IN ('', 'right', 'left', 'both')),
    dominant_foot       text NOT NULL DEFAULT '' CHECK (dominant_foot IN ('', 'right', 'left', 'both')),
    sat_score           integer CHECK (sat_score BETWEEN 400 AND 1600),
    sat_taken_on        date,
    act_score           integer CHECK (act_score BETWEEN 1 AND 36),
    act_taken_on        date,
    ncaa_id             text NOT NULL DEFAULT '',
    intended_major      text NOT NULL DEFAULT '',
    -- A PDF of the athlete's own library (the api checks it); the item's deletion clears it.
    transcript_media_id bigint REFERENCES media_items (id) ON DELETE SET NULL,
    updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX recruiting_profiles_transcript_idx ON recruiting_profiles (transcript_media_id) WHERE transcript_media_id IS NOT NULL;

-- kind is a key of the sport's measurables (integrations/sports), unit its unit, both checked by the api.
CREATE TABLE athlete_measurables (
    id          bigserial PRIMARY KEY,
    athlete_id  bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    sport       text NOT NULL,
    kind        text NOT NULL,
    value       numeric(7, 2) NOT NULL,
    unit        text NOT NULL,
    measured_on date NOT NULL,
    verified_by text NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX athlete_measurables_athlete_idx ON athlete_measurables (athlete_id, measured_on DESC, id DESC);

-- +goose Down
DROP TABLE athlete_measurables;
DROP TABLE recruiting_profiles;
