package scheduling

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// PlaceKind says what kind of capacity a place is.
type PlaceKind int

// The kinds of places pods can land on.
const (
	NodePoolPlace PlaceKind = iota + 1
	NodeGroupPlace
	FargatePlace
)

// Place is somewhere a workload's pods can land: a Karpenter NodePool
// (with its node class), a node group, or a Fargate profile.
type Place struct {
	Kind   PlaceKind
	Entity lint.Entity
	// name is the NodePool's or node group's name when known; namePrefix,
	// when it is not, the known text its name starts with (a node group's
	// node_group_name_prefix, to which EKS adds a unique suffix).
	name       string
	namePrefix string
	// labels are put on every node; labelsOpen says further labels may
	// be (user data faultline cannot read).
	labels     map[string]string
	labelsOpen bool
	// anyValue are label keys put on every node with a value not known.
	anyValue map[string]bool
	// reqs are a NodePool's known requirements, by key.
	reqs     map[string][]lint.Requirement
	reqRange map[string]lint.Range
	// instances are the instance types the place can launch, when
	// instancesKnown; otherwise it fits any request.
	instances      []*instance
	instancesKnown bool
	instancesRange lint.Range
	// instancesKey is the label whose requirement instancesRange is.
	instancesKey string
	// limitRange is where a NodePool's limits are written, when they
	// removed instances.
	limitRange  lint.Range
	limitDrop   []*instance
	taints      []lint.Taint
	taintsKnown bool
	taintsRange lint.Range
	// zones are where the place can put a node, when zonesKnown.
	zones      []string
	zonesKnown bool
	zonesRange lint.Range
	zonesVia   string
	// zoneReq and zoneClass say what restricts a NodePool's zones: its
	// zone requirement, the subnets of its node class (named).
	zoneReq   bool
	zoneClass string
	cluster   lint.Value
	karpenter bool
	// autoMode is set for a NodePool of EKS Auto Mode: its nodes carry
	// eks.amazonaws.com/compute-type=auto and the instance labels under
	// eks.amazonaws.com/ (autoModeInstanceKey).
	autoMode bool
	// root is the place's root, set when its label alone does not tell
	// it from another root's place (nameRoots).
	root string
	// minValues caches ownMinValues.
	minValues     *Misfit
	minValuesDone bool
	armOnly       bool
	// os is the kubernetes.io/os every node of a node group has, when its
	// AMI decides it (lint.NodeGroupCapacity.OS); osRange is where.
	os      string
	osRange lint.Range
	// windowsBuild is the node.kubernetes.io/windows-build its Windows
	// nodes carry when the AMI type decides it.
	windowsBuild string
	// capacityType is the eks.amazonaws.com/capacityType EKS labels a
	// managed node group's nodes with, when known; capacityRange is where
	// it is written (zero: EKS's default).
	capacityType  string
	capacityRange lint.Range
}

// Label is how messages name the place: with its root when another
// root's place reads alike.
func (p *Place) Label() string {
	if p.root != "" {
		return p.label() + " in " + p.root
	}
	return p.label()
}

// label is the place's name, without its root.
func (p *Place) label() string {
	o := p.Entity.Base()
	switch p.Kind {
	case NodePoolPlace:
		if p.name != "" {
			return "NodePool " + p.name
		}
	case NodeGroupPlace:
		if p.name != "" && p.name != o.Label && !strings.HasPrefix(o.Label, p.name+" (") {
			return "node group " + p.name + " (" + o.Label + ")"
		}
		return "node group " + o.Label
	}
	return o.Label
}

// Cluster is the cluster the place belongs to, unknown when not known.
func (p *Place) Cluster() lint.Value { return p.cluster }

// Range is the place's declaration.
func (p *Place) Range() lint.Range { return p.Entity.Base().Range }

// nameRange is where the place's name is written, else where it is
// declared.
func (p *Place) nameRange() lint.Range {
	if o := p.Entity.Base(); !o.NameRange.IsZero() {
		return o.NameRange
	}
	return p.Range()
}

// places returns every NodePool and node group of the model as a place.
func places(m *lint.Model) []*Place {
	var out []*Place
	allowed := map[string][]*instance{}
	for _, np := range m.NodePools {
		out = append(out, nodePoolPlace(m, np, allowed))
	}
	for _, ng := range m.NodeGroups {
		out = append(out, nodeGroupPlace(m, ng))
	}
	nameRoots(out)
	return out
}

// nameRoots sets the root of each place whose label another place of
// another root shares (a module two roots call), or of another build (a
// base NodePool two kustomize overlays render): messages name it there.
func nameRoots(ps []*Place) {
	roots := map[string]map[string]bool{}
	for _, p := range ps {
		l := p.Label()
		if roots[l] == nil {
			roots[l] = map[string]bool{}
		}
		roots[l][placeRoot(p)] = true
	}
	for _, p := range ps {
		if r := placeRoot(p); len(roots[p.Label()]) > 1 && r != "" {
			p.root = r
		}
	}
}

// placeRoot is where a place is declared from: its Terraform root, else
// the directory of the kustomization whose build renders it (its address
// is the kustomization file's, "#", and the object), else "".
func placeRoot(p *Place) string {
	o := p.Entity.Base()
	if o.Root != "" {
		return o.Root
	}
	if file, _, ok := strings.Cut(o.Addr, "#"); ok && filepath.Base(file) == "kustomization.yaml" && o.Source == lint.SourceKustomize {
		return filepath.ToSlash(filepath.Dir(file))
	}
	return ""
}

// nodePoolPlace reads a Karpenter NodePool (or Provisioner) and its node
// class as a place. allowed keeps the instance types each set of
// requirements allows, shared by the NodePools that write the same
// (their lists are only read).
func nodePoolPlace(m *lint.Model, np *lint.NodePool, allowed map[string][]*instance) *Place {
	p := &Place{Kind: NodePoolPlace, Entity: np, karpenter: true, autoMode: np.AutoMode, cluster: clusterOf(np.Scope)}
	if s, ok := np.Name.Str(); ok {
		p.name = s
	}
	p.labels, p.labelsOpen = np.NodeLabels, np.NodeLabelsUnknown
	p.reqs, p.reqRange = map[string][]lint.Requirement{}, map[string]lint.Range{}
	if !np.RequirementsUnknown {
		for _, r := range known(np.Requirements) {
			key := r.Key
			if k, ok := p.autoModeInstanceKey(key); ok {
				key = k // narrowed as the instance label it names
			}
			p.reqs[key] = append(p.reqs[key], r)
			if _, ok := p.reqRange[key]; !ok {
				p.reqRange[key] = r.Range
			}
		}
	}
	p.labelRequirements(np)
	if nc := m.NodeClassOf(np); nc != nil && nc.OS != "" && !np.AutoMode {
		// The AMIs' system: Karpenter launches Windows AMIs on x86
		// types only, and labels its nodes with their system and build.
		p.os, p.windowsBuild = nc.OS, nc.WindowsBuild
		if _, ok := p.reqs[LabelArch]; !ok && nc.OS == lint.OSWindows {
			p.reqs[LabelArch] = []lint.Requirement{{Key: LabelArch, Operator: lint.OpIn, Values: []string{"amd64"}, Range: nc.Range}}
		}
	}
	p.taints, p.taintsKnown, p.taintsRange = np.Taints, !np.TaintsUnknown, np.RequirementsRange
	if len(np.Taints) > 0 {
		p.taintsRange = np.Taints[0].Range
	}
	p.nodePoolInstances(np, allowed)
	p.nodePoolZones(m, np)
	return p
}

// labelRequirements adds the NodePool template's labels to its
// requirements, as Karpenter does (each label a requirement In its
// value): a well-known label written there (karpenter.sh/capacity-type:
// spot, node.kubernetes.io/instance-type) narrows what the pool launches
// as a requirement would.
func (p *Place) labelRequirements(np *lint.NodePool) {
	keys := slices.Sorted(maps.Keys(np.NodeLabels))
	for _, k := range keys {
		v := np.NodeLabels[k]
		if lint.HasSentinel(k) || lint.HasSentinel(v) {
			continue
		}
		key := k
		if ak, ok := p.autoModeInstanceKey(key); ok {
			key = ak
		}
		rng := np.NodeLabelsRange
		if rng.IsZero() {
			rng = np.Range
		}
		p.reqs[key] = append(p.reqs[key], lint.Requirement{Key: k, Operator: lint.OpIn, Values: []string{v}, Range: rng})
		if _, ok := p.reqRange[key]; !ok {
			p.reqRange[key] = rng
		}
	}
}

// nodePoolInstances narrows the instance table by the NodePool's
// requirements on instance-derived labels, then by its limits. A NodePool
// that restricts nothing but the architecture, or names an instance type
// or family the table lacks, fits any request.
func (p *Place) nodePoolInstances(np *lint.NodePool, allowed map[string][]*instance) {
	all, _ := catalog()
	restricting := false
	keys := make([]string, 0, len(p.reqs))
	for key := range p.reqs {
		keys = append(keys, key)
	}
	slices.Sort(keys) // a requirement the table cannot decide ends the loop
	for _, key := range keys {
		rs := p.reqs[key]
		if !instanceDerived(key) {
			continue
		}
		if key != LabelArch {
			restricting = true
		}
		for _, r := range rs {
			if r.Operator == lint.OpIn && !tableNames(key, r.Values) {
				return
			}
		}
		if r, ok := p.reqRange[key]; ok && rangesInstancesBetter(key, r, p.instancesRange, p.instancesKey) {
			p.instancesRange, p.instancesKey = r, key
		}
	}
	if !restricting {
		return
	}
	key := derivedKey(p.reqs)
	in, seen := allowed[key]
	if !seen {
		for _, it := range all {
			if instanceAllowed(it, p.reqs) {
				in = append(in, it)
			}
		}
		allowed[key] = in
	}
	if len(in) == 0 && !p.certainlyEmpty(key) {
		return
	}
	p.instances, p.instancesKnown = in, true
	p.applyLimits(np)
}

// certainlyEmpty reports whether requirements that leave no instance type
// of the table (derivedKey key) leave none at all: each In names only
// what the table has (tableNames, checked before), so an instance type
// the table lacks can meet none of them. Requirements with no In on an
// instance key (only NotIn, Gt, Lt) may be met by a type the table
// lacks.
func (p *Place) certainlyEmpty(key string) bool {
	for k, rs := range p.reqs {
		if !instanceDerived(k) {
			continue
		}
		for _, r := range rs {
			if r.Operator == lint.OpIn {
				return key != ""
			}
		}
	}
	return false
}

// launchesNothing reports whether the place is a NodePool whose own
// requirements leave no instance type (certainlyEmpty): Karpenter
// launches no node for it.
func (p *Place) launchesNothing() bool {
	return p.Kind == NodePoolPlace && p.instancesKnown && len(p.instances) == 0 && len(p.limitDrop) == 0
}

// rangesInstancesBetter reports whether the requirement on key written
// at r says better than the one chosen so far (on cur, at curRange) where
// the place's instance types are restricted: one on another label than
// the architecture (a family, a size, an instance type list), else the
// one written first. The requirements are a map: the choice must not
// depend on its order.
func rangesInstancesBetter(key string, r, curRange lint.Range, cur string) bool {
	switch {
	case curRange.IsZero():
		return true
	case (key == LabelArch) != (cur == LabelArch):
		return cur == LabelArch
	case r.Line != curRange.Line:
		return r.Line < curRange.Line
	}
	return r.Column < curRange.Column || r.Column == curRange.Column && key < cur
}

// derivedKey writes the requirements on instance-derived labels
// canonically (keys sorted, each requirement's operator and values in
// order): equal keys allow the same instance types.
func derivedKey(reqs map[string][]lint.Requirement) string {
	keys := make([]string, 0, len(reqs))
	for k := range reqs {
		if instanceDerived(k) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		for _, r := range reqs[k] {
			fmt.Fprintf(&b, "%q %q %q\n", k, r.Operator, r.Values)
		}
	}
	return b.String()
}

// tableNames reports whether every value names something the table has
// for the key (an instance type, a family, …).
func tableNames(key string, values []string) bool {
	for _, v := range values {
		if !tableHas(key, v) {
			return false
		}
	}
	return true
}

// instanceAllowed reports whether an instance type satisfies every
// requirement on the labels it decides.
func instanceAllowed(it *instance, reqs map[string][]lint.Requirement) bool {
	for key, rs := range reqs {
		if !instanceDerived(key) {
			continue
		}
		if !it.meets(key, rs) {
			return false
		}
	}
	return true
}

// applyLimits drops instance types whose capacity alone passes the
// NodePool's limits: Karpenter never launches them.
func (p *Place) applyLimits(np *lint.NodePool) {
	if len(np.HasLimits) == 0 {
		return
	}
	var keep []*instance
	for _, it := range p.instances {
		over := np.HasLimits["cpu"] && it.capacity.MilliCPU > np.Limits.MilliCPU ||
			np.HasLimits["memory"] && it.capacity.Memory > np.Limits.Memory
		if over {
			p.limitDrop = append(p.limitDrop, it)
			continue
		}
		keep = append(keep, it)
	}
	p.instances = keep
	if len(p.limitDrop) > 0 {
		p.limitRange = np.LimitsRange
		if p.limitRange.IsZero() {
			p.limitRange = np.RequirementsRange
		}
	}
}

// nodePoolZones intersects the NodePool's zone requirement with the zones
// of its node class's subnets, where both are known.
func (p *Place) nodePoolZones(m *lint.Model, np *lint.NodePool) {
	var zones []string
	known := false
	if rs := p.reqs[LabelZone]; len(rs) > 0 {
		for _, r := range rs {
			if r.Operator == lint.OpIn {
				zones, known = intersect(zones, r.Values, known), true
				p.zonesRange, p.zonesVia, p.zoneReq = r.Range, "its zone requirement", true
			}
		}
	}
	if nc := m.NodeClassOf(np); nc != nil && len(nc.SubnetTerms) > 0 {
		if sz, ok := subnetZonesOfTerms(m, nc.SubnetTerms); ok {
			zones, known = intersect(zones, sz, known), true
			p.zoneClass = nc.Label
			if p.zonesRange.IsZero() || len(zones) == 0 {
				p.zonesRange, p.zonesVia = nc.SubnetRange, "the subnets of "+nc.Label
			}
		}
	}
	p.zones, p.zonesKnown = zones, known
}

// intersect returns a ∩ b, or b when a is not yet known.
func intersect(a, b []string, aKnown bool) []string {
	if !aKnown {
		return slices.Clone(b)
	}
	var out []string
	for _, x := range a {
		if slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

// clusterOf is a Kubernetes object's cluster, unknown when not known.
func clusterOf(s lint.Scope) lint.Value {
	if s.Cluster == "" {
		return lint.Unknown()
	}
	return lint.Known(s.Cluster)
}
