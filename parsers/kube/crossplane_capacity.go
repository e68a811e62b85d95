package kube

import (
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// What Crossplane managed resources declare about capacity: the instance
// types, labels, taints, subnets and scaling maximum of an eks NodeGroup,
// the selectors of an eks FargateProfile and the zone of an ec2 Subnet.
// Field names are the providers' CRDs: crossplane-contrib/provider-upjet-aws
// package/crds eks.aws.upbound.io_nodegroups.yaml (v1beta1: scalingConfig
// a one-element array; v1beta2: an object), eks.aws.upbound.io_fargateprofiles.yaml,
// ec2.aws.upbound.io_subnets.yaml and their eks.aws.m.upbound.io
// namespaced twins; crossplane-contrib/provider-aws package/crds
// eks.aws.crossplane.io_nodegroups.yaml (taints, subnets, subnetRefs),
// eks.aws.crossplane.io_fargateprofiles.yaml (selectors) and
// ec2.aws.crossplane.io_subnets.yaml (tags a list of {key, value}).

// nodeGroupCapacity reads what a NodeGroup's nodes offer the scheduler.
func (m *mr) nodeGroupCapacity() lint.NodeGroupCapacity {
	var c lint.NodeGroupCapacity
	if m.fp == nil {
		return c
	}
	if m.opaque(m.fp) {
		c.InstanceTypesUnknown, c.LabelsUnknown, c.TaintsUnknown, c.SubnetsUnknown = true, true, true, true
		return c
	}
	k, v := lookup(m.fp, "instanceTypes")
	c.InstanceTypes, c.InstanceTypesUnknown, c.InstanceTypesRange = m.stringList(k, v)
	k, v = lookup(m.fp, "labels")
	c.Labels, c.LabelsUnknown, c.LabelsRange = m.stringMap(k, v)
	taintKey := "taint"
	if m.fam.community {
		taintKey = "taints"
	}
	k, v = lookup(m.fp, taintKey)
	c.Taints, c.TaintsUnknown, c.TaintsRange = m.taints(k, v)
	c.Subnets = m.subnets()
	for _, s := range c.Subnets {
		if s.Value.IsUnknown() {
			c.SubnetsUnknown = true
		}
	}
	_, sc := lookup(m.fp, "scalingConfig")
	if _, mx := lookup(m.block(sc), "maxSize"); m.written(mx) {
		if s, ok := m.text(mx); ok {
			if n, err := strconv.Atoi(s); err == nil && n >= 0 {
				c.MaxSize, c.HasMaxSize = n, true
			}
		}
	}
	c.AMIType = m.knownText("amiType")
	c.CapacityType = m.knownText("capacityType")
	return c
}

// knownText is the fully known text of a forProvider scalar, or "".
func (m *mr) knownText(key string) string {
	_, v := lookup(m.fp, key)
	s, _ := m.text(v)
	return s
}

// keyRange is where a field is written: from its key to the end of its
// value, or the patch that wrote it.
func (m *mr) keyRange(k, v *yaml.Node) lint.Range {
	vr := m.rng(v)
	if k == nil {
		return vr
	}
	r := m.rng(k)
	if _, patched := m.over[v]; patched || r.File != vr.File || vr.Line < r.Line {
		return r
	}
	r.EndLine, r.EndColumn = vr.EndLine, vr.EndColumn
	return r
}

// stringList reads a list of strings; unknown is set when the list or
// an item could not be read (the known items are kept).
func (m *mr) stringList(k, v *yaml.Node) (list []string, unknown bool, rng lint.Range) {
	if !m.written(v) {
		return nil, false, lint.Range{}
	}
	rng = m.keyRange(k, v)
	if m.opaque(v) || !m.isSeq(v) {
		return nil, true, rng
	}
	for _, it := range items(v) {
		s, ok := m.text(it)
		if !ok {
			unknown = true
			continue
		}
		list = append(list, s)
	}
	return list, unknown, rng
}

// stringMap reads a map of strings (labels); unknown is set when the map
// or a value could not be read.
func (m *mr) stringMap(k, v *yaml.Node) (out map[string]string, unknown bool, rng lint.Range) {
	if !m.written(v) {
		return nil, false, lint.Range{}
	}
	rng = m.keyRange(k, v)
	if r := resolve(v); m.opaque(v) || r == nil || r.Kind != yaml.MappingNode {
		return nil, true, rng
	}
	for _, e := range entries(v) {
		s, ok := m.text(e.v)
		if !ok || !m.keyKnown(e.k) {
			unknown = true
			continue
		}
		if out == nil {
			out = map[string]string{}
		}
		out[e.key] = s
	}
	return out, unknown, rng
}

// keyKnown reports whether a mapping key's text is known (a patch may have
// written a key unknown before rendering).
func (m *mr) keyKnown(k *yaml.Node) bool {
	if p, ok := m.over[k]; ok {
		_, known := p.v.Str()
		return known
	}
	return true
}

// taints reads a NodeGroup's taint list of {key, value, effect}; a literal
// effect the EKS API does not accept is reported (for a manifest as
// written), and that taint is not judged.
func (m *mr) taints(k, v *yaml.Node) (out []lint.Taint, unknown bool, rng lint.Range) {
	if !m.written(v) {
		return nil, false, lint.Range{}
	}
	rng = m.keyRange(k, v)
	if m.opaque(v) || !m.isSeq(v) {
		return nil, true, rng
	}
	for _, it := range items(v) {
		t := lint.Taint{Range: m.rng(it)}
		if m.opaque(it) {
			t.Unknown = true
			out = append(out, t)
			continue
		}
		var keyOK, valueOK, effectOK bool
		_, kn := lookup(it, "key")
		t.Key, keyOK = m.text(kn)
		_, vn := lookup(it, "value")
		t.Value, valueOK = m.text(vn)
		valueOK = valueOK || !m.written(vn)
		_, en := lookup(it, "effect")
		effect, known := m.text(en)
		t.Effect, effectOK = lint.EKSTaintEffect(effect)
		if known && !effectOK {
			m.invalidEffect(en, effect)
		}
		t.Unknown = !keyOK || !valueOK || !effectOK
		out = append(out, t)
	}
	return out, unknown, rng
}

// invalidEffect reports a taint effect the EKS API refuses, as written (a
// manifest, or a Composition's base no patch writes: a patched value's
// text is not the user's).
func (m *mr) invalidEffect(n *yaml.Node, effect string) {
	if _, patched := m.over[n]; patched {
		return
	}
	m.d.diags = append(m.d.diags, lint.Diagnostic{
		Range:   m.rng(n),
		Summary: "invalid taint effect",
		Detail: "taint effect " + strconv.Quote(effect) + " of " + m.writtenLabel() +
			" is not one EKS accepts (NO_SCHEDULE, NO_EXECUTE, PREFER_NO_SCHEDULE); the taint is not checked.",
	})
}

// subnets reads the subnets a NodeGroup or FargateProfile launches in:
// literal IDs, references to ec2 Subnets by name, or a selector.
func (m *mr) subnets() []lint.Ref {
	t := target{"ec2", "Subnet"}
	if m.fam.community {
		return m.refList(m.fp, "subnets", "subnetRefs", "subnetSelector", t)
	}
	return m.refList(m.fp, "subnetIds", "subnetIdRefs", "subnetIdSelector", t)
}

// fargateProfile reads an eks FargateProfile: its cluster, selectors
// (selector in Upbound, selectors in the community provider) and subnets.
func (m *mr) fargateProfile() *lint.FargateProfile {
	fp := &lint.FargateProfile{Object: m.object(lint.KindFargateProfile)}
	cluster := m.refField(m.fp, "clusterName", "clusterNameRef", "clusterNameSelector", target{"eks", "Cluster"})
	fp.Cluster = cluster.Value
	if !cluster.IsSet() {
		fp.Cluster = lint.Unknown()
	}
	if m.opaque(m.fp) {
		fp.Selectors = []lint.FargateSelector{{Namespace: lint.Unknown(), Range: m.rng(m.fp)}}
		fp.Subnets = []lint.Ref{{Value: lint.Unknown(), Range: m.rng(m.fp)}}
		return fp
	}
	selKey := "selector"
	if m.fam.community {
		selKey = "selectors"
	}
	_, sel := lookup(m.fp, selKey)
	fp.Selectors = m.fargateSelectors(sel)
	fp.Subnets = m.subnets()
	return fp
}

// fargateSelectors reads the selectors; a list that cannot be read is one
// selector whose namespace is unknown.
func (m *mr) fargateSelectors(n *yaml.Node) []lint.FargateSelector {
	if !m.written(n) {
		return nil
	}
	if m.opaque(n) || !m.isSeq(n) {
		return []lint.FargateSelector{{Namespace: lint.Unknown(), Range: m.rng(n)}}
	}
	var out []lint.FargateSelector
	for _, it := range items(n) {
		s := lint.FargateSelector{Namespace: lint.Unknown(), Range: m.rng(it)}
		if !m.opaque(it) {
			_, ns := lookup(it, "namespace")
			if m.written(ns) {
				s.Namespace = m.val(ns)
			}
			_, ls := lookup(it, "labels")
			s.Labels = m.labelValues(ls)
		}
		out = append(out, s)
	}
	return out
}

// labelValues reads a selector's labels; an unreadable map or key is a
// label whose value is unknown under the key "".
func (m *mr) labelValues(n *yaml.Node) map[string]lint.Value {
	if !m.written(n) {
		return nil
	}
	out := map[string]lint.Value{}
	if r := resolve(n); m.opaque(n) || r == nil || r.Kind != yaml.MappingNode {
		out[""] = lint.Unknown()
		return out
	}
	for _, e := range entries(n) {
		if !m.keyKnown(e.k) {
			out[""] = lint.Unknown()
			continue
		}
		out[e.key] = m.val(e.v)
	}
	return out
}

// subnet reads an ec2 Subnet: its zone (availabilityZone, else
// availabilityZoneId) and tags. The external name of a subnet is its ID;
// it has no name but its Name tag.
func (m *mr) subnet() *lint.Subnet {
	o := m.object(lint.KindSubnet)
	ext, extKnown := m.externalName()
	s := &lint.Subnet{Object: o, ID: lint.Hole(lint.HoleRef{Object: o.Addr, Path: "status.atProvider.id"}), Zone: lint.Unknown()}
	if extKnown && strings.HasPrefix(ext, "subnet-") {
		s.ID = lint.Known(ext)
	}
	_, tags := lookup(m.fp, "tags")
	var ranges map[string]lint.Range
	s.Tags, ranges, s.TagsIncomplete = m.tags(tags)
	s.Name, s.NameRange = lint.Unknown(), o.Range
	if name, ok := s.Tags["Name"]; ok {
		s.Name, s.NameRange = name, ranges["Name"]
	}
	if m.opaque(m.fp) {
		s.TagsIncomplete = true
		return s
	}
	for _, key := range []string{"availabilityZone", "availabilityZoneId"} {
		if _, z := lookup(m.fp, key); m.written(z) {
			s.Zone = m.val(z)
			break
		}
	}
	return s
}
