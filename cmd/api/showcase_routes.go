package main

import "legacylocker/store"

// showcaseRoutes registers the showcase: QR codes, achievements and their cards, the public page's
// settings, and the public page itself.
func (app *application) showcaseRoutes(r routeGroups) {
	const view, edit, manage = store.ActionView, store.ActionEditContent, store.ActionManageCircle
	profile := athlete("")
	r.signedIn.GET("/athletes/:id/qr-codes", app.listQRCodes, app.allow(view, profile))
	r.signedIn.POST("/athletes/:id/qr-codes", app.createQRCode, app.allow(edit, profile))
	r.signedIn.PUT("/qr-codes/:id", app.updateQRCode, app.allow(edit, qrCodes))
	r.signedIn.DELETE("/qr-codes/:id", app.deleteQRCode, app.allow(edit, qrCodes))
	r.signedIn.GET("/qr-codes/:id/image", app.serveQRImage, app.allow(view, qrCodes))
	r.signedIn.GET("/athletes/:id/achievements", app.listAchievements, app.allow(view, profile))
	r.signedIn.POST("/athletes/:id/achievements", app.createAchievement, app.allow(edit, profile))
	r.signedIn.PUT("/achievements/:id", app.updateAchievement, app.allow(edit, achievements))
	r.signedIn.DELETE("/achievements/:id", app.deleteAchievement, app.allow(edit, achievements))
	r.signedIn.GET("/achievements/:id/card", app.serveAchievementCard, app.allow(view, achievements))
	r.signedIn.GET("/athletes/:id/showcase", app.showShowcaseSettings, app.allow(view, profile))
	r.signedIn.PUT("/athletes/:id/showcase", app.updateShowcaseSettings, app.allow(manage, profile))
	r.signedIn.PATCH("/media/:id/showcase", app.setMediaShowcase, app.allow(edit, mediaItems))

	// The public showcase page's data: only what the family marked, only while it is published.
	r.public.GET("/public/athletes/:slug", app.showPublicAthlete)
	r.public.GET("/public/athletes/:slug/achievements/:achievementId", app.showPublicAchievement)
	r.public.GET("/public/athletes/:slug/achievements/:achievementId/card", app.servePublicCard)
	r.public.GET("/public/athletes/:slug/media/:mediaId", app.servePublicMedia)
	r.public.GET("/public/athletes/:slug/photo", app.servePublicPhoto)

	// A printed QR code's short link: public, counted, redirected. The public page's HTML carries
	// its Open Graph tags.
	r.root.GET("/q/:code", app.scanQRCode, app.logRequests)
	r.root.GET("/a/:slug", app.serveShowcasePage(r.spa), app.logRequests)
	r.root.GET("/a/:slug/achievements/:achievementId", app.serveShowcasePage(r.spa), app.logRequests)
}

// The showcase's records behind a route's parameter (access.go).
var (
	achievements = byID(store.Q.AchievementGetByID, func(a store.Achievement) store.Item { return store.Item{AthleteID: a.AthleteID} })
	qrCodes      = byID(store.Q.QRCodeGetByID, func(q store.QrCode) store.Item { return store.Item{AthleteID: q.AthleteID} })
)
