package table_test

import (
	"context"
	"slices"
	"testing"

	"harbor/table"
)

// TestFixedSeeds: two services with the same Options.Seed give the tables
// they create in the same order (opened, played again, played on from a
// finished game) the same game seeds; another Seed gives other ones. Ids
// stay random.
func TestFixedSeeds(t *testing.T) {
	run := func(base uint64) (seeds []uint64, ids []string) {
		tables := table.NewTables(openStore(t), table.Options{Seed: base})
		defer tables.Close()
		ctx := context.Background()
		r, keys, subs, conns := pileTable(t, tables, 4, false, "Ana", "Bo")
		other, _ := openPile(t, tables, 5, 1, "Cy")
		finishPile(t, r, subs, conns)
		again, err := tables.Again(ctx, r, keys[0], "")
		if err != nil {
			t.Fatal(err)
		}
		fork, err := tables.Fork(ctx, r, keys[1], "", 1)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range []*table.Runner{r, other, again, fork} {
			seeds = append(seeds, r.Table().Seed)
			ids = append(ids, r.ID())
		}
		return seeds, ids
	}
	seeds, ids := run(7)
	same, sameIDs := run(7)
	other, _ := run(8)
	if !slices.Equal(seeds, same) {
		t.Fatalf("seed 7 gave %x, then %x", seeds, same)
	}
	if distinct := slices.Compact(slices.Sorted(slices.Values(seeds))); len(distinct) != len(seeds) {
		t.Fatalf("the four tables of seed 7 share seeds: %x", seeds)
	}
	for i := range seeds {
		if seeds[i] == other[i] {
			t.Fatalf("table %d has seed %x under 7 and 8", i, seeds[i])
		}
		if ids[i] == sameIDs[i] {
			t.Fatalf("table %d has id %s in both runs", i, ids[i])
		}
	}
}
