package sports

// Indoor volleyball. Rates per set divide by setsPlayed; total blocks count a block assist as half
// a block, as NCAA and high-school stat books do.

func init() {
	const at, st, sv, bl, df, gm = "attacking", "setting", "serving", "blocking", "defense", "match"
	perSet := func(key, label, abbr, group string, num []Term, text string) Stat {
		return rateStat(key, label, abbr, group, Formula{Num: num, Den: terms("setsPlayed"), Style: Decimal2, Text: text})
	}
	register(&Catalogue{
		Sport:   "volleyball",
		Label:   "Volleyball",
		Version: 1,
		Groups: []Group{
			{Key: at, Label: "Attacking"}, {Key: st, Label: "Setting"}, {Key: sv, Label: "Serving"},
			{Key: bl, Label: "Blocking"}, {Key: df, Label: "Defense"}, {Key: gm, Label: "Matches and Sets"},
		},
		Stats: []Stat{
			countStat("kills", "Kills", "K", at),
			lowerIsBetter(countStat("attackErrors", "Attack Errors", "E", at)),
			countStat("attackAttempts", "Total Attacks", "TA", at),
			// (K − E) ÷ TA, printed like a batting average (".312"); it can be negative.
			rateStat("hittingPct", "Hitting Percentage", "HIT%", at, Formula{
				Num: []Term{{"kills", 1}, {"attackErrors", -1}}, Den: terms("attackAttempts"), Style: Average, Text: "(K − E) ÷ TA"}),
			perSet("killsPerSet", "Kills per Set", "K/S", at, terms("kills"), "K ÷ SP"),

			countStat("assists", "Assists", "AST", st),
			lowerIsBetter(countStat("ballHandlingErrors", "Ball-Handling Errors", "BHE", st)),
			perSet("assistsPerSet", "Assists per Set", "A/S", st, terms("assists"), "AST ÷ SP"),

			countStat("serviceAces", "Service Aces", "SA", sv),
			lowerIsBetter(countStat("serviceErrors", "Service Errors", "SE", sv)),
			countStat("serveAttempts", "Serve Attempts", "SRV", sv),
			perSet("acesPerSet", "Aces per Set", "SA/S", sv, terms("serviceAces"), "SA ÷ SP"),
			rateStat("servePct", "Serving Percentage", "SRV%", sv, Formula{
				Num: []Term{{"serveAttempts", 1}, {"serviceErrors", -1}}, Den: terms("serveAttempts"),
				Times: 100, Style: Percent, Text: "(SRV − SE) ÷ SRV"}),

			countStat("blockSolos", "Block Solos", "BS", bl),
			countStat("blockAssists", "Block Assists", "BA", bl),
			lowerIsBetter(countStat("blockErrors", "Block Errors", "BE", bl)),
			perSet("blocksPerSet", "Blocks per Set", "B/S", bl, []Term{{"blockSolos", 1}, {"blockAssists", 0.5}}, "(BS + 0.5 × BA) ÷ SP"),

			countStat("digs", "Digs", "DIG", df),
			lowerIsBetter(countStat("receptionErrors", "Reception Errors", "RE", df)),
			perSet("digsPerSet", "Digs per Set", "D/S", df, terms("digs"), "DIG ÷ SP"),

			countStat("matchesPlayed", "Matches Played", "MP", gm),
			countStat("setsPlayed", "Sets Played", "SP", gm),
		},
		Positions: []Position{
			{Key: "outside_hitter", Label: "Outside Hitter", Abbr: "OH", Lead: []string{"kills", "killsPerSet", "hittingPct"}, Aliases: []string{"outside", "left side", "LS", "OS"}},
			{Key: "opposite", Label: "Opposite", Abbr: "OPP", Lead: []string{"kills", "hittingPct", "blocksPerSet"}, Aliases: []string{"opposite hitter", "right side", "right side hitter", "RS", "RSH"}},
			{Key: "middle_blocker", Label: "Middle Blocker", Abbr: "MB", Lead: []string{"blocksPerSet", "hittingPct", "kills"}, Aliases: []string{"middle", "middle hitter", "MH"}},
			{Key: "setter", Label: "Setter", Abbr: "S", Lead: []string{"assists", "assistsPerSet", "serviceAces"}},
			{Key: "libero", Label: "Libero", Abbr: "L", Lead: []string{"digs", "digsPerSet", "serviceAces"}, Aliases: []string{"LIB"}},
			{Key: "defensive_specialist", Label: "Defensive Specialist", Abbr: "DS", Lead: []string{"digs", "digsPerSet", "serviceAces"}},
		},
		DefaultLead: []string{"kills", "digs", "serviceAces"},
		Aliases:     []string{"indoor volleyball", "vball", "volley ball"},
	})
}
