package neko

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"harbor"
	"harbor/game"
	"harbor/game/catalogtest"
)

// refuseSaying checks that m is refused under rule with a message containing
// words, leaving the state unchanged.
func refuseSaying(t *testing.T, s *State, seat game.Seat, m Move, rule, words string) {
	t.Helper()
	refuse(t, s, seat, m, rule)
	var he *harbor.Error
	errors.As(s.Apply(seat, m, nil), &he)
	if !strings.Contains(he.Message, words) {
		t.Errorf("%+v: message %q does not say %q", m, he.Message, words)
	}
}

// english is the game's English catalog.
func english() (map[string]string, error) { return catalogtest.EnglishCatalog("neko") }

// catalogSays checks that a refusal carries a message the English catalog
// words as a sentence saying what the Go message says: the pattern's own
// words, between its placeholders, are the message's words in order, and
// it starts with a capital or a placeholder and ends with a period.
func catalogSays(he *harbor.Error) error {
	if he.Msg == nil {
		return fmt.Errorf("refusal %q carries no message", he.Message)
	}
	if err := he.Msg.Check(); err != nil {
		return err
	}
	cat, err := english()
	if err != nil {
		return err
	}
	pattern, ok := cat[he.Msg.ID]
	if !ok {
		return fmt.Errorf("%s: not in the English catalog", he.Msg.ID)
	}
	first, _ := utf8.DecodeRuneInString(pattern)
	if !strings.HasSuffix(pattern, ".") || first != '{' && !unicode.IsUpper(first) {
		return fmt.Errorf("%s: %q is not a sentence", he.Msg.ID, pattern)
	}
	text := strings.TrimSuffix(pattern, ".")
	text = string(unicode.ToLower(first)) + text[utf8.RuneLen(first):]
	rest := he.Message
	for _, part := range literals(strings.ReplaceAll(text, "''", "'")) {
		i := strings.Index(rest, part)
		if i < 0 {
			return fmt.Errorf("%s: %q does not say %q of its English %q", he.Msg.ID, he.Message, part, pattern)
		}
		rest = rest[i+len(part):]
	}
	return nil
}

// saysRefusal is catalogSays for a refusal a person can meet (illegal_move,
// not_your_turn); a malformed move's refusal may go without a message.
func saysRefusal(err error) error {
	var he *harbor.Error
	if !errors.As(err, &he) {
		return fmt.Errorf("%v is not a harbor error", err)
	}
	if he.Code != harbor.EIllegal && he.Code != harbor.ENotYourTurn {
		return nil
	}
	return catalogSays(he)
}

// literals splits an ICU pattern into its words outside placeholders.
func literals(pattern string) []string {
	var out []string
	depth, start := 0, 0
	for i, c := range pattern {
		switch c {
		case '{':
			if depth == 0 && i > start {
				out = append(out, pattern[start:i])
			}
			depth++
		case '}':
			depth--
			start = i + 1
		}
	}
	if start < len(pattern) {
		out = append(out, pattern[start:])
	}
	return out
}

// windowGame is a 2-player game where seat 0 has a line of the given cards,
// has just played hand (its first card) and waits in the first window that
// offers something.
func windowGame(t *testing.T, opts string, line []string, hand string) *State {
	t.Helper()
	s := actionGame(t, 2, opts)
	setLine(t, s, 0, line...)
	setHand(t, s, 0, hand)
	playCard(t, s, 0, hand)
	return s
}

// TestRefusalMessages: a refused move names the rule it breaks and says in
// player words what is wrong, with the numbers that matter.
func TestRefusalMessages(t *testing.T) {
	t.Run("NK-026 NK-033 whose turn it is", func(t *testing.T) {
		s := newGame(t, 3, "")
		other := (s.Actors().First() + 1) % 3
		refuseSaying(t, s, other, Move{Type: MoveDraft, Row: 0, Size: 1}, "NK-026", "it is "+s.Names[s.Actors().First()]+"'s turn")
		refuseSaying(t, s, 7, Move{Type: MoveDraft, Row: 0, Size: 1}, "NK-026", "no seat in this game")
	})
	t.Run("NK-024 sets have 1, 2 or 3 cards", func(t *testing.T) {
		s := newGame(t, 3, "")
		seat := s.Actors().First()
		refuseSaying(t, s, seat, Move{Type: MoveDraft, Row: 0, Size: 4}, "NK-024", "sets of 1, 2 and 3 cards")
		refuseSaying(t, s, seat, Move{Type: MoveDraft, Row: 9, Size: 1}, "NK-024", "there are 4 rows")
	})
	t.Run("NK-035 the first card starts a column", func(t *testing.T) {
		s := actionGame(t, 2, "")
		c := int16(s.Players[0].Hand[0])
		refuseSaying(t, s, 0, Move{Type: MoveDeactivate, Card: c}, "NK-035", "no column to tuck it under")
	})
	t.Run("NK-048 the harbour cost and the licences to spend", func(t *testing.T) {
		s := windowGame(t, "", []string{"P1-01"}, "P1-02")
		s.Players[0].Harbour = 2
		refuseSaying(t, s, 0, Move{Type: MoveHarbour}, "NK-048", "costs 3 licences and you have 2")
	})
	t.Run("NK-049 an upgrade raises the level", func(t *testing.T) {
		s := windowGame(t, "", []string{"P1-01"}, "P1-02")
		shipAt(s, 0, 4, 1, 3)
		refuseSaying(t, s, 0, Move{Type: MoveUpgrade, Ship: 4, Level: 2}, "NK-049", "must raise its level")
		refuseSaying(t, s, 0, Move{Type: MoveUpgrade, Ship: 4, Level: 6}, "NK-049", "costs 3 licences and you have 2")
	})
	t.Run("NK-131 the ghost ship is never upgraded", func(t *testing.T) {
		s := windowGame(t, `{"ghostShip":true}`, []string{"P1-01"}, "P1-02")
		s.Players[0].Ships[ghost].Loc = 1
		refuseSaying(t, s, 0, Move{Type: MoveUpgrade, Ship: ghost, Level: 1}, "NK-131", "cannot be upgraded")
	})
	t.Run("NK-054 the ship supply and the price", func(t *testing.T) {
		s := windowGame(t, "", []string{"P1-23"}, "P1-24")
		refuseSaying(t, s, 0, Move{Type: MoveBuyShip, Level: 5}, "NK-054", "costs 10 coins and you have 4")
		s.Players[0].Ships[1].Loc = locHarbour
		refuseSaying(t, s, 0, Move{Type: MoveBuyShip, Level: 1}, "NK-054", "no ship card in your ship supply shows level 1")
		refuseSaying(t, s, 0, Move{Type: MoveBuyShip, Level: 0}, "NK-054", "levels 1 to 6")
	})
	t.Run("NK-056 where a ship can move", func(t *testing.T) {
		s := windowGame(t, "", []string{"P1-17"}, "P1-18")
		shipAt(s, 0, 0, 1, 1)
		refuseSaying(t, s, 0, Move{Type: MoveShip, Ship: 0}, "NK-056", "on your last column")
		refuseSaying(t, s, 0, Move{Type: MoveShip, Ship: 2}, "NK-054", "buy it first")
		refuseSaying(t, s, 0, Move{Type: MoveSail, Ship: 0, To: 9}, "NK-056", "another of the 3 attractions")
		refuseSaying(t, s, 0, Move{Type: MoveShip, Ship: ghost}, "NK-128", "no ghost ship")
	})
	t.Run("NK-109 NK-063 NK-017 moves that have no place in a window", func(t *testing.T) {
		s := windowGame(t, "", []string{"P1-01"}, "P1-02")
		hold(s, 0, int8(Captain), 1)
		refuseSaying(t, s, 0, Move{Type: MoveCaptain, Col: 5}, "NK-109", "put the captain on your column")
		refuseSaying(t, s, 0, Move{Type: MoveDiscard, Res: int8(Fish)}, "NK-063", "only at the end of your turn")
		refuseSaying(t, s, 0, Move{Type: MoveKeep}, "NK-017", "no Immediate card")
		refuseSaying(t, s, 0, Move{Type: MoveDraft, Row: 0, Size: 1}, "NK-028", "drafting phase of this period is over")
	})
	t.Run("NK-126 a waiting boat swap names its rule", func(t *testing.T) {
		s := actionGame(t, 2, `{"fishingBoats":true}`)
		setLine(t, s, 0, "P1-17", "FB5")
		hold(s, 0, int8(Fish), 3)
		shipAt(s, 0, 0, 1, 6)
		setHand(t, s, 0, "P1-18")
		playCard(t, s, 0, "P1-18")
		act(t, s, 0, Move{Type: MoveShip, Ship: 0})
		if s.Turn.Stage != stChoice {
			t.Fatalf("stage %d, want a swap choice", s.Turn.Stage)
		}
		refuseSaying(t, s, 0, Move{Type: MoveNext}, "NK-126", "fishing boat's swaps")
	})
}

// TestStrayFields: a move carrying a field its type does not take is
// malformed: refused as invalid, naming the field, whatever the phase.
func TestStrayFields(t *testing.T) {
	s := newGame(t, 3, "")
	seat := s.Actors().First()
	for _, m := range []Move{
		{Type: MoveDraft, Row: 0, Size: 1, Card: 5},
		{Type: MoveDraft, Row: 1, Size: 2, Option: -1},
		{Type: MoveNext, Ship: 3},
		{Type: MovePlay, Card: 1, Res: 2},
	} {
		before := mustJSON(t, s)
		err := s.Apply(seat, m, nil)
		if harbor.ErrorCode(err) != harbor.EInvalid || !strings.Contains(err.Error(), "has no") {
			t.Errorf("%+v: got %v, want an invalid move naming its stray field", m, err)
		}
		if mustJSON(t, s) != before {
			t.Errorf("%+v changed the state", m)
		}
	}
	act(t, s, seat, Move{Type: MoveDraft, Row: 0, Size: 1})
}
