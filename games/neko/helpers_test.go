package neko

import (
	"errors"
	"testing"

	"harbor"
	"harbor/game"
)

// newGame sets up an n-player game.
func newGame(t *testing.T, n int, opts string) *State {
	t.Helper()
	s, err := Setup(config(n, 1, opts))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// cardNo returns the number of the card with printed id.
func cardNo(t testing.TB, id string) uint8 {
	t.Helper()
	for i, c := range cat.Cards {
		if c.ID == id {
			return uint8(i)
		}
	}
	t.Fatalf("no card %s", id)
	return 0
}

// actionGame returns an n-player game in period 1's action phase, drafted
// with the first legal picks, with seat 0 first in turn order and every
// supply empty.
func actionGame(t *testing.T, n int, opts string) *State {
	t.Helper()
	s := newGame(t, n, opts)
	for i := range s.N {
		s.Order[i] = i
		s.Players[i].Supply = Bundle{}
	}
	draftAll(t, s)
	return s
}

func draftAll(t *testing.T, s *State) {
	t.Helper()
	for s.Phase == phDraft {
		seat := s.Actors().First()
		act(t, s, seat, s.Legal(seat, nil)[0])
	}
}

// setHand replaces a seat's hand.
func setHand(t testing.TB, s *State, seat game.Seat, ids ...string) {
	t.Helper()
	p := &s.Players[seat]
	p.HandN = 0
	for _, id := range ids {
		p.Hand[p.HandN] = cardNo(t, id)
		p.HandN++
	}
}

// setLine gives a seat a preparation line of action cards, as if played.
func setLine(t testing.TB, s *State, seat game.Seat, ids ...string) {
	t.Helper()
	for _, id := range ids {
		s.Players[seat].placeCard(cardNo(t, id))
	}
}

// act applies m for seat and fails the test on an error.
func act(t testing.TB, s *State, seat game.Seat, m Move) {
	t.Helper()
	if err := s.Apply(seat, m, nil); err != nil {
		t.Fatalf("%+v refused: %v", m, err)
	}
}

// refuse checks that m is refused naming rule, leaving the state unchanged.
func refuse(t testing.TB, s *State, seat game.Seat, m Move, rule string) {
	t.Helper()
	before := mustJSON(t, s)
	err := s.Apply(seat, m, nil)
	var he *harbor.Error
	if !errors.As(err, &he) {
		t.Fatalf("%+v: want a refusal under %s, got %v", m, rule, err)
	}
	if he.Rule != rule {
		t.Fatalf("%+v: refused under %s (%s), want %s", m, he.Rule, he.Message, rule)
	}
	if mustJSON(t, s) != before {
		t.Fatalf("%+v: refused move changed the state", m)
	}
	if err := catalogSays(he); err != nil {
		t.Fatalf("%+v: %v", m, err)
	}
}

// hasMove reports whether m is among seat's legal moves.
func hasMove(s *State, seat game.Seat, m Move) bool {
	for _, l := range s.Legal(seat, nil) {
		if l == m {
			return true
		}
	}
	return false
}

// playCard plays id from seat's hand to its column.
func playCard(t testing.TB, s *State, seat game.Seat, id string) {
	t.Helper()
	act(t, s, seat, Move{Type: MovePlay, Card: int16(cardNo(t, id))})
}

// window returns the kind of the column being activated, or -1 for the
// final window, checking the turn is in a window.
func windowKind(s *State) int {
	p := s.player()
	if s.Turn.Stage != stWindow {
		return -2
	}
	if s.Turn.Window >= p.NCols {
		return -1
	}
	return int(p.Cols[s.Turn.Window].Kind)
}

// nextUntil presses "next" until the window of kind k (or -1, final) opens.
func nextUntil(t testing.TB, s *State, k int) {
	t.Helper()
	for range 20 {
		if windowKind(s) == k {
			return
		}
		act(t, s, s.current(), Move{Type: MoveNext})
	}
	t.Fatalf("window %d never opened", k)
}

// hold gives a player's supply the given cards (pairs of Res, count).
func hold(s *State, seat game.Seat, pairs ...int8) {
	b := bundle(pairs...)
	for r := range numRes {
		s.Players[seat].Supply[r] += b[r]
	}
}

// shipAt puts ship card k of seat at loc with level lv.
func shipAt(s *State, seat game.Seat, k int, loc, lv int8) {
	s.Players[seat].Ships[k] = Ship{Loc: loc, Level: lv}
}
