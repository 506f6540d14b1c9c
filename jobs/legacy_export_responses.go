package jobs

import (
	"context"

	"legacylocker/store"
)

// responsesArea is the family's answers to the athlete's items: responses/comments.json and
// responses/reactions.json, each with the item it answers and the person by name. They go with
// their item, their athlete and their author's account (the tables' keys cascade).
var responsesArea = legacyArea{
	name:    "responses",
	exports: []string{"comments", "reactions"},
	gather: func(ctx context.Context, src legacySource, a *legacyArchive) error {
		if _, err := src.json(ctx, a, "responses/comments.json", store.Q.ArchiveComments); err != nil {
			return err
		}
		_, err := src.json(ctx, a, "responses/reactions.json", store.Q.ArchiveReactions)
		return err
	},
}
