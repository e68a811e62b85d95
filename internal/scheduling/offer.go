package scheduling

import (
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// offerFor says what the place's nodes carry for a label key. instances
// are the instance types still allowed (nil: not known).
func (p *Place) offerFor(key string, instances []*instance, instancesKnown bool) offer {
	if p.autoMode && key == LabelComputeType {
		return offer{finite: true, values: []string{computeTypeAuto}}
	}
	if k, ok := p.autoModeInstanceKey(key); ok {
		key = k
	}
	switch {
	case instanceDerived(key) && karpenterDomain(key) && !p.karpenter:
		// Karpenter puts its instance labels on the nodes it launches
		// only; a node group's nodes carry them if it labels them so.
		if _, set := p.labels[key]; set || p.labelsOpen {
			return p.customOffer(key)
		}
		return offer{missing: true}
	case instanceDerived(key):
		if instancesKnown {
			return offer{finite: true, values: labelValues(instances, key)}
		}
		return p.openOffer(key)
	case isZoneKey(key):
		if p.zonesKnown {
			return offer{finite: true, values: p.zones}
		}
		return p.openOffer(LabelZone)
	case key == LabelNodePool:
		return p.identityOffer(NodePoolPlace)
	case key == LabelNodeGroup:
		return p.identityOffer(NodeGroupPlace)
	case key == LabelCapacityType:
		if !p.karpenter {
			return offer{missing: true}
		}
		return p.openOffer(key)
	case key == LabelEKSCapacity:
		if p.karpenter {
			return offer{missing: true}
		}
		if p.capacityType != "" {
			// EKS labels a managed group's nodes with its capacity type.
			return offer{finite: true, values: []string{p.capacityType}}
		}
		if ng, ok := p.Entity.(*lint.NodeGroup); ok && !ng.Managed {
			// EKS labels no self-managed node: only its own labels.
			return p.customOffer(key)
		}
		return offer{}
	case key == LabelOS && p.os != "":
		return offer{finite: true, values: []string{p.os}}
	case key == labelWindowsBuild && p.os == lint.OSLinux:
		return offer{missing: true} // the kubelet sets it on Windows nodes only
	case key == labelWindowsBuild && p.windowsBuild != "":
		return offer{finite: true, values: []string{p.windowsBuild}}
	case wellKnown(key):
		if karpenterDomain(key) && !p.karpenter {
			// Karpenter labels no node group's nodes; a node group
			// labels them itself with any key outside kubelet's own
			// domains (karpenter.sh/controller = "true" for the nodes
			// that run Karpenter).
			if _, set := p.labels[key]; set || p.labelsOpen {
				return p.customOffer(key)
			}
			return offer{missing: true}
		}
		return p.openOffer(key)
	}
	return p.customOffer(key)
}

// The label EKS puts on the nodes of a compute type it manages, and its
// value on EKS Auto Mode's.
const (
	LabelComputeType = "eks.amazonaws.com/compute-type"
	computeTypeAuto  = "auto"
)

// autoModeInstanceKey is the Karpenter instance label
// (karpenter.k8s.aws/instance-cpu) that a label key of EKS Auto Mode's
// nodes names (eks.amazonaws.com/instance-cpu), for a NodePool of Auto
// Mode, when the instance table decides it.
func (p *Place) autoModeInstanceKey(key string) (string, bool) {
	rest, ok := strings.CutPrefix(key, "eks.amazonaws.com/instance-")
	if !p.autoMode || !ok {
		return "", false
	}
	k := "karpenter.k8s.aws/instance-" + rest
	return k, instanceDerived(k)
}

// identityOffer is the offer for the label naming the NodePool or node
// group a node belongs to.
func (p *Place) identityOffer(kind PlaceKind) offer {
	if p.Kind != kind {
		return offer{missing: true}
	}
	if p.name == "" {
		return offer{prefix: p.namePrefix}
	}
	return offer{finite: true, values: []string{p.name}}
}

// openOffer is a well-known label the nodes always carry, constrained by
// the NodePool's requirements on it.
func (p *Place) openOffer(key string) offer {
	return offer{reqs: p.reqs[key]}
}

// customOffer is a label no instance type or EKS decides: the NodePool's
// template label or requirement, the node group's label, else missing
// (Karpenter does not launch a node for a label it does not know).
func (p *Place) customOffer(key string) offer {
	if v, ok := p.labels[key]; ok {
		return offer{finite: true, values: []string{v}}
	}
	if p.anyValue[key] {
		return offer{} // on every node, with a value not known
	}
	if rs, ok := p.reqs[key]; ok {
		o := offer{reqs: rs}
		for _, r := range rs {
			if r.Operator == lint.OpDoesNotExist {
				return offer{missing: true}
			}
			if r.Operator == lint.OpNotIn {
				o.absent = true
			}
		}
		return o
	}
	if p.labelsOpen {
		return offer{absent: true}
	}
	return offer{missing: true}
}

// wellKnown reports whether a label key is one every node carries that
// Kubernetes, EKS or Karpenter set (values not modelled further).
func wellKnown(key string) bool {
	switch key {
	case LabelOS, "kubernetes.io/hostname", "topology.kubernetes.io/region", "topology.k8s.aws/zone-id",
		"eks.amazonaws.com/nodegroup-image", "karpenter.k8s.aws/ec2nodeclass",
		labelWindowsBuild:
		return true
	}
	switch domainOf(key) {
	case "karpenter.k8s.aws", "karpenter.sh", "beta.kubernetes.io", "failure-domain.beta.kubernetes.io":
		return true
	}
	return false
}

// karpenterDomain reports whether a label key is one Karpenter sets.
func karpenterDomain(key string) bool {
	d := domainOf(key)
	return d == "karpenter.k8s.aws" || d == "karpenter.sh"
}

// domainOf is a label key's prefix (the DNS subdomain before "/"), "" for
// an unprefixed key.
func domainOf(key string) string {
	d, _, found := strings.Cut(key, "/")
	if !found {
		return ""
	}
	return d
}

// labelValues lists the distinct values instances give a label key.
func labelValues(instances []*instance, key string) []string {
	seen := map[string]bool{}
	var out []string
	for _, it := range instances {
		if v, ok := it.labels.get(key); ok && !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}
