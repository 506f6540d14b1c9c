package jobs

import (
	"testing"
	"time"

	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/assert"
)

// TestExportTimeoutFollowsItsSize: an archive of a few photos is cut off in minutes, one of a
// season's film gets hours, instead of one 3-hour blanket for both.
func TestExportTimeoutFollowsItsSize(t *testing.T) {
	assert.Equal(t, 10*time.Minute, exportTimeout(0))
	assert.Equal(t, 10*time.Minute+5*time.Second, exportTimeout(10<<20))
	assert.InDelta(t, (10*time.Minute + 512*time.Second).Seconds(), exportTimeout(1<<30).Seconds(), 1, "1 GB")
	assert.Greater(t, exportTimeout(250<<30), 24*time.Hour, "a Family plan's 250 GB")
}

// TestTakingOverIsAfterALostAttempt: the sweep before a job runs is for takeovers of a dead
// attempt (worker_rescue's or River's rescuer's error last), not for every retry.
func TestTakingOverIsAfterALostAttempt(t *testing.T) {
	lost := func(msg string) []rivertype.AttemptError { return []rivertype.AttemptError{{Attempt: 1, Error: msg}} }
	assert.True(t, takingOver(&rivertype.JobRow{Attempt: 2, Errors: lost("worker w1 stopped answering (last heartbeat …): its job was given back to the queue")}))
	assert.True(t, takingOver(&rivertype.JobRow{Attempt: 2, Errors: lost("Stuck job rescued by JobRescuer")}))
	assert.False(t, takingOver(&rivertype.JobRow{Attempt: 2, Errors: lost("smtp: connection refused")}))
	assert.False(t, takingOver(&rivertype.JobRow{Attempt: 1}))
}
