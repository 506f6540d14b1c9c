package main

import (
	"context"
	"legacylocker/store"
)

// familyRoutes registers In the Loop: the circle, its invitations, and what each member sees.
func (app *application) familyRoutes(r routeGroups) {
	r.public.GET("/invitations/:token", app.showInvitation)
	r.signedIn.POST("/invitations/:token/accept", app.acceptInvitation)
	r.public.POST("/invitations/:token/register", app.registerFromInvitation)

	const view, manage = store.ActionView, store.ActionManageCircle
	profile := athlete("")
	r.signedIn.GET("/athletes/:id/family-circle", app.listFamily, app.allow(view, profile))
	r.signedIn.POST("/athletes/:id/family-circle", app.inviteFamilyMember, app.allow(manage, profile))
	r.signedIn.GET("/athletes/:id/privacy-settings", app.showPrivacySettings, app.allow(view, profile))
	r.signedIn.PUT("/athletes/:id/privacy-settings", app.updatePrivacySettings, app.allow(manage, profile))
	r.signedIn.PUT("/family-circle/:id", app.changeFamilyAccess, app.allow(manage, familyMembers))
	r.signedIn.DELETE("/family-circle/:id", app.removeFamilyMember, app.allow(manage, familyMembers))
	r.signedIn.POST("/family-circle/:id/resend", app.resendInvitation, app.allow(manage, familyMembers))
	r.signedIn.POST("/family-circle/:id/invite-link", app.createInviteLink, app.allow(manage, familyMembers))
	r.signedIn.POST("/family-circle/:id/cancel", app.cancelInvitation, app.allow(manage, familyMembers))
	r.signedIn.GET("/family-circle/:id/photo", app.serveMemberPhoto, app.allow(view, familyMembers))
	r.signedIn.GET("/family-circle/:id/shares", app.showFamilyShares, app.allow(manage, familyMembers))
	r.signedIn.PUT("/family-circle/:id/shares", app.replaceFamilyShares, app.allow(manage, familyMembers))
}

// The circle's members behind a route's parameter (access.go).
var (
	familyMembers = byID(getLiveFamilyMember, func(m store.FamilyMember) store.Item {
		return store.Item{AthleteID: m.AthleteID}
	})
)

// getLiveFamilyMember loads a member row; a cancelled invitation is gone for every purpose.
func getLiveFamilyMember(ctx context.Context, db store.DBTX, id int64) (store.FamilyMember, error) {
	m, err := store.Q.FamilyMemberGetByID(ctx, db, id)
	if err == nil && m.Status == "cancelled" {
		return m, store.ErrNotFound
	}
	return m, err
}
