package holdings

import (
	"encoding/json"
	"strings"
	"testing"

	"harbor/game"
)

// TestNoViewShowsTheDeckOrder plays random games and, every few moves,
// checks that every viewer's view (each seat and the public) is identical
// for the live state and for a copy whose undrawn Dispatch cards are in
// another order: no view depends on the deck order. It also checks that the
// view carries no deck contents at all.
func TestNoViewShowsTheDeckOrder(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 50
	}
	for i := 0; i < games; i++ {
		r := newRandomPlay(t, uint64(1000+i), 2+i%5)
		for !r.s.Over {
			if err := r.step(); err != nil {
				t.Fatal(err)
			}
			if r.moves%7 != 0 {
				continue
			}
			other := r.s.Clone()
			for d := range other.Decks {
				c := &other.Decks[d].Cards
				for a, b := 0, DeckSize-1; a < b; a, b = a+1, b-1 {
					c[a], c[b] = c[b], c[a]
				}
			}
			for viewer := game.Public; viewer < game.Seat(r.s.Players); viewer++ {
				live, _ := json.Marshal(r.s.View(viewer))
				shuffled, _ := json.Marshal(other.View(viewer))
				if string(live) != string(shuffled) {
					t.Fatalf("game %d: the view of seat %d depends on the deck order", i, viewer)
				}
				if strings.Contains(string(live), `"cards"`) || strings.Contains(string(live), `"decks"`) {
					t.Fatalf("game %d: the view of seat %d carries deck contents", i, viewer)
				}
			}
		}
	}
}

// TestViewAllocatesNothing pins the promise that bots can call View in the
// simulation loop for free.
func TestViewAllocatesNothing(t *testing.T) {
	s := newGame(t, 4, "")
	legal := make([]Move, 0, 64)
	allocs := testing.AllocsPerRun(100, func() {
		v := s.View(1)
		legal = s.Legal(0, legal[:0])
		_ = v
		_ = s.Result()
		_ = s.Actors()
	})
	if allocs != 0 {
		t.Fatalf("View, Legal, Result and Actors allocate %.1f times", allocs)
	}
}

// TestNoEventShowsTheDeckOrder plays random games and, before every move,
// applies the same move to a copy whose Dispatch cards below the top are in
// another order: every event, as each seat and the public read it (text and
// data), must be the same, so no event reveals more of a deck than the card
// drawn. A move draws at most one card, so only the top card can show.
func TestNoEventShowsTheDeckOrder(t *testing.T) {
	games := 100
	if testing.Short() {
		games = 20
	}
	var otherLog game.Log
	for i := 0; i < games; i++ {
		r := newRandomPlay(t, uint64(5000+i), 2+i%5)
		for !r.s.Over {
			actors := r.s.Actors()
			seat := actors.Nth(r.rng.Intn(actors.Len()))
			r.legal = r.s.Legal(seat, r.legal[:0])
			m := r.legal[r.rng.Intn(len(r.legal))]
			other := r.s.Clone()
			for d := range other.Decks {
				p := &other.Decks[d]
				for k := 1; k < DeckSize/2; k++ {
					a, b := (int(p.Top)+k)%DeckSize, (int(p.Top)+DeckSize-k)%DeckSize
					p.Cards[a], p.Cards[b] = p.Cards[b], p.Cards[a]
				}
			}
			otherLog.Reset()
			if err := other.Apply(seat, m, &otherLog); err != nil {
				t.Fatal(err)
			}
			if _, err := r.apply(seat, m); err != nil {
				t.Fatal(err)
			}
			if len(r.log.Events) != len(otherLog.Events) {
				t.Fatalf("game %d: %+v logs %d events, or %d with the deck in another order", i, m, len(r.log.Events), len(otherLog.Events))
			}
			for k, e := range r.log.Events {
				for viewer := game.Public; viewer < game.Seat(r.s.Players); viewer++ {
					live, _ := json.Marshal(e.For(viewer))
					shuffled, _ := json.Marshal(otherLog.Events[k].For(viewer))
					if string(live) != string(shuffled) {
						t.Fatalf("game %d: event %s for seat %d depends on the deck order:\n%s\n%s", i, e.Type, viewer, live, shuffled)
					}
				}
			}
		}
	}
}
