package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"path/filepath"
	"strings"
	"testing"
	"time"

	qrcode "github.com/skip2/go-qrcode"

	"harbor"
	"harbor/game"
	"harbor/server"
	"harbor/sqlite"
	"harbor/table"
)

// TestPublicBase checks the address invite links and QR codes carry, for
// the address the browser used, the machine's LAN and -public-url.
func TestPublicBase(t *testing.T) {
	store, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	tables := table.NewTables(store, table.Options{})
	defer tables.Close()
	lan := func(ips ...string) func() []netip.Addr {
		return func() []netip.Addr {
			var out []netip.Addr
			for _, ip := range ips {
				out = append(out, netip.MustParseAddr(ip))
			}
			return out
		}
	}
	for _, tc := range []struct {
		name, host, public string
		lan                func() []netip.Addr
		want               server.Address
		listen             string
	}{
		{"a LAN address the browser used", "192.168.1.7:8080", "", lan("10.0.0.5"), server.Address{Base: "http://192.168.1.7:8080"}, ""},
		{"a host name the server does not answer to: the LAN address", "harbor.home:8080", "", lan("10.0.0.5"), server.Address{Base: "http://10.0.0.5:8080"}, ""},
		{"loopback: the LAN address instead", "127.0.0.1:8080", "", lan("fd00::2", "10.0.0.5"), server.Address{Base: "http://10.0.0.5:8080"}, ""},
		{"localhost: the LAN address instead", "localhost:9000", "", lan("10.0.0.5"), server.Address{Base: "http://10.0.0.5:9000"}, ""},
		{"IPv6 loopback: the LAN address instead", "[::1]:8080", "", lan("10.0.0.5"), server.Address{Base: "http://10.0.0.5:8080"}, ""},
		{"loopback and no LAN: this machine only", "127.0.0.1:8080", "", lan(), server.Address{Base: "http://127.0.0.1:8080", LoopbackOnly: true}, ""},
		{"loopback and only a link-local address", "127.0.0.1:8080", "", lan("169.254.3.4"), server.Address{Base: "http://127.0.0.1:8080", LoopbackOnly: true}, ""},
		{"a public URL wins", "127.0.0.1:8080", "https://games.example.org/", lan("10.0.0.5"), server.Address{Base: "https://games.example.org"}, ""},
		{"listening on loopback only: this machine only", "127.0.0.1:8080", "", lan("10.0.0.5"), server.Address{Base: "http://127.0.0.1:8080", LoopbackOnly: true}, "127.0.0.1:8080"},
		{"listening on one network address: that one", "localhost:8080", "", lan("10.0.0.5"), server.Address{Base: "http://10.0.0.9:8080"}, "10.0.0.9:8080"},
		{"listening on every interface: the LAN", "localhost:8080", "", lan("10.0.0.5"), server.Address{Base: "http://10.0.0.5:8080"}, "[::]:8080"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := server.New(server.Config{Tables: tables, PublicURL: tc.public, LAN: tc.lan, Listen: tc.listen})
			req := httptest.NewRequest("GET", "/api/session", nil)
			req.Host = tc.host
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, req)
			var s server.Session
			if err := json.Unmarshal(rec.Body.Bytes(), &s); err != nil || s.Address != tc.want {
				t.Fatalf("session %s: got %+v, want %+v", rec.Body, s.Address, tc.want)
			}

			// The QR code carries the same address: it is exactly the code of
			// the invite link under it.
			cookie := rec.Result().Cookies()[0]
			lobby, err := tables.Create(context.Background(), "pile", table.KeyOf(cookie.Value), "Ana", nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			req = httptest.NewRequest("GET", "/api/tables/"+lobby.ID()+"/qr.png", nil)
			req.Host = tc.host
			req.AddCookie(cookie)
			rec = httptest.NewRecorder()
			srv.ServeHTTP(rec, req)
			want, _ := qrcode.Encode(tc.want.Base+"/join/"+lobby.Table().Invite, qrcode.Medium, 320)
			if !bytes.Equal(rec.Body.Bytes(), want) {
				t.Fatalf("the QR code is not that of %s/join/…", tc.want.Base)
			}
		})
	}
}

func TestListenURLsAndPublicURL(t *testing.T) {
	lan := []netip.Addr{netip.MustParseAddr("10.0.0.5")}
	for _, tc := range []struct {
		addr     string
		lan      []netip.Addr
		want     string
		loopback bool
	}{
		{":8080", lan, "http://localhost:8080 http://10.0.0.5:8080", false},
		{"0.0.0.0:8080", nil, "http://localhost:8080", true},
		{"127.0.0.1:8080", lan, "http://127.0.0.1:8080", true},
		{"10.0.0.5:8080", lan, "http://10.0.0.5:8080", false},
	} {
		t.Run(tc.addr, func(t *testing.T) {
			urls, loopback := server.ListenURLs(tc.addr, tc.lan)
			if strings.Join(urls, " ") != tc.want || loopback != tc.loopback {
				t.Fatalf("got %v %v, want %s %v", urls, loopback, tc.want, tc.loopback)
			}
		})
	}
	for raw, ok := range map[string]bool{"https://x.org/": true, "http://x.org:81/games": true, "x.org": false, "ftp://x.org": false} {
		if err := (server.Config{PublicURL: raw}).Check(); (err == nil) != ok {
			t.Errorf("a public URL of %q: %v", raw, err)
		}
	}
}

// twoAtPile opens a started Pile table of Ana (host, seat 0) and Bo (seat 1)
// with both connected.
func twoAtPile(t *testing.T, e *env, size int) (id string, host, bo *person, hw, bw *wsClient) {
	t.Helper()
	host, bo = e.person("Ana"), e.person("Bo")
	lobby := host.must("POST", "/api/tables", map[string]any{"game": "pile", "name": "Ana", "options": map[string]int{"size": size}})
	bo.must("POST", "/api/join", map[string]any{"invite": lobby.Invite, "name": "Bo"})
	bo.must("POST", "/api/tables/"+lobby.ID+"/ready", map[string]any{"ready": true})
	hw, bw = host.mustDial("table="+lobby.ID), bo.mustDial("table="+lobby.ID)
	host.must("POST", "/api/tables/"+lobby.ID+"/start", nil)
	hw.next("state")
	bw.next("state")
	return lobby.ID, host, bo, hw, bw
}

// nextLobby waits for a lobby frame on w that satisfies ok.
func nextLobby(t *testing.T, w *wsClient, ok func(table.LobbyView) bool) table.LobbyView {
	t.Helper()
	for {
		if l := lobbyOf(t, w.next("lobby")); ok(l) {
			return l
		}
	}
}

// TestDisconnectStandIn: the person the game waits on closes their page;
// everyone sees them gone, and after the table's wait a computer player
// moves for them until they are back.
func TestDisconnectStandIn(t *testing.T) {
	e := newEnv(t, server.Limits{})
	id, host, bo, hw, bw := twoAtPile(t, e, 40)
	if l := host.must("GET", "/api/tables/"+id, nil); l.AwaySeconds != table.DefaultAwaySeconds || !l.Seats[0].Online || !l.Seats[1].Online {
		t.Fatalf("a new table waits %d s; seats %+v", l.AwaySeconds, l.Seats)
	}
	for _, tc := range []struct {
		who  *person
		body map[string]any
		code string
	}{
		{bo, map[string]any{"awaySeconds": 1}, harbor.EForbidden},
		{host, map[string]any{"awaySeconds": -1}, harbor.EInvalid},
		{host, map[string]any{"awaySeconds": table.MaxAwaySeconds + 1}, harbor.EInvalid},
		{host, map[string]any{"awaySecs": 1}, harbor.EInvalid},
	} {
		if err := tc.who.call("POST", "/api/tables/"+id+"/room", tc.body, nil); code(err) != tc.code {
			t.Fatalf("room %v by %s: %v, want %s", tc.body, tc.who.name, err, tc.code)
		}
	}
	if l := host.must("POST", "/api/tables/"+id+"/room", map[string]any{"awaySeconds": 1}); l.AwaySeconds != 1 {
		t.Fatalf("the wait is %d s after setting 1", l.AwaySeconds)
	}

	// Ana (seat 0, whose turn it is) closes her page.
	closed := time.Now()
	hw.c.CloseNow()
	// Every page counts down to the stand-in: the lobby says when it comes.
	l := nextLobby(t, bw, func(l table.LobbyView) bool { return !l.Seats[0].Online })
	if due := time.UnixMilli(l.Seats[0].StandIn); due.Before(closed) || due.After(time.Now().Add(time.Second)) || l.Seats[1].StandIn != 0 {
		t.Fatalf("the stand-in comes at %v (Ana left at %v, waits 1 s); seats %+v", due, closed, l.Seats)
	}
	l = nextLobby(t, bw, func(l table.LobbyView) bool { return l.Seats[0].Away })
	if l.Seats[1].Away || !l.Seats[1].Online || l.Seats[0].StandIn != 0 {
		t.Fatalf("seats once the stand-in plays: %+v", l.Seats)
	}
	f := bw.next("state")
	for f.V < 1 {
		f = bw.next("state")
	}
	if f.State.Actors[0] != 1 {
		t.Fatalf("after the stand-in moved the game waits on %v", f.State.Actors)
	}
	if len(f.State.Events) != 1 || !standInTook(f.State.Events[0].Msg, "Ana") {
		t.Fatalf("the stand-in's move is logged as %+v", f.State.Events)
	}

	// Ana comes back and has her seat again.
	hw = host.mustDial("table=" + id)
	nextLobby(t, bw, func(l table.LobbyView) bool { return l.Seats[0].Online && !l.Seats[0].Away })
	bw.send("move", f.V, map[string]any{"type": "take", "n": 1})
	offeredTurn(t, hw, f.V, 0)
}

// offeredTurn waits for w's first state after version v and checks that it
// offers seat its turn, and that no computer player takes it.
func offeredTurn(t *testing.T, w *wsClient, v int, seat game.Seat) {
	t.Helper()
	s := w.next("state")
	for s.V <= v {
		s = w.next("state")
	}
	if s.State.Actors[0] != seat || len(s.State.Legal) == 0 {
		t.Fatalf("seat %d is not offered its turn: %+v", seat, s.State)
	}
	w.quiet(300 * time.Millisecond)
}

// TestHostHandsSeat: the host gives a person's seat to a computer player
// during play and takes it back; a person does the same for their own seat.
func TestHostHandsSeat(t *testing.T) {
	e := newEnv(t, server.Limits{})
	id, host, bo, hw, bw := twoAtPile(t, e, 40)
	if l := bo.must("POST", "/api/tables/"+id+"/hand", map[string]any{"seat": 1, "computer": true}); !l.Seats[1].Handed || l.Seats[1].HandedBy != bo.id() {
		t.Fatalf("Bo handed his own seat: %+v", l.Seats[1])
	}
	if l := bo.must("POST", "/api/tables/"+id+"/hand", map[string]any{"seat": 1, "computer": false}); l.Seats[1].Handed || l.Seats[1].HandedBy != "" {
		t.Fatalf("Bo took his seat back: %+v", l.Seats[1])
	}
	for _, tc := range []struct {
		who  *person
		body map[string]any
		code string
	}{
		{bo, map[string]any{"seat": 0, "computer": true}, harbor.EForbidden},
		{host, map[string]any{"seat": 7, "computer": true}, harbor.EInvalid},
		{host, map[string]any{"computer": true}, harbor.EInvalid},
	} {
		if err := tc.who.call("POST", "/api/tables/"+id+"/hand", tc.body, nil); code(err) != tc.code {
			t.Fatalf("hand %v by %s: %v, want %s", tc.body, tc.who.name, err, tc.code)
		}
	}
	if l := host.must("POST", "/api/tables/"+id+"/hand", map[string]any{"seat": 1, "computer": true}); !l.Seats[1].Handed || l.Seats[1].HandedBy != host.id() {
		t.Fatalf("seat 1 not handed: %+v", l.Seats[1])
	}
	hw.send("move", 0, map[string]any{"type": "take", "n": 1})
	// The computer player moves for Bo, who is still connected.
	f := bw.next("state")
	for f.V < 2 {
		f = bw.next("state")
	}
	bw.send("back", f.V, struct{}{}) // Bo cannot take back what the host handed over
	if l := host.must("GET", "/api/tables/"+id, nil); !l.Seats[1].Handed {
		t.Fatal("Bo took back a seat the host handed to a computer player")
	}
	if l := host.must("POST", "/api/tables/"+id+"/hand", map[string]any{"seat": 1, "computer": false}); l.Seats[1].Handed {
		t.Fatalf("seat 1 still handed: %+v", l.Seats[1])
	}
	hw.send("move", f.V, map[string]any{"type": "take", "n": 1})
	offeredTurn(t, bw, f.V, 1)

	// Removing Bo during play: a computer player has his seat for good.
	host.must("POST", "/api/tables/"+id+"/kick", map[string]any{"player": bo.id()})
	if l := host.must("GET", "/api/tables/"+id, nil); l.Seats[1].Kind != table.Bot {
		t.Fatalf("a removed player's seat is %+v", l.Seats[1])
	}
}

// TestPlayAgain: at the end the host opens the next table, with the same
// people, seats, computer players and options; everyone is told.
func TestPlayAgain(t *testing.T) {
	e := newEnv(t, server.Limits{})
	host, bo, cy := e.person("Ana"), e.person("Bo"), e.person("Cy")
	lobby := host.must("POST", "/api/tables", map[string]any{"game": "pile", "name": "Ana", "options": map[string]int{"size": 3}, "turnSeconds": 30})
	id := lobby.ID
	bo.must("POST", "/api/join", map[string]any{"invite": lobby.Invite, "name": "Bo"})
	host.must("POST", "/api/tables/"+id+"/bots", map[string]any{"seat": 3})
	bo.must("POST", "/api/tables/"+id+"/seat", map[string]any{"seat": 2, "color": "teal"})
	bo.must("POST", "/api/tables/"+id+"/ready", map[string]any{"ready": true})
	cy.must("POST", "/api/join", map[string]any{"invite": lobby.Invite, "name": "Cy"})
	cy.must("POST", "/api/tables/"+id+"/seat", map[string]any{"seat": -1}) // Cy watches
	host.must("POST", "/api/tables/"+id+"/start", nil)
	if err := host.call("POST", "/api/tables/"+id+"/again", nil, nil); code(err) != harbor.EConflict {
		t.Fatalf("play again during the game: %v", err)
	}
	hw, bw, tw := host.mustDial("table="+id), bo.mustDial("table="+id), e.person("TV").mustDial("tv="+lobby.TV)
	hw.send("move", 0, map[string]any{"type": "take", "n": 3}) // Ana takes the last token
	nextLobby(t, bw, func(l table.LobbyView) bool { return l.Status == table.Finished })
	if err := bo.call("POST", "/api/tables/"+id+"/again", nil, nil); code(err) != harbor.EForbidden {
		t.Fatalf("Bo opened the next table: %v", err)
	}
	next := host.must("POST", "/api/tables/"+id+"/again", nil)
	if next.ID == id || next.Status != table.Lobby || next.Game != "pile" || string(next.Options) != `{"size":3}` || next.TurnSeconds != 30 {
		t.Fatalf("next table %+v", next)
	}
	kinds := ""
	for _, s := range next.Seats {
		kinds += string(s.Kind) + "/" + s.Name + "/" + s.Color + fmt.Sprint(s.Ready) + " "
	}
	if want := "human/Ana/redfalse human/Bo/tealfalse bot/Computer 4/greentrue //false //false //false "; kinds != want {
		t.Fatalf("next table's seats %q, want %q", kinds, want)
	}
	if len(next.Members) != 3 || next.Members[2].Name != "Cy" || next.Members[2].Seat != -1 {
		t.Fatalf("next table's people %+v", next.Members)
	}
	for who, w := range map[string]*wsClient{"Bo": bw, "the TV": tw} {
		l := nextLobby(t, w, func(l table.LobbyView) bool { return l.Next != "" })
		if l.Next != next.ID || l.NextTV != next.TV {
			t.Fatalf("%s was told of %s/%s, not %s/%s", who, l.Next, l.NextTV, next.ID, next.TV)
		}
	}
	// Every person can open the new table; asking again answers the same one.
	bo.must("GET", "/api/tables/"+next.ID, nil)
	cy.must("GET", "/api/tables/"+next.ID, nil)
	if again := host.must("POST", "/api/tables/"+id+"/again", map[string]any{"game": "holdings"}); again.ID != next.ID {
		t.Fatalf("a second play again opened %s", again.ID)
	}

	// Another game: the people keep their seats; options are the new game's.
	lobby = host.must("POST", "/api/tables", map[string]any{"game": "pile", "name": "Ana", "options": map[string]int{"size": 1}})
	host.must("POST", "/api/tables/"+lobby.ID+"/bots", map[string]any{})
	host.must("POST", "/api/tables/"+lobby.ID+"/start", nil)
	w := host.mustDial("table=" + lobby.ID)
	w.send("move", 0, map[string]any{"type": "take", "n": 1})
	nextLobby(t, w, func(l table.LobbyView) bool { return l.Status == table.Finished })
	other := host.must("POST", "/api/tables/"+lobby.ID+"/again", map[string]any{"game": "holdings"})
	if other.Game != "holdings" || string(other.Options) != "{}" || len(other.Seats) != 6 || other.Seats[1].Kind != table.Bot {
		t.Fatalf("another game: %+v", other)
	}
	var gl server.GameLog
	if err := host.call("GET", "/api/tables/"+id+"/log", nil, &gl); err != nil || len(gl.Moves) != 1 || gl.Chat == nil {
		t.Fatalf("the finished table's log: %+v %v", gl, err)
	}
	if err := host.call("POST", "/api/tables/"+id+"/again", map[string]any{"game": "chess"}, nil); err != nil {
		t.Fatalf("asking again after the next table exists: %v", err)
	}
}

// logFrame is the d of a log frame.
type logFrame struct {
	Entries []struct {
		V      int          `json:"v"`
		Events []game.Event `json:"events"`
	} `json:"entries"`
	From     int  `json:"from"`
	To       int  `json:"to"`
	Complete bool `json:"complete"`
}

// TestFullLogOnReconnect: a page that connects to a running game gets its
// whole log as it may see it, the last part first and the rest on demand,
// also after a restart.
func TestFullLogOnReconnect(t *testing.T) {
	limits := server.DefaultLimits
	limits.MsgRate, limits.MsgBurst = 10000, 10000
	store, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	e := serve(t, store, limits, table.Options{})
	host := e.person("Ana")
	lobby := host.must("POST", "/api/tables", map[string]any{"game": "pile", "name": "Ana", "options": map[string]int{"size": 600}})
	host.must("POST", "/api/tables/"+lobby.ID+"/bots", map[string]any{})
	hw := host.mustDial("table=" + lobby.ID)
	host.must("POST", "/api/tables/"+lobby.ID+"/start", nil)
	// Ana takes one token on each of her turns until the game is longer
	// than the first log frame and one earlier page together.
	version := 0
	for version <= table.RecentLogMoves+table.LogPageMoves+20 {
		f := hw.next("state")
		if f.V >= version && len(f.State.Actors) == 1 && f.State.Actors[0] == 0 && !f.State.Result.Over {
			version = f.V
			hw.send("move", version, map[string]any{"type": "take", "n": 1})
			version++
		}
	}
	f := hw.next("state")
	for f.V < version || len(f.State.Actors) != 1 || f.State.Actors[0] != 0 {
		f = hw.next("state")
	}
	version = f.V
	wantLog := func(t *testing.T, w *wsClient, mine string) {
		t.Helper()
		last := logOf(t, w.next("log"))
		if last.Complete || last.To != version || last.From != version+1-table.RecentLogMoves || len(last.Entries) != table.RecentLogMoves ||
			last.Entries[len(last.Entries)-1].V != version {
			t.Fatalf("the first log frame: complete %v, versions %d to %d, %d entries, last at %d (version %d)",
				last.Complete, last.From, last.To, len(last.Entries), last.Entries[len(last.Entries)-1].V, version)
		}
		all, page := last.Entries, last
		for pages := 1; !page.Complete; pages++ {
			if pages > 2 {
				t.Fatal("the earlier pages do not reach the start")
			}
			w.send("log", version, map[string]any{"before": page.From})
			before := page.From
			page = logOf(t, w.next("log"))
			if page.To != before-1 || page.From != max(0, before-table.LogPageMoves) {
				t.Fatalf("the page before %d: versions %d to %d", before, page.From, page.To)
			}
			all = append(page.Entries, all...)
		}
		for i, en := range all {
			if en.V != i+1 || len(en.Events) != 1 {
				t.Fatalf("entry %d is move %d with %d events", i, en.V, len(en.Events))
			}
			id := ""
			if m := en.Events[0].Msg; m != nil {
				m.Resolve("pile") // the wire sends Pile's ids from their dot
				id = m.ID
			}
			if en.Events[0].Seat == 0 && id != mine || id == "pile.youTook" && mine != "pile.youTook" {
				t.Fatalf("move %d reads %q to this viewer", en.V, id)
			}
		}
	}
	t.Run("a reloaded page", func(t *testing.T) { wantLog(t, host.mustDial("table="+lobby.ID), "pile.youTook") })
	t.Run("a new TV", func(t *testing.T) { wantLog(t, e.person("TV").mustDial("tv="+lobby.TV), "pile.took") })
	e.stop()
	e = serve(t, store, limits, table.Options{BotDelay: time.Hour})
	host.e = e
	t.Run("after a restart", func(t *testing.T) { wantLog(t, host.mustDial("table="+lobby.ID), "pile.youTook") })
}

func logOf(t *testing.T, f frame) logFrame {
	t.Helper()
	var l logFrame
	if err := json.Unmarshal(f.D, &l); err != nil || len(l.Entries) == 0 {
		t.Fatalf("log frame %.200s: %v", f.D, err)
	}
	return l
}

// TestChat: messages and reactions reach everyone, are limited in length
// and rate, kept with the table, and the host can turn the chat off.
func TestChat(t *testing.T) {
	store, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	e := serve(t, store, server.Limits{}, table.Options{})
	id, host, bo, hw, bw := twoAtPile(t, e, 40)
	lobby := host.must("GET", "/api/tables/"+id, nil)
	tw := e.person("TV").mustDial("tv=" + lobby.TV)
	tw.next("state") // the TV is at the table
	hw.send("chat", 0, map[string]any{"text": ` <b onclick="x()">hi</b> & <script>alert(1)</script> `})
	for who, w := range map[string]*wsClient{"Ana": hw, "Bo": bw, "the TV": tw} {
		f := w.next("chat")
		if bytes.Contains(f.D, []byte("<")) || bytes.Contains(f.D, []byte(">")) {
			t.Fatalf("%s got markup unescaped: %s", who, f.D)
		}
		var c table.ChatFrame
		json.Unmarshal(f.D, &c)
		if len(c.Lines) != 1 || c.Lines[0].Text != `<b onclick="x()">hi</b> & <script>alert(1)</script>` || c.Lines[0].Name != "Ana" || c.Lines[0].Seat != 0 {
			t.Fatalf("%s got %+v", who, c)
		}
	}
	bw.send("chat", 0, map[string]any{"emoji": "🎉"})
	if c := chatOf(t, hw.next("chat")); c.Lines[0].Emoji != "🎉" || c.Lines[0].Name != "Bo" || c.Lines[0].N != 2 {
		t.Fatalf("reaction %+v", c)
	}
	for _, tc := range []struct {
		name string
		d    any
		code string
	}{
		{"too long", map[string]any{"text": strings.Repeat("é", table.MaxChatLen+1)}, harbor.ETooLarge},
		{"empty", map[string]any{"text": "   "}, harbor.EInvalid},
		{"both", map[string]any{"text": "hi", "emoji": "🎉"}, harbor.EInvalid},
		{"not a reaction", map[string]any{"emoji": "💩"}, harbor.EInvalid},
		{"control characters", map[string]any{"text": "a\u0007b"}, harbor.EInvalid},
		{"unknown field", map[string]any{"txt": "hi"}, harbor.EInvalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bw.send("chat", 0, tc.d)
			if e := errorOf(bw.next("error")); e.Code != tc.code {
				t.Fatalf("got %+v, want %s", e, tc.code)
			}
		})
	}
	tw.send("chat", 0, map[string]any{"text": "hello from the TV"})
	if e := errorOf(tw.next("error")); e.Code != harbor.EUnauthorized {
		t.Fatalf("the TV chatted: %+v", e)
	}
	// Bo has spent one of his five: four more pass, the next is refused.
	for range 4 {
		bw.send("chat", 0, map[string]any{"emoji": "👍"})
		hw.next("chat")
	}
	bw.send("chat", 0, map[string]any{"emoji": "👍"})
	if e := errorOf(bw.next("error")); e.Code != harbor.ERateLimited {
		t.Fatalf("a sixth message at once: %+v", e)
	}

	// Kept with the table: a new page, even after a restart, gets every line.
	e.stop()
	e = serve(t, store, server.Limits{}, table.Options{})
	host.e, bo.e = e, e
	bw = bo.mustDial("table=" + id)
	if c := chatOf(t, bw.next("chat")); !c.All || len(c.Lines) != 6 || c.Lines[0].Text == "" || c.Lines[5].Emoji != "👍" {
		t.Fatalf("after a restart the chat is %+v", c)
	}
	if err := bo.call("POST", "/api/tables/"+id+"/room", map[string]any{"chat": false}, nil); code(err) != harbor.EForbidden {
		t.Fatalf("Bo turned the chat off: %v", err)
	}
	if l := host.must("POST", "/api/tables/"+id+"/room", map[string]any{"chat": false}); !l.ChatOff {
		t.Fatal("chat still on")
	}
	bw.send("chat", 0, map[string]any{"text": "hi"})
	if e := errorOf(bw.next("error")); e.Code != harbor.EForbidden {
		t.Fatalf("chat while off: %+v", e)
	}
}

func chatOf(t *testing.T, f frame) table.ChatFrame {
	t.Helper()
	var c table.ChatFrame
	if err := json.Unmarshal(f.D, &c); err != nil || len(c.Lines) == 0 {
		t.Fatalf("chat frame %s: %v", f.D, err)
	}
	return c
}

// TestInviteInfo: an invite says what it leads to before a name is asked.
func TestInviteInfo(t *testing.T) {
	e := newEnv(t, server.Limits{})
	host, guest := e.person("Ana"), e.person("Bo")
	lobby := host.must("POST", "/api/tables", map[string]any{"game": "pile", "name": "Ana"})
	var info server.InviteInfo
	if err := guest.call("GET", "/api/invite/"+lobby.Invite, nil, &info); err != nil || info.Host != "Ana" || info.GameName != "Pile" || info.Status != table.Lobby {
		t.Fatalf("invite info %+v %v", info, err)
	}
	if err := guest.call("GET", "/api/invite/nonsense", nil, nil); code(err) != harbor.ENotFound {
		t.Fatalf("a bad invite: %v", err)
	}
	resp, err := http.Get(e.url + "/api/invite/" + lobby.Invite)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if bytes.Contains(body, []byte(lobby.Code)) || bytes.Contains(body, []byte(lobby.ID)) {
		t.Fatalf("the invite answer gives away the table: %s", body)
	}
}

// finishedPile opens a one-token Pile table of p's with a computer player,
// and plays it to its end (p takes the token); it returns its id.
func finishedPile(t *testing.T, p *person, id string) string {
	t.Helper()
	if id == "" {
		id = p.must("POST", "/api/tables", map[string]any{"game": "pile", "name": "Ana", "options": map[string]int{"size": 1}}).ID
	}
	p.must("POST", "/api/tables/"+id+"/bots", map[string]any{})
	p.must("POST", "/api/tables/"+id+"/start", nil)
	w := p.mustDial("table=" + id)
	f := w.next("state")
	if len(f.State.Actors) != 1 || f.State.Actors[0] != 0 {
		t.Fatalf("the host is not first: actors %v", f.State.Actors)
	}
	w.send("move", f.V, map[string]any{"type": "take", "n": 1})
	nextLobby(t, w, func(l table.LobbyView) bool { return l.Status == table.Finished })
	return id
}

// TestAgainIsChargedLikeANewTable: the table "play again" opens spends the
// create limit and counts among the host's open tables, as any new table
// does, so tables cannot be chained past the limits; asking again for the
// one already opened costs nothing.
func TestAgainIsChargedLikeANewTable(t *testing.T) {
	limits := server.DefaultLimits
	limits.CreateRate, limits.CreateBurst, limits.OpenTables = 0.001, 2, 0
	e := newEnv(t, limits)
	ana := e.person("Ana")
	first := finishedPile(t, ana, "")
	next := ana.must("POST", "/api/tables/"+first+"/again", nil).ID
	for range 3 {
		if again := ana.must("POST", "/api/tables/"+first+"/again", nil).ID; again != next {
			t.Fatalf("asking again opened %s, not %s", again, next)
		}
	}
	finishedPile(t, ana, next)
	refused(t, e, ana.call("POST", "/api/tables/"+next+"/again", nil, nil), harbor.ERateLimited, "a minute per person", 2)

	limits.CreateRate, limits.OpenTables = 0, 1
	e = newEnv(t, limits)
	bo := e.person("Bo")
	first = finishedPile(t, bo, "")
	bo.must("POST", "/api/tables/"+first+"/again", nil) // a lobby: Bo's one open table
	refused(t, e, bo.call("POST", "/api/tables", pileTable, nil), harbor.EConflict, "at most 1 per person", 2)
}

// standInTook reports whether m is the line of a computer player's take in
// who's seat: "Computer for Ana: Ana took 2" as a message.
func standInTook(m *game.Msg, who string) bool {
	if m == nil || m.ID != "table.standIn" || m.V["who"] != who {
		return false
	}
	m.Resolve("pile") // the wire sends Pile's ids from their dot
	line, _ := m.V["line"].(*game.Msg)
	return line != nil && line.ID == "pile.took" && line.V["who"] == who
}
