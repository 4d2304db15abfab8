package holdings

import "harbor/game"

// Phase is where the turn of the player on turn stands.
type Phase uint8

const (
	PhaseRoll Phase = iota // the player must roll (HH-66, HH-67)
	PhaseBuy               // the player landed on an unowned district: buy, pass, improve or end
	PhaseEnd               // the player may improve, then must end the turn
	PhaseOver              // the game is over
)

var phaseNames = [...]string{"roll", "buy", "end", "over"}

// String returns the phase as the view names it: "roll", "buy", "end", "over".
func (p Phase) String() string { return phaseNames[p] }

// State is a game of Harbor Holdings. Everything but the names and the
// history is a fixed-size array or a small number, and those two are shared
// by copies and never written in place, so copying, cloning and viewing a
// state cost little and allocate next to nothing. Arrays indexed by seat
// hold Players valid entries.
type State struct {
	Names     []string          `json:"names"`
	Opts      Options           `json:"options"`
	Players   int8              `json:"players"`
	Order     [MaxPlayers]int8  `json:"order"`        // turn order: seats, shuffled at setup (HH-G6)
	Cash      [MaxPlayers]int32 `json:"cash"`         // Coins in hand
	Pos       [MaxPlayers]int8  `json:"pos"`          // board space of each token
	Out       game.SeatSet      `json:"out"`          // bankrupt seats (HH-48)
	Owner     [NumSpaces]int8   `json:"owner"`        // owning seat, -1 for the bank
	Level     [NumSpaces]int8   `json:"improvements"` // improvements on each street, 0-5
	TurnIdx   int8              `json:"turnIdx"`      // index into Order of the player on turn
	Phase     Phase             `json:"phase"`
	Dice      [2]int8           `json:"dice"`     // the last roll, 0 before the first
	Landed    int8              `json:"landed"`   // the unowned district on offer in PhaseBuy, else -1
	Improved  int8              `json:"improved"` // levels bought this turn
	Round     int16             `json:"round"`    // the round being played, from 1
	Turns     int32             `json:"turns"`    // turns completed
	Decks     [2]Pile           `json:"decks"`    // hidden: never in a view
	LastCard  LastCard          `json:"lastCard"`
	Trade     Trade             `json:"trade"`
	LastTrade TradeOutcome      `json:"lastTrade"`
	Over      bool              `json:"over"`
	Reason    string            `json:"reason,omitempty"` // "bankruptcy" or "round_limit" once over
	// History is each player's net worth at the start (row 0) and after
	// each round so far. recordHistory puts every new row in a new array,
	// so a copy of the state (plain or Clone) shares the rows without
	// copying them and keeps them as they were when the original plays on.
	History [][MaxPlayers]int32 `json:"history"`
	Rand    game.Rand           `json:"rand"`

	// histJSON, when not nil, is the JSON of all of History, the array's
	// closing bracket left out: each round adds its row to it, so a view
	// does not encode the history row by row after every move. Its storage
	// is never written again once shared: recordHistory makes a new one, so
	// a copy of the state keeps its own. A state decoded from JSON has none,
	// and its views encode History themselves.
	histJSON []byte
}

// LastCard is the Dispatch card drawn last: its deck and its index in the
// printed deck (Decks), or -1 before any draw.
type LastCard struct {
	Deck int8 `json:"deck"`
	Card int8 `json:"card"`
}

// Seat returns the seat on turn.
func (s *State) Seat() game.Seat { return game.Seat(s.Order[s.TurnIdx]) }

// Active reports whether seat is a player still in the game.
func (s *State) Active(seat game.Seat) bool {
	return seat >= 0 && seat < game.Seat(s.Players) && !s.Out.Has(seat)
}

func (s *State) activeCount() int {
	return int(s.Players) - s.Out.Len()
}

// Actors is the seat on turn plus the recipient of an open trade.
func (s *State) Actors() game.SeatSet {
	if s.Over {
		return 0
	}
	a := game.Seats(s.Seat())
	if s.Trade.Open {
		a = a.With(s.Trade.To)
	}
	return a
}

// NetWorth is seat's cash plus the printed price of each district it owns
// plus 70 per improvement (HH-71).
func (s *State) NetWorth(seat game.Seat) int {
	w := int(s.Cash[seat])
	for i := 0; i < NumSpaces; i++ {
		if s.Owner[i] == int8(seat) {
			w += int(board.price[i]) + ImprovementCost*int(s.Level[i])
		}
	}
	return w
}

func (s *State) recordHistory(round int) {
	// The rows histJSON holds, which this round's row follows unless the
	// round is not the next one.
	from, b := 0, []byte(nil)
	if s.histJSON != nil && len(s.History) == round {
		// A new array each round (cap == len), never one a copy may share.
		from, b = round, s.histJSON[:len(s.histJSON):len(s.histJSON)]
	}
	h := make([][MaxPlayers]int32, round+1)
	copy(h, s.History[:min(round, len(s.History))])
	for p := game.Seat(0); p < game.Seat(s.Players); p++ {
		h[round][p] = int32(s.NetWorth(p))
	}
	s.History = h
	for i := from; i <= round; i++ {
		if i == 0 {
			b = append(b, '[')
		} else {
			b = append(b, ',')
		}
		b = game.AppendJSONInts(b, h[i][:])
	}
	s.histJSON = b
}

// Result is cheap while the game runs. Once over, scores are net worth and
// bankrupt players are left out (place 0) (HH-69..HH-73); reason is
// "bankruptcy" (last solvent player) or "round_limit".
func (s *State) Result() game.Result {
	if !s.Over {
		return game.Result{Turns: int(s.Turns)}
	}
	scores := make([]int, s.Players)
	for p := range scores {
		scores[p] = s.NetWorth(game.Seat(p))
	}
	places, winners := game.PlacesByScore(scores, s.Out)
	return game.Result{Over: true, Winners: winners, Places: places, Scores: scores, Reason: s.Reason, Turns: int(s.Turns)}
}

// Clone returns a deep copy but for the history's rows, which it shares
// and neither state writes again.
func (s *State) Clone() *State {
	c := *s
	c.Names = append([]string(nil), s.Names...)
	c.Rand = s.Rand.Clone()
	return &c
}
