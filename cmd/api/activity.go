package main

import (
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"legacylocker/store"
)

// "What's new" (issue 30): a member's feed of one athlete — entries, media, milestones and
// achievements added, the family's comments, and for owners and editors the reactions — of what
// they may see now, newest first, with what they have not seen yet marked and counted.

var activityPages = pages{list: "activity", size: 30, maxSize: 100}

// activityKey is a position in the feed: when, what kind, which row.
type activityKey struct {
	At   time.Time `json:"t"`
	Kind string    `json:"k"`
	ID   int64     `json:"i"`
}

type activityResponse struct {
	Kind         string    `json:"kind"` // journal, media, milestone, achievement, comment or reaction
	ID           int64     `json:"id"`
	At           time.Time `json:"at"`
	ActorName    string    `json:"actorName"` // "" when the item does not say who added it
	ItemType     string    `json:"itemType"`  // what a comment or reaction answers; the item itself otherwise
	ItemID       int64     `json:"itemId"`
	Title        string    `json:"title"`
	Excerpt      string    `json:"excerpt,omitempty"` // a comment's first words
	Emoji        string    `json:"emoji,omitempty"`
	MediaType    string    `json:"mediaType,omitempty"`
	ThumbnailURL *string   `json:"thumbnailUrl,omitempty"`
	Unread       bool      `json:"unread"`
}

// activityPage answers one page of the caller's feed of the athlete from after.
func (app *application) activityPage(c *echo.Context, after *activityKey, maxRows int32) ([]store.ActivityPageRow, error) {
	params := store.ActivityFor(athleteAccess(c), athleteID(c), maxRows)
	if after != nil {
		params.BeforeAt, params.BeforeKind, params.BeforeID = after.At, after.Kind, after.ID
	}
	rows, err := store.Q.ActivityPage(c.Request().Context(), app.pool, params)
	if err != nil {
		return nil, fmt.Errorf("reading the feed: %w", err)
	}
	return rows, nil
}

func (app *application) listActivity(c *echo.Context) error {
	ctx := c.Request().Context()
	seen, err := store.Q.ActivitySeenAt(ctx, app.pool, store.ActivitySeenAtParams{UserID: currentUser(c).ID, AthleteID: athleteID(c)})
	if err != nil {
		return fmt.Errorf("reading when the feed was seen: %w", err)
	}
	to := func(r store.ActivityPageRow) activityResponse {
		out := activityResponse{Kind: r.Kind, ID: r.ID, At: r.At, ActorName: r.ActorName, ItemType: r.ItemType, ItemID: r.ItemID,
			Title: r.Title, Excerpt: r.Excerpt, Emoji: r.Emoji, MediaType: r.MediaType, Unread: r.At.After(seen)}
		if r.ThumbnailKey != nil {
			u := uploadURL(*r.ThumbnailKey)
			out.ThumbnailURL = &u
		}
		return out
	}
	key := func(r store.ActivityPageRow) activityKey { return activityKey{At: r.At, Kind: r.Kind, ID: r.ID} }
	return listPage(c, activityPages, key, to, func(p page[activityKey]) ([]store.ActivityPageRow, error) {
		return app.activityPage(c, p.After, p.MaxRows())
	})
}

// maxUnread is how far the unread count counts; the navigation shows "99+" beyond.
const maxUnread = 100

// showUnreadActivity answers how many of the feed's newest rows came after the caller last looked.
func (app *application) showUnreadActivity(c *echo.Context) error {
	ctx := c.Request().Context()
	seen, err := store.Q.ActivitySeenAt(ctx, app.pool, store.ActivitySeenAtParams{UserID: currentUser(c).ID, AthleteID: athleteID(c)})
	if err != nil {
		return fmt.Errorf("reading when the feed was seen: %w", err)
	}
	rows, err := app.activityPage(c, nil, maxUnread)
	if err != nil {
		return err
	}
	unread := 0
	for _, r := range rows {
		if r.At.After(seen) {
			unread++
		}
	}
	return c.JSON(http.StatusOK, map[string]int{"unread": unread})
}

// markActivitySeen clears the unread count: the caller has looked.
func (app *application) markActivitySeen(c *echo.Context) error {
	err := store.Q.ActivityMarkSeen(c.Request().Context(), app.pool, store.ActivityMarkSeenParams{UserID: currentUser(c).ID, AthleteID: athleteID(c)})
	if err != nil {
		return fmt.Errorf("marking the feed seen: %w", err)
	}
	return c.JSON(http.StatusOK, map[string]int{"unread": 0})
}
