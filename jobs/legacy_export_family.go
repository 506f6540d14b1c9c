package jobs

import (
	"context"

	"legacylocker/store"
)

// familyArea is who was in the family circle, by name and role: family-circle.json.
var familyArea = legacyArea{
	name:    "family circle",
	exports: []string{"family_members"},
	gather: func(ctx context.Context, src legacySource, a *legacyArchive) error {
		_, err := src.json(ctx, a, "family-circle.json", store.Q.ArchiveFamilyMembers)
		return err
	},
}
