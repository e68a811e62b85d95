#!/usr/bin/env bash
# usage: edits.sh BIN K TREE... — per tree, on a copy: BIN fills a cache,
# then K random edits (a comment line appended or prepended, one digit
# changed) to a random .tf, YAML, .tpl or .hcl file, each undone after;
# after every edit and every undo BIN's cached `lint --format json` and
# `graph --format dot` (every entity with its file and line) must equal
# its `--no-cache` ones. RANDOM_SEED (default 13) picks the edits.
set -euo pipefail
BIN=$1 K=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
RANDOM=${RANDOM_SEED:-13}
for t in "$@"; do
	name=$(basename "$t")
	w=$work/$name c=$work/$name.cache g=$work/$name.graph
	cp -r "$t" "$w"
	cd "$w"
	"$BIN" lint --cache-dir "$c" --format json . >/dev/null 2>&1 || true
	XDG_CACHE_HOME=$g "$BIN" graph --format dot . >/dev/null 2>&1 || true
	mapfile -t files < <(find . -mindepth 1 \( -name '.*' -prune \) -o \( -name '*.tf' -o -name '*.yaml' -o -name '*.yml' -o -name '*.tpl' -o -name '*.hcl' \) -type f -print | sort)
	same=0 total=0
	for ((k = 0; k < K; k++)); do
		f=${files[RANDOM % ${#files[@]}]}
		cp "$f" "$work/orig"
		case $((RANDOM % 3)) in
		0) kind=append; printf '\n# edited\n' >>"$f" ;;
		1) kind=prepend
			case $f in *.tpl | */templates/*) printf '{{/* edited */}}\n' ;; *) printf '# edited\n' ;; esac | cat - "$work/orig" >"$f" ;;
		2) kind=digit; sed -i '0,/[0-9]/{s/0/1/;t;s/1/2/;t;s/2/3/;t;s/3/4/;t;s/4/5/;t;s/5/6/;t;s/6/7/;t;s/7/8/;t;s/8/9/;t;s/9/0/}' "$f" ;;
		esac
		for phase in edited undone; do
			"$BIN" lint --cache-dir "$c" --format json . >"$work/c.json" 2>/dev/null || true
			"$BIN" lint --no-cache --format json . >"$work/f.json" 2>/dev/null || true
			XDG_CACHE_HOME=$g "$BIN" graph --format dot . >"$work/c.dot" 2>/dev/null || true
			XDG_CACHE_HOME=$work/none "$BIN" graph --format dot . >"$work/f.dot" 2>/dev/null || true
			rm -rf "$work/none"
			total=$((total + 1))
			if cmp -s "$work/c.json" "$work/f.json" && cmp -s "$work/c.dot" "$work/f.dot"; then
				same=$((same + 1))
			else
				echo "$name: DIFF after $kind $phase of $f"
			fi
			[ $phase = edited ] && cp "$work/orig" "$f"
		done
	done
	cd - >/dev/null
	echo "$name: $same of $total cached runs equal --no-cache"
done
