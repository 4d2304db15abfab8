package greatharbor

import (
	"fmt"
	"math/bits"
	"testing"

	"harbor"
	"harbor/game"
)

// checkInvariants verifies the component and track invariants of s.
func checkInvariants(s *State) error {
	colonists := int(s.SupplyColonists) + int(s.Bot.Free)
	for _, sh := range s.Bot.Ships {
		if sh.Card >= 0 {
			colonists += bits.OnesCount8(sh.Crew)
		}
	}
	var persons, builds, shipCards [24]int
	for i := range s.N {
		p := &s.Players[i]
		for r, v := range p.Res {
			if v < 0 || v > resCap {
				return fmt.Errorf("seat %d resource %d at %d", i, r, v)
			}
		}
		if p.Free < 0 || p.Free > p.housing() {
			return fmt.Errorf("seat %d has %d free colonists for %d housing", i, p.Free, p.housing())
		}
		if p.Favor < 0 || p.Smuggler < 0 || p.Coins < 0 || p.markersFree() < 0 {
			return fmt.Errorf("seat %d negative tokens %+v", i, p)
		}
		colonists += int(p.Free) + int(p.Structural) + 2*bits.OnesCount8(p.LuxWork)
		for b := int8(0); b < int8(len(buildings)); b++ {
			if p.Employed&bit(b) != 0 {
				colonists += int(employCount(b))
			}
		}
		for d, sh := range p.Ships {
			if sh.Card < 0 {
				continue
			}
			if c := bits.OnesCount8(sh.Crew); c > int(ships[sh.Card].Hull) {
				return fmt.Errorf("seat %d dock %d crew %d over hull", i, d, c)
			}
			colonists += bits.OnesCount8(sh.Crew)
			shipCards[sh.Card]++
		}
		for c := range people {
			if p.HandPeople&bit(int8(c)) != 0 {
				persons[c]++
			}
		}
		for c := range p.People {
			for l := range p.People[c] {
				if k := p.People[c][l]; k >= 0 {
					persons[k]++
				} else if p.Marked[c][l] {
					return fmt.Errorf("seat %d marker on an empty person slot", i)
				}
			}
		}
		for b := range buildings {
			if (p.HandBuildings|p.Buildings)&bit(int8(b)) != 0 {
				builds[b]++
			}
			if p.HandBuildings&p.Buildings&bit(int8(b)) != 0 {
				return fmt.Errorf("building %d both in hand and built", b)
			}
		}
		for c := range ships {
			if p.HandShips&bit(int8(c)) != 0 {
				shipCards[c]++
			}
			if p.ShipsPlayed&bit(int8(c)) != 0 {
				onDock := false
				for _, sh := range p.Ships {
					onDock = onDock || sh.Card == int8(c)
				}
				if !onDock {
					shipCards[c]++ // retired
				}
			}
		}
		for l := range p.Lux {
			if s.luxSupply(int8(l)) < 0 {
				return fmt.Errorf("luxury %d over-supplied", l)
			}
		}
	}
	if colonists != int(supply.Colonists) {
		return fmt.Errorf("colonists total %d, want %d", colonists, supply.Colonists)
	}
	for c := range people {
		if s.Bot.People&bit(int8(c)) != 0 {
			persons[c]++
		}
	}
	for c := range buildings {
		if s.Bot.Buildings&bit(int8(c)) != 0 {
			builds[c]++
		}
	}
	for c := range ships {
		if s.Bot.AllShips&bit(int8(c)) != 0 {
			shipCards[c]++
		}
	}
	for _, c := range s.PersonDeck[:s.PersonDeckN] {
		persons[c]++
	}
	for _, c := range s.PersonDisplay {
		if c >= 0 {
			persons[c]++
		}
	}
	for _, c := range s.BuildingDeck[:s.BuildingDeckN] {
		builds[c]++
	}
	for _, c := range s.BuildingDisplay {
		if c >= 0 {
			builds[c]++
		}
	}
	for z := range s.ShipDeck {
		for _, c := range s.ShipDeck[z][:s.ShipDeckN[z]] {
			shipCards[c]++
		}
		if c := s.ShipDisplay[z]; c >= 0 {
			shipCards[c]++
		}
	}
	for c := range people {
		if persons[c] != 1 {
			return fmt.Errorf("person card %d is in %d places", c, persons[c])
		}
	}
	for c := range buildings {
		if builds[c] != 1 {
			return fmt.Errorf("building card %d is in %d places", c, builds[c])
		}
	}
	for c := range ships {
		if shipCards[c] != 1 {
			return fmt.Errorf("ship card %d is in %d places", c, shipCards[c])
		}
	}
	pirates := int(s.PirateN) + int(s.PirateDiscN)
	for _, r := range s.Revealed {
		if r >= 0 {
			pirates++
		}
	}
	if pirates != len(pirateCards) {
		return fmt.Errorf("pirate cards %d", pirates)
	}
	var demand [numLux]int8
	for _, d := range s.Demand {
		if d >= 0 {
			demand[d]++
		}
	}
	for l, n := range demand {
		if n > supply.DemandPerType {
			return fmt.Errorf("demand tiles of type %d: %d", l, n)
		}
	}
	inGame := 0
	for id, d := range s.Dice {
		if d.Loc != locBox {
			inGame++
			if d.Loc != locBag && (d.Face < 1 || d.Face > 6) {
				return fmt.Errorf("die %d face %d", id, d.Face)
			}
		}
		if d.Loc == locSlot && s.Slots[d.At] != int8(id) {
			return fmt.Errorf("die %d thinks it is on slot %d", id, d.At)
		}
	}
	if want := 4 * [5]int{0, 0, 3, 4, 5}[s.total()]; inGame != want {
		return fmt.Errorf("%d dice in the game, want %d", inGame, want)
	}
	for slot, d := range s.Slots {
		if d >= 0 && (s.Dice[d].Loc != locSlot || s.Dice[d].At != int8(slot)) {
			return fmt.Errorf("slot %d holds die %d elsewhere", slot, d)
		}
	}
	if s.Automa && int(s.Bot.DeckN)+int(s.Bot.DiscardN) != len(automaDeck) {
		return fmt.Errorf("automa cards %d", int(s.Bot.DeckN)+int(s.Bot.DiscardN))
	}
	shops := 0
	for _, o := range s.ShopOwner {
		if o >= 0 {
			shops++
		}
	}
	for i := range s.N {
		shops += int(s.Players[i].Shops)
	}
	if s.Opts.Shops && shops != int(s.N)*int(supply.Shops) {
		return fmt.Errorf("shops %d", shops)
	}
	if s.Phase != phaseOver && s.Actors().Empty() {
		return fmt.Errorf("the game waits on nobody in phase %d", s.Phase)
	}
	return nil
}

// moveTypes lists every move type, for corrupting moves.
var moveTypes = []string{mvDraft, mvPlace, mvEnd, mvFavorPip, mvRetrieve, mvFavorSenate, mvPlayPerson, mvPlayBuilding,
	mvActivate, mvConstruct, mvProduce, mvEmploy, mvCrew, mvPlayShip, mvRepair, mvSend, mvConvert, mvConvertCard, mvShop,
	mvPick, mvFlip, mvStop, mvCrane, mvLighthouse, mvCorsair, mvPass, mvFight, mvTrade, mvContinue}

// corrupt turns a legal move into one that is likely illegal.
func corrupt(m Move, r *game.Rand) Move {
	switch r.Intn(6) {
	case 0:
		m.Type = moveTypes[r.Intn(len(moveTypes))]
	case 1:
		m.Die = int8(r.Intn(24) - 2)
	case 2:
		m.Slot = int8(r.Intn(27) - 1)
		m.First += 3
	case 3:
		m.Card = int8(r.Intn(26) - 1)
	case 4:
		m.Dock, m.Structure, m.Track = int8(r.Intn(5)-1), int8(r.Intn(8)-1), int8(r.Intn(6)-1)
	default:
		m.Waive = int8(r.Intn(4))
		m.N = int8(r.Intn(30))
	}
	return m
}

// playChecked plays one random game, checking invariants after every move,
// that refused moves change nothing, and that the replay equals the game.
func playChecked(t *testing.T, n int, seed uint64, opts string) {
	cfg := cfgFor(n, seed, opts)
	s, err := Setup(cfg)
	if err != nil {
		t.Fatal(err)
	}
	r := game.NewRand(seed * 7919)
	var legal []Move
	var records []game.Record
	for steps := 0; s.Phase != phaseOver; steps++ {
		if steps > 20000 {
			t.Fatalf("seed %d: game did not end", seed)
		}
		if err := checkInvariants(s); err != nil {
			t.Fatalf("seed %d step %d: %v\nstate %s", seed, steps, err, mustJSON(t, s))
		}
		seat := s.Actors().First()
		legal = s.Legal(seat, legal[:0])
		if len(legal) == 0 {
			t.Fatalf("seed %d step %d: seat %d has no legal move", seed, steps, seat)
		}
		if steps%3 == 0 {
			bad := corrupt(legal[r.Intn(len(legal))], &r)
			probe := s.Clone()
			before := mustJSON(t, probe)
			if err := probe.Apply(seat, bad, nil); err != nil {
				if after := mustJSON(t, probe); after != before {
					t.Fatalf("seed %d: refused move %+v (%v) changed the state", seed, bad, err)
				}
				if c := harbor.ErrorCode(err); c != harbor.EIllegal && c != harbor.EInvalid {
					t.Fatalf("refused move %+v: code %s", bad, c)
				}
			} else if err := checkInvariants(probe); err != nil {
				t.Fatalf("seed %d: accepted unlisted move %+v broke an invariant: %v", seed, bad, err)
			}
			other := game.Seat((int(seat) + 1) % n)
			if n > 1 {
				if err := s.Clone().Apply(other, legal[0], nil); harbor.ErrorCode(err) != harbor.ENotYourTurn {
					t.Fatalf("seat %d acted out of turn: %v", other, err)
				}
			}
		}
		m := legal[r.Intn(len(legal))]
		if err := s.Apply(seat, m, nil); err != nil {
			t.Fatalf("seed %d step %d: legal move %+v refused: %v", seed, steps, m, err)
		}
		records = append(records, game.Record{Seat: seat, Move: []byte(mustJSON(t, m))})
	}
	if err := checkInvariants(s); err != nil {
		t.Fatalf("seed %d at the end: %v", seed, err)
	}
	g, err := game.Replay(Definition, cfg, records)
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := game.StateOf[*State, Move, View](g)
	if mustJSON(t, rs) != mustJSON(t, s) {
		t.Fatalf("seed %d: replay differs from the live game", seed)
	}
}

// TestPropertyRandomGames plays many random games with every player count
// and option, checking invariants after every move (GH-061, GH-064, GH-107,
// component counts GH-001..006), illegal moves and replays.
func TestPropertyRandomGames(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 20
	}
	for i := 0; i < games; i++ {
		n := 1 + i%4
		seed := uint64(1000 + i)
		playChecked(t, n, seed, optionsFor(n, seed))
	}
}

// FuzzRandomGame runs the same checks from fuzzed seeds; the seed corpus
// runs as a normal test.
func FuzzRandomGame(f *testing.F) {
	for _, seed := range []uint64{1, 2, 3, 42} {
		f.Add(seed, uint8(seed%4+1), seed%2 == 0, seed%3 == 0)
	}
	f.Fuzz(func(t *testing.T, seed uint64, n uint8, shops, automa bool) {
		np := int(n%4) + 1
		opts := fmt.Sprintf(`{"shops":%v,"automa":%v}`, shops, automa && np < 4)
		playChecked(t, np, seed, opts)
	})
}
