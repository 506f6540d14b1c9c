package store

import (
	"context"
	"time"
)

// MediaListForAthleteParams asks for one page of an athlete's media library, newest first. With
// SearchWords, only items holding, for each word, a word of their title, description or tags that
// starts with it (lower case, letters and digits only). OnDate lists one day and ignores the
// other filters (a milestone's 'View media').
type MediaListForAthleteParams struct {
	AthleteID     int64
	MediaType     *string
	FavoritesOnly bool
	SearchWords   []string
	OnDate        *time.Time
	// SharedWith bounds a limited member's pages to the items shared with their member row.
	SharedWith *int64
	BeforeDate *time.Time
	BeforeID   *int64
	// MaxRows is the page size plus one, so the caller can tell whether another page exists.
	MaxRows int32
}

// MediaListForAthlete answers one page of an athlete's media. Each kind of page has the plan that
// suits it, so it is one of several queries rather than one with every branch: a listing walks the
// date index, a limited member's page starts from their shares, a search first asks media_lexemes
// how many items can match (mediaSearch).
func (q *Queries) MediaListForAthlete(ctx context.Context, db DBTX, arg MediaListForAthleteParams) ([]MediaItem, error) {
	switch {
	case arg.OnDate != nil:
		return q.MediaOnDatePage(ctx, db, MediaOnDatePageParams{
			AthleteID: arg.AthleteID, OnDate: *arg.OnDate, SharedWith: arg.SharedWith,
			BeforeDate: arg.BeforeDate, BeforeID: arg.BeforeID, MaxRows: arg.MaxRows,
		})
	case len(arg.SearchWords) > 0:
		return q.mediaSearch(ctx, db, arg)
	case arg.SharedWith != nil:
		return q.MediaSharedPage(ctx, db, MediaSharedPageParams{
			MemberID: *arg.SharedWith, AthleteID: arg.AthleteID, MediaType: arg.MediaType, FavoritesOnly: arg.FavoritesOnly,
			BeforeDate: arg.BeforeDate, BeforeID: arg.BeforeID, MaxRows: arg.MaxRows,
		})
	}
	return q.MediaListPage(ctx, db, MediaListPageParams{
		AthleteID: arg.AthleteID, MediaType: arg.MediaType, FavoritesOnly: arg.FavoritesOnly,
		BeforeDate: arg.BeforeDate, BeforeID: arg.BeforeID, MaxRows: arg.MaxRows,
	})
}

// rareWordItems is where a search of the library stops walking the newest items and looks its
// words up in the search index instead, for the journal's reasons (rareWordEntries).
const rareWordItems = 300

// mediaSearch answers one page of a search as the journal's does: media_lexemes says how many items
// can match, and none answers at once, a few go to MediaSearchMatches (the search index), more to
// MediaSearchPage (the newest items first). The count is a round trip of its own, and a small
// price: MediaSearchPage is a large statement whose planning (about 1 ms, in a custom plan every
// time) was most of what a word nobody wrote cost (docs/PERFORMANCE.md, issue 25).
func (q *Queries) mediaSearch(ctx context.Context, db DBTX, arg MediaListForAthleteParams) ([]MediaItem, error) {
	items, err := q.MediaSearchWordItems(ctx, db, MediaSearchWordItemsParams{AthleteID: arg.AthleteID, Words: arg.SearchWords, MaxWords: rareWordItems + 1})
	if err != nil {
		return nil, err
	}
	search := prefixQuery(arg.SearchWords)
	switch {
	case items == 0:
		return []MediaItem{}, nil
	case items <= rareWordItems:
		return q.MediaSearchMatches(ctx, db, MediaSearchMatchesParams{
			AthleteID: arg.AthleteID, Search: search, MediaType: arg.MediaType,
			FavoritesOnly: arg.FavoritesOnly, SharedWith: arg.SharedWith,
			BeforeDate: arg.BeforeDate, BeforeID: arg.BeforeID, MaxRows: arg.MaxRows,
		})
	}
	return q.MediaSearchPage(ctx, db, MediaSearchPageParams{
		AthleteID: arg.AthleteID, Search: search, MediaType: arg.MediaType,
		FavoritesOnly: arg.FavoritesOnly, SharedWith: arg.SharedWith,
		BeforeDate: arg.BeforeDate, BeforeID: arg.BeforeID, MaxRows: arg.MaxRows,
	})
}

// MediaMonth is how many items of each type (and how many favourites) an athlete's library holds
// in one month, as far as the caller sees it.
type MediaMonth struct {
	Month     time.Time
	MediaType string
	Items     int32
	Favorites int32
}

// MediaSummary answers the counts of an athlete's library by month (newest first) and type: kept
// counts for whoever sees the whole library, a count of the shares for a limited member.
func (q *Queries) MediaSummary(ctx context.Context, db DBTX, athleteID int64, sharedWith *int64) ([]MediaMonth, error) {
	if sharedWith != nil {
		rows, err := q.MediaSharedMonthCounts(ctx, db, MediaSharedMonthCountsParams{MemberID: *sharedWith, AthleteID: athleteID})
		out := make([]MediaMonth, len(rows))
		for i, r := range rows {
			out[i] = MediaMonth(r)
		}
		return out, err
	}
	rows, err := q.MediaMonthCounts(ctx, db, athleteID)
	out := make([]MediaMonth, len(rows))
	for i, r := range rows {
		out[i] = MediaMonth(r)
	}
	return out, err
}
