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
	name := s.name(seat)
	paid := paidCards(b, &before.Turn, m)
	cost := ""
	if t := bundleText(paid); t != "" {
		cost = " (" + t + " from the supply)"
	}
	var text string
	switch m.Type {
	case MoveDraft:
		var cards []string
		for k := b.DraftedN; k < p.DraftedN; k++ {
			cards = append(cards, cardName(p.Drafted[k]))
		}
		text = fmt.Sprintf("%s took the %d-card set from row %d: %s", name, m.Size, m.Row+1, strings.Join(cards, ", "))
	case MovePick:
		text = fmt.Sprintf("%s took %s from the display", name, cardName(uint8(m.Card)))
	case MoveBoat:
		text = fmt.Sprintf("%s took %s", name, cardName(uint8(m.Card)))
	case MovePlay:
		col := p.Played[b.NPlayed].Col
		if col >= b.NCols {
			text = fmt.Sprintf("%s played %s as a new %s", name, cardName(uint8(m.Card)), columnName(p, col))
		} else {
			text = fmt.Sprintf("%s played %s into %s", name, cardName(uint8(m.Card)), columnName(p, col))
		}
		if cat.Cards[m.Card].Effect == EffImmediateVPPerShip {
			text += fmt.Sprintf(": %d VP, one per ship in game", shipsInGame(p))
		}
	case MoveDeactivate:
		text = fmt.Sprintf("%s deactivated %s under %s: hub %d → %d", name, cardName(uint8(m.Card)), columnName(p, m.Col), b.Cols[m.Col].Hub, p.Cols[m.Col].Hub)
	case MoveKeep:
		text = fmt.Sprintf("%s kept %s in its column", name, cardName(before.Turn.Immediate))
	case MoveTuck:
		text = fmt.Sprintf("%s tucked %s under %s as a hub: hub now %d", name, cardName(before.Turn.Immediate), columnName(p, m.Col), p.Cols[m.Col].Hub)
	case MoveNext:
		if w := before.Turn.Window; w < b.NCols && !before.Turn.Last {
			text = fmt.Sprintf("%s is done with %s", name, columnName(b, w))
		} else {
			text = name + " ended the turn"
		}
	case MoveCaptain:
		text = fmt.Sprintf("%s put a captain on %s: hub %d → %d", name, columnName(p, m.Col), b.Cols[m.Col].Hub, p.Cols[m.Col].Hub)
	case MoveHarbour:
		text = fmt.Sprintf("%s upgraded the harbour to level %d for %s", name, p.Harbour, countText(int16(cat.Harbour[p.Harbour].Cost), Licence)) + cost
	case MoveUpgrade:
		lv := b.Ships[m.Ship].Level
		text = fmt.Sprintf("%s upgraded a ship on %s from level %d to %d for %s", name, columnName(p, b.Ships[m.Ship].Loc-1), lv, m.Level, countText(int16(m.Level-lv), Licence)) + cost
	case MoveBuyShip:
		text = fmt.Sprintf("%s bought a level-%d ship for %d coins", name, m.Level, 2*int(m.Level)) + cost
	case MoveBuyLicence:
		text = fmt.Sprintf("%s bought a licence for %d coins", name, licencePrice(b)) + cost
	case MoveShip:
		text = s.moveText(name, p, b, m.Ship, cost)
	case MoveSail:
		text = s.sailText(name, p, before, m, cost)
	case MoveBonus:
		text = name + " took the Research Station bonus: +2 coins"
		if m.Option == 1 {
			text = name + " took the Research Station bonus: +1 fuel"
		}
	case MoveFlip:
		text = name + " flipped a fish to goods"
		if Res(m.Res) == Licence {
			text = name + " flipped a licence to a penguin"
		}
	case MoveChoose:
		text = s.chooseText(name, before, m.Option)
	case MoveDiscard:
		text = fmt.Sprintf("%s discarded a %s, down to the supply limit of %d", name, Res(m.Res), limit(p))
	}
	if m.Type != MoveChoose && m.Type != MoveFlip && m.Type != MoveDiscard {
		text += gainedText(b, p, paid)
	}
	log.Add(game.Event{Type: m.Type, Seat: seat, Text: text, Data: m})
	s.recordScoring(log, before)
}

// gainedText says which cards a move earned: its player's supply and
// pending cards together grew by them, after paying the cards paid.
func gainedText(b, p *Player, paid Bundle) string {
	var got Bundle
	for r := range numRes {
		got[r] = max(0, p.Supply[r]+p.Pending[r]-b.Supply[r]-b.Pending[r]+paid[r])
	}
	if t := bundleText(got); t != "" {
		return "; gained " + t
	}
	return ""
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

// recordScoring adds the public events of a scoring the move led to: the
// intermediate scores and period 2's turn order (NK-066..069), the fishing
// boat order (NK-122), and the final scores (NK-082).
func (s *State) recordScoring(log *game.Log, before *snapshot) {
	if before.Phase != phBoats && (s.Period != before.Period || s.Phase == phBoats || s.Phase == phOver) {
		var parts []string
		for pos := range s.N {
			seat := s.seatAt(pos)
			parts = append(parts, fmt.Sprintf("%s %d", s.name(seat), s.Players[seat].Interim[before.Period-1]))
		}
		log.Add(game.Event{Type: "score", Seat: game.Public, Text: fmt.Sprintf("Period %d scoring: %s", before.Period, strings.Join(parts, ", "))})
	}
	if s.Phase == phBoats && before.Phase != phBoats {
		var names []string
		for k := range s.N {
			names = append(names, s.name(game.Seat(s.Queue[k])))
		}
		log.Add(game.Event{Type: "boats", Seat: game.Public, Text: "Fishing boats are chosen in this order: " + strings.Join(names, ", ")})
	}
	if s.Period != before.Period {
		var names []string
		for pos := range s.N {
			names = append(names, s.name(s.seatAt(pos)))
		}
		log.Add(game.Event{Type: "order", Seat: game.Public, Text: "Period 2 turn order: " + strings.Join(names, ", ")})
	}
	if s.Phase == phLast && before.Phase != phLast {
		log.Add(game.Event{Type: "last", Seat: game.Public, Text: "Period 2's turns are over: in turn order, each player may now spend cards on free actions before the scoring"})
	}
	if s.Phase == phOver && before.Phase != phOver {
		var parts []string
		for i := range s.N {
			f := &s.Players[i].Final
			parts = append(parts, fmt.Sprintf("%s %d (%s)", s.name(game.Seat(i)), f.Total, f.text()))
		}
		r := s.Result()
		var won []string
		for _, w := range r.Winners.List() {
			won = append(won, s.name(w))
		}
		log.Add(game.Event{Type: "end", Seat: game.Public, Text: "Final scores: " + strings.Join(parts, "; ") + ". Winner: " + strings.Join(won, " and "), Data: r})
	}
}

// text lists the non-zero parts of a final score.
func (f *Breakdown) text() string {
	parts := []struct {
		label string
		n     int16
	}{{"periods", f.Periods}, {"attractions", f.Attractions}, {"harbour", f.Harbour}, {"hub", f.Hubs}, {"scoring cards", f.Cards}, {"penguins", f.Penguins},
		{"captains", f.Captains}, {"goods", f.Goods}, {"VP cards", f.VPCards}, {"level 5-6 ships", f.Ships}, {"ghost ship", f.Ghost}}
	var out []string
	for _, p := range parts {
		if p.n != 0 {
			out = append(out, fmt.Sprintf("%s %d", p.label, p.n))
		}
	}
	return strings.Join(out, ", ")
}
