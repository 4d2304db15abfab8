package greatharbor

// Move is one decision. Type names it; the other fields are its arguments,
// and only the ones a type uses are read (zero values are omitted in JSON).
type Move struct {
	Type      string `json:"type"`
	Die       int8   `json:"die,omitempty"`       // a die, 0..19
	Slot      int8   `json:"slot,omitempty"`      // a harbor slot 0..23, or 24 for the Smuggler's District
	To        int8   `json:"to,omitempty"`        // Port Crane target slot
	First     int8   `json:"first,omitempty"`     // pips assigned to the slot's first tile
	Second    int8   `json:"second,omitempty"`    // pips assigned to the slot's second tile
	Waive     int8   `json:"waive,omitempty"`     // Smuggler tokens spent: bit 1 first tile, bit 2 second tile
	Card      int8   `json:"card,omitempty"`      // a Person, Building, Ship or Conversion card index
	Person    int8   `json:"person,omitempty"`    // a Person place in the colony: column*2 + layer
	Column    int8   `json:"column,omitempty"`    // a colony column 0..2 (Person slot)
	Dock      int8   `json:"dock,omitempty"`      // a dock 0..2
	Stat      int8   `json:"stat,omitempty"`      // crew stat: 0 Speed, 1 Strength, 2 Cargo
	Structure int8   `json:"structure,omitempty"` // a colony structure 0..5
	Colonist  bool   `json:"colonist,omitempty"`  // put a free Colonist on the structure (-1 resource)
	Track     int8   `json:"track,omitempty"`     // a Senate track (color)
	Track2    int8   `json:"track2,omitempty"`    // Praetor's second step
	Res       int8   `json:"res,omitempty"`       // a basic resource
	Lux       int8   `json:"lux,omitempty"`       // a luxury type
	Deliver   bool   `json:"deliver,omitempty"`   // trade: hand in the luxury Lux for a Demand
	Tile      int8   `json:"tile,omitempty"`      // a Luxury Production tile 0..2
	Site      int8   `json:"site,omitempty"`      // a Shop site 0..35
	N         int8   `json:"n,omitempty"`         // units converted with a Conversion card
	Choice    int8   `json:"choice,omitempty"`    // display index, deck option, segment, keep/discard
}

// Move types.
const (
	mvDraft        = "draft"
	mvPlace        = "place"
	mvEnd          = "end"
	mvFavorPip     = "favor_pip"
	mvRetrieve     = "retrieve"
	mvFavorSenate  = "favor_senate"
	mvPlayPerson   = "play_person"
	mvPlayBuilding = "play_building"
	mvActivate     = "activate"
	mvConstruct    = "construct"
	mvProduce      = "produce"
	mvEmploy       = "employ"
	mvCrew         = "crew"
	mvPlayShip     = "play_ship"
	mvRepair       = "repair"
	mvSend         = "send"
	mvConvert      = "convert"
	mvConvertCard  = "convert_card"
	mvShop         = "shop"
	mvPick         = "pick"
	mvFlip         = "flip"
	mvStop         = "stop"
	mvCrane        = "crane"
	mvLighthouse   = "lighthouse"
	mvCorsair      = "corsair"
	mvPass         = "pass"
	mvFight        = "fight"
	mvTrade        = "trade"
	mvContinue     = "continue"
)
