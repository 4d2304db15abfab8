package harborfall

import (
	"fmt"

	"harbor/game"
)

// perform applies a move that check accepted.
func (s *State) perform(p int8, m Move, log *game.Log) {
	switch m.Type {
	case "settlement":
		s.settle(p, m.At, log)
	case "road":
		s.buildRoad(p, m.At, log)
	case "city":
		s.pay(p, cost[costCity])
		s.City[m.At] = true
		s.Cities[p]--
		s.Settlements[p]++
		if log.On() {
			s.event(log, "city", p, msg(s.extraID("built_city"), "who", s.Names[p]), "%s built a city%s", s.Names[p], s.onExtraTurn())
		}
	case "buy":
		s.buy(p, log)
	case "roll":
		s.roll(log)
	case "discard":
		s.Hands[p].sub(m.Give)
		s.Supply.add(m.Give)
		s.Owed[p] -= int8(m.Give.Total())
		s.Discards[p].add(m.Give)
		if s.Owed[p] == 0 {
			// One line per seat, however many moves its discard took (HF-30).
			all := s.Discards[p]
			s.Discards[p] = Hand{}
			if log.On() {
				log.Add(game.Event{Type: "discard", Seat: game.Seat(p), Text: fmt.Sprintf("%s discarded %s", s.Names[p], cardCount(all.Total())),
					Msg: msg("discarded", "who", s.Names[p], "cards", cardCountMsg(all.Total())),
					Secrets: []game.Secret{{To: game.Seats(game.Seat(p)), Text: "You discarded " + handText(all),
						Msg: msg("you_discarded", "cards", handMsg(all)), Data: all}}})
			}
		}
		if s.discardsDone() {
			s.Phase = phaseRobber
		}
	case "robber":
		s.moveRobber(p, int8(m.At), log)
	case "steal":
		s.steal(p, m.Seat, log)
		s.Phase = s.Return
	case "bank":
		s.Hands[p].sub(m.Give)
		s.Supply.add(m.Give)
		s.Hands[p].add(m.Get)
		s.Supply.sub(m.Get)
		if log.On() {
			s.event(log, "bank", p, msg("bank", "who", s.Names[p], "give", handMsg(m.Give), "get", handMsg(m.Get)), "%s traded %s to the supply for %s", s.Names[p], handText(m.Give), handText(m.Get))
		}
	case "offer", "accept", "decline", "counter", "pick", "cancel":
		s.performOffer(p, m, log)
	case "play_steal", "play_roads", "play_harvest", "play_forced":
		s.play(p, m, log)
	case "end":
		s.end(log)
	}
}

// event records a public event, as a message and as English text; call it
// only when log.On().
func (s *State) event(log *game.Log, typ string, p int8, m *game.Msg, format string, args ...any) {
	log.Add(game.Event{Type: typ, Seat: game.Seat(p), Text: fmt.Sprintf(format, args...), Msg: m})
}

var resourceNames = content.Resources

// handText writes a hand as "2 brick, 1 ore".
func handText(h Hand) string {
	out := ""
	for r, n := range h {
		if n == 0 {
			continue
		}
		if out != "" {
			out += ", "
		}
		out += fmt.Sprintf("%d %s", n, resourceNames[r])
	}
	if out == "" {
		return "nothing"
	}
	return out
}

// cardCount writes n cards as "1 card" or "4 cards".
func cardCount(n int) string {
	if n == 1 {
		return "1 card"
	}
	return fmt.Sprintf("%d cards", n)
}

// hexText names hex h for the log: "the desert" or "the 8 forest".
func (s *State) hexText(h int8) string {
	if s.Terrain[h] == Desert {
		return "the desert"
	}
	return fmt.Sprintf("the %d %s", s.Number[h], content.Terrains[s.Terrain[h]])
}

// onExtraTurn is " on an extra build turn" during one (HF-73), else "",
// for the log.
func (s *State) onExtraTurn() string {
	if s.Phase == phaseSpecial {
		return " on an extra build turn"
	}
	return ""
}

func (s *State) pay(p int8, c Hand) {
	s.Hands[p].sub(c)
	s.Supply.add(c)
}

// take moves up to the cards of h from the supply into p's hand.
func (s *State) take(p int8, h Hand) {
	s.Hands[p].add(h)
	s.Supply.sub(h)
}

func (s *State) settle(p int8, c int16, log *game.Log) {
	setup := s.Phase == phaseSetup
	if !setup {
		s.pay(p, cost[costSettlement])
	}
	s.Owner[c] = p
	s.Settlements[p]--
	if k := s.CornerHarbor[c]; k >= 0 {
		s.Ports[p] |= 1 << k
	}
	if rivals := s.roadOwnersAt(c) &^ (1 << p); rivals != 0 {
		s.awardLongestRoad(rivals)
	}
	if setup {
		s.SetupCorner = c
		var got Hand
		if s.SetupStep >= s.Players {
			for _, h := range s.geo().cornerHexes[c] {
				if r := s.Terrain[h]; r != Desert && s.Supply[r] > got[r] {
					got[r]++
				}
			}
			s.take(p, got)
		}
		if log.On() {
			if got.Total() > 0 {
				s.event(log, "settlement", p, msg("placed_settlement_took", "who", s.Names[p], "cards", handMsg(got)), "%s placed a settlement and took %s", s.Names[p], handText(got))
			} else {
				s.event(log, "settlement", p, msg("placed_settlement", "who", s.Names[p]), "%s placed a settlement", s.Names[p])
			}
		}
		return
	}
	if log.On() {
		s.event(log, "settlement", p, msg(s.extraID("built_settlement"), "who", s.Names[p]), "%s built a settlement%s", s.Names[p], s.onExtraTurn())
	}
}

func (s *State) buildRoad(p int8, e int16, log *game.Log) {
	phase := s.Phase
	s.Road[e] = p
	s.Roads[p]--
	switch s.Phase {
	case phaseSetup:
		s.awardLongestRoad(1 << p)
		s.SetupCorner = -1
		s.SetupStep++
		if s.SetupStep < 2*s.Players {
			s.Active = s.setupSeat(s.SetupStep)
		} else {
			s.Active = s.First - 1
			s.nextTurn(log)
		}
	case phaseRoads:
		s.FreeRoads--
		s.awardLongestRoad(1 << p)
		if s.FreeRoads == 0 || s.Roads[p] == 0 || !s.anyRoadSpot(p) {
			s.FreeRoads = 0
			s.Phase = s.Return
		}
	default:
		s.pay(p, cost[costRoad])
		s.awardLongestRoad(1 << p)
	}
	if log.On() {
		switch phase {
		case phaseSetup:
			s.event(log, "road", p, msg("placed_road", "who", s.Names[p]), "%s placed a road", s.Names[p])
		case phaseRoads:
			s.event(log, "road", p, msg("placed_free_road", "who", s.Names[p]), "%s placed a free road", s.Names[p])
		default:
			s.event(log, "road", p, msg(s.extraID("built_road"), "who", s.Names[p]), "%s built a road%s", s.Names[p], s.onExtraTurn())
		}
	}
}

func (s *State) buy(p int8, log *game.Log) {
	s.pay(p, cost[costDev])
	s.DeckLen--
	k := s.Deck[s.DeckLen]
	s.Dev[p][k]++
	s.Fresh[p][k]++
	if log.On() {
		log.Add(game.Event{Type: "buy", Seat: game.Seat(p), Text: s.Names[p] + " bought a development card" + s.onExtraTurn(),
			Msg: msg(s.extraID("bought"), "who", s.Names[p]),
			Secrets: []game.Secret{{To: game.Seats(game.Seat(p)), Text: "You bought a " + content.CardTitles[k] + " card",
				Msg: msg("you_bought", "card", cardWord(int(k)))}}})
	}
}

// roll rolls two dice: a 7 starts discards and the robber (HF-29, HF-30),
// anything else produces (HF-21).
func (s *State) roll(log *game.Log) {
	d1, d2 := s.Rand.Die(), s.Rand.Die()
	s.Dice = [2]int8{int8(d1), int8(d2)}
	total := int8(d1 + d2)
	s.countRoll(total)
	if total != 7 {
		got, short := s.produce(total)
		if log.On() {
			log.Add(game.Event{Type: "roll", Seat: game.Seat(s.Active), Text: fmt.Sprintf("%s rolled %d", s.Names[s.Active], total),
				Msg: msg("rolled", "who", s.Names[s.Active], "n", int(total)), Data: s.Dice})
			if s.Number[s.Robber] == total {
				s.event(log, "blocked", -1, msg("blocked", "hex", s.hexMsg(s.Robber)), "The robber keeps %s from producing", s.hexText(s.Robber))
			}
			for r := range NumResources {
				if short&(1<<r) != 0 {
					s.event(log, "short", -1, msg("short", "res", resourceWord(r)), "The supply is short of %s: nobody takes %s", resourceNames[r], resourceNames[r])
				}
			}
			for p := range s.n() {
				if got[p].Total() > 0 {
					s.event(log, "produce", int8(p), msg("took", "who", s.Names[p], "cards", handMsg(got[p])), "%s took %s", s.Names[p], handText(got[p]))
				}
			}
		}
		s.Phase = phaseMain
		return
	}
	s.Return = phaseMain
	s.Phase = phaseRobber
	for p := range s.n() {
		if n := s.Hands[p].Total(); n > 7 {
			s.Owed[p] = int8(n / 2)
			s.Phase = phaseDiscard
		}
	}
	if log.On() {
		text := fmt.Sprintf("%s rolled 7: nothing produces", s.Names[s.Active])
		sep := "; "
		var owed []*game.Msg
		for p := range s.n() {
			if s.Owed[p] > 0 {
				text += fmt.Sprintf("%s%s must discard %s", sep, s.Names[p], cardCount(int(s.Owed[p])))
				sep = ", "
				owed = append(owed, msg("must_discard", "who", s.Names[p], "cards", cardCountMsg(int(s.Owed[p]))))
			}
		}
		m := msg("rolled_seven", "who", s.Names[s.Active])
		if len(owed) > 0 {
			m = msg("rolled_seven_discard", "who", s.Names[s.Active], "owed", series(owed))
		}
		log.Add(game.Event{Type: "roll", Seat: game.Seat(s.Active), Text: text, Msg: m, Data: s.Dice})
	}
}

func (s *State) discardsDone() bool {
	for p := range s.n() {
		if s.Owed[p] > 0 {
			return false
		}
	}
	return true
}

// moveRobber puts the robber on h and steals at once when only one rival
// can be robbed; with several, the active player picks (HF-32..HF-35).
func (s *State) moveRobber(p, h int8, log *game.Log) {
	s.Robber = h
	if log.On() {
		s.event(log, "robber", p, msg("robber", "who", s.Names[p], "hex", s.hexMsg(h)), "%s moved the robber to %s", s.Names[p], s.hexText(h))
	}
	v := s.victims(p, h)
	switch {
	case v == 0:
		s.Phase = s.Return
	case v&(v-1) == 0:
		o := int8(0)
		for v&(1<<o) == 0 {
			o++
		}
		s.steal(p, o, log)
		s.Phase = s.Return
	default:
		s.Phase = phaseSteal
	}
}

// steal moves one uniformly random card from victim to p; only the two of
// them learn which (HF-33, HF-G16).
func (s *State) steal(p, victim int8, log *game.Log) {
	k := s.Rand.Intn(s.Hands[victim].Total())
	r := 0
	for ; k >= int(s.Hands[victim][r]); r++ {
		k -= int(s.Hands[victim][r])
	}
	s.Hands[victim][r]--
	s.Hands[p][r]++
	if log.On() {
		log.Add(game.Event{Type: "steal", Seat: game.Seat(p),
			Text: fmt.Sprintf("%s stole a card from %s", s.Names[p], s.Names[victim]),
			Msg:  msg("stole", "who", s.Names[p], "victim", s.Names[victim]),
			Secrets: []game.Secret{{To: game.Seats(game.Seat(p), game.Seat(victim)),
				Text: fmt.Sprintf("%s stole 1 %s from %s", s.Names[p], resourceNames[r], s.Names[victim]),
				Msg:  msg("stole_secret", "who", s.Names[p], "cards", amountMsg(r, 1), "victim", s.Names[victim]), Data: r}}})
	}
}

// play resolves a development card (HF-55..HF-59).
func (s *State) play(p int8, m Move, log *game.Log) {
	k := playedCard(m)
	s.CardPlayed = true
	s.Dev[p][k]--
	s.Played[p][k]++
	if log.On() {
		switch k {
		case CardHarvest:
			s.event(log, "play", p, msg("played_harvest", "who", s.Names[p], "card", cardWord(k), "cards", handMsg(m.Get)), "%s played %s and took %s", s.Names[p], content.CardTitles[k], handText(m.Get))
		case CardForced:
			n := 0
			for q := range s.Players {
				if q != p {
					n += int(s.Hands[q][m.Res])
				}
			}
			s.event(log, "play", p, msg("played_forced", "who", s.Names[p], "card", cardWord(k), "res", resourceWord(int(m.Res)), "cards", amountMsg(int(m.Res), n)),
				"%s played %s on %s and took %d %s from the others", s.Names[p], content.CardTitles[k],
				resourceNames[m.Res], n, resourceNames[m.Res])
		default:
			s.event(log, "play", p, msg("played", "who", s.Names[p], "card", cardWord(k)), "%s played %s", s.Names[p], content.CardTitles[k])
		}
	}
	switch k {
	case CardSteal:
		s.awardLargestArmy(p)
		s.Return = s.Phase
		s.Phase = phaseRobber
	case CardRoads:
		s.FreeRoads = min(2, s.Roads[p])
		if s.FreeRoads > 0 && s.anyRoadSpot(p) {
			s.Return = s.Phase
			s.Phase = phaseRoads
		} else {
			s.FreeRoads = 0
		}
	case CardHarvest:
		s.take(p, m.Get)
	case CardForced:
		for q := range s.Players {
			if q != p {
				s.Hands[p][m.Res] += s.Hands[q][m.Res]
				s.Hands[q][m.Res] = 0
			}
		}
	}
}

// awardLargestArmy gives the bonus to p once p has played 3 or more Move &
// steal cards, strictly more than the holder (HF-65, HF-66).
func (s *State) awardLargestArmy(p int8) {
	n := s.Played[p][CardSteal]
	if n < 3 || s.LargestArmy == p {
		return
	}
	if h := s.LargestArmy; h < 0 || n > s.Played[h][CardSteal] {
		s.LargestArmy = p
	}
}

// end ends the active player's turn, or one extra build turn. With 5 or 6
// players every other player then gets an extra build turn (HF-73).
func (s *State) end(log *game.Log) {
	if s.Phase == phaseSpecial {
		s.SpecialLeft--
		if s.SpecialLeft > 0 {
			s.Special = (s.Special + 1) % s.Players
			return
		}
		s.nextTurn(log)
		return
	}
	if log.On() {
		s.event(log, "end", s.Active, msg("ended", "who", s.Names[s.Active]), "%s ended the turn", s.Names[s.Active])
	}
	if s.Players >= 5 {
		s.Phase = phaseSpecial
		s.Special = (s.Active + 1) % s.Players
		s.SpecialLeft = s.Players - 1
		return
	}
	s.nextTurn(log)
}

// nextTurn starts the next player's regular turn (HF-52). A player who
// already has 10 points wins as it begins (HF-70), which Apply checks.
func (s *State) nextTurn(log *game.Log) {
	if s.Opts.TurnLimit > 0 && s.Turns >= s.Opts.TurnLimit {
		s.finish(-1, "turn_limit", log)
		return
	}
	s.Active = (s.Active + 1 + s.Players) % s.Players
	s.Turns++
	s.recordPoints()
	s.Phase = phaseRoll
	s.CardPlayed = false
	s.Offers = 0
	s.NumDeclined = 0
	s.Dice = [2]int8{}
	s.Fresh = [MaxPlayers][NumCards]int8{}
}

func (s *State) finish(winner int8, reason string, log *game.Log) {
	s.Phase = phaseOver
	s.Winner = winner
	s.Reason = reason
	if log.On() && winner < 0 {
		s.event(log, "over", -1, msg("turn_limit"), "The game ends at the turn limit")
	}
}

// logWin tells the table who won, whether the win came as their turn began
// (HF-70), and reveals the Secret point cards behind it (HF-71).
func (s *State) logWin(begins bool, log *game.Log) {
	winner := s.Winner
	text := fmt.Sprintf("%s wins with %d points", s.Names[winner], s.Points(int(winner)))
	id := "wins"
	if begins {
		text = fmt.Sprintf("%s has %d points as the turn begins and wins", s.Names[winner], s.Points(int(winner)))
		id = "wins_as_turn_begins"
	}
	m := msg(id, "who", s.Names[winner], "n", s.Points(int(winner)))
	if n := s.Dev[winner][CardPoint]; n > 0 {
		text += fmt.Sprintf(", revealing %d Secret point card", n)
		if n > 1 {
			text += "s"
		}
		m = msg("revealing", "line", m, "n", int(n))
	}
	s.event(log, "win", winner, m, "%s", text)
}
