package greatharbor

import "testing"

func TestGH138_SenateOwnTrackBonuses(t *testing.T) {
	s := actionState(t, 2, "")
	p := &s.Players[0]
	res := s.bonusTile()[red]
	s.senateStep(0, red)
	if p.Senate[red] != 1 || p.Res[res] != 0 {
		t.Fatal("space 1 has no bonus")
	}
	s.senateStep(0, red)
	if p.Res[res] != 1 {
		t.Fatalf("GH-140 space 2 gives the red resource of the Dice Bonus tile: %v", p.Res)
	}
	s.senateStep(0, red)
	s.senateStep(0, red)
	if p.Coins != 1 {
		t.Fatal("space 4 gives a Coin")
	}
	for range 10 {
		s.senateStep(0, red)
	}
	if p.Senate[red] != senateTop || p.Prestige != 2 {
		t.Fatalf("GH-Q26 the top pays 2 Prestige once; steps past it are lost: %d at %d", p.Prestige, p.Senate[red])
	}
}

func TestGH139_SharedBonusNeedsBothNeighbours(t *testing.T) {
	s := actionState(t, 2, "")
	p := &s.Players[0]
	for range 3 {
		s.senateStep(0, red)
	}
	base := p.Prestige
	if base != 0 {
		t.Fatalf("red alone at row 3 must not pay the shared bonus: %d", base)
	}
	for range 3 {
		s.senateStep(0, blue)
	}
	if p.Prestige != 0 {
		t.Fatal("red and blue are not neighbours")
	}
	for range 3 {
		s.senateStep(0, yellow)
	}
	if p.Prestige != 2 {
		t.Fatalf("yellow reaching row 3 completes red-yellow and yellow-blue: %d Prestige, want 2", p.Prestige)
	}
	s.senateStep(0, yellow)
	s.senateStep(0, red)
	if p.Prestige != 2 {
		t.Fatal("a shared bonus is paid once")
	}
}

func TestGH141_DiceColourBonusFromTheSecondCard(t *testing.T) {
	s := actionState(t, 2, "")
	p := &s.Players[0]
	s.cardPlayed(0, purple)
	if p.ColourBonus != 0 {
		t.Fatal("one card is not enough")
	}
	s.cardPlayed(0, purple)
	if p.ColourBonus != 1<<purple {
		t.Fatal("GH-141 the second purple card gives the purple bonus")
	}
	// GH-142: drafting a purple die now pays the tile's purple resource.
	s.Phase = phaseDraft
	die := dieOf(s, purple)
	s.Dice[die] = Die{Face: 3, Loc: locPool}
	s.DraftSeq[0], s.DraftLen, s.DraftIdx = 0, 2, 0
	res := s.bonusTile()[purple]
	before := p.Res[res]
	apply(t, s, Move{Type: mvDraft, Die: die})
	if p.Res[res] != before+1 {
		t.Fatalf("GH-036 drafting purple: %d -> %d", before, p.Res[res])
	}
}

func TestGH100_GH101_GH102_FavorUses(t *testing.T) {
	s := actionState(t, 2, "")
	p := &s.Players[0]
	p.Favor = 4
	apply(t, s, Move{Type: mvFavorSenate, Track: blue})
	if p.Senate[blue] != 1 || p.Favor != 2 {
		t.Fatal("GH-101")
	}
	p.People[0][0] = personNumber(22)
	p.Marked[0][0] = true
	apply(t, s, Move{Type: mvRetrieve, Person: 0})
	if p.Marked[0][0] || p.Favor != 0 {
		t.Fatal("GH-100")
	}
}
