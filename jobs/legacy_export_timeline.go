package jobs

import (
	"context"

	"legacylocker/store"
)

// timelineArea is the milestones and events: milestones.json and events.json.
var timelineArea = legacyArea{
	name:    "timeline",
	exports: []string{"milestones", "events"},
	gather: func(ctx context.Context, src legacySource, a *legacyArchive) error {
		if _, err := src.json(ctx, a, "milestones.json", store.Q.ArchiveMilestones); err != nil {
			return err
		}
		_, err := src.json(ctx, a, "events.json", store.Q.ArchiveEvents)
		return err
	},
}
