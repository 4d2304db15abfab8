package neko

import (
	"harbor"
	"harbor/game"
)

// Move is one decision. Type says which; the other fields are its
// arguments, zero when unused. Examples: {"type":"draft","row":2,"size":3},
// {"type":"play","card":12}, {"type":"move","ship":0}.
type Move struct {
	Type   string `json:"type"`
	Card   int16  `json:"card,omitempty"`   // card number (index in the catalog)
	Row    int8   `json:"row,omitempty"`    // draft row
	Size   int8   `json:"size,omitempty"`   // draft set size, 1-3
	Col    int8   `json:"col,omitempty"`    // column index, from 0 at the harbour
	Ship   int8   `json:"ship,omitempty"`   // ship card 0-5, 6 the ghost ship
	Level  int8   `json:"level,omitempty"`  // ship level wanted
	To     int8   `json:"to,omitempty"`     // attraction index
	Option int8   `json:"option,omitempty"` // choice option
	Res    int8   `json:"res,omitempty"`    // resource: 0 fish, 1 goods, 2 licence, 3 penguin, 4 captain, 5 vp
}

// Move types.
const (
	MoveDraft      = "draft"      // take a set from a draft row (NK-025)
	MovePick       = "pick"       // take one card in the 2-player draft (NK-030)
	MovePlay       = "play"       // play a card to its action column (NK-035..037)
	MoveDeactivate = "deactivate" // tuck a card as a hub under a column for 2 fish (NK-040)
	MoveKeep       = "keep"       // keep an Immediate card in its column (NK-017)
	MoveTuck       = "tuck"       // tuck a resolved Immediate card as a hub (NK-017)
	MoveNext       = "next"       // finish this column's window, or the turn (NK-041)
	MoveCaptain    = "captain"    // spend a captain: +2 to a column's hub (NK-109)
	MoveHarbour    = "harbour"    // upgrade the harbour with licences (NK-048)
	MoveUpgrade    = "upgrade"    // upgrade a ship in the line with licences (NK-049)
	MoveBuyShip    = "buyship"    // buy a ship at twice its level in coins (NK-054)
	MoveBuyLicence = "buylicence" // buy a licence for 3 coins (NK-055)
	MoveShip       = "move"       // move a ship one column forward for fuel (NK-056)
	MoveSail       = "sail"       // move a ship to an attraction for 1 fuel (NK-056)
	MoveBonus      = "bonus"      // Research Station: +2 coins (option 0) or +1 fuel (option 1) (NK-098)
	MoveFlip       = "flip"       // Research Station: flip a fish or licence (NK-102)
	MoveChoose     = "choose"     // pick a reward or swap option
	MoveDiscard    = "discard"    // discard a card down to the supply limit (NK-063)
	MoveBoat       = "boat"       // take a fishing boat (NK-122)
)

// legalCap bounds the legal moves of any position.
const legalCap = 192

// Legal appends seat's legal moves to dst.
func (s *State) Legal(seat game.Seat, dst []Move) []Move {
	if !s.Actors().Has(seat) {
		return dst
	}
	switch s.Phase {
	case phDraft:
		return s.legalDraft(seat, dst)
	case phBoats:
		if s.Turn.Stage == stBoat {
			return s.legalBoats(dst)
		}
	}
	return s.legalTurn(seat, dst)
}

// Apply validates m against the legal moves, then applies it.
func (s *State) Apply(seat game.Seat, m Move, log *game.Log) error {
	if !validType(m.Type) {
		return harbor.Errorf(harbor.EInvalid, "unknown move type %q", m.Type)
	}
	if f := m.strayField(); f != "" {
		return harbor.Errorf(harbor.EInvalid, "a %q move has no %q field", m.Type, f)
	}
	if s.Phase == phOver {
		return harbor.RuleError("NK-071", "the game is over").With(game.M("neko.err.over"))
	}
	if !s.Actors().Has(seat) {
		return s.notYourTurn(seat)
	}
	var buf [legalCap]Move
	legal := s.Legal(seat, buf[:0])
	found := false
	for _, l := range legal {
		if l == m {
			found = true
			break
		}
	}
	if !found {
		return s.explain(seat, m)
	}
	var before snapshot
	if log.On() {
		before = s.snapshot(seat)
	}
	switch s.Phase {
	case phDraft:
		s.applyDraft(seat, m)
	case phBoats:
		s.applyBoats(seat, m)
	default:
		s.applyTurn(seat, m)
	}
	if log.On() {
		s.record(log, seat, m, &before)
	}
	return nil
}

// notYourTurn names the seat the game waits on, under the turn-order rule of
// the phase: drafting (NK-026), fishing boats (NK-122) or turns (NK-033).
func (s *State) notYourTurn(seat game.Seat) error {
	rule := "NK-033"
	switch s.Phase {
	case phDraft:
		rule = "NK-026"
	case phBoats:
		rule = "NK-122"
	}
	first := s.Actors().First()
	msg := "it is " + s.name(first) + "'s turn"
	m := game.M("neko.err.notYourTurn", "who", s.whoValue(first))
	if seat < 0 || int(seat) >= int(s.N) {
		msg = "you have no seat in this game: " + msg
		m = game.M("neko.err.noSeat", "who", s.whoValue(first))
	}
	return (&harbor.Error{Code: harbor.ENotYourTurn, Rule: rule, Message: msg}).With(m)
}

// The fields of a move, as bits.
const (
	fCard uint16 = 1 << iota
	fRow
	fSize
	fCol
	fShip
	fLevel
	fTo
	fOption
	fRes
)

var fieldNames = [...]string{"card", "row", "size", "col", "ship", "level", "to", "option", "res"}

// moveFields lists the fields each move type takes; the others stay zero.
var moveFields = map[string]uint16{
	MoveDraft: fRow | fSize, MovePick: fCard, MovePlay: fCard, MoveBoat: fCard, MoveDeactivate: fCard | fCol,
	MoveTuck: fCol, MoveCaptain: fCol, MoveUpgrade: fShip | fLevel, MoveBuyShip: fLevel, MoveShip: fShip,
	MoveSail: fShip | fTo, MoveBonus: fOption, MoveChoose: fOption, MoveFlip: fRes, MoveDiscard: fRes,
}

// strayField names a non-zero field that m's type does not take, or "".
func (m Move) strayField() string {
	set := [...]bool{m.Card != 0, m.Row != 0, m.Size != 0, m.Col != 0, m.Ship != 0, m.Level != 0, m.To != 0, m.Option != 0, m.Res != 0}
	takes := moveFields[m.Type]
	for i, on := range set {
		if on && takes&(1<<i) == 0 {
			return fieldNames[i]
		}
	}
	return ""
}

func validType(t string) bool {
	switch t {
	case MoveDraft, MovePick, MovePlay, MoveDeactivate, MoveKeep, MoveTuck, MoveNext, MoveCaptain, MoveHarbour,
		MoveUpgrade, MoveBuyShip, MoveBuyLicence, MoveShip, MoveSail, MoveBonus, MoveFlip, MoveChoose, MoveDiscard, MoveBoat:
		return true
	}
	return false
}
