package server

import (
	"time"

	"harbor/table"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// Metrics are the server's Prometheus metrics, on their own registry.
type Metrics struct {
	Registry    *prometheus.Registry
	connections prometheus.Gauge
	moves       prometheus.Counter
	latency     prometheus.Histogram
	commit      prometheus.Histogram
}

// NewMetrics returns the metrics with the Go runtime and process collectors.
func NewMetrics() *Metrics {
	m := &Metrics{
		Registry: prometheus.NewRegistry(),
		connections: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "harbor_connections", Help: "Open WebSocket connections."}),
		moves: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "harbor_moves_applied_total", Help: "Moves applied and committed, by people and computer players."}),
		latency: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "harbor_move_latency_seconds", Help: "Time from receiving a move to having pushed every view, commit included.",
			Buckets: latencyBuckets}),
		commit: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "harbor_commit_seconds", Help: "Time the store took to commit a move (group commit included).",
			Buckets: latencyBuckets}),
	}
	m.Registry.MustRegister(m.connections, m.moves, m.latency, m.commit,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

var latencyBuckets = []float64{.0005, .001, .002, .003, .005, .0075, .01, .015, .02, .03, .05, .1, .25, .5, 1}

// ObserveCommit records one commit; pass it as table.Options.OnCommit.
func (m *Metrics) ObserveCommit(d time.Duration) { m.commit.Observe(d.Seconds()) }

// ObserveMove records one applied move; pass it as table.Options.OnMove.
func (m *Metrics) ObserveMove(d time.Duration) {
	m.moves.Inc()
	m.latency.Observe(d.Seconds())
}

// tables registers the gauges of tables (live, loaded, stored) and the
// counters of refused computer moves, read when scraped.
func (m *Metrics) tables(ts *table.Tables) {
	for _, g := range []struct {
		name, help string
		f          func() int
	}{
		{"harbor_live_tables", "Tables with at least one connected client.", ts.Live},
		{"harbor_loaded_tables", "Tables held in memory (live ones, lobbies and games recently used).", ts.Loaded},
		{"harbor_stored_tables", "Tables in the store, finished ones included (-1 when the store cannot count).", ts.Stored},
	} {
		_ = m.Registry.Register(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: g.name, Help: g.help},
			func() float64 { return float64(g.f()) }))
	}
	_ = m.Registry.Register(prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "harbor_computer_moves_refused_total",
		Help: "Computer players' moves the game refused (each is logged, and the player asked again)."},
		func() float64 { refused, _ := ts.ComputerRefusals(); return float64(refused) }))
	_ = m.Registry.Register(prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "harbor_computer_fallback_moves_total",
		Help: "Moves a table played for a computer player whose own moves were refused: the first legal one."},
		func() float64 { _, fallbacks := ts.ComputerRefusals(); return float64(fallbacks) }))
}
