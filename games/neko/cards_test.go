package neko

import "testing"

// cardClause names the rule clause of each card effect (NK-084..107, NK-126, NK-127).
func cardClause(c card) string {
	switch c.Effect {
	case EffLicence:
		if c.Period == 1 {
			return "NK-084"
		}
		return "NK-085"
	case EffEndSet:
		switch c.Kind {
		case PermitOffice:
			return "NK-086"
		case SupplyVessel:
			return "NK-094"
		}
		return "NK-096"
	case EffGoodsOnArrival:
		return "NK-087"
	case EffGoodsOnArrivalCapacity:
		return "NK-088"
	case EffEndGoods:
		return "NK-089"
	case EffUpgradeOnArrival:
		return "NK-090"
	case EffImmediateVPPerShip:
		return "NK-091"
	case EffEndHarbour:
		return "NK-092"
	case EffFuel:
		return "NK-093"
	case EffCoin:
		return "NK-095"
	case EffRSDeactivateBonus:
		return "NK-097"
	case EffRSIncomeBonus:
		return "NK-098"
	case EffRSBetterAttraction:
		return "NK-099"
	case EffRSLicenceDiscount:
		return "NK-100"
	case EffRSHarbourPenguin:
		return "NK-101"
	case EffRSFlip:
		return "NK-102"
	case EffRSBigHubGoods:
		return "NK-103"
	case EffEndCaptain:
		return "NK-104"
	case EffRSTopPlace:
		return "NK-105"
	case EffRSFishOnMiss:
		return "NK-106"
	case EffRSNoLimit:
		return "NK-107"
	case EffEndPerPenguin, EffEndPerLicence, EffEndPerGoods, EffEndPerCaptain, EffEndHub:
		return "NK-127"
	}
	return "NK-126"
}

// arriveAt puts ship k on column col and resolves its arrival.
func arriveAt(s *State, p *Player, k, col int8) {
	p.Ships[k].Loc = col + 1
	s.Turn = Turn{Stage: stWindow, Immediate: noCard}
	s.arrive(p, k)
}

// TestEveryCard checks each card's effect, one subtest per card, named by
// its rule clause and printed id.
func TestEveryCard(t *testing.T) {
	for i, c := range cat.Cards {
		no := uint8(i)
		t.Run(cardClause(c)+" "+c.ID, func(t *testing.T) {
			s := actionGame(t, 2, `{"extraCards":true,"fishingBoats":true}`)
			p := &s.Players[0]
			switch c.Effect {
			case EffLicence, EffCoin, EffFuel:
				ic := map[Effect]int{EffLicence: icLicence, EffCoin: icCoin, EffFuel: icFuel}[c.Effect]
				p.Supply = bundle(int8(Licence), 1)
				p.Hand[0], p.HandN = no, 1
				act(t, s, 0, Move{Type: MovePlay, Card: int16(no)})
				if p.Icons[ic] != c.Amount || windowKind(s) != int(c.Kind) || s.Turn.Icons[ic] != c.Amount {
					t.Errorf("icons %v, window %d %v", p.Icons, windowKind(s), s.Turn.Icons)
				}
			case EffGoodsOnArrival, EffGoodsOnArrivalCapacity:
				p.placeCard(no)
				arriveAt(s, p, 0, 0)
				if p.Pending[Goods] != 1 {
					t.Errorf("goods %d", p.Pending[Goods])
				}
				if want := 8 + 2*int(c.Effect-EffGoodsOnArrival); limit(p) != want {
					t.Errorf("limit %d, want %d", limit(p), want)
				}
			case EffUpgradeOnArrival:
				p.placeCard(no)
				arriveAt(s, p, 0, 0)
				if p.Ships[2].Level != 2 || p.Ships[2].Loc != 1 {
					t.Errorf("ships %+v", p.Ships)
				}
			case EffImmediateVPPerShip:
				p.placeCard(cardNo(t, "P1-23"))
				p.Ships[2] = Ship{Loc: locAttr, Level: 2}
				p.Ships[4] = Ship{Loc: locHarbour, Level: 3}
				p.Hand[0], p.HandN = no, 1
				act(t, s, 0, Move{Type: MovePlay, Card: int16(no)})
				if p.Pending[Penguin] != 1 || p.Pending[VP1] != 1 || s.Turn.Stage != stTuck {
					t.Errorf("pending %v stage %d", p.Pending, s.Turn.Stage)
				}
			case EffEndSet:
				p.placeCard(no)
				for _, o := range cat.Cards {
					if o.Kind == c.Kind && o.ID != c.ID && o.Effect != EffEndSet && p.NPlayed < 3 {
						p.placeCard(cardNo(t, o.ID))
					}
				}
				if got := endCards(p); got != int16(c.Amount) {
					t.Errorf("3 cards score %d, want %d", got, c.Amount)
				}
			case EffEndGoods, EffEndPerGoods:
				p.placeCard(no)
				p.Supply = bundle(int8(Goods), 3)
				if endCards(p) != 3 {
					t.Errorf("scored %d", endCards(p))
				}
			case EffEndHarbour:
				p.placeCard(no)
				p.Harbour = 4
				if endCards(p) != 4 {
					t.Errorf("scored %d", endCards(p))
				}
			case EffEndCaptain, EffEndPerCaptain:
				p.placeCard(no)
				p.Supply = bundle(int8(Captain), 2)
				if endCards(p) != 2 {
					t.Errorf("scored %d", endCards(p))
				}
			case EffEndPerPenguin:
				p.placeCard(no)
				p.Supply = bundle(int8(Penguin), 3)
				if endCards(p) != 3 {
					t.Errorf("scored %d", endCards(p))
				}
			case EffEndPerLicence:
				p.placeCard(no)
				p.Supply = bundle(int8(Licence), 4)
				if endCards(p) != 4 {
					t.Errorf("scored %d", endCards(p))
				}
			case EffEndHub:
				p.placeCard(cardNo(t, "P1-11")) // hub 3
				p.deactivate(cardNo(t, "P1-10"), 0)
				p.deactivate(cardNo(t, "P1-08"), 0) // 3 cards, hub 7
				p.deactivate(cardNo(t, "P1-06"), 0) // 4 cards: too many
				p.placeCard(no)
				p.placeCard(cardNo(t, "P1-22"))
				p.deactivate(cardNo(t, "P1-04"), 2) // 2 cards, hub 5
				if got := endCards(p); got != 5 {
					t.Errorf("best hub of at most 3 cards scored %d, want 5", got)
				}
			case EffRSDeactivateBonus:
				p.placeCard(no)
				p.Hand[0], p.HandN = cardNo(t, "P1-07"), 1
				act(t, s, 0, Move{Type: MoveDeactivate, Card: int16(p.Hand[0]), Col: 0})
				if got := p.Pending[Fish] + p.Supply[Fish]; got != 3 || p.Pending[Licence]+p.Supply[Licence] != 2 {
					t.Errorf("pending %v supply %v", p.Pending, p.Supply)
				}
			case EffRSLicenceDiscount:
				p.placeCard(cardNo(t, "P1-23"))
				p.placeCard(no)
				p.Hand[0], p.HandN = cardNo(t, "P1-24"), 1
				act(t, s, 0, Move{Type: MovePlay, Card: int16(p.Hand[0])})
				act(t, s, 0, Move{Type: MoveBuyLicence})
				act(t, s, 0, Move{Type: MoveBuyLicence})
				if p.Pending[Licence]+p.Supply[Licence] != 2 {
					t.Errorf("4 coins bought %d licences", p.Pending[Licence])
				}
			case EffRSIncomeBonus:
				p.placeCard(cardNo(t, "P1-23"))
				p.placeCard(no)
				p.Hand[0], p.HandN = cardNo(t, "P1-24"), 1
				act(t, s, 0, Move{Type: MovePlay, Card: int16(p.Hand[0])})
				act(t, s, 0, Move{Type: MoveBonus, Option: 0})
				if s.Turn.Icons[icCoin] != 6 {
					t.Fatalf("coins %d", s.Turn.Icons[icCoin])
				}
				refuse(t, s, 0, Move{Type: MoveBonus, Option: 0}, "NK-098")
			case EffRSBetterAttraction:
				p.placeCard(no)
				s.Attrs[0] = Attr{Card: attrNo(t, "livingston"), Visited: true}
				p.Ships[0].Loc = 1
				s.Turn = Turn{Stage: stWindow, Immediate: noCard}
				s.arriveAttraction(p, 0, 0)
				if p.Pending[Fish] != 2 {
					t.Errorf("reward %v, want the better 2 fish", p.Pending)
				}
			case EffRSHarbourPenguin:
				p.placeCard(cardNo(t, "P1-01"))
				p.placeCard(no)
				p.Supply = bundle(int8(Licence), 1)
				p.Hand[0], p.HandN = cardNo(t, "P1-02"), 1
				act(t, s, 0, Move{Type: MovePlay, Card: int16(p.Hand[0])})
				if p.Harbour != 2 || p.Pending[Penguin]+p.Supply[Penguin] != 1 {
					act(t, s, 0, Move{Type: MoveHarbour})
				}
				if p.Harbour != 2 || p.Pending[Penguin]+p.Supply[Penguin] != 1 {
					t.Errorf("harbour %d penguins %d", p.Harbour, p.Pending[Penguin])
				}
			case EffRSFlip:
				p.placeCard(no)
				p.Supply = bundle(int8(Fish), 1, int8(Licence), 1)
				p.Hand[0], p.HandN = cardNo(t, "P1-01"), 1
				act(t, s, 0, Move{Type: MoveDeactivate, Card: int16(p.Hand[0]), Col: 0})
				act(t, s, 0, Move{Type: MoveFlip, Res: int8(Licence)})
				if p.Supply[Penguin] != 1 || p.Supply[Licence] != 0 {
					t.Errorf("supply %v", p.Supply)
				}
			case EffRSBigHubGoods:
				p.placeCard(no)
				p.Cols[0].Hub = 6
				arriveAt(s, p, 0, 0)
				if p.Pending[Goods] != 1 {
					t.Errorf("pending %v", p.Pending)
				}
			case EffRSTopPlace:
				p.placeCard(no)
				s.Attrs[0] = Attr{Card: attrNo(t, "penguin"), Visited: true}
				s.Players[1].Ships[0] = Ship{Loc: locAttr, Level: 1}
				p.Ships[0].Loc = 1
				s.arriveAttraction(p, 0, 0)
				if p.Ships[0].Place <= s.Players[1].Ships[0].Place {
					t.Errorf("place %d not above %d", p.Ships[0].Place, s.Players[1].Ships[0].Place)
				}
			case EffRSFishOnMiss:
				p.placeCard(no)
				arriveAt(s, p, 0, 0) // hub 1 does not beat a level-1 ship
				if p.Pending[Fish] != 1 {
					t.Errorf("pending %v", p.Pending)
				}
			case EffRSNoLimit:
				p.placeCard(no)
				if limit(p) < 100 {
					t.Errorf("limit %d", limit(p))
				}
			default: // swap boats
				p.placeCard(no)
				p.Supply = bundle(int8(Fish), 4, int8(Captain), 1, int8(Licence), 1, int8(Goods), 1, int8(Penguin), 1)
				arriveAt(s, p, 0, 0)
				if s.Turn.NChoices != 1 || s.Turn.Choices[0].Kind != chBoatSwap {
					t.Fatalf("choices %+v", s.Turn.Choices)
				}
				s.Turn.Stage = stChoice
				n := len(s.Legal(0, nil))
				if want := 1 + len(swapsOf(no)); n != want {
					t.Errorf("%d options, want %d", n, want)
				}
				sw := swapsOf(no)[0]
				before := p.Supply
				act(t, s, 0, Move{Type: MoveChoose, Option: 1})
				for r := range numRes {
					if before[r]-sw.Give[r] != p.Supply[r] || p.Pending[r] < sw.Get[r] {
						t.Errorf("swap: supply %v pending %v", p.Supply, p.Pending)
					}
				}
			}
		})
	}
}

func attrNo(t *testing.T, id string) uint8 {
	t.Helper()
	for i, a := range cat.Attractions {
		if a.ID == id {
			return uint8(i)
		}
	}
	t.Fatalf("no attraction %s", id)
	return 0
}
