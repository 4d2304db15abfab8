package greatharbor

import (
	"testing"

	"harbor"
	"harbor/game"
)

// TestClauses checks the clauses that need only a short scenario each.
func TestClauses(t *testing.T) {
	for _, tc := range []struct {
		name  string
		check func(t *testing.T)
	}{
		{"GH-007 dyes and pigments are one luxury", func(t *testing.T) {
			if len(luxNames) != 4 || luxNames[dyes] != "dyes" {
				t.Fatal(luxNames)
			}
		}},
		{"GH-008 ship meeples match docks I to III", func(t *testing.T) {
			s := actionState(t, 2, "")
			c := shipID("S7")
			s.Players[0].HandShips = bit(c)
			s.Players[0].Res = [numRes]int8{planks: 1, sails: 1}
			apply(t, s, Move{Type: mvPlayShip, Card: c, Dock: 2})
			if s.Players[0].Ships[2].Card != c || s.Players[0].Ships[0].Card != -1 {
				t.Fatal("the ship is not on dock III")
			}
		}},
		{"GH-014 Dice Bonus tiles form a shuffled stack", func(t *testing.T) {
			seen := map[int8]bool{}
			s := newGame(t, 2, 8, "")
			for _, x := range s.BonusTiles {
				seen[x] = true
			}
			if len(seen) != 6 || s.BonusIdx != 0 {
				t.Fatal(s.BonusTiles)
			}
		}},
		{"GH-016 the Pirate deck holds all ten cards", func(t *testing.T) {
			s := newGame(t, 2, 8, "")
			var n [4]int
			for _, c := range s.PirateDeck[:s.PirateN] {
				n[c]++
			}
			if n != [4]int{2, 3, 3, 2} {
				t.Fatal(n)
			}
		}},
		{"GH-017 each colony starts with three docks and three markers", func(t *testing.T) {
			s := newGame(t, 3, 8, "")
			for i := range s.N {
				p := &s.Players[i]
				if p.markersFree() != 3 || p.Ships[2].Card != -1 || p.Huts != 0 || p.Insula != 0 {
					t.Fatal(p)
				}
			}
		}},
		{"GH-018 Senate markers start on every track", func(t *testing.T) {
			s := newGame(t, 4, 8, "")
			for i := range s.N {
				if s.Players[i].Senate != [numColours]int8{} {
					t.Fatal(s.Players[i].Senate)
				}
			}
		}},
		{"GH-019 each player gets a different Governor", func(t *testing.T) {
			s := newGame(t, 3, 8, `{"automa":true}`)
			seen := map[int8]bool{s.Bot.Governor: true}
			for i := range s.N {
				seen[s.Players[i].Governor] = true
			}
			if len(seen) != 4 {
				t.Fatal("governors repeat")
			}
		}},
		{"GH-024 the first Anchor is drawn at random", func(t *testing.T) {
			seen := map[int8]bool{}
			for seed := uint64(0); seed < 40; seed++ {
				seen[newGame(t, 4, seed, "").Anchor] = true
			}
			if len(seen) != 4 {
				t.Fatal(seen)
			}
		}},
		{"GH-027 GH-028 turn phases and End of Round after turn B", func(t *testing.T) {
			s := newGame(t, 2, 8, "")
			var kinds []string
			r := game.NewRand(1)
			playRandom(t, s, &r, func(log *game.Log) {
				for _, e := range log.Events {
					if e.Type == "roll" || e.Type == "round_end" {
						kinds = append(kinds, e.Type)
					}
				}
			})
			// Setup rolled the first turn; then B, end, A, B, end, ...
			want := []string{"roll", "round_end", "roll", "roll", "round_end", "roll", "roll", "round_end", "roll", "roll", "round_end", "roll", "roll", "round_end"}
			if len(kinds) != len(want) {
				t.Fatalf("events %v", kinds)
			}
			for i := range want {
				if kinds[i] != want[i] {
					t.Fatalf("events %v", kinds)
				}
			}
		}},
		{"GH-038 a tie goes to the Anchor holder first", func(t *testing.T) {
			s := newGame(t, 3, 1, "")
			for id := range s.Dice {
				s.Dice[id] = Die{Loc: locBag}
			}
			for seat, id := range [3]int8{0, 2, 4} {
				draftTo(s, int8(seat), id, 3)
				draftTo(s, int8(seat), id+1, 3)
			}
			s.Anchor = 2
			s.finishDraft(nil)
			if [3]int8(s.Order[:3]) != [3]int8{2, 0, 1} {
				t.Fatal(s.Order)
			}
		}},
		{"GH-040 GH-042 a seat finishes its whole turn, mixing Govern actions and placements", func(t *testing.T) {
			s := actionState(t, 2, "")
			p := &s.Players[0]
			p.Res = [numRes]int8{5, 5, 5, 5}
			a, b := dieOf(s, red), dieOf(s, blue)
			draftTo(s, 0, a, 1)
			draftTo(s, 0, b, 1)
			apply(t, s, Move{Type: mvConstruct, Structure: 0})
			apply(t, s, Move{Type: mvPlace, Die: a, Slot: district})
			apply(t, s, Move{Type: mvConstruct, Structure: 3})
			apply(t, s, Move{Type: mvPlace, Die: b, Slot: district})
			apply(t, s, Move{Type: mvConstruct, Structure: 1})
			if s.actor() != 0 {
				t.Fatal("the turn passed before end")
			}
			apply(t, s, Move{Type: mvEnd})
			if s.actor() != 1 {
				t.Fatal("end passes the turn")
			}
		}},
		{"GH-045 a shore slot activates its one tile", func(t *testing.T) {
			s := actionState(t, 2, "")
			slot := shoreOf(0)
			s.Accept[slot] = 0xF
			die := dieOf(s, red)
			draftTo(s, 0, die, 6)
			if err := s.Apply(0, Move{Type: mvPlace, Die: die, Slot: slot, First: 3, Second: 3}, nil); harbor.ErrorCode(err) != harbor.EIllegal {
				t.Fatal("pips assigned to a second tile of a shore slot")
			}
		}},
		{"GH-050 twelve shore slots and twelve interior slots", func(t *testing.T) {
			shore := 0
			for _, g := range slotGeoms {
				if g.Shore {
					shore++
				}
			}
			if shore != 12 {
				t.Fatal(shore)
			}
		}},
		{"GH-052 no shore dice, no fee", func(t *testing.T) {
			s := actionState(t, 2, "")
			putOn(s, dieOf(s, red), shared(0, 1), 6)
			if s.fee(0) != 0 || s.fee(1) != 0 {
				t.Fatal("an interior die set a fee")
			}
		}},
		{"GH-060 spending moves the marker down", func(t *testing.T) {
			s := actionState(t, 2, "")
			p := &s.Players[0]
			p.Res = [numRes]int8{planks: 3, metal: 2}
			apply(t, s, Move{Type: mvConstruct, Structure: 4})
			if p.Res != [numRes]int8{planks: 1, metal: 1} {
				t.Fatal(p.Res)
			}
		}},
		{"GH-062 GH-063 GH-065 offices pay Colonists and Favor", func(t *testing.T) {
			s := actionState(t, 2, "")
			s.gain(0, &tiles[tileID("COLONISTS_OFFICE")].Tiers[2], 0)
			s.gain(0, &tiles[tileID("FORUM")].Tiers[2], 0)
			if p := &s.Players[0]; p.Free != 3 || p.Favor != 3 {
				t.Fatalf("free %d favor %d", p.Free, p.Favor)
			}
		}},
		{"GH-067 GH-068 the Administration Office fills the hand without limit", func(t *testing.T) {
			s := actionState(t, 2, "")
			for range 4 {
				s.gain(0, &tiles[tileID("ADMINISTRATION_OFFICE")].Tiers[2], 0)
				apply(t, s, Move{Type: mvPick, Choice: 0})
			}
			if cardCount(s.Players[0].HandPeople) != 8 {
				t.Fatal(cardCount(s.Players[0].HandPeople))
			}
		}},
		{"GH-070 the Shipyard tier is the ship size", func(t *testing.T) {
			s := actionState(t, 2, "")
			l := s.ShipDisplay[large]
			s.gain(0, &tiles[shipyardTile].Tiers[2], 0)
			if s.Players[0].HandShips != bit(l) {
				t.Fatal("not the large ship")
			}
		}},
		{"GH-073 GH-075 GH-076 the District takes any dice and pays each time", func(t *testing.T) {
			s := actionState(t, 2, "")
			for c := int8(0); c < numColours; c++ {
				die := dieOf(s, c)
				draftTo(s, 0, die, 1)
				apply(t, s, Move{Type: mvPlace, Die: die, Slot: district})
			}
			if s.Players[0].Smuggler != 4 {
				t.Fatal(s.Players[0].Smuggler)
			}
		}},
		{"GH-079 the twelve Govern actions", func(t *testing.T) {
			s := actionState(t, 2, "")
			p := &s.Players[0]
			p.Res, p.Favor, p.Coins, p.Free = [numRes]int8{5, 5, 5, 5}, 2, 4, 4
			s.SupplyColonists -= 4
			p.HandPeople, p.HandBuildings, p.HandShips = bit(personNumber(22)), bit(buildingNumber(8)), bit(shipID("M1"))
			p.People[1][0] = personNumber(20)
			p.Buildings = bit(buildingNumber(17))
			giveShip(s, 0, 0, "S2")
			p.Ships[0].Damage = 1
			draftTo(s, 0, dieOf(s, red), 3)
			seen := map[string]bool{}
			for _, m := range s.Legal(0, nil) {
				seen[m.Type] = true
			}
			for _, ty := range []string{mvPlayPerson, mvPlayBuilding, mvActivate, mvConstruct, mvFavorPip, mvFavorSenate,
				mvProduce, mvEmploy, mvCrew, mvPlayShip, mvRepair, mvSend, mvConvert, mvConvertCard} {
				if !seen[ty] {
					t.Errorf("%s missing", ty)
				}
			}
		}},
		{"GH-084 GH-086 GH-088 GH-089 Person cards cost nothing; markers stay; three markers", func(t *testing.T) {
			s := actionState(t, 2, "")
			p := &s.Players[0]
			p.Insula = 7
			p.Res = [numRes]int8{2, 2, 2, 2}
			for _, c := range [][2]int{{20, 0}, {13, 0}, {24, 1}, {22, 2}} {
				card := personNumber(c[0])
				p.HandPeople |= bit(card)
				apply(t, s, Move{Type: mvPlayPerson, Card: card, Column: int8(c[1])})
			}
			for _, r := range p.Res {
				if r < 2 {
					t.Fatal("a Person cost something")
				}
			}
			apply(t, s, Move{Type: mvActivate, Person: 0})
			apply(t, s, Move{Type: mvActivate, Person: 2, Track: red, Track2: red})
			apply(t, s, Move{Type: mvActivate, Person: 4})
			if err := s.Apply(0, Move{Type: mvActivate, Person: 1}, nil); harbor.ErrorCode(err) != harbor.EIllegal {
				t.Fatal("a fourth activation with three markers")
			}
			s.endOfRound(nil)
			if !p.Marked[0][0] {
				t.Fatal("markers stay until retrieved")
			}
		}},
		{"GH-090 GH-091 GH-103 a Building is paid; an employed Colonist is no longer free", func(t *testing.T) {
			s := actionState(t, 2, "")
			p := &s.Players[0]
			b := buildingNumber(17)
			p.HandBuildings = bit(b)
			p.Res = [numRes]int8{rope: 1, sails: 1}
			p.Free = 1
			s.SupplyColonists--
			apply(t, s, Move{Type: mvPlayBuilding, Card: b})
			apply(t, s, Move{Type: mvEmploy, Card: b, Track: blue})
			if p.Res != [numRes]int8{} || p.Free != 0 || p.Senate[purple] != 1 || p.Senate[blue] != 1 {
				t.Fatal(p)
			}
		}},
		{"GH-109 ship cards carry every stat", func(t *testing.T) {
			for _, sh := range ships {
				if sh.Speed < 1 || sh.Strength < 1 || sh.Cargo < 1 || sh.Hull < 1 || sh.Prestige < 1 || costSum(sh.Cost) == 0 {
					t.Fatal(sh)
				}
			}
		}},
		{"GH-110 GH-112 GH-116 a played ship docks; a sent ship is at sea", func(t *testing.T) {
			s := actionState(t, 2, "")
			p := &s.Players[0]
			c := shipID("S5")
			p.HandShips = bit(c)
			p.Res = [numRes]int8{planks: 2, metal: 1}
			apply(t, s, Move{Type: mvPlayShip, Card: c, Dock: 1})
			if p.Ships[1].Where != shipDocked || p.Res != [numRes]int8{} {
				t.Fatal(p.Ships[1])
			}
			apply(t, s, Move{Type: mvSend, Dock: 1})
			if p.Ships[1].Where != shipOut || p.Ships[1].Seg != 0 || s.SegOwner[0][0] != 0 {
				t.Fatal(p.Ships[1])
			}
		}},
		{"GH-122 GH-126 GH-129 GH-134 segments in order, trade or continue", func(t *testing.T) {
			s := actionState(t, 2, "")
			giveShip(s, 0, 0, "L1")
			s.send(0, 0)
			stackPirates(s, 0, 0, 0)
			startVoyageNow(s)
			if s.Revealed[0] < 0 || s.Revealed[1] >= 0 {
				t.Fatal(s.Revealed)
			}
			apply(t, s, Move{Type: mvContinue})
			apply(t, s, Move{Type: mvTrade})
			if s.Players[0].Prestige != 2 || s.Phase != phaseDraft {
				t.Fatalf("segment 2 pays 2 Prestige, and the voyage ends: %d", s.Players[0].Prestige)
			}
		}},
		{"GH-131 Pirate discards are public", func(t *testing.T) {
			s := actionState(t, 2, "")
			s.PirateDisc[0], s.PirateDiscN = 3, 1
			if v := s.View(game.Public); v.PirateDiscN != 1 || v.PirateDisc[0] != 3 {
				t.Fatal("discards hidden")
			}
		}},
		{"GH-135 a luxury delivery scores the segment again", func(t *testing.T) {
			s := actionState(t, 2, "")
			giveShip(s, 0, 0, "M1")
			s.send(0, 0)
			s.Demand[1], s.Demand[2] = marble, -1
			s.Players[0].Lux[marble] = 1
			stackPirates(s, 0, 0)
			startVoyageNow(s)
			apply(t, s, Move{Type: mvContinue})
			apply(t, s, Move{Type: mvTrade, Deliver: true, Lux: marble})
			if s.Players[0].Prestige != 4 || s.Players[0].Coins != 4 {
				t.Fatalf("prestige %d coins %d", s.Players[0].Prestige, s.Players[0].Coins)
			}
		}},
		{"GH-137 GH-143 four Senate tracks; two-colour Governors", func(t *testing.T) {
			if len(bonusTiles[0]) != 4 {
				t.Fatal("tracks")
			}
			for _, g := range governors {
				if g.Top == g.Bottom {
					t.Fatal(g)
				}
			}
		}},
		{"GH-144 GH-157 Governor pairs are the smaller count", func(t *testing.T) {
			s := actionState(t, 2, "")
			p := &s.Players[0]
			gov := &governors[p.Governor]
			p.ColourCards[gov.Top], p.ColourCards[gov.Bottom] = 4, 1
			if s.PlayerScore(0).Governor != 1 {
				t.Fatal(s.PlayerScore(0))
			}
		}},
		{"GH-158 GH-159 GH-160 GH-161 scoring steps add up", func(t *testing.T) {
			s := actionState(t, 2, "")
			p := &s.Players[0]
			p.Huts, p.Insula = 1, 3
			p.Buildings = bit(bOdeon)
			p.Smuggler, p.Prestige = 3, 4
			sc := s.PlayerScore(0)
			if sc.Structures != 4 || sc.EndGame != 1 || sc.Smuggler != 3 || sc.Tokens != 4 || sc.Total != sc.Cards+4+1+3+4 {
				t.Fatal(sc)
			}
		}},
		{"GH-170 GH-171 GH-172 Automa setup", func(t *testing.T) {
			s := newGame(t, 2, 8, `{"automa":true}`)
			if s.total() != 3 || int(s.Bot.DeckN)+int(s.Bot.DiscardN) != 28 || s.Bot.Governor == s.Players[0].Governor {
				t.Fatal(s.Bot)
			}
			for _, c := range automaDeck {
				if c.Tile < 0 || int(c.Tile) >= len(tiles) {
					t.Fatal(c)
				}
			}
		}},
		{"GH-176 GH-177 the Automa deck reshuffles when empty", func(t *testing.T) {
			s := automaState(t)
			a := &s.Bot
			for a.DeckN > 0 {
				s.automaDiscardTop()
			}
			s.Dice[0] = Die{Face: 2, Loc: locPool}
			s.automaDraft(nil)
			if a.DeckN+a.DiscardN != 28 || a.DeckN == 0 {
				t.Fatalf("deck %d discard %d", a.DeckN, a.DiscardN)
			}
		}},
		{"GH-184 GH-191 the Automa pays nothing and gains Prestige", func(t *testing.T) {
			s := automaState(t)
			s.automaAct(AutomaAction{Kind: "prestige", Value: 3}, AutomaStep{}, nil)
			s.automaAct(AutomaAction{Kind: "building"}, AutomaStep{}, nil)
			if s.Bot.Prestige != 3 || s.Bot.Buildings == 0 {
				t.Fatal(s.Bot)
			}
		}},
		{"GH-192 GH-193 the Automa takes no Action turn and sends its docked ships", func(t *testing.T) {
			s := newGame(t, 1, 3, "")
			s.Bot.Ships[0] = Ship{Card: shipID("L1")}
			for s.Phase == phaseDraft {
				apply(t, s, s.Legal(0, nil)[0])
			}
			if s.N != 1 || s.Order[0] != 0 {
				t.Fatal(s.Order)
			}
			for s.Phase == phaseAction {
				legal := s.Legal(0, nil)
				m := legal[0]
				for _, l := range legal {
					if l.Type == mvEnd {
						m = l
					}
				}
				apply(t, s, m)
			}
			if s.Bot.Ships[0].Where == shipDocked && s.Bot.Prestige == 0 && s.Revealed == [3]int8{-1, -1, -1} && s.PirateDiscN == 0 {
				t.Fatal("the Automa ship did not sail")
			}
		}},
		{"GH-203 Voyage Person cards wait for the Voyage", func(t *testing.T) {
			s := actionState(t, 2, "")
			s.Players[0].People[0][0] = personNumber(19)
			if err := s.Apply(0, Move{Type: mvActivate, Person: 0}, nil); harbor.ErrorCode(err) != harbor.EIllegal {
				t.Fatal("the Diplomat was activated in the Action phase")
			}
		}},
	} {
		t.Run(tc.name, tc.check)
	}
}
