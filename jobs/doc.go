// Package jobs holds every River job kind: its Args (ids only, a stable snake_case Kind, default
// InsertOpts) and its Worker. The api inserts jobs with InsertTx in the transaction that writes
// their record; cmd/worker runs them.
//
// The pipeline graph, written down once:
//
//	register ──tx: users row + outbound_emails row──▶ email_send ──▶ SMTP (or the log when SMTP_URL is unset)
//	journal save (enhanceWithAI) ──tx: entry (aiStatus pending, content_version v)──▶ journal_enhance(v)
//	    ──▶ AI model or offline enhancer ──▶ enhancement stored only if the entry is still at version v
//	generate prompts ──tx: prompt_generations row──▶ journal_prompts ──▶ generated prompts replaced
//	upload ──streamed to storage, then tx: media row (processing)──▶ media_process
//	    ──▶ thumbnail / poster, probe, H.264 rendition (derived keys, overwritten on retry) ──▶ ready | failed
//	delete media ──tx: row deleted──▶ media_delete(keys) ──▶ files removed
//	detect highlights ──tx: highlights_version v (pending)──▶ media_highlights(v) ──▶ segments stored if still v
//	trim ──tx: clip row (processing, range, key)──▶ media_trim ──▶ ffmpeg cut into the clip's key ──▶ same processing as an upload
//	hourly (leader) ──▶ prompt_reminders ──tx per batch: outbound_emails + email_send, last reminder time──▶ email_send
//
// Queues: "default" (email_send, and later qr_generate, stats_sync, billing_event), "ai"
// (journal_enhance, journal_prompts), "media" (media_process, media_highlights, media_trim).
package jobs

// Queue names, shared by InsertOpts and the worker's queue configuration.
const (
	QueueDefault = "default"
	QueueAI      = "ai"
	QueueMedia   = "media"
)
