package table_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"harbor"
	"harbor/game"
	"harbor/people"
	"harbor/sqlite"
	"harbor/table"
)

// clock is a test clock that moves only when told.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// playOut plays a one-seat table of Pile to its end and returns its id.
func playOut(t *testing.T, ctx context.Context, tables *table.Tables, host string) string {
	t.Helper()
	r, err := tables.Create(ctx, "pile", host, "Ana", json.RawMessage(`{"size":3}`), 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Start(ctx, host); err != nil {
		t.Fatal(err)
	}
	sub, err := r.Subscribe(&recorder{}, host, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Move(ctx, sub, 0, json.RawMessage(`{"type":"take","n":3}`)); err != nil {
		t.Fatal(err)
	}
	r.Unsubscribe(sub)
	return r.ID()
}

func TestSweep(t *testing.T) {
	store, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	clk := &clock{now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	tables := table.NewTables(store, table.Options{Now: clk.Now, SweepEvery: -1,
		IdleAfter: time.Minute, LobbyTTL: 24 * time.Hour, FinishedTTL: 30 * 24 * time.Hour})
	defer tables.Close()
	ctx := context.Background()
	host := table.KeyOf(table.NewToken())

	finished := playOut(t, ctx, tables, host)
	lobby, err := tables.Create(ctx, "pile", host, "Ana", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	watched, err := tables.Create(ctx, "pile", host, "Ana", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	sub, err := watched.Subscribe(&recorder{}, host, false)
	if err != nil {
		t.Fatal(err)
	}

	t.Run("nothing before its time", func(t *testing.T) {
		clk.add(59 * time.Second)
		if un, del := tables.Sweep(ctx); un != 0 || del != 0 || tables.Loaded() != 3 {
			t.Fatalf("unloaded %d, deleted %d, %d loaded", un, del, tables.Loaded())
		}
	})
	t.Run("idle tables unload", func(t *testing.T) {
		clk.add(time.Second)
		if un, _ := tables.Sweep(ctx); un != 2 || tables.Loaded() != 1 || tables.Live() != 1 {
			t.Fatalf("unloaded %d; %d loaded, %d live", un, tables.Loaded(), tables.Live())
		}
		// The old runner is out of service; the table loads again as it was.
		if err := lobby.Change(ctx, func(tb *table.Table) error { return tb.Join(host, "Ann") }); harbor.ErrorCode(err) != harbor.EConflict {
			t.Fatalf("an unloaded runner took a change: %v", err)
		}
		again, err := tables.Get(ctx, lobby.ID())
		if err != nil || again == lobby || again.Lobby().Status != table.Lobby {
			t.Fatalf("reloaded %v %v", again, err)
		}
	})
	t.Run("a finished table is read without loading it", func(t *testing.T) {
		loaded := tables.Loaded()
		r, err := tables.Read(ctx, finished)
		if err != nil || r.Lobby().Status != table.Finished || r.Lobby().Result == nil {
			t.Fatalf("read %v %v", r, err)
		}
		if _, ok := r.StateFor(game.Public); ok {
			t.Fatal("reading a finished table replayed its game")
		}
		if tables.Loaded() != loaded {
			t.Fatalf("a read loaded the table: %d loaded, was %d", tables.Loaded(), loaded)
		}
		log, err := r.Log(ctx)
		if err != nil || len(log.Moves) != 1 {
			t.Fatalf("log %+v %v", log, err)
		}
	})
	t.Run("old lobbies are deleted, watched ones kept", func(t *testing.T) {
		clk.add(24 * time.Hour)
		_, del := tables.Sweep(ctx)
		if del != 1 {
			t.Fatalf("deleted %d tables, want the unwatched lobby", del)
		}
		if _, err := store.Table(ctx, lobby.ID()); harbor.ErrorCode(err) != harbor.ENotFound {
			t.Fatalf("the old lobby is still stored: %v", err)
		}
		if _, err := store.Table(ctx, watched.ID()); err != nil {
			t.Fatalf("a lobby someone is connected to was deleted: %v", err)
		}
		if _, err := store.Table(ctx, finished); err != nil {
			t.Fatalf("a finished game was deleted before its time: %v", err)
		}
	})
	t.Run("finished games are deleted after their days", func(t *testing.T) {
		clk.add(30 * 24 * time.Hour)
		watched.Unsubscribe(sub)
		_, del := tables.Sweep(ctx)
		if del != 2 { // the finished game, and the lobby nobody watches any more
			t.Fatalf("deleted %d", del)
		}
		if _, err := store.Table(ctx, finished); harbor.ErrorCode(err) != harbor.ENotFound {
			t.Fatalf("the old finished game is still stored: %v", err)
		}
		if moves, err := store.Moves(ctx, finished, 0); err != nil || len(moves) != 0 {
			t.Fatalf("its moves are still stored: %d %v", len(moves), err)
		}
		if n := tables.Stored(); n != 0 {
			t.Fatalf("%d tables stored", n)
		}
	})
}

// TestExpiredLobbyFreesItsPlace: a lobby deleted by the sweeper no longer
// counts against its host's open tables.
func TestExpiredLobbyFreesItsPlace(t *testing.T) {
	store, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	clk := &clock{now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	tables := table.NewTables(store, table.Options{Now: clk.Now, SweepEvery: -1, Quotas: store.People()})
	defer tables.Close()
	ctx := context.Background()
	host := table.KeyOf(table.NewToken())
	owner := people.Owner{ID: "p:" + host, Max: 1, Limit: "per person"}
	if _, err := tables.Create(ctx, "pile", host, "Ana", nil, 0, owner); err != nil {
		t.Fatal(err)
	}
	if _, err := tables.Create(ctx, "pile", host, "Ana", nil, 0, owner); harbor.ErrorCode(err) != harbor.EConflict {
		t.Fatalf("a second open table: %v", err)
	}
	clk.add(table.DefaultLobbyTTL + time.Minute)
	if _, del := tables.Sweep(ctx); del != 1 {
		t.Fatalf("deleted %d", del)
	}
	if _, err := tables.Create(ctx, "pile", host, "Ana", nil, 0, owner); err != nil {
		t.Fatalf("after the lobby expired: %v", err)
	}
}
