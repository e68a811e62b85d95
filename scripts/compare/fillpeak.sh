#!/usr/bin/env bash
# usage: fillpeak.sh N TREE OLD NEW — N rounds, OLD then NEW, of
# `faultline lint` filling an empty cache on TREE (each binary copied
# afresh with its faultline-render, so that neither runs from a warm
# page cache the other lacks): peak resident memory in MiB (GNU time's
# %M is KiB) and CPU seconds.
set -euo pipefail
N=$1 TREE=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for _ in $(seq 1 "$N"); do
	for B in "$@"; do
		d=$work/bin
		rm -rf "$d" "$work/cache"
		mkdir -p "$d"
		cp "$B" "$(dirname "$B")/faultline-render" "$d/"
		out=$(cd "$TREE" && /usr/bin/time -f "%M %U %S" "$d/faultline" lint --cache-dir "$work/cache" --format json . 2>&1 >/dev/null | tail -1)
		echo "$out" | awk -v b="$B" '{printf "%s: peak %.1f MiB, %.1f s CPU\n", b, $1/1024, $2+$3}'
	done
done
