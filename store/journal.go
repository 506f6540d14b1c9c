package store

import (
	"context"
	"time"
)

// JournalListForAthleteParams asks for one page of an athlete's journal, newest first. Search,
// when set, is a to_tsquery in the 'simple' configuration; the other filters combine with it.
type JournalListForAthleteParams struct {
	AthleteID      int64
	IncludePrivate bool
	// Author's own private entries are listed to them whatever IncludePrivate says.
	Author        *int64
	Search        *string
	Tag           *string
	FavoritesOnly bool
	// EnhancedBy keeps the entries with an enhanced version made by this provider ("model": an AI
	// service, "basic": the offline cleanup).
	EnhancedBy *string
	SharedWith *int64
	BeforeDate *time.Time
	BeforeID   *int64
	// MaxRows is the page size plus one, so the caller can tell whether another page exists.
	MaxRows int32
}

// JournalListForAthlete answers one page of an athlete's journal. A listing and a search need
// different plans, and one statement for both costs the listing a plan with branches it never
// runs (three times its planning time), so it is two queries chosen here rather than one with
// an optional search: JournalListPage walks the date index; JournalSearchPage looks a word up in
// the search index unless the newest entries already fill the page (see its comment).
func (q *Queries) JournalListForAthlete(ctx context.Context, db DBTX, arg JournalListForAthleteParams) ([]JournalEntry, error) {
	if arg.Search == nil {
		return q.JournalListPage(ctx, db, JournalListPageParams{
			AthleteID:      arg.AthleteID,
			IncludePrivate: arg.IncludePrivate,
			Author:         arg.Author,
			Tag:            arg.Tag,
			FavoritesOnly:  arg.FavoritesOnly,
			EnhancedBy:     arg.EnhancedBy,
			SharedWith:     arg.SharedWith,
			BeforeDate:     arg.BeforeDate,
			BeforeID:       arg.BeforeID,
			MaxRows:        arg.MaxRows,
		})
	}
	return q.JournalSearchPage(ctx, db, JournalSearchPageParams{
		AthleteID:      arg.AthleteID,
		IncludePrivate: arg.IncludePrivate,
		Author:         arg.Author,
		Search:         *arg.Search,
		Tag:            arg.Tag,
		FavoritesOnly:  arg.FavoritesOnly,
		EnhancedBy:     arg.EnhancedBy,
		SharedWith:     arg.SharedWith,
		BeforeDate:     arg.BeforeDate,
		BeforeID:       arg.BeforeID,
		MaxRows:        arg.MaxRows,
	})
}
