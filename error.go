// Package harbor holds the few domain types every part of Harbor shares: the
// error type with its stable codes, which every layer returns and the server
// maps to HTTP statuses and WebSocket error frames (server/errors.go).
package harbor

import (
	"errors"
	"fmt"
)

// Error codes. They are stable: clients and tests match on them, and the
// server maps each to an HTTP status or a WebSocket error message.
const (
	EInvalid      = "invalid"         // malformed input: bad JSON, unknown type, bad field
	EIllegal      = "illegal_move"    // a well-formed move the rules forbid now
	ENotYourTurn  = "not_your_turn"   // the seat may not act now
	EStale        = "stale_version"   // the move was made against an older table version
	ENotFound     = "not_found"       // no such table, code or seat
	EUnauthorized = "unauthorized"    // no identity, or a read-only identity tried to act
	EForbidden    = "forbidden"       // identity known but not allowed (not the host, not the seat)
	EConflict     = "conflict"        // the request clashes with the table's state (started, full)
	ETooLarge     = "too_large"       // a message over the size limit
	ERateLimited  = "rate_limited"    // too many requests or messages
	EInternal     = "internal"        // a fault of ours; the message is generic
	EUnknown      = "outcome_unknown" // a move the store may or may not hold: its answer was lost
)

// Error is Harbor's one error type. Code is one of the constants above. Rule
// names the rule clause an illegal move broke (for example "HH-25"), when
// there is one. Message is the refusal in English, for logs, tools and tests.
// Msg, when set, is the same refusal as a message id and values, which each
// person's page words in their own language; a refusal without one is
// worded by its code.
type Error struct {
	Code    string `json:"code"`
	Rule    string `json:"rule,omitempty"`
	Message string `json:"message"`
	Msg     *Msg   `json:"msg,omitempty"`
}

// With sets the refusal's message for people and returns e:
// RuleError("HH-25", "…").With(M("holdings.err.notYours", "space", …)).
func (e *Error) With(m *Msg) *Error {
	e.Msg = m
	return e
}

func (e *Error) Error() string {
	if e.Rule != "" {
		return fmt.Sprintf("%s (%s): %s", e.Code, e.Rule, e.Message)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

// Errorf returns an Error with the given code and a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// RuleError returns an illegal-move Error that names the rule it breaks.
func RuleError(rule, format string, args ...any) *Error {
	return &Error{Code: EIllegal, Rule: rule, Message: fmt.Sprintf(format, args...)}
}

// NoTable is the refusal of a table that is not there: never opened, or
// removed since. Both stores give it.
func NoTable() *Error {
	return Errorf(ENotFound, "there is no such table").With(M("api.noSuchTable"))
}

// ErrorCode returns the code of err, EInternal for an error that is not an
// *Error, and "" for nil.
func ErrorCode(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return EInternal
}

// ErrorMessage returns the human message of err; for an error that is not an
// *Error it returns a generic message, so internal details never reach a player.
func ErrorMessage(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	return "Something went wrong on the server."
}
