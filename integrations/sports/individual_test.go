package sports

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// individualSports are the catalogues of this file set: the sports a family plays beyond the team
// sports of baseball, softball, basketball, football, soccer and volleyball.
var individualSports = []string{
	"ice_hockey", "lacrosse", "field_hockey", "water_polo", "wrestling",
	"track_and_field", "cross_country", "swimming", "tennis", "golf",
}

var saneKeyPattern = regexp.MustCompile(`^[a-z][A-Za-z0-9]*$`)

func TestIndividualSportsRegistered(t *testing.T) {
	t.Parallel()
	for _, sport := range individualSports {
		c := Get(sport)
		require.NotNil(t, c, sport)
		require.GreaterOrEqual(t, c.Version, 1, sport)
		require.NotEmpty(t, c.Positions, sport)
		require.NotEmpty(t, c.Keys(), sport)
	}
}

// TestEveryCatalogueKeepsTheRules holds every registered catalogue to the rules the stats API, the import
// parsers and every screen rely on: keys that exist where they are named, groups that are shown,
// rates with formulas over counts, a unit for every mark, leads that a card can draw.
func TestEveryCatalogueKeepsTheRules(t *testing.T) {
	t.Parallel()
	for _, c := range All() {
		t.Run(c.Sport, func(t *testing.T) {
			t.Parallel()
			require.NotEmpty(t, c.Label)
			require.NotEmpty(t, c.Stats)
			require.NotEmpty(t, c.DefaultLead)

			groups := map[string]bool{}
			for _, g := range c.Groups {
				require.False(t, groups[g.Key], "group %q twice", g.Key)
				require.NotEmpty(t, g.Label, g.Key)
				groups[g.Key] = true
			}
			used := map[string]bool{}
			perRegulation := false
			for _, s := range c.Stats {
				require.Regexp(t, saneKeyPattern, s.Key)
				require.NotEmpty(t, s.Label, s.Key)
				require.NotEmpty(t, s.Abbr, s.Key)
				require.True(t, groups[s.Group], "%s: group %q is not the sport's", s.Key, s.Group)
				used[s.Group] = true
				require.Contains(t, []Aggregate{"", Sum, Lowest, Most}, s.Aggregate, s.Key)
				switch s.Kind {
				case Count, Innings, Time, Distance:
					require.Nil(t, s.Formula, "%s: only a rate has a formula", s.Key)
				case Rate:
					require.NotNil(t, s.Formula, "%s: a rate needs a formula", s.Key)
					saneFormula(t, c, s)
					perRegulation = perRegulation || s.Formula.PerRegulation
				default:
					t.Fatalf("%s: kind %q", s.Key, s.Kind)
				}
				if s.Kind == Distance {
					require.NotEmpty(t, s.Unit, "%s: a distance needs its unit", s.Key)
				}
				if s.Kind == Time || s.Kind == Distance {
					require.NotEqual(t, Sum, s.Aggregate, "%s: a mark's season is its best, not a sum", s.Key)
					require.NotEmpty(t, s.Aggregate, "%s: a mark's season is its best, not a sum", s.Key)
				}
				if looksSigned(s) {
					require.True(t, Signed(s), "%s: a plus/minus or a score to par goes below zero: key it plusMinus or toPar", s.Key)
				}
			}
			for _, g := range c.Groups {
				require.True(t, used[g.Key], "group %q has no stat", g.Key)
			}
			if perRegulation {
				for _, l := range Levels {
					require.Positive(t, c.Regulation[l], "a per-regulation rate needs the %s game's length", l)
				}
			}

			saneLead(t, c, "default lead", c.DefaultLead)
			positions := map[string]bool{}
			for _, p := range c.Positions {
				require.False(t, positions[p.Key], "position %q twice", p.Key)
				positions[p.Key] = true
				require.NotEmpty(t, p.Label, p.Key)
				require.NotEmpty(t, p.Abbr, p.Key)
				saneLead(t, c, p.Key, p.Lead)
				// Every name of a position finds that position, not an earlier one.
				for _, name := range append([]string{p.Key, p.Label, p.Abbr}, p.Aliases...) {
					got, ok := c.Position(name)
					require.True(t, ok, "%s: %q", p.Key, name)
					require.Equal(t, p.Key, got.Key, "%q is a name of %s and of %s", name, got.Key, p.Key)
				}
			}

			// Every value a family may type prints and reads back as itself.
			for _, key := range c.Keys() {
				s, ok := c.Stat(key)
				require.True(t, ok)
				for _, v := range []int{1, 12, 1085, 25650, 100210} {
					back, err := ParseValue(s, FormatValue(s, v))
					require.NoError(t, err, "%s %d", key, v)
					require.Equal(t, v, back, "%s", key)
				}
			}
		})
	}
}

// looksSigned tells a stat that reads as a plus/minus or a score against par.
func looksSigned(s Stat) bool {
	l := strings.ToLower(s.Label)
	return s.Kind == Count && (s.Abbr == "+/-" || strings.Contains(l, "plus/minus") || strings.Contains(l, "plus-minus") || strings.Contains(l, "to par"))
}

func saneFormula(t *testing.T, c *Catalogue, s Stat) {
	t.Helper()
	f := s.Formula
	require.NotEmpty(t, f.Style, s.Key)
	require.NotEmpty(t, f.Text, s.Key)
	require.GreaterOrEqual(t, f.Times, 0.0, s.Key)
	if len(f.Of) > 0 {
		for _, k := range f.Of {
			o, ok := c.Stat(k)
			require.True(t, ok, "%s: %q is not a stat", s.Key, k)
			require.Equal(t, Rate, o.Kind, "%s: %q adds rates", s.Key, k)
		}
		return
	}
	require.NotEmpty(t, f.Num, s.Key)
	require.NotEmpty(t, f.Den, "%s: a rate is a ratio", s.Key)
	for _, term := range append(append([]Term{}, f.Num...), f.Den...) {
		o, ok := c.Stat(term.Key)
		require.True(t, ok, "%s: %q is not a stat", s.Key, term.Key)
		require.NotEqual(t, Rate, o.Kind, "%s: %q is a rate, not a count", s.Key, term.Key)
		require.NotZero(t, term.Weight, "%s: %q weighs nothing", s.Key, term.Key)
	}
}

func saneLead(t *testing.T, c *Catalogue, who string, lead []string) {
	t.Helper()
	require.NotEmpty(t, lead, who)
	seen := map[string]bool{}
	for _, k := range lead {
		_, ok := c.Stat(k)
		require.True(t, ok, "%s leads with %q, not a stat", who, k)
		require.False(t, seen[k], "%s leads with %q twice", who, k)
		seen[k] = true
	}
}

// TestIndividualMarks holds the racing and field sports' marks to how they are compared: a time is
// best lowest, a field mark is in feet and inches and best highest, a swim is on a course.
func TestIndividualMarks(t *testing.T) {
	t.Parallel()
	courses := map[string]string{"SCY": "Scy", "SCM": "Scm", "LCM": "Lcm"}
	for _, sport := range []string{"track_and_field", "cross_country", "swimming"} {
		c := Get(sport)
		require.NotNil(t, c, sport)
		for _, s := range c.Stats {
			switch s.Kind {
			case Time:
				require.Equal(t, Lowest, s.Aggregate, "%s %s", sport, s.Key)
				require.True(t, s.LowerIsBetter, "%s %s", sport, s.Key)
			case Distance:
				require.Equal(t, "in", s.Unit, "%s %s", sport, s.Key)
				require.Equal(t, Most, s.Aggregate, "%s %s", sport, s.Key)
				require.False(t, s.LowerIsBetter, "%s %s", sport, s.Key)
			}
			if sport == "swimming" {
				require.Equal(t, Time, s.Kind, s.Key)
				suffix, ok := courses[s.Unit]
				require.True(t, ok, "%s: course %q", s.Key, s.Unit)
				require.True(t, strings.HasSuffix(s.Key, suffix), "%s is not keyed by its course %s", s.Key, s.Unit)
			}
		}
	}
	track := Get("track_and_field")
	for _, key := range []string{"dash100", "dash200", "dash400", "run800", "run1600", "run3200", "hurdles110", "hurdles100", "hurdles300", "split4x100", "split4x400"} {
		s, ok := track.Stat(key)
		require.True(t, ok, key)
		require.Equal(t, Time, s.Kind, key)
	}
	for _, key := range []string{"longJump", "tripleJump", "highJump", "poleVault", "shotPut", "discus", "javelin"} {
		s, ok := track.Stat(key)
		require.True(t, ok, key)
		require.Equal(t, Distance, s.Kind, key)
	}
	for _, group := range []string{"sprints", "distance", "hurdles", "jumps", "throws"} {
		_, ok := track.Position(group)
		require.True(t, ok, group)
	}
}

// TestIndividualLeads checks the leads the issue names: a goalie's saves and goals against, a
// weight class's record, a golfer's scoring average.
func TestIndividualLeads(t *testing.T) {
	t.Parallel()
	cases := []struct {
		sport, position string
		want            []string
	}{
		{"ice_hockey", "G", []string{"savePct", "goalsAgainstAverage", "saves"}},
		{"ice_hockey", "LW", []string{"points", "goals", "assists"}},
		{"ice_hockey", "", []string{"points", "goals", "assists"}},
		{"lacrosse", "FOGO", []string{"faceoffPct", "faceoffsWon", "groundBalls"}},
		{"field_hockey", "Goalie", []string{"saves", "goalsAgainstAverage", "savePct"}},
		{"water_polo", "2M", []string{"goals", "exclusionsDrawn", "shootingPct"}},
		{"wrestling", "106 lbs", []string{"wins", "winPct", "pins"}},
		{"wrestling", "Heavyweight", []string{"wins", "winPct", "pins"}},
		{"track_and_field", "Hurdler", []string{"hurdles110", "hurdles100", "hurdles300"}},
		{"swimming", "Fly", []string{"fly100Scy", "fly200Scy", "fly100Lcm"}},
		{"tennis", "#1 Singles", []string{"singlesWinPct", "singlesWins", "singlesGamePct"}},
		{"tennis", "D2", []string{"doublesWinPct", "doublesWins", "doublesGamePct"}},
		{"golf", "", []string{"scoringAverage", "greensPct", "puttsPerRound"}},
	}
	for _, c := range cases {
		require.Equal(t, c.want, Get(c.sport).Lead(c.position), "%s %q", c.sport, c.position)
	}
	p, ok := Get("wrestling").Position("285")
	require.True(t, ok)
	require.Equal(t, "285 lb", p.Label)
}
