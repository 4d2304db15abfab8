package greatharbor

import (
	"strings"

	"harbor/game"
)

// The log's lines as messages (game.Msg): an id under "greatharbor." and its
// values, worded by each reader's page from the catalogs in
// web/src/games/greatharbor/i18n. Every line keeps its English Text beside
// its message, and the English catalog words the message as that Text.
// Names of cards, tiles and things are words ("greatharbor.ship.celox"),
// keyed by the printed English name (wordKey).

// wordKey is the key of a printed name in the catalogs: lower case, its
// words joined by "_", apostrophes dropped ("Engineer's Hut" is
// "engineers_hut").
func wordKey(name string) string {
	var b strings.Builder
	gap := false
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			if gap && b.Len() > 0 {
				b.WriteByte('_')
			}
			gap = false
			b.WriteRune(r)
		case r == '\'':
		default:
			gap = true
		}
	}
	return b.String()
}

func word(kind, name string) *game.Msg { return game.Word("greatharbor." + kind + "." + wordKey(name)) }

func colourWord(c int8) *game.Msg    { return word("color", colourNames[c]) }
func luxWord(l int8) *game.Msg       { return word("lux", luxNames[l]) }
func statWord(st int8) *game.Msg     { return word("stat", statNames[st]) }
func shipWord(c int8) *game.Msg      { return word("ship", ships[c].Name) }
func buildingWord(c int8) *game.Msg  { return word("building", buildings[c].Name) }
func structureWord(c int8) *game.Msg { return word("structure", structures[c].Name) }
func tileWord(t int8) *game.Msg      { return word("tile", tiles[t].Name) }
func dockWord(d int8) *game.Msg      { return word("dock", dockNames[d]) }
func turnWord(t int8) *game.Msg      { return word("turn", string(rune('A'+t))) }

func conversionWord(c int8) *game.Msg { return word("conversion", conversions[c].Name) }

// personWord is a Person card with its number: "Legate (#4)".
func personWord(c int8) *game.Msg {
	return game.M("greatharbor.person", "person", word("person", people[c].Name), "number", people[c].Number)
}

// resCount is n of a basic resource: "2 planks"; luxCount n of a luxury.
func resCount(r int8, n int) *game.Msg { return count(wordKey(resNames[r]), n) }

func luxCount(l int8, n int) *game.Msg { return count(wordKey(luxNames[l]), n) }

// costMsg is costText as a message: "2 planks, 1 metal".
func costMsg(cost [numRes]int8) *game.Msg {
	var parts []*game.Msg
	for r, n := range cost {
		if n > 0 {
			parts = append(parts, resCount(int8(r), int(n)))
		}
	}
	if len(parts) == 0 {
		return game.Word("greatharbor.nothing")
	}
	return joinMsgs(parts)
}

// count is n of a thing the catalogs count under "greatharbor.count.<what>".
func count(what string, n int) *game.Msg {
	id := "greatharbor.count." + what
	return game.M(id, "n", n)
}

// joinMsgs joins parts as the log's lists do, "a, b, c"; nil for none.
func joinMsgs(parts []*game.Msg) *game.Msg {
	if len(parts) == 0 {
		return nil
	}
	m := parts[len(parts)-1]
	for i := len(parts) - 2; i >= 0; i-- {
		m = game.M("greatharbor.join", "a", parts[i], "b", m)
	}
	return m
}

// wrap adds to line a part whose message id is id, with more values.
func wrap(line *game.Msg, id string, kv ...any) *game.Msg {
	return game.M(id, append([]any{"line", line}, kv...)...)
}

// slotMsg is slotName as a message.
func (s *State) slotMsg(slot int8) *game.Msg {
	g := &slotGeoms[slot]
	if g.Shore {
		id := "greatharbor.slot." + wordKey(shoreWords[g.Edges[0]])
		return game.M(id, "tile", tileWord(s.Layout[g.Cells[0]]))
	}
	return game.M("greatharbor.slot.between", "a", tileWord(s.Layout[g.Cells[0]]), "b", tileWord(s.Layout[g.Cells[1]]))
}

// gainMsg is gainText as a message.
func (s *State) gainMsg(g *Gain, colour int8) *game.Msg {
	var parts []*game.Msg
	for r, n := range g.Res {
		if n > 0 {
			parts = append(parts, resCount(int8(r), int(n)))
		}
	}
	if g.DiceResource > 0 {
		parts = append(parts, resCount(s.bonusTile()[colour], int(g.DiceResource)))
	}
	for _, c := range [...]struct {
		what string
		n    int8
	}{
		{"colonists", g.Colonists}, {"favor", g.Favor}, {"coins", g.Coins}, {"prestige", g.Prestige},
		{"smuggler", g.Smuggler}, {"building_deck", g.BuildingDeck}, {"building_display", g.BuildingDisplay},
		{"person_deck", g.PersonDeck}, {"person_display", g.PersonDisplay},
	} {
		if c.n > 0 {
			parts = append(parts, count(c.what, int(c.n)))
		}
	}
	if g.Ship > 0 {
		size := sizeNames[g.Ship-1]
		if c := s.ShipDisplay[g.Ship-1]; c >= 0 {
			id := "greatharbor.gain.ship_" + size
			parts = append(parts, game.M(id, "ship", shipWord(c)))
		} else {
			id := "greatharbor.gain.no_ship_" + size
			parts = append(parts, game.Word(id))
		}
	}
	if len(parts) == 0 {
		return game.Word("greatharbor.nothing")
	}
	return joinMsgs(parts)
}

// describeMsg is describe as a message.
func (s *State) describeMsg(seat int8, m *Move) *game.Msg {
	who := s.Names[seat]
	p := &s.Players[seat]
	say := func(id string, kv ...any) *game.Msg {
		return game.M("greatharbor."+id, append([]any{"who", who}, kv...)...)
	}
	switch m.Type {
	case mvEnd:
		return say("ended")
	case mvFavorPip:
		return say("favor_pip", "colour", colourWord(dieColour(m.Die)))
	case mvRetrieve:
		return say("retrieved")
	case mvFavorSenate:
		return say("favor_senate", "colour", colourWord(m.Track))
	case mvPlayPerson:
		return say("played", "person", personWord(m.Card))
	case mvPlayBuilding:
		return say("built", "building", buildingWord(m.Card))
	case mvConstruct:
		return say("constructed", "structure", structureWord(m.Structure))
	case mvProduce:
		return say("produced", "lux", luxWord(p.Production[m.Tile]))
	case mvCrew:
		return say("crewed", "ship", shipWord(p.Ships[m.Dock].Card), "stat", statWord(m.Stat))
	case mvPlayShip:
		return say("launched", "ship", shipWord(m.Card), "dock", dockWord(m.Dock))
	case mvRepair:
		return say("repaired", "ship", shipWord(p.Ships[m.Dock].Card))
	case mvSend:
		return say("sent", "ship", shipWord(p.Ships[m.Dock].Card))
	case mvConvert:
		return say("converted", "res", word("res", resNames[m.Res]))
	case mvConvertCard:
		info := &conversions[m.Card]
		g := convertGain(m)
		what := s.gainMsg(&g, 0)
		if info.Gain.Luxury > 0 {
			what = luxCount(m.Lux, int(m.N))
		}
		return say("paid_conversion", "coins", int(m.N)*int(info.Coins), "card", word("conversion", info.Name), "what", what)
	case mvShop:
		g := &siteGeoms[m.Site]
		return say("shop", "corner", int(g.Vertex)+1, "tile", tileWord(s.Layout[g.Cell]))
	case mvFlip:
		return say("flipped", "colour", colourWord(dieColour(m.Die)), "face", int(s.Dice[m.Die].Face))
	case mvStop:
		return say("stopped")
	case mvCrane:
		return say("crane", "from", s.slotMsg(m.Slot), "to", s.slotMsg(m.To))
	case mvLighthouse:
		if m.Choice == 1 {
			return say("lighthouse_discard")
		}
		return say("lighthouse_keep")
	case mvCorsair:
		return say("corsair", "ship", shipWord(p.Ships[m.Dock].Card))
	case mvPass:
		return say("kept_corsair")
	}
	return say("moved", "move", m.Type)
}

// pickMsg is pickText as a message.
func (s *State) pickMsg(seat, kind, card int8) *game.Msg {
	if kind == pendBuilding {
		return game.M("greatharbor.took_building", "who", s.Names[seat], "building", buildingWord(card))
	}
	return game.M("greatharbor.took_person", "who", s.Names[seat], "person", personWord(card))
}

// orderMsg is orderText as a message.
func (s *State) orderMsg(sum *[4]int) *game.Msg {
	parts := make([]*game.Msg, s.N)
	for i, seat := range s.Order[:s.N] {
		parts[i] = game.M("greatharbor.order_seat", "who", s.Names[seat], "n", sum[seat])
	}
	return game.M("greatharbor.order", "order", joinMsgs(parts))
}

// resultMsg is resultText as a message.
func (s *State) resultMsg() *game.Msg {
	r := s.Result()
	parts := make([]*game.Msg, 0, s.N+1)
	var won []any
	for i := range s.N {
		parts = append(parts, game.M("greatharbor.score", "who", s.Names[i], "n", r.Scores[i]))
		if r.Places[i] == 1 {
			won = append(won, s.Names[i])
		}
	}
	automa := game.Word("greatharbor.the_automa")
	if s.Automa {
		parts = append(parts, game.M("greatharbor.score_automa", "n", s.AutomaScore().Total))
		if len(won) > 0 && s.automaFirst() {
			won = append(won, automa)
		}
	}
	scores := joinMsgs(parts)
	switch {
	case len(won) == 0:
		return game.M("greatharbor.over_automa_wins", "scores", scores)
	case len(won) == 1:
		return game.M("greatharbor.over_wins", "scores", scores, "who", won[0])
	}
	who := won[len(won)-1]
	for i := len(won) - 2; i >= 0; i-- {
		who = game.M("greatharbor.and", "a", won[i], "b", who)
	}
	return game.M("greatharbor.over_shared", "scores", scores, "who", who)
}

// activateMsg is the activation's line as a message, as activateText words it.
func (s *State) activateMsg(seat int8, m *Move, card int8) *game.Msg {
	effect := s.activateEffect(seat, m, card)
	if effect == nil {
		return game.M("greatharbor.activated", "who", s.Names[seat], "person", personWord(card))
	}
	return game.M("greatharbor.activated_for", "who", s.Names[seat], "person", personWord(card), "effect", effect)
}

// activateEffect is activateText as a message, or nil when it says nothing.
func (s *State) activateEffect(seat int8, m *Move, card int8) *game.Msg {
	p := &s.Players[seat]
	fx := func(name string, kv ...any) *game.Msg {
		id := "greatharbor.effect." + name
		return game.M(id, kv...)
	}
	die := func(id string) *game.Msg {
		return fx(id, "colour", colourWord(dieColour(m.Die)), "face", int(s.Dice[m.Die].Face))
	}
	switch personEffect[card] {
	case effFlip:
		return fx("flip", "colour", colourWord(people[card].Colour))
	case effPips:
		return die("pips")
	case effWild:
		return die("wild")
	case effLegate:
		return fx("legate", "structure", structureWord(m.Structure))
	case effAdmiral:
		return fx("admiral")
	case effCargo:
		return fx("cargo", "ship", shipWord(p.Ships[m.Dock].Card))
	case effQuaestor:
		return fx("quaestor")
	case effTrader:
		return fx("trader")
	case effShipRefresh:
		return fx("ship_refresh")
	case effPraefectus:
		if m.Choice < 3 {
			return fx("praefectus_take", "building", buildingWord(s.BuildingDisplay[m.Choice]))
		}
		return fx("praefectus_draw")
	case effArchitect:
		return fx("architect", "building", buildingWord(m.Card))
	case effCoinsFar:
		return fx("coins_far", "n", int(s.farShips(seat)))
	case effDiplomat:
		return fx("diplomat", "segment", int(m.Choice)+1)
	case effTribune:
		return fx("tribune")
	case effSchemer:
		return fx("schemer")
	case effNavigator:
		return fx("navigator", "ship", shipWord(p.Ships[m.Dock].Card))
	case effPraetor:
		if m.Track == m.Track2 {
			return fx("praetor_twice", "colour", colourWord(m.Track))
		}
		return fx("praetor", "a", colourWord(m.Track), "b", colourWord(m.Track2))
	}
	return nil
}

// employMsg is the employment's line as a message, as employText and
// employDetail word it.
func (s *State) employMsg(seat int8, m *Move, b int8) *game.Msg {
	line := game.M("greatharbor.employed", "who", s.Names[seat], "n", int(employCount(b)), "building", buildingWord(b))
	p := &s.Players[seat]
	switch m.Card {
	case bNaval:
		return wrap(line, "greatharbor.employ.naval", "ship", shipWord(p.Ships[m.Dock].Card), "stat", statWord(m.Stat))
	case bMarket:
		return wrap(line, "greatharbor.employ.market", "lux", luxCount(m.Lux, 1))
	case bHut:
		return wrap(line, "greatharbor.employ.hut", "structure", structureWord(m.Structure))
	case bCensors:
		return wrap(line, "greatharbor.employ.censors", "colour", colourWord(m.Track))
	case bHarborMaster:
		return wrap(line, "greatharbor.employ.harbor_master", "colour", colourWord(dieColour(m.Die)), "face", int(s.Dice[m.Die].Face))
	}
	return line
}

// smugglerRewardMsg is smugglerRewardText as a message.
func (s *State) smugglerRewardMsg() *game.Msg {
	var parts []*game.Msg
	for id, d := range s.Dice {
		if d.Loc != locSmuggler {
			continue
		}
		if s.Opts.SmugglerReward == rewardByColour {
			parts = append(parts, resCount(s.bonusTile()[dieColour(int8(id))], 1))
		} else {
			parts = append(parts, s.gainMsg(&smugglerChart[d.Face-1], 0))
		}
	}
	return joinMsgs(append(parts, count("smuggler", 1)))
}

// withShopIncome adds shopIncomeText's part to line, if any Shop pays.
func (s *State) withShopIncome(line *game.Msg, slot int8, colour int8) *game.Msg {
	var parts []*game.Msg
	for v, site := range s.ShopSite {
		if site >= 0 && (siteGeoms[site].Slots[0] == slot || siteGeoms[site].Slots[1] == slot) {
			parts = append(parts, game.M("greatharbor.shop_pays", "who", s.Names[s.ShopOwner[v]], "res", resCount(s.bonusTile()[colour], 1)))
		}
	}
	if len(parts) == 0 {
		return line
	}
	return wrap(line, "greatharbor.shop_income", "income", joinMsgs(parts))
}
