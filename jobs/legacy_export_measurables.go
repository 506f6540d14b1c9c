package jobs

import (
	"context"

	"legacylocker/store"
)

// measurablesArea is the athlete's body, academics and measurables: recruiting/measurables.json.
// The transcript is a media item, exported with the library; the profile names it by id.
var measurablesArea = legacyArea{
	name:    "measurables",
	exports: []string{"recruiting_profiles", "athlete_measurables"},
	gather: func(ctx context.Context, src legacySource, a *legacyArchive) error {
		_, err := src.json(ctx, a, "recruiting/measurables.json", store.Q.ArchiveMeasurables)
		return err
	},
}
