package greatharbor

import (
	"testing"

	"harbor"
)

func TestGH165_ShopSitesTouchTwoSlots(t *testing.T) {
	perVertex := map[int8]int{}
	for _, g := range siteGeoms {
		perVertex[g.Vertex]++
		if !slotHasCell(g.Slots[0], g.Cell) || !slotHasCell(g.Slots[1], g.Cell) || g.Slots[0] == g.Slots[1] {
			t.Fatalf("site %+v", g)
		}
	}
	if len(perVertex) != numVertex || perVertex[0] != 1 || perVertex[5] != 4 || perVertex[1] != 2 {
		t.Fatalf("GH-T15 sites per vertex %v", perVertex)
	}
	// Every slot touches at most two vertices, so at most +2 pips.
	for slot := int8(0); slot < numSlots; slot++ {
		vs := map[int8]bool{}
		for _, g := range siteGeoms {
			if g.Slots[0] == slot || g.Slots[1] == slot {
				vs[g.Vertex] = true
			}
		}
		if len(vs) != 2 {
			t.Fatalf("slot %d touches %d vertices", slot, len(vs))
		}
	}
}

func TestGH164_SetUpShop(t *testing.T) {
	s := actionState(t, 2, `{"shops":true}`)
	p := &s.Players[0]
	if p.Shops != 5 {
		t.Fatal("GH-163 five Shops each")
	}
	p.Res[rope] = 1
	if err := s.Apply(0, Move{Type: mvShop, Site: 0, Res: rope}, nil); harbor.ErrorCode(err) != harbor.EIllegal {
		t.Fatal("a Shop for 1 Rope")
	}
	p.Res[rope] = 2
	apply(t, s, Move{Type: mvShop, Site: 0, Res: rope})
	if p.Res[rope] != 0 || p.Shops != 4 || s.ShopOwner[siteGeoms[0].Vertex] != 0 {
		t.Fatal("shop not placed")
	}
	p.Res[rope] = 2
	if err := s.Apply(0, Move{Type: mvShop, Site: 0, Res: rope}, nil); harbor.ErrorCode(err) != harbor.EIllegal {
		t.Fatal("two Shops on one corner")
	}
	plain := actionState(t, 2, "")
	plain.Players[0].Res[rope] = 2
	if err := plain.Apply(0, Move{Type: mvShop, Site: 0, Res: rope}, nil); harbor.ErrorCode(err) != harbor.EIllegal {
		t.Fatal("a Shop without the variant")
	}
}

func TestGH166_ShopPipsAndGH167_Income(t *testing.T) {
	s := actionState(t, 2, `{"shops":true}`)
	arrange(s, "SAILMAKER", 0)
	shore := shoreOf(0)
	s.Accept[shore] = 0xF
	// Two Shops of seat 1 at both ends of the slot: +2 pips.
	for i, g := range siteGeoms {
		if g.Cell == 0 && (g.Slots[0] == shore || g.Slots[1] == shore) {
			s.ShopSite[g.Vertex], s.ShopOwner[g.Vertex] = int8(i), 1
		}
	}
	if s.shopsAt(shore) != 2 {
		t.Fatalf("shops at slot: %d", s.shopsAt(shore))
	}
	die := dieOf(s, purple)
	draftTo(s, 0, die, 3)
	apply(t, s, Move{Type: mvPlace, Die: die, Slot: shore, First: 5})
	if s.Players[0].Res[sails] != 3 {
		t.Fatalf("3 + 2 Shop pips should reach tier 3: %d", s.Players[0].Res[sails])
	}
	res := s.bonusTile()[purple]
	if s.Players[1].Res[res] != 2 {
		t.Fatalf("GH-167 the owner gains 1 per Shop of the purple resource: %v", s.Players[1].Res)
	}
	if s.fee(0) != 3 {
		t.Fatal("GH-057 the Shop pips do not change the fee")
	}
}

func TestGH168_ShopsCountForGovernorPairs(t *testing.T) {
	s := actionState(t, 2, `{"shops":true}`)
	s.Phase = phaseOver
	p := &s.Players[0]
	gov := &governors[p.Governor]
	before := s.PlayerScore(0).Governor
	// Find sites whose two halves are the Governor's two colors.
	placed := 0
	for i, g := range siteGeoms {
		tl := &tiles[s.Layout[g.Cell]]
		a, b := tl.Edges[g.Edges[0]], tl.Edges[g.Edges[1]]
		if (a == gov.Top && b == gov.Bottom || a == gov.Bottom && b == gov.Top) && s.ShopSite[g.Vertex] < 0 {
			s.ShopSite[g.Vertex], s.ShopOwner[g.Vertex] = int8(i), 0
			placed++
		}
	}
	if placed == 0 {
		t.Fatal("the layout of the test's game has no corner with both Governor colours: the test needs one")
	}
	if got := s.PlayerScore(0).Governor; got != before+placed {
		t.Fatalf("GH-169 %d Shops with both colours: pairs %d -> %d", placed, before, got)
	}
}
