package scheduling

import (
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// defaultManagedInstanceType is what EKS launches for a managed node group
// that names no instance type and no launch template.
const defaultManagedInstanceType = "t3.medium"

// nodeGroupPlace reads a managed or self-managed node group as a place.
func nodeGroupPlace(m *lint.Model, ng *lint.NodeGroup) *Place {
	c := ng.Capacity
	p := &Place{Kind: NodeGroupPlace, Entity: ng, cluster: ng.Cluster}
	if s, ok := ng.Name.Str(); ok {
		p.name = s
	} else {
		p.namePrefix = ng.Name.Prefix()
	}
	// A self-managed group's labels and taints are what its source says
	// its bootstrap sets: eksctl's nodeGroups write them, an Auto Scaling
	// group's user data is not read (its capacity says unknown).
	p.labels, p.labelsOpen = c.Labels, c.LabelsUnknown
	for _, k := range c.AnyValue {
		if p.anyValue == nil {
			p.anyValue = map[string]bool{}
		}
		p.anyValue[k] = true
	}
	p.taints, p.taintsKnown, p.taintsRange = c.Taints, !c.TaintsUnknown, c.TaintsRange
	if lt := m.LaunchTemplateOf(ng); ng.Managed && lt != nil && (len(lt.NodeLabels) > 0 || len(lt.NodeTaints) > 0) {
		// Bottlerocket settings of its launch template's user data,
		// which EKS merges with the group's own.
		labels := make(map[string]string, len(p.labels)+len(lt.NodeLabels))
		for k, v := range lt.NodeLabels {
			labels[k] = v
		}
		for k, v := range p.labels {
			labels[k] = v
		}
		p.labels = labels
		p.taints = append(append([]lint.Taint(nil), p.taints...), lt.NodeTaints...)
	}
	if len(c.Taints) > 0 && p.taintsRange.IsZero() {
		p.taintsRange = c.Taints[0].Range
	}
	p.armOnly = strings.Contains(c.AMIType, "ARM_64")
	p.os, p.osRange = c.OS, c.OSRange
	if p.os == "" && c.OSUnlessImage != "" {
		// A launch template that names no AMI leaves it to ami_type.
		if lt := m.LaunchTemplateOf(ng); lt != nil && lt.NoImage {
			p.os, p.osRange = c.OSUnlessImage, ng.Range
		}
	}
	p.windowsBuild = lint.WindowsBuildOfAMIType(c.AMIType)
	if ng.Managed {
		p.capacityType, p.capacityRange = c.CapacityType, c.CapacityTypeRange
	}
	p.nodeGroupInstances(m, ng)
	switch zones, ok := subnetZones(m, c.Subnets); {
	case ok && !c.SubnetsUnknown && len(c.Subnets) > 0:
		p.zones, p.zonesKnown = zones, true
		p.zonesRange, p.zonesVia = c.Subnets[0].Range, "its subnets"
	case len(c.Subnets) == 0 && !c.SubnetsUnknown && len(c.Zones) > 0 && !c.ZonesUnknown:
		// The zones it is limited to, written without subnets (eksctl
		// availabilityZones).
		p.zones, p.zonesKnown = c.Zones, true
		p.zonesRange, p.zonesVia = c.ZonesRange, "its availabilityZones"
	}
	return p
}

// nodeGroupInstances reads the instance types a node group launches: its
// list, the EKS default for a managed group with neither a list nor an
// instance type in its launch template (or no template), its launch
// template's instance_type, else unknown. A
// type the table lacks makes the list unknown.
func (p *Place) nodeGroupInstances(m *lint.Model, ng *lint.NodeGroup) {
	c := ng.Capacity
	names := c.InstanceTypes
	switch {
	case c.InstanceTypesUnknown:
		return
	case len(names) == 0 && ng.Managed && !ng.LaunchTemplate.IsSet():
		names = []string{defaultManagedInstanceType}
		p.instancesRange = ng.Range
	case len(names) == 0:
		// The launch template's instance_type, when it writes one; EKS's
		// default when a managed group's template certainly writes none
		// (the eks module's own template, instance_type null).
		lt := m.LaunchTemplateOf(ng)
		if lt == nil {
			return
		}
		if lt.InstanceTypeRange.IsZero() {
			if !ng.Managed {
				return
			}
			names = []string{defaultManagedInstanceType}
			p.instancesRange = ng.Range
			break
		}
		name, ok := lt.InstanceType.Str()
		if !ok {
			return
		}
		names, p.instancesRange = []string{name}, lt.InstanceTypeRange
	default:
		p.instancesRange = c.InstanceTypesRange
	}
	_, by := catalog()
	var in []*instance
	for _, n := range names {
		it, ok := by[n]
		if !ok {
			return
		}
		if p.armOnly && it.arch != "arm64" {
			continue
		}
		in = append(in, it)
	}
	if len(in) == 0 {
		return
	}
	p.instances, p.instancesKnown = in, true
}

// bootstrapped reports whether the place is a self-managed node group,
// whose nodes' labels and taints their bootstrap (user data) sets:
// faultline does not read them, so a pod it takes may not land there.
func (p *Place) bootstrapped() bool {
	ng, ok := p.Entity.(*lint.NodeGroup)
	return ok && !ng.Managed && p.labelsOpen && !p.taintsKnown
}
