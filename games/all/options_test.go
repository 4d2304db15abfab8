package all_test

import (
	"encoding/json"
	"strings"
	"testing"

	"harbor"
	"harbor/game"
)

// TestEveryGameDecodesItsOptionsFromInfo: each option a game offers the
// lobby is one its setup reads by exactly that key, with Info's default and
// range: the default given explicitly sets up the same game as no options,
// every other allowed value sets up, and a value out of range, a key in
// another case and a key given twice are refused with EInvalid.
func TestEveryGameDecodesItsOptionsFromInfo(t *testing.T) {
	for _, d := range game.All() {
		info := d.Info()
		t.Run(info.ID, func(t *testing.T) {
			players := make([]game.Player, info.MinPlayers)
			for i := range players {
				players[i].Name = "P"
			}
			setup := func(opts string) (game.Game, error) {
				return d.New(game.Config{Players: players, Seed: 7, Options: json.RawMessage(opts)})
			}
			plain, err := setup("")
			if err != nil {
				t.Fatal(err)
			}
			want := mustJSON(t, plain.View(game.Public))
			for _, o := range info.Options {
				def := string(mustJSON(t, o.Default))
				g, err := setup(`{"` + o.Key + `":` + def + `}`)
				if err != nil {
					t.Fatalf("option %s at its default %s: %v", o.Key, def, err)
				}
				if got := mustJSON(t, g.View(game.Public)); string(got) != string(want) {
					t.Errorf("option %s given as its default %s sets up another game than no options", o.Key, def)
				}
				var good, bad []string
				switch o.Kind {
				case "bool":
					good, bad = []string{"true", "false"}, []string{"1", `"true"`}
				case "int":
					good = []string{mustStr(t, o.Min), mustStr(t, o.Max)}
					bad = []string{mustStr(t, o.Min-1), mustStr(t, o.Max+1), `"1"`}
				case "choice":
					for _, c := range o.Choices {
						good = append(good, mustStr(t, c.Value))
					}
					bad = []string{`"no such choice"`, "1"}
				default:
					t.Fatalf("option %s has kind %q", o.Key, o.Kind)
				}
				for _, v := range good {
					if _, err := setup(`{"` + o.Key + `":` + v + `}`); err != nil {
						t.Errorf("option %s = %s: %v", o.Key, v, err)
					}
				}
				refused := []string{`{"` + strings.ToUpper(o.Key) + `":` + def + `}`, `{"` + o.Key + `":` + def + `,"` + o.Key + `":` + def + `}`}
				for _, v := range bad {
					refused = append(refused, `{"`+o.Key+`":`+v+`}`)
				}
				for _, opts := range refused {
					_, err := setup(opts)
					if harbor.ErrorCode(err) != harbor.EInvalid || !strings.Contains(err.Error(), o.Key) {
						t.Errorf("options %s: got %v, want an invalid error naming %s", opts, err, o.Key)
					}
				}
			}
			if _, err := setup(`{"noSuchOption":true}`); harbor.ErrorCode(err) != harbor.EInvalid || !strings.Contains(err.Error(), "noSuchOption") {
				t.Errorf("an unknown option: %v", err)
			}
		})
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustStr(t *testing.T, v any) string { return string(mustJSON(t, v)) }
