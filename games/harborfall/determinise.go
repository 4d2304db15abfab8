package harborfall

import "harbor/game"

// knownTo sets k to s as seat p may know it: the other seats' resource and
// development cards, the deck order and the generator are blanked (their
// counts stay public in the view).
func (s *State) knownTo(p int8, k *State) {
	*k = *s
	k.Rand = game.Rand{}
	k.Deck = [34]int8{}
	for q := range int8(s.n()) {
		if q != p {
			k.Hands[q], k.Dev[q], k.Fresh[q] = Hand{}, [NumCards]int8{}, [NumCards]int8{}
		}
	}
}

// Determinise returns a full game that agrees with v, a seat's view: the
// resource cards the seat cannot see (the island's cards less the supply
// and its own hand) are dealt at random to the other seats, as many as
// each holds; the development cards not played and not its own go at
// random to the other seats' hands and the deck; the dice to come are
// seeded from rng. A rival's card bought this turn counts as held earlier.
func Determinise(v View, rng *game.Rand) *State {
	s := v.known.Clone()
	me := int8(v.Viewer)
	isl := s.island()
	var res []int8
	for r := range int8(NumResources) {
		left := int(isl.Supply) - int(s.Supply[r]) - int(s.Hands[me][r])
		for range left {
			res = append(res, r)
		}
	}
	var devs []int8
	for k := range int8(NumCards) {
		left := isl.Deck[k] - int(s.Dev[me][k])
		for q := range s.n() {
			left -= int(s.Played[q][k])
		}
		for range left {
			devs = append(devs, k)
		}
	}
	rng.Shuffle(len(res), func(i, j int) { res[i], res[j] = res[j], res[i] })
	rng.Shuffle(len(devs), func(i, j int) { devs[i], devs[j] = devs[j], devs[i] })
	for q := range int8(s.n()) {
		if q == me {
			continue
		}
		for range v.Players[q].Cards {
			if len(res) > 0 {
				s.Hands[q][res[0]]++
				res = res[1:]
			}
		}
		for range v.Players[q].DevCards {
			if len(devs) > 0 {
				s.Dev[q][devs[0]]++
				devs = devs[1:]
			}
		}
	}
	copy(s.Deck[:s.DeckLen], devs)
	s.Rand = game.NewRand(rng.Uint64())
	return s
}
