package neko

import (
	"testing"

	"harbor"
	"harbor/game"
)

func TestComponents(t *testing.T) {
	count := func(f func(c card) bool) int {
		n := 0
		for _, c := range cat.Cards {
			if f(c) {
				n++
			}
		}
		return n
	}
	t.Run("NK-001 64 action cards, 32 per period", func(t *testing.T) {
		for period := uint8(1); period <= 2; period++ {
			if n := count(func(c card) bool { return c.Period == period && !c.Extra && !c.Boat }); n != 32 {
				t.Errorf("period %d has %d cards", period, n)
			}
		}
	})
	t.Run("NK-002 ships, harbour levels and attractions", func(t *testing.T) {
		if numShips != 6 || len(cat.Harbour)-1 != 5 {
			t.Errorf("%d ships, %d harbour levels", numShips, len(cat.Harbour)-1)
		}
		base := 0
		for _, a := range cat.Attractions {
			if !a.Extra {
				base++
			}
		}
		if base != 5 || info.MaxPlayers != 4 {
			t.Errorf("%d base attractions, %d overview cards", base, info.MaxPlayers)
		}
	})
	t.Run("NK-003 NK-012 six resource decks", func(t *testing.T) {
		if numRes != 6 || Fish.String() != "fish" || VP1.String() != "vp" {
			t.Errorf("resources: %d", numRes)
		}
	})
	t.Run("NK-004 2 to 4 players", func(t *testing.T) {
		for n := 1; n <= 5; n++ {
			_, err := Setup(config(n, 1, ""))
			if ok := n >= 2 && n <= 4; ok != (err == nil) {
				t.Errorf("%d players: %v", n, err)
			}
		}
	})
}

func TestSetup(t *testing.T) {
	for _, tc := range []struct {
		id        string
		n, deck   int
		maxDots   uint8
		attrs     int
		fishByPos []int16
	}{
		{"NK-005 2 players", 2, 16, 2, 3, []int16{1, 2}},
		{"NK-006 3 players", 3, 24, 3, 4, []int16{1, 1, 2}},
		{"NK-007 4 players", 4, 32, 4, 5, []int16{1, 2, 2, 3}},
	} {
		t.Run(tc.id, func(t *testing.T) {
			s := newGame(t, tc.n, "")
			for period := range 2 {
				if int(s.DeckN[period]) != tc.deck {
					t.Errorf("period %d deck has %d cards, want %d", period+1, s.DeckN[period], tc.deck)
				}
				for _, c := range s.Decks[period][:s.DeckN[period]] {
					if cat.Cards[c].Dots > tc.maxDots || int(cat.Cards[c].Period) != period+1 {
						t.Errorf("card %s in the %d-player period %d deck", cat.Cards[c].ID, tc.n, period+1)
					}
				}
			}
			t.Run("NK-013 attractions", func(t *testing.T) {
				if int(s.NAttrs) != tc.attrs {
					t.Errorf("%d attractions, want %d", s.NAttrs, tc.attrs)
				}
			})
			t.Run("NK-015 starting fish by turn order", func(t *testing.T) {
				for pos, want := range tc.fishByPos {
					if got := s.Players[s.Order[pos]].Supply[Fish]; got != want {
						t.Errorf("position %d has %d fish, want %d", pos, got, want)
					}
				}
			})
		})
	}
	t.Run("NK-008 decks shuffled, unused cards boxed", func(t *testing.T) {
		a, b := newGame(t, 4, ""), newGame(t, 4, "")
		b2, _ := Setup(config(4, 2, ""))
		if a.Decks != b.Decks {
			t.Error("same seed, different decks")
		}
		if a.Decks == b2.Decks {
			t.Error("different seeds, same deck order")
		}
		s := newGame(t, 2, "")
		for _, c := range s.Decks[0][:s.DeckN[0]] {
			if cat.Cards[c].Dots != 2 {
				t.Errorf("2-player deck holds %s", cat.Cards[c].ID)
			}
		}
	})
	t.Run("NK-009 NK-010 NK-011 harbour and ships", func(t *testing.T) {
		s := newGame(t, 3, "")
		for i := range s.N {
			p := &s.Players[i]
			if p.Harbour != 1 {
				t.Errorf("seat %d harbour %d", i, p.Harbour)
			}
			home, supply := 0, 0
			for k := range numShips {
				switch p.Ships[k].Loc {
				case locHarbour:
					home++
					if p.Ships[k].Level != 1 {
						t.Errorf("ship on the harbour is level %d", p.Ships[k].Level)
					}
				case locSupply:
					supply++
				}
			}
			if home != 1 || supply != 5 {
				t.Errorf("seat %d: %d ships home, %d in supply", i, home, supply)
			}
		}
	})
	t.Run("NK-014 first player, then seat order", func(t *testing.T) {
		firsts := map[int8]bool{}
		for seed := range uint64(40) {
			s, _ := Setup(config(4, seed, ""))
			firsts[s.Order[0]] = true
			for i := range int8(4) {
				if s.Order[i] != (s.Order[0]+i)%4 {
					t.Fatalf("order %v is not clockwise", s.Order)
				}
			}
		}
		if len(firsts) != 4 {
			t.Errorf("first players drawn: %v", firsts)
		}
	})
	t.Run("NK-133 the Contract promo is refused", func(t *testing.T) {
		_, err := Setup(config(3, 1, `{"contract":true}`))
		if harbor.ErrorCode(err) != harbor.EInvalid {
			t.Errorf("contract accepted: %v", err)
		}
		_, err = Setup(config(3, 1, `{"bogus":true}`))
		if harbor.ErrorCode(err) != harbor.EInvalid {
			t.Errorf("unknown option accepted: %v", err)
		}
	})
}

func TestDraft(t *testing.T) {
	t.Run("NK-023 period decks", func(t *testing.T) {
		s := newGame(t, 3, "")
		for _, row := range s.Rows[:s.NRows] {
			for _, set := range row {
				for _, c := range set.Cards {
					if c != noCard && cat.Cards[c].Period != 1 {
						t.Errorf("period-2 card %s in the period-1 draft", cat.Cards[c].ID)
					}
				}
			}
		}
	})
	t.Run("NK-024 rows of 1, 2 and 3 card sets", func(t *testing.T) {
		for n := 3; n <= 4; n++ {
			s := newGame(t, n, "")
			if int(s.NRows) != n+1 {
				t.Errorf("%d players: %d rows", n, s.NRows)
			}
			for _, row := range s.Rows[:s.NRows] {
				for k, set := range row {
					cards := 0
					for _, c := range set.Cards {
						if c != noCard {
							cards++
						}
					}
					if cards != k+1 {
						t.Errorf("set %d holds %d cards", k+1, cards)
					}
				}
			}
		}
	})
	t.Run("NK-025 NK-026 take a set, in turn order", func(t *testing.T) {
		s := newGame(t, 4, "")
		for step := range 12 {
			seat := s.Actors().First()
			if want := s.seatAt(int8(step % 4)); seat != want {
				t.Fatalf("step %d: seat %d drafts, want %d", step, seat, want)
			}
			m := s.Legal(seat, nil)[0]
			set := s.Rows[m.Row][m.Size-1]
			before := s.Players[seat].HandN
			act(t, s, seat, m)
			if s.Players[seat].HandN != before+m.Size || !s.Rows[m.Row][m.Size-1].Taken {
				t.Fatalf("set %v not taken", set)
			}
		}
	})
	t.Run("NK-027 never the same set size twice", func(t *testing.T) {
		s := newGame(t, 3, "")
		seat := s.Actors().First()
		act(t, s, seat, Move{Type: MoveDraft, Row: 0, Size: 2})
		for s.Actors().First() != seat {
			other := s.Actors().First()
			act(t, s, other, Move{Type: MoveDraft, Row: int8(other) + 1, Size: 1})
		}
		refuse(t, s, seat, Move{Type: MoveDraft, Row: 1, Size: 2}, "NK-027")
		for _, m := range s.Legal(seat, nil) {
			if m.Size == 2 {
				t.Fatalf("a second 2-card set is offered: %+v", m)
			}
		}
		draftAll(t, s)
		for i := range s.N {
			if p := s.Players[i]; p.HandN != 6 || p.Sizes != 0b1110 {
				t.Errorf("seat %d has %d cards, sizes %b", i, p.HandN, p.Sizes)
			}
		}
	})
	t.Run("NK-028 drafting ends at 6 cards each", func(t *testing.T) {
		s := newGame(t, 4, "")
		draftAll(t, s)
		if s.Phase != phAction || s.Turn.Stage != stPlay || s.current() != s.seatAt(0) {
			t.Errorf("phase %d stage %d", s.Phase, s.Turn.Stage)
		}
	})
	t.Run("NK-029 NK-030 NK-031 2-player draft order", func(t *testing.T) {
		s := newGame(t, 2, "")
		first, second := s.seatAt(0), s.seatAt(1)
		shown := 0
		for _, c := range s.Display {
			if c != noCard {
				shown++
			}
		}
		if shown != 8 {
			t.Fatalf("%d cards shown", shown)
		}
		want := []game.Seat{first, second, second, first, first, second, second, first, first, second, second, first}
		var handsAfterFirst [2]int8
		for step, w := range want {
			if got := s.Actors().First(); got != w {
				t.Fatalf("pick %d by seat %d, want %d", step, got, w)
			}
			act(t, s, w, s.Legal(w, nil)[0])
			if step == 5 {
				handsAfterFirst = [2]int8{s.Players[0].HandN, s.Players[1].HandN}
				left := 0
				for _, c := range s.Display {
					if c != noCard {
						left++
					}
				}
				if left != 8 {
					t.Fatalf("second display shows %d cards", left)
				}
			}
		}
		if handsAfterFirst != [2]int8{3, 3} || s.Players[0].HandN != 6 || s.Players[1].HandN != 6 {
			t.Errorf("hands %v then %d/%d", handsAfterFirst, s.Players[0].HandN, s.Players[1].HandN)
		}
	})
	t.Run("NK-032 2 players pick single cards", func(t *testing.T) {
		s := newGame(t, 2, "")
		refuse(t, s, s.Actors().First(), Move{Type: MoveDraft, Row: 0, Size: 1}, "NK-032")
		s3 := newGame(t, 3, "")
		refuse(t, s3, s3.Actors().First(), Move{Type: MovePick, Card: int16(s3.Rows[0][0].Cards[0])}, "NK-025")
	})
	t.Run("NK-023 period 2 drafts the period-2 deck", func(t *testing.T) {
		s := newGame(t, 3, "")
		for !(s.Period == 2 && s.Phase == phDraft) {
			seat := s.Actors().First()
			act(t, s, seat, s.Legal(seat, nil)[0])
		}
		for _, row := range s.Rows[:s.NRows] {
			for _, set := range row {
				for _, c := range set.Cards {
					if c != noCard && cat.Cards[c].Period != 2 {
						t.Errorf("period-1 card %s in the period-2 draft", cat.Cards[c].ID)
					}
				}
			}
		}
	})
}
