package greatharbor

import (
	"math/bits"
	"slices"

	"harbor/game"
)

// What the hard computer player's search needs from The Great Harbor:
// play-outs that stop at the end of the turn and score the position
// (State.Evaluate), and the moves worth comparing at a decision
// (View.Shortlist). Both read only what they are given: Evaluate a
// determinised state, Shortlist the seat's view.

// hardShortlist is how many moves the shortlist holds at most.
const hardShortlist = 5

// Progress counts the turns played (two a round).
func (s *State) Progress() int { return s.Turns }

// Horizon is the end of the current turn.
func (s *State) Horizon() int { return s.Turns + 1 }

// Evaluate is seat's worth (see worth) less its best rival's (the Automa
// by its score), plus three for a won game.
func (s *State) Evaluate(seat game.Seat) float64 {
	// What is not yet Prestige counts for less as the end nears.
	engine := float64(2*rounds-s.Turns) / float64(2*rounds)
	over := s.Phase == phaseOver
	var res game.Result
	if over {
		res = s.Result()
	}
	mine, best := 0.0, -1e9
	for i := range s.N {
		v := s.worth(i, engine)
		if over && res.Winners.Has(game.Seat(i)) {
			v += 3
		}
		if game.Seat(i) == seat {
			mine = v
		} else {
			best = max(best, v)
		}
	}
	if s.Automa {
		best = max(best, float64(s.AutomaScore().Total))
	}
	return mine - best
}

// worth is i's score as it stands, its Coins as a tie-break, and, weighted
// by engine, what its colony promises: resources, Coins, Favor, luxuries,
// free Colonists, cards in hand, ships in its docks and People placed.
func (s *State) worth(i int8, engine float64) float64 {
	p := &s.Players[i]
	v := float64(s.PlayerScore(i).Total) + 0.01*float64(p.Coins)
	if engine <= 0 {
		return v
	}
	e := 0.0
	for _, n := range p.Res {
		e += 0.5 * float64(n)
	}
	for _, n := range p.Lux {
		e += float64(n)
	}
	e += 0.25*float64(p.Coins) + 0.5*float64(p.Favor) + 0.5*float64(p.Free)
	e += 0.8*float64(bits.OnesCount32(p.HandPeople)) + 1.5*float64(bits.OnesCount32(p.HandBuildings)) + 1.5*float64(bits.OnesCount32(p.HandShips))
	for _, sh := range p.Ships {
		if sh.Card >= 0 {
			e += 2 + float64(ships[sh.Card].Size)
		}
	}
	for _, col := range p.People {
		for _, c := range col {
			if c >= 0 {
				e += 0.5
			}
		}
	}
	return v + engine*e
}

// Shortlist is the moves the hard player compares at v's decision: the
// best few by the rule-based player's own values, or none when there is
// only one.
func (v View) Shortlist(legal []Move, dst []Move) []Move {
	if len(legal) < 2 {
		return dst
	}
	b := &Bot{seat: game.Seat(v.Viewer)}
	b.plan(&v)
	start := len(dst)
	var vals [hardShortlist]int
	for i := range legal {
		val := b.value(&v, &legal[i])
		k := len(dst) - start
		for k > 0 && vals[k-1] < val {
			k--
		}
		if k >= hardShortlist {
			continue
		}
		if len(dst)-start == hardShortlist {
			dst = dst[:len(dst)-1]
		}
		n := len(dst) - start
		copy(vals[k+1:n+1], vals[k:n])
		vals[k] = val
		dst = slices.Insert(dst, start+k, legal[i])
	}
	return dst
}
