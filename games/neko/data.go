package neko

import (
	_ "embed"
	"encoding/json"
	"fmt"
)

// content.json holds every card, harbour level, ship card, attraction and
// per-player-count setup number (docs/rules/neko.md, tables NK-T1..T7).
//
//go:embed data/content.json
var contentJSON []byte

// Kind is the kind of an action card: cards of one kind share a column.
type Kind uint8

// The kinds of action card; every fishing boat is a kind of its own (NK-Q03).
const (
	PermitOffice Kind = iota
	SeasideTown
	Shipyard
	SupplyVessel
	TouristCenter
	ResearchStation
	FishingBoat
)

var kindCodes = [...]string{"PO", "ST", "SY", "SV", "TC", "RS", "FB"}
var kindNames = [...]string{"Permit Office", "Seaside Town", "Shipyard", "Supply Vessel", "Tourist Center", "Research Station", "Fishing Boat"}

func (k Kind) String() string { return kindNames[k] }

// Effect is what a card does.
type Effect uint8

// Card effects. The names match the "effect" field of content.json.
const (
	EffLicence Effect = iota // +amount licence icons once per turn
	EffCoin
	EffFuel
	EffGoodsOnArrival         // +1 goods per arriving ship
	EffGoodsOnArrivalCapacity // same, and supply limit +amount
	EffUpgradeOnArrival       // arriving ship +1 level
	EffImmediateVPPerShip     // immediate: 1 VP per ship in game
	EffEndSet                 // E: amount VP per set of 3 cards of the kind
	EffEndGoods               // E: +1 VP per goods
	EffEndHarbour             // E: VP = harbour level
	EffEndCaptain             // E: +1 VP per captain
	EffRSDeactivateBonus
	EffRSLicenceDiscount
	EffRSIncomeBonus
	EffRSBetterAttraction
	EffRSHarbourPenguin
	EffRSFlip
	EffRSBigHubGoods
	EffRSTopPlace
	EffRSFishOnMiss
	EffRSNoLimit
	EffSwapCaptainLicence
	EffSwapCaptainFishGoods
	EffSwapFish4Penguin
	EffSwapPenguinFishCaptain
	EffSwapFish3LicenceGoods
	EffEndPerPenguin
	EffEndPerLicence
	EffEndPerGoods
	EffEndPerCaptain
	EffEndHub
	numEffects
)

var effectNames = [numEffects]string{
	"licence", "coin", "fuel", "goods_on_arrival", "goods_on_arrival_capacity", "upgrade_on_arrival",
	"immediate_vp_per_ship", "end_set", "end_goods", "end_harbour", "end_captain",
	"rs_deactivate_bonus", "rs_licence_discount", "rs_income_bonus", "rs_better_attraction",
	"rs_harbour_penguin", "rs_flip", "rs_big_hub_goods", "rs_top_place", "rs_fish_on_miss", "rs_no_limit",
	"swap_captain_licence", "swap_captain_fish_goods", "swap_fish4_penguin", "swap_penguin_fish_captain",
	"swap_fish3_licence_goods", "end_per_penguin", "end_per_licence", "end_per_goods", "end_per_captain", "end_hub",
}

// Res is a kind of resource card in a player's supply.
type Res uint8

// The six decks of the general supply (NK-012). Fish, Goods and Licence are
// the resource cards that count toward the supply limit (NK-063).
const (
	Fish Res = iota
	Goods
	Licence
	Penguin // the 2 VP side of a Licence card
	Captain
	VP1 // the 1 VP side of a Captain card
	numRes
)

var resNames = [numRes]string{"fish", "goods", "licence", "penguin", "captain", "vp"}

func (r Res) String() string { return resNames[r] }

// Bundle is a count of each resource.
type Bundle [numRes]int16

// CardData is one action card or fishing boat.
type CardData struct {
	ID     string `json:"id"`
	Period int    `json:"period"`
	Kind   string `json:"kind"`
	Effect string `json:"effect"`
	Amount int    `json:"amount"`
	Dots   int    `json:"dots"`
	Hub    int    `json:"hub"`
	Module string `json:"module"`
}

// reward is an attraction or harbour reward as written in content.json.
type reward struct {
	Fish    int    `json:"fish"`
	Goods   int    `json:"goods"`
	Licence int    `json:"licence"`
	Penguin int    `json:"penguin"`
	Captain int    `json:"captain"`
	Upgrade int    `json:"upgrade"`
	Choice  string `json:"choice"`
}

func (r reward) bundle() Bundle {
	var b Bundle
	b[Fish], b[Goods], b[Licence], b[Penguin], b[Captain] = int16(r.Fish), int16(r.Goods), int16(r.Licence), int16(r.Penguin), int16(r.Captain)
	return b
}

type content struct {
	Cards   []CardData `json:"cards"`
	Harbour []struct {
		Level    int    `json:"level"`
		Cost     int    `json:"cost"`
		Captains int    `json:"captains"`
		Reward   reward `json:"reward"`
	} `json:"harbour"`
	Ships []struct {
		Faces [2]int `json:"faces"`
	} `json:"ships"`
	Attractions []struct {
		ID     string `json:"id"`
		Name   string `json:"name"`
		Better reward `json:"better"`
		Lesser reward `json:"lesser"`
		Module string `json:"module"`
	} `json:"attractions"`
	Players []struct {
		Players     int   `json:"players"`
		MaxDots     int   `json:"maxDots"`
		Attractions int   `json:"attractions"`
		StartFish   []int `json:"startFish"`
	} `json:"players"`
	SupplyLimit int `json:"supplyLimit"`
	GhostPoints int `json:"ghostPoints"`
}

// card is the compiled form of a CardData.
type card struct {
	ID     string
	Period uint8
	Kind   Kind
	Effect Effect
	Amount int8
	Dots   uint8
	Hub    int8
	Extra  bool // part of the Extra cards module
	Boat   bool
}

// attraction is the compiled form of an attraction card.
type attraction struct {
	ID, Name       string
	Better, Lesser Bundle
	BetterUpgrade  int8
	LesserUpgrade  int8
	BetterChoice   uint8 // choiceNone, choiceHalfMoon or choiceNeko
	Extra          bool
}

const (
	choiceNone uint8 = iota
	choiceHalfMoon
	choiceNeko
)

// Catalogue is the compiled content every game reads.
type catalogue struct {
	Cards        []card
	Harbour      [maxHarbour + 1]harbourLevel // index = level
	ShipFaces    [numShips][2]int8
	Attractions  []attraction
	MaxDots      [maxPlayers + 1]uint8
	NAttractions [maxPlayers + 1]uint8
	StartFish    [maxPlayers + 1][maxPlayers]int8
	SupplyLimit  int
	GhostPoints  int
}

type harbourLevel struct {
	Cost     int8
	Captains int8
	Reward   Bundle
}

const (
	maxPlayers = 4
	maxHarbour = 5
	numShips   = 6
)

var cat = mustCompile(contentJSON)

func mustCompile(raw []byte) *catalogue {
	c, err := compile(raw)
	if err != nil {
		panic("neko: bad content.json: " + err.Error())
	}
	return c
}

func compile(raw []byte) (*catalogue, error) {
	var in content
	if err := json.Unmarshal(raw, &in); err != nil {
		return nil, err
	}
	out := &catalogue{SupplyLimit: in.SupplyLimit, GhostPoints: in.GhostPoints}
	if len(in.Cards) > 250 {
		return nil, fmt.Errorf("%d cards do not fit a card number", len(in.Cards))
	}
	for _, d := range in.Cards {
		k := -1
		for i, code := range kindCodes {
			if code == d.Kind {
				k = i
			}
		}
		e := -1
		for i, name := range effectNames {
			if name == d.Effect {
				e = i
			}
		}
		if k < 0 || e < 0 {
			return nil, fmt.Errorf("card %s: unknown kind %q or effect %q", d.ID, d.Kind, d.Effect)
		}
		out.Cards = append(out.Cards, card{ID: d.ID, Period: uint8(d.Period), Kind: Kind(k), Effect: Effect(e),
			Amount: int8(d.Amount), Dots: uint8(d.Dots), Hub: int8(d.Hub), Extra: d.Module == "extra", Boat: d.Module == "boats"})
	}
	if len(in.Harbour) != maxHarbour {
		return nil, fmt.Errorf("want %d harbour levels, have %d", maxHarbour, len(in.Harbour))
	}
	for i, h := range in.Harbour {
		out.Harbour[i+1] = harbourLevel{Cost: int8(h.Cost), Captains: int8(h.Captains), Reward: h.Reward.bundle()}
	}
	if len(in.Ships) != numShips {
		return nil, fmt.Errorf("want %d ship cards, have %d", numShips, len(in.Ships))
	}
	for i, s := range in.Ships {
		if s.Faces[0]+s.Faces[1] != 7 {
			return nil, fmt.Errorf("ship %d: faces must sum to 7 (NK-051)", i)
		}
		out.ShipFaces[i] = [2]int8{int8(s.Faces[0]), int8(s.Faces[1])}
	}
	for _, a := range in.Attractions {
		at := attraction{ID: a.ID, Name: a.Name, Better: a.Better.bundle(), Lesser: a.Lesser.bundle(),
			BetterUpgrade: int8(a.Better.Upgrade), LesserUpgrade: int8(a.Lesser.Upgrade), Extra: a.Module == "extra"}
		switch a.Better.Choice {
		case "":
		case "halfmoon":
			at.BetterChoice = choiceHalfMoon
		case "neko":
			at.BetterChoice = choiceNeko
		default:
			return nil, fmt.Errorf("attraction %s: unknown choice %q", a.ID, a.Better.Choice)
		}
		out.Attractions = append(out.Attractions, at)
	}
	if len(out.Attractions) > maxAttractionCards {
		return nil, fmt.Errorf("too many attractions")
	}
	for _, p := range in.Players {
		if p.Players < 2 || p.Players > maxPlayers || len(p.StartFish) != p.Players {
			return nil, fmt.Errorf("bad player-count entry for %d players", p.Players)
		}
		out.MaxDots[p.Players] = uint8(p.MaxDots)
		out.NAttractions[p.Players] = uint8(p.Attractions)
		for i, f := range p.StartFish {
			out.StartFish[p.Players][i] = int8(f)
		}
	}
	return out, nil
}

// maxAttractionCards bounds the attraction deck (5 base + 3 extra).
const maxAttractionCards = 8
