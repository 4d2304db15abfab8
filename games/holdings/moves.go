package holdings

import "harbor/game"

// Move types.
const (
	MoveRoll    = "roll"    // roll the dice and move (HH-04)
	MoveBuy     = "buy"     // buy the unowned district landed on (HH-10); space optional
	MovePass    = "pass"    // decline to buy it (HH-11)
	MoveImprove = "improve" // add one improvement to a street: {space} (HH-24)
	MoveEnd     = "end"     // end the turn (HH-66)
	MovePropose = "propose" // open a trade: {to, give, get} (HH-53)
	MoveAccept  = "accept"  // accept the open trade addressed to you (HH-56)
	MoveDecline = "decline" // decline it (HH-56)
	MoveCounter = "counter" // replace it with your own terms: {give, get} (HH-59)
	MoveCancel  = "cancel"  // withdraw your own open trade (HH-57)
)

// Move is one Harbor Holdings move, {"type":"roll"} and so on. Space is the
// street of an improve (and, optionally, the district of a buy). To, Give
// and Get are the terms of a propose or a counter: Give is what the mover
// hands over, Get what the mover receives; a counter goes to the proposer of
// the trade it replaces, so it needs no To. "to" is seat 0 when left out.
type Move struct {
	Type  string    `json:"type"`
	Space int       `json:"space,omitempty"`
	To    game.Seat `json:"to,omitempty"`
	Give  Side      `json:"give,omitzero"`
	Get   Side      `json:"get,omitzero"`
}

// Side is what one party of a trade gives: districts and Coins.
type Side struct {
	Properties PropertySet `json:"properties"`
	Coins      int         `json:"coins"`
}

// Empty reports whether the side gives nothing.
func (sd Side) Empty() bool { return sd.Properties == 0 && sd.Coins == 0 }

// Legal appends seat's legal moves: answers to an open trade addressed to
// seat (accept, decline) or a cancel of seat's own open trade, then the turn
// moves of the seat on turn. Proposals and counters have free-form terms and
// are not listed; View says whether seat may make them.
func (s *State) Legal(seat game.Seat, dst []Move) []Move {
	if s.Over || !s.Active(seat) {
		return dst
	}
	if s.Trade.Open {
		switch seat {
		case s.Trade.To:
			dst = append(dst, Move{Type: MoveAccept}, Move{Type: MoveDecline})
		case s.Trade.From:
			dst = append(dst, Move{Type: MoveCancel})
		}
	}
	if seat != s.Seat() {
		return dst
	}
	switch s.Phase {
	case PhaseRoll:
		return append(dst, Move{Type: MoveRoll})
	case PhaseBuy:
		if s.Cash[seat] >= board.price[s.Landed] {
			dst = append(dst, Move{Type: MoveBuy, Space: int(s.Landed)})
		}
		dst = append(dst, Move{Type: MovePass})
	}
	if s.Cash[seat] >= ImprovementCost {
		for i := 0; i < NumSpaces; i++ {
			if s.Owner[i] == int8(seat) && board.kind[i] == kStreet && s.Level[i] < MaxImprovements {
				dst = append(dst, Move{Type: MoveImprove, Space: i})
			}
		}
	}
	return append(dst, Move{Type: MoveEnd})
}
