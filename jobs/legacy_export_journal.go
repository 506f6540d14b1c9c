package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"legacylocker/store"
)

// journalArea is every journal entry: journal/entries.json with every field, and one readable page
// per entry with the family's own words first and the polished version beside them, named by what
// polished it.
var journalArea = legacyArea{
	name:    "journal",
	exports: []string{"journal_entries"},
	gather:  gatherJournal,
}

type exportedEntry struct {
	ID              int64      `json:"id"`
	Title           string     `json:"title"`
	Content         string     `json:"content"`
	EntryDate       string     `json:"entry_date"`
	Tags            []string   `json:"tags"`
	IsPrivate       bool       `json:"is_private"`
	IsFavorite      bool       `json:"is_favorite"`
	EnhancedContent *string    `json:"enhanced_content"`
	AISummary       *string    `json:"ai_summary"`
	AIProvider      *string    `json:"ai_provider"`
	Author          *string    `json:"author"`
	CreatedAt       time.Time  `json:"created_at"`
	UpdatedAt       *time.Time `json:"updated_at"`
}

func gatherJournal(ctx context.Context, src legacySource, a *legacyArchive) error {
	body, err := src.json(ctx, a, "journal/entries.json", store.Q.ArchiveJournalEntries)
	if err != nil {
		return err
	}
	var entries []exportedEntry
	if err := json.Unmarshal(body, &entries); err != nil {
		return err
	}
	for _, e := range entries {
		name := fmt.Sprintf("journal/%s %s (%d).md", e.EntryDate, safeFileName(e.Title, "Entry"), e.ID)
		modified := e.CreatedAt
		if e.UpdatedAt != nil {
			modified = *e.UpdatedAt
		}
		a.text(name, entryPage(e), modified)
	}
	return nil
}

func entryPage(e exportedEntry) []byte {
	var md strings.Builder
	fmt.Fprintf(&md, "# %s\n\n", e.Title)
	fmt.Fprintf(&md, "- Date: %s\n", e.EntryDate)
	if e.Author != nil {
		fmt.Fprintf(&md, "- Written by: %s\n", *e.Author)
	}
	if len(e.Tags) > 0 {
		fmt.Fprintf(&md, "- Tags: %s\n", strings.Join(e.Tags, ", "))
	}
	if e.IsPrivate {
		md.WriteString("- Private entry\n")
	}
	if e.IsFavorite {
		md.WriteString("- Favorite\n")
	}
	md.WriteString("\n## In the family's words\n\n")
	md.WriteString(strings.TrimSpace(e.Content))
	md.WriteString("\n")
	// Named by what ran: an AI model's work, or the offline cleanup's, which is never called AI
	// (issue 33).
	polished, summary := "Cleaned-up version (offline, no AI)", "Key sentences"
	if e.AIProvider != nil && *e.AIProvider == "model" {
		polished, summary = "AI-polished version", "AI summary"
	}
	if e.EnhancedContent != nil {
		fmt.Fprintf(&md, "\n## %s\n\n%s\n", polished, strings.TrimSpace(*e.EnhancedContent))
	}
	if e.AISummary != nil {
		fmt.Fprintf(&md, "\n## %s\n\n%s\n", summary, strings.TrimSpace(*e.AISummary))
	}
	return []byte(md.String())
}
