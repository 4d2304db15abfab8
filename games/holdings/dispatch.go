package holdings

import (
	_ "embed"
	"encoding/json"
	"fmt"

	"harbor/game"
)

// DeckSize is the number of cards in each Dispatch deck (HH-35).
const DeckSize = 16

// Card is one Dispatch card as printed. Kind says what it does: "advance"
// (to Target, +200 if it passes Harbor Gate), "nearest" (advance to the next
// To, "ferry" or "utility"), "collect"/"pay" Amount from/to the bank, "back"
// Amount spaces (no Gate bonus), "customs" (to Customs House, pay Amount, no
// Gate bonus), "repairs" (pay Amount per improvement owned), "payEach" /
// "collectEach" (Amount to/from each other active player).
type Card struct {
	Text   string `json:"text"`
	Kind   string `json:"kind"`
	Target int    `json:"target,omitempty"`
	To     string `json:"to,omitempty"`
	Amount int    `json:"amount,omitempty"`
}

// Deck is one Dispatch deck as printed, in no particular order.
type Deck struct {
	Name  string `json:"name"`
	Cards []Card `json:"cards"`
}

//go:embed decks.json
var decksJSON []byte

var decks = mustLoadDecks(decksJSON)

// Decks returns the two Dispatch decks as printed. The caller must not
// modify them.
func Decks() []Deck { return decks[:] }

func mustLoadDecks(raw []byte) [2]Deck {
	var ds []Deck
	if err := json.Unmarshal(raw, &ds); err != nil {
		panic("holdings: bad deck data: " + err.Error())
	}
	if err := checkDecks(ds); err != nil {
		panic("holdings: bad deck data: " + err.Error())
	}
	return [2]Deck{ds[0], ds[1]}
}

func checkDecks(ds []Deck) error {
	if len(ds) != 2 {
		return fmt.Errorf("%d decks, want 2", len(ds))
	}
	for d, deck := range ds {
		if len(deck.Cards) != DeckSize {
			return fmt.Errorf("deck %d has %d cards, want %d", d, len(deck.Cards), DeckSize)
		}
		for i, c := range deck.Cards {
			switch c.Kind {
			case "advance":
				if c.Target < 0 || c.Target >= NumSpaces {
					return fmt.Errorf("deck %d card %d: target %d", d, i, c.Target)
				}
			case "nearest":
				if c.To != KindFerry && c.To != KindUtility {
					return fmt.Errorf("deck %d card %d: nearest %q", d, i, c.To)
				}
			case "collect", "pay", "back", "customs", "repairs", "payEach", "collectEach":
				if c.Amount <= 0 {
					return fmt.Errorf("deck %d card %d: amount %d", d, i, c.Amount)
				}
			default:
				return fmt.Errorf("deck %d card %d: unknown kind %q", d, i, c.Kind)
			}
		}
	}
	return nil
}

// Pile is a shuffled Dispatch deck in play: Cards[Top] is the next card to
// draw. A drawn card goes to the bottom (HH-G15), which for a pile that
// never shrinks is the same as moving Top on by one.
type Pile struct {
	Cards [DeckSize]int8 `json:"cards"`
	Top   int8           `json:"top"`
	// Seen counts the cards drawn, up to DeckSize: until the pile has gone
	// round once, Cards[Seen:] have never been shown to anyone.
	Seen int8 `json:"seen"`
}

// draw returns the top card's index in its printed deck and puts it at the bottom.
func (p *Pile) draw() int {
	c := p.Cards[p.Top]
	p.Top = (p.Top + 1) % DeckSize
	if p.Seen < DeckSize {
		p.Seen++
	}
	return int(c)
}

// dispatch draws the top card of deck for seat and resolves it at once (HH-36).
func (s *State) dispatch(seat game.Seat, deck int, log *game.Log) {
	idx := s.Decks[deck].draw()
	s.LastCard = LastCard{Deck: int8(deck), Card: int8(idx)}
	c := &decks[deck].Cards[idx]
	if log.On() {
		note(log, "dispatch", seat, s.LastCard, fmt.Sprintf("%s drew %s: %s", s.Names[seat], decks[deck].Name, c.Text),
			game.M("holdings.drew", "who", s.Names[seat], "deck", deckWord(deck), "card", cardMsg(c)))
	}
	pos := int(s.Pos[seat])
	switch c.Kind {
	case "advance":
		steps := (c.Target - pos + NumSpaces) % NumSpaces
		if steps == 0 {
			steps = NumSpaces
		}
		s.advance(seat, steps, log)
		if c.Target == GateSpace && !s.Opts.GateBonusOnLanding {
			// The card itself promises the 200, whatever the landing rule.
			s.transfer(Bank, Party(seat), GateBonus, "gate", GateSpace, log)
		}
	case "nearest":
		n := 0
		if c.To == KindUtility {
			n = 1
		}
		s.advance(seat, (int(board.nearest[n][pos])-pos+NumSpaces)%NumSpaces, log)
	case "collect":
		s.transfer(Bank, Party(seat), c.Amount, "dispatch", pos, log)
	case "pay":
		s.pay(seat, Bank, c.Amount, "dispatch", pos, log)
	case "back":
		to := (pos - c.Amount + NumSpaces) % NumSpaces
		s.Pos[seat] = int8(to)
		if log.On() {
			note(log, "move", seat, Moved{From: pos, To: to, Back: true},
				fmt.Sprintf("%s went back to %s", s.Names[seat], board.spaces[to].Name),
				game.M("holdings.wentBack", "who", s.Names[seat], "place", spaceWord(to)))
		}
		s.land(seat, log)
	case "customs":
		s.toCustoms(seat, c.Amount, log)
	case "repairs":
		levels := 0
		for i := 0; i < NumSpaces; i++ {
			if s.Owner[i] == int8(seat) {
				levels += int(s.Level[i])
			}
		}
		if levels == 0 {
			if log.On() {
				note(log, "repairs", seat, nil, fmt.Sprintf("%s owns no improvements: the repairs cost nothing", s.Names[seat]),
					game.M("holdings.noRepairs", "who", s.Names[seat]))
			}
			return
		}
		s.pay(seat, Bank, c.Amount*levels, "dispatch", pos, log)
	case "payEach":
		for _, other := range s.othersInOrder(seat) {
			if !s.Active(other) {
				continue
			}
			if !s.pay(seat, Party(other), c.Amount, "dispatch", pos, log) {
				return
			}
		}
	case "collectEach":
		for _, other := range s.othersInOrder(seat) {
			if s.Over {
				return
			}
			if s.Active(other) {
				s.pay(other, Party(seat), c.Amount, "dispatch", pos, log)
			}
		}
	}
}

// othersInOrder returns the other seats in turn order, starting after seat;
// the per-player Dispatch payments are settled one by one in this order
// (HH-G18). The array lives on the caller's stack.
func (s *State) othersInOrder(seat game.Seat) (out [MaxPlayers - 1]game.Seat) {
	for i := range out {
		out[i] = -1
	}
	at := 0
	for i := int8(0); i < s.Players; i++ {
		if game.Seat(s.Order[i]) == seat {
			at = int(i)
		}
	}
	for k := 1; k < int(s.Players); k++ {
		out[k-1] = game.Seat(s.Order[(at+k)%int(s.Players)])
	}
	return out
}
