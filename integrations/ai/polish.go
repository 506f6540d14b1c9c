package ai

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// polish tidies an entry without changing its words: it collapses runs of spaces, trims
// lines, keeps paragraph breaks (one blank line between paragraphs), removes spaces before
// punctuation, puts a space after a comma or semicolon and between two run-together sentences,
// drops an obviously doubled word ("the the"), writes a standalone "i" as "I", capitalises
// sentence starts and ends each line with punctuation. polish(polish(s)) ==
// polish(s), so enhancing an already polished entry changes nothing.
//
// Each line is treated as ending a sentence: in a journal typed into a text box a line
// break ends a thought or a list item far more often than it wraps a sentence.
func polish(text string) string {
	var paragraphs []string
	var lines []string
	flush := func() {
		if len(lines) > 0 {
			paragraphs = append(paragraphs, strings.Join(lines, "\n"))
			lines = nil
		}
	}
	for _, line := range splitLines(text) {
		line = strings.Join(strings.Fields(line), " ")
		if line == "" {
			flush()
			continue
		}
		lines = append(lines, polishLine(line))
	}
	flush()
	return strings.Join(paragraphs, "\n\n")
}

func splitLines(text string) []string {
	return strings.Split(normalizeLineEnds(text), "\n")
}

// normalizeLineEnds writes every line break as "\n": a browser's CRLF is not a change worth
// showing anyone.
func normalizeLineEnds(text string) string {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	return strings.ReplaceAll(text, "\r", "\n")
}

// polishLine tidies one line whose spaces are already collapsed.
func polishLine(line string) string {
	line = fixSpacing(line)
	line = capitalizeI(line)
	// After capitalizeI, which may turn the "i" starting the next sentence into "I".
	line = spaceRunTogetherSentences(line)
	// After the spaces are right, so every word stands alone.
	line = dropDoubledWords(line)
	line = capitalizeSentences(line)
	return endWithPunctuation(line)
}

// fixSpacing drops the space before , . ; : ! ? and adds one after a comma or semicolon
// that runs straight into a word ("7 ,coach" becomes "7, coach"; "1,000" is left alone).
func fixSpacing(line string) string {
	rs := []rune(line)
	out := make([]rune, 0, len(rs)+4)
	for i, r := range rs {
		if r == ' ' && i+1 < len(rs) && strings.ContainsRune(",.;:!?", rs[i+1]) && !startsEllipsisWord(rs, i+1) {
			continue
		}
		out = append(out, r)
		if (r == ',' || r == ';') && i+1 < len(rs) && unicode.IsLetter(rs[i+1]) {
			out = append(out, ' ')
		}
	}
	return string(out)
}

// spaceRunTogetherSentences puts a space between a sentence and the next one written straight
// after it ("won.Then" becomes "won. Then").
func spaceRunTogetherSentences(line string) string {
	rs := []rune(line)
	out := make([]rune, 0, len(rs)+4)
	for i, r := range rs {
		out = append(out, r)
		if i+1 < len(rs) && runsIntoNextSentence(rs, i) {
			out = append(out, ' ')
		}
	}
	return string(out)
}

// runsIntoNextSentence reports whether rs[i] ends a sentence that the next one follows without
// a space: "!" or "?" before a letter, or a full stop between a lower-case word of two or more
// letters and a word ("won.Then", "seven.the"). A full stop elsewhere is left alone: "3.5",
// "U.S.A", "e.g.", "mom.com", "notes.txt" are not two sentences.
func runsIntoNextSentence(rs []rune, i int) bool {
	next := rs[i+1]
	switch rs[i] {
	case '!', '?':
		return unicode.IsLetter(next)
	case '.':
		if !unicode.IsLetter(next) {
			return false
		}
		start := i
		for start > 0 && isWordRune(rs[start-1]) {
			start--
		}
		end := i + 1
		for end < len(rs) && isWordRune(rs[end]) {
			end++
		}
		before, after := string(rs[start:i]), string(rs[i+1:end])
		if len([]rune(before)) < 2 || abbreviations[before] || strings.ToLower(before) != before {
			return false
		}
		for _, r := range before {
			if !unicode.IsLetter(r) {
				return false
			}
		}
		// A lower-case word after the stop may be part of a web address or a file name: one that ends
		// in another stop ("www.ncaa.org", wherever that stop leads) or is a known ending ("mom.com", "notes.txt").
		dotted := end < len(rs) && rs[end] == '.'
		return unicode.IsUpper(next) || (len([]rune(after)) >= 2 && !dotted && !domainsAndExtensions[after])
	}
	return false
}

// domainsAndExtensions follow a full stop inside a web address or a file name, not a sentence.
var domainsAndExtensions = map[string]bool{
	"com": true, "org": true, "net": true, "edu": true, "gov": true, "io": true, "us": true, "co": true,
	"app": true, "ly": true, "tv": true, "me": true, "info": true, "html": true, "pdf": true, "jpg": true,
	"jpeg": true, "png": true, "mp4": true, "mov": true, "txt": true, "doc": true, "docx": true,
}

// doubledTypos are the words a writer never means to write twice in a row; "had had", "that
// that" or "very very" can be meant, so they are left alone.
var doubledTypos = map[string]bool{
	"a": true, "an": true, "the": true, "and": true, "to": true, "of": true, "in": true, "on": true,
	"at": true, "for": true, "with": true, "my": true, "our": true, "we": true, "i": true,
	"was": true, "but": true, "from": true, "by": true,
}

// dropDoubledWords removes the second of two identical words from doubledTypos separated by a
// single space ("the the ball" becomes "the ball"; "The the" keeps the first word's case).
func dropDoubledWords(line string) string {
	fields := strings.Split(line, " ")
	out := fields[:0]
	for _, f := range fields {
		if n := len(out); n > 0 && strings.EqualFold(out[n-1], f) && doubledTypos[strings.ToLower(f)] {
			continue
		}
		out = append(out, f)
	}
	return strings.Join(out, " ")
}

// startsEllipsisWord reports whether rs[i:] is an ellipsis leading into a word ("and ...then"),
// where the space before it is deliberate.
func startsEllipsisWord(rs []rune, i int) bool {
	j := i
	for j < len(rs) && rs[j] == '.' {
		j++
	}
	return j-i >= 3 && j < len(rs) && rs[j] != ' '
}

// capitalizeI writes the pronoun "i" (also in "i'm", "i've", "i'll", "i'd") as "I".
// "i.e." is left alone.
func capitalizeI(line string) string {
	rs := []rune(line)
	for i, r := range rs {
		if r != 'i' {
			continue
		}
		if i > 0 && isWordRune(rs[i-1]) {
			continue
		}
		if i+1 < len(rs) && isWordRune(rs[i+1]) {
			continue
		}
		if i+2 < len(rs) && rs[i+1] == '.' && unicode.IsLetter(rs[i+2]) {
			continue
		}
		if i > 0 && (rs[i-1] == '-' || rs[i-1] == '/') { // a part number or a list, not the pronoun
			continue
		}
		rs[i] = 'I'
	}
	return string(rs)
}

func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_'
}

// capitalizeSentences upper-cases the first letter of the line and of each sentence in it.
// A word that already has a capital inside it ("iPhone") is left as written.
func capitalizeSentences(line string) string {
	rs := []rune(line)
	starts := []int{0}
	for _, end := range sentenceEnds(rs) {
		starts = append(starts, end)
	}
	for _, s := range starts {
		// Skip spaces, opening quotes and brackets, bullets and dashes, but not digits:
		// "5 innings" starts with its number.
		i := s
		for i < len(rs) && !unicode.IsLetter(rs[i]) && !unicode.IsDigit(rs[i]) {
			i++
		}
		if i < len(rs) && unicode.IsLower(rs[i]) && !hasInnerCapital(rs, i) {
			rs[i] = unicode.ToUpper(rs[i])
		}
	}
	return string(rs)
}

func hasInnerCapital(rs []rune, start int) bool {
	for i := start + 1; i < len(rs) && unicode.IsLetter(rs[i]); i++ {
		if unicode.IsUpper(rs[i]) {
			return true
		}
	}
	return false
}

// closers may follow a sentence's final punctuation: `he said "go."` or `(we won!)`.
const closers = `)]}"'’”»`

// abbreviations end in a full stop that does not end the sentence.
var abbreviations = map[string]bool{
	"vs": true, "v": true, "e.g": true, "i.e": true, "mr": true, "mrs": true, "ms": true,
	"dr": true, "jr": true, "sr": true, "st": true, "mt": true, "a.m": true, "p.m": true,
	"approx": true,
}

// sentenceEnds answers the rune offsets just past each sentence boundary inside a line: a
// run of . ! ? (plus closing quotes or brackets) followed by a space. An ellipsis, a decimal
// point and an abbreviation's full stop are not boundaries. The end of the line is not
// listed.
func sentenceEnds(rs []rune) []int {
	var ends []int
	for i := 0; i < len(rs); i++ {
		if !isTerminal(rs[i]) {
			continue
		}
		j := i
		for j < len(rs) && isTerminal(rs[j]) {
			j++
		}
		run := string(rs[i:j])
		for j < len(rs) && strings.ContainsRune(closers, rs[j]) {
			j++
		}
		if j >= len(rs) || rs[j] != ' ' {
			i = j - 1
			continue
		}
		boundary := true
		switch {
		case strings.HasPrefix(run, "..") || run == "…":
			boundary = false
		case run == "." && abbreviations[strings.ToLower(wordBefore(rs, i))]:
			boundary = false
		}
		if boundary {
			ends = append(ends, j+1)
		}
		i = j
	}
	return ends
}

func isTerminal(r rune) bool { return r == '.' || r == '!' || r == '?' || r == '…' }

// wordBefore answers the letters and inner dots just before rs[i] ("e.g" for "e.g.").
func wordBefore(rs []rune, i int) string {
	j := i
	for j > 0 && (unicode.IsLetter(rs[j-1]) || (rs[j-1] == '.' && j-1 > 0 && unicode.IsLetter(rs[j-2]))) {
		j--
	}
	return string(rs[j:i])
}

// endWithPunctuation adds a full stop to a line whose last word has none. A line that ends
// in other punctuation (a colon before a list, a dash, an emoji) is left as written.
func endWithPunctuation(line string) string {
	trimmed := strings.TrimRight(line, closers)
	last, _ := utf8.DecodeLastRuneInString(trimmed)
	if trimmed != "" && (unicode.IsLetter(last) || unicode.IsDigit(last)) {
		return line + "."
	}
	return line
}

// sentences splits polished text into its sentences, in order, across lines and paragraphs.
func sentences(text string) []string {
	var out []string
	for _, line := range splitLines(text) {
		rs := []rune(strings.TrimSpace(line))
		prev := 0
		for _, end := range append(sentenceEnds(rs), len(rs)) {
			s := strings.TrimSpace(string(rs[prev:min(end, len(rs))]))
			if strings.IndexFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
				out = append(out, s)
			}
			prev = min(end, len(rs))
		}
	}
	return out
}
