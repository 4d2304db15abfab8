package game_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"harbor"
	"harbor/game"
	"harbor/game/gametest"
)

func TestRandIsDeterministicAndBounded(t *testing.T) {
	a, b := game.NewRand(42), game.NewRand(42)
	c := game.NewRand(43)
	same := true
	for i := 0; i < 1000; i++ {
		x, y, z := a.Intn(6), b.Intn(6), c.Intn(6)
		if x != y {
			t.Fatalf("same seed diverged at draw %d: %d vs %d", i, x, y)
		}
		if x < 0 || x >= 6 {
			t.Fatalf("Intn(6) = %d", x)
		}
		same = same && x == z
	}
	if same {
		t.Fatal("different seeds gave the same 1000 draws")
	}
}

func TestRandIsRoughlyUniform(t *testing.T) {
	r := game.NewRand(7)
	var counts [6]int
	for i := 0; i < 60000; i++ {
		counts[r.Die()-1]++
	}
	for face, n := range counts {
		if n < 9000 || n > 11000 {
			t.Errorf("face %d came up %d times in 60000 rolls", face+1, n)
		}
	}
}

func TestRandForce(t *testing.T) {
	r := game.NewRand(1)
	ref := r.Clone()
	r.ForceDice(6, 1)
	r.Force(3)
	if d := r.Die(); d != 6 {
		t.Fatalf("first forced die = %d, want 6", d)
	}
	if d := r.Die(); d != 1 {
		t.Fatalf("second forced die = %d, want 1", d)
	}
	if v := r.Intn(10); v != 3 {
		t.Fatalf("forced Intn = %d, want 3", v)
	}
	// Once the queue is used up the generator's own stream resumes where it was.
	if x, y := r.Intn(1000), ref.Intn(1000); x != y {
		t.Fatalf("stream after forcing = %d, want %d", x, y)
	}
}

func TestRandClone(t *testing.T) {
	r := game.NewRand(5)
	r.Force(1, 2)
	c := r.Clone()
	r.Intn(3)
	if len(c.Forced) != 2 {
		t.Fatal("clone shares its forced queue with the original")
	}
}

func TestShuffleIsAPermutation(t *testing.T) {
	r := game.NewRand(9)
	xs := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	r.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
	seen := map[int]bool{}
	for _, x := range xs {
		seen[x] = true
	}
	if len(seen) != 10 {
		t.Fatalf("shuffle lost elements: %v", xs)
	}
}

func TestSeatSet(t *testing.T) {
	s := game.Seats(0, 2, 5)
	if !s.Has(2) || s.Has(1) || s.Has(game.Public) {
		t.Fatalf("Has wrong for %b", s)
	}
	if s.Len() != 3 || s.First() != 0 || s.Nth(1) != 2 || s.Nth(2) != 5 || s.Nth(3) != game.Public {
		t.Fatalf("Len/First/Nth wrong for %b", s)
	}
	if got := s.Without(0).List(); !reflect.DeepEqual(got, []game.Seat{2, 5}) {
		t.Fatalf("List = %v", got)
	}
	if game.AllSeats(4) != game.Seats(0, 1, 2, 3) {
		t.Fatal("AllSeats(4)")
	}
	if !game.SeatSet(0).Empty() || game.SeatSet(0).First() != game.Public {
		t.Fatal("empty set")
	}
}

func TestEventForStripsSecrets(t *testing.T) {
	e := game.Event{Type: "steal", Seat: 0, Text: "Ana stole a card from Bo",
		Secrets: []game.Secret{{To: game.Seats(0, 1), Text: "Ana stole 1 ore from Bo", Data: "ore"}}}
	for _, tc := range []struct {
		viewer game.Seat
		text   string
	}{{0, "Ana stole 1 ore from Bo"}, {1, "Ana stole 1 ore from Bo"}, {2, "Ana stole a card from Bo"}, {game.Public, "Ana stole a card from Bo"}} {
		got := e.For(tc.viewer)
		if got.Text != tc.text {
			t.Errorf("viewer %d sees %q, want %q", tc.viewer, got.Text, tc.text)
		}
		raw, _ := json.Marshal(got)
		if tc.viewer >= 2 || tc.viewer == game.Public {
			if strings.Contains(string(raw), "ore") {
				t.Errorf("viewer %d's event leaks the secret: %s", tc.viewer, raw)
			}
		}
	}
	var nilLog *game.Log
	nilLog.Add(e) // a nil log discards
	if nilLog.On() {
		t.Fatal("nil log reports On")
	}
}

func TestPlacesByScore(t *testing.T) {
	places, winners := game.PlacesByScore([]int{10, 30, 30, 5}, game.Seats(3))
	if !reflect.DeepEqual(places, []int{3, 1, 1, 0}) || winners != game.Seats(1, 2) {
		t.Fatalf("places %v winners %b", places, winners)
	}
}

func TestRegistry(t *testing.T) {
	if _, err := game.Lookup("no-such-game"); harbor.ErrorCode(err) != harbor.ENotFound {
		t.Fatalf("Lookup of an unknown game: %v", err)
	}
	withPile() // another test, or an earlier run of this one, may have registered it
	d, err := game.Lookup(gametest.ID)
	if err != nil || d.Info().Name != "Pile" {
		t.Fatalf("Lookup(pile) = %v, %v", d, err)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("a second Register of the same id did not panic")
		}
	}()
	game.Register(gametest.Definition)
}

func players(n int) []game.Player {
	ps := make([]game.Player, n)
	for i := range ps {
		ps[i] = game.Player{Name: string(rune('A' + i))}
	}
	return ps
}

func TestPlayAndReplay(t *testing.T) {
	cfg := game.Config{Players: players(3), Seed: 99, Options: json.RawMessage(`{"size":40}`)}
	out, err := game.PlayRecorded(gametest.Rules, cfg, []game.Policy{game.PolicyBot, game.PolicyRandom, game.PolicyRandom}, 1000)
	if err != nil {
		t.Fatal(err)
	}
	if !out.Result.Over || out.Result.Winners.Len() != 1 || out.Decisions != len(out.Records) {
		t.Fatalf("outcome %+v", out)
	}
	again, _ := game.Play(gametest.Rules, cfg, []game.Policy{game.PolicyBot, game.PolicyRandom, game.PolicyRandom}, 1000)
	if !reflect.DeepEqual(again.Result, out.Result) {
		t.Fatalf("same seed, different result: %+v vs %+v", again.Result, out.Result)
	}
	g, err := game.Replay(gametest.Definition, cfg, out.Records)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g.Result(), out.Result) {
		t.Fatalf("replay result %+v, live %+v", g.Result(), out.Result)
	}
	if _, err := game.Play(gametest.Rules, cfg, []game.Policy{game.PolicyRandom, game.PolicyRandom, game.PolicyRandom}, 3); err == nil ||
		!strings.Contains(err.Error(), "stalled") {
		t.Fatalf("a game cut off at 3 decisions should report a stall, got %v", err)
	}
}

func TestErasedGameRefusesBadMovesUnchanged(t *testing.T) {
	g, err := gametest.Definition.New(game.Config{Players: players(2), Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	before, _ := json.Marshal(g.View(0))
	for _, tc := range []struct {
		seat game.Seat
		move string
		code string
	}{
		{0, `{"type":"take","n":4}`, harbor.EIllegal},
		{1, `{"type":"take","n":1}`, harbor.ENotYourTurn},
		{0, `{"type":"grab","n":1}`, harbor.EInvalid},
		{0, `{"type":"take","n":1,"extra":true}`, harbor.EInvalid},
		{0, `not json`, harbor.EInvalid},
		{0, `{"type":"take","n":1} {}`, harbor.EInvalid},
		{0, `{"type":"take","n":1}}`, harbor.EInvalid},
		{0, `{"type":"take","n":1}]`, harbor.EInvalid},
		{0, ``, harbor.EInvalid},
	} {
		err := g.Apply(tc.seat, json.RawMessage(tc.move), nil)
		if harbor.ErrorCode(err) != tc.code {
			t.Errorf("seat %d move %s: got %v, want code %s", tc.seat, tc.move, err, tc.code)
		}
		after, _ := json.Marshal(g.View(0))
		if string(after) != string(before) {
			t.Fatalf("refused move %s changed the state", tc.move)
		}
	}
	var log game.Log
	if err := g.Apply(0, json.RawMessage(`{"type":"take","n":2}`), &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Events) != 1 || log.Events[0].For(1).Text != "A took 2" || log.Events[0].For(0).Text != "You took 2" {
		t.Fatalf("events %+v", log.Events)
	}
	// The public view carries no secret; a seat's view carries only its own.
	pub, _ := json.Marshal(g.View(game.Public))
	if strings.Contains(string(pub), "secret") {
		t.Fatalf("public view leaks a secret: %s", pub)
	}
	bot := gametest.Definition.NewBot(1, 7)
	mv, err := bot.Move(g, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(1, mv, nil); err != nil {
		t.Fatalf("bot move %s refused: %v", mv, err)
	}
}

func BenchmarkPileRandom(b *testing.B) {
	cfg := game.Config{Players: players(4), Seed: 1, Options: json.RawMessage(`{"size":1000}`)}
	pol := []game.Policy{game.PolicyRandom, game.PolicyRandom, game.PolicyRandom, game.PolicyRandom}
	decisions := 0
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		cfg.Seed = uint64(i)
		out, err := game.Play(gametest.Rules, cfg, pol, 10000)
		if err != nil {
			b.Fatal(err)
		}
		decisions += out.Decisions
	}
	b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "decisions/s")
}

// withPile registers Pile, whose ids the short form of its events writes
// from their dot, unless it is registered already.
func withPile() {
	if _, err := game.Lookup(gametest.ID); err != nil {
		game.Register(gametest.Definition)
	}
}

func TestEventSendsItsMessageNotItsText(t *testing.T) {
	withPile()
	e := game.Event{Type: "roll", Seat: 1, Text: "Bo rolled 8", Msg: game.M("pile.rolled", "who", "Bo", "n", 8),
		Secrets: []game.Secret{{To: game.Seats(1), Text: "You rolled 8", Msg: game.M("pile.youRolled", "n", 8)}}}
	pub, _ := json.Marshal(e.For(game.Public))
	if want := `["roll",1,{"@":".rolled","n":8,"who":"Bo"}]`; string(pub) != want {
		t.Errorf("public event = %s, want %s", pub, want)
	}
	own, _ := json.Marshal(e.For(1))
	if want := `["roll",1,{"@":".youRolled","n":8}]`; string(own) != want {
		t.Errorf("seat 1's event = %s, want %s", own, want)
	}
	plain, _ := json.Marshal(game.Event{Type: "x", Seat: game.Public, Text: "a line"})
	if want := `["x",-1,"a line"]`; string(plain) != want {
		t.Errorf("event without a message = %s, want %s", plain, want)
	}
}

// The short form writes the game's words as strings from their dot and a
// name that starts with a dot or a backslash after a backslash; the table's
// ids stay whole; a decoded event, resolved, is the event that was sent.
func TestEventShortFormReadsBack(t *testing.T) {
	withPile()
	sent := game.Event{Type: "take", Seat: 0, Data: map[string]any{"n": float64(2)},
		Msg: game.M("table.standIn", "who", ".Ana", "line", game.M("pile.took", "who", `\Bo`, "n", 2,
			"from", game.Word("pile.heap"), "all", game.List([]*game.Msg{game.Word("pile.heap"), game.Word("table.aMove")})))}
	raw, _ := json.Marshal(sent)
	want := `["take",0,{"@":"table.standIn","line":{"@":"pile.took","all":[{"@":"pile.heap"},{"@":"table.aMove"}],` +
		`"from":{"@":"pile.heap"},"n":2,"who":"\\\\Bo"},"who":"\\.Ana"},{"n":2}]`
	if string(raw) != want {
		t.Errorf("event = %s\nwant    %s", raw, want)
	}
	own := game.Event{Type: "take", Seat: 1, Msg: game.M("pile.took", "who", ".Ana", "from", game.Word("pile.heap"))}
	raw2, _ := json.Marshal(own)
	if want := `["take",1,{"@":".took","from":".heap","who":"\\.Ana"}]`; string(raw2) != want {
		t.Errorf("event = %s, want %s", raw2, want)
	}
	var got game.Event
	if err := json.Unmarshal(raw2, &got); err != nil {
		t.Fatal(err)
	}
	got.Resolve("pile")
	if got.Type != "take" || got.Seat != 1 || got.Msg.ID != "pile.took" || got.Msg.V["who"] != ".Ana" ||
		got.Msg.V["from"].(*game.Msg).ID != "pile.heap" {
		t.Errorf("read back %+v %+v", got, got.Msg)
	}
	var long game.Event
	if err := json.Unmarshal([]byte(`{"type":"roll","seat":1,"msg":{"id":"pile.rolled","v":{"who":".Bo","n":8}},"data":[4,4]}`), &long); err != nil {
		t.Fatal(err)
	}
	if long.Type != "roll" || long.Seat != 1 || long.Msg.ID != "pile.rolled" || long.Msg.V["who"] != ".Bo" || len(long.Data.([]any)) != 2 {
		t.Errorf("the long form read back as %+v %+v", long, long.Msg)
	}
}

func TestMessageValuesAreOfTheKindsPagesWord(t *testing.T) {
	ok := game.M("holdings.rent", "who", "Ana", "n", 50, "space", game.Word("holdings.space.boardwalk"),
		"names", game.List([]string{"Ana", "Bo"}), "cards", game.List([]*game.Msg{game.Word("neko.card.x")}))
	if err := ok.Check(); err != nil {
		t.Errorf("Check(%v) = %v", ok, err)
	}
	for _, bad := range []*game.Msg{
		game.M("x.float", "n", 1.5),
		game.M("x.map", "v", map[string]int{"a": 1}),
		game.M("x.nested", "w", &game.Msg{}),
		game.M("x.list", "l", []any{3}),
		{},
	} {
		if bad.Check() == nil {
			t.Errorf("Check(%+v) = nil, want an error", bad)
		}
	}
}
