#!/usr/bin/env bash
# Benchmarks faultline on a generated monorepo (internal/benchgen).
#
#   scripts/bench.sh                 # 500 teams: 1,000 root modules, ~2,300 modules, ~23,000 resources
#   TEAMS=100 scripts/bench.sh       # smaller tree
#   COUNT=3 scripts/bench.sh         # repeat the go test benchmarks
#   BENCHTIME=1x scripts/bench.sh    # go test -benchtime (default 3x)
#   SKIP_GO_BENCH=1 scripts/bench.sh # CLI run only
#
# 1. builds faultline and generates the tree into a temporary directory;
# 2. runs `faultline lint --format json` on it under /usr/bin/time -v (or
#    bash's time when /usr/bin/time is missing) and prints wall time,
#    files/s and max RSS;
# 3. runs `go test -run '^$' -bench . -benchmem ./internal/engine/`
#    (files/s, ns/resource, peak heap), on a tree of the same size.
set -euo pipefail

cd "$(dirname "$0")/.."
TEAMS="${TEAMS:-500}"
RESOURCES="${RESOURCES:-20}"
COUNT="${COUNT:-1}"
BENCHTIME="${BENCHTIME:-3x}" # iterations per benchmark; the first one runs cold
BENCH="${BENCH:-.}"

work="$(mktemp -d "${TMPDIR:-/tmp}/faultline-bench.XXXXXX")"
trap 'rm -rf "$work"' EXIT
tree="$work/tree"
bin="$work/faultline"

echo "== machine"
echo "go: $(go version | cut -d' ' -f3-)"
echo "cpus: $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?')"
if [ -r /proc/meminfo ]; then
	awk '/^MemTotal:/ {printf "memory: %.1f GiB\n", $2/1048576}' /proc/meminfo
fi

echo "== build"
go build -o "$bin" ./cmd/faultline
echo "built $bin"

echo "== generate (teams=$TEAMS, resources per root module=$RESOURCES)"
go run ./internal/benchgen/cmd/benchgen -out "$tree" -teams "$TEAMS" -resources "$RESOURCES"
files=$(find "$tree" -type f \( -name '*.tf' -o -name '*.tfvars' -o -name '*.yaml' \) | wc -l)
echo "input files: $files ($(du -sh "$tree" | cut -f1) on disk)"

echo "== faultline lint --format json (CLI, whole tree)"
# Warm the page cache so the run measures faultline, not the disk.
find "$tree" -type f -exec cat {} + >/dev/null
out="$work/report.json"
timing="$work/time.txt"
status=0
if [ -x /usr/bin/time ]; then
	(cd "$tree" && /usr/bin/time -v "$bin" lint --format json . >"$out" 2>"$timing") || status=$?
	wall=$(sed -n 's/^[[:space:]]*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$timing")
	rss_kb=$(sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' "$timing")
	user=$(sed -n 's/^[[:space:]]*User time (seconds): //p' "$timing")
	sys=$(sed -n 's/^[[:space:]]*System time (seconds): //p' "$timing")
	cpu=$(sed -n 's/^[[:space:]]*Percent of CPU this job got: //p' "$timing")
	# h:mm:ss or m:ss(.ss) to seconds
	secs=$(echo "$wall" | awk -F: '{s=0; for (i=1; i<=NF; i++) s=s*60+$i; print s}')
	echo "exit status: $status (1 = findings at or above --fail-on, expected)"
	echo "wall time: ${secs} s (user ${user} s, sys ${sys} s, CPU ${cpu})"
	awk -v f="$files" -v s="$secs" 'BEGIN {printf "files/s: %.0f\n", f/s}'
	awk -v k="$rss_kb" 'BEGIN {printf "max RSS: %.0f MiB\n", k/1024}'
else
	echo "/usr/bin/time not found: bash time only (see the go test metrics for memory)"
	start=$(date +%s.%N)
	(cd "$tree" && time "$bin" lint --format json . >"$out") || status=$?
	end=$(date +%s.%N)
	secs=$(awk -v a="$start" -v b="$end" 'BEGIN {printf "%.2f", b-a}')
	echo "exit status: $status (1 = findings at or above --fail-on, expected)"
	echo "wall time: ${secs} s"
	awk -v f="$files" -v s="$secs" 'BEGIN {printf "files/s: %.0f\n", f/s}'
fi
if [ "$status" -gt 1 ]; then
	echo "faultline failed (exit $status)" >&2
	exit "$status"
fi
# Summary line of the report, without depending on jq.
tr -d '\n' <"$out" | tr -s ' ' | grep -o '"summary": *{[^{}]*{[^{}]*}[^{}]*}' || true

if [ -n "${SKIP_GO_BENCH:-}" ]; then
	exit 0
fi
echo "== go test -bench (FAULTLINE_BENCH_TEAMS=$TEAMS)"
FAULTLINE_BENCH_TEAMS="$TEAMS" go test -run '^$' -bench "$BENCH" -benchmem -benchtime "$BENCHTIME" -count "$COUNT" -timeout 60m ./internal/engine/
