package statsproviders

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDecodeCounts(t *testing.T) {
	t.Parallel()
	for _, in := range []string{
		`{"hits": 2, "atBats": 4}`, `{}`, ` { } `, `{"plusMinus": -3}`, `{"a":1,"b":2}`,
		`{"h\u00e9": 1}`, `{"a": 1.5}`, `{"a": 1, "a": 2}`, `{"a": "1"}`, `[1]`, `{"a": 1`, `{"a": 1} x`, `null`,
	} {
		got, err := DecodeCounts([]byte(in))
		var want Stats
		wantErr := json.Unmarshal([]byte(in), &want)
		if wantErr != nil {
			assert.Error(t, err, in)
			continue
		}
		require.NoError(t, err, in)
		if want == nil {
			want = Stats{}
		}
		assert.Equal(t, want, got, in)
	}
}

// FuzzDecodeCounts: whatever the bytes, the hand reader agrees with encoding/json.
func FuzzDecodeCounts(f *testing.F) {
	f.Add([]byte(`{"hits": 2, "atBats": 4}`))
	f.Add([]byte(`{"plusMinus": -3, "x": 0}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := DecodeCounts(data)
		var want Stats
		wantErr := json.Unmarshal(data, &want)
		if (err != nil) != (wantErr != nil) {
			t.Fatalf("%q: error %v, encoding/json %v", data, err, wantErr)
		}
		if err != nil {
			return
		}
		if want == nil {
			want = Stats{}
		}
		if len(got) != len(want) {
			t.Fatalf("%q: %v, encoding/json %v", data, got, want)
		}
		for k, v := range want {
			if got[k] != v {
				t.Fatalf("%q: %v, encoding/json %v", data, got, want)
			}
		}
	})
}
