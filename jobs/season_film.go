package jobs

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/riverqueue/river"

	"legacylocker/media"
	"legacylocker/store"
)

// A season film (issue 32's one-minute film) is a reel whose segments the server chose from the
// season's videos: the family's starred clips and the highlights detection found, cut to about the
// length asked for and played in the order they happened. reel_render renders it as any reel.

// reelKindFilm is a film's kind (reels.kind): a reel the server cut from a season.
const reelKindFilm = "film"

const (
	// MaxReelClips is the most clips (or segments) a reel or a film plays.
	MaxReelClips = 60
	// MinSegmentSeconds is the shortest segment a reel plays: less is a flicker, not a play.
	MinSegmentSeconds = 1.0
	// filmFavoriteSeconds is what a film plays of a starred clip with no detected highlight: its
	// middle, where a family's phone video usually has the play they kept it for.
	filmFavoriteSeconds = 8.0
)

// FilmClip is one of the season's videos as a film chooses from it.
type FilmClip struct {
	ID       int64
	Date     time.Time
	Duration float64
	Favorite bool
	// Highlights are the segments detection found (none until it is ready).
	Highlights []media.Segment
	// Source, for a clip trimmed from another video, is that video, and Offset where the clip starts
	// in it: a starred clip and a highlight of its game's video are often the same play.
	Source *int64
	Offset float64
}

// footage answers which video's picture a clip's [start, end) shows, and where in that video.
func (c FilmClip) footage(start, end float64) (video int64, from, to float64) {
	if c.Source != nil {
		return *c.Source, c.Offset + start, c.Offset + end
	}
	return c.ID, start, end
}

// ChooseFilmSegments picks a film's segments: every highlight of the clips, and the middle of each
// starred clip without one, ranked the family's favourites first and then by detection's score,
// taken in turn (less any showing a moment already taken, in its own video or in the video it was
// trimmed from) until the film (its title and end slides included) lasts seconds, the last one
// trimmed to land on it; then played in date order, then by time within the clip. At most limit
// segments; none when the clips have nothing to offer.
func ChooseFilmSegments(clips []FilmClip, seconds float64, limit int) []ReelSegment {
	type candidate struct {
		clip       FilmClip
		start, end float64
		score      float64
	}
	var ranked []candidate
	for _, c := range clips {
		offered := false
		for _, h := range c.Highlights {
			start, end := h.Start, min(h.End, c.Duration)
			start = min(max(start, 0), end)
			if end-start >= MinSegmentSeconds {
				ranked = append(ranked, candidate{c, start, end, h.Score})
				offered = true
			}
		}
		if c.Favorite && !offered && c.Duration >= MinSegmentSeconds {
			length := min(filmFavoriteSeconds, c.Duration)
			start := (c.Duration - length) / 2
			ranked = append(ranked, candidate{c, start, start + length, 0})
		}
	}
	slices.SortStableFunc(ranked, func(a, b candidate) int {
		if a.clip.Favorite != b.clip.Favorite {
			if a.clip.Favorite {
				return -1
			}
			return 1
		}
		return cmp.Or(cmp.Compare(b.score, a.score), a.clip.Date.Compare(b.clip.Date), cmp.Compare(a.clip.ID, b.clip.ID), cmp.Compare(a.start, b.start))
	})
	left := seconds - 2*media.ReelSlideSeconds
	var taken []candidate
	for _, c := range ranked {
		if len(taken) == limit || left < MinSegmentSeconds {
			break
		}
		video, from, to := c.clip.footage(c.start, c.end)
		if slices.ContainsFunc(taken, func(t candidate) bool {
			v, f, e := t.clip.footage(t.start, t.end)
			return v == video && f < to && from < e
		}) {
			continue // the same moment twice
		}
		if c.end-c.start > left {
			// Detection widens a moment more before it than after (the play comes before the crowd's
			// answer to it), so a segment cut short loses its lead-in first.
			c.start = c.end - left
		}
		taken = append(taken, c)
		left -= c.end - c.start
	}
	slices.SortFunc(taken, func(a, b candidate) int {
		return cmp.Or(a.clip.Date.Compare(b.clip.Date), cmp.Compare(a.clip.ID, b.clip.ID), cmp.Compare(a.start, b.start))
	})
	out := make([]ReelSegment, len(taken))
	for i, c := range taken {
		out[i] = ReelSegment{ClipID: c.clip.ID, Start: c.start, End: c.end}
	}
	return out
}

// FilmSlides are a season film's title and end slides, from the athlete's profile: the title slide
// puts the athlete's sports and the season's dates under their name (the film's title above it),
// with their class and school; the end slide thanks the viewer under the name.
func FilmSlides(a store.Athlete, from, to time.Time) (title, end ReelSlide) {
	season := seasonSpan(from, to)
	if sports := strings.TrimSpace(a.Sports); sports != "" {
		season = sports + " · " + season
	}
	class := ""
	if a.GraduationYear > 0 {
		class = strconv.Itoa(int(a.GraduationYear))
	}
	title = ReelSlide{Name: a.Name, Position: season, ClassYear: class, School: a.School}
	end = ReelSlide{Name: a.Name, School: a.School}
	return title, end
}

// FilmSeason is a season's videos as a film sees them: the clips it may cut from, and those whose
// highlights detection has not run on yet (never asked, or still running).
type FilmSeason struct {
	Clips []FilmClip
	// NeverDetected are the videos detection was never asked for.
	NeverDetected []int64
	Detecting     bool // detection is running on one of them
	bytes         int64
}

// Detected says whether detection has run on every video of the season (or could not read it).
func (s FilmSeason) Detected() bool { return len(s.NeverDetected) == 0 && !s.Detecting }

// BytesPerSecond is what a second of the season's videos weighs: a film's storage is reckoned at it.
func (s FilmSeason) BytesPerSecond() float64 {
	seconds := 0.0
	for _, c := range s.Clips {
		seconds += c.Duration
	}
	return float64(s.bytes) / max(seconds, MinSegmentSeconds)
}

// ReadFilmSeason reads the athlete's videos dated from `from` to `to` (FilmCandidates).
func ReadFilmSeason(ctx context.Context, db store.DBTX, athleteID int64, from, to time.Time) (FilmSeason, error) {
	var season FilmSeason
	rows, err := store.Q.FilmCandidates(ctx, db, store.FilmCandidatesParams{AthleteID: athleteID, FromDate: from, ToDate: to})
	if err != nil {
		return season, fmt.Errorf("listing the season's videos: %w", err)
	}
	season.Clips = make([]FilmClip, len(rows))
	for i, r := range rows {
		c := FilmClip{ID: r.ID, Date: r.MediaDate, Duration: *r.Duration, Favorite: r.IsFavorite, Source: r.SourceMediaID}
		if r.ClipStart != nil {
			c.Offset = *r.ClipStart
		}
		switch r.HighlightsStatus {
		case store.JobReady:
			if len(r.Highlights) > 0 {
				if err := json.Unmarshal(r.Highlights, &c.Highlights); err != nil {
					return season, fmt.Errorf("reading video %d's highlights: %w", r.ID, err)
				}
			}
		case store.JobFailed:
			// detection could not read it: the film does without its highlights
		case store.JobNone:
			season.NeverDetected = append(season.NeverDetected, r.ID)
		default:
			season.Detecting = true
		}
		season.Clips[i] = c
		season.bytes += r.FileSize
	}
	return season, nil
}

// MsgFilmNothingToCut is a film's failure when the season has videos but nothing to cut from them.
const MsgFilmNothingToCut = "No highlights were found in these videos and none is starred. Star the plays you want in the film, then make it again."

// filmToChoose says whether the reel is a film whose segments are still to be chosen: asked for
// before detection was done, it has no clips yet (an edit always gives it some, segments or not).
func filmToChoose(r store.Reel) bool {
	return r.Kind == reelKindFilm && len(r.ClipIds) == 0 && r.FilmSeconds != nil
}

// filmDetectionWait is how long a film waits between looks at the season's highlight detection;
// filmDetectionPatience how long in all, after which it is cut from what detection has found (a
// detection that never ends is failed by the reconciler well before; this bounds what it cannot see).
const (
	filmDetectionWait     = 3 * time.Second
	filmDetectionPatience = time.Hour
)

// chooseFilm chooses the segments of a film asked for before detection had run on all of its
// season's videos, once it has: until then (for at most filmDetectionPatience) the job snoozes
// (detection runs as media_highlights jobs on the same queue). It answers the film as it now is, or a reason for the family when the
// season offers nothing to cut.
func (w *ReelRenderWorker) chooseFilm(ctx context.Context, film store.Reel) (store.Reel, string, error) {
	season, err := ReadFilmSeason(ctx, w.Pool, film.AthleteID, *film.FilmFrom, *film.FilmTo)
	if err != nil {
		return film, "", err
	}
	if season.Detecting && time.Since(film.CreatedAt) < filmDetectionPatience {
		return film, "", river.JobSnooze(filmDetectionWait)
	}
	segments := ChooseFilmSegments(season.Clips, *film.FilmSeconds, MaxReelClips)
	if len(segments) == 0 {
		return film, MsgFilmNothingToCut, nil
	}
	ids := make([]int64, len(segments))
	for i, s := range segments {
		ids[i] = s.ClipID
	}
	encoded, err := json.Marshal(segments)
	if err != nil {
		return film, "", err
	}
	if _, err := store.Q.FilmChoose(ctx, w.Pool, store.FilmChooseParams{ID: film.ID, Version: film.Version, ClipIds: ids, Segments: encoded}); err != nil {
		return film, "", fmt.Errorf("recording the film's segments: %w", err)
	}
	film, err = store.Q.ReelGetByID(ctx, w.Pool, film.ID) // as chosen, or as the family edited it meanwhile
	return film, "", err
}
