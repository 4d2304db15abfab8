package harbor_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"harbor"
)

func TestErrorCodesAndMessages(t *testing.T) {
	rule := harbor.RuleError("HH-25", "roll the dice before improving")
	wrapped := fmt.Errorf("move 3: %w", rule)
	for _, tc := range []struct {
		err           error
		code, message string
	}{
		{nil, "", ""},
		{rule, harbor.EIllegal, "roll the dice before improving"},
		{wrapped, harbor.EIllegal, "roll the dice before improving"},
		{harbor.Errorf(harbor.ENotFound, "no table %q", "x"), harbor.ENotFound, `no table "x"`},
		// An error of another kind is internal, and its text never reaches a player.
		{errors.New("disk I/O error at /var/lib/harbor"), harbor.EInternal, "Something went wrong on the server."},
	} {
		if got := harbor.ErrorCode(tc.err); got != tc.code {
			t.Errorf("ErrorCode(%v) = %q, want %q", tc.err, got, tc.code)
		}
		if got := harbor.ErrorMessage(tc.err); got != tc.message {
			t.Errorf("ErrorMessage(%v) = %q, want %q", tc.err, got, tc.message)
		}
	}
	if got := rule.Error(); got != "illegal_move (HH-25): roll the dice before improving" {
		t.Errorf("Error() = %q", got)
	}
	if got := harbor.Errorf(harbor.EInvalid, "bad").Error(); got != "invalid: bad" {
		t.Errorf("Error() = %q", got)
	}
}

func TestErrorCarriesItsMessage(t *testing.T) {
	e := harbor.Errorf(harbor.EConflict, "%s is not ready yet", "Bo").With(harbor.M("api.notReady", "name", "Bo"))
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"code":"conflict","message":"Bo is not ready yet","msg":{"id":"api.notReady","v":{"name":"Bo"}}}`
	if string(b) != want {
		t.Errorf("JSON = %s, want %s", b, want)
	}
	// Wrapped, the error keeps its message.
	var got *harbor.Error
	if !errors.As(fmt.Errorf("start: %w", e), &got) || got.Msg == nil || got.Msg.ID != "api.notReady" {
		t.Errorf("wrapped error lost its message: %+v", got)
	}
	// Without one, the field is left out: the page words the code.
	if b, _ := json.Marshal(harbor.Errorf(harbor.EInvalid, "bad")); string(b) != `{"code":"invalid","message":"bad"}` {
		t.Errorf("JSON = %s", b)
	}
}
