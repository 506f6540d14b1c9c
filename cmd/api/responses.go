package main

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/labstack/echo/v5"

	"legacylocker/store"
)

// The family's answers to an item (issue 30): comments (text only, shown as text) and one reaction
// per person from a small fixed set. An item's answers carry its commentCount and reactions.

const (
	msgCommentEmpty   = "Write a comment first"
	msgCommentTooLong = "A comment is at most 2,000 characters"
	maxCommentRunes   = 2000
)

// reactionEmoji is the fixed set a reaction is one of, in the order the app shows them.
var reactionEmoji = []string{"❤️", "👏", "🔥", "💪", "😂", "😮"}

var commentPages = pages{list: "comments", size: 50, maxSize: 200}

type commentResponse struct {
	ID         int64     `json:"id"`
	Body       string    `json:"body"`
	AuthorName string    `json:"authorName"`
	CreatedAt  time.Time `json:"createdAt"`
	UpdatedAt  time.Time `json:"updatedAt"`
	Edited     bool      `json:"edited"`
	// Mine: the caller wrote it and may edit it; CanDelete: the caller may delete it (its author,
	// the athlete's owner or an admin).
	Mine      bool `json:"mine"`
	CanDelete bool `json:"canDelete"`
}

func toCommentResponse(c store.CommentGetByIDRow, access store.Access) commentResponse {
	return commentResponse{ID: c.ID, Body: c.Body, AuthorName: c.AuthorName, CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt,
		Edited: c.UpdatedAt.Sub(c.CreatedAt) > time.Second, Mine: access.MayEditComment(c.AuthorID), CanDelete: access.MayDeleteComment(c.AuthorID)}
}

// reactionsResponse is an item's reactions: how many of each emoji, and the caller's own ("" none).
type reactionsResponse struct {
	Counts map[string]int `json:"counts"`
	Mine   *string        `json:"mine"`
}

func (app *application) listComments(kind respondable) echo.HandlerFunc {
	return func(c *echo.Context) error {
		itemID, access := kind.id(c.Get(ctxRecord)), athleteAccess(c)
		to := func(row store.CommentListPageRow) commentResponse {
			return toCommentResponse(store.CommentGetByIDRow(row), access)
		}
		key := func(row store.CommentListPageRow) idKey { return idKey{ID: row.ID} }
		return listPage(c, commentPages, key, to, func(p page[idKey]) ([]store.CommentListPageRow, error) {
			return store.Q.CommentListPage(c.Request().Context(), app.pool, store.CommentListPageParams{
				ItemType: kind.itemType, ItemID: itemID, AfterID: p.After.keyset(), MaxRows: p.MaxRows()})
		})
	}
}

// readCommentBody reads {body}: 1 to 2,000 characters once trimmed, line breaks kept.
func readCommentBody(c *echo.Context) (string, error) {
	var in struct {
		Body string `json:"body"`
	}
	if err := readJSON(c, &in); err != nil {
		return "", err
	}
	body := strings.TrimSpace(in.Body)
	v := validator{}
	v.required(body, "body", msgCommentEmpty)
	v.check(utf8.RuneCountInString(body) <= maxCommentRunes, "body", msgCommentTooLong)
	if !v.valid() {
		return "", fieldErrors(v)
	}
	return body, nil
}

func (app *application) createComment(kind respondable) echo.HandlerFunc {
	return func(c *echo.Context) error {
		body, err := readCommentBody(c)
		if err != nil {
			return err
		}
		ctx := c.Request().Context()
		id, err := store.Q.CommentCreate(ctx, app.pool, store.CommentCreateParams{AthleteID: athleteID(c), AuthorID: currentUser(c).ID,
			ItemType: kind.itemType, ItemID: kind.id(c.Get(ctxRecord)), Body: body})
		if err != nil {
			return fmt.Errorf("saving the comment: %w", err)
		}
		comment, err := store.Q.CommentGetByID(ctx, app.pool, id)
		if err != nil {
			return fmt.Errorf("reading the comment: %w", err)
		}
		return c.JSON(http.StatusCreated, toCommentResponse(comment, athleteAccess(c)))
	}
}

func (app *application) updateComment(c *echo.Context) error {
	comment := loaded[store.CommentGetByIDRow](c)
	if !athleteAccess(c).MayEditComment(comment.AuthorID) {
		return forbiddenSaying("Only the comment's author can change it")
	}
	body, err := readCommentBody(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	if err := store.Q.CommentUpdate(ctx, app.pool, store.CommentUpdateParams{ID: comment.ID, Body: body}); err != nil {
		return fmt.Errorf("saving the comment: %w", err)
	}
	comment, err = store.Q.CommentGetByID(ctx, app.pool, comment.ID)
	if err != nil {
		return fmt.Errorf("reading the comment: %w", err)
	}
	return c.JSON(http.StatusOK, toCommentResponse(comment, athleteAccess(c)))
}

func (app *application) deleteComment(c *echo.Context) error {
	comment := loaded[store.CommentGetByIDRow](c)
	if !athleteAccess(c).MayDeleteComment(comment.AuthorID) {
		return forbiddenSaying("Only the comment's author, the athlete's owner or an admin can delete it")
	}
	if err := store.Q.CommentDelete(c.Request().Context(), app.pool, comment.ID); err != nil {
		return fmt.Errorf("deleting the comment: %w", err)
	}
	return c.NoContent(http.StatusNoContent)
}

func (app *application) react(kind respondable) echo.HandlerFunc {
	return func(c *echo.Context) error {
		var in struct {
			Emoji string `json:"emoji"`
		}
		if err := readJSON(c, &in); err != nil {
			return err
		}
		if !slices.Contains(reactionEmoji, in.Emoji) {
			return fieldErrors(validator{"emoji": "Choose one of " + strings.Join(reactionEmoji, " ")})
		}
		ctx := c.Request().Context()
		itemID := kind.id(c.Get(ctxRecord))
		err := store.Q.ReactionSet(ctx, app.pool, store.ReactionSetParams{ItemType: kind.itemType, ItemID: itemID,
			UserID: currentUser(c).ID, AthleteID: athleteID(c), Emoji: in.Emoji})
		if err != nil {
			return fmt.Errorf("saving the reaction: %w", err)
		}
		return app.answerReactions(c, kind, itemID)
	}
}

func (app *application) unreact(kind respondable) echo.HandlerFunc {
	return func(c *echo.Context) error {
		itemID := kind.id(c.Get(ctxRecord))
		err := store.Q.ReactionDelete(c.Request().Context(), app.pool, store.ReactionDeleteParams{ItemType: kind.itemType, ItemID: itemID, UserID: currentUser(c).ID})
		if err != nil {
			return fmt.Errorf("removing the reaction: %w", err)
		}
		return app.answerReactions(c, kind, itemID)
	}
}

func (app *application) answerReactions(c *echo.Context, kind respondable, itemID int64) error {
	answers, err := app.responsesFor(c, kind.itemType, []int64{itemID})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, answers[0].Reactions)
}

// itemResponses is what an item's answer carries of the family's answers to it.
type itemResponses struct {
	CommentCount int               `json:"commentCount"`
	Reactions    reactionsResponse `json:"reactions"`
}

// noReactions is the counts of every item nobody reacted to: shared, so a page of quiet items costs
// no map each, and never written (responsesFor gives an item its own map at its first reaction).
var noReactions = map[string]int{}

// responsesFor answers the comment counts and reactions of a page of items of one type, for the
// caller, in one query: the answer to ids[i] at i.
func (app *application) responsesFor(c *echo.Context, itemType string, ids []int64) ([]itemResponses, error) {
	rows, err := store.Q.ResponsesForItems(c.Request().Context(), app.pool, store.ResponsesForItemsParams{
		ItemType: itemType, Caller: currentUser(c).ID, ItemIds: ids})
	if err != nil {
		return nil, fmt.Errorf("counting the answers to %s items: %w", itemType, err)
	}
	out := make([]itemResponses, len(ids))
	for i := range out {
		out[i].Reactions.Counts = noReactions
	}
	if len(rows) == 0 {
		return out, nil
	}
	at := make(map[int64]int, len(ids))
	for i, id := range ids {
		at[id] = i
	}
	for _, r := range rows {
		answer := &out[at[r.ItemID]]
		if r.Emoji == "" {
			answer.CommentCount = int(r.N)
			continue
		}
		if len(answer.Reactions.Counts) == 0 {
			answer.Reactions.Counts = map[string]int{}
		}
		answer.Reactions.Counts[r.Emoji] = int(r.N)
		if r.Mine {
			answer.Reactions.Mine = &r.Emoji
		}
	}
	return out, nil
}

// Responses is what an item's answer carries of the family's answers to it: on the lists and the
// item's own answer; left out where an answer does not say (the answer to an edit).
type Responses struct {
	CommentCount *int               `json:"commentCount,omitempty"`
	Reactions    *reactionsResponse `json:"reactions,omitempty"`
}

// withResponses completes a page (or one answer) of items of itemType with their comment counts
// and reactions, read in one query; of finds an answer's item id and its Responses.
func withResponses[Out any](app *application, c *echo.Context, itemType string, of func(*Out) (int64, *Responses)) func([]Out) error {
	return func(out []Out) error {
		if len(out) == 0 {
			return nil
		}
		ids := make([]int64, len(out))
		for i := range out {
			ids[i], _ = of(&out[i])
		}
		answers, err := app.responsesFor(c, itemType, ids)
		if err != nil {
			return err
		}
		for i := range out {
			_, r := of(&out[i])
			r.CommentCount, r.Reactions = &answers[i].CommentCount, &answers[i].Reactions
		}
		return nil
	}
}
