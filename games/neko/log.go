package neko

import (
	"fmt"
	"strings"

	"harbor/game"
)

// snapshot is what the log needs of the table before a move, to say what
// the move did.
type snapshot struct {
	Player Player
	Turn   Turn
	Attrs  [maxAttr]Attr
	Period int8
	Phase  uint8
}

func (s *State) snapshot(seat game.Seat) snapshot {
	return snapshot{Player: s.Players[seat], Turn: s.Turn, Attrs: s.Attrs, Period: s.Period, Phase: s.Phase}
}

// cardName is how the log names a card: its kind and printed id.
func cardName(c uint8) string {
	cd := &cat.Cards[c]
	if cd.Boat {
		return "fishing boat " + cd.ID
	}
	return cd.Kind.String() + " (" + cd.ID + ")"
}

// columnName names column col (from 0) of a line.
func columnName(p *Player, col int8) string {
	if col < 0 || col >= p.NCols {
		return fmt.Sprintf("column %d", col+1)
	}
	c := &p.Cols[col]
	if c.Kind == FishingBoat {
		return fmt.Sprintf("column %d (%s)", col+1, cardName(c.First))
	}
	return fmt.Sprintf("column %d (%s)", col+1, c.Kind)
}

// countText says n cards of resource r: "1 fish", "2 licences".
func countText(n int16, r Res) string {
	name := r.String()
	switch r {
	case Licence, Penguin, Captain:
		if n != 1 {
			name += "s"
		}
	case VP1:
		name = "VP card"
		if n != 1 {
			name += "s"
		}
	}
	return fmt.Sprintf("%d %s", n, name)
}

// bundleText lists a bundle's cards: "2 fish, 1 licence".
func bundleText(b Bundle) string {
	var parts []string
	for r := range numRes {
		if b[r] > 0 {
			parts = append(parts, countText(b[r], Res(r)))
		}
	}
	return strings.Join(parts, ", ")
}

// record adds the event of an applied move, in words a player at the table
// would use, with what the move earned. Every move is public, since drafts
// and plays happen in the open (NK-Q33).
func (s *State) record(log *game.Log, seat game.Seat, m Move, before *snapshot) {
	p := &s.Players[seat]
	b := &before.Player
	name, who := s.name(seat), s.whoValue(seat)
	paid := paidCards(b, &before.Turn, m)
	cost := ""
	if t := bundleText(paid); t != "" {
		cost = " (" + t + " from the supply)"
	}
	var text string
	var msg *game.Msg
	// say sets the line's message: id and values after the player's name.
	say := func(id string, kv ...any) { msg = game.M("neko."+id, append([]any{"who", who}, kv...)...) }
	switch m.Type {
	case MoveDraft:
		var cards []string
		var cardMsgs []any
		for k := b.DraftedN; k < p.DraftedN; k++ {
			cards = append(cards, cardName(p.Drafted[k]))
			cardMsgs = append(cardMsgs, cardMsg(p.Drafted[k]))
		}
		text = fmt.Sprintf("%s took the %d-card set from row %d: %s", name, m.Size, m.Row+1, strings.Join(cards, ", "))
		say("drafted", "size", int(m.Size), "row", int(m.Row)+1, "cards", chain("neko.comma", cardMsgs))
	case MovePick:
		text = fmt.Sprintf("%s took %s from the display", name, cardName(uint8(m.Card)))
		say("picked", "card", cardMsg(uint8(m.Card)))
	case MoveBoat:
		text = fmt.Sprintf("%s took %s", name, cardName(uint8(m.Card)))
		say("tookBoat", "card", cardMsg(uint8(m.Card)))
	case MovePlay:
		col := p.Played[b.NPlayed].Col
		id := "playedInto"
		if col >= b.NCols {
			text = fmt.Sprintf("%s played %s as a new %s", name, cardName(uint8(m.Card)), columnName(p, col))
			id = "playedNew"
		} else {
			text = fmt.Sprintf("%s played %s into %s", name, cardName(uint8(m.Card)), columnName(p, col))
		}
		say(id, "card", cardMsg(uint8(m.Card)), "col", columnMsg(p, col))
		if cat.Cards[m.Card].Effect == EffImmediateVPPerShip {
			text += fmt.Sprintf(": %d VP, one per ship in game", shipsInGame(p))
			msg = game.M("neko.vpPerShip", "line", msg, "n", shipsInGame(p))
		}
	case MoveDeactivate:
		text = fmt.Sprintf("%s deactivated %s under %s: hub %d → %d", name, cardName(uint8(m.Card)), columnName(p, m.Col), b.Cols[m.Col].Hub, p.Cols[m.Col].Hub)
		say("deactivated", "card", cardMsg(uint8(m.Card)), "col", columnMsg(p, m.Col), "from", int(b.Cols[m.Col].Hub), "to", int(p.Cols[m.Col].Hub))
	case MoveKeep:
		text = fmt.Sprintf("%s kept %s in its column", name, cardName(before.Turn.Immediate))
		say("kept", "card", cardMsg(before.Turn.Immediate))
	case MoveTuck:
		text = fmt.Sprintf("%s tucked %s under %s as a hub: hub now %d", name, cardName(before.Turn.Immediate), columnName(p, m.Col), p.Cols[m.Col].Hub)
		say("tucked", "card", cardMsg(before.Turn.Immediate), "col", columnMsg(p, m.Col), "hub", int(p.Cols[m.Col].Hub))
	case MoveNext:
		if w := before.Turn.Window; w < b.NCols && !before.Turn.Last {
			text = fmt.Sprintf("%s is done with %s", name, columnName(b, w))
			say("doneWith", "col", columnMsg(b, w))
		} else {
			text = name + " ended the turn"
			say("endedTurn")
		}
	case MoveCaptain:
		text = fmt.Sprintf("%s put a captain on %s: hub %d → %d", name, columnName(p, m.Col), b.Cols[m.Col].Hub, p.Cols[m.Col].Hub)
		say("captain", "col", columnMsg(p, m.Col), "from", int(b.Cols[m.Col].Hub), "to", int(p.Cols[m.Col].Hub))
	case MoveHarbour:
		text = fmt.Sprintf("%s upgraded the harbour to level %d for %s", name, p.Harbour, countText(int16(cat.Harbour[p.Harbour].Cost), Licence)) + cost
		say("harbour", "level", int(p.Harbour), "cost", countMsg(int16(cat.Harbour[p.Harbour].Cost), Licence))
		msg = withPaid(msg, paid)
	case MoveUpgrade:
		lv := b.Ships[m.Ship].Level
		text = fmt.Sprintf("%s upgraded a ship on %s from level %d to %d for %s", name, columnName(p, b.Ships[m.Ship].Loc-1), lv, m.Level, countText(int16(m.Level-lv), Licence)) + cost
		say("upgraded", "col", columnMsg(p, b.Ships[m.Ship].Loc-1), "from", int(lv), "to", int(m.Level), "cost", countMsg(int16(m.Level-lv), Licence))
		msg = withPaid(msg, paid)
	case MoveBuyShip:
		text = fmt.Sprintf("%s bought a level-%d ship for %d coins", name, m.Level, 2*int(m.Level)) + cost
		say("boughtShip", "level", int(m.Level), "coins", 2*int(m.Level))
		msg = withPaid(msg, paid)
	case MoveBuyLicence:
		text = fmt.Sprintf("%s bought a licence for %d coins", name, licencePrice(b)) + cost
		say("boughtLicence", "coins", licencePrice(b))
		msg = withPaid(msg, paid)
	case MoveShip:
		text = s.moveText(name, p, b, m.Ship, cost)
		msg = s.moveMsg(who, p, b, m.Ship, paid)
	case MoveSail:
		text = s.sailText(name, p, before, m, cost)
		msg = s.sailMsg(who, p, before, m, paid)
	case MoveBonus:
		text = name + " took the Research Station bonus: +2 coins"
		say("bonusCoins")
		if m.Option == 1 {
			text = name + " took the Research Station bonus: +1 fuel"
			say("bonusFuel")
		}
	case MoveFlip:
		text = name + " flipped a fish to goods"
		say("flippedFish")
		if Res(m.Res) == Licence {
			text = name + " flipped a licence to a penguin"
			say("flippedLicence")
		}
	case MoveChoose:
		text = s.chooseText(name, before, m.Option)
		msg = s.chooseMsg(who, before, m.Option)
	case MoveDiscard:
		text = fmt.Sprintf("%s discarded a %s, down to the supply limit of %d", name, Res(m.Res), limit(p))
		say("discarded."+Res(m.Res).String(), "limit", limit(p))
	}
	if m.Type != MoveChoose && m.Type != MoveFlip && m.Type != MoveDiscard {
		text += gainedText(b, p, paid)
		msg = withGained(msg, b, p, paid)
	}
	log.Add(game.Event{Type: m.Type, Seat: seat, Text: text, Msg: msg})
	s.recordScoring(log, before)
}

// gainedText says which cards a move earned: its player's supply and
// pending cards together grew by them, after paying the cards paid.
func gainedText(b, p *Player, paid Bundle) string {
	if t := bundleText(gained(b, p, paid)); t != "" {
		return "; gained " + t
	}
	return ""
}

// gained is what a move earned: how much its player's supply and pending
// cards together grew, after paying the cards paid.
func gained(b, p *Player, paid Bundle) Bundle {
	var got Bundle
	for r := range numRes {
		got[r] = max(0, p.Supply[r]+p.Pending[r]-b.Supply[r]-b.Pending[r]+paid[r])
	}
	return got
}

// paidCards is what a free action cost in cards: the part of its price the
// window's icons did not cover (NK-045, NK-047).
func paidCards(b *Player, t *Turn, m Move) Bundle {
	var out Bundle
	cards := func(ic, price int, r Res) { out[r] += int16(max(0, price-int(t.Icons[ic]))) }
	switch m.Type {
	case MoveHarbour:
		cards(icLicence, int(cat.Harbour[b.Harbour+1].Cost), Licence)
	case MoveUpgrade:
		cards(icLicence, int(m.Level-b.Ships[m.Ship].Level), Licence)
	case MoveBuyShip:
		cards(icCoin, 2*int(m.Level), Fish)
	case MoveBuyLicence:
		cards(icCoin, licencePrice(b), Fish)
	case MoveShip:
		cards(icFuel, moveCost(m.Ship), Fish)
	case MoveSail:
		cards(icFuel, 1, Fish)
	}
	return out
}

// movedShip finds ship i of b after a move or sail: a Shipyard or King George
// upgrade may have swapped its card for one from the ship supply.
func movedShip(p, b *Player, i int8, loc int8) Ship {
	if p.Ships[i].Loc == loc {
		return p.Ships[i]
	}
	for j := range numShips {
		if b.Ships[j].Loc == locSupply && p.Ships[j].Loc == loc {
			return p.Ships[j]
		}
	}
	return p.Ships[i]
}

// moveText tells a one-step move: where the ship went, whether the hub
// triggered (NK-058) and any Shipyard upgrade (NK-090).
func (s *State) moveText(name string, p, b *Player, i int8, cost string) string {
	from := b.Ships[i]
	dest := from.Loc + 1
	what := fmt.Sprintf("a level-%d ship", from.Level)
	if i == ghost {
		what = "the ghost ship"
	}
	text := fmt.Sprintf("%s moved %s to %s for %d fuel%s", name, what, columnName(p, dest-1), moveCost(i), cost)
	if hub := p.Cols[dest-1].Hub; int(hub) > b.shipLevelsAt(dest)+int(from.Level) {
		text += fmt.Sprintf("; the hub (level %d) triggers", hub)
	}
	if now := movedShip(p, b, i, dest); now.Level != from.Level {
		text += fmt.Sprintf("; the ship rises to level %d", now.Level)
	}
	return text
}

// moveMsg is moveText as a message.
func (s *State) moveMsg(who any, p, b *Player, i int8, paid Bundle) *game.Msg {
	from := b.Ships[i]
	dest := from.Loc + 1
	what := game.M("neko.aShip", "level", int(from.Level))
	if i == ghost {
		what = game.Word("neko.ghostShip")
	}
	msg := withPaid(game.M("neko.moved", "who", who, "what", what, "col", columnMsg(p, dest-1), "fuel", moveCost(i)), paid)
	if h := p.Cols[dest-1].Hub; int(h) > b.shipLevelsAt(dest)+int(from.Level) {
		msg = game.M("neko.hubTriggers", "line", msg, "level", int(h))
	}
	if now := movedShip(p, b, i, dest); now.Level != from.Level {
		msg = game.M("neko.shipRises", "line", msg, "level", int(now.Level))
	}
	return msg
}

// sailText tells a move to an attraction and the reward it took (NK-111..119).
func (s *State) sailText(name string, p *Player, before *snapshot, m Move, cost string) string {
	b := &before.Player
	from := b.Ships[m.Ship]
	text := fmt.Sprintf("%s sailed a level-%d ship to %s for 1 fuel%s", name, from.Level, cat.Attractions[s.Attrs[m.To].Card].Name, cost)
	switch {
	case from.Rewarded:
		text += ": no reward (a ship is rewarded once)"
	case !before.Attrs[m.To].Visited:
		text += ": better reward (first to arrive)"
	case b.Effects[EffRSBetterAttraction] > 0:
		text += ": better reward (Research Station)"
	default:
		text += ": lesser reward"
	}
	if now := movedShip(p, b, m.Ship, locAttr+m.To); now.Level != from.Level {
		text += fmt.Sprintf("; the ship rises to level %d", now.Level)
	}
	return text
}

// sailMsg is sailText as a message.
func (s *State) sailMsg(who any, p *Player, before *snapshot, m Move, paid Bundle) *game.Msg {
	b := &before.Player
	from := b.Ships[m.Ship]
	reward := "lesser"
	switch {
	case from.Rewarded:
		reward = "none"
	case !before.Attrs[m.To].Visited:
		reward = "first"
	case b.Effects[EffRSBetterAttraction] > 0:
		reward = "station"
	}
	place := game.Word(wordID("attr", cat.Attractions[s.Attrs[m.To].Card].ID))
	msg := withPaid(game.M("neko.sailed", "who", who, "level", int(from.Level), "place", place), paid)
	msg = game.M(wordID("reward", reward), "line", msg)
	if now := movedShip(p, b, m.Ship, locAttr+m.To); now.Level != from.Level {
		msg = game.M("neko.shipRises", "line", msg, "level", int(now.Level))
	}
	return msg
}

// chooseText tells the option taken for a waiting choice.
func (s *State) chooseText(name string, before *snapshot, opt int8) string {
	ch := before.Turn.Choices[0]
	switch ch.Kind {
	case chHubReward:
		return fmt.Sprintf("%s took the level-%d hub reward: %s", name, opt, bundleText(cat.Harbour[opt].Reward))
	case chBoatSwap:
		if opt == 0 {
			return fmt.Sprintf("%s made no swap at %s", name, cardName(ch.Card))
		}
		sw := swapsOf(ch.Card)[opt-1]
		return fmt.Sprintf("%s swapped %s for %s at %s", name, bundleText(sw.Give), bundleText(sw.Get), cardName(ch.Card))
	case chHalfMoon:
		return fmt.Sprintf("%s chose %s at Half Moon Island", name, bundleText(halfMoonBetter[opt]))
	}
	return fmt.Sprintf("%s chose %s at Neko Harbour", name, bundleText(nekoBetter[opt]))
}

// chooseMsg is chooseText as a message.
func (s *State) chooseMsg(who any, before *snapshot, opt int8) *game.Msg {
	ch := before.Turn.Choices[0]
	switch ch.Kind {
	case chHubReward:
		return game.M("neko.hubReward", "who", who, "level", int(opt), "cards", bundleMsg(cat.Harbour[opt].Reward))
	case chBoatSwap:
		if opt == 0 {
			return game.M("neko.noSwap", "who", who, "card", cardMsg(ch.Card))
		}
		sw := swapsOf(ch.Card)[opt-1]
		return game.M("neko.swapped", "who", who, "give", bundleMsg(sw.Give), "get", bundleMsg(sw.Get), "card", cardMsg(ch.Card))
	case chHalfMoon:
		return game.M("neko.chose", "who", who, "cards", bundleMsg(halfMoonBetter[opt]), "place", game.Word("neko.attr.halfmoon"))
	}
	return game.M("neko.chose", "who", who, "cards", bundleMsg(nekoBetter[opt]), "place", game.Word("neko.attr.nekoharbour"))
}

// recordScoring adds the public events of a scoring the move led to: the
// intermediate scores and period 2's turn order (NK-066..069), the fishing
// boat order (NK-122), and the final scores (NK-082).
func (s *State) recordScoring(log *game.Log, before *snapshot) {
	if before.Phase != phBoats && (s.Period != before.Period || s.Phase == phBoats || s.Phase == phOver) {
		var parts []string
		var scores []any
		for pos := range s.N {
			seat := s.seatAt(pos)
			parts = append(parts, fmt.Sprintf("%s %d", s.name(seat), s.Players[seat].Interim[before.Period-1]))
			scores = append(scores, game.M("neko.seatScore", "who", s.whoValue(seat), "n", int(s.Players[seat].Interim[before.Period-1])))
		}
		log.Add(game.Event{Type: "score", Seat: game.Public, Text: fmt.Sprintf("Period %d scoring: %s", before.Period, strings.Join(parts, ", ")),
			Msg: game.M("neko.scored", "period", int(before.Period), "scores", chain("neko.comma", scores))})
	}
	if s.Phase == phBoats && before.Phase != phBoats {
		var names []string
		var whos []any
		for k := range s.N {
			names = append(names, s.name(game.Seat(s.Queue[k])))
			whos = append(whos, s.whoValue(game.Seat(s.Queue[k])))
		}
		log.Add(game.Event{Type: "boats", Seat: game.Public, Text: "Fishing boats are chosen in this order: " + strings.Join(names, ", "),
			Msg: game.M("neko.boatOrder", "names", chain("neko.comma", whos))})
	}
	if s.Period != before.Period {
		var names []string
		var whos []any
		for pos := range s.N {
			names = append(names, s.name(s.seatAt(pos)))
			whos = append(whos, s.whoValue(s.seatAt(pos)))
		}
		log.Add(game.Event{Type: "order", Seat: game.Public, Text: "Period 2 turn order: " + strings.Join(names, ", "),
			Msg: game.M("neko.turnOrder", "names", chain("neko.comma", whos))})
	}
	if s.Phase == phLast && before.Phase != phLast {
		log.Add(game.Event{Type: "last", Seat: game.Public, Text: "Period 2's turns are over: in turn order, each player may now spend cards on free actions before the scoring",
			Msg: game.Word("neko.lastActions")})
	}
	if s.Phase == phOver && before.Phase != phOver {
		var parts []string
		var finals []any
		for i := range s.N {
			f := &s.Players[i].Final
			parts = append(parts, fmt.Sprintf("%s %d (%s)", s.name(game.Seat(i)), f.Total, f.text()))
			finals = append(finals, game.M("neko.finalScore", "who", s.whoValue(game.Seat(i)), "n", int(f.Total), "parts", orNone(f.msg())))
		}
		r := s.Result()
		var won []string
		var winners []any
		for _, w := range r.Winners.List() {
			won = append(won, s.name(w))
			winners = append(winners, s.whoValue(w))
		}
		log.Add(game.Event{Type: "end", Seat: game.Public, Text: "Final scores: " + strings.Join(parts, "; ") + ". Winner: " + strings.Join(won, " and "), Data: r,
			Msg: game.M("neko.ended", "scores", chain("neko.semicolon", finals), "winners", chain("neko.and", winners))})
	}
}

// text lists the non-zero parts of a final score.
func (f *Breakdown) text() string {
	var out []string
	for _, p := range f.parts() {
		if p.n != 0 {
			out = append(out, fmt.Sprintf("%s %d", p.label, p.n))
		}
	}
	return strings.Join(out, ", ")
}

// breakdownPart is one part of a final score: its words in the log, its
// message key and its points.
type breakdownPart struct {
	label, key string
	n          int16
}

func (f *Breakdown) parts() []breakdownPart {
	return []breakdownPart{{"periods", "periods", f.Periods}, {"attractions", "attractions", f.Attractions}, {"harbour", "harbour", f.Harbour},
		{"hub", "hub", f.Hubs}, {"scoring cards", "cards", f.Cards}, {"penguins", "penguins", f.Penguins}, {"captains", "captains", f.Captains},
		{"goods", "goods", f.Goods}, {"VP cards", "vpCards", f.VPCards}, {"level 5-6 ships", "ships", f.Ships}, {"ghost ship", "ghost", f.Ghost}}
}
