package table

// HistoryLen returns how many moves' events r keeps in memory.
func (r *Runner) HistoryLen() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.hist.entries)
}

// TimeUp runs what the table's timer runs when it goes off, so a test that
// moved its clock on need not wait for the real timer.
func (r *Runner) TimeUp() { r.timeUp() }
