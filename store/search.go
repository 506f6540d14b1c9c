package store

import "github.com/jackc/pgx/v5/pgtype"

// SearchDocument stands for a stored full-text vector (journal_entries.search, media_items.search).
// The database keeps and indexes it; Go never needs its contents, so a row's vector is taken as the
// bytes Postgres sent rather than parsed into lexemes and positions: decoding it was a quarter of
// the time pgx spent reading a page of the media library (docs/PERFORMANCE.md, issue 25).
type SearchDocument = pgtype.UndecodedBytes
