package server_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"testing/fstest"

	"harbor/server"
	"harbor/sqlite"
	"harbor/table"
)

// staticServer serves a front end of one page and one build file on a
// fresh store, for the length of the test.
func staticServer(t *testing.T) *httptest.Server {
	store, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	web := fstest.MapFS{
		"index.html":    {Data: []byte("<html>app</html>")},
		"assets/app.js": {Data: []byte("console.log(1)")},
	}
	hs := httptest.NewServer(server.New(server.Config{Tables: table.NewTables(store, table.Options{}), Static: web}))
	t.Cleanup(hs.Close)
	return hs
}

func TestStaticFrontEnd(t *testing.T) {
	hs := staticServer(t)
	for _, tc := range []struct {
		path, body string
		status     int
	}{
		{"/", "<html>app</html>", 200},
		{"/t/k3x9q2m7hbtc", "<html>app</html>", 200},
		{"/tv/T4MZ8QRW", "<html>app</html>", 200},
		{"/join/mB2n5v0kqN6oR3cJx1sD9w", "<html>app</html>", 200},
		{"/assets/app.js", "console.log(1)", 200},
		{"/assets/gone.js", "404 page not found\n", 404},
		{"/robots.txt", "User-agent: *\nAllow: /$\nDisallow: /\n", 200},
		{"/favicon.ico", "404 page not found\n", 404},
		{"/sitemap.xml", "404 page not found\n", 404},
		{"/.well-known/security.txt", "404 page not found\n", 404},
		{"/.well-known/change-password", "404 page not found\n", 404},
	} {
		t.Run(tc.path, func(t *testing.T) {
			resp, err := http.Get(hs.URL + tc.path)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.status || string(body) != tc.body {
				t.Fatalf("%d %q, want %d %q", resp.StatusCode, body, tc.status, tc.body)
			}
		})
	}
}

// TestPageGivesIdentity: a browser without a cookie gets its identity with
// the page itself, and keeps it on its first API request, so requests a new
// page sends at once cannot each be given an identity of their own.
func TestPageGivesIdentity(t *testing.T) {
	hs := staticServer(t)
	get := func(path, cookie string) *http.Response { return getWithCookie(t, hs.URL+path, cookie) }
	if c := playerCookie(get("/assets/app.js", "")); c != "" {
		t.Fatalf("a build file set an identity cookie %q", c)
	}
	tok := playerCookie(get("/t/k3x9q2m7hbtc", ""))
	if tok == "" {
		t.Fatal("the page gave a new browser no identity")
	}
	if playerCookie(get("/api/session", "")) == "" {
		t.Fatal("the API gave a request without a cookie no identity")
	}
	if again := playerCookie(get("/api/session", tok)); again != "" {
		t.Fatalf("the API replaced the identity the page gave (%q for %q)", again, tok)
	}
	if again := playerCookie(get("/", tok)); again != "" {
		t.Fatalf("a second page load replaced the identity (%q for %q)", again, tok)
	}
}
