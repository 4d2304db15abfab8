package greatharbor

import "harbor/game"

// View is what one viewer may see (GH-Q36): everything on the table, each
// hand's size but only the viewer's own cards, the top Pirate card only to
// the seat that looked at it with the Lighthouse, and no deck order or seed.
type View struct {
	Type     string           `json:"type"`    // the game id, "greatharbor"
	Viewer   int8             `json:"viewer"`  // -1 for the public view
	Content  string           `json:"content"` // checksum of the content data (ContentChecksum)
	N        int8             `json:"n"`
	Names    [4]string        `json:"names"`
	Shops    bool             `json:"shops"`
	Surplus  string           `json:"surplus"` // the surplus rules option in force (GH-Q06)
	Phase    string           `json:"phase"`
	Round    int8             `json:"round"`
	Turn     int8             `json:"turn"`
	Anchor   int8             `json:"anchor"`
	Actor    int8             `json:"actor"`
	Tiles    [numCells]string `json:"tiles"` // tile id per cell
	Accept   [numSlots]uint8  `json:"accept"`
	Slots    [numSlots]int8   `json:"slots"`
	Fees     [numCells]int8   `json:"fees"`
	ShopPips [numSlots]int8   `json:"shopPips"`
	Dice     [numDice]Die     `json:"dice"`
	Order    [4]int8          `json:"order"`
	OrderIdx int8             `json:"orderIdx"`

	ShipDisplay     [3]int8          `json:"shipDisplay"`
	ShipDeckN       [3]int8          `json:"shipDeckN"`
	PersonDisplay   [3]int8          `json:"personDisplay"`
	PersonDeckN     int8             `json:"personDeckN"`
	BuildingDisplay [3]int8          `json:"buildingDisplay"`
	BuildingDeckN   int8             `json:"buildingDeckN"`
	BonusTile       [numColours]int8 `json:"bonusTile"` // resource per die color now
	Conversions     uint8            `json:"conversions"`
	Demand          [5]int8          `json:"demand"`
	PirateN         int8             `json:"pirateN"`
	PirateDisc      [10]int8         `json:"pirateDisc"`
	PirateDiscN     int8             `json:"pirateDiscN"`
	Revealed        [3]int8          `json:"revealed"`
	SegOwner        [3][4]int8       `json:"segOwner"`
	ShopSite        [numVertex]int8  `json:"shopSite"`
	ShopOwner       [numVertex]int8  `json:"shopOwner"`
	SupplyColonists int8             `json:"supplyColonists"`

	// Players holds every colony; hand masks are zero except the viewer's
	// own, and Peek is -1 except for the viewer's own Lighthouse look.
	Players   [4]Player  `json:"players"`
	HandSizes [4][3]int8 `json:"handSizes"` // People, Buildings, Ships

	Automa   *AutomaView `json:"automa,omitempty"`
	Pending  Pending     `json:"pending"`
	PendingN int8        `json:"pendingN"`
	VoySeg   int8        `json:"voySeg"`
	VoyStage int8        `json:"voyStage"`
	VoyOwner int8        `json:"voyOwner"`
	VoyShip  int8        `json:"voyShip"`
	Scores   []Score     `json:"scores,omitempty"` // at the end, the Automa last
	// History is each competitor's score at the end of each finished round
	// (rows before Round), the Automa at index N.
	History [rounds][4]int16 `json:"history"`

	// known is the game as the viewing seat may know it, for Determinise;
	// it is never sent (see knownTo).
	known State
}

// AutomaView is the Automa's public board. The back of its top card is
// face up on the table (GH-Q36).
type AutomaView struct {
	Track     [numColours]int8 `json:"track"`
	Ships     [3]Ship          `json:"ships"`
	AllShips  uint32           `json:"allShips"`
	Buildings uint32           `json:"buildings"`
	People    uint32           `json:"people"`
	Free      int8             `json:"free"`
	Prestige  int16            `json:"prestige"`
	Smuggler  int8             `json:"smuggler"`
	Governor  int8             `json:"governor"`
	DeckN     int8             `json:"deckN"`
	TopColour int8             `json:"topColour"`
	TopUp     bool             `json:"topUp"`
	LastCard  int8             `json:"lastCard"`
	// Last is its latest draft step by step, nil before the first.
	Last *AutomaTurnView `json:"last,omitempty"`
}

// AutomaTurnView is an AutomaTurn with each card face up, as the table saw
// it: its back (color and arrow) and its front (a tile id).
type AutomaTurnView struct {
	Seq      int16            `json:"seq"`
	Round    int8             `json:"round"`
	Turn     int8             `json:"turn"`
	Skipped  []AutomaCardView `json:"skipped"` // the first four set aside
	SkippedN int8             `json:"skippedN"`
	Card     AutomaCardView   `json:"card"`
	Die      int8             `json:"die"`
	Colour   int8             `json:"colour"`
	Face     int8             `json:"face"`
	Slot     int8             `json:"slot"` // 24 for the Smuggler's District
	Space    int8             `json:"space"`
	Steps    []AutomaStepView `json:"steps"`
}

// AutomaCardView is one Automa card face up.
type AutomaCardView struct {
	Colour int8   `json:"colour"`
	Up     bool   `json:"up"`
	Tile   string `json:"tile"`
}

// AutomaStepView is an AutomaStep with its kind named.
type AutomaStepView struct {
	Why   string `json:"why"` // space, link or full
	Other int8   `json:"other"`
	Kind  string `json:"kind"`
	Value int8   `json:"value"`
	Card  int8   `json:"card"`
	Done  bool   `json:"done"`
}

var stepWhy = [...]string{stepSpace: "space", stepLink: "link", stepFull: "full"}

func automaCardView(c int8) AutomaCardView {
	card := automaDeck[c]
	return AutomaCardView{Colour: card.Colour, Up: card.Up, Tile: tiles[card.Tile].ID}
}

func (t *AutomaTurn) view() *AutomaTurnView {
	if t.Seq == 0 {
		return nil
	}
	v := &AutomaTurnView{Seq: t.Seq, Round: t.Round, Turn: t.Turn, SkippedN: t.SkippedN, Card: automaCardView(t.Card), Die: t.Die,
		Colour: dieColour(t.Die), Face: t.Face, Slot: t.Slot, Space: t.Space, Skipped: []AutomaCardView{}, Steps: []AutomaStepView{}}
	for _, c := range t.Skipped[:min(t.SkippedN, int8(len(t.Skipped)))] {
		v.Skipped = append(v.Skipped, automaCardView(c))
	}
	for _, st := range t.Steps[:t.StepsN] {
		v.Steps = append(v.Steps, AutomaStepView{Why: stepWhy[st.Why], Other: st.Other, Kind: automaKinds[st.Kind], Value: st.Value, Card: st.Card, Done: st.Done})
	}
	return v
}

var phaseNames = [...]string{"draft", "action", "voyage", "final_convert", "over"}

// View returns what viewer may see.
func (s *State) View(viewer game.Seat) View {
	if viewer < 0 || viewer >= game.Seat(s.N) {
		viewer = game.Public
	}
	v := View{Type: ID, Viewer: int8(viewer), Content: ContentChecksum, N: s.N, Names: s.Names, Shops: s.Opts.Shops, Surplus: s.Opts.Surplus, Phase: phaseNames[s.Phase], Round: s.Round, Turn: s.Turn,
		Anchor: s.Anchor, Actor: s.actor(), Accept: s.Accept, Slots: s.Slots, Dice: s.Dice, Order: s.Order, OrderIdx: s.OrderIdx,
		ShipDisplay: s.ShipDisplay, ShipDeckN: s.ShipDeckN, PersonDisplay: s.PersonDisplay, PersonDeckN: s.PersonDeckN,
		BuildingDisplay: s.BuildingDisplay, BuildingDeckN: s.BuildingDeckN, BonusTile: *s.bonusTile(), Conversions: s.Conversions,
		Demand: s.Demand, PirateN: s.PirateN, PirateDisc: s.PirateDisc, PirateDiscN: s.PirateDiscN, Revealed: s.Revealed,
		SegOwner: s.SegOwner, ShopSite: s.ShopSite, ShopOwner: s.ShopOwner, SupplyColonists: s.SupplyColonists,
		Players: s.Players, PendingN: s.PendingN, VoySeg: s.VoySeg, VoyStage: s.VoyStage, VoyOwner: s.VoyOwner, VoyShip: s.VoyShip, History: s.History}
	if s.Phase == phaseOver {
		v.Actor = -1
	}
	for c := int8(0); c < numCells; c++ {
		v.Tiles[c] = tiles[s.Layout[c]].ID
		v.Fees[c] = s.fee(c)
	}
	for slot := int8(0); slot < numSlots; slot++ {
		v.ShopPips[slot] = s.shopsAt(slot)
	}
	for i := range v.Dice {
		if v.Dice[i].Loc == locBag || v.Dice[i].Loc == locBox {
			v.Dice[i] = Die{Loc: v.Dice[i].Loc}
		}
	}
	for i := range s.N {
		p := &v.Players[i]
		v.HandSizes[i] = [3]int8{int8(cardCount(p.HandPeople)), int8(cardCount(p.HandBuildings)), int8(cardCount(p.HandShips))}
		if int8(viewer) != i {
			p.HandPeople, p.HandBuildings, p.HandShips, p.Peek = 0, 0, 0, -1
		}
	}
	if s.PendingN > 0 {
		v.Pending = s.Pending[0]
	}
	if s.Automa {
		a := &s.Bot
		av := &AutomaView{Track: a.Track, Ships: a.Ships, AllShips: a.AllShips, Buildings: a.Buildings, People: a.People,
			Free: a.Free, Prestige: a.Prestige, Smuggler: a.Smuggler, Governor: a.Governor, DeckN: a.DeckN, LastCard: a.LastCard, TopColour: -1, Last: a.Last.view()}
		if a.DeckN > 0 {
			top := automaDeck[a.Deck[a.DeckN-1]]
			av.TopColour, av.TopUp = top.Colour, top.Up
		}
		v.Automa = av
	}
	if viewer >= 0 {
		s.knownTo(int8(viewer), &v.known)
	}
	if s.Phase == phaseOver {
		for i := range s.N {
			v.Scores = append(v.Scores, s.PlayerScore(i))
		}
		if s.Automa {
			v.Scores = append(v.Scores, s.AutomaScore())
		}
	}
	return v
}
