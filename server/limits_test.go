package server_test

import (
	"strings"
	"testing"
	"time"

	"harbor"
	"harbor/server"
	"harbor/table"
)

// pileTable is the body of a request that opens a small table of Pile.
var pileTable = map[string]any{"game": "pile", "name": "Ana", "options": map[string]int{"size": 30}}

// refused checks err has code and a message naming the limit, and that
// the store holds stored tables still.
func refused(t *testing.T, e *env, err error, code, limit string, stored int) {
	t.Helper()
	var he *harbor.Error
	if err == nil || harbor.ErrorCode(err) != code {
		t.Fatalf("answer %v, want %s", err, code)
	}
	he = err.(*harbor.Error)
	if !strings.Contains(he.Message, limit) {
		t.Fatalf("the message %q does not name the limit %q", he.Message, limit)
	}
	if n := e.tables.Stored(); n != stored {
		t.Fatalf("%d tables stored after the refusal, want %d", n, stored)
	}
}

func TestTableLimits(t *testing.T) {
	t.Run("created per person", func(t *testing.T) {
		limits := server.DefaultLimits
		limits.CreateRate, limits.CreateBurst, limits.OpenTables = 0.001, 3, 0
		e := newEnv(t, limits)
		ana := e.person("Ana")
		for range 3 {
			ana.must("POST", "/api/tables", pileTable)
		}
		refused(t, e, ana.call("POST", "/api/tables", pileTable, nil), harbor.ERateLimited, "a minute per person", 3)
		e.person("Bo").must("POST", "/api/tables", pileTable) // someone else still may
	})
	t.Run("created per address", func(t *testing.T) {
		limits := server.DefaultLimits
		limits.CreateRate, limits.CreateBurst, limits.OpenTables, limits.AddressFactor = 0.001, 2, 0, 2
		e := newEnv(t, limits)
		for _, name := range []string{"A", "B"} {
			p := e.person(name)
			p.must("POST", "/api/tables", pileTable)
			p.must("POST", "/api/tables", pileTable)
		}
		refused(t, e, e.person("C").call("POST", "/api/tables", pileTable, nil), harbor.ERateLimited, "a minute per address", 4)
	})
	t.Run("open per person", func(t *testing.T) {
		limits := server.DefaultLimits
		limits.OpenTables = 2
		e := newEnv(t, limits)
		ana := e.person("Ana")
		first := ana.must("POST", "/api/tables", pileTable)
		ana.must("POST", "/api/tables", pileTable)
		refused(t, e, ana.call("POST", "/api/tables", pileTable, nil), harbor.EConflict, "at most 2 per person", 2)
		// A game with a person in it is no longer open: it counts no more.
		ana.must("POST", "/api/tables/"+first.ID+"/start", nil)
		ana.must("POST", "/api/tables", pileTable)
	})
	t.Run("open per address", func(t *testing.T) {
		limits := server.DefaultLimits
		limits.OpenTables, limits.AddressFactor = 1, 2
		e := newEnv(t, limits)
		e.person("A").must("POST", "/api/tables", pileTable)
		e.person("B").must("POST", "/api/tables", pileTable)
		refused(t, e, e.person("C").call("POST", "/api/tables", pileTable, nil), harbor.EConflict, "at most 2 per address", 2)
	})
	t.Run("computer players only count", func(t *testing.T) {
		limits := server.DefaultLimits
		limits.OpenTables = 1
		e := newEnv(t, limits)
		ana := e.person("Ana")
		l := ana.must("POST", "/api/tables", pileTable)
		ana.must("POST", "/api/tables/"+l.ID+"/seat", map[string]any{"seat": -1})
		ana.must("POST", "/api/tables/"+l.ID+"/bots", map[string]any{})
		ana.must("POST", "/api/tables/"+l.ID+"/bots", map[string]any{})
		if l = ana.must("POST", "/api/tables/"+l.ID+"/start", nil); l.Status != table.Playing {
			t.Fatalf("status %s", l.Status)
		}
		refused(t, e, ana.call("POST", "/api/tables", pileTable, nil), harbor.EConflict, "at most 1 per person", 1)
	})
}

func TestComputerPlayersWaitForSomeoneWatching(t *testing.T) {
	e := newEnv(t, server.DefaultLimits)
	ana := e.person("Ana")
	l := ana.must("POST", "/api/tables", pileTable)
	ana.must("POST", "/api/tables/"+l.ID+"/seat", map[string]any{"seat": -1})
	ana.must("POST", "/api/tables/"+l.ID+"/bots", map[string]any{})
	ana.must("POST", "/api/tables/"+l.ID+"/bots", map[string]any{})
	ana.must("POST", "/api/tables/"+l.ID+"/start", nil)
	time.Sleep(200 * time.Millisecond) // the bot pause is 0: they would have moved by now
	if l = ana.must("GET", "/api/tables/"+l.ID, nil); l.Version != 0 {
		t.Fatalf("computer players made %d moves with nobody watching", l.Version)
	}
	w := ana.mustDial("table=" + l.ID)
	for f := w.next("state"); !f.State.Result.Over; f = w.next("state") {
	}
}

func TestConnectionLimits(t *testing.T) {
	limits := server.DefaultLimits
	limits.ConnsPerPerson, limits.ConnsPerAddress = 2, 3
	e := newEnv(t, limits)
	ana, bo := e.person("Ana"), e.person("Bo")
	l := ana.must("POST", "/api/tables", pileTable)
	bo.must("POST", "/api/join", map[string]any{"code": l.Code, "name": "Bo"})
	ana.mustDial("table=" + l.ID).next("lobby")
	first := ana.mustDial("table=" + l.ID)
	first.next("lobby")
	_, err := ana.dial("table=" + l.ID)
	refused(t, e, err, harbor.EConflict, "at most 2 per person", 1)
	bo.mustDial("table=" + l.ID).next("lobby")
	_, err = bo.dial("table=" + l.ID)
	refused(t, e, err, harbor.EConflict, "at most 3 per address", 1)
	// A closed connection frees its place.
	first.c.CloseNow()
	deadline := time.Now().Add(5 * time.Second)
	for e.srv.Connections() > 2 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	bo.mustDial("table=" + l.ID).next("lobby")
}
