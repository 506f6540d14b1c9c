package main

import "legacylocker/store"

// journalRoutes registers the journal, its AI, the writing prompts and the weekly prompt e-mail's
// settings.
func (app *application) journalRoutes(r routeGroups) {
	r.signedIn.GET("/journal-options", app.showJournalOptions)
	r.signedIn.GET("/user/settings", app.showUserSettings)
	r.signedIn.PUT("/user/settings", app.updateUserSettings)

	const view, edit = store.ActionView, store.ActionEditContent
	journal := athlete(store.SectionJournal)
	r.signedIn.GET("/athletes/:id/journal", app.listJournal, app.allow(view, journal))
	r.signedIn.GET("/athletes/:id/journal/stats", app.journalStats, app.allow(view, journal))
	r.signedIn.POST("/athletes/:id/journal", app.createJournalEntry, app.allow(edit, journal))
	r.signedIn.PUT("/journal/:id", app.updateJournalEntry, app.allow(edit, journalEntries))
	r.signedIn.DELETE("/journal/:id", app.deleteJournalEntry, app.allow(edit, journalEntries))
	r.signedIn.PATCH("/journal/:id/favorite", app.toggleJournalFavorite, app.allow(edit, journalEntries))
	r.signedIn.POST("/journal/:id/enhance", app.enhanceJournalEntry, app.allow(edit, journalEntries))
	r.signedIn.DELETE("/journal/:id/enhancement", app.revertJournalEnhancement, app.allow(edit, journalEntries))

	// The prompt list is the caller's own athlete's unless ?athleteId= names another, which allow
	// checks like any athlete route.
	r.signedIn.GET("/journal-prompts", app.listJournalPrompts, app.allow(view, athlete("").inQuery("athleteId").orUnnamed()))
	r.signedIn.DELETE("/journal-prompts/:id", app.deleteJournalPrompt, app.allow(edit, journalPrompts))
	r.signedIn.POST("/athletes/:id/journal-prompts", app.createJournalPrompt, app.allow(edit, journal))
	r.signedIn.POST("/athletes/:id/journal-prompts/generate", app.generateJournalPrompts, app.allow(edit, journal))
	r.signedIn.GET("/athletes/:id/journal-prompts/generate", app.journalPromptGenerationStatus, app.allow(view, journal))
}

// The journal's records behind a route's parameter (access.go).
var (
	journalEntries = byID(store.Q.JournalGetByID, func(e store.JournalEntry) store.Item {
		item := store.Item{AthleteID: e.AthleteID, Section: store.SectionJournal, ID: e.ID, Private: e.IsPrivate}
		if e.AuthorID != nil {
			item.AuthorID = *e.AuthorID
		}
		return item
	})
	journalPrompts = byID(store.Q.JournalPromptGetByID, func(p store.JournalPrompt) store.Item {
		return store.Item{AthleteID: p.AthleteID}
	})
)
