package harbor

import (
	"encoding/json"
	"testing"
)

// A word without an id is a fault of the code that made it (Check reports
// it), but encoding it must not take the frame, and the table, down with it.
func TestShortFormOfAWordWithoutAnID(t *testing.T) {
	m := M("holdings.paid", "who", "Ana", "what", Word(""), "list", []any{Word(""), "Bo"})
	b := m.AppendShort(nil, "holdings")
	var back map[string]any
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("%s is not JSON: %v", b, err)
	}
	if back["@"] != ".paid" || back["who"] != "Ana" {
		t.Fatalf("the message encodes as %s", b)
	}
	if m.Check() == nil {
		t.Fatal("Check passes a word without an id")
	}
}

// A word of the game with one integer n travels inside another message as
// its id and n after a "#"; other ids, and other values, keep the object;
// read back and resolved it is the word and its n.
func TestShortFormOfACountedWord(t *testing.T) {
	m := M("harborfall.offers", "give", M("harborfall.amount.brick", "n", 2), "get", M("harborfall.amount.ore", "n", int8(-1)),
		"all", []any{M("harborfall.amount.wool", "n", 3)}, "kept", M("table.count", "n", 2), "named", M("harborfall.by", "n", "Bo"))
	got := string(m.AppendShort(nil, "harborfall"))
	want := `{"@":".offers","all":[".amount.wool#3"],"get":".amount.ore#-1","give":".amount.brick#2",` +
		`"kept":{"@":"table.count","n":2},"named":{"@":".by","n":"Bo"}}`
	if got != want {
		t.Fatalf("short form %s\nwant       %s", got, want)
	}
	var back Msg
	if err := json.Unmarshal([]byte(got), &back); err != nil {
		t.Fatal(err)
	}
	back.Resolve("harborfall")
	give, ok := back.V["give"].(*Msg)
	if !ok || give.ID != "harborfall.amount.brick" || give.V["n"] != float64(2) {
		t.Errorf("give read back as %#v", back.V["give"])
	}
	if get := back.V["get"].(*Msg); get.ID != "harborfall.amount.ore" || get.V["n"] != float64(-1) {
		t.Errorf("get read back as %#v", get)
	}
	if again := string(back.AppendShort(nil, "harborfall")); again != want {
		t.Errorf("read back and written again: %s", again)
	}
	var word Msg
	if err := json.Unmarshal([]byte(`{"@":".x","w":".a#b"}`), &word); err != nil {
		t.Fatal(err)
	}
	if w := word.V["w"].(*Msg); w.ID != ".a#b" || w.V != nil {
		t.Errorf("a word with a # and no count read back as %#v", w)
	}
}

// jsonStrings are strings AppendJSONString must write as encoding/json
// does: plain ASCII, names in other alphabets, every kind of escape,
// invalid UTF-8 and the two line separators encoding/json escapes.
var jsonStrings = []string{
	"", "Ana", "Computer 4", "holdings.space.netMendersRow",
	"José", "Jürgen Groß", "Ñandú", "Åsa", "Łukasz", "Дмитрий", "王小明", "🐱 Neko",
	`say "hi"`, `back\slash`, "<b>", "a&b", "tab\there", "line\nbreak", "\x00", "\x1f", "\x7f",
	"\xff", "ok\xc3", "\xe2\x80", "\u2028", "x\u2029y", "\ufffd",
}

// TestAppendJSONString: a string is written as encoding/json writes it,
// after what came before.
func TestAppendJSONString(t *testing.T) {
	for _, s := range jsonStrings {
		checkJSONString(t, s)
	}
}

func FuzzAppendJSONString(f *testing.F) {
	for _, s := range jsonStrings {
		f.Add(s)
	}
	f.Fuzz(checkJSONString)
}

func checkJSONString(t *testing.T, s string) {
	want, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if got := AppendJSONString([]byte("x"), s); string(got) != "x"+string(want) {
		t.Errorf("AppendJSONString(%q) = %s, encoding/json writes %s", s, got[1:], want)
	}
}

// BenchmarkAppendJSONString writes a name as a frame does. A name with a
// letter outside ASCII went through encoding/json until it was copied as
// it is, as "encoding-json" does.
func BenchmarkAppendJSONString(b *testing.B) {
	buf := make([]byte, 0, 64)
	run := func(name, s string, appendString func([]byte, string) []byte) {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				buf = appendString(buf[:0], s)
			}
		})
	}
	run("ascii", "Computer 4", AppendJSONString)
	run("accents", "Jürgen Groß", AppendJSONString)
	run("accents/encoding-json", "Jürgen Groß", appendJSONQuoted)
}
