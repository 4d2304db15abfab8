// Package greatharbor is The Great Harbor: draft dice, place them as workers on
// the harbor's tiles, govern a colony, send ships on voyages past pirates and
// score Prestige over five rounds. It includes the Harbor Shops variant and
// the Automa, a rules-defined opponent for solo play or as an extra player.
//
// Rule clause ids (GH-001 ...) refer to shared/rules/notes/great-harbor.md;
// docs/rules/greatharbor.md records every choice the rulebook leaves open.
package greatharbor

import (
	"encoding/json"

	"harbor/game"
)

// ID is the id the game registers under.
const ID = "greatharbor"

// Options are the rules options; info.Options states each one's default
// and range.
type Options struct {
	// Automa adds the Automa as an extra opponent (GH-170). It is always
	// present in a one-player game, and allowed with at most three people.
	Automa bool `json:"automa"`
	// Shops plays the Harbor Shops variant (GH-163..169).
	Shops bool `json:"shops"`
	// Surplus is how a gain past space five resolves: "literal" (as both
	// rulebook texts say) leaves the marker where it is, "fill" fills the
	// track to five; both pay 1 Prestige (GH-061, GH-Q06).
	Surplus string `json:"surplus,omitempty"`
	// SmugglerReward keys the Smuggler's District reward by the Smuggler
	// die's "value" (GH-T11) or by its "colour" on the Dice Bonus tile (GH-Q07).
	SmugglerReward string `json:"smugglerReward,omitempty"`
	// SmugglerToken is what one Smuggler token waives: the fee of one "tile"
	// or of the whole "placement" (GH-Q05).
	SmugglerToken string `json:"smugglerToken,omitempty"`
	// StartingColonists puts that many Colonists in each colony at setup (GH-Q38).
	StartingColonists int `json:"startingColonists,omitempty"`
}

// Option values.
const (
	surplusFill         = "fill"
	surplusLiteral      = "literal"
	rewardByValue       = "value"
	rewardByColour      = "colour"
	tokenPerTile        = "tile"
	tokenPerPlacement   = "placement"
	maxStartingColonist = 4
)

var info = game.Info{
	ID: ID, Name: "The Great Harbor", MinPlayers: 1, MaxPlayers: 4, Minutes: "60-90",
	Summary: "Draft dice, work the harbor's tiles around shore fees, build a colony and send ships past pirates to trade.",
	Options: []game.Option{
		{Key: "automa", Label: "Automa opponent", Kind: "bool", Default: false, Solo: true,
			Help: "Add the Automa as an extra opponent (always on with one player; up to three people)."},
		{Key: "shops", Label: "Harbor Shops variant", Kind: "bool", Default: false,
			Help: "Players may set up shops that add pips to nearby slots and earn resources."},
		{Key: "surplus", Label: "Resource surplus", Kind: "choice", Default: surplusLiteral,
			Help:    "A gain past space five pays 1 Prestige; the marker stays where it is (rulebook), or fills to five.",
			Choices: []game.Choice{{Value: surplusLiteral, Label: "Marker stays"}, {Value: surplusFill, Label: "Fill to five"}}},
		{Key: "smugglerReward", Label: "Smuggler's District reward", Kind: "choice", Default: rewardByValue,
			Choices: []game.Choice{{Value: rewardByValue, Label: "By the Smuggler die's value"}, {Value: rewardByColour, Label: "By its color on the Dice Bonus tile"}}},
		{Key: "smugglerToken", Label: "Smuggler token", Kind: "choice", Default: tokenPerTile,
			Choices: []game.Choice{{Value: tokenPerTile, Label: "Ignores one tile's fee"}, {Value: tokenPerPlacement, Label: "Ignores every fee of one placement"}}},
		{Key: "startingColonists", Label: "Starting Colonists", Kind: "int", Default: 0, Min: 0, Max: maxStartingColonist},
	},
	Test: game.Test{
		Variety: []game.Setup{
			{Players: 1, Options: json.RawMessage(`{}`)},
			{Players: 2, Options: json.RawMessage(`{"shops":true,"automa":true}`)},
			{Players: 4, Options: json.RawMessage(`{"shops":true}`)},
		},
	},
}

// Rules are The Great Harbor's rules for game.Define.
var Rules = game.Rules[*State, Move, View]{
	Info:        info,
	Setup:       Setup,
	SetupLog:    SetupLog,
	NewBot:      func(seat game.Seat, seed uint64) game.Bot[Move, View] { return NewBot(seat, seed) },
	Determinise: Determinise,
	Fork:        Fork,
	Reveals:     Reveals,
}

// Definition is the game with its types erased.
var Definition = game.Define(Rules)

func init() { game.Register(Definition) }
