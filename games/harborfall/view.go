package harborfall

import (
	"encoding/json"

	"harbor/game"
)

// PlayerView is what everyone may see of one player (HF-G26).
type PlayerView struct {
	Name        string         `json:"name"`
	Color       string         `json:"color"`
	Cards       int16          `json:"cards"`    // resource cards in hand
	DevCards    int8           `json:"devCards"` // development cards held, unplayed
	Played      [NumCards]int8 `json:"played"`   // development cards played, by kind
	Points      int8           `json:"points"`   // visible points: Secret points only for the winner of an ended game
	RoadLength  int8           `json:"roadLength"`
	Settlements int8           `json:"settlements"` // pieces left
	Cities      int8           `json:"cities"`
	Roads       int8           `json:"roads"`
	Ports       uint8          `json:"ports"` // bit k: owns a harbor of kind k (5: general)
	Owed        int8           `json:"owed"`  // cards still to discard
}

// Private is what only the viewing seat may see of itself.
type Private struct {
	Hand   Hand           `json:"hand"`
	Dev    [NumCards]int8 `json:"dev"`    // held, unplayed, by kind
	Fresh  [NumCards]int8 `json:"fresh"`  // of those, bought this turn
	Points int8           `json:"points"` // total, secret points included
	Rates  Hand           `json:"rates"`  // supply rate per resource
}

// View is one viewer's view of the game: the whole board and every public
// count, plus the viewer's own hand and cards. It is a plain value of fixed
// arrays, so making one allocates nothing; its JSON trims the arrays to the
// island and the table. It is read-only: StartRolls and Geometry share
// storage with the game.
type View struct {
	Type     string    `json:"type"` // the game id, "harborfall"
	Viewer   game.Seat `json:"viewer"`
	Geometry *Geometry `json:"geometry"`

	Terrain    [MaxHexes]int8     `json:"terrain"` // 0 hill .. 4 mountain (the resource it yields), 5 desert
	Number     [MaxHexes]int8     `json:"number"`  // 0 on the desert
	Robber     int8               `json:"robber"`
	Harbors    [MaxHarbors]Harbor `json:"harbors"`
	NumHarbors int8               `json:"numHarbors"`
	Owner      [MaxCorners]int8   `json:"owner"` // -1 empty
	City       [MaxCorners]bool   `json:"city"`
	Road       [MaxEdges]int8     `json:"road"` // -1 empty

	Supply   Hand `json:"supply"`
	DeckLeft int8 `json:"deckLeft"`

	Phase       string             `json:"phase"`
	Active      int8               `json:"active"` // whose turn it is
	Acting      game.SeatSet       `json:"acting"` // seats the game waits on
	First       int8               `json:"first"`
	StartRolls  [][MaxPlayers]int8 `json:"startRolls"`
	SetupCorner int16              `json:"setupCorner"` // settlement awaiting its road, -1 none
	Dice        [2]int8            `json:"dice"`
	Turns       int                `json:"turns"`
	FreeRoads   int8               `json:"freeRoads"`
	CardPlayed  bool               `json:"cardPlayed"`
	OffersLeft  int8               `json:"offersLeft"` // offers the active player may still make
	Offer       Offer              `json:"offer"`      // the open offer, in the offer phase
	// Declined are the offers declined this turn that would repeat now:
	// their recipient's hand and the supply are as they were.
	Declined    [MaxDeclined]Terms     `json:"declined"`
	NumDeclined int8                   `json:"numDeclined"`
	NumPlayers  int8                   `json:"numPlayers"`
	Players     [MaxPlayers]PlayerView `json:"players"`
	LongestRoad int8                   `json:"longestRoad"` // holder, -1 none
	LargestArmy int8                   `json:"largestArmy"`
	Winner      int8                   `json:"winner"`
	Special     int8                   `json:"special"` // seat on its extra build turn
	Rules       Options                `json:"rules"`
	Rolled      [13]int16              `json:"rolled"`
	History     History                `json:"history"`
	// CanOffer tells the viewer it may make trade offers of any terms now,
	// beyond the one-for-one offers Legal lists.
	CanOffer bool `json:"canOffer"`

	Me Private `json:"me"` // zero for the public view

	// known is the game as the viewing seat may know it, for Determinise;
	// it is never sent (see knownTo).
	known State
}

// View returns what viewer may see: hands and held development cards only
// for the viewer's own seat (HF-10, HF-G26).
func (s *State) View(viewer game.Seat) View {
	v := View{
		Type:   ID,
		Viewer: viewer, Geometry: s.geo(),
		Terrain: s.Terrain, Number: s.Number, Robber: s.Robber, Harbors: s.Harbors, NumHarbors: s.NumHarbors,
		Owner: s.Owner, City: s.City, Road: s.Road, Supply: s.Supply, DeckLeft: s.DeckLen,
		Phase: phaseNames[s.Phase], Active: s.Active, Acting: s.Actors(), First: s.First, StartRolls: s.StartRolls,
		SetupCorner: s.SetupCorner, Dice: s.Dice, Turns: s.Turns, FreeRoads: s.FreeRoads, CardPlayed: s.CardPlayed,
		OffersLeft: int8(s.Opts.OffersPerTurn) - s.Offers, NumPlayers: s.Players,
		LongestRoad: s.LongestRoad, LargestArmy: s.LargestArmy, Winner: s.Winner, Special: s.Special,
		Rules: s.Opts, Rolled: s.Rolled, History: s.History,
		CanOffer: s.Phase == phaseMain && viewer == game.Seat(s.Active) && int(s.Offers) < s.Opts.OffersPerTurn,
	}
	if s.Phase == phaseOffer {
		v.Offer = s.Offer
	}
	for i := range s.NumDeclined {
		if d := &s.Declined[i]; s.live(d) {
			v.Declined[v.NumDeclined] = Terms{To: d.To, Give: d.Give, Get: d.Get}
			v.NumDeclined++
		}
	}
	for p := range s.n() {
		pv := &v.Players[p]
		pv.Name = s.Names[p]
		pv.Color = content.Colors[p]
		pv.Cards = int16(s.Hands[p].Total())
		for k := range NumCards {
			pv.DevCards += s.Dev[p][k]
		}
		pv.Played = s.Played[p]
		pv.Points = int8(s.finalPoints(p))
		pv.RoadLength = s.RoadLength[p]
		pv.Settlements, pv.Cities, pv.Roads = s.Settlements[p], s.Cities[p], s.Roads[p]
		pv.Ports = s.Ports[p]
		pv.Owed = s.Owed[p]
	}
	if viewer >= 0 && int(viewer) < s.n() {
		p := int8(viewer)
		v.Me = Private{Hand: s.Hands[p], Dev: s.Dev[p], Fresh: s.Fresh[p], Points: int8(s.Points(int(p)))}
		for r := range NumResources {
			v.Me.Rates[r] = s.rate(p, r)
		}
		s.knownTo(p, &v.known)
	}
	return v
}

// Terms are an offer's terms and recipient: To gets Get for Give.
type Terms struct {
	To   int8 `json:"to"`
	Give Hand `json:"give"`
	Get  Hand `json:"get"`
}

// declinedAgain reports whether the view lists an offer of give for get to
// seat to as declined and unchanged since.
func (v *View) declinedAgain(to int8, give, get Hand) bool {
	for _, d := range v.Declined[:v.NumDeclined] {
		if d.To == to && d.Give == give && d.Get == get {
			return true
		}
	}
	return false
}

// viewJSON is View with its arrays cut to the island's and table's sizes.
type viewJSON struct {
	Type        string              `json:"type"`
	Viewer      game.Seat           `json:"viewer"`
	Geometry    *Geometry           `json:"geometry"`
	Terrain     []int8              `json:"terrain"`
	Number      []int8              `json:"number"`
	Robber      int8                `json:"robber"`
	Harbors     []Harbor            `json:"harbors"`
	Owner       []int8              `json:"owner"`
	City        []bool              `json:"city"`
	Road        []int8              `json:"road"`
	Supply      Hand                `json:"supply"`
	DeckLeft    int8                `json:"deckLeft"`
	Phase       string              `json:"phase"`
	Active      int8                `json:"active"`
	Acting      []game.Seat         `json:"acting"`
	First       int8                `json:"first"`
	StartRolls  [][]int8            `json:"startRolls"`
	SetupCorner int16               `json:"setupCorner"`
	Dice        [2]int8             `json:"dice"`
	Turns       int                 `json:"turns"`
	FreeRoads   int8                `json:"freeRoads"`
	CardPlayed  bool                `json:"cardPlayed"`
	OffersLeft  int8                `json:"offersLeft"`
	Offer       *Offer              `json:"offer,omitempty"`
	Declined    []Terms             `json:"declined,omitempty"`
	Players     []PlayerView        `json:"players"`
	LongestRoad int8                `json:"longestRoad"`
	LargestArmy int8                `json:"largestArmy"`
	Winner      int8                `json:"winner"`
	Special     *int8               `json:"special,omitempty"`
	Rules       Options             `json:"rules"`
	CanOffer    bool                `json:"canOffer"`
	Target      int                 `json:"target"`      // points to win
	Rolled      []int16             `json:"rolled"`      // how often each total 2..12 came up
	History     [][]int8            `json:"history"`     // public points per seat as turns begin
	HistoryStep int16               `json:"historyStep"` // turns between history entries
	Costs       map[string]Hand     `json:"costs"`
	Pieces      map[string]int8     `json:"pieces"` // each player's pieces at the start
	Me          *Private            `json:"me,omitempty"`
	Names       map[string][]string `json:"names"`
}

// MarshalJSON encodes the view for the browser, trimmed to the island and
// the table, with the name lists for resources, terrains and cards.
func (v View) MarshalJSON() ([]byte, error) {
	g := v.Geometry
	n := int(v.NumPlayers)
	out := viewJSON{
		Type: v.Type, Viewer: v.Viewer, Geometry: g, Terrain: v.Terrain[:g.Hexes], Number: v.Number[:g.Hexes], Robber: v.Robber,
		Harbors: v.Harbors[:v.NumHarbors], Owner: v.Owner[:g.Corners], City: v.City[:g.Corners], Road: v.Road[:g.Edges],
		Supply: v.Supply, DeckLeft: v.DeckLeft, Phase: v.Phase, Active: v.Active, Acting: v.Acting.List(), First: v.First,
		SetupCorner: v.SetupCorner, Dice: v.Dice, Turns: v.Turns, FreeRoads: v.FreeRoads, CardPlayed: v.CardPlayed,
		OffersLeft: v.OffersLeft, Players: v.Players[:n], LongestRoad: v.LongestRoad, LargestArmy: v.LargestArmy,
		Winner: v.Winner, Rules: v.Rules, CanOffer: v.CanOffer, Target: Target, Rolled: v.Rolled[2:], HistoryStep: max(1, v.History.Step),
		Costs:  map[string]Hand{"road": cost[costRoad], "settlement": cost[costSettlement], "city": cost[costCity], "dev": cost[costDev]},
		Pieces: map[string]int8{"settlements": content.Pieces.Settlements, "cities": content.Pieces.Cities, "roads": content.Pieces.Roads},
		Names:  map[string][]string{"resources": content.Resources, "terrains": content.Terrains, "devCards": content.DevCards},
	}
	for _, r := range v.StartRolls {
		out.StartRolls = append(out.StartRolls, append([]int8(nil), r[:n]...))
	}
	out.History = make([][]int8, v.History.Len)
	for i := range out.History {
		out.History[i] = append([]int8(nil), v.History.Points[i][:n]...)
	}
	if v.Phase == phaseNames[phaseOffer] {
		out.Offer = &v.Offer
	}
	out.Declined = v.Declined[:v.NumDeclined]
	if v.Phase == phaseNames[phaseSpecial] {
		out.Special = &v.Special
	}
	if v.Viewer >= 0 {
		out.Me = &v.Me
	}
	return json.Marshal(out)
}
