package ai

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// bankTitles answers the titles of a sport bank's prompts, or the general bank's for "".
func bankTitles(t *testing.T, sport string) map[string]bool {
	t.Helper()
	titles := map[string]bool{}
	list := generalBank
	if sport != "" {
		banks := matchingBanks(sport)
		require.Len(t, banks, 1)
		list = banks[0].prompts
	}
	for _, bp := range list {
		titles[bp.Title] = true
	}
	return titles
}

func titlesOf(ps []Prompt) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Title
	}
	return out
}

func TestOfflinePrompts(t *testing.T) {
	t.Parallel()

	tests := []struct {
		name        string
		req         PromptRequest
		wantLen     int
		fromSport   string   // every prompt comes from this sport's bank
		fromGeneral bool     // every prompt comes from the general bank
		wantOne     []string // at least one of these titles is offered
		wantNone    []string // none of these titles is offered
	}{
		{
			name:      "softball",
			req:       PromptRequest{Sports: "Softball", Count: 3},
			wantLen:   3,
			fromSport: "softball",
		},
		{
			name:      "soccer",
			req:       PromptRequest{Sports: "Soccer", Count: 3},
			wantLen:   3,
			fromSport: "soccer",
		},
		{
			name:    "softball pitcher gets a pitching prompt",
			req:     PromptRequest{Sports: "softball", Position: "Pitcher / Utility", Count: 3},
			wantLen: 3,
			wantOne: []string{"In the Circle", "Pitching Lesson"},
		},
		{
			name:     "softball outfielder gets no pitching or catching prompt",
			req:      PromptRequest{Sports: "Softball", Position: "Outfield", Count: 10},
			wantNone: []string{"In the Circle", "Pitching Lesson", "Calling the Game"},
		},
		{
			name:    "soccer goalkeeper",
			req:     PromptRequest{Sports: "Soccer", Position: "Goalkeeper", Count: 3},
			wantLen: 3,
			wantOne: []string{"Between the Posts", "Keeper Training"},
		},
		{
			name:    "quarterback",
			req:     PromptRequest{Sports: "Football", Position: "QB", Count: 4},
			wantLen: 4,
			wantOne: []string{"Reading the Defense", "Huddle Leader"},
		},
		{
			name:    "point guard",
			req:     PromptRequest{Sports: "Basketball", Position: "Point Guard", Count: 3},
			wantLen: 3,
			wantOne: []string{"Court Vision", "Floor General"},
		},
		{
			name:    "setter",
			req:     PromptRequest{Sports: "Volleyball", Position: "Setter", Count: 3},
			wantLen: 3,
			wantOne: []string{"Running the Offense", "Setter's Hands"},
		},
		{
			name:      "sport matched inside a longer name",
			req:       PromptRequest{Sports: "Track & Field", Count: 3},
			wantLen:   3,
			fromSport: "track",
		},
		{
			name:        "unknown sport uses the general bank",
			req:         PromptRequest{Sports: "Chess", Count: 3},
			wantLen:     3,
			fromGeneral: true,
		},
		{
			name:    "two sports draw from both banks",
			req:     PromptRequest{Sports: "Baseball, Swimming", Count: 10},
			wantLen: 10,
			wantOne: []string{"Set of the Week", "Race Breakdown", "Stroke Technique", "Behind the Blocks", "Lane Leader", "Best Time"},
		},
		{
			name:    "count below three answers three",
			req:     PromptRequest{Sports: "Soccer", Count: 1},
			wantLen: 3,
		},
		{
			name:    "count is capped",
			req:     PromptRequest{Count: 500},
			wantLen: 7, // the whole general bank
		},
		{
			name:     "recent titles are not offered again",
			req:      PromptRequest{Sports: "Softball", Count: 10, RecentTitles: []string{"big at-bat", " Small  Ball "}},
			wantNone: []string{"Big At-Bat", "Small Ball"},
		},
		{
			name: "falls back to the builtin prompts when the bank is used up",
			req: PromptRequest{Sports: "Chess", Count: 3, RecentTitles: []string{
				"Proudest Moment", "Bounce Back", "Pre-Game Routine", "Coach's Words", "Teammate Shout-Out", "One Skill at a Time",
			}},
			wantLen: 3,
			wantOne: []string{"Game Reflection", "Training", "Leadership"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()

			got, err := Offline{}.Prompts(context.Background(), tt.req)
			require.NoError(t, err)

			require.GreaterOrEqual(t, len(got), 3)
			if tt.wantLen > 0 {
				require.Len(t, got, tt.wantLen)
			}
			seen := map[string]bool{}
			for _, p := range got {
				require.NotEmpty(t, p.Title)
				require.NotEmpty(t, p.Prompt)
				require.Contains(t, Categories, p.Category)
				require.False(t, seen[p.Title], "duplicate prompt %q", p.Title)
				seen[p.Title] = true
			}
			if tt.fromSport != "" || tt.fromGeneral {
				bank := bankTitles(t, tt.fromSport)
				for _, p := range got {
					require.True(t, bank[p.Title], "%q is not from the %q bank", p.Title, tt.fromSport)
				}
			}
			if len(tt.wantOne) > 0 {
				found := false
				for _, p := range got {
					found = found || indexOf(tt.wantOne, p.Title) >= 0
				}
				require.True(t, found, "none of %v in %v", tt.wantOne, titlesOf(got))
			}
			for _, title := range tt.wantNone {
				require.NotContains(t, titlesOf(got), title)
			}
		})
	}
}

func TestOfflinePromptsDeterministicAndVaried(t *testing.T) {
	t.Parallel()

	req := PromptRequest{Sports: "Softball", Position: "Pitcher", Count: 3, RecentTitles: []string{"Opening day", "Bus ride"}}
	first, err := Offline{}.Prompts(context.Background(), req)
	require.NoError(t, err)
	again, err := Offline{}.Prompts(context.Background(), req)
	require.NoError(t, err)
	require.Equal(t, first, again, "equal requests answer equal prompts")

	// A new entry changes the recent titles; across a few new entries the offer changes.
	changed := 0
	for _, title := range []string{"Rain delay", "Scrimmage", "Team dinner", "Senior night"} {
		next := req
		next.RecentTitles = append([]string{title}, req.RecentTitles...)
		got, err := Offline{}.Prompts(context.Background(), next)
		require.NoError(t, err)
		if !slices.Equal(titlesOf(first), titlesOf(got)) {
			changed++
		}
	}
	require.GreaterOrEqual(t, changed, 3, "prompts barely changed as new entries were written")
}

func TestOfflinePromptsSportSpecific(t *testing.T) {
	t.Parallel()

	softball, err := Offline{}.Prompts(context.Background(), PromptRequest{Sports: "Softball", Count: 5})
	require.NoError(t, err)
	soccer, err := Offline{}.Prompts(context.Background(), PromptRequest{Sports: "Soccer", Count: 5})
	require.NoError(t, err)

	softballBank, soccerBank := bankTitles(t, "softball"), bankTitles(t, "soccer")
	countFrom := func(ps []Prompt, bank map[string]bool) int {
		n := 0
		for _, p := range ps {
			if bank[p.Title] {
				n++
			}
		}
		return n
	}
	require.GreaterOrEqual(t, countFrom(softball, softballBank), 3)
	require.Zero(t, countFrom(softball, soccerBank))
	require.GreaterOrEqual(t, countFrom(soccer, soccerBank), 3)
	require.Zero(t, countFrom(soccer, softballBank))
}

func TestBankIsWellFormed(t *testing.T) {
	t.Parallel()

	titles := map[string]bool{}
	check := func(bp bankPrompt) {
		require.NotEmpty(t, bp.Title)
		require.NotEmpty(t, bp.Prompt)
		require.Contains(t, Categories, bp.Category, bp.Title)
		require.False(t, titles[normalizeTitle(bp.Title)], "title %q used twice; titles identify prompts", bp.Title)
		titles[normalizeTitle(bp.Title)] = true
	}
	require.GreaterOrEqual(t, len(generalBank), 6)
	for _, bp := range generalBank {
		check(bp)
	}
	for _, sport := range []string{"baseball", "softball", "basketball", "soccer", "football", "volleyball", "track", "swimming"} {
		banks := matchingBanks(sport)
		require.Len(t, banks, 1, sport)
		require.GreaterOrEqual(t, len(banks[0].prompts), 6, sport)
		for _, bp := range banks[0].prompts {
			check(bp)
		}
	}
	for _, b := range BuiltinPrompts() {
		require.False(t, titles[normalizeTitle(b.Title)], "bank reuses builtin title %q", b.Title)
	}
}

func TestBuiltinPrompts(t *testing.T) {
	t.Parallel()

	got := BuiltinPrompts()
	require.Len(t, got, 3)
	require.Equal(t, []string{"Game Reflection", "Training", "Leadership"}, titlesOf(got))
	require.Equal(t, "game reflection", got[0].Category)
	require.Equal(t, "training", got[1].Category)
	require.Equal(t, "leadership", got[2].Category)
	for _, p := range got {
		require.NotEmpty(t, p.Prompt)
	}
}
