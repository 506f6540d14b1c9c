package main

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"legacylocker/store"
)

const (
	msgSharePrivateItem    = "This item is private. Make it shareable to create a public link."
	msgSharePrivateSection = "The family keeps media private, so items cannot get public links. Change the media privacy setting first."
)

// shareMedia creates (or answers) an item's public link. A private item gets one only when the
// caller asks to make it shareable ({"makeShareable": true}), which clears isPrivate in the same
// statement; otherwise 409, so the app can ask first.
func (app *application) shareMedia(c *echo.Context) error {
	var in struct {
		MakeShareable bool `json:"makeShareable"`
	}
	if c.Request().ContentLength != 0 {
		if err := readJSON(c, &in); err != nil {
			return err
		}
	}
	ctx := c.Request().Context()
	item := loaded[store.MediaItem](c)
	athlete, err := store.Q.AthleteGetByID(ctx, app.pool, item.AthleteID)
	if err != nil {
		return err
	}
	switch {
	case !store.PubliclyShareable(false, athlete.PrivacyMedia):
		return conflict(msgSharePrivateSection)
	case !store.PubliclyShareable(item.IsPrivate && !in.MakeShareable, athlete.PrivacyMedia):
		return conflict(msgSharePrivateItem)
	}
	code, err := store.NewShareCode()
	if err != nil {
		return err
	}
	updated, err := store.Q.MediaSetShareCode(ctx, app.pool, store.MediaSetShareCodeParams{ID: item.ID, ShareCode: &code, MakeShareable: in.MakeShareable})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]string{
		"shareCode": *updated.ShareCode, "shareUrl": strings.TrimRight(app.cfg.appURL, "/") + "/share/" + *updated.ShareCode,
	})
}

func (app *application) unshareMedia(c *echo.Context) error {
	if err := store.Q.MediaClearShareCode(c.Request().Context(), app.pool, loaded[store.MediaItem](c).ID); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

const msgShareNotFound = "This share link doesn't exist or has been turned off"

func (app *application) sharedItem(c *echo.Context) (store.MediaGetByShareCodeRow, error) {
	code := c.Param("code")
	if len(code) < 8 || len(code) > 64 {
		return store.MediaGetByShareCodeRow{}, notFoundSaying(msgShareNotFound)
	}
	row, err := store.Q.MediaGetByShareCode(c.Request().Context(), app.pool, &code)
	if err := store.Translate(err); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return row, notFoundSaying(msgShareNotFound)
		}
		return row, err
	}
	// The link is turned off when the item or the section turns private; this catches any that a
	// change made some other way (a restore, an operator's edit) left behind.
	if !store.PubliclyShareable(row.IsPrivate, row.AthletePrivacyMedia) {
		return row, notFoundSaying(msgShareNotFound)
	}
	return row, nil
}

// showShared answers the one shared item, publicly, with URLs that reach only its own files.
func (app *application) showShared(c *echo.Context) error {
	row, err := app.sharedItem(c)
	if err != nil {
		return err
	}
	base := "/api/share/" + c.Param("code")
	var thumbnail *string
	if row.ThumbnailKey != nil {
		u := base + "/thumbnail"
		thumbnail = &u
	}
	return c.JSON(http.StatusOK, map[string]any{
		"title": row.Title, "description": row.Description, "mediaType": row.MediaType, "date": row.MediaDate.Format(time.DateOnly),
		"athleteName": row.AthleteName, "sportType": row.AthleteSports, "mediaUrl": base + "/media", "thumbnailUrl": thumbnail,
	})
}

func (app *application) serveShared(c *echo.Context) error {
	row, err := app.sharedItem(c)
	if err != nil {
		return err
	}
	item := sharedRowItem(row)
	key := playableKey(item)
	if strings.HasSuffix(c.Request().URL.Path, "/thumbnail") {
		if item.ThumbnailKey == nil {
			return notFound()
		}
		key = *item.ThumbnailKey
	}
	// Never kept by a shared cache: a link turned off must stop serving the file at once.
	c.Response().Header().Set("Cache-Control", "private, no-store")
	return app.serveStored(c, item, key, false)
}

func sharedRowItem(r store.MediaGetByShareCodeRow) store.MediaItem {
	return store.MediaItem{ID: r.ID, AthleteID: r.AthleteID, Title: r.Title, MediaType: r.MediaType, MimeType: r.MimeType,
		OriginalKey: r.OriginalKey, ThumbnailKey: r.ThumbnailKey, RenditionKey: r.RenditionKey}
}
