package jobs

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"legacylocker/store"
	"legacylocker/store/storetest"
)

// notExported are the tables naming an athlete or a user that "Download everything" leaves out on
// purpose. A table here is still deleted with its athlete or account (the deletion test checks it).
var notExported = map[string]string{
	"ai_usage":            "a monthly count of AI enhancements against the plan's limit, not part of a legacy",
	"activity_reads":      "when each member last looked at the athlete's feed, to count what is new; the feed is the items, which are exported",
	"calendar_feeds":      "secret subscription tokens for calendar apps; the events themselves are exported",
	"checklist_seeds":     "bookkeeping of when the default checklist was added; the checklist is exported",
	"contact_messages":    "messages to support through the contact form, kept for operators; handled_by names the operator who handled one (set null when that account goes), and an account's own messages are deleted with it by address",
	"idempotency_keys":    "a day's record of which request made which entry, so a retry does not make it twice; names the entry, keeps none of it",
	"journal_lexemes":     "the search index, made again from the entries, which are exported",
	"journal_prompts":     "writing suggestions the product generated, not anything the family wrote",
	"prompt_generations":  "the job record of generating prompts",
	"sessions":            "sign-ins (a token, scs's data and when it expires); sessions_delete removes an account's",
	"river_job":           "River's jobs (attempted_by names a worker process); a job's args carry ids only, and deleting an athlete deletes the jobs about it",
	"legacy_exports":      "the archives themselves (their files are deleted with the athlete: archivesArea)",
	"media_month_counts":  "the library's counts by month, kept by triggers from the items, which are exported",
	"media_lexemes":       "the library's search counts, made again from the items, which are exported",
	"media_uploads":       "resumable uploads not finished yet; a finished one is a media item, which is exported",
	"outbound_emails":     "the mail we sent about the athlete, which the family already has in their inboxes",
	"email_verifications": "links that confirm an address, spent or expiring within a week; only their hashes are kept",
	"plan_grants":         "a plan an operator granted the account, billing state like subscriptions",
	"password_resets":     "links to choose a new password, spent or expiring within the hour; only their hashes are kept",
	"operator_audit":      "what operators did, kept for the operators; names an operator, never a family's data",
	"stats_connections":   "the link to a stats platform (ids on that platform); the games and seasons it brought are exported",
	"stats_tokens":        "a connection's OAuth tokens for TeamSnap: secrets of no use outside this deployment; the games and seasons they fetched are exported",
	"stats_reports":       "the job record of a stats report; the PDF it made is a media item, which is exported",
	"season_books":        "the job record of a Season Story book (what was asked); the PDF it made is a media item, which is exported",
	"subscriptions":       "the account's billing state with Stripe, not part of an athlete's legacy",
	"unsubscribe_links":   "the keys of one-click unsubscribe links in e-mails we sent, not anything the family made",
}

// notFiles are columns named like storage keys that the deletion need not read: they hold something
// else, or borrow a file that a declared column owns.
var notFiles = map[string]string{
	"checklist_items.template_key": "names the checklist template an item came from",
	"stats_games.source_key":       "a stats platform's id for the game, so a re-import updates instead of duplicating",
	"stats_seasons.source_key":     "a stats platform's id for the season, so a re-import updates instead of duplicating",
	"river_job.unique_key":         "River's hash that keeps a unique job from being inserted twice",
	"outbound_email_images.storage_key": "a thumbnail an e-mail shows inline, borrowed from the media item that owns the file " +
		"(and deletes it with the athlete); the row goes with its e-mail, and a file gone by sending time is left out",
}

// tablesNamingAPerson answers the tables with a column that names an athlete or a user: athlete_id
// or user_id by name, any column with a foreign key to athletes or users (created_by, author_id,
// invited_by, …), and columns named *_by for the ones a future migration adds without a key.
func tablesNamingAPerson(ctx context.Context, db store.DBTX) ([]string, error) {
	rows, err := db.Query(ctx, `
		SELECT c.table_name FROM information_schema.columns c
		JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
		WHERE c.table_schema = 'public' AND (c.column_name IN ('athlete_id', 'user_id') OR c.column_name LIKE '%\_by')
		UNION
		SELECT conrelid::regclass::text FROM pg_constraint
		WHERE contype = 'f' AND connamespace = 'public'::regnamespace AND confrelid IN ('athletes'::regclass, 'users'::regclass)
		ORDER BY 1`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// unaccountedTables answers the tables naming a person that no area exports and no entry excuses,
// and the declarations that name no such table (a typo, or a table since dropped).
func unaccountedTables(ctx context.Context, db store.DBTX) (missing, stale []string, err error) {
	tables, err := tablesNamingAPerson(ctx, db)
	if err != nil {
		return nil, nil, err
	}
	exported := map[string]string{}
	for _, area := range legacyAreas {
		for _, table := range area.exports {
			exported[table] = area.name
		}
	}
	for _, table := range tables {
		_, isExported := exported[table]
		_, isExcused := notExported[table]
		switch {
		case isExported && isExcused:
			stale = append(stale, table+" is both exported and in notExported")
		case !isExported && !isExcused:
			missing = append(missing, table)
		}
	}
	for table, area := range exported {
		if !slices.Contains(tables, table) {
			stale = append(stale, fmt.Sprintf("%s (exported by %s) is not a table naming an athlete or user", table, area))
		}
	}
	for table := range notExported {
		if !slices.Contains(tables, table) {
			stale = append(stale, table+" (notExported) is not a table naming an athlete or user")
		}
	}
	sort.Strings(stale)
	return missing, stale, nil
}

// keyColumn is a column that looks like it holds storage keys: a name ending in _key or _keys.
type keyColumn struct {
	name      string // table.column
	isList    bool
	athleteID bool // its table has an athlete_id column, which the deletion selects by
}

func keyColumns(ctx context.Context, db store.DBTX) (map[string]keyColumn, error) {
	rows, err := db.Query(ctx, `
		SELECT c.table_name || '.' || c.column_name, c.data_type = 'ARRAY',
			EXISTS (SELECT 1 FROM information_schema.columns a WHERE a.table_schema = 'public'
				AND a.table_name = c.table_name AND a.column_name = 'athlete_id')
		FROM information_schema.columns c
		JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
		WHERE c.table_schema = 'public' AND (c.column_name LIKE '%\_key' OR c.column_name LIKE '%\_keys')`)
	if err != nil {
		return nil, err
	}
	columns := map[string]keyColumn{}
	for rows.Next() {
		var c keyColumn
		if err := rows.Scan(&c.name, &c.isList, &c.athleteID); err != nil {
			return nil, err
		}
		columns[c.name] = c
	}
	return columns, rows.Err()
}

// undeclaredFiles answers the key columns no area declares and no entry excuses, and the
// declarations the deletion could not use as written.
func undeclaredFiles(ctx context.Context, db store.DBTX) (missing, wrong []string, err error) {
	columns, err := keyColumns(ctx, db)
	if err != nil {
		return nil, nil, err
	}
	declared := map[string]bool{}
	for _, c := range StoredFileColumns() {
		name := c.Table + "." + c.Column
		declared[name] = true
		found, ok := columns[name]
		switch {
		case !ok:
			wrong = append(wrong, name+" is declared but is no *_key or *_keys column")
		case found.isList != c.List:
			wrong = append(wrong, fmt.Sprintf("%s is declared with List %v but its type says %v", name, c.List, found.isList))
		case !found.athleteID:
			wrong = append(wrong, name+" is in a table without athlete_id, which the deletion selects by")
		}
	}
	for name := range columns {
		_, excused := notFiles[name]
		switch {
		case declared[name] && excused:
			wrong = append(wrong, name+" is both declared and in notFiles")
		case !declared[name] && !excused:
			missing = append(missing, name)
		}
	}
	for name := range notFiles {
		if _, ok := columns[name]; !ok {
			wrong = append(wrong, name+" (notFiles) is no *_key or *_keys column")
		}
	}
	sort.Strings(missing)
	sort.Strings(wrong)
	return missing, wrong, nil
}

func TestEveryTableNamingAPersonIsExportedOrExcused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := storetest.NewPool(t)
	tables, err := tablesNamingAPerson(ctx, pool)
	require.NoError(t, err)
	require.Contains(t, tables, "journal_entries", "the walk finds the tables")
	require.Contains(t, tables, "operator_audit", "a foreign key to users counts, whatever the column's name")

	missing, stale, err := unaccountedTables(ctx, pool)
	require.NoError(t, err)
	require.Empty(t, missing, "export these tables in their area's legacy_export_<area>.go, or add them to notExported with the reason")
	require.Empty(t, stale)

	t.Run("a new table fails it", func(t *testing.T) {
		t.Parallel()
		pool := storetest.NewPool(t)
		for _, ddl := range []string{
			`CREATE TABLE scrapbook_pages (id bigserial PRIMARY KEY, athlete_id bigint NOT NULL REFERENCES athletes ON DELETE CASCADE, caption text)`,
			`CREATE TABLE cheers (id bigserial PRIMARY KEY, cheered_by bigint REFERENCES users ON DELETE SET NULL, entry_id bigint)`,
			`CREATE TABLE high_fives (id bigserial PRIMARY KEY, fan bigint REFERENCES users ON DELETE CASCADE)`,
		} {
			_, err := pool.Exec(ctx, ddl)
			require.NoError(t, err)
		}
		missing, _, err := unaccountedTables(ctx, pool)
		require.NoError(t, err)
		require.Equal(t, []string{"cheers", "high_fives", "scrapbook_pages"}, missing)
	})
}

func TestEveryKeyColumnIsInTheDeletion(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := storetest.NewPool(t)
	missing, wrong, err := undeclaredFiles(ctx, pool)
	require.NoError(t, err)
	require.Empty(t, missing, "declare these columns in their area's files (legacy_export_<area>.go), or add them to notFiles with the reason")
	require.Empty(t, wrong)

	t.Run("a new key column fails it", func(t *testing.T) {
		t.Parallel()
		pool := storetest.NewPool(t)
		_, err := pool.Exec(ctx, `CREATE TABLE scrapbook_pages (id bigserial PRIMARY KEY,
			athlete_id bigint NOT NULL REFERENCES athletes ON DELETE CASCADE, scan_key text, sticker_keys text[])`)
		require.NoError(t, err)
		missing, _, err := undeclaredFiles(ctx, pool)
		require.NoError(t, err)
		require.Equal(t, []string{"scrapbook_pages.scan_key", "scrapbook_pages.sticker_keys"}, missing)
	})

	t.Run("a declaration the deletion cannot use fails it", func(t *testing.T) {
		pool := storetest.NewPool(t)
		_, err := pool.Exec(ctx, `ALTER TABLE qr_codes RENAME COLUMN image_key TO png_key`)
		require.NoError(t, err)
		missing, wrong, err := undeclaredFiles(ctx, pool)
		require.NoError(t, err)
		require.Equal(t, []string{"qr_codes.png_key"}, missing)
		require.Equal(t, []string{"qr_codes.image_key is declared but is no *_key or *_keys column"}, wrong)
	})
}

// TestDeclaredFilesAreWhatTheDeletionFinds puts a key in every declared column of an athlete's rows
// and asks the deletion's own query for the athlete's files.
func TestDeclaredFilesAreWhatTheDeletionFinds(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := storetest.NewPool(t)
	athlete, other := seedFileRows(t, pool), seedFileRows(t, pool)
	var want []string
	for _, c := range StoredFileColumns() {
		key := c.Table + "-" + c.Column
		value := any(key)
		if c.List {
			value = []string{key + "-1", key + "-2"}
			want = append(want, key+"-1", key+"-2")
		} else {
			want = append(want, key)
		}
		tag, err := pool.Exec(ctx, fmt.Sprintf("UPDATE %s SET %s = $1 WHERE athlete_id = $2",
			pgx.Identifier{c.Table}.Sanitize(), pgx.Identifier{c.Column}.Sanitize()), value, athlete)
		require.NoError(t, err)
		require.EqualValues(t, 1, tag.RowsAffected(), "seedFileRows makes no row of %s: add one", c.Table)
	}

	keys, err := AthleteFileKeys(ctx, pool, athlete)
	require.NoError(t, err)
	require.ElementsMatch(t, want, keys)
	others, err := AthleteFileKeys(ctx, pool, other)
	require.NoError(t, err)
	require.NotEmpty(t, others)
	require.NotContains(t, others, "media_items-original_key", "another athlete's files are not this one's")
}

// seedFileRows makes an athlete with one row in every table that holds files.
func seedFileRows(t *testing.T, pool *pgxpool.Pool) int64 {
	t.Helper()
	ctx := context.Background()
	var athlete int64
	require.NoError(t, pool.QueryRow(ctx, `WITH u AS (INSERT INTO users (email, first_name, last_name)
		VALUES ('ana-' || gen_random_uuid() || '@example.com', 'Ana', 'Lee') RETURNING id)
		INSERT INTO athletes (user_id, name, sports, graduation_year, school) SELECT id, 'Jo', 'Softball', 2030, 'S' FROM u RETURNING id`).Scan(&athlete))
	for _, q := range []string{
		`INSERT INTO media_items (athlete_id, title, media_date, media_type, mime_type, original_key, file_size)
			VALUES ($1, 'Photo', '2026-04-11', 'image', 'image/png', 'photo-' || $1::bigint || '.png', 10)`,
		`INSERT INTO media_uploads (athlete_id, title, media_date, upload_length, expires_at, piece_keys)
			VALUES ($1, 'Film', '2026-04-11', 100, now() + interval '1 day', ARRAY['piece-' || $1::bigint])`,
		`INSERT INTO achievements (athlete_id, title, category, achieved_on) VALUES ($1, 'MVP', 'award', '2026-05-01')`,
		`INSERT INTO qr_codes (athlete_id, code, title, target_url) VALUES ($1, 'code' || $1::bigint, 'Showcase', '/s/jo')`,
		`WITH c AS (INSERT INTO stats_connections (athlete_id, provider_id, external_athlete_id) VALUES ($1, 'gamechanger', 'x') RETURNING id)
			INSERT INTO stats_imports (athlete_id, connection_id, file_key, file_name, file_sha256, file_size)
			SELECT $1, id, 'import-' || $1::bigint || '.csv', 'season.csv', 'x', 10 FROM c`,
		`INSERT INTO legacy_exports (athlete_id) VALUES ($1)`,
		`INSERT INTO profile_photos (athlete_id, status) VALUES ($1, 'ready')`,
	} {
		_, err := pool.Exec(ctx, q, athlete)
		require.NoError(t, err, q)
	}
	return athlete
}

// TestExportedTablesAreReadByTheArchive holds each area's exports to its queries: an area that says
// it exports a table has an Archive… query in store/queries/legacy_export_*.sql reading it.
func TestExportedTablesAreReadByTheArchive(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("../store/queries/legacy_export_*.sql")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	read := map[string]bool{}
	from := regexp.MustCompile(`(?i)\b(?:FROM|JOIN)\s+([a-z_]+)`)
	for _, file := range files {
		sql, err := os.ReadFile(file)
		require.NoError(t, err)
		for _, m := range from.FindAllStringSubmatch(string(sql), -1) {
			read[m[1]] = true
		}
	}
	for _, area := range legacyAreas {
		if len(area.exports) > 0 {
			require.NotNil(t, area.gather, "%s exports tables but gathers nothing", area.name)
		}
		for _, table := range area.exports {
			require.True(t, read[table], "%s says it exports %s, which no query in store/queries/legacy_export_*.sql reads", area.name, table)
		}
	}
}

func TestSafeFileName(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Première victoire — 初勝利 🥎": "Première victoire — 初勝利 🥎",
		"../../etc/passwd":          "-.-etc-passwd",
		"..":                        "Entry",
		"a..b":                      "a.b",
		`C:\Users\x`:                "C--Users-x",
		"What? <yes>|no*":           "What- -yes--no-",
		"tab\there\r\nline":         "tab-here--line",
		"evil\u202Etxt.exe":         "evil-txt.exe",
		"CON":                       "_CON",
		"nul.txt":                   "_nul.txt",
		"Console":                   "Console",
		"trailing dots...":          "trailing dots",
		"   ":                       "Entry",
		strings.Repeat("é", 100):    strings.Repeat("é", 80),
	} {
		require.Equal(t, want, safeFileName(in, "Entry"), "from %q", in)
	}
}
