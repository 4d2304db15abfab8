package contracttest

import (
	"fmt"

	"harbor/game"
)

// revealForks and revealSamples are how many forks, and states sampled
// from each seat's view, a move that may be taken back is made again in.
// sampleTries bounds the samples drawn to find one where the move can be
// made at all.
const (
	revealForks   = 2
	revealSamples = 2
	sampleTries   = 48
)

// CheckReveals plays cfgs' games, making every kind of move the games list
// at least once, and checks every move the game lets be taken back
// (Undoable: Reveals is false): it revealed nothing. Revealed nothing
// means: for every seat, its view after the move is the same whatever the
// move's mover and that seat could not see. The check makes the move again
//   - in forks of the state before it (everything nobody had seen drawn
//     afresh): it is accepted, and every seat and the public see what they
//     saw after the real move;
//   - for a game with Determinise, for every seat, in states sampled from
//     that seat's view before the move: wherever the move can be made, the
//     seat's view after it is the one it had. And when every sample refuses
//     the move while agreeing on what its mover holds (the seat's view
//     settled it), making it showed the seat something its view hid: a
//     card played from a hand the seat had worked out wrong. (A move that
//     the samples refuse only sometimes, such as a build from a hand of
//     unknown cards, shows no more than what it costs, which the game says
//     openly.)
//
// It fails, too, when a kind of move the games list was never made, or
// when no move (or every move) may be taken back.
//
// Besides, it plays endings more games of each cfg with the normal
// computer players alone and checks the move that ends each (a last move
// often shows what the game hid, such as a winner's secret points).
func CheckReveals(d game.Definition, cfgs []game.Config, limit, endings int) error {
	applied, listed := map[string]int{}, map[string]int{}
	undoable, revealing := 0, 0
	checked := map[string]int{}
	for _, cfg := range cfgs {
		for k := range endings {
			c := cfg
			c.Seed = cfg.Seed*7 + uint64(k) + 1
			if err := checkEnding(d, c); err != nil {
				return err
			}
		}
		n := len(cfg.Players)
		w := newWalker(d, cfg, applied, listed)
		err := w.walk(limit, nil, func(st step) error {
			if !d.Undoable(st.Before, st.After, st.Seat, st.Move) {
				revealing++
				return nil
			}
			undoable++
			t := moveType(st.Move)
			checked[t]++
			if checked[t] > 40 && checked[t]%4 != 0 {
				return nil // a kind of move checked often already: one in four
			}
			return revealedNothing(d, st, n, cfg.Seed*1000003+uint64(st.Index))
		})
		if err != nil {
			return err
		}
	}
	for t := range listed {
		if applied[t] == 0 {
			return fmt.Errorf("%s: the games listed %q moves but never made one", d.Info().ID, t)
		}
	}
	if undoable == 0 || revealing == 0 {
		return fmt.Errorf("%s: %d moves may be taken back and %d may not; a game has both (move types made: %s)", d.Info().ID, undoable, revealing, typesList(applied))
	}
	return nil
}

// checkEnding plays cfg's game with the normal computer players and checks
// its last move, if the game lets it be taken back.
func checkEnding(d game.Definition, cfg game.Config) error {
	g, err := d.New(cfg)
	if err != nil {
		return err
	}
	n := len(cfg.Players)
	rng := game.NewRand(cfg.Seed)
	bots := make([]game.Computer, n)
	for i := range bots {
		bots[i] = d.NewBot(game.Seat(i), game.BotSeed(cfg.Seed, game.Seat(i)))
	}
	for i := 0; i < 20000 && !g.Result().Over; i++ {
		actors := g.Actors()
		seat := actors.Nth(rng.Intn(actors.Len()))
		raw, err := bots[seat].Move(g, seat)
		if err != nil {
			return err
		}
		before := g.Clone()
		if g.Apply(seat, raw, nil) != nil {
			raw = mustJSON(g.Legal(seat)[0])
			if err := g.Apply(seat, raw, nil); err != nil {
				return err
			}
		}
		if g.Result().Over && d.Undoable(before, g, seat, raw) {
			if err := revealedNothing(d, step{Index: i, Before: before, After: g, Seat: seat, Move: raw}, n, cfg.Seed); err != nil {
				return fmt.Errorf("%s, %d players, seed %d, the last move %s: %w", d.Info().ID, n, cfg.Seed, raw, err)
			}
		}
	}
	return nil
}

// agree reports whether every view in vs shows the same.
func agree(vs []any) bool {
	for _, v := range vs[1:] {
		if !sameView(v, vs[0]) {
			return false
		}
	}
	return len(vs) > 0
}

// revealedNothing checks one move the game lets be taken back.
func revealedNothing(d game.Definition, st step, n int, seed uint64) error {
	real := views(st.After, n)
	for k := range revealForks {
		f, err := d.Fork(st.Before, seed+uint64(k)*7727)
		if err != nil {
			return err
		}
		if err := f.Apply(st.Seat, st.Move, nil); err != nil {
			return fmt.Errorf("may be taken back, yet refused once what nobody had seen was drawn afresh: %v", err)
		}
		if v, ok := sameViews(real, views(f, n)); !ok {
			return fmt.Errorf("may be taken back, yet %s sees something else after it once what nobody had seen is drawn afresh: it revealed something", viewerName(v))
		}
	}
	if !canSample(d) {
		return nil
	}
	for p := range n {
		seat := game.Seat(p)
		made := 0
		var refused []any // the mover's view in the samples that refused the move
		for k := 0; k < sampleTries && made < revealSamples; k++ {
			s, err := d.Sample(st.Before, seat, seed^uint64(p*97+k+1)*0x9e3779b97f4a7c15)
			if err != nil {
				return err
			}
			if s.Apply(st.Seat, st.Move, nil) != nil {
				refused = append(refused, s.View(st.Seat))
				continue
			}
			made++
			if !sameView(s.View(seat), real[p]) {
				return fmt.Errorf("may be taken back, yet seat %d's view after it depends on what seat %d could not see before it: it revealed something", p, p)
			}
		}
		if made == 0 && agree(refused) {
			return fmt.Errorf("may be taken back, yet seat %d's view before it settles what seat %d could do, and by that the move was impossible: making it showed seat %d something its view hid", p, st.Seat, p)
		}
	}
	return nil
}
