package neko

import (
	"slices"

	"harbor/game"
)

// knownTo returns s as viewer may know it: the other seats' hands, the deck
// cards not yet dealt and the generator are blanked (their counts stay).
func (s *State) knownTo(viewer game.Seat) State {
	k := *s
	k.Rand = game.Rand{}
	for i := range k.N {
		if game.Seat(i) != viewer {
			k.Players[i].Hand = [maxHand]uint8{}
		}
	}
	for period := range k.Decks {
		d := k.dealt(int8(period + 1))
		for j := d; j < len(k.Decks[period]); j++ {
			k.Decks[period][j] = 0
		}
	}
	return k
}

// dealt is how many cards of period's deck have been shown so far; the
// rest of the deck is unseen (the draft deals from its front).
func (s *State) dealt(period int8) int {
	switch {
	case period > s.Period:
		return 0
	case s.N > 2:
		return 6 * int(s.N+1)
	case period == s.Period && s.Phase == phDraft && s.Step < 6:
		return twoPlayerDisplay
	}
	return 2 * twoPlayerDisplay
}

// deckCards lists the cards of period's deck for n players with opts, in
// catalog order (NK-021).
func deckCards(period uint8, opts Options, n int8) []uint8 {
	var out []uint8
	for i, c := range cat.Cards {
		if c.Period == period && !c.Boat && (!c.Extra || opts.ExtraCards) && c.Dots <= cat.MaxDots[n] {
			out = append(out, uint8(i))
		}
	}
	return out
}

// Determinise returns a full game that agrees with v, a seat's view: the
// unseen deck cards are shuffled from rng into the unseen places, every
// other seat holds the drafted cards it has not played (which the view
// shows), and the generator is seeded from rng. Neko Harbour draws nothing
// at random after setup, so no future dice need sampling.
func Determinise(v View, rng *game.Rand) *State {
	s := v.known.Clone()
	for period := range s.Decks {
		d := s.dealt(int8(period + 1))
		pool := deckCards(uint8(period+1), s.Opts, s.N)
		for _, c := range s.Decks[period][:d] {
			if i := slices.Index(pool, c); i >= 0 {
				pool = slices.Delete(pool, i, i+1)
			}
		}
		rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		copy(s.Decks[period][d:s.DeckN[period]], pool)
	}
	for i := range s.N {
		if i != int8(v.Viewer) {
			s.Players[i].Hand = unplayedDrafts(s, &s.Players[i])
		}
	}
	s.Rand = game.NewRand(rng.Uint64())
	return s
}

// unplayedDrafts is what a player holds, as every seat can work out: the
// cards drafted this period that are not yet on the table, and a fishing
// boat just taken (one no longer on show and played by nobody).
func unplayedDrafts(s *State, p *Player) [maxHand]uint8 {
	var hand [maxHand]uint8
	n := 0
	for _, c := range p.Drafted[:p.DraftedN] {
		if n < int(p.HandN) && !p.hasPlayed(c) {
			hand[n] = c
			n++
		}
	}
	for c := range cat.Cards {
		if n < int(p.HandN) && cat.Cards[c].Boat && !slices.Contains(s.Boats[:], uint8(c)) && !s.boatPlayed(uint8(c)) {
			hand[n] = uint8(c)
			n++
		}
	}
	return hand
}

func (p *Player) hasPlayed(c uint8) bool {
	for _, pl := range p.Played[:p.NPlayed] {
		if pl.Card == c {
			return true
		}
	}
	return false
}

func (s *State) boatPlayed(c uint8) bool {
	for i := range s.N {
		if s.Players[i].hasPlayed(c) {
			return true
		}
	}
	return false
}
