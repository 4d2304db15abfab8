package server

import (
	"crypto/subtle"
	"net/http"

	"harbor"

	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// MetricsHandler serves the Prometheus metrics, for a separate address
// (the main one serves them under Config.MetricsToken and MetricsOff).
func (s *Server) MetricsHandler() http.Handler {
	return promhttp.HandlerFor(s.metrics.Registry, promhttp.HandlerOpts{})
}

// guardMetrics applies Config.MetricsOff and Config.MetricsToken to h.
func (s *Server) guardMetrics(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case s.cfg.MetricsOff:
			s.writeError(w, r, errNoMetrics)
		case s.cfg.MetricsToken != "" &&
			subtle.ConstantTimeCompare([]byte(r.Header.Get("Authorization")), []byte("Bearer "+s.cfg.MetricsToken)) != 1:
			w.Header().Set("WWW-Authenticate", `Bearer realm="harbor metrics"`)
			s.writeError(w, r, errMetricsToken)
		default:
			h.ServeHTTP(w, r)
		}
	})
}

var (
	errNoMetrics    = harbor.Errorf(harbor.ENotFound, "metrics are not served on this address (see -metrics-addr and -metrics-token in docs/operations.md)").With(harbor.M("api.noMetrics"))
	errMetricsToken = harbor.Errorf(harbor.EUnauthorized, "metrics need the metrics token (Authorization: Bearer <token>)").With(harbor.M("api.metricsToken"))
)
