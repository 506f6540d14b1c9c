package sports

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Every sport with measurables is a sport of the catalogue, and each measurable is well formed: a
// unique key, a known unit, a range that holds a real value.
func TestMeasurablesAreWellFormed(t *testing.T) {
	t.Parallel()
	units := map[string]bool{UnitSeconds: true, UnitMPH: true, UnitInches: true, UnitReps: true, UnitRPM: true, UnitYards: true, UnitLevel: true}
	for sport, m := range measurables {
		require.NotNil(t, Get(sport), "measurables of %q, which is not a sport of the catalogue", sport)
		seen := map[string]bool{}
		for _, k := range m.Kinds {
			require.False(t, seen[k.Key], "%s: %s twice", sport, k.Key)
			seen[k.Key] = true
			require.NotEmpty(t, k.Label, "%s: %s", sport, k.Key)
			require.True(t, units[k.Unit], "%s: %s has unit %q", sport, k.Key, k.Unit)
			require.Less(t, k.Min, k.Max, "%s: %s", sport, k.Key)
			require.Equal(t, k.Unit == UnitSeconds, k.LowerIsBetter, "%s: %s: a time is better lower, nothing else is", sport, k.Key)
		}
	}
}

func TestMeasurablesOf(t *testing.T) {
	t.Parallel()
	baseball, ok := MeasurablesOf("baseball")
	require.True(t, ok)
	require.Equal(t, "Baseball", baseball.Label)
	dash, ok := baseball.Kind("sixtyYardDash")
	require.True(t, ok)
	require.Equal(t, "60-Yard Dash", dash.Label)
	require.Equal(t, UnitSeconds, dash.Unit)
	_, ok = baseball.Kind("fortyYardDash")
	require.False(t, ok, "a football drill is not baseball's")

	soccer, _ := MeasurablesOf("soccer")
	require.True(t, soccer.Foot)
	require.False(t, baseball.Foot)

	_, ok = MeasurablesOf("quidditch")
	require.False(t, ok)
	require.Len(t, AllMeasurables(), len(All()))
	for _, c := range All() {
		require.NotEmpty(t, measurables[c.Sport].Kinds, "%s has no measurables: add the ones its camps and combines measure", c.Sport)
	}
}
