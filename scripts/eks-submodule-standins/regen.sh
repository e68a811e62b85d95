#!/bin/bash
set -e
# regen.sh: rebuild every eks submodule stand-in directory (one version
# directory per list entry: where a variable, an output or a modelled fact
# changes). Add a tag to a list to model a new release.
cd "$(dirname "$0")"
export EKSGEN=${EKSGEN:-$(mktemp -d)/eksgen}
(cd ../.. && go build -tags devtools -o "$EKSGEN" ./scripts/eks-submodule-standins)
./gen.sh karpenter 18.31.0 19.7.0 19.10.0 19.11.0 19.14.0 19.17.2 19.18.0 20.0.0 20.2.0 20.10.0 20.16.0 20.24.0 21.0.0 21.5.0 21.8.0
./gen.sh eks-managed-node-group 18.0.0 18.0.6 18.1.0 18.2.5 18.3.0 18.12.0 18.13.0 18.18.0 18.20.1 18.24.0 18.28.0 19.0.0 19.4.0 19.12.0 19.16.0 20.4.0 20.5.3 20.6.0 20.7.0 20.8.4 20.16.0 20.22.0 20.28.0 20.33.0 21.0.0 21.1.2 21.9.0 21.14.0
./gen.sh self-managed-node-group 18.0.0 18.1.0 18.3.0 18.6.1 18.10.2 18.13.0 18.16.0 18.18.0 18.20.1 18.21.0 18.23.0 18.28.0 19.0.0 19.4.0 20.0.0 20.4.0 20.5.3 20.8.4 20.9.0 20.12.0 20.16.0 20.20.0 20.22.0 20.26.0 20.28.0 21.0.0 21.0.8 21.0.9 21.1.2
./gen.sh aws-auth 20.0.0
./gen.sh fargate-profile 18.0.0 18.1.0 18.2.6 18.10.2 18.20.1 19.0.0 20.11.0 20.16.0 21.0.0
