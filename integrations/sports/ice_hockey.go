package sports

// Ice hockey: skaters' scoring and goaltending.
//
// Points (goals + assists) is a count a family or a file gives, not a rate: a Formula is a ratio,
// and every hockey stat sheet and export carries PTS beside G and A. Goalie minutes are whole
// minutes (a count), as high-school score sheets keep them; GAA scales goals against to the
// level's regulation game.
func init() {
	register(&Catalogue{
		Sport:   "ice_hockey",
		Label:   "Ice Hockey",
		Version: 1,
		Aliases: []string{"Hockey"},
		Groups: []Group{
			{Key: "scoring", Label: "Scoring"},
			{Key: "faceoffs", Label: "Faceoffs"},
			{Key: "goaltending", Label: "Goaltending"},
		},
		Stats: []Stat{
			{Key: "gamesPlayed", Label: "Games Played", Abbr: "GP", Group: "scoring", Kind: Count},
			{Key: "goals", Label: "Goals", Abbr: "G", Group: "scoring", Kind: Count},
			{Key: "assists", Label: "Assists", Abbr: "A", Group: "scoring", Kind: Count},
			{Key: "points", Label: "Points", Abbr: "PTS", Group: "scoring", Kind: Count},
			{Key: "plusMinus", Label: "Plus/Minus", Abbr: "+/-", Group: "scoring", Kind: Count},
			{Key: "shots", Label: "Shots on Goal", Abbr: "SOG", Group: "scoring", Kind: Count},
			{Key: "powerPlayGoals", Label: "Power-Play Goals", Abbr: "PPG", Group: "scoring", Kind: Count},
			{Key: "shortHandedGoals", Label: "Short-Handed Goals", Abbr: "SHG", Group: "scoring", Kind: Count},
			{Key: "gameWinningGoals", Label: "Game-Winning Goals", Abbr: "GWG", Group: "scoring", Kind: Count},
			{Key: "blockedShots", Label: "Blocked Shots", Abbr: "BLK", Group: "scoring", Kind: Count},
			{Key: "penaltyMinutes", Label: "Penalty Minutes", Abbr: "PIM", Group: "scoring", Kind: Count, LowerIsBetter: true},
			{Key: "shootingPct", Label: "Shooting Percentage", Abbr: "S%", Group: "scoring", Kind: Rate, Formula: &Formula{
				Num: []Term{{Key: "goals", Weight: 1}}, Den: []Term{{Key: "shots", Weight: 1}},
				Times: 100, Style: Percent, Text: "G ÷ SOG",
			}},
			{Key: "pointsPerGame", Label: "Points per Game", Abbr: "P/GP", Group: "scoring", Kind: Rate, Formula: &Formula{
				Num: []Term{{Key: "points", Weight: 1}}, Den: []Term{{Key: "gamesPlayed", Weight: 1}},
				Style: Decimal2, Text: "PTS ÷ GP",
			}},
			{Key: "faceoffsWon", Label: "Faceoffs Won", Abbr: "FOW", Group: "faceoffs", Kind: Count},
			{Key: "faceoffsTaken", Label: "Faceoffs Taken", Abbr: "FO", Group: "faceoffs", Kind: Count},
			{Key: "faceoffPct", Label: "Faceoff Percentage", Abbr: "FO%", Group: "faceoffs", Kind: Rate, Formula: &Formula{
				Num: []Term{{Key: "faceoffsWon", Weight: 1}}, Den: []Term{{Key: "faceoffsTaken", Weight: 1}},
				Times: 100, Style: Percent, Text: "FOW ÷ FO",
			}},
			{Key: "minutesPlayed", Label: "Minutes in Goal", Abbr: "MIN", Group: "goaltending", Kind: Count},
			{Key: "shotsAgainst", Label: "Shots Against", Abbr: "SA", Group: "goaltending", Kind: Count},
			{Key: "saves", Label: "Saves", Abbr: "SV", Group: "goaltending", Kind: Count},
			{Key: "goalsAgainst", Label: "Goals Against", Abbr: "GA", Group: "goaltending", Kind: Count, LowerIsBetter: true},
			{Key: "shutouts", Label: "Shutouts", Abbr: "SO", Group: "goaltending", Kind: Count},
			{Key: "wins", Label: "Wins", Abbr: "W", Group: "goaltending", Kind: Count},
			{Key: "losses", Label: "Losses", Abbr: "L", Group: "goaltending", Kind: Count, LowerIsBetter: true},
			// Hockey prints save percentage as a three-place decimal (".915"), not a percent.
			{Key: "savePct", Label: "Save Percentage", Abbr: "SV%", Group: "goaltending", Kind: Rate, Formula: &Formula{
				Num: []Term{{Key: "saves", Weight: 1}}, Den: []Term{{Key: "shotsAgainst", Weight: 1}},
				Style: Average, Text: "SV ÷ SA",
			}},
			{Key: "goalsAgainstAverage", Label: "Goals-Against Average", Abbr: "GAA", Group: "goaltending", Kind: Rate, LowerIsBetter: true, Formula: &Formula{
				Num: []Term{{Key: "goalsAgainst", Weight: 1}}, Den: []Term{{Key: "minutesPlayed", Weight: 1}},
				PerRegulation: true, Style: Decimal2, Text: "GA × regulation minutes ÷ MIN",
			}},
		},
		Positions: []Position{
			{Key: "center", Label: "Center", Abbr: "C", Lead: []string{"points", "goals", "faceoffPct"}, Aliases: []string{"Centre", "Centreman", "Centerman"}},
			{Key: "wing", Label: "Wing", Abbr: "W", Lead: []string{"points", "goals", "assists"}, Aliases: []string{"Winger", "LW", "RW", "Left Wing", "Right Wing"}},
			{Key: "forward", Label: "Forward", Abbr: "F", Lead: []string{"points", "goals", "assists"}, Aliases: []string{"Fwd"}},
			{Key: "defense", Label: "Defense", Abbr: "D", Lead: []string{"points", "plusMinus", "blockedShots"}, Aliases: []string{"Defenseman", "Defenceman", "Defence", "LD", "RD", "D-man"}},
			{Key: "goalie", Label: "Goalie", Abbr: "G", Lead: []string{"savePct", "goalsAgainstAverage", "saves"}, Aliases: []string{"Goaltender", "Goalkeeper", "GK", "Netminder"}},
		},
		// Minutes of a regulation game: three periods of 15 (youth, middle school), of 17 (most
		// state high-school associations; some play 15), of 20 (college, pro).
		Regulation:  map[Level]float64{Youth: 45, MiddleSch: 45, HighSchool: 51, College: 60, Pro: 60},
		DefaultLead: []string{"points", "goals", "assists"},
	})
}
