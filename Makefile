# Heirloom: `make run` to try it, `make test` for everything CI checks.
SWIFT ?= swift
PYTHON ?= python3
HOST ?= 0.0.0.0
PORT ?= 8080

.PHONY: deps build run lint format build-tests test test-sqlite test-postgres test-browser release bench-media bench-items bench-ai
# The test steps share one build and must run in order.
.NOTPARALLEL:

## Installs the missing Debian packages and Python test helpers (quiet and quick when all are there).
deps:
	bash scripts/install-system-deps.sh

build: deps
	$(SWIFT) build

## Builds and serves http://localhost:$(PORT); migrates by itself, data in ./heirloom-data by default.
run: deps
	$(SWIFT) build --product heirloom
	.build/debug/heirloom serve --hostname $(HOST) --port $(PORT)

## Prints nothing when the code is formatted as .swift-format says; fails on any finding.
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

build-tests: deps
	$(SWIFT) build --build-tests

## The whole Swift suite on in-memory SQLite.
test-sqlite: build-tests
	$(SWIFT) test --skip-build

## The same suite against a throwaway PostgreSQL server on loopback.
test-postgres: build-tests
	bash scripts/with-postgres.sh $(SWIFT) test --skip-build

## The user-facing flows in headless Chromium, against the built server.
test-browser: deps
	$(SWIFT) build --product heirloom
	$(PYTHON) -m pytest -q -p no:cacheprovider tests/browser

## Everything CI runs, stopping at the first failure.
test: deps lint test-sqlite test-postgres test-browser

## An optimised build of the server, for deployment and benchmarks.
release: deps
	$(SWIFT) build -c release --product heirloom

## Image ingest next to vipsthumbnail, a 1 GiB upload next to a copy, server memory growth.
bench-media: release
	$(PYTHON) scripts/bench/bench_media.py .build/release/heirloom

## 100,000 items: list, category and search latency next to a substring scan.
bench-items: release
	$(PYTHON) scripts/bench/bench_items.py .build/release/heirloom

## A batch of 20 photos against a fake AI provider answering in 1 s, 4 in flight, next to the ideal (about 5 s).
bench-ai: release
	$(PYTHON) scripts/bench/bench_ai.py .build/release/heirloom
