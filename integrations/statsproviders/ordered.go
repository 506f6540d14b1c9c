package statsproviders

import (
	"slices"
	"strings"
	"unicode"
)

// Known reports whether key is a count the parsers write (the names a family may type in by
// hand), as opposed to a rate computed from counts.
func Known(key string) bool { return slices.Contains(CountKeys, key) }

// labels name the stats whose camelCase key does not read well split into words.
var labels = map[string]string{
	BattingAvg: "Batting Average", OnBasePct: "On-Base %",
	SluggingPct: "Slugging %", OPS: "OPS", ERA: "ERA",
	WHIP: "WHIP", RBI: "RBI", "gpa": "GPA", PitcherStrikeouts: "Strikeouts (Pitching)",
}

// Label is a stat key in words: "homeRuns" → "Home Runs".
func Label(key string) string {
	if l, ok := labels[key]; ok {
		return l
	}
	var b strings.Builder
	for i, r := range key {
		if i == 0 {
			r = unicode.ToUpper(r)
		} else if unicode.IsUpper(r) {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}
