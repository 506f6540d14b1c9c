-- +goose Up
-- How many of an athlete's entries hold each word, kept exact by triggers, so that a search knows
-- before it reads a single entry whether its words are missing (answer at once), rare (look them up
-- in the search index) or common (walk the newest entries). Postgres's own statistics cannot tell:
-- a prefix match's estimated selectivity never goes below 0.5 %, so it always expects a common word
-- (see store/queries/journal_search.sql). lexeme is in the "C" collation so that the words starting
-- with a prefix are one range of the primary key.
CREATE TABLE journal_lexemes (
    athlete_id bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    lexeme     text COLLATE "C" NOT NULL,
    entries    integer NOT NULL CHECK (entries >= 0),
    PRIMARY KEY (athlete_id, lexeme)
);

INSERT INTO journal_lexemes (athlete_id, lexeme, entries)
SELECT athlete_id, lexeme, count(*)
FROM journal_entries, unnest(tsvector_to_array(search)) AS lexeme
GROUP BY athlete_id, lexeme;
CREATE INDEX journal_lexemes_unused_idx ON journal_lexemes (athlete_id) WHERE entries = 0;

-- One statement-level trigger per event, each with its transition tables, so a bulk insert (an
-- import) is one grouped upsert rather than one per entry. Writers to one athlete's journal take
-- that athlete's advisory lock first: two of them adding and removing the same words in different
-- orders would otherwise deadlock each other.
-- +goose StatementBegin
CREATE FUNCTION journal_lexemes_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM pg_advisory_xact_lock(hashtext('journal_lexemes'), (athlete_id % 2147483647)::int)
        FROM (SELECT DISTINCT athlete_id FROM added ORDER BY 1) AS a;
        INSERT INTO journal_lexemes (athlete_id, lexeme, entries)
        SELECT athlete_id, lexeme, count(*)
        FROM added, unnest(tsvector_to_array(search)) AS lexeme
        GROUP BY athlete_id, lexeme
        ON CONFLICT (athlete_id, lexeme) DO UPDATE SET entries = journal_lexemes.entries + excluded.entries;
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM pg_advisory_xact_lock(hashtext('journal_lexemes'), (athlete_id % 2147483647)::int)
        FROM (SELECT DISTINCT athlete_id FROM removed ORDER BY 1) AS a;
        UPDATE journal_lexemes l SET entries = l.entries - gone.n
        FROM (SELECT athlete_id, lexeme, count(*) AS n
              FROM removed, unnest(tsvector_to_array(search)) AS lexeme
              GROUP BY athlete_id, lexeme) AS gone
        WHERE l.athlete_id = gone.athlete_id AND l.lexeme = gone.lexeme;
    ELSE
        -- Only rows whose words changed: most updates (favourite, AI status) leave them alone.
        PERFORM pg_advisory_xact_lock(hashtext('journal_lexemes'), (athlete_id % 2147483647)::int)
        FROM (SELECT DISTINCT athlete_id FROM added UNION SELECT athlete_id FROM removed ORDER BY 1) AS a;
        -- Words removed only lower counts that exist (a CHECK is tested before ON CONFLICT, so an
        -- upsert of a negative count would fail); words added are counted up or inserted. The two
        -- touch different rows, so one statement does both.
        WITH changed AS (
            SELECT o.athlete_id AS old_athlete, o.search AS old_search, n.athlete_id AS new_athlete, n.search AS new_search
            FROM removed o JOIN added n USING (id)
            WHERE o.search IS DISTINCT FROM n.search OR o.athlete_id <> n.athlete_id
        ), delta AS (
            SELECT athlete_id, lexeme, sum(n) AS n FROM (
                SELECT new_athlete AS athlete_id, lexeme, 1 AS n FROM changed, unnest(tsvector_to_array(new_search)) AS lexeme
                UNION ALL
                SELECT old_athlete, lexeme, -1 FROM changed, unnest(tsvector_to_array(old_search)) AS lexeme
            ) AS words GROUP BY athlete_id, lexeme HAVING sum(n) <> 0
        ), lowered AS (
            UPDATE journal_lexemes l SET entries = l.entries + d.n
            FROM delta d WHERE d.n < 0 AND l.athlete_id = d.athlete_id AND l.lexeme = d.lexeme
        )
        INSERT INTO journal_lexemes (athlete_id, lexeme, entries)
        SELECT athlete_id, lexeme, n FROM delta WHERE n > 0
        ON CONFLICT (athlete_id, lexeme) DO UPDATE SET entries = journal_lexemes.entries + excluded.entries;
    END IF;
    -- A word nobody uses any more goes, so that searching for it answers at once again.
    DELETE FROM journal_lexemes WHERE entries = 0;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER journal_lexemes_insert AFTER INSERT ON journal_entries
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION journal_lexemes_count();
CREATE TRIGGER journal_lexemes_update AFTER UPDATE ON journal_entries
    REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION journal_lexemes_count();
CREATE TRIGGER journal_lexemes_delete AFTER DELETE ON journal_entries
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION journal_lexemes_count();

-- +goose Down
DROP TABLE journal_lexemes;
DROP FUNCTION journal_lexemes_count() CASCADE;
