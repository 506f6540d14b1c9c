package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
	"legacylocker/store"
)

type entryJSON struct {
	ID              int64    `json:"id"`
	AthleteID       int64    `json:"athleteId"`
	Title           string   `json:"title"`
	Content         string   `json:"content"`
	Date            string   `json:"date"`
	Tags            []string `json:"tags"`
	IsPrivate       bool     `json:"isPrivate"`
	IsFavorite      bool     `json:"isFavorite"`
	AIEnhanced      bool     `json:"aiEnhanced"`
	AIStatus        string   `json:"aiStatus"`
	EnhancedContent *string  `json:"enhancedContent"`
	AISuggestedTags []string `json:"aiSuggestedTags"`
}

func decodeAs[T any](t *testing.T, r response) T {
	t.Helper()
	var v T
	require.NoError(t, json.Unmarshal(r.body, &v), "body: %s", r.body)
	return v
}

func entryBody(overrides map[string]any) map[string]any {
	body := map[string]any{
		"title": "Regional final", "content": "We won 4-2. I pitched five innings.", "date": "2026-05-02",
		"tags": []string{"game reflection", " Game Reflection ", "", "milestone"}, "enhanceWithAI": false,
	}
	for k, v := range overrides {
		body[k] = v
	}
	return body
}

func createEntry(t *testing.T, c *client, athleteID int64, overrides map[string]any) entryJSON {
	t.Helper()
	res := c.do("POST", fmt.Sprintf("/api/athletes/%d/journal", athleteID), entryBody(overrides))
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	return decodeAs[entryJSON](t, res)
}

func listEntries(t *testing.T, c *client, path string) ([]entryJSON, string) {
	t.Helper()
	res := c.do("GET", path, nil)
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	return decodeAs[[]entryJSON](t, res), res.header.Get("X-Next-Cursor")
}

func TestCreateJournalEntry(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)

	entry := createEntry(t, c, athlete, nil)
	require.Equal(t, "Regional final", entry.Title)
	require.Equal(t, "2026-05-02", entry.Date)
	require.Equal(t, []string{"game reflection", "milestone"}, entry.Tags, "tags are trimmed and deduplicated ignoring case")
	require.True(t, entry.IsPrivate, "entries are private until shared")
	require.Equal(t, "none", entry.AIStatus)
	rivertest.RequireNotInserted(context.Background(), t, riverpgxv5.New(s.pool), jobs.JournalEnhanceArgs{}, nil)

	enhanced := createEntry(t, c, athlete, map[string]any{"enhanceWithAI": true})
	require.Equal(t, "pending", enhanced.AIStatus)
	require.False(t, enhanced.AIEnhanced)
	job := rivertest.RequireInserted(context.Background(), t, riverpgxv5.New(s.pool), jobs.JournalEnhanceArgs{}, &rivertest.RequireInsertedOpts{Queue: jobs.QueueAI})
	require.Equal(t, enhanced.ID, job.Args.EntryID)

	// enhanceWithAI defaults to on, as the switch does.
	body := entryBody(nil)
	delete(body, "enhanceWithAI")
	res := c.do("POST", fmt.Sprintf("/api/athletes/%d/journal", athlete), body)
	require.Equal(t, "pending", decodeAs[entryJSON](t, res).AIStatus)
}

func TestJournalValidation(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)
	path := fmt.Sprintf("/api/athletes/%d/journal", athlete)
	manyTags := make([]string, 21)
	for i := range manyTags {
		manyTags[i] = fmt.Sprintf("tag %d", i)
	}
	cases := []struct {
		field string
		value any
		want  string
	}{
		{"title", "  ", "Title is required"},
		{"content", "", "Content is required"},
		{"date", "", "Date is required"},
		{"date", "02/05/2026", "Date must be YYYY-MM-DD"},
		{"tags", manyTags, "Use at most 20 tags"},
	}
	for _, tc := range cases {
		res := c.do("POST", path, entryBody(map[string]any{tc.field: tc.value}))
		require.Equal(t, http.StatusBadRequest, res.status, tc.field)
		require.Equal(t, tc.want, res.fieldErrors(t)[tc.field], tc.field)
	}
	entries, _ := listEntries(t, c, path)
	require.Empty(t, entries)
}

func TestJournalSearchFiltersAndPages(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)
	base := fmt.Sprintf("/api/athletes/%d/journal", athlete)

	first := createEntry(t, c, athlete, map[string]any{"title": "Bullpen session", "content": "Worked on pitching mechanics.", "date": "2026-03-01", "tags": []string{"Training"}})
	second := createEntry(t, c, athlete, map[string]any{"title": "Captain talk", "content": "Spoke to the younger players.", "date": "2026-03-05", "tags": []string{"leadership"}})
	third := createEntry(t, c, athlete, map[string]any{"title": "Semifinal", "content": "Two hits and a stolen base.", "date": "2026-03-05", "tags": []string{"game reflection"}})

	all, next := listEntries(t, c, base)
	require.Equal(t, []int64{third.ID, second.ID, first.ID}, ids(all), "newest date first, then newest id")
	require.Empty(t, next)

	found, _ := listEntries(t, c, base+"?q=pitch")
	require.Equal(t, []int64{first.ID}, ids(found), `"pitch" finds "pitching"`)
	found, _ = listEntries(t, c, base+"?q=YOUNGER%20play")
	require.Equal(t, []int64{second.ID}, ids(found), "every word must match, in any case")
	found, _ = listEntries(t, c, base+"?q=%27%29%3B%20drop%20table")
	require.Empty(t, found, "query syntax is not injectable")
	found, _ = listEntries(t, c, base+"?q=%21%21%21")
	require.Len(t, found, 3, "a query with no words is no filter")

	found, _ = listEntries(t, c, base+"?tag=training")
	require.Equal(t, []int64{first.ID}, ids(found), "tags match ignoring case")

	c.do("PATCH", fmt.Sprintf("/api/journal/%d/favorite", second.ID), nil)
	found, _ = listEntries(t, c, base+"?favorite=true")
	require.Equal(t, []int64{second.ID}, ids(found))

	page, cursor := listEntries(t, c, base+"?limit=2")
	require.Equal(t, []int64{third.ID, second.ID}, ids(page))
	require.NotEmpty(t, cursor)
	page, cursor = listEntries(t, c, base+"?limit=2&cursor="+cursor)
	require.Equal(t, []int64{first.ID}, ids(page))
	require.Empty(t, cursor)

	require.Equal(t, http.StatusBadRequest, c.do("GET", base+"?limit=0", nil).status)
	require.Equal(t, http.StatusBadRequest, c.do("GET", base+"?cursor=garbage", nil).status)
}

func ids(entries []entryJSON) []int64 {
	out := []int64{}
	for _, e := range entries {
		out = append(out, e.ID)
	}
	return out
}

// TestJournalStats: the counts, with an AI service's enhancements and the offline cleanup's
// counted apart (offline work is never "AI Enhanced"), and the list filters that match them.
func TestJournalStats(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)
	today := time.Now().Format(time.DateOnly)
	cleaned := createEntry(t, c, athlete, map[string]any{"date": today, "tags": []string{"Training", "leadership"}})
	unchanged := createEntry(t, c, athlete, map[string]any{"date": today, "tags": []string{"training"}})
	byModel := createEntry(t, c, athlete, map[string]any{"date": "2024-01-10", "tags": []string{}})
	ctx := context.Background()
	_, err := s.pool.Exec(ctx, "UPDATE journal_entries SET enhanced_content = 'Polished.', ai_provider = 'model', ai_model = 'm', ai_status = 'ready' WHERE id = $1", byModel.ID)
	require.NoError(t, err)
	_, err = s.pool.Exec(ctx, "UPDATE journal_entries SET enhanced_content = 'Tidied.', ai_provider = 'basic', ai_status = 'ready' WHERE id = $1", cleaned.ID)
	require.NoError(t, err)
	_, err = s.pool.Exec(ctx, "UPDATE journal_entries SET ai_provider = 'basic', ai_status = 'ready' WHERE id = $1", unchanged.ID)
	require.NoError(t, err)

	res := c.do("GET", fmt.Sprintf("/api/athletes/%d/journal/stats", athlete), nil)
	require.Equal(t, http.StatusOK, res.status)
	require.JSONEq(t, `{"totalEntries":3,"aiEnhanced":1,"cleanedOffline":1,"thisMonth":2,"categories":[{"tag":"training","count":2},{"tag":"leadership","count":1}]}`, string(res.body))

	found, _ := listEntries(t, c, fmt.Sprintf("/api/athletes/%d/journal?aiEnhanced=true", athlete))
	require.Equal(t, []int64{byModel.ID}, ids(found))
	require.True(t, found[0].AIEnhanced)
	found, _ = listEntries(t, c, fmt.Sprintf("/api/athletes/%d/journal?cleanedOffline=true", athlete))
	require.Equal(t, []int64{cleaned.ID}, ids(found))
	require.False(t, found[0].AIEnhanced, "the offline cleanup is not AI")
	found, _ = listEntries(t, c, fmt.Sprintf("/api/athletes/%d/journal?q=regional&cleanedOffline=true", athlete))
	require.Equal(t, []int64{cleaned.ID}, ids(found), "the same filter with a search")
	res = c.do("GET", fmt.Sprintf("/api/athletes/%d/journal?aiEnhanced=true&cleanedOffline=true", athlete), nil)
	require.Equal(t, http.StatusBadRequest, res.status)
}

// TestJournalOptions: the writing dialog learns from the api whether AI is set up and whether a
// new entry will be private, and a new entry is what it was told.
func TestJournalOptions(t *testing.T) {
	t.Parallel()
	offline := newTestServer(t)
	c, _ := offline.registered(t, "ana@example.com")
	res := c.do("GET", "/api/journal-options", nil)
	require.Equal(t, http.StatusOK, res.status)
	require.JSONEq(t, `{"aiService":false,"newEntriesPrivate":true}`, string(res.body))
	athlete := createAthlete(t, c)
	require.True(t, createEntry(t, c, athlete, nil).IsPrivate)

	withAI := newTestServer(t, func(cfg *config) { cfg.aiService = true })
	c, _ = withAI.registered(t, "ana@example.com")
	res = c.do("GET", "/api/journal-options", nil)
	require.JSONEq(t, `{"aiService":true,"newEntriesPrivate":true}`, string(res.body))

	require.Equal(t, http.StatusUnauthorized, withAI.newClient(t).do("GET", "/api/journal-options", nil).status)
}

func TestJournalEditPrivacyFavoriteDelete(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)
	entry := createEntry(t, c, athlete, nil)
	path := fmt.Sprintf("/api/journal/%d", entry.ID)

	res := c.do("PUT", path, map[string]any{"isPrivate": false})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	shared := decodeAs[entryJSON](t, res)
	require.False(t, shared.IsPrivate)
	require.Equal(t, entry.Content, shared.Content, "a privacy change leaves the text alone")

	res = c.do("PUT", path, map[string]any{"isPrivate": true, "title": "x"})
	require.Equal(t, http.StatusBadRequest, res.status)

	res = c.do("PUT", path, entryBody(map[string]any{"title": "Regional champions", "tags": []string{"milestone"}}))
	require.Equal(t, http.StatusOK, res.status)
	edited := decodeAs[entryJSON](t, res)
	require.Equal(t, "Regional champions", edited.Title)
	require.Equal(t, []string{"milestone"}, edited.Tags)
	require.False(t, edited.IsPrivate, "an edit keeps the sharing choice")

	res = c.do("PATCH", path+"/favorite", nil)
	require.True(t, decodeAs[entryJSON](t, res).IsFavorite)
	res = c.do("PATCH", path+"/favorite", nil)
	require.False(t, decodeAs[entryJSON](t, res).IsFavorite)

	require.Equal(t, http.StatusNoContent, c.do("DELETE", path, nil).status)
	require.Equal(t, http.StatusNotFound, c.do("DELETE", path, nil).status)
	require.Equal(t, http.StatusNotFound, c.do("PATCH", path+"/favorite", nil).status)
}

func TestEditingTextReenqueuesAndDropsTheOldEnhancement(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)
	entry := createEntry(t, c, athlete, nil)
	ctx := context.Background()
	_, err := s.pool.Exec(ctx, `UPDATE journal_entries SET enhanced_content = 'Polished.', ai_summary = 'Sum.', ai_provider = 'basic', ai_status = 'ready' WHERE id = $1`, entry.ID)
	require.NoError(t, err)
	path := fmt.Sprintf("/api/journal/%d", entry.ID)

	// Same text, new tags: the enhancement stays and nothing is queued.
	res := c.do("PUT", path, entryBody(map[string]any{"tags": []string{"training"}, "enhanceWithAI": true}))
	kept := decodeAs[entryJSON](t, res)
	require.NotNil(t, kept.EnhancedContent)
	require.False(t, kept.AIEnhanced, "the offline cleanup's version is not AI enhanced")
	require.Equal(t, "ready", kept.AIStatus)
	rivertest.RequireNotInserted(ctx, t, riverpgxv5.New(s.pool), jobs.JournalEnhanceArgs{}, nil)

	// New text with AI on: the old enhancement (of the old text) goes, a job for version 2 comes.
	res = c.do("PUT", path, entryBody(map[string]any{"content": "We won 5-2 in the end.", "enhanceWithAI": true}))
	edited := decodeAs[entryJSON](t, res)
	require.Equal(t, "pending", edited.AIStatus)
	require.False(t, edited.AIEnhanced)
	require.Nil(t, edited.EnhancedContent)
	job := rivertest.RequireInserted(ctx, t, riverpgxv5.New(s.pool), jobs.JournalEnhanceArgs{}, nil)
	require.Equal(t, int32(2), job.Args.ContentVersion)

	// Revert drops an enhancement and moves the version on, so a late job cannot bring it back.
	_, err = s.pool.Exec(ctx, `UPDATE journal_entries SET enhanced_content = 'Polished again.', ai_status = 'ready' WHERE id = $1`, entry.ID)
	require.NoError(t, err)
	res = c.do("DELETE", path+"/enhancement", nil)
	require.Equal(t, http.StatusOK, res.status)
	reverted := decodeAs[entryJSON](t, res)
	require.False(t, reverted.AIEnhanced)
	require.Equal(t, "none", reverted.AIStatus)
	require.Equal(t, "We won 5-2 in the end.", reverted.Content)
	var version int32
	require.NoError(t, s.pool.QueryRow(ctx, "SELECT content_version FROM journal_entries WHERE id = $1", entry.ID).Scan(&version))
	require.Equal(t, int32(3), version)

	// Retry / enhance on demand.
	res = c.do("POST", path+"/enhance", nil)
	require.Equal(t, http.StatusAccepted, res.status)
	require.Equal(t, "pending", decodeAs[entryJSON](t, res).AIStatus)
}

// TestJournalEntryAndJobCommitTogether breaks each half of the transaction in turn.
func TestJournalEntryAndJobCommitTogether(t *testing.T) {
	t.Parallel()
	ctx := context.Background()

	t.Run("entry insert fails: no job", func(t *testing.T) {
		s := newTestServer(t)
		c, _ := s.registered(t, "ana@example.com")
		athlete := createAthlete(t, c)
		_, err := s.pool.Exec(ctx, `CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$;
			CREATE TRIGGER refuse BEFORE INSERT ON journal_entries FOR EACH ROW EXECUTE FUNCTION refuse();`)
		require.NoError(t, err)
		res := c.do("POST", fmt.Sprintf("/api/athletes/%d/journal", athlete), entryBody(map[string]any{"enhanceWithAI": true}))
		require.Equal(t, http.StatusInternalServerError, res.status)
		require.NotContains(t, string(res.body), "refused", "no database detail reaches the client")
		var jobsQueued int
		require.NoError(t, s.pool.QueryRow(ctx, "SELECT count(*) FROM river_job WHERE kind = 'journal_enhance'").Scan(&jobsQueued))
		require.Zero(t, jobsQueued)
	})

	t.Run("job insert fails: no entry", func(t *testing.T) {
		s := newTestServer(t)
		c, _ := s.registered(t, "ana@example.com")
		athlete := createAthlete(t, c)
		_, err := s.pool.Exec(ctx, `CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$;
			CREATE TRIGGER refuse BEFORE INSERT ON river_job FOR EACH ROW EXECUTE FUNCTION refuse();`)
		require.NoError(t, err)
		res := c.do("POST", fmt.Sprintf("/api/athletes/%d/journal", athlete), entryBody(map[string]any{"enhanceWithAI": true}))
		require.Equal(t, http.StatusInternalServerError, res.status)
		var entries int
		require.NoError(t, s.pool.QueryRow(ctx, "SELECT count(*) FROM journal_entries WHERE athlete_id = $1", athlete).Scan(&entries))
		require.Zero(t, entries)
	})
}

func TestJournalPromptsAndSettings(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")

	// Before an athlete exists: the built-in prompts alone.
	res := c.do("GET", "/api/journal-prompts", nil)
	require.Equal(t, http.StatusOK, res.status)
	builtin := decodeAs[[]map[string]any](t, res)
	require.Len(t, builtin, 3)
	require.Equal(t, []any{"Game Reflection", "Training", "Leadership"}, []any{builtin[0]["title"], builtin[1]["title"], builtin[2]["title"]})

	athlete := createAthlete(t, c)
	base := fmt.Sprintf("/api/athletes/%d/journal-prompts", athlete)
	res = c.do("POST", base, map[string]string{"title": "", "prompt": "What did you learn?"})
	require.Equal(t, http.StatusBadRequest, res.status)
	require.Equal(t, "Title and prompt content are required", res.message(t))
	res = c.do("POST", base, map[string]string{"title": "Lessons", "prompt": "What did you learn this week?", "category": "training"})
	require.Equal(t, http.StatusCreated, res.status)
	custom := decodeAs[map[string]any](t, res)

	prompts := decodeAs[[]map[string]any](t, c.do("GET", "/api/journal-prompts", nil))
	require.Len(t, prompts, 4)
	require.Equal(t, "Lessons", prompts[0]["title"])
	require.Equal(t, "custom", prompts[0]["source"])

	res = c.do("GET", base+"/generate", nil)
	require.JSONEq(t, `{"status":"none","statusReason":"","provider":null,"updatedAt":null}`, string(res.body))
	res = c.do("POST", base+"/generate", nil)
	require.Equal(t, http.StatusAccepted, res.status)
	require.Equal(t, "pending", decodeAs[map[string]any](t, res)["status"])
	rivertest.RequireInserted(context.Background(), t, riverpgxv5.New(s.pool), jobs.JournalPromptsArgs{}, nil)
	require.Equal(t, "pending", decodeAs[map[string]any](t, c.do("GET", base+"/generate", nil))["status"])

	require.Equal(t, http.StatusNoContent, c.do("DELETE", fmt.Sprintf("/api/journal-prompts/%v", custom["id"]), nil).status)
	require.Len(t, decodeAs[[]map[string]any](t, c.do("GET", "/api/journal-prompts", nil)), 3)

	// After a generation, a prompt the family writes still comes first: the assistant shows three.
	_, err := s.pool.Exec(context.Background(), `INSERT INTO journal_prompts (athlete_id, title, prompt, category, source)
		SELECT $1, 'Generated ' || n, 'A generated prompt', 'training', 'generated' FROM generate_series(1, 3) AS n`, athlete)
	require.NoError(t, err)
	require.Equal(t, http.StatusCreated, c.do("POST", base, map[string]string{"title": "Our own", "prompt": "What made you smile?"}).status)
	prompts = decodeAs[[]map[string]any](t, c.do("GET", "/api/journal-prompts", nil))
	require.Equal(t, "Our own", prompts[0]["title"])
	require.Equal(t, "generated", prompts[1]["source"])

	require.JSONEq(t, `{"weeklyPromptReminders":false,"weeklyPromptChosen":false,"commentNotices":true,"coachLinkNotices":true,"recruitingBrief":true}`, string(c.do("GET", "/api/user/settings", nil).body))
	res = c.do("PUT", "/api/user/settings", map[string]any{"weeklyPromptReminders": true})
	require.JSONEq(t, `{"weeklyPromptReminders":true,"weeklyPromptChosen":true,"commentNotices":true,"coachLinkNotices":true,"recruitingBrief":true}`, string(res.body))
	res = c.do("PUT", "/api/user/settings", map[string]any{"weeklyPromptReminders": false})
	require.JSONEq(t, `{"weeklyPromptReminders":false,"weeklyPromptChosen":true,"commentNotices":true,"coachLinkNotices":true,"recruitingBrief":true}`, string(res.body))
	require.JSONEq(t, `{"weeklyPromptReminders":false,"weeklyPromptChosen":true,"commentNotices":true,"coachLinkNotices":true,"recruitingBrief":true}`, string(c.do("GET", "/api/user/settings", nil).body))
	require.Equal(t, http.StatusBadRequest, c.do("PUT", "/api/user/settings", map[string]any{"weeklyPromptChosen": true}).status, "choosing is done by choosing")
	require.Equal(t, http.StatusBadRequest, c.do("PUT", "/api/user/settings", map[string]any{}).status)
}

// TestJournalAccess runs every journal route as the owner, a stranger and a signed-out visitor.
func TestJournalAccess(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	entry := createEntry(t, owner, athlete, map[string]any{"enhanceWithAI": false})
	owner.do("PUT", fmt.Sprintf("/api/journal/%d", entry.ID), map[string]any{"isPrivate": false})
	prompt := decodeAs[map[string]any](t, owner.do("POST", fmt.Sprintf("/api/athletes/%d/journal-prompts", athlete), map[string]string{"title": "T", "prompt": "P"}))
	stranger, _ := s.registered(t, "stranger@example.com")
	createAthlete(t, stranger)
	signedOut := s.newClient(t)

	routes := []struct {
		method, path string
		body         any
	}{
		{"GET", fmt.Sprintf("/api/athletes/%d/journal", athlete), nil},
		{"GET", fmt.Sprintf("/api/athletes/%d/journal/stats", athlete), nil},
		{"POST", fmt.Sprintf("/api/athletes/%d/journal", athlete), entryBody(nil)},
		{"PUT", fmt.Sprintf("/api/journal/%d", entry.ID), map[string]any{"isPrivate": true}},
		{"PUT", fmt.Sprintf("/api/journal/%d", entry.ID), entryBody(map[string]any{"title": "Hacked"})},
		{"PATCH", fmt.Sprintf("/api/journal/%d/favorite", entry.ID), nil},
		{"POST", fmt.Sprintf("/api/journal/%d/enhance", entry.ID), nil},
		{"DELETE", fmt.Sprintf("/api/journal/%d/enhancement", entry.ID), nil},
		{"DELETE", fmt.Sprintf("/api/journal/%d", entry.ID), nil},
		{"GET", fmt.Sprintf("/api/journal-prompts?athleteId=%d", athlete), nil},
		{"POST", fmt.Sprintf("/api/athletes/%d/journal-prompts", athlete), map[string]string{"title": "T", "prompt": "P"}},
		{"DELETE", fmt.Sprintf("/api/journal-prompts/%v", prompt["id"]), nil},
		{"POST", fmt.Sprintf("/api/athletes/%d/journal-prompts/generate", athlete), nil},
		{"GET", fmt.Sprintf("/api/athletes/%d/journal-prompts/generate", athlete), nil},
	}
	for _, r := range routes {
		require.Equal(t, http.StatusNotFound, stranger.do(r.method, r.path, r.body).status, "stranger %s %s", r.method, r.path)
		require.Equal(t, http.StatusUnauthorized, signedOut.do(r.method, r.path, r.body).status, "signed out %s %s", r.method, r.path)
	}
	for _, path := range []string{"/api/user/settings", "/api/journal-prompts"} {
		require.Equal(t, http.StatusUnauthorized, signedOut.do("GET", path, nil).status, path)
	}

	// Nothing the stranger tried happened.
	entries, _ := listEntries(t, owner, fmt.Sprintf("/api/athletes/%d/journal", athlete))
	require.Len(t, entries, 1)
	require.Equal(t, "Regional final", entries[0].Title)
	require.False(t, entries[0].IsPrivate)
	var prompts int
	require.NoError(t, s.pool.QueryRow(context.Background(), "SELECT count(*) FROM journal_prompts").Scan(&prompts))
	require.Equal(t, 1, prompts)
	rivertest.RequireNotInserted(context.Background(), t, riverpgxv5.New(s.pool), jobs.JournalPromptsArgs{}, nil)
}

// TestPrivateEntriesAreTheOwnersAlone proves the rule the family circle will rely on: the list,
// the stats and the per-entry check leave private entries out for every role but owner.
func TestPrivateEntriesAreTheOwnersAlone(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)
	private := createEntry(t, c, athlete, map[string]any{"title": "Private"})
	shared := createEntry(t, c, athlete, map[string]any{"title": "Shared"})
	c.do("PUT", fmt.Sprintf("/api/journal/%d", shared.ID), map[string]any{"isPrivate": false})
	ctx := context.Background()

	for _, includePrivate := range []bool{true, false} {
		rows, err := store.Q.JournalListForAthlete(ctx, s.pool, store.JournalListForAthleteParams{AthleteID: athlete, IncludePrivate: includePrivate, MaxRows: 100})
		require.NoError(t, err)
		got := []string{}
		for _, r := range rows {
			got = append(got, r.Title)
		}
		if includePrivate {
			require.ElementsMatch(t, []string{"Private", "Shared"}, got)
		} else {
			require.Equal(t, []string{"Shared"}, got)
		}
		stats, err := store.Q.JournalStats(ctx, s.pool, store.JournalStatsParams{AthleteID: athlete, IncludePrivate: includePrivate, Today: time.Now()})
		require.NoError(t, err)
		require.Equal(t, map[bool]int32{true: 2, false: 1}[includePrivate], stats.Total)
	}

	// The journalEntries resource is how the access middleware sees an entry.
	sees := func(role store.Role, id int64) bool {
		_, item, err := journalEntries.load(ctx, s.pool, strconv.FormatInt(id, 10))
		require.NoError(t, err)
		decision, err := store.Access{Role: role}.Decide(ctx, s.pool, store.ActionView, item)
		require.NoError(t, err)
		return decision == store.Allowed
	}
	for _, role := range []store.Role{store.RoleOwner, store.RoleAdmin, store.RoleEditor, store.RoleViewer, store.RoleLimited, store.RoleNone} {
		require.Equal(t, role == store.RoleOwner, sees(role, private.ID), "private entry, role %q", role)
		seesShared := sees(role, shared.ID)
		// A limited member sees only what was shared with them one by one; nothing was.
		require.Equal(t, role != store.RoleNone && role != store.RoleLimited, seesShared, "shared entry, role %q", role)
	}
}

// TestExpensiveWorkIsThrottled: one prompt run at a time per athlete and a few an hour; AI
// enhancements a bounded number an hour, with 429, a wait in words and Retry-After.
func TestExpensiveWorkIsThrottled(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)
	ctx := context.Background()
	generate := fmt.Sprintf("/api/athletes/%d/journal-prompts/generate", athlete)

	first := c.do("POST", generate, nil)
	require.Equal(t, http.StatusAccepted, first.status)
	again := c.do("POST", generate, nil)
	require.Equal(t, http.StatusAccepted, again.status)
	var runs int
	require.NoError(t, s.pool.QueryRow(ctx, "SELECT count(*) FROM prompt_generations").Scan(&runs))
	require.Equal(t, 1, runs, "a second request while the first run is pending starts nothing")
	for range promptRunsPerAthletePerHour - 1 {
		_, err := s.pool.Exec(ctx, "UPDATE prompt_generations SET status = 'ready'")
		require.NoError(t, err)
		require.Equal(t, http.StatusAccepted, c.do("POST", generate, nil).status)
	}
	_, err := s.pool.Exec(ctx, "UPDATE prompt_generations SET status = 'ready'")
	require.NoError(t, err)
	res := c.do("POST", generate, nil)
	require.Equal(t, http.StatusTooManyRequests, res.status)
	require.Contains(t, res.message(t), "Try again in")
	require.NotEmpty(t, res.header.Get("Retry-After"))

	journal := fmt.Sprintf("/api/athletes/%d/journal", athlete)
	for i := range enhancementsPerAthletePerHour {
		require.Equal(t, http.StatusCreated, c.do("POST", journal, entryBody(map[string]any{"enhanceWithAI": true})).status, "enhancement %d", i+1)
	}
	res = c.do("POST", journal, entryBody(map[string]any{"enhanceWithAI": true}))
	require.Equal(t, http.StatusTooManyRequests, res.status)
	require.Contains(t, res.message(t), "Save without enhancement")
	require.Equal(t, http.StatusCreated, c.do("POST", journal, entryBody(nil)).status, "saving without AI still works")
}

// TestGeneratedPromptsAreForWriters: an athlete's own prompts (drawn from the family's entries)
// are listed only to those who may write; a viewer or limited member gets the built-in ones.
func TestGeneratedPromptsAreForWriters(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	require.Equal(t, http.StatusCreated, owner.do("POST", fmt.Sprintf("/api/athletes/%d/journal-prompts", athlete), map[string]string{"title": "Our own", "prompt": "About the private thing"}).status)
	viewer, _ := s.member(t, athlete, "viewer@example.com", "viewer", "grandparent")
	limited, _ := s.member(t, athlete, "limited@example.com", "limited", "friend")
	editor, _ := s.member(t, athlete, "editor@example.com", "editor", "parent")
	sources := func(c *client) []string {
		var out []string
		for _, p := range decodeAs[[]map[string]any](t, c.do("GET", fmt.Sprintf("/api/journal-prompts?athleteId=%d", athlete), nil)) {
			out = append(out, p["source"].(string))
		}
		return out
	}
	require.Contains(t, sources(owner), "custom")
	require.Contains(t, sources(editor), "custom")
	require.NotContains(t, sources(viewer), "custom")
	require.NotContains(t, sources(limited), "custom")
	require.Contains(t, sources(viewer), "builtin")
}

// TestAuthorsKeepTheirPrivateEntries: an editor's new entry is private like every new entry, yet
// stays in the editor's own list and search and can be edited; other members still do not see it.
func TestAuthorsKeepTheirPrivateEntries(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	editor, _ := s.member(t, athlete, "editor@example.com", "editor", "parent")
	viewer, _ := s.member(t, athlete, "viewer@example.com", "viewer", "grandparent")
	journal := fmt.Sprintf("/api/athletes/%d/journal", athlete)
	entry := createEntry(t, editor, athlete, map[string]any{"title": "Coach's notes"})
	require.True(t, entry.IsPrivate)

	mine, _ := listEntries(t, editor, journal)
	require.Equal(t, []int64{entry.ID}, ids(mine))
	found, _ := listEntries(t, editor, journal+"?q=notes")
	require.Equal(t, []int64{entry.ID}, ids(found))
	require.Equal(t, http.StatusOK, editor.do("PUT", fmt.Sprintf("/api/journal/%d", entry.ID), entryBody(map[string]any{"title": "Coach's notes, edited"})).status)
	theirs, _ := listEntries(t, viewer, journal)
	require.Empty(t, theirs)
	require.Equal(t, http.StatusNotFound, viewer.do("PUT", fmt.Sprintf("/api/journal/%d", entry.ID), map[string]any{"isPrivate": false}).status)
	owners, _ := listEntries(t, owner, journal)
	require.Equal(t, []int64{entry.ID}, ids(owners))
}

// journalMatrix: the journal, its AI and the writing prompts.
var journalMatrix = matrixArea{
	outside: map[string]int{
		"GET /api/journal-options": http.StatusUnauthorized,
		"GET /api/user/settings":   http.StatusUnauthorized, // the caller's own prompt e-mail
		"PUT /api/user/settings":   http.StatusUnauthorized,
	},
	rows: func(m *matrix) []matrixRoute {
		sharedEntry := func() int64 {
			e := createEntry(m.t, m.owner, m.athlete, nil)
			m.owner.do("PUT", fmt.Sprintf("/api/journal/%d", e.ID), map[string]any{"isPrivate": false})
			return e.ID
		}
		entry := func(suffix string) func() string { return pathOf("/api/journal/%d"+suffix, sharedEntry) }
		prompt := func() int64 {
			return m.created(fmt.Sprintf("/api/athletes/%d/journal-prompts", m.athlete), map[string]string{"title": "T", "prompt": "P"})
		}
		return []matrixRoute{
			{route: "GET /api/athletes/:id/journal", path: m.athletePath("/journal"), body: noBody, want: everyoneSees},
			{route: "GET /api/athletes/:id/journal/stats", path: m.athletePath("/journal/stats"), body: noBody, want: everyoneSees},
			{route: "POST /api/athletes/:id/journal", path: m.athletePath("/journal"), body: func() any { return entryBody(nil) }, want: editsAthlete(created)},
			{route: "PUT /api/journal/:id", path: entry(""), body: func() any { return map[string]any{"isPrivate": false} }, want: editsItem(ok)},
			{route: "DELETE /api/journal/:id", path: entry(""), body: noBody, want: editsItem(deleted)},
			{route: "PATCH /api/journal/:id/favorite", path: entry("/favorite"), body: noBody, want: editsItem(ok)},
			{route: "POST /api/journal/:id/enhance", path: entry("/enhance"), body: noBody, want: editsItem(accepted)},
			{route: "DELETE /api/journal/:id/enhancement", path: entry("/enhancement"), body: noBody, want: editsItem(ok)},
			{route: "POST /api/athletes/:id/journal-prompts", path: m.athletePath("/journal-prompts"), body: func() any { return map[string]string{"title": "T", "prompt": "P"} }, want: editsAthlete(created)},
			{route: "GET /api/journal-prompts", path: func() string { return fmt.Sprintf("/api/journal-prompts?athleteId=%d", m.athlete) }, body: noBody, want: everyoneSees},
			{route: "DELETE /api/journal-prompts/:id", path: pathOf("/api/journal-prompts/%d", prompt), body: noBody, want: editsAthlete(deleted)},
			{route: "POST /api/athletes/:id/journal-prompts/generate", path: m.athletePath("/journal-prompts/generate"), body: noBody, want: editsAthlete(accepted)},
			{route: "GET /api/athletes/:id/journal-prompts/generate", path: m.athletePath("/journal-prompts/generate"), body: noBody, want: everyoneSees},
		}
	},
}
