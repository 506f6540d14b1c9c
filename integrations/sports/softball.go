package sports

// Softball keeps baseball's stats and keys (a MaxPreps or GameChanger softball file reads like a
// baseball one); its games are 7 innings at every level, so its ERA is always over 7.

func init() {
	register(&Catalogue{
		Sport:   "softball",
		Label:   "Softball",
		Version: 1,
		Groups:  diamondGroups,
		Stats:   diamondStats(),
		Positions: append(diamondPositions(),
			Position{Key: "designated_player", Label: "Designated Player", Abbr: "DP", Lead: hitterLead, Aliases: []string{"DH", "designated hitter"}},
			Position{Key: "flex", Label: "Flex", Abbr: "FLEX", Lead: hitterLead},
		),
		Regulation:  map[Level]float64{Youth: 7, MiddleSch: 7, HighSchool: 7, College: 7, Pro: 7},
		DefaultLead: hitterLead,
		Aliases:     []string{"fastpitch", "fast pitch", "fastpitch softball", "sb", "sfb"},
	})
}
