package table_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"harbor"
	"harbor/game"
	"harbor/game/gametest"
	"harbor/sqlite"
	"harbor/table"
)

func newLobby(t *testing.T) (tb *table.Table, host, bo, cy string) {
	t.Helper()
	host, bo, cy = table.KeyOf(table.NewToken()), table.KeyOf(table.NewToken()), table.KeyOf(table.NewToken())
	tb, err := table.New(gametest.Definition, host, "Ana", nil, 0, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	for key, name := range map[string]string{bo: "Bo", cy: "Cy"} {
		if err := tb.Join(key, name); err != nil {
			t.Fatal(err)
		}
	}
	return tb, host, bo, cy
}

func TestLobbyRules(t *testing.T) {
	for _, tc := range []struct {
		name string
		do   func(tb *table.Table, host, bo, cy string) error
		code string
	}{
		{"host adds a bot", func(tb *table.Table, host, _, _ string) error { return tb.AddBot(host, -1) }, ""},
		{"a guest cannot add a bot", func(tb *table.Table, _, bo, _ string) error { return tb.AddBot(bo, -1) }, harbor.EForbidden},
		{"a bot needs a free seat", func(tb *table.Table, host, _, _ string) error { return tb.AddBot(host, 0) }, harbor.EConflict},
		{"no seat 9", func(tb *table.Table, host, _, _ string) error { return tb.AddBot(host, 9) }, harbor.EInvalid},
		{"sit in a free seat", func(tb *table.Table, _, bo, _ string) error { return tb.Sit(bo, 4, "teal") }, ""},
		{"sit in a taken seat", func(tb *table.Table, _, bo, _ string) error { return tb.Sit(bo, 0, "") }, harbor.EConflict},
		{"take a taken colour", func(tb *table.Table, _, bo, _ string) error { return tb.Sit(bo, 1, "red") }, harbor.EConflict},
		{"unknown colour", func(tb *table.Table, _, bo, _ string) error { return tb.Sit(bo, 1, "mauve") }, harbor.EInvalid},
		{"a stranger cannot sit", func(tb *table.Table, _, _, _ string) error { return tb.Sit("x", 4, "") }, harbor.EForbidden},
		{"start needs everyone ready", func(tb *table.Table, host, _, _ string) error {
			_, _, err := tb.Start(host, gametest.Definition)
			return err
		}, harbor.EConflict},
		{"only the host starts", func(tb *table.Table, _, bo, _ string) error {
			_, _, err := tb.Start(bo, gametest.Definition)
			return err
		}, harbor.EForbidden},
		{"start when ready", func(tb *table.Table, host, bo, cy string) error {
			tb.SetReady(bo, true)
			tb.SetReady(cy, true)
			_, _, err := tb.Start(host, gametest.Definition)
			return err
		}, ""},
		{"bad options", func(tb *table.Table, host, _, _ string) error {
			return tb.SetOptions(host, gametest.Definition, json.RawMessage(`{"size":0}`), 0)
		}, harbor.EInvalid},
		{"bad turn timer", func(tb *table.Table, host, _, _ string) error {
			return tb.SetOptions(host, gametest.Definition, nil, -1)
		}, harbor.EInvalid},
		{"guest cannot change options", func(tb *table.Table, _, bo, _ string) error {
			return tb.SetOptions(bo, gametest.Definition, nil, 0)
		}, harbor.EForbidden},
		{"host removes a player", func(tb *table.Table, host, bo, _ string) error {
			if err := tb.Kick(host, table.PublicID(bo)); err != nil {
				return err
			}
			return tb.Join(bo, "Bo again")
		}, harbor.EForbidden},
		{"empty name", func(tb *table.Table, _, _, _ string) error { return tb.Join("z", "  ") }, harbor.EInvalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb, host, bo, cy := newLobby(t)
			before := tb.Clone()
			err := tc.do(tb, host, bo, cy)
			if harbor.ErrorCode(err) != tc.code {
				t.Fatalf("got %v, want code %q", err, tc.code)
			}
			if tc.code != "" && tc.name != "host removes a player" {
				a, _ := json.Marshal(before)
				b, _ := json.Marshal(tb)
				if string(a) != string(b) || len(before.Seats) != len(tb.Seats) {
					t.Fatalf("a refused operation changed the table")
				}
			}
		})
	}
}

func TestStartCompactsSeats(t *testing.T) {
	tb, host, bo, cy := newLobby(t)
	if err := tb.Sit(cy, 5, ""); err != nil {
		t.Fatal(err)
	}
	tb.SetReady(bo, true)
	tb.SetReady(cy, true)
	g, _, err := tb.Start(host, gametest.Definition)
	if err != nil {
		t.Fatal(err)
	}
	if len(tb.Seats) != 3 || tb.Seats[2].Key != cy || tb.Status != table.Playing || g.Actors().First() != 0 {
		t.Fatalf("seats after start %+v", tb.Seats)
	}
	if err := tb.Join(table.KeyOf(table.NewToken()), "Late"); err != nil || tb.SeatOf(tb.Members[3].Key) != -1 {
		t.Fatalf("a late joiner must watch: %v", err)
	}
}

// TestLobbySaysHowManySeatsTheGameStartsWith: a lobby view carries the
// game's fewest and most players, so that a page can say what stops the
// table from starting before it has the list of games.
func TestLobbySaysHowManySeatsTheGameStartsWith(t *testing.T) {
	tables := sqliteTables(t, table.Options{})
	for _, d := range game.All() {
		info := d.Info()
		r, err := tables.Create(context.Background(), info.ID, table.KeyOf(table.NewToken()), "Ana", nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		if l := r.Lobby(); l.MinPlayers != info.MinPlayers || l.MaxPlayers != info.MaxPlayers {
			t.Errorf("%s: the lobby says %d to %d players, the game %d to %d", info.ID, l.MinPlayers, l.MaxPlayers, info.MinPlayers, info.MaxPlayers)
		}
	}
}

// sqliteTables is a Tables over a new SQLite file, closed when t ends.
func sqliteTables(t *testing.T, opts table.Options) *table.Tables {
	t.Helper()
	store, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
	if err != nil {
		t.Fatal(err)
	}
	tables := table.NewTables(store, opts)
	t.Cleanup(func() {
		tables.Close()
		store.Close()
	})
	return tables
}
