# Harbor: `make run` builds everything and serves Harbor; `make test` runs every test.
# Both install what they need: the front end's npm packages, Debian's chromium
# for the browser tests, and for the Go tests PostgreSQL and NATS
# (.ci/with-services: HARBOR_TEST_POSTGRES / HARBOR_TEST_NATS when set, else the
# local services, else throwaway instances of Debian's postgresql and
# nats-server).
GO ?= go
NPM ?= npm
CHROMIUM ?= /usr/bin/chromium

.PHONY: run build web test vet test-go test-cluster-kills test-partitions test-web test-e2e test-gallery gallery chromium bench soak clean

run: build
	./bin/harbor serve

build: web
	$(GO) build -o bin/harbor ./cmd/harbor

# The front end, built into web/dist and embedded in the binary.
web: web/node_modules/.installed
	cd web && $(NPM) run build

web/node_modules/.installed: web/package.json web/package-lock.json
	cd web && $(NPM) ci --no-audit --no-fund
	touch $@

test: vet test-go test-web test-e2e test-gallery

# vet checks the Go code (gofmt, go vet, staticcheck, a tidy go.mod) and the
# front end's formatting and lint rules (Biome, web/biome.json). go run
# fetches staticcheck's pinned version through the module proxy the first
# time, outside go.mod.
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2

vet: web/node_modules/.installed
	cd web && $(NPM) run check
	@unformatted=$$(gofmt -l $$(git ls-files '*.go')); \
	if [ -n "$$unformatted" ]; then echo "not gofmt-formatted: $$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...
	$(GO) mod tidy -diff

test-go:
	.ci/with-services $(GO) test -count=1 ./...

# The cluster's failover test with 20 kills of a table's owner in a row (make
# test runs a few).
test-cluster-kills:
	HARBOR_CLUSTER_KILLS=20 .ci/with-services $(GO) test -count=1 -run 'TestFailover' -v -timeout 20m ./cluster/

# The cluster's network-fault scenarios at full size: 50 tables of four
# over three nodes, each node behind fault proxies to PostgreSQL and NATS
# (`go test ./cluster/ -run Partition` runs them with 8 tables). Each
# scenario's line (moves acknowledged, lost, applied twice, pauses) is
# printed at the end.
test-partitions:
	@summary=$$(mktemp); \
	HARBOR_PARTITIONS_FULL=1 HARBOR_PARTITIONS_SUMMARY=$$summary .ci/with-services $(GO) test -count=1 -run 'Partition' -timeout 20m ./cluster/; \
	rc=$$?; cat $$summary; rm -f $$summary; exit $$rc

test-web: web/node_modules/.installed
	cd web && $(NPM) test
	cd web && $(NPM) run build
	cd web && $(NPM) run size

# The browser tests drive Debian's chromium; they fail, never skip, when it cannot run.
test-e2e: web/node_modules/.installed chromium
	cd web && E2E_SKIP_BUILD= CHROMIUM=$(CHROMIUM) $(NPM) run e2e

# The position gallery (docs/gallery.md): every screen of a sample of game
# positions drawn in chromium from recorded frames and measured (nothing cut
# or covered, text large enough, axe-core, no sideways scroll), with a
# contact sheet in web/test-results/gallery/. test-gallery first checks that
# deliberate faults are reported, then draws the small sample in English and
# again in the pseudo language (every word a third longer, its contact sheet
# in web/test-results/gallery-pseudo/); it fails on any problem. make
# gallery draws the full default gallery.
# The recorded positions live in the checkout, so two checkouts on one
# machine never read each other's half-written file.
GALLERY_SMALL ?= $(CURDIR)/web/test-results/gallery-small.json
GALLERY_FULL ?= $(CURDIR)/web/test-results/gallery.json

test-gallery: build chromium
	mkdir -p $(dir $(GALLERY_SMALL))
	./bin/harbor gallery -small -out $(GALLERY_SMALL)
	cd web && CHROMIUM=$(CHROMIUM) HARBOR_BIN=../bin/harbor $(NPM) run gallery-faults -- $(GALLERY_SMALL)
	cd web && CHROMIUM=$(CHROMIUM) HARBOR_BIN=../bin/harbor node gallery/run.mjs $(GALLERY_SMALL) --open gallery/open-problems.json
	cd web && CHROMIUM=$(CHROMIUM) HARBOR_BIN=../bin/harbor node gallery/run.mjs $(GALLERY_SMALL) --lang pseudo --out test-results/gallery-pseudo

gallery: build chromium
	mkdir -p $(dir $(GALLERY_FULL))
	./bin/harbor gallery -out $(GALLERY_FULL)
	cd web && CHROMIUM=$(CHROMIUM) HARBOR_BIN=../bin/harbor $(NPM) run gallery -- $(GALLERY_FULL)

chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
		echo "installing Debian's chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	fi
	@test -x $(CHROMIUM) || { echo "chromium is missing at $(CHROMIUM): the browser tests cannot run"; exit 1; }

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./games/... ./sqlite/... ./table/...

# The soak of docs/performance.md: 1,000 tables of four WebSocket clients
# (a move a second each) and 200 tables of computer players only, watched,
# for ten minutes, beside an abuse client that tries every limit; then a
# kill -9 of the server and a check of its data file. It fails on an error
# frame to an honest client, an unexpected answer to the abuse client, a
# p99 over 50 ms or a lost move. Shorter: make soak SOAK_DURATION=2m.
SOAK_DURATION ?= 10m
SOAK_TABLES ?= 1000
SOAK_BOT_TABLES ?= 200
SOAK_THINK ?= 1s
soak:
	$(GO) build -o bin/harborload ./cmd/harborload
	./bin/harborload -soak -tables $(SOAK_TABLES) -seats 4 -bot-tables $(SOAK_BOT_TABLES) \
		-think $(SOAK_THINK) -duration $(SOAK_DURATION) -sample 30s

clean:
	rm -rf bin web/dist/assets web/dist/index.html
