package holdings

import (
	"encoding/json"
	"fmt"
	"testing"

	"harbor/game"
	"harbor/game/contracttest"
)

// TestViewAppendJSON: the hand-written encoding of a view is byte for byte
// what encoding/json writes, for every viewer after every move of random
// games with trades (open, accepted, declined), poor players selling and
// going bankrupt, and names that need escaping.
func TestViewAppendJSON(t *testing.T) {
	check := func(s *State) {
		t.Helper()
		for viewer := game.Public; viewer < game.Seat(s.Players); viewer++ {
			v := s.View(viewer)
			want, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			if got := v.AppendJSON([]byte("x")); string(got[1:]) != string(want) {
				t.Fatalf("viewer %d after %d turns:\n got %s\nwant %s", viewer, s.Turns, got[1:], want)
			}
		}
	}
	games := 0
	for seed := uint64(1); seed <= 40; seed++ {
		var r *randomPlay
		if seed%2 == 0 {
			r = newPoorPlay(t, seed, 2+int(seed%5), 120)
		} else {
			r = newRandomPlay(t, seed, 2+int(seed%5))
		}
		r.s.Names = []string{"Ann <&> \"Q\"", "Bo\u2028b", "Cé", "\x01", "日本", "Z"}[:r.s.Players]
		r.s.Opts.SaleOrder = SaleByValue
		for steps := 0; !r.s.Over && steps < 3000; steps++ {
			check(r.s)
			if err := r.step(); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
		check(r.s)
		games++
	}
	var empty View // nil history, empty strings
	want, _ := json.Marshal(empty)
	if got := empty.AppendJSON(nil); string(got) != string(want) {
		t.Fatalf("zero view:\n got %s\nwant %s", got, want)
	}
}

// TestHistoryJSONOfCopies: the history's JSON a state keeps for its
// views stays its own when the state is copied (a plain copy or Clone) and
// the copies play on to other rounds; a state decoded from JSON, which
// keeps none, encodes the same.
func TestHistoryJSONOfCopies(t *testing.T) {
	check := func(what string, s *State) {
		t.Helper()
		v := s.View(game.Public)
		want, _ := json.Marshal(v)
		if got := v.AppendJSON(nil); string(got) != string(want) {
			t.Fatalf("%s, round %d:\n got %s\nwant %s", what, s.Round, got, want)
		}
	}
	for seed := uint64(1); seed <= 6; seed++ {
		r := newRandomPlay(t, seed, 4)
		var players []*randomPlay
		for steps := 0; !r.s.Over && steps < 2000; steps++ {
			if steps%150 == 75 {
				copied := *r.s
				players = append(players,
					&randomPlay{t: t, cfg: r.cfg, s: &copied, rng: game.NewRand(seed + uint64(steps))},
					&randomPlay{t: t, cfg: r.cfg, s: r.s.Clone(), rng: game.NewRand(seed ^ uint64(steps))})
			}
			if err := r.step(); err != nil {
				t.Fatal(err)
			}
		}
		// The copies play on in turn, each checked with all the others
		// after every move.
		for playing, steps := true, 0; playing && steps < 2000; steps++ {
			playing = false
			for _, p := range players {
				if !p.s.Over {
					playing = true
					if err := p.step(); err != nil {
						t.Fatal(err)
					}
				}
			}
			check("the original", r.s)
			for _, p := range players {
				check("a copy", p.s)
			}
		}
		for i, p := range players {
			raw, _ := json.Marshal(p.s)
			var decoded State
			if err := json.Unmarshal(raw, &decoded); err != nil {
				t.Fatal(err)
			}
			a, _ := json.Marshal(decoded.View(0))
			b, _ := json.Marshal(p.s.View(0))
			if string(decoded.View(0).AppendJSON(nil)) != string(p.s.View(0).AppendJSON(nil)) || string(a) != string(b) {
				t.Fatalf("copy %d: a state decoded from JSON shows another view", i)
			}
		}
	}
}

// BenchmarkViewEncoding encodes a view early in a game, and one with 80
// rounds of net-worth history (roundLimit 100).
func BenchmarkViewEncoding(b *testing.B) {
	r := newRandomPlay(b, 1, 4)
	for range 200 {
		if err := r.step(); err != nil {
			b.Fatal(err)
		}
	}
	v := r.s.View(0)
	b.Run("encoding/json", func(b *testing.B) {
		for b.Loop() {
			json.Marshal(v)
		}
	})
	b.Run("AppendJSON", func(b *testing.B) {
		buf := make([]byte, 0, 4096)
		for b.Loop() {
			buf = v.AppendJSON(buf[:0])
		}
	})
	long := newRandomPlay(b, 1, 4)
	long.cfg.Options = json.RawMessage(`{"roundLimit":100}`)
	long.s = long.setup()
	for len(long.s.History) < 81 {
		if err := long.step(); err != nil || long.s.Over {
			b.Fatalf("a game of 100 rounds over or stuck after %d: %v", len(long.s.History), err)
		}
	}
	lv := long.s.View(0)
	b.Run("AppendJSON/history80", func(b *testing.B) {
		buf := make([]byte, 0, 8192)
		for b.Loop() {
			buf = lv.AppendJSON(buf[:0])
		}
	})
}

// TestMoveAppendJSON: the hand-written encodings of moves and parties are
// byte for byte what encoding/json writes, for every seat's legal moves
// through random games and for trades of every shape.
func TestMoveAppendJSON(t *testing.T) {
	check := func(v game.JSONAppender) {
		t.Helper()
		if err := contracttest.CheckAppendJSON(v); err != nil {
			t.Fatal(err)
		}
	}
	for seed := uint64(1); seed <= 10; seed++ {
		r := newRandomPlay(t, seed, 2+int(seed%5))
		for steps := 0; !r.s.Over && steps < 2000; steps++ {
			for seat := range r.s.Players {
				for _, m := range r.s.Legal(game.Seat(seat), nil) {
					check(m)
				}
			}
			if err := r.step(); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
	}
	sides := []Side{{}, {Coins: 50}, {Coins: -1}, {Properties: PropertySet(0).With(3)}, {Properties: PropertySet(0).With(0).With(39), Coins: 7}}
	for _, give := range sides {
		for _, get := range sides {
			for _, typ := range []string{MovePropose, MoveCounter, "<&\u2028>"} {
				check(Move{Type: typ, To: 2, Give: give, Get: get})
				check(Move{Type: typ, Space: -4, Give: give, Get: get})
			}
		}
	}
	check(Move{})
	for _, p := range []Party{Bank, 0, 1, 5, -2} {
		check(p)
	}
}

// TestEventDataAppendJSON: the Data of every event of random games, and
// values of every shape, append what encoding/json writes for them.
func TestEventDataAppendJSON(t *testing.T) {
	check := func(v any) {
		t.Helper()
		a, ok := v.(game.JSONAppender)
		if !ok {
			return
		}
		if err := contracttest.CheckAppendJSON(a); err != nil {
			t.Fatal(err)
		}
	}
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 12; seed++ {
		players := 2 + int(seed%5)
		g, err := Definition.New(setupConfig(players, seed))
		if err != nil {
			t.Fatal(err)
		}
		bots := make([]game.Computer, players)
		for i := range bots {
			bots[i] = Definition.NewBot(game.Seat(i), seed+uint64(i))
		}
		for steps := 0; !g.Result().Over && steps < 3000; steps++ {
			seat := g.Actors().List()[0]
			m, err := bots[seat].Move(g, seat)
			if err != nil {
				t.Fatal(err)
			}
			var log game.Log
			if err := g.Apply(seat, m, &log); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			for _, e := range log.Events {
				if e.Data != nil {
					seen[fmt.Sprintf("%T", e.Data)] = true
					check(e.Data)
				}
			}
		}
	}
	for _, typ := range []string{"holdings.Flow", "holdings.Moved", "holdings.Owned"} {
		if !seen[typ] {
			t.Errorf("no event had a %s", typ)
		}
	}
	for _, v := range []any{Flow{}, Flow{From: Bank, To: 3, Amount: -7, Reason: "<&\u2028>", Space: -1}, Moved{}, Moved{From: -1, To: 39, Back: true}, Owned{}, Owned{Space: 1, Owner: -1, Improvements: 5}} {
		check(v)
	}
}
