package jobs

import (
	"context"

	"legacylocker/store"
)

// reelsArea is what each highlight reel is made of: reels.json (its clips in order, slides,
// spotlights, formats, and the media items it rendered). The rendered videos are media items,
// archived and deleted with the library; the reel's row holds no file.
var reelsArea = legacyArea{
	name:    "reels",
	exports: []string{"reels"},
	gather: func(ctx context.Context, src legacySource, a *legacyArchive) error {
		_, err := src.json(ctx, a, "reels.json", store.Q.ArchiveReels)
		return err
	},
}
