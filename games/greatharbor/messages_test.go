package greatharbor

import (
	"errors"
	"strings"
	"testing"

	"harbor"
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
