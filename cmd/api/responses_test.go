package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// responsesMatrix: the family's comments and reactions. Whoever sees an item answers it, a limited
// member only what was shared with them (none of these items was); a comment is changed by its
// author alone and deleted by its author, the owner or an admin.
var responsesMatrix = matrixArea{
	outside: map[string]int{
		"GET /api/user/digests":            http.StatusUnauthorized, // the caller's own e-mail choices
		"PUT /api/user/digests/:athleteId": http.StatusUnauthorized,
		"GET /api/unsubscribe/:token":      http.StatusNotFound, // the token is the key
		"POST /api/unsubscribe/:token":     http.StatusNotFound,
	},
	rows: func(m *matrix) []matrixRoute {
		// One item of each kind serves the rows that only read it or answer it again.
		once := func(make func() int64) func() int64 {
			var id int64
			return func() int64 {
				if id == 0 {
					id = make()
				}
				return id
			}
		}
		entry := once(func() int64 {
			e := createEntry(m.t, m.owner, m.athlete, nil)
			require.Equal(m.t, http.StatusOK, m.owner.do("PUT", fmt.Sprintf("/api/journal/%d", e.ID), map[string]any{"isPrivate": false}).status)
			return e.ID
		})
		kinds := []struct {
			path    string
			id      func() int64
			limited int // what a limited member who was given nothing meets
		}{
			{"journal", entry, hidden},
			{"media", once(func() int64 { return uploadPhoto(m.t, m.owner, m.athlete, m.png).ID }), hidden},
			{"milestones", once(func() int64 {
				return m.created(fmt.Sprintf("/api/athletes/%d/milestones", m.athlete), map[string]string{"title": "First start", "date": "2026-03-14", "type": "achievement"})
			}), hidden},
			{"achievements", once(func() int64 {
				return m.created(fmt.Sprintf("/api/athletes/%d/achievements", m.athlete), map[string]any{"title": "All-State"})
			}), 0},
		}
		comment := func() any { return map[string]string{"body": "So proud of you!"} }
		heart := func() any { return map[string]string{"emoji": "❤️"} }
		var rows []matrixRoute
		for _, k := range kinds {
			answers := func(success int) [5]int {
				limited := k.limited
				if limited == 0 {
					limited = success
				}
				return [5]int{success, success, success, success, limited}
			}
			rows = append(rows,
				matrixRoute{route: "GET /api/" + k.path + "/:id/comments", path: pathOf("/api/"+k.path+"/%d/comments", k.id), body: noBody, want: answers(ok)},
				matrixRoute{route: "POST /api/" + k.path + "/:id/comments", path: pathOf("/api/"+k.path+"/%d/comments", k.id), body: comment, want: answers(created)},
				matrixRoute{route: "PUT /api/" + k.path + "/:id/reaction", path: pathOf("/api/"+k.path+"/%d/reaction", k.id), body: heart, want: answers(ok)},
				matrixRoute{route: "DELETE /api/" + k.path + "/:id/reaction", path: pathOf("/api/"+k.path+"/%d/reaction", k.id), body: noBody, want: answers(ok)},
			)
		}
		ownersComment := func() int64 { return m.created(fmt.Sprintf("/api/journal/%d/comments", entry()), comment()) }
		rows = append(rows,
			matrixRoute{route: "GET /api/athletes/:id/activity", path: m.athletePath("/activity"), body: noBody, want: everyoneSees},
			matrixRoute{route: "GET /api/athletes/:id/activity/unread", path: m.athletePath("/activity/unread"), body: noBody, want: everyoneSees},
			matrixRoute{route: "PUT /api/athletes/:id/activity/seen", path: m.athletePath("/activity/seen"), body: noBody, want: everyoneSees},
		)
		return append(rows,
			matrixRoute{route: "PUT /api/comments/:id", path: pathOf("/api/comments/%d", ownersComment), body: comment, want: [5]int{ok, denied, denied, denied, hidden}},
			matrixRoute{route: "DELETE /api/comments/:id", path: pathOf("/api/comments/%d", ownersComment), body: noBody, want: [5]int{deleted, deleted, denied, denied, hidden}},
		)
	},
}

// TestFamilyComments: a grandparent (viewer) comments on a shared photo; a limited member answers
// only what was shared with them; the item's answers count them; the author edits, the owner
// deletes; when the entry turns private its comments go from the members' view with it.
func TestFamilyComments(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	grandma, _ := s.member(t, athlete, "grandma@example.com", "viewer", "grandparent")
	friend, friendID := s.member(t, athlete, "friend@example.com", "limited", "friend")
	editor, _ := s.member(t, athlete, "editor@example.com", "editor", "parent")
	photo := uploadPhoto(t, owner, athlete, testPNG(t))
	comments := fmt.Sprintf("/api/media/%d/comments", photo.ID)

	res := grandma.do("POST", comments, map[string]string{"body": "  So proud of you!\nLove, Grandma  "})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	mine := res.json(t)
	assert.Equal(t, "So proud of you!\nLove, Grandma", mine["body"], "trimmed, line breaks kept")
	assert.Equal(t, true, mine["mine"])
	assert.Equal(t, true, mine["canDelete"])
	assert.Equal(t, false, mine["edited"])
	assert.NotContains(t, string(res.body), "grandma@example.com", "a comment shows its author's name, never their address")

	// Refusals in words.
	res = grandma.do("POST", comments, map[string]string{"body": "   "})
	require.Equal(t, http.StatusBadRequest, res.status)
	assert.Equal(t, msgCommentEmpty, res.message(t))
	res = grandma.do("POST", comments, map[string]string{"body": strings.Repeat("é", maxCommentRunes+1)})
	require.Equal(t, http.StatusBadRequest, res.status)
	assert.Equal(t, msgCommentTooLong, res.message(t))
	require.Equal(t, http.StatusCreated, grandma.do("POST", comments, map[string]string{"body": strings.Repeat("é", maxCommentRunes)}).status)

	// A limited member sees and answers the photo once it is shared with them, not before.
	require.Equal(t, http.StatusNotFound, friend.do("GET", comments, nil).status)
	require.Equal(t, http.StatusNotFound, friend.do("POST", comments, map[string]string{"body": "Nice"}).status)
	shares := fmt.Sprintf("/api/family-circle/%d/shares", friendID)
	require.Equal(t, http.StatusOK, owner.do("PUT", shares, map[string]any{"journal": []int64{}, "media": []int64{photo.ID}}).status)
	require.Equal(t, http.StatusCreated, friend.do("POST", comments, map[string]string{"body": "<b>Nice</b> https://example.com"}).status)

	list := listOf(t, owner.do("GET", comments, nil))
	require.Len(t, list, 3)
	assert.Equal(t, "<b>Nice</b> https://example.com", list[2]["body"], "text is kept as written: the app shows it as text")
	assert.Equal(t, false, list[0]["mine"], "the owner did not write it")
	assert.Equal(t, true, list[0]["canDelete"], "the owner may delete any comment")
	assert.NotEmpty(t, list[0]["authorName"])

	// The author edits their own; nobody else may, the editor cannot delete it either.
	id := int64(mine["id"].(float64))
	res = editor.do("PUT", fmt.Sprintf("/api/comments/%d", id), map[string]string{"body": "Changed"})
	require.Equal(t, http.StatusForbidden, res.status)
	require.Equal(t, http.StatusForbidden, editor.do("DELETE", fmt.Sprintf("/api/comments/%d", id), nil).status)
	res = grandma.do("PUT", fmt.Sprintf("/api/comments/%d", id), map[string]string{"body": "So very proud of you!"})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	assert.Equal(t, "So very proud of you!", res.json(t)["body"])

	// The library's answer counts them, for each caller.
	items := listOf(t, grandma.do("GET", fmt.Sprintf("/api/athletes/%d/media", athlete), nil))
	require.Len(t, items, 1)
	assert.EqualValues(t, 3, items[0]["commentCount"])
	assert.EqualValues(t, 3, grandma.do("GET", fmt.Sprintf("/api/media/%d", photo.ID), nil).json(t)["commentCount"])

	// The owner deletes the limited member's comment.
	require.Equal(t, http.StatusNoContent, owner.do("DELETE", fmt.Sprintf("/api/comments/%d", int64(list[2]["id"].(float64))), nil).status)
	assert.Len(t, listOf(t, owner.do("GET", comments, nil)), 2)

	// Comments on a journal entry go from the members' view when it turns private.
	entry := createEntry(t, owner, athlete, nil)
	require.Equal(t, http.StatusOK, owner.do("PUT", fmt.Sprintf("/api/journal/%d", entry.ID), map[string]any{"isPrivate": false}).status)
	entryComments := fmt.Sprintf("/api/journal/%d/comments", entry.ID)
	res = grandma.do("POST", entryComments, map[string]string{"body": "What a day"})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	entryComment := int64(res.json(t)["id"].(float64))
	require.Equal(t, http.StatusOK, owner.do("PUT", fmt.Sprintf("/api/journal/%d", entry.ID), map[string]any{"isPrivate": true}).status)
	assert.Equal(t, http.StatusNotFound, grandma.do("GET", entryComments, nil).status)
	assert.Equal(t, http.StatusNotFound, grandma.do("PUT", fmt.Sprintf("/api/comments/%d", entryComment), map[string]string{"body": "x"}).status)
	assert.Len(t, listOf(t, owner.do("GET", entryComments, nil)), 1, "the owner still sees it")

	// A closed section takes its comments with it.
	settings := fmt.Sprintf("/api/athletes/%d/privacy-settings", athlete)
	require.Equal(t, http.StatusOK, owner.do("PUT", settings, map[string]string{"journal": "family", "media": "private", "stats": "family", "milestones": "family", "recruiting": "family"}).status)
	assert.Equal(t, http.StatusNotFound, grandma.do("GET", comments, nil).status)

	// Deleting the item deletes its comments.
	require.Equal(t, http.StatusNoContent, owner.do("DELETE", fmt.Sprintf("/api/media/%d", photo.ID), nil).status)
	var left int
	require.NoError(t, s.pool.QueryRow(t.Context(), `SELECT count(*) FROM comments WHERE item_type = 'media' AND item_id = $1`, photo.ID).Scan(&left))
	assert.Zero(t, left)
}

// TestCommentPages: an item's comments come a page at a time, oldest first, with the list's cursor.
func TestCommentPages(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	entry := createEntry(t, owner, athlete, nil)
	path := fmt.Sprintf("/api/journal/%d/comments", entry.ID)
	for i := range 5 {
		require.Equal(t, http.StatusCreated, owner.do("POST", path, map[string]string{"body": fmt.Sprintf("Comment %d", i)}).status)
	}
	first := owner.do("GET", path+"?limit=3", nil)
	require.Equal(t, http.StatusOK, first.status)
	page := listOf(t, first)
	require.Len(t, page, 3)
	assert.Equal(t, "Comment 0", page[0]["body"])
	next := first.header.Get(nextCursorHeader)
	require.NotEmpty(t, next)
	second := listOf(t, owner.do("GET", path+"?limit=3&cursor="+next, nil))
	require.Len(t, second, 2)
	assert.Equal(t, "Comment 4", second[1]["body"])
}

// TestReactions: one reaction per person per item, from the fixed set; the item's answers count them
// and say the caller's own.
func TestReactions(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	grandma, _ := s.member(t, athlete, "grandma@example.com", "viewer", "grandparent")
	res := owner.do("POST", fmt.Sprintf("/api/athletes/%d/milestones", athlete), map[string]string{"title": "First start", "date": "2026-03-14", "type": "achievement"})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	reaction := fmt.Sprintf("/api/milestones/%v/reaction", res.json(t)["id"])

	res = grandma.do("PUT", reaction, map[string]string{"emoji": "👍"})
	require.Equal(t, http.StatusBadRequest, res.status)
	assert.Equal(t, "Choose one of ❤️ 👏 🔥 💪 😂 😮", res.message(t))

	require.Equal(t, http.StatusOK, grandma.do("PUT", reaction, map[string]string{"emoji": "❤️"}).status)
	res = owner.do("PUT", reaction, map[string]string{"emoji": "❤️"})
	require.Equal(t, http.StatusOK, res.status)
	assert.Equal(t, map[string]any{"counts": map[string]any{"❤️": 2.0}, "mine": "❤️"}, res.json(t))
	res = grandma.do("PUT", reaction, map[string]string{"emoji": "🔥"})
	assert.Equal(t, map[string]any{"counts": map[string]any{"❤️": 1.0, "🔥": 1.0}, "mine": "🔥"}, res.json(t), "a second reaction replaces the first")

	milestones := listOf(t, grandma.do("GET", fmt.Sprintf("/api/athletes/%d/milestones", athlete), nil))
	require.Len(t, milestones, 1)
	assert.Equal(t, map[string]any{"counts": map[string]any{"❤️": 1.0, "🔥": 1.0}, "mine": "🔥"}, milestones[0]["reactions"])
	assert.EqualValues(t, 0, milestones[0]["commentCount"])

	res = grandma.do("DELETE", reaction, nil)
	require.Equal(t, http.StatusOK, res.status)
	assert.Equal(t, map[string]any{"counts": map[string]any{"❤️": 1.0}, "mine": nil}, res.json(t))
	require.Equal(t, http.StatusOK, grandma.do("DELETE", reaction, nil).status, "taking back what is not there is done")
}

// TestActivityFeed: each member's feed holds what others added that the member may see now, newest
// first, a page at a time, with what came since they last looked counted as unread.
func TestActivityFeed(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.startWorkers(t) // a photo is news once it is processed
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	grandma, _ := s.member(t, athlete, "grandma@example.com", "viewer", "grandparent")
	friend, friendID := s.member(t, athlete, "friend@example.com", "limited", "friend")
	feed := func(c *client) []map[string]any {
		return listOf(t, c.do("GET", fmt.Sprintf("/api/athletes/%d/activity", athlete), nil))
	}
	unread := func(c *client) any {
		res := c.do("GET", fmt.Sprintf("/api/athletes/%d/activity/unread", athlete), nil)
		require.Equal(t, http.StatusOK, res.status, string(res.body))
		return res.json(t)["unread"]
	}
	kinds := func(items []map[string]any) []string {
		var out []string
		for _, it := range items {
			out = append(out, fmt.Sprintf("%s:%s", it["kind"], it["title"]))
		}
		return out
	}

	entry := createEntry(t, owner, athlete, map[string]any{"title": "Regional final"})
	require.Equal(t, http.StatusOK, owner.do("PUT", fmt.Sprintf("/api/journal/%d", entry.ID), map[string]any{"isPrivate": false}).status)
	secret := createEntry(t, owner, athlete, map[string]any{"title": "Secret worries"}) // private: the owner's alone
	_ = secret
	photo := uploadPhoto(t, owner, athlete, testPNG(t))
	waitJobsDone(t, s)
	res := owner.do("POST", fmt.Sprintf("/api/athletes/%d/milestones", athlete), map[string]string{"title": "First start", "date": "2026-03-14", "type": "achievement"})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))

	require.Equal(t, []string{"milestone:First start", "media:" + photo.Title, "journal:Regional final"}, kinds(feed(grandma)))
	assert.EqualValues(t, 3, unread(grandma))
	assert.Empty(t, feed(owner), "nobody is told what they did themselves")
	assert.Empty(t, feed(friend), "nothing was shared with the limited member")

	// Grandma answers the photo: the owner hears of the comment and the reaction.
	require.Equal(t, http.StatusCreated, grandma.do("POST", fmt.Sprintf("/api/media/%d/comments", photo.ID), map[string]string{"body": "Look at that swing!"}).status)
	require.Equal(t, http.StatusOK, grandma.do("PUT", fmt.Sprintf("/api/media/%d/reaction", photo.ID), map[string]string{"emoji": "👏"}).status)
	ownerFeed := feed(owner)
	require.Len(t, ownerFeed, 2)
	assert.Equal(t, "reaction", ownerFeed[0]["kind"])
	assert.Equal(t, "👏", ownerFeed[0]["emoji"])
	assert.Equal(t, "comment", ownerFeed[1]["kind"])
	assert.Equal(t, "Look at that swing!", ownerFeed[1]["excerpt"])
	assert.Equal(t, photo.Title, ownerFeed[1]["title"], "a comment names what it answers")
	assert.Equal(t, true, ownerFeed[1]["unread"])
	assert.NotEmpty(t, ownerFeed[1]["actorName"])
	assert.EqualValues(t, 2, unread(owner))

	// Looking clears the count; what comes after is unread again.
	res = grandma.do("PUT", fmt.Sprintf("/api/athletes/%d/activity/seen", athlete), nil)
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	assert.EqualValues(t, 0, unread(grandma))
	assert.Equal(t, false, feed(grandma)[0]["unread"])
	require.Equal(t, http.StatusCreated, owner.do("POST", fmt.Sprintf("/api/journal/%d/comments", entry.ID), map[string]string{"body": "Thanks, Mom"}).status)
	assert.EqualValues(t, 1, unread(grandma))
	assert.NotContains(t, kinds(feed(grandma)), "reaction:"+photo.Title, "reactions reach owners and editors only")

	// The limited member hears of the photo once it is shared, with the family's comment on it.
	shares := fmt.Sprintf("/api/family-circle/%d/shares", friendID)
	require.Equal(t, http.StatusOK, owner.do("PUT", shares, map[string]any{"journal": []int64{}, "media": []int64{photo.ID}}).status)
	assert.Equal(t, []string{"comment:" + photo.Title, "media:" + photo.Title}, kinds(feed(friend)))

	// An entry that turns private leaves the members' feeds, with its comments.
	require.Equal(t, http.StatusOK, owner.do("PUT", fmt.Sprintf("/api/journal/%d", entry.ID), map[string]any{"isPrivate": true}).status)
	for _, k := range kinds(feed(grandma)) {
		assert.NotContains(t, k, "Regional final")
	}

	// A page at a time.
	first := grandma.do("GET", fmt.Sprintf("/api/athletes/%d/activity?limit=1", athlete), nil)
	require.Len(t, listOf(t, first), 1)
	next := first.header.Get(nextCursorHeader)
	require.NotEmpty(t, next)
	second := listOf(t, grandma.do("GET", fmt.Sprintf("/api/athletes/%d/activity?limit=1&cursor=%s", athlete, next), nil))
	require.Len(t, second, 1)
	assert.NotEqual(t, listOf(t, first)[0]["kind"], second[0]["kind"])
}
