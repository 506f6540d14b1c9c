-- +goose Up
-- Issue 25: the media library is read in keyset pages, searched through an index, and counted
-- without reading its rows.
--
-- Search is full text, as the journal's is (00002, 00007): a 'simple' vector of the title, the
-- description and the tags, stored (so a walk of the newest items never recomputes it) and indexed
-- with the athlete (btree_gin, from 00007), each word of a search matching as a prefix ("pitch"
-- finds "Pitching practice"). A trigram index (pg_trgm, ILIKE) was measured against it with the
-- same query shape (bench/media-search.sh; docs/PERFORMANCE.md, issue 25): a word nobody wrote
-- cost 3-5 ms at the median against 0.4-0.6 ms, at every size from 1,000 to 50,000 items, and one
-- or two letters give trigrams nothing to look up, so such a search read every item (180 ms at
-- 50,000).
--
-- array_to_string is only STABLE because some element types print by settings; text does not, so
-- media_search_text is honestly IMMUTABLE and may feed a stored generated column.
-- +goose StatementBegin
CREATE FUNCTION media_search_text(title text, description text, tags text[]) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT title || ' ' || description || ' ' || array_to_string(tags, ' ') $$;
-- +goose StatementEnd
ALTER TABLE media_items ADD COLUMN search tsvector NOT NULL
    GENERATED ALWAYS AS (to_tsvector('simple', media_search_text(title, description, tags))) STORED;
-- fastupdate off for the reason 00007 gives: a lookup never scans a pending list of recent inserts.
CREATE INDEX media_items_athlete_search_idx ON media_items USING gin (athlete_id, search) WITH (fastupdate = off);

-- How many items (and favourites) an athlete has per month and type, kept exact by triggers, so the
-- library's header and the timeline's month headings cost a few dozen rows rather than a read of
-- every item (about 70 ms at 50,000). Writers to one athlete's counts take that athlete's advisory
-- lock first (as journal_lexemes' do), so a new month's row is inserted by one writer only and two
-- writers never lock the same rows in different orders.
CREATE TABLE media_month_counts (
    athlete_id bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    month      date NOT NULL,
    media_type text NOT NULL,
    items      integer NOT NULL CHECK (items >= 0),
    favorites  integer NOT NULL CHECK (favorites >= 0 AND favorites <= items),
    PRIMARY KEY (athlete_id, month, media_type)
);

INSERT INTO media_month_counts (athlete_id, month, media_type, items, favorites)
SELECT athlete_id, date_trunc('month', media_date::timestamp)::date, media_type, count(*), count(*) FILTER (WHERE is_favorite)
FROM media_items
GROUP BY 1, 2, 3;

-- One statement-level trigger per event with its transition tables: a bulk insert or an athlete's
-- deletion is one grouped change per month and type, applied by media_month_counts_add in athlete
-- order. Only rows whose athlete, month, type or favourite changed count, so the worker's status
-- updates cost nothing here.
-- +goose StatementBegin
CREATE FUNCTION media_month_counts_add(athlete bigint, first_day date, kind text, items_delta integer, favorites_delta integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    left_items integer;
BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('media_month_counts'), (athlete % 2147483647)::int);
    UPDATE media_month_counts SET items = items + items_delta, favorites = favorites + favorites_delta
    WHERE athlete_id = athlete AND month = first_day AND media_type = kind
    RETURNING items INTO left_items;
    IF NOT FOUND THEN
        -- Nothing to lower means the athlete is being deleted and its counts went first.
        IF items_delta > 0 THEN
            INSERT INTO media_month_counts (athlete_id, month, media_type, items, favorites)
            VALUES (athlete, first_day, kind, items_delta, favorites_delta);
        END IF;
    ELSIF left_items = 0 THEN
        DELETE FROM media_month_counts WHERE athlete_id = athlete AND month = first_day AND media_type = kind;
    END IF;
END
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION media_month_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM media_month_counts_add(athlete_id, month, media_type, n, f) FROM (
            SELECT athlete_id, date_trunc('month', media_date::timestamp)::date AS month, media_type,
                   count(*)::int AS n, (count(*) FILTER (WHERE is_favorite))::int AS f
            FROM added GROUP BY 1, 2, 3 ORDER BY 1, 2, 3) AS d;
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM media_month_counts_add(athlete_id, month, media_type, -n, -f) FROM (
            SELECT athlete_id, date_trunc('month', media_date::timestamp)::date AS month, media_type,
                   count(*)::int AS n, (count(*) FILTER (WHERE is_favorite))::int AS f
            FROM removed GROUP BY 1, 2, 3 ORDER BY 1, 2, 3) AS d;
    ELSE
        PERFORM media_month_counts_add(athlete_id, month, media_type, n, f) FROM (
            SELECT athlete_id, month, media_type, sum(n)::int AS n, sum(f)::int AS f FROM (
                SELECT n.athlete_id, date_trunc('month', n.media_date::timestamp)::date AS month, n.media_type,
                       1 AS n, n.is_favorite::int AS f
                FROM added n JOIN removed o USING (id)
                WHERE (o.athlete_id, o.media_date, o.media_type, o.is_favorite) IS DISTINCT FROM (n.athlete_id, n.media_date, n.media_type, n.is_favorite)
                UNION ALL
                SELECT o.athlete_id, date_trunc('month', o.media_date::timestamp)::date, o.media_type, -1, -(o.is_favorite::int)
                FROM added n JOIN removed o USING (id)
                WHERE (o.athlete_id, o.media_date, o.media_type, o.is_favorite) IS DISTINCT FROM (n.athlete_id, n.media_date, n.media_type, n.is_favorite)
            ) AS moved
            GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(f) <> 0
            ORDER BY 1, 2, 3) AS d;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER media_month_counts_insert AFTER INSERT ON media_items
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION media_month_counts_apply();
CREATE TRIGGER media_month_counts_update AFTER UPDATE ON media_items
    REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION media_month_counts_apply();
CREATE TRIGGER media_month_counts_delete AFTER DELETE ON media_items
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION media_month_counts_apply();

-- Events are listed by start, then id: the id makes each position in the list unique, so a page
-- boundary between two events at the same time loses neither.
CREATE INDEX events_athlete_start_id_idx ON events (athlete_id, start_date, id);
DROP INDEX events_athlete_start_idx;

-- +goose Down
CREATE INDEX events_athlete_start_idx ON events (athlete_id, start_date);
DROP INDEX events_athlete_start_id_idx;
DROP TABLE media_month_counts;
DROP FUNCTION media_month_counts_apply() CASCADE;
DROP FUNCTION media_month_counts_add(bigint, date, text, integer, integer);
DROP INDEX media_items_athlete_search_idx;
ALTER TABLE media_items DROP COLUMN search;
DROP FUNCTION media_search_text(text, text, text[]);
