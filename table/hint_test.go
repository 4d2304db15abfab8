package table_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"harbor"
	"harbor/game/gametest"
	"harbor/sqlite"
	"harbor/table"
)

// hintTable starts a Pile game of 10 tokens: the host in seat 0, a computer
// player in seat 1 that never gets to move by itself.
func hintTable(t *testing.T) (*table.Runner, string, *sqlite.Store) {
	t.Helper()
	store, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	tables := table.NewTables(store, table.Options{BotDelay: time.Hour})
	t.Cleanup(tables.Close)
	ctx := context.Background()
	host := table.KeyOf(table.NewToken())
	r, err := tables.Create(ctx, gametest.ID, host, "Ana", json.RawMessage(`{"size":10}`), 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Change(ctx, func(tb *table.Table) error { return tb.AddBot(host, 1) }); err != nil {
		t.Fatal(err)
	}
	if err := r.Start(ctx, host); err != nil {
		t.Fatal(err)
	}
	return r, host, store
}

func TestHint(t *testing.T) {
	ctx := context.Background()
	t.Run("the computer's move for the asking seat, and everyone hears a hint was used", func(t *testing.T) {
		r, host, _ := hintTable(t)
		if !r.Lobby().Hints {
			t.Fatal("hints are off by default at a table with a computer player")
		}
		ana, tv := &recorder{}, &recorder{}
		sub, err := r.Subscribe(ana, host, false)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.Subscribe(tv, "", true); err != nil {
			t.Fatal(err)
		}
		hint, err := r.Hint(context.Background(), sub)
		if err != nil {
			t.Fatal(err)
		}
		// Pile's computer player leaves a multiple of four: from 10 it takes 2.
		if string(hint.Move) != `{"type":"take","n":2}` {
			t.Fatalf("hint %s", hint.Move)
		}
		if r.Version() != 0 {
			t.Fatal("a hint changed the table")
		}
		for name, c := range map[string]*recorder{"the asker": ana, "the TV": tv} {
			if c.count(`{"t":"note","v":0,"d":["hint",0,{"@":"table.hint","who":"Ana"}]}`) != 1 {
				t.Errorf("%s got no note of the hint: %v", name, c.frames)
			}
		}
	})
	t.Run("refused when it is not the seat's decision", func(t *testing.T) {
		r, host, _ := hintTable(t)
		sub, _ := r.Subscribe(&recorder{}, host, false)
		if err := r.Move(ctx, sub, 0, json.RawMessage(`{"type":"take","n":1}`)); err != nil {
			t.Fatal(err)
		}
		if _, err := r.Hint(context.Background(), sub); harbor.ErrorCode(err) != harbor.ENotYourTurn {
			t.Fatalf("hint on the computer's turn: %v", err)
		}
	})
	t.Run("refused when the host turned hints off, and the lobby says so", func(t *testing.T) {
		r, host, _ := hintTable(t)
		sub, _ := r.Subscribe(&recorder{}, host, false)
		if err := r.Change(ctx, func(tb *table.Table) error { return tb.SetHints(host, false) }); err != nil {
			t.Fatal(err)
		}
		if r.Lobby().Hints {
			t.Fatal("the lobby still shows hints on")
		}
		_, err := r.Hint(context.Background(), sub)
		if harbor.ErrorCode(err) != harbor.EForbidden || !strings.Contains(err.Error(), "hints off") {
			t.Fatalf("hint with hints off: %v", err)
		}
	})
	t.Run("the TV cannot ask", func(t *testing.T) {
		r, _, _ := hintTable(t)
		sub, _ := r.Subscribe(&recorder{}, "", true)
		if _, err := r.Hint(context.Background(), sub); harbor.ErrorCode(err) != harbor.EUnauthorized {
			t.Fatalf("TV hint: %v", err)
		}
	})
}

func TestHintsOption(t *testing.T) {
	on, off := true, false
	for _, c := range []struct {
		name string
		bots bool
		set  *bool
		want bool
	}{
		{"people only: off", false, nil, false},
		{"with a computer player: on", true, nil, true},
		{"the host turned them off", true, &off, false},
		{"the host turned them on without computer players", false, &on, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := &table.Table{Seats: []table.Seat{{Kind: table.Human}}, Hints: c.set}
			if c.bots {
				tb.Seats = append(tb.Seats, table.Seat{Kind: table.Bot})
			}
			if got := tb.HintsOn(); got != c.want {
				t.Fatalf("HintsOn = %v", got)
			}
		})
	}
	t.Run("only the host sets them", func(t *testing.T) {
		tb := &table.Table{Host: "host"}
		if err := tb.SetHints("guest", false); harbor.ErrorCode(err) != harbor.EForbidden {
			t.Fatalf("guest: %v", err)
		}
		if err := tb.SetHints("host", false); err != nil || tb.HintsOn() {
			t.Fatalf("host: %v, on %v", err, tb.HintsOn())
		}
	})
}

// TestHintNoteOutlastsAReload: the log line of a hint is in the log frame a
// page gets when it connects again, also from a server started afresh on
// the same file, and in the finished game's log; asking again at the same
// moment adds no second line.
func TestHintNoteOutlastsAReload(t *testing.T) {
	ctx := context.Background()
	r, host, store := hintTable(t)
	sub, err := r.Subscribe(&recorder{}, host, false)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := r.Hint(ctx, sub); err != nil {
			t.Fatal(err)
		}
	}
	const line = `["hint",0,{"@":"table.hint","who":"Ana"}]`
	logFrame := func(r *table.Runner) string {
		t.Helper()
		c := &recorder{}
		if _, err := r.Subscribe(c, host, false); err != nil {
			t.Fatal(err)
		}
		return lastFrame(c, `{"t":"log"`)
	}
	if f := logFrame(r); strings.Count(f, line) != 1 {
		t.Fatalf("a page connecting again got the log %s", f)
	}
	again := table.NewTables(store, table.Options{BotDelay: time.Hour})
	defer again.Close()
	r2, err := again.Get(ctx, r.ID())
	if err != nil {
		t.Fatal(err)
	}
	if f := logFrame(r2); strings.Count(f, line) != 1 {
		t.Fatalf("after a restart a page got the log %s", f)
	}
}
