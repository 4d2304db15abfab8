package holdings

import "harbor/game"

// View is what one viewer sees: everything but the order of the Dispatch
// decks, which nobody may see. Its JSON is the same for every viewer, the
// public included (game.SharedView): Viewer, CanPropose and CanCounter are
// for the engine's own use and are left out, for a client knows its seat
// and its legal moves. Arrays indexed by seat hold Players valid
// entries; Owner and Improvements are indexed by board space (Owner -1 for
// the bank); the board itself is static content, from Board. View allocates
// nothing: History shares storage that
// is never rewritten, so a view stays valid as the game goes on.
type View struct {
	Type       string             `json:"type"` // the game id, "holdings"
	Viewer     game.Seat          `json:"-"`
	Players    int                `json:"players"`
	Names      [MaxPlayers]string `json:"names"`
	Order      [MaxPlayers]int8   `json:"order"` // the seats in turn order (HH-G6)
	Cash       [MaxPlayers]int32  `json:"cash"`
	Pos        [MaxPlayers]int8   `json:"positions"`
	Worth      [MaxPlayers]int32  `json:"netWorth"`
	Out        [MaxPlayers]bool   `json:"bankrupt"`
	Owner      [NumSpaces]int8    `json:"owner"`
	Level      [NumSpaces]int8    `json:"improvements"`
	Turn       game.Seat          `json:"turn"`  // the seat on turn
	Phase      string             `json:"phase"` // "roll", "buy", "end" or "over"
	Dice       [2]int8            `json:"dice"`
	Landed     int8               `json:"landed"`   // the district on offer in phase "buy", else -1
	Price      int                `json:"price"`    // its price
	Improved   int8               `json:"improved"` // levels bought this turn
	Round      int                `json:"round"`
	RoundLimit int                `json:"roundLimit"`
	Turns      int                `json:"turns"`
	// Trade is the open trade; when Open is false it still holds the terms
	// of the last trade, whose outcome is LastTrade.
	Trade     Trade        `json:"trade"`
	LastTrade TradeOutcome `json:"lastTrade"`
	// CanPropose says whether the viewer may propose a trade now; CanCounter
	// whether it may counter the open one. Neither is encoded.
	CanPropose   bool     `json:"-"`
	CanCounter   bool     `json:"-"`
	DeckSizes    [2]int   `json:"deckSizes"`
	LastCard     LastCard `json:"lastCard"`
	LastCardText string   `json:"lastCardText,omitempty"`
	// History holds each player's net worth at the start (row 0) and after
	// every completed round, for the final chart.
	History [][MaxPlayers]int32 `json:"history"`
	Over    bool                `json:"over"`
	Reason  string              `json:"reason,omitempty"`
	Options Options             `json:"options"`

	// histJSON, when not nil, is History's JSON without its closing
	// bracket, kept by the state (State.histJSON).
	histJSON []byte
}

// View returns viewer's view. Harbor Holdings hides only the deck order, so
// every viewer, the public included, sees the same table; the viewer's own
// seat decides CanPropose and CanCounter, which the JSON leaves out.
func (s *State) View(viewer game.Seat) View {
	v := View{
		Type:   ID,
		Viewer: viewer, Players: int(s.Players), Order: s.Order, Cash: s.Cash, Pos: s.Pos,
		Owner: s.Owner, Level: s.Level, Turn: s.Seat(), Phase: s.Phase.String(), Dice: s.Dice,
		Landed: s.Landed, Improved: s.Improved, Round: int(s.Round), RoundLimit: s.Opts.RoundLimit,
		Turns: int(s.Turns), Trade: s.Trade, LastTrade: s.LastTrade, DeckSizes: [2]int{DeckSize, DeckSize},
		LastCard: s.LastCard, History: s.History, Over: s.Over, Reason: s.Reason,
		Options: s.Opts,
	}
	v.histJSON = s.histJSON
	copy(v.Names[:], s.Names)
	for p := game.Seat(0); p < game.Seat(s.Players); p++ {
		v.Out[p] = s.Out.Has(p)
	}
	for i := 0; i < NumSpaces; i++ {
		if o := s.Owner[i]; o >= 0 {
			v.Worth[o] += board.price[i] + ImprovementCost*int32(s.Level[i])
		}
	}
	for p := 0; p < int(s.Players); p++ {
		v.Worth[p] += s.Cash[p]
	}
	if s.Landed >= 0 {
		v.Price = int(board.price[s.Landed])
	}
	if s.LastCard.Deck >= 0 {
		v.LastCardText = decks[s.LastCard.Deck].Cards[s.LastCard.Card].Text
	}
	if !s.Over && s.Active(viewer) {
		v.CanPropose = !s.Trade.Open
		v.CanCounter = s.Trade.Open && s.Trade.To == viewer
	}
	return v
}

// SameForEveryViewer marks the view as game.SharedView: what it encodes
// does not depend on the viewer.
func (View) SameForEveryViewer() {}
