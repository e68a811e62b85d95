#!/bin/bash
# gen.sh SUB V1 V2 ... : writes one stand-in directory per version from the
# era templates in tpl/SUB/vERA/{main.tf,outputs.tf} (written for faultline).
# EKS_GIT: a bare clone of github.com/terraform-aws-modules/terraform-aws-eks
# (default: the fetch mirror); run from the repository root or anywhere.
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
G=${EKS_GIT:-/work/.mirror/terraform-aws-modules+terraform-aws-eks/repo}
E=${EKSGEN:-$(mktemp -d)/eksgen}
[ -x "$E" ] || (cd "$ROOT" && go build -tags devtools -o "$E" ./scripts/eks-submodule-standins)
export EKS_GIT=$G
SUB=$1; shift
OUT=$ROOT/parsers/terraform/models/terraform-aws-modules/eks/aws/modules/$SUB
TPL=$HERE/tpl/$SUB
rm -rf $OUT; mkdir -p $OUT
TAGS=$(git --git-dir $G tag | sort -V)
vers=("$@")
eras=$(ls $TPL | sed 's/^v//' | sort -V)
for i in "${!vers[@]}"; do
  v=${vers[$i]}; next=${vers[$((i+1))]:-}
  if [ -n "$next" ]; then
    last=$(echo "$TAGS" | sed -n "/^v$v\$/,/^v$next\$/p" | grep -v "^v$next\$" | tail -1)
    range="$v up to (not including) $next"
  else
    last=""
    for t in $TAGS; do git --git-dir $G cat-file -e $t:modules/$SUB/variables.tf 2>/dev/null && last=$t; done
    if [ "$last" = "$(echo "$TAGS" | tail -1)" ]; then
      range="$v and later (read up to ${last#v})"
    else
      range="$v up to ${last#v}, the last release that has it"
    fi
  fi
  era=""
  for e in $eras; do
    if [ "$(printf '%s\n%s\n' "$e" "$v" | sort -V | tail -1)" = "$v" ]; then era=$e; fi
  done
  d=$OUT/v$v; mkdir -p $d
  hdr="# Stand-in for terraform-aws-modules/eks/aws//modules/$SUB,
# versions $range.
# Written for faultline, not copied: it declares the real module's inputs and
# creates, at the real resource addresses, only what faultline's rules read.
# Sources: github.com/terraform-aws-modules/terraform-aws-eks, modules/$SUB/
# variables.tf (names, types, defaults, nullable), outputs.tf (names) and
# main.tf (resources, counts, the values modelled) at tags v$v and ${last}."
  { echo "$hdr"; echo; $E vars v$v $SUB; } > $d/variables.tf
  { echo "$hdr"; echo; cat $TPL/v$era/main.tf; } > $d/main.tf
  { echo "$hdr"; echo; $E outfilter $TPL/v$era/outputs.tf v$v $SUB; } > $d/outputs.tf
  $E outfilter $TPL/v$era/outputs.tf $last $SUB > /dev/null
  $E checkvars $d
  terraform fmt $d >/dev/null 2>&1
  echo "v$v (era v$era, last $last)"
done
