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

func TestStaticFrontEnd(t *testing.T) {
	store, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	web := fstest.MapFS{
		"index.html":    {Data: []byte("<html>app</html>")},
		"assets/app.js": {Data: []byte("console.log(1)")},
	}
	hs := httptest.NewServer(server.New(server.Config{Tables: table.NewTables(store, table.Options{}), Static: web}))
	defer hs.Close()
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
