package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"legacylocker/integrations/ai"
	"legacylocker/integrations/mail"
	"legacylocker/integrations/mail/mailtest"
	"legacylocker/integrations/sports"
	"legacylocker/integrations/statsproviders"
	"legacylocker/jobs"
)

// gameChangerSeason is a GameChanger season export as documented: a section row, a header whose
// names repeat across sections, players, Totals, a blank row and the Glossary.
const gameChangerSeason = ",,,Batting,,,,,,Pitching,,,\r\n" +
	"Number,Last,First,GP,AB,H,HR,RBI,BB,IP,ER,SO\r\n" +
	"12,Lee,Sam,10,30,11,2,9,4,6.2,3,8\r\n" +
	"02,Smith,Jo,10,28,7,0,3,1,-,-,-\r\n" +
	"Totals,,,10,58,18,2,12,5,6.2,3,8\r\n" +
	",,,,,,,,,,,\r\n" +
	"Glossary,GP: games played,,,,,,,,,,\r\n"

// maxPrepsGame is one game's MaxPreps stat file: the supplier line, then pipe-delimited rows
// keyed by jersey ("2" and "02" are different players).
const maxPrepsGame = "3f2b8c1e-9d4a-4e7b-a1c2-5d6e7f8a9b0c\n" +
	"Jersey|AtBats|Runs|Hits|RunsBattedIn|StruckOut|InningsPitched|PartialInningPitched|EarnedRuns\n" +
	"12|4|1|2|3|1|||\n" +
	"2|3|0|0|0|2|5|1|2\n"

// startWorkers runs the default and media queues' workers (stats_import, stats_sync, stats_report
// and the media_process of a report, qr_generate, achievement_card) on this server's database and
// storage.
func (s *testServer) startWorkers(t *testing.T) {
	s.runQueues(t, jobs.QueueDefault, jobs.QueueMedia)
}

// runQueues runs the named queues' workers, AI work with the offline enhancer and e-mail to the log.
func (s *testServer) runQueues(t *testing.T, queues ...string) {
	t.Helper()
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	// Mail leaves over SMTP, as in production: an e-mail only written to the log reached nobody.
	sender, err := mail.NewSender(mailtest.Start(t).URL, "Legacy Locker <no-reply@legacylocker.app>")
	require.NoError(t, err)
	workers := map[string]int{jobs.QueueDefault: 2, jobs.QueueMedia: 1, jobs.QueueAI: 1}
	config := map[string]river.QueueConfig{}
	for _, q := range queues {
		config[q] = river.QueueConfig{MaxWorkers: workers[q]}
	}
	client, err := river.NewClient(riverpgxv5.New(s.pool), &river.Config{
		Queues: config,
		Workers: jobs.Workers(jobs.Dependencies{Pool: s.pool, Storage: s.app.storage, Logger: quiet, AI: ai.Offline{}, Mailer: sender,
			AppURL: s.app.cfg.appURL, StatsProviders: s.app.statsProviders}),
		Logger: quiet, FetchPollInterval: 100 * time.Millisecond,
	})
	require.NoError(t, err)
	require.NoError(t, client.Start(context.Background()))
	t.Cleanup(func() { _ = client.Stop(context.Background()) })
}

func connectPlatform(t *testing.T, c *client, athlete int64, provider, externalID string) int64 {
	t.Helper()
	res := c.do("POST", "/api/stats/connect-platform", map[string]any{"providerId": provider, "externalAthleteId": externalID,
		"externalTeamId": "", "username": "", "athleteId": athlete})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	return int64(res.json(t)["id"].(float64))
}

// waitImport polls an import until its job is no longer working on it.
func waitImport(t *testing.T, c *client, id int64) map[string]any {
	t.Helper()
	var imp map[string]any
	require.Eventually(t, func() bool {
		res := c.do("GET", fmt.Sprintf("/api/stats/imports/%d", id), nil)
		require.Equal(t, http.StatusOK, res.status, string(res.body))
		imp = res.json(t)
		return imp["status"] != "pending" && imp["status"] != "processing"
	}, 20*time.Second, 50*time.Millisecond)
	return imp
}

func listOf(t testing.TB, res response) []map[string]any {
	t.Helper()
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	var out []map[string]any
	require.NoError(t, json.Unmarshal(res.body, &out), string(res.body))
	return out
}

// TestStatsImportFlow follows a family through the spec's integration panel: connect, upload a
// season export and a game file, choose the row when the file does not name the athlete, import
// the same file again, Sync Now, and the failures they can act on.
func TestStatsImportFlow(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.startWorkers(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)

	providers := listOf(t, owner.do("GET", "/api/stats/providers", nil))
	require.Len(t, providers, 3)
	assert.Equal(t, "gamechanger", providers[0]["id"])
	assert.Equal(t, "/api/stats/logos/gamechanger.svg", providers[0]["logoUrl"])
	logo := owner.do("GET", "/api/stats/logos/gamechanger.svg", nil)
	require.Equal(t, http.StatusOK, logo.status)
	assert.Equal(t, "image/svg+xml", logo.header.Get("Content-Type"))

	res := owner.do("POST", "/api/stats/connect-platform", map[string]any{"providerId": "gamechanger", "externalAthleteId": " ", "athleteId": athlete})
	require.Equal(t, http.StatusBadRequest, res.status)
	assert.Equal(t, "Provider and Athlete ID are required", res.message(t))
	res = owner.do("POST", "/api/stats/connect-platform", map[string]any{"providerId": "strava", "externalAthleteId": "12", "athleteId": athlete})
	require.Equal(t, http.StatusBadRequest, res.status)
	// The athlete the body names is checked before anything else is read from it.
	res = owner.do("POST", "/api/stats/connect-platform", map[string]any{"providerId": "gamechanger", "externalAthleteId": "12"})
	require.Equal(t, http.StatusBadRequest, res.status)
	assert.Equal(t, "athleteId is required", res.message(t))
	res = owner.do("POST", "/api/stats/connect-platform", `{"providerId": "gamechanger", "athleteId": `)
	require.Equal(t, http.StatusBadRequest, res.status)
	assert.Equal(t, "body contains badly-formed JSON", res.message(t))
	res = owner.do("POST", "/api/stats/connect-platform", map[string]any{"providerId": "gamechanger", "externalAthleteId": "12", "athleteId": athlete + 1000})
	require.Equal(t, http.StatusNotFound, res.status)
	gc := connectPlatform(t, owner, athlete, "gamechanger", "12")
	res = owner.do("POST", "/api/stats/connect-platform", map[string]any{"providerId": "gamechanger", "externalAthleteId": "12", "athleteId": athlete})
	require.Equal(t, http.StatusConflict, res.status)

	// Sync Now before any export: nothing to apply.
	res = owner.do("POST", fmt.Sprintf("/api/stats/sync-platform/%d", gc), nil)
	require.Equal(t, http.StatusConflict, res.status)
	assert.Equal(t, "Upload a new export to sync", res.message(t))

	// The season export names the athlete by jersey: applied at once.
	imports := fmt.Sprintf("/api/stats/athlete-platforms/%d/imports", gc)
	res = owner.upload(imports, map[string]string{"season": "2026 Spring", "teamName": "Lincoln Varsity"}, "season.csv", strings.NewReader(gameChangerSeason))
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	first := res.json(t)
	imp := waitImport(t, owner, int64(first["id"].(float64)))
	require.Equal(t, "ready", imp["status"], "%v", imp)
	assert.Equal(t, false, imp["needsChoice"])
	assert.Equal(t, "", imp["statusReason"])
	preview := imp["preview"].(map[string]any)
	assert.Equal(t, "12", preview["matchedRow"])
	assert.EqualValues(t, 1, preview["seasonsWritten"])
	assert.Equal(t, ".367", preview["stats"].(map[string]any)["battingAvg"])

	seasons := listOf(t, owner.do("GET", fmt.Sprintf("/api/stats/seasons/%d", athlete), nil))
	require.Len(t, seasons, 1)
	assert.Equal(t, "2026 Spring", seasons[0]["season"])
	assert.Equal(t, "Lincoln Varsity", seasons[0]["teamName"])
	stats := seasons[0]["stats"].(map[string]any)
	assert.EqualValues(t, 30, stats["atBats"])
	assert.Equal(t, "6.2", stats["inningsPitched"])
	// GameChanger's season, its ERA over the seven innings of a school game (3 × 7 ÷ 6⅔).
	assert.Equal(t, "3.15", stats["era"])
	assert.Equal(t, "baseball", seasons[0]["sport"])
	// The stats map keeps its display order: the headline numbers first.
	assert.Contains(t, string(owner.do("GET", fmt.Sprintf("/api/stats/seasons/%d", athlete), nil).body), `{"battingAvg":".367","hits":11,"rbi":9,`)

	platforms := listOf(t, owner.do("GET", fmt.Sprintf("/api/stats/athlete-platforms/%d", athlete), nil))
	require.Len(t, platforms, 1)
	assert.NotNil(t, platforms[0]["lastSyncedAt"], "an applied import is a finished sync")
	assert.Equal(t, "GameChanger", platforms[0]["providerName"])

	// The same file again changes nothing and answers the earlier import.
	res = owner.upload(imports, map[string]string{"season": "2026 Spring", "teamName": "Lincoln Varsity"}, "season (1).csv", strings.NewReader(gameChangerSeason))
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	assert.Equal(t, first["id"], res.json(t)["id"])
	assert.Len(t, listOf(t, owner.do("GET", fmt.Sprintf("/api/stats/seasons/%d", athlete), nil)), 1)

	// The dashboard's Season Stats read the newest season, led by the position's stats: a pitcher's
	// ERA (over the seven innings of a school game), strikeouts and innings, then the rest.
	dashboard := listOf(t, owner.do("GET", fmt.Sprintf("/api/athletes/%d/stats", athlete), nil))
	require.Len(t, dashboard, 8)
	categories := make([]any, len(dashboard))
	for i, d := range dashboard {
		categories[i] = d["category"]
	}
	assert.Equal(t, []any{"Earned Run Average", "Strikeouts (Pitching)", "Innings Pitched"}, categories[:3])
	assert.Contains(t, categories, "Batting Average")
	res = owner.do("PUT", fmt.Sprintf("/api/athletes/%d", athlete), athleteBody(map[string]any{"position": "Shortstop"}))
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	dashboard = listOf(t, owner.do("GET", fmt.Sprintf("/api/athletes/%d/stats", athlete), nil))
	assert.Equal(t, ".367", dashboard[0]["value"])
	assert.Equal(t, "Batting Average", dashboard[0]["category"])

	// A MaxPreps game file whose jersey the connection does not name: the family chooses.
	mp := connectPlatform(t, owner, athlete, "maxpreps", "02")
	gameFields := map[string]string{"gameDate": "2026-04-11", "opponent": "North High", "location": "Home", "result": "Win", "score": "5-3"}
	res = owner.upload(fmt.Sprintf("/api/stats/athlete-platforms/%d/imports", mp), gameFields, "game.txt", strings.NewReader(maxPrepsGame))
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	gameImport := int64(res.json(t)["id"].(float64))
	imp = waitImport(t, owner, gameImport)
	require.Equal(t, "ready", imp["status"], "%v", imp)
	require.Equal(t, true, imp["needsChoice"], "%v", imp)
	players := imp["preview"].(map[string]any)["players"].([]any)
	require.Len(t, players, 2)
	assert.Empty(t, listOf(t, owner.do("GET", fmt.Sprintf("/api/stats/games/%d", athlete), nil)), "nothing is written before a row is chosen")
	confirm := fmt.Sprintf("/api/stats/imports/%d/confirm", gameImport)
	res = owner.do("POST", confirm, map[string]string{"row": "02"})
	require.Equal(t, http.StatusBadRequest, res.status, "02 is not 2")
	assert.Equal(t, "Choose one of the players found in the file", res.message(t))
	res = owner.do("POST", confirm, map[string]string{"row": "2"})
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	assert.Equal(t, "pending", res.json(t)["status"])
	assert.Equal(t, false, res.json(t)["needsChoice"])
	imp = waitImport(t, owner, gameImport)
	require.Equal(t, "ready", imp["status"], "%v", imp)
	require.Equal(t, false, imp["needsChoice"], "%v", imp)
	require.Equal(t, http.StatusConflict, owner.do("POST", confirm, map[string]string{"row": "2"}).status)

	games := listOf(t, owner.do("GET", fmt.Sprintf("/api/stats/games/%d", athlete), nil))
	require.Len(t, games, 1)
	assert.Equal(t, "North High", games[0]["opponent"])
	assert.Equal(t, "2026-04-11", games[0]["gameDate"])
	assert.Equal(t, "Win", games[0]["result"])
	assert.Equal(t, "maxpreps", games[0]["source"])
	gameStats := games[0]["stats"].(map[string]any)
	assert.Equal(t, "5.1", gameStats["inningsPitched"])
	assert.EqualValues(t, 3, gameStats["atBats"])

	// Sync Now re-applies the newest export with today's parser: same rows, new sync time.
	before := listOf(t, owner.do("GET", fmt.Sprintf("/api/stats/athlete-platforms/%d", athlete), nil))[1]["lastSyncedAt"]
	res = owner.do("POST", fmt.Sprintf("/api/stats/sync-platform/%d", mp), nil)
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	assert.Equal(t, "pending", res.json(t)["status"])
	require.Eventually(t, func() bool {
		return owner.do("GET", fmt.Sprintf("/api/stats/sync-platform/%d", mp), nil).json(t)["status"] == "ready"
	}, 20*time.Second, 50*time.Millisecond)
	after := listOf(t, owner.do("GET", fmt.Sprintf("/api/stats/athlete-platforms/%d", athlete), nil))[1]["lastSyncedAt"]
	assert.NotEqual(t, before, after)
	assert.Len(t, listOf(t, owner.do("GET", fmt.Sprintf("/api/stats/games/%d", athlete), nil)), 1)

	// A file that is not an export fails with a reason the family can act on.
	res = owner.upload(imports, nil, "notes.csv", strings.NewReader("Bring snacks on Saturday\n"))
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	imp = waitImport(t, owner, int64(res.json(t)["id"].(float64)))
	require.Equal(t, "failed", imp["status"])
	assert.Equal(t, statsproviders.ErrNotStatsExport.Message, imp["statusReason"])
	res = owner.upload(imports, nil, "", nil)
	require.Equal(t, http.StatusBadRequest, res.status)
	assert.Equal(t, "Please select a file to upload", res.message(t))
	res = owner.upload(imports, map[string]string{"gameDate": "April 11"}, "game.csv", strings.NewReader(gameChangerSeason))
	require.Equal(t, http.StatusBadRequest, res.status)
	assert.Equal(t, "Game date must be YYYY-MM-DD", res.message(t))

	// Disconnecting keeps the games and seasons the platform brought.
	require.Equal(t, http.StatusNoContent, owner.do("DELETE", fmt.Sprintf("/api/stats/athlete-platforms/%d", mp), nil).status)
	assert.Len(t, listOf(t, owner.do("GET", fmt.Sprintf("/api/stats/games/%d", athlete), nil)), 1)
	assert.Len(t, listOf(t, owner.do("GET", fmt.Sprintf("/api/stats/athlete-platforms/%d", athlete), nil)), 1)
}

func TestStatsManualGames(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	games := fmt.Sprintf("/api/stats/games/%d", athlete)

	res := owner.do("POST", games, map[string]any{"opponent": "East", "gameDate": "04/11/2026"})
	require.Equal(t, http.StatusBadRequest, res.status)
	assert.Equal(t, "Game date must be YYYY-MM-DD", res.message(t))
	res = owner.do("POST", games, map[string]any{"gameDate": "2026-04-11", "stats": map[string]any{"battingAvg": ".500"}})
	require.Equal(t, http.StatusBadRequest, res.status)
	assert.Contains(t, res.message(t), "worked out from the counts")
	res = owner.do("POST", games, map[string]any{"gameDate": "2026-04-11", "stats": map[string]any{"inningsPitched": "6.3"}})
	require.Equal(t, http.StatusBadRequest, res.status)

	res = owner.do("POST", games, map[string]any{"opponent": "East", "gameDate": "2026-04-11", "result": "Loss", "score": "2-4",
		"stats": map[string]any{"atBats": 4, "hits": "2", "inningsPitched": "6.2", "earnedRuns": 3, "walks": ""}})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	game := res.json(t)
	stats := game["stats"].(map[string]any)
	assert.Equal(t, ".500", stats["battingAvg"])
	assert.Equal(t, "6.2", stats["inningsPitched"])
	// ERA over the regulation innings of the athlete's level then: seven in school (3 × 7 ÷ 6⅔).
	assert.Equal(t, "3.15", stats["era"])
	assert.Equal(t, "baseball", game["sport"])
	assert.EqualValues(t, 1, stats["gamesPlayed"], "a typed game counts as one game")
	assert.NotContains(t, stats, "walks", "a blank field is no stat, not zero")
	assert.Equal(t, "manual", game["source"])

	// A college pitcher's ERA is over nine innings (3 × 9 ÷ 6⅔).
	res = owner.do("POST", games, map[string]any{"gameDate": "2026-04-11", "stats": map[string]any{"inningsPitched": "6.2", "earnedRuns": 3}})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	// (The class of this year, in October: their first college season.)
	classOfNow := time.Now().Year()
	collegeFamily, _ := s.registered(t, "college@example.com")
	collegeAthlete := createAthleteWith(t, collegeFamily, map[string]any{"name": "Sam Lee", "graduationYear": classOfNow})
	res = collegeFamily.do("POST", fmt.Sprintf("/api/stats/games/%d", collegeAthlete), map[string]any{"gameDate": fmt.Sprintf("%d-10-01", classOfNow), "stats": map[string]any{"inningsPitched": "6.2", "earnedRuns": 3}})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	assert.Equal(t, "4.05", res.json(t)["stats"].(map[string]any)["era"])

	// Keys are the sport's: points are no baseball stat, and the answer lists those that are.
	res = owner.do("POST", games, map[string]any{"gameDate": "2026-04-11", "stats": map[string]any{"points": 18}})
	require.Equal(t, http.StatusBadRequest, res.status)
	assert.Contains(t, res.message(t), `"points" is not a baseball stat. Baseball keeps: `)
	assert.Contains(t, res.message(t), "atBats, ")
	res = owner.do("POST", games, map[string]any{"sport": "quidditch", "gameDate": "2026-04-11"})
	require.Equal(t, http.StatusBadRequest, res.status)
	assert.Contains(t, res.message(t), "sport must be one of: ")
	// A second sport's game is kept under that sport, its rates its own.
	res = owner.do("POST", games, map[string]any{"sport": "basketball", "gameDate": "2026-01-11",
		"stats": map[string]any{"points": 18, "fieldGoalsMade": 7, "fieldGoalsAttempted": 14, "hits": 1}})
	require.Equal(t, http.StatusBadRequest, res.status, "hits are no basketball stat")
	res = owner.do("POST", games, map[string]any{"sport": "basketball", "gameDate": "2026-01-11",
		"stats": map[string]any{"points": 18, "fieldGoalsMade": 7, "fieldGoalsAttempted": 14}})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	hoops := res.json(t)
	assert.Equal(t, "basketball", hoops["sport"])
	assert.Equal(t, "50.0%", hoops["stats"].(map[string]any)["fieldGoalPct"])
	assert.Equal(t, "18.0", hoops["stats"].(map[string]any)["pointsPerGame"])
	require.Equal(t, http.StatusNoContent, owner.do("DELETE", fmt.Sprintf("/api/stats/game/%v", hoops["id"]), nil).status)
	for _, g := range listOf(t, owner.do("GET", games, nil)) {
		if g["id"] != game["id"] {
			require.Equal(t, http.StatusNoContent, owner.do("DELETE", fmt.Sprintf("/api/stats/game/%v", g["id"]), nil).status)
		}
	}

	path := fmt.Sprintf("/api/stats/game/%v", game["id"])
	res = owner.do("PUT", path, map[string]any{"opponent": "East High", "gameDate": "2026-04-12", "stats": map[string]any{"atBats": 3, "hits": 3}})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	assert.Equal(t, "1.000", res.json(t)["stats"].(map[string]any)["battingAvg"])
	assert.Equal(t, "East High", listOf(t, owner.do("GET", games, nil))[0]["opponent"])
	require.Equal(t, http.StatusNoContent, owner.do("DELETE", path, nil).status)
	assert.Empty(t, listOf(t, owner.do("GET", games, nil)))
}

// TestStatsReport generates the report through the job: a PDF media item the family can open.
func TestStatsReport(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.startWorkers(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	res := owner.do("POST", fmt.Sprintf("/api/stats/games/%d", athlete), map[string]any{"opponent": "East", "gameDate": "2026-04-11", "stats": map[string]any{"atBats": 4, "hits": 2}})
	require.Equal(t, http.StatusCreated, res.status)

	reportID, pdf := statsReport(t, owner, athlete)
	assert.True(t, strings.HasPrefix(string(pdf), "%PDF-"))
	media := listOf(t, owner.do("GET", fmt.Sprintf("/api/athletes/%d/media", athlete), nil))
	require.Len(t, media, 1)
	assert.Equal(t, "pdf", media[0]["mediaType"])

	// Another athlete's report id is not found under this athlete.
	other, _ := s.registered(t, "other@example.com")
	otherAthlete := createAthlete(t, other)
	require.Equal(t, http.StatusNotFound, other.do("GET", fmt.Sprintf("/api/stats/reports/%d/%v", otherAthlete, reportID), nil).status)
}

// statsReport asks for the athlete's stats report and answers its id and the PDF once it is ready.
func statsReport(t *testing.T, owner *client, athlete int64) (id any, pdf []byte) {
	t.Helper()
	res := owner.do("POST", fmt.Sprintf("/api/stats/reports/%d", athlete), nil)
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	id = res.json(t)["id"]
	var url string
	require.Eventually(t, func() bool {
		r := owner.do("GET", fmt.Sprintf("/api/stats/reports/%d/%v", athlete, id), nil).json(t)
		require.NotEqual(t, "failed", r["status"], "%v", r)
		url, _ = r["url"].(string)
		return r["status"] == "ready"
	}, 30*time.Second, 100*time.Millisecond)
	res = owner.do("GET", url, nil)
	require.Equal(t, http.StatusOK, res.status)
	return id, res.body
}

// TestStatsFollowTheSectionPrivacy: a private stats section shows members nothing; a limited
// member sees stats only once the family shares the section with them.
func TestStatsFollowTheSectionPrivacy(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	viewer, _ := s.member(t, athlete, "viewer@example.com", "viewer", "grandparent")
	limited, limitedID := s.member(t, athlete, "limited@example.com", "limited", "friend")
	games := fmt.Sprintf("/api/stats/games/%d", athlete)
	require.Equal(t, http.StatusCreated, owner.do("POST", games, map[string]any{"gameDate": "2026-04-11", "stats": map[string]any{"hits": 1}}).status)

	assert.Len(t, listOf(t, viewer.do("GET", games, nil)), 1)
	assert.Empty(t, listOf(t, limited.do("GET", games, nil)), "not shared with the limited member")
	shares := fmt.Sprintf("/api/family-circle/%d/shares", limitedID)
	res := owner.do("PUT", shares, map[string]any{"journal": []int64{}, "media": []int64{}, "stats": true})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	assert.Equal(t, true, owner.do("GET", shares, nil).json(t)["stats"])
	assert.Len(t, listOf(t, limited.do("GET", games, nil)), 1)

	settings := fmt.Sprintf("/api/athletes/%d/privacy-settings", athlete)
	require.Equal(t, http.StatusOK, owner.do("PUT", settings, map[string]string{"journal": "family", "media": "family", "stats": "private", "milestones": "family", "recruiting": "family"}).status)
	assert.Empty(t, listOf(t, viewer.do("GET", games, nil)))
	assert.Empty(t, listOf(t, viewer.do("GET", fmt.Sprintf("/api/athletes/%d/stats", athlete), nil)))
	assert.Empty(t, listOf(t, limited.do("GET", games, nil)))
	assert.Len(t, listOf(t, owner.do("GET", games, nil)), 1)
}

// statsMatrix: sports statistics. The spec's /stats/... paths name an athlete, a connection, an
// import or a game by :id.
var statsMatrix = matrixArea{
	outside: map[string]int{
		"GET /api/stats/providers":     http.StatusUnauthorized,
		"GET /api/stats/sheets/:sport": http.StatusUnauthorized,
		// The providers' logos are public images; "*" is replaced by a name that is not one.
		"GET /api/stats/logos/*": http.StatusNotFound,
	},
	rows: func(m *matrix) []matrixRoute {
		athletePath := func(format string) func() string {
			return func() string { return fmt.Sprintf(format, m.athlete) }
		}
		connection := func() int64 { return connectPlatform(m.t, m.owner, m.athlete, "gamechanger", m.unique("jersey")) }
		teamSnapConnection := func() int64 { return connectPlatform(m.t, m.owner, m.athlete, "teamsnap", m.unique("member")) }
		statsImport := func() int64 {
			res := m.owner.upload(fmt.Sprintf("/api/stats/athlete-platforms/%d/imports", connection()), nil, "season.csv", strings.NewReader(gameChangerSeason))
			require.Equal(m.t, http.StatusAccepted, res.status, string(res.body))
			return int64(res.json(m.t)["id"].(float64))
		}
		manualGame := func() int64 {
			return m.created(fmt.Sprintf("/api/stats/games/%d", m.athlete), map[string]any{"gameDate": "2026-04-11"})
		}
		report := m.created(fmt.Sprintf("/api/stats/reports/%d", m.athlete), nil)
		return []matrixRoute{
			{route: "GET /api/athletes/:id/stats", path: m.athletePath("/stats"), body: noBody, want: everyoneSees},
			{route: "GET /api/athletes/:id/stats/sports", path: m.athletePath("/stats/sports"), body: noBody, want: everyoneSees},
			{route: "GET /api/athletes/:id/stats/rollup", path: m.athletePath("/stats/rollup"), body: noBody, want: everyoneSees},
			{route: "PUT /api/athletes/:id/stats/lead", path: m.athletePath("/stats/lead"), body: func() any {
				return map[string]any{"sport": "baseball", "keys": []string{"hits"}}
			}, want: editsAthlete(ok)},
			{route: "PUT /api/athletes/:id/stats/season-name", path: m.athletePath("/stats/season-name"), body: func() any {
				return map[string]any{"sport": "baseball", "season": "2026 Spring", "name": "Varsity"}
			}, want: editsAthlete(ok)},
			// The athlete is in the body (statsAthleteInBody).
			{route: "POST /api/stats/connect-platform", path: func() string { return "/api/stats/connect-platform" }, body: func() any {
				return map[string]any{"providerId": "maxpreps", "externalAthleteId": m.unique("jersey"), "athleteId": m.athlete}
			}, want: editsAthlete(created)},
			{route: "GET /api/stats/athlete-platforms/:id", path: athletePath("/api/stats/athlete-platforms/%d"), body: noBody, want: everyoneSees},
			{route: "DELETE /api/stats/athlete-platforms/:id", path: pathOf("/api/stats/athlete-platforms/%d", connection), body: noBody, want: editsItem(deleted)},
			{route: "POST /api/stats/athlete-platforms/:id/imports", call: func(c *client) int {
				return c.upload(fmt.Sprintf("/api/stats/athlete-platforms/%d/imports", connection()), nil, "season.csv", strings.NewReader(gameChangerSeason)).status
			}, want: editsItem(accepted)},
			{route: "GET /api/stats/imports/:id", path: pathOf("/api/stats/imports/%d", statsImport), body: noBody, want: seesItem(ok)},
			// Allowed, but the import is not waiting for a choice: 409 (TestStatsImportFlow covers the choice).
			{route: "POST /api/stats/imports/:id/confirm", path: pathOf("/api/stats/imports/%d/confirm", statsImport), body: func() any { return map[string]string{"row": "12"} }, want: editsItem(http.StatusConflict)},
			// Allowed, but there is no export to apply again: 409.
			{route: "POST /api/stats/sync-platform/:id", path: pathOf("/api/stats/sync-platform/%d", connection), body: noBody, want: editsItem(http.StatusConflict)},
			{route: "GET /api/stats/sync-platform/:id", path: pathOf("/api/stats/sync-platform/%d", connection), body: noBody, want: seesItem(ok)},
			{route: "GET /api/stats/games/:id", path: athletePath("/api/stats/games/%d"), body: noBody, want: everyoneSees},
			{route: "POST /api/stats/games/:id", path: athletePath("/api/stats/games/%d"), body: func() any { return map[string]any{"gameDate": "2026-04-11"} }, want: editsAthlete(created)},
			{route: "PUT /api/stats/game/:id", path: pathOf("/api/stats/game/%d", manualGame), body: func() any { return map[string]any{"gameDate": "2026-04-12"} }, want: editsItem(ok)},
			{route: "DELETE /api/stats/game/:id", path: pathOf("/api/stats/game/%d", manualGame), body: noBody, want: editsItem(deleted)},
			{route: "GET /api/stats/seasons/:id", path: athletePath("/api/stats/seasons/%d"), body: noBody, want: everyoneSees},
			{route: "POST /api/stats/reports/:id", path: athletePath("/api/stats/reports/%d"), body: noBody, want: editsAthlete(accepted)},
			// A report is in the stats section: a limited member sees it only when the section is shared.
			{route: "GET /api/stats/reports/:id/:reportId", path: func() string { return fmt.Sprintf("/api/stats/reports/%d/%d", m.athlete, report) }, body: noBody, want: seesItem(ok)},
			// The matrix's server configures TeamSnap (withTeamSnap). Authorizing redirects to TeamSnap.
			{route: "GET /api/stats/teamsnap/authorize", path: pathOf("/api/stats/teamsnap/authorize?connection=%d", teamSnapConnection), body: noBody, want: editsItem(http.StatusFound)},
			// The callback answers only the session that started an authorization (its state is kept
			// there): no caller here started one, so every caller gets 404 (TestTeamSnapConnectAndSync
			// completes the flow, and checks the caller may still edit the connection's stats).
			{route: "GET /api/stats/teamsnap/callback", path: func() string { return "/api/stats/teamsnap/callback?code=c&state=s" }, body: noBody, want: [5]int{hidden, hidden, hidden, hidden, hidden}},
		}
	},
}

// TestStatsRollup: typed basketball games add up into a season named for the winter it was played
// in and a career; a two-sport athlete's baseball games stay in their own season.
func TestStatsRollup(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "hoops@example.com")
	athlete := createAthleteWith(t, owner, map[string]any{"sports": "Basketball, Baseball", "position": "Point Guard"})
	games := fmt.Sprintf("/api/stats/games/%d", athlete)

	sportsRes := owner.do("GET", fmt.Sprintf("/api/athletes/%d/stats/sports", athlete), nil)
	require.Equal(t, http.StatusOK, sportsRes.status)
	assert.Equal(t, []any{"basketball", "baseball"}, sportsRes.json(t)["plays"])
	assert.GreaterOrEqual(t, len(sportsRes.json(t)["catalogues"].([]any)), 16)

	for _, g := range []map[string]any{
		{"gameDate": "2025-12-05", "stats": map[string]any{"points": 18, "fieldGoalsMade": 7, "fieldGoalsAttempted": 14, "assists": 6}},
		{"gameDate": "2026-01-09", "stats": map[string]any{"points": "12", "fieldGoalsMade": 5, "fieldGoalsAttempted": 11, "assists": 4}},
		{"gameDate": "2026-04-11", "sport": "baseball", "stats": map[string]any{"atBats": 4, "hits": 2}},
	} {
		if g["sport"] == nil {
			g["sport"] = "basketball"
		}
		res := owner.do("POST", games, g)
		require.Equal(t, http.StatusCreated, res.status, string(res.body))
	}
	res := owner.do("GET", fmt.Sprintf("/api/athletes/%d/stats/rollup", athlete), nil)
	require.Equal(t, http.StatusOK, res.status)
	roll := res.json(t)
	seasons := roll["seasons"].([]any)
	require.Len(t, seasons, 2)
	baseball, hoops := seasons[0].(map[string]any), seasons[1].(map[string]any)
	assert.Equal(t, "2026 Spring", baseball["season"])
	assert.Equal(t, "2025–26 Winter", hoops["season"])
	assert.EqualValues(t, 2, hoops["games"])
	assert.Equal(t, "2025-12-05", hoops["startDate"])
	assert.Equal(t, "2026-01-09", hoops["endDate"])
	line := hoops["stats"].(map[string]any)
	assert.EqualValues(t, 30, line["points"])
	assert.Equal(t, "15.0", line["pointsPerGame"])
	assert.Equal(t, "48.0%", line["fieldGoalPct"]) // 12 of 25
	assert.EqualValues(t, 2, line["gamesPlayed"])
	assert.Equal(t, "2025–26 Winter", hoops["name"], "a season not renamed is called by its own name")

	// The family renames the winter; an empty name gives it its own back.
	rename := fmt.Sprintf("/api/athletes/%d/stats/season-name", athlete)
	res = owner.do("PUT", rename, map[string]any{"sport": "basketball", "season": "2025–26 Winter", "name": "JV, sophomore year"})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	renamed := owner.do("GET", fmt.Sprintf("/api/athletes/%d/stats/rollup", athlete), nil).json(t)["seasons"].([]any)[1].(map[string]any)
	assert.Equal(t, "JV, sophomore year", renamed["name"])
	assert.Equal(t, "2025–26 Winter", renamed["season"])
	res = owner.do("PUT", rename, map[string]any{"sport": "basketball", "season": "2025–26 Winter", "name": "two\nlines"})
	require.Equal(t, http.StatusBadRequest, res.status)
	res = owner.do("PUT", rename, map[string]any{"sport": "basketball", "season": "2025–26 Winter", "name": strings.Repeat("x", 61)})
	require.Equal(t, http.StatusBadRequest, res.status)
	assert.Equal(t, "Name must be at most 60 characters", res.message(t))
	res = owner.do("PUT", rename, map[string]any{"sport": "basketball", "season": "2025–26 Winter", "name": ""})
	require.Equal(t, http.StatusOK, res.status)
	assert.Equal(t, "2025–26 Winter", owner.do("GET", fmt.Sprintf("/api/athletes/%d/stats/rollup", athlete), nil).json(t)["seasons"].([]any)[1].(map[string]any)["name"])

	careers := roll["careers"].([]any)
	require.Len(t, careers, 2)
	assert.Equal(t, "basketball", careers[1].(map[string]any)["sport"])
	assert.EqualValues(t, 30, careers[1].(map[string]any)["stats"].(map[string]any)["points"])

	// The dashboard's numbers are the newest game's sport alone, led by a point guard's stats.
	dashboard := listOf(t, owner.do("GET", fmt.Sprintf("/api/athletes/%d/stats", athlete), nil))
	require.NotEmpty(t, dashboard)
	assert.Equal(t, "Points", dashboard[0]["category"], "a point guard's numbers are basketball's, though the newest game is baseball's")

	stranger, _ := s.registered(t, "stranger@example.com")
	assert.Equal(t, http.StatusNotFound, stranger.do("GET", fmt.Sprintf("/api/athletes/%d/stats/rollup", athlete), nil).status)
	assert.Equal(t, http.StatusUnauthorized, s.newClient(t).do("GET", fmt.Sprintf("/api/athletes/%d/stats/rollup", athlete), nil).status)
	assert.Equal(t, http.StatusNotFound, stranger.do("GET", fmt.Sprintf("/api/athletes/%d/stats/sports", athlete), nil).status)
	assert.Equal(t, http.StatusUnauthorized, s.newClient(t).do("GET", fmt.Sprintf("/api/athletes/%d/stats/sports", athlete), nil).status)
}

// TestBlankSheetImport: a family whose team uses no platform we read downloads the basketball
// sheet, fills a row, and imports it through Manual entry as one game of basketball; the season
// form of the same sheet files a season named for the sport's school season.
func TestBlankSheetImport(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.startWorkers(t)
	owner, _ := s.registered(t, "sheet@example.com")
	athlete := createAthleteWith(t, owner, map[string]any{"sports": "Basketball", "position": "Point Guard"})

	res := owner.do("GET", "/api/stats/sheets/basketball", nil)
	require.Equal(t, http.StatusOK, res.status)
	assert.Equal(t, "text/csv; charset=utf-8", res.header.Get("Content-Type"))
	assert.Contains(t, res.header.Get("Content-Disposition"), `filename="basketball-stats-sheet.csv"`)
	header := strings.TrimSpace(string(res.body))
	assert.True(t, strings.HasPrefix(header, "Jersey,Name,Points,"), header)
	assert.NotContains(t, header, "Points per Game", "rates are worked out, never filled in")
	assert.Equal(t, http.StatusNotFound, owner.do("GET", "/api/stats/sheets/quidditch", nil).status)

	manual := connectPlatform(t, owner, athlete, "manual", "5")
	filled := header + "\r\n5,Maya Brooks,18,7,14\r\n"
	imports := fmt.Sprintf("/api/stats/athlete-platforms/%d/imports", manual)
	res = owner.upload(imports, map[string]string{"gameDate": "2026-01-09", "opponent": "North"}, "sheet.csv", strings.NewReader(filled))
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	imp := waitImport(t, owner, int64(res.json(t)["id"].(float64)))
	require.Equal(t, "ready", imp["status"], "%v", imp)
	games := listOf(t, owner.do("GET", fmt.Sprintf("/api/stats/games/%d", athlete), nil))
	require.Len(t, games, 1)
	assert.Equal(t, "basketball", games[0]["sport"])
	line := games[0]["stats"].(map[string]any)
	assert.EqualValues(t, 18, line["points"])
	assert.Equal(t, "50.0%", line["fieldGoalPct"])
	assert.Equal(t, "18.0", line["pointsPerGame"], "a one-game sheet counts one game")

	res = owner.upload(imports, nil, "season.csv", strings.NewReader(header+"\r\n5,Maya Brooks,240,90,200\r\n"))
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	imp = waitImport(t, owner, int64(res.json(t)["id"].(float64)))
	require.Equal(t, "ready", imp["status"], "%v", imp)
	seasons := listOf(t, owner.do("GET", fmt.Sprintf("/api/stats/seasons/%d", athlete), nil))
	require.Len(t, seasons, 1)
	assert.Equal(t, "basketball", seasons[0]["sport"])
	own := sports.LatestSeason("basketball", time.Now())
	assert.Equal(t, own, seasons[0]["season"])
	assert.Equal(t, own, seasons[0]["name"])

	// The family renames the imported season as they would one added up from games: the list and
	// the PDF report call it by their name.
	res = owner.do("PUT", fmt.Sprintf("/api/athletes/%d/stats/season-name", athlete), map[string]any{"sport": "basketball", "season": own, "name": "Varsity, junior year"})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	seasons = listOf(t, owner.do("GET", fmt.Sprintf("/api/stats/seasons/%d", athlete), nil))
	assert.Equal(t, "Varsity, junior year", seasons[0]["name"])
	assert.Equal(t, own, seasons[0]["season"])
	_, pdf := statsReport(t, owner, athlete)
	cmd := exec.Command("pdftotext", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	text, err := cmd.Output()
	require.NoError(t, err)
	assert.Contains(t, string(text), "Varsity, junior year")
}

// TestLeadStats: a family chooses what their dashboard leads with, per sport, instead of the
// position's stats; keys are the sport's; an empty choice goes back to the position's.
func TestLeadStats(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "lead@example.com")
	athlete := createAthleteWith(t, owner, map[string]any{"sports": "Basketball", "position": "Point Guard"})
	res := owner.do("POST", fmt.Sprintf("/api/stats/games/%d", athlete), map[string]any{"sport": "basketball", "gameDate": "2026-01-09",
		"stats": map[string]any{"points": 12, "assists": 9, "steals": 3, "threePointersMade": 2, "threePointersAttempted": 5}})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	lead := fmt.Sprintf("/api/athletes/%d/stats/lead", athlete)
	dashboard := func() []any {
		var out []any
		for _, d := range listOf(t, owner.do("GET", fmt.Sprintf("/api/athletes/%d/stats", athlete), nil)) {
			out = append(out, d["category"])
		}
		return out
	}
	sportsInfo := owner.do("GET", fmt.Sprintf("/api/athletes/%d/stats/sports", athlete), nil).json(t)
	positionLead := sportsInfo["lead"].(map[string]any)["basketball"].([]any)
	require.NotEmpty(t, positionLead, "a point guard's lead stats")
	assert.Empty(t, sportsInfo["chosen"])

	res = owner.do("PUT", lead, map[string]any{"sport": "basketball", "keys": []string{"steals", "assistsPerGame"}})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	assert.Equal(t, []any{"steals", "assistsPerGame"}, res.json(t)["lead"].(map[string]any)["basketball"])
	assert.Equal(t, []any{"basketball"}, res.json(t)["chosen"])
	assert.Equal(t, []any{"Steals", "Assists per Game"}, dashboard()[:2])

	res = owner.do("PUT", lead, map[string]any{"sport": "basketball", "keys": []string{"hits"}})
	require.Equal(t, http.StatusBadRequest, res.status)
	assert.Equal(t, `"hits" is not a basketball stat`, res.message(t))
	res = owner.do("PUT", lead, map[string]any{"sport": "basketball", "keys": []string{"steals", "steals"}})
	require.Equal(t, http.StatusBadRequest, res.status)
	res = owner.do("PUT", lead, map[string]any{"sport": "basketball", "keys": []string{"a", "b", "c", "d", "e", "f", "g", "h", "i"}})
	require.Equal(t, http.StatusBadRequest, res.status)
	assert.Equal(t, "Choose at most 8 stats to lead with", res.message(t))
	res = owner.do("PUT", lead, map[string]any{"sport": "quidditch", "keys": []string{}})
	require.Equal(t, http.StatusBadRequest, res.status)

	res = owner.do("PUT", lead, map[string]any{"sport": "basketball", "keys": []string{}})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	assert.Equal(t, positionLead, res.json(t)["lead"].(map[string]any)["basketball"])
	assert.Empty(t, res.json(t)["chosen"])

	stranger, _ := s.registered(t, "stranger@example.com")
	assert.Equal(t, http.StatusNotFound, stranger.do("PUT", lead, map[string]any{"sport": "basketball", "keys": []string{"steals"}}).status)
	assert.Equal(t, http.StatusUnauthorized, s.newClient(t).do("PUT", lead, map[string]any{"sport": "basketball", "keys": []string{"steals"}}).status)
}
