package contracttest

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sort"

	"harbor"
	"harbor/game"
)

// CheckRefusals plays d's games and, at every position, makes the moves a
// person can send but the rules refuse: a listed move of another seat, a
// move that was legal a few positions back, and each listed move with one of
// its fields changed. Every refusal a person can meet (illegal_move,
// not_your_turn) must carry a message (harbor.Error.Msg) that is well formed,
// so every reader's page can word it in their language. A malformed move
// (invalid) is no refusal a page's buttons can cause and may go without.
// It returns the ids seen, by how often, and the first refusal without a
// message.
func CheckRefusals(d game.Definition, cfgs []game.Config, limit int) (map[string]int, error) {
	seen := map[string]int{}
	for _, cfg := range cfgs {
		w := newWalker(d, cfg, map[string]int{}, map[string]int{})
		var earlier [][]byte
		err := w.walk(limit, func(g game.Game, _ int) error {
			var tries [][2]any // seat, move
			var now [][]byte
			for s := range len(cfg.Players) {
				seat := game.Seat(s)
				for _, m := range g.Legal(seat) {
					raw := mustJSON(m)
					now = append(now, raw)
					for o := range len(cfg.Players) {
						if o != s {
							tries = append(tries, [2]any{game.Seat(o), raw})
						}
					}
					for _, changed := range variants(raw) {
						tries = append(tries, [2]any{seat, changed})
					}
				}
				for _, raw := range earlier {
					tries = append(tries, [2]any{seat, raw})
				}
			}
			earlier = append(earlier, now...)
			earlier = earlier[max(0, len(earlier)-24):]
			for _, t := range tries {
				seat, raw := t[0].(game.Seat), t[1].([]byte)
				err := g.Clone().Apply(seat, raw, nil)
				if err == nil {
					continue
				}
				var e *harbor.Error
				if !errors.As(err, &e) {
					return fmt.Errorf("seat %d's move %s: refused with %v, not a *harbor.Error", seat, raw, err)
				}
				if e.Code != harbor.EIllegal && e.Code != harbor.ENotYourTurn {
					continue
				}
				if e.Msg == nil {
					return fmt.Errorf("seat %d's move %s: refusal %q carries no message", seat, raw, e.Error())
				}
				if err := e.Msg.Check(); err != nil {
					return fmt.Errorf("seat %d's move %s: refusal %q: %w", seat, raw, e.Error(), err)
				}
				seen[e.Msg.ID]++
			}
			return nil
		}, nil)
		if err != nil {
			return seen, err
		}
	}
	if len(seen) == 0 {
		return seen, fmt.Errorf("%s: no move was refused", d.Info().ID)
	}
	return seen, nil
}

// variants returns raw with each of its fields but the type changed once:
// numbers one up, one down and far out, strings unknown, booleans flipped,
// lists shortened and lengthened.
func variants(raw []byte) [][]byte {
	var m map[string]any
	if json.Unmarshal(raw, &m) != nil {
		return nil
	}
	var out [][]byte
	keys := slices.Collect(maps.Keys(m))
	sort.Strings(keys)
	for _, k := range keys {
		if k == "type" {
			continue
		}
		var alts []any
		switch v := m[k].(type) {
		case float64:
			alts = []any{v + 1, v - 1, 99}
		case string:
			alts = []any{v + "x"}
		case bool:
			alts = []any{!v}
		case []any:
			if len(v) > 0 {
				alts = append(alts, v[:len(v)-1], append(slices.Clone(v), v[0]))
			}
		}
		for _, a := range alts {
			c := maps.Clone(m)
			c[k] = a
			out = append(out, mustJSON(c))
		}
	}
	return out
}
