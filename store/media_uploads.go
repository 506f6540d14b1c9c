package store

// StoredKeys are the files a resumable upload has in media storage: its recorded pieces and the one
// a PATCH is writing, if any. Whoever deletes the row queues their removal.
func (u MediaUpload) StoredKeys() []string {
	keys := append([]string(nil), u.PieceKeys...)
	if u.WritingKey != nil {
		keys = append(keys, *u.WritingKey)
	}
	return keys
}
