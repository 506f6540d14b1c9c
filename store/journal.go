package store

import (
	"context"
	"strings"
	"time"
)

// JournalListForAthleteParams asks for one page of an athlete's journal, newest first. With
// SearchWords, only entries holding, for each of them, a word that starts with it (lower case,
// letters and digits only); the other filters combine with it.
type JournalListForAthleteParams struct {
	AthleteID      int64
	IncludePrivate bool
	// Author's own private entries are listed to them whatever IncludePrivate says.
	Author        *int64
	SearchWords   []string
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

// rareWordEntries is where a search stops walking the newest entries and looks its words up in
// the search index instead: a word on at most this many entries fills a page of 50 from the newest
// 1,000 only if nearly all of them are recent, and finding every one of them through the index
// costs about as much as that walk (10 µs an entry against 2 µs for each entry walked).
const rareWordEntries = 300

// JournalListForAthlete answers one page of an athlete's journal. A listing and a search need
// different plans, and one statement for both costs the listing a plan with branches it never
// runs (three times its planning time), so it is several queries chosen here rather than one with
// an optional search: JournalListPage walks the date index. A search first asks journal_lexemes
// how many entries can match: none answers at once, a few go to JournalSearchMatches (the search
// index), more to JournalSearchPage (the newest entries first; see its comment).
func (q *Queries) JournalListForAthlete(ctx context.Context, db DBTX, arg JournalListForAthleteParams) ([]JournalEntry, error) {
	if len(arg.SearchWords) == 0 {
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
	entries, err := q.JournalSearchWordEntries(ctx, db, JournalSearchWordEntriesParams{AthleteID: arg.AthleteID, Words: arg.SearchWords})
	if err != nil {
		return nil, err
	}
	search := prefixQuery(arg.SearchWords)
	switch {
	case entries == 0:
		return []JournalEntry{}, nil
	case entries <= rareWordEntries:
		return q.JournalSearchMatches(ctx, db, JournalSearchMatchesParams{
			AthleteID:      arg.AthleteID,
			IncludePrivate: arg.IncludePrivate,
			Author:         arg.Author,
			Search:         search,
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
		Search:         search,
		Tag:            arg.Tag,
		FavoritesOnly:  arg.FavoritesOnly,
		EnhancedBy:     arg.EnhancedBy,
		SharedWith:     arg.SharedWith,
		BeforeDate:     arg.BeforeDate,
		BeforeID:       arg.BeforeID,
		MaxRows:        arg.MaxRows,
	})
}

// prefixQuery is the to_tsquery ('simple') matching entries with, for each word, a word starting
// with it. The words are letters and digits only, so none needs quoting.
func prefixQuery(words []string) string {
	terms := make([]string, len(words))
	for i, w := range words {
		terms[i] = w + ":*"
	}
	return strings.Join(terms, " & ")
}
