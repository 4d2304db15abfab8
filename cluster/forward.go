package cluster

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"time"

	"github.com/nats-io/nats.go"
)

// forwardTimeout bounds a lobby call sent to another node.
const forwardTimeout = 10 * time.Second

// maxForwardBody bounds the body of a forwarded request; the server's own
// limit is far lower and answers the client itself.
const maxForwardBody = 1 << 20

// forwardedRequest is an HTTP request sent to the node that runs its table.
type forwardedRequest struct {
	Method     string      `json:"method"`
	URI        string      `json:"uri"`
	Host       string      `json:"host"`
	Header     http.Header `json:"header"`
	Body       []byte      `json:"body,omitempty"`
	RemoteAddr string      `json:"remote"`
}

// forwardedResponse is that node's answer.
type forwardedResponse struct {
	Status int         `json:"status"`
	Header http.Header `json:"header"`
	Body   []byte      `json:"body,omitempty"`
}

// forward sends r to node owner by request/reply and writes its answer.
func (n *Node) forward(w http.ResponseWriter, r *http.Request, owner string) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxForwardBody))
	if err != nil {
		unavailable(w)
		return
	}
	h := r.Header.Clone()
	h.Set(forwardedHeader, n.cfg.Name)
	data, _ := json.Marshal(forwardedRequest{Method: r.Method, URI: r.URL.RequestURI(), Host: r.Host, Header: h, Body: body, RemoteAddr: r.RemoteAddr})
	msg, err := n.cfg.NATS.RequestWithContext(withTimeout(r.Context(), forwardTimeout), n.subject(owner, "http"), data)
	if err != nil {
		n.log.Warn("forward request", "node", owner, "path", r.URL.Path, "err", err)
		unavailable(w)
		return
	}
	var resp forwardedResponse
	if err := json.Unmarshal(msg.Data, &resp); err != nil {
		unavailable(w)
		return
	}
	for k, v := range resp.Header {
		w.Header()[k] = v
	}
	w.WriteHeader(resp.Status)
	w.Write(resp.Body)
}

func withTimeout(ctx context.Context, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(ctx, d)
	context.AfterFunc(ctx, cancel)
	return ctx
}

// serveForwarded serves a request another node forwarded here.
func (n *Node) serveForwarded(m *nats.Msg) {
	go func() {
		var req forwardedRequest
		if err := json.Unmarshal(m.Data, &req); err != nil {
			n.log.Error("forwarded request", "err", err)
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), forwardTimeout)
		defer cancel()
		hr, err := http.NewRequestWithContext(ctx, req.Method, req.URI, bytes.NewReader(req.Body))
		if err != nil {
			n.log.Error("forwarded request", "err", err)
			return
		}
		hr.Header, hr.Host, hr.RemoteAddr, hr.RequestURI = req.Header, req.Host, req.RemoteAddr, req.URI
		rec := &recorder{header: http.Header{}, status: http.StatusOK}
		n.cfg.Handler.ServeHTTP(rec, hr)
		data, _ := json.Marshal(forwardedResponse{Status: rec.status, Header: rec.header, Body: rec.body.Bytes()})
		m.Respond(data)
	}()
}

// recorder is the http.ResponseWriter of a forwarded request.
type recorder struct {
	header http.Header
	status int
	wrote  bool
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header { return r.header }

func (r *recorder) WriteHeader(status int) {
	if !r.wrote {
		r.status, r.wrote = status, true
	}
}

func (r *recorder) Write(b []byte) (int, error) {
	r.wrote = true
	return r.body.Write(b)
}
