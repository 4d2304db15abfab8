package server_test

import (
	"context"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"harbor/server"
	"harbor/table"
)

// myTables returns p's list of tables.
func (p *person) myTables() []server.MyTable {
	p.e.t.Helper()
	var l server.MyTables
	if err := p.call("GET", "/api/me/tables", nil, &l); err != nil {
		p.e.t.Fatalf("GET /api/me/tables: %v", err)
	}
	return l.Tables
}

func tableIDs(ts []server.MyTable) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.ID
	}
	return out
}

func findMine(t *testing.T, ts []server.MyTable, id string) server.MyTable {
	t.Helper()
	for _, x := range ts {
		if x.ID == id {
			return x
		}
	}
	t.Fatalf("table %s is not in the list %v", id, tableIDs(ts))
	return server.MyTable{}
}

// take plays a Pile move on an open connection and waits for its state.
func take(t *testing.T, w *wsClient, v, n int) {
	t.Helper()
	w.send("move", v, map[string]any{"type": "take", "n": n})
	for {
		if f := w.next("state"); f.V == v+1 {
			return
		}
	}
}

// pileFor opens a Pile table of Ana's with Bo seated, started.
func pileFor(t *testing.T, ana, bo *person) string {
	t.Helper()
	l := ana.must("POST", "/api/tables", map[string]any{"game": "pile", "name": "Ana", "options": map[string]int{"size": 20}})
	bo.must("POST", "/api/join", map[string]any{"invite": l.Invite, "name": "Bo"})
	bo.must("POST", "/api/tables/"+l.ID+"/ready", map[string]any{"ready": true})
	ana.must("POST", "/api/tables/"+l.ID+"/start", nil)
	return l.ID
}

// TestMyTables: a person's list holds the tables where they sit, their
// turn first, then the other running games, lobbies and finished games;
// it counts the moves since they last had a table open, with the public
// lines of them (never what only the mover saw), and counts from zero
// again once they have looked; nobody else's tables are in it, and a
// linked device gets the same list.
func TestMyTables(t *testing.T) {
	e := newNoticeEnv(t)
	ana, bo, eve, phone := e.person("Ana"), e.person("Bo"), e.person("Eve"), e.person("Ana's phone")

	lobby := ana.must("POST", "/api/tables", map[string]any{"game": "pile", "name": "Ana", "options": map[string]int{"size": 20}}).ID

	// A game Ana finished against a computer player.
	done := ana.must("POST", "/api/tables", map[string]any{"game": "pile", "name": "Ana", "options": map[string]int{"size": 3}}).ID
	ana.must("POST", "/api/tables/"+done+"/bots", map[string]any{})
	ana.must("POST", "/api/tables/"+done+"/start", nil)
	w := ana.mustDial("table=" + done)
	take(t, w, 0, 3)
	leave(t, ana, w, done, 1)

	// Bo's turn: Ana took 1 with the table open.
	theirs := pileFor(t, ana, bo)
	w = ana.mustDial("table=" + theirs)
	take(t, w, 0, 1)
	leave(t, ana, w, theirs, 1)

	// Ana's turn: she took 1, then Bo took 2 while she was away.
	mine := pileFor(t, ana, bo)
	w = ana.mustDial("table=" + mine)
	take(t, w, 0, 1)
	leave(t, ana, w, mine, 1)
	bw := bo.mustDial("table=" + mine)
	take(t, bw, 1, 2)
	bw.c.CloseNow()

	// Eve has a table of her own, which nobody else sees.
	eves := eve.must("POST", "/api/tables", map[string]any{"game": "pile", "name": "Eve"}).ID

	var list []server.MyTable
	until(t, "Ana's list with the moves she has not seen", func() bool {
		list = ana.myTables()
		return len(list) == 4 && findMine(t, list, mine).MovesSince == 1 && findMine(t, list, theirs).MovesSince == 0 &&
			findMine(t, list, done).MovesSince == 0
	})
	if got, want := tableIDs(list), []string{mine, theirs, lobby, done}; !slices.Equal(got, want) {
		t.Fatalf("Ana's tables in the order %v, want her turn, theirs, the lobby, the finished game %v", got, want)
	}
	m := findMine(t, list, mine)
	if !m.YourTurn || m.Status != table.Playing || m.Seat != 0 || !slices.Equal(m.Turn, []string{"Ana"}) ||
		!slices.Equal(m.Players, []string{"Ana", "Bo"}) || m.Game != "pile" || m.GameName == "" || m.Version != 2 || m.Deadline != 0 {
		t.Fatalf("Ana's turn: %+v", m)
	}
	if !slices.Equal(m.Lines, []string{"Bo took 2"}) {
		t.Fatalf("the lines since Ana looked: %q, want Bo's move as everyone saw it", m.Lines)
	}
	if th := findMine(t, list, theirs); th.YourTurn || !slices.Equal(th.Turn, []string{"Bo"}) || len(th.Lines) != 0 {
		t.Fatalf("Bo's turn, in Ana's list: %+v", th)
	}
	if l := findMine(t, list, lobby); l.Status != table.Lobby || l.YourTurn || len(l.Turn) != 0 {
		t.Fatalf("the lobby: %+v", l)
	}
	if d := findMine(t, list, done); d.Status != table.Finished || d.YourTurn {
		t.Fatalf("the finished game: %+v", d)
	}

	// Bo never opened the table of his turn: he has not seen Ana's move,
	// and sees it as everyone did, not as Ana did ("You took 1").
	bl := bo.myTables()
	if got, want := tableIDs(bl), []string{theirs, mine}; !slices.Equal(got, want) {
		t.Fatalf("Bo's tables %v, want %v", got, want)
	}
	if b := bl[0]; !b.YourTurn || b.Seat != 1 || b.MovesSince != 1 || !slices.Equal(b.Lines, []string{"Ana took 1"}) {
		t.Fatalf("Bo's turn in his list: %+v", b)
	}
	for _, x := range append(bl, list...) {
		for _, line := range x.Lines {
			if strings.Contains(line, "You") {
				t.Fatalf("a line tells what only the mover saw: %q", line)
			}
		}
	}

	// Eve sees only her own table.
	if got := tableIDs(eve.myTables()); !slices.Equal(got, []string{eves}) {
		t.Fatalf("Eve's tables %v, want only %s", got, eves)
	}

	// Ana looks at her table: the count starts again, and stays so.
	w = ana.mustDial("table=" + mine)
	w.next("state")
	if m := findMine(t, ana.myTables(), mine); m.MovesSince != 0 || len(m.Lines) != 0 {
		t.Fatalf("with the table open: %+v", m)
	}
	w.c.CloseNow()
	until(t, "what Ana saw to be stored", func() bool {
		seated, err := e.store.Seated(context.Background(), table.KeyOf(ana.cookie()), 10)
		return err == nil && len(seated) == 4 && seated[0].ID == mine && seated[0].Seen == 2
	})
	if m := findMine(t, ana.myTables(), mine); m.MovesSince != 0 || !m.YourTurn {
		t.Fatalf("after Ana looked: %+v", m)
	}

	// Ana's phone, linked, has the same list.
	var link server.LinkCode
	if err := ana.call("POST", "/api/devices/code", map[string]any{}, &link); err != nil {
		t.Fatal(err)
	}
	if err := phone.call("POST", "/api/devices/link", map[string]string{"code": link.Code}, nil); err != nil {
		t.Fatal(err)
	}
	if got, want := tableIDs(phone.myTables()), tableIDs(ana.myTables()); !slices.Equal(got, want) {
		t.Fatalf("the phone's list %v, the laptop's %v", got, want)
	}
	// What the phone sees counts for the laptop too.
	bw = bo.mustDial("table=" + theirs)
	take(t, bw, 1, 1)
	bw.c.CloseNow()
	until(t, "Bo's move on Ana's list", func() bool { return findMine(t, ana.myTables(), theirs).MovesSince == 1 })
	pw := phone.mustDial("table=" + theirs)
	pw.next("state")
	pw.c.CloseNow()
	until(t, "the phone's look on the laptop's list", func() bool { return findMine(t, ana.myTables(), theirs).MovesSince == 0 })
}

// leave closes p's page w of table id and waits until the server has
// stored that p saw its first n moves, as it does once a page closes: a
// move made before then still counts as seen, the page being open.
func leave(t *testing.T, p *person, w *wsClient, id string, n int) {
	t.Helper()
	w.c.CloseNow()
	key := table.KeyOf(p.cookie())
	until(t, p.name+"'s closed page of "+id+" to be stored as seen", func() bool {
		seated, err := p.e.store.Seated(context.Background(), key, 10)
		return err == nil && slices.ContainsFunc(seated, func(s table.Seated) bool { return s.ID == id && s.Seen == n })
	})
}

// until waits up to 5 s for cond.
func until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); !cond(); {
		if time.Now().After(deadline) {
			t.Fatalf("waited 5 s for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// slowSeen is a seat index whose MarkSeen takes a while, as a busy store's
// might, and counts the calls it finished.
type slowSeen struct {
	table.SeatIndex
	done atomic.Int32
}

func (s *slowSeen) MarkSeen(ctx context.Context, person, id string, n int) error {
	time.Sleep(150 * time.Millisecond)
	defer s.done.Add(1)
	return s.SeatIndex.MarkSeen(ctx, person, id, n)
}

// TestCloseWaitsForConnections: Close returns only after each connection
// has stored what it stores as it ends (what its person saw of the
// table), so a server that shuts down and then closes its store loses
// none of it.
func TestCloseWaitsForConnections(t *testing.T) {
	store := openStore(t)
	seen := &slowSeen{SeatIndex: store}
	e := serveWith(t, store, server.Config{Seats: seen})
	ana, bo := e.person("Ana"), e.person("Bo")
	id := pileFor(t, ana, bo)
	w := ana.mustDial("table=" + id)
	w.next("state")
	for seen.done.Load() < 1 { // the mark made on opening the table
		time.Sleep(10 * time.Millisecond)
	}
	e.srv.Close()
	if n := seen.done.Load(); n != 2 {
		t.Fatalf("Close returned with %d of the connection's 2 marks stored", n)
	}
}
