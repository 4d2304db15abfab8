package greatharbor

import (
	"fmt"

	"harbor/game"
)

// automaTopCard returns the Automa's top deck card, reshuffling the discards
// into a new deck when it is empty (GH-177).
func (s *State) automaTopCard() int8 {
	a := &s.Bot
	if a.DeckN == 0 {
		copy(a.Deck[:], a.Discard[:a.DiscardN])
		a.DeckN, a.DiscardN = a.DiscardN, 0
		shuffle8(&s.Rand, a.Deck[:a.DeckN])
	}
	return a.Deck[a.DeckN-1]
}

// automaDiscardTop moves the top card of the Automa deck to its discards.
func (s *State) automaDiscardTop() {
	a := &s.Bot
	a.DeckN--
	a.Discard[a.DiscardN] = a.Deck[a.DeckN]
	a.DiscardN++
	a.Deck[a.DeckN] = 0
}

// automaPick is the pool die the card selects: its color, highest or
// lowest face, earliest rolled on a tie (GH-174, GH-176, GH-Q30); -1 if none.
func (s *State) automaPick(card int8) int8 {
	c := &automaDeck[card]
	best := int8(-1)
	for id := int8(c.Colour * 5); id < c.Colour*5+5; id++ {
		d := &s.Dice[id]
		if d.Loc != locPool {
			continue
		}
		if best < 0 {
			best = id
			continue
		}
		b := &s.Dice[best]
		better := d.Face > b.Face
		if !c.Up {
			better = d.Face < b.Face
		}
		if better || d.Face == b.Face && d.Order < b.Order {
			best = id
		}
	}
	return best
}

// automaDraft drafts and places the Automa's die and runs its board
// (GH-173..183).
func (s *State) automaDraft(log *game.Log) {
	var die int8
	var card int8
	last := &s.Bot.Last
	*last = AutomaTurn{Seq: last.Seq + 1, Round: s.Round, Turn: s.Turn, Skipped: [4]int8{-1, -1, -1, -1}}
	for {
		card = s.automaTopCard()
		if die = s.automaPick(card); die >= 0 {
			break
		}
		if last.SkippedN < int8(len(last.Skipped)) {
			last.Skipped[last.SkippedN] = card
		}
		last.SkippedN++
		s.automaDiscardTop() // GH-175
	}
	d := &s.Dice[die]
	slot := s.automaSlot(automaDeck[card].Tile, die)
	s.automaDiscardTop()
	s.Bot.LastCard = card
	last.Card, last.Die, last.Face, last.Slot = card, die, d.Face, slot
	if slot == district {
		d.Loc, d.At = locDistrict, s.automaID()
		s.Bot.Smuggler++ // GH-180
	} else {
		d.Loc, d.At, d.By = locSlot, slot, s.automaID()
		s.Slots[slot] = die
		s.shopIncome(slot, dieColour(die))
	}
	if log.On() {
		where := "in the Smuggler's District, gaining 1 Smuggler token"
		msg := game.M("greatharbor.automa.placed_district", "colour", colourWord(dieColour(die)), "face", int(d.Face))
		if slot != district {
			where = "on " + s.slotName(slot) + s.shopIncomeText(slot, dieColour(die))
			msg = s.withShopIncome(game.M("greatharbor.automa.placed", "colour", colourWord(dieColour(die)), "face", int(d.Face), "slot", s.slotMsg(slot)), slot, dieColour(die))
		}
		log.Add(game.Event{Type: "automa", Seat: game.Public, Text: fmt.Sprintf("The Automa drafted a %s %d and placed it %s",
			colourNames[dieColour(die)], d.Face, where), Msg: msg, Data: die})
	}
	s.automaAdvance(dieColour(die), log)
	last.Space = s.Bot.Track[dieColour(die)]
}

// automaSlot is where the Automa places die on tile: the first empty slot
// of its color clockwise from the top, else the first empty slot, else the
// District (GH-178..180).
func (s *State) automaSlot(tile int8, die int8) int8 {
	cell := int8(0)
	for c, t := range s.Layout {
		if t == tile {
			cell = int8(c)
		}
	}
	for _, slot := range cellSlots[cell] {
		if s.Slots[slot] < 0 && s.Accept[slot]&(1<<uint(dieColour(die))) != 0 {
			return slot
		}
	}
	for _, slot := range cellSlots[cell] {
		if s.Slots[slot] < 0 {
			return slot
		}
	}
	return district
}

// automaAdvance moves the marker on track c and performs what it reaches (GH-182, GH-183).
func (s *State) automaAdvance(c int8, log *game.Log) {
	a := &s.Bot
	if a.Track[c] >= automaTop {
		a.Prestige += int16(automaOverflow) // GH-Q31
		s.automaStep(AutomaStep{Why: stepFull, Kind: 0, Value: automaOverflow, Card: -1, Done: true})
		if log.On() {
			log.Add(game.Event{Type: "automa", Seat: game.Public, Text: fmt.Sprintf("The Automa's %s track is full: it gains %d Prestige", colourNames[c], automaOverflow),
				Msg: game.M("greatharbor.automa.track_full", "colour", colourWord(c), "n", int(automaOverflow))})
		}
		return
	}
	a.Track[c]++
	at := a.Track[c]
	s.automaAct(automaSpaces[c][at], AutomaStep{Why: stepSpace}, log)
	for _, l := range automaLinks {
		if l.Row != at || (l.A != c && l.B != c) {
			continue
		}
		other := l.A
		if other == c {
			other = l.B
		}
		if a.Track[other] >= at {
			s.automaAct(l.Action, AutomaStep{Why: stepLink, Other: other}, log)
		}
	}
}

// automaStep adds st to the record of the Automa's draft.
func (s *State) automaStep(st AutomaStep) {
	last := &s.Bot.Last
	if last.StepsN < int8(len(last.Steps)) {
		last.Steps[last.StepsN] = st
		last.StepsN++
	}
}

// automaAct performs act, recording it as st says why.
func (s *State) automaAct(act AutomaAction, st AutomaStep, log *game.Log) {
	a := &s.Bot
	gov := &governors[a.Governor]
	say := func(msg *game.Msg, format string, args ...any) { // call only when log.On(): boxing args allocates
		log.Add(game.Event{Type: "automa", Seat: game.Public, Text: "The Automa " + fmt.Sprintf(format, args...), Msg: msg})
	}
	st.Card = -1
	for k, name := range automaKinds {
		if name == act.Kind {
			st.Kind = int8(k)
		}
	}
	if act.Kind != "" {
		defer func() { s.automaStep(st) }()
	}
	switch act.Kind {
	case "prestige":
		a.Prestige += int16(act.Value)
		st.Value, st.Done = act.Value, true
		if log.On() {
			say(game.M("greatharbor.automa.prestige", "n", int(act.Value)), "gains %d Prestige", act.Value)
		}
	case "colonist":
		if s.SupplyColonists == 0 {
			return
		}
		s.SupplyColonists--
		best := int8(-1)
		for d, sh := range a.Ships {
			if sh.Card >= 0 && sh.Crew&crewStrength == 0 && (best < 0 || ships[sh.Card].Size > ships[a.Ships[best].Card].Size) {
				best = int8(d)
			}
		}
		st.Done = true
		if best >= 0 {
			a.Ships[best].Crew |= crewStrength
			st.Card = a.Ships[best].Card
			if log.On() {
				say(game.M("greatharbor.automa.crews", "ship", shipWord(a.Ships[best].Card)), "gains a Colonist and crews %s's Strength", ships[a.Ships[best].Card].Name)
			}
		} else {
			a.Free++
			if log.On() {
				say(game.Word("greatharbor.automa.colonist"), "gains a Colonist")
			}
		}
	case "ship":
		size := int8(-1)
		for _, want := range [3]int8{gov.Top, gov.Bottom, -1} {
			for z := int8(2); z >= 0; z-- {
				if c := s.ShipDisplay[z]; c >= 0 && (want < 0 || ships[c].Colour == want) {
					size = z
					break
				}
			}
			if size >= 0 {
				break
			}
		}
		if size < 0 {
			return
		}
		card := s.ShipDisplay[size]
		s.ShipDisplay[size] = s.drawShip(size)
		s.automaTakeShip(card)
		st.Card, st.Done = card, true
		if log.On() {
			say(game.M("greatharbor.automa.ship", "ship", shipWord(card)), "takes the ship %s", ships[card].Name)
		}
	case "building":
		i := automaDisplayPick(&s.BuildingDisplay, gov, func(c int8) int8 { return buildings[c].Colour })
		if i >= 0 {
			c := takeDisplay(&s.BuildingDisplay, i, s.BuildingDeck[:], &s.BuildingDeckN)
			a.Buildings |= bit(c)
			st.Card, st.Done = c, true
			if log.On() {
				say(game.M("greatharbor.automa.building", "building", buildingWord(c)), "takes the Building %s", buildings[c].Name)
			}
		}
	case "person":
		i := automaDisplayPick(&s.PersonDisplay, gov, func(c int8) int8 { return people[c].Colour })
		if i >= 0 {
			c := takeDisplay(&s.PersonDisplay, i, s.PersonDeck[:], &s.PersonDeckN)
			a.People |= bit(c)
			st.Card, st.Done = c, true
			if log.On() {
				say(game.M("greatharbor.automa.person", "person", personWord(c)), "takes the Person %s (#%d)", people[c].Name, people[c].Number)
			}
		}
	}
}

// automaDisplayPick is the display index the Automa takes: its Governor's
// top color, else bottom, else the card nearest the icon (GH-188).
func automaDisplayPick(d *[3]int8, gov *GovernorInfo, colourOf func(int8) int8) int8 {
	for _, want := range [2]int8{gov.Top, gov.Bottom} {
		for i, c := range d {
			if c >= 0 && colourOf(c) == want {
				return int8(i)
			}
		}
	}
	for i, c := range d {
		if c >= 0 {
			return int8(i)
		}
	}
	return -1
}

// automaTakeShip docks a new ship, replacing the smallest docked one when
// all three docks are used (GH-186, GH-187, GH-Q33).
func (s *State) automaTakeShip(card int8) {
	a := &s.Bot
	a.AllShips |= bit(card)
	dock := int8(-1)
	for d, sh := range a.Ships {
		if sh.Card < 0 {
			dock = int8(d)
			break
		}
	}
	if dock < 0 {
		for d, sh := range a.Ships {
			if sh.Where == shipDocked && (dock < 0 || ships[sh.Card].Size < ships[a.Ships[dock].Card].Size) {
				dock = int8(d)
			}
		}
		if dock < 0 {
			return // all at sea: the card only scores
		}
		s.SupplyColonists += popcount8(a.Ships[dock].Crew)
	}
	a.Ships[dock] = Ship{Card: card}
	if a.Free > 0 {
		a.Free--
		a.Ships[dock].Crew = crewStrength
	}
}
