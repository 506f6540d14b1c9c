package main

import (
	"net/http"

	"github.com/labstack/echo/v5"
	"github.com/labstack/echo/v5/middleware"

	"legacylocker/store"
)

// routes is the whole handler: every endpoint behind Go's cross-origin protection (every
// state-changing request from another origin is refused) and the session middleware.
func (app *application) routes() http.Handler {
	protection := http.NewCrossOriginProtection()
	protection.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusForbidden)
		_, _ = w.Write([]byte(`{"message":"Cross-origin request refused"}`))
	}))
	return protection.Handler(app.sessions.LoadAndSave(app.router()))
}

// router registers every endpoint.
func (app *application) router() *echo.Echo {
	e := echo.New()
	e.HTTPErrorHandler = app.errorHandler
	e.Logger = app.logger
	if app.cfg.trustProxy {
		e.IPExtractor = echo.ExtractIPFromXFFHeader()
	} else {
		e.IPExtractor = echo.ExtractIPDirect()
	}
	e.Use(middleware.Recover(), securityHeaders)

	e.GET("/healthz", app.healthz)
	e.GET("/readyz", app.readyz)

	api := e.Group("/api", app.logRequests)
	api.GET("/login", app.loginPage)
	api.POST("/login", app.login)
	api.POST("/register", app.register)
	api.POST("/logout", app.logout)
	api.POST("/waitlist", app.joinWaitlist)
	api.POST("/contact", app.sendContactMessage)
	api.GET("/demo", app.demo)
	api.GET("/invitations/:token", app.showInvitation)
	api.GET("/share/:code", app.showShared)
	api.GET("/share/:code/media", app.serveShared)
	api.GET("/share/:code/thumbnail", app.serveShared)

	signedIn := api.Group("", app.requireUser)
	signedIn.GET("/user", app.showUser)
	signedIn.PUT("/user", app.updateUser)
	signedIn.PUT("/user/password", app.changePassword)
	signedIn.GET("/athletes", app.listAthletes)
	signedIn.POST("/athletes", app.createAthlete)
	signedIn.POST("/invitations/:token/accept", app.acceptInvitation)
	signedIn.GET("/athletes/me", app.myAthlete)

	view := app.requireAthlete(store.ActionView)
	edit := app.requireAthlete(store.ActionEditContent)
	manage := app.requireAthlete(store.ActionManageCircle)
	signedIn.GET("/athletes/:id", app.showAthlete, view)
	signedIn.PUT("/athletes/:id", app.updateAthlete, edit)
	signedIn.GET("/athletes/:id/stats", app.listStats, view)
	signedIn.GET("/athletes/:id/events", app.listEvents, view)

	signedIn.GET("/athletes/:id/family-circle", app.listFamily, view)
	signedIn.POST("/athletes/:id/family-circle", app.inviteFamilyMember, manage)
	signedIn.GET("/athletes/:id/privacy-settings", app.showPrivacySettings, view)
	signedIn.PUT("/athletes/:id/privacy-settings", app.updatePrivacySettings, manage)
	signedIn.PUT("/family-circle/:id", app.changeFamilyAccess, app.requireFamilyMember)
	signedIn.DELETE("/family-circle/:id", app.removeFamilyMember, app.requireFamilyMember)
	signedIn.POST("/family-circle/:id/resend", app.resendInvitation, app.requireFamilyMember)
	signedIn.POST("/family-circle/:id/cancel", app.cancelInvitation, app.requireFamilyMember)
	signedIn.GET("/family-circle/:id/shares", app.showFamilyShares, app.requireFamilyMember)
	signedIn.PUT("/family-circle/:id/shares", app.replaceFamilyShares, app.requireFamilyMember)

	signedIn.GET("/user/settings", app.showUserSettings)
	signedIn.PUT("/user/settings", app.updateUserSettings)

	signedIn.GET("/athletes/:id/journal", app.listJournal, view)
	signedIn.GET("/athletes/:id/journal/stats", app.journalStats, view)
	signedIn.POST("/athletes/:id/journal", app.createJournalEntry, edit)
	signedIn.PUT("/journal/:id", app.updateJournalEntry, app.requireEntry(store.ActionEditContent))
	signedIn.DELETE("/journal/:id", app.deleteJournalEntry, app.requireEntry(store.ActionEditContent))
	signedIn.PATCH("/journal/:id/favorite", app.toggleJournalFavorite, app.requireEntry(store.ActionEditContent))
	signedIn.POST("/journal/:id/enhance", app.enhanceJournalEntry, app.requireEntry(store.ActionEditContent))
	signedIn.DELETE("/journal/:id/enhancement", app.revertJournalEnhancement, app.requireEntry(store.ActionEditContent))

	signedIn.GET("/athletes/:id/media", app.listMedia, view)
	signedIn.GET("/athletes/:id/media/usage", app.mediaUsage, view)
	signedIn.POST("/athletes/:id/media", app.uploadMedia, edit)
	signedIn.GET("/media/:id", app.showMedia, app.requireMedia(store.ActionView))
	signedIn.PUT("/media/:id", app.updateMedia, app.requireMedia(store.ActionEditContent))
	signedIn.DELETE("/media/:id", app.deleteMedia, app.requireMedia(store.ActionEditContent))
	signedIn.PATCH("/media/:id/favorite", app.toggleMediaFavorite, app.requireMedia(store.ActionEditContent))
	signedIn.POST("/media/:id/share", app.shareMedia, app.requireMedia(store.ActionEditContent))
	signedIn.DELETE("/media/:id/share", app.unshareMedia, app.requireMedia(store.ActionEditContent))
	signedIn.GET("/media/:id/highlights", app.showHighlights, app.requireMedia(store.ActionView))
	signedIn.POST("/media/:id/highlights", app.detectHighlights, app.requireMedia(store.ActionEditContent))
	signedIn.POST("/media/:id/trim", app.trimMedia, app.requireMedia(store.ActionEditContent))
	signedIn.GET("/uploads/:key", app.serveUpload)

	signedIn.GET("/journal-prompts", app.listJournalPrompts)
	signedIn.DELETE("/journal-prompts/:id", app.deleteJournalPrompt)
	signedIn.POST("/athletes/:id/journal-prompts", app.createJournalPrompt, edit)
	signedIn.POST("/athletes/:id/journal-prompts/generate", app.generateJournalPrompts, edit)
	signedIn.GET("/athletes/:id/journal-prompts/generate", app.journalPromptGenerationStatus, view)

	api.Any("/*", notFound)

	spa := newSPA()
	e.GET("/*", spa.serve)
	e.HEAD("/*", spa.serve)
	return e
}
