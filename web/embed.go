// Package web embeds the built React app (web/dist, produced by `npm run build`) so the api
// binary serves it without any files beside it.
package web

import (
	"embed"
	"encoding/json"
	"errors"
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

// Routes are the path patterns of the app's pages ("/journal", "/share/:shareCode"), which the build
// reads from the app's router into dist/routes.json. Nil before the first build.
func Routes() ([]string, error) {
	raw, err := fs.ReadFile(Dist(), "routes.json")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var routes []string
	return routes, json.Unmarshal(raw, &routes)
}
