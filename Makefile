# Heirloom: `make run` to try it, `make test` for everything CI checks.
SWIFT ?= swift
PYTHON ?= python3
HOST ?= 0.0.0.0
PORT ?= 8080

PREFIX ?= /opt/heirloom
CONFIGURATION ?= release
# Cross-module optimisation lets the compiler specialise Fluent's, SQLKit's and the OpenAPI runtime's generic code
# for Heirloom's own types: a third more requests a second (README, Performance); a first release build takes
# about 16 minutes on 2 cores instead of 12.
RELEASE_FLAGS ?= -c release -Xswiftc -cross-module-optimization
# The binary `make install` copies; built first unless given.
HEIRLOOM_BIN ?= .build/$(CONFIGURATION)/heirloom
FUZZ_SECONDS ?= 120
# A Swift suite runs in about 2 minutes here: one that hangs (a crashed runner whose child holds its output, say)
# fails after this many minutes instead of using up CI's 90.
SUITE_MINUTES ?= 10
# Swift Testing runs a suite's tests side by side; at most this many at once. More only wait on two cores, and make
# each test's time in the list of the slowest (TEST_TIMES) meaningless; fewer leave the cores idle while tests wait.
TEST_WIDTH ?= 8
# Each suite's hubs write their times here (Tests/…/Support/TestTimes.swift); `make test` prints the slowest.
TEST_TIMES ?= .build/test-times
SWIFT_TEST = env SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=$(TEST_WIDTH) \
	timeout --kill-after=30s $(SUITE_MINUTES)m $(SWIFT) test --skip-build
# The build's own output, kept for the check that Heirloom's code builds without a warning.
BUILD_LOG ?= .build/build.log

.PHONY: deps build run lint format docs-access build-tests check-availability test test-sqlite test-sqlite-file test-postgres test-s3 test-browser test-http test-fuzz install release bench-media bench-items bench-summary bench-ai bench-api bench-reports bench-division bench-pages bench-transcripts
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

## Writes docs/access.md again from AccessRule (its test fails while the two differ).
docs-access: deps
	HEIRLOOM_WRITE_DOCS=1 $(SWIFT) test --filter AccessRuleTests/docsTableIsTheRule

## Builds the server and the tests, and fails on a compiler warning in Sources/ or Tests/
## (scripts/check-warnings.sh).
build-tests: deps
	@mkdir -p .build
	bash -o pipefail -c '$(SWIFT) build --build-tests 2>&1 | tee $(BUILD_LOG)'
	bash scripts/check-warnings.sh $(BUILD_LOG)

## Fails when HeirloomCore, HeirloomAPI or HeirloomClient use an API newer than the platforms Package.swift declares.
check-availability: build-tests
	$(PYTHON) scripts/check-availability.py

## The whole Swift suite on SQLite "in memory" (a file of the temporary folder), the pure HeirloomCore tests
## included; then its 20 slowest tests.
test-sqlite: build-tests
	@mkdir -p $(TEST_TIMES) && rm -f $(TEST_TIMES)/sqlite.jsonl
	HEIRLOOM_TEST_TIMES=$(TEST_TIMES)/sqlite.jsonl $(SWIFT_TEST)
	$(PYTHON) scripts/slowest-tests.py $(TEST_TIMES)/sqlite.jsonl

## The server's suite with each hub on a SQLite file of its own (deleted after), read as production reads it
## (SQLiteReaders). HeirloomCore's tests use no database and ran in test-sqlite.
test-sqlite-file: build-tests
	@mkdir -p $(TEST_TIMES) && rm -f $(TEST_TIMES)/sqlite-file.jsonl
	HEIRLOOM_TEST_SQLITE_FILE=1 HEIRLOOM_TEST_TIMES=$(TEST_TIMES)/sqlite-file.jsonl $(SWIFT_TEST) --skip HeirloomCoreTests
	$(PYTHON) scripts/slowest-tests.py $(TEST_TIMES)/sqlite-file.jsonl

## The server's suite against a throwaway PostgreSQL server on loopback.
test-postgres: build-tests
	@mkdir -p $(TEST_TIMES) && rm -f $(TEST_TIMES)/postgres.jsonl
	HEIRLOOM_TEST_TIMES=$(TEST_TIMES)/postgres.jsonl bash scripts/with-postgres.sh $(SWIFT_TEST) --skip HeirloomCoreTests
	$(PYTHON) scripts/slowest-tests.py $(TEST_TIMES)/postgres.jsonl

## The suites that store, serve, move, export, import and back up media, and the S3 client's own, once more with every
## hub keeping its media in a real S3 service on loopback (Ceph's RADOS Gateway, scripts/with-s3.sh); then the HTTP
## tests with every server on it too.
S3_SUITES ?= Media|Export|Import|Backup|Journal|Memor|Report|S3
test-s3: build-tests
	bash scripts/with-s3.sh $(SWIFT_TEST) --filter "$(S3_SUITES)" --skip HeirloomCoreTests
	bash scripts/with-postgres.sh bash scripts/with-s3.sh $(PYTHON) -m pytest -q -p no:cacheprovider e2e/http

## The user-facing flows in headless Chromium, against the built server. The hand-over story runs on PostgreSQL too,
## with the passing-on scheduler as a server runs it; the letters', wish round's and storytellers' PostgreSQL variants
## prove what the Swift suite proves on PostgreSQL, and run with `make test-browser BROWSER_STORIES=`.
BROWSER_STORIES ?= -k "not postgres or hand_over"
test-browser: deps
	$(SWIFT) build --product heirloom
	bash scripts/with-postgres.sh $(PYTHON) -m pytest -q -p no:cacheprovider --durations=10 $(BROWSER_STORIES) e2e/browser

## What needs a real server on a loopback port: keep-alive after refused uploads, an installed copy started from
## /, SIGTERM during an upload, request logs and /metrics; several servers on one PostgreSQL database.
test-http: deps
	$(SWIFT) build --product heirloom
	$(PYTHON) -m pytest -q -p no:cacheprovider e2e/http
	# Two and three server processes on one PostgreSQL database: each email once, throttles, sessions and media
	# shared, a server killed mid-upload (skipped above, without PostgreSQL).
	bash scripts/with-postgres.sh $(PYTHON) -m pytest -q -p no:cacheprovider e2e/http/test_outbox_two_servers.py \
		e2e/http/test_several_servers.py

## Schemathesis against the published OpenAPI document for FUZZ_SECONDS: fails on any 5xx or an answer that
## does not match the document.
test-fuzz: deps
	$(SWIFT) build --product heirloom
	$(PYTHON) scripts/fuzz-api.py --seconds $(FUZZ_SECONDS) .build/debug/heirloom

## Everything CI runs, stopping at the first failure (README, Tests: about 30 minutes from a fresh clone here).
test: deps lint build-tests check-availability test-sqlite test-sqlite-file test-postgres test-s3 test-browser \
	test-http test-fuzz

## Lays out PREFIX (default /opt/heirloom): bin/heirloom, share/heirloom/Resources and share/heirloom/Public.
install:
	@if [ "$(HEIRLOOM_BIN)" = ".build/$(CONFIGURATION)/heirloom" ]; then \
		$(SWIFT) build $(if $(filter release,$(CONFIGURATION)),$(RELEASE_FLAGS),-c $(CONFIGURATION)) --product heirloom; fi
	install -d "$(PREFIX)/bin" "$(PREFIX)/share/heirloom"
	install -m 0755 "$(HEIRLOOM_BIN)" "$(PREFIX)/bin/heirloom"
	rm -rf "$(PREFIX)/share/heirloom/Resources" "$(PREFIX)/share/heirloom/Public"
	cp -RL Resources Public "$(PREFIX)/share/heirloom/"
	install -m 0644 README.md "$(PREFIX)/share/heirloom/"
	sed 's|/opt/heirloom|$(PREFIX)|g' deploy/heirloom.service > "$(PREFIX)/share/heirloom/heirloom.service"
	chmod 0644 "$(PREFIX)/share/heirloom/heirloom.service"

## An optimised build of the server, for deployment and benchmarks.
release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product heirloom

## Image ingest next to vipsthumbnail, a 1 GiB upload next to a copy, server memory growth; then the same into an
## S3 service (Ceph's RADOS Gateway on loopback): ingest next to the folder's, the upload next to boto3's.
bench-media: release
	bash scripts/with-s3.sh $(PYTHON) scripts/bench/bench_media.py .build/release/heirloom

## 100,000 items: list, category and search latency next to a substring scan.
bench-items: release
	$(PYTHON) scripts/bench/bench_items.py .build/release/heirloom

## The estate summary over 10,000 items (quantities, sets, dispositions) next to the plain item list, same run.
bench-summary: release
	$(PYTHON) scripts/bench/bench_summary.py .build/release/heirloom

## Requests a second under wrk (32 connections): the item list page next to a FastAPI + uvicorn peer serving the
## same 10,000 rows, /api/health, /api/me, a memory-list and a journal-card page; three rounds, alternating.
bench-api: release
	$(PYTHON) scripts/bench/bench_api.py .build/release/heirloom

## The printed estate and insurance inventories of 500 items with a 12-megapixel photo each: pages, size (goal
## under about 50 MB) and time, next to the size of the original photos.
bench-reports: release
	$(PYTHON) scripts/bench/bench_reports.py .build/release/heirloom

## A batch of 20 photos against a fake AI provider answering in 1 s, 4 in flight, next to the ideal (about 5 s).
bench-ai: release
	$(PYTHON) scripts/bench/bench_ai.py .build/release/heirloom

## An item page opened cold in Chromium at 390 px over a simulated 1.6 Mbit/s link (150 ms round trips): time to
## ready and bytes before the photos (goals: under 0.8 s and 120 KB), next to the same page sent uncompressed.
bench-pages: release
	$(PYTHON) scripts/bench/bench_pages.py .build/release/heirloom

## A wish round's division: points over 8 participants and 500 things (goal under 2 s), the draft over 20 and
## 2,000, and the points search next to the exhaustive search on rounds small enough for both, same run.
bench-division: release
	.build/release/heirloom bench-division

## 100 recordings through the transcript jobs with an engine taking 1 s each, 4 at once, next to the ideal 25 s;
## then a 52-chapter book of stories with a photo each: its time and size.
bench-transcripts: release
	$(PYTHON) scripts/bench/bench_transcripts.py .build/release/heirloom
