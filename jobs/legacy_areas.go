package jobs

import (
	"context"

	"legacylocker/store"
)

// legacyArea is one product area's share of a family's legacy, declared in the area's own
// legacy_export_<area>.go: the tables it writes into "Download everything", how it writes them, and
// the columns that hold its files in media storage, which deleting the athlete (or the account)
// removes. Guard tests hold the database to these declarations: a table naming an athlete or a user
// that no area exports and no one excused, or a *_key column no area declares, fails them.
type legacyArea struct {
	name string
	// exports are the tables whose rows gather writes into the archive.
	exports []string
	// gather adds the area's files to the archive; nil for an area with files but nothing to export.
	gather func(ctx context.Context, src legacySource, a *legacyArchive) error
	// files are the area's columns holding storage keys, in tables with an athlete_id.
	files []store.FileColumn
}

// legacyAreas is every area, in the order the archive lists them. A new area adds its line here.
var legacyAreas = []legacyArea{
	profileArea,
	journalArea,
	mediaArea,
	reelsArea,
	timelineArea,
	recruitingArea,
	measurablesArea,
	familyArea,
	showcaseArea,
	statsArea,
	achievementsArea,
	responsesArea,
	archivesArea,
}

// AthleteFileKeys answers the keys of every file of the athlete that some area declares: what
// deleting the athlete hands to media_delete.
func AthleteFileKeys(ctx context.Context, db store.DBTX, athleteID int64) ([]string, error) {
	return store.AthleteFileKeys(ctx, db, athleteID, StoredFileColumns())
}

// StoredFileColumns are every area's columns holding files in media storage: what deleting an
// athlete removes and what a backup copies.
func StoredFileColumns() []store.FileColumn {
	var columns []store.FileColumn
	for _, area := range legacyAreas {
		columns = append(columns, area.files...)
	}
	return columns
}
