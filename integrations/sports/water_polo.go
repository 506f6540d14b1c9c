package sports

// Water polo. Save percentage is saves over shots on goal faced (saves plus goals against); GAA
// scales to the level's regulation game.
func init() {
	register(&Catalogue{
		Sport:   "water_polo",
		Label:   "Water Polo",
		Version: 1,
		Aliases: []string{"Polo", "Waterpolo"},
		Groups: []Group{
			{Key: "scoring", Label: "Scoring"},
			{Key: "defense", Label: "Defense"},
			{Key: "goalkeeping", Label: "Goalkeeping"},
		},
		Stats: []Stat{
			{Key: "gamesPlayed", Label: "Games Played", Abbr: "GP", Group: "scoring", Kind: Count},
			{Key: "goals", Label: "Goals", Abbr: "G", Group: "scoring", Kind: Count},
			{Key: "assists", Label: "Assists", Abbr: "A", Group: "scoring", Kind: Count},
			{Key: "shots", Label: "Shots", Abbr: "SH", Group: "scoring", Kind: Count},
			{Key: "exclusionsDrawn", Label: "Exclusions Drawn", Abbr: "EXD", Group: "scoring", Kind: Count},
			{Key: "penaltiesDrawn", Label: "Penalties Drawn", Abbr: "PD", Group: "scoring", Kind: Count},
			{Key: "sprintsWon", Label: "Sprints Won", Abbr: "SPW", Group: "scoring", Kind: Count},
			{Key: "sprintsTaken", Label: "Sprints Taken", Abbr: "SPA", Group: "scoring", Kind: Count},
			{Key: "turnovers", Label: "Turnovers", Abbr: "TO", Group: "scoring", Kind: Count, LowerIsBetter: true},
			{Key: "shootingPct", Label: "Shooting Percentage", Abbr: "SH%", Group: "scoring", Kind: Rate, Formula: &Formula{
				Num: []Term{{Key: "goals", Weight: 1}}, Den: []Term{{Key: "shots", Weight: 1}},
				Times: 100, Style: Percent, Text: "G ÷ SH",
			}},
			{Key: "goalsPerGame", Label: "Goals per Game", Abbr: "G/G", Group: "scoring", Kind: Rate, Formula: &Formula{
				Num: []Term{{Key: "goals", Weight: 1}}, Den: []Term{{Key: "gamesPlayed", Weight: 1}},
				Style: Decimal1, Text: "G ÷ GP",
			}},
			{Key: "sprintPct", Label: "Sprint Percentage", Abbr: "SP%", Group: "scoring", Kind: Rate, Formula: &Formula{
				Num: []Term{{Key: "sprintsWon", Weight: 1}}, Den: []Term{{Key: "sprintsTaken", Weight: 1}},
				Times: 100, Style: Percent, Text: "SPW ÷ SPA",
			}},
			{Key: "steals", Label: "Steals", Abbr: "STL", Group: "defense", Kind: Count},
			{Key: "blocks", Label: "Field Blocks", Abbr: "BLK", Group: "defense", Kind: Count},
			{Key: "exclusions", Label: "Exclusions", Abbr: "EX", Group: "defense", Kind: Count, LowerIsBetter: true},
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
			{Key: "attacker", Label: "Attacker", Abbr: "ATT", Lead: []string{"goals", "assists", "shootingPct"}, Aliases: []string{"Driver", "Attack", "Wing", "Flat", "Perimeter"}},
			{Key: "center", Label: "Center", Abbr: "C", Lead: []string{"goals", "exclusionsDrawn", "shootingPct"}, Aliases: []string{"Hole Set", "Set", "Two-Meter", "2M", "Hole", "Centre"}},
			{Key: "defender", Label: "Defender", Abbr: "D", Lead: []string{"steals", "blocks", "exclusionsDrawn"}, Aliases: []string{"Center Defender", "Hole D", "2M Defender", "Defense"}},
			{Key: "utility", Label: "Utility", Abbr: "UT", Lead: []string{"goals", "steals", "assists"}, Aliases: []string{"Utility Player"}},
			{Key: "goalkeeper", Label: "Goalkeeper", Abbr: "GK", Lead: []string{"saves", "savePct", "goalsAgainstAverage"}, Aliases: []string{"Goalie", "Keeper", "G"}},
		},
		// Minutes of a regulation game, running time aside: 4 × 7 in high school (NFHS), 4 × 8 in
		// college and beyond; youth and middle-school games are shorter and vary (4 × 5, 4 × 6).
		Regulation:  map[Level]float64{Youth: 24, MiddleSch: 24, HighSchool: 28, College: 32, Pro: 32},
		DefaultLead: []string{"goals", "assists", "steals"},
	})
}
