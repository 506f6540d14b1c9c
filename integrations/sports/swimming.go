package sports

import "strconv"

// Swimming: a time per event and course, because a 100 free in a 25-yard pool (SCY, the high-school
// and US college course), a 25-metre pool (SCM) and a 50-metre pool (LCM, summer club and
// international) are different marks that are never compared or converted here. A key names
// stroke, distance and course ("free50Scy", "im400Lcm"); the stat's Unit is its course. Each
// course has the events USA Swimming and the NFHS swim on it. Best is lowest; a season's line is
// each event's best.
func init() {
	register(&Catalogue{
		Sport:   "swimming",
		Label:   "Swimming",
		Version: 1,
		Aliases: []string{"Swim", "Swim & Dive", "Swimming & Diving", "Swim Team"},
		Groups: []Group{
			{Key: "scy", Label: "Short Course Yards"},
			{Key: "scm", Label: "Short Course Meters"},
			{Key: "lcm", Label: "Long Course Meters"},
		},
		Stats: swimEvents(),
		Positions: []Position{
			{Key: "sprintFree", Label: "Sprint Freestyle", Abbr: "SPR", Lead: []string{"free50Scy", "free100Scy", "free50Lcm"}, Aliases: []string{"Sprint", "Sprinter", "Free", "Freestyle", "Sprint Free"}},
			{Key: "distanceFree", Label: "Distance Freestyle", Abbr: "DIST", Lead: []string{"free500Scy", "free1650Scy", "free1500Lcm"}, Aliases: []string{"Distance", "Distance Free", "Miler", "Middle Distance"}},
			{Key: "backstroke", Label: "Backstroke", Abbr: "BK", Lead: []string{"back100Scy", "back200Scy", "back100Lcm"}, Aliases: []string{"Back", "Backstroker", "BA"}},
			{Key: "breaststroke", Label: "Breaststroke", Abbr: "BR", Lead: []string{"breast100Scy", "breast200Scy", "breast100Lcm"}, Aliases: []string{"Breast", "Breaststroker"}},
			{Key: "butterfly", Label: "Butterfly", Abbr: "FL", Lead: []string{"fly100Scy", "fly200Scy", "fly100Lcm"}, Aliases: []string{"Fly", "Flyer", "BF"}},
			{Key: "im", Label: "Individual Medley", Abbr: "IM", Lead: []string{"im200Scy", "im400Scy", "im200Lcm"}, Aliases: []string{"IMer", "Medley"}},
		},
		DefaultLead: []string{"free50Scy", "free100Scy", "im200Scy"},
	})
}

// swimEvents answers the event stats, course by course, and in each course stroke by stroke in the
// order a meet swims them, shortest first.
func swimEvents() []Stat {
	type stroke struct {
		key, label, abbr string
		scy, scm, lcm    []int // distances swum on each course
	}
	common := []int{50, 100, 200}
	strokes := []stroke{
		{"free", "Free", "FR", []int{50, 100, 200, 500, 1000, 1650}, []int{50, 100, 200, 400, 800, 1500}, []int{50, 100, 200, 400, 800, 1500}},
		{"back", "Back", "BK", common, common, common},
		{"breast", "Breast", "BR", common, common, common},
		{"fly", "Fly", "FL", common, common, common},
		// The 100 IM is swum in a short-course pool only: a 50-metre pool has no 25-metre legs.
		{"im", "IM", "IM", []int{100, 200, 400}, []int{100, 200, 400}, []int{200, 400}},
	}
	courses := []struct{ unit, suffix, group string }{
		{"SCY", "Scy", "scy"},
		{"SCM", "Scm", "scm"},
		{"LCM", "Lcm", "lcm"},
	}
	var out []Stat
	for _, c := range courses {
		for _, s := range strokes {
			distances := map[string][]int{"SCY": s.scy, "SCM": s.scm, "LCM": s.lcm}[c.unit]
			for _, d := range distances {
				n := strconv.Itoa(d)
				out = append(out, Stat{
					Key:           s.key + n + c.suffix,
					Label:         n + " " + s.label + " (" + c.unit + ")",
					Abbr:          n + " " + s.abbr + " " + c.unit,
					Group:         c.group,
					Kind:          Time,
					Unit:          c.unit,
					Aggregate:     Lowest,
					LowerIsBetter: true,
				})
			}
		}
	}
	return out
}
