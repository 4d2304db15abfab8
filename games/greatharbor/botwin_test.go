package greatharbor

import (
	"testing"

	"harbor/game"
)

// TestBotsBeatRandom: computer players beat random players, every game ends
// after five rounds (GH-026), and the Automa's mean score lies within 25%
// of the computer players' (GH-T13 tuning target).
func TestBotsBeatRandom(t *testing.T) {
	games := 90
	wins := 0
	for i := 0; i < games; i++ {
		n := 2 + i%3
		pols := policies(n, game.PolicyRandom)
		botSeat := i % n
		pols[botSeat] = game.PolicyBot
		seed := uint64(500 + i)
		out, err := game.Play(Rules, cfgFor(n, seed, optionsFor(n, seed)), pols, 100000)
		if err != nil {
			t.Fatal(err)
		}
		if out.Result.Turns != 2*rounds {
			t.Fatalf("game ended after %d turns", out.Result.Turns)
		}
		best := true // the Automa, when present, is not a random player
		for k, sc := range out.Result.Scores {
			if k != botSeat && sc >= out.Result.Scores[botSeat] {
				best = false
			}
		}
		if best {
			wins++
		}
	}
	if wins*100 < games*95 {
		t.Fatalf("bot won %d of %d games against random players", wins, games)
	}
}

func TestAutomaScoreNearBots(t *testing.T) {
	games := 60
	var bots, automa float64
	nb := 0
	for i := 0; i < games; i++ {
		n := 1 + i%3
		s := newGame(t, n, uint64(900+i), `{"automa":true}`)
		var legal []Move
		bs := make([]*Bot, n)
		for k := range bs {
			bs[k] = NewBot(game.Seat(k), uint64(k))
		}
		for s.Phase != phaseOver {
			seat := s.Actors().First()
			legal = s.Legal(seat, legal[:0])
			m := bs[seat].Choose(s.View(seat), legal)
			if err := s.Apply(seat, m, nil); err != nil {
				t.Fatal(err)
			}
		}
		for k := 0; k < n; k++ {
			bots += float64(s.PlayerScore(int8(k)).Total)
			nb++
		}
		automa += float64(s.AutomaScore().Total)
	}
	mb, ma := bots/float64(nb), automa/float64(games)
	t.Logf("mean bot score %.1f, mean Automa score %.1f", mb, ma)
	if ma < 0.75*mb || ma > 1.25*mb {
		t.Fatalf("Automa mean %.1f is not within 25%% of the bots' %.1f", ma, mb)
	}
}
