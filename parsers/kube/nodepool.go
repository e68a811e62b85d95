package kube

import (
	"github.com/faultline-dev/faultline/lint"
)

// poolPaths are where a node pool kind writes its capacity, from the
// document root.
type poolPaths struct {
	requirements, labels, taints, startupTaints, limits []string
}

// nodePoolPaths are where a v1 / v1beta1 NodePool writes its capacity.
func nodePoolPaths() poolPaths {
	return poolPaths{
		requirements:  []string{"spec", "template", "spec", "requirements"},
		labels:        []string{"spec", "template", "metadata", "labels"},
		taints:        []string{"spec", "template", "spec", "taints"},
		startupTaints: []string{"spec", "template", "spec", "startupTaints"},
		limits:        []string{"spec", "limits"},
	}
}

// provisionerPaths are where a v1alpha5 Provisioner writes its capacity.
func provisionerPaths() poolPaths {
	return poolPaths{
		requirements:  []string{"spec", "requirements"},
		labels:        []string{"spec", "labels"},
		taints:        []string{"spec", "taints"},
		startupTaints: []string{"spec", "startupTaints"},
		limits:        []string{"spec", "limits", "resources"},
	}
}

// poolCapacity reads what a node pool's nodes offer: requirements (with
// minValues), template labels, taints and startup taints, and limits. A
// part written but unreadable (or below a step that is) sets its Unknown
// flag; a limit that cannot be read is left out, as if not written.
func (d *doc) poolCapacity(np *lint.NodePool, p poolPaths) {
	k, v, blocked := reach(d.root, p.requirements...)
	if k != nil {
		np.RequirementsRange = d.rangeOf(k)
	}
	// Karpenter's Gte and Lte came with 1.9, in karpenter.sh/v1.
	reqs, ok := d.requirements(v, requirementSyntax{minValues: true, bounds: d.apiVersion == "karpenter.sh/v1"})
	np.Requirements, np.RequirementsUnknown = reqs, blocked || !ok
	k, v, blocked = reach(d.root, p.labels...)
	if k != nil {
		np.NodeLabelsRange = d.rangeOf(k)
	}
	labels, ok := d.labelMap(v)
	np.NodeLabels, np.NodeLabelsUnknown = labels, blocked || !ok
	_, v, blocked = reach(d.root, p.taints...)
	taints, ok := d.taints(v)
	_, sv, sblocked := reach(d.root, p.startupTaints...)
	startup, sok := d.taints(sv)
	np.Taints, np.StartupTaints = taints, startup
	np.TaintsUnknown = blocked || !ok || sblocked || !sok
	_, v, _ = reach(d.root, p.limits...)
	limits, _ := d.resourceList(v, func() string { return "the limits" })
	for i, a := range limits {
		if !a.present || !a.known {
			continue
		}
		if np.HasLimits == nil {
			np.HasLimits = map[string]bool{}
		}
		np.HasLimits[[...]string{resCPU, resMemory, resGPU}[i]] = true
		setClass(&np.Limits, i, a.value)
		np.LimitsRange = d.rangeOf(v)
	}
}
