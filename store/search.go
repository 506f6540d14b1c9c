package store

// SearchDocument stands for a stored full-text vector (journal_entries.search). The database
// keeps and indexes it; Go never needs its contents, so reading a row discards it.
type SearchDocument struct{}

// Scan discards the vector.
func (*SearchDocument) Scan(any) error { return nil }
