package sports

import "sort"

// Measurables are what a recruiting coach asks of an athlete's body and speed rather than of their
// games (issue 31): a 60-yard dash, an exit velocity, a vertical jump. Each sport lists the ones its
// camps and combines measure, in the order a coach reads them. A measurable is one number in one
// unit, kept with the day it was measured; unlike a stat it never adds up over games.

// Measurable units. A time is in seconds ("6.85"), never minutes, because every timed measurable
// here is a sprint or a drill under a minute.
const (
	UnitSeconds = "s"
	UnitMPH     = "mph"
	UnitInches  = "in"
	UnitReps    = "reps"
	UnitRPM     = "rpm"
	UnitYards   = "yd"
	UnitLevel   = "level"
)

// MeasurableKind is one line of a sport's measurables: its key, how it reads, its unit, which way
// is better, and the range a real athlete's value falls in (a typo outside it is refused).
type MeasurableKind struct {
	Key           string  `json:"key"`
	Label         string  `json:"label"`
	Unit          string  `json:"unit"`
	LowerIsBetter bool    `json:"lowerIsBetter,omitempty"`
	Min           float64 `json:"min"`
	Max           float64 `json:"max"`
}

// SportMeasurables is a sport's measurables and whether its athletes have a dominant foot a coach
// asks about (a soccer player's, a kicker's).
type SportMeasurables struct {
	Sport string           `json:"sport"`
	Label string           `json:"label"`
	Foot  bool             `json:"foot"`
	Kinds []MeasurableKind `json:"kinds"`
}

func timed(key, label string, min, max float64) MeasurableKind {
	return MeasurableKind{Key: key, Label: label, Unit: UnitSeconds, LowerIsBetter: true, Min: min, Max: max}
}

func measured(key, label, unit string, min, max float64) MeasurableKind {
	return MeasurableKind{Key: key, Label: label, Unit: unit, Min: min, Max: max}
}

// The measurables several sports share, with the same keys so a two-sport athlete's jump reads alike.
var (
	verticalJump  = measured("verticalJump", "Vertical Jump", UnitInches, 5, 60)
	broadJump     = measured("broadJump", "Broad Jump", UnitInches, 24, 160)
	standingReach = measured("standingReach", "Standing Reach", UnitInches, 60, 120)
	wingspan      = measured("wingspan", "Wingspan", UnitInches, 48, 100)
	fortyYardDash = timed("fortyYardDash", "40-Yard Dash", 3.9, 9)
	proAgility    = timed("proAgility", "Pro Agility Shuttle (5-10-5)", 3.5, 8)
	exitVelocity  = measured("exitVelocity", "Exit Velocity", UnitMPH, 30, 125)
	pitchVelocity = measured("pitchVelocity", "Pitch Velocity", UnitMPH, 30, 110)
	infieldVelo   = measured("infieldVelocity", "Infield Velocity", UnitMPH, 30, 105)
	outfieldVelo  = measured("outfieldVelocity", "Outfield Velocity", UnitMPH, 30, 110)
	popTime       = timed("popTime", "Pop Time", 1.5, 3.5)
	spinRate      = measured("spinRate", "Spin Rate", UnitRPM, 500, 3500)
	beepTest      = measured("beepTest", "Beep Test", UnitLevel, 1, 21)
	shotSpeed     = measured("shotSpeed", "Shot Speed", UnitMPH, 20, 120)
)

// measurables holds each sport's measurables by sport key; every sport of the catalogue has some
// (measurables_test.go).
var measurables = map[string]SportMeasurables{
	"baseball": {Kinds: []MeasurableKind{
		timed("sixtyYardDash", "60-Yard Dash", 5.8, 10), timed("homeToFirst", "Home to First", 3.5, 6),
		exitVelocity, pitchVelocity, infieldVelo, outfieldVelo, popTime, spinRate, verticalJump,
	}},
	"softball": {Kinds: []MeasurableKind{
		timed("homeToFirst", "Home to First", 2.3, 4.5), timed("sixtyYardDash", "60-Yard Dash", 6.5, 11),
		exitVelocity, pitchVelocity, infieldVelo, outfieldVelo, popTime, spinRate, verticalJump,
	}},
	"football": {Foot: true, Kinds: []MeasurableKind{
		fortyYardDash, proAgility, timed("threeCone", "3-Cone Drill", 6, 10), verticalJump, broadJump,
		measured("benchReps", "Bench Press Reps (185 lb)", UnitReps, 0, 60), wingspan,
		measured("handSize", "Hand Size", UnitInches, 6, 12),
	}},
	"basketball": {Kinds: []MeasurableKind{
		verticalJump, measured("standingVertical", "Standing Vertical", UnitInches, 5, 50), standingReach, wingspan,
		timed("laneAgility", "Lane Agility", 9, 16), timed("threeQuarterSprint", "3/4 Court Sprint", 2.8, 5),
	}},
	"soccer": {Foot: true, Kinds: []MeasurableKind{
		timed("thirtyMeterSprint", "30-Meter Sprint", 3.5, 7), fortyYardDash, proAgility, verticalJump, beepTest,
	}},
	"volleyball": {Kinds: []MeasurableKind{
		measured("approachTouch", "Approach Touch", UnitInches, 84, 144), measured("blockTouch", "Block Touch", UnitInches, 80, 140),
		standingReach, verticalJump, broadJump,
	}},
	"lacrosse":        {Kinds: []MeasurableKind{fortyYardDash, proAgility, shotSpeed, verticalJump, beepTest}},
	"field_hockey":    {Kinds: []MeasurableKind{fortyYardDash, proAgility, verticalJump, beepTest}},
	"ice_hockey":      {Kinds: []MeasurableKind{shotSpeed, verticalJump, broadJump, proAgility}},
	"track_and_field": {Kinds: []MeasurableKind{verticalJump, broadJump, fortyYardDash}},
	"cross_country":   {Kinds: []MeasurableKind{beepTest}},
	"swimming":        {Kinds: []MeasurableKind{wingspan, verticalJump}},
	"water_polo":      {Kinds: []MeasurableKind{wingspan, verticalJump, timed("fiftyYardSwim", "50-Yard Freestyle", 19, 45)}},
	"wrestling":       {Kinds: []MeasurableKind{measured("pullUps", "Pull-Ups", UnitReps, 0, 60), fortyYardDash, verticalJump}},
	"tennis":          {Kinds: []MeasurableKind{measured("serveSpeed", "Serve Speed", UnitMPH, 40, 155), proAgility, verticalJump}},
	"golf": {Kinds: []MeasurableKind{
		measured("clubHeadSpeed", "Club Head Speed", UnitMPH, 50, 140), measured("ballSpeed", "Ball Speed", UnitMPH, 70, 200),
		measured("drivingDistance", "Driving Distance", UnitYards, 100, 400),
	}},
}

// MeasurablesOf answers a sport's measurables (with its key and label), and whether the sport is known.
func MeasurablesOf(sport string) (SportMeasurables, bool) {
	c := Get(sport)
	if c == nil {
		return SportMeasurables{}, false
	}
	m := measurables[sport]
	m.Sport, m.Label = c.Sport, c.Label
	return m, true
}

// AllMeasurables answers every sport's measurables, by label.
func AllMeasurables() []SportMeasurables {
	out := []SportMeasurables{}
	for _, c := range All() {
		m, _ := MeasurablesOf(c.Sport)
		out = append(out, m)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Label < out[j].Label })
	return out
}

// Kind answers the measurable of a key in the sport, and whether the sport measures it.
func (m SportMeasurables) Kind(key string) (MeasurableKind, bool) {
	for _, k := range m.Kinds {
		if k.Key == key {
			return k, true
		}
	}
	return MeasurableKind{}, false
}

// KindKeys answers the sport's measurable keys in order, for a message naming what it takes.
func (m SportMeasurables) KindKeys() []string {
	out := make([]string, len(m.Kinds))
	for i, k := range m.Kinds {
		out[i] = k.Key
	}
	return out
}
