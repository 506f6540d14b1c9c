package sports

// Basketball: per-game rates divide by gamesPlayed, so a typed or imported game line carries
// gamesPlayed 1 and a season sums them. Rebounds is the total a family types; offensive and
// defensive rebounds are its optional split (an importer that reads only the split fills the total).

func init() {
	const sc, rb, pl, df, gm = "scoring", "rebounding", "playmaking", "defense", "game"
	perGame := func(key, label, abbr, group, count, text string) Stat {
		return rateStat(key, label, abbr, group, Formula{Num: terms(count), Den: terms("gamesPlayed"), Style: Decimal1, Text: text})
	}
	pct := func(key, label, abbr, made, attempted, text string) Stat {
		return rateStat(key, label, abbr, sc, Formula{Num: terms(made), Den: terms(attempted), Times: 100, Style: Percent, Text: text})
	}
	register(&Catalogue{
		Sport:   "basketball",
		Label:   "Basketball",
		Version: 1,
		Groups: []Group{
			{Key: sc, Label: "Scoring"}, {Key: rb, Label: "Rebounding"}, {Key: pl, Label: "Playmaking"},
			{Key: df, Label: "Defense"}, {Key: gm, Label: "Games and Minutes"},
		},
		Stats: []Stat{
			countStat("points", "Points", "PTS", sc),
			countStat("fieldGoalsMade", "Field Goals Made", "FGM", sc),
			countStat("fieldGoalsAttempted", "Field Goals Attempted", "FGA", sc),
			countStat("threePointersMade", "3-Pointers Made", "3PM", sc),
			countStat("threePointersAttempted", "3-Pointers Attempted", "3PA", sc),
			countStat("freeThrowsMade", "Free Throws Made", "FTM", sc),
			countStat("freeThrowsAttempted", "Free Throws Attempted", "FTA", sc),
			perGame("pointsPerGame", "Points per Game", "PPG", sc, "points", "PTS ÷ GP"),
			pct("fieldGoalPct", "Field Goal Percentage", "FG%", "fieldGoalsMade", "fieldGoalsAttempted", "FGM ÷ FGA"),
			pct("threePointPct", "3-Point Percentage", "3P%", "threePointersMade", "threePointersAttempted", "3PM ÷ 3PA"),
			pct("freeThrowPct", "Free Throw Percentage", "FT%", "freeThrowsMade", "freeThrowsAttempted", "FTM ÷ FTA"),
			rateStat("effectiveFieldGoalPct", "Effective Field Goal Percentage", "eFG%", sc, Formula{
				Num: []Term{{"fieldGoalsMade", 1}, {"threePointersMade", 0.5}}, Den: terms("fieldGoalsAttempted"),
				Times: 100, Style: Percent, Text: "(FGM + 0.5 × 3PM) ÷ FGA"}),

			countStat("rebounds", "Rebounds", "REB", rb),
			countStat("offensiveRebounds", "Offensive Rebounds", "OREB", rb),
			countStat("defensiveRebounds", "Defensive Rebounds", "DREB", rb),
			perGame("reboundsPerGame", "Rebounds per Game", "RPG", rb, "rebounds", "REB ÷ GP"),

			countStat("assists", "Assists", "AST", pl),
			countStat("turnovers", "Turnovers", "TO", pl),
			perGame("assistsPerGame", "Assists per Game", "APG", pl, "assists", "AST ÷ GP"),
			rateStat("assistTurnoverRatio", "Assist-to-Turnover Ratio", "A/TO", pl, Formula{
				Num: terms("assists"), Den: terms("turnovers"), Style: Decimal2, Text: "AST ÷ TO"}),

			countStat("steals", "Steals", "STL", df),
			countStat("blocks", "Blocks", "BLK", df),
			countStat("personalFouls", "Personal Fouls", "PF", df),
			perGame("stealsPerGame", "Steals per Game", "SPG", df, "steals", "STL ÷ GP"),
			perGame("blocksPerGame", "Blocks per Game", "BPG", df, "blocks", "BLK ÷ GP"),

			countStat("gamesPlayed", "Games Played", "GP", gm),
			countStat("gamesStarted", "Games Started", "GS", gm),
			countStat("minutesPlayed", "Minutes Played", "MIN", gm),
			perGame("minutesPerGame", "Minutes per Game", "MPG", gm, "minutesPlayed", "MIN ÷ GP"),
		},
		Positions: []Position{
			{Key: "point_guard", Label: "Point Guard", Abbr: "PG", Lead: []string{"points", "assists", "threePointPct"}, Aliases: []string{"point", "1"}},
			{Key: "shooting_guard", Label: "Shooting Guard", Abbr: "SG", Lead: []string{"points", "threePointPct", "fieldGoalPct"}, Aliases: []string{"off guard", "2"}},
			{Key: "small_forward", Label: "Small Forward", Abbr: "SF", Lead: []string{"points", "rebounds", "fieldGoalPct"}, Aliases: []string{"wing", "3"}},
			{Key: "power_forward", Label: "Power Forward", Abbr: "PF", Lead: []string{"rebounds", "points", "blocks"}, Aliases: []string{"4"}},
			{Key: "center", Label: "Center", Abbr: "C", Lead: []string{"rebounds", "blocks", "fieldGoalPct"}, Aliases: []string{"centre", "post", "5"}},
			{Key: "guard", Label: "Guard", Abbr: "G", Lead: []string{"points", "assists", "threePointPct"}, Aliases: []string{"combo guard"}},
			{Key: "forward", Label: "Forward", Abbr: "F", Lead: []string{"points", "rebounds", "fieldGoalPct"}},
		},
		DefaultLead: []string{"points", "rebounds", "assists"},
		Aliases:     []string{"hoops", "bball", "basket ball"},
	})
}
