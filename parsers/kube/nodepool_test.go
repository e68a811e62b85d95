package kube

import (
	"github.com/faultline-dev/faultline/lint"
)

// clearCapacity zeroes a node pool's capacity fields, which TestParseFile
// leaves to the capacity tests.
func clearCapacity(np *lint.NodePool) {
	np.Requirements, np.RequirementsUnknown, np.RequirementsRange = nil, false, lint.Range{}
	np.NodeLabels, np.NodeLabelsUnknown = nil, false
	np.Taints, np.StartupTaints, np.TaintsUnknown = nil, nil, false
	np.Limits, np.HasLimits = lint.Resources{}, nil
}
