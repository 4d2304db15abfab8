// Package neko is Neko Harbour: The Card Game for 2 to 4 players. Players
// draft action cards, build a preparation line of action columns, sail their
// ships along it to trigger harbour rewards, and race to attractions; the
// most penguin points after two periods wins.
//
// The rules are the rulebook's, clause by clause as listed in
// docs/rules/neko.md (NK-001..NK-133); all content data (cards, harbour
// levels, ships, attractions, fishing boats) is embedded JSON.
package neko

import (
	"encoding/json"

	"harbor"
	"harbor/game"
)

// ID is the game's registry id.
const ID = "neko"

// Options are the rules options: the modules of the rulebook (NK-120..133).
type Options struct {
	// ExtraCards adds the 3 extra attractions and 2 extra Research Stations.
	ExtraCards bool `json:"extraCards"`
	// FishingBoats hands out a fishing boat to each player after each
	// intermediate scoring.
	FishingBoats bool `json:"fishingBoats"`
	// GhostShip gives each player a level-0 ghost ship worth 8 VP at the end
	// of the line.
	GhostShip bool `json:"ghostShip"`
	// Contract is the Contract promo: it has no rules text and is refused
	// (NK-133).
	Contract bool `json:"contract,omitempty"`
}

var info = game.Info{
	ID: ID, Name: "Neko Harbour", MinPlayers: 2, MaxPlayers: maxPlayers, Minutes: "30-45",
	Summary: "Draft action cards, build your preparation line, and sail your ships past hubs to the attractions.",
	Options: []game.Option{
		{Key: "extraCards", Label: "Extra cards", Help: "Three extra attractions and two extra Research Stations.", Kind: "bool", Default: false},
		{Key: "fishingBoats", Label: "Fishing boats", Help: "After each scoring, players choose a fishing boat, richest in coins first.", Kind: "bool", Default: false},
		{Key: "ghostShip", Label: "Ghost ship", Help: "A level-0 ship that scores 8 points if it reaches the end of your line.", Kind: "bool", Default: false},
	},
	Test: game.Test{
		Variety: []game.Setup{
			{Players: 2, Options: json.RawMessage(`{}`)},
			{Players: 4, Options: json.RawMessage(`{"extraCards":true,"fishingBoats":true,"ghostShip":true}`)},
		},
	},
}

// Rules are Neko Harbour's rules for game.Define.
var Rules = game.Rules[*State, Move, View]{
	Info:        info,
	Setup:       Setup,
	NewBot:      func(seat game.Seat, seed uint64) game.Bot[Move, View] { return NewBot(seat, seed) },
	Determinise: Determinise,
	Fork:        Fork,
	Reveals:     Reveals,
}

// Definition is Neko Harbour with its types erased.
var Definition = game.Define(Rules)

func init() { game.Register(Definition) }

// Setup builds the decks, harbours, ships, attractions and starting fish
// (NK-005..015). The first player is drawn at random; the others follow in
// seat order (NK-014).
func Setup(cfg game.Config) (*State, error) {
	if err := game.CheckPlayers(info, cfg.Players); err != nil {
		return nil, err
	}
	var opts Options
	if err := game.DecodeOptions(info, cfg.Options, &opts); err != nil {
		return nil, err
	}
	if opts.Contract {
		return nil, harbor.Errorf(harbor.EInvalid, "the Contract promo has no rules text and cannot be played (NK-133)")
	}
	n := len(cfg.Players)
	s := &State{N: int8(n), Opts: opts, Rand: game.NewRand(cfg.Seed), Period: 1}
	for _, p := range cfg.Players {
		s.Names = append(s.Names, p.Name)
	}
	first := s.Rand.Intn(n)
	for i := range n {
		s.Order[i] = int8((first + i) % n)
	}
	for i := range n {
		p := &s.Players[i]
		p.Harbour = 1
		for k := range numShips {
			p.Ships[k] = Ship{Loc: locSupply, Level: cat.ShipFaces[k][0]}
		}
		p.Ships[0].Loc = locHarbour
		p.Ships[ghost] = Ship{Loc: locNone}
		if opts.GhostShip {
			p.Ships[ghost].Loc = locHarbour
		}
	}
	for pos := range n {
		s.Players[s.Order[pos]].Supply[Fish] = int16(cat.StartFish[n][pos])
	}
	for period := range 2 {
		d := &s.Decks[period]
		s.DeckN[period] = int8(copy(d[:], deckCards(uint8(period+1), opts, s.N)))
		s.Rand.Shuffle(int(s.DeckN[period]), func(i, j int) { d[i], d[j] = d[j], d[i] })
	}
	var attrs [maxAttractionCards]uint8
	na := 0
	for i, a := range cat.Attractions {
		if !a.Extra || opts.ExtraCards {
			attrs[na] = uint8(i)
			na++
		}
	}
	s.Rand.Shuffle(na, func(i, j int) { attrs[i], attrs[j] = attrs[j], attrs[i] })
	s.NAttrs = int8(cat.NAttractions[n])
	for i := range s.NAttrs {
		s.Attrs[i] = Attr{Card: attrs[i]}
	}
	s.showBoats()
	s.startDraft()
	return s, nil
}
