package web

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"testing"

	"harbor/game"
	"harbor/games/greatharbor"
)

var updateGreatHarbor = flag.Bool("update-greatharbor", false, "record test/greatharbor-view.json again from the engine")

// greatHarborSample plays computer players from a fixed seed until seat 0
// must place two drafted dice while some tile charges a Shore Fee, and
// returns that seat's view and legal moves: the front end's test position.
func greatHarborSample(t *testing.T) (greatharbor.View, []greatharbor.Move) {
	t.Helper()
	cfg := game.Config{Players: []game.Player{{Name: "Ana"}, {Name: "Bo"}}, Seed: 12, Options: json.RawMessage(`{"automa":true,"shops":true}`)}
	s, err := greatharbor.Setup(cfg)
	if err != nil {
		t.Fatal(err)
	}
	bots := []*greatharbor.Bot{greatharbor.NewBot(0, 1), greatharbor.NewBot(1, 2)}
	for step := 0; step < 5000; step++ {
		actors := s.Actors()
		if actors == 0 {
			break
		}
		seat := game.Seat(0)
		if !actors.Has(0) {
			seat = 1
		}
		v := s.View(seat)
		legal := s.Legal(seat, nil)
		drafted, fee, smuggler := 0, 0, false
		for _, d := range v.Dice {
			if d.Loc == 3 && d.At == 0 {
				drafted++
			}
		}
		for _, f := range v.Fees {
			fee += int(f)
		}
		for _, m := range legal {
			smuggler = smuggler || m.Waive != 0
		}
		if seat == 0 && v.Phase == "action" && drafted == 2 && fee > 0 && (smuggler || step > 400) {
			return v, legal
		}
		if err := s.Apply(seat, bots[seat].Choose(v, legal), nil); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no position with two dice to place and a Shore Fee")
	return greatharbor.View{}, nil
}

// TestGreatHarborViewFixtureMatchesTheEngine keeps the front end's test
// position (test/greatharbor-view.json: a real view and its legal moves) in
// step with the engine: it must be exactly what the engine produces now.
func TestGreatHarborViewFixtureMatchesTheEngine(t *testing.T) {
	v, legal := greatHarborSample(t)
	live, err := json.MarshalIndent(map[string]any{"view": v, "legal": legal}, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	live = append(live, '\n')
	if *updateGreatHarbor {
		if err := os.WriteFile("test/greatharbor-view.json", live, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	raw, err := os.ReadFile("test/greatharbor-view.json")
	if err != nil {
		t.Fatal(err)
	}
	var sample struct {
		View json.RawMessage `json:"view"`
	}
	if err := json.Unmarshal(raw, &sample); err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(sample.View))
	dec.DisallowUnknownFields()
	var fixture greatharbor.View
	if err := dec.Decode(&fixture); err != nil {
		t.Fatalf("the fixture is not a Great Harbor view: %v", err)
	}
	if !bytes.Equal(raw, live) {
		t.Error("test/greatharbor-view.json differs from the engine's view of the same position; run go test ./web -run GreatHarbor -update-greatharbor and check the screens' tests")
	}
}
