package main

import (
	"fmt"

	"github.com/labstack/echo/v5"

	"legacylocker/store"
)

// collegeListItem is a college on the list's page with what its card shows: its contacts, the first
// page of its outreach log and, for a caller who edits, its coach links with their receipts. The
// recruiting page then asks once for every college on it, where it asked three times for each (on a
// phone at 150 ms a round trip, a family following ten schools waited for thirty requests).
type collegeListItem struct {
	collegeInterestResponse
	Contacts []collegeContactResponse `json:"contacts"`
	Outreach collegeOutreachPage      `json:"outreach"`
	// Links is null for a caller who may not edit: the links' own route answers them 403.
	Links []recruitingLinkResponse `json:"links"`
}

// collegeOutreachPage is the first page of a college's outreach log as GET
// /api/college-interests/{id}/outreach?limit=collegeOutreachFirstPage answers it: its entries, and the
// cursor of the next page (null on the last), the X-Next-Cursor that route sends.
type collegeOutreachPage struct {
	Items      []outreachResponse `json:"items"`
	NextCursor *string            `json:"nextCursor"`
}

// collegeOutreachFirstPage is how many entries of each college's log the list carries: as many as the
// card shows before "Show more".
const collegeOutreachFirstPage = 5

func toCollegeListItem(ci store.CollegeInterest) collegeListItem {
	return collegeListItem{collegeInterestResponse: toCollegeInterestResponse(ci), Contacts: []collegeContactResponse{},
		Outreach: collegeOutreachPage{Items: []outreachResponse{}}}
}

// withConversations fills a page of colleges with their contacts, the first page of their logs and,
// when the caller may edit, their links: three queries for the page, whatever its size. Every college
// listed is one the caller may view, and the contacts and logs ask no more (allow(view, …) on their
// own routes); the links ask to edit.
func (app *application) withConversations(c *echo.Context) func([]collegeListItem) error {
	return func(items []collegeListItem) error {
		if len(items) == 0 {
			return nil
		}
		ctx := c.Request().Context()
		ids := make([]int64, len(items))
		byID := make(map[int64]*collegeListItem, len(items))
		for i := range items {
			ids[i] = items[i].ID
			byID[ids[i]] = &items[i]
		}
		contacts, err := store.Q.CollegeContactListForColleges(ctx, app.pool, ids)
		if err != nil {
			return fmt.Errorf("listing the colleges' contacts: %w", err)
		}
		for _, ct := range contacts {
			item := byID[ct.CollegeInterestID]
			item.Contacts = append(item.Contacts, toCollegeContactResponse(ct))
		}
		logs, err := store.Q.CollegeOutreachFirstPages(ctx, app.pool, store.CollegeOutreachFirstPagesParams{CollegeIds: ids, MaxRows: collegeOutreachFirstPage + 1})
		if err != nil {
			return fmt.Errorf("listing the colleges' outreach: %w", err)
		}
		// The rows come college by college, each in its log's order, one more than a page where
		// there is a next page: its cursor is the last entry shown, as the log's own route writes it.
		shown := make(map[int64]store.CollegeOutreach, len(items))
		for _, o := range logs {
			page := &byID[o.CollegeInterestID].Outreach
			if len(page.Items) == collegeOutreachFirstPage {
				next := encodeCursor(outreachPages.list, outreachKey(shown[o.CollegeInterestID]))
				page.NextCursor = &next
				continue
			}
			page.Items = append(page.Items, toOutreachResponse(o))
			shown[o.CollegeInterestID] = o
		}
		if !athleteAccess(c).Can(store.ActionEditContent) {
			return nil
		}
		links, err := store.Q.RecruitingLinkListForColleges(ctx, app.pool, ids)
		if err != nil {
			return fmt.Errorf("listing the colleges' links: %w", err)
		}
		answered, err := app.withReceipts(c, links)
		if err != nil {
			return err
		}
		for i := range items {
			items[i].Links = []recruitingLinkResponse{}
		}
		for i, l := range links {
			item := byID[l.CollegeInterestID]
			item.Links = append(item.Links, answered[i])
		}
		return nil
	}
}
