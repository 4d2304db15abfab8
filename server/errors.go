package server

import (
	"encoding/json"
	"errors"
	"net/http"

	"harbor"
)

// httpStatus maps each error code to its HTTP status; the one place that
// does. An unknown code is a fault of ours.
var httpStatus = map[string]int{
	harbor.EInvalid:      http.StatusBadRequest,
	harbor.EIllegal:      http.StatusUnprocessableEntity,
	harbor.ENotYourTurn:  http.StatusConflict,
	harbor.EStale:        http.StatusConflict,
	harbor.ENotFound:     http.StatusNotFound,
	harbor.EUnauthorized: http.StatusUnauthorized,
	harbor.EForbidden:    http.StatusForbidden,
	harbor.EConflict:     http.StatusConflict,
	harbor.ETooLarge:     http.StatusRequestEntityTooLarge,
	harbor.ERateLimited:  http.StatusTooManyRequests,
	harbor.EInternal:     http.StatusInternalServerError,
	harbor.EUnknown:      http.StatusServiceUnavailable,
}

// wireError is the error as clients see it: the `d` of an `error` message
// and the `error` of an HTTP error body. A fault that is not a
// *harbor.Error becomes a generic internal error, so no detail leaks.
func wireError(err error) *harbor.Error {
	var e *harbor.Error
	if errors.As(err, &e) {
		return e
	}
	return &harbor.Error{Code: harbor.EInternal, Message: harbor.ErrorMessage(err)}
}

// writeError answers an HTTP request with err.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	e := wireError(err)
	status, ok := httpStatus[e.Code]
	if !ok {
		status = http.StatusInternalServerError
	}
	if status == http.StatusInternalServerError {
		s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	writeJSON(w, status, struct {
		Error *harbor.Error `json:"error"`
	}{e})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
