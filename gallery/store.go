package gallery

import (
	"context"
	"sync"
	"time"

	"harbor"
	"harbor/game"
	"harbor/table"
)

// memStore is a table.Store held in memory, for the one table of one
// gallery position: the runner loads the table and its moves from it as a
// server loads them from its data file, so the frames it sends are the
// ones a browser would receive.
type memStore struct {
	mu        sync.Mutex
	tables    map[string]*table.Table
	moves     map[string][]table.Move
	deadlines map[string]*table.Deadlines
}

func newMemStore() *memStore {
	return &memStore{tables: map[string]*table.Table{}, moves: map[string][]table.Move{}, deadlines: map[string]*table.Deadlines{}}
}

func (s *memStore) CreateTable(_ context.Context, t *table.Table) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.tables[t.ID]; ok {
		return harbor.Errorf(harbor.EConflict, "table %s exists", t.ID)
	}
	s.tables[t.ID] = t.Clone()
	return nil
}

// put stores t with moves, as a store holds a table that has been played
// so far.
func (s *memStore) put(t *table.Table, moves []table.Move, d *table.Deadlines) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tables[t.ID] = t.Clone()
	s.moves[t.ID] = append([]table.Move(nil), moves...)
	s.deadlines[t.ID] = d
}

func (s *memStore) Table(_ context.Context, id string) (*table.Table, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, ok := s.tables[id]
	if !ok {
		return nil, harbor.Errorf(harbor.ENotFound, "no table %s", id)
	}
	c := t.Clone()
	c.Version = len(s.moves[id])
	if d := s.deadlines[id]; d != nil {
		dc := *d
		c.Deadlines = &dc
	}
	return c, nil
}

func (s *memStore) TableByCode(_ context.Context, kind table.CodeKind, code string) (*table.Table, error) {
	return nil, harbor.Errorf(harbor.ENotFound, "no table with that code")
}

func (s *memStore) SaveTable(_ context.Context, t *table.Table) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	old, ok := s.tables[t.ID]
	if !ok {
		return harbor.Errorf(harbor.ENotFound, "no table %s", t.ID)
	}
	c := t.Clone()
	c.Version, c.Result = old.Version, old.Result
	s.tables[t.ID] = c
	return nil
}

func (s *memStore) AppendMove(_ context.Context, id string, m table.Move, result *game.Result, then func(error)) error {
	s.mu.Lock()
	t, ok := s.tables[id]
	if !ok || m.N != len(s.moves[id]) {
		s.mu.Unlock()
		err := harbor.Errorf(harbor.EConflict, "move %d does not follow the log of table %s", m.N, id)
		if then != nil {
			then(err)
		}
		return err
	}
	if m.Deadlines != nil {
		s.deadlines[id] = m.Deadlines.Set
		m.Deadlines = nil // not part of the log
	}
	s.moves[id] = append(s.moves[id], m)
	t.Version = m.N + 1
	if result != nil && result.Over {
		r := *result
		t.Status, t.Result = table.Finished, &r
	}
	s.mu.Unlock()
	if then != nil {
		then(nil)
	}
	return nil
}

func (s *memStore) SaveDeadlines(_ context.Context, id string, d *table.Deadlines, _ []table.Turn, _ time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.deadlines[id] = d
	return nil
}

func (s *memStore) Moves(_ context.Context, id string, from int) ([]table.Move, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ms := s.moves[id]
	if from > len(ms) {
		from = len(ms)
	}
	return append([]table.Move(nil), ms[from:]...), nil
}

func (s *memStore) Playing(context.Context) ([]string, error) { return nil, nil }

func (s *memStore) Close() error { return nil }
