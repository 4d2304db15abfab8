package neko

import "harbor/game"

// showBoats puts the period's fishing boats on show when the module is on
// (NK-121, NK-125).
func (s *State) showBoats() {
	for i := range s.Boats {
		s.Boats[i] = noCard
	}
	if !s.Opts.FishingBoats {
		return
	}
	n := 0
	for i, c := range cat.Cards {
		if c.Boat && int8(c.Period) == s.Period && n < maxBoats {
			s.Boats[n] = uint8(i)
			n++
		}
	}
}

// boatCoins is what NK-122 compares: the coin icons the line gives in a
// turn plus one per fish, none spent (NK-Q26).
func boatCoins(p *Player) int { return int(p.Icons[icCoin]) + int(p.Supply[Fish]) }

// shipsInGame counts a player's ships not in the supply (NK-Q25): in the
// harbour, the line or at an attraction. The ghost ship counts while it is
// in play: the rulebook moves "your ships in game including ghost ship" and
// calls it like a normal ship at level 0; once it has reached the end of the
// line it has left the game.
func shipsInGame(p *Player) int {
	n := 0
	for i := range numShips + 1 {
		if p.Ships[i].Loc >= locHarbour {
			n++
		}
	}
	return n
}

// startBoats orders the players for the boat choice: most coins first, then
// more ships in game, then later in the current turn order (NK-122, NK-123).
func (s *State) startBoats() {
	var pos [maxPlayers]int8
	for i := range s.N {
		pos[i] = i
	}
	before := func(a, b int8) bool {
		pa, pb := &s.Players[s.Order[a]], &s.Players[s.Order[b]]
		if ca, cb := boatCoins(pa), boatCoins(pb); ca != cb {
			return ca > cb
		}
		if sa, sb := shipsInGame(pa), shipsInGame(pb); sa != sb {
			return sa > sb
		}
		return a > b
	}
	for i := int8(1); i < s.N; i++ {
		for j := i; j > 0 && before(pos[j], pos[j-1]); j-- {
			pos[j], pos[j-1] = pos[j-1], pos[j]
		}
	}
	for i := range s.N {
		s.Queue[i] = s.Order[pos[i]]
	}
	s.Phase, s.QStep = phBoats, 0
	s.Turn = Turn{Stage: stBoat, Immediate: noCard}
}

func (s *State) legalBoats(dst []Move) []Move {
	for _, c := range s.Boats {
		if c != noCard {
			dst = append(dst, Move{Type: MoveBoat, Card: int16(c)})
		}
	}
	return dst
}

// applyBoats takes a boat into hand; it must then be placed as a new column
// or deactivated at once (NK-124).
func (s *State) applyBoats(seat game.Seat, m Move) {
	if m.Type != MoveBoat {
		s.applyTurn(seat, m)
		return
	}
	for i, c := range s.Boats {
		if int16(c) == m.Card {
			s.Boats[i] = noCard
		}
	}
	p := &s.Players[seat]
	p.Hand[0], p.HandN = uint8(m.Card), 1
	s.Turn.Stage = stPlay
}

// nextBoat passes the boat choice on, and returns the rest to the box.
func (s *State) nextBoat() {
	s.QStep++
	if s.QStep < s.N {
		s.Turn.Stage = stBoat
		return
	}
	for i := range s.Boats {
		s.Boats[i] = noCard
	}
	s.afterBoats()
}
