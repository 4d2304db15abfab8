package greatharbor

import "harbor/game"

// Die locations.
const (
	locBox      = iota // not used at this player count (GH-021..023)
	locBag             // in the dice bag
	locPool            // rolled, waiting to be drafted
	locDrafted         // on a Governor card; At is the drafter (the Automa is At == N)
	locSlot            // on a harbor slot; At is the slot
	locSmuggler        // the Smuggler die of turn At (0 = A, 1 = B)
	locDistrict        // placed in the Smuggler's District; At is the placer
)

// Phases of a turn.
const (
	phaseDraft = iota
	phaseAction
	phaseVoyage
	phaseFinalConvert
	phaseOver
)

// Ship positions.
const (
	shipDocked = iota
	shipOut    // facing right on segment Seg
	shipBack   // facing left, Dist spaces from the Great Harbor
)

// Crew bits on a ship card (GH-105, GH-106).
const (
	crewSpeed = 1 << iota
	crewStrength
	crewCargo
)

// Die is one of the twenty dice.
type Die struct {
	Face  int8 `json:"face"`
	Loc   int8 `json:"loc"`
	At    int8 `json:"at"`
	Order int8 `json:"order"` // roll order in this turn, for Automa ties (GH-Q30)
	Bonus int8 `json:"bonus"` // temporary pips for its next placement (GH-099, GH-199)
	Wild  bool `json:"wild"`  // Engineer: any slot for its next placement (GH-200)
	// By is who placed a die that lies on a harbor slot (the Automa is N), so
	// a screen can say whose die it is; a Port Crane's move keeps it.
	By int8 `json:"by,omitempty"`
}

// Ship is one dock of a colony and the card in it.
type Ship struct {
	Card   int8  `json:"card"` // -1: empty dock
	Crew   uint8 `json:"crew"`
	Damage int8  `json:"damage"`
	Where  int8  `json:"where"`
	Seg    int8  `json:"seg"`
	Dist   int8  `json:"dist"`
	Str    int8  `json:"str"`   // Strength added for this Voyage phase (Corsair)
	Cargo  int8  `json:"cargo"` // Cargo added for this Voyage phase (Captain #8)
}

// Player is one human seat's colony and belongings.
type Player struct {
	Res        [numRes]int8 `json:"res"`
	Coins      int16        `json:"coins"`
	Prestige   int16        `json:"prestige"`
	Favor      int8         `json:"favor"`
	Smuggler   int8         `json:"smuggler"`
	Free       int8         `json:"free"`       // colonists on housing spaces
	Structural int8         `json:"structural"` // colonists on structure slots
	LuxWork    uint8        `json:"luxWork"`    // production tiles worked this round
	Employed   uint32       `json:"employed"`   // buildings holding their colonists
	Lux        [numLux]int8 `json:"lux"`
	Production [3]int8      `json:"production"`
	Governor   int8         `json:"governor"`

	HandPeople    uint32 `json:"handPeople"`
	HandBuildings uint32 `json:"handBuildings"`
	HandShips     uint32 `json:"handShips"`
	Buildings     uint32 `json:"buildings"`   // built
	ShipsPlayed   uint32 `json:"shipsPlayed"` // every Ship card played, retired included

	People [3][2]int8 `json:"people"` // Person slots; -1 empty
	Marked [3][2]bool `json:"marked"` // Activation marker on the card
	Ships  [3]Ship    `json:"ships"`
	Huts   uint8      `json:"huts"`
	Insula uint8      `json:"insula"`

	Senate       [numColours]int8 `json:"senate"`
	SenateShared uint8            `json:"senateShared"`
	ColourCards  [numColours]int8 `json:"colourCards"`
	ColourBonus  uint8            `json:"colourBonus"`
	ConvUsed     uint8            `json:"convUsed"`
	Shops        int8             `json:"shops"`

	Admiral  bool  `json:"admiral"`
	Trader   bool  `json:"trader"`
	Diplomat uint8 `json:"diplomat"` // segments whose Pirate card this player ignores
	Peek     int8  `json:"peek"`     // the Pirate card seen with the Lighthouse, -1 if none
}

// Automa is the rules-defined opponent (GH-170..197).
type Automa struct {
	Deck      [28]int8         `json:"deck"`
	DeckN     int8             `json:"deckN"`
	Discard   [28]int8         `json:"discard"`
	DiscardN  int8             `json:"discardN"`
	Track     [numColours]int8 `json:"track"`
	Ships     [3]Ship          `json:"ships"`
	AllShips  uint32           `json:"allShips"` // every ship card it took, replaced ones included
	Buildings uint32           `json:"buildings"`
	People    uint32           `json:"people"`
	Free      int8             `json:"free"`
	Prestige  int16            `json:"prestige"`
	Smuggler  int8             `json:"smuggler"`
	Governor  int8             `json:"governor"`
	LastCard  int8             `json:"lastCard"` // last card used, -1 before the first
	Last      AutomaTurn       `json:"last"`     // its latest draft, step by step
}

// AutomaTurn records the Automa's latest draft as the table saw it, for the
// screens to replay: the cards it turned face up, the die it took, where the
// die went and what its track paid. Everything in it is public.
type AutomaTurn struct {
	Seq      int16         `json:"seq"` // counts the Automa's drafts; 0 before the first
	Round    int8          `json:"round"`
	Turn     int8          `json:"turn"`
	Skipped  [4]int8       `json:"skipped"`  // cards set aside for want of a die, the first four
	SkippedN int8          `json:"skippedN"` // how many were set aside
	Card     int8          `json:"card"`
	Die      int8          `json:"die"`
	Face     int8          `json:"face"`
	Slot     int8          `json:"slot"`  // the slot, or district
	Space    int8          `json:"space"` // its track's space after the move
	Steps    [3]AutomaStep `json:"steps"`
	StepsN   int8          `json:"stepsN"`
}

// AutomaStep is one thing the Automa's track did in a draft.
type AutomaStep struct {
	Why   int8 `json:"why"`   // stepSpace, stepLink or stepFull
	Other int8 `json:"other"` // for stepLink, the other track's color
	Kind  int8 `json:"kind"`  // an automaKinds index
	Value int8 `json:"value"` // Prestige gained
	Card  int8 `json:"card"`  // the card taken, or the ship crewed; -1 none
	Done  bool `json:"done"`  // false when there was nothing to take
}

// Why an Automa step happened: the space its marker reached, a space shared
// with the next track, or a marker already at the top.
const (
	stepSpace int8 = iota
	stepLink
	stepFull
)

// automaKinds names the AutomaAction kinds a step records.
var automaKinds = [...]string{"prestige", "colonist", "ship", "building", "person"}

// Pending is a choice an effect left open for a seat.
type Pending struct {
	Kind   int8 `json:"kind"`
	Seat   int8 `json:"seat"`
	N      int8 `json:"n"`
	Colour int8 `json:"colour"`
}

// Pending kinds.
const (
	pendBuilding   = iota + 1 // take a displayed Building
	pendPerson                // take a displayed Person
	pendFlip                  // Patrician: flip up to N dice of Colour
	pendCrane                 // Port Crane: move a die
	pendLighthouse            // keep or discard the peeked Pirate card
)

// Voyage stages (GH-121..136, GH-Q17).
const (
	voyCorsair = iota // asking about Corsair before a reveal
	voyWindow         // the next ship's owner may use voyage cards
	voyChoice         // the ship won: trade or continue
)

// State is a whole game of The Great Harbor. Fixed arrays keep it compact:
// Clone is a copy and the simulation loop allocates nothing.
type State struct {
	Opts   Options         `json:"opts"`
	N      int8            `json:"n"` // human seats
	Automa bool            `json:"automa"`
	Names  [4]string       `json:"names"`
	Round  int8            `json:"round"`
	Turn   int8            `json:"turn"` // 0 = A, 1 = B
	Phase  int8            `json:"phase"`
	Anchor int8            `json:"anchor"`
	Turns  int             `json:"turns"`
	Layout [numCells]int8  `json:"layout"` // tile per cell
	Accept [numSlots]uint8 `json:"accept"` // colors each slot accepts
	Slots  [numSlots]int8  `json:"slots"`  // die on each slot, -1 empty
	Dice   [numDice]Die    `json:"dice"`

	DraftSeq [10]int8 `json:"draftSeq"`
	DraftLen int8     `json:"draftLen"`
	DraftIdx int8     `json:"draftIdx"`
	Order    [4]int8  `json:"order"`
	OrderIdx int8     `json:"orderIdx"`

	ShipDeck        [3][8]int8 `json:"shipDeck"`
	ShipDeckN       [3]int8    `json:"shipDeckN"`
	ShipDisplay     [3]int8    `json:"shipDisplay"`
	PersonDeck      [24]int8   `json:"personDeck"`
	PersonDeckN     int8       `json:"personDeckN"`
	PersonDisplay   [3]int8    `json:"personDisplay"`
	BuildingDeck    [20]int8   `json:"buildingDeck"`
	BuildingDeckN   int8       `json:"buildingDeckN"`
	BuildingDisplay [3]int8    `json:"buildingDisplay"`
	// Bottom counts, per deck (ship sizes 0-2, People, Buildings), the cards
	// at its bottom that were shown before they went there (at most the
	// deck's size: the top ones may have been drawn again since).
	Bottom      [5]int8 `json:"bottom"`
	BonusTiles  [6]int8 `json:"bonusTiles"`
	BonusIdx    int8    `json:"bonusIdx"`
	Conversions uint8   `json:"conversions"` // cards in play

	Demand      [5]int8         `json:"demand"` // luxury type per Demand slot, -1 empty
	PirateDeck  [10]int8        `json:"pirateDeck"`
	PirateN     int8            `json:"pirateN"`
	PirateDisc  [10]int8        `json:"pirateDisc"`
	PirateDiscN int8            `json:"pirateDiscN"`
	Revealed    [3]int8         `json:"revealed"`  // Pirate strength per segment, -1 none
	SegOwner    [3][4]int8      `json:"segOwner"`  // who holds each position; the Automa is N
	ShopSite    [numVertex]int8 `json:"shopSite"`  // site per vertex, -1 none
	ShopOwner   [numVertex]int8 `json:"shopOwner"` // owner per vertex

	Players [4]Player `json:"players"`
	Bot     Automa    `json:"bot"`

	Pending  [6]Pending `json:"pending"`
	PendingN int8       `json:"pendingN"`

	VoySeg   int8  `json:"voySeg"`
	VoyStage int8  `json:"voyStage"`
	VoyAsked uint8 `json:"voyAsked"` // players asked about Corsair for this reveal
	VoyOwner int8  `json:"voyOwner"` // ship owner in the window or choice
	VoyShip  int8  `json:"voyShip"`

	SupplyColonists int8 `json:"supplyColonists"`

	// History is each competitor's score as it stood at the end of each
	// round, the Automa at index N, for the Prestige chart.
	History [rounds][4]int16 `json:"history"`

	Rand game.Rand `json:"rand"`
}

// total is the player count including the Automa (GH-170).
func (s *State) total() int8 {
	if s.Automa {
		return s.N + 1
	}
	return s.N
}

// automaID is the index that stands for the Automa among drafters and ship owners.
func (s *State) automaID() int8 { return s.N }

func (s *State) bonusTile() *[numColours]int8 { return &bonusTiles[s.BonusTiles[s.BonusIdx]] }

// Clone returns an independent copy.
func (s *State) Clone() *State {
	c := *s
	c.Rand = s.Rand.Clone()
	return &c
}

func (s *State) pushPending(p Pending) {
	if int(s.PendingN) < len(s.Pending) {
		s.Pending[s.PendingN] = p
		s.PendingN++
	}
}

func (s *State) popPending() {
	copy(s.Pending[:], s.Pending[1:s.PendingN])
	s.PendingN--
	s.Pending[s.PendingN] = Pending{}
}

func bit(i int8) uint32 { return 1 << uint(i) }
