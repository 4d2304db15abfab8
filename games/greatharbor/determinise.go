package greatharbor

import (
	"slices"

	"harbor/game"
)

// knownTo sets k to s as seat me may know it: the other seats' hands and
// Lighthouse looks, every deck's order, the Dice Bonus tiles still to come,
// the faces of the dice in the bag and the generator are blanked (the
// counts stay). The Automa's discard pile stays: its cards were turned face
// up one by one as it used them.
func (s *State) knownTo(me int8, k *State) {
	*k = *s
	k.Rand = game.Rand{}
	for i := range s.N {
		if i != me {
			p := &k.Players[i]
			p.HandPeople, p.HandBuildings, p.HandShips, p.Peek = 0, 0, 0, -1
		}
	}
	k.ShipDeck = [3][8]int8{}
	k.PersonDeck = [24]int8{}
	k.BuildingDeck = [20]int8{}
	k.PirateDeck = [10]int8{}
	k.Bot.Deck = [28]int8{}
	for i := int(s.BonusIdx) + 1; i < len(k.BonusTiles); i++ {
		k.BonusTiles[i] = 0
	}
	for i, d := range k.Dice {
		if d.Loc == locBag || d.Loc == locBox {
			k.Dice[i] = Die{Loc: d.Loc}
		}
	}
}

// Determinise returns a full game that agrees with v, a seat's view. The
// cards the seat cannot see (each kind's cards less those on display, in
// play and in its own hand) are shuffled from rng and dealt to the other
// seats' hands, as many as each holds, and to the decks; Ship cards keep to
// the deck of their size. The Pirate deck gets the Pirate cards neither
// discarded nor out at sea, with the seat's own Lighthouse look on top; the
// Automa's deck gets its cards not in the discard pile, with a card of the
// color and arrow its back shows on top; the Dice Bonus tiles not yet seen
// follow in random order; dice to come are seeded from rng.
func Determinise(v View, rng *game.Rand) *State {
	s := v.known.Clone()
	me := v.Viewer
	shuffle := func(xs []int8) { shuffle8(rng, xs) }

	// People and Buildings: what nobody shows is in rivals' hands or the deck.
	var seenPeople, seenBuildings uint32
	for i := range s.N {
		p := &s.Players[i]
		seenBuildings |= p.Buildings | p.HandBuildings
		seenPeople |= p.HandPeople
		for _, col := range p.People {
			for _, c := range col {
				if c >= 0 {
					seenPeople |= bit(c)
				}
			}
		}
	}
	seenPeople |= s.Bot.People | displayed(s.PersonDisplay)
	seenBuildings |= s.Bot.Buildings | displayed(s.BuildingDisplay)
	people := unseen(len(people), seenPeople)
	buildings := unseen(len(buildings), seenBuildings)
	shuffle(people)
	shuffle(buildings)
	people = deal(s, me, v.HandSizes, 0, people)
	buildings = deal(s, me, v.HandSizes, 1, buildings)
	copy(s.PersonDeck[:s.PersonDeckN], people)
	copy(s.BuildingDeck[:s.BuildingDeckN], buildings)

	// Ships: each size's unseen cards fill its deck; the rest are in hands.
	var seenShips uint32
	for i := range s.N {
		seenShips |= s.Players[i].ShipsPlayed | s.Players[i].HandShips
	}
	seenShips |= s.Bot.AllShips
	for _, c := range s.ShipDisplay {
		if c >= 0 {
			seenShips |= bit(c)
		}
	}
	var inHands []int8
	for z := range s.ShipDeck {
		var pool []int8
		for i, sh := range ships {
			if int(sh.Size) == z && seenShips&bit(int8(i)) == 0 {
				pool = append(pool, int8(i))
			}
		}
		shuffle(pool)
		n := min(len(pool), int(s.ShipDeckN[z]))
		copy(s.ShipDeck[z][:n], pool[:n])
		inHands = append(inHands, pool[n:]...)
	}
	shuffle(inHands)
	deal(s, me, v.HandSizes, 2, inHands)

	s.samplePirates(me, rng)
	if s.Automa && v.Automa != nil {
		s.sampleAutomaDeck(rng, v.Automa.TopColour, v.Automa.TopUp)
	}
	seenTiles := slices.Clone(s.BonusTiles[:s.BonusIdx+1])
	var tiles []int8
	for t := range int8(len(s.BonusTiles)) {
		if !slices.Contains(seenTiles, t) {
			tiles = append(tiles, t)
		}
	}
	shuffle(tiles)
	copy(s.BonusTiles[s.BonusIdx+1:], tiles)
	s.Rand = game.NewRand(rng.Uint64())
	return s
}

// displayed is the set of cards on a display.
func displayed(d [3]int8) uint32 {
	var set uint32
	for _, c := range d {
		if c >= 0 {
			set |= bit(c)
		}
	}
	return set
}

// unseen lists the cards 0..n-1 not in seen.
func unseen(n int, seen uint32) []int8 {
	var out []int8
	for c := range int8(n) {
		if seen&bit(c) == 0 {
			out = append(out, c)
		}
	}
	return out
}

// deal gives each seat but me as many cards of kind (0 People, 1
// Buildings, 2 Ships) from pool as its hand holds, and returns the rest.
func deal(s *State, me int8, sizes [4][3]int8, kind int, pool []int8) []int8 {
	for i := range s.N {
		if i == me {
			continue
		}
		p := &s.Players[i]
		hand := [3]*uint32{&p.HandPeople, &p.HandBuildings, &p.HandShips}[kind]
		for range sizes[i][kind] {
			if len(pool) > 0 {
				*hand |= bit(pool[0])
				pool = pool[1:]
			}
		}
	}
	return pool
}

// samplePirates refills the Pirate deck with the cards neither discarded
// nor revealed at sea, shuffled, with me's Lighthouse look on top; a rival
// who is deciding about its own look sees the new top card.
func (s *State) samplePirates(me int8, rng *game.Rand) {
	pool := slices.Clone(pirateCards)
	drop := func(c int8) {
		if i := slices.Index(pool, c); i >= 0 {
			pool = slices.Delete(pool, i, i+1)
		}
	}
	for _, c := range s.PirateDisc[:s.PirateDiscN] {
		drop(c)
	}
	for _, c := range s.Revealed {
		if c >= 0 {
			drop(c)
		}
	}
	shuffle8(rng, pool)
	n := min(len(pool), int(s.PirateN))
	if peek := s.Players[me].Peek; peek >= 0 && n > 0 {
		drop(peek)
		pool = append(pool[:min(len(pool), n-1)], peek)
	}
	copy(s.PirateDeck[:n], pool[:n])
	for i := range s.N {
		if i != me && s.pendingLighthouse(i) && n > 0 {
			s.Players[i].Peek = s.PirateDeck[n-1]
		}
	}
}

// pendingLighthouse reports whether seat is yet to decide about a look.
func (s *State) pendingLighthouse(seat int8) bool {
	for _, p := range s.Pending[:s.PendingN] {
		if p.Kind == pendLighthouse && p.Seat == seat {
			return true
		}
	}
	return false
}

// sampleAutomaDeck refills the Automa's deck with its cards not in the
// discard pile, shuffled, with a card whose back shows colour and up (as
// the one on show does) on top.
func (s *State) sampleAutomaDeck(rng *game.Rand, colour int8, up bool) {
	a := &s.Bot
	var pool []int8
	for c := range int8(len(automaDeck)) {
		if !slices.Contains(a.Discard[:a.DiscardN], c) {
			pool = append(pool, c)
		}
	}
	shuffle8(rng, pool)
	n := min(len(pool), int(a.DeckN))
	if n == 0 {
		return
	}
	if i := slices.IndexFunc(pool, func(c int8) bool { return automaDeck[c].Colour == colour && automaDeck[c].Up == up }); i >= 0 {
		pool[i], pool[n-1] = pool[n-1], pool[i]
	}
	copy(a.Deck[:n], pool[:n])
}
