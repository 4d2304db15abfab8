// Package groupcommit is the group commit the stores share: AppendMove
// queues a move, committers take the queued moves in batches, write each
// batch in one transaction, and only then answer each move, in the order
// the batch holds them.
package groupcommit

import (
	"context"
	"runtime"
	"sync"

	"harbor"
	"harbor/game"
	"harbor/table"
)

// Request is one move waiting for the group commit. The commit function
// writes the turn deadlines the move carries (Move.Deadlines) in the same
// transaction as the move, or neither.
type Request struct {
	ID     string
	Move   table.Move
	Result *game.Result
	// Err is the answer, set by the commit function: nil once the batch
	// holding the move has committed, else why the move was not stored.
	Err  error
	then func(error) // run by the committer after the commit, or nil
	done chan error
}

var doneChans = sync.Pool{New: func() any { return make(chan error, 1) }}

// ErrClosed answers the moves that arrive as the store closes.
var ErrClosed = harbor.Errorf(harbor.EInternal, "the store is closed")

// Queue holds the moves waiting for a committer.
type Queue struct {
	max     int
	reqs    chan *Request
	quit    chan struct{}
	done    chan struct{}
	once    sync.Once
	running sync.WaitGroup
}

// NewQueue returns a queue whose batches hold at most max moves.
func NewQueue(max int) *Queue {
	return &Queue{max: max, reqs: make(chan *Request, max), quit: make(chan struct{}), done: make(chan struct{})}
}

// Quit is closed when Close is called.
func (q *Queue) Quit() <-chan struct{} { return q.quit }

// Append queues a move and returns once its batch is written: nil after the
// transaction that holds it has committed, else the error commit gave it.
// then runs on the committer's goroutine before that, and the moves of a
// batch are finished in the order of the batch, before that committer
// writes its next batch.
func (q *Queue) Append(ctx context.Context, id string, m table.Move, result *game.Result, then func(error)) error {
	r := &Request{ID: id, Move: m, Result: result, then: then, done: doneChans.Get().(chan error)}
	select {
	case q.reqs <- r:
	case <-q.quit:
		return ErrClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	// Once queued, the move is committed or refused whatever ctx says, so
	// wait for the answer: the caller must know which. A request queued as
	// the store closed, after the committers' last look, is never taken;
	// the committers answer every request they take before they stop, so
	// once they have stopped an unanswered request was never written.
	select {
	case err := <-r.done:
		doneChans.Put(r.done)
		return err
	case <-q.done:
		select {
		case err := <-r.done:
			return err
		default:
			return ErrClosed
		}
	}
}

// Start runs a committer until Close: it gathers queued moves into batches
// and calls commit with each, which sets every request's Err; then it
// finishes the batch's moves. Several committers may run at once; a table
// has at most one move queued (its runner waits for the answer), so its
// moves are never reordered.
func (q *Queue) Start(commit func(batch []*Request)) {
	q.running.Add(1)
	go q.committer(commit)
}

func (q *Queue) committer(commit func(batch []*Request)) {
	defer q.running.Done()
	batch := make([]*Request, 0, q.max)
	for {
		select {
		case r := <-q.reqs:
			batch = append(batch[:0], r)
		case <-q.quit:
			for {
				select {
				case r := <-q.reqs:
					r.Err = ErrClosed
					r.finish()
				default:
					return
				}
			}
		}
	fill:
		for len(batch) < q.max {
			select {
			case r := <-q.reqs:
				batch = append(batch, r)
			default:
				break fill
			}
		}
		for _, r := range batch {
			r.Err = nil
		}
		commit(batch)
		// Finishing here, not on each caller's goroutine or on one of its
		// own, makes the committed moves live at once: a goroutine woken
		// by the committer waits for a processor behind whatever else is
		// queued, and on a busy server that was most of the p99.
		for _, r := range batch {
			r.finish()
		}
		clear(batch)
		// The goroutines that write the views just queued wait on this
		// processor: let them go out before the next batch.
		runtime.Gosched()
	}
}

// finish runs r's follow-up work and wakes its caller.
func (r *Request) finish() {
	if r.then != nil {
		r.then(r.Err)
	}
	r.done <- r.Err
}

// Close stops the committers once they have answered the moves they took.
func (q *Queue) Close() {
	q.once.Do(func() {
		close(q.quit)
		q.running.Wait()
		close(q.done)
	})
}

// Heads caches the number of stored moves of each playing table a store's
// committers have written, so that checking a move needs no query. Only
// the committers write moves, so the cache is exact as long as the store
// forgets a table whenever something else may change it (SaveTable, which
// may change its status; a lease that changes hands) and whenever a batch
// fails; a finished table is forgotten too. The next move reads a forgotten
// table again.
type Heads struct {
	mu sync.Mutex
	n  map[string]int
}

// Finished marks, in a batch's heads, a table whose game the batch ends or
// that is not playing. Update forgets every table with a negative head.
const Finished = -1

// Get returns the cached head of table id.
func (h *Heads) Get(id string) (int, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	n, ok := h.n[id]
	return n, ok
}

// Forget drops table id from the cache.
func (h *Heads) Forget(id string) {
	h.mu.Lock()
	delete(h.n, id)
	h.mu.Unlock()
}

// Update records the heads a committed batch left; a negative head (such
// as Finished) forgets its table.
func (h *Heads) Update(batch map[string]int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.n == nil {
		h.n = make(map[string]int)
	}
	for id, n := range batch {
		if n < 0 {
			delete(h.n, id)
		} else {
			h.n[id] = n
		}
	}
}
