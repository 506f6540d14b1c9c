package jobs

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestEntryPageNamesWhatPolishedIt: an entry's page in the archive calls the offline cleanup's work
// by its name and an AI model's "AI" (issue 33: "AI" where no AI ran).
func TestEntryPageNamesWhatPolishedIt(t *testing.T) {
	t.Parallel()
	polished, summary := "We won. I pitched.", "I pitched."
	for _, tc := range []struct {
		provider          string
		want, wantSummary string
		mustNotSay        string
	}{
		{"basic", "## Cleaned-up version (offline, no AI)\n\nWe won. I pitched.", "## Key sentences\n\nI pitched.", "AI-polished"},
		{"model", "## AI-polished version\n\nWe won. I pitched.", "## AI summary\n\nI pitched.", "offline"},
	} {
		provider := tc.provider
		page := string(entryPage(exportedEntry{Title: "Game", Content: "we won. i pitched.", EntryDate: "2026-04-02",
			EnhancedContent: &polished, AISummary: &summary, AIProvider: &provider}))
		require.Contains(t, page, tc.want, tc.provider)
		require.Contains(t, page, tc.wantSummary, tc.provider)
		require.NotContains(t, page, tc.mustNotSay, tc.provider)
	}
}
