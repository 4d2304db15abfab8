package server_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"harbor"
	"harbor/server"
	"harbor/table"
)

// TestForgedIdentities: a cookie the server did not issue is replaced,
// never taken as an identity.
func TestForgedIdentities(t *testing.T) {
	e := newEnv(t, server.DefaultLimits)
	ana := e.person("Ana")
	l := ana.must("POST", "/api/tables", pileTable)
	u, _ := url.Parse(e.url)
	real := ana.http.Jar.Cookies(u)[0].Value
	id, _, _ := strings.Cut(real, ".")
	for name, forged := range map[string]string{
		"zeros":              strings.Repeat("0", 32),
		"zeros with mac":     strings.Repeat("0", 32) + "." + strings.Repeat("0", 32),
		"real id, no mac":    id,
		"real id, wrong mac": id + "." + strings.Repeat("a", 32),
		"another's mac":      table.NewToken() + real[32:],
	} {
		t.Run(name, func(t *testing.T) {
			req, _ := http.NewRequest("GET", e.url+"/api/session", nil)
			req.AddCookie(&http.Cookie{Name: "harbor_player", Value: forged})
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			var issued string
			for _, c := range resp.Cookies() {
				if c.Name == "harbor_player" {
					issued = c.Value
				}
			}
			if issued == "" || issued == forged {
				t.Fatalf("the forged cookie %q was kept (issued %q)", forged, issued)
			}
			// Nor does it reach a table as its owner.
			ws := e.person("Forger")
			ws.http.Jar.SetCookies(u, []*http.Cookie{{Name: "harbor_player", Value: forged}})
			if _, err := ws.dial("table=" + l.ID); harbor.ErrorCode(err) != harbor.EUnauthorized {
				t.Fatalf("a forged cookie connected: %v", err)
			}
		})
	}
	// The real one is kept.
	req, _ := http.NewRequest("GET", e.url+"/api/session", nil)
	req.AddCookie(&http.Cookie{Name: "harbor_player", Value: real})
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if len(resp.Cookies()) != 0 {
		t.Fatalf("the server replaced its own cookie: %v", resp.Cookies())
	}
}
