package main

import (
	"encoding/base64"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/skip2/go-qrcode"

	"legacylocker/store"
)

// A link the family hands over themselves (a message, a QR on the phone) for a member without e-mail,
// or instead of one that never arrives. Each new link replaces the last: only the newest works, once,
// for a week.
const inviteLinkLifetime = 7 * 24 * time.Hour

type inviteLinkResponse struct {
	URL       string    `json:"url"`
	ExpiresAt time.Time `json:"expiresAt"`
	// QRCode is a PNG of the link as a data URL, for a grandparent to scan from the parent's screen.
	// It is made here because the link's token is never stored.
	QRCode string `json:"qrCode"`
}

func (app *application) createInviteLink(c *echo.Context) error {
	member := loaded[store.FamilyMember](c)
	if member.Status != "pending" {
		return badRequest("Only a pending invitation has a link: this member has already joined or was cancelled")
	}
	token, hash, err := newInviteToken()
	if err != nil {
		return err
	}
	expires := time.Now().Add(inviteLinkLifetime)
	_, err = store.Q.FamilyMemberNewToken(c.Request().Context(), app.pool, store.FamilyMemberNewTokenParams{
		ID: member.ID, InviteTokenHash: hash, InviteExpiresAt: &expires,
	})
	if err := store.Translate(err); err != nil {
		return err
	}
	url := strings.TrimRight(app.cfg.appURL, "/") + "/invite/" + token
	png, err := qrcode.Encode(url, qrcode.Medium, 320)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, inviteLinkResponse{
		URL: url, ExpiresAt: expires, QRCode: "data:image/png;base64," + base64.StdEncoding.EncodeToString(png),
	})
}
