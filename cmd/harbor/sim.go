package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/debug"
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
	// Budget is the time of one hard decision; Rollouts, when positive,
	// caps its play-outs too.
	Budget   time.Duration
	Rollouts int
}

// tally sums up the games one worker played. Only the turns of each game
// are kept, in a slice without pointers: a run of a million games holding
// every outcome would give the collector megabytes to scan in every cycle.
type tally struct {
	decisions  int64
	errors     int
	firstFail  int // index of the worker's first failed game
	firstError error
	reasons    map[string]int
	noSeatWon  int
	wins       []int   // by seat
	scores     []int64 // summed, by seat
	times      []levelTimes
}

func newTally(players int) *tally {
	return &tally{reasons: map[string]int{}, wins: make([]int, players), scores: make([]int64, players),
		times: make([]levelTimes, players)}
}

// add counts game i, which ended with out and err; turns[i] gets its turns,
// or -1 if it failed.
func (t *tally) add(i int, out game.Outcome, err error, turns []int32) {
	t.decisions += int64(out.Decisions)
	if err != nil {
		if t.errors == 0 || i < t.firstFail {
			t.firstFail, t.firstError = i, err
		}
		t.errors++
		turns[i] = -1
		return
	}
	res := out.Result
	turns[i] = int32(res.Turns)
	t.reasons[res.Reason]++
	if res.Winners.Empty() {
		t.noSeatWon++
	}
	for _, seat := range res.Winners.List() {
		if int(seat) < len(t.wins) {
			t.wins[seat]++
		}
	}
	for i, sc := range res.Scores {
		if i < len(t.scores) {
			t.scores[i] += int64(sc)
		}
	}
}

// levelTimes sums the computer decisions of one seat or level: n of them,
// of which timed were timed, taking total.
type levelTimes struct {
	n, timed   int
	total, max time.Duration
	over       int // decisions past the budget by more than 20%
}

func (a *levelTimes) add(b levelTimes) {
	a.n += b.n
	a.timed += b.timed
	a.total += b.total
	a.max = max(a.max, b.max)
	a.over += b.over
}

// LevelTimes is how long one computer level took per decision, in CPU
// time of one core. Mean and Max are over the Timed decisions: every hard
// one, and a sample of the others (see decisionTimer).
type LevelTimes struct {
	Decisions int     `json:"decisions"`
	Timed     int     `json:"timed"`
	MeanMS    float64 `json:"mean_ms"`
	MaxMS     float64 `json:"max_ms"`
	// OverBudget counts the hard decisions that took more than 120% of
	// the budget; MaxOverBudget is the longest one as a share of it.
	OverBudget    int     `json:"over_budget,omitempty"`
	MaxOverBudget float64 `json:"max_over_budget,omitempty"`
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
	// WinRate95BySeat is the 95% (Wilson) interval of each win rate.
	WinRate95BySeat [][2]float64   `json:"win_rate_95_by_seat"`
	WinsByPolicy    map[string]int `json:"wins_by_policy"`
	NoSeatWon       int            `json:"no_seat_won"` // games won by no seat: the Great Harbor's Automa
	ScoreMeanBySeat []float64      `json:"score_mean_by_seat"`
	// BudgetMS is the time budget of a hard decision; Rollouts its cap.
	BudgetMS    float64               `json:"budget_ms"`
	Rollouts    int                   `json:"rollouts,omitempty"`
	TimeByLevel map[string]LevelTimes `json:"time_by_level"`
}

// simGCPercent is the collector's target of `harbor sim` unless GOGC says
// otherwise. A worker's live heap is one game, a few megabytes at most, so
// at Go's default (100) the collector runs every game or two, and each
// cycle also scans the globals of the whole program (every game's content,
// the server's libraries): for Neko Harbour's computer players that was a
// quarter more CPU than the engine's own benchmark spends.
const simGCPercent = 400

func simCmd(args []string) error {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	gameID := fs.String("game", "holdings", "game id: "+strings.Join(gameIDs(), ", "))
	players := fs.Int("players", 4, "number of seats")
	games := fs.Int("games", 1000, "number of games to play")
	seed := fs.Uint64("seed", 1, "base seed; game i is seeded from it and i")
	workers := fs.Int("workers", runtime.NumCPU(), "games played in parallel")
	policies := fs.String("policies", "", "one policy per seat, comma-separated: easy, normal (or bot), hard or random (default all normal)")
	budget := fs.Duration("budget", 300*time.Millisecond, "time of one hard decision")
	rollouts := fs.Int("rollouts", 0, "at most this many play-outs per hard decision (0: no cap)")
	options := fs.String("options", "", "the game's rules options as a JSON object")
	maxMoves := fs.Int("max-decisions", 200000, "a game not over after this many decisions counts as an error (a stall)")
	asJSON := fs.Bool("json", false, "print the summary as one JSON object")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the run to this file (go tool pprof FILE)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg := simConfig{Game: *gameID, Players: *players, Games: *games, Seed: *seed, Workers: *workers, MaxMoves: *maxMoves,
		Budget: *budget, Rollouts: *rollouts}
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
	if cfg.Budget <= 0 || cfg.Rollouts < 0 {
		return fmt.Errorf("-budget must be positive and -rollouts at least 0")
	}
	var progress io.Writer
	if !*asJSON && isTerminal(os.Stderr) {
		progress = os.Stderr
	}
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(simGCPercent)
	}
	if *cpuProfile != "" {
		stopProfile, err := startCPUProfile(*cpuProfile)
		if err != nil {
			return err
		}
		defer stopProfile()
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

// runSim plays cfg.Games games on cfg.Workers goroutines and summarizes
// them. Each game's seed depends only on cfg.Seed and its index, and the
// summary adds up counts and whole numbers only, so the figures other than
// timings are the same whatever the worker count.
func runSim(cfg simConfig, progress io.Writer) (simSummary, error) {
	def, err := game.Lookup(cfg.Game)
	if err != nil {
		return simSummary{}, err
	}
	players := make([]game.Player, cfg.Players)
	for i := range players {
		players[i] = game.Player{Name: fmt.Sprintf("Seat %d", i+1), Bot: cfg.Policies[i] != game.PolicyRandom}
		if level, ok := cfg.Policies[i].Level(); ok {
			if err := game.CheckLevel(def.Info(), level); err != nil {
				return simSummary{}, err
			}
		}
	}
	// Fail fast on a setup the game refuses (player count, options).
	if _, err := def.New(game.Config{Players: players, Options: cfg.Options, Seed: cfg.Seed}); err != nil {
		return simSummary{}, err
	}
	tallies := make([]*tally, cfg.Workers)
	turns := make([]int32, cfg.Games)
	var next, done atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	stopBar := startProgress(progress, &done, cfg.Games, start)
	for w := range cfg.Workers {
		t := newTally(cfg.Players)
		tallies[w] = t
		timer := newDecisionTimer(cfg, t.times)
		opts := game.PlayOptions{MaxDecisions: cfg.MaxMoves, Budget: cfg.hardBudget, Decide: timer.decide}
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.LockOSThread() // so cpuClock times this worker's decisions alone
			defer runtime.UnlockOSThread()
			timer.calibrate()
			for {
				i := int(next.Add(1) - 1)
				if i >= cfg.Games {
					return
				}
				gc := game.Config{Players: players, Options: cfg.Options, Seed: simSeed(cfg.Seed, i)}
				out, err := def.PlayWith(gc, cfg.Policies, opts)
				t.add(i, out, err, turns)
				done.Add(1)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	stopBar()
	return summarise(cfg, tallies, turns, elapsed), nil
}

// hardBudget is the budget of a hard decision starting now, in CPU time
// of the worker's thread.
func (cfg simConfig) hardBudget() game.Budget {
	start := cpuClock()
	return game.Budget{Rollouts: cfg.Rollouts, Over: func() bool { return cpuClock()-start >= cfg.Budget }}
}

// decisionTimer counts each computer decision of one worker into times,
// by seat, and times in CPU time of the worker's thread every hard decision
// (the budget applies to each) and a sample of the others: all of the
// worker's first sampleFirst, then one in sampleEvery on average, the gaps
// between them drawn at random so that no pattern in the games lines up
// with them. Reading the thread's CPU clock is a system call, which costs
// more than a rule-based decision, so timing every one would more than
// halve the simulator's speed. What two readings cost by themselves, the
// clock's overhead, is taken off each time.
type decisionTimer struct {
	times    []levelTimes
	hard     [game.MaxSeats]bool
	budget   time.Duration
	timed    int // decisions without a budget timed so far
	skip     int // decisions to pass over before the next is timed
	overhead time.Duration
	seat     game.Seat     // the decision being timed
	start    time.Duration // and when it started
	doneFunc func()
}

const (
	sampleFirst = 256
	sampleEvery = 256
)

func newDecisionTimer(cfg simConfig, times []levelTimes) *decisionTimer {
	d := &decisionTimer{times: times, budget: cfg.Budget}
	for seat, p := range cfg.Policies {
		d.hard[seat] = p == game.PolicyHard
	}
	d.doneFunc = d.done
	return d
}

// calibrate measures the clock's overhead on the calling thread: the least
// of many differences between two readings back to back.
func (d *decisionTimer) calibrate() {
	d.overhead = time.Hour
	for range 100 {
		a := cpuClock()
		d.overhead = min(d.overhead, cpuClock()-a)
	}
}

// decide is game.PlayOptions.Decide.
func (d *decisionTimer) decide(seat game.Seat) func() {
	d.times[seat].n++
	if !d.hard[seat] {
		if d.skip > 0 {
			d.skip--
			return nil
		}
		if d.timed++; d.timed > sampleFirst {
			d.skip = rand.IntN(2*sampleEvery - 1)
		}
	}
	d.seat = seat
	d.start = cpuClock()
	return d.doneFunc
}

func (d *decisionTimer) done() {
	took := max(0, cpuClock()-d.start-d.overhead)
	t := &d.times[d.seat]
	t.timed++
	t.total += took
	t.max = max(t.max, took)
	if d.hard[d.seat] && took > d.budget*6/5 {
		t.over++
	}
}

// wilson95 is the 95% Wilson score interval of wins out of n.
func wilson95(wins, n int) [2]float64 {
	if n == 0 {
		return [2]float64{}
	}
	const z = 1.96
	p, nf := float64(wins)/float64(n), float64(n)
	centre := (p + z*z/(2*nf)) / (1 + z*z/nf)
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / (1 + z*z/nf)
	lo, hi := max(0, centre-half), min(1, centre+half)
	if wins == 0 {
		lo = 0
	}
	if wins == n {
		hi = 1
	}
	return [2]float64{lo, hi}
}

// summarize adds up the workers' tallies and the turns of every game (-1
// for one that failed).
func summarise(cfg simConfig, tallies []*tally, turns []int32, elapsed time.Duration) simSummary {
	s := simSummary{
		Game: cfg.Game, Players: cfg.Players, Policies: cfg.Policies, Seed: cfg.Seed,
		Games: len(turns), Seconds: elapsed.Seconds(),
		EndReasons: map[string]int{}, WinsBySeat: make([]int, cfg.Players),
		WinRateBySeat: make([]float64, cfg.Players), WinsByPolicy: map[string]int{},
		ScoreMeanBySeat: make([]float64, cfg.Players), WinRate95BySeat: make([][2]float64, cfg.Players),
		BudgetMS: float64(cfg.Budget) / float64(time.Millisecond), Rollouts: cfg.Rollouts,
		TimeByLevel: map[string]LevelTimes{},
	}
	byLevel := map[string]*levelTimes{}
	for _, w := range tallies {
		for seat, t := range w.times {
			if t.n == 0 {
				continue
			}
			level, _ := cfg.Policies[seat].Level()
			if byLevel[string(level)] == nil {
				byLevel[string(level)] = &levelTimes{}
			}
			byLevel[string(level)].add(t)
		}
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	for level, t := range byLevel {
		lt := LevelTimes{Decisions: t.n, Timed: t.timed, MaxMS: ms(t.max)}
		if t.timed > 0 {
			lt.MeanMS = ms(t.total) / float64(t.timed)
		}
		if level == string(game.LevelHard) {
			lt.OverBudget, lt.MaxOverBudget = t.over, float64(t.max)/float64(cfg.Budget)
		}
		s.TimeByLevel[level] = lt
	}
	firstFail := len(turns)
	scores := make([]int64, cfg.Players)
	for _, w := range tallies {
		s.Decisions += w.decisions
		s.Errors += w.errors
		if w.errors > 0 && w.firstFail < firstFail {
			firstFail, s.FirstError = w.firstFail, w.firstError.Error()
		}
		for r, n := range w.reasons {
			s.EndReasons[r] += n
		}
		s.NoSeatWon += w.noSeatWon
		for seat := range cfg.Players {
			s.WinsBySeat[seat] += w.wins[seat]
			s.WinsByPolicy[string(cfg.Policies[seat])] += w.wins[seat]
			scores[seat] += w.scores[seat]
		}
	}
	played := make([]int, 0, len(turns))
	for _, t := range turns {
		if t >= 0 {
			played = append(played, int(t))
		}
	}
	if n := len(played); n > 0 {
		sort.Ints(played)
		total := 0
		for _, t := range played {
			total += t
		}
		s.TurnsMean = float64(total) / float64(n)
		s.TurnsP50 = played[(n-1)*50/100]
		s.TurnsP95 = played[(n-1)*95/100]
		for i := range s.WinsBySeat {
			s.WinRateBySeat[i] = float64(s.WinsBySeat[i]) / float64(n)
			s.WinRate95BySeat[i] = wilson95(s.WinsBySeat[i], n)
			s.ScoreMeanBySeat[i] = float64(scores[i]) / float64(n)
		}
	}
	if sec := elapsed.Seconds(); sec > 0 {
		s.GamesPerSec = float64(len(turns)) / sec
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
	fmt.Fprintln(w, "  seat  policy  wins   win rate  95% interval   mean score")
	for i := range s.WinsBySeat {
		ci := s.WinRate95BySeat[i]
		fmt.Fprintf(w, "  %4d  %-6s  %5d  %7.1f%%  %5.1f–%5.1f%%  %10.1f\n", i+1, s.Policies[i], s.WinsBySeat[i], 100*s.WinRateBySeat[i], 100*ci[0], 100*ci[1], s.ScoreMeanBySeat[i])
	}
	levels := make([]string, 0, len(s.TimeByLevel))
	for l := range s.TimeByLevel {
		levels = append(levels, l)
	}
	sort.Strings(levels)
	for _, l := range levels {
		t := s.TimeByLevel[l]
		fmt.Fprintf(w, "  %-6s decisions %d, mean %s, max %s", l, t.Decisions, durationText(t.MeanMS), durationText(t.MaxMS))
		if t.Timed < t.Decisions {
			fmt.Fprintf(w, " (of %d timed)", t.Timed)
		}
		if l == string(game.LevelHard) {
			fmt.Fprintf(w, " (budget %.0f ms", s.BudgetMS)
			if s.Rollouts > 0 {
				fmt.Fprintf(w, " or %d play-outs", s.Rollouts)
			}
			fmt.Fprintf(w, "; %d over it by more than 20%%, longest %.0f%% of it)", t.OverBudget, 100*t.MaxOverBudget)
		}
		fmt.Fprintln(w)
	}
}

// durationText writes ms milliseconds to three significant figures or so,
// in microseconds below a tenth of a millisecond.
func durationText(ms float64) string {
	switch {
	case ms < 0.1:
		return fmt.Sprintf("%.2f µs", ms*1000)
	case ms < 10:
		return fmt.Sprintf("%.3f ms", ms)
	}
	return fmt.Sprintf("%.1f ms", ms)
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
