#!/bin/bash
set -euo pipefail

/etc/eks/bootstrap.sh ${cluster_name} \
  --apiserver-endpoint '${cluster_endpoint}' \
  --b64-cluster-ca '${cluster_ca}' \
  --kubelet-extra-args '--node-labels=acme.io/pool=ci-runners --register-with-taints=acme.io/ci=true:NoSchedule'
