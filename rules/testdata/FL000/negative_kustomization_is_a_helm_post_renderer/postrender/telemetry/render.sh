#!/bin/sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cat > "$here/chart.yaml"
kubectl kustomize "$here"
rm -f "$here/chart.yaml"
