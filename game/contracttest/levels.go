package contracttest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"

	"harbor/game"
)

// The bars CheckLevels sets.
const (
	// minDeparture is the least share of decisions in which the easy
	// player must choose otherwise than the normal one.
	minDeparture = 0.10
	// winZ is the one-sided z of the Wilson bound a win share must clear
	// (about 99%): a level beats another only when its share of wins over
	// the games is above a fair share beyond chance.
	winZ = 2.33
)

// CheckLevels plays games of d with n players and checks that its
// computer levels differ and rank:
//   - the easy player chooses otherwise than the normal one in at least
//     minDeparture of the decisions of games the normal players play;
//   - the easy player, against random players, and the normal player,
//     against easy ones, each win more than a fair share (1/n) of the games
//     beyond chance.
//
// A game with one level (Harbor Holdings' player is the one its rulebook
// describes) has no levels to compare, and passes.
// The seat of the level under test turns round the table from game to
// game. The check is statistical, so it counts games and decisions, never
// time. That hard beats normal costs thousands of searched decisions, so
// `harbor sim` measures it (docs/performance.md).
func CheckLevels(d game.Definition, n, games int, seed uint64) error {
	info := d.Info()
	cfg := game.Config{Players: players(n)}
	if !info.HasLevel(game.LevelEasy) {
		return nil
	}
	if err := departs(d, cfg, games/4+1, seed); err != nil {
		return err
	}
	if err := beats(d, cfg, games, seed+1, game.LevelEasy, ""); err != nil {
		return err
	}
	return beats(d, cfg, games, seed+2, game.LevelNormal, game.LevelEasy)
}

// player makes seat's move in g.
type player func(g game.Game, seat game.Seat) (json.RawMessage, error)

func computer(d game.Definition, seat game.Seat, seed uint64, level game.Level) (player, error) {
	c, err := d.NewComputer(seat, seed, level, nil)
	if err != nil {
		return nil, err
	}
	return c.Move, nil
}

// randomPlayer makes a random legal move.
func randomPlayer(seed uint64) player {
	rng := game.NewRand(seed)
	return func(g game.Game, seat game.Seat) (json.RawMessage, error) {
		legal := g.Legal(seat)
		return json.Marshal(legal[rng.Intn(len(legal))])
	}
}

// playGame plays cfg's game with a player per seat to its end; watch, when
// not nil, is called before each move.
func playGame(d game.Definition, cfg game.Config, ps []player, watch func(g game.Game, seat game.Seat) error) (game.Result, error) {
	g, err := d.New(cfg)
	if err != nil {
		return game.Result{}, err
	}
	rng := game.NewRand(cfg.Seed ^ 0x77)
	for i := 0; !g.Result().Over; i++ {
		if i > 100000 {
			return game.Result{}, fmt.Errorf("%s: a game of the levels check is not over after %d moves", d.Info().ID, i)
		}
		actors := g.Actors()
		seat := actors.Nth(rng.Intn(actors.Len()))
		if watch != nil {
			if err := watch(g, seat); err != nil {
				return game.Result{}, err
			}
		}
		raw, err := ps[seat](g, seat)
		if err != nil {
			return game.Result{}, err
		}
		if g.Apply(seat, raw, nil) != nil {
			// A free-form move the game refuses: a listed one instead.
			if err := g.Apply(seat, mustJSON(g.Legal(seat)[0]), nil); err != nil {
				return game.Result{}, err
			}
		}
	}
	return g.Result(), nil
}

// departs checks that the easy player chooses otherwise than the normal one
// often enough, in games the normal players play.
func departs(d game.Definition, cfg game.Config, games int, seed uint64) error {
	decisions, differ := 0, 0
	for k := range games {
		cfg.Seed = seed*1000 + uint64(k)
		n := len(cfg.Players)
		normal, easy := make([]player, n), make([]player, n)
		for i := range n {
			s, bs := game.Seat(i), game.BotSeed(cfg.Seed, game.Seat(i))
			var err error
			if normal[i], err = computer(d, s, bs, game.LevelNormal); err != nil {
				return err
			}
			if easy[i], err = computer(d, s, bs, game.LevelEasy); err != nil {
				return err
			}
		}
		// Each decision asks both players once, and the normal one's move is made.
		var chosen json.RawMessage
		made := make([]player, n)
		for i := range made {
			made[i] = func(game.Game, game.Seat) (json.RawMessage, error) { return chosen, nil }
		}
		_, err := playGame(d, cfg, made, func(g game.Game, seat game.Seat) error {
			m, err := normal[seat](g.Clone(), seat)
			if err != nil {
				return err
			}
			chosen = m
			e, err := easy[seat](g.Clone(), seat)
			if err != nil || len(g.Legal(seat)) < 2 {
				return err // no choice to differ in
			}
			decisions++
			if !bytes.Equal(e, m) {
				differ++
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	if share := float64(differ) / float64(max(decisions, 1)); share < minDeparture {
		return fmt.Errorf("%s: the easy player chose otherwise than the normal one in %d of %d decisions (%.1f%%), under %.0f%%: the levels do not differ", d.Info().ID, differ, decisions, 100*share, 100*minDeparture)
	}
	return nil
}

// beats checks that level, at one seat, wins more than a fair share of
// games against others (random players when others is "").
func beats(d game.Definition, cfg game.Config, games int, seed uint64, level, others game.Level) error {
	n := len(cfg.Players)
	wins := 0.0
	for k := range games {
		cfg.Seed = seed*1000 + uint64(k)
		hero := game.Seat(k % n)
		ps := make([]player, n)
		for i := range n {
			s, bs := game.Seat(i), game.BotSeed(cfg.Seed, game.Seat(i))
			var err error
			switch {
			case s == hero:
				ps[i], err = computer(d, s, bs, level)
			case others == "":
				ps[i] = randomPlayer(bs)
			default:
				ps[i], err = computer(d, s, bs, others)
			}
			if err != nil {
				return err
			}
		}
		res, err := playGame(d, cfg, ps, nil)
		if err != nil {
			return err
		}
		if res.Winners.Has(hero) {
			wins += 1 / float64(res.Winners.Len())
		}
	}
	against := "random players"
	if others != "" {
		against = string(others) + " players"
	}
	fair := 1 / float64(n)
	if low := wilsonLow(wins, games); low <= fair {
		return fmt.Errorf("%s: the %s player won %.1f of %d games against %s, a share whose lower bound %.2f is not above a fair %.2f: it does not beat them", d.Info().ID, level, wins, games, against, low, fair)
	}
	return nil
}

// wilsonLow is the lower Wilson bound of a share of wins out of n at winZ.
func wilsonLow(wins float64, n int) float64 {
	p, z, nf := wins/float64(n), winZ, float64(n)
	centre := p + z*z/(2*nf)
	margin := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf))
	return (centre - margin) / (1 + z*z/nf)
}
