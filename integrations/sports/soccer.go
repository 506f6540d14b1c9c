package sports

// Soccer. Field players' minutes and a goalkeeper's minutes in goal are separate counts (MaxPreps
// keeps both), so the goals-against average divides by the minutes in goal only.

func init() {
	const of, gk, gm = "offense", "goalkeeping", "game"
	register(&Catalogue{
		Sport:   "soccer",
		Label:   "Soccer",
		Version: 1,
		Groups:  []Group{{Key: of, Label: "Offense"}, {Key: gk, Label: "Goalkeeping"}, {Key: gm, Label: "Games and Discipline"}},
		Stats: []Stat{
			countStat("goals", "Goals", "G", of),
			countStat("assists", "Assists", "A", of),
			countStat("shots", "Shots", "SH", of),
			countStat("shotsOnGoal", "Shots on Goal", "SOG", of),
			countStat("gameWinningGoals", "Game-Winning Goals", "GWG", of),
			countStat("penaltyKicksMade", "Penalty Kicks Made", "PKM", of),
			countStat("penaltyKicksAttempted", "Penalty Kicks Attempted", "PKA", of),
			countStat("cornerKicks", "Corner Kicks", "CK", of),
			countStat("steals", "Steals", "STL", of),
			rateStat("shotPct", "Shot Percentage", "SH%", of, Formula{
				Num: terms("goals"), Den: terms("shots"), Times: 100, Style: Percent, Text: "G ÷ SH"}),
			rateStat("shotsOnGoalPct", "Shots on Goal Percentage", "SOG%", of, Formula{
				Num: terms("shotsOnGoal"), Den: terms("shots"), Times: 100, Style: Percent, Text: "SOG ÷ SH"}),
			rateStat("goalsPerGame", "Goals per Game", "G/G", of, Formula{
				Num: terms("goals"), Den: terms("gamesPlayed"), Style: Decimal2, Text: "G ÷ GP"}),

			countStat("goalkeeperMinutes", "Minutes in Goal", "GK MIN", gk),
			countStat("saves", "Saves", "SV", gk),
			lowerIsBetter(countStat("goalsAgainst", "Goals Against", "GA", gk)),
			countStat("shotsOnGoalFaced", "Shots on Goal Faced", "SOGF", gk),
			countStat("penaltyKickSaves", "Penalty Kick Saves", "PKS", gk),
			countStat("penaltyKicksFaced", "Penalty Kicks Faced", "PKF", gk),
			countStat("shutouts", "Shutouts", "SHO", gk),
			countStat("wins", "Wins", "W", gk),
			countStat("losses", "Losses", "L", gk),
			countStat("ties", "Ties", "T", gk),
			// Saves over shots on goal that were saved or scored, as NCAA box scores print it.
			rateStat("savePct", "Save Percentage", "SV%", gk, Formula{
				Num: terms("saves"), Den: terms("saves", "goalsAgainst"), Style: Average, Text: "SV ÷ (SV + GA)"}),
			lowerIsBetter(rateStat("goalsAgainstAverage", "Goals-Against Average", "GAA", gk, Formula{
				Num: terms("goalsAgainst"), Den: terms("goalkeeperMinutes"), PerRegulation: true,
				Style: Decimal2, Text: "GA × regulation minutes ÷ minutes in goal"})),

			countStat("gamesPlayed", "Games Played", "GP", gm),
			countStat("gamesStarted", "Games Started", "GS", gm),
			countStat("minutesPlayed", "Minutes Played", "MIN", gm),
			lowerIsBetter(countStat("yellowCards", "Yellow Cards", "YC", gm)),
			lowerIsBetter(countStat("redCards", "Red Cards", "RC", gm)),
		},
		Positions: []Position{
			{Key: "goalkeeper", Label: "Goalkeeper", Abbr: "GK", Lead: []string{"saves", "goalsAgainst", "savePct"}, Aliases: []string{"keeper", "goalie", "G"}},
			{Key: "defender", Label: "Defender", Abbr: "D", Lead: []string{"gamesStarted", "minutesPlayed", "assists"}, Aliases: []string{"DF", "back", "CB", "center back", "FB", "fullback", "LB", "RB", "sweeper"}},
			{Key: "midfielder", Label: "Midfielder", Abbr: "M", Lead: []string{"assists", "goals", "shots"}, Aliases: []string{"MF", "mid", "CM", "CDM", "CAM", "DM", "AM", "LM", "RM"}},
			{Key: "forward", Label: "Forward", Abbr: "F", Lead: []string{"goals", "assists", "shotsOnGoal"}, Aliases: []string{"FW", "striker", "ST", "CF", "winger", "LW", "RW"}},
		},
		// Regulation minutes: two 40-minute halves in high school (NFHS), two 45-minute halves in
		// college and the pros; youth and middle-school games vary by league, commonly two halves
		// of 30 minutes.
		Regulation:  map[Level]float64{Youth: 60, MiddleSch: 60, HighSchool: 80, College: 90, Pro: 90},
		DefaultLead: []string{"goals", "assists", "shots"},
		Aliases:     []string{"football (soccer)", "futbol", "fútbol", "association football"},
	})
}
