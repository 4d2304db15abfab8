package game

// easyLoosePercent is how often, in percent, the easy computer player sets
// the rule-based player's choice aside for a move drawn from the legal ones.
const easyLoosePercent = 35

// easyBot plays like the rule-based player most of the time and otherwise
// makes a random legal move, so it stays plausible but leaves chances.
type easyBot[M any, V any] struct {
	normal Bot[M, V]
	rng    Rand
}

// NewEasyBot returns the easy computer player built on normal, the game's
// rule-based player, drawing its looseness from seed.
func NewEasyBot[M any, V any](normal Bot[M, V], seed uint64) Bot[M, V] {
	return &easyBot[M, V]{normal: normal, rng: NewRand(seed ^ 0x5eed0fea5e)}
}

func (b *easyBot[M, V]) Choose(view V, legal []M) M {
	m := b.normal.Choose(view, legal)
	if b.rng.Intn(100) < easyLoosePercent {
		return legal[b.rng.Intn(len(legal))]
	}
	return m
}
