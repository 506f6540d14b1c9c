package main

import (
	"context"
	"strconv"

	"legacylocker/store"
)

// responsesRoutes registers the family's answers to an item (its comments and each member's
// reaction), each member's feed of what is new and the digest e-mail of it. Whoever may view the item may answer it (viewers and limited members included, the
// latter on what was shared with them); nobody else learns it exists.
func (app *application) responsesRoutes(r routeGroups) {
	const view = store.ActionView
	for _, kind := range respondables {
		r.signedIn.GET("/"+kind.path+"/:id/comments", app.listComments(kind), app.allow(view, kind.items))
		r.signedIn.POST("/"+kind.path+"/:id/comments", app.createComment(kind), app.allow(view, kind.items))
		r.signedIn.PUT("/"+kind.path+"/:id/reaction", app.react(kind), app.allow(view, kind.items))
		r.signedIn.DELETE("/"+kind.path+"/:id/reaction", app.unreact(kind), app.allow(view, kind.items))
	}
	// A comment is seen exactly as its item is; who may change it, the handlers ask the access rules.
	r.signedIn.PUT("/comments/:id", app.updateComment, app.allow(view, comments))
	r.signedIn.DELETE("/comments/:id", app.deleteComment, app.allow(view, comments))

	// What's new: each member's feed of what they may see, and what of it they have not seen.
	r.signedIn.GET("/athletes/:id/activity", app.listActivity, app.allow(view, athlete("")))
	r.signedIn.GET("/athletes/:id/activity/unread", app.showUnreadActivity, app.allow(view, athlete("")))
	r.signedIn.PUT("/athletes/:id/activity/seen", app.markActivitySeen, app.allow(view, athlete("")))

	// The digest e-mail: the caller's choice per athlete they follow, and the one-click unsubscribe
	// (signed out: the token is the key).
	r.signedIn.GET("/user/digests", app.listDigestSettings)
	r.signedIn.PUT("/user/digests/:athleteId", app.updateDigestSetting)
	r.public.GET("/unsubscribe/:token", app.showUnsubscribe)
	r.public.POST("/unsubscribe/:token", app.unsubscribe)
}

// respondable is a kind of item the family may answer: its path under /api, its type as the
// responses tables name it, and its records (access.go).
type respondable struct {
	path, itemType string
	items          resource
	// id answers the loaded record's id.
	id func(record any) int64
}

var respondables = []respondable{
	{"journal", "journal", journalEntries, func(r any) int64 { return r.(store.JournalEntry).ID }},
	{"media", "media", mediaItems, func(r any) int64 { return r.(store.MediaItem).ID }},
	{"milestones", "milestone", milestones, func(r any) int64 { return r.(store.Milestone).ID }},
	{"achievements", "achievement", achievements, func(r any) int64 { return r.(store.Achievement).ID }},
}

// comments are seen as the item they answer: a comment on an entry that turned private, or in a
// section the family closed, is hidden with it.
var comments = resource{value: pathParam("id"), load: func(ctx context.Context, db store.DBTX, raw string) (any, store.Item, error) {
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		return nil, store.Item{}, store.ErrNotFound
	}
	comment, err := store.Q.CommentGetByID(ctx, db, id)
	if err := store.Translate(err); err != nil {
		return nil, store.Item{}, err
	}
	for _, kind := range respondables {
		if kind.itemType == comment.ItemType {
			_, item, err := kind.items.load(ctx, db, strconv.FormatInt(comment.ItemID, 10))
			return comment, item, err
		}
	}
	return nil, store.Item{}, store.ErrNotFound
}}
