#!/usr/bin/env bash
# Benchmarks faultline against the parse floor: a thin wrapper around
# `go run -tags devtools ./scripts/bench` (see scripts/bench/README.md), which generates
# the internal/benchgen tree at 1×, 4× and 16×, runs the floor and
# `faultline lint --format json` on each, and prints Markdown tables.
#
#   scripts/bench.sh                          # 10 teams at 1×, 3 runs each
#   scripts/bench.sh -teams 50 -runs 5        # any flag of scripts/bench
#   scripts/bench.sh -gen=false -repo DIR     # a real repository
#   GO_BENCH=1 scripts/bench.sh               # also the go test benchmarks
#   TEAMS=100 GO_BENCH=1 scripts/bench.sh     # ... on a tree of 100 teams
set -euo pipefail

cd "$(dirname "$0")/.."
go run -tags devtools ./scripts/bench "$@"

if [ -n "${GO_BENCH:-}" ]; then
	echo
	echo "== go test -bench (FAULTLINE_BENCH_TEAMS=${TEAMS:-500})"
	FAULTLINE_BENCH_TEAMS="${TEAMS:-500}" go test -run '^$' -bench "${BENCH:-.}" -benchmem \
		-benchtime "${BENCHTIME:-3x}" -count "${COUNT:-1}" -timeout 60m ./internal/engine/
fi
