// Package jobs holds every River job kind: its Args (ids only, a stable snake_case Kind, default
// InsertOpts) and its Worker. The api inserts jobs with InsertTx in the transaction that writes
// their record; cmd/worker runs them.
//
// A record whose work a job does carries one store.JobStatus (none, pending, processing, ready,
// failed with a reason). Its worker loads it with loadRecord, which cancels the job when the
// record is gone; failures the family sees go through giveUpOrRetry (failures.go).
//
// The pipeline graph, written down once (record status in brackets):
//
//	register ──tx: users row + outbound_emails row [pending]──▶ email_send
//	    ──▶ SMTP, or the log when SMTP_URL is unset ──▶ [ready, delivered_via smtp|log] | [failed] after the last attempt
//	invite / resend ──tx: family_members row + outbound_emails row [pending]──▶ email_send (as above)
//	journal save (enhanceWithAI) ──tx: entry [ai_status pending], content_version v──▶ journal_enhance(v)
//	    ──▶ AI model or offline enhancer ──▶ enhancement stored only if the entry is still at v ──▶ [ready] | [failed]
//	generate prompts ──tx: prompt_generations row [pending]──▶ journal_prompts ──▶ generated prompts replaced ──▶ [ready] | [failed]
//	upload ──streamed to storage, then tx: media row [processing]──▶ media_process
//	    ──▶ the owner has WORKER_MEDIA_PER_OWNER older jobs running and another owner's job waits: snooze 250 ms
//	    ──▶ thumbnail (in a decoder child: media.Decoders) / poster, probe (a video's poster is shown while still
//	    [processing]), 720p H.264 rendition (derived keys, overwritten on retry) ──▶ [ready] | [failed]
//	    decoder child died (signal, RLIMIT_AS, RLIMIT_CPU, wall time): retried once in a fresh child, then
//	    [failed, "This photo could not be read…"] and the job cancelled, whatever attempts are left
//	resumable upload (tus) ──POST: media_uploads row──▶ PATCH… each stores a piece, then records it
//	    ──last byte: pieces joined into the original, tx: media row [processing] + media_process
//	    + media_delete(pieces) + upload completed──▶ media_process (as an upload)
//	    termination, a 415 or a 413 ──tx: row deleted──▶ media_delete(pieces)
//	hourly (leader) ──▶ media_upload_expire ──tx per upload idle a day or open 7 days: row deleted──▶ media_delete(pieces)
//	upload (form or tus) ──bytes hashed as they arrive (tus: hash state kept in the upload's row)──▶ last byte: the
//	    athlete's same bytes already kept and no allowDuplicate: 409, nothing stored ──else──▶ content_sha256 on the row
//	hourly (leader) ──▶ media_hash_backfill ──▶ ready items without content_sha256 (from before): original read, hash kept
//	places turned on ──tx: show_places + media_places_backfill(athlete)──▶ the athlete's unnamed photos and videos:
//	    original's position read (ranged reads), nearest town's name kept while places stay on; off: the walk stops
//	delete media ──tx: row deleted──▶ media_delete(keys) ──▶ files removed
//	detect highlights ──tx: highlights_version v [highlights_status pending]──▶ media_highlights(v)
//	    ──▶ segments stored only if still v ──▶ [ready] | [failed]
//	trim ──tx: clip row [processing], range, key──▶ media_trim ──▶ ffmpeg cut into the clip's key (copy,
//	    smartcut or reencode: the job's output says which and why) while the poster is made from the source
//	    and, for a source with a rendition (HEVC), the clip's rendition is cut from the source's
//	    ──▶ processed like an upload from the local file (no second probe; a rendition made only when
//	    none could be cut) ──▶ [ready] | [failed]
//	season film (POST: segments chosen from the season's starred videos and highlights) ──▶ as a reel, below
//	reel (POST, or PUT: version v+1) ──tx: reels row [pending]──▶ reel_render ──▶ [processing, progress] clips probed and
//	    levelled (loudnorm analysis), slides drawn (media/cards), each format rendered (stream copy when valid, else
//	    encoded) under keys named by reel, version and format, posters made ──tx: media items made (first render) or given
//	    the new files (old ones to media_delete), a dropped format's item deleted, reel [ready] only if still at v──▶
//	    | edited meanwhile: nothing recorded, its files to media_delete | a clip gone: [failed, which clip]
//	stats upload ──file stored (sha256), then tx: stats_imports row [pending]──▶ stats_import
//	    ──▶ parse (pure) ──▶ one row matched or chosen: tx: games/seasons upserted by source key + import [ready]
//	    ──▶ none or several: [ready, needs_choice] until confirm ──tx: [pending]──▶ stats_import | bad file: [failed]
//	Sync Now ──tx: connection sync [pending]──▶ stats_sync ──▶ network fetch, or the newest import read again
//	    as stats_import reads it ──tx: upserts + sync [ready], last_synced_at──▶ | sync [failed] (with the import)
//	stats report ──tx: stats_reports row [pending]──▶ stats_report ──▶ PDF (the athlete's ready photo, its
//	    512 px square, in the header) stored under the report's own key
//	    ──tx: media row [processing] + media_process, report [ready]──▶ media_process
//	Season Story ──tx: season_books row [pending] (range, parts, the owner's consent)──▶ season_book
//	    ──▶ each clip that may be shared given its link (kept if it has one) ──▶ PDF under the book's own key
//	    ──tx: media row [processing] + media_process, book [ready]──▶ media_process
//	new QR ──tx: qr_codes row [pending]──▶ qr_generate ──▶ PNG of /q/{code} under the code's own key ──▶ [ready]
//	achievement saved ──tx: row [card pending]──▶ achievement_card ──▶ content hash unchanged: [ready]
//	    ──▶ else feed and story PNGs (the athlete's ready photo, its 128 px square, in the footer)
//	    ──tx: keys [ready] only if the row is unchanged, old keys to media_delete──▶
//	photo of the athlete or the account (PUT …/photo) ──upload stored, then tx: profile_photos row given the new
//	    original [pending] (an unprocessed earlier original to media_delete)──▶ profile_photo ──▶ 512 and 128 px
//	    squares (in a decoder child: media.SquarePhoto, attention crop, metadata stripped) under keys derived
//	    from the original's ──tx: squares recorded [ready] only if the original is still the row's, original and
//	    older squares (or, when replaced meanwhile, the squares just made) to media_delete──▶ | [failed]
//	Stripe webhook ──verified, tx: stripe_events row + billing_event──▶ billing_event
//	    ──▶ subscription re-read from Stripe ──tx: subscriptions row, event processed──▶
//	every 15 s (leader) ──▶ records_reconcile ──▶ a record still [pending|processing] whose latest job River discarded
//	    (rescued on its last attempt) or cancelled (an operator) ──▶ [failed] with a reason (jobRecords, reconcile.go)
//	hourly (leader) ──▶ prompt_reminders ──tx per batch: outbound_emails [pending] + email_send, last reminder time──▶ email_send
//	hourly (leader) ──▶ digests ──tx per batch: each due member's feed read with their access now; when it has
//	    something new, outbound_emails [pending] (List-Unsubscribe) + email_send; last digest time──▶ email_send
//	hourly (leader) ──▶ recruiting_briefs ──tx per batch: each owner with colleges whose Monday 7 a.m. (athlete's time
//	    zone) has come: the week claimed on the athlete, outbound_emails [pending] (List-Unsubscribe) + email_send──▶ email_send
//	BACKUP_SCHEDULE (leader) ──▶ backup ──backup_runs [running]──▶ files lock (media_delete snoozes), snapshot:
//	    pg_dump + row counts + named keys ──▶ new files copied to the target, lock released ──▶ deleted files past
//	    BACKUP_KEEP_DELETED_DAYS purged, manifest, backups past BACKUP_KEEP removed ──▶ [ok] | [failed]
//	every worker, every 5 s ──▶ worker_heartbeats row (client id, host, pid, last_seen)
//	every 10 s (leader) ──▶ worker_rescue ──▶ running jobs of workers silent 30 s: available at once
//	    (discarded on their last attempt) ──▶ the worker taking one over sweeps dead processes' temporary files first
//	BACKUP_DRILL_SCHEDULE (leader) ──▶ backup_drill ──▶ newest dump restored into a scratch database, row counts
//	    and a sample of files checked against the manifest, scratch dropped ──▶ backup_runs [ok] | [failed]
//
// Queues: "default" (email_send, prompt_reminders, digests, recruiting_briefs, media_delete, media_upload_expire, stats_import, stats_sync,
// stats_report, qr_generate, achievement_card, billing_event, backup, backup_drill, worker_rescue, records_reconcile),
// "ai" (journal_enhance, journal_prompts), "media" (media_process, media_highlights, media_trim, reel_render, profile_photo,
// media_hash_backfill, media_places_backfill).
//
// The media queue is fair and follows the work (fairness.go, cmd/worker/decode.go): River takes jobs oldest
// first, so one family's 200 photos would hold every media worker; a media_process job whose owner already has
// WORKER_MEDIA_PER_OWNER (1) older jobs running while another owner's job waits snoozes (river.JobSnooze, no
// attempt spent) to the back of the queue. Alone, a family uses every worker. The queue fetches as often as
// jobs finish (WORKER_MEDIA_FETCH_COOLDOWN 2 ms, not River's 100 ms, which capped two workers at 20 jobs a
// second) and polls every WORKER_MEDIA_FETCH_POLL (100 ms) for jobs that snoozed.
//
// To add a job kind, in a new file xxx.go:
//  1. XxxArgs: the record's id only, Kind() "xxx", InsertOpts() with its queue and MaxAttempts.
//  2. XxxWorker embeds river.WorkerDefaults[XxxArgs]; dependencies are fields; Timeout if slow.
//  3. Work: loadRecord(ctx, w.Pool, "xxx", id, store.Q.XxxGetByID); nil if done (!Status.Working()).
//  4. Register it in Workers (workers.go); its queue is one of the three above. Add its record to jobRecords
//     (reconcile.go), or excuse it there: TestEveryKindIsReconciledOrExcused fails until you do.
//  5. The api inserts it with InsertTx in the transaction that writes the record [pending].
//  6. Idempotent: a dead worker's attempt runs again within a minute (worker_rescue), from wherever it
//     died; keys of what it stores are the record's own, and a test runs it twice (idempotency_test.go).
package jobs

// Queue names, shared by InsertOpts and the worker's queue configuration.
const (
	QueueDefault = "default"
	QueueAI      = "ai"
	QueueMedia   = "media"
)
