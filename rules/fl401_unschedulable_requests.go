package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/faultline-dev/faultline/internal/scheduling"
	"github.com/faultline-dev/faultline/lint"
)

// UnschedulableRequests reports a workload whose requests no instance type
// its NodePools, node groups or Fargate profile may launch can allocate.
var UnschedulableRequests = &lint.Rule{
	ID:       "FL401",
	Name:     "unschedulable-requests",
	Severity: lint.Error,
	Summary:  "a workload requests more than any allowed instance can give",
	Since:    "0.1.0",
	Doc: `The scheduler places a pod by its resource *requests*, against what a node
can **allocate** — not its capacity, and not how busy it looks. On an EKS
node, allocatable is capacity less kube-reserved (CPU: 6% of the first
core, 1% of the second, 0.5% of the next two, 0.25% of the rest; memory:
11 MiB per pod the node may run plus 255 MiB), less the kubelet's hard
eviction threshold (100 MiB), less what the DaemonSets that run on every
node request. Karpenter estimates a type it has not launched yet with 7.5%
of its memory set aside for the VM as well.

FL401 takes each NodePool, node group or Fargate profile the pods could land
on (their selectors and tolerations fit), the instance types it may launch
(the NodePool's requirements on instance type, family, category, size,
CPU, memory, GPU and architecture, and its limits; the node group's
instance_types, its launch template's instance_type, or EKS's t3.medium
when neither names one), and reports the workload when none of
them can allocate the pod's requests: the sum of its containers or its
largest init container, whichever is larger, plus the pod overhead. GPUs
count by maker: an instance type's NVIDIA GPUs are ` + "`nvidia.com/gpu`" + ` devices, AMD's
(g4ad) ` + "`amd.com/gpu`" + `; a type whose GPU maker the table does not name offers
either. Other extended resources (AWS Neuron's ` + "`aws.amazon.com/neuron`" + ` and
` + "`neuroncore`" + `, Habana's ` + "`habana.ai/gaudi`" + `, EFA's ` + "`vpc.amazonaws.com/efa`" + `) are
not counted: the table has no counts of them, so a request for more than a
node has is not reported.

Instance facts come from a table generated from public sources
(internal/instancetypes); a type the table lacks is unknown and fits.
A NodePool that restricts no instance property fits everything; requests
that cannot be read are not judged, nor is a workload whose ` + "`replicas`" + ` is
written 0 (no pod runs until something scales it up; a coverage note)
unless a KEDA ScaledObject of the tree scales it (from zero). A Fargate profile takes the pods its
selectors match; a workload whose file writes no namespace and that no
kustomization, release, Argo CD Application or Flux Kustomization places
runs where ` + "`kubectl apply`" + ` puts it, ` + "`default`" + `: it is judged there, one
severity lower, when a Fargate profile of its cluster decides by namespace.

## The chain

1. The Deployment requests 6 CPU; its NodePool only allows m5.large and
   m5.xlarge (4 vCPU, 3920m allocatable).
2. The scheduler finds no node; Karpenter simulates every instance type the
   NodePool allows, logs "no instance type satisfied resources" and launches
   nothing.
3. The pods stay Pending while the cluster looks idle.

## Example

` + "```yaml" + `
# NodePool general: node.kubernetes.io/instance-type In [m5.large, m5.xlarge]
      containers:
        - name: api
          resources:
            requests:        # FL401: m5.xlarge allocates 3920m CPU, the pod requests 6
              cpu: "6"
` + "```" + `

## How to fix

Lower the requests, or let the NodePool (node group) launch an instance type
that allocates them — the hint names the smallest one the table has.

A NodePool whose own requirements leave no instance type at all (` + "`kubernetes.io/arch In [arm64]`" + `
beside x86 families only: each ` + "`In`" + ` names what the table has, and no type meets
them all) launches no node: a pod that only it may take is reported the same
way, whatever it requests. Requirements that only exclude (` + "`NotIn`, `Gt`, `Lt`" + `)
may be met by a type newer than the table, and are not judged so.`,
	Check: func(p *lint.Pass) {
		reportUnschedulable(p, scheduling.StageRequests, func(v scheduling.Verdict) string {
			if t := requestText(v); t != "" {
				return fmt.Sprintf("it requests %s, more than any instance type %s may launch can allocate", t, placeCount(tooSmall(v)))
			}
			// No requests: only a place that launches nothing at all
			// (its requirements leave no instance type) refuses them.
			return fmt.Sprintf("%s may launch no instance type at all", placeCount(tooSmall(v)))
		})
	},
}

// tooSmall is v with only the places whose instance types are too small
// for the requests: the others are kept off by what the pods select or
// tolerate, and the headline is not about them (v itself when none is).
func tooSmall(v scheduling.Verdict) scheduling.Verdict {
	out := v
	out.Places = nil
	for _, pf := range v.Places {
		if slices.ContainsFunc(pf.Misfits, func(m scheduling.Misfit) bool { return m.Stage == scheduling.StageRequests }) {
			out.Places = append(out.Places, pf)
		}
	}
	if len(out.Places) == 0 {
		return v
	}
	return out
}

// requestText writes the pod's effective requests.
func requestText(v scheduling.Verdict) string {
	r := v.Requests
	var parts []string
	if r.MilliCPU > 0 {
		parts = append(parts, scheduling.CPUString(r.MilliCPU)+" CPU")
	}
	if r.Memory > 0 {
		parts = append(parts, scheduling.MemString(r.Memory)+" memory")
	}
	if r.GPU > 0 {
		parts = append(parts, fmt.Sprintf("%d GPU", r.GPU))
	}
	if r.AMDGPU > 0 {
		parts = append(parts, fmt.Sprintf("%d AMD GPU", r.AMDGPU))
	}
	if len(parts) > 2 {
		return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
	}
	return strings.Join(parts, " and ")
}
