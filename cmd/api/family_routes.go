package main

import "legacylocker/store"

// familyRoutes registers In the Loop: the circle, its invitations, and what each member sees.
func (app *application) familyRoutes(r routeGroups) {
	r.public.GET("/invitations/:token", app.showInvitation)
	r.signedIn.POST("/invitations/:token/accept", app.acceptInvitation)

	const view, manage = store.ActionView, store.ActionManageCircle
	profile := athlete("")
	r.signedIn.GET("/athletes/:id/family-circle", app.listFamily, app.allow(view, profile))
	r.signedIn.POST("/athletes/:id/family-circle", app.inviteFamilyMember, app.allow(manage, profile))
	r.signedIn.GET("/athletes/:id/privacy-settings", app.showPrivacySettings, app.allow(view, profile))
	r.signedIn.PUT("/athletes/:id/privacy-settings", app.updatePrivacySettings, app.allow(manage, profile))
	r.signedIn.PUT("/family-circle/:id", app.changeFamilyAccess, app.allow(manage, familyMembers))
	r.signedIn.DELETE("/family-circle/:id", app.removeFamilyMember, app.allow(manage, familyMembers))
	r.signedIn.POST("/family-circle/:id/resend", app.resendInvitation, app.allow(manage, familyMembers))
	r.signedIn.POST("/family-circle/:id/cancel", app.cancelInvitation, app.allow(manage, familyMembers))
	r.signedIn.GET("/family-circle/:id/shares", app.showFamilyShares, app.allow(manage, familyMembers))
	r.signedIn.PUT("/family-circle/:id/shares", app.replaceFamilyShares, app.allow(manage, familyMembers))
}
