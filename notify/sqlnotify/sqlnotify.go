// Package sqlnotify implements notify.Store in SQL that SQLite and
// PostgreSQL both run, over a store's sqldb.DB: the outbox of turn
// notices and the tables' chat rooms, beside people's notice settings and
// push subscriptions (people.SQL). The schema is each store's migrations
// 0009_notice_outbox.sql and 0010_table_webhooks.sql.
package sqlnotify

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"harbor/notify"
	"harbor/people"
	"harbor/sqldb"
	"harbor/table"
)

// Store is notify.Store over a DB: a person's notice settings and push
// subscriptions are people's (people.SQL), the rest this package's.
type Store struct{ people.SQL }

var _ notify.Store = Store{}

func millis(t time.Time) int64 { return t.UnixMilli() }

func fromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }

// QueueNotice implements notify.Store.
func (s Store) QueueNotice(ctx context.Context, q notify.Queued) (bool, error) {
	insert, supersede, err := NoticeRow(q)
	if err != nil {
		return false, err
	}
	n, err := s.DB.Exec(ctx, InsertNotice, insert...)
	if err != nil || n == 0 {
		return false, err
	}
	_, err = s.DB.Exec(ctx, SupersedeNotices, supersede...)
	return true, err
}

// InsertNotice stores a notice unless the same one is stored already
// (kept a while after it went, so a turn queued twice is told once).
// SupersedeNotices then runs when it inserted a row: the newest notice of
// a person's table says all there is to say, so an older one still
// waiting (held through quiet hours, or by the limit) goes no more.
// Older: of an earlier version, or the turn's own notice when this is its
// reminder. A store that writes a move's notices in the move's own
// transaction runs the same two statements with NoticeRow's arguments.
const (
	InsertNotice = `INSERT INTO notices (person, table_id, version, kind, turn, created, not_before) VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (person, table_id, version, kind) DO NOTHING`
	SupersedeNotices = `UPDATE notices SET done = 1 WHERE person = ? AND table_id = ? AND done = 0
		AND (version < ? OR (version = ? AND kind = 'turn' AND ? = 'reminder'))`
)

// NoticeRow returns the arguments of InsertNotice and SupersedeNotices
// for q.
func NoticeRow(q notify.Queued) (insert, supersede []any, err error) {
	turn, err := json.Marshal(q.Turn)
	if err != nil {
		return nil, nil, err
	}
	insert = []any{q.Turn.Person, q.Turn.Table, q.Turn.Version, q.Kind(), string(turn), millis(q.Created), millis(q.NotBefore)}
	supersede = []any{q.Turn.Person, q.Turn.Table, q.Turn.Version, q.Turn.Version, q.Kind()}
	return insert, supersede, nil
}

// NoticeAt is the notice t as a store queues it with the move (or the
// deadlines) that causes it, at: due at once.
func NoticeAt(t table.Turn, at time.Time) notify.Queued {
	return notify.Queued{Turn: t, Created: at, NotBefore: at}
}

// ClaimNotices implements notify.Store. The outer condition on the claim
// is checked again on the row itself: under PostgreSQL, a row another
// node claimed meanwhile is skipped once its claim commits, and SQLite
// runs one writer at a time.
func (s Store) ClaimNotices(ctx context.Context, claimant string, now time.Time, lease time.Duration, limit int) ([]notify.Queued, error) {
	at := millis(now)
	rows, err := s.DB.Query(ctx, `UPDATE notices SET claimant = ?, claimed_until = ?
		WHERE id IN (SELECT id FROM notices WHERE done = 0 AND not_before <= ? AND claimed_until <= ? ORDER BY not_before, id LIMIT ?)
		AND done = 0 AND claimed_until <= ?
		RETURNING id, turn, created, not_before, attempts, sent`,
		claimant, millis(now.Add(lease)), at, at, limit, at)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []notify.Queued
	for rows.Next() {
		var q notify.Queued
		var turn, sent string
		var created, notBefore int64
		if err := rows.Scan(&q.ID, &turn, &created, &notBefore, &q.Attempts, &sent); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(turn), &q.Turn); err != nil {
			return nil, fmt.Errorf("notice %d: %w", q.ID, err)
		}
		if err := json.Unmarshal([]byte(sent), &q.Sent); err != nil {
			return nil, fmt.Errorf("notice %d: %w", q.ID, err)
		}
		q.Created, q.NotBefore = fromMillis(created), fromMillis(notBefore)
		out = append(out, q)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b notify.Queued) int { // RETURNING keeps no order
		return cmp.Or(a.NotBefore.Compare(b.NotBefore), cmp.Compare(a.ID, b.ID))
	})
	return out, nil
}

// SettleNotice implements notify.Store.
func (s Store) SettleNotice(ctx context.Context, q notify.Queued, claimant string) (bool, error) {
	sent, err := json.Marshal(append([]string{}, q.Sent...))
	if err != nil {
		return false, err
	}
	done := 0
	if q.Done {
		done = 1
	}
	n, err := s.DB.Exec(ctx, `UPDATE notices SET not_before = ?, attempts = ?, sent = ?, done = ?, claimant = '', claimed_until = 0
		WHERE id = ? AND claimant = ?`, millis(q.NotBefore), q.Attempts, string(sent), done, q.ID, claimant)
	return n > 0, err
}

// NextNotice implements notify.Store.
func (s Store) NextNotice(ctx context.Context) (time.Time, bool, error) {
	var next *int64
	err := s.DB.QueryRow(ctx, `SELECT min(CASE WHEN claimed_until > not_before THEN claimed_until ELSE not_before END)
		FROM notices WHERE done = 0`).Scan(&next)
	if err != nil || next == nil {
		return time.Time{}, false, err
	}
	return fromMillis(*next), true, nil
}

// PruneNotices implements notify.Store.
func (s Store) PruneNotices(ctx context.Context, before time.Time) error {
	_, err := s.DB.Exec(ctx, `DELETE FROM notices WHERE done = 1 AND created < ?`, millis(before))
	return err
}

// Hook implements notify.Store.
func (s Store) Hook(ctx context.Context, tableID string) (notify.Hook, bool, error) {
	h := notify.Hook{Table: tableID}
	var created int64
	err := s.DB.QueryRow(ctx, `SELECT service, url, set_by, created FROM table_webhooks WHERE table_id = ?`, tableID).
		Scan(&h.Service, &h.URL, &h.SetBy, &created)
	if errors.Is(err, sqldb.ErrNoRows) {
		return notify.Hook{}, false, nil
	}
	if err != nil {
		return notify.Hook{}, false, err
	}
	h.Created = fromMillis(created)
	return h, true, nil
}

// SaveHook implements notify.Store.
func (s Store) SaveHook(ctx context.Context, h notify.Hook) error {
	_, err := s.DB.Exec(ctx, `INSERT INTO table_webhooks (table_id, service, url, set_by, created) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (table_id) DO UPDATE SET service = excluded.service, url = excluded.url, set_by = excluded.set_by, created = excluded.created`,
		h.Table, h.Service, h.URL, h.SetBy, millis(h.Created))
	return err
}

// DropHook implements notify.Store.
func (s Store) DropHook(ctx context.Context, tableID string) error {
	_, err := s.DB.Exec(ctx, `DELETE FROM table_webhooks WHERE table_id = ?`, tableID)
	return err
}
