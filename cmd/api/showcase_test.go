package main

import (
	"bytes"
	"fmt"
	"image/png"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"legacylocker/integrations/sports"
	"legacylocker/integrations/statsproviders"
	"legacylocker/store"
)

// waitCard polls an athlete's achievements until the one with id has its cards drawn.
func waitCard(t *testing.T, c *client, athlete int64, id any) map[string]any {
	t.Helper()
	var found map[string]any
	require.Eventually(t, func() bool {
		for _, a := range listOf(t, c.do("GET", fmt.Sprintf("/api/athletes/%d/achievements", athlete), nil)) {
			if a["id"] == id {
				found = a
			}
		}
		card := found["card"].(map[string]any)
		require.NotEqual(t, "failed", card["status"], "%v", card)
		return card["status"] == "ready"
	}, 20*time.Second, 50*time.Millisecond)
	return found
}

func pngSize(t *testing.T, body []byte) (int, int) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(body))
	require.NoError(t, err)
	return img.Bounds().Dx(), img.Bounds().Dy()
}

// TestAchievementsAndTheirCards: achievements are stored, their feed and story cards drawn by the
// worker, drawn again only when what they show changes.
func TestAchievementsAndTheirCards(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.startWorkers(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	list := fmt.Sprintf("/api/athletes/%d/achievements", athlete)
	assert.Empty(t, listOf(t, owner.do("GET", list, nil)))

	res := owner.do("POST", list, map[string]any{"title": " ", "date": "2026-04-12"})
	require.Equal(t, http.StatusBadRequest, res.status)
	assert.Equal(t, "Title is required", res.message(t))
	res = owner.do("POST", list, map[string]any{"title": "No-hitter", "category": "trophy"})
	require.Equal(t, http.StatusBadRequest, res.status)
	res = owner.do("POST", list, map[string]any{"title": "No-hitter", "stats": map[string]any{"mood": map[string]any{"a": 1}}})
	require.Equal(t, http.StatusBadRequest, res.status)

	body := map[string]any{"title": "No-hitter in the regional final", "description": "Seven innings, no hits.", "date": "2026-04-12",
		"category": "game", "stats": map[string]any{"strikeouts": 12, "inningsPitched": "7.0", "era": "0.00"}, "onShowcase": true}
	res = owner.do("POST", list, body)
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	created := res.json(t)
	assert.Equal(t, "standard", created["template"])
	assert.Equal(t, "pending", created["card"].(map[string]any)["status"])
	assert.Nil(t, created["publicUrl"], "no public page yet")

	ach := waitCard(t, owner, athlete, created["id"])
	card := ach["card"].(map[string]any)
	feed := owner.do("GET", card["feedUrl"].(string), nil)
	require.Equal(t, http.StatusOK, feed.status)
	w, h := pngSize(t, feed.body)
	assert.Equal(t, [2]int{1080, 1350}, [2]int{w, h})
	story := owner.do("GET", card["storyUrl"].(string)+"&download=1", nil)
	w, h = pngSize(t, story.body)
	assert.Equal(t, [2]int{1080, 1920}, [2]int{w, h})
	assert.Equal(t, `attachment; filename="achievement-card.png"`, story.header.Get("Content-Disposition"))

	// The same content again: the cards are not drawn anew. A new template: they are.
	path := fmt.Sprintf("/api/achievements/%v", created["id"])
	require.Equal(t, http.StatusOK, owner.do("PUT", path, body).status)
	again := waitCard(t, owner, athlete, created["id"])
	assert.Equal(t, card["feedUrl"], again["card"].(map[string]any)["feedUrl"])
	body["template"] = "victory"
	require.Equal(t, http.StatusOK, owner.do("PUT", path, body).status)
	victory := waitCard(t, owner, athlete, created["id"])
	assert.NotEqual(t, card["feedUrl"], victory["card"].(map[string]any)["feedUrl"])
	assert.Equal(t, "victory", victory["template"])

	// A photo from the athlete's library fills the top of the card; another family's is refused.
	photo := uploadPhoto(t, owner, athlete, testPNG(t))
	require.Eventually(t, func() bool {
		return owner.do("GET", fmt.Sprintf("/api/media/%d", photo.ID), nil).json(t)["status"] == "ready"
	}, 20*time.Second, 50*time.Millisecond)
	other, _ := s.registered(t, "other@example.com")
	theirs := uploadPhoto(t, other, createAthlete(t, other), testPNG(t))
	body["photoMediaId"] = theirs.ID
	res = owner.do("PUT", path, body)
	require.Equal(t, http.StatusBadRequest, res.status)
	assert.Equal(t, "Choose a photo from this athlete's media library", res.message(t))
	body["photoMediaId"] = photo.ID
	require.Equal(t, http.StatusOK, owner.do("PUT", path, body).status)
	withPhoto := waitCard(t, owner, athlete, created["id"])
	assert.EqualValues(t, photo.ID, withPhoto["photoMediaId"])
	img, err := png.Decode(bytes.NewReader(owner.do("GET", withPhoto["card"].(map[string]any)["feedUrl"].(string), nil).body))
	require.NoError(t, err)
	// The test photo's blue is 120 everywhere; the victory template's gradient has almost none.
	_, _, blue, _ := img.At(540, 60).RGBA()
	assert.InDelta(t, 120, blue>>8, 12, "the photo, not the template's gradient, is at the top")

	require.Equal(t, http.StatusNoContent, owner.do("DELETE", path, nil).status)
	assert.Empty(t, listOf(t, owner.do("GET", list, nil)))
}

// TestPublicShowcasePage: off until published; shows only what the family marked; off again at once.
func TestPublicShowcasePage(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.startWorkers(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	visitor := s.newClient(t)
	settings := fmt.Sprintf("/api/athletes/%d/showcase", athlete)
	public := "/api/public/athletes/jordan-lee"

	assert.Equal(t, http.StatusNotFound, visitor.do("GET", public, nil).status)
	res := owner.do("GET", settings, nil)
	require.Equal(t, http.StatusOK, res.status)
	assert.Equal(t, false, res.json(t)["published"])
	res = owner.do("PUT", settings, map[string]any{"slug": "Jordan Lee!", "published": true})
	require.Equal(t, http.StatusBadRequest, res.status)
	assert.Equal(t, "Choose a web address of 3 to 40 lowercase letters, digits or hyphens", res.message(t))
	res = owner.do("PUT", settings, map[string]any{"slug": "", "published": true})
	assert.Equal(t, "Choose a web address before publishing", res.message(t))

	shown := owner.do("POST", fmt.Sprintf("/api/athletes/%d/achievements", athlete), map[string]any{"title": "All-State", "category": "award", "onShowcase": true}).json(t)
	hidden := owner.do("POST", fmt.Sprintf("/api/athletes/%d/achievements", athlete), map[string]any{"title": "Private goal", "category": "personal"}).json(t)
	photo := uploadPhoto(t, owner, athlete, testPNG(t))
	mediaShowcase := fmt.Sprintf("/api/media/%d/showcase", photo.ID)
	res = owner.do("PATCH", mediaShowcase, map[string]any{"onShowcase": true})
	require.Equal(t, http.StatusConflict, res.status, "a private item stays off the public page")
	res = owner.do("PUT", fmt.Sprintf("/api/media/%d", photo.ID), map[string]any{"title": "First pitch", "isPrivate": false})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	res = owner.do("PATCH", mediaShowcase, map[string]any{"onShowcase": true})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	assert.Equal(t, true, res.json(t)["onShowcase"])
	waitCard(t, owner, athlete, shown["id"])
	require.Eventually(t, func() bool {
		return owner.do("GET", fmt.Sprintf("/api/media/%d", photo.ID), nil).json(t)["status"] == "ready"
	}, 20*time.Second, 50*time.Millisecond)

	res = owner.do("PUT", settings, map[string]any{"slug": "Jordan-Lee", "published": true, "showGpa": false, "showStats": true, "contact": "Coach: coach@example.com"})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	assert.Equal(t, "http://localhost:8080/a/jordan-lee", res.json(t)["url"])

	page := visitor.do("GET", public, nil)
	require.Equal(t, http.StatusOK, page.status, string(page.body))
	assert.Equal(t, "no-store", page.header.Get("Cache-Control"))
	body := page.json(t)
	assert.Equal(t, "Jordan Lee", body["name"])
	assert.Nil(t, body["gpa"], "GPA only if the family chooses")
	assert.Equal(t, "Coach: coach@example.com", body["contact"])
	achievements := body["achievements"].([]any)
	require.Len(t, achievements, 1)
	assert.Equal(t, "All-State", achievements[0].(map[string]any)["title"])
	cardURL := achievements[0].(map[string]any)["cardUrl"].(string)
	require.Equal(t, http.StatusOK, visitor.do("GET", cardURL, nil).status)
	assert.Equal(t, http.StatusNotFound, visitor.do("GET", fmt.Sprintf("%s/achievements/%v/card", public, hidden["id"]), nil).status)
	media := body["media"].([]any)
	require.Len(t, media, 1)
	thumb := visitor.do("GET", media[0].(map[string]any)["thumbnailUrl"].(string), nil)
	require.Equal(t, http.StatusOK, thumb.status)
	assert.Equal(t, "image/jpeg", thumb.header.Get("Content-Type"))
	assert.NotContains(t, string(page.body), "uploads", "nothing of the athlete's own file links leaks")

	// The page itself carries Open Graph tags for link previews.
	html := visitor.do("GET", "/a/jordan-lee", nil)
	require.Equal(t, http.StatusOK, html.status)
	assert.Contains(t, string(html.body), `<meta property="og:title" content="Jordan Lee · Legacy Locker">`)
	assert.Contains(t, string(html.body), `<meta property="og:image" content="http://localhost:8080/api/public/athletes/jordan-lee/achievements/`)
	assert.Contains(t, string(visitor.do("GET", fmt.Sprintf("/a/jordan-lee/achievements/%v", shown["id"]), nil).body), `content="All-State · Jordan Lee"`)
	assert.Equal(t, http.StatusNotFound, visitor.do("GET", fmt.Sprintf("/a/jordan-lee/achievements/%v", hidden["id"]), nil).status)

	// Another family cannot take the address.
	other, _ := s.registered(t, "other@example.com")
	otherAthlete := createAthlete(t, other)
	res = other.do("PUT", fmt.Sprintf("/api/athletes/%d/showcase", otherAthlete), map[string]any{"slug": "jordan-lee", "published": true})
	require.Equal(t, http.StatusConflict, res.status)
	assert.Equal(t, "That web address is taken", res.message(t))

	// Unpublished: gone at once, everywhere.
	require.Equal(t, http.StatusOK, owner.do("PUT", settings, map[string]any{"slug": "jordan-lee", "published": false}).status)
	assert.Equal(t, http.StatusNotFound, visitor.do("GET", public, nil).status)
	assert.Equal(t, http.StatusNotFound, visitor.do("GET", cardURL, nil).status)
	assert.Equal(t, http.StatusNotFound, visitor.do("GET", media[0].(map[string]any)["thumbnailUrl"].(string), nil).status)
	assert.Equal(t, http.StatusNotFound, visitor.do("GET", "/a/jordan-lee", nil).status)
}

// showcaseMatrix: QR codes, achievements and their cards, the public page's settings, and the
// public page itself.
var showcaseMatrix = matrixArea{
	outside: map[string]int{
		// A printed QR code's public short link; TestQRCodes covers it.
		"GET /q/:code": http.StatusNotFound,
		// The public showcase (TestPublicShowcasePage): 404 unless the family published it.
		"GET /api/public/athletes/:slug":                                  http.StatusNotFound,
		"GET /api/public/athletes/:slug/achievements/:achievementId":      http.StatusNotFound,
		"GET /api/public/athletes/:slug/achievements/:achievementId/card": http.StatusNotFound,
		"GET /api/public/athletes/:slug/media/:mediaId":                   http.StatusNotFound,
		"GET /api/public/athletes/:slug/photo":                            http.StatusNotFound,
		"GET /a/:slug":                                                    http.StatusNotFound,
		"GET /a/:slug/achievements/:achievementId":                        http.StatusNotFound,
	},
	rows: func(m *matrix) []matrixRoute {
		// stored puts the test image under key, as a worker leaves a drawn QR code or card.
		stored := func(key string) {
			_, err := m.s.app.storage.Put(m.t.Context(), key, bytes.NewReader(m.png))
			require.NoError(m.t, err)
		}
		qrCode := func() int64 {
			id := m.created(fmt.Sprintf("/api/athletes/%d/qr-codes", m.athlete), map[string]string{"targetUrl": "https://example.com/a"})
			key := fmt.Sprintf("qr-matrix%d.png", id)
			stored(key)
			_, err := m.s.pool.Exec(m.t.Context(), `UPDATE qr_codes SET status = 'ready', image_key = $1 WHERE id = $2`, key, id)
			require.NoError(m.t, err)
			return id
		}
		achievement := func() int64 {
			id := m.created(fmt.Sprintf("/api/athletes/%d/achievements", m.athlete), map[string]any{"title": "All-State"})
			key := fmt.Sprintf("card-matrix%d.png", id)
			stored(key)
			_, err := m.s.pool.Exec(m.t.Context(), `UPDATE achievements SET card_status = 'ready', card_hash = repeat('a', 64), feed_key = $1 WHERE id = $2`, key, id)
			require.NoError(m.t, err)
			return id
		}
		photo := func() int64 { return uploadPhoto(m.t, m.owner, m.athlete, m.png).ID }
		return []matrixRoute{
			{route: "GET /api/athletes/:id/qr-codes", path: m.athletePath("/qr-codes"), body: noBody, want: everyoneSees},
			{route: "POST /api/athletes/:id/qr-codes", path: m.athletePath("/qr-codes"), body: func() any { return map[string]string{"targetUrl": "https://example.com/b"} }, want: editsAthlete(accepted)},
			{route: "PUT /api/qr-codes/:id", path: pathOf("/api/qr-codes/%d", qrCode), body: func() any { return map[string]string{"targetUrl": "https://example.com/c"} }, want: editsAthlete(ok)},
			{route: "DELETE /api/qr-codes/:id", path: pathOf("/api/qr-codes/%d", qrCode), body: noBody, want: editsAthlete(deleted)},
			{route: "GET /api/qr-codes/:id/image", path: pathOf("/api/qr-codes/%d/image", qrCode), body: noBody, want: everyoneSees},
			{route: "GET /api/athletes/:id/achievements", path: m.athletePath("/achievements"), body: noBody, want: everyoneSees},
			{route: "POST /api/athletes/:id/achievements", path: m.athletePath("/achievements"), body: func() any { return map[string]any{"title": "Captain"} }, want: editsAthlete(created)},
			{route: "PUT /api/achievements/:id", path: pathOf("/api/achievements/%d", achievement), body: func() any { return map[string]any{"title": "Captain"} }, want: editsAthlete(ok)},
			{route: "DELETE /api/achievements/:id", path: pathOf("/api/achievements/%d", achievement), body: noBody, want: editsAthlete(deleted)},
			{route: "GET /api/achievements/:id/card", path: pathOf("/api/achievements/%d/card", achievement), body: noBody, want: everyoneSees},
			{route: "GET /api/athletes/:id/showcase", path: m.athletePath("/showcase"), body: noBody, want: everyoneSees},
			{route: "PUT /api/athletes/:id/showcase", path: m.athletePath("/showcase"), body: func() any { return map[string]any{"slug": "matrix-athlete", "published": false} }, want: managesCircle(ok)},
			{route: "PATCH /api/media/:id/showcase", path: pathOf("/api/media/%d/showcase", photo), body: func() any { return map[string]any{"onShowcase": false} }, want: editsItem(ok)},
		}
	},
}

func TestPublicSeasonsAreHeadedByTheirSportsCatalogue(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "hoops@example.com")
	athlete := createAthleteWith(t, owner, map[string]any{"sports": "Basketball, Baseball", "position": "Point Guard"})
	for _, season := range []struct {
		sport string
		stats statsproviders.Stats
	}{
		{"basketball", statsproviders.Stats{"points": 300, "assists": 90, "fieldGoalsMade": 110, "fieldGoalsAttempted": 240, "gamesPlayed": 20}},
		{"baseball", statsproviders.Stats{"atBats": 30, "hits": 11}},
	} {
		counts, display, err := season.stats.Encode(season.sport, sports.HighSchool)
		require.NoError(t, err)
		_, err = store.Q.StatsSeasonUpsert(t.Context(), s.pool, store.StatsSeasonUpsertParams{AthleteID: athlete, Source: "manual",
			SourceKey: new("public-" + season.sport), Sport: season.sport, Season: "2026", Stats: counts, Display: display})
		require.NoError(t, err)
	}
	res := owner.do("PUT", fmt.Sprintf("/api/athletes/%d/showcase", athlete), map[string]any{"slug": "ava-hoops", "published": true, "showStats": true})
	require.Equal(t, http.StatusOK, res.status, string(res.body))

	page := s.newClient(t).do("GET", "/api/public/athletes/ava-hoops", nil)
	require.Equal(t, http.StatusOK, page.status, string(page.body))
	headings := map[string][]string{}
	for _, raw := range page.json(t)["seasons"].([]any) {
		season := raw.(map[string]any)
		for _, col := range season["columns"].([]any) {
			headings[season["sport"].(string)] = append(headings[season["sport"].(string)], col.(map[string]any)["abbr"].(string))
		}
	}
	assert.Equal(t, []string{"PTS", "AST", "FGM", "FGA", "PPG", "FG%", "eFG%"}, headings["basketball"], "a point guard's lead, then what the season carries")
	assert.Equal(t, []string{"AVG", "OBP", "H", "HR", "RBI", "IP", "ERA"}, headings["baseball"])

	// The family's choice leads the public table too.
	res = owner.do("PUT", fmt.Sprintf("/api/athletes/%d/stats/lead", athlete), map[string]any{"sport": "baseball", "keys": []string{"hits", "atBats"}})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	res = owner.do("PUT", fmt.Sprintf("/api/athletes/%d/stats/lead", athlete), map[string]any{"sport": "basketball", "keys": []string{"fieldGoalPct"}})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	page = s.newClient(t).do("GET", "/api/public/athletes/ava-hoops", nil)
	require.Equal(t, http.StatusOK, page.status, string(page.body))
	headings = map[string][]string{}
	for _, raw := range page.json(t)["seasons"].([]any) {
		season := raw.(map[string]any)
		for _, col := range season["columns"].([]any) {
			headings[season["sport"].(string)] = append(headings[season["sport"].(string)], col.(map[string]any)["abbr"].(string))
		}
	}
	assert.Equal(t, []string{"FG%", "PTS", "FGM", "FGA", "PPG", "eFG%", "AST"}, headings["basketball"], "the choice, then what the season carries in the catalogue's order")
	assert.Equal(t, []string{"H", "AB", "AVG", "OBP", "HR", "RBI", "IP"}, headings["baseball"])

	// A season the family renamed is shown to coaches by their name; the other sport's "2026" keeps its own.
	res = owner.do("PUT", fmt.Sprintf("/api/athletes/%d/stats/season-name", athlete), map[string]any{"sport": "basketball", "season": "2026", "name": "Varsity"})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	named := map[string]any{}
	for _, raw := range s.newClient(t).do("GET", "/api/public/athletes/ava-hoops", nil).json(t)["seasons"].([]any) {
		named[raw.(map[string]any)["sport"].(string)] = raw.(map[string]any)["season"]
	}
	assert.Equal(t, map[string]any{"basketball": "Varsity", "baseball": "2026"}, named)
}
