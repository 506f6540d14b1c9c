-- What "Download everything" holds of the journal. Rows go out as JSON with every column the family
-- wrote or the product made, so nothing is lost when a column is added; search vectors are left out.

-- name: ArchiveJournalEntries :one
SELECT coalesce(json_agg(t), '[]')::json FROM (
    SELECT j.id, j.title, j.content, j.entry_date::text AS entry_date, j.tags, j.is_private, j.is_favorite,
        j.enhanced_content, j.ai_summary, j.ai_suggested_tags, j.ai_provider, j.ai_model, j.ai_status, j.content_version,
        nullif(trim(u.first_name || ' ' || u.last_name), '') AS author, j.created_at, j.updated_at
    FROM journal_entries j LEFT JOIN users u ON u.id = j.author_id
    WHERE j.athlete_id = @athlete_id ORDER BY j.entry_date, j.id) t;
