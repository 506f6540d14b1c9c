package sports

import (
	"math"
	"strconv"
	"strings"
)

// Compute derives every rate of the catalogue from a line of counts (a game, a season or a
// career), at the athlete's level of play. A rate is present only when at least one count of its
// numerator and one of its denominator are present and the denominator is not zero; an Of rate
// (OPS = OBP + SLG) only when every rate it adds is present. Counts of keys the sport does not keep
// are ignored.
//
// PerRegulation rates scale to c.Regulation[level]. A level the catalogue does not list (or an
// empty one, when the athlete's level is unknown) falls back to the highest level the catalogue
// lists, in Levels order: for baseball that is 9 innings, the convention every scoring app shows
// when it knows nothing of the game, so an unknown level never produces a number no one else
// would show. A catalogue with no Regulation at all leaves its PerRegulation rates out.
func (c *Catalogue) Compute(counts map[string]int, level Level) map[string]float64 {
	out := map[string]float64{}
	regulation, hasRegulation := c.regulation(level)
	var pending []Stat
	for _, s := range c.Stats {
		if s.Kind != Rate || s.Formula == nil {
			continue
		}
		f := s.Formula
		if len(f.Of) > 0 {
			pending = append(pending, s)
			continue
		}
		if f.PerRegulation && !hasRegulation {
			continue
		}
		num, okNum := weightedSum(f.Num, counts)
		den, okDen := weightedSum(f.Den, counts)
		if !okNum || !okDen || den == 0 {
			continue
		}
		v := num / den
		if f.Times != 0 {
			v *= f.Times
		}
		if f.PerRegulation {
			v *= regulation
		}
		out[s.Key] = v
	}
	// Of rates may add other Of rates; resolve them until a pass adds nothing.
	for len(pending) > 0 {
		var next []Stat
		for _, s := range pending {
			sum, ok, waiting := 0.0, true, false
			for _, k := range s.Formula.Of {
				v, has := out[k]
				if !has {
					ok = false
					waiting = waiting || isPending(pending, k)
					break
				}
				sum += v
			}
			switch {
			case ok:
				out[s.Key] = sum
			case waiting:
				next = append(next, s)
			}
		}
		if len(next) == len(pending) {
			break // a cycle or a missing part: those rates are not shown
		}
		pending = next
	}
	return out
}

func isPending(pending []Stat, key string) bool {
	for _, s := range pending {
		if s.Key == key {
			return true
		}
	}
	return false
}

// weightedSum adds the weighted counts of terms, reporting whether any of them was present.
func weightedSum(terms []Term, counts map[string]int) (float64, bool) {
	sum, present := 0.0, false
	for _, t := range terms {
		n, ok := counts[t.Key]
		if !ok {
			continue
		}
		present = true
		sum += float64(n) * t.Weight
	}
	return sum, present
}

// regulation answers the game length for a level: the level's own, else the highest level listed
// (see Compute).
func (c *Catalogue) regulation(level Level) (float64, bool) {
	if r, ok := c.Regulation[level]; ok && r > 0 {
		return r, true
	}
	for i := len(Levels) - 1; i >= 0; i-- {
		if r, ok := c.Regulation[Levels[i]]; ok && r > 0 {
			return r, true
		}
	}
	return 0, false
}

// RegulationFor answers the regulation length Compute uses at a level (after the fallback), and
// whether the sport has one: what a tooltip shows ("ER × 7 ÷ IP").
func (c *Catalogue) RegulationFor(level Level) (float64, bool) { return c.regulation(level) }

// FormatRate prints a rate the way the sport's box scores do: Average ".365" (and "1.025",
// "-.050"), Decimal2 "2.33", Decimal1 "18.4", Percent "47.5%" (a Percent rate is already × 100:
// its Formula's Times is 100).
func FormatRate(style Style, v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "-"
	}
	places := 1
	switch style {
	case Average:
		places = 3
	case Decimal2:
		places = 2
	}
	t := strconv.FormatFloat(v, 'f', places, 64)
	if strings.Trim(t, "-0.") == "" {
		t = strings.TrimPrefix(t, "-") // no "-0.0" from a tiny negative
	}
	switch style {
	case Average:
		if strings.HasPrefix(t, "0.") {
			t = t[1:]
		} else if strings.HasPrefix(t, "-0.") {
			t = "-" + t[2:]
		}
	case Percent:
		t += "%"
	}
	return t
}

// Roll adds lines of counts into one (a season from its games, a career from its seasons): a Sum
// stat is added, a Lowest stat keeps the least (a best time), a Most stat the greatest (a longest
// play, a best mark). Rates are never rolled (Compute them from the result); keys the sport does
// not keep are added, so nothing a line carried is lost.
func (c *Catalogue) Roll(lines ...map[string]int) map[string]int {
	out := map[string]int{}
	for _, line := range lines {
		for k, v := range line {
			agg := Sum
			if s, ok := c.Stat(k); ok {
				if s.Kind == Rate {
					continue
				}
				if s.Aggregate != "" {
					agg = s.Aggregate
				}
			}
			prev, seen := out[k]
			switch {
			case !seen:
				out[k] = v
			case agg == Lowest:
				out[k] = min(prev, v)
			case agg == Most:
				out[k] = max(prev, v)
			default:
				out[k] = addCapped(prev, v)
			}
		}
	}
	return out
}

// maxTotal bounds a rolled-up sum, so a damaged line cannot overflow a career.
const maxTotal = 1 << 40

func addCapped(a, b int) int {
	s := a + b
	if s > maxTotal {
		return maxTotal
	}
	if s < -maxTotal {
		return -maxTotal
	}
	return s
}
