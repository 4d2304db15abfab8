package harborfall

import "harbor/game"

// The log speaks in messages (game.Msg) beside its English text: ids are
// "harborfall.<name>", and the names of resources, terrains and cards are
// translated words. The builders here are the message twins of handText,
// cardCount, hexText and onExtraTurn.

// msg builds a message of this game: msg("rolled", "who", name, "n", 8).
func msg(name string, kv ...any) *game.Msg { return game.M("harborfall."+name, kv...) }

// resourceWords are the translated names of the resources, in hand order.
var resourceWords = [NumResources]*game.Msg{
	game.Word("harborfall.resource.brick"),
	game.Word("harborfall.resource.lumber"),
	game.Word("harborfall.resource.wool"),
	game.Word("harborfall.resource.grain"),
	game.Word("harborfall.resource.ore"),
}

// terrainWords are the translated names of the terrains, the desert last.
var terrainWords = [NumResources + 1]*game.Msg{
	game.Word("harborfall.terrain.hill"),
	game.Word("harborfall.terrain.forest"),
	game.Word("harborfall.terrain.pasture"),
	game.Word("harborfall.terrain.field"),
	game.Word("harborfall.terrain.mountain"),
	game.Word("harborfall.terrain.desert"),
}

// cardWords are the translated titles of the development cards, by kind.
var cardWords = [NumCards]*game.Msg{
	game.Word("harborfall.card.steal"),
	game.Word("harborfall.card.roads"),
	game.Word("harborfall.card.harvest"),
	game.Word("harborfall.card.forced"),
	game.Word("harborfall.card.point"),
}

// resourceWord is the translated name of resource r.
func resourceWord(r int) *game.Msg { return resourceWords[r] }

// cardWord is the translated title of development card kind k.
func cardWord(k int) *game.Msg { return cardWords[k] }

// amountMsg is n cards of resource r: "2 brick".
func amountMsg(r, n int) *game.Msg { return msg("amount."+content.Resources[r], "n", n) }

// handMsg is the message twin of handText: "2 brick, 1 ore" or "nothing".
func handMsg(h Hand) *game.Msg {
	var parts []*game.Msg
	for r, n := range h {
		if n != 0 {
			parts = append(parts, amountMsg(r, int(n)))
		}
	}
	if len(parts) == 0 {
		return msg("nothing")
	}
	return series(parts)
}

// series joins parts as the log joins them, "a, b, c": each pair is a
// message of its own so that every language keeps the same comma list.
func series(parts []*game.Msg) *game.Msg {
	m := parts[len(parts)-1]
	for i := len(parts) - 2; i >= 0; i-- {
		m = msg("series", "first", parts[i], "rest", m)
	}
	return m
}

// cardCountMsg is the message twin of cardCount: "1 card", "4 cards".
func cardCountMsg(n int) *game.Msg { return msg("card_count", "n", n) }

// hexMsg is the message twin of hexText: "the desert" or "the 8 forest".
func (s *State) hexMsg(h int8) *game.Msg {
	if s.Terrain[h] == Desert {
		return msg("hex.desert")
	}
	return msg("hex", "n", int(s.Number[h]), "terrain", terrainWords[s.Terrain[h]])
}

// extraID is id, or its twin for an extra build turn (HF-73): the message
// twin of onExtraTurn.
func (s *State) extraID(id string) string {
	if s.Phase == phaseSpecial {
		return id + "_extra"
	}
	return id
}
