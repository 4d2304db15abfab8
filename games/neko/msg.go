package neko

import "harbor/game"

// The log's lines as messages (game.Msg): each text builder of log.go has a
// twin here that says the same line as a message id with values, so that a
// reader's page words it in the reader's language. English worded from the
// catalog equals the text exactly.

// none is an optional part of a line that says nothing.
var none = game.Word("neko.none")

// whoValue is how a message names a seat: the player's own name, or
// "player n" when the seat has none.
func (s *State) whoValue(seat game.Seat) any {
	if seat >= 0 && int(seat) < len(s.Names) && s.Names[seat] != "" {
		return s.Names[seat]
	}
	return game.M("neko.player", "n", int(seat)+1)
}

// cardMsg names a card as cardName does: its kind and printed id. The
// kind is in the message's id ("neko.c.SV", "Supply Vessel ({id})"), one
// message a kind, which makes the line shorter than a word among its
// values would.
func cardMsg(c uint8) *game.Msg {
	cd := &cat.Cards[c]
	if cd.Boat {
		return game.M("neko.boat", "id", cd.ID)
	}
	return game.M(wordID("c", kindCodes[cd.Kind]), "id", cd.ID)
}

// wordID is the catalog id of a translated word of a kind: "neko.kind.PO".
func wordID(kind, key string) string { return "neko." + kind + "." + key }

// columnMsg names column col of a line as columnName does.
func columnMsg(p *Player, col int8) *game.Msg {
	if col < 0 || col >= p.NCols {
		return game.M("neko.column", "n", int(col)+1)
	}
	c := &p.Cols[col]
	if c.Kind == FishingBoat {
		return game.M("neko.columnOf", "n", int(col)+1, "what", cardMsg(c.First))
	}
	// As cardMsg, the column's kind is in the message's id ("neko.col.SV").
	return game.M(wordID("col", kindCodes[c.Kind]), "n", int(col)+1)
}

// countMsg says n cards of resource r, as countText does.
func countMsg(n int16, r Res) *game.Msg {
	return game.M(wordID("res", r.String()), "n", int(n))
}

// bundleMsg lists a bundle's cards, as bundleText does; nil for none.
func bundleMsg(b Bundle) any {
	var parts []any
	for r := range numRes {
		if b[r] > 0 {
			parts = append(parts, countMsg(b[r], Res(r)))
		}
	}
	return chain("neko.comma", parts)
}

// chain joins items two by two with the message sepID ("{a}, {b}"), as
// strings.Join does with its separator; nil for no items.
func chain(sepID string, items []any) any {
	switch len(items) {
	case 0:
		return nil
	case 1:
		return items[0]
	}
	return game.M(sepID, "a", items[0], "b", chain(sepID, items[1:]))
}

// orNone is v, or the empty part when v is nil.
func orNone(v any) any {
	if v == nil {
		return none
	}
	return v
}

// withPaid is line with the part telling the cards paid from the supply,
// or line alone when none were. Like it, the other parts that end a line
// only when there is something to say (the hub that triggers, the ship
// that rises, what a move gained) hold the line they end.
func withPaid(line *game.Msg, paid Bundle) *game.Msg {
	if b := bundleMsg(paid); b != nil {
		return game.M("neko.paid", "line", line, "cards", b)
	}
	return line
}

// withGained is line with the part telling what a move earned, as
// gainedText says it, or line alone when the move earned nothing: the part
// holds the line, so a line that gained nothing carries no empty part.
func withGained(line *game.Msg, b, p *Player, paid Bundle) *game.Msg {
	if g := bundleMsg(gained(b, p, paid)); g != nil {
		return game.M("neko.gained", "line", line, "cards", g)
	}
	return line
}

// msg lists the non-zero parts of a final score, as text does.
func (f *Breakdown) msg() any {
	var out []any
	for _, p := range f.parts() {
		if p.n != 0 {
			out = append(out, game.M(wordID("part", p.key), "n", int(p.n)))
		}
	}
	return chain("neko.comma", out)
}
