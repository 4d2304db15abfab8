package table

import (
	"encoding/json"

	"harbor/game"
)

// HistoryLen returns how many moves' events r keeps in memory.
func (r *Runner) HistoryLen() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.hist.entries)
}

// TimeUp runs what the table's timer runs when it goes off, so a test that
// moved its clock on need not wait for the real timer.
func (r *Runner) TimeUp() { r.timeUp() }

// BotStep makes the computer move the table's timer would make.
func (r *Runner) BotStep() { r.botStep() }

// LegalNow returns the moves the live game lists for seat, encoded.
func (r *Runner) LegalNow(seat game.Seat) []json.RawMessage {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []json.RawMessage
	for _, m := range r.g.Legal(seat) {
		b, _ := json.Marshal(m)
		out = append(out, b)
	}
	return out
}

// ActorsNow returns the seats the live game waits on.
func (r *Runner) ActorsNow() game.SeatSet {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.g.Actors()
}

// MoveOnQuietly moves the table's version on without a move, as a change
// that does not go through a move would, leaving the noted move alone.
func (r *Runner) MoveOnQuietly() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.t.Version++
}
