// Package catalogtest reads the pages' message catalogs for the tests that
// check the engines' messages against the words people read.
package catalogtest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"sync"
)

var catalogs sync.Map // path → func() (map[string]string, error)

// EnglishCatalog is the English catalog of the game with id game (its
// web/src/games/<game>/i18n/en.json), or the shared one for game "", by
// message id: what English pages say for each message. Read once.
func EnglishCatalog(game string) (map[string]string, error) {
	_, here, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(here), "..", "..", "web", "src")
	path := filepath.Join(root, "i18n", "en.json")
	if game != "" {
		path = filepath.Join(root, "games", game, "i18n", "en.json")
	}
	read, _ := catalogs.LoadOrStore(path, sync.OnceValues(func() (map[string]string, error) {
		raw, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		var cat map[string]string
		return cat, json.Unmarshal(raw, &cat)
	}))
	return read.(func() (map[string]string, error))()
}
