package greatharbor

import (
	"fmt"
	"strings"
	"testing"

	"harbor"
	"harbor/game"
)

// TestGHQ36_HiddenInformation plays random games and checks every view after
// every move: no seat sees another seat's hand or Lighthouse peek, the public
// view shows no hand at all, and no view carries deck order, bag faces or the
// seed. Event secrets reach only their seat.
func TestGHQ36_HiddenInformation(t *testing.T) {
	for g := 0; g < 16; g++ {
		n := 1 + g%4
		seed := uint64(300 + g)
		s := newGame(t, n, seed, optionsFor(n, seed))
		r := game.NewRand(seed)
		var legal []Move
		var log game.Log
		for s.Phase != phaseOver {
			for viewer := game.Seat(-1); viewer < game.Seat(n); viewer++ {
				checkView(t, s, viewer)
			}
			seat := s.Actors().First()
			legal = s.Legal(seat, legal[:0])
			m := legal[r.Intn(len(legal))]
			log.Reset()
			if err := s.Apply(seat, m, &log); err != nil {
				t.Fatal(err)
			}
			for _, e := range log.Events {
				for _, sec := range e.Secrets {
					for viewer := game.Seat(-1); viewer < game.Seat(n); viewer++ {
						if !sec.To.Has(viewer) && e.For(viewer).Text == sec.Text {
							t.Fatalf("viewer %d reads a secret meant for %b: %q", viewer, sec.To, sec.Text)
						}
					}
				}
			}
		}
	}
}

func checkView(t *testing.T, s *State, viewer game.Seat) {
	t.Helper()
	v := s.View(viewer)
	for i := range s.N {
		p := &v.Players[i]
		if game.Seat(i) == viewer {
			own := &s.Players[i]
			if p.HandPeople != own.HandPeople || p.HandBuildings != own.HandBuildings || p.HandShips != own.HandShips || p.Peek != own.Peek {
				t.Fatalf("seat %d does not see its own hand", i)
			}
			continue
		}
		if p.HandPeople != 0 || p.HandBuildings != 0 || p.HandShips != 0 || p.Peek != -1 {
			t.Fatalf("viewer %d sees seat %d's hidden cards", viewer, i)
		}
		hs := v.HandSizes[i]
		if int(hs[0]) != cardCount(s.Players[i].HandPeople) || int(hs[2]) != cardCount(s.Players[i].HandShips) {
			t.Fatal("hand sizes are public")
		}
	}
	for _, d := range v.Dice {
		if d.Loc == locBag && d.Face != 0 {
			t.Fatal("a die in the bag shows a face")
		}
	}
	for _, c := range v.PirateDisc[v.PirateDiscN:] {
		if c != 0 {
			t.Fatalf("the view keeps Pirate cards past the discard pile: %v (%d)", v.PirateDisc, v.PirateDiscN)
		}
	}
	raw := mustJSON(t, v)
	for _, key := range []string{`"personDeck"`, `"buildingDeck"`, `"shipDeck"`, `"pirateDeck"`, `"rand"`, `"deck"`, `"discard"`, `"bonusTiles"`} {
		if strings.Contains(raw, key) {
			t.Fatalf("view for %d carries %s", viewer, key)
		}
	}
}

func TestGHQ36_OutOfRangeSeatsSeeAndDoNothing(t *testing.T) {
	s := newGame(t, 2, 9, "")
	s.Players[0].HandPeople = 1
	for _, seat := range []game.Seat{256, 2, -5} {
		if v := s.View(seat); v.Players[0].HandPeople != 0 || v.Viewer != -1 {
			t.Fatalf("seat %d sees a hand", seat)
		}
		if len(s.Legal(seat, nil)) != 0 {
			t.Fatalf("seat %d has moves", seat)
		}
		if err := s.Apply(seat, Move{Type: mvDraft}, nil); err == nil {
			t.Fatalf("seat %d moved", seat)
		}
	}
}

func TestUnknownMoveTypeIsInvalid(t *testing.T) {
	s := actionState(t, 2, "")
	s.pushPending(Pending{Kind: pendLighthouse, Seat: 0, N: 1})
	for _, ty := range []string{"bogus", ""} {
		if err := s.Apply(0, Move{Type: ty}, nil); harbor.ErrorCode(err) != harbor.EInvalid {
			t.Fatalf("type %q: %v", ty, err)
		}
	}
}

// TestGHQ36_LogNamesNoCardDrawnUnseen plays random games with the log on and
// checks that no event, as the public or another seat sees it, names a
// Person or Building card that went from a deck into a hand without ever
// being shown (in a display or played): drawn cards stay hidden (GH-Q36).
func TestGHQ36_LogNamesNoCardDrawnUnseen(t *testing.T) {
	for g := 0; g < 12; g++ {
		n := 1 + g%4
		seed := uint64(700 + g)
		s := newGame(t, n, seed, optionsFor(n, seed))
		r := game.NewRand(seed)
		var seenPeople, seenBuildings uint32
		see := func() {
			for i := range 3 {
				if c := s.PersonDisplay[i]; c >= 0 {
					seenPeople |= bit(c)
				}
				if c := s.BuildingDisplay[i]; c >= 0 {
					seenBuildings |= bit(c)
				}
			}
			for i := range s.N {
				p := &s.Players[i]
				seenBuildings |= p.Buildings
				for _, col := range p.People {
					for _, c := range col {
						if c >= 0 {
							seenPeople |= bit(c)
						}
					}
				}
			}
		}
		see()
		playRandom(t, s, &r, func(log *game.Log) {
			see()
			for i := range s.N {
				p := &s.Players[i]
				for _, e := range log.Events {
					for viewer := game.Seat(-1); viewer < game.Seat(n); viewer++ {
						if viewer == game.Seat(i) {
							continue
						}
						text := e.For(viewer).Text + mustJSON(t, e.For(viewer).Data)
						for c := int8(0); c < int8(len(buildings)); c++ {
							if p.HandBuildings&bit(c) != 0 && seenBuildings&bit(c) == 0 && strings.Contains(text, buildings[c].Name) {
								t.Fatalf("viewer %d reads seat %d's unseen Building %s in %q", viewer, i, buildings[c].Name, text)
							}
						}
						for c := int8(0); c < int8(len(people)); c++ {
							tag := fmt.Sprintf("(#%d)", people[c].Number)
							if p.HandPeople&bit(c) != 0 && seenPeople&bit(c) == 0 && strings.Contains(text, tag) {
								t.Fatalf("viewer %d reads seat %d's unseen Person %s in %q", viewer, i, tag, text)
							}
						}
					}
				}
			}
		})
	}
}
