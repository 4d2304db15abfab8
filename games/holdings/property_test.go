package holdings

import (
	"encoding/json"
	"fmt"
	"testing"

	"harbor"
	"harbor/game"
)

// randomPlay is a random game driver for the property tests: mostly legal
// moves picked uniformly for a random actor, mixed with trade proposals and
// counters of random terms (valid or not) and random, mostly illegal, moves
// from random seats. It returns the configuration and the log of every
// accepted move so the game can be replayed.
type randomPlay struct {
	t       testing.TB
	cfg     game.Config
	s       *State
	rng     game.Rand
	records []game.Record
	legal   []Move
	log     game.Log
	moves   int
}

func newRandomPlay(t testing.TB, seed uint64, players int) *randomPlay {
	cfg := setupConfig(players, seed)
	s, err := Setup(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return &randomPlay{t: t, cfg: cfg, s: s, rng: game.NewRand(seed ^ 0x5eed)}
}

// run plays until the game is over, checking after every move.
func (r *randomPlay) run() error {
	for !r.s.Over {
		if r.moves > 5000 {
			return fmt.Errorf("not over after %d moves", r.moves)
		}
		if err := r.step(); err != nil {
			return fmt.Errorf("move %d: %w", r.moves, err)
		}
	}
	return r.checkReplay()
}

func (r *randomPlay) step() error {
	switch k := r.rng.Intn(20); {
	case k == 0:
		seat, m := r.randomTrade()
		return r.try(seat, m)
	case k == 1:
		seat, m := r.randomMove()
		return r.try(seat, m)
	}
	actors := r.s.Actors()
	seat := actors.Nth(r.rng.Intn(actors.Len()))
	r.legal = r.s.Legal(seat, r.legal[:0])
	if len(r.legal) == 0 {
		return fmt.Errorf("seat %d is waited on with no legal move", seat)
	}
	m := r.legal[r.rng.Intn(len(r.legal))]
	applied, err := r.apply(seat, m)
	if !applied {
		return fmt.Errorf("legal move %+v by seat %d refused: %v", m, seat, err)
	}
	return err
}

// try applies a move that may be illegal: a refusal must be a *harbor.Error
// and leave the state byte-for-byte unchanged.
func (r *randomPlay) try(seat game.Seat, m Move) error {
	before, _ := json.Marshal(r.s)
	applied, err := r.apply(seat, m)
	if applied {
		return err
	}
	if _, ok := err.(*harbor.Error); !ok {
		return fmt.Errorf("refusal of %+v is not a harbor error: %v", m, err)
	}
	if after, _ := json.Marshal(r.s); string(after) != string(before) {
		return fmt.Errorf("refused move %+v by seat %d (%v) changed the state", m, seat, err)
	}
	return nil
}

// apply applies m and, when it is accepted, records it and checks Coin
// conservation and the invariants.
func (r *randomPlay) apply(seat game.Seat, m Move) (applied bool, err error) {
	r.log.Reset()
	before := r.s.Cash
	if err := r.s.Apply(seat, m, &r.log); err != nil {
		return false, err
	}
	r.moves++
	raw, err := json.Marshal(m)
	if err != nil {
		return true, err
	}
	r.records = append(r.records, game.Record{Seat: seat, Move: raw})
	if err := checkFlows(before, r.s, r.log.Events); err != nil {
		return true, fmt.Errorf("%+v by seat %d: %w", m, seat, err)
	}
	if err := checkInvariants(r.s); err != nil {
		return true, fmt.Errorf("after %+v by seat %d: %w", m, seat, err)
	}
	return true, nil
}

func (r *randomPlay) randomSeat() game.Seat {
	return game.Seat(r.rng.Intn(int(r.s.Players)+2) - 1)
}

// randomTrade builds a proposal, or a counter to the open trade, with terms
// drawn from what the two sides own and hold, sometimes stretched past it.
func (r *randomPlay) randomTrade() (game.Seat, Move) {
	s := r.s
	from, to := r.randomSeat(), r.randomSeat()
	typ := MovePropose
	if s.Trade.Open && r.rng.Intn(2) == 0 {
		typ, from, to = MoveCounter, s.Trade.To, s.Trade.From
	}
	side := func(seat game.Seat) Side {
		var sd Side
		if seat < 0 || seat >= game.Seat(s.Players) {
			return sd
		}
		for i := 0; i < NumSpaces; i++ {
			if s.Owner[i] == int8(seat) && r.rng.Intn(3) == 0 {
				sd.Properties = sd.Properties.With(i)
			}
		}
		if r.rng.Intn(8) == 0 {
			sd.Properties = sd.Properties.With(r.rng.Intn(NumSpaces))
		}
		if r.rng.Intn(2) == 0 {
			sd.Coins = r.rng.Intn(int(s.Cash[seat])/2 + 1)
		}
		if r.rng.Intn(10) == 0 {
			sd.Coins = int(s.Cash[seat]) + 1 + r.rng.Intn(100)
		}
		return sd
	}
	return from, Move{Type: typ, To: to, Give: side(from), Get: side(to)}
}

var moveTypes = []string{MoveRoll, MoveBuy, MovePass, MoveImprove, MoveEnd, MovePropose, MoveAccept, MoveDecline, MoveCounter, MoveCancel, "steal"}

// randomMove is any move type from any seat with a random space.
func (r *randomPlay) randomMove() (game.Seat, Move) {
	m := Move{Type: moveTypes[r.rng.Intn(len(moveTypes))], Space: r.rng.Intn(NumSpaces+4) - 2, To: r.randomSeat()}
	return r.randomSeat(), m
}

// checkReplay replays the recorded moves from the configuration and compares
// the final state with the live one.
func (r *randomPlay) checkReplay() error {
	g, err := game.Replay(Definition, r.cfg, r.records)
	if err != nil {
		return err
	}
	replayed, ok := game.StateOf[*State, Move, View](g)
	if !ok {
		return fmt.Errorf("replay holds another game")
	}
	a, _ := json.Marshal(r.s)
	b, _ := json.Marshal(replayed)
	if string(a) != string(b) {
		return fmt.Errorf("replayed state differs from the live one")
	}
	return nil
}

// TestRandomGamesKeepTheInvariants plays thousands of random games of two to
// six players and checks, after every move, Coin conservation (HH-43,
// HH-49, HH-61), single ownership (HH-10, HH-61), improvements 0-5 on
// streets only (HH-27, HH-28), cash never negative (HH-43..HH-48), that
// refused moves change nothing, and that each game replays to the same state.
func TestRandomGamesKeepTheInvariants(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 200
	}
	trades, bankruptcies := 0, 0
	for i := 0; i < games; i++ {
		r := newRandomPlay(t, uint64(i), 2+i%5)
		if err := r.run(); err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		if r.s.LastTrade.Status != TradeNone {
			trades++
		}
		if r.s.Out != 0 {
			bankruptcies++
		}
	}
	if trades < games/4 || bankruptcies == 0 {
		t.Fatalf("random play too tame: %d games with trades, %d with bankruptcies", trades, bankruptcies)
	}
}

// FuzzRandomGame runs the random game driver from fuzzed seeds; as a plain
// test it runs over its seed corpus.
func FuzzRandomGame(f *testing.F) {
	for _, seed := range []uint64{1, 2, 3, 42, 1 << 40} {
		f.Add(seed, uint8(seed%5))
	}
	f.Fuzz(func(t *testing.T, seed uint64, players uint8) {
		r := newRandomPlay(t, seed, 2+int(players%5))
		if err := r.run(); err != nil {
			t.Fatal(err)
		}
	})
}
