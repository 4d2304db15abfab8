package holdings

import (
	"fmt"

	"harbor/game"
)

// pay settles an obligatory payment of amount from debtor to creditor (rent,
// levy, the customs charge, a Dispatch charge) (HH-43). When cash falls
// short, the debtor's holdings are sold to the bank automatically until it
// suffices (HH-44..HH-47); when even that is not enough the debtor goes
// bankrupt (HH-48..HH-51). It reports whether the payment was made in full.
func (s *State) pay(debtor game.Seat, creditor Party, amount int, reason string, space int, log *game.Log) bool {
	if amount <= 0 {
		return true
	}
	if int(s.Cash[debtor]) < amount {
		s.autoSell(debtor, amount, log)
	}
	if int(s.Cash[debtor]) >= amount {
		s.transfer(Party(debtor), creditor, amount, reason, space, log)
		return true
	}
	s.bankrupt(debtor, creditor, amount, log)
	return false
}

// SaleValue is what the bank pays for a district in an automatic sale: half
// its printed price plus 35 per improvement on it (HH-44).
func (s *State) SaleValue(space int) int {
	return int(board.price[space])/2 + SaleBonusPerLvl*int(s.Level[space])
}

// autoSell sells seat's holdings to the bank, cheapest first, stopping as
// soon as its cash covers amount (HH-45, HH-46). A sold district returns to
// the bank unimproved (HH-47).
func (s *State) autoSell(seat game.Seat, amount int, log *game.Log) {
	for int(s.Cash[seat]) < amount {
		p := s.nextSale(seat)
		if p < 0 {
			return
		}
		value := s.SaleValue(p)
		s.Owner[p], s.Level[p] = -1, 0
		if log.On() {
			note(log, "sale", seat, Owned{Space: p, Owner: -1},
				fmt.Sprintf("%s is short of the %s due: %s goes back to the bank", s.Names[seat], coins(amount), board.spaces[p].Name),
				game.M("holdings.sold", "who", s.Names[seat], "n", amount, "place", spaceWord(p)))
		}
		s.transfer(Bank, Party(seat), value, "sale", p, log)
	}
}

// nextSale returns the district of seat the automatic sale takes next, or -1
// when seat owns none: lowest printed price first, ties to the lower board
// index (HH-45), or lowest sale value first under SaleOrder "value".
func (s *State) nextSale(seat game.Seat) int {
	if s.Opts.SaleOrder == SaleByValue {
		best := -1
		for i := 0; i < NumSpaces; i++ {
			if s.Owner[i] == int8(seat) && (best < 0 || s.SaleValue(i) < s.SaleValue(best)) {
				best = i
			}
		}
		return best
	}
	for _, p := range board.byPrice[:board.nByPrice] {
		if s.Owner[p] == int8(seat) {
			return int(p)
		}
	}
	return -1
}

// bankrupt removes debtor, who cannot pay amount, from the game: the
// creditor receives its remaining cash and the rest of the debt is forgiven
// (HH-49); an open trade involving it is canceled (HH-50); its own turn
// ends at once (HH-51); and the last solvent player wins (HH-69).
func (s *State) bankrupt(debtor game.Seat, creditor Party, amount int, log *game.Log) {
	if c := int(s.Cash[debtor]); c > 0 {
		s.transfer(Party(debtor), creditor, c, "bankruptcy", 0, log)
	}
	s.Out = s.Out.With(debtor)
	if log.On() {
		note(log, "bankrupt", debtor, nil, fmt.Sprintf("%s cannot pay the %s owed to %s: %s is bankrupt and leaves the game",
			s.Names[debtor], coins(amount), s.name(creditor), s.Names[debtor]),
			game.M("holdings.bankrupt", "who", s.Names[debtor], "n", amount, "to", s.party(creditor)))
	}
	if s.Trade.Open && (s.Trade.From == debtor || s.Trade.To == debtor) {
		s.closeTrade(TradeCancelled, "bankrupt", debtor, -1, log)
	}
	if s.activeCount() <= 1 {
		s.finish("bankruptcy", log)
		return
	}
	if debtor == s.Seat() {
		s.endTurn(log)
	}
}
