package neko

import "harbor/game"

// Limits of the compact state. Every array is sized for the largest game.
const (
	maxCols     = 8  // six kinds plus up to two fishing boats
	maxPlayed   = 16 // 12 action cards plus 2 boats, with room to spare
	maxHand     = 6
	maxRows     = maxPlayers + 1
	deckMax     = 34
	maxChoices  = 4
	maxAttr     = 5
	maxBoats    = 5
	ghost       = numShips // index of the ghost ship in Player.Ships
	noCard      = 0xff
	cardsPerSet = 3
)

// Ship locations. 1..maxCols are the columns of the preparation line.
const (
	locDone    int8 = -3 // ghost ship that reached the end of the line (NK-132)
	locNone    int8 = -2 // ghost ship not in the game (module off)
	locSupply  int8 = -1
	locHarbour int8 = 0
	locAttr    int8 = 20 // + attraction index
)

// Phases of the game.
const (
	phDraft uint8 = iota
	phAction
	phLast  // the cards-only free-action window after period 2 (NK-070)
	phBoats // handing out fishing boats (NK-122)
	phOver
)

// Stages of a turn in the action phase (and of the last window).
const (
	stPlay    uint8 = iota // play a card from hand (NK-034)
	stTuck                 // an Immediate card may be tucked as a hub (NK-017)
	stWindow               // a column's activation window, or the final window
	stChoice               // a reward or swap choice is waiting
	stDiscard              // discard down to the supply limit (NK-063)
	stBoat                 // choose a fishing boat (NK-122)
)

// Choice kinds waiting in Turn.Choices.
const (
	chHubReward uint8 = iota
	chBoatSwap
	chHalfMoon
	chNeko
)

// Ship is one of a player's ship cards (0..5) or the ghost ship (6).
type Ship struct {
	Loc      int8  `json:"loc"`
	Level    int8  `json:"level"`
	Rewarded bool  `json:"rewarded,omitempty"` // has had its one attraction reward (NK-119)
	Place    int16 `json:"place,omitempty"`    // place at an attraction: higher is better (NK-075)
}

// Column is one action column of a preparation line.
type Column struct {
	Kind     Kind  `json:"kind"`
	First    uint8 `json:"first"` // the card heading the column, whose hub area shows
	Hub      int8  `json:"hub"`
	Captains int8  `json:"captains"`
	Cards    int8  `json:"cards"` // every card in the column, captains included
}

// Placed is a card a player has played.
type Placed struct {
	Card uint8 `json:"card"`
	Col  int8  `json:"col"`
	Hub  bool  `json:"hub,omitempty"` // deactivated: only its hub area counts
}

// Player is one seat's part of the game.
type Player struct {
	Hand     [maxHand]uint8
	HandN    int8
	Drafted  [maxHand]uint8 // this period's drafted cards: public (NK-Q33)
	DraftedN int8
	Sizes    uint8 // bit k set: a set of k cards was drafted this period (NK-027)
	Cols     [maxCols]Column
	NCols    int8
	Played   [maxPlayed]Placed
	NPlayed  int8
	Ships    [numShips + 1]Ship
	Harbour  int8
	Supply   Bundle
	Pending  Bundle           // gained this turn, usable from the next (NK-061)
	Locked   Bundle           // part of Supply gained in the last action of period 2: not usable after it (NK-070)
	Effects  [numEffects]int8 // action cards in columns, by effect
	Icons    [3]int8          // licence, coin, fuel icons per turn (NK-042)
	Capacity int8             // supply-limit bonus (NK-064)
	Interim  [2]int16         // intermediate scores (NK-066..068)
	Scored   [2]PeriodScore   // the intermediate scores by source
	Final    Breakdown        // filled at final scoring
	GhostEnd bool             // the ghost ship reached the end of a line (NK-132)
}

// Turn is the state of the turn being played.
type Turn struct {
	Stage     uint8
	Window    int8 // column being activated; NCols is the final window
	Icons     [3]int8
	BonusUsed bool
	FlipUsed  bool
	Immediate uint8 // card waiting for the tuck decision, or noCard
	Choices   [maxChoices]Choice
	NChoices  int8
	Last      bool // the cards-only window after period 2
}

// Choice is a pending decision caused by an arrival.
type Choice struct {
	Kind uint8 `json:"kind"`
	Card uint8 `json:"card"` // the boat for a swap
}

// Set is one set of 1-3 cards in a 3-4 player draft row.
type Set struct {
	Cards [cardsPerSet]uint8
	Taken bool
}

// Attr is an attraction in play.
type Attr struct {
	Card    uint8
	Visited bool  // a ship has arrived: later arrivals get the lesser reward
	Hi, Lo  int16 // highest and lowest place taken so far
}

// State is a game of Neko Harbour. It holds no pointers but Names and the
// generator's forced queue, so Clone is a copy.
type State struct {
	Names   []string
	N       int8
	Opts    Options
	Rand    game.Rand
	Period  int8
	Phase   uint8
	Order   [maxPlayers]int8 // seat at each turn-order position
	Pos     int8             // position of the seat acting in the action phase
	Turn    Turn
	Players [maxPlayers]Player
	Decks   [2][deckMax]uint8
	DeckN   [2]int8
	Rows    [maxRows][3]Set // 3-4 players: row r, set of size k at k-1
	NRows   int8
	Display [8]uint8 // 2 players: the shown cards, noCard once taken
	Step    int8     // draft step
	Attrs   [maxAttr]Attr
	NAttrs  int8
	Boats   [maxBoats]uint8 // fishing boats on show, noCard once taken
	Queue   [maxPlayers]int8
	QStep   int8
	Turns   int
	History [maxHistory]Standing // public points after each turn and period
	HistN   int8
}

// Clone returns a deep copy.
func (s *State) Clone() *State {
	c := *s
	c.Names = append([]string(nil), s.Names...)
	c.Rand = s.Rand.Clone()
	return &c
}

// seatAt returns the seat at turn-order position pos.
func (s *State) seatAt(pos int8) game.Seat { return game.Seat(s.Order[pos]) }

// current is the seat the action phase waits on.
func (s *State) current() game.Seat { return s.seatAt(s.Pos) }

// Actors returns the one seat the game waits on.
func (s *State) Actors() game.SeatSet {
	switch s.Phase {
	case phOver:
		return 0
	case phDraft:
		return game.Seats(s.drafter())
	case phBoats:
		return game.Seats(game.Seat(s.Queue[s.QStep]))
	}
	return game.Seats(s.current())
}

// Result is the final ranking once both periods are scored.
func (s *State) Result() game.Result {
	if s.Phase != phOver {
		return game.Result{Turns: s.Turns}
	}
	n := int(s.N)
	scores := make([]int, n)
	keys := make([]int, n)
	for i := range n {
		p := &s.Players[i]
		scores[i] = int(p.Final.Total)
		// NK-083: more VP, then lower ship level in game, then more resources.
		keys[i] = scores[i]<<16 + (255-s.shipLevelInGame(game.Seat(i)))<<8 + min(255, p.resources())
	}
	places, winners := game.PlacesByScore(keys, 0)
	return game.Result{Over: true, Winners: winners, Places: places, Scores: scores, Reason: "two_periods", Turns: s.Turns}
}

// resources counts the Fish, Goods and Licence cards in a player's supply.
func (p *Player) resources() int {
	return int(p.Supply[Fish]) + int(p.Supply[Goods]) + int(p.Supply[Licence])
}

// shipLevelInGame sums the levels of a seat's ships in the harbour, the line
// and at attractions (NK-Q25): the ghost ship counts 0.
func (s *State) shipLevelInGame(seat game.Seat) int {
	t := 0
	for i := range numShips {
		if sh := s.Players[seat].Ships[i]; sh.Loc >= locHarbour {
			t += int(sh.Level)
		}
	}
	return t
}
