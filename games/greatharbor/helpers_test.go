package greatharbor

import (
	"encoding/json"
	"fmt"
	"testing"

	"harbor/game"
)

func cfgFor(n int, seed uint64, opts string) game.Config {
	ps := make([]game.Player, n)
	for i := range ps {
		ps[i] = game.Player{Name: fmt.Sprintf("P%d", i+1)}
	}
	c := game.Config{Players: ps, Seed: seed}
	if opts != "" {
		c.Options = json.RawMessage(opts)
	}
	return c
}

func policies(n int, p game.Policy) []game.Policy {
	out := make([]game.Policy, n)
	for i := range out {
		out[i] = p
	}
	return out
}

func newGame(t testing.TB, n int, seed uint64, opts string) *State {
	t.Helper()
	s, err := Setup(cfgFor(n, seed, opts))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// playRandom plays s to its end with legal moves drawn from r, calling
// after with the log of each move.
func playRandom(t testing.TB, s *State, r *game.Rand, after func(log *game.Log)) {
	t.Helper()
	var legal []Move
	var log game.Log
	for s.Phase != phaseOver {
		seat := s.Actors().First()
		legal = s.Legal(seat, legal[:0])
		log.Reset()
		if err := s.Apply(seat, legal[r.Intn(len(legal))], &log); err != nil {
			t.Fatal(err)
		}
		after(&log)
	}
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// apply applies m for the acting seat and fails the test on refusal.
func apply(t testing.TB, s *State, m Move) {
	t.Helper()
	if err := s.Apply(game.Seat(s.actor()), m, nil); err != nil {
		t.Fatalf("move %+v refused: %v", m, err)
	}
}

// optionsFor spreads the rules options over seeds.
func optionsFor(n int, seed uint64) string {
	switch {
	case seed%5 == 2:
		return `{"surplus":"fill","smugglerReward":"colour","smugglerToken":"placement","startingColonists":2}`
	case n == 1:
		return ""
	case n < 4 && seed%3 == 0:
		if seed%2 == 0 {
			return `{"automa":true,"shops":true}`
		}
		return `{"automa":true}`
	case seed%2 == 1:
		return `{"shops":true}`
	}
	return ""
}

// cellOf is the cell of the tile with id.
func cellOf(s *State, id string) int8 {
	for c, t := range s.Layout {
		if tiles[t].ID == id {
			return int8(c)
		}
	}
	panic("no tile " + id)
}

// arrange puts tile id on cell, swapping with what is there, and recomputes
// the slot colors.
func arrange(s *State, id string, cell int8) {
	from := cellOf(s, id)
	s.Layout[from], s.Layout[cell] = s.Layout[cell], s.Layout[from]
	for slot := range slotGeoms {
		g := &slotGeoms[slot]
		a := tiles[s.Layout[g.Cells[0]]].Edges[g.Edges[0]]
		b := a
		if g.Shore {
			b = frameColours[g.Frame[0]][g.Frame[1]]
		} else {
			b = tiles[s.Layout[g.Cells[1]]].Edges[g.Edges[1]]
		}
		s.Accept[slot] = 1<<uint(a) | 1<<uint(b)
	}
}

// shared is the slot between two cells.
func shared(a, b int8) int8 {
	for _, x := range cellSlots[a] {
		for _, y := range cellSlots[b] {
			if x == y {
				return x
			}
		}
	}
	panic("cells not adjacent")
}

// shoreOf is the first shore slot of cell.
func shoreOf(cell int8) int8 {
	for _, x := range cellSlots[cell] {
		if slotGeoms[x].Shore {
			return x
		}
	}
	panic("central cell")
}

// actionState is a fresh game in the Action phase with seat 0 to act and
// every die back in the bag.
func actionState(t testing.TB, n int, opts string) *State {
	t.Helper()
	s := newGame(t, n, 7, opts)
	for id := range s.Dice {
		if s.Dice[id].Loc != locBox {
			s.Dice[id] = Die{Loc: locBag}
		}
	}
	s.Phase = phaseAction
	for i := range s.N {
		s.Order[i] = i
	}
	s.OrderIdx = 0
	s.PendingN = 0
	return s
}

// draftTo gives seat die showing face.
func draftTo(s *State, seat, die, face int8) {
	s.Dice[die] = Die{Face: face, Loc: locDrafted, At: seat}
}

// putOn puts die showing face on slot.
func putOn(s *State, die, slot, face int8) {
	s.Dice[die] = Die{Face: face, Loc: locSlot, At: slot}
	s.Slots[slot] = die
}

// dieOf is a die id of color c that is in the bag.
func dieOf(s *State, c int8) int8 {
	for id := c * 5; id < c*5+5; id++ {
		if s.Dice[id].Loc == locBag {
			return id
		}
	}
	panic("no die of that colour left")
}

func tileID(name string) int8 {
	for i, t := range tiles {
		if t.ID == name {
			return int8(i)
		}
	}
	panic(name)
}

func personNumber(n int) int8   { return int8(n - 1) }
func buildingNumber(n int) int8 { return int8(n - 1) }

func gameSeat(i int8) game.Seat { return game.Seat(i) }
