package contracttest

import (
	"encoding/json"
	"fmt"

	"harbor/game"
)

// CheckAppendJSON checks that v appends, after bytes already in the
// buffer, exactly what encoding/json writes for it: what a game's view,
// move or event data that writes its own JSON (game.JSONAppender) must do.
func CheckAppendJSON(v game.JSONAppender) error {
	want, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if got := v.AppendJSON([]byte("x")); string(got[1:]) != string(want) {
		return fmt.Errorf("%T appends\n%s\nnot what encoding/json writes,\n%s", v, got[1:], want)
	}
	return nil
}
