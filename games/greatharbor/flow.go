package greatharbor

import (
	"fmt"
	"strings"

	"harbor/game"
)

const rounds = 5 // GH-026

// startTurn draws and rolls 2N+1 dice (GH-031) and sets the draft order:
// the Automa first, then the Anchor holder clockwise, twice (GH-032, GH-033, GH-173).
func (s *State) startTurn(log *game.Log) {
	s.Phase = phaseDraft
	var inBag [numDice]int8
	n := 0
	for id := range s.Dice {
		if s.Dice[id].Loc == locBag {
			inBag[n] = int8(id)
			n++
		}
	}
	want := int(2*s.total() + 1)
	for k := 0; k < want && n > 0; k++ {
		i := s.Rand.Intn(n)
		id := inBag[i]
		inBag[i] = inBag[n-1]
		n--
		d := &s.Dice[id]
		*d = Die{Face: int8(s.Rand.Die()), Loc: locPool, Order: int8(k)}
	}
	s.DraftLen, s.DraftIdx = 0, 0
	for range 2 {
		if s.Automa {
			s.DraftSeq[s.DraftLen] = s.automaID()
			s.DraftLen++
		}
		for i := range s.N {
			s.DraftSeq[s.DraftLen] = (s.Anchor + i) % s.N
			s.DraftLen++
		}
	}
	for i := range s.N {
		s.Players[i].ConvUsed = 0
	}
	if log.On() {
		log.Add(game.Event{Type: "roll", Seat: game.Public,
			Text: fmt.Sprintf("Round %d, turn %c: %d dice rolled", s.Round+1, 'A'+s.Turn, want),
			Msg:  game.M("greatharbor.rolled", "round", int(s.Round)+1, "turn", turnWord(s.Turn), "n", int(want))})
	}
}

// advance runs every step that needs no decision, until some seat must act
// or the game is over.
func (s *State) advance(log *game.Log) {
	for s.PendingN == 0 {
		switch s.Phase {
		case phaseDraft:
			if s.DraftIdx == s.DraftLen {
				s.finishDraft(log)
				continue
			}
			if s.DraftSeq[s.DraftIdx] == s.automaID() {
				s.automaDraft(log)
				s.DraftIdx++
				continue
			}
			return
		case phaseAction, phaseFinalConvert:
			if s.OrderIdx < s.N {
				return
			}
			if s.Phase == phaseAction {
				s.startVoyage(log)
			} else {
				s.endOfTurn(log)
			}
		case phaseVoyage:
			if !s.voyageStep(log) {
				return
			}
		default:
			return
		}
	}
}

// finishDraft makes the leftover die the Smuggler die (GH-035) and orders
// the Action phase by drafted totals (GH-037, GH-038).
func (s *State) finishDraft(log *game.Log) {
	for id := range s.Dice {
		if s.Dice[id].Loc == locPool {
			s.Dice[id].Loc, s.Dice[id].At = locSmuggler, s.Turn
		}
	}
	var sum [4]int
	for _, d := range s.Dice {
		if d.Loc == locDrafted && d.At < s.N {
			sum[d.At] += int(d.Face)
		}
	}
	for i := range s.N {
		s.Order[i] = i
	}
	order := s.Order[:s.N]
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && s.before(order[j], order[j-1], &sum); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	s.OrderIdx = 0
	s.Phase = phaseAction
	if log.On() {
		log.Add(game.Event{Type: "order", Seat: game.Public, Text: s.orderText(&sum), Msg: s.orderMsg(&sum)})
	}
}

func (s *State) before(a, b int8, sum *[4]int) bool {
	if sum[a] != sum[b] {
		return sum[a] < sum[b]
	}
	return (a-s.Anchor+s.N)%s.N < (b-s.Anchor+s.N)%s.N
}

// endAction finishes the acting seat's Action turn or conversion window.
func (s *State) endAction() {
	s.OrderIdx++
}

// endOfTurn runs the End-of-Turn steps (GH-145..149), the End-of-Round
// steps after Turn B (GH-150..154), and starts the next turn or ends the game.
func (s *State) endOfTurn(log *game.Log) {
	s.sailBack(log)
	for g := range s.Revealed { // Pirates subside
		if s.Revealed[g] >= 0 {
			s.PirateDisc[s.PirateDiscN] = s.Revealed[g]
			s.PirateDiscN++
			s.Revealed[g] = -1
		}
	}
	s.refillDemand()
	s.Anchor = (s.Anchor + 1) % s.N
	s.Turns++
	if log.On() {
		anchor, id := "passes to "+s.Names[s.Anchor], "greatharbor.turn_ended"
		if s.N == 1 {
			anchor, id = "stays with "+s.Names[s.Anchor], "greatharbor.turn_ended_solo"
		}
		log.Add(game.Event{Type: "turn_end", Seat: game.Public, Text: fmt.Sprintf("Turn %c ends: pirates subside, Luxury Demands are refilled and the Anchor %s",
			'A'+s.Turn, anchor), Msg: game.M(id, "turn", turnWord(s.Turn), "who", s.Names[s.Anchor])})
	}
	if s.Turn == 0 {
		s.Turn = 1
		s.startTurn(log)
		return
	}
	s.endOfRound(log)
	s.recordHistory()
	s.Turn = 0
	s.Round++
	if s.Round == rounds {
		s.Phase = phaseOver
		if log.On() {
			log.Add(game.Event{Type: "game_over", Seat: game.Public, Text: s.resultText(), Msg: s.resultMsg()})
		}
		return
	}
	s.startTurn(log)
}

func (s *State) endOfRound(log *game.Log) {
	var growth []string
	var growthMsg []*game.Msg
	for i := range s.N {
		p := &s.Players[i]
		p.Coins += int16(p.Free / 2) // Domestic Growth
		if log.On() && p.Free >= 2 {
			growth = append(growth, fmt.Sprintf("%s %d Coin%s", s.Names[i], p.Free/2, plural(int(p.Free/2))))
			growthMsg = append(growthMsg, game.M("greatharbor.growth_pays", "who", s.Names[i], "coins", count("coins", int(p.Free/2))))
		}
		workers := p.Structural + int8(2*popcount8(p.LuxWork))
		for b := range buildings {
			if p.Employed&bit(int8(b)) != 0 {
				workers += employCount(int8(b))
			}
		}
		p.Structural, p.LuxWork, p.Employed = 0, 0, 0
		back := min(workers, p.housing()-p.Free)
		p.Free += back
		s.SupplyColonists += workers - back
	}
	if s.PersonDisplay[0] >= 0 {
		s.noteBottom(deckPeople, s.PersonDeckN)
	}
	refreshDisplay(&s.PersonDisplay, s.PersonDeck[:], &s.PersonDeckN)
	if s.BuildingDisplay[0] >= 0 {
		s.noteBottom(deckBuildings, s.BuildingDeckN)
	}
	refreshDisplay(&s.BuildingDisplay, s.BuildingDeck[:], &s.BuildingDeckN)
	if int(s.BonusIdx) < len(s.BonusTiles)-1 {
		s.BonusIdx++
	}
	for id := range s.Dice {
		if l := s.Dice[id].Loc; l != locBox {
			s.Dice[id] = Die{Loc: locBag}
		}
	}
	for i := range s.Slots {
		s.Slots[i] = -1
	}
	for i := range s.N { // Governor's Villa, after step 5 (GH-232, GH-Q39)
		if s.Players[i].Buildings&bit(bVilla) != 0 {
			s.Players[i].Favor++
		}
	}
	if log.On() {
		text := fmt.Sprintf("Round %d ends: ", s.Round+1)
		msg := game.M("greatharbor.round_ended", "round", int(s.Round)+1)
		if len(growth) > 0 {
			text += "Domestic Growth pays " + strings.Join(growth, ", ") + "; "
			msg = game.M("greatharbor.round_ended_growth", "round", int(s.Round)+1, "growth", joinMsgs(growthMsg))
		}
		text += "workers go home, the Person and Building displays refresh, a new Dice Bonus tile is revealed and the dice go back to the bag"
		log.Add(game.Event{Type: "round_end", Seat: game.Public, Text: text, Msg: msg})
	}
}

// refreshDisplay puts the card nearest the icon under the deck, slides the
// rest and refills (GH-152).
func refreshDisplay(d *[3]int8, deck []int8, n *int8) {
	if d[0] < 0 {
		return
	}
	c := d[0]
	bottomDeck(deck, n, c)
	takeDisplay(d, 0, deck, n)
}

func popcount8(x uint8) int8 {
	n := int8(0)
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}
