package game

import (
	"math"
	"slices"
)

// Budget bounds one decision of the hard computer player.
type Budget struct {
	// Rollouts caps the positions played out; 0 means no cap. Tests set it
	// (and no Over), so a decision depends on the seed and the count alone.
	Rollouts int
	// Over, when set, reports that the decision's time is up. The search
	// asks it before each play-out and every overCheck decisions within
	// one, so a decision overruns by a few dozen engine moves at most.
	Over func() bool
}

// BudgetFunc returns the budget of a decision that starts now.
type BudgetFunc func() Budget

// DefaultRollouts is the budget of a decision when no BudgetFunc is given.
const DefaultRollouts = 240

// Evaluator is what a game's state may offer the hard player so that its
// play-outs stop after a few turns and score the position reached, instead
// of playing to the end: far less noise per play-out, and far cheaper.
type Evaluator interface {
	// Progress counts the turns (and setup steps) played so far; it never
	// goes down.
	Progress() int
	// Horizon is the Progress at which a play-out that starts from this
	// position stops.
	Horizon() int
	// Evaluate is what the position is worth to seat, in the game's own
	// points (or near them), against its best placed rival; a finished
	// game counts its result.
	Evaluate(seat Seat) float64
}

// Shortlister is what a game's view may offer the hard player: the legal
// moves worth comparing (one of each kind that matters, the best few of a
// kind by the rule-based player's own yardstick). An empty shortlist means
// the decision is obvious and the rule-based choice is played at once.
type Shortlister[M any] interface {
	Shortlist(legal []M, dst []M) []M
}

const (
	// searchCandidates is how many of the legal moves the search compares:
	// the rule-based player's choice and others, from the game's
	// shortlist or drawn at random.
	searchCandidates = 6
	// evalEvidence and evalSmallSample are evidence and smallSample for
	// play-outs scored by an Evaluator, whose scores are far less noisy.
	evalEvidence    = 0.5
	evalSmallSample = 1.0
	// evidence and smallSample set how many standard errors a candidate's
	// lead over the rule-based choice must exceed before the search
	// prefers it: evidence + smallSample/(batches-1), about a one-sided 97%
	// Student bound, so a lucky streak over few play-outs does not outvote
	// the rules of thumb.
	evidence    = 2.0
	smallSample = 4.0
	// rolloutLimit stops a play-out that runs this long; it scores nothing.
	rolloutLimit = 5000
	// overCheck is how many moves of a play-out pass between two looks at
	// the clock.
	overCheck = 32
	// placeWeight is how much a play-out's finishing place counts beside a
	// win, so near misses still tell moves apart.
	placeWeight = 0.2
)

// searchBot is the hard computer player. For each decision it compares a
// few candidate moves by playing them out: every batch samples one full
// state consistent with the seat's view (Rules.Determinise: other hands,
// deck orders and future dice drawn at random), plays each candidate from
// it to the end with the rule-based players in every seat, and scores the
// finish. Every candidate of a batch meets the same sampled state and the
// same rollout seeds, so their scores differ by the move alone; a
// candidate replaces the rule-based choice only when its lead over it is
// clear (clearLeader). It reads only its own view and the legal moves, as
// every computer player does.
type searchBot[S State[S, M, V], M any, V any] struct {
	rules  Rules[S, M, V]
	seat   Seat
	normal Bot[M, V]
	rng    Rand
	budget BudgetFunc
	legal  []M
}

// NewSearchBot returns r's hard computer player for seat. r must have
// Determinise; budget may be nil (DefaultRollouts per decision).
func NewSearchBot[S State[S, M, V], M any, V any](r Rules[S, M, V], seat Seat, seed uint64, budget BudgetFunc) Bot[M, V] {
	return &searchBot[S, M, V]{rules: r, seat: seat, normal: r.NewBot(seat, seed), rng: NewRand(seed ^ 0x4a3d5eab), budget: budget}
}

func (b *searchBot[S, M, V]) Choose(view V, legal []M) M {
	first := b.normal.Choose(view, legal)
	var cands []M
	if sl, ok := any(view).(Shortlister[M]); ok {
		cands = b.shortlist(sl, first, legal)
	} else {
		cands = b.candidates(first, legal)
	}
	if len(cands) == 1 {
		return cands[0]
	}
	budget := Budget{Rollouts: DefaultRollouts}
	if b.budget != nil {
		budget = b.budget()
	}
	// lead and lead2 sum each candidate's score minus the rule-based
	// choice's, batch by batch, and the squares.
	lead := make([]float64, len(cands))
	lead2 := make([]float64, len(cands))
	batch := make([]float64, len(cands))
	rollouts, batches := 0, 0
	z0, z1 := evidence, smallSample
	for {
		if budget.Rollouts > 0 && rollouts+len(cands) > budget.Rollouts {
			break
		}
		sample := b.rules.Determinise(view, &b.rng)
		seed := b.rng.Uint64()
		horizon := -1
		if e, ok := any(sample).(Evaluator); ok {
			horizon = e.Horizon()
			z0, z1 = evalEvidence, evalSmallSample
		}
		complete := true
		for i, m := range cands {
			if budget.Over != nil && budget.Over() {
				complete = false
				break
			}
			s := sample
			if i < len(cands)-1 {
				s = sample.Clone()
			}
			var done bool
			batch[i], done = b.playOut(s, m, seed, horizon, budget.Over)
			if !done {
				complete = false
				break
			}
			rollouts++
		}
		if !complete {
			break
		}
		for i, v := range batch {
			d := v - batch[0]
			lead[i] += d
			lead2[i] += d * d
		}
		batches++
	}
	return cands[clearLeader(lead, lead2, batches, z0, z1)]
}

// clearLeader is the candidate whose mean lead over candidate 0 is largest
// once its margin of error is taken off, or 0 when no lead is clear (or
// there are fewer than two batches to judge by).
func clearLeader(lead, lead2 []float64, batches int, evidence, smallSample float64) int {
	best, bestLow := 0, 0.0
	if batches < 2 {
		return best
	}
	n := float64(batches)
	z := evidence + smallSample/(n-1)
	for i := 1; i < len(lead); i++ {
		mean := lead[i] / n
		variance := max(0, (lead2[i]/n-mean*mean)*n/(n-1))
		if low := mean - z*math.Sqrt(variance/n); low > bestLow {
			best, bestLow = i, low
		}
	}
	return best
}

// candidates returns first (the rule-based choice) and up to
// searchCandidates-1 other legal moves, drawn at random when there are more.
func (b *searchBot[S, M, V]) candidates(first M, legal []M) []M {
	out := make([]M, 0, searchCandidates)
	out = append(out, first)
	b.legal = b.legal[:0]
	for _, m := range legal {
		if any(m) != any(first) {
			b.legal = append(b.legal, m)
		}
	}
	for len(out) < searchCandidates && len(b.legal) > 0 {
		i := b.rng.Intn(len(b.legal))
		out = append(out, b.legal[i])
		b.legal[i] = b.legal[len(b.legal)-1]
		b.legal = b.legal[:len(b.legal)-1]
	}
	return out
}

// shortlist returns first (the rule-based choice) and the game's shortlist
// without it, up to searchCandidates moves; first alone when the shortlist
// is empty.
func (b *searchBot[S, M, V]) shortlist(sl Shortlister[M], first M, legal []M) []M {
	out := make([]M, 0, searchCandidates)
	out = append(out, first)
	b.legal = sl.Shortlist(legal, b.legal[:0])
	for _, m := range b.legal {
		if len(out) == searchCandidates {
			break
		}
		if !slices.ContainsFunc(out, func(o M) bool { return any(o) == any(m) }) {
			out = append(out, m)
		}
	}
	return out
}

// playOut applies m for the seat in s, plays the game on with the
// rule-based players seeded from seed, and scores the outcome for the seat.
// With horizon -1 it plays to the end and scores the finish: the seat's
// share of the win plus a little for its place. Otherwise (s is an
// Evaluator) it stops once the game's Progress reaches horizon, or at the
// end, and scores the position with Evaluate. done is false when over
// (which may be nil) said the time was up first.
func (b *searchBot[S, M, V]) playOut(s S, m M, seed uint64, horizon int, over func() bool) (value float64, done bool) {
	if err := s.Apply(b.seat, m, nil); err != nil {
		return 0, true
	}
	rng := NewRand(seed)
	var bots [MaxSeats]Bot[M, V]
	for n := 0; n < rolloutLimit; n++ {
		if over != nil && n%overCheck == overCheck-1 && over() {
			return 0, false
		}
		if horizon >= 0 {
			if e := any(s).(Evaluator); s.Result().Over || e.Progress() >= horizon {
				return e.Evaluate(b.seat), true
			}
		}
		res := s.Result()
		if res.Over {
			return score(res, b.seat), true
		}
		actors := s.Actors()
		if actors.Empty() {
			return 0, true
		}
		seat := actors.First()
		if k := actors.Len(); k > 1 {
			seat = actors.Nth(rng.Intn(k))
		}
		b.legal = s.Legal(seat, b.legal[:0])
		if len(b.legal) == 0 {
			return 0, true
		}
		if bots[seat] == nil {
			bots[seat] = b.rules.NewBot(seat, seed^uint64(seat+1)*0x9e3779b97f4a7c15)
		}
		if err := s.Apply(seat, bots[seat].Choose(s.View(seat), b.legal), nil); err != nil {
			// A free-form move the sampled state refuses: play on with a listed one.
			if err := s.Apply(seat, b.legal[0], nil); err != nil {
				return 0, true
			}
		}
	}
	return 0, true
}

// score is what a finished game is worth to seat.
func score(res Result, seat Seat) float64 {
	v := 0.0
	if res.Winners.Has(seat) {
		v = 1 / float64(res.Winners.Len())
	}
	if n := len(res.Places); n > 1 && int(seat) < n && res.Places[seat] > 0 {
		v += placeWeight * float64(n-res.Places[seat]) / float64(n-1)
	}
	return v
}
