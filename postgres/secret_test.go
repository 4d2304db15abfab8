package postgres

import (
	"bytes"
	"context"
	"testing"

	"harbor/postgres/pgtest"
)

// Every node sharing the database gets the same secret: the first one made
// is kept.
func TestSecretIsSharedByEveryNode(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.Schema(t)
	a, err := Open(ctx, dsn, Options{Node: "a"})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := Open(ctx, dsn, Options{Node: "b"})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	ka, err := a.Secret(ctx, "identity", 32)
	if err != nil || len(ka) != 32 {
		t.Fatalf("secret %x, %v", ka, err)
	}
	kb, err := b.Secret(ctx, "identity", 32)
	if err != nil || !bytes.Equal(ka, kb) {
		t.Fatalf("the second node got another secret: %x, %v", kb, err)
	}
}
