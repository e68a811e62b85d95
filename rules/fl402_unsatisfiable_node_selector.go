package rules

import (
	"github.com/faultline-dev/faultline/internal/scheduling"
	"github.com/faultline-dev/faultline/lint"
)

// UnsatisfiableNodeSelector reports a workload whose node selector or
// required node affinity no NodePool or node group can satisfy.
var UnsatisfiableNodeSelector = &lint.Rule{
	ID:       "FL402",
	Name:     "unsatisfiable-node-selector",
	Severity: lint.Error,
	Summary:  "no node pool or node group carries the labels a workload selects",
	Since:    "0.1.0",
	Doc: `A pod's ` + "`nodeSelector`" + ` and required node affinity must be satisfied by the
labels of some node. Karpenter only launches a node for a pod when one
NodePool can give it every label it requires: a well-known label (instance
type, family, architecture, zone, capacity type, the NodePool's name) its
requirements allow, or a label its template or requirements define. A
managed node group's nodes carry its ` + "`labels`" + ` (and those its launch
template's user data sets as Bottlerocket settings,
` + "`[settings.kubernetes.node-labels]`" + `, or as an AL2023 nodeadm NodeConfig's
` + "`--node-labels`" + ` kubelet flag), its name
(` + "`eks.amazonaws.com/nodegroup`" + `), its capacity type
(` + "`eks.amazonaws.com/capacityType`" + `: ` + "`capacity_type`" + `, ` + "`ON_DEMAND`" + ` when not written)
and the Kubernetes labels of its instance types (type, architecture; a
self-managed group's nodes have no ` + "`eks.amazonaws.com/capacityType`" + `, only
what their bootstrap labels them with), never Karpenter's own ` + "`karpenter.k8s.aws/`" + `
instance labels. Neither carries ` + "`eks.amazonaws.com/compute-type`" + `, which only Fargate (` + "`fargate`" + `),
EKS Auto Mode (` + "`auto`" + `) and hybrid nodes set: a pod selecting
` + "`compute-type: fargate`" + ` in a namespace no Fargate profile selects fits nowhere.
A NodePool of EKS Auto Mode (its ` + "`nodeClassRef`" + ` an ` + "`eks.amazonaws.com`" + ` NodeClass)
gives its nodes ` + "`compute-type: auto`" + ` and its instance labels under
` + "`eks.amazonaws.com/`" + ` (` + "`eks.amazonaws.com/instance-category`" + `, ` + "`…/instance-cpu`" + `),
which its requirements narrow as Karpenter's do; it does nothing in a
cluster the tree declares without Auto Mode. An Auto Mode cluster's
built-in NodePools are declared by no source, so its workloads are not
judged, unless it turns them off (` + "`node_pools = []`" + `): its capacity is then the
NodePools declared here. A ` + "`karpenter.sh/v1`" + ` NodePool's
requirements may bound a number with Karpenter's own ` + "`Gte`" + ` and ` + "`Lte`" + `
(Karpenter 1.9 on; the bound included); in a v1beta1 NodePool and in a
pod's node affinity the API server refuses them (FL000).

A required node affinity whose every ` + "`nodeSelectorTerm`" + ` is empty
(` + "`matchExpressions: []`" + `) matches no node at all; an empty term beside others
is one alternative that never matches.

FL402 reports a workload when no NodePool or node group of its cluster can
carry the labels it requires — a selector left over from another cluster, a
label renamed in the NodePool, an instance family the NodePool excludes.
It judges a workload only when the tree declares the whole capacity of its
cluster (the EKS cluster itself, and the NodePools of a Karpenter it
installs: by a release of the chart, or by the identity its controller
runs as — a role trusted for a ` + "`karpenter`" + ` service account, a Pod Identity
association for one, the eks module's ` + "`karpenter`" + ` submodule — which a
Karpenter installed by other means still needs), or when the pod pins itself to places declared here (by a
label they define with a value they carry, or ` + "`karpenter.sh/nodepool`" + `): a
label no place of the tree defines, and with capacity not all declared a
value none carries (` + "`tier: spot`" + ` beside a node group's ` + "`tier=system`" + `, the
NodePools applied from elsewhere), belongs to capacity declared elsewhere,
and is not judged; so does a label a place carries that the same term
rules out by its name (` + "`karpenter.sh/nodepool DoesNotExist`" + ` beside a label a
NodePool carries: the pod is meant for node groups declared elsewhere). Nor
is any workload judged whose cluster gets NodePools from a release of a
chart faultline does not render (a generic chart whose values list
NodePool manifests): those NodePools are no places here; nor one that only
a self-managed node group may take, whose labels and taints its nodes'
bootstrap sets (the coverage lines of all scheduling rules are counted
here, FL403's reason included). An Auto Scaling group nothing ties to an
EKS cluster (no ` + "`kubernetes.io/cluster/<name>`" + ` tag, no cluster in its
Terraform root) is no place for the workloads of a tree that declares its
clusters: a web server's group. A
GitOps tree that declares no cluster says its NodePools, node groups and
Fargate profiles are the whole capacity with ` + "`capacity { complete = true }`" + `
in .faultline.hcl (docs/configuration.md).

Karpenter's own controller is told as its own chain. The Karpenter chart
keeps it off the nodes Karpenter launches (required affinity: no label
` + "`karpenter.sh/nodepool`" + `), so it must run on a node group or a Fargate
profile — and with that affinity cleared (` + "`affinity: null`" + `) it still
cannot count on a NodePool's nodes, which only the running controller
launches; when none of its cluster takes it (the last node group deleted,
or never declared) FL402 says "the Karpenter controller has nowhere to
run": with the controller Pending, no NodePool launches anything and nodes
that expire are not replaced. The controller is the Deployment rendered
from the Karpenter chart (known by the chart, not by its name); for a
release of the chart from its repository, which is not rendered, the
Deployment is modelled from the chart's defaults at the release's version
(` + "`nodeSelector`" + `, ` + "`affinity`" + `, ` + "`tolerations`" + `,
` + "`topologySpreadConstraints`" + `, the containers' resources and the pods'
labels, read from the chart at each release tag) with the release's
values merged over them as Helm merges them — inferred when the version
is not pinned or not one faultline knows, and not modelled when some
values are not known.

## The chain

1. The Deployment selects ` + "`team: payments`" + `; the NodePool was renamed and its
   template now sets ` + "`team: billing`" + `.
2. The scheduler finds no node; Karpenter logs "incompatible requirements"
   for every NodePool and launches nothing.
3. The pods stay Pending.

## Example

` + "```yaml" + `
      nodeSelector:
        team: payments      # FL402: NodePool general's nodes have team=billing
` + "```" + `

## How to fix

Select a label the intended NodePool (node group) puts on its nodes, or add
the label to its template (` + "`spec.template.metadata.labels`" + `) or ` + "`labels`" + `.`,
	Check: func(p *lint.Pass) {
		reportUnschedulable(p, scheduling.StageSelectors, func(v scheduling.Verdict) string {
			return "no NodePool or node group of its cluster carries the labels it requires"
		})
	},
}
