package jobs

import (
	"context"
	"fmt"

	"legacylocker/store"
)

// achievementsArea is every achievement and each share card drawn for it: achievements/.
var achievementsArea = legacyArea{
	name:    "achievements",
	exports: []string{"achievements"},
	gather:  gatherAchievements,
	files: []store.FileColumn{
		{Table: "achievements", Column: "feed_key", Pending: "t.card_status IN ('pending', 'processing')"},
		{Table: "achievements", Column: "story_key", Pending: "t.card_status IN ('pending', 'processing')"},
	},
}

func gatherAchievements(ctx context.Context, src legacySource, a *legacyArchive) error {
	if _, err := src.json(ctx, a, "achievements/achievements.json", store.Q.ArchiveAchievements); err != nil {
		return err
	}
	cards, err := store.Q.ArchiveAchievementCards(ctx, src.db, src.athlete.ID)
	if err != nil {
		return err
	}
	for _, c := range cards {
		for _, side := range []struct {
			size string
			key  *string
		}{{"feed", c.FeedKey}, {"story", c.StoryKey}} {
			if side.key == nil {
				continue
			}
			size, err := src.storedSize(ctx, *side.key)
			if err != nil {
				return err
			}
			if size < 0 {
				continue // a card being redrawn: the archive goes without it rather than fail
			}
			a.stored(fmt.Sprintf("achievements/%s (%d) %s card.png", safeFileName(c.Title, "Achievement"), c.ID, side.size), *side.key, size, c.UpdatedAt)
		}
	}
	return nil
}
