package server

import "harbor/table"

// setHints is POST /api/tables/{id}/hints {"on": bool}: the host turns
// "what would the computer do?" on or off (docs/api.md).
func (s *Server) setHints(q *request) (any, error) {
	var req struct {
		On bool `json:"on"`
	}
	if err := s.decode(q, &req); err != nil {
		return nil, err
	}
	return s.change(q, func(t *table.Table) error { return t.SetHints(q.key, req.On) })
}
