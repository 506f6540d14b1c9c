package sports

// Lacrosse, boys' and girls' in one catalogue: faceoffs are the boys' game's restart, draw
// controls the girls'; a family keeps the ones their game has.
//
// Points (goals + assists) is a count a family or a file gives, as in hockey. Save percentage is
// saves over shots on goal faced, which are saves plus goals against (how NCAA and MaxPreps count
// it). GAA scales to the level's regulation game.
func init() {
	register(&Catalogue{
		Sport:   "lacrosse",
		Label:   "Lacrosse",
		Version: 1,
		Aliases: []string{"Lax"},
		Groups: []Group{
			{Key: "scoring", Label: "Scoring"},
			{Key: "possession", Label: "Possession"},
			{Key: "defense", Label: "Defense"},
			{Key: "goalkeeping", Label: "Goalkeeping"},
		},
		Stats: []Stat{
			{Key: "gamesPlayed", Label: "Games Played", Abbr: "GP", Group: "scoring", Kind: Count},
			{Key: "goals", Label: "Goals", Abbr: "G", Group: "scoring", Kind: Count},
			{Key: "assists", Label: "Assists", Abbr: "A", Group: "scoring", Kind: Count},
			{Key: "points", Label: "Points", Abbr: "PTS", Group: "scoring", Kind: Count},
			{Key: "shots", Label: "Shots", Abbr: "SH", Group: "scoring", Kind: Count},
			{Key: "shotsOnGoal", Label: "Shots on Goal", Abbr: "SOG", Group: "scoring", Kind: Count},
			{Key: "freePositionGoals", Label: "Free-Position Goals", Abbr: "FPG", Group: "scoring", Kind: Count},
			{Key: "freePositionShots", Label: "Free-Position Shots", Abbr: "FPS", Group: "scoring", Kind: Count},
			{Key: "shootingPct", Label: "Shooting Percentage", Abbr: "SH%", Group: "scoring", Kind: Rate, Formula: &Formula{
				Num: []Term{{Key: "goals", Weight: 1}}, Den: []Term{{Key: "shots", Weight: 1}},
				Times: 100, Style: Percent, Text: "G ÷ SH",
			}},
			{Key: "pointsPerGame", Label: "Points per Game", Abbr: "P/G", Group: "scoring", Kind: Rate, Formula: &Formula{
				Num: []Term{{Key: "points", Weight: 1}}, Den: []Term{{Key: "gamesPlayed", Weight: 1}},
				Style: Decimal1, Text: "PTS ÷ GP",
			}},
			{Key: "groundBalls", Label: "Ground Balls", Abbr: "GB", Group: "possession", Kind: Count},
			{Key: "faceoffsWon", Label: "Faceoffs Won", Abbr: "FOW", Group: "possession", Kind: Count},
			{Key: "faceoffsTaken", Label: "Faceoffs Taken", Abbr: "FO", Group: "possession", Kind: Count},
			{Key: "faceoffPct", Label: "Faceoff Percentage", Abbr: "FO%", Group: "possession", Kind: Rate, Formula: &Formula{
				Num: []Term{{Key: "faceoffsWon", Weight: 1}}, Den: []Term{{Key: "faceoffsTaken", Weight: 1}},
				Times: 100, Style: Percent, Text: "FOW ÷ FO",
			}},
			{Key: "drawControls", Label: "Draw Controls", Abbr: "DC", Group: "possession", Kind: Count},
			{Key: "turnovers", Label: "Turnovers", Abbr: "TO", Group: "possession", Kind: Count, LowerIsBetter: true},
			{Key: "causedTurnovers", Label: "Caused Turnovers", Abbr: "CT", Group: "defense", Kind: Count},
			{Key: "interceptions", Label: "Interceptions", Abbr: "INT", Group: "defense", Kind: Count},
			{Key: "minutesPlayed", Label: "Minutes in Goal", Abbr: "MIN", Group: "goalkeeping", Kind: Count},
			{Key: "saves", Label: "Saves", Abbr: "SV", Group: "goalkeeping", Kind: Count},
			{Key: "goalsAgainst", Label: "Goals Against", Abbr: "GA", Group: "goalkeeping", Kind: Count, LowerIsBetter: true},
			{Key: "savePct", Label: "Save Percentage", Abbr: "SV%", Group: "goalkeeping", Kind: Rate, Formula: &Formula{
				Num: []Term{{Key: "saves", Weight: 1}}, Den: []Term{{Key: "saves", Weight: 1}, {Key: "goalsAgainst", Weight: 1}},
				Times: 100, Style: Percent, Text: "SV ÷ (SV + GA)",
			}},
			{Key: "goalsAgainstAverage", Label: "Goals-Against Average", Abbr: "GAA", Group: "goalkeeping", Kind: Rate, LowerIsBetter: true, Formula: &Formula{
				Num: []Term{{Key: "goalsAgainst", Weight: 1}}, Den: []Term{{Key: "minutesPlayed", Weight: 1}},
				PerRegulation: true, Style: Decimal2, Text: "GA × regulation minutes ÷ MIN",
			}},
		},
		Positions: []Position{
			{Key: "attack", Label: "Attack", Abbr: "A", Lead: []string{"points", "goals", "assists"}, Aliases: []string{"Attacker", "Attackman", "AT"}},
			{Key: "midfield", Label: "Midfield", Abbr: "M", Lead: []string{"points", "groundBalls", "drawControls"}, Aliases: []string{"Midfielder", "Middie", "Mid", "MF"}},
			{Key: "faceoff", Label: "Faceoff Specialist", Abbr: "FOGO", Lead: []string{"faceoffPct", "faceoffsWon", "groundBalls"}, Aliases: []string{"Faceoff", "FO", "FOS"}},
			{Key: "defense", Label: "Defense", Abbr: "D", Lead: []string{"causedTurnovers", "groundBalls", "interceptions"}, Aliases: []string{"Defender", "Defenseman", "LSM", "Long-Stick Midfielder", "Long Stick Midfielder", "DEF"}},
			{Key: "goalie", Label: "Goalie", Abbr: "G", Lead: []string{"savePct", "saves", "goalsAgainstAverage"}, Aliases: []string{"Goalkeeper", "GK", "Goaltender", "Keeper"}},
		},
		// Minutes of a regulation game: youth and middle school 4 × 10 (programs vary, 8 to 12),
		// boys' high school 4 × 12 (girls' 2 × 25: a girls' GAA reads 4% high), college 60.
		Regulation:  map[Level]float64{Youth: 40, MiddleSch: 40, HighSchool: 48, College: 60, Pro: 60},
		DefaultLead: []string{"points", "goals", "groundBalls"},
	})
}
