package sports

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEveryCatalogue holds every registered catalogue, whoever wrote it, to the rules Compute,
// the API and the screens rely on.
func TestEveryCatalogue(t *testing.T) {
	t.Parallel()
	all := All()
	require.NotEmpty(t, all)
	camel := regexp.MustCompile(`^[a-z][a-zA-Z0-9]*$`)
	sportKey := regexp.MustCompile(`^[a-z][a-z_]*$`)
	for _, c := range all {
		t.Run(c.Sport, func(t *testing.T) {
			t.Parallel()
			assert.Regexp(t, sportKey, c.Sport)
			assert.NotEmpty(t, c.Label)
			assert.GreaterOrEqual(t, c.Version, 1, "a catalogue is versioned from 1")
			require.NotEmpty(t, c.Stats)
			require.NotEmpty(t, c.Groups)
			assert.Same(t, c, Get(c.Sport))

			groups := map[string]bool{}
			for _, g := range c.Groups {
				assert.False(t, groups[g.Key], "group %q twice", g.Key)
				groups[g.Key] = true
				assert.NotEmpty(t, g.Label, "group %q has no label", g.Key)
			}
			usedGroups := map[string]bool{}
			perRegulation := false
			for _, s := range c.Stats {
				assert.Regexp(t, camel, s.Key)
				assert.NotEmpty(t, s.Label, s.Key)
				assert.NotEmpty(t, s.Abbr, s.Key)
				assert.True(t, groups[s.Group], "%s: group %q is not one of the catalogue's groups", s.Key, s.Group)
				usedGroups[s.Group] = true
				assert.Contains(t, []Kind{Count, Innings, Time, Distance, Rate}, s.Kind, s.Key)
				assert.Contains(t, []Aggregate{"", Sum, Lowest, Most}, s.Aggregate, s.Key)
				assert.Equal(t, s.Kind == Rate, s.Formula != nil, "%s: a rate has a formula and only a rate has one", s.Key)
				if s.Kind == Distance {
					assert.NotEmpty(t, s.Unit, "%s: a distance says its unit", s.Key)
				}
				if s.Formula != nil {
					checkFormula(t, c, s)
					perRegulation = perRegulation || s.Formula.PerRegulation
				}
			}
			for g := range groups {
				assert.True(t, usedGroups[g], "group %q has no stat", g)
			}
			if perRegulation {
				assert.NotEmpty(t, c.Regulation, "a PerRegulation rate needs the sport's regulation length")
			}
			for l, r := range c.Regulation {
				assert.Contains(t, Levels, l)
				assert.Positive(t, r, "regulation at %s", l)
			}

			require.NotEmpty(t, c.DefaultLead)
			checkLead(t, c, "default lead", c.DefaultLead)
			names := map[string]string{}
			for _, p := range c.Positions {
				assert.NotEmpty(t, p.Key)
				assert.NotEmpty(t, p.Label, p.Key)
				assert.NotEmpty(t, p.Abbr, p.Key)
				require.NotEmpty(t, p.Lead, p.Key)
				checkLead(t, c, p.Key, p.Lead)
				for _, n := range append([]string{p.Key, p.Label, p.Abbr}, p.Aliases...) {
					n = strings.ToLower(n)
					if other, dup := names[n]; dup && other != p.Key {
						t.Errorf("position name %q means both %s and %s", n, other, p.Key)
					}
					names[n] = p.Key
				}
				found, ok := c.Position(strings.ToUpper(p.Abbr))
				assert.True(t, ok)
				assert.Equal(t, p.Key, found.Key)
			}
		})
	}
}

func checkFormula(t *testing.T, c *Catalogue, s Stat) {
	t.Helper()
	f := s.Formula
	assert.Contains(t, []Style{Average, Decimal2, Decimal1, Percent}, f.Style, s.Key)
	assert.NotEmpty(t, f.Text, "%s: a formula reads as text for its tooltip", s.Key)
	if f.Style == Percent {
		assert.Equal(t, 100.0, f.Times, "%s: a Percent rate is computed × 100 so it prints as 47.5%%", s.Key)
	}
	if len(f.Of) > 0 {
		assert.Empty(t, f.Num, s.Key)
		assert.Empty(t, f.Den, s.Key)
		for _, k := range f.Of {
			part, ok := c.Stat(k)
			if assert.True(t, ok, "%s adds %q, which the sport does not keep", s.Key, k) {
				assert.Equal(t, Rate, part.Kind, "%s adds %q, which is not a rate", s.Key, k)
			}
			assert.NotEqual(t, s.Key, k)
		}
		return
	}
	require.NotEmpty(t, f.Num, "%s has no numerator", s.Key)
	require.NotEmpty(t, f.Den, "%s has no denominator", s.Key)
	for _, term := range slices.Concat(f.Num, f.Den) {
		part, ok := c.Stat(term.Key)
		if assert.True(t, ok, "%s uses %q, which the sport does not keep", s.Key, term.Key) {
			assert.NotEqual(t, Rate, part.Kind, "%s uses %q, a rate: a formula counts, or adds rates with Of", s.Key, term.Key)
		}
		assert.NotZero(t, term.Weight, "%s: %s has no weight", s.Key, term.Key)
	}
}

func checkLead(t *testing.T, c *Catalogue, who string, lead []string) {
	t.Helper()
	for _, k := range lead {
		_, ok := c.Stat(k)
		assert.True(t, ok, "%s leads with %q, which the sport does not keep", who, k)
	}
}

// Sport keys and aliases must name one sport each, or a family's "track" could open two.
func TestSportNamesAreUnique(t *testing.T) {
	t.Parallel()
	seen := map[string]string{}
	for _, c := range All() {
		for _, n := range append([]string{c.Sport, c.Label}, c.Aliases...) {
			n = strings.ToLower(n)
			if other, dup := seen[n]; dup && other != c.Sport {
				t.Errorf("%q names both %s and %s", n, other, c.Sport)
			}
			seen[n] = c.Sport
		}
	}
}

// Keys lists what a family may type: no rates, display order.
func TestKeysLeaveOutRates(t *testing.T) {
	t.Parallel()
	c := Get("basketball")
	require.NotNil(t, c)
	keys := c.Keys()
	assert.Contains(t, keys, "points")
	assert.NotContains(t, keys, "pointsPerGame")
	assert.Equal(t, "points", keys[0])
}

func TestLeadByPosition(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		sport, position string
		want            []string
	}{
		{"baseball", "RHP", []string{"era", "pitcherStrikeouts", "inningsPitched"}},
		{"softball", "pitcher", []string{"era", "pitcherStrikeouts", "inningsPitched"}},
		{"basketball", "pg", []string{"points", "assists", "threePointPct"}},
		{"basketball", "Point Guard", []string{"points", "assists", "threePointPct"}},
		{"soccer", "Goalie", []string{"saves", "goalsAgainst", "savePct"}},
		{"football", "QB", []string{"passingYards", "passingTouchdowns", "completionPct"}},
		{"football", "CB", []string{"interceptions", "passesDefended", "totalTackles"}},
		{"volleyball", "libero", []string{"digs", "digsPerSet", "serviceAces"}},
		{"volleyball", "bench", []string{"kills", "digs", "serviceAces"}},
	} {
		c := Get(tc.sport)
		require.NotNil(t, c, tc.sport)
		assert.Equal(t, tc.want, c.Lead(tc.position), "%s %s", tc.sport, tc.position)
	}
}
