package jobs

import (
	"context"

	"legacylocker/store"
)

// recruitingArea is the college interests, the recruiting checklist, the links made for coaches
// with their receipts (recruiting_link_views, read through its link), and each college's contacts
// and outreach log: recruiting/.
var recruitingArea = legacyArea{
	name:    "recruiting",
	exports: []string{"college_interests", "checklist_items", "recruiting_links", "college_contacts", "college_outreach"},
	gather: func(ctx context.Context, src legacySource, a *legacyArchive) error {
		if _, err := src.json(ctx, a, "recruiting/college-interests.json", store.Q.ArchiveCollegeInterests); err != nil {
			return err
		}
		if _, err := src.json(ctx, a, "recruiting/checklist.json", store.Q.ArchiveChecklistItems); err != nil {
			return err
		}
		if _, err := src.json(ctx, a, "recruiting/coach-links.json", store.Q.ArchiveRecruitingLinks); err != nil {
			return err
		}
		if _, err := src.json(ctx, a, "recruiting/contacts.json", store.Q.ArchiveCollegeContacts); err != nil {
			return err
		}
		_, err := src.json(ctx, a, "recruiting/outreach.json", store.Q.ArchiveCollegeOutreach)
		return err
	},
}
