package scheduling

import (
	"slices"

	"github.com/faultline-dev/faultline/lint"
)

// ZoneConflict is a NodePool whose zone requirement leaves none of the
// zones of the subnets its node class selects: Karpenter can launch no
// node for it.
type ZoneConflict struct {
	// Required are the zones the requirement allows (its In values, and
	// a zone label of the template's, less its NotIn values; nil when it
	// has no In, only NotIn); Excluded its NotIn values; Subnets the
	// zones of the node class's subnets.
	Required, Excluded, Subnets []string
	// Range is where the zone requirement is written.
	Range lint.Range
	// NodeClass is the node class whose subnets were compared.
	NodeClass *lint.NodeClass
}

// NodePoolZoneConflict reports whether np's topology.kubernetes.io/zone
// requirement shares no zone with the subnets of its node class, both
// known: every requirement on the key read, every subnet its node class
// may select known with its zone name. A zone label of the template is a
// requirement too (Karpenter reads template labels as In requirements).
func NodePoolZoneConflict(m *lint.Model, np *lint.NodePool) (ZoneConflict, bool) {
	if np.RequirementsUnknown {
		return ZoneConflict{}, false
	}
	var c ZoneConflict
	var excluded []string
	known := false
	if z, ok := np.NodeLabels[LabelZone]; ok && !np.NodeLabelsUnknown {
		c.Required, known = []string{z}, true
		c.Range = np.NodeLabelsRange
	}
	for _, r := range np.Requirements {
		if r.Key != LabelZone {
			continue
		}
		if r.Unknown {
			return ZoneConflict{}, false
		}
		switch r.Operator {
		case lint.OpIn:
			c.Required, known = intersect(c.Required, r.Values, known), true
			if c.Range.IsZero() || c.Range == np.NodeLabelsRange {
				c.Range = r.Range
			}
		case lint.OpNotIn:
			excluded = append(excluded, r.Values...)
			if c.Range.IsZero() {
				c.Range = r.Range
			}
		}
	}
	if !known && len(excluded) == 0 {
		return ZoneConflict{}, false
	}
	c.Excluded = excluded
	c.NodeClass = m.NodeClassOf(np)
	if c.NodeClass == nil || len(c.NodeClass.SubnetTerms) == 0 {
		return ZoneConflict{}, false
	}
	sz, ok := subnetZonesOfTerms(m, c.NodeClass.SubnetTerms)
	if !ok {
		return ZoneConflict{}, false
	}
	c.Subnets = sz
	allowed := sz
	if known {
		allowed = c.Required
	}
	for _, z := range allowed {
		if slices.Contains(sz, z) && !slices.Contains(excluded, z) {
			return ZoneConflict{}, false
		}
	}
	if known {
		c.Required = slices.DeleteFunc(c.Required, func(z string) bool { return slices.Contains(excluded, z) })
	}
	return c, true
}
