package table_test

import (
	"fmt"
	"slices"
	"strings"

	"harbor/game"
)

// said is an event as the tests read it off the wire: its English text when
// it carries no message, else its message id and values, nested messages in
// brackets: "pile.took who=Ana n=1", "table.standIn who=Bo line=[pile.took who=Bo n=2]".
// The ids the wire sends from their dot are Pile's, the game of these tables.
func said(e game.Event) string {
	if e.Msg == nil {
		return e.Text
	}
	e.Resolve("pile")
	return msgLine(e.Msg.ID, e.Msg.V)
}

func msgLine(id string, v map[string]any) string {
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	parts := []string{id}
	for _, k := range keys {
		val := v[k]
		switch x := val.(type) {
		case map[string]any: // a nested message as JSON decodes it
			id, _ := x["id"].(string)
			nested, _ := x["v"].(map[string]any)
			val = "[" + msgLine(id, nested) + "]"
		case *game.Msg:
			val = "[" + msgLine(x.ID, x.V) + "]"
		}
		parts = append(parts, fmt.Sprintf("%s=%v", k, val))
	}
	return strings.Join(parts, " ")
}
