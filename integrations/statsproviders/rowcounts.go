package statsproviders

import "math"

// statSlots numbers the stats a file's columns count, so that every row's counts are a run of one
// array for the whole file instead of a map per row. Building a map for each of 60 or 300 rows was
// most of a parse, and an import writes one row: Player.Stats builds the map for that row only.
type statSlots struct {
	keys   []string
	index  map[string]int
	values []int // the rows' slots, row after row
	// fill completes a row's Stats from what the file implied (basketball's total rebounds).
	fill func(Stats)
}

// absent marks a slot the row left blank: a blank cell is no stat, not zero.
const absent = math.MinInt

// slot answers the slot of a stat key, numbering it on first sight. Call it before the first row.
func (s *statSlots) slot(key string) int {
	if i, ok := s.index[key]; ok {
		return i
	}
	if s.index == nil {
		s.index = map[string]int{}
	}
	s.index[key] = len(s.keys)
	s.keys = append(s.keys, key)
	return len(s.keys) - 1
}

// reserve makes room for rows more rows in one allocation.
func (s *statSlots) reserve(rows int) {
	if need := len(s.values) + rows*len(s.keys); need > cap(s.values) {
		s.values = append(make([]int, 0, need), s.values...)
	}
}

// row starts the next row's counts, every slot absent. A full array is replaced, not copied into:
// the rows already handed out keep theirs.
func (s *statSlots) row() rowCounts {
	n := len(s.keys)
	if len(s.values)+n > cap(s.values) {
		s.values = make([]int, 0, max(64*n, 2*cap(s.values)))
	}
	s.values = s.values[:len(s.values)+n]
	values := s.values[len(s.values)-n:]
	for i := range values {
		values[i] = absent
	}
	return rowCounts{slots: s, values: values}
}

// rowCounts is one row's counts, a slot per stat of the file (statSlots).
type rowCounts struct {
	slots  *statSlots
	values []int
}

// add counts n more in slot i, capped so that no sum overflows.
func (r rowCounts) add(i, n int) {
	if r.values[i] == absent {
		r.values[i] = 0
	}
	r.values[i] = min(r.values[i]+n, maxCount)
}

// addSigned adds n to slot i, kept within ±maxCount.
func (r rowCounts) addSigned(i, n int) {
	if r.values[i] == absent {
		r.values[i] = 0
	}
	r.values[i] = max(min(r.values[i]+n, maxCount), -maxCount)
}

// set writes slot i, whatever it held.
func (r rowCounts) set(i, n int) { r.values[i] = n }

// stats builds the row's map: the slots filled, then what the file implied.
func (r rowCounts) stats() Stats {
	found := 0
	for _, v := range r.values {
		if v != absent {
			found++
		}
	}
	s := make(Stats, found)
	for i, v := range r.values {
		if v != absent {
			s[r.slots.keys[i]] = v
		}
	}
	if r.slots != nil && r.slots.fill != nil {
		r.slots.fill(s)
	}
	return s
}
