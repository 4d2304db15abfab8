package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"harbor"
	"harbor/game"
	"harbor/server"
	"harbor/table"
)

// twoSeats is a started Pile table of two people with a spectator and a TV,
// all connected, the host (seat 0) to move at version 0.
type twoSeats struct {
	e                  *env
	id                 string
	lobby              table.LobbyView
	host, friend, late *person
	hostWS, friendWS   *wsClient
	lateWS, tvWS       *wsClient
}

func newTwoSeats(t *testing.T, limits server.Limits) *twoSeats {
	t.Helper()
	e := newEnv(t, limits)
	ts := &twoSeats{e: e, host: e.person("Ana"), friend: e.person("Bo"), late: e.person("Cy")}
	ts.lobby = ts.host.must("POST", "/api/tables", map[string]any{"game": "pile", "name": "Ana", "options": map[string]int{"size": 50}})
	ts.id = ts.lobby.ID
	ts.friend.must("POST", "/api/join", map[string]any{"code": strings.ToLower(ts.lobby.Code), "name": "Bo"})
	ts.friend.must("POST", "/api/tables/"+ts.id+"/ready", map[string]any{"ready": true})
	ts.host.must("POST", "/api/tables/"+ts.id+"/start", nil)
	ts.late.must("POST", "/api/join", map[string]any{"invite": ts.lobby.Invite, "name": "Cy"})
	ts.hostWS, ts.friendWS, ts.lateWS = ts.host.mustDial("table="+ts.id), ts.friend.mustDial("table="+ts.id), ts.late.mustDial("table="+ts.id)
	ts.tvWS = e.person("TV").mustDial("tv=" + ts.lobby.TV)
	// Settle: every connection has its state, and every member connection
	// the lobby in which all three are online; nothing else is on its way.
	for _, w := range ts.all() {
		state, lobby := false, w == ts.tvWS
		for !state || !lobby {
			var f frame
			select {
			case f = <-w.frames:
			case <-time.After(10 * time.Second):
				t.Fatal("the table did not settle")
			}
			switch f.T {
			case "state":
				state = f.V == 0
			case "lobby":
				online := 0
				for _, m := range lobbyOf(t, f).Members {
					if m.Online {
						online++
					}
				}
				lobby = online == 3
			}
		}
	}
	return ts
}

func (ts *twoSeats) all() []*wsClient { return []*wsClient{ts.hostWS, ts.friendWS, ts.lateWS, ts.tvWS} }

// snapshot is what must not change: the stored log, the table, and what
// each seat and the public would be sent.
func (ts *twoSeats) snapshot(t *testing.T) string {
	t.Helper()
	ctx := context.Background()
	moves, err := ts.e.store.Moves(ctx, ts.id, 0)
	if err != nil {
		t.Fatal(err)
	}
	r, err := ts.e.tables.Get(ctx, ts.id)
	if err != nil {
		t.Fatal(err)
	}
	parts := []any{moves, r.Table(), r.Lobby()}
	for _, viewer := range []game.Seat{0, 1, game.Public} {
		v, _ := r.StateFor(viewer)
		parts = append(parts, v)
	}
	raw, err := json.Marshal(parts)
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

func TestBadInput(t *testing.T) {
	ts := newTwoSeats(t, server.Limits{MaxMessage: 16 << 10, MsgRate: 20, MsgBurst: 40, CodeRate: 0.5, CodeBurst: 10, SendBacklog: 64})
	big := `{"t":"move","v":0,"d":{"type":"take","n":1,"pad":"` + strings.Repeat("x", 17<<10) + `"}}`
	for _, tc := range []struct {
		name string
		from func() *wsClient
		msg  string
		code string
	}{
		{"malformed JSON", func() *wsClient { return ts.hostWS }, `{"t":"move",`, harbor.EInvalid},
		{"not an envelope", func() *wsClient { return ts.hostWS }, `[1,2,3]`, harbor.EInvalid},
		{"unknown message type", func() *wsClient { return ts.hostWS }, `{"t":"dance","v":0}`, harbor.EInvalid},
		{"unknown move type", func() *wsClient { return ts.hostWS }, `{"t":"move","v":0,"d":{"type":"grab","n":1}}`, harbor.EInvalid},
		{"move without data", func() *wsClient { return ts.hostWS }, `{"t":"move","v":0}`, harbor.EInvalid},
		{"illegal move", func() *wsClient { return ts.hostWS }, `{"t":"move","v":0,"d":{"type":"take","n":4}}`, harbor.EIllegal},
		{"out of turn", func() *wsClient { return ts.friendWS }, `{"t":"move","v":0,"d":{"type":"take","n":1}}`, harbor.ENotYourTurn},
		{"move for another seat", func() *wsClient { return ts.friendWS }, `{"t":"move","v":0,"seat":0,"d":{"type":"take","n":1}}`, harbor.EInvalid},
		{"seat inside the move", func() *wsClient { return ts.friendWS }, `{"t":"move","v":0,"d":{"type":"take","n":1,"seat":0}}`, harbor.EInvalid},
		{"stale version", func() *wsClient { return ts.hostWS }, `{"t":"move","v":7,"d":{"type":"take","n":1}}`, harbor.EStale},
		{"oversized message", func() *wsClient { return ts.hostWS }, big, harbor.ETooLarge},
		{"spectator moves", func() *wsClient { return ts.lateWS }, `{"t":"move","v":0,"d":{"type":"take","n":1}}`, harbor.EForbidden},
		{"TV moves", func() *wsClient { return ts.tvWS }, `{"t":"move","v":0,"d":{"type":"take","n":1}}`, harbor.EUnauthorized},
		{"back with a field", func() *wsClient { return ts.friendWS }, `{"t":"back","v":0,"d":{"seat":0}}`, harbor.EInvalid},
		{"take-back with a field", func() *wsClient { return ts.hostWS }, `{"t":"undo","v":0,"d":{"n":2}}`, harbor.EInvalid},
		{"hint with data", func() *wsClient { return ts.hostWS }, `{"t":"hint","v":0,"d":[1]}`, harbor.EInvalid},
		{"ping with data", func() *wsClient { return ts.hostWS }, `{"t":"ping","v":0,"d":"x"}`, harbor.EInvalid},
		{"state with a field", func() *wsClient { return ts.hostWS }, `{"t":"state","v":0,"d":{"all":true}}`, harbor.EInvalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := ts.snapshot(t)
			w := tc.from()
			w.sendRaw(tc.msg)
			f := w.next("error")
			if e := errorOf(f); e.Code != tc.code || e.Message == "" {
				t.Fatalf("got error %+v, want code %s", e, tc.code)
			}
			if tc.code == harbor.EStale {
				if s := w.next("state"); s.V != 0 {
					t.Fatalf("the fresh state after a stale move is at version %d", s.V)
				}
			}
			for _, other := range ts.all() {
				if other != w {
					other.quiet(30 * time.Millisecond)
				}
			}
			if after := ts.snapshot(t); after != before {
				t.Fatalf("a refused message changed the table:\n%s\n%s", before, after)
			}
		})
	}
	t.Run("the table still plays", func(t *testing.T) {
		ts.hostWS.send("move", 0, map[string]any{"type": "take", "n": 2})
		for _, w := range ts.all() {
			if f := w.next("state"); f.V != 1 || !strings.Contains(string(f.State.View), `"pile":48`) {
				t.Fatalf("after a good move: %s", f.D)
			}
		}
	})
}

func TestFloodIsRateLimited(t *testing.T) {
	ts := newTwoSeats(t, server.Limits{MaxMessage: 16 << 10, MsgRate: 1, MsgBurst: 10, CodeRate: 1, CodeBurst: 10, SendBacklog: 256})
	before := ts.snapshot(t)
	for range 30 {
		ts.friendWS.sendRaw(`{"t":"move","v":0,"d":{"type":"take","n":1}}`)
	}
	limited, refused := 0, 0
	for range 30 {
		switch e := errorOf(ts.friendWS.next("error")); e.Code {
		case harbor.ERateLimited:
			limited++
		case harbor.ENotYourTurn:
			refused++
		default:
			t.Fatalf("unexpected error %+v", e)
		}
	}
	if limited < 15 || refused < 10 {
		t.Fatalf("%d rate-limited and %d refused of 30 messages sent at once", limited, refused)
	}
	for _, w := range []*wsClient{ts.hostWS, ts.lateWS, ts.tvWS} {
		w.quiet(30 * time.Millisecond)
	}
	if after := ts.snapshot(t); after != before {
		t.Fatal("a flood changed the table")
	}
	time.Sleep(1100 * time.Millisecond) // the bucket refills
	ts.friendWS.send("ping", 0, struct{}{})
	ts.friendWS.next("pong")
}

func TestBadRequests(t *testing.T) {
	ts := newTwoSeats(t, server.Limits{MaxMessage: 16 << 10, MsgRate: 20, MsgBurst: 40, CodeRate: 0.01, CodeBurst: 5, SendBacklog: 64})
	stranger := ts.e.person("Dee")
	stranger.id() // a cookie, but no seat
	evil := http.Header{"Origin": {"http://evil.example"}}
	for _, tc := range []struct {
		name string
		do   func() error
		code string
	}{
		{"wrong Origin on the WebSocket", func() error {
			_, err := ts.e.dialWith(ts.host.http, "table="+ts.id, evil)
			return err
		}, harbor.EForbidden},
		{"WebSocket without a cookie", func() error {
			_, err := ts.e.dialWith(&http.Client{}, "table="+ts.id, nil)
			return err
		}, harbor.EUnauthorized},
		{"WebSocket of a stranger", func() error { _, err := stranger.dial("table=" + ts.id); return err }, harbor.EForbidden},
		{"WebSocket to an unknown table", func() error { _, err := ts.host.dial("table=nosuchtable"); return err }, harbor.ENotFound},
		{"unknown TV code", func() error { _, err := stranger.dial("tv=ZZZZZZZZ"); return err }, harbor.ENotFound},
		{"unknown join code", func() error {
			return stranger.call("POST", "/api/join", map[string]any{"code": "ZZZZZZ", "name": "Dee"}, nil)
		}, harbor.ENotFound},
		{"unknown field", func() error {
			return stranger.call("POST", "/api/join", map[string]any{"code": ts.lobby.Code, "name": "Dee", "admin": true}, nil)
		}, harbor.EInvalid},
		{"guessing is slowed", func() error {
			return stranger.call("POST", "/api/join", map[string]any{"code": "ZZZZZZ", "name": "Dee"}, nil)
		}, harbor.ERateLimited},
		{"stranger reads the table", func() error { return stranger.call("GET", "/api/tables/"+ts.id, nil, nil) }, harbor.EForbidden},
		{"guest adds a bot", func() error { return ts.friend.call("POST", "/api/tables/"+ts.id+"/bots", map[string]any{}, nil) }, harbor.EForbidden},
		{"host adds a bot after the start", func() error {
			return ts.host.call("POST", "/api/tables/"+ts.id+"/bots", map[string]any{}, nil)
		}, harbor.EConflict},
		{"unknown endpoint", func() error { return ts.host.call("GET", "/api/nothing", nil, nil) }, harbor.ENotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.do(); code(err) != tc.code {
				t.Fatalf("got %v, want code %s", err, tc.code)
			}
		})
	}
	req, _ := http.NewRequest("POST", ts.e.url+"/api/tables/"+ts.id+"/ready", strings.NewReader(`{"ready":true}`))
	req.Header.Set("Origin", "http://evil.example")
	resp, err := ts.host.http.Do(req)
	if err != nil || resp.StatusCode != http.StatusForbidden {
		t.Fatalf("a POST from another site: %v %v", resp.Status, err)
	}
	resp.Body.Close()
}

func TestExpiredCode(t *testing.T) {
	e := newEnv(t, server.Limits{})
	host := e.person("Ana")
	lobby := host.must("POST", "/api/tables", map[string]any{"game": "pile", "name": "Ana", "options": map[string]int{"size": 2}})
	host.must("POST", "/api/tables/"+lobby.ID+"/bots", map[string]any{})
	host.must("POST", "/api/tables/"+lobby.ID+"/start", nil)
	w := host.mustDial("table=" + lobby.ID)
	w.next("state")
	w.send("move", 0, map[string]any{"type": "take", "n": 2})
	if f := w.next("state"); !f.State.Result.Over {
		t.Fatalf("taking the last tokens did not end the game: %s", f.D)
	}
	late := e.person("Bo")
	for _, body := range []map[string]any{{"code": lobby.Code, "name": "Bo"}, {"invite": lobby.Invite, "name": "Bo"}} {
		if err := late.call("POST", "/api/join", body, nil); code(err) != harbor.ENotFound {
			t.Fatalf("join a finished table with %v: %v", body, err)
		}
	}
	if tv := late.must("GET", "/api/tv/"+lobby.TV, nil); tv.Status != table.Finished || tv.Result == nil {
		t.Fatalf("the TV code of a finished table shows %+v", tv)
	}
}
