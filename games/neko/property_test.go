package neko

import (
	"encoding/json"
	"fmt"
	"testing"

	"harbor"
	"harbor/game"
)

var moduleOptions = []string{"", `{"extraCards":true}`, `{"fishingBoats":true}`, `{"ghostShip":true}`,
	`{"extraCards":true,"fishingBoats":true,"ghostShip":true}`}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// checkInvariants checks card and resource conservation and the limits.
func checkInvariants(s *State) error {
	var seen [256]bool
	mark := func(c uint8) error {
		if seen[c] {
			return fmt.Errorf("card %s is in two places", cat.Cards[c].ID)
		}
		seen[c] = true
		return nil
	}
	var inDeck [256]bool
	for d := range 2 {
		for _, c := range s.Decks[d][:s.DeckN[d]] {
			inDeck[c] = true
		}
	}
	for i := range s.N {
		p := &s.Players[i]
		for k := range p.NPlayed {
			if c := p.Played[k].Card; !inDeck[c] && !cat.Cards[c].Boat {
				return fmt.Errorf("seat %d played %s, which is not in this game's decks", i, cat.Cards[c].ID)
			}
		}
		boats := 0
		for k := range p.HandN {
			if err := mark(p.Hand[k]); err != nil {
				return err
			}
			if cat.Cards[p.Hand[k]].Boat {
				boats++
			}
		}
		for k := range p.NPlayed {
			pl := p.Played[k]
			if err := mark(pl.Card); err != nil {
				return err
			}
			if cat.Cards[pl.Card].Boat {
				boats++
			}
			if pl.Col < 0 || pl.Col >= p.NCols {
				return fmt.Errorf("seat %d: card in column %d of %d", i, pl.Col, p.NCols)
			}
		}
		cards := int(p.HandN) + int(p.NPlayed) - boats
		if want := 6*(int(s.Period)-1) + int(p.DraftedN); cards != want {
			return fmt.Errorf("seat %d holds and played %d action cards, drafted %d", i, cards, want)
		}
		for r := range numRes {
			if p.Supply[r] < 0 || p.Pending[r] < 0 {
				return fmt.Errorf("seat %d: negative %s", i, Res(r))
			}
			if p.Locked[r] < 0 || p.Locked[r] > p.Supply[r] {
				return fmt.Errorf("seat %d: %d %s locked of %d in the supply", i, p.Locked[r], Res(r), p.Supply[r])
			}
		}
		if p.Locked != (Bundle{}) && !(s.Period == 2 && p.HandN == 0 && (s.Phase == phAction || s.Phase == phLast)) {
			return fmt.Errorf("seat %d: cards locked outside the end of period 2", i)
		}
		if p.Harbour < 1 || p.Harbour > maxHarbour {
			return fmt.Errorf("seat %d: harbour level %d", i, p.Harbour)
		}
		for k := range numShips {
			sh := p.Ships[k]
			if sh.Level != cat.ShipFaces[k][0] && sh.Level != cat.ShipFaces[k][1] {
				return fmt.Errorf("seat %d: ship card %d shows level %d", i, k, sh.Level)
			}
			if !(sh.Loc >= locSupply && sh.Loc <= p.NCols || sh.Loc >= locAttr && sh.Loc < locAttr+s.NAttrs) {
				return fmt.Errorf("seat %d: ship %d at %d", i, k, sh.Loc)
			}
		}
		for c := range p.NCols {
			if p.Cols[c].Hub < 1 || p.Cols[c].Cards < 1 {
				return fmt.Errorf("seat %d: column %d has hub %d and %d cards", i, c, p.Cols[c].Hub, p.Cols[c].Cards)
			}
		}
		// Counted from the cards: icons and effects match the columns.
		var icons [3]int8
		for k := range p.NPlayed {
			pl := p.Played[k]
			cd := cat.Cards[pl.Card]
			if pl.Hub {
				continue
			}
			switch cd.Effect {
			case EffLicence:
				icons[0] += cd.Amount
			case EffCoin:
				icons[1] += cd.Amount
			case EffFuel:
				icons[2] += cd.Amount
			}
			if p.Cols[pl.Col].Kind != cd.Kind {
				return fmt.Errorf("seat %d: %s in a %s column", i, cd.ID, p.Cols[pl.Col].Kind)
			}
		}
		if icons != p.Icons {
			return fmt.Errorf("seat %d: icons %v, cards give %v", i, p.Icons, icons)
		}
	}
	for _, c := range s.Boats {
		if c != noCard {
			if err := mark(c); err != nil {
				return err
			}
		}
	}
	for k := range s.Turn.Icons {
		if s.Turn.Icons[k] < 0 {
			return fmt.Errorf("negative icons in the window")
		}
	}
	return nil
}

// illegalMoves returns moves that are not in legal: wrong types, shifted
// arguments, and moves from a seat that is not acting.
func illegalMoves(legal []Move) []Move {
	cands := []Move{{Type: "bogus"}, {Type: MoveNext, Col: 3}, {Type: MoveHarbour}, {Type: MovePlay, Card: 200},
		{Type: MoveDraft, Row: 9, Size: 1}, {Type: MoveUpgrade, Ship: 0, Level: 6}, {Type: MoveShip, Ship: 5},
		{Type: MoveCaptain}, {Type: MoveDiscard, Res: 3}, {Type: MoveChoose, Option: 9}, {Type: MoveBoat, Card: 3}}
	for _, m := range legal {
		m.Col += 5
		m.Ship += 3
		m.Option += 7
		cands = append(cands, m)
	}
	var out []Move
	for _, c := range cands {
		ok := true
		for _, l := range legal {
			if l == c {
				ok = false
			}
		}
		if ok {
			out = append(out, c)
		}
	}
	return out
}

// playChecked plays one random game, checking after every move; it
// returns the move log and the final state.
func playChecked(t *testing.T, cfg game.Config, illegalEvery int) ([]game.Record, *State) {
	t.Helper()
	s, err := Setup(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rng := game.NewRand(cfg.Seed + 77)
	var records []game.Record
	var legal []Move
	var log game.Log
	for step := 0; !s.Result().Over; step++ {
		if step > 5000 {
			t.Fatalf("seed %d: game did not end", cfg.Seed)
		}
		actors := s.Actors()
		if actors.Len() != 1 {
			t.Fatalf("seed %d: %d actors", cfg.Seed, actors.Len())
		}
		seat := actors.First()
		legal = s.Legal(seat, legal[:0])
		if len(legal) == 0 {
			t.Fatalf("seed %d: seat %d has no legal move", cfg.Seed, seat)
		}
		if illegalEvery > 0 && step%illegalEvery == 0 {
			before := mustJSON(t, s)
			for _, m := range illegalMoves(legal) {
				if err := s.Apply(seat, m, nil); err == nil {
					t.Fatalf("seed %d: illegal move %+v accepted", cfg.Seed, m)
				} else if code := harbor.ErrorCode(err); code != harbor.EIllegal && code != harbor.EInvalid {
					t.Fatalf("seed %d: illegal move %+v: code %s", cfg.Seed, m, code)
				} else if err := saysRefusal(err); err != nil {
					t.Fatalf("seed %d: illegal move %+v: %v", cfg.Seed, m, err)
				}
			}
			other := game.Seat((int(seat) + 1) % int(s.N))
			if err := s.Apply(other, legal[0], nil); harbor.ErrorCode(err) != harbor.ENotYourTurn {
				t.Fatalf("seed %d: move out of turn: %v", cfg.Seed, err)
			} else if err := saysRefusal(err); err != nil {
				t.Fatalf("seed %d: move out of turn: %v", cfg.Seed, err)
			}
			if after := mustJSON(t, s); after != before {
				t.Fatalf("seed %d: an illegal move changed the state", cfg.Seed)
			}
		}
		m := legal[rng.Intn(len(legal))]
		prev := s.Turns
		log.Reset()
		on := &log
		if step%3 != 0 {
			on = nil // most moves without a log, as in simulations
		}
		if err := s.Apply(seat, m, on); err != nil {
			t.Fatalf("seed %d: legal move %+v refused: %v", cfg.Seed, m, err)
		}
		if on != nil && (len(log.Events) == 0 || log.Events[0].Text == "") {
			t.Fatalf("seed %d: %+v logged %+v", cfg.Seed, m, log.Events)
		}
		raw, _ := json.Marshal(m)
		records = append(records, game.Record{Seat: seat, Move: raw})
		if err := checkInvariants(s); err != nil {
			t.Fatalf("seed %d step %d after %+v: %v", cfg.Seed, step, m, err)
		}
		if s.Turns > prev && s.Phase != phOver { // NK-063: the turn just ended within the limit
			if p := &s.Players[seat]; p.resources() > limit(p) {
				t.Fatalf("seed %d: seat %d ended its turn with %d cards over a limit of %d", cfg.Seed, seat, p.resources(), limit(p))
			}
		}
	}
	return records, s
}

// TestPropertyRandomGames plays thousands of random games over every player
// count and module, checking invariants after every move, that illegal
// moves change nothing, and that replaying the log gives the same state.
func TestPropertyRandomGames(t *testing.T) {
	games := 3000
	if testing.Short() {
		games = 300
	}
	for i := range games {
		n := 2 + i%3
		opts := moduleOptions[(i/3)%len(moduleOptions)]
		cfg := config(n, uint64(i), opts)
		records, live := playChecked(t, cfg, 17)
		if i%10 != 0 {
			continue
		}
		g, err := game.Replay(Definition, cfg, records)
		if err != nil {
			t.Fatal(err)
		}
		replayed, _ := game.StateOf[*State, Move, View](g)
		if mustJSON(t, replayed) != mustJSON(t, live) {
			t.Fatalf("seed %d: replay differs from the live game", i)
		}
	}
}

// FuzzRandomGame plays a random game from a fuzzed seed and option set.
func FuzzRandomGame(f *testing.F) {
	for i := range 10 {
		f.Add(uint64(i*7919), uint8(i))
	}
	f.Fuzz(func(t *testing.T, seed uint64, shape uint8) {
		cfg := config(2+int(shape%3), seed, moduleOptions[int(shape/3)%len(moduleOptions)])
		records, live := playChecked(t, cfg, 5)
		g, err := game.Replay(Definition, cfg, records)
		if err != nil {
			t.Fatal(err)
		}
		replayed, _ := game.StateOf[*State, Move, View](g)
		if mustJSON(t, replayed) != mustJSON(t, live) {
			t.Fatal("replay differs from the live game")
		}
	})
}

// FuzzMove applies an arbitrary move at an arbitrary point of a random
// game: it must never panic, and a refused move must change nothing.
func FuzzMove(f *testing.F) {
	f.Add(uint64(1), uint16(40), uint8(5), int16(3), int8(1), int8(2), int8(0), int8(0))
	f.Add(uint64(2), uint16(120), uint8(13), int16(-1), int8(-4), int8(9), int8(6), int8(3))
	f.Add(uint64(3), uint16(200), uint8(3), int16(300), int8(7), int8(3), int8(127), int8(-128))
	f.Add(uint64(4), uint16(150), uint8(128+9), int16(2), int8(0), int8(1), int8(2), int8(0)) // a stray field
	f.Add(uint64(5), uint16(90), uint8(12), int16(0), int8(0), int8(6), int8(0), int8(9))     // the ghost ship, no such attraction
	f.Add(uint64(6), uint16(300), uint8(9), int16(0), int8(0), int8(4), int8(2), int8(0))     // a downgrade
	f.Fuzz(func(t *testing.T, seed uint64, steps uint16, kind uint8, c int16, a, b, d, e int8) {
		s, err := Setup(config(2+int(seed%3), seed, moduleOptions[int(seed/3)%len(moduleOptions)]))
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRand(seed)
		var legal []Move
		for range int(steps) % 400 {
			if s.Result().Over {
				break
			}
			seat := s.Actors().First()
			legal = s.Legal(seat, legal[:0])
			act(t, s, seat, legal[rng.Intn(len(legal))])
		}
		types := []string{MoveDraft, MovePick, MovePlay, MoveDeactivate, MoveKeep, MoveTuck, MoveNext, MoveCaptain,
			MoveHarbour, MoveUpgrade, MoveBuyShip, MoveBuyLicence, MoveShip, MoveSail, MoveBonus, MoveFlip, MoveChoose,
			MoveDiscard, MoveBoat, "nonsense"}
		m := Move{Type: types[int(kind)%len(types)], Card: c, Row: a, Size: b, Col: a, Ship: b, Level: d, To: e, Option: d, Res: e}
		if kind < 128 { // keep only the fields of the type, to reach the rule checks
			m = onlyFields(m)
		}
		for seat := game.Seat(-1); seat <= game.Seat(s.N); seat++ {
			before := mustJSON(t, s)
			if err := s.Apply(seat, m, nil); err != nil && mustJSON(t, s) != before {
				t.Fatalf("refused %+v changed the state", m)
			} else if err == nil {
				break
			}
		}
	})
}

// onlyFields zeroes the fields m's type does not take.
func onlyFields(m Move) Move {
	takes := moveFields[m.Type]
	out := Move{Type: m.Type}
	for bit, pair := range [...][2]*int8{{nil, nil}, {&out.Row, &m.Row}, {&out.Size, &m.Size}, {&out.Col, &m.Col},
		{&out.Ship, &m.Ship}, {&out.Level, &m.Level}, {&out.To, &m.To}, {&out.Option, &m.Option}, {&out.Res, &m.Res}} {
		if takes&(1<<bit) != 0 && pair[0] != nil {
			*pair[0] = *pair[1]
		}
	}
	if takes&fCard != 0 {
		out.Card = m.Card
	}
	return out
}
