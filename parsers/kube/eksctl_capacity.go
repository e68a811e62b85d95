package kube

import (
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// What an eksctl ClusterConfig declares about capacity (eksctl's schema,
// pkg/apis/eksctl.io/v1alpha5 types.go, defaults.go, validation.go and
// vpc.go; pkg/utils/taints; pkg/vpc/vpc.go SelectNodeGroupSubnets, at
// v0.230.0):
//
//   - a managed group's instance types are instanceType or instanceTypes,
//     a self-managed group's instanceType or, with "mixed" or unset,
//     instancesDistribution.instanceTypes; an instanceSelector makes eksctl
//     pick them at create time (unknown here). Unwritten, eksctl launches
//     m5.large (DefaultNodeType): recorded as not written, for the rules.
//   - labels, plus the alpha.eksctl.io/cluster-name and
//     alpha.eksctl.io/nodegroup-name eksctl puts on every group's nodes
//     (setDefaultNodeLabels).
//   - taints: a list of {key, value, effect} with Kubernetes effects; a
//     self-managed group also takes the map form key: "value:Effect" or
//     key: "Effect" (taintsWrapper); eksctl refuses any other effect.
//   - availabilityZones and subnets (IDs, or names of vpc.subnets.private
//     / public entries, whose zone is their az, else their name).
//   - maxSize; a managed group's spot: true is capacity type SPOT.

// eksctlDefaultLabels are the labels eksctl puts on every group's nodes.
const (
	eksctlClusterLabel   = "alpha.eksctl.io/cluster-name"
	eksctlNodeGroupLabel = "alpha.eksctl.io/nodegroup-name"
)

// k8sTaintEffects are the effects eksctl accepts (pkg/utils/taints).
var k8sTaintEffects = map[string]bool{"NoSchedule": true, "PreferNoSchedule": true, "NoExecute": true}

// literal returns a scalar's text when it is a literal: written, not a
// hole and not a template placeholder.
func literal(n *yaml.Node) (string, bool) {
	s, ok := scalar(n)
	return s, ok && plainText(s)
}

// nodeCapacity reads what an eksctl node group's nodes offer.
func (c *clusterConfig) nodeCapacity(it *yaml.Node, managed bool, name lint.Ref) lint.NodeGroupCapacity {
	var gc lint.NodeGroupCapacity
	c.instanceTypes(it, managed, &gc)
	c.nodeLabels(it, name, &gc)
	c.nodeTaints(it, managed, &gc)
	k, v := lookup(it, "availabilityZones")
	gc.Zones, gc.ZonesUnknown, gc.ZonesRange = c.literalList(k, v, "availabilityZones")
	gc.Subnets, gc.SubnetsUnknown = c.nodeSubnets(it)
	if _, sv := lookup(it, "subnets"); resolve(v) == nil && resolve(sv) == nil {
		c.defaultPlacement(it, &gc)
	}
	if _, mx := lookup(it, "maxSize"); mx != nil {
		if s, ok := literal(mx); ok {
			if n, err := strconv.Atoi(s); err == nil && n >= 0 {
				gc.MaxSize, gc.HasMaxSize = n, true
			}
		}
	}
	gc.OS, gc.OSRange = c.nodeOS(it)
	if _, cmd := lookup(it, "overrideBootstrapCommand"); !managed && resolve(cmd) != nil {
		// A bootstrap of the user's own: the labels and taints eksctl
		// would pass are its to set.
		gc.LabelsUnknown, gc.TaintsUnknown = true, true
	}
	if _, spot := lookup(it, "spot"); managed && spot != nil {
		if b, ok := boolAt(spot); ok {
			gc.CapacityType = map[bool]string{true: "SPOT", false: "ON_DEMAND"}[b]
		}
	}
	return gc
}

// nodeOS is the operating system of a node group's nodes and where it is
// decided: its amiFamily (eksctl's WindowsServer… families are Windows,
// its Amazon Linux, Bottlerocket and Ubuntu ones Linux), else eksctl's
// default, Amazon Linux 2023; "" for a family not known.
func (c *clusterConfig) nodeOS(it *yaml.Node) (string, lint.Range) {
	k, v := lookup(it, "amiFamily")
	if resolve(v) == nil {
		if nk, nv := lookup(it, "name"); nv != nil {
			return lint.OSLinux, c.d.pairRange(nk, nv)
		}
		return lint.OSLinux, c.d.rangeOf(it)
	}
	family, ok := literal(v)
	if !ok {
		return "", lint.Range{}
	}
	rng := c.d.pairRange(k, v)
	switch {
	case strings.HasPrefix(family, "WindowsServer"):
		return lint.OSWindows, rng
	case strings.HasPrefix(family, "AmazonLinux"), family == "Bottlerocket", strings.HasPrefix(family, "Ubuntu"):
		return lint.OSLinux, rng
	}
	return "", lint.Range{}
}

// literalList reads a list of literal strings; unknown is set when the
// list or an item is not a literal. A list that is not a list is reported.
func (c *clusterConfig) literalList(k, v *yaml.Node, what string) (out []string, unknown bool, rng lint.Range) {
	s := resolve(v)
	if s == nil || s.Kind == yaml.ScalarNode && s.Tag == "!!null" {
		return nil, false, lint.Range{}
	}
	rng = c.d.pairRange(k, v)
	if s.Kind == yaml.ScalarNode && (lint.HasSentinel(s.Value) || templatePlaceholder.MatchString(s.Value)) {
		return nil, true, rng
	}
	if s.Kind != yaml.SequenceNode {
		c.invalid(k, v, what+" must be a list")
		return nil, true, rng
	}
	for _, it := range s.Content {
		text, ok := literal(it)
		if !ok {
			unknown = true
			continue
		}
		out = append(out, text)
	}
	return out, unknown, rng
}

// instanceTypes reads the group's instance types.
func (c *clusterConfig) instanceTypes(it *yaml.Node, managed bool, gc *lint.NodeGroupCapacity) {
	k, v := lookup(it, "instanceType")
	if text, _ := scalar(v); v != nil && (managed || text != "mixed") && resolve(v).Tag != "!!null" {
		gc.InstanceTypesRange = c.d.pairRange(k, v)
		if s, ok := literal(v); ok {
			gc.InstanceTypes = []string{s}
		} else {
			gc.InstanceTypesUnknown = true
		}
		return
	}
	list := []string{"instanceTypes"}
	if !managed {
		list = []string{"instancesDistribution", "instanceTypes"}
	}
	if k, v := path(it, list...); v != nil {
		gc.InstanceTypes, gc.InstanceTypesUnknown, gc.InstanceTypesRange = c.literalList(k, v, strings.Join(list, "."))
		if gc.InstanceTypes != nil || gc.InstanceTypesUnknown {
			return
		}
	}
	if k, v := lookup(it, "instanceSelector"); v != nil {
		if s := resolve(v); s != nil && (s.Kind != yaml.MappingNode || len(s.Content) > 0) {
			gc.InstanceTypesUnknown, gc.InstanceTypesRange = true, c.d.pairRange(k, v)
		}
	}
}

// nodeLabels reads the group's labels and adds eksctl's own.
func (c *clusterConfig) nodeLabels(it *yaml.Node, name lint.Ref, gc *lint.NodeGroupCapacity) {
	gc.Labels = map[string]string{}
	if plainText(c.d.name) {
		gc.Labels[eksctlClusterLabel] = c.d.name
	} else {
		gc.LabelsUnknown = true
	}
	if n, ok := name.Value.Str(); ok && plainText(n) {
		gc.Labels[eksctlNodeGroupLabel] = n
	} else {
		gc.LabelsUnknown = true
	}
	k, v := lookup(it, "labels")
	s := resolve(v)
	if s == nil || s.Kind == yaml.ScalarNode && s.Tag == "!!null" {
		return
	}
	gc.LabelsRange = c.d.pairRange(k, v)
	if s.Kind != yaml.MappingNode {
		if !lint.HasSentinel(s.Value) && !templatePlaceholder.MatchString(s.Value) {
			c.invalid(k, v, "labels must be a mapping")
		}
		gc.LabelsUnknown = true
		return
	}
	for _, e := range entries(v) {
		text, ok := literal(e.v)
		if ev := resolve(e.v); !ok && ev != nil && ev.Kind == yaml.ScalarNode && ev.Value == "" {
			text, ok = "", true // an empty label value is a value
		}
		if !ok || !plainText(e.key) {
			gc.LabelsUnknown = true
			continue
		}
		gc.Labels[e.key] = text
	}
}

// nodeTaints reads the group's taints: a list, or (self-managed only) the
// map form.
func (c *clusterConfig) nodeTaints(it *yaml.Node, managed bool, gc *lint.NodeGroupCapacity) {
	k, v := lookup(it, "taints")
	s := resolve(v)
	if s == nil || s.Kind == yaml.ScalarNode && s.Tag == "!!null" {
		return
	}
	gc.TaintsRange = c.d.pairRange(k, v)
	switch {
	case s.Kind == yaml.SequenceNode:
		for _, t := range s.Content {
			gc.Taints = append(gc.Taints, c.listTaint(t))
		}
	case s.Kind == yaml.MappingNode && !managed:
		for _, e := range entries(v) {
			gc.Taints = append(gc.Taints, c.mapTaint(e))
		}
	case s.Kind == yaml.ScalarNode && (lint.HasSentinel(s.Value) || templatePlaceholder.MatchString(s.Value)):
		gc.TaintsUnknown = true
	default:
		form := "a list of {key, value, effect} or a mapping of key: value:effect"
		if managed {
			form = "a list of {key, value, effect} in a managed node group"
		}
		c.invalid(k, v, "taints must be "+form)
		gc.TaintsUnknown = true
	}
}

// listTaint reads one {key, value, effect} taint.
func (c *clusterConfig) listTaint(n *yaml.Node) lint.Taint {
	t := lint.Taint{Range: c.d.rangeOf(n)}
	if m := resolve(n); m == nil || m.Kind != yaml.MappingNode {
		c.invalid(nil, n, "each taint must be a mapping of key, value and effect")
		t.Unknown = true
		return t
	}
	var keyOK, valueOK bool
	t.Key, keyOK = literal(lookupValue(n, "key"))
	vn := lookupValue(n, "value")
	t.Value, valueOK = literal(vn)
	if _, written := scalar(vn); !written {
		valueOK = true
	}
	t.Effect = c.effect(n)
	t.Unknown = !keyOK || !valueOK || t.Effect == ""
	return t
}

// mapTaint reads one key: "value:Effect" (or key: "Effect") taint.
func (c *clusterConfig) mapTaint(e entry) lint.Taint {
	t := lint.Taint{Key: e.key, Range: c.d.pairRange(e.k, e.v)}
	text, ok := literal(e.v)
	if !ok || !plainText(e.key) {
		t.Unknown = true
		return t
	}
	parts := strings.Split(text, ":")
	switch len(parts) {
	case 1:
		t.Effect = parts[0]
	case 2:
		t.Value, t.Effect = parts[0], parts[1]
	}
	if !k8sTaintEffects[t.Effect] {
		c.invalid(e.k, e.v, "taint "+strconv.Quote(e.key)+" must be written value:effect or :effect with effect NoSchedule, PreferNoSchedule or NoExecute")
		t.Effect, t.Unknown = "", true
	}
	return t
}

// effect reads the effect of taint item: one not written or not one
// eksctl accepts is reported; "" when not known.
func (c *clusterConfig) effect(item *yaml.Node) string {
	k, n := lookup(item, "effect")
	s, written := scalar(n)
	switch {
	case !written:
		c.invalid(nil, item, "a taint's effect must be NoSchedule, PreferNoSchedule or NoExecute")
		return ""
	case !plainText(s):
		return ""
	case !k8sTaintEffects[s]:
		c.invalid(k, n, "taint effect "+strconv.Quote(s)+" must be NoSchedule, PreferNoSchedule or NoExecute")
		return ""
	}
	return s
}

// nodeSubnets reads the group's subnets: IDs, or names of vpc.subnets
// entries (a reference to the subnet declared there). A name declared
// nowhere stays a name: eksctl then fails, or looks it up in a VPC it
// imports.
func (c *clusterConfig) nodeSubnets(it *yaml.Node) ([]lint.Ref, bool) {
	k, v := lookup(it, "subnets")
	list, unknown, rng := c.literalList(k, v, "subnets")
	if unknown && list == nil {
		return []lint.Ref{{Value: lint.Unknown(), Range: rng}}, true
	}
	var out []lint.Ref
	for _, n := range items(v) {
		name, ok := literal(n)
		if !ok {
			out = append(out, lint.Ref{Value: lint.Unknown(), Range: c.d.rangeOf(n)})
			continue
		}
		r := lint.Ref{Value: lint.Known(name), Range: c.d.rangeOf(n)}
		if s, ok := c.subnetNamed(name); ok {
			r = refTo(s.Object, "id", r.Range)
		}
		out = append(out, r)
	}
	return out, unknown
}

// defaultPlacement is where eksctl puts a group that names neither
// subnets nor availabilityZones (SelectNodeGroupSubnets): in every subnet
// of the VPC of its kind, private with privateNetworking, else public
// (vpc.subnets); without those, in the cluster's availabilityZones.
// Neither written: eksctl chooses, not known here.
func (c *clusterConfig) defaultPlacement(it *yaml.Node, gc *lint.NodeGroupCapacity) {
	kind := "public"
	if _, pn := lookup(it, "privateNetworking"); pn != nil {
		if yes, ok := boolAt(pn); !ok {
			return
		} else if yes {
			kind = "private"
		}
	}
	at := c.d.rangeOf(it)
	if nk, _ := lookup(it, "name"); nk != nil {
		at = c.d.rangeOf(nk)
	}
	if _, m := path(c.d.root, "vpc", "subnets", kind); resolve(m) != nil {
		for _, e := range entries(m) {
			s, ok := c.subnetNamed(e.key)
			if !ok {
				gc.SubnetsUnknown = true
				continue
			}
			gc.Subnets = append(gc.Subnets, refTo(s.Object, "id", at))
		}
		return
	}
	k, v := lookup(c.d.root, "availabilityZones")
	if zones, unknown, rng := c.literalList(k, v, "availabilityZones"); len(zones) > 0 && !unknown {
		gc.Zones, gc.ZonesRange = zones, rng
	}
}

// subnetNamed finds the subnet declared under a vpc.subnets name.
func (c *clusterConfig) subnetNamed(name string) (*lint.Subnet, bool) {
	s, ok := c.subnets[name]
	return s, ok
}

// vpcSubnets declares the subnets of vpc.subnets.private and .public: a
// map from a name to {id, az, cidr}; the name is the zone when az is not
// written (AZSubnetMappingFromMap).
func (c *clusterConfig) vpcSubnets() {
	for _, kind := range []string{"private", "public"} {
		_, m := path(c.d.root, "vpc", "subnets", kind)
		for _, e := range entries(m) {
			part := "vpc/subnets/" + kind + "/" + e.key
			o := c.object(lint.KindSubnet, part, kind+" subnet "+e.key+c.of(), e.k)
			s := &lint.Subnet{Object: o, ID: lint.Hole(lint.HoleRef{Object: o.Addr, Path: "id"}), Zone: lint.Unknown()}
			if id, ok := literal(lookupValue(e.v, "id")); ok {
				s.ID = lint.Known(id)
			}
			if az, ok := literal(lookupValue(e.v, "az")); ok {
				s.Zone = lint.Known(az)
			} else if _, written := scalar(lookupValue(e.v, "az")); !written && plainText(e.key) {
				s.Zone = lint.Known(e.key)
			}
			s.Tags = map[string]lint.Value{}
			if _, dup := c.subnets[e.key]; !dup {
				c.subnets[e.key] = s
			}
			c.out = append(c.out, s)
		}
	}
}

// fargateProfile reads one entry of fargateProfiles: its selectors
// (namespace and labels) and subnets.
func (c *clusterConfig) fargateProfile(it *yaml.Node) {
	name, part := c.itemName(it, "name", "fargateProfiles")
	label := "fargateProfiles entry"
	if name.IsSet() {
		label = "Fargate profile " + name.Value.String()
	}
	fp := &lint.FargateProfile{Object: c.object(lint.KindFargateProfile, part, label+c.of(), it), Cluster: c.cluster}
	if name.IsSet() {
		fp.Name, fp.NameRange = name.Value, name.Range
	}
	for _, sel := range c.list(it, "selectors") {
		s := lint.FargateSelector{Namespace: lint.Unknown(), Range: c.d.rangeOf(sel)}
		if ns, ok := literal(lookupValue(sel, "namespace")); ok {
			s.Namespace = lint.Known(ns)
		}
		_, ls := lookup(sel, "labels")
		for _, e := range entries(ls) {
			if s.Labels == nil {
				s.Labels = map[string]lint.Value{}
			}
			key := e.key
			if !plainText(key) {
				key = ""
			}
			s.Labels[key] = lint.Unknown()
			if v, ok := literal(e.v); ok {
				s.Labels[key] = lint.Known(v)
			}
		}
		fp.Selectors = append(fp.Selectors, s)
	}
	fp.Subnets, _ = c.nodeSubnets(it)
	c.out = append(c.out, fp)
}
