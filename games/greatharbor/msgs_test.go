package greatharbor

import (
	"testing"

	"harbor/game"
	"harbor/game/catalogtest"
)

// TestLogLinesSpeakInMessages plays random games with every option and
// checks that each log line, public or secret, carries a message whose ids
// (its own and its words') are all in the English catalog the pages word
// them from.
func TestLogLinesSpeakInMessages(t *testing.T) {
	catalog := englishCatalog(t)
	forEachLine(t, 16, func(text string, m *game.Msg) {
		if m == nil {
			t.Fatalf("%q has no message", text)
		}
		if err := m.Check(); err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		walkMsg(m, func(id string) {
			if _, ok := catalog[id]; !ok {
				t.Fatalf("%q: the English catalog has no %s", text, id)
			}
		})
	})
}

// englishCatalog is the game's English catalog, by message id.
func englishCatalog(t testing.TB) map[string]string {
	t.Helper()
	catalog, err := catalogtest.EnglishCatalog("greatharbor")
	if err != nil {
		t.Fatal(err)
	}
	return catalog
}

// forEachLine plays games random games, one to four seats with the options
// optionsFor picks, and calls f with each line and its message.
func forEachLine(t *testing.T, games int, f func(text string, m *game.Msg)) {
	t.Helper()
	for g := range games {
		n := 1 + g%4
		seed := uint64(700 + g)
		s := newGame(t, n, seed, optionsFor(n, seed))
		r := game.NewRand(seed)
		playRandom(t, s, &r, func(log *game.Log) {
			for _, e := range log.Events {
				f(e.Text, e.Msg)
				for _, sec := range e.Secrets {
					if sec.Text != "" {
						f(sec.Text, sec.Msg)
					}
				}
			}
		})
	}
}

// walkMsg calls f with the id of m and of every message among its values.
func walkMsg(m *game.Msg, f func(id string)) {
	f(m.ID)
	for _, v := range m.V {
		switch x := v.(type) {
		case *game.Msg:
			walkMsg(x, f)
		case []any:
			for _, it := range x {
				if im, ok := it.(*game.Msg); ok {
					walkMsg(im, f)
				}
			}
		}
	}
}
