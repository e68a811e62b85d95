package rules

import (
	"github.com/faultline-dev/faultline/internal/scheduling"
	"github.com/faultline-dev/faultline/lint"
)

// ZoneInfeasible reports a workload whose zonal volume lives where none of
// the places it could land on can put a node.
var ZoneInfeasible = &lint.Rule{
	ID:       "FL404",
	Name:     "zone-infeasible",
	Severity: lint.Error,
	Summary:  "a zonal volume (PV, StorageClass topology, Immediate binding) lives where no node pool or node group can place a node",
	Since:    "0.1.0",
	Doc: `An EBS volume lives in one Availability Zone, and a pod that mounts it can
only run on a node in that zone. The zone is fixed by a PersistentVolume's
node affinity, by a StorageClass's ` + "`allowedTopologies`" + `, or — for an
` + "`Immediate`" + `-binding EBS class — wherever the volume happened to be created,
before the pod was scheduled.

FL404 takes the NodePools and node groups whose selectors, taints and sizes
fit the pod, and the zones each can put a node in: a NodePool's
` + "`topology.kubernetes.io/zone`" + ` requirement intersected with the zones of its
EC2NodeClass's subnets (subnet IDs or tags resolved against Terraform
` + "`aws_subnet`" + ` and the vpc module's ` + "`azs`" + `), a node group's subnets (or its
zones: eksctl ` + "`availabilityZones`" + `, an Auto Scaling group's ` + "`availability_zones`" + `;
an eksctl group that writes neither is in the VPC's private subnets with
` + "`privateNetworking`" + `, else its public ones). It reports
the workload when its volume's zones share none with any of them; or, as a
warning, when an ` + "`Immediate`" + `-binding EBS class lets the volume be created in
a zone the cluster reaches but the pod's places do not. Zones faultline
cannot resolve are unknown and fit. Topology spread constraints
(` + "`whenUnsatisfiable: DoNotSchedule`" + `) are read but not judged: the scheduler
counts only the domains where nodes are eligible, so a spread alone does not
keep a pod Pending.

## The chain

1. The StatefulSet's claims use a StorageClass whose allowedTopologies pin
   ` + "`eu-west-1c`" + `; the NodePool that runs it only has subnets in ` + "`eu-west-1a`" + ` and
   ` + "`eu-west-1b`" + `.
2. The volume is created in eu-west-1c; the scheduler needs a node there,
   and Karpenter cannot launch one in a zone the NodePool does not allow.
3. The pods stay Pending ("volume node affinity conflict").

## Example

` + "```yaml" + `
  volumeClaimTemplates:
    - metadata: {name: data}
      spec:
        storageClassName: gp3-c   # FL404: NodePool db places nodes only in eu-west-1a, eu-west-1b
` + "```" + `

## How to fix

Let the NodePool (node group) launch in the volume's zone — add it to the
zone requirement and give the node class a subnet there — or use a class
with ` + "`volumeBindingMode: WaitForFirstConsumer`" + ` and no zone pin, so the volume is
created where the pod is scheduled.`,
	Check: func(p *lint.Pass) {
		reportUnschedulable(p, scheduling.StageZones, func(v scheduling.Verdict) string {
			if v.Maybe {
				return "its volume (" + v.Volume.Via + ", Immediate binding) may be created in a zone where no NodePool or node group that fits it can put a node"
			}
			return "its volume lives in a zone where no NodePool or node group that fits it can put a node"
		})
	},
}
