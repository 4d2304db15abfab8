package harborfall

import (
	"strings"
	"testing"

	"harbor/game"
)

// scramble changes everything viewer may not know: the other seats' hands
// (same sizes) and development cards (same counts), the deck order and the
// generator. Public (-1) scrambles every seat.
func scramble(s *State, viewer game.Seat) *State {
	c := s.Clone()
	for q := range c.n() {
		if game.Seat(q) == viewer {
			continue
		}
		h := c.Hands[q]
		c.Hands[q] = Hand{h[4], h[0], h[1], h[2], h[3]}
		// Move held cards that are not fresh to another kind, Secret points
		// included (they change the seat's hidden total, which only the
		// winner of an ended game reveals, HF-71).
		if int(c.Winner) == q {
			continue
		}
		for k := range NumCards {
			if n := c.Dev[q][k] - c.Fresh[q][k]; n > 0 {
				c.Dev[q][k] -= n
				c.Dev[q][(k+1)%NumCards] += n
				break
			}
		}
	}
	for i, j := 0, int(c.DeckLen)-1; i < j; i, j = i+1, j-1 {
		c.Deck[i], c.Deck[j] = c.Deck[j], c.Deck[i]
	}
	c.Rand.S[0] ^= 0xdeadbeef
	return c
}

// TestHFG26_HiddenInformation plays random games and checks at every move
// that no view changes when what its viewer may not know changes, that the
// public view carries no hand or card identity, and that private event
// detail reaches only the seats it is meant for.
func TestHFG26_HiddenInformation(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 10
	}
	names := append(append(append([]string{}, content.Resources...), content.DevCards...), content.CardTitles...)
	ended := 0
	for i := range games {
		n := 3 + i%4
		s := newGame(t, n, uint64(1000+i))
		rng := game.NewRand(uint64(i))
		log := &game.Log{}
		var legal []Move
		for step := 0; step < 3000; step++ {
			if step%23 == 0 || s.Phase == phaseOver {
				for viewer := game.Seat(-1); int(viewer) < n; viewer++ {
					got := encode(t, s.View(viewer))
					if want := encode(t, scramble(s, viewer).View(viewer)); got != want {
						t.Fatalf("game %d step %d: seat %d's view depends on hidden information", i, step, viewer)
					}
				}
				if pub := s.View(game.Public); pub.Me != (Private{}) {
					t.Fatalf("public view has private detail: %+v", pub.Me)
				}
				if strings.Contains(encode(t, s.View(game.Public)), `"me"`) {
					t.Fatal("public view JSON has a private section")
				}
			}
			if s.Phase == phaseOver {
				ended++
				break
			}
			actors := s.Actors()
			seat := actors.Nth(rng.Intn(actors.Len()))
			legal = s.Legal(seat, legal[:0])
			log.Reset()
			mustApply(t, s, int8(seat), legal[rng.Intn(len(legal))])
			for _, ev := range log.Events {
				switch {
				case len(ev.Secrets) > 0:
				case ev.Type == "buy" || ev.Type == "steal" || ev.Type == "discard":
					t.Fatalf("event %s %q carries its private detail in public", ev.Type, ev.Text)
				default:
					continue
				}
				for q := game.Seat(-1); int(q) < n; q++ {
					if ev.Secrets[0].To.Has(q) {
						continue
					}
					seen := ev.For(q)
					if seen.Text != ev.Text || seen.Data != nil {
						t.Fatalf("event %s shows %q to seat %d", ev.Type, seen.Text, q)
					}
					for _, name := range names {
						if strings.Contains(seen.Text, " "+name) {
							t.Fatalf("event %s tells seat %d %q", ev.Type, q, seen.Text)
						}
					}
				}
			}
		}
	}
	if ended == 0 {
		t.Error("no game reached its end, so the final views went unchecked")
	}
}
