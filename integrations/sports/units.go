package sports

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// How values are written, read and printed, per Kind:
//
//   - Count: "12", "1,234". Only a signed count (see Signed) goes below zero: "+3", "-2", "−2",
//     and for golf's to par "E". Printed "12"; a signed count "+3", "-2", "0" ("E" to par).
//   - Innings: thirds notation, "6.2" (six innings and two outs = 20 outs), ".1", "6", "6 2/3",
//     "6⅔". The digit after the point counts outs, so "6.3" is refused. Printed "6.2", "0.1",
//     "6.0", as box scores print it.
//   - Time: "10.85", "58.2", "75.3" (seconds), "1:58.32", "16:42.1", "1:02:03.4"; a swim may
//     carry its course as results mark it ("23.45Y", "25.12 LCM"), which must be the event's.
//     At most hundredths: a results page gives hundredths, and guessing a rounding rule (track
//     rounds a thousandth up, swimming drops it) would change a mark. Printed with two decimals,
//     the shortest way the sport writes it: "10.85" under a minute, "1:58.32" under an hour,
//     "1:02:03.40" beyond; a swim without its course, which its stat names.
//   - Distance in "in" (feet and inches): "21-04.50", "21-4.5", "6-02", "145-07", "21' 4.5\"",
//     "21-4½", "45-3 1/4". Printed as track results print it: feet, a hyphen, two-digit inches,
//     and hundredths only when the mark has a fraction of an inch — "21-04.50", "45-03.25",
//     "6-02", "145-07". One rule for every event, because a high jump or a discus mark is
//     measured to the whole inch and so prints without decimals by itself. A metric mark with an
//     "m" ("6.52m") is converted, rounded down (a mark is never credited more than was measured).
//   - Distance in "m" (or any other decimal unit): "6.52", "6.52m", "6.52 m", centimetres
//     stored. Printed "6.52". A feet-inches mark ("21-04.50") is converted, rounded down.
//   - Rate: computed, never typed; FormatValue answers "" (FormatRate prints rates).

// maxStored bounds every stored value, so that a season's or a career's sum stays far from
// overflowing and a typo of extra digits is refused rather than stored.
const maxStored = 999_999_999

// signedKeys are the counts that go below zero. They are keyed by stat key rather than by a field
// on Stat so that the catalogue's shape stays as it is: every sport names a plus/minus
// "plusMinus" and a golf score against par "toPar", and a test holds every catalogue's stats
// labelled that way to these keys.
var signedKeys = map[string]bool{
	"plusMinus": true,
	"toPar":     true,
}

// Signed reports whether a count may be negative (a plus/minus, a score to par), so a form offers
// a minus sign and a sum may fall below zero.
func Signed(s Stat) bool { return s.Kind == Count && signedKeys[s.Key] }

// ParseValue reads a value as a family or a file writes it for the stat, into the integer the
// catalogue stores (see the table above). Its error is a sentence for the family, naming what was
// typed and how to write it.
func ParseValue(s Stat, text string) (int, error) {
	t := strings.TrimSpace(text)
	if t == "" {
		if s.Kind == Rate {
			return 0, rateNotTyped(s)
		}
		return 0, fmt.Errorf("nothing was typed for %s", s.Label)
	}
	switch s.Kind {
	case Count:
		if Signed(s) {
			return readSigned(s, text, t)
		}
		return readCount(s, text, t)
	case Innings:
		return readInnings(text, t)
	case Time:
		t, err := cutCourse(s, text, t)
		if err != nil {
			return 0, err
		}
		return readTime(text, t)
	case Distance:
		return readDistance(s, text, t)
	case Rate:
		return 0, rateNotTyped(s)
	}
	return 0, fmt.Errorf("%s cannot be typed (it is a %q stat)", s.Label, s.Kind)
}

// FormatValue prints a stored value the way the sport writes it, so that ParseValue reads it
// back to the same value. A rate is not a stored value: it answers "".
func FormatValue(s Stat, v int) string {
	switch s.Kind {
	case Innings:
		return minus(v) + strconv.FormatUint(magnitude(v)/3, 10) + "." + strconv.FormatUint(magnitude(v)%3, 10)
	case Time:
		return minus(v) + printTime(magnitude(v))
	case Distance:
		if s.Unit == "in" {
			return minus(v) + printFeetInches(magnitude(v))
		}
		return minus(v) + printHundredths(magnitude(v))
	case Rate:
		return ""
	}
	if Signed(s) {
		switch {
		case v > 0:
			return "+" + strconv.Itoa(v)
		case v == 0 && s.Key == "toPar":
			return "E"
		}
	}
	return strconv.Itoa(v)
}

func rateNotTyped(s Stat) error {
	return fmt.Errorf("%s is worked out from other stats, not typed", s.Label)
}

// refuse builds a family-facing error: the text as typed, quoted, then why.
func refuseValue(text, format string, args ...any) error {
	return fmt.Errorf("%s %s", quoteTyped(text), fmt.Sprintf(format, args...))
}

// quote quotes what was typed, cut short so that a pasted paragraph does not become the message.
func quoteTyped(text string) string {
	const most = 32
	if utf8.RuneCountInString(text) > most {
		r := []rune(text)
		text = string(r[:most]) + "…"
	}
	return strconv.Quote(text)
}

func readCount(s Stat, text, t string) (int, error) {
	if strings.HasPrefix(t, "-") || strings.HasPrefix(t, "−") {
		return 0, refuseValue(text, "is not a count: %s cannot be below zero", s.Label)
	}
	n, err := readDigits(ungroup(t))
	switch err {
	case nil:
		return n, nil
	case errTooManyDigits:
		return 0, refuseValue(text, "is too large for %s", s.Label)
	}
	if strings.ContainsAny(t, ".") {
		if _, err := readFixed(t, 6); err == nil {
			return 0, refuseValue(text, "is not a count: %s is a whole number", s.Label)
		}
	}
	return 0, refuseValue(text, "is not a count: type %s as a whole number, like 12", s.Label)
}

func readSigned(s Stat, text, t string) (int, error) {
	if s.Key == "toPar" && (strings.EqualFold(t, "E") || strings.EqualFold(t, "even")) {
		return 0, nil
	}
	neg := false
	switch {
	case strings.HasPrefix(t, "+"):
		t = t[1:]
	case strings.HasPrefix(t, "-"):
		neg, t = true, t[1:]
	case strings.HasPrefix(t, "−"): // the typographic minus a results page may use
		neg, t = true, t[len("−"):]
	}
	n, err := readDigits(ungroup(t))
	switch err {
	case nil:
		if neg {
			return -n, nil
		}
		return n, nil
	case errTooManyDigits:
		return 0, refuseValue(text, "is too large for %s", s.Label)
	}
	example := "+3 or -2"
	if s.Key == "toPar" {
		example = "+3, -2 or E"
	}
	return 0, refuseValue(text, "is not a count: type %s as a whole number, like %s", s.Label, example)
}

// grouped removes thousands separators when they group by threes ("1,234"), and leaves anything
// else ("1,2") for digits to refuse.
func ungroup(t string) string {
	if !strings.Contains(t, ",") {
		return t
	}
	parts := strings.Split(t, ",")
	if len(parts[0]) < 1 || len(parts[0]) > 3 {
		return t
	}
	for _, p := range parts[1:] {
		if len(p) != 3 {
			return t
		}
	}
	return strings.Join(parts, "")
}

type numberError string

func (e numberError) Error() string { return string(e) }

const (
	errNotNumber       numberError = "not a number"
	errTooManyDigits   numberError = "too large"
	errTooManyDecimals numberError = "too many decimals"
)

// digits reads a whole number of ASCII digits, at most maxStored.
func readDigits(t string) (int, error) {
	if t == "" {
		return 0, errNotNumber
	}
	n := 0
	for i := 0; i < len(t); i++ {
		c := t[i]
		if c < '0' || c > '9' {
			return 0, errNotNumber
		}
		n = n*10 + int(c-'0')
		if n > maxStored {
			return 0, errTooManyDigits
		}
	}
	return n, nil
}

// fixed reads a decimal ("6.52", ".5", "21") into an integer of its hundredths (places 2), or of
// another number of places; more decimals than places is errTooManyDecimals.
func readFixed(t string, places int) (int, error) {
	whole, frac, hasPoint := strings.Cut(t, ".")
	if whole == "" && frac == "" {
		return 0, errNotNumber
	}
	if hasPoint && frac == "" {
		return 0, errNotNumber
	}
	w := 0
	if whole != "" {
		n, err := readDigits(whole)
		if err != nil {
			return 0, err
		}
		w = n
	}
	f := 0
	if frac != "" {
		n, err := readDigits(frac)
		if err == errTooManyDigits || (err == nil && len(frac) > places) {
			return 0, errTooManyDecimals
		}
		if err != nil {
			return 0, err
		}
		for i := len(frac); i < places; i++ {
			n *= 10
		}
		f = n
	}
	scale := 1
	for range places {
		scale *= 10
	}
	if w > maxStored/scale {
		return 0, errTooManyDigits
	}
	return w*scale + f, nil
}

// thirdsTyped and inchParts are the fractions a family may type for part of an inning or of an
// inch, as a character or spelled out, in the stored unit's parts (outs; hundredths of an inch).
var thirdsTyped = map[string]int{"⅓": 1, "⅔": 2, "1/3": 1, "2/3": 2}

var inchParts = map[string]int{"¼": 25, "½": 50, "¾": 75, "1/4": 25, "1/2": 50, "3/4": 75}

// cutFraction splits "6 2/3", "6⅔" or "⅔" into the whole part ("6", or "") and the fraction's
// value in table's parts; found is false when the text ends in no fraction of the table.
func cutFraction(t string, table map[string]int) (whole string, parts int, found bool) {
	for f, n := range table {
		if rest, ok := strings.CutSuffix(t, f); ok {
			rest = strings.TrimSpace(rest)
			if strings.HasSuffix(rest, "/") || strings.HasSuffix(rest, "-") {
				// "1/1/3" or "21-" before a fraction: not a mixed number
				return "", 0, false
			}
			if f[0] >= '0' && f[0] <= '9' && rest != "" && !strings.HasSuffix(t[:len(t)-len(f)], " ") {
				// "61/3" is not "6 1/3": a spelled-out fraction needs its space
				return "", 0, false
			}
			return rest, n, true
		}
	}
	return "", 0, false
}

func readInnings(text, t string) (int, error) {
	const how = "write innings and outs like 6.2 (six innings and two outs)"
	if whole, third, ok := cutFraction(t, thirdsTyped); ok {
		w := 0
		if whole != "" {
			n, err := readDigits(whole)
			if err == errTooManyDigits || (err == nil && n > maxStored/3) {
				return 0, refuseValue(text, "is too many innings")
			}
			if err != nil {
				return 0, refuseValue(text, "is not innings: %s", how)
			}
			w = n
		}
		return w*3 + third, nil
	}
	whole, frac, hasPoint := strings.Cut(t, ".")
	if whole == "" && (!hasPoint || frac == "") {
		return 0, refuseValue(text, "is not innings: %s", how)
	}
	w := 0
	if whole != "" {
		n, err := readDigits(whole)
		if err == errTooManyDigits || (err == nil && n > maxStored/3) {
			return 0, refuseValue(text, "is too many innings")
		}
		if err != nil {
			return 0, refuseValue(text, "is not innings: %s", how)
		}
		w = n
	}
	outs := w * 3
	if hasPoint {
		switch frac {
		case "0":
		case "1":
			outs++
		case "2":
			outs += 2
		default:
			if _, err := readDigits(frac); err != nil {
				return 0, refuseValue(text, "is not innings: %s", how)
			}
			return 0, refuseValue(text, "is not innings: the digit after the point counts outs, 0, 1 or 2 (6.2 is six innings and two outs)")
		}
	}
	return outs, nil
}

func readTime(text, t string) (int, error) {
	const how = "write it like 10.85, 1:58.32 or 16:42.1"
	parts := strings.Split(t, ":")
	if len(parts) > 3 {
		return 0, refuseValue(text, "is not a time: %s", how)
	}
	last := parts[len(parts)-1]
	secWhole, _, _ := strings.Cut(last, ".")
	sec, err := readFixed(last, 2)
	switch err {
	case nil:
	case errTooManyDecimals:
		return 0, refuseValue(text, "is not a time: we keep hundredths of a second, at most two digits after the point")
	case errTooManyDigits:
		return 0, refuseValue(text, "is too long a time")
	default:
		return 0, refuseValue(text, "is not a time: %s", how)
	}
	total := sec
	if len(parts) > 1 {
		if len(secWhole) != 2 {
			return 0, refuseValue(text, "is not a time: seconds after a colon take two digits, like 1:05.32")
		}
		if sec >= 6000 {
			return 0, refuseValue(text, "is not a time: seconds run to 59.99")
		}
		// minutes (and, before them, hours)
		scale := 6000
		for i := len(parts) - 2; i >= 0; i-- {
			n, err := readDigits(parts[i])
			switch {
			case err == errTooManyDigits:
				return 0, refuseValue(text, "is too long a time")
			case err != nil:
				return 0, refuseValue(text, "is not a time: %s", how)
			}
			if i > 0 { // minutes between hours and seconds
				if len(parts[i]) != 2 {
					return 0, refuseValue(text, "is not a time: minutes after the hours take two digits, like 1:02:03.4")
				}
				if n >= 60 {
					return 0, refuseValue(text, "is not a time: minutes run to 59 after the hours")
				}
			}
			if n > (maxStored-total)/scale {
				return 0, refuseValue(text, "is too long a time")
			}
			total += n * scale
			scale *= 60
		}
	}
	if total == 0 {
		return 0, refuseValue(text, "is not a time: a time is more than zero")
	}
	return total, nil
}

// courseNames are the swimming courses a Time stat's Unit may name.
var courseNames = map[string]string{
	"SCY": "short course yards",
	"SCM": "short course meters",
	"LCM": "long course meters",
}

// courseMarks are how a meet's results mark a time's course ("23.45Y"), longest first.
var courseMarks = []struct{ mark, course string }{
	{"SCY", "SCY"}, {"SCM", "SCM"}, {"LCM", "LCM"}, {"Y", "SCY"}, {"S", "SCM"}, {"L", "LCM"},
}

// cutCourse removes the course a swim time is marked with, when it is the event's course, and
// refuses a time swum on another: a long-course 100 free is not a short-course one.
func cutCourse(s Stat, text, t string) (string, error) {
	if _, ok := courseNames[s.Unit]; !ok {
		return t, nil
	}
	for _, m := range courseMarks {
		if len(t) <= len(m.mark) || !strings.EqualFold(t[len(t)-len(m.mark):], m.mark) {
			continue
		}
		rest := strings.TrimSpace(t[:len(t)-len(m.mark)])
		if rest == "" || rest[len(rest)-1] < '0' || rest[len(rest)-1] > '9' {
			return t, nil
		}
		if m.course != s.Unit {
			return "", refuseValue(text, "is a %s time, and %s is swum in %s", courseNames[m.course], s.Label, courseNames[s.Unit])
		}
		return rest, nil
	}
	return t, nil
}

func printTime(v uint64) string {
	h, m, sec, hs := v/360000, v/6000%60, v/100%60, v%100
	switch {
	case h > 0:
		return fmt.Sprintf("%d:%02d:%02d.%02d", h, m, sec, hs)
	case m > 0:
		return fmt.Sprintf("%d:%02d.%02d", m, sec, hs)
	}
	return fmt.Sprintf("%d.%02d", sec, hs)
}

// feetMarks separate feet from inches: a hyphen as results print it, or a foot mark.
var feetMarks = []string{"-", "'", "’", "′"}

// inchMarks may close a mark.
var inchMarks = []string{`"`, "”", "″", "''"}

func readDistance(s Stat, text, t string) (int, error) {
	if s.Unit == "" {
		return 0, fmt.Errorf("%s has no unit to read a mark in", s.Label)
	}
	if s.Unit == "in" {
		if rest, ok := cutUnitMark(t, "m"); ok {
			cm, err := readDecimalMark(text, rest, "m")
			if err != nil {
				return 0, err
			}
			hin := cm * 10000 / 254 // centimetres to hundredths of an inch, rounded down
			if hin > maxStored {
				return 0, refuseValue(text, "is too long a mark")
			}
			return hin, nil
		}
		return readFeetInches(text, t)
	}
	if s.Unit == "m" && hasFeetMark(t) {
		hin, err := readFeetInches(text, t)
		if err != nil {
			return 0, err
		}
		cm := hin * 254 / 10000 // hundredths of an inch to centimetres, rounded down
		if cm == 0 {
			return 0, refuseValue(text, "is not a mark: a mark is more than zero")
		}
		return cm, nil
	}
	if rest, ok := cutUnitMark(t, s.Unit); ok {
		t = rest
	}
	return readDecimalMark(text, t, s.Unit)
}

// cutUnit removes a unit written after a mark ("6.52m", "6.52 m"), case-insensitively.
func cutUnitMark(t, unit string) (string, bool) {
	if len(t) > len(unit) && strings.EqualFold(t[len(t)-len(unit):], unit) {
		rest := strings.TrimSpace(t[:len(t)-len(unit)])
		if rest != "" && rest[len(rest)-1] >= '0' && rest[len(rest)-1] <= '9' {
			return rest, true
		}
	}
	return t, false
}

func hasFeetMark(t string) bool {
	for _, m := range feetMarks {
		if strings.Contains(t, m) {
			return true
		}
	}
	return false
}

func readDecimalMark(text, t, unit string) (int, error) {
	v, err := readFixed(t, 2)
	switch err {
	case nil:
	case errTooManyDecimals:
		return 0, refuseValue(text, "is not a mark: give it to the hundredth at most, like 6.52")
	case errTooManyDigits:
		return 0, refuseValue(text, "is too long a mark")
	default:
		return 0, refuseValue(text, "is not a mark in %s: write it like 6.52", unitWords(unit))
	}
	if v == 0 {
		return 0, refuseValue(text, "is not a mark: a mark is more than zero")
	}
	return v, nil
}

func unitWords(unit string) string {
	switch unit {
	case "m":
		return "meters"
	case "in":
		return "feet and inches"
	}
	return unit
}

func readFeetInches(text, t string) (int, error) {
	const how = "write it in feet and inches like 21-04.50, or in meters like 6.52m"
	feetText, inchText, mark := "", "", ""
	for _, m := range feetMarks {
		if f, in, ok := strings.Cut(t, m); ok {
			feetText, inchText, mark = strings.TrimSpace(f), strings.TrimSpace(in), m
			break
		}
	}
	if mark == "" {
		return 0, refuseValue(text, "is not a mark: %s", how)
	}
	for _, m := range inchMarks {
		if rest, ok := strings.CutSuffix(inchText, m); ok {
			inchText = strings.TrimSpace(rest)
			break
		}
	}
	if inchText == "" && mark == "-" {
		return 0, refuseValue(text, "is not a mark: %s", how)
	}
	feet, err := readDigits(feetText)
	switch {
	case err == errTooManyDigits || feet > maxStored/1200:
		return 0, refuseValue(text, "is too long a mark")
	case err != nil:
		return 0, refuseValue(text, "is not a mark: %s", how)
	}
	inches := 0
	if inchText != "" {
		wholeText, part, hasFraction := cutFraction(inchText, inchParts)
		if hasFraction {
			inchText = wholeText
		}
		switch {
		case hasFraction && inchText == "":
		case hasFraction:
			n, err := readDigits(inchText)
			if err != nil || n > 99 {
				return 0, refuseValue(text, "is not a mark: %s", how)
			}
			inches = n * 100
		default:
			n, err := readFixed(inchText, 2)
			switch {
			case err == errTooManyDecimals:
				return 0, refuseValue(text, "is not a mark: give inches to the hundredth at most, like 21-04.50")
			case err != nil || n > 9999:
				return 0, refuseValue(text, "is not a mark: %s", how)
			}
			inches = n
		}
		inches += part
	}
	if inches >= 1200 {
		return 0, refuseValue(text, "is not a mark: inches run to 11.99, twelve make a foot")
	}
	v := feet*1200 + inches
	if v > maxStored {
		return 0, refuseValue(text, "is too long a mark")
	}
	if v == 0 {
		return 0, refuseValue(text, "is not a mark: a mark is more than zero")
	}
	return v, nil
}

func printFeetInches(v uint64) string {
	feet, inches, part := v/1200, v%1200/100, v%100
	if part == 0 {
		return fmt.Sprintf("%d-%02d", feet, inches)
	}
	return fmt.Sprintf("%d-%02d.%02d", feet, inches, part)
}

func printHundredths(v uint64) string { return fmt.Sprintf("%d.%02d", v/100, v%100) }

// abs and sign let FormatValue print any int, even one no parse would produce.
func magnitude(v int) uint64 {
	if v < 0 {
		return uint64(-(v + 1)) + 1
	}
	return uint64(v)
}

func minus(v int) string {
	if v < 0 {
		return "-"
	}
	return ""
}
