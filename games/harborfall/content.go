package harborfall

import (
	_ "embed"
	"encoding/json"
)

// Resource indexes the five resources: brick, lumber, wool, grain, ore.
// Hands, costs and the supply are [NumResources]int8 in this order.
const (
	Brick = iota
	Lumber
	Wool
	Grain
	Ore
	NumResources
)

// Terrains are numbered so that a producing terrain's number is the resource
// it yields (HF-05): hill 0 (brick), forest 1 (lumber), pasture 2 (wool),
// field 3 (grain), mountain 4 (ore); the desert is 5.
const Desert = NumResources

// Development card kinds.
const (
	CardSteal   = iota // Move & steal
	CardRoads          // Free roads
	CardHarvest        // Bonus harvest
	CardForced         // Forced trade
	CardPoint          // Secret point
	NumCards
)

// GeneralHarbor is the harbor kind that takes any resource at 3-for-1; kinds
// 0..4 are the 2-for-1 harbors of that resource.
const GeneralHarbor = NumResources

// Hand counts resource cards by kind.
type Hand [NumResources]int8

// Total is the number of cards in h.
func (h Hand) Total() int {
	return int(h[0]) + int(h[1]) + int(h[2]) + int(h[3]) + int(h[4])
}

// covers reports whether h holds at least every card of c.
func (h Hand) covers(c Hand) bool {
	return h[0] >= c[0] && h[1] >= c[1] && h[2] >= c[2] && h[3] >= c[3] && h[4] >= c[4]
}

func (h *Hand) add(c Hand) {
	for i := range h {
		h[i] += c[i]
	}
}

func (h *Hand) sub(c Hand) {
	for i := range h {
		h[i] -= c[i]
	}
}

// nonNegative reports whether no count in h is negative.
func (h Hand) nonNegative() bool {
	return h[0] >= 0 && h[1] >= 0 && h[2] >= 0 && h[3] >= 0 && h[4] >= 0
}

// islandContent is the printed content of one island size.
type islandContent struct {
	Hexes      int                   `json:"hexes"`
	Rows       []int                 `json:"rows"`
	Terrain    [NumResources + 1]int `json:"terrain"` // hexes per terrain, desert last
	Tokens     []int8                `json:"tokens"`
	Harbors    [NumResources + 1]int `json:"harbors"` // harbors per kind, general last
	HarborGaps []int                 `json:"harborGaps"`
	Supply     int8                  `json:"supply"`
	Deck       [NumCards]int         `json:"deck"`
}

type contentFile struct {
	Resources []string `json:"resources"`
	Terrains  []string `json:"terrains"`
	DevCards  []string `json:"devCards"`
	// CardTitles are the development cards' printed names, for the log.
	CardTitles []string `json:"cardTitles"`
	Colors     []string `json:"colors"` // one per seat (HF-11)
	Costs      struct {
		Road       Hand `json:"road"`
		Settlement Hand `json:"settlement"`
		City       Hand `json:"city"`
		Dev        Hand `json:"dev"`
	} `json:"costs"`
	Pieces struct {
		Settlements int8 `json:"settlements"`
		Cities      int8 `json:"cities"`
		Roads       int8 `json:"roads"`
	} `json:"pieces"`
	Islands [2]islandContent `json:"islands"`
}

//go:embed content.json
var contentJSON []byte

// content is the game's printed content (HF-G3..HF-G9), decoded once.
var content = func() contentFile {
	var c contentFile
	if err := json.Unmarshal(contentJSON, &c); err != nil {
		panic("harborfall: bad content.json: " + err.Error())
	}
	return c
}()

// cost is the printed price of each build (HF-45), indexed by costRoad ….
var cost = [...]Hand{content.Costs.Road, content.Costs.Settlement, content.Costs.City, content.Costs.Dev}

const (
	costRoad = iota
	costSettlement
	costCity
	costDev
)
