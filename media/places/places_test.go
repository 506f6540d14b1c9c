package places

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestName(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		lat, lon float64
		want     string
		found    bool
	}{
		{"a US city names its state", 30.2672, -97.7431, "Austin, Texas", true},
		{"a suburb of 15,000 takes its own name", 30.3900, -97.7200, "Jollyville, Texas", true},
		{"a Canadian city names its province", 43.6532, -79.3832, "Toronto, Ontario", true},
		{"elsewhere, the country", 48.8566, 2.3522, "Paris, France", true},
		{"the southern and western hemispheres", -34.6037, -58.3816, "Buenos Aires, Argentina", true},
		{"the open ocean is nowhere", 0, -140, "", false},
		{"not a position", 91, 0, "", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := Name(tc.lat, tc.lon)
			require.Equal(t, tc.found, ok)
			if tc.found {
				require.Equal(t, tc.want, got)
			}
		})
	}
}

func BenchmarkName(b *testing.B) {
	cities()
	for b.Loop() {
		Name(30.2672, -97.7431)
	}
}
