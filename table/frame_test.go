package table_test

import (
	"encoding/json"
	"maps"
	"strconv"
	"testing"

	"harbor/game"
	_ "harbor/games/all"
	"harbor/table"
)

// TestStateFrameEncoding: a state frame, built without reflection where
// the view allows, is byte for byte the envelope encoding/json would make
// of the same state's fields, and a state view marshals as its frame's d,
// for every viewer of every game, with events,
// legal moves, a turn timer and the time of the turn. Every other frame
// names its seats, and its events leave out each "who" that names the
// event's own seat and give a message of a seat without one an empty one.
func TestStateFrameEncoding(t *testing.T) {
	for _, d := range game.All() {
		t.Run(d.Info().ID, func(t *testing.T) {
			left := 0
			playViews(t, d, 7, 400, func(step int, v table.StateView) {
				if v.Seat >= 0 {
					v.Deadline = int64(step) * 1000
				}
				v.TurnDue = int64(step) * 2000
				ref := v
				if step%2 == 1 {
					v.Names = seatNames(d.Info().MaxPlayers)
					ref.Names = v.Names
					ref.Events = nil
					for _, e := range v.Events {
						if e.Msg == nil {
							ref.Events = append(ref.Events, e)
							continue
						}
						if e.Seat >= 0 {
							m := &game.Msg{ID: e.Msg.ID, V: maps.Clone(e.Msg.V)}
							switch who, has := m.V["who"]; {
							case !has: // it has none
								if m.V == nil {
									m.V = map[string]any{}
								}
								m.V["who"] = ""
							case who == v.Names[e.Seat]:
								delete(m.V, "who")
								left++
							}
							e.Msg = m
						}
						ref.Events = append(ref.Events, e)
					}
				}
				data, err := json.Marshal(plainState(ref))
				if err != nil {
					t.Fatal(err)
				}
				want := `{"t":"state","v":` + strconv.Itoa(step) + `,"d":` + string(data) + `}`
				if got, _ := json.Marshal(v); string(got) != string(data) {
					t.Fatalf("step %d, viewer %d: a state view marshals as\n%s\nnot as its frame\n%s", step, v.Seat, got, data)
				}
				m := table.NewMsg("state", step, &v)
				if got := string(m.Bytes()); got != want {
					t.Fatalf("step %d, viewer %d:\n got %s\nwant %s", step, v.Seat, got, want)
				}
				m.Done()
			})
			if left == 0 {
				t.Error("no event named its own seat")
			}
		})
	}
}

// TestLogPageEncoding: a log frame, built without reflection, is byte for
// byte the envelope encoding/json would make of the same page, for every
// viewer of every game, pages of one move and of many, an empty one and
// one without entries.
func TestLogPageEncoding(t *testing.T) {
	check := func(t *testing.T, p table.LogPage) {
		t.Helper()
		data, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		want := `{"t":"log","v":7,"d":` + string(data) + `}`
		m := table.NewMsg("log", 7, p)
		if got := string(m.Bytes()); got != want {
			t.Fatalf("\n got %s\nwant %s", got, want)
		}
		m.Done()
	}
	check(t, table.LogPage{})
	check(t, table.LogPage{Entries: []table.HistoryEntry{}, From: 0, To: -1, Complete: true})
	check(t, table.LogPage{Entries: []table.HistoryEntry{{V: 3}}, From: 3, To: 3})
	for _, d := range game.All() {
		t.Run(d.Info().ID, func(t *testing.T) {
			pages := map[game.Seat]*table.LogPage{}
			playViews(t, d, 11, 300, func(step int, v table.StateView) {
				if len(v.Events) == 0 {
					return
				}
				p := pages[v.Seat]
				if p == nil {
					p = &table.LogPage{Entries: []table.HistoryEntry{}, From: step}
					pages[v.Seat] = p
				}
				p.Entries = append(p.Entries, table.HistoryEntry{V: step, Events: v.Events})
				p.To = step
				check(t, table.LogPage{Entries: p.Entries[len(p.Entries)-1:], From: step, To: step})
			})
			for _, p := range pages {
				check(t, *p)
			}
		})
	}
}

// playViews plays a game of d with computer players in every seat (named
// with characters JSON escapes), for at most steps moves, and calls visit
// with every viewer's state view before each move and at the end: the
// public one first, then each seat's, with the events of the last move.
func playViews(t *testing.T, d game.Definition, seed uint64, steps int, visit func(step int, v table.StateView)) {
	t.Helper()
	n := d.Info().MaxPlayers
	players := make([]game.Player, n)
	for i, name := range seatNames(n) {
		players[i] = game.Player{Name: name}
	}
	playGame(t, d, game.Config{Players: players, Seed: seed}, steps, func(step int, g game.Game, events []game.Event) {
		for viewer := game.Public; viewer < game.Seat(n); viewer++ {
			v := table.StateView{View: g.View(viewer), Legal: []any{}, Actors: g.Actors().List(), Seat: viewer, Result: g.Result()}
			if viewer >= 0 {
				v.Legal = g.Legal(viewer)
			}
			for _, e := range events {
				v.Events = append(v.Events, e.For(viewer))
			}
			visit(step, v)
		}
	})
}

// plainState is a state view without its methods: encoding/json writes
// its fields by reflection.
type plainState table.StateView

// seatNames are the names of playViews' n seats.
func seatNames(n int) []string {
	names := make([]string, n)
	for i := range names {
		names[i] = "P<" + strconv.Itoa(i) + ">"
	}
	return names
}

// playGame plays a game of d set up as cfg, a computer player (seeded
// with its seat) in every seat, for at most steps moves, and calls visit
// with the game before each move and the events of the move before.
func playGame(t testing.TB, d game.Definition, cfg game.Config, steps int, visit func(step int, g game.Game, events []game.Event)) {
	t.Helper()
	g, err := d.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]game.Computer, len(cfg.Players))
	for i := range bots {
		bots[i] = d.NewBot(game.Seat(i), uint64(i))
	}
	var events []game.Event
	for step := 0; step < steps && !g.Result().Over; step++ {
		visit(step, g, events)
		seat := g.Actors().List()[0]
		move, err := bots[seat].Move(g, seat)
		if err != nil {
			t.Fatal(err)
		}
		var log game.Log
		if err := g.Apply(seat, move, &log); err != nil {
			t.Fatal(err)
		}
		events = log.Events
	}
}
