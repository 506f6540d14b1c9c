package jobs

import (
	"context"

	"legacylocker/store"
)

// profileArea is the athlete's profile and showcase settings: athlete.json.
var profileArea = legacyArea{
	name:    "profile",
	exports: []string{"athletes"},
	gather: func(ctx context.Context, src legacySource, a *legacyArchive) error {
		_, err := src.json(ctx, a, "athlete.json", store.Q.ArchiveAthlete)
		return err
	},
}
