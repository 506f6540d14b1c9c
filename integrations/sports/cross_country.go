package sports

// Cross country: a time per race distance (best lowest: a season's line is each distance's best)
// and the athlete's place (best lowest too). Middle school runs 2 miles, 3K or 4K; high school 5K
// or 3 miles; college 6K, 8K and 10K.
func init() {
	register(&Catalogue{
		Sport:   "cross_country",
		Label:   "Cross Country",
		Version: 1,
		Aliases: []string{"XC", "X-Country", "XC Running"},
		Groups: []Group{
			{Key: "races", Label: "Race Times"},
			{Key: "placing", Label: "Placing"},
		},
		Stats: []Stat{
			{Key: "time2Mile", Label: "2 Mile", Abbr: "2MI", Group: "races", Kind: Time, Aggregate: Lowest, LowerIsBetter: true},
			{Key: "time3K", Label: "3K", Abbr: "3K", Group: "races", Kind: Time, Aggregate: Lowest, LowerIsBetter: true},
			{Key: "time4K", Label: "4K", Abbr: "4K", Group: "races", Kind: Time, Aggregate: Lowest, LowerIsBetter: true},
			{Key: "time3Mile", Label: "3 Mile", Abbr: "3MI", Group: "races", Kind: Time, Aggregate: Lowest, LowerIsBetter: true},
			{Key: "time5K", Label: "5K", Abbr: "5K", Group: "races", Kind: Time, Aggregate: Lowest, LowerIsBetter: true},
			{Key: "time6K", Label: "6K", Abbr: "6K", Group: "races", Kind: Time, Aggregate: Lowest, LowerIsBetter: true},
			{Key: "time8K", Label: "8K", Abbr: "8K", Group: "races", Kind: Time, Aggregate: Lowest, LowerIsBetter: true},
			{Key: "time10K", Label: "10K", Abbr: "10K", Group: "races", Kind: Time, Aggregate: Lowest, LowerIsBetter: true},
			{Key: "races", Label: "Races", Abbr: "RACES", Group: "placing", Kind: Count},
			// A place is a count whose best is the lowest: a season shows the athlete's best finish.
			{Key: "place", Label: "Place", Abbr: "PL", Group: "placing", Kind: Count, Aggregate: Lowest, LowerIsBetter: true},
		},
		Positions: []Position{
			{Key: "runner", Label: "Runner", Abbr: "XC", Lead: []string{"time5K", "time3Mile", "place"}, Aliases: []string{"Distance", "Distance Runner", "Varsity", "JV"}},
		},
		DefaultLead: []string{"time5K", "time3Mile", "place"},
	})
}
