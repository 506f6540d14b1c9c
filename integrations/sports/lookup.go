package sports

import (
	"strings"
	"unicode"
)

// ForSports reads an athlete's free-text sports field ("Baseball, Basketball", "Girls
// Volleyball", "Track & Field", "XC", "Swim & Dive") into the catalogues it names, in the order
// written, each once; a name no catalogue knows is skipped.
//
// The field is split at commas, semicolons, slashes, bars and line breaks. A piece that names no
// sport as a whole is split again at "and", "&" and "+", so "Baseball & Basketball" names two
// sports while "Track & Field" and "Swim & Dive" (a catalogue's label or alias) name one.
func ForSports(text string) []*Catalogue {
	return forSports(text, All())
}

// ForSport answers the catalogue one name stands for, matched against each catalogue's key, label
// and aliases (case, punctuation and a leading or trailing "Girls", "Boys", "Women's", "Men's" or
// "Varsity" aside), or nil.
func ForSport(name string) *Catalogue {
	return forSport(name, All())
}

func forSports(text string, cats []*Catalogue) []*Catalogue {
	var out []*Catalogue
	add := func(c *Catalogue) {
		if c == nil {
			return
		}
		for _, have := range out {
			if have == c {
				return
			}
		}
		out = append(out, c)
	}
	pieces := strings.FieldsFunc(text, func(r rune) bool {
		return strings.ContainsRune(",;/|\n\r\t·", r)
	})
	for _, piece := range pieces {
		if c := forSport(piece, cats); c != nil {
			add(c)
			continue
		}
		for _, part := range splitAnd(sportName(piece)) {
			add(forSport(part, cats))
		}
	}
	return out
}

// splitAnd splits a normalised name at the word "and" (which "&" and "+" have become).
func splitAnd(name string) []string {
	var parts []string
	var cur []string
	for _, w := range strings.Fields(name) {
		if w == "and" {
			parts = append(parts, strings.Join(cur, " "))
			cur = nil
			continue
		}
		cur = append(cur, w)
	}
	return append(parts, strings.Join(cur, " "))
}

func forSport(name string, cats []*Catalogue) *Catalogue {
	n := sportName(name)
	if n == "" {
		return nil
	}
	for _, c := range cats {
		for _, known := range c.lookupNames() {
			if sportName(known) == n {
				return c
			}
		}
	}
	return nil
}

// names are every name a catalogue answers to in an athlete's sports field.
func (c *Catalogue) lookupNames() []string {
	return append([]string{c.Sport, c.Label}, c.Aliases...)
}

// fieldWords are words around a sport's name that do not change the sport: who plays it and at
// which squad. They are dropped from either end of a name.
var fieldWords = map[string]bool{
	"girls": true, "girl": true, "boys": true, "boy": true,
	"women": true, "womens": true, "woman": true, "men": true, "mens": true, "ladies": true,
	"varsity": true, "jv": true,
}

// sportName normalises a sport's name for comparison: lower case, "&" and "+" as "and",
// apostrophes dropped, other punctuation (hyphens, underscores, dots, brackets) as spaces, and the
// fieldWords at either end removed.
func sportName(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r == '&' || r == '+':
			b.WriteString(" and ")
		case r == '\'' || r == '’' || r == '‘':
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		default:
			b.WriteRune(' ')
		}
	}
	words := strings.Fields(b.String())
	for len(words) > 0 && fieldWords[words[0]] {
		words = words[1:]
	}
	for len(words) > 0 && fieldWords[words[len(words)-1]] {
		words = words[:len(words)-1]
	}
	return strings.Join(words, " ")
}
