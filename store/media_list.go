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

// MediaListItem is a media item as a page of the library shows it: the columns of its answer and
// no others (the page's queries name them; media_pages.sql says why).
type MediaListItem struct {
	ID           int64
	AthleteID    int64
	Title        string
	Description  string
	MediaDate    time.Time
	MediaType    string
	MimeType     string
	OriginalKey  string
	FileSize     int64
	ThumbnailKey *string
	RenditionKey *string
	Width        *int32
	Height       *int32
	Duration     *float64
	IsFavorite   bool
	IsPrivate    bool
	Tags         []string
	Status       JobStatus
	StatusReason string
	ShareCode    *string
	CreatedAt    time.Time
	OnShowcase   bool
	PlaceName    *string
}

// ListItem answers the item as a page of the library shows it, so a single item is answered as
// its page answers it.
func (m MediaItem) ListItem() MediaListItem {
	return MediaListItem{
		ID: m.ID, AthleteID: m.AthleteID, Title: m.Title, Description: m.Description, MediaDate: m.MediaDate,
		MediaType: m.MediaType, MimeType: m.MimeType, OriginalKey: m.OriginalKey, FileSize: m.FileSize,
		ThumbnailKey: m.ThumbnailKey, RenditionKey: m.RenditionKey, Width: m.Width, Height: m.Height, Duration: m.Duration,
		IsFavorite: m.IsFavorite, IsPrivate: m.IsPrivate, Tags: m.Tags, Status: m.Status, StatusReason: m.StatusReason,
		ShareCode: m.ShareCode, CreatedAt: m.CreatedAt, OnShowcase: m.OnShowcase, PlaceName: m.PlaceName,
	}
}

// listItems answers a page query's rows as MediaListItems (each query has its own row type, of the
// same columns).
func listItems[Row any](rows []Row, err error, item func(Row) MediaListItem) ([]MediaListItem, error) {
	if err != nil {
		return nil, err
	}
	out := make([]MediaListItem, len(rows))
	for i, r := range rows {
		out[i] = item(r)
	}
	return out, nil
}

// MediaListForAthlete answers one page of an athlete's media. Each kind of page has the plan that
// suits it, so it is one of several queries rather than one with every branch: a listing walks the
// date index, a limited member's page starts from their shares, a search first asks media_lexemes
// how many items can match (mediaSearch).
func (q *Queries) MediaListForAthlete(ctx context.Context, db DBTX, arg MediaListForAthleteParams) ([]MediaListItem, error) {
	switch {
	case arg.OnDate != nil:
		rows, err := q.MediaOnDatePage(ctx, db, MediaOnDatePageParams{
			AthleteID: arg.AthleteID, OnDate: *arg.OnDate, SharedWith: arg.SharedWith,
			BeforeDate: arg.BeforeDate, BeforeID: arg.BeforeID, MaxRows: arg.MaxRows,
		})
		return listItems(rows, err, func(r MediaOnDatePageRow) MediaListItem { return MediaListItem(r) })
	case len(arg.SearchWords) > 0:
		return q.mediaSearch(ctx, db, arg)
	case arg.SharedWith != nil:
		rows, err := q.MediaSharedPage(ctx, db, MediaSharedPageParams{
			MemberID: *arg.SharedWith, AthleteID: arg.AthleteID, MediaType: arg.MediaType, FavoritesOnly: arg.FavoritesOnly,
			BeforeDate: arg.BeforeDate, BeforeID: arg.BeforeID, MaxRows: arg.MaxRows,
		})
		return listItems(rows, err, func(r MediaSharedPageRow) MediaListItem { return MediaListItem(r) })
	}
	rows, err := q.MediaListPage(ctx, db, MediaListPageParams{
		AthleteID: arg.AthleteID, MediaType: arg.MediaType, FavoritesOnly: arg.FavoritesOnly,
		BeforeDate: arg.BeforeDate, BeforeID: arg.BeforeID, MaxRows: arg.MaxRows,
	})
	return listItems(rows, err, func(r MediaListPageRow) MediaListItem { return MediaListItem(r) })
}

// rareWordItems is where a search of the library stops walking the newest items and looks its
// words up in the search index instead, for the journal's reasons (rareWordEntries).
const rareWordItems = 300

// mediaSearch answers one page of a search as the journal's does: media_lexemes says how many items
// can match, and none answers at once, a few go to MediaSearchMatches (the search index), more to
// MediaSearchPage (the newest items first). The count is a round trip of its own, and a small
// price: MediaSearchPage is a large statement whose planning (about 1 ms, in a custom plan every
// time) was most of what a word nobody wrote cost (docs/PERFORMANCE.md, issue 25).
func (q *Queries) mediaSearch(ctx context.Context, db DBTX, arg MediaListForAthleteParams) ([]MediaListItem, error) {
	items, err := q.MediaSearchWordItems(ctx, db, MediaSearchWordItemsParams{AthleteID: arg.AthleteID, Words: arg.SearchWords, MaxWords: rareWordItems + 1})
	if err != nil {
		return nil, err
	}
	search := prefixQuery(arg.SearchWords)
	switch {
	case items == 0:
		return []MediaListItem{}, nil
	case items <= rareWordItems:
		rows, err := q.MediaSearchMatches(ctx, db, MediaSearchMatchesParams{
			AthleteID: arg.AthleteID, Search: search, MediaType: arg.MediaType,
			FavoritesOnly: arg.FavoritesOnly, SharedWith: arg.SharedWith,
			BeforeDate: arg.BeforeDate, BeforeID: arg.BeforeID, MaxRows: arg.MaxRows,
		})
		return listItems(rows, err, func(r MediaSearchMatchesRow) MediaListItem { return MediaListItem(r) })
	}
	rows, err := q.MediaSearchPage(ctx, db, MediaSearchPageParams{
		AthleteID: arg.AthleteID, Search: search, MediaType: arg.MediaType,
		FavoritesOnly: arg.FavoritesOnly, SharedWith: arg.SharedWith,
		BeforeDate: arg.BeforeDate, BeforeID: arg.BeforeID, MaxRows: arg.MaxRows,
	})
	return listItems(rows, err, func(r MediaSearchPageRow) MediaListItem { return MediaListItem(r) })
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
