package main

import (
	"context"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// pageOf is what every paged list's rows share: an id.
type pageOf struct {
	ID int64 `json:"id"`
}

// walkPages follows X-Next-Cursor from path to the last page and answers every page's ids. Every
// page but the last must be full (limit rows); between(n) runs before the page after the n-th.
func walkPages(t *testing.T, c *client, path string, limit int, between func(page int)) [][]int64 {
	t.Helper()
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	var pages [][]int64
	cursor := ""
	for {
		query := fmt.Sprintf("%slimit=%d", sep, limit)
		if cursor != "" {
			query += "&cursor=" + url.QueryEscape(cursor)
		}
		res := c.do("GET", path+query, nil)
		require.Equal(t, http.StatusOK, res.status, string(res.body))
		rows := decodeAs[[]pageOf](t, res)
		ids := make([]int64, len(rows))
		for i, r := range rows {
			ids[i] = r.ID
		}
		pages = append(pages, ids)
		cursor = res.header.Get(nextCursorHeader)
		if cursor == "" {
			return pages
		}
		require.Len(t, ids, limit, "page %d of %s is not full but another follows", len(pages), path)
		require.Less(t, len(pages), 1000, "the pages of %s never end", path)
		if between != nil {
			between(len(pages))
		}
	}
}

// flatten answers the pages' ids in order, failing when one appears twice.
func flatten(t *testing.T, pages [][]int64) []int64 {
	t.Helper()
	var all []int64
	seen := map[int64]bool{}
	for i, p := range pages {
		for _, id := range p {
			require.False(t, seen[id], "id %d appears twice (again on page %d)", id, i+1)
			seen[id] = true
			all = append(all, id)
		}
	}
	return all
}

// idsOf answers the ids a query selects, in its order.
func idsOf(t *testing.T, s *testServer, sql string, args ...any) []int64 {
	t.Helper()
	rows, err := s.pool.Query(context.Background(), sql, args...)
	require.NoError(t, err)
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		require.NoError(t, rows.Scan(&id))
		ids = append(ids, id)
	}
	require.NoError(t, rows.Err())
	return ids
}

// execSQL runs one statement of a test's setup.
func execSQL(t *testing.T, s *testServer, sql string, args ...any) {
	t.Helper()
	_, err := s.pool.Exec(context.Background(), sql, args...)
	require.NoError(t, err)
}

// pagedList is one of the athlete's paged lists, as a test fills and reads it.
type pagedList struct {
	// path is the list's URL with the athlete's id as its one %d.
	name, path string
	// seed inserts n rows for the athlete, several sharing each sort position but the id.
	seed string
	// order selects the athlete's ids in the list's order.
	order string
	// section is the privacy section a limited member must be given ("" for none: everyone sees it).
	section string
}

var athleteLists = []pagedList{
	{"milestones", "/api/athletes/%d/milestones",
		`INSERT INTO milestones (athlete_id, title, milestone_date, milestone_type) SELECT $1, 'M' || g, date '2024-01-01' + g / 4, 'other' FROM generate_series(1, $2::int) g`,
		`SELECT id FROM milestones WHERE athlete_id = $1 ORDER BY milestone_date DESC, id DESC`, "milestones"},
	{"events", "/api/athletes/%d/events",
		`INSERT INTO events (athlete_id, title, event_type, start_date) SELECT $1, 'E' || g, 'game', timestamptz '2024-01-01 18:00Z' + (g / 4) * interval '1 day' FROM generate_series(1, $2::int) g`,
		`SELECT id FROM events WHERE athlete_id = $1 ORDER BY start_date, id`, "recruiting"},
	{"college interests", "/api/athletes/%d/college-interests",
		`INSERT INTO college_interests (athlete_id, name, interest) SELECT $1, 'C' || g, 1 + g % 5 FROM generate_series(1, $2::int) g`,
		`SELECT id FROM college_interests WHERE athlete_id = $1 ORDER BY interest DESC, id`, "recruiting"},
	{"achievements", "/api/athletes/%d/achievements",
		`INSERT INTO achievements (athlete_id, title, achieved_on, category, template) SELECT $1, 'A' || g, date '2024-01-01' + g / 4, 'game', 'standard' FROM generate_series(1, $2::int) g`,
		`SELECT id FROM achievements WHERE athlete_id = $1 ORDER BY achieved_on DESC, id DESC`, ""},
	{"stats games", "/api/stats/games/%d",
		`INSERT INTO stats_games (athlete_id, sport, source, opponent, game_date) SELECT $1, 'baseball', 'manual', 'G' || g, date '2024-01-01' + g / 4 FROM generate_series(1, $2::int) g`,
		`SELECT id FROM stats_games WHERE athlete_id = $1 ORDER BY game_date DESC, id DESC`, "stats"},
	{"qr codes", "/api/athletes/%d/qr-codes",
		`INSERT INTO qr_codes (athlete_id, code, title, target_url) SELECT $1, gen_random_uuid()::text, 'Q' || g, 'https://example.com/' || g FROM generate_series(1, $2::int) g`,
		`SELECT id FROM qr_codes WHERE athlete_id = $1 ORDER BY id DESC`, ""},
}

// TestListsInPages walks each of the athlete's paged lists: every row exactly once in the list's
// order (rows at one date or interest told apart by id), rows added between pages never repeating
// or pushing an earlier one onto a later page, and a limited member seeing whole pages only when
// the family shares the section with them.
func TestListsInPages(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	limited, limitedID := s.member(t, athlete, "limited@example.com", "limited", "friend")
	viewer, _ := s.member(t, athlete, "viewer@example.com", "viewer", "grandparent")
	for _, list := range athleteLists {
		t.Run(list.name, func(t *testing.T) {
			execSQL(t, s, list.seed, athlete, 103)
			path := fmt.Sprintf(list.path, athlete)
			want := idsOf(t, s, list.order, athlete)
			require.Len(t, want, 103)
			require.Equal(t, want, flatten(t, walkPages(t, owner, path, 10, nil)))
			require.Equal(t, want, flatten(t, walkPages(t, viewer, path, 200, nil)), "one page of all")

			// Rows added between pages: each row that was there is listed once, in order.
			got := flatten(t, walkPages(t, owner, path, 10, func(page int) {
				if page == 3 {
					execSQL(t, s, list.seed, athlete, 9)
				}
			}))
			now := idsOf(t, s, list.order, athlete)
			require.Subset(t, now, got)
			require.True(t, slices.IsSortedFunc(got, func(a, b int64) int { return slices.Index(now, a) - slices.Index(now, b) }), "out of order")
			for _, id := range want {
				require.Contains(t, got, id, "a row that was there before was skipped")
			}

			count := len(now)
			if list.section == "" {
				require.Len(t, flatten(t, walkPages(t, limited, path, 25, nil)), count, "every member sees the whole list")
				return
			}
			require.Empty(t, flatten(t, walkPages(t, limited, path, 25, nil)), "not shared with the limited member")
			share := map[string]any{"journal": []int64{}, "media": []int64{}, list.section: true}
			require.Equal(t, http.StatusOK, owner.do("PUT", fmt.Sprintf("/api/family-circle/%d/shares", limitedID), share).status)
			require.Equal(t, now, flatten(t, walkPages(t, limited, path, 25, nil)), "shared: whole pages")
			require.Equal(t, http.StatusOK, owner.do("PUT", fmt.Sprintf("/api/family-circle/%d/shares", limitedID),
				map[string]any{"journal": []int64{}, "media": []int64{}}).status)
		})
	}
}

// TestPageRequestsChecked: a bad limit or cursor answers 400 with a message on every paged list,
// a cursor of one list is refused by another, and the default page size applies.
func TestPageRequestsChecked(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	execSQL(t, s, athleteLists[0].seed, athlete, 60)
	execSQL(t, s, `INSERT INTO media_items (athlete_id, title, media_date, media_type, mime_type, original_key, file_size, status)
		SELECT $1, 'Item ' || g, date '2024-01-01' + g / 7, 'image', 'image/jpeg', 'k-' || g, 1, 'ready' FROM generate_series(1, $2::int) g`, athlete, 250)

	milestones := fmt.Sprintf("/api/athletes/%d/milestones", athlete)
	media := fmt.Sprintf("/api/athletes/%d/media", athlete)
	res := owner.do("GET", milestones, nil)
	require.Len(t, decodeAs[[]pageOf](t, res), 50, "milestones' default page")
	milestoneCursor := res.header.Get(nextCursorHeader)
	require.NotEmpty(t, milestoneCursor)
	res = owner.do("GET", media, nil)
	require.Len(t, decodeAs[[]pageOf](t, res), 60, "the library's default page")
	require.Len(t, decodeAs[[]pageOf](t, owner.do("GET", media+"?limit=200", nil)), 200)

	paths := []string{media, milestones}
	for _, l := range athleteLists[1:] {
		paths = append(paths, fmt.Sprintf(l.path, athlete))
	}
	paths = append(paths, fmt.Sprintf("/api/athletes/%d/journal", athlete), fmt.Sprintf("/api/athletes/%d/reels", athlete))
	for _, path := range paths {
		for _, query := range []string{"limit=0", "limit=201", "limit=ten", "cursor=garbage", "cursor=" + base64.RawURLEncoding.EncodeToString([]byte(`{"l":"x"}`)),
			"cursor=" + base64.RawURLEncoding.EncodeToString([]byte(`{"l":"media"}`))} {
			res := owner.do("GET", path+"?"+query, nil)
			require.Equal(t, http.StatusBadRequest, res.status, "%s?%s", path, query)
			require.NotEmpty(t, res.message(t))
		}
	}
	res = owner.do("GET", media+"?cursor="+milestoneCursor, nil)
	require.Equal(t, http.StatusBadRequest, res.status, "a milestones cursor handed to the media list")
	require.Contains(t, res.message(t), "cursor is not valid for this list")
	require.Equal(t, http.StatusBadRequest, owner.do("GET", media+"?type=photo", nil).status)
}

// pagedLists are the lists that answer in pages (docs/API.md, "Lists and pages").
var pagedLists = map[string]pages{
	"GET /api/athletes/:id/journal":           journalPages,
	"GET /api/athletes/:id/media":             mediaPages,
	"GET /api/athletes/:id/milestones":        milestonePages,
	"GET /api/athletes/:id/events":            eventPages,
	"GET /api/athletes/:id/college-interests": collegePages,
	"GET /api/athletes/:id/achievements":      achievementPages,
	"GET /api/ops/failures":                   opsFailurePages,
	"GET /api/ops/contact-messages":           contactMessagePages,
	"GET /api/stats/games/:id":                gamePages,
	"GET /api/athletes/:id/qr-codes":          qrPages,
	"GET /api/athletes/:id/season-books":      seasonBookPages,
	"GET /api/athletes/:id/reels":             reelPages,
	"GET /api/athletes/:id/activity":          activityPages,
}

// wholeLists answer in one array, each with what bounds it; docs/API.md lists the same.
var wholeLists = map[string]string{
	"GET /api/athletes":                    "the caller's own athlete and the families they belong to",
	"GET /api/athletes/:id/checklist":      "the class year's defaults and the family's own steps, at most 500",
	"GET /api/athletes/:id/family-circle":  "the people a family invites: 10, 25 or 50 by plan",
	"GET /api/athletes/:id/exports":        "the five newest archives",
	"GET /api/athletes/:id/stats":          "the headline numbers of one season",
	"GET /api/journal-prompts":             "three built-in, the family's own and the last generation, at most 100",
	"GET /api/recruiting-events":           "the NCAA calendar's periods from today, a data set per sport",
	"GET /api/stats/providers":             "three providers",
	"GET /api/stats/athlete-platforms/:id": "one connection per platform",
	"GET /api/stats/seasons/:id":           "one a season",
	"GET /api/user/digests":                "one per athlete the caller follows",
}

// TestEveryListIsPagedOrWhole calls every GET route of the router that an athlete's owner (also an
// operator) can reach with only the athlete's id, and holds each that answers a JSON array to the
// rule: it is a paged list, which refuses ?limit=0, or a whole list named in wholeLists with what
// bounds it. A new list that answers everything it finds fails here until it is one or the other.
func TestEveryListIsPagedOrWhole(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	s.makeOperator(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	arrays := map[string]bool{}
	for _, r := range s.app.router().Router().Routes() {
		route := r.Method + " " + r.Path
		path := strings.ReplaceAll(r.Path, ":id", fmt.Sprint(athlete))
		if r.Method != http.MethodGet || !strings.HasPrefix(path, "/api/") || strings.ContainsAny(path, ":*") {
			continue
		}
		res := owner.do("GET", path, nil)
		if res.status != http.StatusOK || !strings.HasPrefix(strings.TrimSpace(string(res.body)), "[") {
			continue
		}
		arrays[route] = true
		if _, ok := pagedLists[route]; ok {
			require.Equal(t, http.StatusBadRequest, owner.do("GET", path+"?limit=0", nil).status, "%s does not read pages", route)
			continue
		}
		require.Contains(t, wholeLists, route, "%s answers a whole list: page it (cmd/api/pages.go) or say in wholeLists what bounds it", route)
	}
	for _, listed := range []map[string]bool{keysOf(pagedLists), keysOf(wholeLists)} {
		for route := range listed {
			require.True(t, arrays[route], "%s is not a list the router answers", route)
		}
	}
}

func keysOf[V any](m map[string]V) map[string]bool {
	out := map[string]bool{}
	for k := range m {
		out[k] = true
	}
	return out
}
