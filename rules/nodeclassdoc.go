package rules

// unreadNodeClassDoc is the paragraph the node class rules' pages share:
// which node classes no Karpenter reads (lint.Model.NodeClassUnread).
const unreadNodeClassDoc = `An EC2NodeClass (or AWSNodeTemplate) no Karpenter reads is not judged:
one whose every cluster of the tree runs EKS Auto Mode (whose built-in
Karpenter reads ` + "`eks.amazonaws.com`" + ` NodeClasses only) while nothing here
installs a Karpenter of its own there (its chart's release, a role trusting
its service account, a Pod Identity association for it, the eks module's
karpenter submodule); FL405 notes it.

`
