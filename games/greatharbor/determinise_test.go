package greatharbor

import (
	"math/bits"
	"testing"

	"harbor/game"
	"harbor/game/leveltest"
)

// TestHardDecidesFromItsView: sampled games agree with the seat's view, and
// the hard player chooses the same from any game behind that view.
func TestHardDecidesFromItsView(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfgs []game.Config
	}{
		{"4 players", leveltest.Configs(4, 70, 71)},
		{"2 players and the Automa, with shops", []game.Config{cfgFor(2, 72, `{"automa":true,"shops":true}`)}},
		{"1 player and the Automa", []game.Config{cfgFor(1, 73, "")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			leveltest.Check(t, Rules, tc.cfgs, 37)
		})
	}
}

// TestGHQ36_SamplesDealRivalsHandsAfresh: a seat's view carries nothing of
// its rivals' hands, not even in the state it keeps for sampling, and the
// states sampled from it deal the rivals' cards afresh: as many of each
// kind as each holds, but not the cards it holds, so a hard player
// searching them cannot read the real hands.
func TestGHQ36_SamplesDealRivalsHandsAfresh(t *testing.T) {
	s := newGame(t, 4, 23, "")
	bots := make([]*Bot, s.N)
	for i := range bots {
		bots[i] = NewBot(game.Seat(i), uint64(i))
	}
	hands := func(p *Player) [3]uint32 { return [3]uint32{p.HandPeople, p.HandBuildings, p.HandShips} }
	dealt, afresh := 0, 0
	for n := 0; n < 3000 && !s.Result().Over; n++ {
		seat := s.Actors().First()
		if n%20 == 0 {
			v := s.View(seat)
			for q := range s.N {
				if game.Seat(q) == seat {
					continue
				}
				if hands(&v.known.Players[q]) != [3]uint32{} {
					t.Fatalf("seat %d's view keeps seat %d's hand", seat, q)
				}
				real := hands(&s.Players[q])
				if bits.OnesCount32(real[0])+bits.OnesCount32(real[1])+bits.OnesCount32(real[2]) < 2 {
					continue
				}
				dealt++
				for k := range 4 {
					r := game.NewRand(uint64(n*10 + k))
					got := hands(&Determinise(v, &r).Players[q])
					for i := range got {
						if bits.OnesCount32(got[i]) != bits.OnesCount32(real[i]) {
							t.Fatalf("a sample deals seat %d %v, it holds %v", q, got, real)
						}
					}
					if got != real {
						afresh++
						break
					}
				}
			}
		}
		m := bots[seat].Choose(s.View(seat), s.Legal(seat, nil))
		if err := s.Apply(seat, m, nil); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d of %d hands dealt afresh", afresh, dealt)
	if dealt == 0 || afresh*2 < dealt {
		t.Fatalf("of %d rivals' hands of two cards or more, samples dealt only %d afresh", dealt, afresh)
	}
}
