package server_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"harbor"
	"harbor/people"
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
	// A closed connection frees its place once the server has seen it
	// close; until then the address is full.
	first.c.CloseNow()
	var w *wsClient
	until(t, "the closed connection's place to be free", func() bool {
		w, err = bo.dial("table=" + l.ID)
		if err != nil && code(err) != harbor.EConflict {
			t.Fatal(err)
		}
		return err == nil
	})
	w.next("lobby")
}

// TestLimitsOutlastARestart: the create limit a person used up, and the
// open tables they hold, still count when the server starts again over
// the same store.
func TestLimitsOutlastARestart(t *testing.T) {
	for _, c := range []struct {
		name, limit, code string
		set               func(l *server.Limits)
	}{
		{"created", "a minute per person", harbor.ERateLimited, func(l *server.Limits) { l.CreateRate, l.CreateBurst, l.OpenTables = 0.001, 2, 0 }},
		{"open", "at most 2 per person", harbor.EConflict, func(l *server.Limits) { l.CreateRate, l.OpenTables = 0, 2 }},
	} {
		t.Run(c.name, func(t *testing.T) {
			limits := server.DefaultLimits
			c.set(&limits)
			store := openStore(t)
			e := serve(t, store, limits, table.Options{})
			ana := e.person("Ana")
			ana.must("POST", "/api/tables", pileTable)
			ana.must("POST", "/api/tables", pileTable)
			e.stop()
			again := serve(t, store, limits, table.Options{})
			ana.e = again
			refused(t, again, ana.call("POST", "/api/tables", pileTable, nil), c.code, c.limit, 2)
		})
	}
}

// forwardedFor sends every request as if through a proxy for addr.
type forwardedFor string

func (f forwardedFor) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("X-Forwarded-For", string(f))
	return http.DefaultTransport.RoundTrip(r)
}

// TestIPv6AddressesGroupedByPrefix: behind a trusted proxy, people whose
// IPv6 addresses share their first 64 bits count as one address for the
// per-address limits; with a prefix of 128 each address is its own.
func TestIPv6AddressesGroupedByPrefix(t *testing.T) {
	for _, c := range []struct {
		prefix  int
		refused bool
	}{{0, true}, {64, true}, {128, false}} {
		t.Run(strconv.Itoa(c.prefix), func(t *testing.T) {
			limits := server.DefaultLimits
			limits.CreateRate, limits.CreateBurst, limits.OpenTables, limits.AddressFactor = 0.001, 1, 0, 2
			limits.IPv6Prefix = c.prefix
			e := serveWith(t, openStore(t), server.Config{Limits: limits, TrustedProxies: []string{"127.0.0.1"}})
			from := func(name, addr string) *person {
				p := e.person(name)
				p.http.Transport = forwardedFor(addr)
				return p
			}
			from("A", "2001:db8:1:2::1").must("POST", "/api/tables", pileTable)
			from("B", "2001:db8:1:2:aaaa:bbbb:cccc:dddd").must("POST", "/api/tables", pileTable)
			err := from("C", "2001:db8:1:2:ffff::9").call("POST", "/api/tables", pileTable, nil)
			if c.refused {
				refused(t, e, err, harbor.ERateLimited, "a minute per address", 2)
			} else if err != nil {
				t.Fatalf("a third address of the /64 with a /128 prefix: %v", err)
			}
			// Another /64 of the same /48 is another address.
			from("D", "2001:db8:1:3::1").must("POST", "/api/tables", pileTable)
			// IPv4 addresses stay whole.
			for i, name := range []string{"E", "F", "G"} {
				from(name, "198.51.100."+strconv.Itoa(7+i)).must("POST", "/api/tables", pileTable)
			}
		})
	}
}

// spendFails is a store that cannot keep rate buckets (a full disk).
type spendFails struct{}

func (spendFails) Spend(context.Context, people.Bucket, bool, time.Time) (bool, error) {
	return false, harbor.Errorf(harbor.EInternal, "the server's disk is full, so this was not saved; try again in a while")
}

// TestLimitsWhenTheStoreCannotCount: with a store that cannot keep the
// rate buckets, a TV still finds its game by its code, while a new table,
// which needs the store anyway, is refused with the store's error.
func TestLimitsWhenTheStoreCannotCount(t *testing.T) {
	store := openStore(t)
	good := serve(t, store, server.DefaultLimits, table.Options{})
	l := good.person("Ana").must("POST", "/api/tables", pileTable)
	good.stop()
	tables := table.NewTables(store, table.Options{Quotas: store.People()})
	t.Cleanup(tables.Close)
	hs := httptest.NewServer(server.New(server.Config{Tables: tables, Buckets: spendFails{}}))
	t.Cleanup(hs.Close)
	e := &env{t: t, url: hs.URL, store: store, tables: tables}
	screen := e.person("TV")
	if tv := screen.must("GET", "/api/tv/"+l.TV, nil); tv.ID != l.ID {
		t.Fatalf("the TV code found %q", tv.ID)
	}
	if err := e.person("Bo").call("POST", "/api/tables", pileTable, nil); code(err) != harbor.EInternal || !strings.Contains(err.Error(), "disk is full") {
		t.Fatalf("a new table with a store that cannot count: %v", err)
	}
}
