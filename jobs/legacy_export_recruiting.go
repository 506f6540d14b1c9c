package jobs

import (
	"context"

	"legacylocker/store"
)

// recruitingArea is the college interests, the recruiting checklist and the links made for coaches
// with their receipts (recruiting_link_views, read through its link): recruiting/.
var recruitingArea = legacyArea{
	name:    "recruiting",
	exports: []string{"college_interests", "checklist_items", "recruiting_links"},
	gather: func(ctx context.Context, src legacySource, a *legacyArchive) error {
		if _, err := src.json(ctx, a, "recruiting/college-interests.json", store.Q.ArchiveCollegeInterests); err != nil {
			return err
		}
		if _, err := src.json(ctx, a, "recruiting/checklist.json", store.Q.ArchiveChecklistItems); err != nil {
			return err
		}
		_, err := src.json(ctx, a, "recruiting/coach-links.json", store.Q.ArchiveRecruitingLinks)
		return err
	},
}
