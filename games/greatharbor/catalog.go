package greatharbor

import "encoding/json"

// Catalog returns the content data files (tiles, cards, boards, the Automa)
// by name, as embedded, so a client can show names, costs and stats for the
// indices a View carries. Views index cards and tiles in the order of these
// files.
func Catalog() map[string]json.RawMessage {
	out := map[string]json.RawMessage{}
	for _, name := range []string{"harbor", "ships", "people", "buildings", "boards", "automa"} {
		raw, err := dataFS.ReadFile("data/" + name + ".json")
		if err != nil {
			panic(err)
		}
		out[name] = raw
	}
	return out
}
