package jobs

import (
	"encoding/json"
	"testing"
	"time"
)

func TestJobOutputsShowSecondsToTheMillisecond(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{3272 * time.Millisecond, "3.272"},
		{3272*time.Millisecond + 600*time.Microsecond, "3.273"},
		{0, "0"},
		{59*time.Second + 999*time.Millisecond + 499*time.Microsecond, "59.999"},
	} {
		got, err := json.Marshal(millisecondsAsSeconds(c.d))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != c.want {
			t.Errorf("%v shows as %s, want %s", c.d, got, c.want)
		}
	}
}
