package game

import (
	"encoding/json"
	"fmt"

	"harbor"
)

// Policy says who decides for a seat in a headless game: a computer level
// or random.
type Policy string

const (
	// PolicyBot is the game's rule-based computer player (the normal level).
	PolicyBot Policy = "bot"
	// PolicyRandom picks uniformly among the seat's legal moves.
	PolicyRandom Policy = "random"
	// PolicyEasy, PolicyNormal and PolicyHard are the computer levels.
	PolicyEasy   = Policy(LevelEasy)
	PolicyNormal = Policy(LevelNormal)
	PolicyHard   = Policy(LevelHard)
)

// ParsePolicy returns the policy named s.
func ParsePolicy(s string) (Policy, error) {
	switch p := Policy(s); p {
	case PolicyBot, PolicyRandom, PolicyEasy, PolicyNormal, PolicyHard:
		return p, nil
	}
	return "", harbor.Errorf(harbor.EInvalid, "unknown policy %q (want easy, normal, hard, bot or random)", s)
}

// Level is the computer level of p; ok is false for random.
func (p Policy) Level() (l Level, ok bool) {
	switch p {
	case PolicyBot:
		return LevelNormal, true
	case PolicyEasy, PolicyNormal, PolicyHard:
		return Level(p), true
	}
	return "", false
}

// PlayOptions are the settings of a headless game beyond its policies.
type PlayOptions struct {
	// MaxDecisions: a game not over after this many is a stall.
	MaxDecisions int
	// Budget bounds each decision of a hard seat (nil: DefaultRollouts).
	Budget BudgetFunc
	// Decide, when set, is called as a computer seat starts deciding; the
	// function it returns, unless nil, is called when the decision is
	// made. The simulator counts and times decisions with it.
	Decide func(seat Seat) (done func())
}

// Outcome is what one headless game produced.
type Outcome struct {
	Result    Result
	Decisions int      // moves applied
	Records   []Record // the move log, from PlayRecorded only
}

// Play runs one whole game of r from cfg, each seat deciding by its policy,
// until the game is over. When several seats may act, one is drawn at random
// from the driver's own generator (seeded from cfg.Seed), so the same cfg and
// policies always give the same game. It fails if a seat the game waits on
// has no legal move, if the game waits on nobody before it is over, if a bot
// makes an illegal move, or if it runs past maxDecisions (a stall). Play
// allocates nothing per decision beyond what the engine and bots do.
func Play[S State[S, M, V], M any, V any](r Rules[S, M, V], cfg Config, policies []Policy, maxDecisions int) (Outcome, error) {
	return play(r, cfg, policies, PlayOptions{MaxDecisions: maxDecisions}, false)
}

// PlayRecorded is Play that also returns the move log, for golden replays.
func PlayRecorded[S State[S, M, V], M any, V any](r Rules[S, M, V], cfg Config, policies []Policy, maxDecisions int) (Outcome, error) {
	return play(r, cfg, policies, PlayOptions{MaxDecisions: maxDecisions}, true)
}

// BotSeed is the seed of the computer player at seat in a game seeded with
// seed. The table server and the simulator both use it, so a seat's bot
// behaves the same in both.
func BotSeed(seed uint64, seat Seat) uint64 {
	return seed ^ (uint64(seat)+1)*0x9e3779b97f4a7c15
}

func play[S State[S, M, V], M any, V any](r Rules[S, M, V], cfg Config, policies []Policy, opts PlayOptions, record bool) (Outcome, error) {
	var out Outcome
	if len(policies) != len(cfg.Players) {
		return out, harbor.Errorf(harbor.EInvalid, "%d policies for %d players", len(policies), len(cfg.Players))
	}
	s, err := r.Setup(cfg)
	if err != nil {
		return out, err
	}
	bots := make([]Bot[M, V], len(policies))
	for i, p := range policies {
		if p == PolicyRandom {
			continue
		}
		level, ok := p.Level()
		if !ok {
			return out, harbor.Errorf(harbor.EInvalid, "unknown policy %q", p)
		}
		if bots[i], err = newBot(r, Seat(i), BotSeed(cfg.Seed, Seat(i)), level, opts.Budget); err != nil {
			return out, err
		}
	}
	rng := NewRand(cfg.Seed ^ 0xd1b54a32d192ed03)
	legal := make([]M, 0, 64)
	for {
		res := s.Result()
		if res.Over {
			out.Result = res
			return out, nil
		}
		if out.Decisions >= opts.MaxDecisions {
			return out, fmt.Errorf("game stalled: not over after %d decisions", out.Decisions)
		}
		actors := s.Actors()
		if actors.Empty() {
			return out, fmt.Errorf("game waits on nobody but is not over (after %d decisions)", out.Decisions)
		}
		seat := actors.First()
		if n := actors.Len(); n > 1 {
			seat = actors.Nth(rng.Intn(n))
		}
		legal = s.Legal(seat, legal[:0])
		if len(legal) == 0 {
			return out, fmt.Errorf("seat %d is waited on but has no legal move (after %d decisions)", seat, out.Decisions)
		}
		var m M
		if bots[seat] != nil {
			var done func()
			if opts.Decide != nil {
				done = opts.Decide(seat)
			}
			m = bots[seat].Choose(s.View(seat), legal)
			if done != nil {
				done()
			}
		} else {
			m = legal[rng.Intn(len(legal))]
		}
		if err := s.Apply(seat, m, nil); err != nil {
			return out, fmt.Errorf("seat %d (%s) made an illegal move after %d decisions: %w", seat, policies[seat], out.Decisions, err)
		}
		if record {
			raw, err := json.Marshal(m)
			if err != nil {
				return out, err
			}
			out.Records = append(out.Records, Record{Seat: seat, Move: raw})
		}
		out.Decisions++
	}
}
