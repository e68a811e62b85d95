package scheduling

import (
	"slices"

	"github.com/faultline-dev/faultline/lint"
)

// zoneKeys are the node labels that name a node's Availability Zone.
var zoneKeys = []string{LabelZone, "topology.ebs.csi.aws.com/zone", "failure-domain.beta.kubernetes.io/zone"}

// isZoneKey reports whether a label key names the zone.
func isZoneKey(k string) bool { return slices.Contains(zoneKeys, k) }

// subnetZones resolves subnet references to the zones of their subnets;
// ok is false when a subnet or its zone is not known.
func subnetZones(m *lint.Model, refs []lint.Ref) ([]string, bool) {
	zones, ok := m.SubnetZones(refs)
	if !ok {
		return nil, false
	}
	return zoneNames(zones)
}

// subnetZonesOfTerms resolves Karpenter subnet selector terms to the zones
// of the subnets they select; ok is false unless every subnet they may
// select is known with its zone. A term that selects no subnet of the
// model selects subnets made elsewhere (a tag another stack puts on its
// subnets), whose zones are not known.
func subnetZonesOfTerms(m *lint.Model, terms []lint.SelectorTerm) ([]string, bool) {
	subnets, complete := m.SubnetsMatching(terms)
	if !complete || len(subnets) == 0 {
		return nil, false
	}
	if len(terms) > 1 {
		for i := range terms {
			if own, _ := m.SubnetsMatching(terms[i : i+1]); len(own) == 0 {
				return nil, false
			}
		}
	}
	var zones []string
	for _, s := range subnets {
		z, ok := s.Zone.Str()
		if !ok || z == "" {
			return nil, false
		}
		if !slices.Contains(zones, z) {
			zones = append(zones, z)
		}
	}
	return zoneNames(zones)
}

// zoneNames keeps zones only when every one is a zone name
// ("eu-west-1a"); zone IDs ("euw1-az1") cannot be compared with the names
// pods and volumes use.
func zoneNames(zones []string) ([]string, bool) {
	for _, z := range zones {
		if !IsZoneName(z) {
			return nil, false
		}
	}
	slices.Sort(zones)
	return slices.Compact(zones), true
}

// IsZoneName reports whether s is an AWS zone name: a region
// (letters-dash-letters-dash-digits, e.g. "us-gov-west-1" or "eu-west-1")
// followed by one or more zone letters, or a Local Zone suffix
// ("us-west-2-lax-1a").
func IsZoneName(s string) bool {
	parts := splitDash(s)
	if len(parts) < 3 || !letters(parts[0]) || len(parts[0]) != 2 {
		return false
	}
	last := parts[len(parts)-1]
	i := 0
	for i < len(last) && last[i] >= '0' && last[i] <= '9' {
		i++
	}
	return i > 0 && i < len(last) && letters(last[i:])
}

func splitDash(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == '-' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return out
}

func letters(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return true
}
