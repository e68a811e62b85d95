#!/usr/bin/env bash
# usage: onefile.sh OLD NEW K R TREE... — ms of CPU per run after one
# file changed: each binary lints its own copy of the tree with its own
# cache; R rounds, each a loop of K runs of OLD then of NEW, a line
# appended to the first .tf by path (else the first YAML) before each
# run. Prints the median round of each, and every round.
set -euo pipefail
OLD=$1 NEW=$2 K=$3 R=$4
shift 4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
med() { printf '%s\n' "$@" | sort -n | sed -n "$((($# + 1) / 2))p"; }
for t in "$@"; do
	name=$(basename "$t")
	f=$(cd "$t" && find . -name '*.tf' -not -path '*/.*' | sort | sed -n 1p)
	[ -z "$f" ] && f=$(cd "$t" && find . \( -name '*.yaml' -o -name '*.yml' \) -not -path '*/.*' | sort | sed -n 1p)
	for b in old new; do
		B=$OLD
		[ "$b" = new ] && B=$NEW
		cp -r "$t" "$work/$b-$name"
		(cd "$work/$b-$name" && "$B" lint --cache-dir "$work/$b-$name.cache" . >/dev/null 2>&1 || true)
	done
	sleep 3 # past the snapshot's two-second window for directories just written
	o=() n=()
	for _ in $(seq 1 "$R"); do
		for b in old new; do
			B=$OLD
			[ "$b" = new ] && B=$NEW
			v=$(cd "$work/$b-$name" && /usr/bin/time -f "%U %S" bash -c "for i in \$(seq 1 $K); do echo >> '$f'; '$B' lint --cache-dir '$work/$b-$name.cache' . >/dev/null 2>&1 || true; done" 2>&1 | tail -1 | awk -v k="$K" '{printf "%.1f", ($1+$2)*1000/k}')
			if [ "$b" = old ]; then o+=("$v"); else n+=("$v"); fi
		done
	done
	echo "$name: one file changed, ms CPU per run: old $(med "${o[@]}") new $(med "${n[@]}")   (old ${o[*]} | new ${n[*]})"
done
