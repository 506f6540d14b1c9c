-- +goose Up
-- How many of an athlete's media items hold each word, kept exact by triggers as journal_lexemes
-- (00010) is for the journal, so that a search of the library knows before it reads an item whether
-- its words are missing (answered at once), rare (looked up in the search index) or common (the
-- newest items walked): store/media_list.go, mediaSearch. Before, a word nobody wrote walked the
-- newest 1,000 items and then asked the index, in a statement whose planning alone took about 1 ms
-- (docs/PERFORMANCE.md, issue 25).
CREATE TABLE media_lexemes (
    athlete_id bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    lexeme     text COLLATE "C" NOT NULL,
    items      integer NOT NULL CHECK (items >= 0),
    PRIMARY KEY (athlete_id, lexeme)
);

INSERT INTO media_lexemes (athlete_id, lexeme, items)
SELECT athlete_id, lexeme, count(*)
FROM media_items, unnest(tsvector_to_array(search)) AS lexeme
GROUP BY athlete_id, lexeme;
CREATE INDEX media_lexemes_unused_idx ON media_lexemes (athlete_id) WHERE items = 0;

-- journal_lexemes_count's shape: one statement-level trigger per event with its transition tables,
-- writers taking the athlete's advisory lock first. Unlike the journal's, an update whose items keep
-- their words (the worker's status and keys, favourites, dates) returns before taking the lock.
-- +goose StatementBegin
CREATE FUNCTION media_lexemes_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM pg_advisory_xact_lock(hashtext('media_lexemes'), (athlete_id % 2147483647)::int)
        FROM (SELECT DISTINCT athlete_id FROM added ORDER BY 1) AS a;
        INSERT INTO media_lexemes (athlete_id, lexeme, items)
        SELECT athlete_id, lexeme, count(*)
        FROM added, unnest(tsvector_to_array(search)) AS lexeme
        GROUP BY athlete_id, lexeme
        ON CONFLICT (athlete_id, lexeme) DO UPDATE SET items = media_lexemes.items + excluded.items;
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM pg_advisory_xact_lock(hashtext('media_lexemes'), (athlete_id % 2147483647)::int)
        FROM (SELECT DISTINCT athlete_id FROM removed ORDER BY 1) AS a;
        UPDATE media_lexemes l SET items = l.items - gone.n
        FROM (SELECT athlete_id, lexeme, count(*) AS n
              FROM removed, unnest(tsvector_to_array(search)) AS lexeme
              GROUP BY athlete_id, lexeme) AS gone
        WHERE l.athlete_id = gone.athlete_id AND l.lexeme = gone.lexeme;
    ELSE
        IF NOT EXISTS (SELECT 1 FROM removed o JOIN added n USING (id)
                       WHERE o.search IS DISTINCT FROM n.search OR o.athlete_id <> n.athlete_id) THEN
            RETURN NULL;
        END IF;
        PERFORM pg_advisory_xact_lock(hashtext('media_lexemes'), (athlete_id % 2147483647)::int)
        FROM (SELECT athlete_id FROM added UNION SELECT athlete_id FROM removed ORDER BY 1) AS a;
        -- As the journal's: words removed only lower counts that exist, words added are counted up
        -- or inserted; the two touch different rows, so one statement does both.
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
            UPDATE media_lexemes l SET items = l.items + d.n
            FROM delta d WHERE d.n < 0 AND l.athlete_id = d.athlete_id AND l.lexeme = d.lexeme
        )
        INSERT INTO media_lexemes (athlete_id, lexeme, items)
        SELECT athlete_id, lexeme, n FROM delta WHERE n > 0
        ON CONFLICT (athlete_id, lexeme) DO UPDATE SET items = media_lexemes.items + excluded.items;
    END IF;
    -- A word no item holds any more goes, so that searching for it reads nothing again.
    DELETE FROM media_lexemes WHERE items = 0;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER media_lexemes_insert AFTER INSERT ON media_items
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION media_lexemes_count();
CREATE TRIGGER media_lexemes_update AFTER UPDATE ON media_items
    REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION media_lexemes_count();
CREATE TRIGGER media_lexemes_delete AFTER DELETE ON media_items
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION media_lexemes_count();

-- +goose Down
DROP TABLE media_lexemes;
DROP FUNCTION media_lexemes_count() CASCADE;
