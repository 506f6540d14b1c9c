// Package sports holds one stat catalogue per sport as data compiled into the binary (issue 29):
// every stat a family can type or import, how it is written and read, how its rates follow from
// its counts, and which stats lead for each position. The stats API checks keys against the
// athlete's sport, the import parsers map a file's columns onto these keys, and every screen, the
// PDF report and the public page draw labels, order and rates from here.
//
// A value is stored as an integer in the stat's unit (Kind): a count as itself, innings as outs, a
// time in hundredths of a second, a distance in hundredths of its Unit. Rates are never stored;
// Compute derives them from the counts of a game, a season or a career, so a season rolled up
// from its games and a career from its seasons always agree with their parts.
package sports

import (
	"fmt"
	"sort"
	"strings"
)

// Kind is what a stat's number is, and so how it is typed, stored, summed and printed.
type Kind string

const (
	// Count is a whole number that adds up over games (hits, points, tackles).
	Count Kind = "count"
	// Innings is baseball's and softball's thirds notation ("6.2"), stored as outs.
	Innings Kind = "innings"
	// Time is a duration or a mark in hundredths of a second ("10.85", "1:58.32", "16:42.1").
	Time Kind = "time"
	// Distance is a mark in hundredths of the stat's Unit ("21-04.50" in feet and inches, "6.52"
	// in metres).
	Distance Kind = "distance"
	// Rate is computed from counts by the stat's Formula, never typed or stored.
	Rate Kind = "rate"
)

// Aggregate is how a stat's values over several games become a season's (and seasons a career's).
type Aggregate string

const (
	Sum    Aggregate = "sum"    // counts, innings: added
	Lowest Aggregate = "lowest" // a time: the best is the lowest
	Most   Aggregate = "most"   // a distance or a height, a longest play: the best is the highest
)

// Level is the level of play, which decides a game's regulation length (ERA over 7 innings in high
// school, 9 in college).
type Level string

const (
	Youth      Level = "youth"
	MiddleSch  Level = "middle_school"
	HighSchool Level = "high_school"
	College    Level = "college"
	Pro        Level = "pro"
)

// Levels lists every level, youngest first.
var Levels = []Level{Youth, MiddleSch, HighSchool, College, Pro}

// Term is one count in a formula, with its weight (total bases: 1×1B + 2×2B + 3×3B + 4×HR).
type Term struct {
	Key    string  `json:"key"`
	Weight float64 `json:"weight"`
}

// Style is how a rate prints.
type Style string

const (
	Average  Style = "average"  // three places, no leading zero: ".365", "1.025" (AVG, OBP, SLG, OPS, hitting %)
	Decimal2 Style = "decimal2" // two places: "2.33" (ERA, WHIP, GAA)
	Decimal1 Style = "decimal1" // one place: "18.4" (points per game, yards per carry)
	Percent  Style = "percent"  // one place and a percent sign: "47.5%" (FG%, completion %)
	// A Percent rate's Formula has Times 100, so its value is 47.5, not 0.475, in every answer;
	// FormatRate only adds the sign (catalog_test.go holds every catalogue to it).
)

// Formula derives a rate: (Σ Num) × Times ÷ (Σ Den), or, with Of, the sum of other rates (OPS =
// OBP + SLG). PerRegulation multiplies by the level's regulation length (ERA = ER × 7 ÷ IP in high
// school: Num earnedRuns×3, Den outs, PerRegulation). A rate whose denominator is zero, or whose
// every Num or Den count is absent, is not shown.
type Formula struct {
	Num           []Term   `json:"num,omitempty"`
	Den           []Term   `json:"den,omitempty"`
	Times         float64  `json:"times,omitempty"` // 0 means 1
	PerRegulation bool     `json:"perRegulation,omitempty"`
	Of            []string `json:"of,omitempty"`
	Style         Style    `json:"style"`
	// Text is the formula as a family reads it ("ER × 7 ÷ IP"), for the stat's tooltip.
	Text string `json:"text"`
}

// Stat is one line of a catalogue.
type Stat struct {
	Key   string `json:"key"`   // camelCase, unique in its sport: "earnedRuns", "fieldGoalsMade"
	Label string `json:"label"` // "Earned Runs"
	Abbr  string `json:"abbr"`  // "ER"
	Group string `json:"group"` // a Group's Key: "pitching", "shooting"
	Kind  Kind   `json:"kind"`
	// Unit, for a Distance: "in" (printed feet-inches "21-04.50") or "m" ("6.52"), for a Time the
	// Event's course where it matters ("SCY", "LCM"); empty otherwise.
	Unit      string    `json:"unit,omitempty"`
	Aggregate Aggregate `json:"aggregate,omitempty"` // Sum when empty, for counts and innings
	Formula   *Formula  `json:"formula,omitempty"`   // only for Kind Rate
	// LowerIsBetter marks a stat where less is good (ERA, goals against, a time), for trends.
	LowerIsBetter bool `json:"lowerIsBetter,omitempty"`
}

// Group is a heading stats are shown under, in display order.
type Group struct {
	Key   string `json:"key"`
	Label string `json:"label"`
}

// Position is a position (or an event group) and the stats its cards lead with, most important
// first: a pitcher's ERA, K and IP; a point guard's PTS, AST, 3P%; a goalkeeper's saves and goals
// against.
type Position struct {
	Key   string   `json:"key"`
	Label string   `json:"label"`
	Abbr  string   `json:"abbr"`
	Lead  []string `json:"lead"`
	// Aliases are how families and files write it ("P", "RHP", "LHP" for pitcher).
	Aliases []string `json:"aliases,omitempty"`
}

// Catalogue is one sport's stats. Stats are in display order; Groups in the order their headings
// show. Regulation is a game's regulation length at each level in the unit the sport's
// PerRegulation rates scale to (innings for baseball and softball; periods or minutes elsewhere
// where a rate is "per game").
type Catalogue struct {
	Sport      string            `json:"sport"` // key: "baseball", "basketball", "track_and_field"
	Label      string            `json:"label"` // "Baseball"
	Version    int               `json:"version"`
	Groups     []Group           `json:"groups"`
	Stats      []Stat            `json:"stats"`
	Positions  []Position        `json:"positions"`
	Regulation map[Level]float64 `json:"regulation,omitempty"`
	// DefaultLead is what a card leads with when the athlete's position is unknown.
	DefaultLead []string `json:"defaultLead"`
	// Aliases are other names an athlete's sports field may give it ("hoops", "track").
	Aliases []string `json:"aliases,omitempty"`

	byKey map[string]int
}

var registry = map[string]*Catalogue{}

// register adds a sport's catalogue; each sport's file calls it from init. It panics on a
// malformed catalogue so a mistake fails every test and the build's first run, never a family.
func register(c *Catalogue) {
	if _, dup := registry[c.Sport]; dup {
		panic("sports: " + c.Sport + " registered twice")
	}
	c.byKey = make(map[string]int, len(c.Stats))
	for i, s := range c.Stats {
		if _, dup := c.byKey[s.Key]; dup {
			panic(fmt.Sprintf("sports: %s: stat %q twice", c.Sport, s.Key))
		}
		c.byKey[s.Key] = i
	}
	registry[c.Sport] = c
}

// Get answers the catalogue of a sport key ("basketball"), or nil.
func Get(sport string) *Catalogue { return registry[sport] }

// All answers every catalogue, by label.
func All() []*Catalogue {
	out := make([]*Catalogue, 0, len(registry))
	for _, c := range registry {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Label < out[j].Label })
	return out
}

// Stat answers the stat of a key, and whether the sport keeps it.
func (c *Catalogue) Stat(key string) (Stat, bool) {
	i, ok := c.byKey[key]
	if !ok {
		return Stat{}, false
	}
	return c.Stats[i], true
}

// Keys answers the keys a family may type or a file may bring (every stat but the rates), in
// display order: what a 400 lists when a key is not the sport's.
func (c *Catalogue) Keys() []string {
	var out []string
	for _, s := range c.Stats {
		if s.Kind != Rate {
			out = append(out, s.Key)
		}
	}
	return out
}

// Lead answers the stats a card leads with for a position (matched by key, label, abbreviation or
// alias, case-insensitively), or DefaultLead.
func (c *Catalogue) Lead(position string) []string {
	if p, ok := c.Position(position); ok {
		return p.Lead
	}
	return c.DefaultLead
}

// Position finds a position by key, label, abbreviation or alias, case-insensitively.
func (c *Catalogue) Position(name string) (Position, bool) {
	name = strings.TrimSpace(name)
	for _, p := range c.Positions {
		if strings.EqualFold(name, p.Key) || strings.EqualFold(name, p.Label) || strings.EqualFold(name, p.Abbr) {
			return p, true
		}
		for _, a := range p.Aliases {
			if strings.EqualFold(name, a) {
				return p, true
			}
		}
	}
	return Position{}, false
}

// Helpers for writing a catalogue's Stats as data, one line per stat.

// countStat is a count that adds up over games.
func countStat(key, label, abbr, group string) Stat {
	return Stat{Key: key, Label: label, Abbr: abbr, Group: group, Kind: Count}
}

// mostStat is a count whose season is its best game (a longest play).
func mostStat(key, label, abbr, group string) Stat {
	return Stat{Key: key, Label: label, Abbr: abbr, Group: group, Kind: Count, Aggregate: Most}
}

// rateStat is a rate computed by f.
func rateStat(key, label, abbr, group string, f Formula) Stat {
	return Stat{Key: key, Label: label, Abbr: abbr, Group: group, Kind: Rate, Formula: &f}
}

// terms weighs each key 1: terms("hits", "walks") is H + BB.
func terms(keys ...string) []Term {
	out := make([]Term, len(keys))
	for i, k := range keys {
		out[i] = Term{Key: k, Weight: 1}
	}
	return out
}

// lowerIsBetter marks s for trends (ERA, goals against).
func lowerIsBetter(s Stat) Stat {
	s.LowerIsBetter = true
	return s
}
