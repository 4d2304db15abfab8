package web

import (
	"io/fs"
	"strings"
	"testing"
)

// TestAssetsAreRootedAtDist checks that the embedded files are served from
// the root of dist/: the placeholder is always there, and a built front end
// has index.html at the root referring to its hashed bundles under assets/.
func TestAssetsAreRootedAtDist(t *testing.T) {
	a := Assets()
	if _, err := fs.Stat(a, ".gitkeep"); err != nil {
		t.Fatalf("dist/.gitkeep is not at the root of Assets(): %v", err)
	}
	if _, err := fs.Stat(a, "dist"); err == nil {
		t.Fatal("Assets() still has a dist/ directory: it is not rooted at dist/")
	}
	index, err := fs.ReadFile(a, "index.html")
	if err != nil {
		return // not built yet (npm run build): only the placeholder is embedded, as checked above
	}
	if !strings.Contains(string(index), `src="/assets/`) {
		t.Fatalf("index.html does not load its bundle from /assets/:\n%s", index)
	}
}
