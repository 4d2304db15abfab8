package server

import (
	"errors"
	"io/fs"
	"net/http"
	"path"
	"strings"
)

// robots asks crawlers to keep to the home page: every other page is a
// table, an invite, a TV or a replay of people's own games.
const robots = "User-agent: *\nAllow: /$\nDisallow: /\n"

// placeholder is served when the server has no built front end.
const placeholder = `<!doctype html>
<html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Harbor</title>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem">
<h1>Harbor</h1>
<p>The table server is running, but this build carries no web front end.
The HTTP API is at <code>/api/</code> (see docs/api.md) and play runs over
<code>/ws</code> (see docs/protocol.md).</p>
</body></html>
`

// staticHandler serves the files of fsys, /robots.txt, and index.html for
// the front end's own routes (/, /t/{id}, /tv/{code}, /join/{invite}) and
// for any other path that is not a file, so deep links work; a missing file
// under assets/ or /.well-known/, or one whose name has an extension
// (favicon.ico, sitemap.xml), is a 404: no route of the front end has one. page runs before index.html is written: the server gives
// a new browser its identity there, with the page itself, so the page's first
// requests (sent at once and in parallel) all carry the same one.
func staticHandler(fsys fs.FS, page func(http.ResponseWriter, *http.Request)) http.Handler {
	if fsys == nil {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = w.Write([]byte(placeholder))
		})
	}
	files := http.FileServerFS(fsys)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(r.URL.Path, "/")
		if name == "robots.txt" {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			_, _ = w.Write([]byte(robots))
			return
		}
		if name != "" && name != "index.html" {
			if st, err := fs.Stat(fsys, name); err == nil && !st.IsDir() {
				if strings.HasPrefix(name, "assets/") {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				}
				files.ServeHTTP(w, r)
				return
			}
			if strings.HasPrefix(name, "assets/") || strings.HasPrefix(name, ".well-known/") || path.Ext(name) != "" {
				http.NotFound(w, r) // a missing file, not a page
				return
			}
		}
		index, err := fs.ReadFile(fsys, "index.html")
		if errors.Is(err, fs.ErrNotExist) {
			index = []byte(placeholder)
		} else if err != nil {
			http.Error(w, "front end unreadable", http.StatusInternalServerError)
			return
		}
		page(w, r)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = w.Write(index)
	})
}
