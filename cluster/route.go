package cluster

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"

	"harbor"
	"harbor/table"
)

// forwardedHeader names, on a request sent to a table's owner, the node
// that sent it (for the owner's logs). The owner serves such a request
// itself, whatever the lease says by then, so a request never travels in
// circles: it goes straight to the owner's server, not through ServeHTTP.
const forwardedHeader = "Harbor-Forwarded-By"

// ServeHTTP implements http.Handler: a request about a table another node
// runs goes to that node; every other request is served here.
func (n *Node) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id := n.tableOf(r)
	owner := ""
	if id != "" {
		var err error
		owner, err = n.route(r.Context(), id)
		if err != nil {
			n.log.Error("route request", "table", id, "err", err)
			unavailable(w)
			return
		}
	}
	switch {
	case owner == "":
		n.cfg.Handler.ServeHTTP(w, r)
	case r.URL.Path == "/ws":
		n.tunnel(w, r, owner)
	default:
		n.forward(w, r, owner)
	}
}

// tableOf returns the id of the table r is about, or "" when r is about
// none (the home page, a new table) or names no table there is.
func (n *Node) tableOf(r *http.Request) string {
	ctx, path, q := r.Context(), r.URL.Path, r.URL.Query()
	switch {
	case path == "/ws" && q.Get("table") != "":
		return q.Get("table")
	case path == "/ws" && q.Get("tv") != "":
		return n.byCode(ctx, table.ByTV, q.Get("tv"))
	case strings.HasPrefix(path, "/api/tables/"):
		id, _, _ := strings.Cut(strings.TrimPrefix(path, "/api/tables/"), "/")
		return id
	case strings.HasPrefix(path, "/api/tv/"):
		code, _, _ := strings.Cut(strings.TrimPrefix(path, "/api/tv/"), "/")
		return n.byCode(ctx, table.ByTV, code)
	case path == "/api/join" && r.Method == http.MethodPost:
		return n.joinTable(r)
	}
	return ""
}

// joinTable reads the invite or code of a join request, leaving its body
// for whoever serves it.
func (n *Node) joinTable(r *http.Request) string {
	body, err := io.ReadAll(io.LimitReader(r.Body, 64<<10))
	r.Body.Close()
	r.Body = io.NopCloser(bytes.NewReader(body))
	if err != nil {
		return ""
	}
	var req struct {
		Invite string `json:"invite"`
		Code   string `json:"code"`
	}
	if json.Unmarshal(body, &req) != nil {
		return ""
	}
	if req.Invite != "" {
		return n.byCode(r.Context(), table.ByInvite, req.Invite)
	}
	return n.byCode(r.Context(), table.ByCode, req.Code)
}

func (n *Node) byCode(ctx context.Context, kind table.CodeKind, code string) string {
	if kind != table.ByInvite {
		code = table.NormalizeCode(code)
	}
	if code == "" || len(code) > 64 {
		return ""
	}
	t, err := n.cfg.Store.TableByCode(ctx, kind, code)
	if err != nil {
		return ""
	}
	return t.ID
}

// route returns the node that runs table id, "" for this one. A table
// nobody runs is claimed here; a finished table is read-only, so any node
// serves it.
func (n *Node) route(ctx context.Context, id string) (string, error) {
	if n.cfg.Store.Holds(id) {
		return "", nil
	}
	for range 3 {
		owner, running, err := n.cfg.Store.Owner(ctx, id)
		if err != nil {
			return "", err
		}
		if running && owner != n.cfg.Name {
			return owner, nil
		}
		// Nobody runs it, or this node's name does from before a restart.
		t, err := n.cfg.Store.Table(ctx, id)
		if harbor.ErrorCode(err) == harbor.ENotFound {
			return "", nil // the local server answers not found
		}
		if err != nil {
			return "", err
		}
		if t.Status == table.Finished {
			return "", nil
		}
		ok, err := n.claim(ctx, id)
		if err != nil || ok {
			return "", err
		}
		// Another node claimed it at the same moment: ask again.
	}
	return "", harbor.Errorf(harbor.EInternal, "table %s changes hands too often", id)
}

// unavailable answers a request whose table's node cannot be reached; the
// client tries again, by which time another node may run the table.
func unavailable(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Retry-After", "1")
	w.WriteHeader(http.StatusServiceUnavailable)
	json.NewEncoder(w).Encode(struct {
		Error *harbor.Error `json:"error"`
	}{harbor.Errorf(harbor.EInternal, "the server running this table cannot be reached; try again in a moment")})
}
