package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"sync"

	"harbor"
	"harbor/game"
	"harbor/table"
)

// appendReq is one AppendMove waiting for the group commit.
type appendReq struct {
	id     string
	m      table.Move
	result *game.Result
	err    chan error
}

var errChans = sync.Pool{New: func() any { return make(chan error, 1) }}

var errClosed = harbor.Errorf(harbor.EInternal, "the store is closed")

// AppendMove implements table.Store. It returns after the transaction that
// holds the move has committed.
func (s *Store) AppendMove(ctx context.Context, id string, m table.Move, result *game.Result) error {
	req := &appendReq{id: id, m: m, result: result, err: errChans.Get().(chan error)}
	select {
	case s.appends <- req:
	case <-s.quit:
		return errClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	// Once queued, the move is committed or refused whatever ctx says, so
	// wait for the answer: the caller must know which.
	err := <-req.err
	errChans.Put(req.err)
	return err
}

// committer gathers queued appends into batches and commits each batch in
// one transaction, until Close.
func (s *Store) committer() {
	defer close(s.done)
	batch := make([]*appendReq, 0, maxBatch)
	for {
		select {
		case r := <-s.appends:
			batch = append(batch[:0], r)
		case <-s.quit:
			for {
				select {
				case r := <-s.appends:
					r.err <- errClosed
				default:
					return
				}
			}
		}
	fill:
		for len(batch) < maxBatch {
			select {
			case r := <-s.appends:
				batch = append(batch, r)
			default:
				break fill
			}
		}
		s.commit(batch)
	}
}

// commit writes batch in one transaction. A request that conflicts is
// refused alone; a storage fault fails the whole batch.
func (s *Store) commit(batch []*appendReq) {
	errs := make([]error, len(batch))
	fail := func(err error) {
		for _, r := range batch {
			r.err <- err
		}
	}
	ctx := context.Background()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		fail(err)
		return
	}
	head, err := tx.PrepareContext(ctx, `SELECT status, COALESCE((SELECT max(n) + 1 FROM moves WHERE table_id = ?1), 0) FROM tables WHERE id = ?1`)
	if err != nil {
		tx.Rollback()
		fail(err)
		return
	}
	insert, err := tx.PrepareContext(ctx, `INSERT INTO moves (table_id, n, seat, move, at) VALUES (?, ?, ?, ?, ?)`)
	if err != nil {
		tx.Rollback()
		fail(err)
		return
	}
	for i, r := range batch {
		errs[i], err = s.append(ctx, tx, head, insert, r)
		if err != nil {
			tx.Rollback()
			fail(err)
			return
		}
	}
	if err := tx.Commit(); err != nil {
		fail(err)
		return
	}
	for i, r := range batch {
		r.err <- errs[i]
	}
}

// append adds one move inside tx, after checking that the table is playing
// and the move follows its log. refused is the answer for a move that does
// not fit the table; fault is a storage error that spoils the batch.
func (s *Store) append(ctx context.Context, tx *sql.Tx, head, insert *sql.Stmt, r *appendReq) (refused, fault error) {
	var (
		status  string
		version int
	)
	err := head.QueryRowContext(ctx, r.id).Scan(&status, &version)
	if err == sql.ErrNoRows {
		return harbor.Errorf(harbor.ENotFound, "there is no such table"), nil
	}
	if err != nil {
		return nil, err
	}
	if status != string(table.Playing) {
		return harbor.Errorf(harbor.EConflict, "the table is %s, not playing", status), nil
	}
	if version != r.m.N {
		return harbor.Errorf(harbor.EConflict, "move %d does not follow the stored log of %d moves", r.m.N, version), nil
	}
	at := millis(r.m.At)
	if _, err := insert.ExecContext(ctx, r.id, r.m.N, int(r.m.Seat), string(r.m.Move), at); err != nil {
		return nil, err
	}
	if r.result != nil && r.result.Over {
		b, err := json.Marshal(r.result)
		if err != nil {
			return nil, err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE tables SET status = 'finished', result = ?, updated = ? WHERE id = ?`, string(b), at, r.id); err != nil {
			return nil, err
		}
	}
	return nil, nil
}
