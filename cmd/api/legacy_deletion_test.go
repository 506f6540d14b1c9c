package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stretchr/testify/require"

	"legacylocker/integrations/mail"
	"legacylocker/integrations/mail/mailtest"
	"legacylocker/integrations/statsproviders"
	"legacylocker/jobs"
)

// The deletion tests fill every area for an account, delete it through the api, and then read the
// whole database the way an outside check would: every column that names a user or an athlete by
// id, and every row's text, for anything left of what was deleted.

const (
	leavingEmail = "leaving@example.com"
	// leavingAthlete is a name no other row has, so finding it anywhere means a row was left behind.
	leavingAthlete = "Zephyrine Quillfeather"
)

// startAllWorkers runs every worker, with e-mail going to a real SMTP listener on loopback.
func (s *testServer) startAllWorkers(t *testing.T) *mailtest.Server {
	t.Helper()
	smtpServer := mailtest.Start(t)
	sender, err := mail.NewSender(smtpServer.URL, "Legacy Locker <no-reply@legacylocker.app>")
	require.NoError(t, err)
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	client, err := river.NewClient(riverpgxv5.New(s.pool), &river.Config{
		Queues: map[string]river.QueueConfig{jobs.QueueDefault: {MaxWorkers: 2}, jobs.QueueMedia: {MaxWorkers: 1}},
		Workers: jobs.Workers(jobs.Dependencies{Pool: s.pool, Storage: s.app.storage, Mailer: sender, Logger: quiet,
			AppURL: s.app.cfg.appURL, StatsProviders: statsproviders.Default()}),
		Logger: quiet, FetchPollInterval: 100 * time.Millisecond,
	})
	require.NoError(t, err)
	require.NoError(t, client.Start(context.Background()))
	t.Cleanup(func() { _ = client.Stop(context.Background()) })
	return smtpServer
}

// personColumn is a column naming a user or an athlete by id: athlete_id and user_id by name, any
// column with a foreign key to users or athletes (author_id, created_by, invited_by, …), and any
// *_by column.
type personColumn struct {
	table, column string
	names         string // "users" or "athletes"
}

func personColumns(t *testing.T, s *testServer) []personColumn {
	t.Helper()
	rows, err := s.pool.Query(context.Background(), `
		WITH fk AS (
			SELECT k.conrelid::regclass::text AS table_name, a.attname::text AS column_name, k.confrelid::regclass::text AS names
			FROM pg_constraint k JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
			WHERE k.contype = 'f' AND k.connamespace = 'public'::regnamespace AND k.confrelid IN ('users'::regclass, 'athletes'::regclass))
		SELECT c.table_name, c.column_name,
			coalesce(fk.names, CASE WHEN c.column_name = 'athlete_id' THEN 'athletes' ELSE 'users' END)
		FROM information_schema.columns c
		JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
		LEFT JOIN fk ON fk.table_name = c.table_name AND fk.column_name = c.column_name
		WHERE c.table_schema = 'public' AND c.data_type IN ('bigint', 'integer')
			AND (fk.names IS NOT NULL OR c.column_name IN ('athlete_id', 'user_id') OR c.column_name LIKE '%\_by')
		UNION ALL SELECT 'users', 'id', 'users'
		UNION ALL SELECT 'athletes', 'id', 'athletes'
		ORDER BY 1, 2`)
	require.NoError(t, err)
	columns, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (personColumn, error) {
		var c personColumn
		return c, r.Scan(&c.table, &c.column, &c.names)
	})
	require.NoError(t, err)
	require.Contains(t, columns, personColumn{"journal_entries", "author_id", "users"}, "the walk finds the columns")
	return columns
}

// rowsNaming answers, per table.column, how many rows name the user or the athlete (0 to skip one).
func rowsNaming(t *testing.T, s *testServer, columns []personColumn, userID, athleteID int64) map[string]int {
	t.Helper()
	found := map[string]int{}
	for _, c := range columns {
		id := userID
		if c.names == "athletes" {
			id = athleteID
		}
		if id == 0 {
			continue
		}
		var n int
		require.NoError(t, s.pool.QueryRow(context.Background(), fmt.Sprintf("SELECT count(*) FROM %s WHERE %s = $1",
			pgx.Identifier{c.table}.Sanitize(), pgx.Identifier{c.column}.Sanitize()), id).Scan(&n))
		if n > 0 {
			found[c.table+"."+c.column] = n
		}
	}
	return found
}

// rowsContaining answers the tables with a row whose text (every column, JSON and arrays included)
// contains needle, ignoring case.
func rowsContaining(t *testing.T, s *testServer, needle string) map[string]int {
	t.Helper()
	ctx := context.Background()
	rows, err := s.pool.Query(ctx, `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`)
	require.NoError(t, err)
	tables, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	found := map[string]int{}
	for _, table := range tables {
		var n int
		require.NoError(t, s.pool.QueryRow(ctx, fmt.Sprintf(`SELECT count(*) FROM %s AS r WHERE strpos(lower(r::text), lower($1)) > 0`,
			pgx.Identifier{table}.Sanitize()), needle).Scan(&n))
		if n > 0 {
			found[table] = n
		}
	}
	return found
}

// tablesOf answers the tables of "table.column" names.
func tablesOf(found map[string]int) map[string]bool {
	tables := map[string]bool{}
	for name := range found {
		tables[strings.SplitN(name, ".", 2)[0]] = true
	}
	return tables
}

// seedEveryArea puts something of the account and its athlete in every table that can name them,
// beyond what seedLegacyOf already made, through the api where a family would and straight into the
// table where a worker or an outside service would.
func seedEveryArea(t *testing.T, s *testServer, owner *client, ownerID, athlete int64) {
	t.Helper()
	ctx := context.Background()
	for _, req := range []struct {
		path string
		body any
	}{
		{fmt.Sprintf("/api/athletes/%d/qr-codes", athlete), map[string]string{"targetUrl": "https://example.com/zephyrine"}},
		{fmt.Sprintf("/api/athletes/%d/family-circle", athlete), map[string]string{
			"name": "Aunt May", "email": "may@example.org", "relationship": "relative", "accessLevel": "viewer"}},
		{fmt.Sprintf("/api/athletes/%d/exports", athlete), nil},
	} {
		res := owner.do("POST", req.path, req.body)
		require.Less(t, res.status, 300, "%s: %s", req.path, res.body)
	}
	waitExport(t, owner, athlete)
	require.Equal(t, http.StatusOK, owner.do("PUT", fmt.Sprintf("/api/athletes/%d/activity/seen", athlete), nil).status)
	for _, path := range []string{fmt.Sprintf("/api/athletes/%d/photo", athlete), "/api/user/photo"} {
		res := owner.sendFile("PUT", path, nil, "me.png", bytes.NewReader(testPNG(t)))
		require.Equal(t, http.StatusAccepted, res.status, "%s: %s", path, res.body)
	}
	partial := createTus(t, owner, athlete, 10_000, filmFields)
	require.Equal(t, http.StatusNoContent, patchTus(owner, partial, 0, gameFilm(t, 4000)).status)
	showcase := owner.do("PUT", fmt.Sprintf("/api/athletes/%d/showcase", athlete), map[string]any{"slug": "zephyrine-q", "published": true})
	require.Equal(t, http.StatusOK, showcase.status, string(showcase.body))
	// Places on photos, and an item named by one (what an upload with a position gets once they are on).
	places := owner.do("PUT", fmt.Sprintf("/api/athletes/%d/places", athlete), map[string]bool{"showPlaces": true})
	require.Equal(t, http.StatusOK, places.status, string(places.body))
	// A contact message, stored and copied to SUPPORT_EMAIL with the account's address to reply to.
	contact := owner.do("POST", "/api/contact", map[string]string{"name": "Ana", "email": leavingEmail, "subject": "Hello", "message": "A question"})
	require.Equal(t, http.StatusCreated, contact.status, string(contact.body))
	// A forgotten password leaves a reset link behind.
	require.Equal(t, http.StatusAccepted, owner.do("POST", "/api/password-resets", map[string]string{"email": leavingEmail}).status)
	// A wrong password throttles by the account's address.
	require.Equal(t, http.StatusBadRequest, owner.do("DELETE", "/api/user", map[string]string{"password": "wrong-password"}).status)
	for _, q := range []string{
		`INSERT INTO calendar_feeds (athlete_id, token) VALUES ($1, 'feed-token-' || $1::bigint)`,
		`UPDATE media_items SET place_name = 'Austin, Texas' WHERE athlete_id = $1`,
		`INSERT INTO checklist_seeds (athlete_id) VALUES ($1) ON CONFLICT DO NOTHING`,
		`WITH ci AS (INSERT INTO college_interests (athlete_id, name) VALUES ($1, 'Seed College') RETURNING id),
		 link AS (INSERT INTO recruiting_links (college_interest_id, athlete_id, code, coach_name, expires_at, created_by)
			SELECT ci.id, $1, 'seedlink-' || $1::bigint, 'Coach Diaz', now() + interval '30 days', (SELECT user_id FROM athletes WHERE id = $1) FROM ci
			RETURNING id)
		 INSERT INTO recruiting_link_views (link_id, day, visitor, media_id, opens) SELECT id, current_date, '\x01', 0, 1 FROM link`,
		`WITH ci AS (INSERT INTO college_interests (athlete_id, name, next_follow_up_on) VALUES ($1, 'Outreach College', current_date) RETURNING id),
		 ct AS (INSERT INTO college_contacts (college_interest_id, athlete_id, name, email) SELECT id, $1, 'Coach Diaz', 'diaz@state.example' FROM ci RETURNING id, college_interest_id)
		 INSERT INTO college_outreach (college_interest_id, athlete_id, contact_id, kind, happened_on, created_by)
			SELECT ct.college_interest_id, $1, ct.id, 'email_sent', current_date, (SELECT user_id FROM athletes WHERE id = $1) FROM ct`,
		`INSERT INTO journal_prompts (athlete_id, title, prompt, source) VALUES ($1, 'Your first game', 'How did it feel?', 'generated')`,
		`INSERT INTO prompt_generations (athlete_id, status, provider) VALUES ($1, 'ready', 'basic')`,
		`INSERT INTO stats (athlete_id, category, value) VALUES ($1, 'Batting average', '.367')`,
		`INSERT INTO reels (athlete_id, created_by, title, clip_ids, title_slide, formats, landscape_media_id)
			SELECT $1, user_id, 'Season', '{}', '{"name": "Jo"}', '{landscape}', (SELECT id FROM media_items WHERE athlete_id = $1 LIMIT 1)
			FROM athletes WHERE id = $1`,
		`INSERT INTO stats_reports (athlete_id, created_by, status) SELECT $1, user_id, 'ready' FROM athletes WHERE id = $1`,
		`INSERT INTO season_books (athlete_id, created_by, title, from_date, to_date, include_journal, include_ai_versions, include_milestones,
			include_stats, include_achievements, include_media, status)
			SELECT $1, user_id, 'Spring', '2026-03-01', '2026-06-30', true, false, true, true, true, true, 'ready' FROM athletes WHERE id = $1`,
		`UPDATE stats_imports SET created_by = (SELECT user_id FROM athletes WHERE id = $1) WHERE athlete_id = $1`,
		`UPDATE stats_connections SET created_by = (SELECT user_id FROM athletes WHERE id = $1) WHERE athlete_id = $1`,
		`INSERT INTO stats_tokens (connection_id, access_token, refresh_token, authorized_by)
			SELECT c.id, 'tok-leaving', 'ref-leaving', a.user_id FROM stats_connections c JOIN athletes a ON a.id = c.athlete_id WHERE c.athlete_id = $1`,
	} {
		_, err := s.pool.Exec(ctx, q, athlete)
		require.NoError(t, err, q)
	}
	for _, q := range []string{
		`INSERT INTO ai_usage (user_id, month, enhancements) VALUES ($1, date_trunc('month', now()), 3)`,
		`INSERT INTO subscriptions (user_id, tier, status) VALUES ($1, 'free', 'active') ON CONFLICT (user_id) DO NOTHING`,
		`INSERT INTO plan_grants (user_id, tier, granted_by) VALUES ($1, 'family', 'ops@example.com')`,
		`INSERT INTO operator_audit (operator_id, operator_email, action, target) SELECT id, email, 'job.retry', 'job 1' FROM users WHERE id = $1`,
		`UPDATE users SET stripe_customer_id = 'cus_leaving' || $1::bigint WHERE id = $1`,
		`INSERT INTO stripe_events (id, type, payload) SELECT 'evt_leaving' || id, 'customer.updated',
			jsonb_build_object('data', jsonb_build_object('object', jsonb_build_object('id', stripe_customer_id, 'email', email))) FROM users WHERE id = $1`,
		// As an operator, it marked someone else's contact message handled.
		`INSERT INTO contact_messages (name, email, subject, message, handled_at, handled_by) VALUES ('Sam', 'sam@example.org', 'Billing', 'A question', now(), $1)`,
		`INSERT INTO waitlist_entries (email) SELECT email FROM users WHERE id = $1`,
		`INSERT INTO unsubscribe_links (token, user_id, kind) VALUES (repeat('u', 43), $1, 'weekly_prompt')`,
		`INSERT INTO idempotency_keys (user_id, key, request_hash, journal_entry_id)
			SELECT $1, 'draft-1', '\x00', (SELECT id FROM journal_entries WHERE author_id = $1 LIMIT 1)`,
	} {
		_, err := s.pool.Exec(ctx, q, ownerID)
		require.NoError(t, err, q)
	}
}

func TestDeleteAccountLeavesNothingThatNamesIt(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, withSupportEmail)
	smtpServer := s.startAllWorkers(t)
	ctx := context.Background()
	owner, ownerID := s.registered(t, leavingEmail)
	athlete := createAthleteNamed(t, owner, leavingAthlete)
	seedLegacyOf(t, s, owner, athlete)
	seedEveryArea(t, s, owner, ownerID, athlete)

	// Another family the account helped: an editor there, it wrote, uploaded and invited.
	other, _ := s.registered(t, "other@example.com")
	otherAthlete := createAthlete(t, other)
	_, err := s.pool.Exec(ctx, `INSERT INTO family_members (athlete_id, user_id, name, email, relationship, access_level, status, accepted_at)
		VALUES ($1, $2, 'Leaving', $3, 'relative', 'editor', 'active', now())`, otherAthlete, ownerID, leavingEmail)
	require.NoError(t, err)
	theirEntry := createEntry(t, owner, otherAthlete, map[string]any{"title": "Cheering from the stands"})
	theirPhoto := uploadPhoto(t, owner, otherAthlete, testPNG(t))
	// It answered the other family's items too; its comments and reactions go with the account.
	theirMilestone := other.do("POST", fmt.Sprintf("/api/athletes/%d/milestones", otherAthlete), map[string]string{"title": "First start", "date": "2026-03-14", "type": "achievement"})
	require.Equal(t, http.StatusCreated, theirMilestone.status, string(theirMilestone.body))
	answered := fmt.Sprintf("/api/milestones/%v", theirMilestone.json(t)["id"])
	require.Equal(t, http.StatusCreated, owner.do("POST", answered+"/comments", map[string]string{"body": "Go get them"}).status)
	require.Equal(t, http.StatusOK, owner.do("PUT", answered+"/reaction", map[string]string{"emoji": "🔥"}).status)
	_, err = s.pool.Exec(ctx, `INSERT INTO family_members (athlete_id, name, email, relationship, access_level, status, invited_by)
		VALUES ($1, 'Cousin Ben', 'ben@example.org', 'relative', 'viewer', 'pending', $2)`, otherAthlete, ownerID)
	require.NoError(t, err)
	// A third family invited the account's address and is still waiting.
	third, _ := s.registered(t, "third@example.com")
	thirdAthlete := createAthlete(t, third)
	_, err = s.pool.Exec(ctx, `INSERT INTO family_members (athlete_id, name, email, relationship, access_level, status)
		VALUES ($1, 'Ana', $2, 'relative', 'viewer', 'pending')`, thirdAthlete, leavingEmail)
	require.NoError(t, err)
	waitJobsDone(t, s)

	// Every table that can name the account or its athlete does, so the scan below proves something.
	columns := personColumns(t, s)
	before := tablesOf(rowsNaming(t, s, columns, ownerID, athlete))
	for _, c := range columns {
		require.True(t, before[c.table], "seedEveryArea puts nothing in %s: add a row of the account or its athlete", c.table)
	}
	require.NotEmpty(t, rowsContaining(t, s, leavingEmail))
	othersFiles, err := jobs.AthleteFileKeys(ctx, s.pool, otherAthlete)
	require.NoError(t, err)
	require.NotEmpty(t, othersFiles)

	res := owner.do("DELETE", "/api/user", map[string]string{"password": goodPassword})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	waitJobsDone(t, s)

	require.Empty(t, rowsNaming(t, s, columns, ownerID, athlete), "rows still naming the deleted account or athlete")
	require.Empty(t, rowsContaining(t, s, leavingEmail), "rows still holding the deleted account's address")
	require.Empty(t, rowsContaining(t, s, leavingAthlete), "rows still holding the deleted athlete's name")
	require.ElementsMatch(t, othersFiles, s.storedFiles(t), "only the other family's files are left in storage")

	// The notice was sent (and then forgotten, as the scans above show).
	notice := deletionNotice(t, smtpServer, leavingEmail)
	require.Contains(t, notice, "Your Legacy Locker account has been deleted")
	require.Contains(t, notice, leavingAthlete)

	// What it gave the other family stays theirs, without its name.
	var author, uploader *int64
	require.NoError(t, s.pool.QueryRow(ctx, `SELECT author_id FROM journal_entries WHERE id = $1`, theirEntry.ID).Scan(&author))
	require.NoError(t, s.pool.QueryRow(ctx, `SELECT uploaded_by FROM media_items WHERE id = $1`, theirPhoto.ID).Scan(&uploader))
	require.Nil(t, author)
	require.Nil(t, uploader)
	var handledBy *int64
	require.NoError(t, s.pool.QueryRow(ctx, `SELECT handled_by FROM contact_messages WHERE email = 'sam@example.org' AND handled_at IS NOT NULL`).Scan(&handledBy))
	require.Nil(t, handledBy, "a message it handled stays handled, without whom")
	var cousin int
	require.NoError(t, s.pool.QueryRow(ctx, `SELECT count(*) FROM family_members WHERE email = 'ben@example.org'`).Scan(&cousin))
	require.Equal(t, 1, cousin, "the other family's invitation stays")
}

func TestDeleteAthleteLeavesNothingThatNamesIt(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, withSupportEmail)
	smtpServer := s.startAllWorkers(t)
	ctx := context.Background()
	owner, ownerID := s.registered(t, leavingEmail)
	athlete := createAthleteNamed(t, owner, leavingAthlete)
	seedLegacyOf(t, s, owner, athlete)
	seedEveryArea(t, s, owner, ownerID, athlete)
	other, _ := s.registered(t, "other@example.com")
	otherAthlete := createAthlete(t, other)
	otherPhoto := uploadPhoto(t, other, otherAthlete, testPNG(t))
	waitJobsDone(t, s)

	columns := personColumns(t, s)
	before := tablesOf(rowsNaming(t, s, columns, 0, athlete))
	for _, c := range columns {
		if c.names == "athletes" {
			require.True(t, before[c.table], "seedEveryArea puts nothing of the athlete in %s: add a row", c.table)
		}
	}
	require.NotEmpty(t, rowsContaining(t, s, leavingAthlete))
	othersFiles, err := jobs.AthleteFileKeys(ctx, s.pool, otherAthlete)
	require.NoError(t, err)
	require.NotEmpty(t, othersFiles)

	res := owner.do("DELETE", fmt.Sprintf("/api/athletes/%d", athlete), map[string]string{"password": goodPassword})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	waitJobsDone(t, s)

	require.Empty(t, rowsNaming(t, s, columns, 0, athlete), "rows still naming the deleted athlete")
	require.Empty(t, rowsContaining(t, s, leavingAthlete), "rows still holding the deleted athlete's name")
	// The parent's own photo is the account's, which stays.
	var accountPhoto []string
	require.NoError(t, s.pool.QueryRow(ctx, `SELECT ARRAY[photo_key, small_key] FROM profile_photos WHERE user_id = $1`, ownerID).Scan(&accountPhoto))
	require.ElementsMatch(t, append(othersFiles, accountPhoto...), s.storedFiles(t), "only the other family's files and the account's photo are left in storage")
	require.Equal(t, http.StatusOK, other.do("GET", fmt.Sprintf("/api/media/%d", otherPhoto.ID), nil).status)

	require.Contains(t, deletionNotice(t, smtpServer, leavingEmail), "We removed everything of "+leavingAthlete)
	require.Equal(t, http.StatusOK, owner.do("GET", "/api/user", nil).status, "the account stays")
}

// deletionNotice answers the body of the deletion notice the SMTP server received for to.
func deletionNotice(t *testing.T, smtpServer *mailtest.Server, to string) string {
	t.Helper()
	var body string
	require.Eventually(t, func() bool {
		for _, m := range smtpServer.Messages() {
			if len(m.To) == 1 && m.To[0] == to && strings.Contains(m.Subject, "deleted") {
				body = m.Body
			}
		}
		return body != ""
	}, 20*time.Second, 50*time.Millisecond, "no deletion notice reached %s", to)
	return body
}

func createAthleteNamed(t *testing.T, c *client, name string) int64 {
	t.Helper()
	res := c.do("POST", "/api/athletes", athleteBody(map[string]any{"name": name}))
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	return int64(res.json(t)["id"].(float64))
}
