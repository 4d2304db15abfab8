// Package holdings is the rules engine of Harbor Holdings, the property
// trading game: two to six players move round a forty-space board, buy
// districts, collect rent, improve streets and trade, until one player is
// left solvent or the round limit ends the game on net worth.
//
// The rule clauses HH-01..HH-79 and the gaps HH-G1..HH-G34 are those of the
// rules notes; docs/rules/holdings.md records every choice made here.
package holdings

import (
	"encoding/json"

	"harbor/game"
)

// ID is the game's registry id.
const ID = "holdings"

// MaxPlayers is the largest table Harbor Holdings seats (HH-G5).
const MaxPlayers = 6

// Money rules of the rulebook.
const (
	StartCash       = 1500 // HH-02
	GateBonus       = 200  // HH-05, HH-06
	ImprovementCost = 70   // HH-24
	MaxImprovements = 5    // HH-27
	SaleBonusPerLvl = 35   // HH-44: an automatic sale pays price/2 + 35 per improvement
	MaxRoundLimit   = 100
)

// Sale orders of the automatic sale (HH-G18).
const (
	SaleByPrice = "price" // lowest printed price first (the rulebook's "cheapest")
	SaleByValue = "value" // lowest sale value first (the alternative reading)
)

// Options are the named rules options: the gaps of the rulebook that the
// notes resolve one way but a table might want the other. info.Options
// states each one's default and range.
type Options struct {
	// RoundLimit is the number of full rounds after which net worth decides
	// (HH-70, HH-G26).
	RoundLimit int `json:"roundLimit"`
	// DoubleImprovedRent doubles the whole rent of an improved street whose
	// group is complete; off, only unimproved streets double (HH-19, HH-G11).
	DoubleImprovedRent bool `json:"doubleImprovedRent"`
	// GateBonusOnLanding pays the Gate bonus for ending a move exactly on
	// Harbor Gate, not only for passing it (HH-06, HH-G8).
	GateBonusOnLanding bool `json:"gateBonusOnLanding"`
	// SaleOrder orders the automatic sale: "price" (cheapest printed price
	// first) or "value" (lowest sale value first) (HH-45, HH-G18).
	SaleOrder string `json:"saleOrder"`
	// OneSidedTrades lets a trade give items in one direction only (a gift);
	// off, each side must give at least one item (HH-55, HH-G22).
	OneSidedTrades bool `json:"oneSidedTrades"`
}

var info = game.Info{
	ID: ID, Name: "Harbor Holdings", MinPlayers: 2, MaxPlayers: MaxPlayers, Minutes: "45-60",
	Summary: "Buy districts round the harbor, collect rent, improve streets and trade; " +
		"the last solvent player, or the richest after twenty rounds, wins.",
	Options: []game.Option{
		{Key: "roundLimit", Label: "Rounds", Help: "Net worth decides after this many rounds.", Kind: "int", Default: 20, Min: 1, Max: MaxRoundLimit},
		{Key: "doubleImprovedRent", Label: "Full groups double improved rent", Kind: "bool", Default: true},
		{Key: "gateBonusOnLanding", Label: "Landing on Harbor Gate pays 200", Kind: "bool", Default: true},
		{Key: "saleOrder", Label: "Automatic sale order", Kind: "choice", Default: SaleByPrice, Choices: []game.Choice{
			{Value: SaleByPrice, Label: "Lowest price first"}, {Value: SaleByValue, Label: "Lowest sale value first"}}},
		{Key: "oneSidedTrades", Label: "Allow one-sided trades (gifts)", Kind: "bool", Default: false},
	},
	Test: game.Test{
		Quick: json.RawMessage(`{"roundLimit":8}`),
		Variety: []game.Setup{
			{Players: 2, Options: json.RawMessage(`{"oneSidedTrades":true}`)},
			{Players: 6, Options: json.RawMessage(`{}`)},
		},
	},
}

// Rules are Harbor Holdings' rules for game.Define.
var Rules = game.Rules[*State, Move, View]{
	Info:    info,
	Setup:   Setup,
	NewBot:  func(seat game.Seat, seed uint64) game.Bot[Move, View] { return NewBot(seat, seed) },
	Fork:    Fork,
	Reveals: Reveals,
}

// Definition is Harbor Holdings with its types erased.
var Definition = game.Define(Rules)

func init() { game.Register(Definition) }

// Setup seats the players at Harbor Gate with 1,500 Coins each, shuffles the
// turn order (HH-G6) and then both Dispatch decks (HH-35), in that order,
// from the generator seeded with cfg.Seed.
func Setup(cfg game.Config) (*State, error) {
	if err := game.CheckPlayers(info, cfg.Players); err != nil {
		return nil, err
	}
	var opts Options
	if err := game.DecodeOptions(info, cfg.Options, &opts); err != nil {
		return nil, err
	}
	n := len(cfg.Players)
	s := &State{Opts: opts, Players: int8(n), Round: 1, Landed: -1, Rand: game.NewRand(cfg.Seed)}
	s.LastCard = LastCard{Deck: -1, Card: -1}
	for i, p := range cfg.Players {
		s.Names = append(s.Names, p.Name)
		s.Order[i] = int8(i)
		s.Cash[i] = StartCash
	}
	s.Rand.Shuffle(n, func(i, j int) { s.Order[i], s.Order[j] = s.Order[j], s.Order[i] })
	for d := range s.Decks {
		p := &s.Decks[d]
		for i := range p.Cards {
			p.Cards[i] = int8(i)
		}
		s.Rand.Shuffle(DeckSize, func(i, j int) { p.Cards[i], p.Cards[j] = p.Cards[j], p.Cards[i] })
	}
	for i := range s.Owner {
		s.Owner[i] = -1
	}
	s.recordHistory(0)
	return s, nil
}
