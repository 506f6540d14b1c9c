-- name: JournalSearchWordEntries :one
-- At most how many of an athlete's entries match all of the words, each a prefix: the least, over
-- the words, of the entries holding some word that starts with it. store.JournalListForAthlete
-- chooses how to search from it; journal_lexemes (migration 00010) keeps the counts.
SELECT coalesce(min(word_entries), 0)::int AS entries FROM (
    SELECT (SELECT coalesce(sum(l.entries), 0) FROM journal_lexemes AS l
            WHERE l.athlete_id = @athlete_id
              AND l.lexeme >= lower(word.w) COLLATE "C" AND l.lexeme < (lower(word.w) || chr(1114111)) COLLATE "C") AS word_entries
    FROM unnest(@words::text[]) AS word(w)
) AS per_word;

-- name: JournalSearchMatches :many
-- One page of the entries matching a search whose words are rare: every match, through
-- journal_entries_athlete_search_idx, then the newest of them. hits has no ORDER BY or LIMIT, so
-- nothing tempts the planner into walking the date index instead (see JournalSearchPage).
WITH hits AS MATERIALIZED (
    SELECT e.id, e.entry_date FROM journal_entries AS e
    WHERE e.athlete_id = @athlete_id
      AND e.search @@ (SELECT to_tsquery('simple', @search::text))
      AND (@include_private::boolean OR NOT e.is_private OR e.author_id = sqlc.narg(author))
      AND (sqlc.narg(tag)::text IS NULL OR EXISTS (SELECT 1 FROM unnest(e.tags) AS t WHERE lower(t) = lower(sqlc.narg(tag))))
      AND (NOT @favorites_only::boolean OR e.is_favorite)
      AND (sqlc.narg(enhanced_by)::text IS NULL OR (e.enhanced_content IS NOT NULL AND e.ai_provider = sqlc.narg(enhanced_by)))
      AND (sqlc.narg(shared_with)::bigint IS NULL
           OR e.id IN (SELECT item_id FROM family_shares WHERE member_id = sqlc.narg(shared_with) AND item_type = 'journal'))
      AND (e.entry_date, e.id) < (coalesce(sqlc.narg(before_date)::date, 'infinity'), coalesce(sqlc.narg(before_id)::bigint, 9223372036854775807))
)
SELECT * FROM journal_entries
WHERE id IN (SELECT hits.id FROM hits ORDER BY hits.entry_date DESC, hits.id DESC LIMIT @max_rows)
ORDER BY entry_date DESC, id DESC;

-- name: JournalSearchPage :many
-- One page of an athlete's entries matching a search of common words (a to_tsquery in the 'simple'
-- configuration), newest first, keyset-paginated on (entry_date, id), with the same filters as
-- JournalListPage. store.JournalListForAthlete calls it when journal_lexemes says the words are on
-- many entries; rarer ones go to JournalSearchMatches, missing ones nowhere.
--
-- The plain shape (JournalListPage plus a search condition) lets the planner walk
-- journal_entries_athlete_date_idx in page order, hoping to fill the page early. It cannot know
-- better: a prefix match's estimated selectivity never goes below min(0.005, the rarest common
-- word's frequency / 2) — 0.02 when the column has under 100 common words — so it always expects
-- an early page, and a word nobody wrote made it read every entry (51 ms at 100,000 entries).
-- Instead, exactly one of two branches runs (the other is cut by a one-time filter):
--   1. The word fills the page from the newest 1,000 entries (a common word): those, read in page
--      order, as the walk would have, at a bounded cost.
--   2. Otherwise (a rare word, or one nobody wrote): every match, through
--      journal_entries_athlete_search_idx, then the newest of them. all_hits has no ORDER BY or
--      LIMIT, so nothing tempts the planner into the date index; it is only run when branch 1 fell
--      short, which means the word is on fewer than one entry in twenty among the newest.
-- The tsquery is a sub-select so that it is parsed once (an InitPlan) even in the generic plan
-- that a prepared statement moves to after five runs; written inline, the walk parsed it again
-- for each of the 1,000 entries, which was most of its time.
WITH newest_hits AS MATERIALIZED (
    SELECT newest.id, newest.entry_date FROM (
        SELECT * FROM journal_entries
        WHERE journal_entries.athlete_id = @athlete_id
          AND (entry_date, id) < (coalesce(sqlc.narg(before_date)::date, 'infinity'), coalesce(sqlc.narg(before_id)::bigint, 9223372036854775807))
        ORDER BY entry_date DESC, id DESC
        LIMIT 1000
    ) AS newest
    WHERE newest.search @@ (SELECT to_tsquery('simple', @search::text))
      AND (@include_private::boolean OR NOT newest.is_private OR newest.author_id = sqlc.narg(author)::bigint)
      AND (sqlc.narg(tag)::text IS NULL OR EXISTS (SELECT 1 FROM unnest(newest.tags) AS t WHERE lower(t) = lower(sqlc.narg(tag))))
      AND (NOT @favorites_only::boolean OR newest.is_favorite)
      AND (sqlc.narg(enhanced_by)::text IS NULL OR (newest.enhanced_content IS NOT NULL AND newest.ai_provider = sqlc.narg(enhanced_by)))
      AND (sqlc.narg(shared_with)::bigint IS NULL
           OR newest.id IN (SELECT item_id FROM family_shares WHERE member_id = sqlc.narg(shared_with) AND item_type = 'journal'))
    ORDER BY newest.entry_date DESC, newest.id DESC
    LIMIT @max_rows
), all_hits AS MATERIALIZED (
    SELECT id, entry_date FROM journal_entries
    WHERE (SELECT count(*) FROM newest_hits) < @max_rows
      AND journal_entries.athlete_id = @athlete_id
      AND search @@ (SELECT to_tsquery('simple', @search::text))
      AND (@include_private::boolean OR NOT is_private OR author_id = sqlc.narg(author))
      AND (sqlc.narg(tag)::text IS NULL OR EXISTS (SELECT 1 FROM unnest(tags) AS t WHERE lower(t) = lower(sqlc.narg(tag))))
      AND (NOT @favorites_only::boolean OR is_favorite)
      AND (sqlc.narg(enhanced_by)::text IS NULL OR (enhanced_content IS NOT NULL AND ai_provider = sqlc.narg(enhanced_by)))
      AND (sqlc.narg(shared_with)::bigint IS NULL
           OR id IN (SELECT item_id FROM family_shares WHERE member_id = sqlc.narg(shared_with) AND item_type = 'journal'))
      AND (entry_date, id) < (coalesce(sqlc.narg(before_date)::date, 'infinity'), coalesce(sqlc.narg(before_id)::bigint, 9223372036854775807))
)
(SELECT * FROM journal_entries
 WHERE (SELECT count(*) FROM newest_hits) = @max_rows
   AND id IN (SELECT id FROM newest_hits))
UNION ALL
(SELECT * FROM journal_entries
 WHERE id IN (SELECT id FROM all_hits ORDER BY entry_date DESC, id DESC LIMIT @max_rows))
ORDER BY entry_date DESC, id DESC;
