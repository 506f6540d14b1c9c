package main

import (
	"net/http"

	"github.com/labstack/echo/v5"
	"github.com/labstack/echo/v5/middleware"

	"legacylocker/cmd/internal/observe"
	"legacylocker/store"
)

// routes is the whole handler: every endpoint behind Go's cross-origin protection (every
// state-changing request from another origin is refused) and the session middleware — except the
// health checks, which must answer (readyz with a 503) while the session store is down.
func (app *application) routes() http.Handler {
	protection := http.NewCrossOriginProtection()
	protection.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeJSONError(w, http.StatusForbidden, "Cross-origin request refused")
	}))
	router := app.router()
	mux := http.NewServeMux()
	mux.Handle("GET /healthz", router)
	mux.Handle("GET /readyz", router)
	mux.Handle("/", protection.Handler(app.sessions.LoadAndSave(router)))
	return observe.WithRequestIDs(mux)
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

	api := e.Group("/api", app.logRequests, checkRequestText)
	api.GET("/login", app.loginPage)
	api.POST("/login", app.login)
	api.POST("/register", app.register)
	api.POST("/logout", app.logout)
	api.GET("/session", app.showSession) // public: answers who is signed in, if anyone
	api.POST("/waitlist", app.joinWaitlist)
	api.POST("/contact", app.sendContactMessage)
	api.GET("/demo", app.demo)
	api.GET("/demo/achievements/:id/card", app.demoCard)
	api.GET("/demo/media/:id/image", app.demoImage)
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

	// Each athlete route names the action it needs and the resource behind its parameter
	// (access.go); the authorization matrix test holds every route of this router to it.
	const view, edit, manage = store.ActionView, store.ActionEditContent, store.ActionManageCircle
	profile := athlete("")
	signedIn.GET("/athletes/:id", app.showAthlete, app.allow(view, profile))
	signedIn.PUT("/athletes/:id", app.updateAthlete, app.allow(edit, profile))
	signedIn.GET("/athletes/:id/stats", app.listStats, app.allow(view, athlete(store.SectionStats)))
	// The whole legacy, the owner's alone: the archive of everything, and deleting it all.
	own := store.ActionOwnLegacy
	signedIn.GET("/athletes/:id/exports", app.listExports, app.allow(own, profile))
	signedIn.POST("/athletes/:id/exports", app.createExport, app.allow(own, profile))
	signedIn.GET("/exports/:id/download", app.downloadExport, app.allow(own, legacyExports))
	signedIn.DELETE("/athletes/:id", app.deleteAthlete, app.allow(own, profile))
	signedIn.DELETE("/user", app.deleteAccount) // the caller's own account

	signedIn.GET("/athletes/:id/family-circle", app.listFamily, app.allow(view, profile))
	signedIn.POST("/athletes/:id/family-circle", app.inviteFamilyMember, app.allow(manage, profile))
	signedIn.GET("/athletes/:id/privacy-settings", app.showPrivacySettings, app.allow(view, profile))
	signedIn.PUT("/athletes/:id/privacy-settings", app.updatePrivacySettings, app.allow(manage, profile))
	signedIn.PUT("/family-circle/:id", app.changeFamilyAccess, app.allow(manage, familyMembers))
	signedIn.DELETE("/family-circle/:id", app.removeFamilyMember, app.allow(manage, familyMembers))
	signedIn.POST("/family-circle/:id/resend", app.resendInvitation, app.allow(manage, familyMembers))
	signedIn.POST("/family-circle/:id/cancel", app.cancelInvitation, app.allow(manage, familyMembers))
	signedIn.GET("/family-circle/:id/shares", app.showFamilyShares, app.allow(manage, familyMembers))
	signedIn.PUT("/family-circle/:id/shares", app.replaceFamilyShares, app.allow(manage, familyMembers))

	signedIn.GET("/journal-options", app.showJournalOptions)
	signedIn.GET("/user/settings", app.showUserSettings)
	signedIn.PUT("/user/settings", app.updateUserSettings)

	journal := athlete(store.SectionJournal)
	signedIn.GET("/athletes/:id/journal", app.listJournal, app.allow(view, journal))
	signedIn.GET("/athletes/:id/journal/stats", app.journalStats, app.allow(view, journal))
	signedIn.POST("/athletes/:id/journal", app.createJournalEntry, app.allow(edit, journal))
	signedIn.PUT("/journal/:id", app.updateJournalEntry, app.allow(edit, journalEntries))
	signedIn.DELETE("/journal/:id", app.deleteJournalEntry, app.allow(edit, journalEntries))
	signedIn.PATCH("/journal/:id/favorite", app.toggleJournalFavorite, app.allow(edit, journalEntries))
	signedIn.POST("/journal/:id/enhance", app.enhanceJournalEntry, app.allow(edit, journalEntries))
	signedIn.DELETE("/journal/:id/enhancement", app.revertJournalEnhancement, app.allow(edit, journalEntries))

	media := athlete(store.SectionMedia)
	signedIn.GET("/athletes/:id/media", app.listMedia, app.allow(view, media))
	signedIn.GET("/athletes/:id/media/usage", app.mediaUsage, app.allow(edit, media))
	signedIn.POST("/athletes/:id/media", app.uploadMedia, app.allow(edit, media))
	signedIn.GET("/media/:id", app.showMedia, app.allow(view, mediaItems))
	signedIn.PUT("/media/:id", app.updateMedia, app.allow(edit, mediaItems))
	signedIn.DELETE("/media/:id", app.deleteMedia, app.allow(edit, mediaItems))
	signedIn.PATCH("/media/:id/favorite", app.toggleMediaFavorite, app.allow(edit, mediaItems))
	signedIn.POST("/media/:id/share", app.shareMedia, app.allow(edit, mediaItems))
	signedIn.DELETE("/media/:id/share", app.unshareMedia, app.allow(edit, mediaItems))
	signedIn.POST("/media/:id/retry", app.retryMedia, app.allow(edit, mediaItems))
	signedIn.GET("/media/:id/highlights", app.showHighlights, app.allow(view, mediaItems))
	signedIn.POST("/media/:id/highlights", app.detectHighlights, app.allow(edit, mediaItems))
	signedIn.POST("/media/:id/trim", app.trimMedia, app.allow(edit, mediaItems))
	signedIn.GET("/uploads/:key", app.serveUpload, app.allow(view, mediaFiles))
	// Resumable uploads (tus 1.0, tus.go): made for the athlete by whoever may upload, then that
	// person's alone (another caller's upload id answers 404).
	signedIn.OPTIONS("/athletes/:id/media/uploads", app.describeResumableUploads, app.allow(edit, media), tusProtocol)
	signedIn.POST("/athletes/:id/media/uploads", app.createResumableUpload, app.allow(edit, media), tusProtocol)
	signedIn.HEAD("/media/uploads/:id", app.showResumableUpload, app.allow(edit, mediaUploads), tusProtocol)
	signedIn.PATCH("/media/uploads/:id", app.patchResumableUpload, app.allow(edit, mediaUploads), tusProtocol)
	signedIn.DELETE("/media/uploads/:id", app.deleteResumableUpload, app.allow(edit, mediaUploads), tusProtocol)

	// The prompt list is the caller's own athlete's unless ?athleteId= names another; the handler
	// asks the access function for that one.
	signedIn.GET("/journal-prompts", app.listJournalPrompts)
	signedIn.DELETE("/journal-prompts/:id", app.deleteJournalPrompt, app.allow(edit, journalPrompts))
	signedIn.POST("/athletes/:id/journal-prompts", app.createJournalPrompt, app.allow(edit, journal))
	signedIn.POST("/athletes/:id/journal-prompts/generate", app.generateJournalPrompts, app.allow(edit, journal))
	signedIn.GET("/athletes/:id/journal-prompts/generate", app.journalPromptGenerationStatus, app.allow(view, journal))

	app.recruitingRoutes(api, signedIn)
	// Sports statistics: the spec's /stats/... paths name an athlete, a connection, an import or a
	// game by :id.
	stats := athlete(store.SectionStats)
	signedIn.GET("/stats/providers", app.listStatsProviders)
	api.GET("/stats/logos/*", serveStatsLogo)
	signedIn.POST("/stats/connect-platform", app.connectStatsPlatform) // the athlete is in the body: the handler asks
	signedIn.GET("/stats/athlete-platforms/:id", app.listStatsConnections, app.allow(view, stats))
	signedIn.DELETE("/stats/athlete-platforms/:id", app.deleteStatsConnection, app.allow(edit, statsConnections))
	signedIn.POST("/stats/athlete-platforms/:id/imports", app.uploadStatsImport, app.allow(edit, statsConnections))
	signedIn.GET("/stats/imports/:id", app.showStatsImport, app.allow(view, statsImports))
	signedIn.POST("/stats/imports/:id/confirm", app.confirmStatsImport, app.allow(edit, statsImports))
	signedIn.POST("/stats/sync-platform/:id", app.syncStatsPlatform, app.allow(edit, statsConnections))
	signedIn.GET("/stats/sync-platform/:id", app.statsSyncStatus, app.allow(view, statsConnections))
	signedIn.GET("/stats/games/:id", app.listStatsGames, app.allow(view, stats))
	signedIn.POST("/stats/games/:id", app.createStatsGame, app.allow(edit, stats))
	signedIn.PUT("/stats/game/:id", app.updateStatsGame, app.allow(edit, statsGames))
	signedIn.DELETE("/stats/game/:id", app.deleteStatsGame, app.allow(edit, statsGames))
	signedIn.GET("/stats/seasons/:id", app.listStatsSeasons, app.allow(view, stats))
	signedIn.POST("/stats/reports/:id", app.createStatsReport, app.allow(edit, stats))
	signedIn.GET("/stats/reports/:id/:reportId", app.showStatsReport, app.allow(view, stats))

	// The showcase: QR codes, achievements and the public page's settings.
	signedIn.GET("/athletes/:id/qr-codes", app.listQRCodes, app.allow(view, profile))
	signedIn.POST("/athletes/:id/qr-codes", app.createQRCode, app.allow(edit, profile))
	signedIn.PUT("/qr-codes/:id", app.updateQRCode, app.allow(edit, qrCodes))
	signedIn.DELETE("/qr-codes/:id", app.deleteQRCode, app.allow(edit, qrCodes))
	signedIn.GET("/qr-codes/:id/image", app.serveQRImage, app.allow(view, qrCodes))
	signedIn.GET("/athletes/:id/achievements", app.listAchievements, app.allow(view, profile))
	signedIn.POST("/athletes/:id/achievements", app.createAchievement, app.allow(edit, profile))
	signedIn.PUT("/achievements/:id", app.updateAchievement, app.allow(edit, achievements))
	signedIn.DELETE("/achievements/:id", app.deleteAchievement, app.allow(edit, achievements))
	signedIn.GET("/achievements/:id/card", app.serveAchievementCard, app.allow(view, achievements))
	signedIn.GET("/athletes/:id/showcase", app.showShowcaseSettings, app.allow(view, profile))
	signedIn.PUT("/athletes/:id/showcase", app.updateShowcaseSettings, app.allow(manage, profile))
	signedIn.PATCH("/media/:id/showcase", app.setMediaShowcase, app.allow(edit, mediaItems))

	// The public showcase page's data: only what the family marked, only while it is published.
	api.GET("/public/athletes/:slug", app.showPublicAthlete)
	api.GET("/public/athletes/:slug/achievements/:achievementId", app.showPublicAchievement)
	api.GET("/public/athletes/:slug/achievements/:achievementId/card", app.servePublicCard)
	api.GET("/public/athletes/:slug/media/:mediaId", app.servePublicMedia)

	// Billing belongs to the signed-in account (the payer), never to an athlete: family members
	// see and change only their own account's plan.
	signedIn.GET("/subscription/plans", app.listPlans)
	signedIn.GET("/subscription/status", app.subscriptionStatus)
	signedIn.POST("/subscription/create", app.createSubscription)
	signedIn.POST("/subscription/cancel", app.cancelSubscription)
	signedIn.POST("/subscription/billing-portal", app.billingPortal)
	api.POST("/stripe/webhook", app.stripeWebhook) // Stripe's own call, verified by its signature

	// Operators only: 401 signed out, 404 to everyone else (for them it does not exist).
	opsAPI := signedIn.Group("/ops", app.requireOperator)
	opsAPI.GET("/summary", app.opsSummary)
	opsAPI.POST("/jobs/:id/retry", app.retryJob)

	api.Any("/*", routeNotFound)

	spa := newSPA()
	ops := e.Group("/ops", app.logRequests, app.requireUser, app.requireOperator)
	ops.GET("", spa.serve)
	ops.Any("/riverui", app.serveRiverUI)
	ops.Any("/riverui/*", app.serveRiverUI)

	// A printed QR code's short link: public, counted, redirected.
	e.GET("/q/:code", app.scanQRCode, app.logRequests)
	e.GET("/a/:slug", app.serveShowcasePage(spa), app.logRequests)
	e.GET("/a/:slug/achievements/:achievementId", app.serveShowcasePage(spa), app.logRequests)
	e.GET("/*", spa.serve)
	e.HEAD("/*", spa.serve)
	return e
}
