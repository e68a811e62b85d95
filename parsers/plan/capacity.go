package plan

import (
	"math"

	"github.com/faultline-dev/faultline/lint"
)

// This file reads the capacity facts of planned node groups, Fargate
// profiles and subnets. In planned values an attribute unknown until apply
// is absent; one not set is null.

// value returns a planned attribute and whether it is known (present and
// not sensitive); a known nil is "not set".
func (b *builder) value(attr string) (any, bool) {
	if b.isSensitive(attr) {
		return nil, false
	}
	v, ok := b.attrs[attr]
	return v, ok
}

// strings reads a list of strings: nil when not set, unknown when absent,
// sensitive or not all strings.
func strList(v any, known bool) ([]string, bool) {
	if !known {
		return nil, true
	}
	if v == nil {
		return nil, false
	}
	items, ok := v.([]any)
	if !ok {
		return nil, true
	}
	out := []string{}
	for _, it := range items {
		s, ok := it.(string)
		if !ok {
			return nil, true
		}
		out = append(out, s)
	}
	return out, false
}

// strMap reads a map of strings: nil when not set, unknown when absent or
// not all strings.
func strMap(v any, known bool) (map[string]string, bool) {
	if !known {
		return nil, true
	}
	if v == nil {
		return nil, false
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, true
	}
	out := map[string]string{}
	unknown := false
	for k, e := range m {
		s, ok := e.(string)
		if !ok {
			unknown = true
			continue
		}
		out[k] = s
	}
	return out, unknown
}

// count reads a whole number.
func count(v any) (int, bool) {
	f, ok := v.(float64)
	if !ok || f < 0 || f > math.MaxInt32 || f != math.Trunc(f) {
		return 0, false
	}
	return int(f), true
}

// blocks reads a nested block list.
func blocks(v any) []map[string]any {
	items, _ := v.([]any)
	var out []map[string]any
	for _, it := range items {
		if m, ok := it.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// subnets reads a subnet list as references; unknown when absent.
func (b *builder) subnets(attr string) ([]lint.Ref, bool) {
	v, known := b.value(attr)
	ids, unknown := strList(v, known)
	if unknown {
		return nil, true
	}
	var out []lint.Ref
	for _, id := range ids {
		out = append(out, lint.Ref{Value: lint.Known(id), Range: b.rng})
	}
	return out, false
}

// managedCapacity reads a planned aws_eks_node_group.
func (b *builder) managedCapacity() lint.NodeGroupCapacity {
	c := lint.NodeGroupCapacity{InstanceTypesRange: b.rng, LabelsRange: b.rng, TaintsRange: b.rng}
	v, known := b.value("instance_types")
	c.InstanceTypes, c.InstanceTypesUnknown = strList(v, known)
	v, known = b.value("labels")
	c.Labels, c.LabelsUnknown = strMap(v, known)
	v, known = b.value("taint")
	if !known {
		c.TaintsUnknown = true
	}
	for _, t := range blocks(v) {
		key, okK := t["key"].(string)
		effect, okE := t["effect"].(string)
		eff, _ := lint.EKSTaintEffect(effect)
		taint := lint.Taint{Key: key, Effect: eff, Range: b.rng}
		taint.Unknown = !okK || !okE || taint.Effect == ""
		if val, ok := t["value"]; !ok {
			taint.Unknown = true
		} else if val != nil {
			s, ok := val.(string)
			taint.Value, taint.Unknown = s, taint.Unknown || !ok
		}
		c.Taints = append(c.Taints, taint)
	}
	c.Subnets, c.SubnetsUnknown = b.subnets("subnet_ids")
	if v, known := b.value("scaling_config"); known {
		for _, sc := range blocks(v) {
			c.MaxSize, c.HasMaxSize = count(sc["max_size"])
		}
	}
	c.AMIType, _ = b.str("ami_type").Str()
	if c.OS = lint.OSOfAMIType(c.AMIType); c.OS != "" {
		c.OSRange = b.rng
	}
	c.CapacityType, _ = b.str("capacity_type").Str()
	return c
}

// selfManagedCapacity reads a planned aws_autoscaling_group: labels and
// taints come from user data and are unknown.
func (b *builder) selfManagedCapacity() lint.NodeGroupCapacity {
	c := lint.NodeGroupCapacity{LabelsUnknown: true, TaintsUnknown: true, InstanceTypesRange: b.rng}
	c.Subnets, c.SubnetsUnknown = b.subnets("vpc_zone_identifier")
	v, known := b.value("availability_zones")
	c.Zones, c.ZonesUnknown = strList(v, known)
	if v, known := b.value("max_size"); known {
		c.MaxSize, c.HasMaxSize = count(v)
	}
	v, known = b.value("mixed_instances_policy")
	if !known {
		c.InstanceTypesUnknown = true
		return c
	}
	for _, mp := range blocks(v) {
		for _, lt := range blocks(mp["launch_template"]) {
			ov, ok := lt["override"]
			if !ok {
				c.InstanceTypesUnknown = true
				continue
			}
			for _, o := range blocks(ov) {
				s, ok := o["instance_type"].(string)
				if !ok || s == "" {
					c.InstanceTypesUnknown = true
					continue
				}
				c.InstanceTypes = append(c.InstanceTypes, s)
			}
		}
	}
	if c.InstanceTypesUnknown {
		c.InstanceTypes = nil
	}
	return c
}

// launchTemplateType reads a planned instance_type ("" is none).
func (b *builder) launchTemplateType(lt *lint.LaunchTemplate) {
	v, known := b.value("instance_type")
	switch s, ok := v.(string); {
	case !known:
		lt.InstanceType, lt.InstanceTypeRange = lint.Unknown(), b.rng
	case ok && s != "":
		lt.InstanceType, lt.InstanceTypeRange = lint.Known(s), b.rng
	}
}

// capacityEntity reads the planned resources only the capacity model
// knows (Fargate profiles, subnets); nil for any other type. They are not
// read from the prior state of a change: no rule judges their deletion.
func (b *builder) capacityEntity(obj lint.Object, typ string) lint.Entity {
	switch typ {
	case "aws_eks_fargate_profile":
		obj.Kind, obj.Name = lint.KindFargateProfile, b.str("fargate_profile_name")
		fp := &lint.FargateProfile{Object: obj, Cluster: b.str("cluster_name")}
		v, known := b.value("selector")
		fp.SelectorsUnknown = !known
		for _, s := range blocks(v) {
			sel := lint.FargateSelector{Namespace: lint.Unknown(), Range: b.rng}
			if ns, ok := s["namespace"].(string); ok {
				sel.Namespace = lint.Known(ns)
			}
			lv, ok := s["labels"]
			labels, unknown := strMap(lv, ok)
			fp.SelectorsUnknown = fp.SelectorsUnknown || unknown
			if labels != nil {
				sel.Labels = map[string]lint.Value{}
				for k, l := range labels {
					sel.Labels[k] = lint.Known(l)
				}
			}
			fp.Selectors = append(fp.Selectors, sel)
		}
		fp.Subnets, _ = b.subnets("subnet_ids")
		return fp
	case "aws_subnet":
		obj.Kind = lint.KindSubnet
		s := &lint.Subnet{Object: obj, ID: b.str("id"), Zone: b.str("availability_zone"), Tags: map[string]lint.Value{}}
		if s.Zone.IsUnknown() {
			s.Zone = b.str("availability_zone_id")
		}
		attr := "tags_all"
		if _, ok := b.attrs[attr].(map[string]any); !ok {
			attr = "tags"
		}
		v, known := b.value(attr)
		tags, unknown := strMap(v, known)
		for k, t := range tags {
			s.Tags[k] = lint.Known(t)
		}
		// Without tags_all (unknown until apply) the provider's default
		// tags are not in the plan.
		s.TagsIncomplete = unknown || attr != "tags_all"
		if n, ok := s.Tags["Name"]; ok {
			s.Name = n
		}
		return s
	}
	return nil
}
