package holdings

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"harbor"
	"harbor/game"
	"harbor/game/catalogtest"
)

// english is the English catalog of the game's screens, which words the
// messages the engine sends.
func english(t *testing.T) map[string]string {
	t.Helper()
	cat, err := englishCatalog()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// englishCatalog is the game's English catalog.
func englishCatalog() (map[string]string, error) { return catalogtest.EnglishCatalog("holdings") }

// sayEnglish words m from cat as the pages do for the few forms the
// catalog uses: {name}, {name, number}, and {name, plural, one {…} other
// {…}} with # for the number. A number or # is grouped by commas, a plain
// argument not; lists are joined with commas and a last "and".
func sayEnglish(cat map[string]string, m *game.Msg) (string, error) {
	pattern, ok := cat[m.ID]
	if !ok {
		return "", fmt.Errorf("no English for %q", m.ID)
	}
	return fill(cat, pattern, m)
}

// saysRefusal checks that the English catalog words a refusal's message
// as its Go message, as a sentence: with a period, and a capital first
// unless it starts with a name a player chose.
func saysRefusal(he *harbor.Error) error {
	cat, err := englishCatalog()
	if err != nil {
		return err
	}
	got, err := sayEnglish(cat, he.Msg)
	if err != nil {
		return err
	}
	first := func(s string) string {
		r, n := utf8.DecodeRuneInString(s)
		return string(unicode.ToLower(r)) + s[n:]
	}
	pattern := cat[he.Msg.ID]
	capital := strings.HasPrefix(pattern, "{") || unicode.IsUpper([]rune(pattern)[0])
	if want := he.Message + "."; first(got) != first(want) || !capital {
		return fmt.Errorf("%s says %q, want %q as a sentence", he.Msg.ID, got, want)
	}
	return nil
}

func fill(cat map[string]string, pattern string, m *game.Msg) (string, error) {
	var b strings.Builder
	for i := 0; i < len(pattern); i++ {
		if pattern[i] != '{' {
			b.WriteByte(pattern[i])
			continue
		}
		end, depth := i, 0
		for ; end < len(pattern); end++ {
			switch pattern[end] {
			case '{':
				depth++
			case '}':
				depth--
			}
			if depth == 0 {
				break
			}
		}
		arg := pattern[i+1 : end]
		i = end
		name, rest, plural := strings.Cut(arg, ", plural,")
		name, number := strings.CutSuffix(name, ", number")
		v, ok := m.V[strings.TrimSpace(name)]
		if !ok {
			return "", fmt.Errorf("%s: no value %q", m.ID, name)
		}
		if n, isInt := v.(int); isInt && !plural && !number {
			// A plain argument is not grouped: 1531, as the pages say it.
			b.WriteString(strconv.Itoa(n))
			continue
		}
		if !plural {
			s, err := value(cat, v)
			if err != nil {
				return "", err
			}
			b.WriteString(s)
			continue
		}
		n, ok := v.(int)
		if !ok {
			return "", fmt.Errorf("%s: %q is no number", m.ID, name)
		}
		form := "other"
		if n == 1 {
			form = "one"
		}
		_, choice, ok := strings.Cut(rest, form+" {")
		if !ok {
			return "", fmt.Errorf("%s: no %s form", m.ID, form)
		}
		choice = choice[:strings.IndexByte(choice, '}')]
		b.WriteString(strings.ReplaceAll(choice, "#", game.Number(n)))
	}
	return b.String(), nil
}

func value(cat map[string]string, v any) (string, error) {
	switch x := v.(type) {
	case string:
		return x, nil
	case int:
		return game.Number(x), nil
	case *game.Msg:
		return sayEnglish(cat, x)
	case []any:
		items := make([]string, len(x))
		for i, it := range x {
			s, err := value(cat, it)
			if err != nil {
				return "", err
			}
			items[i] = s
		}
		if len(items) < 2 {
			return strings.Join(items, ""), nil
		}
		return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1], nil
	}
	return "", fmt.Errorf("a value of type %T", v)
}

// TestCardsSayTheirPrintedText checks that each Dispatch card's message,
// worded in English, is the card's printed text.
func TestCardsSayTheirPrintedText(t *testing.T) {
	cat := english(t)
	for d, deck := range decks {
		for i := range deck.Cards {
			c := &deck.Cards[i]
			if got, err := sayEnglish(cat, cardMsg(c)); err != nil || got != c.Text {
				t.Errorf("deck %d card %d: %q (%v), want %q", d, i, got, err, c.Text)
			}
		}
		if got, err := sayEnglish(cat, deckWord(d)); err != nil || got != deck.Name {
			t.Errorf("deck %d: %q (%v), want %q", d, got, err, deck.Name)
		}
	}
	for i, sp := range board.spaces {
		if got, err := sayEnglish(cat, spaceWord(i)); err != nil || got != sp.Name {
			t.Errorf("space %d: %q (%v), want %q", i, got, err, sp.Name)
		}
	}
}

// TestMessagesSayTheText plays random games, rich and poor, and checks that
// every line of their logs, as each viewer reads it, carries a message that
// worded in English is its text.
func TestMessagesSayTheText(t *testing.T) {
	cat := english(t)
	seen := map[string]bool{}
	for i := 0; i < 120; i++ {
		r := newRandomPlay(t, uint64(i), 2+i%5)
		if i%2 == 1 {
			r = newPoorPlay(t, uint64(i), 2+i%5, int32(100+i%400))
		}
		for !r.s.Over {
			if err := r.step(); err != nil {
				t.Fatalf("game %d: %v", i, err)
			}
			for _, e := range r.log.Events {
				for v := game.Public; v < game.Seat(r.s.Players); v++ {
					seen := e.For(v)
					if seen.Msg == nil {
						t.Fatalf("game %d: %q has no message", i, seen.Text)
					}
					if got, err := sayEnglish(cat, seen.Msg); err != nil || got != seen.Text {
						t.Fatalf("game %d: %s says %q (%v), want %q", i, seen.Msg.ID, got, err, seen.Text)
					}
				}
			}
			r.log.Reset()
		}
		seen[r.s.Reason] = true
	}
	if !seen["bankruptcy"] || !seen["round_limit"] {
		t.Fatalf("random games ended only by %v", seen)
	}
}

// TestHintReasonsAreMessages asks the computer player why for each of its
// decisions in random games: every move type it can explain gives a
// message that the English catalog words with every value filled.
func TestHintReasonsAreMessages(t *testing.T) {
	cat := english(t)
	said := map[string]bool{}
	for i := 0; i < 40; i++ {
		r := newRandomPlay(t, uint64(i), 2+i%5)
		for steps := 0; !r.s.Over && steps < 3000; steps++ {
			for _, seat := range r.s.Actors().List() {
				legal := r.s.Legal(seat, nil)
				if len(legal) == 0 {
					continue
				}
				b := NewBot(seat, 1)
				v := r.s.View(seat)
				m := b.Choose(v, legal)
				why := b.Reason(v, legal, m)
				if why == nil {
					continue
				}
				got, err := sayEnglish(cat, why)
				if err != nil || got == "" || strings.ContainsAny(got, "{}") {
					t.Fatalf("the reason for %s reads %q (%v)", m.Type, got, err)
				}
				said[why.ID] = true
			}
			if err := r.step(); err != nil {
				t.Fatalf("game %d: %v", i, err)
			}
			r.log.Reset()
		}
	}
	for _, id := range []string{"holdings.hint.roll", "holdings.hint.buy", "holdings.hint.pass"} {
		if !said[id] {
			t.Errorf("no decision in 40 games was explained by %s (seen %v)", id, said)
		}
	}
}
