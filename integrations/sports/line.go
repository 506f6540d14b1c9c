package sports

import (
	"bytes"
	"encoding/json"
	"slices"
	"time"
)

// Entry is one stat of a line as it is shown: a count as a number, anything the sport writes
// otherwise (innings "6.2", a time "1:58.32", a mark "21-04.50", a rate ".365") as text.
type Entry struct {
	Key   string
	Value any
}

// Line is a game's, a season's or a career's stats as shown, in order.
type Line []Entry

// Line answers counts as shown at a level of play: the sport's lead stats first (what a card shows
// when it knows nothing of the position), then its rates, then its counts, each in the catalogue's
// order, then any key the sport does not keep, as it was (an older file's column), so nothing a
// family brought is hidden.
func (c *Catalogue) Line(counts map[string]int, level Level) Line {
	rates := c.Compute(counts, level)
	out := make(Line, 0, len(counts)+len(rates))
	placed := make(map[string]bool, len(counts)+len(rates))
	add := func(key string) {
		if placed[key] {
			return
		}
		s, known := c.Stat(key)
		if known && s.Kind == Rate {
			if v, ok := rates[key]; ok {
				placed[key] = true
				out = append(out, Entry{Key: key, Value: FormatRate(s.Formula.Style, v)})
			}
			return
		}
		v, ok := counts[key]
		if !ok {
			return
		}
		placed[key] = true
		if known && s.Kind != Count {
			out = append(out, Entry{Key: key, Value: FormatValue(s, v)})
			return
		}
		out = append(out, Entry{Key: key, Value: v})
	}
	for _, k := range c.DefaultLead {
		add(k)
	}
	for _, s := range c.Stats {
		if s.Kind == Rate {
			add(s.Key)
		}
	}
	for _, s := range c.Stats {
		if s.Kind != Rate {
			add(s.Key)
		}
	}
	var rest []string
	for k := range counts {
		if !placed[k] {
			rest = append(rest, k)
		}
	}
	slices.Sort(rest)
	for _, k := range rest {
		add(k)
	}
	return out
}

// Get answers one entry's value.
func (l Line) Get(key string) (any, bool) {
	for _, e := range l {
		if e.Key == key {
			return e.Value, true
		}
	}
	return nil, false
}

// MarshalJSON writes the line as one JSON object in its order (a browser keeps an object's key
// order; a Go map would be sorted).
func (l Line) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, e := range l {
		if i > 0 {
			b.WriteByte(',')
		}
		key, _ := json.Marshal(e.Key)
		value, err := json.Marshal(e.Value)
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

// gameCountKeys are the counts that say how many games a line holds, one of which a sport keeps.
var gameCountKeys = []string{"gamesPlayed", "matchesPlayed"}

// OneGame marks a line of counts as one game's (a game typed by hand, a one-game file) when it does
// not say so itself, so that per-game rates (points per game) and a season's games played add up.
func (c *Catalogue) OneGame(counts map[string]int) {
	for _, k := range gameCountKeys {
		if _, keeps := c.Stat(k); keeps {
			if _, given := counts[k]; !given {
				counts[k] = 1
			}
			return
		}
	}
}

// LevelAt is the level of play of an athlete of a graduating class on a day: a school year ends in
// June, so a game in April 2026 is a 2026 senior's last high-school season and one in September
// 2026 is their first in college. Four years before graduation and fewer are high school, the two
// before that middle school (seventh and eighth grade), anything earlier youth. An unknown class
// (0) answers HighSchool, the level most of the product's families play at.
func LevelAt(classYear int, day time.Time) Level {
	if classYear <= 0 {
		return HighSchool
	}
	schoolYearEnds := day.Year()
	if day.Month() >= time.July {
		schoolYearEnds++
	}
	switch left := classYear - schoolYearEnds; {
	case left < 0:
		return College
	case left <= 3:
		return HighSchool
	case left <= 5:
		return MiddleSch
	default:
		return Youth
	}
}

// TableColumns answers the stats a table of lines shows, at most max of them: the lead stats (a
// position's, or DefaultLead) and then, in the catalogue's order, every stat a line carries, so a
// table is never a wall of dashes. A table of single games (a game log) leaves out the games
// played and the per-game rates, which in one game's line say only 1 and the count again. When no
// line carries a stat the sport keeps, the answer is DefaultLead, whose empty columns say what is
// missing.
func (c *Catalogue) TableColumns(lines []Line, lead []string, max int, oneGame bool) []Stat {
	carried := func(key string) bool {
		for _, l := range lines {
			if _, ok := l.Get(key); ok {
				return true
			}
		}
		return false
	}
	var out []Stat
	add := func(s Stat) {
		if len(out) == max || !carried(s.Key) || (oneGame && c.perGame(s)) {
			return
		}
		for _, have := range out {
			if have.Key == s.Key {
				return
			}
		}
		out = append(out, s)
	}
	for _, key := range lead {
		if s, ok := c.Stat(key); ok {
			add(s)
		}
	}
	for _, s := range c.Stats {
		add(s)
	}
	if len(out) == 0 {
		for _, key := range c.DefaultLead {
			if s, ok := c.Stat(key); ok && len(out) < max {
				out = append(out, s)
			}
		}
	}
	return out
}

// perGame answers whether a stat counts games or is a rate per game (points per game).
func (c *Catalogue) perGame(s Stat) bool {
	if slices.Contains(gameCountKeys, s.Key) {
		return true
	}
	if s.Formula == nil || len(s.Formula.Den) == 0 {
		return false
	}
	for _, t := range s.Formula.Den {
		if !slices.Contains(gameCountKeys, t.Key) {
			return false
		}
	}
	return true
}

// ChosenLeads reads a family's choices of lead stats (athletes.lead_stats: {"basketball": ["points",
// "assists"]}); a damaged value counts as none.
func ChosenLeads(raw []byte) map[string][]string {
	var chosen map[string][]string
	if json.Unmarshal(raw, &chosen) != nil || chosen == nil {
		return map[string][]string{}
	}
	return chosen
}

// LeadFor is what an athlete's numbers in the sport lead with: the family's choice for it (raw, as
// ChosenLeads reads it), else the position's lead stats.
func (c *Catalogue) LeadFor(raw []byte, position string) []string {
	if keys := ChosenLeads(raw)[c.Sport]; len(keys) > 0 {
		return keys
	}
	return c.Lead(position)
}
