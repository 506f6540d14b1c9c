// Package web embeds the built React app (web/dist, produced by `npm run build`) so the api
// binary serves it without any files beside it.
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist is the built app's file tree, rooted at dist/.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // dist/ is embedded at build time; its absence is a build error, not a runtime one
	}
	return sub
}
