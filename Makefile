# funnels — build, test and run. `make demo` and `make test` are the two commands a fresh machine needs.
GO      ?= go
BIN     := bin/funnels
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -X main.version=$(VERSION)
# Without cgo the binary is static: it starts without the dynamic loader and libc
# (a millisecond or two of every command's start) and loses nothing by it: names
# are resolved and users looked up by Go's own code. The end-to-end tests build it
# the same way (e2e/main_test.go).
NOCGO   := CGO_ENABLED=0

.PHONY: build install test sweep test-inspector test-faults soak demo bench screenshots lint vet fmt-check deadcode sandbox fuzz clean

build:
	$(NOCGO) $(GO) build -ldflags "$(LDFLAGS)" -o $(BIN) .

# Puts funnels in $(go env GOBIN), or $(go env GOPATH)/bin, stamped with the version,
# and says where, with the line that puts that folder on PATH when it is not there.
install:
	$(NOCGO) $(GO) install -ldflags "$(LDFLAGS)" .
	@dir=$$($(GO) env GOBIN); gopath=$$($(GO) env GOPATH); dir=$${dir:-$${gopath%%:*}/bin}; \
	case ":$$PATH:" in \
	*":$$dir:"*) echo "make install: funnels is in $$dir" ;; \
	*) echo "make install: funnels is in $$dir, which is not on PATH; add it (in ~/.profile to keep it):"; \
	   echo "  export PATH=\"\$$PATH:$$dir\"" ;; \
	esac

# The whole suite: lint, then every package (race detector on); the end-to-end tests
# in e2e/ build the binary once for themselves. Without tmux the end-to-end tests of
# the terminal are skipped: said before and after. The deadcode check runs beside the
# tests (it is one process on one core for a quarter of a minute) and its verdict is
# given after them. ui and e2e, the longest packages, start first and three packages
# run at once, so the short ones fill the time e2e spends waiting on tmux and ssh.
# GORACE's atexit_sleep_ms=0: the race detector otherwise sleeps a second at the end
# of every test binary. Each exhaustive sweep runs a fixed sample of itself here and
# whole in make sweep.
TMUX_NOTE = command -v tmux >/dev/null || echo "make test: tmux is not installed: the end-to-end tests that drive the terminal are SKIPPED (apt-get install tmux to run them)"
test: fmt-check vet build
	@$(TMUX_NOTE)
	@dc=$$(mktemp); ($(DEADCODE_CHECK)) >$$dc 2>&1 & pid=$$!; \
	echo "GORACE=atexit_sleep_ms=0 $(GO) test -race -count=1 -p 3 -parallel 4 ./ui ./e2e ./...  (and deadcode beside it)"; \
	GORACE=atexit_sleep_ms=0 $(GO) test -race -count=1 -p 3 -parallel 4 ./ui ./e2e ./...; rc=$$?; \
	wait $$pid || rc=1; cat $$dc; rm -f $$dc; exit $$rc
	@$(TMUX_NOTE)
	@echo "make test: the official MCP Inspector's calls of every tool are not part of it: make test-inspector (CI runs it after)"
	@echo "make test: the sweeps ran a sample of themselves: make sweep runs them whole (CI runs it after)"

# The exhaustive sweeps, whole: every letter of every choice of every form, a resize
# storm in every state of the browser, three random walks of the view caches, every
# help page and error path of the command line at 80 columns in a terminal, and fifty
# seconds of the browser under random faults. make test runs a fixed sample of each
# (FUNNELS_SWEEP unset); these run without the race detector, which the samples ran
# under. A test that samples a sweep must be named here (e2e checks it).
SWEEPS := TestLettersPickInEveryChoiceOfEveryForm|TestResizeStormInEveryState|TestViewCachesDrawWhatAFreshViewDraws|TestHelpAndErrorsFitTheTerminal|TestTUIUnderFaults
sweep: build
	FUNNELS_SWEEP=1 $(GO) test -count=1 -timeout 20m -run '^($(SWEEPS))$$' ./ui ./e2e

# The official MCP Inspector (pinned in e2e/testdata/inspector) lists and calls every
# tool of `funnels mcp`, an applied import among them: half a minute of node processes,
# one a call, kept out of make test's minutes. It needs Node 20 or later and the
# Inspector installed there with npm ci (.ci/run does); without it the test is skipped.
INSPECTOR_NOTE = test -x e2e/testdata/inspector/node_modules/.bin/mcp-inspector || echo "make test-inspector: the MCP Inspector is not installed: its test is SKIPPED (cd e2e/testdata/inspector && npm ci)"
test-inspector: build
	@$(INSPECTOR_NOTE)
	cd e2e && FUNNELS_INSPECTOR=1 $(GO) test -count=1 -run '^TestInspectorCallsEveryTool$$' -v .
	@$(INSPECTOR_NOTE)

# A minute of the browser under random faults (latency up to 5 s, 30% 5xx, drops,
# truncated bodies) — make test runs four submits of it, make sweep the minute; this
# runs the minute alone and shows its log.
test-faults: build
	FUNNELS_SWEEP=1 $(GO) test -count=1 -run '^TestTUIUnderFaults$$' -v ./e2e

# The soak: for SOAK_TIME, the real binary's `funnels index` crawls a server that lies
# at random in every answer and is killed at random (SIGKILL, SIGTERM); after each run
# the process ended when told, the index opens whole, no id is in it twice and no file
# is over its bound. Not part of `make test`; CI runs it after.
SOAK_TIME ?= 2m
soak: build
	cd e2e && FUNNELS_SOAK=1 FUNNELS_SOAK_TIME=$(SOAK_TIME) $(GO) test -count=1 -timeout 20m -run '^TestSoak$$' -v .

# The benchmarks, each beside its baseline in the same run (bubbles/list, a bare
# net/http GET, the sandbox's limit, the raw JSON): writes e2e/bench/report.json and
# prints it as a table. Ten to fifteen minutes (the figures at scale are measured twice,
# the second time beside a busy core); a budget missed shows as NO in the table and
# in the JSON, never as a failure. Run in local directory mode so the table is shown.
bench:
	cd e2e && FUNNELS_BENCH_REPORT=$(CURDIR)/e2e/bench/report.json $(GO) test -count=1 -timeout 30m -run '^TestBenchReport$$'

# Regenerates screenshots/*.png and the recorded walk-through (screenshots/walkthrough.cast)
# from the real binary running --demo in tmux, rendered by freeze (pinned in
# screenshots/tools/go.mod). Needs tmux. The same command gives the same pictures.
screenshots: build
	command -v tmux >/dev/null || { echo "make screenshots needs tmux (apt-get install tmux)"; exit 1; }
	cd screenshots/tools && $(GO) build -o ../../bin/freeze github.com/charmbracelet/freeze
	cd screenshots/tools && $(GO) run ./shoot -bin ../../$(BIN) -freeze ../../bin/freeze -out ..

# Opens the terminal browser on the embedded sandbox's demo data; no account needed.
demo: build
	./$(BIN) --demo

sandbox: build
	./$(BIN) sandbox --addr 127.0.0.1:8484

lint: fmt-check vet deadcode

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

# Functions nothing calls, tests included (x/tools deadcode, pinned): it must find none.
# About 7 s once the tool is built; the first run fetches and builds it (under a minute).
DEADCODE := golang.org/x/tools/cmd/deadcode@v0.52.0
DEADCODE_CHECK = out=$$($(GO) run $(DEADCODE) -test ./...) || exit 1; \
	if [ -n "$$out" ]; then echo "deadcode: unreachable functions:"; echo "$$out"; exit 1; fi
deadcode:
	@$(DEADCODE_CHECK)

# Longer fuzzing than the corpus replay that `make test` does. Go's fuzzing engine (Go
# 1.26) can end a run that found nothing with "context deadline exceeded" as its time
# runs out, a worker still busy; a finding always writes its failing input into the
# package's testdata/fuzz/TARGET. So a run that failed and wrote no new input there is
# said and the target fuzzed once more; one that wrote an input stops make fuzz.
FUZZTIME ?= 30s
fuzz:
	@for pkg in $$($(GO) list ./...); do \
	  corpus=$$($(GO) list -f '{{.Dir}}' $$pkg)/testdata/fuzz; \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "== $$pkg $$f"; \
	    for try in 1 2; do \
	      before=$$(ls "$$corpus/$$f" 2>/dev/null | wc -l); \
	      out=$$($(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$pkg 2>&1); rc=$$?; \
	      echo "$$out" | grep -v '^fuzz: elapsed'; \
	      [ $$rc -eq 0 ] && break; \
	      [ $$(ls "$$corpus/$$f" 2>/dev/null | wc -l) -gt $$before ] && exit 1; \
	      [ $$try -eq 2 ] && exit 1; \
	      echo "   failed with no failing input written (the fuzzing engine can end so as its time runs out): once more"; \
	    done; \
	  done; \
	done

clean:
	rm -rf bin
