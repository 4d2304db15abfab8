package neko

import "harbor/game"

// twoPlayerPicks is the 2-player draft (NK-030, NK-031): the turn-order
// position taking each single card. The first display serves picks 0-5, the
// second picks 6-11.
var twoPlayerPicks = [12]int8{0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0}

const twoPlayerDisplay = 8

// startDraft deals the display of the period's deck (NK-023, NK-024, NK-029).
func (s *State) startDraft() {
	s.Phase = phDraft
	s.Step = 0
	for i := range s.N {
		p := &s.Players[i]
		p.DraftedN, p.Sizes = 0, 0
	}
	if s.N == 2 {
		s.dealTwoPlayerDisplay(0)
		return
	}
	deck := &s.Decks[s.Period-1]
	s.NRows = s.N + 1
	for r := range s.NRows {
		at := int(r) * 6
		s.Rows[r] = [3]Set{}
		for k := range 3 {
			for c := range cardsPerSet {
				s.Rows[r][k].Cards[c] = noCard
				if c <= k {
					s.Rows[r][k].Cards[c] = deck[at]
					at++
				}
			}
		}
	}
}

// dealTwoPlayerDisplay shows 8 cards from the deck, starting at card from.
func (s *State) dealTwoPlayerDisplay(from int) {
	deck := &s.Decks[s.Period-1]
	for i := range twoPlayerDisplay {
		s.Display[i] = deck[from+i]
	}
}

// drafter is the seat whose draft pick it is (NK-026, NK-030, NK-031).
func (s *State) drafter() game.Seat {
	if s.N == 2 {
		return s.seatAt(twoPlayerPicks[s.Step])
	}
	return s.seatAt(s.Step % s.N)
}

// legalDraft lists the draft picks open to the drafter.
func (s *State) legalDraft(seat game.Seat, dst []Move) []Move {
	if s.N == 2 {
		for _, c := range s.Display {
			if c != noCard {
				dst = append(dst, Move{Type: MovePick, Card: int16(c)})
			}
		}
		return dst
	}
	p := &s.Players[seat]
	for r := range s.NRows {
		for k := range int8(3) {
			if !s.Rows[r][k].Taken && p.Sizes&(1<<(k+1)) == 0 {
				dst = append(dst, Move{Type: MoveDraft, Row: r, Size: k + 1})
			}
		}
	}
	return dst
}

// applyDraft takes a set (3-4 players) or one card (2 players) into hand.
func (s *State) applyDraft(seat game.Seat, m Move) {
	p := &s.Players[seat]
	if m.Type == MovePick {
		for i, c := range s.Display {
			if int16(c) == m.Card {
				s.Display[i] = noCard
			}
		}
		p.take(uint8(m.Card))
	} else {
		set := &s.Rows[m.Row][m.Size-1]
		set.Taken = true
		p.Sizes |= 1 << m.Size
		for _, c := range set.Cards {
			if c != noCard {
				p.take(c)
			}
		}
	}
	s.Step++
	if s.N == 2 && s.Step == 6 {
		s.dealTwoPlayerDisplay(twoPlayerDisplay)
	}
	if (s.N == 2 && s.Step == 12) || (s.N > 2 && s.Step == 3*s.N) {
		s.Phase = phAction
		s.Pos = 0
		s.startTurn()
	}
}

func (p *Player) take(c uint8) {
	p.Hand[p.HandN] = c
	p.HandN++
	p.Drafted[p.DraftedN] = c
	p.DraftedN++
}
