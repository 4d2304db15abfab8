package notify

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"
)

// Timing of the outbox.
const (
	// FirstRetry is the wait after a send failed; it doubles with each
	// failure up to LastRetry.
	FirstRetry = 30 * time.Second
	LastRetry  = time.Hour
	// GiveUp is how long after it was queued a notice that keeps failing
	// is given up on.
	GiveUp = 24 * time.Hour
	// claimLease is how long a sender holds the notices it claimed: well
	// past the longest send (sendTimeout), so no other node takes one over
	// while it is under way.
	claimLease  = 2 * time.Minute
	sendTimeout = 30 * time.Second
	// keepDone is how long a notice done is kept, so the same turn queued
	// again (after a restart, say) is not announced twice.
	keepDone = 48 * time.Hour
	// idle is the longest the sender waits without looking at the
	// outbox: other nodes queue notices it is not woken for, and a node
	// that stopped leaves its claims to lapse.
	idle = time.Minute
)

// write stores each notice handed to Turn in the outbox and wakes the
// sender.
func (n *Notifier) write() {
	defer close(n.written)
	for t := range n.writes {
		now := n.cfg.Now()
		ctx, cancel := context.WithTimeout(context.Background(), sendTimeout)
		_, err := n.cfg.Store.QueueNotice(ctx, Queued{Turn: t, Created: now, NotBefore: now})
		cancel()
		if err != nil {
			n.cfg.Log.Error("store a turn notice; it is dropped", "table", t.Table, "err", err)
			continue
		}
		n.poke()
	}
}

// poke wakes the sender to look for notices due.
func (n *Notifier) poke() {
	select {
	case n.wake <- struct{}{}:
	default:
	}
}

// sendDue sends the notices due from the outbox, those left by an earlier
// run first, up to senders at once, until Close; it looks again when
// woken, when the next notice falls due, and at least every idle.
func (n *Notifier) sendDue() {
	defer close(n.done)
	var wg sync.WaitGroup
	defer wg.Wait()
	slots := make(chan struct{}, senders)
	var pruned time.Time
	for {
		select {
		case <-n.stop:
			return
		default:
		}
		now := n.cfg.Now()
		if now.Sub(pruned) >= time.Hour {
			pruned = now
			if err := n.cfg.Store.PruneNotices(context.Background(), now.Add(-keepDone)); err != nil {
				n.cfg.Log.Warn("prune the notices sent", "err", err)
			}
		}
		free := senders - len(slots)
		if free == 0 { // each attempt that ends wakes the sender
			select {
			case <-n.wake:
				continue
			case <-n.stop:
				return
			}
		}
		claimed, err := n.cfg.Store.ClaimNotices(context.Background(), n.claimant, now, claimLease, free)
		for _, q := range claimed {
			slots <- struct{}{}
			wg.Go(func() {
				defer func() { <-slots; n.poke() }()
				n.attempt(q)
			})
		}
		if err == nil && len(claimed) == free {
			continue // there may be more due
		}
		wait, soonest := idle, 10*time.Millisecond
		if err != nil {
			n.cfg.Log.Warn("claim turn notices", "err", err)
			soonest = time.Second
		}
		if next, ok, err := n.cfg.Store.NextNotice(context.Background()); err == nil && ok {
			wait = min(wait, max(next.Sub(n.cfg.Now()), soonest))
		}
		timer := time.NewTimer(wait)
		select {
		case <-n.wake:
		case <-timer.C:
		case <-n.stop:
			timer.Stop()
			return
		}
		timer.Stop()
	}
}

// attempt tries q, which the sender claimed: it drops the notice when its
// turn is over, and otherwise tries its two parts, the table's chat room
// (attemptRoom) and the person's own channels (attemptPerson), each on
// its own: one part held back (quiet hours, a limit) or failing holds up
// neither the other part nor a later attempt at it. The notice is done
// once both parts are; a part that failed is tried again later, each wait
// twice the one before, until GiveUp.
func (n *Notifier) attempt(q Queued) {
	ctx, cancel := context.WithTimeout(context.Background(), sendTimeout)
	defer cancel()
	now := n.cfg.Now()
	log := n.cfg.Log.With("table", q.Turn.Table, "version", q.Turn.Version, "kind", q.Kind())
	settle := func() {
		if ok, err := n.cfg.Store.SettleNotice(context.WithoutCancel(ctx), q, n.claimant); err != nil || !ok {
			log.Warn("settle a turn notice", "held", ok, "err", err)
		}
		if n.cfg.settled != nil {
			n.cfg.settled(q)
		}
	}
	defer settle()
	var steps []step
	if n.cfg.Still != nil {
		still, err := n.cfg.Still(ctx, q.Turn)
		switch {
		case err != nil:
			steps = []step{{err: err}}
		case !still:
			q.Done = true
			return
		}
	}
	if steps == nil {
		steps = []step{n.attemptRoom(ctx, &q, now), n.attemptPerson(ctx, &q, now)}
	}
	var errs []error
	var next time.Time
	done := true
	for _, s := range steps {
		if s.done {
			if s.err != nil {
				log.Info("a turn notice was refused for good by one channel", "err", s.err)
			}
			continue
		}
		done = false
		if s.err != nil {
			errs = append(errs, s.err)
		} else if next.IsZero() || s.wait.Before(next) {
			next = s.wait
		}
	}
	switch {
	case done:
		q.Done = true
	case len(errs) == 0:
		q.NotBefore = next
	default:
		q.Attempts++
		err := errors.Join(errs...)
		if now.Sub(q.Created) >= GiveUp {
			log.Warn("a turn notice is given up on", "attempts", q.Attempts, "sent", len(q.Sent), "err", err)
			q.Done = true
			return
		}
		log.Info("a turn notice failed; it is tried again", "attempts", q.Attempts, "err", err)
		q.NotBefore = now.Add(backoff(q.Attempts))
		if !next.IsZero() && next.Before(q.NotBefore) {
			q.NotBefore = next
		}
	}
}

// attemptPerson sends q to each of its person's channels that has not
// taken it yet, unless they have none, are in their quiet hours (it then
// waits for their end), or have had their share of notices (it waits for
// the next). It spends one of the person's notices when the first channel
// takes it.
func (n *Notifier) attemptPerson(ctx context.Context, q *Queued, now time.Time) step {
	p, err := n.cfg.Store.Person(ctx, q.Turn.Person)
	if err != nil {
		return step{err: err}
	}
	if p.Quiet(now) {
		return step{wait: p.QuietEnd(now)}
	}
	subs, mail, err := n.channels(ctx, p, q.Sent)
	if err != nil {
		return step{err: err}
	}
	if len(subs) == 0 && !mail {
		return step{done: true}
	}
	// A channel of the person's took it already: counted then.
	counted := slices.ContainsFunc(q.Sent, func(c string) bool { return c != RoomChannel })
	if !counted {
		ok, err := n.cfg.Limits.Spend(ctx, n.personBucket(p.Key), false, now)
		if err != nil {
			return step{err: err}
		}
		if !ok {
			return step{wait: now.Add(time.Duration(float64(time.Second) / n.personBucket(p.Key).Rate))}
		}
	}
	delivered, finished, err := n.sendAll(ctx, p, subs, mail, NoticeOf(q.Turn, now, p.Location(), p.Lang))
	q.Sent = slices.Concat(q.Sent, delivered)
	if len(delivered) > 0 && !counted {
		if _, err := n.cfg.Limits.Spend(ctx, n.personBucket(p.Key), true, now); err != nil {
			n.cfg.Log.Warn("count a turn notice", "table", q.Turn.Table, "err", err)
		}
	}
	return step{done: finished == len(subs)+btoi(mail), err: err}
}

// backoff is the wait after the attempts-th failure.
func backoff(attempts int) time.Duration {
	d := FirstRetry
	for range attempts - 1 {
		if d *= 2; d >= LastRetry {
			return LastRetry
		}
	}
	return d
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
