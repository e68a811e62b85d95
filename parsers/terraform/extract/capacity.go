package extract

import (
	"math/big"
	"sort"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval"
	"github.com/zclconf/go-cty/cty"
)

// This file reads the capacity facts of node groups, Fargate profiles and
// subnets: what the nodes offer the scheduler and where they launch.

// managedCapacity reads an aws_eks_node_group's instance types, labels,
// taints, subnets, scaling maximum, AMI and capacity type.
func (x *extraction) managedCapacity() lint.NodeGroupCapacity {
	var c lint.NodeGroupCapacity
	c.InstanceTypes, c.InstanceTypesUnknown, c.InstanceTypesRange = x.stringList("instance_types")
	c.Labels, c.LabelsUnknown, c.LabelsRange = x.stringMap("labels")
	c.AnyValue = x.valuesUnknown("labels")
	c.Taints, c.TaintsUnknown, c.TaintsRange = x.taints()
	c.Subnets, c.SubnetsUnknown = x.subnets("subnet_ids")
	for _, sc := range eval.BlockList(eval.GetAttr(x.v, "scaling_config")) {
		c.MaxSize, c.HasMaxSize = intOf(eval.GetAttr(sc, "max_size"))
	}
	c.AMIType, _ = x.val("ami_type").Str()
	c.OS, c.OSRange = x.nodeOS()
	if c.OS == "" && x.amiTypeUnwritten() {
		c.OSUnlessImage = lint.OSLinux
	}
	c.CapacityType, _ = x.val("capacity_type").Str()
	if a := x.attr(nil, "capacity_type"); a != nil && c.CapacityType != "" {
		c.CapacityTypeRange = x.pos(a)
	}
	if v := x.argument("capacity_type"); v == cty.NilVal || v.IsKnown() && v.IsNull() {
		c.CapacityType = "ON_DEMAND" // EKS's default (CreateNodegroup capacityType)
	}
	return c
}

// amiTypeUnwritten reports whether a managed group's ami_type is not
// written or null.
func (x *extraction) amiTypeUnwritten() bool {
	v := x.argument("ami_type")
	return v == cty.NilVal || v.IsKnown() && v.IsNull()
}

// nodeOS is the operating system of a managed group's nodes and where it
// is decided: its ami_type; with none, the Linux type EKS picks, unless a
// launch template may give an AMI of its own (unknown then).
func (x *extraction) nodeOS() (string, lint.Range) {
	v := x.argument("ami_type")
	if x.amiTypeUnwritten() {
		if len(eval.BlockList(eval.GetAttr(x.v, "launch_template"))) > 0 {
			return "", lint.Range{}
		}
		return lint.OSLinux, x.e.Session.Rng(x.r.DefRange)
	}
	t, ok := x.e.Holes.ToValue(v).Str()
	if !ok {
		return "", lint.Range{}
	}
	rng := x.e.Session.Rng(x.r.DefRange)
	if a := x.attr(nil, "ami_type"); a != nil {
		rng = x.pos(a)
	}
	return lint.OSOfAMIType(t), rng
}

// selfManagedCapacity reads an aws_autoscaling_group: its subnets, zones,
// maximum and the instance types of its mixed instances policy's
// overrides (without overrides, the launch template's type). Labels and
// taints of self-managed nodes come from bootstrap user data faultline
// does not read: they are unknown.
func (x *extraction) selfManagedCapacity() lint.NodeGroupCapacity {
	c := lint.NodeGroupCapacity{LabelsUnknown: true, TaintsUnknown: true}
	c.Subnets, c.SubnetsUnknown = x.subnets("vpc_zone_identifier")
	c.Zones, c.ZonesUnknown, _ = x.stringList("availability_zones")
	c.MaxSize, c.HasMaxSize = intOf(eval.GetAttr(x.v, "max_size"))
	c.InstanceTypes, c.InstanceTypesUnknown, c.InstanceTypesRange = x.overrideTypes()
	return c
}

// overrideTypes reads the instance types of a mixed instances policy's
// overrides. An override without an instance type (instance
// requirements), or overrides a dynamic block leaves unread, make the
// types unknown.
func (x *extraction) overrideTypes() (types []string, unknown bool, rng lint.Range) {
	mps := eval.BlockList(eval.GetAttr(x.v, "mixed_instances_policy"))
	if len(mps) == 0 {
		return nil, false, rng
	}
	if a := x.attr(&blockIndex{"mixed_instances_policy", 0}, "launch_template"); a != nil {
		rng = x.e.Session.Rng(a.Range)
	} else {
		rng = x.e.Session.Rng(x.r.DefRange)
	}
	n := 0
	for _, lt := range eval.BlockList(eval.GetAttr(mps[0], "launch_template")) {
		if v := eval.GetAttr(lt, "override"); v != cty.NilVal && !v.IsWhollyKnown() {
			return nil, true, rng
		}
		for _, o := range eval.BlockList(eval.GetAttr(lt, "override")) {
			n++
			s, ok := x.e.Holes.ToValue(eval.GetAttr(o, "instance_type")).Str()
			if !ok || s == "" {
				return nil, true, rng
			}
			types = append(types, s)
		}
	}
	if n == 0 && x.nestedDynamicUnknown(x.r.Body, "override", x.extra, 0) {
		return nil, true, rng // overrides written, none read
	}
	return types, false, rng
}

// nestedDynamicUnknown reports whether a dynamic block of the type,
// anywhere in the body, iterates over a collection that is not known
// (following the dynamic blocks around it, each with its iterator).
func (x *extraction) nestedDynamicUnknown(g *eval.Body, typ string, extra map[string]cty.Value, depth int) bool {
	if g == nil || depth > 8 {
		return false
	}
	for _, b := range g.Blocks {
		if b.Type != "dynamic" || len(b.Labels) != 1 {
			if x.nestedDynamicUnknown(b.Body, typ, extra, depth+1) {
				return true
			}
			continue
		}
		fe, ok := b.Body.Attrs["for_each"]
		if !ok {
			continue
		}
		coll := x.mi.Eval(fe.Expr, extra)
		if !coll.IsWhollyKnown() {
			return true
		}
		if b.Labels[0] == typ || coll.IsNull() || !coll.CanIterateElements() {
			continue
		}
		iter := b.Labels[0]
		if a, ok := b.Body.Attrs["iterator"]; ok {
			if s := eval.TraversalString(a.Expr); s != "" {
				iter = s
			}
		}
		for it := coll.ElementIterator(); it.Next() && x.mi.Evaluator.Budget().Ok(); {
			k, v := it.Element()
			if coll.Type().IsSetType() {
				k = v
			}
			inner := make(map[string]cty.Value, len(extra)+1)
			for kk, vv := range extra {
				inner[kk] = vv
			}
			inner[iter] = cty.ObjectVal(map[string]cty.Value{"key": k, "value": v})
			for _, c := range b.Body.Blocks {
				if c.Type == "content" && x.nestedDynamicUnknown(c.Body, typ, inner, depth+1) {
					return true
				}
			}
		}
	}
	return false
}

// dynamicUnknown reports whether a top-level dynamic block of the type
// iterates over a collection that is not known: its blocks are then not
// in the evaluated value.
func (x *extraction) dynamicUnknown(typ string) bool {
	for _, b := range x.r.Body.Blocks {
		if b.Type != "dynamic" || len(b.Labels) != 1 || b.Labels[0] != typ {
			continue
		}
		fe, ok := b.Body.Attrs["for_each"]
		if !ok {
			continue
		}
		if v := x.mi.Eval(fe.Expr, x.extra); !v.IsWhollyKnown() {
			return true
		}
	}
	return false
}

// blockRange is where the i-th block of a type is written: the block, or
// the dynamic block that makes it (its for_each, so a stand-in's block
// points at the user's argument); when that is not known, the first
// dynamic block of the type.
func (x *extraction) blockRange(typ string, i int) lint.Range {
	dynamic := func(j int) lint.Range {
		b := x.r.Body.Blocks[j]
		if fe, ok := b.Body.Attrs["for_each"]; ok {
			return x.pos(fe)
		}
		return x.e.Session.Rng(b.DefRange)
	}
	if j := x.blockSource(typ, i); j >= 0 {
		if b := x.r.Body.Blocks[j]; b.Type == typ {
			return x.e.Session.Rng(b.DefRange)
		}
		return dynamic(j)
	}
	for j, b := range x.r.Body.Blocks {
		if b.Type == "dynamic" && len(b.Labels) == 1 && b.Labels[0] == typ {
			return dynamic(j)
		}
	}
	return x.e.Session.Rng(x.r.DefRange)
}

// taints reads the taint blocks of a managed node group.
func (x *extraction) taints() (out []lint.Taint, unknown bool, rng lint.Range) {
	unknown = x.dynamicUnknown("taint")
	if v := eval.GetAttr(x.v, "taint"); v != cty.NilVal && !v.IsWhollyKnown() {
		unknown = true
	}
	for i, b := range eval.BlockList(eval.GetAttr(x.v, "taint")) {
		t := lint.Taint{Range: x.blockRange("taint", i)}
		key, okK := x.e.Holes.ToValue(eval.GetAttr(b, "key")).Str()
		effect, okE := x.e.Holes.ToValue(eval.GetAttr(b, "effect")).Str()
		t.Key = key
		t.Effect, _ = lint.EKSTaintEffect(effect)
		t.Unknown = !okK || !okE || t.Effect == ""
		if val := eval.GetAttr(b, "value"); val != cty.NilVal && !val.IsNull() {
			s, ok := x.e.Holes.ToValue(val).Str()
			t.Value, t.Unknown = s, t.Unknown || !ok
		}
		out = append(out, t)
	}
	if len(out) > 0 {
		rng = out[0].Range
	} else if unknown {
		rng = x.blockRange("taint", 0)
	}
	return out, unknown, rng
}

// stringList reads a list of strings: nil when not written (or null),
// unknown when the list or an element could not be read.
func (x *extraction) stringList(attr string) (out []string, unknown bool, rng lint.Range) {
	a := x.attr(nil, attr)
	if a == nil {
		return nil, false, rng
	}
	rng = x.pos(a)
	v := x.argument(attr)
	if v == cty.NilVal || (v.IsKnown() && v.IsNull()) {
		return nil, false, rng
	}
	if !v.IsWhollyKnown() || !v.CanIterateElements() {
		return nil, true, rng
	}
	out = []string{}
	for it := v.ElementIterator(); it.Next(); {
		_, el := it.Element()
		s, ok := x.e.Holes.ToValue(el).Str()
		if !ok {
			return nil, true, rng
		}
		out = append(out, s)
	}
	return out, false, rng
}

// stringMap reads a map of strings: nil when not written, unknown (with
// what could be read) when a key could not be read. An entry whose key is
// known and value is not is left out (valuesUnknown lists its key).
func (x *extraction) stringMap(attr string) (out map[string]string, unknown bool, rng lint.Range) {
	a := x.attr(nil, attr)
	if a == nil {
		return nil, false, rng
	}
	rng = x.pos(a)
	v := x.argument(attr)
	if v == cty.NilVal || (v.IsKnown() && v.IsNull()) {
		return nil, false, rng
	}
	if !v.IsKnown() || !(v.Type().IsObjectType() || v.Type().IsMapType()) {
		return nil, true, rng
	}
	out = map[string]string{}
	for it := v.ElementIterator(); it.Next(); {
		k, el := it.Element()
		key, okK := x.e.Holes.Decode(k.AsString()).Str()
		val, okV := x.e.Holes.ToValue(el).Str()
		if !okK {
			unknown = true
			continue
		}
		if !okV {
			continue // a known key whose value is not (valuesUnknown)
		}
		out[key] = val
	}
	return out, unknown, rng
}

// valuesUnknown are the keys of a map of strings that are known while
// their values are not (stringMap leaves them out as unknown).
func (x *extraction) valuesUnknown(attr string) []string {
	v := x.argument(attr)
	if x.attr(nil, attr) == nil || v == cty.NilVal || !v.IsKnown() || v.IsNull() || !(v.Type().IsObjectType() || v.Type().IsMapType()) {
		return nil
	}
	var out []string
	for it := v.ElementIterator(); it.Next(); {
		k, el := it.Element()
		key, okK := x.e.Holes.Decode(k.AsString()).Str()
		if _, okV := x.e.Holes.ToValue(el).Str(); okK && !okV {
			out = append(out, key)
		}
	}
	sort.Strings(out)
	return out
}

// subnets reads a subnet list as references (holes kept); unknown when
// the list itself could not be read.
func (x *extraction) subnets(attr string) ([]lint.Ref, bool) {
	v := eval.GetAttr(x.v, attr)
	if x.attr(nil, attr) == nil || v == cty.NilVal || (v.IsKnown() && v.IsNull()) {
		return nil, false
	}
	if !v.IsKnown() || !v.CanIterateElements() {
		return nil, true
	}
	return x.refList(nil, attr), false
}

// intOf reads a whole number.
func intOf(v cty.Value) (int, bool) {
	if v == cty.NilVal || !v.IsKnown() || v.IsNull() {
		return 0, false
	}
	v, _ = v.Unmark()
	if v.Type() != cty.Number {
		return 0, false
	}
	i, acc := v.AsBigFloat().Int64()
	if acc != big.Exact || i < 0 || i > 1<<31 {
		return 0, false
	}
	return int(i), true
}

// fargateProfile reads an aws_eks_fargate_profile: its cluster, selectors
// and subnets.
func (x *extraction) fargateProfile(obj lint.Object) *lint.FargateProfile {
	obj.Kind = lint.KindFargateProfile
	x.name(&obj, "fargate_profile_name", "")
	fp := &lint.FargateProfile{Object: obj, Cluster: x.val("cluster_name")}
	fp.SelectorsUnknown = x.dynamicUnknown("selector")
	if v := eval.GetAttr(x.v, "selector"); v != cty.NilVal && !v.IsWhollyKnown() {
		fp.SelectorsUnknown = true
	}
	for i, b := range eval.BlockList(eval.GetAttr(x.v, "selector")) {
		sel := lint.FargateSelector{Namespace: x.e.Holes.ToValue(eval.GetAttr(b, "namespace")), Range: x.blockRange("selector", i)}
		labels := eval.GetAttr(b, "labels")
		switch {
		case labels == cty.NilVal || (labels.IsKnown() && labels.IsNull()):
		case !labels.IsKnown() || !(labels.Type().IsObjectType() || labels.Type().IsMapType()):
			fp.SelectorsUnknown = true
		default:
			sel.Labels = map[string]lint.Value{}
			for it := labels.ElementIterator(); it.Next(); {
				k, el := it.Element()
				key, ok := x.e.Holes.Decode(k.AsString()).Str()
				if !ok {
					fp.SelectorsUnknown = true
					continue
				}
				sel.Labels[key] = x.e.Holes.ToValue(el)
			}
		}
		fp.Selectors = append(fp.Selectors, sel)
	}
	fp.Subnets = x.refList(nil, "subnet_ids")
	return fp
}

// subnet reads an aws_subnet (or a data "aws_subnet", whose tags are a
// filter and so never complete): its ID, zone and tags.
func (x *extraction) subnet(obj lint.Object) *lint.Subnet {
	obj.Kind = lint.KindSubnet
	s := &lint.Subnet{Object: obj, ID: x.val("id")}
	s.Zone = x.val("availability_zone")
	if az := eval.GetAttr(x.v, "availability_zone"); x.attr(nil, "availability_zone_id") != nil && (az == cty.NilVal || az.IsKnown() && az.IsNull()) {
		s.Zone = x.val("availability_zone_id") // the zone is given by its ID
	}
	s.Tags, s.TagsIncomplete, _, s.OpenTagKeys = x.tags(x.mi.ProviderFor(x.r).DefaultTags)
	if x.r.Data {
		s.TagsIncomplete = true
		s.Tags, _, _, _ = x.tags(cty.NilVal)
	}
	if n, ok := s.Tags["Name"]; ok {
		s.Name = n
	}
	if a := x.attr(nil, "tags"); a != nil {
		s.NameRange = x.pos(a)
	}
	return s
}

// launchTemplateType reads a launch template's (or launch
// configuration's) instance_type; instance requirements make it unknown.
func (x *extraction) launchTemplateType(lt *lint.LaunchTemplate) {
	if len(eval.BlockList(eval.GetAttr(x.v, "instance_requirements"))) > 0 || x.dynamicUnknown("instance_requirements") {
		// Attribute-based selection: the types are not enumerated.
		lt.InstanceType, lt.InstanceTypeRange = lint.Unknown(), x.blockRange("instance_requirements", 0)
		return
	}
	a := x.attr(nil, "instance_type")
	if a == nil {
		return
	}
	v := eval.GetAttr(x.v, "instance_type")
	if v != cty.NilVal && v.IsKnown() && v.IsNull() {
		return
	}
	val := x.e.Holes.ToValue(v)
	if s, ok := val.Str(); ok && s == "" {
		return // "" is no instance type
	}
	lt.InstanceType, lt.InstanceTypeRange = val, x.pos(a)
}

// noImage reports whether a launch template certainly names no AMI: its
// image_id is not written, null or "".
func (x *extraction) noImage() bool {
	v := x.argument("image_id")
	if v == cty.NilVal || v.IsKnown() && v.IsNull() {
		return true
	}
	s, ok := x.e.Holes.ToValue(v).Str()
	return ok && s == ""
}

// argument is the value of a resource argument as its block writes it: a
// null or a value not known stays so, where the instance's value holds
// the hole a read of the attribute elsewhere in the module is filled
// with (an output reading labels or manifest["metadata"]); any other
// value is the instance's.
func (x *extraction) argument(attr string) cty.Value {
	v := eval.GetAttr(x.v, attr)
	if w := x.mi.WrittenAttr(attr); w != cty.NilVal && (!w.IsKnown() || w.IsNull()) {
		return w
	}
	return v
}
