package jobs

import (
	"context"
	"errors"

	"legacylocker/store"
)

// profileArea is the athlete's profile and showcase settings: athlete.json, and the athlete's
// photo (the 512 px square) as photo.jpg. The photo's row is only its files and job state.
var profileArea = legacyArea{
	name:    "profile",
	exports: []string{"athletes", "profile_photos"},
	gather: func(ctx context.Context, src legacySource, a *legacyArchive) error {
		if _, err := src.json(ctx, a, "athlete.json", store.Q.ArchiveAthlete); err != nil {
			return err
		}
		return gatherAthletePhoto(ctx, src, a)
	},
	// An account's own photo (user_id, no athlete_id) is deleted with the account (deleteAccount),
	// and backed up with every row of the table.
	files: []store.FileColumn{
		{Table: "profile_photos", Column: "original_key"},
		{Table: "profile_photos", Column: "photo_key"},
		{Table: "profile_photos", Column: "small_key"},
	},
}

// gatherAthletePhoto adds the athlete's photo, when one is ready, as photo.jpg.
func gatherAthletePhoto(ctx context.Context, src legacySource, a *legacyArchive) error {
	photo, err := store.Q.ArchiveAthletePhoto(ctx, src.db, &src.athlete.ID)
	if errors.Is(store.Translate(err), store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	size, err := src.storedSize(ctx, *photo.PhotoKey)
	if err != nil || size < 0 {
		return err // a photo being replaced: the archive goes without it rather than fail
	}
	a.stored("photo.jpg", *photo.PhotoKey, size, photo.UpdatedAt)
	return nil
}
