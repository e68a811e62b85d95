#!/usr/bin/env bash
# usage: tfstage.sh OLD NEW N TREE... — the median over N cold runs
# (`faultline lint --no-cache --verbose`, OLD and NEW alternating) of the
# Terraform stage's CPU and of the whole run's CPU (to 10 ms), per tree.
set -euo pipefail
OLD=$1 NEW=$2 N=$3
shift 3
med() { printf '%s\n' "$@" | sort -n | sed -n "$((($# + 1) / 2))p"; }
for t in "$@"; do
	o=() n=() ow=() nw=()
	for _ in $(seq 1 "$N"); do
		for b in old new; do
			B=$OLD
			[ "$b" = new ] && B=$NEW
			out=$(cd "$t" && /usr/bin/time -f "TIME %U %S" "$B" lint --no-cache --verbose . 2>&1 >/dev/null || true)
			st=$(echo "$out" | awk '/^stage terraform/ {print $6}')
			case "$st" in
			*µs) st=$(echo "${st%µs}" | awk '{print $1/1000}') ;;
			*ms) st=${st%ms} ;;
			*s) st=$(echo "${st%s}" | awk '{print $1*1000}') ;;
			esac
			w=$(echo "$out" | awk '/^TIME/ {printf "%.0f", ($2+$3)*1000}')
			if [ "$b" = old ]; then o+=("$st") ow+=("$w"); else n+=("$st") nw+=("$w"); fi
		done
	done
	echo "$(basename "$t"): terraform stage CPU ms $(med "${o[@]}") -> $(med "${n[@]}"); run CPU ms $(med "${ow[@]}") -> $(med "${nw[@]}")"
done
