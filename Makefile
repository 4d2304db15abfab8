# Harbor: `make run` builds everything and serves Harbor; `make test` runs every test.
GO ?= go

.PHONY: run build test vet test-go bench

run: build
	./bin/harbor serve

build:
	$(GO) build -o bin/harbor ./cmd/harbor

test: vet test-go

vet:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './web/node_modules/*')); \
	if [ -n "$$unformatted" ]; then echo "not gofmt-formatted: $$unformatted"; exit 1; fi
	$(GO) vet ./...

test-go:
	$(GO) test -count=1 ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./games/...
