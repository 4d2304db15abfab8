package server_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"harbor"
	"harbor/server"
	"harbor/table"
)

func TestSecurityHeaders(t *testing.T) {
	e := newEnv(t, server.DefaultLimits)
	for _, path := range []string{"/", "/t/abc", "/api/games", "/api/nothing", "/healthz", "/metrics"} {
		t.Run(path, func(t *testing.T) {
			resp, err := http.Get(e.url + path)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			h := resp.Header
			csp := h.Get("Content-Security-Policy")
			for _, want := range []string{"default-src 'self'", "script-src 'self'", "frame-ancestors 'none'", "object-src 'none'"} {
				if !strings.Contains(csp, want) {
					t.Errorf("the policy %q lacks %q", csp, want)
				}
			}
			if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") != "no-referrer" {
				t.Errorf("headers %v", h)
			}
		})
	}
}

func TestMetricsAccess(t *testing.T) {
	store := openStore(t)
	get := func(url, auth string) (int, string) {
		req, _ := http.NewRequest("GET", url+"/metrics", nil)
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body)
	}
	open := serveWith(t, store, server.Config{})
	if status, body := get(open.url, ""); status != 200 || !strings.Contains(body, "harbor_live_tables") ||
		!strings.Contains(body, "harbor_loaded_tables") || !strings.Contains(body, "harbor_stored_tables") ||
		!strings.Contains(body, "harbor_computer_moves_refused_total 0") || !strings.Contains(body, "harbor_computer_fallback_moves_total 0") {
		t.Fatalf("open metrics: %d %.300s", status, body)
	}
	tok := serveWith(t, store, server.Config{MetricsToken: "s3cret"})
	if status, _ := get(tok.url, ""); status != 401 {
		t.Fatalf("metrics without the token: %d", status)
	}
	if status, _ := get(tok.url, "Bearer wrong"); status != 401 {
		t.Fatalf("metrics with a wrong token: %d", status)
	}
	if status, _ := get(tok.url, "Bearer s3cret"); status != 200 {
		t.Fatalf("metrics with the token: %d", status)
	}
	off := serveWith(t, store, server.Config{MetricsOff: true})
	if status, _ := get(off.url, ""); status != 404 {
		t.Fatalf("metrics served when off: %d", status)
	}
}

// TestTVCodeGivesTheScreenOnly: the TV code shows the invite before the
// start (the TV displays it) and never after, and never makes a member.
func TestTVCodeGivesTheScreenOnly(t *testing.T) {
	e := newEnv(t, server.DefaultLimits)
	ana, tv := e.person("Ana"), e.person("TV")
	l := ana.must("POST", "/api/tables", pileTable)
	var before table.LobbyView
	if err := tv.call("GET", "/api/tv/"+l.TV, nil, &before); err != nil || before.Invite == "" {
		t.Fatalf("the TV before the start: %+v %v", before, err)
	}
	screen := tv.mustDial("tv=" + l.TV)
	screen.next("lobby")
	ana.must("POST", "/api/tables/"+l.ID+"/start", nil)
	if f := lobbyOf(t, screen.next("lobby")); f.Invite != "" || f.Code != "" {
		t.Fatalf("the TV's lobby frame after the start has invite %q code %q", f.Invite, f.Code)
	}
	var after table.LobbyView
	if err := tv.call("GET", "/api/tv/"+l.TV, nil, &after); err != nil || after.Invite != "" || after.Code != "" {
		t.Fatalf("the TV after the start: invite %q code %q %v", after.Invite, after.Code, err)
	}
	if err := tv.call("GET", "/api/tv/"+l.TV+"/qr.png", nil, nil); harbor.ErrorCode(err) != harbor.EForbidden {
		t.Fatalf("the invite QR by TV code after the start: %v", err)
	}
	if err := tv.call("GET", "/api/tables/"+l.ID, nil, nil); harbor.ErrorCode(err) != harbor.EForbidden {
		t.Fatalf("the TV reads the table as a member: %v", err)
	}
	if _, err := tv.dial("table=" + l.ID); err == nil {
		t.Fatal("the TV connects as a member")
	}
}
