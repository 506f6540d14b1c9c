package sports

// Baseball's and softball's keys are the statsproviders count keys (statsproviders.CountKeys) and
// its rate keys, so a stored line, an imported file and the catalogue name every stat alike. One
// difference in naming only: the catalogue's inningsPitched (Kind Innings) holds outs, and is what
// statsproviders stores under its outsPitched count key (6.2 innings = 20).

func init() {
	register(&Catalogue{
		Sport:   "baseball",
		Label:   "Baseball",
		Version: 1,
		Groups:  diamondGroups,
		Stats:   diamondStats(),
		Positions: append(diamondPositions(),
			Position{Key: "designated_hitter", Label: "Designated Hitter", Abbr: "DH", Lead: hitterLead}),
		// Regulation innings: 6 in most youth leagues (Little League), 7 in middle and high
		// school (NFHS), 9 in college (NCAA) and the pros.
		Regulation:  map[Level]float64{Youth: 6, MiddleSch: 7, HighSchool: 7, College: 9, Pro: 9},
		DefaultLead: hitterLead,
		Aliases:     []string{"base ball", "hardball", "bsb"},
	})
}

var diamondGroups = []Group{
	{Key: "batting", Label: "Batting"},
	{Key: "pitching", Label: "Pitching"},
	{Key: "fielding", Label: "Fielding"},
}

var (
	hitterLead  = []string{"battingAvg", "hits", "rbi"}
	pitcherLead = []string{"era", "pitcherStrikeouts", "inningsPitched"}
)

// diamondStats is baseball's and softball's list, in display order: the statsproviders count
// keys in CountKeys order, each group followed by its rates.
func diamondStats() []Stat {
	const b, p, f = "batting", "pitching", "fielding"
	return []Stat{
		countStat("gamesPlayed", "Games Played", "GP", b),
		countStat("plateAppearances", "Plate Appearances", "PA", b),
		countStat("atBats", "At Bats", "AB", b),
		countStat("runs", "Runs", "R", b),
		countStat("hits", "Hits", "H", b),
		countStat("singles", "Singles", "1B", b),
		countStat("doubles", "Doubles", "2B", b),
		countStat("triples", "Triples", "3B", b),
		countStat("homeRuns", "Home Runs", "HR", b),
		countStat("rbi", "Runs Batted In", "RBI", b),
		countStat("walks", "Walks", "BB", b),
		countStat("strikeouts", "Strikeouts", "SO", b),
		countStat("hitByPitch", "Hit by Pitch", "HBP", b),
		countStat("sacrificeFlies", "Sacrifice Flies", "SF", b),
		countStat("sacrificeBunts", "Sacrifice Bunts", "SAC", b),
		countStat("reachedOnError", "Reached on Error", "ROE", b),
		countStat("fieldersChoice", "Fielder's Choice", "FC", b),
		countStat("leftOnBase", "Left on Base", "LOB", b),
		countStat("grandSlams", "Grand Slams", "GS", b),
		countStat("stolenBases", "Stolen Bases", "SB", b),
		countStat("stolenBaseAttempts", "Stolen Base Attempts", "SBA", b),
		countStat("caughtStealing", "Caught Stealing", "CS", b),
		rateStat("battingAvg", "Batting Average", "AVG", b, Formula{
			Num: terms("hits"), Den: terms("atBats"), Style: Average, Text: "H ÷ AB"}),
		rateStat("onBasePct", "On-Base Percentage", "OBP", b, Formula{
			Num: terms("hits", "walks", "hitByPitch"), Den: terms("atBats", "walks", "hitByPitch", "sacrificeFlies"),
			Style: Average, Text: "(H + BB + HBP) ÷ (AB + BB + HBP + SF)"}),
		// Total bases as H + 2B + 2×3B + 3×HR, which equals 1B + 2×2B + 3×3B + 4×HR and needs no
		// singles column (most files leave it out).
		rateStat("sluggingPct", "Slugging Percentage", "SLG", b, Formula{
			Num: []Term{{"hits", 1}, {"doubles", 1}, {"triples", 2}, {"homeRuns", 3}}, Den: terms("atBats"),
			Style: Average, Text: "(1B + 2×2B + 3×3B + 4×HR) ÷ AB"}),
		rateStat("ops", "On-Base Plus Slugging", "OPS", b, Formula{
			Of: []string{"onBasePct", "sluggingPct"}, Style: Average, Text: "OBP + SLG"}),

		countStat("pitchingAppearances", "Appearances", "APP", p),
		countStat("gamesStarted", "Games Started", "GS", p),
		countStat("wins", "Wins", "W", p),
		countStat("losses", "Losses", "L", p),
		countStat("saves", "Saves", "SV", p),
		countStat("completeGames", "Complete Games", "CG", p),
		countStat("shutouts", "Shutouts", "SHO", p),
		countStat("noHitters", "No-Hitters", "NH", p),
		countStat("perfectGames", "Perfect Games", "PG", p),
		{Key: "inningsPitched", Label: "Innings Pitched", Abbr: "IP", Group: p, Kind: Innings},
		countStat("battersFaced", "Batters Faced", "BF", p),
		countStat("pitches", "Pitches", "#P", p),
		countStat("hitsAllowed", "Hits Allowed", "H", p),
		countStat("doublesAllowed", "Doubles Allowed", "2B", p),
		countStat("triplesAllowed", "Triples Allowed", "3B", p),
		countStat("homeRunsAllowed", "Home Runs Allowed", "HR", p),
		countStat("runsAllowed", "Runs Allowed", "R", p),
		countStat("earnedRuns", "Earned Runs", "ER", p),
		countStat("walksAllowed", "Walks Allowed", "BB", p),
		countStat("pitcherStrikeouts", "Strikeouts (Pitching)", "K", p),
		countStat("hitBatters", "Hit Batters", "HB", p),
		countStat("sacrificeFliesAllowed", "Sacrifice Flies Allowed", "SF", p),
		countStat("sacrificeBuntsAllowed", "Sacrifice Bunts Allowed", "SAC", p),
		countStat("balks", "Balks", "BK", p),
		countStat("wildPitches", "Wild Pitches", "WP", p),
		countStat("pickoffs", "Pickoffs", "PIK", p),
		countStat("stolenBasesAllowed", "Stolen Bases Allowed", "SB", p),
		// ERA over the level's regulation innings: ER × 7 ÷ IP in high school. IP is stored as
		// outs, so the numerator weighs ER by 3.
		lowerIsBetter(rateStat("era", "Earned Run Average", "ERA", p, Formula{
			Num: []Term{{"earnedRuns", 3}}, Den: terms("inningsPitched"), PerRegulation: true,
			Style: Decimal2, Text: "ER × regulation innings ÷ IP"})),
		lowerIsBetter(rateStat("whip", "Walks Plus Hits per Inning", "WHIP", p, Formula{
			Num: terms("walksAllowed", "hitsAllowed"), Den: terms("inningsPitched"), Times: 3,
			Style: Decimal2, Text: "(BB + H) ÷ IP"})),

		countStat("putouts", "Putouts", "PO", f),
		countStat("assists", "Assists", "A", f),
		countStat("errors", "Errors", "E", f),
		countStat("doublePlays", "Double Plays", "DP", f),
		countStat("triplePlays", "Triple Plays", "TP", f),
		countStat("passedBalls", "Passed Balls", "PB", f),
		countStat("stealAttemptsAgainstCatcher", "Steal Attempts Against (Catcher)", "SBATT", f),
		countStat("runnersCaughtStealing", "Runners Caught Stealing", "CS", f),
	}
}

// diamondPositions are the fielding positions both sports share.
func diamondPositions() []Position {
	return []Position{
		{Key: "pitcher", Label: "Pitcher", Abbr: "P", Lead: pitcherLead, Aliases: []string{"RHP", "LHP", "SP", "RP"}},
		{Key: "catcher", Label: "Catcher", Abbr: "C", Lead: []string{"battingAvg", "runnersCaughtStealing", "rbi"}},
		{Key: "first_base", Label: "First Base", Abbr: "1B", Lead: []string{"battingAvg", "homeRuns", "rbi"}, Aliases: []string{"first baseman", "first"}},
		{Key: "second_base", Label: "Second Base", Abbr: "2B", Lead: hitterLead, Aliases: []string{"second baseman", "second"}},
		{Key: "third_base", Label: "Third Base", Abbr: "3B", Lead: []string{"battingAvg", "rbi", "homeRuns"}, Aliases: []string{"third baseman", "third"}},
		{Key: "shortstop", Label: "Shortstop", Abbr: "SS", Lead: hitterLead},
		{Key: "left_field", Label: "Left Field", Abbr: "LF", Lead: hitterLead, Aliases: []string{"left fielder"}},
		{Key: "center_field", Label: "Center Field", Abbr: "CF", Lead: []string{"battingAvg", "stolenBases", "runs"}, Aliases: []string{"center fielder", "centre field"}},
		{Key: "right_field", Label: "Right Field", Abbr: "RF", Lead: hitterLead, Aliases: []string{"right fielder"}},
		{Key: "infield", Label: "Infield", Abbr: "IF", Lead: hitterLead, Aliases: []string{"infielder", "INF", "MIF"}},
		{Key: "outfield", Label: "Outfield", Abbr: "OF", Lead: hitterLead, Aliases: []string{"outfielder"}},
		{Key: "utility", Label: "Utility", Abbr: "UT", Lead: hitterLead, Aliases: []string{"UTIL", "UTL"}},
	}
}
