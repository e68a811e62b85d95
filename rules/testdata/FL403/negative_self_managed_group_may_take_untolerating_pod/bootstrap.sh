#!/bin/bash
/etc/eks/bootstrap.sh shop --kubelet-extra-args '--node-labels=pool=legacy'
