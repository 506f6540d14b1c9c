package jobs

import (
	"context"

	"legacylocker/store"
)

// recruitingArea is the college interests and the recruiting checklist: recruiting/.
var recruitingArea = legacyArea{
	name:    "recruiting",
	exports: []string{"college_interests", "checklist_items"},
	gather: func(ctx context.Context, src legacySource, a *legacyArchive) error {
		if _, err := src.json(ctx, a, "recruiting/college-interests.json", store.Q.ArchiveCollegeInterests); err != nil {
			return err
		}
		_, err := src.json(ctx, a, "recruiting/checklist.json", store.Q.ArchiveChecklistItems)
		return err
	},
}
