package neko

import (
	"strings"
	"testing"

	"harbor/game"
)

// logged applies m for seat with a log and returns the events' texts.
func logged(t *testing.T, s *State, seat game.Seat, m Move) []string {
	t.Helper()
	var log game.Log
	if err := s.Apply(seat, m, &log); err != nil {
		t.Fatalf("%+v refused: %v", m, err)
	}
	var out []string
	for _, e := range log.Events {
		out = append(out, e.For(game.Public).Text)
	}
	return out
}

// TestLogLines: the log tells each move as a player at the table would: the
// cards by name, what was paid with cards, what triggered and what was gained.
func TestLogLines(t *testing.T) {
	t.Run("NK-025 a draft line names the cards of the set", func(t *testing.T) {
		s := newGame(t, 3, "")
		seat := s.Actors().First()
		set := s.Rows[1][1]
		want := "took the 2-card set from row 2: " + cardName(set.Cards[0]) + ", " + cardName(set.Cards[1])
		if got := logged(t, s, seat, Move{Type: MoveDraft, Row: 1, Size: 2}); !strings.HasSuffix(got[0], want) {
			t.Errorf("got %q, want it to end %q", got[0], want)
		}
	})
	t.Run("NK-047 NK-058 a move line tells the fuel, the fish paid, the hub and the gain", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P1-24")
		hold(s, 0, int8(Fish), 2)
		setHand(t, s, 0, "P1-23")
		playCard(t, s, 0, "P1-23")
		nextUntil(t, s, -1)
		want := "A moved a level-1 ship to column 1 (Tourist Center) for 1 fuel (1 fish from the supply); the hub (level 2) triggers; gained 1 fish"
		if got := logged(t, s, 0, Move{Type: MoveShip, Ship: 0}); got[0] != want {
			t.Errorf("got  %q\nwant %q", got[0], want)
		}
	})
	t.Run("NK-091 the Immediate Shipyard line tells its VP", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P1-23")
		shipAt(s, 0, 2, locHarbour, 2)
		setHand(t, s, 0, "P2-11")
		want := "A played Shipyard (P2-11) as a new column 2 (Shipyard): 2 VP, one per ship in game; gained 1 penguin"
		if got := logged(t, s, 0, Move{Type: MovePlay, Card: int16(cardNo(t, "P2-11"))}); got[0] != want {
			t.Errorf("got  %q\nwant %q", got[0], want)
		}
	})
	t.Run("NK-066 NK-069 NK-082 NK-122 scorings, the new turn order and the winner are logged once", func(t *testing.T) {
		s := newGame(t, 3, `{"fishingBoats":true}`)
		rng := game.NewRand(9)
		var all []string
		for !s.Result().Over {
			seat := s.Actors().First()
			l := s.Legal(seat, nil)
			all = append(all, logged(t, s, seat, l[rng.Intn(len(l))])...)
		}
		joined := strings.Join(all, "\n")
		winner := s.Names[s.Result().Winners.First()]
		for want, times := range map[string]int{"Period 1 scoring: ": 1, "Fishing boats are chosen in this order: ": 2,
			"Period 2 turn order: ": 1, "Period 2's turns are over": 1, "Period 2 scoring: ": 1, "Final scores: ": 1, "Winner: " + winner: 1} {
			if n := strings.Count(joined, want); n != times {
				t.Errorf("the log says %q %d times, want %d", want, n, times)
			}
		}
	})
}

// TestSailLines: a sail line says which attraction reward the ship took
// (NK-111..119, NK-099).
func TestSailLines(t *testing.T) {
	s := actionGame(t, 2, "")
	setLine(t, s, 0, "P1-17")
	shipAt(s, 0, 0, 1, 1)
	shipAt(s, 0, 1, 1, 1)
	hold(s, 0, int8(Fish), 2)
	setHand(t, s, 0, "P1-18")
	playCard(t, s, 0, "P1-18")
	name := cat.Attractions[s.Attrs[0].Card].Name
	for i, want := range []string{
		"A sailed a level-1 ship to " + name + " for 1 fuel: better reward (first to arrive)",
		"A sailed a level-1 ship to " + name + " for 1 fuel: lesser reward",
	} {
		if got := logged(t, s, 0, Move{Type: MoveSail, Ship: int8(i), To: 0}); !strings.HasPrefix(got[0], want) {
			t.Errorf("NK-119 got %q, want it to start %q", got[0], want)
		}
	}
	got := logged(t, s, 0, Move{Type: MoveSail, Ship: 0, To: 1})
	if want := "(1 fish from the supply): no reward (a ship is rewarded once)"; !strings.HasSuffix(got[0], want) {
		t.Errorf("NK-119 got %q, want it to end %q", got[0], want)
	}
}

// TestEveryLineSpeaks: with every module, each line the log writes carries a
// message of the game's own whose values the pages can word, and a seat
// without a name is still named by a message.
func TestEveryLineSpeaks(t *testing.T) {
	seen := map[string]bool{}
	for i := range 24 {
		cfg := config(2+i%3, uint64(900+i), moduleOptions[i%len(moduleOptions)])
		if i%4 == 0 {
			cfg.Players[0].Name = ""
		}
		for _, e := range randomLog(t, cfg) {
			if e.Msg == nil || !strings.HasPrefix(e.Msg.ID, "neko.") {
				t.Fatalf("%q has no message of the game: %+v", e.Text, e.Msg)
			}
			if err := e.Msg.Check(); err != nil {
				t.Fatalf("%q: %v", e.Text, err)
			}
			// A part that ends a line holds the line: the line's own
			// message is the innermost.
			for m := e.Msg; m != nil; {
				seen[m.ID] = true
				m, _ = m.V["line"].(*game.Msg)
			}
		}
	}
	for _, id := range []string{"neko.tookBoat", "neko.boatOrder", "neko.ended", "neko.sailed"} {
		if !seen[id] {
			t.Errorf("no game said %s", id)
		}
	}
}

// randomLog plays a game of random legal moves and returns its log.
func randomLog(t *testing.T, cfg game.Config) []game.Event {
	t.Helper()
	s, err := Setup(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rng := game.NewRand(cfg.Seed)
	var log game.Log
	var legal []Move
	for step := 0; !s.Result().Over; step++ {
		if step > 5000 {
			t.Fatalf("seed %d: game did not end", cfg.Seed)
		}
		seat := s.Actors().First()
		legal = s.Legal(seat, legal[:0])
		if err := s.Apply(seat, legal[rng.Intn(len(legal))], &log); err != nil {
			t.Fatal(err)
		}
	}
	return log.Events
}
