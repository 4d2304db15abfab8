package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"harbor/game"
	"harbor/game/gametest"
	"harbor/sqlite"
	"harbor/table"
)

func init() { game.Register(gametest.Definition) }

func pileSim(workers int) simConfig {
	return simConfig{Game: gametest.ID, Players: 3, Games: 300, Seed: 7, Workers: workers,
		Policies: []game.Policy{game.PolicyBot, game.PolicyRandom, game.PolicyRandom},
		Options:  json.RawMessage(`{"size":30}`), MaxMoves: 1000, Budget: time.Second}
}

func TestSimSameSeedSameResultsWhateverTheWorkers(t *testing.T) {
	one, err := runSim(pileSim(1), nil)
	if err != nil {
		t.Fatal(err)
	}
	four, err := runSim(pileSim(4), nil)
	if err != nil {
		t.Fatal(err)
	}
	strip := func(s simSummary) simSummary {
		s.Seconds, s.GamesPerSec, s.DecisionsPerSec, s.TimeByLevel = 0, 0, 0, nil
		return s
	}
	if !reflect.DeepEqual(strip(one), strip(four)) {
		t.Fatalf("1 worker: %+v\n4 workers: %+v", strip(one), strip(four))
	}
	if one.Games != 300 || one.Errors != 0 || one.EndReasons["last_token"] != 300 {
		t.Fatalf("summary %+v", one)
	}
	wins := 0
	for _, w := range one.WinsBySeat {
		wins += w
	}
	if wins != 300 {
		t.Fatalf("%d wins in 300 single-winner games", wins)
	}
	// The Pile bot plays the winning strategy, so it must win far more often
	// than either random seat.
	if one.WinsBySeat[0] <= one.WinsBySeat[1] || one.WinsBySeat[0] <= one.WinsBySeat[2] {
		t.Fatalf("bot seat did not outplay random seats: %v", one.WinsBySeat)
	}
	if one.TurnsP50 < 1 || one.TurnsP95 < one.TurnsP50 || one.TurnsMean <= 0 {
		t.Fatalf("turn figures %+v", one)
	}
}

// TestSimSamplesDecisionsWithoutBudget: a worker times all of its first
// decisions without a budget, then only a sample, and counts every one.
func TestSimSamplesDecisionsWithoutBudget(t *testing.T) {
	cfg := pileSim(1)
	cfg.Games = 3000
	s, err := runSim(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	bot := s.TimeByLevel["normal"]
	if bot.Decisions < 4*sampleFirst || bot.Timed < sampleFirst || bot.Timed >= bot.Decisions/2 {
		t.Fatalf("%d decisions, %d timed; want all of the first %d timed, then about one in %d", bot.Decisions, bot.Timed, sampleFirst, sampleEvery)
	}
	if bot.MeanMS <= 0 || bot.MaxMS < bot.MeanMS {
		t.Fatalf("times %+v", bot)
	}
}

func TestSimCountsStallsAsErrors(t *testing.T) {
	cfg := pileSim(2)
	cfg.MaxMoves = 2
	s, err := runSim(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.Errors != cfg.Games || !strings.Contains(s.FirstError, "stalled") {
		t.Fatalf("errors %d, first %q", s.Errors, s.FirstError)
	}
}

func TestSimJSONKeys(t *testing.T) {
	s, err := runSim(pileSim(2), nil)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(s)
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"games", "errors", "games_per_sec", "decisions_per_sec", "turns_mean", "end_reasons", "wins_by_seat"} {
		if _, ok := m[k]; !ok {
			t.Errorf("-json output lacks %q", k)
		}
	}
	if ws, ok := m["wins_by_seat"].([]any); !ok || len(ws) != 3 {
		t.Errorf("wins_by_seat = %v, want an array of 3", m["wins_by_seat"])
	}
}

func TestSimRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-game", "nope"},
		{"-game", gametest.ID, "-players", "2", "-policies", "bot"},
		{"-game", gametest.ID, "-players", "2", "-policies", "bot,clever"},
		{"-game", gametest.ID, "-players", "9"},
		{"-game", gametest.ID, "-options", "{"},
		{"-game", gametest.ID, "-options", `{"size":0}`},
		{"-game", gametest.ID, "-players", "2", "-policies", "hard,random"},
		{"-game", "holdings", "-players", "2", "-policies", "easy,normal"},
		{"-game", "harborfall", "-players", "3", "-policies", "hard,normal,normal", "-budget", "0s"},
		{"-game", "harborfall", "-players", "3", "-policies", "hard,normal,normal", "-rollouts", "-1"},
	} {
		if err := simCmd(append(args, "-games", "1")); err == nil {
			t.Errorf("sim %v succeeded", args)
		}
	}
}

func TestPrintSummary(t *testing.T) {
	s, _ := runSim(pileSim(1), nil)
	var buf bytes.Buffer
	printSummary(&buf, s)
	for _, want := range []string{"300 games", "errors          0", "games/s", "decisions/s", "turns per game", "last_token 300", "win rate"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, buf.String())
		}
	}
}

func TestReplayPrintsMovesAndResult(t *testing.T) {
	cfg := game.Config{Players: []game.Player{{Name: "Ana"}, {Name: "Bo"}}, Seed: 3, Options: json.RawMessage(`{"size":5}`)}
	out, err := game.PlayRecorded(gametest.Rules, cfg, []game.Policy{game.PolicyRandom, game.PolicyRandom}, 100)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := replay(&buf, game.Export{Game: gametest.ID, Config: cfg, Moves: out.Records}, false, game.Public); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "Ana took") || !strings.Contains(buf.String(), `"over":true`) {
		t.Fatalf("replay output:\n%s", buf.String())
	}
	bad := game.Export{Game: gametest.ID, Config: cfg, Moves: []game.Record{{Seat: 1, Move: json.RawMessage(`{"type":"take","n":1}`)}}}
	if err := replay(&buf, bad, true, -2); err == nil || !strings.Contains(err.Error(), "move 1") {
		t.Fatalf("replay of an out-of-turn move: %v", err)
	}
}

func TestReplayFromDataFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "harbor.db")
	store, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	tb := &table.Table{ID: "t1", Game: gametest.ID, Options: json.RawMessage(`{"size":4}`), Seed: 5, Status: table.Playing,
		Invite: "invite-t1", Code: "CODE1", TV: "TV1",
		Seats: []table.Seat{{Kind: table.Human, Name: "Ana"}, {Kind: table.Bot, Name: "Bo"}}}
	if err := store.CreateTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	for i, m := range []string{`{"type":"take","n":3}`, `{"type":"take","n":1}`} {
		if err := store.AppendMove(ctx, "t1", table.Move{N: i, Seat: game.Seat(i), Move: json.RawMessage(m)}, nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	store.Close()
	exp, err := exportFromStore(path, "t1")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := replay(&buf, exp, false, -2); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "Ana took 3") || !strings.Contains(buf.String(), "Bo took 1") || !strings.Contains(buf.String(), `"over":true`) {
		t.Fatalf("replay output:\n%s", buf.String())
	}
	if _, err := exportFromStore(path, "nope"); err == nil {
		t.Fatal("an unknown table replayed")
	}
	if _, err := exportFromStore(filepath.Join(t.TempDir(), "missing.db"), "t1"); err == nil {
		t.Fatal("a missing data file replayed")
	}
}

// TestSimPlaysEveryLevel: a Harborfall run with an easy, a normal and a
// hard seat (its play-outs counted, so the games are the same every run)
// finishes every game and times each level.
func TestSimPlaysEveryLevel(t *testing.T) {
	cfg := simConfig{Game: "harborfall", Players: 3, Games: 2, Seed: 5, Workers: 1, MaxMoves: 100000,
		Policies: []game.Policy{game.PolicyHard, game.PolicyNormal, game.PolicyEasy},
		Budget:   time.Minute, Rollouts: 8}
	s, err := runSim(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.Errors != 0 || s.EndReasons["ten_points"] != 2 {
		t.Fatalf("summary %+v", s)
	}
	for _, level := range []string{"easy", "normal", "hard"} {
		if lt := s.TimeByLevel[level]; lt.Decisions == 0 || lt.MeanMS <= 0 || lt.MaxMS < lt.MeanMS {
			t.Errorf("%s: %+v", level, lt)
		}
	}
	if hard := s.TimeByLevel["hard"]; hard.MaxOverBudget <= 0 || hard.OverBudget != 0 || hard.Timed != hard.Decisions {
		t.Errorf("hard decisions against a minute's budget, each timed: %+v", hard)
	}
	again, err := runSim(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(again.WinsBySeat, s.WinsBySeat) || again.Decisions != s.Decisions {
		t.Fatalf("the same seed and play-out count gave other games: %v/%d, then %v/%d", s.WinsBySeat, s.Decisions, again.WinsBySeat, again.Decisions)
	}
	for i, ci := range s.WinRate95BySeat {
		if r := s.WinRateBySeat[i]; ci[0] > r || ci[1] < r || ci[0] < 0 || ci[1] > 1 {
			t.Errorf("seat %d: win rate %.2f outside its interval %v", i, r, ci)
		}
	}
}

func TestWilsonInterval(t *testing.T) {
	for _, c := range []struct {
		wins, n int
		lo, hi  float64
	}{
		{0, 0, 0, 0},
		{50, 100, 0.4038, 0.5962},
		{100, 400, 0.2101, 0.2947},
		{0, 20, 0, 0.1611},
	} {
		t.Run(fmt.Sprintf("%d of %d", c.wins, c.n), func(t *testing.T) {
			got := wilson95(c.wins, c.n)
			if math.Abs(got[0]-c.lo) > 5e-4 || math.Abs(got[1]-c.hi) > 5e-4 {
				t.Fatalf("got %v, want [%.4f %.4f]", got, c.lo, c.hi)
			}
		})
	}
}

// BenchmarkSim plays four-player games (or the most seats a game has,
// when fewer) between the computer players of each registered game through
// runSim, as `harbor sim -workers 1` does, so its games/s stand beside each
// game's own benchmark of the same seats and policies (BenchmarkBots4,
// BenchmarkBotGame, BenchmarkBotGame4, BenchmarkBotGame4p).
func BenchmarkSim(b *testing.B) {
	for _, d := range game.All() {
		id, players := d.Info().ID, max(d.Info().MinPlayers, min(4, d.Info().MaxPlayers))
		b.Run(id, func(b *testing.B) {
			cfg := simConfig{Game: id, Players: players, Games: b.N, Seed: 1, Workers: 1, MaxMoves: 200000,
				Policies: slices.Repeat([]game.Policy{game.PolicyBot}, players), Budget: time.Second}
			s, err := runSim(cfg, nil)
			if err != nil || s.Errors > 0 {
				b.Fatalf("%v, %d errors (first: %s)", err, s.Errors, s.FirstError)
			}
			b.ReportMetric(float64(s.Decisions)/b.Elapsed().Seconds(), "decisions/s")
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}
