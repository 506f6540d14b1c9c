package statsproviders

import (
	"encoding/json"
	"strconv"
)

// DecodeCounts reads a stored stats column (a JSON object of whole numbers, as Postgres writes
// jsonb: {"hits": 2, "atBats": 4}). A line of counts is read on every roll-up of a career, so the
// plain shape is read by hand, without reflection (half the roll-up's time went to encoding/json);
// anything else (an escaped key, a number that is not whole) goes to encoding/json, whose answer
// is the same.
func DecodeCounts(raw []byte) (Stats, error) {
	if s, ok := decodePlainCounts(raw); ok {
		return s, nil
	}
	var s Stats
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, err
	}
	if s == nil {
		s = Stats{} // JSON null: no counts
	}
	return s, nil
}

// decodePlainCounts reads {"key": int, ...} with ASCII keys free of escapes; ok is false for anything
// else.
func decodePlainCounts(b []byte) (Stats, bool) {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return nil, false
	}
	s := make(Stats, 24)
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return s, skipSpace(b, i+1) == len(b)
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return nil, false
		}
		start := i + 1
		end := start
		for end < len(b) && b[end] != '"' {
			if b[end] == '\\' || b[end] < 0x20 || b[end] >= 0x80 {
				return nil, false
			}
			end++
		}
		if end >= len(b) {
			return nil, false
		}
		key := string(b[start:end])
		i = skipSpace(b, end+1)
		if i >= len(b) || b[i] != ':' {
			return nil, false
		}
		i = skipSpace(b, i+1)
		numStart := i
		if i < len(b) && b[i] == '-' {
			i++
		}
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		digits := b[numStart:i]
		if len(digits) > 0 && digits[0] == '-' {
			digits = digits[1:]
		}
		if len(digits) == 0 || (digits[0] == '0' && len(digits) > 1) {
			return nil, false // JSON writes no leading zeros
		}
		n, err := strconv.Atoi(string(b[numStart:i]))
		if err != nil {
			return nil, false
		}
		if _, dup := s[key]; dup {
			return nil, false // encoding/json keeps the last; leave such a line to it
		}
		s[key] = n
		i = skipSpace(b, i)
		if i >= len(b) {
			return nil, false
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case '}':
			return s, skipSpace(b, i+1) == len(b)
		default:
			return nil, false
		}
	}
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}
