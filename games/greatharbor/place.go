package greatharbor

import (
	"fmt"

	"harbor"
	"harbor/game"
)

// tierBase is the pips a tier needs before fees (GH-047).
var tierBase = [4]int8{0, 1, 3, 5}

// fee is the Shore Fee of the tile in cell: the highest face among dice on
// its shore slots, read live from the faces (GH-051..053, GH-057, GH-Q08).
func (s *State) fee(cell int8) int8 {
	f := int8(0)
	for _, slot := range cellSlots[cell] {
		if slotGeoms[slot].Shore {
			if d := s.Slots[slot]; d >= 0 && s.Dice[d].Face > f {
				f = s.Dice[d].Face
			}
		}
	}
	return f
}

// tierFor is the tier P assigned pips reach against fee F (GH-047, GH-054).
func tierFor(pips, fee int8) int8 {
	e := pips - fee
	switch {
	case e <= 0:
		return 0
	case e <= 2:
		return 1
	case e <= 4:
		return 2
	}
	return 3
}

// shopsAt is the number of Shops touching slot (GH-166).
func (s *State) shopsAt(slot int8) int8 {
	n := int8(0)
	for _, site := range s.ShopSite {
		if site >= 0 && (siteGeoms[site].Slots[0] == slot || siteGeoms[site].Slots[1] == slot) {
			n++
		}
	}
	return n
}

// placePips is the pips a drafted die brings to slot: face, temporary pips
// and Shops (GH-Q09).
func (s *State) placePips(die int8, slot int8) int8 {
	d := &s.Dice[die]
	p := d.Face + d.Bonus
	if slot != district {
		p += s.shopsAt(slot)
	}
	return p
}

func (s *State) fits(die int8, slot int8) bool {
	d := &s.Dice[die]
	return d.Wild || s.Accept[slot]&(1<<uint(die/5)) != 0
}

func dieColour(die int8) int8 { return die / 5 }

// checkPlace validates a placement (GH-043..058, GH-073).
func (s *State) checkPlace(seat int8, m *Move) error {
	if m.Die < 0 || m.Die >= numDice || s.Dice[m.Die].Loc != locDrafted || s.Dice[m.Die].At != seat {
		return harbor.RuleError("GH-041", "place one of your own drafted dice").With(game.Word("greatharbor.err.place_own"))
	}
	if m.Slot == district {
		if m.First != 0 || m.Second != 0 || m.Waive != 0 {
			return harbor.RuleError("GH-074", "the Smuggler's District pays by the Smuggler dice; assign no pips there").With(game.Word("greatharbor.err.district_pips"))
		}
		return nil
	}
	if m.Slot < 0 || m.Slot >= numSlots {
		return harbor.Errorf(harbor.EInvalid, "no slot %d", m.Slot)
	}
	if s.Slots[m.Slot] >= 0 {
		return harbor.RuleError("GH-044", "that slot already holds a die").With(game.Word("greatharbor.err.slot_taken"))
	}
	if !s.fits(m.Die, m.Slot) {
		return harbor.RuleError("GH-043", "the die's color matches neither half of that slot").With(game.Word("greatharbor.err.slot_color"))
	}
	g := &slotGeoms[m.Slot]
	if m.First < 0 || m.Second < 0 || (g.Shore && m.Second != 0) {
		return harbor.RuleError("GH-046", "assign pips only to the tiles the slot touches").With(game.Word("greatharbor.err.pips_tiles"))
	}
	if int(m.First)+int(m.Second) > int(s.placePips(m.Die, m.Slot)) {
		return harbor.RuleError("GH-046", "you assigned more pips than the die brings (%d)", s.placePips(m.Die, m.Slot)).
			With(game.M("greatharbor.err.pips_over", "n", int(s.placePips(m.Die, m.Slot))))
	}
	if m.Waive&^3 != 0 || (g.Shore && m.Waive&2 != 0) {
		return harbor.RuleError("GH-058", "a Smuggler token waives the fee of a tile the slot touches").With(game.Word("greatharbor.err.waive_tile"))
	}
	need := int8(0)
	for k := range 2 {
		if m.Waive&(1<<uint(k)) == 0 {
			continue
		}
		if s.fee(g.Cells[k]) == 0 {
			return harbor.RuleError("GH-058", "that tile has no Shore Fee to ignore").With(game.Word("greatharbor.err.waive_no_fee"))
		}
		need++
	}
	if need > 1 && s.Opts.SmugglerToken == tokenPerPlacement {
		need = 1
	}
	if need > s.Players[seat].Smuggler {
		return harbor.RuleError("GH-058", "you have too few Smuggler tokens").With(game.Word("greatharbor.err.waive_tokens"))
	}
	return nil
}

// placed is the data of a placement's event: the slot the die went to,
// which the page marks on the board. The rest of the move is in its line.
type placed struct {
	Slot int8 `json:"slot"`
}

// place puts the die down and pays its benefits. Fees are read before the
// die lands (GH-Q04).
func (s *State) place(seat int8, m *Move, log *game.Log) {
	d := &s.Dice[m.Die]
	if m.Slot == district {
		d.Loc, d.At, d.Bonus, d.Wild = locDistrict, seat, 0, false
		if log.On() {
			log.Add(game.Event{Type: "place", Seat: game.Seat(seat), Text: fmt.Sprintf("%s placed a %s %d in the Smuggler's District: %s",
				s.Names[seat], colourNames[dieColour(m.Die)], d.Face, s.smugglerRewardText()),
				Msg:  game.M("greatharbor.placed_district", "who", s.Names[seat], "colour", colourWord(dieColour(m.Die)), "face", int(d.Face), "reward", s.smugglerRewardMsg()),
				Data: placed{m.Slot}})
		}
		s.smugglerReward(seat)
		return
	}
	g := &slotGeoms[m.Slot]
	var tier [2]int8
	if m.Waive == 3 && s.Opts.SmugglerToken == tokenPerPlacement {
		s.Players[seat].Smuggler++ // one token covers both tiles
	}
	for k := range 2 {
		cell := g.Cells[k]
		if cell < 0 {
			continue
		}
		f := s.fee(cell)
		if m.Waive&(1<<uint(k)) != 0 {
			f = 0
			s.Players[seat].Smuggler--
		}
		pips := m.First
		if k == 1 {
			pips = m.Second
		}
		tier[k] = tierFor(pips, f)
	}
	var text string
	var msg *game.Msg
	if log.On() { // before the gains, which change the Ship display
		text = fmt.Sprintf("%s placed a %s %d on %s", s.Names[seat], colourNames[dieColour(m.Die)], d.Face, s.slotName(m.Slot))
		msg = game.M("greatharbor.placed", "who", s.Names[seat], "colour", colourWord(dieColour(m.Die)), "face", int(d.Face), "slot", s.slotMsg(m.Slot))
		for k := range 2 {
			if tier[k] > 0 {
				t := &tiles[s.Layout[g.Cells[k]]]
				text += fmt.Sprintf("; %s tier %d: %s", t.Name, tier[k], s.gainText(&t.Tiers[tier[k]-1], dieColour(m.Die)))
				msg = wrap(msg, "greatharbor.tier", "tile", tileWord(s.Layout[g.Cells[k]]), "tier", int(tier[k]), "gain", s.gainMsg(&t.Tiers[tier[k]-1], dieColour(m.Die)))
			}
		}
		if tier == [2]int8{} {
			text += ", taking no benefit"
			msg = wrap(msg, "greatharbor.no_benefit")
		}
		text += s.shopIncomeText(m.Slot, dieColour(m.Die))
		msg = s.withShopIncome(msg, m.Slot, dieColour(m.Die))
	}
	d.Loc, d.At, d.Bonus, d.Wild, d.By = locSlot, m.Slot, 0, false, seat
	s.Slots[m.Slot] = m.Die
	s.shopIncome(m.Slot, dieColour(m.Die))
	for k := range 2 {
		if tier[k] > 0 {
			s.gain(seat, &tiles[s.Layout[g.Cells[k]]].Tiers[tier[k]-1], dieColour(m.Die))
		}
	}
	if log.On() {
		log.Add(game.Event{Type: "place", Seat: game.Seat(seat), Text: text, Msg: msg, Data: placed{m.Slot}})
	}
}

// smugglerRewardText says what a placement in the District pays now.
func (s *State) smugglerRewardText() string {
	text := ""
	for id, d := range s.Dice {
		if d.Loc != locSmuggler {
			continue
		}
		if s.Opts.SmugglerReward == rewardByColour {
			text += "1 " + resNames[s.bonusTile()[dieColour(int8(id))]] + ", "
		} else {
			text += s.gainText(&smugglerChart[d.Face-1], 0) + ", "
		}
	}
	return text + "1 Smuggler token"
}

// smugglerReward pays the chart for each Smuggler die present and one
// Smuggler token (GH-074..077).
func (s *State) smugglerReward(seat int8) {
	for id, d := range s.Dice {
		if d.Loc != locSmuggler {
			continue
		}
		if s.Opts.SmugglerReward == rewardByColour {
			s.gainRes(&s.Players[seat], s.bonusTile()[dieColour(int8(id))], 1)
		} else {
			s.gain(seat, &smugglerChart[d.Face-1], 0)
		}
	}
	s.Players[seat].Smuggler++
}

// shopIncomeText names what the Shops touching slot pay their owners for a
// die of colour, for the placement's log line; "" without Shops.
func (s *State) shopIncomeText(slot int8, colour int8) string {
	text := ""
	for v, site := range s.ShopSite {
		if site >= 0 && (siteGeoms[site].Slots[0] == slot || siteGeoms[site].Slots[1] == slot) {
			if text == "" {
				text = "; Shop income: "
			} else {
				text += ", "
			}
			text += s.Names[s.ShopOwner[v]] + " 1 " + resNames[s.bonusTile()[colour]]
		}
	}
	return text
}

// shopIncome pays each Shop touching slot to its owner (GH-167).
func (s *State) shopIncome(slot int8, colour int8) {
	for v, site := range s.ShopSite {
		if site >= 0 && (siteGeoms[site].Slots[0] == slot || siteGeoms[site].Slots[1] == slot) {
			s.gainRes(&s.Players[s.ShopOwner[v]], s.bonusTile()[colour], 1)
		}
	}
}

// legalPlacements appends every placement of seat's drafted dice: for each
// slot, each reachable pair of tiers with the fewest pips, with and without
// Smuggler tokens where a fee applies.
func (s *State) legalPlacements(seat int8, dst []Move) []Move {
	p := &s.Players[seat]
	for id := range s.Dice {
		die := int8(id)
		if s.Dice[id].Loc != locDrafted || s.Dice[id].At != seat {
			continue
		}
		dst = append(dst, Move{Type: mvPlace, Die: die, Slot: district})
		for slot := int8(0); slot < numSlots; slot++ {
			if s.Slots[slot] >= 0 || !s.fits(die, slot) {
				continue
			}
			g := &slotGeoms[slot]
			total := s.placePips(die, slot)
			fa := s.fee(g.Cells[0])
			fb := int8(0)
			if !g.Shore {
				fb = s.fee(g.Cells[1])
			}
			for wa := int8(0); wa < 2; wa++ {
				if wa == 1 && (fa == 0 || p.Smuggler < 1) {
					continue
				}
				for wb := int8(0); wb < 2; wb++ {
					tokens := 1 + wa
					if s.Opts.SmugglerToken == tokenPerPlacement {
						tokens = 1
					}
					if wb == 1 && (g.Shore || fb == 0 || p.Smuggler < tokens) {
						continue
					}
					feeA, feeB := fa*(1-wa), fb*(1-wb)
					for ta := int8(0); ta < 4; ta++ {
						needA := int8(0)
						if ta > 0 {
							needA = feeA + tierBase[ta]
						}
						if needA > total || (wa == 1 && ta == 0) {
							continue
						}
						for tb := int8(0); tb < 4; tb++ {
							if g.Shore && tb > 0 {
								break
							}
							needB := int8(0)
							if tb > 0 {
								needB = feeB + tierBase[tb]
							}
							if needA+needB > total || (wb == 1 && tb == 0) {
								continue
							}
							dst = append(dst, Move{Type: mvPlace, Die: die, Slot: slot, First: needA, Second: needB, Waive: wa | wb<<1})
						}
					}
				}
			}
		}
	}
	return dst
}
