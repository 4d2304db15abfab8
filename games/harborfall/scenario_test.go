package harborfall

import (
	"testing"

	"harbor/game"
)

// The browser scenario web/e2e/harborfall.e2e.mjs needs a seven that finds
// both of its phones (seats 0 and 1) holding more than seven cards, before
// the computer player (seat 3) wins. Its people play a fixed way: in setup
// each settles on the offered corner with the most pips and builds the first
// road offered; the phones then only roll, end, discard from their largest
// piles and decline offers; the laptop (seat 2) makes one supply trade and
// buys a development card; whoever moves the robber puts it on the computer
// player's richest hex and steals from it. TestScenarioSevenComes plays that
// against the normal computer player over many deals and checks the seven
// always comes in time, so a change to the rules or the computer player that
// would make the browser scenario wait in vain fails here first.

// scenarioMove is the scenario's move for person p.
func scenarioMove(s *State, p int8, legal []Move, laptop *[2]bool) Move {
	g := s.geo()
	worth := func(h int) int {
		if h == int(s.Robber) {
			return 0
		}
		return pips(s.Number[h])
	}
	switch s.View(game.Seat(p)).Phase {
	case "setup":
		if legal[0].Type != "settlement" {
			return legal[0]
		}
		best, bw := legal[0], -1
		for _, m := range legal {
			w := 0
			for h := range g.Hexes {
				for _, c := range g.HexCorners[h] {
					if c == m.At {
						w += worth(h)
					}
				}
			}
			if w > bw {
				best, bw = m, w
			}
		}
		return best
	case "discard":
		best, bn := legal[0], -1
		for _, m := range legal {
			r, _ := single(m.Give)
			if n := int(s.Hands[p][r]); n > bn {
				best, bn = m, n
			}
		}
		return best
	case "robber":
		robs := func(h int, bot bool) bool {
			for _, c := range g.HexCorners[h] {
				if o := s.Owner[c]; o >= 0 && o != p && (!bot || o == 3) && s.Hands[o].Total() > 0 {
					return true
				}
			}
			return false
		}
		best, bw := -1, -1
		for h := range g.Hexes {
			if h != int(s.Robber) && robs(h, true) && pips(s.Number[h]) > bw {
				best, bw = h, pips(s.Number[h])
			}
		}
		for h := 0; best < 0 && h < g.Hexes; h++ {
			if h != int(s.Robber) && robs(h, false) {
				best = h
			}
		}
		if best >= 0 {
			return Move{Type: "robber", At: int16(best)}
		}
	case "steal":
		for _, m := range legal {
			if m.Seat == 3 {
				return m
			}
		}
	case "offer":
		for _, m := range legal {
			if m.Type == "decline" || m.Type == "cancel" {
				return m
			}
		}
	case "main":
		for _, m := range legal {
			if p == 2 && m.Type == "bank" && !laptop[0] || p == 2 && m.Type == "buy" && !laptop[1] {
				laptop[0] = laptop[0] || m.Type == "bank"
				laptop[1] = laptop[1] || m.Type == "buy"
				return m
			}
		}
		return Move{Type: "end"}
	case "roll":
		return Move{Type: "roll"}
	}
	return legal[0]
}

func TestScenarioSevenComes(t *testing.T) {
	const deals, byTurn = 300, 80
	latest := 0
	for seed := uint64(1); seed <= deals; seed++ {
		s := newGame(t, 4, seed)
		bot := NewBot(3, game.BotSeed(seed, 3))
		var laptop [2]bool
		came := -1
		for k := 0; came < 0 && s.Phase != phaseOver; k++ {
			if k > 20000 {
				t.Fatalf("deal %d: no end after %d moves", seed, k)
			}
			seat := int8(0)
			for !s.Actors().Has(game.Seat(seat)) {
				seat++
			}
			legal := s.Legal(game.Seat(seat), nil)
			var m Move
			if seat == 3 {
				m = bot.Choose(s.View(3), legal)
			} else {
				m = scenarioMove(s, seat, legal, &laptop)
			}
			if err := s.Apply(game.Seat(seat), m, nil); err != nil {
				t.Fatalf("deal %d: seat %d %+v: %v", seed, seat, m, err)
			}
			if m.Type == "roll" && s.Owed[0] > 0 && s.Owed[1] > 0 {
				came = s.Turns
			}
		}
		if came < 0 {
			t.Fatalf("deal %d: the game ended (turn %d) before a seven found both phones over seven cards", seed, s.Turns)
		}
		if came > byTurn {
			t.Errorf("deal %d: the seven came only at turn %d", seed, came)
		}
		latest = max(latest, came)
	}
	t.Logf("in %d deals the seven came by turn %d at the latest", deals, latest)
}
