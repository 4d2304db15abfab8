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
