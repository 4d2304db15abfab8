package greatharbor

import (
	"strconv"
	"strings"
	"testing"

	"harbor/game"
)

// logged applies m for the acting seat and returns the public text of every
// event it logged, one line each.
func logged(t *testing.T, s *State, m Move) string {
	t.Helper()
	var log game.Log
	if err := s.Apply(game.Seat(s.actor()), m, &log); err != nil {
		t.Fatalf("move %+v refused: %v", m, err)
	}
	var lines []string
	for _, e := range log.Events {
		lines = append(lines, e.For(game.Public).Text)
	}
	return strings.Join(lines, "\n")
}

func wantIn(t *testing.T, text string, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if !strings.Contains(text, p) {
			t.Fatalf("log %q should say %q", text, p)
		}
	}
}

// TestLogLinesSayWhatHappened checks that the public log tells a player
// what each step did, in the words of the rulebook.
func TestLogLinesSayWhatHappened(t *testing.T) {
	t.Run("GH-037 the Action order lists seats with their drafted totals", func(t *testing.T) {
		s := newGame(t, 2, 5, "")
		for s.Phase == phaseDraft {
			text := logged(t, s, s.Legal(game.Seat(s.actor()), nil)[0])
			if s.Phase == phaseAction {
				first, second := s.Order[0], s.Order[1]
				wantIn(t, text, "Action order", s.Names[first]+" (", s.Names[second]+" (")
				if strings.Index(text, s.Names[first]+" (") > strings.Index(text, s.Names[second]+" (") {
					t.Fatalf("log %q lists the order wrongly", text)
				}
			}
		}
	})
	t.Run("GH-059 a placement says what each tile gave", func(t *testing.T) {
		s := actionState(t, 2, "")
		arrange(s, "CARPENTRY", 0)
		shore := shoreOf(0)
		s.Accept[shore] = 0xF
		die := dieOf(s, yellow)
		draftTo(s, 0, die, 4)
		wantIn(t, logged(t, s, Move{Type: mvPlace, Die: die, Slot: shore, First: 3}), "Carpentry tier 2: 2 planks",
			"on the slot above the Carpentry;") // named by the tiles the board shows, as it draws no numbers
	})
	t.Run("GH-070 a Shipyard placement names the ship taken", func(t *testing.T) {
		s := actionState(t, 2, "")
		yard := cellOf(s, "SHIPYARD")
		slot := cellSlots[yard][0]
		s.Accept[slot] = 0xF
		die := dieOf(s, red)
		draftTo(s, 0, die, 1)
		first := Move{Type: mvPlace, Die: die, Slot: slot, First: 1}
		if slotGeoms[slot].Cells[0] != yard {
			first.First, first.Second = 0, 1
		}
		name := ships[s.ShipDisplay[small]].Name
		wantIn(t, logged(t, s, first), "the small ship "+name)
	})
	t.Run("GH-074 a District placement says what the Smuggler dice paid", func(t *testing.T) {
		s := actionState(t, 2, "")
		smug := dieOf(s, blue)
		s.Dice[smug] = Die{Face: 2, Loc: locSmuggler, At: 0}
		die := dieOf(s, red)
		draftTo(s, 0, die, 5)
		wantIn(t, logged(t, s, Move{Type: mvPlace, Die: die, Slot: district}), "Smuggler's District: 1 rope, 1 Smuggler token")
	})
	t.Run("GH-069 taking a displayed card names it", func(t *testing.T) {
		s := actionState(t, 2, "")
		card := s.BuildingDisplay[1]
		s.pushPending(Pending{Kind: pendBuilding, Seat: 0, N: 1})
		wantIn(t, logged(t, s, Move{Type: mvPick, Choice: 1}), "took "+buildings[card].Name+" from the Building display")
	})
	t.Run("GH-133 GH-135 a trade says the Coins, Prestige and delivery", func(t *testing.T) {
		s := actionState(t, 2, "")
		giveShip(s, 0, 0, "M3") // cargo 3
		s.send(0, 0)
		s.Demand[0] = wine
		s.Players[0].Lux[wine] = 1
		stackPirates(s, 0, 0, 0)
		startVoyageNow(s)
		wantIn(t, logged(t, s, Move{Type: mvTrade, Deliver: true, Lux: wine}),
			"Corbita traded at segment 1 for 3 Coins and 1 Prestige", "delivered wine for 1 more Prestige")
	})
	t.Run("GH-127 sailing on names the ship and the next segment", func(t *testing.T) {
		s := actionState(t, 2, "")
		giveShip(s, 0, 0, "M3")
		s.send(0, 0)
		stackPirates(s, 0, 0, 0)
		startVoyageNow(s)
		wantIn(t, logged(t, s, Move{Type: mvContinue}), "Corbita sails on to segment 2")
	})
	t.Run("GH-180 GH-182 the Automa's District placement and board actions", func(t *testing.T) {
		s := automaState(t)
		var log game.Log
		s.Bot.Track[yellow] = 1 // next yellow step reaches space 2
		s.automaAdvance(yellow, &log)
		if len(log.Events) == 0 || !strings.HasPrefix(log.Events[0].Text, "The Automa ") {
			t.Fatalf("GH-182 the Automa's board action is not logged: %+v", log.Events)
		}
		for cell := int8(0); cell < numCells; cell++ {
			for _, slot := range cellSlots[cell] {
				putOn(s, int8(slot%numDice), slot, 3)
			}
		}
		log.Reset()
		s.Dice[0] = Die{Face: 4, Loc: locPool}
		s.automaDraft(&log)
		wantIn(t, log.Events[0].Text, "in the Smuggler's District")
	})
	t.Run("GH-162 the closing line names the winner", func(t *testing.T) {
		s := newGame(t, 2, 11, "")
		var legal []Move
		var last string
		for s.Phase != phaseOver {
			legal = s.Legal(game.Seat(s.actor()), legal[:0])
			last = logged(t, s, legal[0])
		}
		r := s.Result()
		wantIn(t, last, "Prestige: ")
		for i := range s.N {
			wantIn(t, last, s.Names[i]+" "+strconv.Itoa(r.Scores[i]))
		}
		if r.Winners.Len() > 1 {
			wantIn(t, last, "share the victory")
		} else {
			wantIn(t, last, s.Names[r.Winners.First()]+" wins")
		}
	})
	t.Run("GH-145 GH-148 GH-150 the End-of-Turn and End-of-Round steps are told", func(t *testing.T) {
		s := actionState(t, 2, "")
		giveShip(s, 0, 0, "M3")
		sh := &s.Players[0].Ships[0]
		sh.Where, sh.Dist, sh.Damage = shipBack, 1, 1
		s.Players[0].Huts = 1
		s.Players[1].Free = 4
		s.Turn, s.Anchor = 1, 0
		var log game.Log
		s.endOfTurn(&log)
		var text string
		for _, e := range log.Events {
			text += e.For(game.Public).Text + "\n"
		}
		wantIn(t, text, "P1's Corbita is back home, repaired by its Dock Hut", "the Anchor passes to P2", "Domestic Growth pays P2 2 Coins")
	})
	t.Run("GH-148 in a solo game the Anchor stays", func(t *testing.T) {
		s := actionState(t, 1, "")
		var log game.Log
		s.endOfTurn(&log)
		wantIn(t, log.Events[0].Text, "Turn A ends", "the Anchor stays with P1")
	})
	t.Run("GH-190 the Automa's Colonist crewing a ship is told", func(t *testing.T) {
		s := automaState(t)
		s.Bot.Ships[0] = Ship{Card: shipID("L1")}
		var log game.Log
		s.automaAct(AutomaAction{Kind: "colonist"}, AutomaStep{}, &log)
		wantIn(t, log.Events[0].Text, "The Automa gains a Colonist and crews Trireme's Strength")
	})
	t.Run("GH-216 an activation says what it does", func(t *testing.T) {
		s := actionState(t, 2, "")
		withPerson(s, 24)
		wantIn(t, logged(t, s, Move{Type: mvActivate, Person: 0, Track: red, Track2: blue}),
			"activated Praetor (#24) to rise on the red and blue Senate tracks")
	})
	t.Run("GH-230 an employment says what it did", func(t *testing.T) {
		s := actionState(t, 2, "")
		b := withBuilding(s, 17, 1)
		wantIn(t, logged(t, s, Move{Type: mvEmploy, Card: b, Track: yellow}),
			"employed a Colonist in House of Censors, rising on the yellow Senate track")
	})
	t.Run("GH-195 the Automa's trade names the Demand it discards", func(t *testing.T) {
		s := automaState(t)
		s.Bot.Ships[0] = Ship{Card: shipID("M1")} // strength 3
		s.Demand[0] = marble
		stackPirates(s, 3, 9)
		s.OrderIdx, s.Phase = s.N, phaseAction
		var log game.Log
		s.startVoyage(&log)
		for i := 0; i < 5 && s.Bot.Ships[0].Where == shipOut; i++ {
			s.voyageStep(&log)
		}
		var text string
		for _, e := range log.Events {
			text += e.Text + "\n"
		}
		wantIn(t, text, "The Automa's Bireme (strength 3) met pirates of 3", "traded at segment 1 for 2 Prestige, discarding the marble Demand")
	})
	t.Run("GH-167 a placement by a Shop says what the Shop paid", func(t *testing.T) {
		s := actionState(t, 2, `{"shops":true}`)
		arrange(s, "CARPENTRY", 0)
		shore := shoreOf(0)
		s.Accept[shore] = 0xF
		site := int8(-1)
		for i := range siteGeoms {
			if siteGeoms[i].Slots[0] == shore || siteGeoms[i].Slots[1] == shore {
				site = int8(i)
				break
			}
		}
		s.ShopSite[siteGeoms[site].Vertex], s.ShopOwner[siteGeoms[site].Vertex] = site, 1
		die := dieOf(s, yellow)
		draftTo(s, 0, die, 2)
		wantIn(t, logged(t, s, Move{Type: mvPlace, Die: die, Slot: shore, First: 3}),
			"Carpentry tier 2: 2 planks; Shop income: P2 1 "+resNames[s.bonusTile()[yellow]])
	})
	t.Run("GH-164 a Shop's line names its corner as the board numbers it, and its tile", func(t *testing.T) {
		// The board numbers the 16 grid corners 1-16 in reading order; a
		// corner touches up to four tiles, so the line names the tile too.
		for _, c := range []struct {
			site   int8
			corner string
		}{{0, "corner 1"}, {4, "corner 3"}, {9, "corner 6"}, {35, "corner 16"}} {
			s := actionState(t, 2, `{"shops":true}`)
			s.Players[0].Res[rope] = 2
			wantIn(t, logged(t, s, Move{Type: mvShop, Site: c.site, Res: rope}),
				"set up a Shop on "+c.corner+", by "+tiles[s.Layout[siteGeoms[c.site].Cell]].Name)
		}
	})
	t.Run("GH-178 the Automa's placement names the slot as the board numbers it", func(t *testing.T) {
		s := automaState(t)
		for c := int8(0); c < numColours; c++ {
			s.Dice[dieOf(s, c)] = Die{Face: 4, Loc: locPool}
		}
		var log game.Log
		s.automaDraft(&log)
		for _, e := range log.Events {
			if e.Type != "automa" || !strings.Contains(e.Text, "placed it on the slot") {
				continue
			}
			d := &s.Dice[e.Data.(int8)]
			wantIn(t, e.Text, "placed it on "+s.slotName(d.At))
			return
		}
		t.Fatalf("no Automa placement on a slot logged: %+v", log.Events)
	})
}

// TestSlotNames checks that the log names a slot by the tiles round it, the
// way the board shows it: a shore slot by its side of its tile, an inner one
// by the two tiles it lies between.
func TestSlotNames(t *testing.T) {
	s := actionState(t, 2, "")
	arrange(s, "FORUM", 4)
	arrange(s, "ROPEYARD", 1)
	arrange(s, "SAILMAKER", 0)
	for slot, want := range map[int8]string{
		hSlot(1, 1): "the slot between the Ropeyard and the Forum",
		vSlot(1, 1): "the slot between the " + tiles[s.Layout[3]].Name + " and the Forum",
		hSlot(0, 0): "the slot above the Sailmaker",
		vSlot(0, 0): "the slot left of the Sailmaker",
		hSlot(0, 1): "the slot above the Ropeyard",
		hSlot(3, 1): "the slot below the " + tiles[s.Layout[7]].Name,
		vSlot(1, 3): "the slot right of the " + tiles[s.Layout[5]].Name,
	} {
		if got := s.slotName(slot); got != want {
			t.Errorf("slot %d is %q, want %q", slot, got, want)
		}
	}
}
