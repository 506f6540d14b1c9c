package jobs

import (
	"testing"
	"time"

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
