package notify

// OnSettled makes the notifier of cfg tell f each notice its sender
// settles, as stored.
func OnSettled(cfg *Config, f func(Queued)) { cfg.settled = f }

// Wake makes the sender look for notices due now.
func (n *Notifier) Wake() { n.poke() }
