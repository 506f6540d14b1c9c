package ai

import (
	"context"
	"errors"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/require"
)

func TestOfflineEnhance(t *testing.T) {
	t.Parallel()

	tests := []struct {
		name         string
		entry        Entry
		wantPolished string // exact, when set
		wantContains []string
		wantTags     []string // must all be present
		wantNoTags   bool
	}{
		{
			name: "messy game reflection",
			entry: Entry{
				Title:    "Game against Central",
				Sports:   "Baseball",
				Position: "Pitcher",
				Content: "we played central today  i pitched 5 innings and struck out 7 , coach said my changeup was working\n" +
					"i was nervous in the first inning but i settled down after a few pitches\n" +
					"we won 6-2 and i'm proud of how the defense played behind me",
			},
			wantContains: []string{
				"We played central today I pitched 5 innings and struck out 7, coach said my changeup was working.",
				"I was nervous in the first inning but I settled down after a few pitches.",
				"We won 6-2 and I'm proud of how the defense played behind me.",
			},
			wantTags: []string{"game reflection"},
		},
		{
			name: "training note",
			entry: Entry{
				Title:   "Tuesday practice",
				Sports:  "Softball",
				Content: "practice was long today. we did fielding drills for an hour and then i took 200 reps in the batting cage. my coach said my technique on the inside pitch is getting better. conditioning at the end of training was brutal .",
			},
			wantContains: []string{"Practice was long today.", "We did fielding drills", "Conditioning at the end of training was brutal."},
			wantTags:     []string{"training"},
		},
		{
			name: "captain leadership note",
			entry: Entry{
				Title:   "Being a captain",
				Sports:  "Soccer",
				Content: "this week i was named captain. i tried to be a leader by example and encouraged the younger players when they made mistakes. my teammates said the huddle before the second half really helped.",
			},
			wantTags: []string{"leadership"},
		},
		{
			name:         "keyword-free text",
			entry:        Entry{Title: "Sunday", Content: "the weather was nice and we ate pizza with my grandparents"},
			wantPolished: "The weather was nice and we ate pizza with my grandparents.",
			wantNoTags:   true,
		},
		{
			name:         "paragraph breaks preserved and blank runs collapsed",
			entry:        Entry{Content: "  first paragraph here  \n\n\n\n   second paragraph ,after a gap\r\n\r\nthird one!  "},
			wantPolished: "First paragraph here.\n\nSecond paragraph, after a gap.\n\nThird one!",
		},
		{
			name:         "spaces before punctuation and standalone i",
			entry:        Entry{Content: "did i play well ? i think so ! i've got more to work on , i.e. my footwork"},
			wantPolished: "Did I play well? I think so! I've got more to work on, i.e. my footwork.",
		},
		{
			name:         "abbreviations and ellipses do not start sentences",
			entry:        Entry{Content: "we played vs. north at 6 p.m. and it was close... then we lost"},
			wantPolished: "We played vs. north at 6 p.m. and it was close... then we lost.",
		},
		{
			name:         "list lines and closing quotes",
			entry:        Entry{Content: "goals for next week:\n- throw more strikes\n- coach told me \"keep your elbow up\""},
			wantPolished: "Goals for next week:\n- Throw more strikes.\n- Coach told me \"keep your elbow up\".",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()

			got, err := Offline{}.Enhance(context.Background(), tt.entry)
			require.NoError(t, err)

			require.Equal(t, "basic", got.Provider)
			require.Empty(t, got.Model)
			require.False(t, got.Unchanged, "every case here needs tidying")
			if tt.wantPolished != "" {
				require.Equal(t, tt.wantPolished, got.Polished)
			}
			for _, want := range tt.wantContains {
				require.Contains(t, got.Polished, want)
			}
			requirePolishedShape(t, got.Polished)

			requireExtractiveSummary(t, got.Polished, got.Summary)

			for _, tag := range tt.wantTags {
				require.Contains(t, got.Tags, tag)
			}
			if tt.wantNoTags {
				require.Empty(t, got.Tags)
			}
			requireValidTags(t, got.Tags)

			// Idempotent: enhancing the polished text again changes nothing.
			again, err := Offline{}.Enhance(context.Background(), Entry{Title: tt.entry.Title, Content: got.Polished})
			require.NoError(t, err)
			require.Equal(t, got.Polished, again.Polished)
			require.Equal(t, got.Summary, again.Summary)
			require.Equal(t, got.Tags, again.Tags)
		})
	}
}

// TestOfflineCleanupRules: each rule of the tidy-up, and what it must leave alone.
func TestOfflineCleanupRules(t *testing.T) {
	t.Parallel()

	tests := []struct{ name, in, want string }{
		{"sentence capitals", "we won. then we ate. great day", "We won. Then we ate. Great day."},
		{"standalone i", "i think i'm ready and i'll show it", "I think I'm ready and I'll show it."},
		{"doubled spaces", "we   played  well", "We played well."},
		{"space before punctuation", "we won , barely !", "We won, barely!"},
		{"space after a comma", "we won,barely", "We won, barely."},
		{"sentences run together", "we won.Then we celebrated!It was fun", "We won. Then we celebrated! It was fun."},
		{"lower-case sentences run together", "struck out seven.the crowd was loud", "Struck out seven. The crowd was loud."},
		{"addresses and file names stay", "see maxpreps.com and my notes.txt, or www.ncaa.org", "See maxpreps.com and my notes.txt, or www.ncaa.org."},
		{"repeated words", "the the ball went to to second and i i caught it", "The ball went to second and I caught it."},
		{"repeated word at a sentence start", "The the game was close.", "The game was close."},
		{"meant repetitions stay", "I had had enough, very very tired.", "I had had enough, very very tired."},
		{"decimals, initials and abbreviations stay", "On Monday, e.g. I ran 3.5 miles with Dr. Lee in the U.S.A.", "On Monday, e.g. I ran 3.5 miles with Dr. Lee in the U.S.A."},
		{"words starting with i stay", "it is in", "It is in."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			require.Equal(t, tt.want, polish(tt.in))
			require.Equal(t, tt.want, polish(tt.want), "idempotent")
		})
	}
}

// TestOfflineSaysWhenNothingNeededChanging: a well-written entry comes back marked Unchanged
// (the UI says "no changes needed" instead of offering an identical copy), with no summary
// that would only repeat it and no tags it does not name.
func TestOfflineSaysWhenNothingNeededChanging(t *testing.T) {
	t.Parallel()

	entry := Entry{Title: "Team dinner after practice", Content: "We went out for pasta after practice.\r\nCoach paid for dessert."}
	got, err := Offline{}.Enhance(context.Background(), entry)
	require.NoError(t, err)
	require.True(t, got.Unchanged)
	require.Equal(t, "We went out for pasta after practice.\nCoach paid for dessert.", got.Polished)
	require.Empty(t, got.Summary, "a two-sentence summary of a two-sentence entry is the entry")
	require.Empty(t, got.Tags)

	got, err = Offline{}.Enhance(context.Background(), Entry{Content: "we went out for pasta after practice"})
	require.NoError(t, err)
	require.False(t, got.Unchanged)
	require.Equal(t, "We went out for pasta after practice.", got.Polished)
}

func TestOfflineEnhanceRefusesEmptyEntry(t *testing.T) {
	t.Parallel()

	_, err := Offline{}.Enhance(context.Background(), Entry{Title: "Empty", Content: " \n\t \n"})
	require.ErrorIs(t, err, ErrPermanent)
}

func TestOfflineEnhanceHonoursCancelledContext(t *testing.T) {
	t.Parallel()

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Offline{}.Enhance(ctx, Entry{Content: "we won"})
	require.ErrorIs(t, err, context.Canceled)
	require.False(t, errors.Is(err, ErrPermanent))
}

func TestSummarize(t *testing.T) {
	t.Parallel()

	tests := []struct {
		name string
		text string
		want string
	}{
		{name: "one sentence is the whole text", text: "We won.", want: "We won."},
		{name: "two sentences are the whole text", text: "We won.\n\nI pitched well.", want: "We won. I pitched well."},
		{
			name: "picks the sentences the entry keeps returning to, in order",
			text: "Today we played Westview. " +
				"The bus ride was long and I listened to music. " +
				"My changeup was working, and Westview could not hit my changeup or my curveball. " +
				"We ate tacos after.\n\n" +
				"Next week I want my curveball to be as good as my changeup.",
			want: "My changeup was working, and Westview could not hit my changeup or my curveball. " +
				"Next week I want my curveball to be as good as my changeup.",
		},
		{
			name: "the opening sentence gets a head start",
			text: "We won the final. I pitched the final inning. We got pizza after.",
			want: "We won the final. I pitched the final inning.",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			require.Equal(t, tt.want, summarize(tt.text))
		})
	}
}

func TestSuggestTags(t *testing.T) {
	t.Parallel()

	tests := []struct {
		name string
		text string
		want []string
	}{
		{name: "nothing matches", text: "We ate pizza.", want: []string{}},
		// The family's report: a keyword guess tagged this game reflection, training and milestone.
		{name: "keywords alone name no category", text: "Team dinner after practice\nWe went out for pasta after practice. First time the whole team came.", want: []string{}},
		{name: "a category's own word names it", text: "Extra training after school.", want: []string{"training"}},
		{name: "other forms of its words count", text: "Two games this weekend. I trained on Monday and reflected on both.", want: []string{"game reflection", "training"}},
		{name: "either word of a two-word category counts", text: "I felt mentally ready.", want: []string{"mental preparation"}},
		{name: "a word inside another word does not count", text: "The endgame was a strain.", want: []string{}},
		{
			name: "at most three, the best evidenced, in Categories order",
			text: "A milestone game: I was named MVP. I was a leader for my teammates as captain, and my mental " +
				"preparation kept me calm under pressure and focused. Training paid off.",
			want: []string{"leadership", "mental preparation", "milestone"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			require.Equal(t, tt.want, suggestTags(tt.text))
		})
	}
}

// requirePolishedShape checks the house rules of polished text: no doubled spaces, no space
// before punctuation, no space at a line's edges, no lone "i", and each line starting with a
// capital (or a digit, or a symbol) and ending with punctuation.
func requirePolishedShape(t *testing.T, text string) {
	t.Helper()
	require.NotContains(t, text, "  ")
	require.NotContains(t, text, "\n\n\n")
	for _, punct := range []string{" ,", " .", " !", " ?", " ;"} {
		require.NotContains(t, text, punct)
	}
	for _, w := range strings.Fields(text) {
		require.NotEqual(t, "i", strings.Trim(w, ".,!?;:\"'"))
	}
	for _, line := range strings.Split(text, "\n") {
		if line == "" {
			continue
		}
		require.Equal(t, strings.TrimSpace(line), line)
		first := []rune(strings.TrimLeft(line, "-*• \"'("))[0]
		require.False(t, unicode.IsLower(first), "line starts in lower case: %q", line)
		last := []rune(strings.TrimRight(line, ")\"'"))
		require.False(t, unicode.IsLetter(last[len(last)-1]) || unicode.IsDigit(last[len(last)-1]), "line lacks end punctuation: %q", line)
	}
}

// TestOfflineSummaryOnlyWhenShorter: the offline summary is left out where it would repeat most of
// the entry, and kept for a longer one (issue 33).
func TestOfflineSummaryOnlyWhenShorter(t *testing.T) {
	t.Parallel()
	got, err := Offline{}.Enhance(context.Background(), Entry{Content: "We won 4-2 today. I pitched five innings and struck out seven. Coach said my changeup was working."})
	require.NoError(t, err)
	require.Empty(t, got.Summary, "two of three sentences repeat the entry")

	long := "We played East in the regional final tonight. It rained before the game and the field was slow. " +
		"I pitched six innings and struck out nine batters. My changeup was the best pitch I threw all season. " +
		"Coach said the changeup won us the game. We won 3-1 and the whole team ran onto the field. " +
		"Dad drove us home and we got pizza on the way."
	got, err = Offline{}.Enhance(context.Background(), Entry{Content: long})
	require.NoError(t, err)
	require.NotEmpty(t, got.Summary, "a longer entry keeps its two sentences")
	requireExtractiveSummary(t, got.Polished, got.Summary)
}

// requireExtractiveSummary checks that summary is empty (when the text has at most two
// sentences, or its two chosen sentences would be more than half of it: the summary would repeat the
// entry) or two of its sentences, in their original order, at most half the text.
func requireExtractiveSummary(t *testing.T, text, summary string) {
	t.Helper()
	ss := sentences(text)
	if len(ss) <= 2 {
		require.Empty(t, summary)
		return
	}
	if summary == "" {
		require.Greater(t, 2*len(summarize(text)), len(text), "a summary is left out only when it would be over half the entry")
		return
	}
	require.LessOrEqual(t, 2*len(summary), len(text), "a summary is at most half the entry")
	for i := range ss {
		for j := i + 1; j < len(ss); j++ {
			if summary == ss[i]+" "+ss[j] {
				return
			}
		}
	}
	require.Failf(t, "summary is not two sentences of the text", "summary %q\ntext %q", summary, text)
}

func requireValidTags(t *testing.T, tags []string) {
	t.Helper()
	require.LessOrEqual(t, len(tags), 3)
	last := -1
	for _, tag := range tags {
		i := indexOf(Categories, tag)
		require.GreaterOrEqual(t, i, 0, "tag %q is not a category", tag)
		require.Greater(t, i, last, "tags out of Categories order or duplicated: %v", tags)
		last = i
	}
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}
