// Package greatharbor is The Great Harbor: draft dice, place them as workers on
// the harbor's tiles, govern a colony, send ships on voyages past pirates and
// score Prestige over five rounds. It includes the Harbor Shops variant and
// the Automa, a rules-defined opponent for solo play or as an extra player.
//
// Rule clause ids (GH-001 ...) refer to shared/rules/notes/great-harbor.md;
// docs/rules/greatharbor.md records every choice the rulebook leaves open.
package greatharbor

import "harbor/game"

// ID is the id the game registers under.
const ID = "greatharbor"

// Options are the rules options.
type Options struct {
	// Automa adds the Automa as an extra opponent (GH-170). It is always
	// present in a one-player game, and allowed with at most three people.
	Automa bool `json:"automa"`
	// Shops plays the Harbor Shops variant (GH-163..169).
	Shops bool `json:"shops"`
}

var info = game.Info{
	ID: ID, Name: "The Great Harbor", MinPlayers: 1, MaxPlayers: 4, Minutes: "60-90",
	Summary: "Draft dice, work the harbor's tiles around shore fees, build a colony and send ships past pirates to trade.",
	Options: []game.Option{
		{Key: "automa", Label: "Automa opponent", Kind: "bool", Default: false,
			Help: "Add the Automa as an extra opponent (always on with one player; up to three people)."},
		{Key: "shops", Label: "Harbor Shops variant", Kind: "bool", Default: false,
			Help: "Players may set up shops that add pips to nearby slots and earn resources."},
	},
}

// Rules are The Great Harbor's rules for game.Define.
var Rules = game.Rules[*State, Move, View]{
	Info:   info,
	Setup:  Setup,
	NewBot: func(seat game.Seat, seed uint64) game.Bot[Move, View] { return NewBot(seat, seed) },
}

// Definition is the game with its types erased.
var Definition = game.Define(Rules)

func init() { game.Register(Definition) }
