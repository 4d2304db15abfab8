package greatharbor

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"harbor"
	"harbor/game"
)

// TestGH079_WrongPhaseMessages checks that a move made in the wrong phase is
// refused with the clause of that phase and says in player words what was
// tried and what the phase allows.
func TestGH079_WrongPhaseMessages(t *testing.T) {
	for _, c := range []struct {
		name  string
		phase int8
		move  Move
		rule  string
		words string
	}{
		{"GH-032 a Ship card during the draft", phaseDraft, Move{Type: mvPlayShip}, "GH-032", "play a Ship card during the draft"},
		{"GH-079 a battle during the Action turn", phaseAction, Move{Type: mvFight}, "GH-079", "fight the pirates during your Action turn"},
		{"GH-079 a draft during the Action turn", phaseAction, Move{Type: mvDraft}, "GH-079", "draft a die"},
		{"GH-120 a placement after the last voyage", phaseFinalConvert, Move{Type: mvPlace}, "GH-120", "only Convert Coins"},
		{"GH-120 Favor after the last voyage", phaseFinalConvert, Move{Type: mvFavorPip}, "GH-120", "spend Favor on a die"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := actionState(t, 2, "")
			s.Phase = c.phase
			if c.phase == phaseDraft {
				s.DraftSeq[0], s.DraftIdx, s.DraftLen = 0, 0, 4
			}
			before := mustJSON(t, s)
			err := s.Apply(0, c.move, nil)
			var he *harbor.Error
			if !errors.As(err, &he) || he.Code != harbor.EIllegal || he.Rule != c.rule {
				t.Fatalf("got %v, want an illegal move under %s", err, c.rule)
			}
			if !strings.Contains(he.Message, c.words) {
				t.Fatalf("message %q should say %q in player words", he.Message, c.words)
			}
			if mustJSON(t, s) != before {
				t.Fatal("the refused move changed the state")
			}
		})
	}
}

// TestGH090_CostMessagesNameTheCost checks that a card or structure the
// player cannot pay for is refused with what it costs.
func TestGH090_CostMessagesNameTheCost(t *testing.T) {
	s := actionState(t, 2, "")
	p := &s.Players[0]
	b, sh := buildingNumber(1), shipID("L1")
	p.HandBuildings, p.HandShips = bit(b), bit(sh)
	for _, c := range []struct {
		name string
		move Move
		want string
	}{
		{"GH-090 a Building", Move{Type: mvPlayBuilding, Card: b}, buildings[b].Name + ": it costs " + costText(buildings[b].Cost)},
		{"GH-112 a Ship", Move{Type: mvPlayShip, Card: sh}, ships[sh].Name + ": it costs " + costText(ships[sh].Cost)},
		{"GH-093 a structure", Move{Type: mvConstruct, Structure: 0}, structures[0].Name + ": it costs " + costText(structures[0].Cost)},
		{"GH-119 no units", Move{Type: mvConvertCard, Card: 0, N: 0}, "at least one unit"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := s.Apply(0, c.move, nil)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want it to say %q", err, c.want)
			}
		})
	}
	if !strings.Contains(costText(buildings[b].Cost), resNames[metal]) {
		t.Fatalf("Castrum's cost %q should name metal", costText(buildings[b].Cost))
	}
}

// TestGH067_PendingPickNamesTheDisplay checks that a seat owing a display
// pick is told which display, under that Office's clause.
func TestGH067_PendingPickNamesTheDisplay(t *testing.T) {
	for _, c := range []struct {
		kind int8
		rule string
		want string
	}{{pendPerson, "GH-067", "Person display"}, {pendBuilding, "GH-066", "Building display"}} {
		t.Run(c.rule, func(t *testing.T) {
			s := actionState(t, 2, "")
			s.pushPending(Pending{Kind: c.kind, Seat: 0, N: 1})
			for _, m := range []Move{{Type: mvEnd}, {Type: mvPick, Choice: 5}} {
				err := s.Apply(0, m, nil)
				var he *harbor.Error
				if !errors.As(err, &he) || he.Rule != c.rule || !strings.Contains(he.Message, c.want) {
					t.Fatalf("%+v: got %v, want %s naming the %s", m, err, c.rule, c.want)
				}
			}
		})
	}
}

// TestGH040_NotYourTurnNamesWhoActs checks that a seat acting out of turn is
// told whose decision the game waits on.
func TestGH040_NotYourTurnNamesWhoActs(t *testing.T) {
	s := actionState(t, 3, "")
	err := s.Apply(2, Move{Type: mvEnd}, nil)
	if harbor.ErrorCode(err) != harbor.ENotYourTurn || !strings.Contains(err.Error(), "waits on P1") {
		t.Fatalf("got %v, want not_your_turn naming P1", err)
	}
}

// TestRefusalsSpeakInMessages plays random games and, at every position,
// has every seat try each move type with empty, near and far-out fields.
// Each refusal a person can meet carries a message whose ids, its own and
// its words', are all in the English catalog, and the catalog words every
// refusal as a sentence.
func TestRefusalsSpeakInMessages(t *testing.T) {
	catalog := englishCatalog(t)
	for id, text := range catalog {
		if !strings.HasPrefix(id, "greatharbor.err.") || strings.HasPrefix(id, "greatharbor.err.verb.") {
			continue
		}
		if first := text[0]; !(first >= 'A' && first <= 'Z' || first == '{') || !strings.HasSuffix(text, ".") {
			t.Errorf("%s: %q is no sentence", id, text)
		}
	}
	var tries []Move
	for ty := range moveVerbs {
		for _, v := range []int8{0, 1, 2, 99, -1} {
			tries = append(tries, Move{Type: ty, Die: v, Slot: v, To: v, First: v, Second: v, Waive: v, Card: v,
				Person: v, Column: v, Dock: v, Stat: v, Structure: v, Colonist: v == 1, Track: v, Track2: v,
				Res: v, Lux: v, Deliver: v == 1, Tile: v, Site: v, N: v, Choice: v})
		}
	}
	seen := map[string]int{}
	for g := range 6 {
		n := 1 + g%4
		seed := uint64(900 + g)
		s := newGame(t, n, seed, optionsFor(n, seed))
		r := game.NewRand(seed)
		playRandom(t, s, &r, func(*game.Log) {
			for seat := range n {
				for _, m := range tries {
					err := s.Clone().Apply(game.Seat(seat), m, nil)
					var he *harbor.Error
					if !errors.As(err, &he) || he.Code != harbor.EIllegal && he.Code != harbor.ENotYourTurn {
						continue
					}
					if he.Msg == nil {
						t.Fatalf("%+v: %v carries no message", m, err)
					}
					if err := he.Msg.Check(); err != nil {
						t.Fatalf("%+v: %v", m, err)
					}
					walkMsg(he.Msg, func(id string) {
						if _, ok := catalog[id]; !ok {
							t.Fatalf("%+v: %v: the English catalog has no %s", m, err, id)
						}
					})
					seen[he.Msg.ID]++
				}
			}
		})
	}
	if len(seen) < 40 {
		t.Fatalf("only %d kinds of refusal met: %v", len(seen), seen)
	}
}

// TestGH090_CostMessagesNameTheCostInWords checks that a refusal for a
// price the player cannot pay carries the card and its cost as words the
// catalogs translate: Castrum's includes metal.
func TestGH090_CostMessagesNameTheCostInWords(t *testing.T) {
	s := actionState(t, 2, "")
	p := &s.Players[0]
	b := buildingNumber(1)
	p.HandBuildings = bit(b)
	var he *harbor.Error
	if err := s.Apply(0, Move{Type: mvPlayBuilding, Card: b}, nil); !errors.As(err, &he) || he.Msg == nil {
		t.Fatalf("got %v, want a refusal with a message", err)
	}
	if he.Msg.ID != "greatharbor.err.cannot_pay" {
		t.Fatalf("message %s, want greatharbor.err.cannot_pay", he.Msg.ID)
	}
	if card := he.Msg.V["card"].(*game.Msg); card.ID != "greatharbor.building.castrum" {
		t.Fatalf("card %s, want the Castrum", card.ID)
	}
	var ids []string
	walkMsg(he.Msg.V["cost"].(*game.Msg), func(id string) { ids = append(ids, id) })
	if !slices.Contains(ids, "greatharbor.count.metal") {
		t.Fatalf("cost %v should count metal", ids)
	}
}
