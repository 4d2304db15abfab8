package neko

// swap is one fishing-boat exchange: give cards from the supply, receive
// cards among this turn's gains (NK-126, NK-T7).
type swap struct{ Give, Get Bundle }

func bundle(pairs ...int8) Bundle {
	var b Bundle
	for i := 0; i+1 < len(pairs); i += 2 {
		b[pairs[i]] += int16(pairs[i+1])
	}
	return b
}

// firstSwap is the first swap boat's effect: boatSwaps is indexed from it.
const firstSwap = EffSwapCaptainLicence

// boatSwaps lists each swap boat's exchanges, both directions, by effect.
var boatSwaps = [...][]swap{
	EffSwapCaptainLicence - firstSwap: {
		{bundle(int8(Captain), 1), bundle(int8(Licence), 1)},
		{bundle(int8(Licence), 1), bundle(int8(Captain), 1)}},
	EffSwapCaptainFishGoods - firstSwap: {
		{bundle(int8(Captain), 1, int8(Fish), 1), bundle(int8(Goods), 1)},
		{bundle(int8(Goods), 1), bundle(int8(Captain), 1, int8(Fish), 1)}},
	EffSwapFish4Penguin - firstSwap: {
		{bundle(int8(Fish), 4), bundle(int8(Penguin), 1)},
		{bundle(int8(Penguin), 1), bundle(int8(Fish), 4)}},
	EffSwapPenguinFishCaptain - firstSwap: {
		{bundle(int8(Penguin), 1, int8(Fish), 1), bundle(int8(Captain), 1)},
		{bundle(int8(Captain), 1), bundle(int8(Penguin), 1, int8(Fish), 1)}},
	EffSwapFish3LicenceGoods - firstSwap: {
		{bundle(int8(Fish), 3), bundle(int8(Licence), 1)},
		{bundle(int8(Fish), 3), bundle(int8(Goods), 1)},
		{bundle(int8(Licence), 1), bundle(int8(Fish), 3)},
		{bundle(int8(Goods), 1), bundle(int8(Fish), 3)}},
}

// swapsOf returns the exchanges a boat offers (none for an E boat).
func swapsOf(boat uint8) []swap {
	e := cat.Cards[boat].Effect
	if e < firstSwap || e > EffSwapFish3LicenceGoods {
		return nil
	}
	return boatSwaps[e-firstSwap]
}

// covers reports whether the cards the player may spend now pay for b.
func (p *Player) covers(b Bundle) bool {
	for r := range numRes {
		if p.usable(Res(r)) < int(b[r]) {
			return false
		}
	}
	return true
}

// canSwap reports whether the supply affords any exchange of the boat.
func (s *State) canSwap(p *Player, boat uint8) bool {
	for _, sw := range swapsOf(boat) {
		if p.covers(sw.Give) {
			return true
		}
	}
	return false
}

// halfMoonBetter is Half Moon Island's better reward: one resource of choice,
// or a 1 VP card and a fish (NK-116).
var halfMoonBetter = [...]Bundle{
	bundle(int8(Fish), 1), bundle(int8(Goods), 1), bundle(int8(Licence), 1), bundle(int8(VP1), 1, int8(Fish), 1),
}

// nekoBetter is Neko Harbour's better reward: any two cards from resources
// and penguins (NK-118).
var nekoBetter = func() (out [10]Bundle) {
	kinds := [4]Res{Fish, Goods, Licence, Penguin}
	n := 0
	for i := range kinds {
		for j := i; j < len(kinds); j++ {
			out[n][kinds[i]]++
			out[n][kinds[j]]++
			n++
		}
	}
	return out
}()

func (s *State) push(kind, c uint8) {
	s.Turn.Choices[s.Turn.NChoices] = Choice{Kind: kind, Card: c}
	s.Turn.NChoices++
}

// legalChoice lists the options of the first waiting choice.
func (s *State) legalChoice(p *Player, dst []Move) []Move {
	ch := s.Turn.Choices[0]
	switch ch.Kind {
	case chHubReward: // NK-059: any level up to the harbour's
		for lv := int8(1); lv <= p.Harbour; lv++ {
			dst = append(dst, Move{Type: MoveChoose, Option: lv})
		}
	case chBoatSwap:
		dst = append(dst, Move{Type: MoveChoose, Option: 0})
		for k, sw := range swapsOf(ch.Card) {
			if p.covers(sw.Give) {
				dst = append(dst, Move{Type: MoveChoose, Option: int8(k + 1)})
			}
		}
	case chHalfMoon:
		for k := range halfMoonBetter {
			dst = append(dst, Move{Type: MoveChoose, Option: int8(k)})
		}
	case chNeko:
		for k := range nekoBetter {
			dst = append(dst, Move{Type: MoveChoose, Option: int8(k)})
		}
	}
	return dst
}

// resolveChoice applies option opt of the first waiting choice.
func (s *State) resolveChoice(p *Player, opt int8) {
	ch := s.Turn.Choices[0]
	copy(s.Turn.Choices[:], s.Turn.Choices[1:])
	s.Turn.NChoices--
	s.Turn.Choices[s.Turn.NChoices] = Choice{}
	switch ch.Kind {
	case chHubReward:
		p.gain(cat.Harbour[opt].Reward)
	case chBoatSwap:
		if opt > 0 {
			sw := swapsOf(ch.Card)[opt-1]
			for r := range numRes {
				p.Supply[r] -= sw.Give[r]
			}
			p.gain(sw.Get)
		}
	case chHalfMoon:
		p.gain(halfMoonBetter[opt])
	case chNeko:
		p.gain(nekoBetter[opt])
	}
}
