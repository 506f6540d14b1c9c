package main

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/integrations/mail"
	"legacylocker/jobs"
	"legacylocker/store"
)

const (
	inviteLifetime   = 14 * 24 * time.Hour
	msgFillRequired  = "Please fill all required fields"
	msgInviteInvalid = "This invitation link is not valid"
	msgInviteUsed    = "This invitation has already been used"
	msgInviteExpired = "This invitation has expired. Ask the family to send a new one."
	msgInviteGone    = "This invitation was cancelled"
	// An invitation added without an e-mail has no address to create an account with.
	msgInviteWithoutAddress = "This invitation was not sent to an address. Create an account with your own, then accept it."
)

var (
	relationships = []string{"parent", "sibling", "grandparent", "relative", "coach", "friend", "other"}
	accessLevels  = []string{"admin", "editor", "viewer", "limited"}
)

type familyMemberResponse struct {
	ID              int64     `json:"id"`
	AthleteID       int64     `json:"athleteId"`
	UserID          *int64    `json:"userId"`
	Name            string    `json:"name"`
	Email           *string   `json:"email"`
	Relationship    string    `json:"relationship"`
	AccessLevel     string    `json:"accessLevel"`
	IsActive        bool      `json:"isActive"`
	ProfileImageURL *string   `json:"profileImageUrl"`
	CreatedAt       time.Time `json:"createdAt"`
	InvitedAt       time.Time `json:"invitedAt"`
	// InvitationEmail is how the pending invitation's e-mail fared, for those who manage the circle.
	InvitationEmail *jobState `json:"invitationEmail,omitempty"`
}

// mailInvitation queues the invitation e-mail in the caller's transaction and remembers it on the
// member, so the circle shows whether it went out.
func (app *application) mailInvitation(ctx context.Context, tx pgx.Tx, member store.FamilyMember, inviter store.User, athlete store.Athlete, token string) error {
	email, err := jobs.QueueEmail(ctx, tx, app.jobs, "invitation",
		mail.Invitation(app.cfg.appURL, *member.Email, member.Name, inviter.FirstName+" "+inviter.LastName, athlete.Name, member.Relationship, token))
	if err != nil {
		return err
	}
	return store.Q.FamilyMemberSetInviteEmail(ctx, tx, store.FamilyMemberSetInviteEmailParams{ID: member.ID, EmailID: &email.ID})
}

// msgInviteNotDelivered is what the family sees of a failed invitation e-mail (the mail server's
// own words stay in the log and outbound_emails).
const msgInviteNotDelivered = "The invitation e-mail could not be delivered. Check the address, then resend."

// msgInviteNoMailService is what the family sees when this server has no e-mail service (SMTP_URL):
// the e-mail was only written to the log.
const msgInviteNoMailService = "No e-mail service is set up on this server, so the invitation was not sent. Copy the invitation link and send it yourself."

// toFamilyMemberResponse shows e-mail addresses only to those who manage the circle.
func toFamilyMemberResponse(m store.FamilyMember, showEmail bool) familyMemberResponse {
	out := familyMemberResponse{
		ID: m.ID, AthleteID: m.AthleteID, UserID: m.UserID, Name: m.Name, Relationship: m.Relationship,
		AccessLevel: m.AccessLevel, IsActive: m.Status == "active", CreatedAt: m.CreatedAt, InvitedAt: m.InvitedAt,
	}
	if showEmail {
		out.Email = m.Email
	}
	return out
}

// newInviteToken answers a 256-bit random token for the link and the SHA-256 stored in its place.
func newInviteToken() (token string, hash []byte, err error) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", nil, err
	}
	token = base64.RawURLEncoding.EncodeToString(raw)
	return token, hashToken(token), nil
}

func hashToken(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

func (app *application) listFamily(c *echo.Context) error {
	rows, err := store.Q.FamilyMemberListForAthlete(c.Request().Context(), app.pool, athleteID(c))
	if err != nil {
		return err
	}
	access := athleteAccess(c)
	manager := access.Can(store.ActionManageCircle)
	deliveries := map[int64]*jobState{}
	if manager {
		rows, err := store.Q.FamilyInviteDeliveries(c.Request().Context(), app.pool, athleteID(c))
		if err != nil {
			return err
		}
		for _, d := range rows {
			state := &jobState{Status: d.Status}
			switch {
			case d.Status == store.JobFailed:
				state.StatusReason = msgInviteNotDelivered
			case d.DeliveredVia != nil && *d.DeliveredVia == "log":
				// Written to the worker's log for want of SMTP: nobody received it.
				state.Status, state.StatusReason = store.JobFailed, msgInviteNoMailService
			}
			deliveries[d.MemberID] = state
		}
	}
	photos, err := memberPhotoURLs(c.Request().Context(), app.pool, athleteID(c))
	if err != nil {
		return err
	}
	out := []familyMemberResponse{}
	for _, m := range rows {
		if access.SeesMember(m.ID) {
			member := toFamilyMemberResponse(m, manager)
			member.InvitationEmail = deliveries[m.ID]
			member.ProfileImageURL = photos[m.ID]
			out = append(out, member)
		}
	}
	return c.JSON(http.StatusOK, out)
}

func (app *application) inviteFamilyMember(c *echo.Context) error {
	var in struct {
		Name         string `json:"name"`
		Email        string `json:"email"`
		Relationship string `json:"relationship"`
		AccessLevel  string `json:"accessLevel"`
	}
	if err := readJSON(c, &in); err != nil {
		return err
	}
	v := validator{}
	v.required(in.Name, "name", msgFillRequired)
	v.line(in.Name, 100, "name", "Name")
	v.check(slices.Contains(relationships, in.Relationship), "relationship", msgFillRequired)
	v.check(slices.Contains(accessLevels, in.AccessLevel), "accessLevel", msgFillRequired)
	if strings.TrimSpace(in.Email) != "" {
		v.email(in.Email, "email")
	}
	if !v.valid() {
		return fieldErrors(v).saying(msgFillRequired)
	}
	if strings.TrimSpace(in.Email) != "" {
		if err := requireVerifiedEmail(c); err != nil {
			return err
		}
	}
	ctx := c.Request().Context()
	athlete, err := store.Q.AthleteGetByID(ctx, app.pool, athleteID(c))
	if err != nil {
		return err
	}
	plan, _, err := app.accountPlan(ctx, app.pool, athlete.UserID)
	if err != nil {
		return err
	}
	if limit := plan.Limits.FamilyMembers; limit > 0 {
		members, err := store.Q.FamilyMemberCountForAthlete(ctx, app.pool, athlete.ID)
		if err != nil {
			return fmt.Errorf("counting the circle: %w", err)
		}
		if int(members) >= limit {
			return paymentRequired(plan.FamilyMessage())
		}
	}
	inviter := currentUser(c)
	var member store.FamilyMember
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		params := store.FamilyMemberCreateParams{
			AthleteID: athlete.ID, Name: strings.TrimSpace(in.Name), Relationship: in.Relationship,
			AccessLevel: in.AccessLevel, InvitedBy: &inviter.ID,
		}
		var token string
		if email := normaliseEmail(in.Email); email != "" {
			var hash []byte
			if token, hash, err = newInviteToken(); err != nil {
				return err
			}
			expires := time.Now().Add(inviteLifetime)
			params.Email, params.InviteTokenHash, params.InviteExpiresAt = &email, hash, &expires
		}
		if member, err = store.Q.FamilyMemberCreate(ctx, tx, params); err != nil {
			return fmt.Errorf("inserting family member: %w", err)
		}
		if token == "" {
			return nil
		}
		return app.mailInvitation(ctx, tx, member, inviter, athlete, token)
	})
	if err != nil {
		return err
	}
	out := toFamilyMemberResponse(member, true)
	if member.Email != nil {
		out.InvitationEmail = &jobState{Status: store.JobPending}
		if !app.cfg.mailService {
			out.InvitationEmail = &jobState{Status: store.JobFailed, StatusReason: msgInviteNoMailService}
		}
	}
	return c.JSON(http.StatusCreated, out)
}

func (app *application) changeFamilyAccess(c *echo.Context) error {
	var in struct {
		AccessLevel string `json:"accessLevel"`
	}
	if err := readJSON(c, &in); err != nil {
		return err
	}
	if !slices.Contains(accessLevels, in.AccessLevel) {
		return fieldErrors(validator{"accessLevel": "Choose admin, editor, viewer or limited"})
	}
	if err := mayChangeMember(c); err != nil {
		return err
	}
	updated, err := store.Q.FamilyMemberSetAccess(c.Request().Context(), app.pool, store.FamilyMemberSetAccessParams{ID: loaded[store.FamilyMember](c).ID, AccessLevel: in.AccessLevel})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toFamilyMemberResponse(updated, true))
}

// mayChangeMember answers 403 when the caller may not change or remove the route's member.
func mayChangeMember(c *echo.Context) error {
	member := loaded[store.FamilyMember](c)
	access := athleteAccess(c)
	if access.MayChangeMember(member.ID, store.Role(member.AccessLevel)) {
		return nil
	}
	if member.ID == access.MemberID {
		return forbiddenSaying("You can't change your own access level")
	}
	return forbiddenSaying("Only the owner can change an admin's access")
}

func (app *application) removeFamilyMember(c *echo.Context) error {
	if err := mayChangeMember(c); err != nil {
		return err
	}
	ctx, member := c.Request().Context(), loaded[store.FamilyMember](c)
	err := store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		athlete, err := store.Q.AthleteGetByID(ctx, tx, member.AthleteID)
		if err != nil {
			return err
		}
		if err := app.tellFollowers(ctx, tx, athlete, &member.ID, false); err != nil {
			return err
		}
		return store.Q.FamilyMemberDelete(ctx, tx, member.ID)
	})
	if err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// tellFollowers e-mails the athlete's members who have an account (or the one named) that they no
// longer follow the athlete: removed from the circle, or the athlete deleted.
func (app *application) tellFollowers(ctx context.Context, tx pgx.Tx, athlete store.Athlete, memberID *int64, deleted bool) error {
	followers, err := store.Q.FamilyFollowersOf(ctx, tx, store.FamilyFollowersOfParams{AthleteID: athlete.ID, MemberID: memberID})
	if err != nil {
		return fmt.Errorf("finding who follows the athlete: %w", err)
	}
	for _, f := range followers {
		if _, err := jobs.QueueEmail(ctx, tx, app.jobs, jobs.EmailKindUnfollowed, mail.Unfollowed(f.Email, f.FirstName, athlete.Name, deleted)); err != nil {
			return err
		}
	}
	return nil
}

// resendInvitation mails a new link; the old token no longer matches anything.
func (app *application) resendInvitation(c *echo.Context) error {
	member := loaded[store.FamilyMember](c)
	if member.Status != "pending" || member.Email == nil {
		return badRequest("Only a pending invitation with an e-mail address can be resent")
	}
	if err := requireVerifiedEmail(c); err != nil {
		return err
	}
	ctx := c.Request().Context()
	athlete, err := store.Q.AthleteGetByID(ctx, app.pool, member.AthleteID)
	if err != nil {
		return err
	}
	inviter := currentUser(c)
	var updated store.FamilyMember
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		token, hash, err := newInviteToken()
		if err != nil {
			return err
		}
		expires := time.Now().Add(inviteLifetime)
		if updated, err = store.Q.FamilyMemberNewToken(ctx, tx, store.FamilyMemberNewTokenParams{ID: member.ID, InviteTokenHash: hash, InviteExpiresAt: &expires}); err != nil {
			return err
		}
		return app.mailInvitation(ctx, tx, updated, inviter, athlete, token)
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toFamilyMemberResponse(updated, true))
}

func (app *application) cancelInvitation(c *echo.Context) error {
	member := loaded[store.FamilyMember](c)
	if member.Status != "pending" {
		return badRequest("Only a pending invitation can be cancelled")
	}
	if err := store.Q.FamilyMemberCancel(c.Request().Context(), app.pool, member.ID); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

type familyShares struct {
	Journal []int64 `json:"journal"`
	Media   []int64 `json:"media"`
	// Stats shares the whole stats section (it has no items of its own to pick); missing is false.
	Stats bool `json:"stats"`
	// Milestones and Recruiting share those whole sections (recruiting: events, college interests,
	// the checklist and the recruiting calendar); missing is false.
	Milestones bool `json:"milestones"`
	Recruiting bool `json:"recruiting"`
}

func (app *application) showFamilyShares(c *echo.Context) error {
	rows, err := store.Q.FamilySharesForMember(c.Request().Context(), app.pool, loaded[store.FamilyMember](c).ID)
	if err != nil {
		return err
	}
	out := familyShares{Journal: []int64{}, Media: []int64{}}
	for _, r := range rows {
		switch r.ItemType {
		case "journal":
			out.Journal = append(out.Journal, r.ItemID)
		case "media":
			out.Media = append(out.Media, r.ItemID)
		case "stats":
			out.Stats = true
		case "milestones":
			out.Milestones = true
		case "recruiting":
			out.Recruiting = true
		}
	}
	return c.JSON(http.StatusOK, out)
}

// replaceFamilyShares sets exactly which entries and items a (limited) member sees. Only items of
// the member's own athlete can be shared.
func (app *application) replaceFamilyShares(c *echo.Context) error {
	var in familyShares
	if err := readJSON(c, &in); err != nil {
		return err
	}
	// Clearing every share is a deliberate {"journal": [], "media": []}, never a missing list.
	if in.Journal == nil || in.Media == nil {
		return badRequest("Send both lists, journal and media (empty to share nothing)")
	}
	member := loaded[store.FamilyMember](c)
	ctx := c.Request().Context()
	err := store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		if err := store.Q.FamilySharesClear(ctx, tx, member.ID); err != nil {
			return err
		}
		for _, id := range in.Journal {
			e, err := store.Q.JournalGetByID(ctx, tx, id)
			if err != nil || e.AthleteID != member.AthleteID {
				return errForeignItem
			}
			if err := store.Q.FamilyShareAdd(ctx, tx, store.FamilyShareAddParams{MemberID: member.ID, ItemType: "journal", ItemID: id}); err != nil {
				return err
			}
		}
		for _, id := range in.Media {
			m, err := store.Q.MediaGetByID(ctx, tx, id)
			if err != nil || m.AthleteID != member.AthleteID {
				return errForeignItem
			}
			if err := store.Q.FamilyShareAdd(ctx, tx, store.FamilyShareAddParams{MemberID: member.ID, ItemType: "media", ItemID: id}); err != nil {
				return err
			}
		}
		for section, shared := range map[string]bool{"stats": in.Stats, "milestones": in.Milestones, "recruiting": in.Recruiting} {
			if !shared {
				continue
			}
			if err := store.Q.FamilyShareAdd(ctx, tx, store.FamilyShareAddParams{MemberID: member.ID, ItemType: section, ItemID: member.AthleteID}); err != nil {
				return err
			}
		}
		return nil
	})
	if errors.Is(err, errForeignItem) {
		return badRequest("Only this athlete's journal entries and media can be shared")
	}
	if err != nil {
		return err
	}
	return app.showFamilyShares(c)
}

var errForeignItem = errors.New("item of another athlete")

// usableInvitation finds the invitation behind a token, answering 404 or 410 with the reason when
// it can no longer be used.
func (app *application) usableInvitation(c *echo.Context) (store.FamilyMemberGetByTokenHashRow, error) {
	token := c.Param("token")
	if len(token) < 20 || len(token) > 100 {
		return store.FamilyMemberGetByTokenHashRow{}, notFoundSaying(msgInviteInvalid)
	}
	row, err := store.Q.FamilyMemberGetByTokenHash(c.Request().Context(), app.pool, hashToken(token))
	if err := store.Translate(err); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return row, notFoundSaying(msgInviteInvalid)
		}
		return row, err
	}
	switch {
	case row.Status == "cancelled":
		return row, gone(msgInviteGone)
	case row.Status == "active":
		return row, gone(msgInviteUsed)
	case row.InviteExpiresAt == nil || time.Now().After(*row.InviteExpiresAt):
		return row, gone(msgInviteExpired)
	}
	return row, nil
}

func (app *application) showInvitation(c *echo.Context) error {
	invitation, err := app.usableInvitation(c)
	if err != nil {
		return err
	}
	// The invited address is shown masked to whoever holds the link, so someone signed in as another
	// account can see the invitation was meant for someone else, and a forwarded link does not give
	// the address away.
	var email *string
	if invitation.Email != nil {
		masked := maskEmail(*invitation.Email)
		email = &masked
	}
	return c.JSON(http.StatusOK, map[string]any{
		"athleteName": invitation.AthleteName, "invitedBy": invitation.InvitedByName, "name": invitation.Name, "email": email,
		"relationship": invitation.Relationship, "accessLevel": invitation.AccessLevel,
	})
}

// acceptInvitation links the signed-in user to the member and makes them active; the token is
// used up with it. The account's e-mail must be the invited one (403 naming it masked otherwise).
func (app *application) acceptInvitation(c *echo.Context) error {
	invitation, err := app.usableInvitation(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	user := currentUser(c)
	// An invitation mailed to an address is that address's: the link alone (forwarded, or opened
	// while signed in as someone else) is not enough. One added without an address is the link's.
	if invitation.Email != nil && !strings.EqualFold(strings.TrimSpace(*invitation.Email), strings.TrimSpace(user.Email)) {
		return forbiddenSaying(msgInviteOtherAddress(*invitation.Email))
	}
	access, err := store.AccessFor(ctx, app.pool, user.ID, invitation.AthleteID)
	if err != nil {
		return err
	}
	if access.Role != store.RoleNone {
		return conflict("You are already in this family circle")
	}
	_, err = store.Q.FamilyMemberAccept(ctx, app.pool, store.FamilyMemberAcceptParams{ID: invitation.ID, UserID: &user.ID})
	if err := store.Translate(err); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return gone(msgInviteUsed) // accepted a moment ago by another request
		}
		if errors.Is(err, store.ErrConflict) {
			return conflict("You are already in this family circle")
		}
		return err
	}
	athlete, err := store.Q.AthleteGetByID(ctx, app.pool, invitation.AthleteID)
	if err != nil {
		return err
	}
	now, err := store.AccessFor(ctx, app.pool, user.ID, athlete.ID)
	if err != nil {
		return err
	}
	res, err := app.athleteResponse(ctx, athlete, now)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}

// registerFromInvitation joins an e-mailed invitation in one step for someone without an account:
// the account takes the invited address (shown masked on the page, never typed, so a forwarded link
// still does not give it away), confirmed by the link that reached it, and the invitation is
// accepted with it. An invitation without an address is joined with an account of one's own.
func (app *application) registerFromInvitation(c *echo.Context) error {
	invitation, err := app.usableInvitation(c)
	if err != nil {
		return err
	}
	if invitation.Email == nil {
		return badRequest(msgInviteWithoutAddress)
	}
	var in registerInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	in.Email = *invitation.Email
	user, err := app.createAccount(c, in, func(ctx context.Context, tx pgx.Tx, user store.User) (store.User, error) {
		verified, err := store.Q.UserMarkEmailVerified(ctx, tx, store.UserMarkEmailVerifiedParams{ID: user.ID, Email: user.Email})
		if err != nil {
			return user, fmt.Errorf("confirming the invited address: %w", err)
		}
		if _, err := store.Q.FamilyMemberAccept(ctx, tx, store.FamilyMemberAcceptParams{ID: invitation.ID, UserID: &user.ID}); err != nil {
			if errors.Is(store.Translate(err), store.ErrNotFound) {
				return user, gone(msgInviteUsed) // accepted a moment ago by another request
			}
			return user, fmt.Errorf("accepting the invitation: %w", err)
		}
		return verified, nil
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toUserResponse(user))
}

type privacySettings struct {
	Journal    string `json:"journal"`
	Media      string `json:"media"`
	Stats      string `json:"stats"`
	Milestones string `json:"milestones"`
	Recruiting string `json:"recruiting"`
}

func toPrivacySettings(a store.Athlete) privacySettings {
	return privacySettings{Journal: a.PrivacyJournal, Media: a.PrivacyMedia, Stats: a.PrivacyStats, Milestones: a.PrivacyMilestones, Recruiting: a.PrivacyRecruiting}
}

func (app *application) showPrivacySettings(c *echo.Context) error {
	athlete, err := store.Q.AthleteGetByID(c.Request().Context(), app.pool, athleteID(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toPrivacySettings(athlete))
}

func (app *application) updatePrivacySettings(c *echo.Context) error {
	var in privacySettings
	if err := readJSON(c, &in); err != nil {
		return err
	}
	v := validator{}
	basic := []string{store.PrivacyFamily, store.PrivacyPrivate}
	for field, value := range map[string]string{"journal": in.Journal, "media": in.Media, "stats": in.Stats, "milestones": in.Milestones} {
		v.check(slices.Contains(basic, value), field, "Choose family or private")
	}
	v.check(slices.Contains([]string{store.PrivacyFamily, store.PrivacyPrivate, store.PrivacyCoaches}, in.Recruiting), "recruiting", "Choose family, private or coaches")
	if !v.valid() {
		return fieldErrors(v)
	}
	var athlete store.Athlete
	err := pgx.BeginFunc(c.Request().Context(), app.pool, func(tx pgx.Tx) error {
		var err error
		athlete, err = store.Q.AthleteSetPrivacy(c.Request().Context(), tx, store.AthleteSetPrivacyParams{
			ID: athleteID(c), PrivacyJournal: in.Journal, PrivacyMedia: in.Media, PrivacyStats: in.Stats,
			PrivacyMilestones: in.Milestones, PrivacyRecruiting: in.Recruiting,
		})
		if err != nil || store.PubliclyShareable(false, athlete.PrivacyMedia) {
			return err
		}
		return store.Q.MediaRevokeShareLinksForAthlete(c.Request().Context(), tx, athlete.ID)
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toPrivacySettings(athlete))
}
