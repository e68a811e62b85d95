#!/usr/bin/env bash
# usage: identity.sh OLD NEW TREE... — per tree on a copy: OLD and NEW
# `--no-cache` JSON compared; then NEW fills a cache, the first .tf and
# then the first YAML get a line appended, and after each edit NEW's
# cached output is compared with its `--no-cache` output.
set -euo pipefail
OLD=$1 NEW=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
same() { cmp -s "$1" "$2" && echo same || echo DIFF; }
for t in "$@"; do
	name=$(basename "$t")
	w=$work/$name c=$work/$name.cache
	cp -r "$t" "$w"
	cd "$w"
	"$OLD" lint --no-cache --format json . >"$work/old.json" 2>/dev/null || true
	"$NEW" lint --no-cache --format json . >"$work/new.json" 2>/dev/null || true
	line="$name: old-vs-new $(same "$work/old.json" "$work/new.json"); cached-vs-nocache"
	"$NEW" lint --cache-dir "$c" --format json . >/dev/null 2>&1 || true
	for pat in '*.tf' '*.yaml'; do
		f=$(find . -name "$pat" -not -path '*/.*' | sort | sed -n 1p)
		[ -z "$f" ] && continue
		echo >>"$f"
		"$NEW" lint --cache-dir "$c" --format json . >"$work/cached.json" 2>/dev/null || true
		"$NEW" lint --no-cache --format json . >"$work/fresh.json" 2>/dev/null || true
		line="$line $pat:$(same "$work/cached.json" "$work/fresh.json")"
	done
	cd - >/dev/null
	echo "$line"
done
