package greatharbor

import (
	"harbor"
	"harbor/game"
)

// Setup builds the first state (GH-009..025) and starts Round I, Turn A.
func Setup(cfg game.Config) (*State, error) { return SetupLog(cfg, nil) }

// SetupLog is Setup recording in log (which may be nil) the first roll of
// Round 1 and, with the Automa, whatever it does before the first person's
// turn (game.Rules.SetupLog).
func SetupLog(cfg game.Config, log *game.Log) (*State, error) {
	if err := game.CheckPlayers(info, cfg.Players); err != nil {
		return nil, err
	}
	var opts Options
	if err := game.DecodeOptions(info, cfg.Options, &opts); err != nil {
		return nil, err
	}
	n := len(cfg.Players)
	if n == 1 {
		opts.Automa = true
	}
	if opts.Automa && n > 3 {
		return nil, harbor.Errorf(harbor.EInvalid, "the Automa plays only with one to three people (GH-Q30)").With(game.Word("greatharbor.err.automa_players"))
	}
	s := &State{Opts: opts, N: int8(n), Automa: opts.Automa, Rand: game.NewRand(cfg.Seed)}
	for i, p := range cfg.Players {
		s.Names[i] = p.Name
	}
	r := &s.Rand
	s.setupHarbor()

	// GH-011: ship decks by size, top card revealed.
	var sizeN [3]int8
	for i, sh := range ships {
		s.ShipDeck[sh.Size][sizeN[sh.Size]] = int8(i)
		sizeN[sh.Size]++
	}
	for z := range s.ShipDeck {
		s.ShipDeckN[z] = sizeN[z]
		d := s.ShipDeck[z][:sizeN[z]]
		r.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
		s.ShipDisplay[z] = s.drawShip(int8(z))
	}
	// GH-012: Person and Building decks, three face up each.
	s.PersonDeckN = int8(len(people))
	for i := range people {
		s.PersonDeck[i] = int8(i)
	}
	shuffle8(r, s.PersonDeck[:s.PersonDeckN])
	s.BuildingDeckN = int8(len(buildings))
	for i := range buildings {
		s.BuildingDeck[i] = int8(i)
	}
	shuffle8(r, s.BuildingDeck[:s.BuildingDeckN])
	for i := range 3 {
		s.PersonDisplay[i] = popDeck(s.PersonDeck[:], &s.PersonDeckN)
		s.BuildingDisplay[i] = popDeck(s.BuildingDeck[:], &s.BuildingDeckN)
	}
	// GH-014: Dice Bonus tiles.
	for i := range s.BonusTiles {
		s.BonusTiles[i] = int8(i)
	}
	shuffle8(r, s.BonusTiles[:])
	// GH-015: Luxury Demand tiles on the Trade board.
	for i := range s.Demand {
		s.Demand[i] = -1
	}
	s.refillDemand()
	// GH-016: Pirate deck.
	s.PirateN = int8(len(pirateCards))
	copy(s.PirateDeck[:], pirateCards)
	shuffle8(r, s.PirateDeck[:s.PirateN])
	s.Revealed = [3]int8{-1, -1, -1}
	for g := range s.SegOwner {
		s.SegOwner[g] = [4]int8{-1, -1, -1, -1}
	}
	for v := range s.ShopSite {
		s.ShopSite[v], s.ShopOwner[v] = -1, -1
	}
	// GH-009: the Laurel card and two others.
	var others []int8
	for i, c := range conversions {
		if c.Always {
			s.Conversions |= 1 << uint(i)
		} else {
			others = append(others, int8(i))
		}
	}
	shuffle8(r, others)
	for _, c := range others[:2] {
		s.Conversions |= 1 << uint(c)
	}
	// GH-019: Governors, one each (the Automa too).
	govs := [4]int8{0, 1, 2, 3}
	shuffle8(r, govs[:])
	s.SupplyColonists = supply.Colonists
	for i := range s.N {
		p := &s.Players[i]
		p.Governor = govs[i]
		p.People = [3][2]int8{{-1, -1}, {-1, -1}, {-1, -1}}
		for d := range p.Ships {
			p.Ships[d].Card = -1
		}
		p.Peek = -1
		if opts.Shops {
			p.Shops = supply.Shops
		}
	}
	s.dealProduction()
	for i := range s.N {
		s.gainColonists(i, int8(opts.StartingColonists))
	}
	if s.Automa {
		a := &s.Bot
		a.Governor = govs[s.N]
		a.LastCard = -1
		a.DeckN = int8(len(automaDeck))
		for i := range automaDeck {
			a.Deck[i] = int8(i)
		}
		shuffle8(r, a.Deck[:a.DeckN])
		for d := range a.Ships {
			a.Ships[d].Card = -1
		}
	}
	// GH-021..023: dice per total player count.
	perColour := [5]int{0, 0, 3, 4, 5}[s.total()]
	for id := range s.Dice {
		if id%5 < perColour {
			s.Dice[id].Loc = locBag
		}
	}
	for i := range s.Slots {
		s.Slots[i] = -1
	}
	s.Anchor = int8(r.Intn(int(s.N))) // GH-024
	s.startTurn(log)
	s.advance(log)
	return s, nil
}

// setupHarbor places the Shipyard on its cell and the other tiles at random
// (GH-010), then works out which colors each slot accepts (GH-043, GH-T2).
func (s *State) setupHarbor() {
	var rest []int8
	for i := range tiles {
		if int8(i) != shipyardTile {
			rest = append(rest, int8(i))
		}
	}
	shuffle8(&s.Rand, rest)
	k := 0
	for cell := range s.Layout {
		if int8(cell) == shipyardCell {
			s.Layout[cell] = shipyardTile
			continue
		}
		s.Layout[cell] = rest[k]
		k++
	}
	for slot := range slotGeoms {
		g := &slotGeoms[slot]
		a := tiles[s.Layout[g.Cells[0]]].Edges[g.Edges[0]]
		var b int8
		if g.Shore {
			b = frameColours[g.Frame[0]][g.Frame[1]]
		} else {
			b = tiles[s.Layout[g.Cells[1]]].Edges[g.Edges[1]]
		}
		s.Accept[slot] = 1<<uint(a) | 1<<uint(b)
	}
}

// dealProduction deals three Luxury Production tiles to each person and
// swaps tiles until everyone has at least two kinds (GH-020).
func (s *State) dealProduction() {
	var pool [12]int8
	for i := range pool {
		pool[i] = int8(i) / supply.ProductionPerType
	}
	shuffle8(&s.Rand, pool[:])
	k := 0
	for i := range s.N {
		for j := range 3 {
			s.Players[i].Production[j] = pool[k]
			k++
		}
	}
	unused := pool[k:]
	for i := range s.N {
		p := &s.Players[i]
		if kinds(p.Production) >= 2 {
			continue
		}
		// Prefer an unused tile of another kind, then a swap with a player
		// who keeps two kinds after it.
		done := false
		for u := range unused {
			if unused[u] != p.Production[2] {
				p.Production[2], unused[u] = unused[u], p.Production[2]
				done = true
				break
			}
		}
		for o := int8(0); o < s.N && !done; o++ {
			q := &s.Players[o]
			for j := range q.Production {
				if o == i || q.Production[j] == p.Production[2] {
					continue
				}
				trial := q.Production
				trial[j] = p.Production[2]
				if kinds(trial) >= 2 {
					p.Production[2], q.Production[j] = q.Production[j], p.Production[2]
					done = true
					break
				}
			}
		}
	}
}

func kinds(t [3]int8) int {
	n := 1
	if t[1] != t[0] {
		n++
	}
	if t[2] != t[0] && t[2] != t[1] {
		n++
	}
	return n
}

func shuffle8(r *game.Rand, xs []int8) {
	r.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
}

// popDeck takes the top card (the last element) of a deck, or -1 if empty.
func popDeck(deck []int8, n *int8) int8 {
	if *n == 0 {
		return -1
	}
	*n--
	c := deck[*n]
	deck[*n] = 0
	return c
}

// bottomDeck puts card under a deck.
func bottomDeck(deck []int8, n *int8, card int8) {
	copy(deck[1:*n+1], deck[:*n])
	deck[0] = card
	*n++
}

func (s *State) drawShip(size int8) int8 {
	return popDeck(s.ShipDeck[size][:], &s.ShipDeckN[size])
}

// refillDemand fills each empty Demand slot with a random unused tile (GH-147).
func (s *State) refillDemand() {
	for i := range s.Demand {
		if s.Demand[i] >= 0 {
			continue
		}
		var left [numLux]int8
		total := 0
		for l := range left {
			left[l] = supply.DemandPerType
		}
		for _, d := range s.Demand {
			if d >= 0 {
				left[d]--
			}
		}
		for _, c := range left {
			total += int(c)
		}
		if total == 0 {
			return
		}
		k := int8(s.Rand.Intn(total))
		for l := range left {
			if k < left[l] {
				s.Demand[i] = int8(l)
				break
			}
			k -= left[l]
		}
	}
}
