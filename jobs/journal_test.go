package jobs_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/require"

	"legacylocker/integrations/ai"
	"legacylocker/jobs"
	"legacylocker/store"
	"legacylocker/store/storetest"
)

// fakeOpenAI is an httptest server speaking the chat-completions API: it records each request
// and answers with whatever the test sets.
type fakeOpenAI struct {
	*httptest.Server
	mu       sync.Mutex
	requests []map[string]any
	status   int
	content  string
	delay    time.Duration
}

func startFakeOpenAI(t *testing.T) *fakeOpenAI {
	f := &fakeOpenAI{status: http.StatusOK}
	release := make(chan struct{})
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body map[string]any
		raw, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(raw, &body)
		f.mu.Lock()
		f.requests = append(f.requests, body)
		status, content, delay := f.status, f.content, f.delay
		f.mu.Unlock()
		if delay > 0 {
			select {
			case <-time.After(delay):
			case <-release:
			}
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		if status != http.StatusOK {
			fmt.Fprint(w, `{"error":{"message":"upstream trouble","type":"server_error"}}`)
			return
		}
		answer, _ := json.Marshal(map[string]any{
			"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": body["model"],
			"choices": []map[string]any{{"index": 0, "finish_reason": "stop", "message": map[string]any{"role": "assistant", "content": content}}},
		})
		w.Write(answer)
	}))
	t.Cleanup(func() { close(release); f.Close() })
	return f
}

func (f *fakeOpenAI) set(status int, content string, delay time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.status, f.content, f.delay = status, content, delay
}

func (f *fakeOpenAI) calls() []map[string]any {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]map[string]any(nil), f.requests...)
}

func (f *fakeOpenAI) service(timeout time.Duration) ai.Service {
	return ai.New(ai.Config{BaseURL: f.URL + "/v1", APIKey: "test-key", Model: "test-model", Timeout: timeout})
}

type journalFixture struct {
	pool    *pgxpool.Pool
	athlete store.Athlete
	entry   store.JournalEntry
}

func newJournalFixture(t *testing.T, content string) journalFixture {
	t.Helper()
	pool := storetest.NewPool(t)
	ctx := context.Background()
	user, err := store.Q.UserCreate(ctx, pool, store.UserCreateParams{Email: "ana@example.com", FirstName: "Ana", LastName: "Lee"})
	require.NoError(t, err)
	athlete, err := store.Q.AthleteCreate(ctx, pool, store.AthleteCreateParams{UserID: user.ID, Name: "Jo Lee", Sports: "Softball", Position: "Pitcher", GraduationYear: 2030, School: "Lincoln"})
	require.NoError(t, err)
	entry, err := store.Q.JournalCreate(ctx, pool, store.JournalCreateParams{
		AthleteID: athlete.ID, AuthorID: &user.ID, Title: "Semifinal", Content: content,
		EntryDate: time.Date(2026, 5, 2, 0, 0, 0, 0, time.UTC), Tags: []string{}, AiStatus: store.JobPending,
	})
	require.NoError(t, err)
	return journalFixture{pool: pool, athlete: athlete, entry: entry}
}

// workEnhance runs one first attempt of a job allowed maxAttempts through rivertest; with
// maxAttempts 1 it is the last attempt.
func workEnhance(t *testing.T, f journalFixture, service ai.Service, version int32, maxAttempts int) (*rivertest.WorkResult, error) {
	t.Helper()
	worker := rivertest.NewWorker(t, riverpgxv5.New(f.pool), &river.Config{}, river.Worker[jobs.JournalEnhanceArgs](&jobs.JournalEnhanceWorker{Pool: f.pool, AI: service, Logger: quiet}))
	tx, err := f.pool.Begin(context.Background())
	require.NoError(t, err)
	t.Cleanup(func() { _ = tx.Rollback(context.Background()) })
	row, err := worker.Work(context.Background(), t, tx, jobs.JournalEnhanceArgs{EntryID: f.entry.ID, ContentVersion: version}, &river.InsertOpts{MaxAttempts: maxAttempts})
	return row, err
}

func reload(t *testing.T, f journalFixture) store.JournalEntry {
	t.Helper()
	e, err := store.Q.JournalGetByID(context.Background(), f.pool, f.entry.ID)
	require.NoError(t, err)
	return e
}

const gameText = "we won 4-2. i pitched five innings and struck out seven"

func TestJournalEnhanceStoresTheModelAnswer(t *testing.T) {
	t.Parallel()
	f := newJournalFixture(t, gameText)
	server := startFakeOpenAI(t)
	server.set(http.StatusOK, `{"polished":"We won 4-2. I pitched five innings and struck out seven.","summary":"We won 4-2. I struck out seven.","tags":["game reflection","not a category"]}`, 0)

	res, err := workEnhance(t, f, server.service(5*time.Second), 1, 5)
	require.NoError(t, err)
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State)

	calls := server.calls()
	require.Len(t, calls, 1)
	require.Equal(t, "test-model", calls[0]["model"])
	rendered, _ := json.Marshal(calls[0]["messages"])
	require.Contains(t, string(rendered), "struck out seven", "the entry text is sent")

	e := reload(t, f)
	require.Equal(t, store.JobReady, e.AiStatus)
	require.Equal(t, "We won 4-2. I pitched five innings and struck out seven.", *e.EnhancedContent)
	require.Equal(t, "We won 4-2. I struck out seven.", *e.AiSummary)
	require.Equal(t, []string{"game reflection"}, e.AiSuggestedTags)
	require.Equal(t, "model", *e.AiProvider)
	require.Equal(t, "test-model", *e.AiModel)
	require.Equal(t, gameText, e.Content, "the original is kept")
}

func TestJournalEnhanceRetriesThenFailsVisibly(t *testing.T) {
	t.Parallel()
	f := newJournalFixture(t, gameText)
	server := startFakeOpenAI(t)
	server.set(http.StatusInternalServerError, "", 0)

	_, err := workEnhance(t, f, server.service(5*time.Second), 1, 5)
	require.Error(t, err, "a 5xx is returned so River retries with backoff")
	require.Equal(t, store.JobPending, reload(t, f).AiStatus, "attempts remain: still pending")

	res, err := workEnhance(t, f, server.service(5*time.Second), 1, 1)
	require.NoError(t, err)
	require.Equal(t, rivertype.JobStateCancelled, res.Job.State, "the last attempt gives up for good")
	e := reload(t, f)
	require.Equal(t, store.JobFailed, e.AiStatus)
	require.Contains(t, e.AiStatusReason, "unavailable")
	require.Equal(t, gameText, e.Content, "a failure never alters the text")
	require.Nil(t, e.EnhancedContent)
}

func TestJournalEnhanceRespectsTheTimeout(t *testing.T) {
	t.Parallel()
	f := newJournalFixture(t, gameText)
	server := startFakeOpenAI(t)
	server.set(http.StatusOK, `{"polished":"x","summary":"y","tags":[]}`, 30*time.Second)

	start := time.Now()
	res, err := workEnhance(t, f, server.service(300*time.Millisecond), 1, 1)
	require.NoError(t, err)
	require.Less(t, time.Since(start), 15*time.Second, "the call was cut off, not waited out")
	require.Equal(t, rivertype.JobStateCancelled, res.Job.State)
	e := reload(t, f)
	require.Equal(t, store.JobFailed, e.AiStatus)
	require.Contains(t, e.AiStatusReason, "too long")
}

func TestJournalEnhancePermanentErrorFailsAtOnce(t *testing.T) {
	t.Parallel()
	f := newJournalFixture(t, gameText)
	server := startFakeOpenAI(t)
	server.set(http.StatusUnauthorized, "", 0)

	res, err := workEnhance(t, f, server.service(5*time.Second), 1, 5)
	require.NoError(t, err)
	require.Equal(t, rivertype.JobStateCancelled, res.Job.State, "a refused request is not retried")
	require.Equal(t, store.JobFailed, reload(t, f).AiStatus)
}

func TestJournalEnhanceNeverOverwritesANewerEdit(t *testing.T) {
	t.Parallel()
	f := newJournalFixture(t, gameText)
	ctx := context.Background()
	// The family edits the text (version 2) while the version-1 job is still out.
	_, err := store.Q.JournalUpdate(ctx, f.pool, store.JournalUpdateParams{
		ID: f.entry.ID, Title: "Semifinal", Content: "we won 5-2 after extra innings", EntryDate: f.entry.EntryDate,
		Tags: []string{}, TextChanged: true, AiStatus: store.JobPending,
	})
	require.NoError(t, err)

	res, err := workEnhance(t, f, ai.Offline{}, 1, 5)
	require.NoError(t, err)
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State)
	e := reload(t, f)
	require.Nil(t, e.EnhancedContent, "the stale job stored nothing")
	require.Equal(t, store.JobPending, e.AiStatus)

	_, err = workEnhance(t, f, ai.Offline{}, 2, 5)
	require.NoError(t, err)
	e = reload(t, f)
	require.Equal(t, store.JobReady, e.AiStatus)
	require.Contains(t, *e.EnhancedContent, "extra innings")
}

// TestJournalEnhanceOfflineIsLabelledBasic: with no AI service the offline cleanup's work is
// recorded as "basic" (never as a model's), and the cleaned text is stored beside the original.
func TestJournalEnhanceOfflineIsLabelledBasic(t *testing.T) {
	t.Parallel()
	f := newJournalFixture(t, gameText+". the the game was close")

	_, err := workEnhance(t, f, ai.New(ai.Config{}), 1, 5)
	require.NoError(t, err)
	e := reload(t, f)
	require.Equal(t, store.JobReady, e.AiStatus)
	require.Equal(t, "basic", *e.AiProvider)
	require.Nil(t, e.AiModel)
	require.Equal(t, "We won 4-2. I pitched five innings and struck out seven. The game was close.", *e.EnhancedContent)
	require.Equal(t, []string{"game reflection"}, e.AiSuggestedTags, "the entry says \"game\"")

	// Running the same job again (a retry after a crash) leaves the same state.
	_, err = workEnhance(t, f, ai.New(ai.Config{}), 1, 5)
	require.NoError(t, err)
	again := reload(t, f)
	require.Equal(t, *e.EnhancedContent, *again.EnhancedContent)
}

// TestJournalEnhanceOfflineFailureNamesNoAIService: when the offline cleanup fails (here, an entry
// with no text written straight into the database), the reason the family reads does not blame
// an AI service that was never asked.
func TestJournalEnhanceOfflineFailureNamesNoAIService(t *testing.T) {
	t.Parallel()
	f := newJournalFixture(t, " \n ")

	res, err := workEnhance(t, f, ai.New(ai.Config{}), 1, 5)
	require.NoError(t, err)
	require.Equal(t, rivertype.JobStateCancelled, res.Job.State)
	e := reload(t, f)
	require.Equal(t, store.JobFailed, e.AiStatus)
	require.Equal(t, "The offline cleanup could not finish. Your entry is saved as you wrote it.", e.AiStatusReason)
}

// TestJournalEnhanceOfflineStoresNoCopyOfAnUnchangedEntry: a well-written entry gets no
// "enhanced" copy identical to it, no summary repeating it and no tags it does not name; it is
// ready, by the offline cleanup, with nothing to show — the journal says "no changes needed".
func TestJournalEnhanceOfflineStoresNoCopyOfAnUnchangedEntry(t *testing.T) {
	t.Parallel()
	f := newJournalFixture(t, "We went out for pasta after practice. Coach paid for dessert.")

	_, err := workEnhance(t, f, ai.New(ai.Config{}), 1, 5)
	require.NoError(t, err)
	e := reload(t, f)
	require.Equal(t, store.JobReady, e.AiStatus)
	require.Equal(t, "basic", *e.AiProvider)
	require.Nil(t, e.EnhancedContent)
	require.Nil(t, e.AiSummary)
	require.Empty(t, e.AiSuggestedTags)
}

func TestJournalPromptsReplaceTheGeneratedOnes(t *testing.T) {
	t.Parallel()
	f := newJournalFixture(t, gameText)
	ctx := context.Background()
	_, err := store.Q.JournalPromptCreate(ctx, f.pool, store.JournalPromptCreateParams{AthleteID: f.athlete.ID, Title: "Mine", Prompt: "My own prompt", Source: "custom"})
	require.NoError(t, err)
	worker := rivertest.NewWorker(t, riverpgxv5.New(f.pool), &river.Config{}, river.Worker[jobs.JournalPromptsArgs](&jobs.JournalPromptsWorker{Pool: f.pool, AI: ai.Offline{}, Logger: quiet}))

	for round := 0; round < 2; round++ {
		generation, err := store.Q.PromptGenerationCreate(ctx, f.pool, f.athlete.ID)
		require.NoError(t, err)
		tx, err := f.pool.Begin(ctx)
		require.NoError(t, err)
		res, err := worker.Work(ctx, t, tx, jobs.JournalPromptsArgs{GenerationID: generation.ID}, nil)
		require.NoError(t, err)
		require.NoError(t, tx.Rollback(ctx))
		require.Equal(t, rivertype.JobStateCompleted, res.Job.State)

		done, err := store.Q.PromptGenerationGetByID(ctx, f.pool, generation.ID)
		require.NoError(t, err)
		require.Equal(t, store.JobReady, done.Status)
		require.Equal(t, "basic", *done.Provider)
	}
	prompts, err := store.Q.JournalPromptListForAthlete(ctx, f.pool, f.athlete.ID)
	require.NoError(t, err)
	sources := map[string]int{}
	for _, p := range prompts {
		sources[p.Source]++
		require.NotEmpty(t, p.Title)
		if p.Source == "generated" {
			require.Contains(t, ai.Categories, p.Category)
		}
	}
	require.Equal(t, map[string]int{"generated": 3, "custom": 1}, sources, "a second run replaces the generated prompts and keeps the custom one")
}

func TestJournalPromptsFailureIsVisible(t *testing.T) {
	t.Parallel()
	f := newJournalFixture(t, gameText)
	ctx := context.Background()
	server := startFakeOpenAI(t)
	server.set(http.StatusForbidden, "", 0)
	generation, err := store.Q.PromptGenerationCreate(ctx, f.pool, f.athlete.ID)
	require.NoError(t, err)
	worker := rivertest.NewWorker(t, riverpgxv5.New(f.pool), &river.Config{}, river.Worker[jobs.JournalPromptsArgs](&jobs.JournalPromptsWorker{Pool: f.pool, AI: server.service(5 * time.Second), Logger: quiet}))
	tx, err := f.pool.Begin(ctx)
	require.NoError(t, err)
	defer tx.Rollback(ctx) //nolint:errcheck

	res, err := worker.Work(ctx, t, tx, jobs.JournalPromptsArgs{GenerationID: generation.ID}, nil)
	require.NoError(t, err)
	require.Equal(t, rivertype.JobStateCancelled, res.Job.State)
	failed, err := store.Q.PromptGenerationGetByID(ctx, f.pool, generation.ID)
	require.NoError(t, err)
	require.Equal(t, store.JobFailed, failed.Status)
	require.Contains(t, failed.StatusReason, "refused")
	require.Len(t, server.calls(), 1)
}

// TestJournalPromptsNeverSendPrivateEntries: what a prompt generation tells the AI service about
// the athlete leaves out the titles of private entries.
func TestJournalPromptsNeverSendPrivateEntries(t *testing.T) {
	t.Parallel()
	f := newJournalFixture(t, gameText) // "Semifinal", private as every new entry
	ctx := context.Background()
	shared, err := store.Q.JournalCreate(ctx, f.pool, store.JournalCreateParams{
		AthleteID: f.athlete.ID, Title: "Opening day", Content: gameText,
		EntryDate: time.Date(2026, 4, 2, 0, 0, 0, 0, time.UTC), Tags: []string{}, AiStatus: store.JobNone,
	})
	require.NoError(t, err)
	_, err = store.Q.JournalSetPrivacy(ctx, f.pool, store.JournalSetPrivacyParams{ID: shared.ID, IsPrivate: false})
	require.NoError(t, err)
	server := startFakeOpenAI(t)
	server.set(http.StatusForbidden, "", 0)
	generation, err := store.Q.PromptGenerationCreate(ctx, f.pool, f.athlete.ID)
	require.NoError(t, err)
	worker := rivertest.NewWorker(t, riverpgxv5.New(f.pool), &river.Config{}, river.Worker[jobs.JournalPromptsArgs](&jobs.JournalPromptsWorker{Pool: f.pool, AI: server.service(5 * time.Second), Logger: quiet}))
	tx, err := f.pool.Begin(ctx)
	require.NoError(t, err)
	defer tx.Rollback(ctx) //nolint:errcheck
	_, err = worker.Work(ctx, t, tx, jobs.JournalPromptsArgs{GenerationID: generation.ID}, nil)
	require.NoError(t, err)

	require.Len(t, server.calls(), 1)
	sent, err := json.Marshal(server.calls()[0]["messages"])
	require.NoError(t, err)
	require.Contains(t, string(sent), "Opening day")
	require.NotContains(t, string(sent), "Semifinal", "a private entry's title never leaves the server")
}
