package server_test

import (
	"io"
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
			issued := playerCookie(getWithCookie(t, e.url+"/api/session", forged))
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
	if resp := getWithCookie(t, e.url+"/api/session", real); len(resp.Cookies()) != 0 {
		t.Fatalf("the server replaced its own cookie: %v", resp.Cookies())
	}
}

// getWithCookie sends a GET to url with the player cookie (none when cookie
// is empty) and returns the answer, its body read and closed.
func getWithCookie(t *testing.T, url, cookie string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	if cookie != "" {
		req.AddCookie(&http.Cookie{Name: "harbor_player", Value: cookie})
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp
}

// playerCookie returns the player cookie an answer sets, or "".
func playerCookie(resp *http.Response) string {
	for _, c := range resp.Cookies() {
		if c.Name == "harbor_player" {
			return c.Value
		}
	}
	return ""
}
