package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"path"
	"time"

	"legacylocker/store"
)

// mediaArea is every photo, video and document as uploaded (clips in clips/), named by date and
// title, with media/index.json describing each. Its files are the originals and what processing made
// from them, and the pieces of resumable uploads not finished yet (which have nothing to export).
var mediaArea = legacyArea{
	name:    "media",
	exports: []string{"media_items"},
	gather:  gatherMedia,
	files: []store.FileColumn{
		{Table: "media_items", Column: "original_key", Pending: mediaWorking},
		{Table: "media_items", Column: "thumbnail_key", Pending: mediaWorking},
		{Table: "media_items", Column: "rendition_key", Pending: mediaWorking},
		// An upload in the making: its pieces and the one being written.
		{Table: "media_uploads", Column: "piece_keys", List: true, Pending: "true"},
		{Table: "media_uploads", Column: "writing_key", Pending: "true"},
	},
}

// mediaWorking is true while an item's processing (or a clip's cut) has still to store its files.
const mediaWorking = "t.status IN ('pending', 'processing')"

type exportedMedia struct {
	ID            int64     `json:"id"`
	Title         string    `json:"title"`
	MediaDate     string    `json:"media_date"`
	FileSize      int64     `json:"file_size"`
	SourceMediaID *int64    `json:"source_media_id"`
	CreatedAt     time.Time `json:"created_at"`
}

func gatherMedia(ctx context.Context, src legacySource, a *legacyArchive) error {
	items, err := store.Q.ArchiveMediaItems(ctx, src.db, src.athlete.ID)
	if err != nil {
		return err
	}
	index := make([]map[string]any, 0, len(items))
	for _, row := range items {
		var item exportedMedia
		if err := json.Unmarshal(row.Fields, &item); err != nil {
			return err
		}
		var fields map[string]any
		if err := json.Unmarshal(row.Fields, &fields); err != nil {
			return err
		}
		delete(fields, "original_key") // where we keep it means nothing to the family
		folder := "media"
		if item.SourceMediaID != nil {
			folder = "clips"
		}
		name := fmt.Sprintf("%s/%s %s (%d)%s", folder, item.MediaDate, safeFileName(item.Title, "Untitled"), item.ID, path.Ext(row.OriginalKey))
		fields["file"] = name
		index = append(index, fields)
		a.stored(name, row.OriginalKey, item.FileSize, item.CreatedAt)
	}
	body, err := json.MarshalIndent(index, "", "  ")
	if err != nil {
		return err
	}
	a.text("media/index.json", append(body, '\n'), src.now)
	return nil
}
