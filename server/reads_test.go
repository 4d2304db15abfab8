package server_test

import (
	"strconv"
	"testing"

	"harbor"
	"harbor/server"
	"harbor/table"
)

// TestOldLogsAndReplaysAreRateLimited: old log pages, the game's log and
// replay steps share one allowance per person over all their connections;
// past it each gets rate_limited, while the TV, which counts by address,
// still steps through its replay.
func TestOldLogsAndReplaysAreRateLimited(t *testing.T) {
	limits := server.DefaultLimits
	limits.ReadRate, limits.ReadBurst = 0.001, 3
	e, host, lobby, w := startedPile(t, limits, 4)
	id := lobby.ID
	for v := range 4 {
		w.send("move", v, map[string]any{"type": "take", "n": 1})
		w.next("state")
	}
	w.send("log", 4, map[string]any{"before": 2})
	w.next("log")
	for at := range 2 {
		if err := host.call("GET", "/api/tables/"+id+"/replay?at="+strconv.Itoa(at), nil, nil); err != nil {
			t.Fatalf("replay step %d: %v", at, err)
		}
	}
	if err := host.call("GET", "/api/tables/"+id+"/replay?at=2", nil, nil); code(err) != harbor.ERateLimited {
		t.Fatalf("a fourth read: %v, want %s", err, harbor.ERateLimited)
	}
	if err := host.call("GET", "/api/tables/"+id+"/log", nil, nil); code(err) != harbor.ERateLimited {
		t.Fatalf("the game's log past the limit: %v", err)
	}
	w.send("log", 4, map[string]any{"before": 2})
	if err := errorOf(w.next("error")); err.Code != harbor.ERateLimited {
		t.Fatalf("an old log page past the limit: %+v", err)
	}
	if err := e.person("Eve").call("GET", "/api/tv/"+lobby.TV+"/replay?at=1", nil, nil); err != nil {
		t.Fatalf("the TV's replay: %v", err)
	}
}

// startedPile serves limits and starts a Pile game of size tokens that Ana
// plays alone, her page connected and its first state read.
func startedPile(t *testing.T, limits server.Limits, size int) (*env, *person, table.LobbyView, *wsClient) {
	t.Helper()
	e := newEnv(t, limits)
	ana := e.person("Ana")
	l := ana.must("POST", "/api/tables", map[string]any{"game": "pile", "name": "Ana", "options": map[string]int{"size": size}})
	ana.must("POST", "/api/tables/"+l.ID+"/start", nil)
	w := ana.mustDial("table=" + l.ID)
	w.next("state")
	return e, ana, l, w
}
