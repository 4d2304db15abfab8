package neko

import (
	"encoding/json"
	"regexp"
	"testing"

	"harbor/game"
)

// TestHiddenInformation plays many random games and checks every view after
// every move: a seat sees its own hand and no other; the public sees no hand;
// no view shows a card still in a deck (not yet on display, drafted or played);
// no event, as any viewer gets it, names a card that is not in the open.
func TestHiddenInformation(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 60
	}
	for i := range games {
		n := 2 + i%3
		s, err := Setup(config(n, uint64(5000+i), moduleOptions[i%len(moduleOptions)]))
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRand(uint64(i))
		var log game.Log
		for step := 0; !s.Result().Over; step++ {
			checkViews(t, s, step%20 == 0)
			seat := s.Actors().First()
			l := s.Legal(seat, nil)
			log.Reset()
			if err := s.Apply(seat, l[rng.Intn(len(l))], &log); err != nil {
				t.Fatal(err)
			}
			checkEvents(t, s, log.Events)
		}
		checkViews(t, s, true)
	}
}

// checkViews checks every viewer's view of s; encoded also checks the JSON.
func checkViews(t *testing.T, s *State, encoded bool) {
	t.Helper()
	open := openCards(s)
	for viewer := game.Public; viewer < game.Seat(s.N); viewer++ {
		v := s.View(viewer)
		for _, pv := range v.Players {
			if game.Seat(pv.Seat) != viewer && pv.Hand != nil {
				t.Fatalf("viewer %d sees seat %d's hand", viewer, pv.Seat)
			}
			if game.Seat(pv.Seat) == viewer && len(pv.Hand) != pv.HandCount {
				t.Fatalf("viewer %d does not see its own hand", viewer)
			}
		}
		// Every card number a view shows is one that is in the open, or in
		// the viewer's own hand.
		mine := map[int]bool{}
		if viewer >= 0 {
			p := &s.Players[viewer]
			for k := range p.HandN {
				mine[int(p.Hand[k])] = true
			}
		}
		for _, c := range viewCards(v) {
			if !open[c] && !mine[c] {
				t.Fatalf("viewer %d sees hidden card %s", viewer, cat.Cards[c].ID)
			}
		}
		if !encoded {
			continue
		}
		raw, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var back map[string]any
		if err := json.Unmarshal(raw, &back); err != nil {
			t.Fatal(err)
		}
		for _, key := range []string{"decks", "deck", "rand", "seed"} {
			if _, ok := back[key]; ok {
				t.Fatalf("view carries %q", key)
			}
		}
	}
}

// openCards marks the cards that have come out in the open this period or
// before: drafted, played, on display or on show.
func openCards(s *State) (open [256]bool) {
	for i := range s.N {
		p := &s.Players[i]
		for k := range p.DraftedN {
			open[p.Drafted[k]] = true
		}
		for k := range p.NPlayed {
			open[p.Played[k].Card] = true
		}
		for k := range p.HandN {
			if cat.Cards[p.Hand[k]].Boat {
				open[p.Hand[k]] = true // boats are taken in the open
			}
		}
	}
	for _, c := range append(s.Display[:], s.Boats[:]...) {
		if c != noCard {
			open[c] = true
		}
	}
	for r := range s.NRows {
		for _, set := range s.Rows[r] {
			for _, c := range set.Cards {
				if c != noCard && !set.Taken {
					open[c] = true
				}
			}
		}
	}
	return open
}

// cardIDs matches the printed ids of cards in a log line.
var cardIDs = regexp.MustCompile(`\b(P[12]-(?:\d\d|KS)|FB\d+)\b`)

// checkEvents checks that the events of a move, as each viewer gets them,
// name only cards in the open (NK-Q33): a hand never reaches the log.
func checkEvents(t *testing.T, s *State, events []game.Event) {
	t.Helper()
	open := openCards(s)
	for _, e := range events {
		checked := ""
		for viewer := game.Public; viewer < game.Seat(s.N); viewer++ {
			seen := e.For(viewer)
			if seen.Text == checked {
				continue // the previous viewer's text, already checked
			}
			checked = seen.Text
			for _, id := range cardIDs.FindAllString(seen.Text, -1) {
				if !open[cardNo(t, id)] {
					t.Fatalf("event %q names the hidden card %s to viewer %d: %s", seen.Type, id, viewer, seen.Text)
				}
			}
		}
	}
}

// viewCards lists every card number a view shows.
func viewCards(v View) []int {
	var out []int
	out = append(out, v.Display...)
	for _, row := range v.Rows {
		for _, set := range row {
			out = append(out, set.Cards...)
		}
	}
	out = append(out, v.Boats...)
	if v.Immediate >= 0 {
		out = append(out, v.Immediate)
	}
	for _, pv := range v.Players {
		out = append(out, pv.Hand...)
		out = append(out, pv.Drafted...)
		for _, c := range pv.Columns {
			out = append(out, c.Actions...)
			out = append(out, c.Hubs...)
			out = append(out, int(c.First))
		}
	}
	return out
}

// TestEventsAreLogged: with a log, every applied move records a readable
// public event; refused moves record nothing.
func TestEventsAreLogged(t *testing.T) {
	for i := range 30 {
		s, err := Setup(config(2+i%3, uint64(900+i), moduleOptions[i%len(moduleOptions)]))
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRand(uint64(i))
		var log game.Log
		for !s.Result().Over {
			seat := s.Actors().First()
			l := s.Legal(seat, nil)
			log.Reset()
			if err := s.Apply(seat, Move{Type: MoveHarbour, Level: 9}, &log); err == nil || len(log.Events) != 0 {
				t.Fatalf("refused move logged %v (%v)", log.Events, err)
			}
			act(t, s, seat, l[rng.Intn(len(l))])
			log.Reset()
			m := s.Legal(s.Actors().First(), nil)
			if s.Result().Over || len(m) == 0 {
				continue
			}
			seat = s.Actors().First()
			if err := s.Apply(seat, m[rng.Intn(len(m))], &log); err != nil {
				t.Fatal(err)
			}
			if len(log.Events) == 0 || log.Events[0].Text == "" || log.Events[0].Seat != seat {
				t.Fatalf("events %+v", log.Events)
			}
		}
	}
}
