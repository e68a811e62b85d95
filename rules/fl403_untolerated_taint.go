package rules

import (
	"github.com/faultline-dev/faultline/internal/scheduling"
	"github.com/faultline-dev/faultline/lint"
)

// UntoleratedTaint reports a workload every place it could land on is
// tainted against.
var UntoleratedTaint = &lint.Rule{
	ID:       "FL403",
	Name:     "untolerated-taint",
	Severity: lint.Error,
	Summary:  "every place a workload could land is tainted against it",
	Since:    "0.1.0",
	Doc: `A node taint with effect ` + "`NoSchedule`" + ` or ` + "`NoExecute`" + ` keeps every pod that does not
tolerate it away. NodePools taint their nodes (` + "`spec.template.spec.taints`" + `) to
reserve them (GPUs, a team, system add-ons); managed node groups do the same
with ` + "`taint`" + ` blocks, or with Bottlerocket settings in their launch template's
user data (` + "`[settings.kubernetes.node-taints]`" + `, ` + "`key = \"value:Effect\"`" + `), or with an AL2023
nodeadm NodeConfig there (` + "`--register-with-taints`" + ` among ` + "`spec.kubelet.flags`" + `,
` + "`spec.kubelet.config.registerWithTaints`" + `). Startup taints are not counted: Karpenter expects them
to be removed. Nor are the taints a node agent removes once it runs on the
node, which clusters set on every node so pods wait for it:
` + "`node.cilium.io/agent-not-ready`" + ` (Cilium's documented setup) and the EBS and
EFS CSI node drivers' ` + "`ebs.csi.aws.com/agent-not-ready`" + `,
` + "`efs.csi.aws.com/agent-not-ready`" + ` — on node groups; a NodePool that writes one
under ` + "`taints`" + ` rather than ` + "`startupTaints`" + ` keeps it, since Karpenter
launches a node only for pods that tolerate its taints.

FL403 reports a workload whose selectors fit some NodePools or node groups
of its cluster, when every one of them carries a taint the pod does not
tolerate. It sits at the pod's tolerations, else at the node selector that
pins it to the tainted places (in a chart, the values key that set it), else
at the pod spec. The hint gives the toleration to add. It judges only where the
tree declares the cluster's whole capacity or the pod pins itself to places
declared here (as FL402 does); a toleration it cannot read tolerates
everything. A self-managed node group's labels and taints come from its
nodes' bootstrap (user data), which faultline does not read: a pod only
such a group may take is not judged, and a coverage note says so. A ` + "`NoExecute`" + ` taint tolerated only for ` + "`tolerationSeconds`" + ` is not
tolerated: the taint manager evicts the pod when they are up, and it is
scheduled onto the same nodes again. A pod that requests an extended resource (` + "`nvidia.com/gpu`" + `)
tolerates NoSchedule taints of that key: EKS enables the
ExtendedResourceToleration admission controller, which adds
` + "`{key: nvidia.com/gpu, operator: Exists, effect: NoSchedule}`" + ` (FL401 counts it too).

A DaemonSet is never Pending: it runs one pod on each node its selectors
allow and whose taints it tolerates. FL403 reports one whose selectors allow
some NodePools or node groups of its cluster when every one of them is
tainted against it — a device plugin pinned to the GPU nodes without their
toleration runs no pod, and no node advertises its GPUs. A DaemonSet whose
selectors allow no place declared here is not reported (charts ship
DaemonSets for nodes a cluster may not have, such as Windows ones), nor one
in a namespace a Fargate profile selects, nor one a self-managed group may
take.

## The chain

1. The GPU NodePool is tainted ` + "`nvidia.com/gpu=true:NoSchedule`" + `; the training Job
   selects ` + "`karpenter.sh/nodepool: gpu`" + ` but has no toleration.
2. The scheduler rejects every node; Karpenter finds that the pod does not
   tolerate the NodePool's taints and launches nothing.
3. The Job's pods stay Pending.

## Example

` + "```yaml" + `
    spec:
      nodeSelector:
        karpenter.sh/nodepool: gpu   # FL403: NodePool gpu's nodes are tainted nvidia.com/gpu=true:NoSchedule
` + "```" + `

## How to fix

Add the toleration the hint names to the pod spec, or remove the taint from
the NodePool (node group) that is meant to run it.`,
	Check: func(p *lint.Pass) {
		reportUnschedulable(p, scheduling.StageTaints, func(v scheduling.Verdict) string {
			return "every NodePool or node group its selectors allow is tainted against it"
		})
	},
}
