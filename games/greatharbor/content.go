package greatharbor

import (
	"embed"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io/fs"
)

// Content data (tiles, cards, boards, the Automa) lives in data/*.json and is
// loaded once into compact package tables. The engine never edits it.

//go:embed data/*.json
var dataFS embed.FS

// Colors are indexed in Senate-track order.
const (
	red = iota
	yellow
	blue
	purple
	numColours
)

// Resources are indexed in Colony-board order.
const (
	planks = iota
	rope
	metal
	sails
	numRes
)

// Luxury types; "Dyes" and "Pigments" are one type (GH-007).
const (
	wine = iota
	dyes
	marble
	amphorae
	numLux
)

// Ship sizes.
const (
	small = iota
	medium
	large
)

var colourNames = [numColours]string{"red", "yellow", "blue", "purple"}
var resNames = [numRes]string{"planks", "rope", "metal", "sails"}
var luxNames = [numLux]string{"wine", "dyes", "marble", "amphorae"}
var sizeNames = [3]string{"small", "medium", "large"}

// Gain is a bundle of things a player receives from one effect.
type Gain struct {
	Res             [numRes]int8
	Colonists       int8
	Favor           int8
	Coins           int8
	Prestige        int8
	Smuggler        int8
	DiceResource    int8 // resources of the track's color per the current Dice Bonus tile
	BuildingDeck    int8
	BuildingDisplay int8
	PersonDeck      int8
	PersonDisplay   int8
	Ship            int8 // 1 + size of the displayed ship taken; 0 for none
	Luxury          int8
	Card            int8
}

type gainJSON struct {
	Resources       map[string]int8 `json:"resources"`
	Colonists       int8            `json:"colonists"`
	Favor           int8            `json:"favor"`
	Coins           int8            `json:"coins"`
	Prestige        int8            `json:"prestige"`
	Smuggler        int8            `json:"smuggler"`
	DiceResource    int8            `json:"diceResource"`
	BuildingDeck    int8            `json:"buildingDeck"`
	BuildingDisplay int8            `json:"buildingDisplay"`
	PersonDeck      int8            `json:"personDeck"`
	PersonDisplay   int8            `json:"personDisplay"`
	Ship            string          `json:"ship"`
	Luxury          int8            `json:"luxury"`
	Card            int8            `json:"card"`
}

func (g gainJSON) gain() Gain {
	out := Gain{Colonists: g.Colonists, Favor: g.Favor, Coins: g.Coins, Prestige: g.Prestige, Smuggler: g.Smuggler,
		DiceResource: g.DiceResource, BuildingDeck: g.BuildingDeck, BuildingDisplay: g.BuildingDisplay,
		PersonDeck: g.PersonDeck, PersonDisplay: g.PersonDisplay, Luxury: g.Luxury, Card: g.Card}
	out.Res = resources(g.Resources)
	if g.Ship != "" {
		out.Ship = int8(index(sizeNames[:], g.Ship)) + 1
	}
	return out
}

// TileInfo is one Harbor tile.
type TileInfo struct {
	ID    string
	Name  string
	Edges [4]int8 // color printed on the N, E, S, W edge
	Tiers [3]Gain
}

// ShipInfo is one Ship card.
type ShipInfo struct {
	ID, Name                     string
	Colour, Size                 int8
	Cost                         [numRes]int8
	Prestige                     int8
	Speed, Strength, Cargo, Hull int8
}

// PersonInfo is one Person card.
type PersonInfo struct {
	Number int
	Name   string
	Colour int8
	Voyage bool // usable only in the Voyage phase
	Effect string
}

// BuildingInfo is one Building card.
type BuildingInfo struct {
	Number   int
	Name     string
	Colour   int8
	Cost     [numRes]int8
	Prestige int8
	Kind     string // none, employ, employ2, ongoing, endgame
	Effect   string
}

// StructureInfo is one Dock Hut or Insula slot of the Colony board.
type StructureInfo struct {
	ID, Name string
	Insula   bool
	Column   int8
	Cost     [numRes]int8
}

// SegmentInfo is one segment of the Trade map.
type SegmentInfo struct {
	Coins, Prestige, DemandSlots, ReturnDistance int8
}

// ConversionInfo is one Conversion card: Coins per unit and what a unit gives.
type ConversionInfo struct {
	ID, Name string
	Always   bool
	Coins    int8
	Gain     Gain
}

// GovernorInfo is one Governor card.
type GovernorInfo struct {
	ID, Name    string
	Top, Bottom int8
}

// AutomaAction is what the Automa does on a board space.
type AutomaAction struct {
	Kind  string // colonist, ship, building, person, prestige; "" for none
	Value int8
}

// AutomaLink is an action shared by two adjacent Automa tracks.
type AutomaLink struct {
	A, B   int8
	Row    int8
	Action AutomaAction
}

// AutomaCard is one Automa card: back (color and arrow), front (tile).
type AutomaCard struct {
	Colour int8
	Up     bool
	Tile   int8
}

var (
	tiles          []TileInfo
	shipyardTile   int8
	shipyardCell   int8
	frameColours   [4][3]int8 // top, right, bottom, left
	smugglerChart  [6]Gain
	ships          []ShipInfo
	people         []PersonInfo
	buildings      []BuildingInfo
	structures     []StructureInfo
	segments       [3]SegmentInfo
	senateTop      int8
	senateSpace    [16]Gain // own-track bonus per space
	senateShared   [16]Gain // shared bonus per row (zero if none)
	senateRows     []int8   // rows with a shared bonus
	bonusTiles     [][numColours]int8
	conversions    []ConversionInfo
	governors      []GovernorInfo
	pirateCards    []int8
	automaSpaces   [numColours][16]AutomaAction
	automaTop      int8
	automaOverflow int8
	automaLinks    []AutomaLink
	automaDeck     []AutomaCard
	colony         struct {
		BaseHousing, PerInsula, PerAdjacent int8
	}
	supply struct {
		Colonists, LuxuryPerType, DemandPerType, ProductionPerType, Markers, Shops int8
	}
	coinRate, shopCost int8
)

func index(names []string, name string) int {
	for i, n := range names {
		if n == name {
			return i
		}
	}
	panic(fmt.Sprintf("greatharbor data: unknown name %q (want one of %v)", name, names))
}

func colour(name string) int8 { return int8(index(colourNames[:], name)) }

func resources(m map[string]int8) [numRes]int8 {
	var out [numRes]int8
	for k, v := range m {
		out[index(resNames[:], k)] = v
	}
	return out
}

func load(name string, v any) {
	raw, err := dataFS.ReadFile("data/" + name)
	if err != nil {
		panic(err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		panic(fmt.Sprintf("greatharbor data %s: %v", name, err))
	}
}

// ContentChecksum identifies the content data files (FNV-1a over their
// names and bytes, in name order), so a stored game can tell which data it
// was played with.
var ContentChecksum string

func checksum() string {
	h := fnv.New64a()
	entries, err := fs.ReadDir(dataFS, "data")
	if err != nil {
		panic(err)
	}
	for _, e := range entries {
		raw, err := dataFS.ReadFile("data/" + e.Name())
		if err != nil {
			panic(err)
		}
		h.Write([]byte(e.Name()))
		h.Write(raw)
	}
	return fmt.Sprintf("%016x", h.Sum64())
}

func init() {
	ContentChecksum = checksum()
	loadHarbor()
	loadCards()
	loadBoards()
	loadAutoma()
	indexBuildings()
	indexPeople()
}

func loadHarbor() {
	var h struct {
		Tiles []struct {
			ID, Name string
			Edges    [4]string
			Tiers    [3]gainJSON
		}
		ShipyardCell  int8
		Frame         struct{ Top, Right, Bottom, Left [3]string }
		SmugglerChart [6]gainJSON
	}
	load("harbor.json", &h)
	for i, t := range h.Tiles {
		ti := TileInfo{ID: t.ID, Name: t.Name}
		for e, c := range t.Edges {
			ti.Edges[e] = colour(c)
		}
		for k, g := range t.Tiers {
			ti.Tiers[k] = g.gain()
		}
		if t.ID == "SHIPYARD" {
			shipyardTile = int8(i)
		}
		tiles = append(tiles, ti)
	}
	shipyardCell = h.ShipyardCell
	for i, side := range [4][3]string{h.Frame.Top, h.Frame.Right, h.Frame.Bottom, h.Frame.Left} {
		for j, c := range side {
			frameColours[i][j] = colour(c)
		}
	}
	for i, g := range h.SmugglerChart {
		smugglerChart[i] = g.gain()
	}
}

func loadCards() {
	var sh struct {
		Ships []struct {
			ID, Name, Colour, Size                 string
			Cost                                   map[string]int8
			Prestige, Speed, Strength, Cargo, Hull int8
		}
	}
	load("ships.json", &sh)
	for _, s := range sh.Ships {
		ships = append(ships, ShipInfo{ID: s.ID, Name: s.Name, Colour: colour(s.Colour), Size: int8(index(sizeNames[:], s.Size)),
			Cost: resources(s.Cost), Prestige: s.Prestige, Speed: s.Speed, Strength: s.Strength, Cargo: s.Cargo, Hull: s.Hull})
	}
	var pe struct {
		People []struct {
			Number                       int
			Name, Colour, Timing, Effect string
		}
	}
	load("people.json", &pe)
	for _, p := range pe.People {
		people = append(people, PersonInfo{Number: p.Number, Name: p.Name, Colour: colour(p.Colour), Voyage: p.Timing == "voyage", Effect: p.Effect})
	}
	var bu struct {
		Buildings []struct {
			Number                     int
			Name, Colour, Kind, Effect string
			Cost                       map[string]int8
			Prestige                   int8
		}
	}
	load("buildings.json", &bu)
	for _, b := range bu.Buildings {
		buildings = append(buildings, BuildingInfo{Number: b.Number, Name: b.Name, Colour: colour(b.Colour), Cost: resources(b.Cost),
			Prestige: b.Prestige, Kind: b.Kind, Effect: b.Effect})
	}
}

func loadBoards() {
	var b struct {
		Colony struct {
			BaseHousing, HousingPerInsula, HousingPerAdjacentInsulae int8
			Structures                                               []struct {
				ID, Name, Kind string
				Column         int8
				Cost           map[string]int8
			}
		}
		Trade struct {
			Segments  [3]SegmentInfo
			Positions int8
		}
		Senate struct {
			Top    int8
			Spaces []struct {
				Space int8
				Gain  gainJSON
			}
			Shared []struct {
				Row  int8
				Gain gainJSON
			}
		}
		DiceBonusTiles []map[string]string
		Conversions    []struct {
			ID, Name string
			Always   bool
			Coins    int8
			Gain     gainJSON
		}
		Governors        []struct{ ID, Name, Top, Bottom string }
		Pirates          []int8
		Supply           struct{ Colonists, LuxuryPerType, DemandTilesPerType, ProductionTilesPerType, ActivationMarkers, Shops int8 }
		CoinResourceRate int8
		ShopCost         int8
	}
	load("boards.json", &b)
	colony.BaseHousing, colony.PerInsula, colony.PerAdjacent = b.Colony.BaseHousing, b.Colony.HousingPerInsula, b.Colony.HousingPerAdjacentInsulae
	for _, s := range b.Colony.Structures {
		structures = append(structures, StructureInfo{ID: s.ID, Name: s.Name, Insula: s.Kind == "insula", Column: s.Column, Cost: resources(s.Cost)})
	}
	segments = b.Trade.Segments
	senateTop = b.Senate.Top
	for _, sp := range b.Senate.Spaces {
		senateSpace[sp.Space] = sp.Gain.gain()
	}
	for _, sh := range b.Senate.Shared {
		senateShared[sh.Row] = sh.Gain.gain()
		senateRows = append(senateRows, sh.Row)
	}
	for _, t := range b.DiceBonusTiles {
		var m [numColours]int8
		for c := range colourNames {
			m[c] = int8(index(resNames[:], t[colourNames[c]]))
		}
		bonusTiles = append(bonusTiles, m)
	}
	for _, c := range b.Conversions {
		conversions = append(conversions, ConversionInfo{ID: c.ID, Name: c.Name, Always: c.Always, Coins: c.Coins, Gain: c.Gain.gain()})
	}
	for _, g := range b.Governors {
		governors = append(governors, GovernorInfo{ID: g.ID, Name: g.Name, Top: colour(g.Top), Bottom: colour(g.Bottom)})
	}
	pirateCards = b.Pirates
	s := b.Supply
	supply.Colonists, supply.LuxuryPerType, supply.DemandPerType, supply.ProductionPerType, supply.Markers, supply.Shops =
		s.Colonists, s.LuxuryPerType, s.DemandTilesPerType, s.ProductionTilesPerType, s.ActivationMarkers, s.Shops
	coinRate, shopCost = b.CoinResourceRate, b.ShopCost
}

func loadAutoma() {
	type act struct {
		Action string
		Value  int8
	}
	var a struct {
		Board struct {
			Top              int8
			OverflowPrestige int8
			Spaces           map[string][]*act
			Links            []struct {
				Tracks [2]string
				Row    int8
				Action act
			}
		}
		Deck []struct{ Colour, Arrow, Tile string }
	}
	load("automa.json", &a)
	automaTop, automaOverflow = a.Board.Top, a.Board.OverflowPrestige
	for name, spaces := range a.Board.Spaces {
		c := colour(name)
		for i, sp := range spaces {
			if sp != nil {
				automaSpaces[c][i] = AutomaAction{Kind: sp.Action, Value: sp.Value}
			}
		}
	}
	for _, l := range a.Board.Links {
		automaLinks = append(automaLinks, AutomaLink{A: colour(l.Tracks[0]), B: colour(l.Tracks[1]), Row: l.Row,
			Action: AutomaAction{Kind: l.Action.Action, Value: l.Action.Value}})
	}
	tileIDs := make([]string, len(tiles))
	for i, t := range tiles {
		tileIDs[i] = t.ID
	}
	for _, c := range a.Deck {
		automaDeck = append(automaDeck, AutomaCard{Colour: colour(c.Colour), Up: c.Arrow == "up", Tile: int8(index(tileIDs, c.Tile))})
	}
}
