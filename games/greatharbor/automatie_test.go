package greatharbor

import (
	"testing"

	"harbor/game"
)

// TestGHQ30_AutomaCoinTie: the Automa owns no resources, so on a final
// Prestige tie it counts as holding 0 Coins: a person with Coins beats it, a
// person with 0 Coins shares first place with it (GH-162's shared tie), and a
// person with less Prestige loses to it whatever their Coins.
func TestGHQ30_AutomaCoinTie(t *testing.T) {
	for _, tc := range []struct {
		name     string
		prestige int // the person's Prestige minus the Automa's
		coins    int16
		place    int
		wins     bool
		closing  string
	}{
		{"GH-Q30 a Prestige tie with Coins in hand beats the Automa", 0, 3, 1, true, "P1 wins."},
		{"GH-Q30 a Prestige tie on 0 Coins is shared with the Automa", 0, 0, 1, true, "P1 and the Automa share the victory."},
		{"GH-Q30 less Prestige loses to the Automa whatever the Coins", -1, 9, 2, false, "The Automa wins."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newGame(t, 1, 8, `{"automa":true}`)
			s.Phase = phaseOver
			p := &s.Players[0]
			p.Prestige += int16(s.AutomaScore().Total - s.PlayerScore(0).Total + tc.prestige)
			p.Coins = tc.coins
			if got := s.PlayerScore(0).Total - s.AutomaScore().Total; got != tc.prestige {
				t.Fatalf("set-up: Prestige difference %d, want %d", got, tc.prestige)
			}
			r := s.Result()
			if r.Places[0] != tc.place || r.Winners.Has(game.Seat(0)) != tc.wins {
				t.Fatalf("place %d, winners %v; want place %d, winning %v", r.Places[0], r.Winners.List(), tc.place, tc.wins)
			}
			wantIn(t, s.resultText(), tc.closing)
		})
	}
}
