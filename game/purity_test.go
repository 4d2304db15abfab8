package game_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// forbidden are the imports an engine may not use: engines are pure and
// deterministic, so no clock, no operating system, no network, no unseeded
// generator and no database.
var forbidden = []string{"time", "os", "net", "math/rand", "math/rand/v2", "database/sql", "crypto/rand", "syscall", "unsafe"}

func isForbidden(path string) bool {
	for _, f := range forbidden {
		if path == f || strings.HasPrefix(path, f+"/") && f != "math/rand" {
			return true
		}
	}
	return strings.Contains(path, "sqlite") || strings.Contains(path, "pgx") || strings.HasPrefix(path, "harbor/server") ||
		strings.HasPrefix(path, "harbor/table") || strings.HasPrefix(path, "harbor/sqlite") || strings.HasPrefix(path, "harbor/postgres")
}

// TestEnginesArePure fails if any non-test Go file under games/ (or the game
// package itself) imports time, os, net, math/rand, a database or the server.
func TestEnginesArePure(t *testing.T) {
	checked := 0
	for _, root := range []string{"../games", "."} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "testdata" || d.Name() == "goldentest" || d.Name() == "catalogtest") {
				return filepath.SkipDir // test tools that read golden files and catalogs, not engines
			}
			if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			checked++
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				if isForbidden(p) {
					t.Errorf("%s imports %q: engines must stay pure and deterministic", path, p)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if checked == 0 {
		t.Fatal("no engine source found to check")
	}
}

func TestForbiddenList(t *testing.T) {
	for _, p := range []string{"time", "os", "os/exec", "net", "net/http", "math/rand", "math/rand/v2", "database/sql", "modernc.org/sqlite", "harbor/server"} {
		if !isForbidden(p) {
			t.Errorf("%q should be forbidden", p)
		}
	}
	for _, p := range []string{"fmt", "encoding/json", "harbor/game", "math", "math/bits", "sort", "strings"} {
		if isForbidden(p) {
			t.Errorf("%q should be allowed", p)
		}
	}
}
