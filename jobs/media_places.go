package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"legacylocker/media"
	"legacylocker/media/places"
	"legacylocker/store"
)

// mediaPlacesBatch is how many items one query of media_places_backfill reads.
const mediaPlacesBatch = 100

// MediaPlacesBackfillArgs names the places of an athlete's photos and videos uploaded before the family
// turned places on: a new upload is named as it arrives, the library from before would otherwise stay
// without. Turning places on queues it; turning them on again while one waits does not queue another.
type MediaPlacesBackfillArgs struct {
	AthleteID int64 `json:"athlete_id"`
}

func (MediaPlacesBackfillArgs) Kind() string { return "media_places_backfill" }

func (MediaPlacesBackfillArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMedia, MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: unfinished}}
}

// MediaPlacesBackfillWorker reads each unnamed item's original for its position (a few ranged reads,
// not the file) and keeps the nearest town's name, never the coordinates; then the clips take their
// sources' names. It stops as soon as the
// family turns places off (the batch query and each name's write ask). An original that cannot be read
// now is logged and left without a name; it does not stop the others.
type MediaPlacesBackfillWorker struct {
	river.WorkerDefaults[MediaPlacesBackfillArgs]
	Pool    *pgxpool.Pool
	Storage media.Storage
	Logger  *slog.Logger
}

// Timeout: a library of thousands of items is thousands of small reads, longer than River's minute.
func (w *MediaPlacesBackfillWorker) Timeout(*river.Job[MediaPlacesBackfillArgs]) time.Duration {
	return time.Hour
}

func (w *MediaPlacesBackfillWorker) Work(ctx context.Context, job *river.Job[MediaPlacesBackfillArgs]) error {
	var after int64
	for {
		batch, err := store.Q.MediaNeedingPlace(ctx, w.Pool, store.MediaNeedingPlaceParams{AthleteID: job.Args.AthleteID, AfterID: after, Batch: mediaPlacesBatch})
		if err != nil {
			return fmt.Errorf("listing media to name the places of: %w", err)
		}
		if len(batch) == 0 {
			if _, err := store.Q.MediaPlacesFromSources(ctx, w.Pool, job.Args.AthleteID); err != nil {
				return fmt.Errorf("naming clips by their sources: %w", err)
			}
			return nil
		}
		for _, item := range batch {
			after = item.ID
			c, err := media.CaptureOf(ctx, w.Storage, item.OriginalKey)
			if err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				w.Logger.WarnContext(ctx, "reading a media original's place", "media", item.ID, "error", err)
				continue
			}
			if !c.HasPlace {
				continue
			}
			name, ok := places.Name(c.Latitude, c.Longitude)
			if !ok {
				continue
			}
			named, err := store.Q.MediaSetPlaceName(ctx, w.Pool, store.MediaSetPlaceNameParams{ID: item.ID, PlaceName: name})
			if err != nil {
				return fmt.Errorf("naming media %d's place: %w", item.ID, err)
			}
			if named == 0 && !w.stillShown(ctx, job.Args.AthleteID) {
				return nil
			}
		}
	}
}

// stillShown reports whether the family still shows places (an item left unnamed was either named
// meanwhile by its upload, or the family turned places off: then the walk stops).
func (w *MediaPlacesBackfillWorker) stillShown(ctx context.Context, athleteID int64) bool {
	athlete, err := store.Q.AthleteGetByID(ctx, w.Pool, athleteID)
	return err == nil && athlete.ShowPlaces
}
