package groupcommit

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"harbor/table"
)

// Moves are finished in the order they were committed, each once, and
// every Append returns after its move's then ran.
func TestFinishesInCommitOrder(t *testing.T) {
	q := NewQueue(4)
	var mu sync.Mutex
	var committed, finished []string
	q.Start(func(batch []*Request) {
		mu.Lock()
		defer mu.Unlock()
		for _, r := range batch {
			committed = append(committed, r.ID)
		}
	})
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range 50 {
				id := fmt.Sprintf("%d/%d", g, n)
				ran := false
				err := q.Append(context.Background(), id, table.Move{}, nil, func(err error) {
					mu.Lock()
					finished = append(finished, id)
					mu.Unlock()
					ran = err == nil
				})
				if err != nil || !ran {
					t.Errorf("%s: Append returned %v, then ran %v", id, err, ran)
				}
			}
		}()
	}
	wg.Wait()
	q.Close()
	if len(finished) != 400 || fmt.Sprint(finished) != fmt.Sprint(committed) {
		t.Fatalf("finished %d moves in another order than the %d committed", len(finished), len(committed))
	}
}

// Close waits for the batch being finished, and a move after it is
// answered ErrClosed.
func TestCloseWaitsForTheBatch(t *testing.T) {
	q := NewQueue(1)
	release, committed := make(chan struct{}), make(chan struct{})
	q.Start(func([]*Request) { close(committed) })
	finished := false
	done := appendAsync(q, "a", func(error) { <-release; finished = true })
	<-committed
	closed := make(chan struct{})
	go func() { q.Close(); close(closed) }()
	close(release)
	<-closed
	if err := <-done; err != nil || !finished {
		t.Fatalf("a: %v, finished %v", err, finished)
	}
	if err := q.Append(context.Background(), "b", table.Move{}, nil, nil); err != ErrClosed {
		t.Fatalf("a move after Close: %v, want ErrClosed", err)
	}
}

func appendAsync(q *Queue, id string, then func(error)) <-chan error {
	ch := make(chan error, 1)
	go func() { ch <- q.Append(context.Background(), id, table.Move{}, nil, then) }()
	return ch
}
