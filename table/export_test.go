package table

// HistoryLen returns how many moves' events r keeps in memory.
func (r *Runner) HistoryLen() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.hist.entries)
}
