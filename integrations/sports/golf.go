package sports

// Golf: a round's scorecard as counts. Strokes and holes add up over rounds, so a season's
// scoring average is its strokes over its rounds; high-school golf mixes 9- and 18-hole rounds, so
// the per-18 average (strokes × 18 ÷ holes) is kept beside it. To par is a signed count ("+3",
// "-2", "E"), typed per round and summed. Fairways and greens count the chances beside the hits
// (a par 3 has no fairway), so FIR % and GIR % are hits over chances.
func init() {
	register(&Catalogue{
		Sport:   "golf",
		Label:   "Golf",
		Version: 1,
		Groups: []Group{
			{Key: "scoring", Label: "Scoring"},
			{Key: "ballStriking", Label: "Ball Striking"},
			{Key: "putting", Label: "Putting"},
			{Key: "scorecard", Label: "Scorecard"},
		},
		Stats: []Stat{
			{Key: "rounds", Label: "Rounds", Abbr: "RDS", Group: "scoring", Kind: Count},
			{Key: "holes", Label: "Holes", Abbr: "HOLES", Group: "scoring", Kind: Count},
			{Key: "strokes", Label: "Strokes", Abbr: "STR", Group: "scoring", Kind: Count},
			{Key: "toPar", Label: "To Par", Abbr: "TO PAR", Group: "scoring", Kind: Count, LowerIsBetter: true},
			{Key: "scoringAverage", Label: "Scoring Average", Abbr: "AVG", Group: "scoring", Kind: Rate, LowerIsBetter: true, Formula: &Formula{
				Num: []Term{{Key: "strokes", Weight: 1}}, Den: []Term{{Key: "rounds", Weight: 1}},
				Style: Decimal2, Text: "strokes ÷ rounds",
			}},
			{Key: "scoringAverage18", Label: "Scoring Average per 18 Holes", Abbr: "AVG/18", Group: "scoring", Kind: Rate, LowerIsBetter: true, Formula: &Formula{
				Num: []Term{{Key: "strokes", Weight: 1}}, Den: []Term{{Key: "holes", Weight: 1}}, Times: 18,
				Style: Decimal2, Text: "strokes × 18 ÷ holes",
			}},
			{Key: "fairwaysHit", Label: "Fairways Hit", Abbr: "FWY", Group: "ballStriking", Kind: Count},
			{Key: "fairwaysPossible", Label: "Fairways Possible", Abbr: "FWY POSS", Group: "ballStriking", Kind: Count},
			{Key: "fairwayPct", Label: "Fairways in Regulation", Abbr: "FIR%", Group: "ballStriking", Kind: Rate, Formula: &Formula{
				Num: []Term{{Key: "fairwaysHit", Weight: 1}}, Den: []Term{{Key: "fairwaysPossible", Weight: 1}},
				Times: 100, Style: Percent, Text: "fairways hit ÷ fairways possible",
			}},
			{Key: "greensInRegulation", Label: "Greens in Regulation", Abbr: "GIR", Group: "ballStriking", Kind: Count},
			{Key: "greensPossible", Label: "Greens Possible", Abbr: "GIR POSS", Group: "ballStriking", Kind: Count},
			{Key: "greensPct", Label: "Greens in Regulation Percentage", Abbr: "GIR%", Group: "ballStriking", Kind: Rate, Formula: &Formula{
				Num: []Term{{Key: "greensInRegulation", Weight: 1}}, Den: []Term{{Key: "greensPossible", Weight: 1}},
				Times: 100, Style: Percent, Text: "greens hit ÷ greens possible",
			}},
			{Key: "putts", Label: "Putts", Abbr: "PUTTS", Group: "putting", Kind: Count},
			{Key: "puttsPerRound", Label: "Putts per Round", Abbr: "PUTTS/RD", Group: "putting", Kind: Rate, LowerIsBetter: true, Formula: &Formula{
				Num: []Term{{Key: "putts", Weight: 1}}, Den: []Term{{Key: "rounds", Weight: 1}},
				Style: Decimal1, Text: "putts ÷ rounds",
			}},
			{Key: "eagles", Label: "Eagles or Better", Abbr: "EAG", Group: "scorecard", Kind: Count},
			{Key: "birdies", Label: "Birdies", Abbr: "BIR", Group: "scorecard", Kind: Count},
			{Key: "pars", Label: "Pars", Abbr: "PAR", Group: "scorecard", Kind: Count},
			{Key: "bogeys", Label: "Bogeys", Abbr: "BOG", Group: "scorecard", Kind: Count, LowerIsBetter: true},
			{Key: "doubleBogeys", Label: "Double Bogeys or Worse", Abbr: "DBL+", Group: "scorecard", Kind: Count, LowerIsBetter: true},
		},
		Positions: []Position{
			{Key: "golfer", Label: "Golfer", Abbr: "G", Lead: []string{"scoringAverage", "greensPct", "puttsPerRound"}, Aliases: []string{"Player", "No. 1", "No. 2", "No. 3", "No. 4", "No. 5", "#1", "#2", "#3", "#4", "#5"}},
		},
		DefaultLead: []string{"scoringAverage", "greensPct", "puttsPerRound"},
	})
}
