package sports

import "strconv"

// Wrestling: a wrestler's record, how the wins came (bonus points for pins, technical falls and
// major decisions), and the moves that score in a match. Weight classes are the positions.
func init() {
	register(&Catalogue{
		Sport:   "wrestling",
		Label:   "Wrestling",
		Version: 1,
		Groups: []Group{
			{Key: "record", Label: "Record"},
			{Key: "results", Label: "How the Wins Came"},
			{Key: "scoring", Label: "Match Scoring"},
		},
		Stats: []Stat{
			{Key: "wins", Label: "Wins", Abbr: "W", Group: "record", Kind: Count},
			{Key: "losses", Label: "Losses", Abbr: "L", Group: "record", Kind: Count, LowerIsBetter: true},
			{Key: "winPct", Label: "Win Percentage", Abbr: "W%", Group: "record", Kind: Rate, Formula: &Formula{
				Num: []Term{{Key: "wins", Weight: 1}}, Den: []Term{{Key: "wins", Weight: 1}, {Key: "losses", Weight: 1}},
				Times: 100, Style: Percent, Text: "W ÷ (W + L)",
			}},
			{Key: "pins", Label: "Pins", Abbr: "FALL", Group: "results", Kind: Count},
			{Key: "techFalls", Label: "Technical Falls", Abbr: "TF", Group: "results", Kind: Count},
			{Key: "majorDecisions", Label: "Major Decisions", Abbr: "MD", Group: "results", Kind: Count},
			{Key: "decisions", Label: "Decisions", Abbr: "DEC", Group: "results", Kind: Count},
			{Key: "forfeits", Label: "Wins by Forfeit", Abbr: "FOR", Group: "results", Kind: Count},
			// Bonus-point wins (fall, tech fall, major) over all wins: the share a coach reads as
			// dominance.
			{Key: "bonusPct", Label: "Bonus-Point Win Percentage", Abbr: "BP%", Group: "results", Kind: Rate, Formula: &Formula{
				Num:   []Term{{Key: "pins", Weight: 1}, {Key: "techFalls", Weight: 1}, {Key: "majorDecisions", Weight: 1}},
				Den:   []Term{{Key: "wins", Weight: 1}},
				Times: 100, Style: Percent, Text: "(FALL + TF + MD) ÷ W",
			}},
			{Key: "takedowns", Label: "Takedowns", Abbr: "TD", Group: "scoring", Kind: Count},
			{Key: "escapes", Label: "Escapes", Abbr: "E", Group: "scoring", Kind: Count},
			{Key: "reversals", Label: "Reversals", Abbr: "R", Group: "scoring", Kind: Count},
			{Key: "nearFalls", Label: "Near Falls", Abbr: "NF", Group: "scoring", Kind: Count},
		},
		Positions:   wrestlingWeights(),
		DefaultLead: []string{"wins", "winPct", "pins"},
	})
}

// wrestlingWeights answers a position per weight class, lightest first: the union of the NFHS
// boys' (106–285) and girls' (100–235) classes and the NCAA men's (125–285) and women's
// (103–207), each once. Every class leads with the record; "Heavyweight" is 285.
func wrestlingWeights() []Position {
	weights := []int{100, 103, 105, 106, 110, 113, 115, 117, 120, 124, 125, 126, 130, 131, 132, 133,
		135, 138, 140, 141, 144, 145, 149, 150, 155, 157, 160, 165, 170, 174, 175, 180, 184, 190, 197,
		207, 215, 235, 285}
	out := make([]Position, 0, len(weights))
	for _, w := range weights {
		n := strconv.Itoa(w)
		p := Position{
			Key:     n,
			Label:   n + " lb",
			Abbr:    n,
			Lead:    []string{"wins", "winPct", "pins"},
			Aliases: []string{n + " lbs", n + "lb", n + "lbs", n + " pounds"},
		}
		if w == 285 {
			p.Aliases = append(p.Aliases, "Heavyweight", "HWT", "HVY")
		}
		out = append(out, p)
	}
	return out
}
