package holdings

import (
	_ "embed"
	"encoding/json"
	"fmt"
)

// NumSpaces is the number of spaces on the board, numbered clockwise from
// Harbor Gate (HH-03).
const NumSpaces = 40

// Space indexes the rules refer to by position.
const (
	GateSpace    = 0  // Harbor Gate: start, +200 for passing or landing
	CustomsSpace = 10 // Customs House: where Port Inspection sends a token
)

// Kinds of space on the board.
const (
	KindGate       = "gate"
	KindStreet     = "street"
	KindFerry      = "ferry"
	KindUtility    = "utility"
	KindDispatch   = "dispatch"
	KindLevy       = "levy"
	KindCustoms    = "customs"
	KindFestival   = "festival"
	KindInspection = "inspection"
)

// Space is one space of the board as printed: the board data the web client
// draws from. Price and Rent are zero on spaces nobody can own; Rent is the
// base rent of a street, or the rent per owned ferry or utility. Amount is
// what a levy charges, Festival Square grants or Port Inspection charges.
// Deck is the Dispatch deck a Dispatch space draws from (0 or 1).
type Space struct {
	Name   string `json:"name"`
	Kind   string `json:"kind"`
	Group  string `json:"group,omitempty"`
	Price  int    `json:"price,omitempty"`
	Rent   int    `json:"rent,omitempty"`
	Amount int    `json:"amount,omitempty"`
	Deck   int    `json:"deck,omitempty"`
}

// Ownable reports whether the space is a district: a street, ferry or
// utility (HH-15).
func (sp Space) Ownable() bool {
	return sp.Kind == KindStreet || sp.Kind == KindFerry || sp.Kind == KindUtility
}

//go:embed board.json
var boardJSON []byte

// board is the parsed board data; kinds, groups and masks are derived from it
// once so the rules never compare strings in the hot path.
var board = mustLoadBoard(boardJSON)

type kind uint8

const (
	kGate kind = iota
	kStreet
	kFerry
	kUtility
	kDispatch
	kLevy
	kCustoms
	kFestival
	kInspection
)

var kindByName = map[string]kind{
	KindGate: kGate, KindStreet: kStreet, KindFerry: kFerry, KindUtility: kUtility,
	KindDispatch: kDispatch, KindLevy: kLevy, KindCustoms: kCustoms, KindFestival: kFestival,
	KindInspection: kInspection,
}

type boardData struct {
	spaces   []Space
	kind     [NumSpaces]kind
	price    [NumSpaces]int32
	rent     [NumSpaces]int32
	amount   [NumSpaces]int32
	deck     [NumSpaces]int8
	group    [NumSpaces]int8    // color group index of a street, -1 otherwise
	groups   []PropertySet      // streets of each color group
	ownable  PropertySet        // every district
	streets  PropertySet        // every street
	ferries  PropertySet        // every ferry
	utils    PropertySet        // every utility
	byPrice  [NumSpaces]int8    // districts by price, ties to the lower index
	nByPrice int                // districts in byPrice
	nearest  [2][NumSpaces]int8 // next ferry / utility clockwise from each space
}

func mustLoadBoard(raw []byte) *boardData {
	b, err := loadBoard(raw)
	if err != nil {
		panic("holdings: bad board data: " + err.Error())
	}
	return b
}

func loadBoard(raw []byte) (*boardData, error) {
	b := &boardData{}
	if err := json.Unmarshal(raw, &b.spaces); err != nil {
		return nil, err
	}
	if len(b.spaces) != NumSpaces {
		return nil, fmt.Errorf("%d spaces, want %d", len(b.spaces), NumSpaces)
	}
	groupIndex := map[string]int8{}
	for i, sp := range b.spaces {
		k, ok := kindByName[sp.Kind]
		if !ok {
			return nil, fmt.Errorf("space %d: unknown kind %q", i, sp.Kind)
		}
		b.kind[i] = k
		b.price[i] = int32(sp.Price)
		b.rent[i] = int32(sp.Rent)
		b.amount[i] = int32(sp.Amount)
		b.deck[i] = int8(sp.Deck)
		b.group[i] = -1
		if sp.Ownable() {
			if sp.Price <= 0 || sp.Price%2 != 0 || sp.Rent <= 0 {
				return nil, fmt.Errorf("space %d: a district needs an even price and a rent", i)
			}
			b.ownable = b.ownable.With(i)
		}
		switch k {
		case kStreet:
			g, ok := groupIndex[sp.Group]
			if !ok {
				g = int8(len(b.groups))
				groupIndex[sp.Group] = g
				b.groups = append(b.groups, 0)
			}
			b.group[i] = g
			b.groups[g] = b.groups[g].With(i)
			b.streets = b.streets.With(i)
		case kFerry:
			b.ferries = b.ferries.With(i)
		case kUtility:
			b.utils = b.utils.With(i)
		case kDispatch:
			if sp.Deck < 0 || sp.Deck > 1 {
				return nil, fmt.Errorf("space %d: deck %d", i, sp.Deck)
			}
		}
	}
	if b.kind[GateSpace] != kGate || b.kind[CustomsSpace] != kCustoms {
		return nil, fmt.Errorf("the board needs Harbor Gate at space 0 and Customs House at space 10")
	}
	for i := 0; i < NumSpaces; i++ {
		if !b.ownable.Has(i) {
			continue
		}
		j := b.nByPrice
		for j > 0 && b.price[b.byPrice[j-1]] > b.price[i] {
			b.byPrice[j] = b.byPrice[j-1]
			j--
		}
		b.byPrice[j] = int8(i)
		b.nByPrice++
	}
	for n, set := range [2]PropertySet{b.ferries, b.utils} {
		if set == 0 {
			return nil, fmt.Errorf("the board needs at least one ferry and one utility")
		}
		for i := 0; i < NumSpaces; i++ {
			j := (i + 1) % NumSpaces
			for !set.Has(j) {
				j = (j + 1) % NumSpaces
			}
			b.nearest[n][i] = int8(j)
		}
	}
	return b, nil
}

// Board returns the board as printed, space by space from Harbor Gate. The
// caller must not modify it.
func Board() []Space { return board.spaces }
