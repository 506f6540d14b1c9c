package jobs_test

import (
	"context"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertest"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
	"legacylocker/store"
)

// TestWorkersCancelJobsWhoseRecordIsGone deletes each kind of record after its job was enqueued:
// every worker loads through the one helper, so every such job is cancelled, not retried.
func TestWorkersCancelJobsWhoseRecordIsGone(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	ctx := context.Background()
	item, err := store.Q.MediaCreate(ctx, f.pool, store.MediaCreateParams{
		AthleteID: f.athlete, Title: "gone.mp4", MediaDate: time.Now(), MediaType: "video", MimeType: "video/mp4",
		OriginalKey: "gone.mp4", FileSize: 1, Tags: []string{},
	})
	require.NoError(t, err)
	entry, err := store.Q.JournalCreate(ctx, f.pool, store.JournalCreateParams{
		AthleteID: f.athlete, Title: "Gone", Content: "x", EntryDate: time.Now(), Tags: []string{}, AiStatus: store.JobPending,
	})
	require.NoError(t, err)
	generation, err := store.Q.PromptGenerationCreate(ctx, f.pool, f.athlete)
	require.NoError(t, err)
	email, err := store.Q.OutboundEmailCreate(ctx, f.pool, store.OutboundEmailCreateParams{Kind: "welcome", ToAddress: "ana@example.com", Subject: "s", BodyText: "b"})
	require.NoError(t, err)
	for _, query := range []string{
		"DELETE FROM media_items", "DELETE FROM journal_entries", "DELETE FROM prompt_generations", "DELETE FROM outbound_emails",
	} {
		_, err := f.pool.Exec(ctx, query)
		require.NoError(t, err)
	}

	cases := map[string]func() *rivertest.WorkResult{
		"email_send": func() *rivertest.WorkResult {
			return workMedia(t, f, river.Worker[jobs.EmailSendArgs](&jobs.EmailSendWorker{Pool: f.pool, Logger: quiet}), jobs.EmailSendArgs{EmailID: email.ID})
		},
		"journal_enhance": func() *rivertest.WorkResult {
			return workMedia(t, f, river.Worker[jobs.JournalEnhanceArgs](&jobs.JournalEnhanceWorker{Pool: f.pool, Logger: quiet}), jobs.JournalEnhanceArgs{EntryID: entry.ID, ContentVersion: entry.ContentVersion})
		},
		"journal_prompts": func() *rivertest.WorkResult {
			return workMedia(t, f, river.Worker[jobs.JournalPromptsArgs](&jobs.JournalPromptsWorker{Pool: f.pool, Logger: quiet}), jobs.JournalPromptsArgs{GenerationID: generation.ID})
		},
		"media_process": func() *rivertest.WorkResult {
			return workMedia(t, f, river.Worker[jobs.MediaProcessArgs](&jobs.MediaProcessWorker{Pool: f.pool, Storage: f.storage, Logger: quiet}), jobs.MediaProcessArgs{MediaID: item.ID})
		},
		"media_highlights": func() *rivertest.WorkResult {
			return workMedia(t, f, river.Worker[jobs.MediaHighlightsArgs](&jobs.MediaHighlightsWorker{Pool: f.pool, Storage: f.storage, Logger: quiet}), jobs.MediaHighlightsArgs{MediaID: item.ID, Version: 1})
		},
		"media_trim": func() *rivertest.WorkResult {
			return workMedia(t, f, river.Worker[jobs.MediaTrimArgs](&jobs.MediaTrimWorker{Pool: f.pool, Storage: f.storage, Logger: quiet}), jobs.MediaTrimArgs{ClipID: item.ID})
		},
	}
	for kind, work := range cases {
		res := work()
		require.Equal(t, rivertype.JobStateCancelled, res.Job.State, kind)
		require.Contains(t, res.Job.Errors[len(res.Job.Errors)-1].Error, "no longer exists", kind)
	}
}
