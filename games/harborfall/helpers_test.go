package harborfall

import (
	"encoding/json"
	"errors"
	"testing"

	"harbor"
	"harbor/game"
)

// center is the middle hex of the 19-hex island; its corners are clockwise
// from the top, ring[0..5].
const center = 9

func config(n int, seed uint64) game.Config {
	cfg := game.Config{Seed: seed}
	for i := range n {
		cfg.Players = append(cfg.Players, game.Player{Name: string(rune('A' + i))})
	}
	return cfg
}

func newGame(t testing.TB, n int, seed uint64) *State {
	t.Helper()
	s, err := Setup(config(n, seed))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// blank is a game past setup with an empty board where no hex carries a
// number, full supplies and empty hands: seat 0 is in its main phase.
func blank(t testing.TB, n int) *State {
	t.Helper()
	s := newGame(t, n, 1)
	for c := range s.Owner {
		s.Owner[c], s.City[c] = -1, false
	}
	for e := range s.Road {
		s.Road[e] = -1
	}
	for h := range s.Number {
		s.Number[h] = 0
	}
	isl := s.island()
	for r := range NumResources {
		s.Supply[r] = isl.Supply
	}
	for p := range s.n() {
		s.Hands[p] = Hand{}
		s.Settlements[p], s.Cities[p], s.Roads[p] = content.Pieces.Settlements, content.Pieces.Cities, content.Pieces.Roads
		s.Ports[p] = 0
	}
	s.Robber = int8(s.geo().Hexes - 1)
	s.SetupStep, s.SetupCorner = 2*s.Players, -1
	s.Active, s.Phase, s.Turns = 0, phaseMain, 1
	return s
}

func ring(s *State, h int) [6]int16 { return s.geo().HexCorners[h] }

func edgeBetween(t testing.TB, s *State, a, b int16) int16 {
	t.Helper()
	for _, e := range s.geo().cornerEdges[a] {
		if s.geo().otherEnd(e, a) == b {
			return e
		}
	}
	t.Fatalf("corners %d and %d do not share an edge", a, b)
	return -1
}

// build puts a settlement (or city) of p on c without paying.
func build(s *State, p int8, c int16, city bool) {
	s.Owner[c] = p
	s.Settlements[p]--
	if city {
		s.City[c] = true
		s.Settlements[p]++
		s.Cities[p]--
	}
	if k := s.CornerHarbor[c]; k >= 0 {
		s.Ports[p] |= 1 << k
	}
}

// roads lays p's roads along a path of corners without paying.
func roads(t testing.TB, s *State, p int8, corners ...int16) {
	t.Helper()
	for i := 1; i < len(corners); i++ {
		s.Road[edgeBetween(t, s, corners[i-1], corners[i])] = p
		s.Roads[p]--
	}
}

// give moves cards from the supply into p's hand.
func give(s *State, p int8, h Hand) {
	s.Hands[p].add(h)
	s.Supply.sub(h)
}

func mustApply(t testing.TB, s *State, seat int8, m Move) {
	t.Helper()
	if err := s.Apply(game.Seat(seat), m, &game.Log{}); err != nil {
		t.Fatalf("seat %d %+v: %v", seat, m, err)
	}
}

func encode(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// mustFail checks that m is refused for seat, naming rule (for an illegal
// move) or with code, and that the state is unchanged.
func mustFail(t testing.TB, s *State, seat int8, m Move, rule string) {
	t.Helper()
	before := encode(t, s)
	err := s.Apply(game.Seat(seat), m, nil)
	if err == nil {
		t.Fatalf("seat %d %+v was accepted; want refusal by %s", seat, m, rule)
	}
	var he *harbor.Error
	if !errors.As(err, &he) {
		t.Fatalf("error %v is not a *harbor.Error", err)
	}
	checkWords(t, he)
	if he.Rule != rule && he.Code != rule {
		t.Errorf("seat %d %+v refused with %v; want %s", seat, m, err, rule)
	}
	if after := encode(t, s); after != before {
		t.Errorf("refused move %+v changed the state", m)
	}
}

func hasMove(legal []Move, m Move) bool {
	for _, l := range legal {
		if l == m {
			return true
		}
	}
	return false
}

func hand(b, l, w, g, o int8) Hand { return Hand{b, l, w, g, o} }

func vseat(i int) game.Seat { return game.Seat(i) }
