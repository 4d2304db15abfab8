package holdings

import (
	"encoding/json"
	"fmt"
	"testing"

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
	poor    int32 // when not 0, every player starts with this much cash instead
	s       *State
	rng     game.Rand
	records []game.Record
	legal   []Move
	log     game.Log
	moves   int
	snapAt  int    // after this many moves the state is kept in snap
	snap    []byte // the state as JSON after snapAt moves
}

func newRandomPlay(t testing.TB, seed uint64, players int) *randomPlay {
	r := &randomPlay{t: t, cfg: setupConfig(players, seed), rng: game.NewRand(seed ^ 0x5eed)}
	r.s, r.snapAt = r.setup(), 1+r.rng.Intn(300)
	return r
}

// newPoorPlay is newRandomPlay with every player starting on cash Coins and
// most districts already owned and improved by the seats other than seat 0,
// dealt from a generator seeded with seed, so that high rents, automatic sales, bankruptcies and failed
// trade rechecks are common.
func newPoorPlay(t testing.TB, seed uint64, players int, cash int32) *randomPlay {
	r := &randomPlay{t: t, cfg: setupConfig(players, seed), poor: cash, rng: game.NewRand(seed ^ 0x5eed)}
	r.s, r.snapAt = r.setup(), 1+r.rng.Intn(300)
	return r
}

func (r *randomPlay) setup() *State {
	s, err := Setup(r.cfg)
	if err != nil {
		r.t.Fatal(err)
	}
	if r.poor != 0 {
		deal := game.NewRand(r.cfg.Seed)
		for p := 0; p < int(s.Players); p++ {
			s.Cash[p] = r.poor
		}
		for i := 0; i < NumSpaces; i++ {
			if board.ownable.Has(i) && deal.Intn(3) > 0 {
				s.Owner[i] = int8(1 + deal.Intn(int(s.Players)-1))
				if board.kind[i] == kStreet {
					s.Level[i] = int8(deal.Intn(MaxImprovements + 1))
				}
			}
		}
		s.recordHistory(0)
	}
	return s
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
	if err := checkRefusal(m, err); err != nil {
		return err
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
	if r.moves == r.snapAt {
		r.snap, _ = json.Marshal(r.s)
	}
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

// checkReplay replays the recorded moves and compares the final state with
// the live one, and the state after snapAt moves with the one kept then.
func (r *randomPlay) checkReplay() error {
	final, err := r.replay(len(r.records))
	if err != nil {
		return err
	}
	if live, _ := json.Marshal(r.s); string(final) != string(live) {
		return fmt.Errorf("replayed state differs from the live one")
	}
	if r.snap == nil {
		return nil
	}
	mid, err := r.replay(r.snapAt)
	if err != nil {
		return err
	}
	if string(mid) != string(r.snap) {
		return fmt.Errorf("replay of the first %d moves differs from the live state then", r.snapAt)
	}
	return nil
}

// replay replays the first n recorded moves (with game.Replay, or from the
// same modified start for a poor game) and returns the state as JSON.
func (r *randomPlay) replay(n int) ([]byte, error) {
	if r.poor == 0 {
		g, err := game.Replay(Definition, r.cfg, r.records[:n])
		if err != nil {
			return nil, err
		}
		s, ok := game.StateOf[*State, Move, View](g)
		if !ok {
			return nil, fmt.Errorf("replay holds another game")
		}
		return json.Marshal(s)
	}
	s := r.setup()
	for i, rec := range r.records[:n] {
		m, err := game.DecodeMove[Move](rec.Move)
		if err != nil {
			return nil, err
		}
		if err := s.Apply(rec.Seat, m, nil); err != nil {
			return nil, fmt.Errorf("replay of move %d refused: %w", i, err)
		}
	}
	return json.Marshal(s)
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
	seen := map[string]int{}
	for i := 0; i < games; i++ {
		r := newRandomPlay(t, uint64(i), 2+i%5)
		if i%2 == 1 {
			r = newPoorPlay(t, uint64(i), 2+i%5, int32(100+i%400))
		}
		for !r.s.Over {
			last := r.s.LastTrade
			if err := r.step(); err != nil {
				t.Fatalf("game %d, move %d: %v", i, r.moves, err)
			}
			if r.s.LastTrade != last {
				seen["trade "+r.s.LastTrade.Status]++
			}
		}
		if err := r.checkReplay(); err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		seen[r.s.Reason]++
	}
	for what, least := range map[string]int{"trade accepted": games / 10, "trade declined": games / 10, "trade cancelled": games / 100,
		"trade failed": 1, "bankruptcy": games / 50, "round_limit": games / 2} {
		if seen[what] < least {
			t.Fatalf("random play too tame: %d %q in %v", seen[what], what, seen)
		}
	}
}

// FuzzRandomGame runs the random game driver from fuzzed seeds; as a plain
// test it runs over its seed corpus.
func FuzzRandomGame(f *testing.F) {
	for _, seed := range []uint64{1, 2, 3, 42, 1 << 40} {
		f.Add(seed, uint8(seed%5))
		f.Add(seed, uint8(128+seed%5))
	}
	f.Fuzz(func(t *testing.T, seed uint64, players uint8) {
		r := newRandomPlay(t, seed, 2+int(players%5))
		if players >= 128 {
			r = newPoorPlay(t, seed, 2+int(players%5), int32(100+seed%400))
		}
		if err := r.run(); err != nil {
			t.Fatal(err)
		}
	})
}
