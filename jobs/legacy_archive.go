package jobs

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"time"
	"unicode"

	"legacylocker/integrations/statsproviders"
	"legacylocker/media"
	"legacylocker/store"
)

// archiveFile is one file of the legacy archive: either text made from the database (body) or a
// stored file streamed from media storage (key, size).
type archiveFile struct {
	name     string
	body     []byte
	key      string
	size     int64
	modified time.Time
}

// legacyArchive is everything one athlete's archive holds, gathered before writing so the job
// knows the total size for its progress. Text parts are small and held in memory; stored files
// are only named here and streamed one at a time when written.
type legacyArchive struct {
	files []archiveFile
}

func (a *legacyArchive) text(name string, body []byte, modified time.Time) {
	a.files = append(a.files, archiveFile{name: name, body: body, modified: modified})
}

func (a *legacyArchive) stored(name, key string, size int64, modified time.Time) {
	a.files = append(a.files, archiveFile{name: name, key: key, size: size, modified: modified})
}

// size is the bytes the archive's contents add up to (before ZIP's own headers).
func (a *legacyArchive) size() int64 {
	var n int64
	for _, f := range a.files {
		n += int64(len(f.body)) + f.size
	}
	return n
}

// write streams the archive into w: text deflated, media stored as it is (already compressed, and
// storing keeps the worker's CPU and memory flat however large the legacy). progress is called
// with the content bytes written so far.
func (a *legacyArchive) write(ctx context.Context, w io.Writer, storage media.Storage, progress func(done int64)) error {
	zw := zip.NewWriter(w)
	buf := make([]byte, 1<<20)
	var done int64
	for _, f := range a.files {
		if err := ctx.Err(); err != nil {
			return err
		}
		header := &zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: f.modified}
		if f.key != "" {
			header.Method = zip.Store
		}
		part, err := zw.CreateHeader(header)
		if err != nil {
			return fmt.Errorf("archiving %s: %w", f.name, err)
		}
		if f.key == "" {
			if _, err := part.Write(f.body); err != nil {
				return fmt.Errorf("archiving %s: %w", f.name, err)
			}
			done += int64(len(f.body))
			progress(done)
			continue
		}
		if err := copyStored(ctx, part, storage, f.key, buf, func(n int64) { progress(done + n) }); err != nil {
			return fmt.Errorf("archiving %s: %w", f.name, err)
		}
		done += f.size
		progress(done)
	}
	return zw.Close()
}

func copyStored(ctx context.Context, w io.Writer, storage media.Storage, key string, buf []byte, progress func(int64)) error {
	file, err := storage.Open(ctx, key)
	if err != nil {
		return err
	}
	defer file.Close()
	var n int64
	for {
		read, err := file.Read(buf)
		if read > 0 {
			if _, werr := w.Write(buf[:read]); werr != nil {
				return werr
			}
			n += int64(read)
			progress(n)
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// gatherLegacy reads everything of the athlete that the archive holds. The JSON files carry every
// column the family gave or the product made (row_to_json), so nothing is lost when a field is
// added later; what would not help a family (search vectors, hashes, storage keys) is left out.
func gatherLegacy(ctx context.Context, db store.DBTX, storage media.Storage, athlete store.Athlete, now time.Time) (*legacyArchive, error) {
	a := &legacyArchive{}
	q := legacyQuerier{ctx: ctx, db: db, storage: storage, athleteID: athlete.ID}

	profile, err := q.json(`SELECT to_json(t) FROM (SELECT name, sports, position, graduation_year, gpa, school, bio,
		created_at, updated_at, privacy_journal, privacy_media, privacy_stats, privacy_milestones, privacy_recruiting,
		showcase_slug, showcase_published FROM athletes WHERE id = $1) t`)
	if err != nil {
		return nil, err
	}
	a.text("athlete.json", profile, now)

	if err := gatherJournal(a, q); err != nil {
		return nil, err
	}
	if err := gatherMedia(a, q); err != nil {
		return nil, err
	}
	for _, part := range []struct{ name, query string }{
		{"milestones.json", `SELECT id, title, milestone_date, milestone_type, description, created_at, updated_at
			FROM milestones WHERE athlete_id = $1 ORDER BY milestone_date, id`},
		{"events.json", `SELECT id, title, event_type, start_date, location, key_date, created_at, updated_at
			FROM events WHERE athlete_id = $1 ORDER BY start_date, id`},
		{"recruiting/college-interests.json", `SELECT id, name, division, location, interest, status, notes, coach_contact,
			created_at, updated_at FROM college_interests WHERE athlete_id = $1 ORDER BY name, id`},
		{"recruiting/checklist.json", `SELECT id, title, due_date, done, position, created_at, updated_at
			FROM checklist_items WHERE athlete_id = $1 ORDER BY position, id`},
		// The circle by name and role: no member's e-mail address leaves with the archive.
		{"family-circle.json", `SELECT id, name, relationship, access_level, status, invited_at, accepted_at
			FROM family_members WHERE athlete_id = $1 AND status <> 'cancelled' ORDER BY id`},
		{"qr-codes.json", `SELECT id, code, title, description, target_url, created_at,
			(SELECT coalesce(sum(scans), 0) FROM qr_scans s WHERE s.qr_code_id = qr_codes.id) AS scans
			FROM qr_codes WHERE athlete_id = $1 ORDER BY id`},
	} {
		body, err := q.list(part.query)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", part.name, err)
		}
		a.text(part.name, body, now)
	}
	if err := gatherStats(a, q); err != nil {
		return nil, err
	}
	if err := gatherAchievements(a, q); err != nil {
		return nil, err
	}
	a.files = append([]archiveFile{{name: "README.txt", body: legacyReadme(athlete, now), modified: now}}, a.files...)
	return a, nil
}

// legacyQuerier answers JSON straight from Postgres for one athlete's rows.
type legacyQuerier struct {
	ctx       context.Context
	db        store.DBTX
	storage   media.Storage
	athleteID int64
}

func (q legacyQuerier) json(query string) ([]byte, error) {
	var raw []byte
	if err := q.db.QueryRow(q.ctx, query, q.athleteID).Scan(&raw); err != nil {
		return nil, err
	}
	return indentJSON(raw)
}

// list answers the rows of query (which takes the athlete's id as $1) as a JSON array.
func (q legacyQuerier) list(query string) ([]byte, error) {
	return q.json(`SELECT coalesce(json_agg(t), '[]'::json) FROM (` + query + `) t`)
}

func indentJSON(raw []byte) ([]byte, error) {
	var out bytes.Buffer
	if err := json.Indent(&out, raw, "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

type exportedEntry struct {
	ID              int64      `json:"id"`
	Title           string     `json:"title"`
	Content         string     `json:"content"`
	EntryDate       string     `json:"entry_date"`
	Tags            []string   `json:"tags"`
	IsPrivate       bool       `json:"is_private"`
	IsFavorite      bool       `json:"is_favorite"`
	EnhancedContent *string    `json:"enhanced_content"`
	AISummary       *string    `json:"ai_summary"`
	AISuggestedTags []string   `json:"ai_suggested_tags"`
	AIProvider      *string    `json:"ai_provider"`
	Author          *string    `json:"author"`
	CreatedAt       time.Time  `json:"created_at"`
	UpdatedAt       *time.Time `json:"updated_at"`
}

// gatherJournal writes journal/entries.json with every entry, and one Markdown file per entry with
// the family's own words first and the AI-polished version beside them.
func gatherJournal(a *legacyArchive, q legacyQuerier) error {
	body, err := q.list(`SELECT j.id, j.title, j.content, j.entry_date::text, j.tags, j.is_private, j.is_favorite,
		j.enhanced_content, j.ai_summary, j.ai_suggested_tags, j.ai_provider, j.ai_model, j.ai_status, j.content_version,
		nullif(trim(u.first_name || ' ' || u.last_name), '') AS author, j.created_at, j.updated_at
		FROM journal_entries j LEFT JOIN users u ON u.id = j.author_id
		WHERE j.athlete_id = $1 ORDER BY j.entry_date, j.id`)
	if err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	a.text("journal/entries.json", body, time.Now())
	var entries []exportedEntry
	if err := json.Unmarshal(body, &entries); err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	for _, e := range entries {
		var md strings.Builder
		fmt.Fprintf(&md, "# %s\n\n", e.Title)
		fmt.Fprintf(&md, "- Date: %s\n", e.EntryDate)
		if e.Author != nil {
			fmt.Fprintf(&md, "- Written by: %s\n", *e.Author)
		}
		if len(e.Tags) > 0 {
			fmt.Fprintf(&md, "- Tags: %s\n", strings.Join(e.Tags, ", "))
		}
		if e.IsPrivate {
			md.WriteString("- Private entry\n")
		}
		if e.IsFavorite {
			md.WriteString("- Favorite\n")
		}
		md.WriteString("\n## In the family's words\n\n")
		md.WriteString(strings.TrimSpace(e.Content))
		md.WriteString("\n")
		if e.EnhancedContent != nil {
			md.WriteString("\n## AI-polished version\n\n")
			md.WriteString(strings.TrimSpace(*e.EnhancedContent))
			md.WriteString("\n")
		}
		if e.AISummary != nil {
			fmt.Fprintf(&md, "\n## AI summary\n\n%s\n", strings.TrimSpace(*e.AISummary))
		}
		name := fmt.Sprintf("journal/%s %s (%d).md", e.EntryDate, fileNamePart(e.Title, "Entry"), e.ID)
		modified := e.CreatedAt
		if e.UpdatedAt != nil {
			modified = *e.UpdatedAt
		}
		a.text(name, []byte(md.String()), modified)
	}
	return nil
}

type exportedMedia struct {
	ID            int64     `json:"id"`
	Title         string    `json:"title"`
	MediaDate     string    `json:"media_date"`
	MediaType     string    `json:"media_type"`
	OriginalKey   string    `json:"-"`
	FileSize      int64     `json:"file_size"`
	SourceMediaID *int64    `json:"source_media_id"`
	File          string    `json:"file"`
	CreatedAt     time.Time `json:"created_at"`
}

// gatherMedia adds every original (clips in clips/) named by its date and title, and
// media/index.json with every item's details and where its file is in the archive.
func gatherMedia(a *legacyArchive, q legacyQuerier) error {
	rows, err := q.db.Query(q.ctx, `SELECT to_json(t), t.original_key FROM (
		SELECT id, title, description, media_date::text, media_type, mime_type, original_key, file_size, width, height,
		duration, video_codec, audio_codec, is_favorite, is_private, tags, status, source_media_id, clip_start, clip_end,
		highlights, on_showcase, created_at, updated_at FROM media_items WHERE athlete_id = $1 ORDER BY media_date, id) t`, q.athleteID)
	if err != nil {
		return fmt.Errorf("media: %w", err)
	}
	var index []map[string]any
	for rows.Next() {
		var raw []byte
		var key string
		if err := rows.Scan(&raw, &key); err != nil {
			rows.Close()
			return fmt.Errorf("media: %w", err)
		}
		var item exportedMedia
		var fields map[string]any
		if err := json.Unmarshal(raw, &item); err != nil {
			rows.Close()
			return fmt.Errorf("media: %w", err)
		}
		if err := json.Unmarshal(raw, &fields); err != nil {
			rows.Close()
			return fmt.Errorf("media: %w", err)
		}
		delete(fields, "original_key")
		folder := "media"
		if item.SourceMediaID != nil {
			folder = "clips"
		}
		name := fmt.Sprintf("%s/%s %s (%d)%s", folder, item.MediaDate, fileNamePart(item.Title, "Untitled"), item.ID, path.Ext(key))
		fields["file"] = name
		index = append(index, fields)
		a.stored(name, key, item.FileSize, item.CreatedAt)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("media: %w", err)
	}
	if index == nil {
		index = []map[string]any{}
	}
	body, err := json.MarshalIndent(index, "", "  ")
	if err != nil {
		return err
	}
	a.text("media/index.json", append(body, '\n'), time.Now())
	return nil
}

type exportedStatsRow struct {
	Season   string          `json:"season"`
	Team     *string         `json:"team_name"`
	Sport    *string         `json:"sport_type"`
	Start    *string         `json:"start_date"`
	End      *string         `json:"end_date"`
	Date     string          `json:"game_date"`
	Opponent string          `json:"opponent"`
	Location *string         `json:"location"`
	Result   *string         `json:"result"`
	Score    *string         `json:"score"`
	Display  json.RawMessage `json:"display"`
}

// gatherStats writes every stat as JSON, a CSV per season and one game log as a spreadsheet would
// open them, and the files the family imported, as they were.
func gatherStats(a *legacyArchive, q legacyQuerier) error {
	seasons, err := q.list(`SELECT season, team_name, sport_type, start_date::text, end_date::text, source, stats, display,
		created_at, updated_at FROM stats_seasons WHERE athlete_id = $1 ORDER BY season, id`)
	if err != nil {
		return fmt.Errorf("stats: %w", err)
	}
	games, err := q.list(`SELECT game_date::text, opponent, location, result, score, source, stats, display, created_at, updated_at
		FROM stats_games WHERE athlete_id = $1 ORDER BY game_date, id`)
	if err != nil {
		return fmt.Errorf("stats: %w", err)
	}
	summary, err := q.list(`SELECT category, value, position FROM stats WHERE athlete_id = $1 ORDER BY position, id`)
	if err != nil {
		return fmt.Errorf("stats: %w", err)
	}
	a.text("stats/seasons.json", seasons, time.Now())
	a.text("stats/games.json", games, time.Now())
	a.text("stats/summary.json", summary, time.Now())

	var seasonRows []exportedStatsRow
	if err := json.Unmarshal(seasons, &seasonRows); err != nil {
		return err
	}
	bySeason := map[string][]exportedStatsRow{}
	var order []string
	for _, s := range seasonRows {
		if _, seen := bySeason[s.Season]; !seen {
			order = append(order, s.Season)
		}
		bySeason[s.Season] = append(bySeason[s.Season], s)
	}
	for _, season := range order {
		body, err := statsCSV([]string{"Season", "Team", "Sport", "Start", "End"}, bySeason[season], func(r exportedStatsRow) []string {
			return []string{r.Season, deref(r.Team), deref(r.Sport), deref(r.Start), deref(r.End)}
		})
		if err != nil {
			return err
		}
		a.text(fmt.Sprintf("stats/season %s.csv", fileNamePart(season, "season")), body, time.Now())
	}
	var gameRows []exportedStatsRow
	if err := json.Unmarshal(games, &gameRows); err != nil {
		return err
	}
	if len(gameRows) > 0 {
		body, err := statsCSV([]string{"Date", "Opponent", "Location", "Result", "Score"}, gameRows, func(r exportedStatsRow) []string {
			return []string{r.Date, r.Opponent, deref(r.Location), deref(r.Result), deref(r.Score)}
		})
		if err != nil {
			return err
		}
		a.text("stats/game log.csv", body, time.Now())
	}

	imports, err := q.db.Query(q.ctx, `SELECT id, file_key, file_name, file_size, created_at FROM stats_imports
		WHERE athlete_id = $1 AND file_key IS NOT NULL ORDER BY id`, q.athleteID)
	if err != nil {
		return fmt.Errorf("stats imports: %w", err)
	}
	defer imports.Close()
	for imports.Next() {
		var id, size int64
		var key, name string
		var created time.Time
		if err := imports.Scan(&id, &key, &name, &size, &created); err != nil {
			return fmt.Errorf("stats imports: %w", err)
		}
		a.stored(fmt.Sprintf("stats/imported files/%d %s", id, fileNamePart(name, "import")), key, size, created)
	}
	return imports.Err()
}

// statsCSV lays rows out with the fixed columns first, then every stat any row has, in the order
// the app shows them (the display column keeps that order) and with the app's labels.
func statsCSV(fixed []string, rows []exportedStatsRow, cells func(exportedStatsRow) []string) ([]byte, error) {
	var keys []string
	seen := map[string]bool{}
	values := make([]map[string]any, len(rows))
	for i, r := range rows {
		ordered, err := orderedKeys(r.Display)
		if err != nil {
			return nil, err
		}
		values[i] = map[string]any{}
		if len(r.Display) > 0 && string(r.Display) != "null" {
			if err := json.Unmarshal(r.Display, &values[i]); err != nil {
				return nil, err
			}
		}
		for _, k := range ordered {
			if !seen[k] {
				seen[k] = true
				keys = append(keys, k)
			}
		}
	}
	var out bytes.Buffer
	w := csv.NewWriter(&out)
	header := append([]string{}, fixed...)
	for _, k := range keys {
		header = append(header, statsproviders.Label(k))
	}
	if err := w.Write(header); err != nil {
		return nil, err
	}
	for i, r := range rows {
		record := cells(r)
		for _, k := range keys {
			if v, ok := values[i][k]; ok && v != nil {
				record = append(record, fmt.Sprint(v))
			} else {
				record = append(record, "")
			}
		}
		if err := w.Write(record); err != nil {
			return nil, err
		}
	}
	w.Flush()
	return out.Bytes(), w.Error()
}

// orderedKeys answers the keys of a JSON object in the order they are written.
func orderedKeys(raw json.RawMessage) ([]string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil, err
		}
	}
	return keys, nil
}

// gatherAchievements writes achievements.json and each achievement's share cards.
func gatherAchievements(a *legacyArchive, q legacyQuerier) error {
	body, err := q.list(`SELECT id, title, description, achieved_on, category, stats, on_showcase, template, photo_media_id,
		created_at, updated_at FROM achievements WHERE athlete_id = $1 ORDER BY achieved_on, id`)
	if err != nil {
		return fmt.Errorf("achievements: %w", err)
	}
	a.text("achievements/achievements.json", body, time.Now())
	rows, err := q.db.Query(q.ctx, `SELECT id, title, feed_key, story_key, updated_at FROM achievements
		WHERE athlete_id = $1 ORDER BY achieved_on, id`, q.athleteID)
	if err != nil {
		return fmt.Errorf("achievements: %w", err)
	}
	type card struct {
		id        int64
		title     string
		feed      *string
		story     *string
		updatedAt time.Time
	}
	var cards []card
	for rows.Next() {
		var c card
		if err := rows.Scan(&c.id, &c.title, &c.feed, &c.story, &c.updatedAt); err != nil {
			rows.Close()
			return fmt.Errorf("achievements: %w", err)
		}
		cards = append(cards, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, c := range cards {
		for _, side := range []struct {
			size string
			key  *string
		}{{"feed", c.feed}, {"story", c.story}} {
			size, key := side.size, side.key
			if key == nil {
				continue
			}
			sizeOf, err := q.storedSize(*key)
			if err != nil {
				return err
			}
			if sizeOf < 0 {
				continue // a card being redrawn: the archive goes without it rather than fail
			}
			a.stored(fmt.Sprintf("achievements/%s (%d) %s card.png", fileNamePart(c.title, "Achievement"), c.id, size), *key, sizeOf, c.updatedAt)
		}
	}
	return nil
}

// storedSize answers a stored file's size, or -1 when it is not there.
func (q legacyQuerier) storedSize(key string) (int64, error) {
	f, err := q.storage.Open(q.ctx, key)
	if errors.Is(err, media.ErrNotFound) {
		return -1, nil
	}
	if err != nil {
		return 0, err
	}
	defer f.Close()
	return f.Size(), nil
}

func legacyReadme(athlete store.Athlete, now time.Time) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "%s — Legacy Locker archive\nMade on %s.\n\n", athlete.Name, now.UTC().Format("January 2, 2006 at 15:04 UTC"))
	b.WriteString(`What is inside:
  athlete.json                 the profile
  journal/                     every entry: entries.json with every field, and one .md file per entry
                               with the family's own words and the AI-polished version beside them
  media/                       every photo, video and document as uploaded, named by date and title;
                               index.json describes each one (highlights included)
  clips/                       the clips cut in the video editor
  milestones.json, events.json the timeline
  stats/                       seasons and games (JSON and CSV) and the files you imported
  achievements/                achievements.json and each share card
  recruiting/                  college interests and the recruiting checklist
  family-circle.json           who was in the family circle (names and roles, no e-mail addresses)
  qr-codes.json                the showcase QR codes and how often they were scanned

Dates are the family's own (YYYY-MM-DD); times are UTC. The JSON and CSV files open in any text
editor or spreadsheet.
`)
	return []byte(b.String())
}

// fileNamePart makes a title safe as part of a file name on every system: no path separators or
// characters Windows refuses, no control characters, at most 80 characters; fallback if empty.
func fileNamePart(s, fallback string) string {
	var b strings.Builder
	for _, r := range strings.TrimSpace(s) {
		switch {
		case strings.ContainsRune(`/\:*?"<>|`, r), unicode.IsControl(r):
			b.WriteRune('-')
		default:
			b.WriteRune(r)
		}
	}
	out := []rune(strings.Trim(b.String(), ". "))
	if len(out) > 80 {
		out = out[:80]
	}
	if len(out) == 0 {
		return fallback
	}
	return strings.TrimSpace(string(out))
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
