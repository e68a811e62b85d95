#!/bin/bash
/etc/eks/bootstrap.sh media --kubelet-extra-args '--node-labels=workload=encode'
