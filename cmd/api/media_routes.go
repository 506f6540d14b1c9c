package main

import (
	"context"
	"legacylocker/media"
	"legacylocker/store"
)

// mediaRoutes registers the media library, its files, resumable uploads, the video editor and
// share links.
func (app *application) mediaRoutes(r routeGroups) {
	r.public.GET("/share/:code", app.showShared)
	r.public.GET("/share/:code/media", app.serveShared)
	r.public.GET("/share/:code/thumbnail", app.serveShared)

	const view, edit = store.ActionView, store.ActionEditContent
	media := athlete(store.SectionMedia)
	r.signedIn.GET("/athletes/:id/media", app.listMedia, app.allow(view, media))
	r.signedIn.GET("/athletes/:id/media/summary", app.showMediaSummary, app.allow(view, media))
	r.signedIn.GET("/athletes/:id/media/usage", app.mediaUsage, app.allow(edit, media))
	r.signedIn.POST("/athletes/:id/media", app.uploadMedia, app.allow(edit, media))
	r.signedIn.GET("/media/:id", app.showMedia, app.allow(view, mediaItems))
	r.signedIn.PUT("/media/:id", app.updateMedia, app.allow(edit, mediaItems))
	r.signedIn.DELETE("/media/:id", app.deleteMedia, app.allow(edit, mediaItems))
	r.signedIn.PATCH("/media/:id/favorite", app.toggleMediaFavorite, app.allow(edit, mediaItems))
	r.signedIn.POST("/media/:id/share", app.shareMedia, app.allow(edit, mediaItems))
	r.signedIn.DELETE("/media/:id/share", app.unshareMedia, app.allow(edit, mediaItems))
	r.signedIn.POST("/media/:id/retry", app.retryMedia, app.allow(edit, mediaItems))
	r.signedIn.GET("/media/:id/highlights", app.showHighlights, app.allow(view, mediaItems))
	r.signedIn.POST("/media/:id/highlights", app.detectHighlights, app.allow(edit, mediaItems))
	r.signedIn.POST("/media/:id/trim", app.trimMedia, app.allow(edit, mediaItems))
	r.signedIn.GET("/uploads/:key", app.serveUpload, app.allow(view, mediaFiles))
	// Resumable uploads (tus 1.0, tus.go): made for the athlete by whoever may upload, then that
	// person's alone (another caller's upload id answers 404).
	r.signedIn.OPTIONS("/athletes/:id/media/uploads", app.describeResumableUploads, app.allow(edit, media), tusProtocol)
	r.signedIn.POST("/athletes/:id/media/uploads", app.createResumableUpload, app.allow(edit, media), tusProtocol)
	r.signedIn.HEAD("/media/uploads/:id", app.showResumableUpload, app.allow(edit, mediaUploads), tusProtocol)
	r.signedIn.PATCH("/media/uploads/:id", app.patchResumableUpload, app.allow(edit, mediaUploads), tusProtocol)
	r.signedIn.DELETE("/media/uploads/:id", app.deleteResumableUpload, app.allow(edit, mediaUploads), tusProtocol)
}

// The media library's records behind a route's parameter (access.go).
var (
	mediaItems = byID(store.Q.MediaGetByID, func(m store.MediaItem) store.Item {
		return store.Item{AthleteID: m.AthleteID, Section: store.SectionMedia, ID: m.ID}
	})
	// A resumable upload is checked as uploading is (the athlete's media, edit); whose it is, the
	// handler checks (mediaUpload).
	mediaUploads = byID(store.Q.MediaUploadGetByID, func(u store.MediaUpload) store.Item { return store.Item{AthleteID: u.AthleteID} })
	// mediaFiles are the stored files behind /uploads/:key, seen exactly as their media item.
	mediaFiles = resource{value: pathParam("key"), load: func(ctx context.Context, db store.DBTX, key string) (any, store.Item, error) {
		if !media.ValidKey(key) { // the storage's own rule: a malformed key is no file
			return nil, store.Item{}, store.ErrNotFound
		}
		m, err := store.Q.MediaGetByKey(ctx, db, key)
		if err := store.Translate(err); err != nil {
			return nil, store.Item{}, err
		}
		return m, store.Item{AthleteID: m.AthleteID, Section: store.SectionMedia, ID: m.ID}, nil
	}}
)
