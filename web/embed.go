// Package web holds Harbor's built browser front end, embedded in the binary.
// The sources live beside this file; `npm run build` writes the bundle into
// dist/, which is embedded as it is at compile time.
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Assets returns the built front end rooted at dist/: index.html, assets/...
// Before a build it holds only the .gitkeep placeholder.
func Assets() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // cannot happen: "dist" is a valid path
	}
	return sub
}
