package sports

// Football (11-player, tackle). Every count MaxPreps' football stat file carries has a key here
// (docs/MAXPREPS_FIELDS.md); the "long" stats keep a season's longest play. Yardage counts may be
// negative (a run for a loss; a game whose every carry lost yards). Half sacks and half
// tackles for loss, which some scorers credit, are not whole counts and cannot be stored yet: an
// importer warns and leaves such a value out (docs/MAXPREPS_FIELDS.md, "Open questions").

func init() {
	const ps, ru, re, de, ki, pu, rt, sc = "passing", "rushing", "receiving", "defense", "kicking", "punting", "returns", "scoring"
	per := func(key, label, abbr, group, num, den, text string) Stat {
		return rateStat(key, label, abbr, group, Formula{Num: terms(num), Den: terms(den), Style: Decimal1, Text: text})
	}
	register(&Catalogue{
		Sport:   "football",
		Label:   "Football",
		Version: 1,
		Groups: []Group{
			{Key: ps, Label: "Passing"}, {Key: ru, Label: "Rushing"}, {Key: re, Label: "Receiving"},
			{Key: de, Label: "Defense"}, {Key: ki, Label: "Kicking"}, {Key: pu, Label: "Punting"},
			{Key: rt, Label: "Returns"}, {Key: sc, Label: "Scoring"},
		},
		Stats: []Stat{
			countStat("passCompletions", "Completions", "CMP", ps),
			countStat("passAttempts", "Pass Attempts", "ATT", ps),
			countStat("passingYards", "Passing Yards", "YDS", ps),
			countStat("passingTouchdowns", "Passing Touchdowns", "TD", ps),
			countStat("interceptionsThrown", "Interceptions Thrown", "INT", ps),
			mostStat("passingLong", "Longest Pass", "LNG", ps),
			rateStat("completionPct", "Completion Percentage", "CMP%", ps, Formula{
				Num: terms("passCompletions"), Den: terms("passAttempts"), Times: 100, Style: Percent, Text: "CMP ÷ ATT"}),
			per("yardsPerPassAttempt", "Yards per Attempt", "Y/A", ps, "passingYards", "passAttempts", "YDS ÷ ATT"),
			per("passingYardsPerGame", "Passing Yards per Game", "YDS/G", ps, "passingYards", "gamesPlayed", "YDS ÷ GP"),
			// The NCAA passing efficiency formula, which high-school stat books also print.
			rateStat("passerRating", "Passer Rating (NCAA)", "RTG", ps, Formula{
				Num: []Term{{"passingYards", 8.4}, {"passingTouchdowns", 330}, {"passCompletions", 100}, {"interceptionsThrown", -200}},
				Den: terms("passAttempts"), Style: Decimal1, Text: "(8.4 × YDS + 330 × TD + 100 × CMP − 200 × INT) ÷ ATT"}),

			countStat("rushingAttempts", "Rushing Attempts", "CAR", ru),
			countStat("rushingYards", "Rushing Yards", "YDS", ru),
			countStat("rushingTouchdowns", "Rushing Touchdowns", "TD", ru),
			mostStat("rushingLong", "Longest Rush", "LNG", ru),
			countStat("fumbles", "Fumbles", "FUM", ru),
			countStat("fumblesLost", "Fumbles Lost", "LOST", ru),
			per("yardsPerCarry", "Yards per Carry", "Y/C", ru, "rushingYards", "rushingAttempts", "YDS ÷ CAR"),
			per("rushingYardsPerGame", "Rushing Yards per Game", "YDS/G", ru, "rushingYards", "gamesPlayed", "YDS ÷ GP"),

			countStat("receptions", "Receptions", "REC", re),
			countStat("receivingYards", "Receiving Yards", "YDS", re),
			countStat("receivingTouchdowns", "Receiving Touchdowns", "TD", re),
			mostStat("receivingLong", "Longest Reception", "LNG", re),
			per("yardsPerCatch", "Yards per Catch", "Y/R", re, "receivingYards", "receptions", "YDS ÷ REC"),
			per("receivingYardsPerGame", "Receiving Yards per Game", "YDS/G", re, "receivingYards", "gamesPlayed", "YDS ÷ GP"),

			countStat("soloTackles", "Solo Tackles", "SOLO", de),
			countStat("assistedTackles", "Assisted Tackles", "AST", de),
			countStat("totalTackles", "Total Tackles", "TOT", de),
			countStat("tacklesForLoss", "Tackles for Loss", "TFL", de),
			countStat("sacks", "Sacks", "SCK", de),
			countStat("sackYards", "Sack Yards", "SCK YDS", de),
			countStat("quarterbackHurries", "Quarterback Hurries", "HUR", de),
			countStat("interceptions", "Interceptions", "INT", de),
			countStat("interceptionReturnYards", "Interception Return Yards", "INT YDS", de),
			countStat("passesDefended", "Passes Defended", "PD", de),
			countStat("forcedFumbles", "Forced Fumbles", "FF", de),
			countStat("fumbleRecoveries", "Fumble Recoveries", "FR", de),
			countStat("fumbleRecoveryYards", "Fumble Recovery Yards", "FR YDS", de),
			countStat("blockedPunts", "Blocked Punts", "BP", de),
			countStat("blockedFieldGoals", "Blocked Field Goals", "BFG", de),
			countStat("safeties", "Safeties", "SFTY", de),
			countStat("pancakeBlocks", "Pancake Blocks", "PNK", de),

			countStat("fieldGoalsMade", "Field Goals Made", "FGM", ki),
			countStat("fieldGoalsAttempted", "Field Goals Attempted", "FGA", ki),
			mostStat("fieldGoalLong", "Longest Field Goal", "LNG", ki),
			countStat("extraPointsMade", "Extra Points Made", "XPM", ki),
			countStat("extraPointsAttempted", "Extra Points Attempted", "XPA", ki),
			countStat("kickoffs", "Kickoffs", "KO", ki),
			countStat("kickoffYards", "Kickoff Yards", "KO YDS", ki),
			mostStat("kickoffLong", "Longest Kickoff", "KO LNG", ki),
			countStat("touchbacks", "Touchbacks", "TB", ki),
			rateStat("fieldGoalPct", "Field Goal Percentage", "FG%", ki, Formula{
				Num: terms("fieldGoalsMade"), Den: terms("fieldGoalsAttempted"), Times: 100, Style: Percent, Text: "FGM ÷ FGA"}),
			rateStat("extraPointPct", "Extra Point Percentage", "XP%", ki, Formula{
				Num: terms("extraPointsMade"), Den: terms("extraPointsAttempted"), Times: 100, Style: Percent, Text: "XPM ÷ XPA"}),

			countStat("punts", "Punts", "PUNTS", pu),
			countStat("puntYards", "Punt Yards", "YDS", pu),
			mostStat("puntLong", "Longest Punt", "LNG", pu),
			countStat("puntsInside20", "Punts Inside the 20", "IN20", pu),
			per("puntAverage", "Punting Average", "AVG", pu, "puntYards", "punts", "YDS ÷ PUNTS"),

			countStat("kickReturns", "Kickoff Returns", "KR", rt),
			countStat("kickReturnYards", "Kickoff Return Yards", "KR YDS", rt),
			mostStat("kickReturnLong", "Longest Kickoff Return", "KR LNG", rt),
			countStat("puntReturns", "Punt Returns", "PR", rt),
			countStat("puntReturnYards", "Punt Return Yards", "PR YDS", rt),
			mostStat("puntReturnLong", "Longest Punt Return", "PR LNG", rt),
			countStat("fairCatches", "Fair Catches", "FC", rt),
			countStat("totalReturnYards", "Total Return Yards", "RET YDS", rt),
			per("kickReturnAverage", "Kickoff Return Average", "KR AVG", rt, "kickReturnYards", "kickReturns", "KR YDS ÷ KR"),
			per("puntReturnAverage", "Punt Return Average", "PR AVG", rt, "puntReturnYards", "puntReturns", "PR YDS ÷ PR"),

			countStat("gamesPlayed", "Games Played", "GP", sc),
			countStat("totalTouchdowns", "Total Touchdowns", "TD", sc),
			countStat("interceptionReturnTouchdowns", "Interception Return Touchdowns", "INT TD", sc),
			countStat("fumbleReturnTouchdowns", "Fumble Return Touchdowns", "FUM TD", sc),
			countStat("kickReturnTouchdowns", "Kickoff Return Touchdowns", "KR TD", sc),
			countStat("puntReturnTouchdowns", "Punt Return Touchdowns", "PR TD", sc),
			countStat("twoPointRushes", "Two-Point Conversions (Rushing)", "2PT RUSH", sc),
			countStat("twoPointReceptions", "Two-Point Conversions (Receiving)", "2PT REC", sc),
			countStat("points", "Points", "PTS", sc),
		},
		Positions: []Position{
			{Key: "quarterback", Label: "Quarterback", Abbr: "QB", Lead: []string{"passingYards", "passingTouchdowns", "completionPct"}},
			{Key: "running_back", Label: "Running Back", Abbr: "RB", Lead: []string{"rushingYards", "rushingTouchdowns", "yardsPerCarry"}, Aliases: []string{"HB", "FB", "halfback", "fullback", "tailback"}},
			{Key: "wide_receiver", Label: "Wide Receiver", Abbr: "WR", Lead: []string{"receptions", "receivingYards", "receivingTouchdowns"}, Aliases: []string{"receiver", "slot", "SE", "FL", "split end", "flanker"}},
			{Key: "tight_end", Label: "Tight End", Abbr: "TE", Lead: []string{"receptions", "receivingYards", "receivingTouchdowns"}},
			{Key: "offensive_line", Label: "Offensive Line", Abbr: "OL", Lead: []string{"pancakeBlocks", "gamesPlayed"}, Aliases: []string{"offensive lineman", "OT", "OG", "tackle", "guard", "center", "C", "OC"}},
			{Key: "defensive_line", Label: "Defensive Line", Abbr: "DL", Lead: []string{"totalTackles", "sacks", "tacklesForLoss"}, Aliases: []string{"defensive lineman", "DE", "DT", "NT", "NG", "defensive end", "defensive tackle", "nose tackle"}},
			{Key: "linebacker", Label: "Linebacker", Abbr: "LB", Lead: []string{"totalTackles", "tacklesForLoss", "sacks"}, Aliases: []string{"ILB", "OLB", "MLB"}},
			{Key: "defensive_back", Label: "Defensive Back", Abbr: "DB", Lead: []string{"interceptions", "passesDefended", "totalTackles"}, Aliases: []string{"CB", "S", "FS", "SS", "cornerback", "corner", "safety"}},
			{Key: "kicker", Label: "Kicker", Abbr: "K", Lead: []string{"fieldGoalsMade", "fieldGoalPct", "fieldGoalLong"}, Aliases: []string{"PK", "placekicker"}},
			{Key: "punter", Label: "Punter", Abbr: "P", Lead: []string{"puntAverage", "punts", "puntsInside20"}},
			{Key: "athlete", Label: "Athlete", Abbr: "ATH", Lead: []string{"totalTouchdowns", "rushingYards", "receivingYards"}},
		},
		DefaultLead: []string{"totalTouchdowns", "totalTackles", "points"},
		Aliases:     []string{"american football", "tackle football", "fb", "ftbl", "gridiron"},
	})
}
