package server_test

import (
	"context"
	"net"
	"net/http"
	"sync/atomic"
	"testing"

	"github.com/coder/websocket"

	"harbor/game"
	"harbor/server"
	"harbor/table"
)

// countingConn counts the bytes read from a connection.
type countingConn struct {
	net.Conn
	n *atomic.Int64
}

func (c countingConn) Read(b []byte) (int, error) {
	k, err := c.Conn.Read(b)
	c.n.Add(int64(k))
	return k, err
}

// BenchmarkBytesPerMove plays whole games of every registered game (two
// people, two computer players where the game seats them, and the TV; a
// game for fewer than two people is passed by, saying so) over real
// WebSockets and reports the bytes a person's connection reads a move,
// WebSocket framing included: with every state whole or as patches, each
// with or without permessage-deflate. One game an iteration, its table
// seeded from the iteration's number (table.Options.Seed), so that a run of
// -benchtime Nx plays the same N games on every build, and two builds or
// two modes compare on the same games:
//
//	go test ./server -run '^$' -bench BytesPerMove -benchtime 3x
func BenchmarkBytesPerMove(b *testing.B) {
	for _, d := range game.All() {
		id := d.Info().ID
		if d.Info().MaxPlayers < 2 {
			b.Logf("%s seats at most %d, and this benchmark seats two people", id, d.Info().MaxPlayers)
			continue
		}
		for _, mode := range []struct {
			name     string
			query    string
			compress websocket.CompressionMode
		}{
			{"whole", "&patch=0", websocket.CompressionDisabled},
			{"patch", "&patch=1", websocket.CompressionDisabled},
			{"whole-deflate", "&patch=0", websocket.CompressionContextTakeover},
			{"patch-deflate", "&patch=1", websocket.CompressionContextTakeover},
			{"patch-deflate-fresh", "&patch=1", websocket.CompressionNoContextTakeover},
		} {
			b.Run(id+"/"+mode.name, func(b *testing.B) {
				var read, moves int64
				for i := range b.N {
					r, m := countedGame(b, id, mode.query, mode.compress, uint64(i)+1)
					read, moves = read+r, moves+int64(m)
				}
				b.ReportMetric(float64(read)/float64(moves), "bytes/move")
				b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
			})
		}
	}
}

// countedGame plays one game of id on a table of the given seed and returns
// the bytes the host's connection read from the start to the end, and the
// moves played.
func countedGame(b *testing.B, id, query string, mode websocket.CompressionMode, seed uint64) (int64, int) {
	limits := server.DefaultLimits
	limits.MsgRate, limits.MsgBurst = 10000, 10000
	e := serveOpts(b, openStore(b), server.Config{Limits: limits, Compression: mode}, table.Options{Seed: seed})
	e.compress = mode
	host, friend, screen := e.person("Ana"), e.person("Bo"), e.person("TV")
	var read atomic.Int64
	host.http.Transport = &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := (&net.Dialer{}).DialContext(ctx, network, addr)
		return countingConn{c, &read}, err
	}}
	def, err := game.Lookup(id)
	if err != nil {
		b.Fatal(err)
	}
	l := host.must("POST", "/api/tables", map[string]any{"game": id, "name": "Ana"})
	friend.must("POST", "/api/join", map[string]any{"invite": l.Invite, "name": "Bo"})
	for seats := 2; seats < min(4, def.Info().MaxPlayers); seats++ {
		host.must("POST", "/api/tables/"+l.ID+"/bots", map[string]any{})
	}
	friend.must("POST", "/api/tables/"+l.ID+"/ready", map[string]any{"ready": true})
	tv := screen.mustDial("tv=" + l.TV)
	people := []*seated{{p: host, seat: 0}, {p: friend, seat: 1}}
	for _, s := range people {
		s.ws = s.p.mustDial("table=" + l.ID + query)
		s.ws.next("lobby")
	}
	read.Store(0)
	host.must("POST", "/api/tables/"+l.ID+"/start", nil)
	if err := driveAll(people); err != nil {
		b.Fatal(err)
	}
	n := read.Load()
	for f := tv.next("state"); !f.State.Result.Over; f = tv.next("state") {
	}
	return n, host.must("GET", "/api/tables/"+l.ID, nil).Version
}
