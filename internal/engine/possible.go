package engine

import (
	"slices"
	"strings"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/plan"
)

// With a plan, the plan is authoritative: it says which instances of a
// block whose count / for_each the source cannot know exist. settlePossible
// replaces every possible instance (lint.Object.Possible) of a block the
// plan settles by what the plan says, outermost possibility first:
//
//   - a possible instance at a key (aws_x.y[0], module.m["a"]) the plan
//     has certainly exists: the possibility and its inferred text are
//     dropped; one the plan does not have does not exist: the entity
//     leaves the model;
//   - the unkeyed possible instance (aws_x.y[*]) becomes one entity per
//     instance the plan has, at the plan's address (the possible
//     instance's address stays an alias, so references to it resolve
//     while the plan has one instance), or leaves the model when the plan
//     has none.
//
// A block is settled only when exactly one scanned root module declares
// it (the plan does not say which root it is) and the plan is complete
// for it (not -target, nothing deferred inside it).
func settlePossible(model *lint.Model, x *plan.Instances) {
	roots := declaringRoots(model)
	settled := func(p lint.PossibleInstance) bool {
		return len(roots[plan.ConfigAddress(p.Block)]) == 1 && x.Settles(p.Block)
	}
	drop := map[lint.Entity]bool{}
	var add []lint.Entity
	for _, e := range model.Entities() {
		o := e.Base()
		if len(o.Possible) == 0 || o.Source != lint.SourceTerraform || o.FromPlan() || !settled(o.Possible[0]) {
			continue
		}
		drop[e] = true
		add = append(add, settle(e, x, settled)...)
	}
	if len(drop) == 0 {
		return
	}
	removeEntities(model, drop)
	model.Add(add...)
}

// settle returns what the plan makes of an entity whose first possibility
// it settles: nothing, the entity itself proven, or one entity per planned
// instance; inner possibilities are settled in turn.
func settle(e lint.Entity, x *plan.Instances, settled func(lint.PossibleInstance) bool) []lint.Entity {
	o := e.Base()
	if len(o.Possible) == 0 || !settled(o.Possible[0]) {
		return []lint.Entity{e}
	}
	p := o.Possible[0]
	keys := x.Keys(p.Block)
	if !p.Unkeyed {
		if !slices.Contains(keys, p.Key) {
			return nil
		}
		return settle(proven(e, p, p.Block+p.Key), x, settled)
	}
	var out []lint.Entity
	for _, k := range keys {
		if k == "" {
			continue // the block lost its count / for_each: nothing at a key
		}
		out = append(out, settle(proven(e, p, p.Block+k), x, settled)...)
	}
	return out
}

// proven copies e without the possibility p, at the instance address inst
// (p's own address for a key, a planned key's for the unkeyed instance).
func proven(e lint.Entity, p lint.PossibleInstance, inst string) lint.Entity {
	c := cloneEntity(e)
	o := c.Base()
	o.Possible = slices.Clone(o.Possible[1:])
	o.Inferred = slices.DeleteFunc(slices.Clone(o.Inferred), func(s string) bool { return s == p.Text })
	from := p.Instance()
	if from == inst {
		return c
	}
	re := func(s string) string {
		if s == from || strings.HasPrefix(s, from+".") || strings.HasPrefix(s, from+"#") {
			return inst + s[len(from):]
		}
		return s
	}
	qualified := p.Root + ":" + from
	if o.Addr == qualified || strings.HasPrefix(o.Addr, qualified+".") || strings.HasPrefix(o.Addr, qualified+"#") { // "#": an aws-auth mapping of a ConfigMap
		o.Aliases = append(slices.Clone(o.Aliases), o.Addr)
		o.Addr = p.Root + ":" + re(o.Addr[len(p.Root)+1:])
	}
	o.Label = re(o.Label)
	for i, q := range o.Possible {
		was := q.Instance()
		o.Possible[i].Block = re(q.Block)
		if text := strings.Replace(q.Text, was, o.Possible[i].Instance(), 1); text != q.Text {
			if j := slices.Index(o.Inferred, q.Text); j >= 0 {
				o.Inferred[j] = text
			}
			o.Possible[i].Text = text
		}
	}
	return c
}

// declaringRoots maps configuration addresses (blocks without instance
// keys, module calls included) to the root modules whose Terraform
// entities sit in them.
func declaringRoots(model *lint.Model) map[string]map[string]bool {
	out := map[string]map[string]bool{}
	add := func(addr, root string) {
		if addr == "" {
			return
		}
		if out[addr] == nil {
			out[addr] = map[string]bool{}
		}
		out[addr][root] = true
	}
	for _, e := range model.Entities() {
		o := e.Base()
		if o.Source != lint.SourceTerraform || o.FromPlan() {
			continue
		}
		for _, p := range o.Possible {
			add(plan.ConfigAddress(p.Block), p.Root)
		}
		root, _, ok := strings.Cut(o.Addr, ":")
		if !ok {
			continue
		}
		for _, c := range plan.ConfigPrefixes(o.Label) {
			add(c, root)
		}
	}
	return out
}

// removeEntities drops the given entities from the model's lists.
func removeEntities(m *lint.Model, drop map[lint.Entity]bool) {
	m.Roles = without(m.Roles, drop)
	m.InstanceProfiles = without(m.InstanceProfiles, drop)
	m.SecurityGroups = without(m.SecurityGroups, drop)
	m.LaunchTemplates = without(m.LaunchTemplates, drop)
	m.NodeGroups = without(m.NodeGroups, drop)
	m.NodeClasses = without(m.NodeClasses, drop)
	m.NodePools = without(m.NodePools, drop)
	m.ServiceAccounts = without(m.ServiceAccounts, drop)
	m.Objects = without(m.Objects, drop)
	m.Releases = without(m.Releases, drop)
	m.PodIdentities = without(m.PodIdentities, drop)
	m.Workloads = without(m.Workloads, drop)
	m.AccessEntries = without(m.AccessEntries, drop)
	m.Clusters = without(m.Clusters, drop)
	m.FargateProfiles = without(m.FargateProfiles, drop)
	m.Subnets = without(m.Subnets, drop)
	m.StorageClasses = without(m.StorageClasses, drop)
	m.VolumeClaims = without(m.VolumeClaims, drop)
	m.Volumes = without(m.Volumes, drop)
}

func without[T lint.Entity](xs []T, drop map[lint.Entity]bool) []T {
	return slices.DeleteFunc(xs, func(x T) bool { return drop[x] })
}

// cloneEntity copies an entity (its own fields; what they point to is
// shared and not changed by settling).
func cloneEntity(e lint.Entity) lint.Entity {
	switch x := e.(type) {
	case *lint.Role:
		c := *x
		return &c
	case *lint.InstanceProfile:
		c := *x
		return &c
	case *lint.SecurityGroup:
		c := *x
		return &c
	case *lint.LaunchTemplate:
		c := *x
		return &c
	case *lint.NodeGroup:
		c := *x
		return &c
	case *lint.NodeClass:
		c := *x
		return &c
	case *lint.NodePool:
		c := *x
		return &c
	case *lint.ServiceAccount:
		c := *x
		return &c
	case *lint.KubeObject:
		c := *x
		return &c
	case *lint.Release:
		c := *x
		return &c
	case *lint.PodIdentityAssociation:
		c := *x
		return &c
	case *lint.Workload:
		c := *x
		return &c
	case *lint.AccessEntry:
		c := *x
		return &c
	case *lint.Cluster:
		c := *x
		return &c
	case *lint.FargateProfile:
		c := *x
		return &c
	case *lint.Subnet:
		c := *x
		return &c
	case *lint.StorageClass:
		c := *x
		return &c
	case *lint.VolumeClaim:
		c := *x
		return &c
	case *lint.Volume:
		c := *x
		return &c
	case *lint.OIDCProvider:
		c := *x
		return &c
	}
	return e
}
