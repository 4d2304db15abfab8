package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"harbor/game"
)

// simConfig is what `harbor sim` was asked to do.
type simConfig struct {
	Game     string
	Players  int
	Games    int
	Seed     uint64
	Workers  int
	Policies []game.Policy
	Options  json.RawMessage
	MaxMoves int
}

// simGame is the outcome of one simulated game.
type simGame struct {
	out game.Outcome
	err error
}

// simSummary is what `harbor sim -json` prints.
type simSummary struct {
	Game            string         `json:"game"`
	Players         int            `json:"players"`
	Policies        []game.Policy  `json:"policies"`
	Seed            uint64         `json:"seed"`
	Games           int            `json:"games"`
	Errors          int            `json:"errors"`
	FirstError      string         `json:"first_error,omitempty"`
	Seconds         float64        `json:"seconds"`
	GamesPerSec     float64        `json:"games_per_sec"`
	Decisions       int64          `json:"decisions"`
	DecisionsPerSec float64        `json:"decisions_per_sec"`
	TurnsMean       float64        `json:"turns_mean"`
	TurnsP50        int            `json:"turns_p50"`
	TurnsP95        int            `json:"turns_p95"`
	EndReasons      map[string]int `json:"end_reasons"`
	WinsBySeat      []int          `json:"wins_by_seat"`
	WinRateBySeat   []float64      `json:"win_rate_by_seat"`
	WinsByPolicy    map[string]int `json:"wins_by_policy"`
	NoSeatWon       int            `json:"no_seat_won"` // games won by no seat: the Great Harbor's Automa
	ScoreMeanBySeat []float64      `json:"score_mean_by_seat"`
}

func simCmd(args []string) error {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	gameID := fs.String("game", "holdings", "game id: "+strings.Join(gameIDs(), ", "))
	players := fs.Int("players", 4, "number of seats")
	games := fs.Int("games", 1000, "number of games to play")
	seed := fs.Uint64("seed", 1, "base seed; game i is seeded from it and i")
	workers := fs.Int("workers", runtime.NumCPU(), "games played in parallel")
	policies := fs.String("policies", "", "one policy per seat, comma-separated: bot or random (default all bot)")
	options := fs.String("options", "", "the game's rules options as a JSON object")
	maxMoves := fs.Int("max-decisions", 200000, "a game not over after this many decisions counts as an error (a stall)")
	asJSON := fs.Bool("json", false, "print the summary as one JSON object")
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg := simConfig{Game: *gameID, Players: *players, Games: *games, Seed: *seed, Workers: *workers, MaxMoves: *maxMoves}
	if *options != "" {
		if !json.Valid([]byte(*options)) {
			return fmt.Errorf("-options is not valid JSON")
		}
		cfg.Options = json.RawMessage(*options)
	}
	var err error
	if cfg.Policies, err = parsePolicies(*policies, cfg.Players); err != nil {
		return err
	}
	if cfg.Games < 1 || cfg.Workers < 1 {
		return fmt.Errorf("-games and -workers must be at least 1")
	}
	var progress io.Writer
	if !*asJSON && isTerminal(os.Stderr) {
		progress = os.Stderr
	}
	sum, err := runSim(cfg, progress)
	if err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(os.Stdout)
		return enc.Encode(sum)
	}
	printSummary(os.Stdout, sum)
	return nil
}

func gameIDs() []string {
	var ids []string
	for _, d := range game.All() {
		ids = append(ids, d.Info().ID)
	}
	return ids
}

func parsePolicies(s string, players int) ([]game.Policy, error) {
	out := make([]game.Policy, players)
	if s == "" {
		for i := range out {
			out[i] = game.PolicyBot
		}
		return out, nil
	}
	parts := strings.Split(s, ",")
	if len(parts) != players {
		return nil, fmt.Errorf("-policies names %d seats but -players is %d", len(parts), players)
	}
	for i, p := range parts {
		pol, err := game.ParsePolicy(strings.TrimSpace(p))
		if err != nil {
			return nil, err
		}
		out[i] = pol
	}
	return out, nil
}

// simSeed is the seed of game i of a run seeded with base: a function of
// both alone, so results do not depend on the worker count.
func simSeed(base uint64, i int) uint64 {
	z := base + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// runSim plays cfg.Games games on cfg.Workers goroutines and summarises
// them. Each game's seed depends only on cfg.Seed and its index, and the
// summary is built in index order, so the figures other than timings are
// the same whatever the worker count.
func runSim(cfg simConfig, progress io.Writer) (simSummary, error) {
	def, err := game.Lookup(cfg.Game)
	if err != nil {
		return simSummary{}, err
	}
	players := make([]game.Player, cfg.Players)
	for i := range players {
		players[i] = game.Player{Name: fmt.Sprintf("Seat %d", i+1), Bot: cfg.Policies[i] == game.PolicyBot}
	}
	// Fail fast on a setup the game refuses (player count, options).
	if _, err := def.New(game.Config{Players: players, Options: cfg.Options, Seed: cfg.Seed}); err != nil {
		return simSummary{}, err
	}
	results := make([]simGame, cfg.Games)
	var next, done atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	stopBar := startProgress(progress, &done, cfg.Games, start)
	for w := 0; w < cfg.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= cfg.Games {
					return
				}
				gc := game.Config{Players: players, Options: cfg.Options, Seed: simSeed(cfg.Seed, i)}
				out, err := def.Play(gc, cfg.Policies, cfg.MaxMoves)
				results[i] = simGame{out: out, err: err}
				done.Add(1)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	stopBar()
	return summarise(cfg, results, elapsed), nil
}

func summarise(cfg simConfig, results []simGame, elapsed time.Duration) simSummary {
	s := simSummary{
		Game: cfg.Game, Players: cfg.Players, Policies: cfg.Policies, Seed: cfg.Seed,
		Games: len(results), Seconds: elapsed.Seconds(),
		EndReasons: map[string]int{}, WinsBySeat: make([]int, cfg.Players),
		WinRateBySeat: make([]float64, cfg.Players), WinsByPolicy: map[string]int{},
		ScoreMeanBySeat: make([]float64, cfg.Players),
	}
	var turns []int
	for _, r := range results {
		s.Decisions += int64(r.out.Decisions)
		if r.err != nil {
			s.Errors++
			if s.FirstError == "" {
				s.FirstError = r.err.Error()
			}
			continue
		}
		res := r.out.Result
		turns = append(turns, res.Turns)
		s.EndReasons[res.Reason]++
		if res.Winners.Empty() {
			s.NoSeatWon++
		}
		for _, seat := range res.Winners.List() {
			if int(seat) < cfg.Players {
				s.WinsBySeat[seat]++
				s.WinsByPolicy[string(cfg.Policies[seat])]++
			}
		}
		for i, sc := range res.Scores {
			if i < cfg.Players {
				s.ScoreMeanBySeat[i] += float64(sc)
			}
		}
	}
	if n := len(turns); n > 0 {
		sort.Ints(turns)
		total := 0
		for _, t := range turns {
			total += t
		}
		s.TurnsMean = float64(total) / float64(n)
		s.TurnsP50 = turns[(n-1)*50/100]
		s.TurnsP95 = turns[(n-1)*95/100]
		for i := range s.WinsBySeat {
			s.WinRateBySeat[i] = float64(s.WinsBySeat[i]) / float64(n)
			s.ScoreMeanBySeat[i] /= float64(n)
		}
	}
	if sec := elapsed.Seconds(); sec > 0 {
		s.GamesPerSec = float64(len(results)) / sec
		s.DecisionsPerSec = float64(s.Decisions) / sec
	}
	return s
}

func printSummary(w io.Writer, s simSummary) {
	pols := make([]string, len(s.Policies))
	for i, p := range s.Policies {
		pols[i] = string(p)
	}
	fmt.Fprintf(w, "%s: %d games, %d players (%s), seed %d\n", s.Game, s.Games, s.Players, strings.Join(pols, ","), s.Seed)
	fmt.Fprintf(w, "  errors          %d\n", s.Errors)
	if s.FirstError != "" {
		fmt.Fprintf(w, "  first error     %s\n", s.FirstError)
	}
	fmt.Fprintf(w, "  time            %.2fs\n", s.Seconds)
	fmt.Fprintf(w, "  games/s         %.0f\n", s.GamesPerSec)
	fmt.Fprintf(w, "  decisions/s     %.0f\n", s.DecisionsPerSec)
	fmt.Fprintf(w, "  turns per game  mean %.1f, p50 %d, p95 %d\n", s.TurnsMean, s.TurnsP50, s.TurnsP95)
	reasons := make([]string, 0, len(s.EndReasons))
	for r := range s.EndReasons {
		reasons = append(reasons, r)
	}
	sort.Strings(reasons)
	fmt.Fprintf(w, "  how games ended")
	for _, r := range reasons {
		fmt.Fprintf(w, "  %s %d", r, s.EndReasons[r])
	}
	fmt.Fprintln(w)
	if s.NoSeatWon > 0 {
		fmt.Fprintf(w, "  won by no seat  %d (the Automa)\n", s.NoSeatWon)
	}
	fmt.Fprintln(w, "  seat  policy  wins   win rate  mean score")
	for i := range s.WinsBySeat {
		fmt.Fprintf(w, "  %4d  %-6s  %5d  %7.1f%%  %10.1f\n", i+1, s.Policies[i], s.WinsBySeat[i], 100*s.WinRateBySeat[i], s.ScoreMeanBySeat[i])
	}
}

// startProgress draws a progress bar on w (a terminal) until the returned
// function is called; with a nil w it draws nothing.
func startProgress(w io.Writer, done *atomic.Int64, total int, start time.Time) func() {
	if w == nil {
		return func() {}
	}
	stop := make(chan struct{})
	finished := make(chan struct{})
	draw := func() {
		n := int(done.Load())
		const width = 30
		filled := width * n / total
		rate := float64(n) / time.Since(start).Seconds()
		fmt.Fprintf(w, "\r[%s%s] %d/%d games  %.0f games/s ", strings.Repeat("#", filled), strings.Repeat(".", width-filled), n, total, rate)
	}
	go func() {
		defer close(finished)
		t := time.NewTicker(200 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				draw()
				fmt.Fprintln(w)
				return
			case <-t.C:
				draw()
			}
		}
	}()
	return func() { close(stop); <-finished }
}

func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
