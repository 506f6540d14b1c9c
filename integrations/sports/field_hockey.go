package sports

// Field hockey. Points are a count a family or a file gives: NCAA and most high-school sheets
// count two for a goal and one for an assist, which a Formula (a ratio) cannot add up.
func init() {
	register(&Catalogue{
		Sport:   "field_hockey",
		Label:   "Field Hockey",
		Version: 1,
		Groups: []Group{
			{Key: "scoring", Label: "Scoring"},
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
			{Key: "penaltyCorners", Label: "Penalty Corners", Abbr: "PC", Group: "scoring", Kind: Count},
			{Key: "gameWinningGoals", Label: "Game-Winning Goals", Abbr: "GWG", Group: "scoring", Kind: Count},
			{Key: "shootingPct", Label: "Shooting Percentage", Abbr: "SH%", Group: "scoring", Kind: Rate, Formula: &Formula{
				Num: []Term{{Key: "goals", Weight: 1}}, Den: []Term{{Key: "shots", Weight: 1}},
				Times: 100, Style: Percent, Text: "G ÷ SH",
			}},
			{Key: "pointsPerGame", Label: "Points per Game", Abbr: "P/G", Group: "scoring", Kind: Rate, Formula: &Formula{
				Num: []Term{{Key: "points", Weight: 1}}, Den: []Term{{Key: "gamesPlayed", Weight: 1}},
				Style: Decimal1, Text: "PTS ÷ GP",
			}},
			{Key: "defensiveSaves", Label: "Defensive Saves", Abbr: "DSV", Group: "defense", Kind: Count},
			{Key: "greenCards", Label: "Green Cards", Abbr: "GC", Group: "defense", Kind: Count, LowerIsBetter: true},
			{Key: "yellowCards", Label: "Yellow Cards", Abbr: "YC", Group: "defense", Kind: Count, LowerIsBetter: true},
			{Key: "minutesPlayed", Label: "Minutes in Goal", Abbr: "MIN", Group: "goalkeeping", Kind: Count},
			{Key: "saves", Label: "Saves", Abbr: "SV", Group: "goalkeeping", Kind: Count},
			{Key: "goalsAgainst", Label: "Goals Against", Abbr: "GA", Group: "goalkeeping", Kind: Count, LowerIsBetter: true},
			{Key: "shutouts", Label: "Shutouts", Abbr: "SO", Group: "goalkeeping", Kind: Count},
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
			{Key: "forward", Label: "Forward", Abbr: "F", Lead: []string{"goals", "points", "shotsOnGoal"}, Aliases: []string{"Striker", "Attack", "Attacker", "Wing", "Inner", "FW"}},
			{Key: "midfield", Label: "Midfield", Abbr: "M", Lead: []string{"assists", "points", "defensiveSaves"}, Aliases: []string{"Midfielder", "Mid", "Link", "Halfback", "MF"}},
			{Key: "defense", Label: "Defense", Abbr: "D", Lead: []string{"defensiveSaves", "assists", "goals"}, Aliases: []string{"Defender", "Back", "Fullback", "Sweeper", "DEF"}},
			{Key: "goalkeeper", Label: "Goalkeeper", Abbr: "GK", Lead: []string{"saves", "goalsAgainstAverage", "savePct"}, Aliases: []string{"Goalie", "Keeper", "G"}},
		},
		// Minutes of a regulation game: 4 × 15 in high school (NFHS) and college; youth and
		// middle-school games run shorter and vary by league (4 × 10, 4 × 12).
		Regulation:  map[Level]float64{Youth: 40, MiddleSch: 48, HighSchool: 60, College: 60, Pro: 60},
		DefaultLead: []string{"goals", "assists", "points"},
	})
}
