package graph

import (
	"github.com/faultline-dev/faultline/lint"
)

// Edge labels: the relations drawn.
const (
	UsesRole         = "uses role"
	LaunchesProfile  = "launches with instance profile"
	HoldsRole        = "holds role"
	AttachesGroup    = "attaches security group"
	SelectsGroup     = "selects security group"
	LaunchTemplate   = "launch template"
	LaunchesWith     = "launches with"
	BoundToRole      = "bound to role"
	RunsAs           = "runs as"
	TrustsSubject    = "trusts subject"
	Renders          = "renders"
	GrantsRole       = "grants role"
	ForAccount       = "for service account"
	AdmitsRole       = "admits role"
	MappingOf        = "mapping of"
	LaunchesInSubnet = "launches in subnet"
	SelectsSubnet    = "selects subnet"
	MountsClaim      = "mounts claim"
	ClaimsFromClass  = "claims from class"
	OfClass          = "of class"
	BoundToVolume    = "bound to volume"
	DependsOn        = "depends on"
	// SchedulesOn is never an edge — the model does not place pods — but
	// the relation a pod that fits nowhere breaks with each candidate place
	// (FL401–FL404 name it).
	SchedulesOn = "schedules on"
)

// builder collects the edges of one model.
type builder struct {
	m     *lint.Model
	g     Graph
	ents  []lint.Entity
	index map[string]int
}

// edge adds from → to when both are nodes of the graph.
func (b *builder) edge(from, to lint.Entity, label string) {
	if from == nil || to == nil {
		return
	}
	i, ok1 := b.index[from.Base().Addr]
	j, ok2 := b.index[to.Base().Addr]
	if ok1 && ok2 {
		b.g.Edges = append(b.g.Edges, Edge{From: i, To: j, Label: label})
	}
}

// relations adds every relation the model resolves.
func (b *builder) relations() {
	b.nodeIdentities()
	b.profiles()
	b.nodePools()
	b.accounts()
	b.trusts()
	b.podIdentities()
	b.accessEntries()
	b.subnets()
	b.volumes()
	b.dependencies()
}

// nodeIdentities: node groups and Karpenter node classes (and legacy
// provisioners) to the roles, profiles and security groups they launch
// with, as the rules resolve them (through launch templates too).
func (b *builder) nodeIdentities() {
	m := b.m
	for _, ng := range m.NodeGroups {
		if lt := m.LaunchTemplateOf(ng); lt != nil {
			b.edge(ng, lt, LaunchTemplate)
		}
	}
	for _, n := range append(m.NodeGroupIdentities(), m.KarpenterIdentities()...) {
		scope := n.Entity.Base().Scope
		if n.Role.IsSet() {
			b.edge(n.Entity, m.ResolveRole(n.Role.Value, scope).Entity, UsesRole)
		}
		if n.InstanceProfile.IsSet() {
			b.edge(n.Entity, m.ResolveInstanceProfile(n.InstanceProfile.Value, scope).Entity, LaunchesProfile)
		}
		for _, r := range n.SecurityGroups {
			b.edge(n.Entity, m.ResolveSecurityGroup(r.Value, scope).Entity, AttachesGroup)
		}
		for _, t := range n.Terms {
			for _, sg := range m.SecurityGroups {
				id := lint.Identity{Kind: lint.KindSecurityGroup, Entity: sg, ID: sg.ID, Name: sg.Name, Scope: sg.Scope}
				if sg.Scope.Compatible(scope, true, false) && lint.TermMatch(t, id) == lint.Yes {
					b.edge(n.Entity, sg, SelectsGroup)
				}
			}
		}
	}
}

// profiles: an instance profile to the role it holds.
func (b *builder) profiles() {
	for _, ip := range b.m.InstanceProfiles {
		if r, _, ok := b.m.RoleOfProfile(lint.Identity{Kind: lint.KindInstanceProfile, Entity: ip}); ok {
			b.edge(ip, r.Entity, HoldsRole)
		}
	}
}

// nodePools: a NodePool to the one node class of its nodeClassRef's name
// in a compatible scope.
func (b *builder) nodePools() {
	for _, np := range b.m.NodePools {
		if nc := b.m.NodeClassOf(np); nc != nil {
			b.edge(np, nc, LaunchesWith)
		}
	}
}

// accounts: service accounts to their IRSA role and the release that
// creates them; workloads to the account they run as.
func (b *builder) accounts() {
	m := b.m
	for _, sa := range m.ServiceAccounts {
		if sa.RoleARN.IsSet() {
			b.edge(sa, m.ResolveRole(sa.RoleARN.Value, sa.Scope).Entity, BoundToRole)
		}
		if sa.Release != "" {
			b.edge(m.Lookup(sa.Release), sa, Renders)
		}
	}
	for _, w := range m.Workloads {
		name := lint.Known("default")
		if w.ServiceAccount.IsSet() {
			name = w.ServiceAccount.Value
		}
		b.edge(w, b.account(w.Namespace, name, w.Scope), RunsAs)
	}
}

// account is the one service account provably named namespace/name in a
// scope compatible with the holder's, or nil.
func (b *builder) account(namespace, name lint.Value, holder lint.Scope) lint.Entity {
	var found *lint.ServiceAccount
	for _, sa := range b.m.ServiceAccounts {
		if !sa.Scope.Compatible(holder, true, true) || lint.Compare(sa.Namespace, namespace) != lint.Yes || lint.Compare(sa.Name, name) != lint.Yes {
			continue
		}
		if found != nil {
			return nil
		}
		found = sa
	}
	if found == nil {
		return nil
	}
	return found
}

// trusts: a role to each service account one of its IRSA trust subjects
// provably lets in.
//
// A subject naming one namespace and name exactly (no wildcard, no case
// folding, no unknown part) can only let in an account of that namespace
// and name, known: those are looked up instead of every account tried
// (50 copies of the benchmark repositories: 9 s of the result cache's
// picture drawing). Each candidate is still decided by SubjectAllows, in
// the model's order.
func (b *builder) trusts() {
	named := map[[2]string][]*lint.ServiceAccount{}
	for _, sa := range b.m.ServiceAccounts {
		if k, ok := exactName(sa.Namespace, sa.Name); ok {
			named[k] = append(named[k], sa)
		}
	}
	for _, r := range b.m.Roles {
		for _, w := range r.Trust.WebIdentities() {
			for _, s := range w.Subjects {
				candidates := b.m.ServiceAccounts
				if k, ok := exactName(s.Namespace, s.Name); ok && !s.Like && !s.IgnoreCase {
					candidates = named[k]
				}
				for _, sa := range candidates {
					if sa.Scope.Compatible(r.Scope, false, false) && lint.SubjectAllows(s, sa.Namespace, sa.Name) == lint.Yes {
						b.edge(r, sa, TrustsSubject)
					}
				}
			}
		}
	}
}

// exactName is a namespace and name both known strings.
func exactName(namespace, name lint.Value) ([2]string, bool) {
	ns, ok := namespace.Str()
	if !ok {
		return [2]string{}, false
	}
	n, ok := name.Str()
	return [2]string{ns, n}, ok
}

// podIdentities: an association to its role and its service account.
func (b *builder) podIdentities() {
	for _, pa := range b.m.PodIdentities {
		if pa.RoleARN.IsSet() {
			b.edge(pa, b.m.ResolveRole(pa.RoleARN.Value, pa.Scope).Entity, GrantsRole)
		}
		b.edge(pa, b.account(pa.Namespace.Value, pa.ServiceAccount.Value, pa.Scope), ForAccount)
	}
}

// accessEntries: an access entry (or aws-auth mapping) to the role it
// admits, and a mapping to its ConfigMap.
func (b *builder) accessEntries() {
	for _, ae := range b.m.AccessEntries {
		if ae.Principal.IsSet() {
			b.edge(ae, b.m.ResolveRole(ae.Principal.Value, ae.Scope).Entity, AdmitsRole)
		}
		if ae.ConfigMap != "" {
			b.edge(ae, b.m.Lookup(ae.ConfigMap), MappingOf)
		}
	}
}

// subnets: node groups and Fargate profiles to the subnets they name,
// node classes to the subnets their selector terms provably select.
func (b *builder) subnets() {
	m := b.m
	for _, ng := range m.NodeGroups {
		for _, r := range ng.Capacity.Subnets {
			if s := m.ResolveSubnet(r.Value); s != nil {
				b.edge(ng, s, LaunchesInSubnet)
			}
		}
	}
	for _, fp := range m.FargateProfiles {
		for _, r := range fp.Subnets {
			if s := m.ResolveSubnet(r.Value); s != nil {
				b.edge(fp, s, LaunchesInSubnet)
			}
		}
	}
	for _, nc := range m.NodeClasses {
		if len(nc.SubnetTerms) == 0 {
			continue
		}
		subnets, _ := m.SubnetsMatching(nc.SubnetTerms)
		for _, s := range subnets {
			b.edge(nc, s, SelectsSubnet)
		}
	}
}

// volumes: workloads to the claims they mount and the classes their claim
// templates claim from; claims to their class and bound volume.
func (b *builder) volumes() {
	m := b.m
	for _, w := range m.Workloads {
		if w.Pod == nil {
			continue
		}
		for _, c := range w.Pod.Claims {
			b.edge(w, b.claim(w.Namespace, c.Claim, w.Scope), MountsClaim)
		}
		for _, t := range w.Pod.ClaimTemplates {
			b.edge(w, b.class(t.StorageClass, w.Scope), ClaimsFromClass)
		}
	}
	for _, vc := range m.VolumeClaims {
		b.edge(vc, b.class(vc.StorageClass, vc.Scope), OfClass)
		for _, pv := range m.Volumes {
			byName := vc.Volume.IsSet() && lint.Compare(pv.Name, vc.Volume.Value) == lint.Yes
			byRef := pv.ClaimName != "" && lint.Compare(vc.Name, lint.Known(pv.ClaimName)) == lint.Yes &&
				lint.Compare(vc.Namespace, lint.Known(pv.ClaimNamespace)) == lint.Yes
			if byName || byRef {
				b.edge(vc, pv, BoundToVolume)
			}
		}
	}
}

// claim is the one claim provably named namespace/name, or nil.
func (b *builder) claim(namespace, name lint.Value, holder lint.Scope) lint.Entity {
	var found *lint.VolumeClaim
	for _, vc := range b.m.VolumeClaims {
		if !vc.Scope.Compatible(holder, true, true) || lint.Compare(vc.Namespace, namespace) != lint.Yes || lint.Compare(vc.Name, name) != lint.Yes {
			continue
		}
		if found != nil {
			return nil
		}
		found = vc
	}
	if found == nil {
		return nil
	}
	return found
}

// class is the one storage class a claim names, or the one default class
// when it names none; nil otherwise.
func (b *builder) class(ref lint.Ref, holder lint.Scope) lint.Entity {
	if sc := b.m.StorageClassFor(ref, holder); sc != nil {
		return sc
	}
	return nil
}

// dependencies: an entity to each entity it explicitly depends on
// (Terraform's depends_on, as the parser resolved it to addresses).
func (b *builder) dependencies() {
	for _, e := range b.ents {
		for _, addr := range e.Base().DependsOn {
			if j, ok := b.index[addr]; ok {
				b.g.Edges = append(b.g.Edges, Edge{From: b.index[e.Base().Addr], To: j, Label: DependsOn})
			}
		}
	}
}
