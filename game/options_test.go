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
