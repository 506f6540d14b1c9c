package statsproviders

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"unicode"
)

// displayRank orders a stats map: DisplayKeys first, then the other counts in CountKeys order
// (batting, pitching, fielding), then anything else alphabetically.
var displayRank = func() map[string]int {
	m := make(map[string]int, len(DisplayKeys)+len(CountKeys))
	for _, k := range slices.Concat(DisplayKeys, CountKeys) {
		if _, seen := m[k]; !seen {
			m[k] = len(m)
		}
	}
	return m
}()

// Ordered is a stats map answered in display order (a JSON object keeps its key order in the
// browser; a Go map would be sorted alphabetically).
type Ordered struct {
	Keys   []string
	Values map[string]any
}

// Ordered is Map in display order.
func (s Stats) Ordered() Ordered {
	m := s.Map()
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		ra, oka := displayRank[a]
		rb, okb := displayRank[b]
		switch {
		case oka && okb:
			return ra - rb
		case oka:
			return -1
		case okb:
			return 1
		}
		return strings.Compare(a, b)
	})
	return Ordered{Keys: keys, Values: m}
}

// Get answers one entry.
func (o Ordered) Get(key string) (any, bool) {
	v, ok := o.Values[key]
	return v, ok
}

func (o Ordered) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.Keys {
		if i > 0 {
			b.WriteByte(',')
		}
		key, _ := json.Marshal(k)
		value, err := json.Marshal(o.Values[k])
		if err != nil {
			return nil, err
		}
		b.Write(key)
		b.WriteByte(':')
		b.Write(value)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Known reports whether key is a count the parsers write (the names a family may type in by
// hand), as opposed to a rate computed from counts.
func Known(key string) bool { return slices.Contains(CountKeys, key) }

// Encode answers the counts as stored (the stats column) and the display map (the display
// column: rates computed, keys in display order).
func (s Stats) Encode() (counts, display []byte, err error) {
	if counts, err = json.Marshal(s); err != nil {
		return nil, nil, err
	}
	display, err = json.Marshal(s.Ordered())
	return counts, display, err
}

// labels name the stats whose camelCase key does not read well split into words.
var labels = map[string]string{
	BattingAvg: "Batting Average", OnBasePct: "On-Base %",
	SluggingPct: "Slugging %", OPS: "OPS", ERA: "ERA",
	WHIP: "WHIP", RBI: "RBI", PitcherStrikeouts: "Strikeouts (Pitching)",
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
