-- +goose Up
-- Sports statistics (issue #12): the platforms a family connects for an athlete, the export files
-- they upload for each, and the games and seasons those files (or the family's own typing) make.

-- A connection is one athlete on one platform. For file providers external_athlete_id is how the
-- exports name the athlete: the jersey as printed ("02" is not "2") or the name as spelled.
CREATE TABLE stats_connections (
    id                  bigserial PRIMARY KEY,
    athlete_id          bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    provider_id         text NOT NULL,
    external_athlete_id text NOT NULL,
    external_team_id    text NOT NULL DEFAULT '',
    username            text NOT NULL DEFAULT '',
    created_by          bigint REFERENCES users (id) ON DELETE SET NULL,
    -- 'Sync Now': pending when asked, processing while the job runs, ready or failed when it ends.
    sync_status         job_status NOT NULL DEFAULT 'none',
    sync_reason         text,
    -- Set when a sync or an import finishes writing, never when one starts.
    last_synced_at      timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    UNIQUE (athlete_id, provider_id, external_athlete_id)
);

-- One uploaded export. Its file is kept (file_key) so 'Sync Now' can apply it again with a newer
-- parser. Status: pending (queued), processing (parsing or writing), ready (done: applied, or
-- waiting for the family to choose the row when needs_choice), failed (status_reason says why).
CREATE TABLE stats_imports (
    id              bigserial PRIMARY KEY,
    connection_id   bigint NOT NULL REFERENCES stats_connections (id) ON DELETE CASCADE,
    athlete_id      bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    created_by      bigint REFERENCES users (id) ON DELETE SET NULL,
    file_key        text NOT NULL UNIQUE,
    file_name       text NOT NULL,
    file_sha256     text NOT NULL,
    file_size       bigint NOT NULL,
    -- What the uploader said of a single game (a MaxPreps file is always one game).
    game_date       date,
    opponent        text NOT NULL DEFAULT '',
    location        text NOT NULL DEFAULT '',
    result          text NOT NULL DEFAULT '',
    score           text NOT NULL DEFAULT '',
    season          text NOT NULL DEFAULT '',
    team_name       text NOT NULL DEFAULT '',
    format          text,
    status          job_status NOT NULL DEFAULT 'pending',
    status_reason   text,
    needs_choice    boolean NOT NULL DEFAULT false,
    chosen_row      text,
    preview         jsonb,
    games_written   integer NOT NULL DEFAULT 0,
    seasons_written integer NOT NULL DEFAULT 0,
    created_at      timestamptz NOT NULL DEFAULT now(),
    finished_at     timestamptz
);
CREATE INDEX stats_imports_connection_idx ON stats_imports (connection_id, id DESC);

-- Games and seasons. source_key makes every write from a file or a sync an upsert: the same file
-- or the same remote row always lands on the same row, so a retried or rescued job, or the same
-- file uploaded twice, writes each row once. Rows typed in by hand have none.
-- stats holds counts (innings as outs); raw is the file's row. display is the answer's stats map,
-- rates computed and keys in display order, written with the counts: json (not jsonb) keeps that
-- order, and the lists are then built by Postgres alone (BenchmarkStatsLists).
CREATE TABLE stats_games (
    id            bigserial PRIMARY KEY,
    athlete_id    bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    connection_id bigint REFERENCES stats_connections (id) ON DELETE SET NULL,
    source        text NOT NULL,
    source_key    text,
    opponent      text NOT NULL DEFAULT '',
    game_date     date NOT NULL,
    location      text NOT NULL DEFAULT '',
    result        text NOT NULL DEFAULT '',
    score         text NOT NULL DEFAULT '',
    stats         jsonb NOT NULL DEFAULT '{}',
    display       json NOT NULL DEFAULT '{}',
    raw           jsonb,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (athlete_id, source_key)
);
CREATE INDEX stats_games_athlete_date_idx ON stats_games (athlete_id, game_date DESC, id DESC);

CREATE TABLE stats_seasons (
    id            bigserial PRIMARY KEY,
    athlete_id    bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    connection_id bigint REFERENCES stats_connections (id) ON DELETE SET NULL,
    source        text NOT NULL,
    source_key    text,
    season        text NOT NULL,
    team_name     text NOT NULL DEFAULT '',
    sport_type    text NOT NULL DEFAULT '',
    start_date    date,
    end_date      date,
    stats         jsonb NOT NULL DEFAULT '{}',
    display       json NOT NULL DEFAULT '{}',
    raw           jsonb,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (athlete_id, source_key)
);
CREATE INDEX stats_seasons_athlete_idx ON stats_seasons (athlete_id, start_date DESC NULLS LAST, id DESC);

-- 'Generate Stats Report': the job renders a PDF and files it as a media item.
CREATE TABLE stats_reports (
    id            bigserial PRIMARY KEY,
    athlete_id    bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    created_by    bigint REFERENCES users (id) ON DELETE SET NULL,
    status        job_status NOT NULL DEFAULT 'pending',
    status_reason text,
    media_id      bigint REFERENCES media_items (id) ON DELETE SET NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stats_reports_athlete_idx ON stats_reports (athlete_id, id DESC);

-- A limited member sees the stats section only when the family shares it with them: a share row
-- of type 'stats' whose item is the athlete.
ALTER TABLE family_shares DROP CONSTRAINT family_shares_item_type_check;
ALTER TABLE family_shares ADD CONSTRAINT family_shares_item_type_check CHECK (item_type IN ('journal', 'media', 'stats'));

-- +goose Down
DELETE FROM family_shares WHERE item_type = 'stats';
ALTER TABLE family_shares DROP CONSTRAINT family_shares_item_type_check;
ALTER TABLE family_shares ADD CONSTRAINT family_shares_item_type_check CHECK (item_type IN ('journal', 'media'));
DROP TABLE stats_reports;
DROP TABLE stats_seasons;
DROP TABLE stats_games;
DROP TABLE stats_imports;
DROP TABLE stats_connections;
