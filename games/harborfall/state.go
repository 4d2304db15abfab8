// Package harborfall is the Harborfall rules engine: a hex island of
// resources, roads, settlements and cities for 3 to 6 players, with a
// computer player. Rule clause ids (HF-..) refer to
// shared/rules/notes/harborfall.md; the choices made where the rulebook is
// silent are in docs/rules/harborfall.md.
package harborfall

import (
	"encoding/json"

	"harbor/game"
)

// ID is the id Harborfall registers under.
const ID = "harborfall"

// Target is the number of points that wins (HF-68, HF-G20).
const Target = 10

// Phases of the game. The active player is the seat whose turn it is.
const (
	phaseSetup   int8 = iota // a setup settlement, then its road
	phaseRoll                // the active player rolls (or plays a card first)
	phaseDiscard             // seats over seven cards discard half (simultaneous)
	phaseRobber              // the active player moves the robber
	phaseSteal               // the active player picks a rival to steal from
	phaseMain                // trade, build, buy, play a card, end
	phaseRoads               // placing the roads of a Free roads card
	phaseOffer               // a trade offer waits for its recipient
	phaseSpecial             // 5-6 players: an extra build turn for one seat
	phaseOver
)

var phaseNames = [...]string{"setup", "roll", "discard", "robber", "steal", "main", "free_roads", "offer", "special_build", "over"}

// Options are Harborfall's rules options (see docs/rules/harborfall.md);
// info.Options states each one's default and range.
type Options struct {
	// PreRollCards lets the active player play a development card before
	// rolling (HF-G12, HF-G29).
	PreRollCards bool `json:"preRollCards"`
	// OffersPerTurn caps the trade offers the active player may make in one
	// turn, so a turn always moves on (HF-G13).
	OffersPerTurn int `json:"offersPerTurn"`
	// TurnLimit ends the game after that many turns, ranked by points, for
	// simulations only. 0 means no limit.
	TurnLimit int `json:"turnLimit"`
}

// Harbor is one harbor: the coast edge it sits on and its kind (a resource
// for 2-for-1, or GeneralHarbor for 3-for-1).
type Harbor struct {
	Edge int16 `json:"edge"`
	Kind int8  `json:"kind"`
}

// Offer is a trade the active player proposes to one other player, or to
// every other player at once (To is Everyone): From gives Give and receives
// Get. Each recipient answers; a counter names the recipient's own terms
// (HF-G13).
type Offer struct {
	From     int8                     `json:"from"`
	To       int8                     `json:"to"`
	Give     Hand                     `json:"give"`
	Get      Hand                     `json:"get"`
	Answers  [MaxPlayers]int8         `json:"answers"`  // per seat: answerWaiting, answerAccept, answerDecline, answerCounter
	Counters [MaxPlayers]CounterTerms `json:"counters"` // the terms of each seat that countered
}

// CounterTerms are a recipient's counter-offer, from its side: it gives
// Give and receives Get.
type CounterTerms struct {
	Give Hand `json:"give"`
	Get  Hand `json:"get"`
}

// State is a Harborfall game. Every board and player table is a fixed array
// sized for the largest island and six players, so copying, Legal, Apply and
// View allocate nothing.
type State struct {
	Opts    Options  `json:"opts"`
	Names   []string `json:"names"`
	Players int8     `json:"players"`
	Size    int8     `json:"size"` // 0: 19-hex island, 1: 30-hex island

	Terrain      [MaxHexes]int8     `json:"terrain"`
	Number       [MaxHexes]int8     `json:"number"`
	Robber       int8               `json:"robber"`
	Harbors      [MaxHarbors]Harbor `json:"harbors"`
	NumHarbors   int8               `json:"numHarbors"`
	CornerHarbor [MaxCorners]int8   `json:"cornerHarbor"` // harbor kind at a corner, -1 none
	Owner        [MaxCorners]int8   `json:"owner"`        // building owner, -1 none
	City         [MaxCorners]bool   `json:"city"`
	Road         [MaxEdges]int8     `json:"road"` // road owner, -1 none

	Hands       [MaxPlayers]Hand           `json:"hands"`
	Supply      Hand                       `json:"supply"`
	Deck        [34]int8                   `json:"deck"`
	DeckLen     int8                       `json:"deckLen"` // the top card is Deck[DeckLen-1]
	Dev         [MaxPlayers][NumCards]int8 `json:"dev"`     // held, unplayed
	Fresh       [MaxPlayers][NumCards]int8 `json:"fresh"`   // held and bought this turn
	Played      [MaxPlayers][NumCards]int8 `json:"played"`
	Settlements [MaxPlayers]int8           `json:"settlements"` // pieces left
	Cities      [MaxPlayers]int8           `json:"cities"`
	Roads       [MaxPlayers]int8           `json:"roads"`
	Ports       [MaxPlayers]uint8          `json:"ports"` // bit k: owns a harbor of kind k
	RoadLength  [MaxPlayers]int8           `json:"roadLength"`
	LongestRoad int8                       `json:"longestRoad"` // holder, -1 none
	LargestArmy int8                       `json:"largestArmy"` // holder, -1 none

	Phase       int8               `json:"phase"`
	Active      int8               `json:"active"` // whose turn it is; in setup, the seat placing
	First       int8               `json:"first"`
	StartRolls  [][MaxPlayers]int8 `json:"startRolls"` // setup dice totals per round, 0: did not roll
	SetupStep   int8               `json:"setupStep"`
	SetupCorner int16              `json:"setupCorner"` // settlement awaiting its road, -1 none
	Dice        [2]int8            `json:"dice"`
	Owed        [MaxPlayers]int8   `json:"owed"` // cards still to discard
	// Discards are the cards each seat has discarded so far on this seven,
	// so a discard made in several moves is logged once, when it is done.
	Discards   [MaxPlayers]Hand `json:"discards"`
	CardPlayed bool             `json:"cardPlayed"`
	FreeRoads  int8             `json:"freeRoads"`
	Return     int8             `json:"return"` // phase after the robber or free roads
	Offer      Offer            `json:"offer"`
	Offers     int8             `json:"offers"` // offers made this turn
	// Declined are the offers declined this turn, oldest first, so that an
	// offer is not made again to a player who declined it until something
	// changed (see declinedAgain).
	Declined    [MaxDeclined]Declined `json:"declined"`
	NumDeclined int8                  `json:"numDeclined"`
	Special     int8                  `json:"special"`
	SpecialLeft int8                  `json:"specialLeft"`
	Turns       int                   `json:"turns"`
	Rolled      [13]int16             `json:"rolled"` // how often each dice total came up
	History     History               `json:"history"`
	Winner      int8                  `json:"winner"`
	Reason      string                `json:"reason"`
	Rand        game.Rand             `json:"rand"`
}

// Rules are Harborfall's rules for game.Define.
var Rules = game.Rules[*State, Move, View]{
	Info:        info,
	Setup:       Setup,
	NewBot:      func(seat game.Seat, seed uint64) game.Bot[Move, View] { return NewBot(seat, seed) },
	Determinise: Determinise,
	Fork:        Fork,
	Reveals:     Reveals,
}

// Definition is Harborfall with its types erased.
var Definition = game.Define(Rules)

func init() { game.Register(Definition) }

var info = game.Info{
	ID: ID, Name: "Harborfall", MinPlayers: 3, MaxPlayers: 6, Minutes: "60-90",
	Summary: "Settle a fresh island: trade brick, lumber, wool, grain and ore, build roads, settlements and cities, and race to 10 points.",
	Options: []game.Option{
		{Key: "preRollCards", Label: "Cards before the roll", Kind: "bool", Default: true,
			Help: "The active player may play a development card before rolling."},
		{Key: "offersPerTurn", Label: "Trade offers per turn", Kind: "int", Default: 3, Min: 1, Max: 20,
			Help: "How many offers to other players the active player may make in one turn."},
		{Key: "turnLimit", Label: "Turn limit (simulations)", Kind: "int", Default: 0, Min: 0, Max: 10000,
			Help: "End the game after this many turns, ranked by points. 0: no limit."},
	},
	Test: game.Test{
		Quick: json.RawMessage(`{"turnLimit":10}`),
		Variety: []game.Setup{
			{Players: 3, Options: json.RawMessage(`{}`)},
			{Players: 6, Options: json.RawMessage(`{}`)},
		},
	},
}

func (s *State) geo() *Geometry         { return geometries[s.Size] }
func (s *State) island() *islandContent { return &content.Islands[s.Size] }
func (s *State) n() int                 { return int(s.Players) }

// Setup generates the island, shuffles the deck and rolls for the first
// player (HF-01, HF-02, HF-10, HF-12, HF-20, HF-77).
func Setup(cfg game.Config) (*State, error) {
	if err := game.CheckPlayers(info, cfg.Players); err != nil {
		return nil, err
	}
	var opts Options
	if err := game.DecodeOptions(info, cfg.Options, &opts); err != nil {
		return nil, err
	}
	s := &State{Opts: opts, Players: int8(len(cfg.Players)), Rand: game.NewRand(cfg.Seed),
		LongestRoad: -1, LargestArmy: -1, Winner: -1, SetupCorner: -1}
	for _, p := range cfg.Players {
		s.Names = append(s.Names, p.Name)
	}
	if len(cfg.Players) >= 5 {
		s.Size = 1
	}
	for c := range s.Owner {
		s.Owner[c] = -1
	}
	for e := range s.Road {
		s.Road[e] = -1
	}
	if err := s.generateIsland(); err != nil {
		return nil, err
	}
	isl := s.island()
	for r := range NumResources {
		s.Supply[r] = isl.Supply
	}
	for k, n := range isl.Deck {
		for range n {
			s.Deck[s.DeckLen] = int8(k)
			s.DeckLen++
		}
	}
	s.Rand.Shuffle(int(s.DeckLen), func(i, j int) { s.Deck[i], s.Deck[j] = s.Deck[j], s.Deck[i] })
	for p := range s.n() {
		s.Settlements[p] = content.Pieces.Settlements
		s.Cities[p] = content.Pieces.Cities
		s.Roads[p] = content.Pieces.Roads
	}
	s.rollForFirst()
	s.Active = s.First
	s.Phase = phaseSetup
	return s, nil
}

// rollForFirst rolls two dice for every player, rerolling ties among the
// highest, until one player rolled highest (HF-12, HF-G10).
func (s *State) rollForFirst() {
	rolling := game.AllSeats(s.n())
	for {
		var round [MaxPlayers]int8
		best, bestSeats := int8(0), game.SeatSet(0)
		for p := range s.n() {
			if !rolling.Has(game.Seat(p)) {
				continue
			}
			round[p] = int8(s.Rand.Die() + s.Rand.Die())
			switch {
			case round[p] > best:
				best, bestSeats = round[p], game.Seats(game.Seat(p))
			case round[p] == best:
				bestSeats = bestSeats.With(game.Seat(p))
			}
		}
		s.StartRolls = append(s.StartRolls, round)
		if bestSeats.Len() == 1 {
			s.First = int8(bestSeats.First())
			return
		}
		rolling = bestSeats
	}
}

// setupSeat is the seat placing at setup step k: seat order from the first
// player, then the exact reverse (HF-13, HF-14).
func (s *State) setupSeat(k int8) int8 {
	n := s.Players
	if k < n {
		return (s.First + k) % n
	}
	return (s.First + 2*n - 1 - k) % n
}

// Points is seat p's total, secret points included (HF-62..HF-67).
func (s *State) Points(p int) int {
	return s.visiblePoints(p) + int(s.Dev[p][CardPoint])
}

// finalPoints is p's total as everyone may see it: without Secret points,
// which are "never revealed unless it wins you the game" (HF-71), so once
// the game is over only the winner's count. A simulation stopped by its
// turn limit has no winner and ranks by full totals.
func (s *State) finalPoints(p int) int {
	if s.Phase == phaseOver && (s.Winner < 0 || int(s.Winner) == p) {
		return s.Points(p)
	}
	return s.visiblePoints(p)
}

// visiblePoints is p's total without secret points (HF-G26).
func (s *State) visiblePoints(p int) int {
	settlements := int(content.Pieces.Settlements - s.Settlements[p])
	cities := int(content.Pieces.Cities - s.Cities[p])
	pts := settlements + 2*cities // a city's settlement piece went back to its owner's supply
	if s.LongestRoad == int8(p) {
		pts += 2
	}
	if s.LargestArmy == int8(p) {
		pts += 2
	}
	return pts
}

// Clone returns a deep copy.
func (s *State) Clone() *State {
	c := *s
	c.Names = append([]string(nil), s.Names...)
	c.StartRolls = append([][MaxPlayers]int8(nil), s.StartRolls...)
	c.Rand = s.Rand.Clone()
	return &c
}

// Result reports the winner once someone reached 10 points on their own
// turn (reason "ten_points"), or the ranking when the simulation turn limit
// ran out (reason "turn_limit"). Scores are the public totals of
// finalPoints: a loser's Secret points stay hidden (HF-71).
func (s *State) Result() game.Result {
	if s.Phase != phaseOver {
		return game.Result{Turns: s.Turns}
	}
	scores := make([]int, s.n())
	for p := range scores {
		scores[p] = s.finalPoints(p)
	}
	var places []int
	var winners game.SeatSet
	if s.Winner >= 0 {
		places = make([]int, s.n())
		for p := range places {
			places[p] = 1
			if p == int(s.Winner) {
				continue
			}
			places[p] = 2
			for q := range places {
				if q != int(s.Winner) && scores[q] > scores[p] {
					places[p]++
				}
			}
		}
		winners = game.Seats(game.Seat(s.Winner))
	} else {
		places, winners = game.PlacesByScore(scores, 0)
	}
	return game.Result{Over: true, Winners: winners, Places: places, Scores: scores, Reason: s.Reason, Turns: s.Turns}
}
