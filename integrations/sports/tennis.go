package sports

import "strconv"

// Tennis: singles and doubles records, with the sets and games behind them (a 6-4, 3-6, 7-5 win is
// one win, two sets won and one lost, 16 games won and 15 lost). Win percentages are over matches,
// set and game percentages over sets and games played. Positions are lineup spots.
func init() {
	register(&Catalogue{
		Sport:   "tennis",
		Label:   "Tennis",
		Version: 1,
		Groups: []Group{
			{Key: "overall", Label: "Overall"},
			{Key: "singles", Label: "Singles"},
			{Key: "doubles", Label: "Doubles"},
		},
		Stats: []Stat{
			{Key: "winPct", Label: "Win Percentage", Abbr: "W%", Group: "overall", Kind: Rate, Formula: &Formula{
				Num:   []Term{{Key: "singlesWins", Weight: 1}, {Key: "doublesWins", Weight: 1}},
				Den:   []Term{{Key: "singlesWins", Weight: 1}, {Key: "singlesLosses", Weight: 1}, {Key: "doublesWins", Weight: 1}, {Key: "doublesLosses", Weight: 1}},
				Times: 100, Style: Percent, Text: "(singles W + doubles W) ÷ matches",
			}},
			{Key: "singlesWins", Label: "Singles Wins", Abbr: "S W", Group: "singles", Kind: Count},
			{Key: "singlesLosses", Label: "Singles Losses", Abbr: "S L", Group: "singles", Kind: Count, LowerIsBetter: true},
			{Key: "singlesSetsWon", Label: "Singles Sets Won", Abbr: "S SW", Group: "singles", Kind: Count},
			{Key: "singlesSetsLost", Label: "Singles Sets Lost", Abbr: "S SL", Group: "singles", Kind: Count, LowerIsBetter: true},
			{Key: "singlesGamesWon", Label: "Singles Games Won", Abbr: "S GW", Group: "singles", Kind: Count},
			{Key: "singlesGamesLost", Label: "Singles Games Lost", Abbr: "S GL", Group: "singles", Kind: Count, LowerIsBetter: true},
			{Key: "singlesWinPct", Label: "Singles Win Percentage", Abbr: "S W%", Group: "singles", Kind: Rate, Formula: &Formula{
				Num: []Term{{Key: "singlesWins", Weight: 1}}, Den: []Term{{Key: "singlesWins", Weight: 1}, {Key: "singlesLosses", Weight: 1}},
				Times: 100, Style: Percent, Text: "W ÷ (W + L)",
			}},
			{Key: "singlesSetPct", Label: "Singles Set Percentage", Abbr: "S SET%", Group: "singles", Kind: Rate, Formula: &Formula{
				Num: []Term{{Key: "singlesSetsWon", Weight: 1}}, Den: []Term{{Key: "singlesSetsWon", Weight: 1}, {Key: "singlesSetsLost", Weight: 1}},
				Times: 100, Style: Percent, Text: "sets won ÷ sets played",
			}},
			{Key: "singlesGamePct", Label: "Singles Game Percentage", Abbr: "S GM%", Group: "singles", Kind: Rate, Formula: &Formula{
				Num: []Term{{Key: "singlesGamesWon", Weight: 1}}, Den: []Term{{Key: "singlesGamesWon", Weight: 1}, {Key: "singlesGamesLost", Weight: 1}},
				Times: 100, Style: Percent, Text: "games won ÷ games played",
			}},
			{Key: "doublesWins", Label: "Doubles Wins", Abbr: "D W", Group: "doubles", Kind: Count},
			{Key: "doublesLosses", Label: "Doubles Losses", Abbr: "D L", Group: "doubles", Kind: Count, LowerIsBetter: true},
			{Key: "doublesSetsWon", Label: "Doubles Sets Won", Abbr: "D SW", Group: "doubles", Kind: Count},
			{Key: "doublesSetsLost", Label: "Doubles Sets Lost", Abbr: "D SL", Group: "doubles", Kind: Count, LowerIsBetter: true},
			{Key: "doublesGamesWon", Label: "Doubles Games Won", Abbr: "D GW", Group: "doubles", Kind: Count},
			{Key: "doublesGamesLost", Label: "Doubles Games Lost", Abbr: "D GL", Group: "doubles", Kind: Count, LowerIsBetter: true},
			{Key: "doublesWinPct", Label: "Doubles Win Percentage", Abbr: "D W%", Group: "doubles", Kind: Rate, Formula: &Formula{
				Num: []Term{{Key: "doublesWins", Weight: 1}}, Den: []Term{{Key: "doublesWins", Weight: 1}, {Key: "doublesLosses", Weight: 1}},
				Times: 100, Style: Percent, Text: "W ÷ (W + L)",
			}},
			{Key: "doublesSetPct", Label: "Doubles Set Percentage", Abbr: "D SET%", Group: "doubles", Kind: Rate, Formula: &Formula{
				Num: []Term{{Key: "doublesSetsWon", Weight: 1}}, Den: []Term{{Key: "doublesSetsWon", Weight: 1}, {Key: "doublesSetsLost", Weight: 1}},
				Times: 100, Style: Percent, Text: "sets won ÷ sets played",
			}},
			{Key: "doublesGamePct", Label: "Doubles Game Percentage", Abbr: "D GM%", Group: "doubles", Kind: Rate, Formula: &Formula{
				Num: []Term{{Key: "doublesGamesWon", Weight: 1}}, Den: []Term{{Key: "doublesGamesWon", Weight: 1}, {Key: "doublesGamesLost", Weight: 1}},
				Times: 100, Style: Percent, Text: "games won ÷ games played",
			}},
		},
		Positions:   tennisLineup(),
		DefaultLead: []string{"winPct", "singlesWinPct", "doublesWinPct"},
	})
}

// tennisLineup answers "Singles" and "Doubles" and the numbered lineup spots a high-school or
// college dual match plays (No. 1–6 singles, No. 1–3 doubles), each written the ways a roster
// writes it ("#1 Singles", "1S", "S1", "First Singles").
func tennisLineup() []Position {
	singlesLead := []string{"singlesWinPct", "singlesWins", "singlesGamePct"}
	doublesLead := []string{"doublesWinPct", "doublesWins", "doublesGamePct"}
	out := []Position{
		{Key: "singles", Label: "Singles", Abbr: "S", Lead: singlesLead, Aliases: []string{"Singles Player"}},
		{Key: "doubles", Label: "Doubles", Abbr: "D", Lead: doublesLead, Aliases: []string{"Doubles Player"}},
	}
	ordinals := []string{"First", "Second", "Third", "Fourth", "Fifth", "Sixth"}
	spot := func(kind, letter string, n int, lead []string) Position {
		i := strconv.Itoa(n)
		return Position{
			Key:     kind + i,
			Label:   "No. " + i + " " + map[string]string{"singles": "Singles", "doubles": "Doubles"}[kind],
			Abbr:    i + letter,
			Lead:    lead,
			Aliases: []string{"#" + i + " " + kind, i + " " + kind, "#" + i + letter, letter + i, ordinals[n-1] + " " + kind},
		}
	}
	for n := 1; n <= 6; n++ {
		out = append(out, spot("singles", "S", n, singlesLead))
	}
	for n := 1; n <= 3; n++ {
		out = append(out, spot("doubles", "D", n, doublesLead))
	}
	return out
}
