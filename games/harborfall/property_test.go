package harborfall

import (
	"encoding/json"
	"fmt"
	"testing"

	"harbor/game"
)

// checkRoadLengths verifies the kept road lengths against a recount.
func checkRoadLengths(s *State) error {
	for p := range s.n() {
		if l := s.longestRoad(int8(p)); l != s.RoadLength[p] {
			return fmt.Errorf("seat %d road length %d, recomputed %d", p, s.RoadLength[p], l)
		}
	}
	return nil
}

// checkInvariants verifies what must hold after every move.
func checkInvariants(s *State) error {
	isl := s.island()
	g := s.geo()
	// Resource cards are conserved between the supply and the hands.
	total := s.Supply
	for p := range s.n() {
		if !s.Hands[p].nonNegative() {
			return fmt.Errorf("seat %d hand %v", p, s.Hands[p])
		}
		total.add(s.Hands[p])
	}
	for r := range NumResources {
		if total[r] != isl.Supply || s.Supply[r] < 0 {
			return fmt.Errorf("resource %d: %d cards in play, want %d (supply %v)", r, total[r], isl.Supply, s.Supply)
		}
	}
	// Development cards are conserved between deck, hands and the table.
	var cards [NumCards]int
	for _, k := range s.Deck[:s.DeckLen] {
		cards[k]++
	}
	var settlements, cities, roads [MaxPlayers]int8
	for c := range int16(g.Corners) {
		p := s.Owner[c]
		if p < 0 {
			if s.City[c] {
				return fmt.Errorf("a city without an owner at %d", c)
			}
			continue
		}
		if s.City[c] {
			cities[p]++
		} else {
			settlements[p]++
		}
		for _, o := range g.cornerNear[c] {
			if s.Owner[o] >= 0 {
				return fmt.Errorf("HF-47: buildings on neighbouring corners %d and %d", c, o)
			}
		}
	}
	for e := range int16(g.Edges) {
		p := s.Road[e]
		if p < 0 {
			continue
		}
		roads[p]++
		if !roadAttached(s, p, e) {
			return fmt.Errorf("HF-49: road %d of seat %d is not connected", e, p)
		}
	}
	for p := range s.n() {
		for k := range NumCards {
			cards[k] += int(s.Dev[p][k]) + int(s.Played[p][k])
			if s.Fresh[p][k] > s.Dev[p][k] || s.Fresh[p][k] < 0 {
				return fmt.Errorf("seat %d fresh %v dev %v", p, s.Fresh[p], s.Dev[p])
			}
		}
		// Piece limits (HF-G9): the board and the supply add up.
		if settlements[p]+s.Settlements[p] != content.Pieces.Settlements || cities[p]+s.Cities[p] != content.Pieces.Cities ||
			roads[p]+s.Roads[p] != content.Pieces.Roads || s.Settlements[p] < 0 || s.Cities[p] < 0 || s.Roads[p] < 0 {
			return fmt.Errorf("seat %d pieces: board %d/%d/%d, left %d/%d/%d", p, settlements[p], cities[p], roads[p],
				s.Settlements[p], s.Cities[p], s.Roads[p])
		}
		// Points equal what is on the board, the awards and the hand.
		want := int(settlements[p]) + 2*int(cities[p]) + int(s.Dev[p][CardPoint])
		if s.LongestRoad == int8(p) {
			want += 2
		}
		if s.LargestArmy == int8(p) {
			want += 2
		}
		if s.Points(p) != want {
			return fmt.Errorf("seat %d has %d points, board and hand say %d", p, s.Points(p), want)
		}
	}
	if cards != isl.Deck {
		return fmt.Errorf("development cards %v, want %v", cards, isl.Deck)
	}
	if h := s.LongestRoad; h >= 0 && s.RoadLength[h] < 5 {
		return fmt.Errorf("HF-63: longest road held with %d segments", s.RoadLength[h])
	}
	if h := s.LargestArmy; h >= 0 && s.Played[h][CardSteal] < 3 {
		return fmt.Errorf("HF-65: bonus held with %d cards played", s.Played[h][CardSteal])
	}
	if s.Phase == phaseOver && s.Winner >= 0 && s.Points(int(s.Winner)) < Target {
		return fmt.Errorf("HF-68: winner has %d points", s.Points(int(s.Winner)))
	}
	return nil
}

// roadAttached reports whether road e of p touches p's building or
// another road of p. (A rival's later settlement may cut the road off.)
func roadAttached(s *State, p int8, e int16) bool {
	g := s.geo()
	for _, c := range g.EdgeCorner[e] {
		if s.Owner[c] == p {
			return true
		}
		for _, o := range g.cornerEdges[c] {
			if o != e && s.Road[o] == p {
				return true
			}
		}
	}
	return false
}

// randomMove is an arbitrary, usually illegal, move.
func randomMove(r *game.Rand) Move {
	types := []string{"settlement", "road", "city", "buy", "roll", "end", "discard", "robber", "steal", "bank",
		"offer", "accept", "decline", "counter", "pick", "cancel", "play_steal", "play_roads", "play_harvest", "play_forced", "fly"}
	m := Move{Type: types[r.Intn(len(types))], At: int16(r.Intn(120) - 5), Seat: int8(r.Intn(8) - 1), Res: int8(r.Intn(7) - 1)}
	for i := range NumResources {
		m.Give[i] = int8(r.Intn(5) - 1)
		m.Get[i] = int8(r.Intn(4) - 1)
	}
	return m
}

// playChecked plays one random game of n players from seed, checking the
// invariants after every move, that refused moves change nothing, and that
// replaying the move log gives the same state. With jsonEvery > 0 the
// state is compared as JSON before and after a refused move at every
// jsonEvery-th step, and the replay goes through the moves' JSON.
func playChecked(t *testing.T, n int, seed uint64, jsonEvery int) {
	t.Helper()
	cfg := config(n, seed)
	s, err := Setup(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rng := game.NewRand(seed ^ 0x5eed)
	var played []playedMove
	var log *game.Log
	if seed%8 == 0 {
		log = &game.Log{}
	}
	legal := make([]Move, 0, 128)
	c := new(State)
	for step := 0; s.Phase != phaseOver; step++ {
		if step > 100000 {
			t.Fatalf("seed %d: no end after %d moves", seed, step)
		}
		actors := s.Actors()
		seat := actors.Nth(rng.Intn(actors.Len()))
		legal = s.Legal(seat, legal[:0])
		if len(legal) == 0 {
			t.Fatalf("seed %d: seat %d waited on without moves", seed, seat)
		}
		// A random move (usually illegal) must change nothing when refused.
		bad := randomMove(&rng)
		badSeat := game.Seat(rng.Intn(n))
		// A shallow copy is a full copy here: Apply never writes through the
		// state's slices, and no test value is forced.
		*c = *s
		var before string
		if jsonEvery > 0 && step%jsonEvery == 0 {
			before = encode(t, c)
		}
		if err := c.Apply(badSeat, bad, nil); err != nil {
			if before != "" && encode(t, c) != before {
				t.Fatalf("seed %d: refused %+v changed the state", seed, bad)
			}
		} else if err := checkInvariants(c); err != nil {
			t.Fatalf("seed %d: free-form %+v by %d broke an invariant: %v", seed, bad, badSeat, err)
		}
		m := legal[rng.Intn(len(legal))]
		log.Reset()
		if err := s.Apply(seat, m, log); err != nil {
			t.Fatalf("seed %d step %d: legal %+v for seat %d refused: %v", seed, step, m, seat, err)
		}
		played = append(played, playedMove{seat, m})
		if err := checkInvariants(s); err != nil {
			t.Fatalf("seed %d step %d after %+v by %d: %v", seed, step, m, seat, err)
		}
		if m.Type == "road" || m.Type == "settlement" {
			if err := checkRoadLengths(s); err != nil {
				t.Fatalf("seed %d step %d after %+v by %d: %v", seed, step, m, seat, err)
			}
		}
	}
	if replayed := replay(t, cfg, played, jsonEvery > 0); encode(t, replayed) != encode(t, s) {
		t.Fatalf("seed %d: replay differs from live play", seed)
	}
}

type playedMove struct {
	seat game.Seat
	m    Move
}

// replay sets the game up again from cfg and applies the moves: through
// their JSON encoding and the type-erased game when viaJSON is set (as the
// table server does), else directly.
func replay(t *testing.T, cfg game.Config, played []playedMove, viaJSON bool) *State {
	t.Helper()
	if viaJSON {
		records := make([]game.Record, len(played))
		for i, p := range played {
			raw, err := json.Marshal(p.m)
			if err != nil {
				t.Fatal(err)
			}
			records[i] = game.Record{Seat: p.seat, Move: raw}
		}
		g, err := game.Replay(Definition, cfg, records)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := game.StateOf[*State, Move, View](g)
		return s
	}
	s, err := Setup(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range played {
		if err := s.Apply(p.seat, p.m, nil); err != nil {
			t.Fatalf("replay move %d: %v", i, err)
		}
	}
	return s
}

// TestPropertyRandomGames plays thousands of random games (fewer with
// -short) and checks every invariant after every move.
func TestPropertyRandomGames(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 100
	}
	for i := range games {
		jsonEvery := 0
		switch {
		case i%100 == 0:
			jsonEvery = 1 // refused moves compared as JSON at every move
		case i%10 == 0:
			jsonEvery = 5
		}
		playChecked(t, 3+i%4, uint64(i), jsonEvery)
	}
}

// FuzzRandomGame plays a random game from any seed; its corpus runs as a
// normal test.
func FuzzRandomGame(f *testing.F) {
	for _, seed := range []uint64{0, 1, 42, 777, 1 << 40} {
		f.Add(seed, uint8(4))
		f.Add(seed, uint8(6))
	}
	f.Fuzz(func(t *testing.T, seed uint64, n uint8) {
		playChecked(t, 3+int(n%4), seed, 1)
	})
}
