package game_test

import (
	"encoding/json"
	"strings"
	"testing"

	"harbor"
	"harbor/game"
)

type testOptions struct {
	Fast   bool   `json:"fast"`
	Rounds int    `json:"rounds"`
	Order  string `json:"order"`
	Promo  bool   `json:"promo,omitempty"` // a field the lobby does not offer
}

var optionsInfo = game.Info{Name: "Test", Options: []game.Option{
	{Key: "fast", Kind: "bool", Default: true},
	{Key: "rounds", Kind: "int", Default: 20, Min: 1, Max: 50},
	{Key: "order", Kind: "choice", Default: "price", Choices: []game.Choice{{Value: "price"}, {Value: "value"}}},
}}

func TestDecodeOptionsFillsDefaults(t *testing.T) {
	for _, raw := range []string{"", "null", " {} "} {
		var o testOptions
		if err := game.DecodeOptions(optionsInfo, json.RawMessage(raw), &o); err != nil {
			t.Fatalf("options %q: %v", raw, err)
		}
		if want := (testOptions{Fast: true, Rounds: 20, Order: "price"}); o != want {
			t.Errorf("options %q decode to %+v, want the defaults %+v", raw, o, want)
		}
	}
	var o testOptions
	if err := game.DecodeOptions(optionsInfo, json.RawMessage(`{"rounds":50,"fast":false,"promo":true}`), &o); err != nil {
		t.Fatal(err)
	}
	if want := (testOptions{Fast: false, Rounds: 50, Order: "price", Promo: true}); o != want {
		t.Errorf("decoded %+v, want %+v", o, want)
	}
}

func TestDecodeOptionsRefuses(t *testing.T) {
	for _, c := range []struct{ raw, names string }{
		{`{"ROUNDS":3}`, `"ROUNDS"`},
		{`{"Rounds":3}`, `did you mean "rounds"`},
		{`{"rounds":3,"rounds":4}`, `"rounds" appears twice`},
		{`{"rounds":3,"round\u0073":4}`, `"rounds" appears twice`},
		{`{"turns":3}`, `no option "turns"`},
		{`{"rounds":0}`, `"rounds" is a whole number from 1 to 50`},
		{`{"rounds":51}`, `"rounds"`},
		{`{"rounds":2.5}`, `"rounds"`},
		{`{"rounds":"3"}`, `"rounds"`},
		{`{"fast":1}`, `"fast" is true or false`},
		{`{"order":"size"}`, `"order" is one of "price", "value"`},
		{`{"order":""}`, `"order"`},
		{`{"promo":"yes"}`, `promo`},
		{`[1]`, `not a JSON object`},
		{`{`, `not a JSON object`},
		{`{"fast":true} {}`, `not a JSON object`},
	} {
		o := testOptions{Rounds: 7}
		err := game.DecodeOptions(optionsInfo, json.RawMessage(c.raw), &o)
		if harbor.ErrorCode(err) != harbor.EInvalid || !strings.Contains(err.Error(), c.names) {
			t.Errorf("options %s: got %v, want an invalid error saying %s", c.raw, err, c.names)
		}
		if o != (testOptions{Rounds: 7}) {
			t.Errorf("options %s changed the options to %+v", c.raw, o)
		}
	}
}

// TestVarietiesAndQuickOptions: a game that names no setups for the
// checks of every game is played at its fewest and most seats with its
// defaults, and one that names none has {} as its quick options.
func TestVarietiesAndQuickOptions(t *testing.T) {
	plain := game.Info{ID: "plain", MinPlayers: 2, MaxPlayers: 5}
	got, _ := json.Marshal(game.Varieties(plain))
	if want := `[{"Players":2,"Options":{}},{"Players":5,"Options":{}}]`; string(got) != want {
		t.Errorf("Varieties of a game naming none: %s, want %s", got, want)
	}
	solo := game.Info{ID: "solo", MinPlayers: 1, MaxPlayers: 1}
	if v := game.Varieties(solo); len(v) != 1 || v[0].Players != 1 {
		t.Errorf("Varieties of a one-seat game: %+v", v)
	}
	named := game.Info{ID: "named", MinPlayers: 2, MaxPlayers: 4, Test: game.Test{
		Quick:   json.RawMessage(`{"rounds":2}`),
		Variety: []game.Setup{{Players: 3, Options: json.RawMessage(`{"x":true}`)}},
	}}
	if v := game.Varieties(named); len(v) != 1 || v[0].Players != 3 || string(v[0].Options) != `{"x":true}` {
		t.Errorf("Varieties of a game naming one: %+v", v)
	}
	if q := game.QuickOptions(named); string(q) != `{"rounds":2}` {
		t.Errorf("QuickOptions: %s", q)
	}
	if q := game.QuickOptions(plain); string(q) != `{}` {
		t.Errorf("QuickOptions of a game naming none: %s", q)
	}
	// The lobby never sees what the tests need.
	if raw, _ := json.Marshal(named); strings.Contains(string(raw), "rounds") {
		t.Errorf("Info's JSON carries its Test: %s", raw)
	}
}
