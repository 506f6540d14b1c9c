package store

// JobStatus is the one status of every record whose work a job does (a journal entry's AI
// enhancement, a prompt generation, a media item's processing and its highlights, an outbound
// e-mail). It exists so the api, the workers and the web app share one vocabulary, and one
// question — "is it still working?" — instead of five lists of strings. It is the Postgres enum
// job_status; each record uses the values it always has (media starts processing, an entry none).
type JobStatus string

// The values of job_status, in the order a record moves through them.
const (
	// JobNone: no work was asked for (an entry never sent to the AI, a video never analysed).
	JobNone JobStatus = "none"
	// JobPending: the work is queued.
	JobPending JobStatus = "pending"
	// JobProcessing: the work is queued or under way on a record that is not usable until it ends
	// (an uploaded file or a clip being cut).
	JobProcessing JobStatus = "processing"
	// JobReady: the work is done and its result stored.
	JobReady JobStatus = "ready"
	// JobFailed: the job gave up; the record's reason column says why, in words for the family.
	JobFailed JobStatus = "failed"
)

// Working reports whether a job is still to finish the record's work, which is when the web
// app keeps polling it and a retried job still has something to do.
func (s JobStatus) Working() bool {
	return s == JobPending || s == JobProcessing
}
