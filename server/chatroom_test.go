package server_test

import (
	"crypto/rand"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"harbor"
	"harbor/netguard"
	"harbor/notify"
	"harbor/server"
	"harbor/table"
)

// chatEnv is a server whose notifier posts to a room on a loopback https
// server (the guard lets loopback through): the room's posts arrive on
// posts.
func chatEnv(t *testing.T) (e *env, srv *httptest.Server, posts chan []byte) {
	t.Helper()
	posts = make(chan []byte, 8)
	srv = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		posts <- b
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(srv.Close)
	loopback := []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
	guard := netguard.Allowing(loopback, nil)
	tr := srv.Client().Transport.(*http.Transport).Clone()
	tr.DialContext = (&net.Dialer{Control: netguard.Control(guard)}).DialContext
	store := openStore(t)
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	n, err := notify.New(notify.Config{Store: store.Notices(), Limits: store.People(), VAPIDKey: key, HTTPClient: &http.Client{Transport: tr},
		Guard: guard, Allowed: loopback, PublicURL: mailBase})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(n.Close)
	e = serveOpts(t, store, server.Config{Limits: server.DefaultLimits, Notices: n, Devices: store.People(),
		LAN: func() []netip.Addr { return nil }}, table.Options{OnTurn: n.Turn})
	return e, srv, posts
}

// TestChatRoom: only the host sets, sees and removes the table's chat
// room, in the lobby and during the game; a URL of the wrong shape is
// refused in our words; no lobby or table view, of any seat, spectator or
// the TV, holds the URL, and the host's answers show it masked; a turn of
// a player with no notices of their own is posted to the room with the
// table's link.
func TestChatRoom(t *testing.T) {
	const token = "room-secret-token"
	e, srv, posts := chatEnv(t)
	ana, bo, cy := e.person("Ana"), e.person("Bo"), e.person("Cy")
	lobby := ana.must("POST", "/api/tables", map[string]any{"game": "pile", "name": "Ana", "options": json.RawMessage(`{"size":10}`)})
	path := "/api/tables/" + lobby.ID + "/chat"
	bo.must("POST", "/api/join", map[string]any{"invite": lobby.Invite, "name": "Bo"})
	tv := e.person("TV").mustDial("tv=" + lobby.TV)
	aw, bw := ana.mustDial("table="+lobby.ID), bo.mustDial("table="+lobby.ID)

	roomURL := srv.URL + "/api/webhooks/42/" + token
	set := map[string]string{"service": "discord", "url": roomURL}
	if err := bo.call("POST", path, set, nil); code(err) != harbor.EForbidden {
		t.Fatalf("a player who is not the host set the room: %v", err)
	}
	err := ana.call("POST", path, map[string]string{"service": "discord", "url": srv.URL + "/hooks/" + token}, nil)
	if code(err) != harbor.EInvalid || !strings.Contains(harbor.ErrorMessage(err), "this is not a Discord webhook URL") {
		t.Fatalf("a URL of the wrong shape: %v", err)
	}
	var view notify.HookView
	host := strings.TrimPrefix(srv.URL, "https://")
	if err := ana.call("POST", path, set, &view); err != nil || view != (notify.HookView{Service: "discord", Host: host}) {
		t.Fatalf("setting the room: %+v %v", view, err)
	}
	view = notify.HookView{}
	if err := ana.call("GET", path, nil, &view); err != nil || view.Service != "discord" || view.Host != host {
		t.Fatalf("the host's view of the room: %+v %v", view, err)
	}
	if err := bo.call("GET", path, nil, &view); code(err) != harbor.EForbidden {
		t.Fatalf("a player saw the room: %v", err)
	}
	if err := cy.call("GET", path, nil, &view); code(err) != harbor.EForbidden {
		t.Fatalf("a stranger saw the room: %v", err)
	}

	bo.must("POST", "/api/tables/"+lobby.ID+"/ready", map[string]any{"ready": true})
	ana.must("POST", "/api/tables/"+lobby.ID+"/start", nil)
	cy.must("POST", "/api/join", map[string]any{"invite": lobby.Invite, "name": "Cy"}) // a spectator
	cw := cy.mustDial("table=" + lobby.ID)
	// Set again during the game, by the host only.
	if err := ana.call("POST", path, set, &view); err != nil || view.Host != host {
		t.Fatalf("setting the room during the game: %+v %v", view, err)
	}
	bw.c.CloseNow() // Bo leaves: his turn is noticed
	for gone := false; !gone; {
		var l table.LobbyView
		if err := json.Unmarshal(aw.next("lobby").D, &l); err != nil {
			t.Fatal(err)
		}
		gone = l.Status == table.Playing && !l.Seats[1].Online // Bo was online all game till now
	}
	aw.send("move", 0, map[string]any{"type": "take", "n": 1})

	var post struct {
		Content string `json:"content"`
	}
	select {
	case b := <-posts:
		if err := json.Unmarshal(b, &post); err != nil {
			t.Fatal(err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the room got no post")
	}
	if !strings.HasPrefix(post.Content, "It is Bo’s turn at Pile, with Ana.") || !strings.HasSuffix(post.Content, "<"+mailBase+"/t/"+lobby.ID+">") {
		t.Fatalf("the room's post %q", post.Content)
	}

	var seen []string
	for _, p := range []*person{ana, bo, cy} {
		var raw json.RawMessage
		if err := p.call("GET", "/api/tables/"+lobby.ID, nil, &raw); err != nil {
			t.Fatal(err)
		}
		seen = append(seen, string(raw))
	}
	for _, w := range []*wsClient{aw, bw, cw, tv} {
		for _, f := range w.received() {
			seen = append(seen, string(f.Raw))
		}
	}
	for _, s := range seen {
		if strings.Contains(s, token) || strings.Contains(s, "webhooks/42") {
			t.Fatalf("a view holds the room's URL: %.300s", s)
		}
	}

	view = notify.HookView{}
	if err := ana.call("DELETE", path, nil, &view); err != nil || view != (notify.HookView{}) {
		t.Fatalf("removing the room: %+v %v", view, err)
	}
	var after map[string]any
	if err := ana.call("GET", path, nil, &after); err != nil || after == nil || len(after) != 0 {
		t.Fatalf("after removing: %v %v", after, err)
	}
}

// TestChatRoomGoesToNextTable: the table the host opens again after the
// game posts to the same room.
func TestChatRoomGoesToNextTable(t *testing.T) {
	e, srv, _ := chatEnv(t)
	ana, bo := e.person("Ana"), e.person("Bo")
	lobby := ana.must("POST", "/api/tables", map[string]any{"game": "pile", "name": "Ana", "options": map[string]int{"size": 3}})
	bo.must("POST", "/api/join", map[string]any{"invite": lobby.Invite, "name": "Bo"})
	bo.must("POST", "/api/tables/"+lobby.ID+"/ready", map[string]any{"ready": true})
	want := notify.HookView{Service: "slack", Host: strings.TrimPrefix(srv.URL, "https://")}
	var view notify.HookView
	if err := ana.call("POST", "/api/tables/"+lobby.ID+"/chat", map[string]string{"service": "slack", "url": srv.URL + "/services/T1/B2/x3"}, &view); err != nil || view != want {
		t.Fatalf("setting the room: %+v %v", view, err)
	}
	ana.must("POST", "/api/tables/"+lobby.ID+"/start", nil)
	aw := ana.mustDial("table=" + lobby.ID)
	aw.next("state")
	aw.send("move", 0, map[string]any{"type": "take", "n": 3}) // the last token: Ana wins
	nextLobby(t, aw, func(l table.LobbyView) bool { return l.Status == table.Finished })
	next := ana.must("POST", "/api/tables/"+lobby.ID+"/again", nil)
	view = notify.HookView{}
	if err := ana.call("GET", "/api/tables/"+next.ID+"/chat", nil, &view); err != nil || view != want {
		t.Fatalf("the next table's room: %+v %v", view, err)
	}
}
