#!/bin/sh
# Harbor against boardgame.io 0.50 under the same load, in turn: harborload
# (its own Harbor server over a fresh SQLite file, every move committed) and
# load.js (boardgame.io's own server, in memory), each with -tables matches of
# Pile and four clients a match, RUNS times each (default 3), one after the
# other so that both meet the machine in the same state. Each run ends with
# the floor: the same clients through a relay server that only passes the
# frames on, which bounds what any server can do under this load here.
#
#   cmd/harborload/bgio/compare.sh            # 50 tables, 10 s at the most a run
#   TABLES=100 RUNS=5 cmd/harborload/bgio/compare.sh
set -eu
cd "$(dirname "$0")"
root=$(cd ../../.. && pwd)
tables=${TABLES:-50}
runs=${RUNS:-3}
duration=${DURATION:-10}
[ -d node_modules ] || npm ci --no-audit --no-fund
(cd "$root" && go build -o bin/harborload ./cmd/harborload)
for i in $(seq "$runs"); do
	echo "== run $i: Harbor"
	"$root/bin/harborload" -tables "$tables" -duration "${duration}s" 2>/dev/null | grep -E '^(moves|latency|cpu|errors)'
	echo "== run $i: boardgame.io"
	node load.js -tables "$tables" -duration "$duration" 2>/dev/null | grep -E '^(moves|latency|cpu)'
	echo "== run $i: the floor (a relay, no game, store or WebSocket)"
	"$root/bin/harborload" -floor -tables "$tables" -duration "${duration}s" | grep -E '^(moves|latency|cpu)'
done
