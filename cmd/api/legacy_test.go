package main

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
	"legacylocker/media"
)

// legacyFixture is an athlete with something in every part of the record, made through the api
// where a family would make it and written straight to the tables where a worker would.
type legacyFixture struct {
	athlete    int64
	photo      mediaJSON
	photoBytes []byte
	entryTitle string
	statsFile  string
}

const unicodeTitle = "Première victoire — 初勝利 🥎"

func seedLegacy(t *testing.T, s *testServer, owner *client) legacyFixture {
	t.Helper()
	return seedLegacyOf(t, s, owner, createAthlete(t, owner))
}

func seedLegacyOf(t *testing.T, s *testServer, owner *client, athlete int64) legacyFixture {
	t.Helper()
	ctx := context.Background()
	f := legacyFixture{athlete: athlete, photoBytes: testPNG(t), entryTitle: unicodeTitle}
	entry := createEntry(t, owner, f.athlete, map[string]any{"title": unicodeTitle,
		"content": "Ça y est: she hit a triple in the 7th. Grand-mère a pleuré 😭"})
	_, err := s.pool.Exec(ctx, `UPDATE journal_entries SET enhanced_content = 'Polished: a triple in the seventh, and tears of joy.',
		ai_summary = 'First win.', ai_provider = 'model' WHERE id = $1`, entry.ID)
	require.NoError(t, err)
	f.photo = uploadPhoto(t, owner, f.athlete, f.photoBytes)
	// The family's answers to it.
	res := owner.do("POST", fmt.Sprintf("/api/media/%d/comments", f.photo.ID), map[string]string{"body": "Grand-mère framed this one"})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	require.Equal(t, http.StatusOK, owner.do("PUT", fmt.Sprintf("/api/media/%d/reaction", f.photo.ID), map[string]string{"emoji": "❤️"}).status)

	conn := connectPlatform(t, owner, f.athlete, "gamechanger", "jersey-12")
	f.statsFile = gameChangerSeason
	statsKey := media.NewKey(".csv")
	_, err = s.app.storage.Put(ctx, statsKey, strings.NewReader(f.statsFile))
	require.NoError(t, err)
	for _, q := range []string{
		`INSERT INTO milestones (athlete_id, title, milestone_date, milestone_type) VALUES ($1, 'First varsity start', '2026-03-14', 'achievement')`,
		`INSERT INTO events (athlete_id, title, start_date, location) VALUES ($1, 'Showcase camp', '2026-07-01T09:00:00Z', 'Austin, TX')`,
		`WITH ci AS (INSERT INTO college_interests (athlete_id, name, division, interest, notes) VALUES ($1, 'Texas A&M', 'D1', 4, 'Coach called') RETURNING id),
		 ct AS (INSERT INTO college_contacts (college_interest_id, athlete_id, name, role) SELECT id, $1, 'Coach Alvarez', 'Recruiting coordinator' FROM ci RETURNING id, college_interest_id)
		 INSERT INTO college_outreach (college_interest_id, athlete_id, contact_id, kind, happened_on, note)
			SELECT college_interest_id, $1, id, 'call', '2026-05-02', 'Talked about the summer camp' FROM ct`,
		`INSERT INTO checklist_items (athlete_id, title, done) VALUES ($1, 'Register with the NCAA Eligibility Center', true)`,
		`INSERT INTO stats_seasons (athlete_id, sport, season, team_name, source, display) VALUES ($1, 'baseball', '2026', 'Eagles', 'gamechanger',
			'{"gamesPlayed": 10, "atBats": 30, "hits": 11, "battingAverage": ".367"}')`,
		`INSERT INTO stats_games (athlete_id, sport, game_date, opponent, source, result, display) VALUES ($1, 'baseball', '2026-04-11', 'Hawks', 'manual', 'W',
			'{"atBats": 4, "hits": 2}')`,
		`INSERT INTO family_members (athlete_id, name, email, relationship, access_level, status) VALUES ($1, 'Grandma Rose', 'rose@example.org', 'grandparent', 'viewer', 'pending')`,
		`INSERT INTO recruiting_profiles (athlete_id, height_in, ncaa_id, intended_major, transcript_media_id)
			VALUES ($1, 70, '2109876543', 'Kinesiology', (SELECT id FROM media_items WHERE athlete_id = $1 LIMIT 1))`,
		`INSERT INTO athlete_measurables (athlete_id, sport, kind, value, unit, measured_on, verified_by)
			VALUES ($1, 'baseball', 'sixtyYardDash', 6.9, 's', '2026-02-01', 'Perfect Game')`,
	} {
		_, err := s.pool.Exec(ctx, q, f.athlete)
		require.NoError(t, err, q)
	}
	_, err = s.pool.Exec(ctx, `INSERT INTO stats_imports (athlete_id, connection_id, file_key, file_name, file_sha256, file_size, status)
		VALUES ($1, $2, $3, 'season.csv', 'x', $4, 'ready')`, f.athlete, conn, statsKey, len(f.statsFile))
	require.NoError(t, err)
	res = owner.do("POST", fmt.Sprintf("/api/athletes/%d/achievements", f.athlete), map[string]any{"title": "All-State First Team"})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	return f
}

// waitExport polls the athlete's newest export until it is ready.
func waitExport(t *testing.T, c *client, athlete int64) map[string]any {
	t.Helper()
	var export map[string]any
	require.Eventually(t, func() bool {
		res := c.do("GET", fmt.Sprintf("/api/athletes/%d/exports", athlete), nil)
		require.Equal(t, http.StatusOK, res.status, string(res.body))
		var list []map[string]any
		list = decodeAs[[]map[string]any](t, res)
		require.NotEmpty(t, list)
		export = list[0]
		require.NotEqual(t, "failed", export["status"], "the export failed: %v", export["statusReason"])
		return export["status"] == "ready"
	}, 60*time.Second, 100*time.Millisecond)
	return export
}

func readZip(t *testing.T, body []byte) map[string][]byte {
	t.Helper()
	archive, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	require.NoError(t, err)
	files := map[string][]byte{}
	for _, f := range archive.File {
		r, err := f.Open()
		require.NoError(t, err)
		b, err := io.ReadAll(r)
		require.NoError(t, err, f.Name)
		require.NoError(t, r.Close())
		files[f.Name] = b
	}
	return files
}

func findFile(files map[string][]byte, prefix, suffix string) (string, []byte) {
	for name, b := range files {
		if strings.HasPrefix(name, prefix) && strings.HasSuffix(name, suffix) {
			return name, b
		}
	}
	return "", nil
}

func TestLegacyExportHoldsTheWholeLegacy(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.startWorkers(t)
	owner, _ := s.registered(t, "owner@example.com")
	f := seedLegacy(t, s, owner)
	// The card is drawn by its job; the archive carries it once it is there.
	require.Eventually(t, func() bool {
		var ready bool
		require.NoError(t, s.pool.QueryRow(context.Background(), `SELECT bool_and(card_status = 'ready') FROM achievements WHERE athlete_id = $1`, f.athlete).Scan(&ready))
		return ready
	}, 30*time.Second, 100*time.Millisecond)

	res := owner.do("POST", fmt.Sprintf("/api/athletes/%d/exports", f.athlete), nil)
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	export := waitExport(t, owner, f.athlete)
	require.EqualValues(t, 1, export["progress"])
	require.NotEmpty(t, export["expiresAt"])
	expires, err := time.Parse(time.RFC3339Nano, export["expiresAt"].(string))
	require.NoError(t, err)
	require.WithinDuration(t, time.Now().Add(7*24*time.Hour), expires, time.Minute, "downloadable for 7 days")

	download := owner.do("GET", export["url"].(string), nil)
	require.Equal(t, http.StatusOK, download.status, string(download.body))
	require.Equal(t, "application/zip", download.header.Get("Content-Type"))
	require.Contains(t, download.header.Get("Content-Disposition"), "attachment")
	require.Contains(t, download.header.Get("Cache-Control"), "no-store")
	files := readZip(t, download.body)

	for _, name := range []string{"README.txt", "athlete.json", "journal/entries.json", "media/index.json", "milestones.json", "events.json",
		"stats/seasons.json", "stats/games.json", "stats/game log.csv", "stats/season 2026.csv", "achievements/achievements.json",
		"recruiting/college-interests.json", "recruiting/checklist.json", "recruiting/contacts.json", "recruiting/outreach.json",
		"family-circle.json", "qr-codes.json"} {
		require.Contains(t, files, name)
	}
	// The README names every file and folder at the archive's top level.
	readme := string(files["README.txt"])
	for name := range files {
		if name == "README.txt" {
			continue
		}
		top, _, nested := strings.Cut(name, "/")
		if nested {
			top += "/"
		}
		require.Contains(t, readme, "  "+top+" ", "README.txt says what %s is", name)
	}
	// The journal: every field in JSON, unicode intact, and the readable page with both versions.
	require.Contains(t, string(files["journal/entries.json"]), unicodeTitle)
	require.Contains(t, string(files["journal/entries.json"]), `"enhanced_content"`)
	name, page := findFile(files, "journal/", ".md")
	require.NotEmpty(t, name)
	require.Contains(t, name, unicodeTitle, "the entry's file is named by its title")
	require.Contains(t, string(page), "Ça y est: she hit a triple in the 7th. Grand-mère a pleuré 😭")
	require.Contains(t, string(page), "## AI-polished version\n\nPolished: a triple in the seventh, and tears of joy.")
	require.Less(t, strings.Index(string(page), "family's words"), strings.Index(string(page), "AI-polished"))

	// The photo, byte for byte as uploaded, named by date and title, and indexed.
	name, photo := findFile(files, "media/", fmt.Sprintf("(%d).png", f.photo.ID))
	require.NotEmpty(t, name, "the photo is in media/")
	require.Equal(t, fmt.Sprintf("media/%s %s (%d).png", photoFields["date"], photoFields["title"], f.photo.ID), name)
	require.True(t, bytes.Equal(f.photoBytes, photo), "the original is byte-identical to the upload")
	require.Contains(t, string(files["media/index.json"]), fmt.Sprintf(`"file": %q`, name))
	// Where it was taken when the family shows places (a name, never coordinates), and their choice.
	require.Contains(t, string(files["media/index.json"]), `"place_name": null`)
	require.Contains(t, string(files["athlete.json"]), `"show_places": false`)

	// Stats: CSV as a spreadsheet opens it, and the imported file as it was.
	require.Contains(t, string(files["stats/season 2026.csv"]), "Season,Team,Sport,Start,End,Games Played,At Bats,Hits")
	require.Contains(t, string(files["stats/season 2026.csv"]), "2026,Eagles,,,,10,30,11,.367")
	require.Contains(t, string(files["stats/game log.csv"]), "2026-04-11,Hawks,,W,,4,2")
	_, imported := findFile(files, "stats/imported files/", "season.csv.txt")
	require.Equal(t, f.statsFile, string(imported), "kept byte for byte, as .txt so nothing in it runs")
	require.Contains(t, string(files["stats/imported files/About these files.txt"]), "exactly as it was uploaded")

	// Achievements with their cards, recruiting, the timeline.
	require.Contains(t, string(files["achievements/achievements.json"]), "All-State First Team")
	_, card := findFile(files, "achievements/All-State First Team", "feed card.png")
	require.True(t, bytes.HasPrefix(card, []byte("\x89PNG")), "the feed card is in the archive")
	require.Contains(t, string(files["recruiting/college-interests.json"]), "Texas A&M")
	require.Contains(t, string(files["recruiting/checklist.json"]), "Eligibility Center")
	require.Contains(t, string(files["recruiting/contacts.json"]), "Coach Alvarez")
	require.Contains(t, string(files["recruiting/outreach.json"]), "Talked about the summer camp")
	require.Contains(t, string(files["milestones.json"]), "First varsity start")
	require.Contains(t, string(files["events.json"]), "Showcase camp")

	// The family's answers, with the item they answer and the person by name.
	require.Contains(t, string(files["responses/comments.json"]), "Grand-mère framed this one")
	require.Contains(t, string(files["responses/comments.json"]), photoFields["title"])
	require.Contains(t, string(files["responses/reactions.json"]), "❤️")
	require.NotContains(t, string(files["responses/comments.json"]), "owner@example.com")

	// The athlete's body, academics and measurables.
	require.Contains(t, string(files["recruiting/measurables.json"]), "Kinesiology")
	require.Contains(t, string(files["recruiting/measurables.json"]), `"kind": "sixtyYardDash"`)
	require.Contains(t, string(files["recruiting/measurables.json"]), "Perfect Game")

	// The circle by name, and no other person's e-mail anywhere in the archive.
	require.Contains(t, string(files["family-circle.json"]), "Grandma Rose")
	for name, b := range files {
		require.NotContains(t, string(b), "rose@example.org", name)
	}

	// The owner is told where to download it.
	var subject, body string
	require.NoError(t, s.pool.QueryRow(context.Background(),
		`SELECT subject, body_text FROM outbound_emails WHERE kind = 'legacy_export' AND to_address = 'owner@example.com'`).Scan(&subject, &body))
	require.Contains(t, subject, "legacy archive is ready")
	require.Contains(t, body, fmt.Sprintf("http://localhost:8080/api/exports/%v/download", export["id"]))

	// A range, so a phone can resume the download.
	part := owner.do("GET", export["url"].(string), nil, "Range", "bytes=0-3")
	require.Equal(t, http.StatusPartialContent, part.status)
	require.Equal(t, []byte("PK\x03\x04"), part.body)
}

func TestLegacyExportOnceAtATimeAndExpires(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	editor, _ := s.member(t, athlete, "editor@example.com", "editor", "parent")

	first := owner.do("POST", fmt.Sprintf("/api/athletes/%d/exports", athlete), nil)
	require.Equal(t, http.StatusAccepted, first.status, string(first.body))
	again := owner.do("POST", fmt.Sprintf("/api/athletes/%d/exports", athlete), nil)
	require.Equal(t, first.json(t)["id"], again.json(t)["id"], "a second click gets the export being made")
	id := int64(first.json(t)["id"].(float64))
	require.Equal(t, http.StatusConflict, owner.do("GET", fmt.Sprintf("/api/exports/%d/download", id), nil).status, "not ready yet")
	// Family members, even those who edit, cannot take the whole legacy.
	require.Equal(t, http.StatusForbidden, editor.do("POST", fmt.Sprintf("/api/athletes/%d/exports", athlete), nil).status)
	require.Equal(t, http.StatusForbidden, editor.do("GET", fmt.Sprintf("/api/exports/%d/download", id), nil).status)

	// As the worker leaves it, then past its expiry.
	ctx := context.Background()
	key := fmt.Sprintf("export-%d-%s", id, media.NewKey(".zip"))
	_, err := s.app.storage.Put(ctx, key, strings.NewReader("PK archive"))
	require.NoError(t, err)
	_, err = s.pool.Exec(ctx, `UPDATE legacy_exports SET status = 'ready', file_key = $1, file_size = 10, ready_at = now(),
		expires_at = now() - interval '1 minute' WHERE id = $2`, key, id)
	require.NoError(t, err)
	require.Equal(t, http.StatusGone, owner.do("GET", fmt.Sprintf("/api/exports/%d/download", id), nil).status)

	s.startWorkers(t)
	_, err = s.app.jobs.Insert(ctx, jobs.LegacyExportCleanupArgs{}, nil)
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		_, err := s.app.storage.Open(ctx, key)
		return err != nil
	}, 20*time.Second, 50*time.Millisecond, "the expired archive's file is deleted")
	var rows int
	require.NoError(t, s.pool.QueryRow(ctx, `SELECT count(*) FROM legacy_exports WHERE id = $1`, id).Scan(&rows))
	require.Zero(t, rows, "and its row")
	require.Equal(t, http.StatusNotFound, owner.do("GET", fmt.Sprintf("/api/exports/%d/download", id), nil).status)
}

// athleteRows counts, in every table with an athlete_id column, the rows of the athlete.
func athleteRows(t *testing.T, s *testServer, athlete int64) map[string]int {
	t.Helper()
	ctx := context.Background()
	rows, err := s.pool.Query(ctx, `SELECT table_name FROM information_schema.columns
		WHERE table_schema = 'public' AND column_name = 'athlete_id' ORDER BY table_name`)
	require.NoError(t, err)
	var tables []string
	for rows.Next() {
		var name string
		require.NoError(t, rows.Scan(&name))
		tables = append(tables, name)
	}
	require.NoError(t, rows.Err())
	require.Contains(t, tables, "media_items", "the tables were found")
	counts := map[string]int{}
	for _, table := range tables {
		var n int
		require.NoError(t, s.pool.QueryRow(ctx, fmt.Sprintf(`SELECT count(*) FROM %q WHERE athlete_id = $1`, table), athlete).Scan(&n))
		if n > 0 {
			counts[table] = n
		}
	}
	var athletes int
	require.NoError(t, s.pool.QueryRow(ctx, `SELECT count(*) FROM athletes WHERE id = $1`, athlete).Scan(&athletes))
	if athletes > 0 {
		counts["athletes"] = athletes
	}
	return counts
}

// waitJobsDone waits until no job is left to run.
func waitJobsDone(t *testing.T, s *testServer) {
	t.Helper()
	require.Eventually(t, func() bool {
		var open int
		require.NoError(t, s.pool.QueryRow(context.Background(),
			`SELECT count(*) FROM river_job WHERE state IN ('available', 'running', 'retryable', 'scheduled', 'pending')`).Scan(&open))
		return open == 0
	}, 60*time.Second, 100*time.Millisecond)
}

// TestAccountExportsEveryAthlete: "Download everything" for the whole account starts an archive of
// each of its own athletes (one already being made is answered, not doubled), and of nobody else's.
func TestAccountExportsEveryAthlete(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, ownerID := s.registered(t, "owner@example.com")
	first := createAthlete(t, owner)
	_, err := s.pool.Exec(t.Context(), `INSERT INTO plan_grants (user_id, tier, granted_by) VALUES ($1, 'family', 'ops@example.com')`, ownerID)
	require.NoError(t, err)
	second := createAthlete(t, owner)
	running := owner.do("POST", fmt.Sprintf("/api/athletes/%d/exports", first), nil)
	require.Equal(t, http.StatusAccepted, running.status)
	// A family the owner belongs to is not theirs to export.
	other, _ := s.registered(t, "other@example.com")
	theirs := createAthlete(t, other)
	member, _ := s.member(t, theirs, "member@example.com", "admin", "parent")

	res := owner.do("POST", "/api/user/exports", nil)
	require.Equal(t, http.StatusAccepted, res.status, string(res.body))
	exports := decodeAs[[]map[string]any](t, res)
	require.Len(t, exports, 2)
	require.Equal(t, running.json(t)["id"], exports[0]["id"], "the archive already being made")
	require.Equal(t, 1, count(t, s, "SELECT count(*) FROM legacy_exports WHERE athlete_id = $1", second))
	require.Equal(t, 2, count(t, s, "SELECT count(*) FROM river_job WHERE kind = 'legacy_export'"), "a job for each archive")

	res = member.do("POST", "/api/user/exports", nil)
	require.Equal(t, http.StatusAccepted, res.status)
	require.Empty(t, decodeAs[[]map[string]any](t, res), "an admin of another family owns nothing to export")
	require.Equal(t, 0, count(t, s, "SELECT count(*) FROM legacy_exports WHERE athlete_id = $1", theirs))
}

func TestDeleteAthleteRemovesEverything(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	smtpServer := s.startAllWorkers(t)
	owner, _ := s.registered(t, "owner@example.com")
	f := seedLegacy(t, s, owner)
	grandpa, _ := s.member(t, f.athlete, "grandpa@example.com", "viewer", "grandparent")
	// An invitation that went out by e-mail names the athlete: it goes too.
	invite := owner.do("POST", fmt.Sprintf("/api/athletes/%d/family-circle", f.athlete), map[string]string{
		"name": "Aunt May", "email": "may@example.org", "relationship": "relative", "accessLevel": "viewer"})
	require.Equal(t, http.StatusCreated, invite.status, string(invite.body))
	require.Equal(t, http.StatusAccepted, owner.do("POST", fmt.Sprintf("/api/athletes/%d/exports", f.athlete), nil).status)
	waitExport(t, owner, f.athlete)
	// A resumable upload half sent: its piece goes with the athlete.
	partial := createTus(t, owner, f.athlete, 10_000, filmFields)
	require.Equal(t, http.StatusNoContent, patchTus(owner, partial, 0, gameFilm(t, 4000)).status)
	waitJobsDone(t, s)
	require.NotEmpty(t, s.storedFiles(t))
	require.Equal(t, http.StatusOK, grandpa.do("GET", fmt.Sprintf("/api/athletes/%d", f.athlete), nil).status)
	// A job still waiting for the athlete's media when the family deletes it.
	_, err := s.pool.Exec(context.Background(), `INSERT INTO river_job (kind, args, queue, state, max_attempts, scheduled_at)
		VALUES ('media_highlights', jsonb_build_object('media_id', $1::bigint), 'media', 'scheduled', 3, now() + interval '1 day')`, f.photo.ID)
	require.NoError(t, err)

	path := fmt.Sprintf("/api/athletes/%d", f.athlete)
	res := owner.do("DELETE", path, map[string]string{"password": ""})
	require.Equal(t, http.StatusBadRequest, res.status)
	require.Equal(t, "Please enter your password to confirm", res.fieldErrors(t)["password"])
	res = owner.do("DELETE", path, map[string]string{"password": "not-my-password"})
	require.Equal(t, http.StatusBadRequest, res.status)
	require.Equal(t, "Password is incorrect", res.fieldErrors(t)["password"])
	require.NotEmpty(t, athleteRows(t, s, f.athlete), "a wrong password deletes nothing")
	require.Equal(t, http.StatusForbidden, grandpa.do("DELETE", path, map[string]string{"password": goodPassword}).status,
		"a family member cannot delete the athlete")

	res = owner.do("DELETE", path, map[string]string{"password": goodPassword})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	summary := res.json(t)
	require.EqualValues(t, 1, summary["journalEntries"])
	require.EqualValues(t, 1, summary["mediaItems"])
	require.EqualValues(t, 1, summary["achievements"])
	require.EqualValues(t, 3, summary["familyMembers"])

	// At once: the family has lost access, and no row of the athlete is left.
	require.Equal(t, http.StatusNotFound, grandpa.do("GET", path, nil).status)
	require.Equal(t, http.StatusNotFound, owner.do("GET", path, nil).status)
	require.Empty(t, athleteRows(t, s, f.athlete))
	var jobs int
	require.NoError(t, s.pool.QueryRow(context.Background(), `SELECT count(*) FROM river_job WHERE kind = 'media_highlights'`).Scan(&jobs))
	require.Zero(t, jobs, "the jobs about the athlete's records are gone")

	// Through the jobs: every file, then only the notice of what was removed is left in the mail.
	waitJobsDone(t, s)
	require.Empty(t, s.storedFiles(t), "every file of the athlete is deleted")
	var kinds []string
	require.NoError(t, s.pool.QueryRow(context.Background(), `SELECT coalesce(array_agg(kind ORDER BY id), '{}') FROM outbound_emails
		WHERE to_address <> 'owner@example.com' OR kind <> 'deletion_notice'`).Scan(&kinds))
	require.NotContains(t, kinds, "family_invitation", "the invitation that named the athlete is gone")
	body := deletionNotice(t, smtpServer, "owner@example.com")
	for _, line := range []string{"- 1 journal entry", "- 1 photo, video or document", "- 1 milestone", "- 1 season of stats",
		"- 1 achievement", "- 3 family circle members (who no longer have access)"} {
		require.Contains(t, body, line)
	}
	// The account stays, and can start again.
	require.Equal(t, http.StatusOK, owner.do("GET", "/api/user", nil).status)
	createAthlete(t, owner)
}

func TestDeleteAccountRemovesEverything(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	smtpServer := s.startAllWorkers(t)
	ctx := context.Background()
	owner, ownerID := s.registered(t, "leaving@example.com")
	f := seedLegacy(t, s, owner)
	phone := s.newClient(t) // the same account signed in on a second device
	require.Equal(t, http.StatusOK, phone.do("POST", "/api/login", map[string]string{"email": "leaving@example.com", "password": goodPassword}).status)
	// The account is also an editor in another family's circle, and wrote in their journal.
	other, _ := s.registered(t, "other@example.com")
	otherAthlete := createAthlete(t, other)
	_, err := s.pool.Exec(ctx, `INSERT INTO family_members (athlete_id, user_id, name, email, relationship, access_level, status, accepted_at)
		VALUES ($1, $2, 'Leaving', 'leaving@example.com', 'relative', 'editor', 'active', now())`, otherAthlete, ownerID)
	require.NoError(t, err)
	theirs := createEntry(t, owner, otherAthlete, map[string]any{"title": "Cheering from the stands"})
	waitJobsDone(t, s)

	require.Equal(t, http.StatusBadRequest, owner.do("DELETE", "/api/user", map[string]string{"password": "wrong-password"}).status)
	res := owner.do("DELETE", "/api/user", map[string]string{"password": goodPassword})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Equal(t, true, res.json(t)["account"])

	// Signed out everywhere at once.
	require.Equal(t, http.StatusUnauthorized, owner.do("GET", "/api/user", nil).status)
	require.Equal(t, http.StatusUnauthorized, phone.do("GET", "/api/user", nil).status)
	waitJobsDone(t, s)

	require.Empty(t, athleteRows(t, s, f.athlete))
	require.Empty(t, s.storedFiles(t), "every file of the account is deleted")
	for query, want := range map[string]int{
		`SELECT count(*) FROM users WHERE id = $1`:                  0,
		`SELECT count(*) FROM family_members WHERE user_id = $1`:    0,
		`SELECT count(*) FROM subscriptions WHERE user_id = $1`:     0,
		`SELECT count(*) FROM ai_usage WHERE user_id = $1`:          0,
		`SELECT count(*) FROM journal_entries WHERE author_id = $1`: 0,
	} {
		var n int
		require.NoError(t, s.pool.QueryRow(ctx, query, ownerID).Scan(&n))
		require.Equal(t, want, n, query)
	}
	var mail, limits int
	require.NoError(t, s.pool.QueryRow(ctx, `SELECT count(*) FROM outbound_emails WHERE to_address = 'leaving@example.com' AND kind <> 'deletion_notice'`).Scan(&mail))
	require.Zero(t, mail)
	require.NoError(t, s.pool.QueryRow(ctx, `SELECT count(*) FROM rate_limit_hits WHERE key LIKE '%leaving@example.com%'`).Scan(&limits))
	require.Zero(t, limits)
	// The sessions' rows are gone; the other family's session is not.
	require.Equal(t, 1, sessionsOf(t, s), "only the other family's session is left")
	// What the account wrote in another family's journal stays theirs, without its author.
	var author *int64
	require.NoError(t, s.pool.QueryRow(ctx, `SELECT author_id FROM journal_entries WHERE id = $1`, theirs.ID).Scan(&author))
	require.Nil(t, author)
	body := deletionNotice(t, smtpServer, "leaving@example.com")
	require.Contains(t, body, "Your Legacy Locker account has been deleted")
	require.Contains(t, body, "- 1 journal entry")
	require.Equal(t, http.StatusUnauthorized, phone.do("POST", "/api/login", map[string]string{"email": "leaving@example.com", "password": goodPassword}).status,
		"the account cannot sign in again")
}

func sessionsOf(t *testing.T, s *testServer) int {
	t.Helper()
	var n int
	require.NoError(t, s.pool.QueryRow(context.Background(), `SELECT count(*) FROM sessions`).Scan(&n))
	return n
}

// legacyMatrix: the archive and the deletions, the owner's alone.
var legacyMatrix = matrixArea{
	outside: map[string]int{
		"DELETE /api/user":       http.StatusUnauthorized, // the caller's own account: TestDeleteAccountRemovesEverything
		"POST /api/user/exports": http.StatusUnauthorized, // the caller's own athletes: TestAccountExportsEveryAthlete
	},
	rows: func(m *matrix) []matrixRoute {
		readyExport := func() int64 {
			var id int64
			require.NoError(m.t, m.s.pool.QueryRow(m.t.Context(), `INSERT INTO legacy_exports (athlete_id, status, file_key, file_size, ready_at, expires_at)
				VALUES ($1, 'ready', 'export-matrix.zip', 2, now(), now() + interval '7 days') RETURNING id`, m.athlete).Scan(&id))
			_, err := m.s.app.storage.Put(m.t.Context(), "export-matrix.zip", strings.NewReader("PK"))
			require.NoError(m.t, err)
			return id
		}
		return []matrixRoute{
			{route: "GET /api/athletes/:id/exports", path: m.athletePath("/exports"), body: noBody, want: ownerOnly(ok)},
			{route: "POST /api/athletes/:id/exports", path: m.athletePath("/exports"), body: noBody, want: ownerOnly(accepted)},
			{route: "GET /api/exports/:id/download", path: pathOf("/api/exports/%d/download", readyExport), body: noBody, want: ownerOnly(ok)},
			// Allowed to the owner, who here gives a wrong password: 400 (TestDeleteAthleteRemovesEverything deletes).
			{route: "DELETE /api/athletes/:id", path: m.athletePath(""), body: func() any { return map[string]string{"password": "not-the-password"} }, want: ownerOnly(http.StatusBadRequest)},
		}
	},
}
