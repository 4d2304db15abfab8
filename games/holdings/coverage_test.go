package holdings

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryClauseHasATest checks that each clause HH-01..HH-79 names a test
// function (TestHHnn_...) or a subtest ("HH-nn ...") in this package.
func TestEveryClauseHasATest(t *testing.T) {
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	var all strings.Builder
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all.Write(b)
	}
	src := all.String()
	for id := 1; id <= 79; id++ {
		fn := fmt.Sprintf("func TestHH%02d_", id)
		sub := fmt.Sprintf("\"HH-%02d ", id)
		if !strings.Contains(src, fn) && !strings.Contains(src, sub) {
			t.Errorf("clause HH-%02d has no test", id)
		}
	}
}
