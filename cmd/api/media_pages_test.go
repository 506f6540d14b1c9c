package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"
)

// seedLibrary inserts n ready items for the athlete in one statement, seven to a day (the id tells
// them apart): every third a video, every fifth a favourite, every tenth "Pitching practice".
func seedLibrary(t *testing.T, s *testServer, athlete int64, n int, keyPrefix string) {
	t.Helper()
	execSQL(t, s, `
		INSERT INTO media_items (athlete_id, title, description, media_date, media_type, mime_type, original_key, file_size, is_favorite, status, tags)
		SELECT $1::bigint, CASE WHEN g % 10 = 0 THEN 'Pitching practice ' ELSE 'Tip drill ' END || g, '',
		       date '2024-01-01' + g / 7, CASE WHEN g % 3 = 0 THEN 'video' ELSE 'image' END, 'image/jpeg',
		       $3 || g, 1000, g % 5 = 0, 'ready', ARRAY['family']
		FROM generate_series(1, $2::int) AS g`, athlete, n, keyPrefix)
}

// TestMediaLibraryInPages walks the library as the web app will: every item once, newest first,
// stable while items are uploaded between pages; filters, search and a limited member's shares
// inside the page, so every page but the last is full.
func TestMediaLibraryInPages(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	limited, limitedID := s.member(t, athlete, "limited@example.com", "limited", "friend")
	seedLibrary(t, s, athlete, 700, "lib-")
	media := fmt.Sprintf("/api/athletes/%d/media", athlete)
	order := `SELECT id FROM media_items WHERE athlete_id = $1 %s ORDER BY media_date DESC, id DESC`
	all := idsOf(t, s, fmt.Sprintf(order, ""), athlete)
	require.Len(t, all, 700)

	require.Equal(t, all, flatten(t, walkPages(t, owner, media, 60, nil)))

	got := flatten(t, walkPages(t, owner, media, 50, func(page int) {
		// New uploads land on the first page (today) and in the middle (an old date, at the
		// cursor's own day): none repeats or pushes an earlier item out.
		if page == 2 || page == 6 {
			seedLibrary(t, s, athlete, 30, fmt.Sprintf("new-%d-", page))
		}
	}))
	for _, id := range all {
		require.Contains(t, got, id, "an item that was there from the start was skipped")
	}
	now := idsOf(t, s, fmt.Sprintf(order, ""), athlete)
	require.Subset(t, now, got)

	for _, f := range []struct{ query, where string }{
		{"type=video", "AND media_type = 'video'"},
		{"favorite=true", "AND is_favorite"},
		{"type=video&favorite=true", "AND media_type = 'video' AND is_favorite"},
		{"q=pitch", "AND title LIKE 'Pitching%'"},
		{"q=PITCHING%20pr", "AND title LIKE 'Pitching practice%'"},
		{"q=pitch&type=image", "AND title LIKE 'Pitching%' AND media_type = 'image'"},
		{"date=2024-01-08", "AND media_date = '2024-01-08'"},
	} {
		want := idsOf(t, s, fmt.Sprintf(order, f.where), athlete)
		require.NotEmpty(t, want, f.query)
		require.Equal(t, want, flatten(t, walkPages(t, owner, media+"?"+f.query, 25, nil)), f.query)
	}

	// A limited member's pages are full pages of what was shared with them, not filtered remainders.
	shared := idsOf(t, s, `SELECT id FROM media_items WHERE athlete_id = $1 AND id % 11 = 0`, athlete)
	res := owner.do("PUT", fmt.Sprintf("/api/family-circle/%d/shares", limitedID), map[string]any{"journal": []int64{}, "media": shared})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	mine := fmt.Sprintf("AND id IN (SELECT item_id FROM family_shares WHERE member_id = %d AND item_type = 'media')", limitedID)
	require.Equal(t, idsOf(t, s, fmt.Sprintf(order, mine), athlete), flatten(t, walkPages(t, limited, media, 10, nil)))
	for _, q := range []string{"type=video", "q=pitch", "favorite=true&q=tip"} {
		where := map[string]string{"type=video": "AND media_type = 'video'", "q=pitch": "AND title LIKE 'Pitching%'",
			"favorite=true&q=tip": "AND is_favorite AND title LIKE 'Tip%'"}[q]
		want := idsOf(t, s, fmt.Sprintf(order, mine+" "+where), athlete)
		require.NotEmpty(t, want, q)
		require.Equal(t, want, flatten(t, walkPages(t, limited, media+"?"+q, 4, nil)), "limited, %s", q)
	}
}

// TestMediaSearchWords: a search matches the start of any word of the title, the description or
// the tags, every word it is given, whatever the case; one or two letters are a prefix like any
// other, never a piece from the middle of a word; symbols alone find nothing.
func TestMediaSearchWords(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	item := func(title, description string, tags ...string) int64 {
		var id int64
		require.NoError(t, s.pool.QueryRow(t.Context(), `
			INSERT INTO media_items (athlete_id, title, description, media_date, media_type, mime_type, original_key, file_size, tags, status)
			VALUES ($1, $2, $3, '2025-06-01', 'image', 'image/jpeg', gen_random_uuid()::text, 1, $4, 'ready') RETURNING id`,
			athlete, title, description, append([]string{}, tags...)).Scan(&id))
		return id
	}
	pitching := item("Pitching practice", "")
	bullpen := item("Bullpen", "Long toss and pitch counts")
	tagged := item("Saturday", "", "Tournament", "state-final")
	tip := item("Tip drill", "")
	item("Birthday cake", "")

	search := func(q string) []int64 {
		return flatten(t, walkPages(t, owner, fmt.Sprintf("/api/athletes/%d/media?q=%s", athlete, q), 60, nil))
	}
	require.ElementsMatch(t, []int64{pitching, bullpen}, search("pitch"), `"pitch" finds "Pitching practice" and a description`)
	require.ElementsMatch(t, []int64{pitching}, search("pitching%20PRAC"), "every word, any case")
	require.ElementsMatch(t, []int64{tagged}, search("tourn"), "tags")
	require.ElementsMatch(t, []int64{tagged}, search("final"), "a tag's words")
	require.ElementsMatch(t, []int64{pitching, bullpen}, search("p"), "one letter: words starting with it")
	require.ElementsMatch(t, []int64{tip}, search("ti"), "two letters: not the middle of Pitching")
	require.Empty(t, search("itch"), "never the middle of a word")
	require.Empty(t, search("zebra"))
	require.Empty(t, search("%25%20*%20!"), "symbols alone: nothing to look for, nothing found")
}

// TestMediaSummary counts the library by type and by month as the caller sees it: everything for
// the family, only the shares for a limited member, nothing when the section is private; and the
// counts follow uploads, favourites, new dates and deletions.
func TestMediaSummary(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	viewer, _ := s.member(t, athlete, "viewer@example.com", "viewer", "grandparent")
	limited, limitedID := s.member(t, athlete, "limited@example.com", "limited", "friend")
	summaryPath := fmt.Sprintf("/api/athletes/%d/media/summary", athlete)
	summary := func(c *client) mediaSummary {
		res := c.do("GET", summaryPath, nil)
		require.Equal(t, http.StatusOK, res.status, string(res.body))
		return decodeAs[mediaSummary](t, res)
	}
	// What counting the items afresh gives, in the answer's shape.
	expected := func(where string) mediaSummary {
		out := mediaSummary{Months: []mediaMonthSummary{}}
		rows, err := s.pool.Query(t.Context(), `SELECT to_char(media_date, 'YYYY-MM'), media_type, is_favorite FROM media_items
			WHERE athlete_id = $1 `+where+` ORDER BY media_date DESC`, athlete)
		require.NoError(t, err)
		defer rows.Close()
		for rows.Next() {
			var month, kind string
			var favorite bool
			require.NoError(t, rows.Scan(&month, &kind, &favorite))
			if n := len(out.Months); n == 0 || out.Months[n-1].Month != month {
				out.Months = append(out.Months, mediaMonthSummary{Month: month})
			}
			m := &out.Months[len(out.Months)-1]
			m.Total++
			m.ByType.add(kind, 1)
			out.Total++
			out.ByType.add(kind, 1)
			if favorite {
				out.Favorites++
			}
		}
		require.NoError(t, rows.Err())
		return out
	}

	require.Equal(t, mediaSummary{Months: []mediaMonthSummary{}}, summary(owner), "an empty library")
	seedLibrary(t, s, athlete, 400, "sum-")
	execSQL(t, s, `UPDATE media_items SET media_type = 'pdf' WHERE athlete_id = $1 AND id % 17 = 0`, athlete)
	whole := expected("")
	require.Equal(t, 400, int(whole.Total))
	require.Greater(t, len(whole.Months), 1)
	require.Equal(t, whole, summary(owner))
	require.Equal(t, whole, summary(viewer))

	upload := uploadPhoto(t, owner, athlete, testPNG(t))
	require.Equal(t, http.StatusOK, owner.do("PATCH", fmt.Sprintf("/api/media/%d/favorite", upload.ID), nil).status)
	require.Equal(t, http.StatusOK, owner.do("PUT", fmt.Sprintf("/api/media/%d", upload.ID), map[string]any{"title": "Moved", "date": "2019-02-03"}).status)
	require.Equal(t, http.StatusNoContent, owner.do("DELETE", fmt.Sprintf("/api/media/%d", idsOf(t, s, `SELECT id FROM media_items WHERE athlete_id = $1 ORDER BY id LIMIT 1`, athlete)[0]), nil).status)
	whole = expected("")
	require.Equal(t, whole, summary(owner))
	require.Equal(t, "2019-02", whole.Months[len(whole.Months)-1].Month)

	require.Equal(t, mediaSummary{Months: []mediaMonthSummary{}}, summary(limited), "nothing shared yet")
	shared := idsOf(t, s, `SELECT id FROM media_items WHERE athlete_id = $1 AND id % 9 = 0`, athlete)
	require.Equal(t, http.StatusOK, owner.do("PUT", fmt.Sprintf("/api/family-circle/%d/shares", limitedID), map[string]any{"journal": []int64{}, "media": shared}).status)
	require.Equal(t, expected("AND id % 9 = 0"), summary(limited))

	require.Equal(t, http.StatusOK, owner.do("PUT", fmt.Sprintf("/api/athletes/%d/privacy-settings", athlete), map[string]string{
		"journal": "family", "media": "private", "stats": "family", "milestones": "family", "recruiting": "family"}).status)
	require.Equal(t, mediaSummary{Months: []mediaMonthSummary{}}, summary(viewer), "a private library counts nothing for members")
	require.Equal(t, whole, summary(owner))
}

// TestMediaPageAnswersItemsAsTheirOwnAnswer: a page of the library reads only the columns its items'
// answers show (store.MediaListItem), so an item on any kind of page (the library, a search, a day,
// a limited member's shares) must answer exactly what the item's own answer does, every field set
// or none, with its comments and reactions.
func TestMediaPageAnswersItemsAsTheirOwnAnswer(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, ownerID := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	friend, friendID := s.member(t, athlete, "friend@example.com", "limited", "friend")
	execSQL(t, s, `
		INSERT INTO media_items (athlete_id, title, description, media_date, media_type, mime_type, original_key, file_size,
		                         thumbnail_key, rendition_key, width, height, duration, is_favorite, is_private, tags, status,
		                         status_reason, share_code, on_showcase, place_name)
		VALUES ($1, 'Keeper save', 'Diving, left post', '2025-03-14', 'video', 'video/quicktime', 'full.mov', 48000000,
		        'full-thumb.jpg', 'full-720p.mp4', 1920, 1080, 12.5, true, false, ARRAY['game', 'keeper'], 'ready',
		        'made from an older file', 'keeper-share-code', true, 'Austin, Texas'),
		       ($1, 'Keeper drill', '', '2025-03-14', 'pdf', 'application/pdf', 'plain.pdf', 1000,
		        NULL, NULL, NULL, NULL, NULL, false, false, '{}', 'processing', '', NULL, false, NULL)`, athlete)
	ids := idsOf(t, s, `SELECT id FROM media_items WHERE athlete_id = $1 ORDER BY id`, athlete)
	require.Len(t, ids, 2)
	execSQL(t, s, `INSERT INTO comments (athlete_id, author_id, item_type, item_id, body) VALUES ($1, $2, 'media', $3, 'Great save')`, athlete, ownerID, ids[0])
	friendUser := idsOf(t, s, `SELECT id FROM users WHERE email = 'friend@example.com'`)
	require.Len(t, friendUser, 1)
	execSQL(t, s, `INSERT INTO reactions (item_type, item_id, user_id, athlete_id, emoji) VALUES ('media', $3, $2, $1, '🔥'), ('media', $3, $4, $1, '👏')`,
		athlete, ownerID, ids[0], friendUser[0])
	shares := fmt.Sprintf("/api/family-circle/%d/shares", friendID)
	require.Equal(t, http.StatusOK, owner.do("PUT", shares, map[string]any{"journal": []int64{}, "media": ids}).status)

	media := fmt.Sprintf("/api/athletes/%d/media", athlete)
	for _, who := range []struct {
		name string
		c    *client
	}{{"owner", owner}, {"limited member", friend}} {
		for _, list := range []string{"", "?q=keeper", "?date=2025-03-14"} {
			res := who.c.do("GET", media+list, nil)
			require.Equal(t, http.StatusOK, res.status, string(res.body))
			var page []json.RawMessage
			require.NoError(t, json.Unmarshal(res.body, &page))
			require.Len(t, page, 2, "%s, %q", who.name, list)
			for i, id := range []int64{ids[1], ids[0]} {
				own := who.c.do("GET", fmt.Sprintf("/api/media/%d", id), nil)
				require.Equal(t, http.StatusOK, own.status, string(own.body))
				require.Equal(t, string(bytes.TrimSpace(own.body)), string(page[i]), "%s, %q, item %d", who.name, list, id)
			}
		}
	}
}
