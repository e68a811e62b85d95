package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// NodeAccessRemoval reports node access (aws-auth mapping, access entry)
// that the change removes or silently breaks for a role nodes still use.
var NodeAccessRemoval = &lint.Rule{
	ID:       "FL305",
	Name:     "node-access-removal",
	Severity: lint.Error,
	Summary:  "node access (aws-auth mapping or access entry) is removed or silently broken for a role nodes still use",
	Since:    "0.1.0",
	Doc: `The change under review removes the cluster access of a role that
nodes still run as, or breaks it without touching it:

- A node role is replaced under the same name. The new role has a new
  unique ID; EKS access entries bind to the principal's unique ID, so the
  existing entries stop matching even though the name is the same.
- An access entry is removed (an ` + "`aws_eks_access_entry`" + `, an entry of
  terraform-aws-eks ` + "`access_entries`" + `; plan or base revision) while
  Karpenter or self-managed nodes still run as its principal, and nothing
  else in the tree grants that role (EKS keeps its own entries for managed
  node groups' roles).
- The cluster switches to ` + "`API`" + ` mode since the base revision (it read
  aws-auth there: ` + "`CONFIG_MAP`" + ` or ` + "`API_AND_CONFIG_MAP`" + `) while Karpenter or
  self-managed nodes run as a role that only an aws-auth mapping lets join
  (no access entry of a node type grants it): in ` + "`API`" + ` mode aws-auth is
  not read. A base ` + "`aws_eks_cluster`" + ` writing no ` + "`authentication_mode`" + ` had
  ` + "`CONFIG_MAP`" + `, the mode EKS creates a cluster in without one (inferred: a
  mode changed outside the source is kept). Compared with ` + "`--base`" + ` only;
  a plan's update of the mode is not read.
- An aws-auth ` + "`mapRoles`" + ` entry is removed for a role nodes run as: from a
  manifest, a ` + "`kubernetes_config_map(_v1)(_v1_data)`" + ` (` + "`yamlencode`" + `, heredoc,
  ` + "`file()`" + `), terraform-aws-eks ` + "`aws_auth_roles`" + ` (before v20, or its
  ` + "`modules/aws-auth`" + `), or an update in the plan whose new ` + "`mapRoles`" + ` lacks
  the entry. The cluster's authentication mode decides what is at stake
  (` + "`aws_eks_cluster`" + ` ` + "`access_config`" + `, the eks module's ` + "`authentication_mode`" + `
  and its default per major version): in ` + "`API`" + ` mode aws-auth is not read
  and the rule is silent; in ` + "`API_AND_CONFIG_MAP`" + ` mode managed node groups
  keep the access entry EKS made for their role; in ` + "`CONFIG_MAP`" + ` mode they
  depend on the ConfigMap like everyone else (with the mode unknown, that
  is reported one level lower). An access entry or another mapping that
  still grants the role keeps the rule silent — one that lets nodes join:
  an access entry of a node type (` + "`EC2_LINUX`" + `, ` + "`EC2_WINDOWS`" + `, ` + "`HYBRID_LINUX`" + `,
  ` + "`FARGATE_LINUX`" + `, ` + "`EC2`" + `), not ` + "`STANDARD`" + ` (the default when ` + "`type`" + ` is
  not written), or a mapping into ` + "`system:nodes`" + `.
- The whole ` + "`aws-auth`" + ` ConfigMap is deleted and its ` + "`mapRoles`" + ` cannot be read:
  the rule assumes it maps the role of Karpenter and self-managed nodes and
  reports one level lower.

## The chain

1. The role's node access no longer matches.
2. Running nodes keep working until their credentials or kubelet
   certificates are refreshed; new nodes cannot join. Nodes go
   ` + "`NotReady`" + `; the effect can arrive hours after apply.

## Example

` + "```hcl" + `
resource "aws_iam_role" "nodes" {
  name = "prod-nodes"
  path = "/eks/"          # changed: forces replacement
}
` + "```" + `
` + "```yaml" + `
apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
spec:
  role: prod-nodes        # FL305
` + "```" + `

## How to fix

Change the role in place instead of replacing it. If it must be replaced
(or the aws-auth mapping must go), safe order: first create the new access
(an access entry for the new role, or for the role the aws-auth entry
mapped) and apply; then replace or delete the old; then recreate access
entries that name the old role. For a switch to API mode, give the nodes'
role an access entry of type ` + "`EC2_LINUX`" + ` first; from ` + "`CONFIG_MAP`" + `, which refuses
access entries, switch to ` + "`API_AND_CONFIG_MAP`" + ` in the same step, then to ` + "`API`" + `.

References: EKS user guide, "Grant IAM users access to Kubernetes with EKS
access entries" (recreated principals) and "Migrating existing aws-auth
ConfigMap entries to access entries".`,
	Check: checkNodeAccessRemoval,
}

func checkNodeAccessRemoval(p *lint.Pass) {
	m := p.Model
	x := &accessIndex{m: m}
	nodes := lazySurvivors(m)
	for _, c := range m.Changes {
		if !destroys(c) {
			continue
		}
		switch b := c.Before.(type) {
		case *lint.Role:
			if c.Action == lint.ActionReplace && x.sameNameRole(b) {
				reportReplacedRole(p, nodes(), c, b)
			}
		case *lint.KubeObject:
			if c.Action == lint.ActionDelete && b.IsAWSAuth() && !x.awsAuthDeclared(b) && !x.mappingsKnown(b) {
				reportAWSAuthDeleted(p, nodes(), c, b)
			}
		case *lint.AccessEntry:
			if c.CreateBeforeDestroy || x.accessGranted(b) {
				continue
			}
			if b.AWSAuth() {
				reportMappingRemoved(p, nodes(), c, b)
			} else {
				reportAccessEntryDeleted(p, nodes(), c, b)
			}
		}
	}
	for _, cl := range m.Clusters {
		now, ok := cl.AuthenticationMode.Str()
		if ok && now == lint.AuthAPI && cl.ModeAtBase != "" && lint.ReadsAWSAuth(cl.ModeAtBase) {
			reportModeSwitch(p, nodes(), cl)
		}
	}
}

// reportModeSwitch reports Karpenter and self-managed nodes of a cluster
// that switches to API mode since the base revision while their role is
// granted node access by an aws-auth mapping only: in API mode aws-auth
// is not read (EKS makes access entries for managed node groups' and
// Fargate profiles' roles itself).
func reportModeSwitch(p *lint.Pass, s *survivors, cl *lint.Cluster) {
	m := p.Model
	for _, v := range s.nodes {
		n := v.NodeIdentity
		if !v.hasRole || v.role.Entity == nil || lint.Compare(n.Cluster, cl.Name) == lint.No {
			continue
		}
		if ng, ok := n.Entity.(*lint.NodeGroup); ok && ng.Managed {
			continue
		}
		if entryGrants(m, v.role, cl.Name) {
			continue
		}
		mapping := nodeMapping(m, v.role, cl)
		if mapping == nil {
			continue // no access before the switch either: not this change's doing
		}
		name := describe(v.role)
		how := "runs its nodes as it"
		if n.Karpenter {
			how = "launches nodes as it"
		}
		p.Report(lint.Finding{
			Range:   cl.ModeRange,
			Message: fmt.Sprintf("%s switches to authentication mode API since the base revision (it was %s) while %s runs as role %s, which only aws-auth lets join", cl.Label, modeAtBase(cl), n.Label(), name),
			Related: append([]lint.Location{
				{Range: userRange(n), Message: fmt.Sprintf("%s %s", n.Label(), how)},
				{Range: mapping.Range, Message: "the aws-auth mapping that grants the role node access, no longer read"},
			}, passed(userRef(n))...),
			Chain: []string{
				fmt.Sprintf("%s authenticated in mode %s at the base revision%s and authenticates in API mode now: EKS no longer reads aws-auth", cl.Label, cl.ModeAtBase, defaultedAtBase(cl)),
				fmt.Sprintf("%s %s", n.Label(), how),
				fmt.Sprintf("role %s has node access only through %s; no access entry of a node type in the tree grants it (EKS makes them for managed node groups and Fargate profiles only)", name, mapping.Label),
				"those nodes can no longer authenticate to the cluster and go NotReady; new nodes cannot join; the effect can arrive hours after apply",
			},
			Hint:     modeSwitchHint(name, cl.ModeAtBase),
			Inferred: modeSwitchInferred(n.Entity, cl),
			Key:      "mode=" + cl.Addr + "|user=" + n.Entity.Base().Addr,
			Roots:    rootsOf(n.Entity, cl),
		})
	}
}

// modeSwitchHint is the safe order for a switch to API mode from mode
// base: EKS refuses access entries on a cluster in CONFIG_MAP mode
// (CreateAccessEntry: "The cluster's authentication mode must be set to
// one of [API, API_AND_CONFIG_MAP]"), so from there the order goes
// through API_AND_CONFIG_MAP.
func modeSwitchHint(role, base string) string {
	if base == "CONFIG_MAP" {
		return fmt.Sprintf("safe order: first switch to API_AND_CONFIG_MAP, give role %s an access entry of type EC2_LINUX and apply (EKS refuses access entries in CONFIG_MAP mode); then switch to API", role)
	}
	return fmt.Sprintf("safe order: first give role %s an access entry of type EC2_LINUX and apply (in %s mode); then switch to API", role, base)
}

// modeAtBase names the cluster's mode at the base revision, saying when
// it is EKS's default for a base that wrote none.
func modeAtBase(cl *lint.Cluster) string {
	if cl.ModeAtBaseInferred != "" {
		return cl.ModeAtBase + ", EKS's default, as the base writes none"
	}
	return cl.ModeAtBase
}

// defaultedAtBase is the chain's remark on a base mode taken to be EKS's
// default.
func defaultedAtBase(cl *lint.Cluster) string {
	if cl.ModeAtBaseInferred != "" {
		return " (EKS's default: the base writes none)"
	}
	return ""
}

// modeSwitchInferred is what a mode switch finding inferred: the node's
// and cluster's own, and the base mode when the base wrote none.
func modeSwitchInferred(n lint.Entity, cl *lint.Cluster) []string {
	out := inferred(n, cl)
	if cl.ModeAtBaseInferred != "" {
		out = append(out, cl.ModeAtBaseInferred)
	}
	return out
}

// nodeMapping is an aws-auth mapping of the cluster, in the tree now or
// removed by the change, that lets role r's nodes join (system:nodes).
func nodeMapping(m *lint.Model, r lint.Identity, cl *lint.Cluster) *lint.AccessEntry {
	entries := slices.Clone(m.AccessEntries)
	for _, c := range m.Changes {
		if ae, ok := c.Before.(*lint.AccessEntry); ok {
			entries = append(entries, ae)
		}
	}
	for _, ae := range entries {
		if !ae.AWSAuth() || ae.NodeAccess() != lint.Yes || lint.Compare(ae.Cluster, cl.Name) == lint.No {
			continue
		}
		ra := m.ResolveRole(ae.Principal.Value, ae.Scope)
		if ra.Entity != nil && ra.Entity == r.Entity || lint.SameIdentity(ra, r) == lint.Yes {
			return ae
		}
	}
	return nil
}

// accessIndex indexes, on first use, what FL305 looks up for every
// change: the roles by name, the access entries by principal, and the
// aws-auth ConfigMaps whose mappings the change removes one by one.
type accessIndex struct {
	m *lint.Model
	// roles: m.Roles by literal name.
	roles map[string][]*lint.Role
	// entries: m.AccessEntries, with their principal resolved as a role
	// (entryRoles), by literal principal, resolved entity and literal
	// resolved name.
	entries                 bool
	entryRoles              []lint.Identity
	byPrincipal, byRoleName keyIndex
	byRoleEntity            map[lint.Entity][]int
	// mapped: the ConfigMaps whose mappings the change removes;
	// awsAuth: the clusters with an aws-auth ConfigMap.
	mapped, awsAuth map[string]bool
}

// accessGranted reports whether the current model still grants the removed
// entry's principal access to the cluster: an access entry (one that
// exists proves the cluster reads access entries), or an aws-auth mapping
// of a cluster that reads aws-auth — one that lets nodes join, when the
// removed entry did (a STANDARD entry does not).
func (x *accessIndex) accessGranted(b *lint.AccessEntry) bool {
	m := x.m
	rb := m.ResolveRole(b.Principal.Value, b.Scope)
	nodes := b.NodeAccess() != lint.No
	for _, i := range x.samePrincipalCandidates(b, rb) {
		ae := m.AccessEntries[i]
		if lint.Compare(ae.Cluster, b.Cluster) == lint.No || destroyedByChange(m, ae) || !samePrincipal(x.entryRoles[i], ae, b, rb) {
			continue
		}
		if nodes && ae.NodeAccess() == lint.No {
			continue // a STANDARD entry does not let nodes join
		}
		if ae.AWSAuth() {
			if mode, _ := m.AuthenticationMode(ae.Cluster, ae.Scope); !lint.ReadsAWSAuth(mode) {
				continue
			}
		}
		return true
	}
	return false
}

// samePrincipal compares the principals of two entries: the same text, or
// the same role once resolved (ra, rb).
func samePrincipal(ra lint.Identity, a, b *lint.AccessEntry, rb lint.Identity) bool {
	if lint.Compare(a.Principal.Value, b.Principal.Value) == lint.Yes {
		return true
	}
	return ra.Entity != nil && ra.Entity == rb.Entity || lint.SameIdentity(ra, rb) == lint.Yes
}

// samePrincipalCandidates lists, in order, the access entries that
// samePrincipal can find the same as b (whose principal resolves to rb):
// lint.Compare is Yes for a literal only with the same literal, so with
// b's principal and role name literal only the entries with that
// principal, that role or that role name; else every entry.
func (x *accessIndex) samePrincipalCandidates(b *lint.AccessEntry, rb lint.Identity) []int {
	m := x.m
	if !x.entries {
		x.entries = true
		x.byPrincipal, x.byRoleName, x.byRoleEntity = newKeyIndex(), newKeyIndex(), map[lint.Entity][]int{}
		for i, ae := range m.AccessEntries {
			ra := m.ResolveRole(ae.Principal.Value, ae.Scope)
			x.entryRoles = append(x.entryRoles, ra)
			x.byPrincipal.add(i, ae.Principal.Value)
			x.byRoleName.add(i, ra.Name)
			if ra.Entity != nil {
				x.byRoleEntity[ra.Entity] = append(x.byRoleEntity[ra.Entity], i)
			}
		}
	}
	_, okP := b.Principal.Value.Str()
	_, okN := rb.Name.Str()
	if !okP || !okN {
		return seqSlice(len(m.AccessEntries))
	}
	at := append([]int(nil), x.byPrincipal.exact(b.Principal.Value)...)
	at = append(at, x.byRoleName.exact(rb.Name)...)
	if rb.Entity != nil {
		at = append(at, x.byRoleEntity[rb.Entity]...)
	}
	return sortedUnique(at)
}

// mappingsKnown reports whether the change removes the ConfigMap's
// mapRoles entries one by one too (they were read): those are judged, not
// the ConfigMap as a whole.
func (x *accessIndex) mappingsKnown(cm *lint.KubeObject) bool {
	if x.mapped == nil {
		x.mapped = map[string]bool{}
		for _, c := range x.m.Changes {
			if ae, ok := c.Before.(*lint.AccessEntry); ok && ae.AWSAuth() {
				x.mapped[ae.ConfigMap] = true
			}
		}
	}
	return x.mapped[cm.Addr]
}

// principalRole resolves a removed entry's principal, or stands in for it
// with a role of that name when the tree does not declare it.
func principalRole(m *lint.Model, c *lint.Change, b *lint.AccessEntry) (*lint.Role, string) {
	id := m.ResolveRole(b.Principal.Value, b.Scope)
	role, ok := id.Entity.(*lint.Role)
	if !ok {
		role = &lint.Role{Object: lint.Object{Kind: lint.KindRole, Addr: c.Address + "#principal", Label: id.Describe(), Name: id.Name, Scope: id.Scope}}
	}
	return role, describe(id)
}

// reportAccessEntryDeleted reports Karpenter and self-managed nodes that run
// as the principal of a removed access entry (EKS keeps its own entries for
// managed node groups' roles).
func reportAccessEntryDeleted(p *lint.Pass, s *survivors, c *lint.Change, b *lint.AccessEntry) {
	role, name := principalRole(p.Model, c, b)
	for _, u := range roleUses(p, s, c, role) {
		if ng, ok := u.user.Entity.(*lint.NodeGroup); ok && ng.Managed {
			continue
		}
		if lint.Compare(u.user.Cluster, b.Cluster) == lint.No {
			continue
		}
		label := u.user.Label()
		related := append(deletedRelated(p.Model, c), passed(u.ref)...)
		entry := c.Address
		if !strings.HasPrefix(entry, "AccessEntry ") {
			entry = "access entry " + entry
		}
		p.Report(lint.Finding{
			Range:   u.anchor,
			Message: fmt.Sprintf("%s for role %s %s while %s still runs as the role", entry, name, changeVerb(c), label),
			Related: related,
			Chain: []string{
				fmt.Sprintf("%s %s%s: the cluster no longer lets role %s in", entry, changeVerb(c), changeWhy(c), name),
				fmt.Sprintf("%s %s", label, u.how),
				"those nodes can no longer authenticate to the cluster and go NotReady; new nodes cannot join; the effect can arrive hours after apply",
			},
			Hint:     fmt.Sprintf("safe order: first move %s to a role with its own access entry (or keep an access entry of type EC2_LINUX for role %s) and apply; then remove %s", label, name, c.Address),
			Inferred: inferred(u.user.Entity),
			Key:      "access-entry=" + c.Address + "|user=" + u.user.Entity.Base().Addr,
			Roots:    rootsOf(u.user.Entity, c.Before),
		})
	}
}

// reportMappingRemoved reports nodes that run as the role of a removed
// aws-auth mapRoles entry, when the cluster reads aws-auth. Managed node
// groups count too unless the cluster also reads access entries (EKS then
// keeps an access entry for their role; in CONFIG_MAP mode its mapping for
// them is this very ConfigMap).
func reportMappingRemoved(p *lint.Pass, s *survivors, c *lint.Change, b *lint.AccessEntry) {
	m := p.Model
	mode, cluster := m.AuthenticationMode(b.Cluster, b.Scope)
	if !lint.ReadsAWSAuth(mode) {
		return
	}
	role, name := principalRole(m, c, b)
	modeLine := "the cluster's authentication mode is not in the tree; aws-auth is read unless it is API"
	managedDepends := "managed node group %s is taken to depend on aws-auth (in API_AND_CONFIG_MAP mode EKS keeps an access entry for its role)"
	var modeRel []lint.Location
	if cluster != nil {
		modeLine = fmt.Sprintf("%s authenticates in mode %s, which reads aws-auth", cluster.Label, mode)
		modeRel = []lint.Location{{Range: cluster.ModeRange, Message: "authentication mode " + mode}}
	} else if dc := m.ModeDefaultedCluster(b.Cluster, b.Scope); dc != nil {
		modeLine = fmt.Sprintf("%s writes no authentication mode: EKS keeps the one the cluster has, CONFIG_MAP (which reads aws-auth) for a cluster created without one", dc.Label)
		managedDepends = "managed node group %s is taken to depend on aws-auth: its cluster writes no authentication mode, and one created without it is in CONFIG_MAP mode (in API_AND_CONFIG_MAP mode, set outside the source, EKS keeps an access entry for its role)"
		modeRel = []lint.Location{{Range: dc.ModeRange, Message: "no authentication mode written"}}
	}
	for _, u := range roleUses(p, s, c, role) {
		if lint.Compare(u.user.Cluster, b.Cluster) == lint.No {
			continue
		}
		var extra []string
		if ng, ok := u.user.Entity.(*lint.NodeGroup); ok && ng.Managed {
			switch mode {
			case lint.AuthAPIAndConfigMap:
				continue // EKS keeps an access entry for managed node groups' roles
			case "":
				extra = []string{fmt.Sprintf(managedDepends, ng.Label)}
			}
		}
		label := u.user.Label()
		related := append(deletedRelated(p.Model, c), passed(u.ref)...)
		related = append(related, modeRel...)
		p.Report(lint.Finding{
			Range:   u.anchor,
			Message: fmt.Sprintf("aws-auth mapRoles entry for role %s %s while %s still runs as the role", name, removedVerb(c), label),
			Related: related,
			Chain: []string{
				fmt.Sprintf("%s %s%s: aws-auth no longer maps role %s", c.Address, removedVerb(c), changeWhy(c), name),
				fmt.Sprintf("%s %s", label, u.how),
				modeLine + "; no access entry or other mapping in the tree grants the role",
				"those nodes can no longer authenticate to the cluster and go NotReady; new nodes cannot join; the effect can arrive hours after apply",
			},
			Hint:     fmt.Sprintf("safe order: first grant role %s node access another way (an access entry of type EC2_LINUX, in API_AND_CONFIG_MAP mode, or keep its mapRoles entry) and apply; then remove the mapping", name),
			Inferred: append(extra, inferred(u.user.Entity)...),
			Key:      "mapping=" + changeKey(c) + "|user=" + u.user.Entity.Base().Addr,
			Roots:    rootsOf(u.user.Entity, c.Before),
		})
	}
}

// sameNameRole reports whether the current model declares a role with the
// replaced role's name. lint.Compare is Yes for a literal only with the
// same literal: only the roles of that name are compared.
func (x *accessIndex) sameNameRole(b *lint.Role) bool {
	name, ok := b.Name.Str()
	if !ok {
		return false
	}
	if x.roles == nil {
		x.roles = map[string][]*lint.Role{}
		for _, r := range x.m.Roles {
			if n, ok := r.Name.Str(); ok {
				x.roles[n] = append(x.roles[n], r)
			}
		}
	}
	for _, r := range x.roles[name] {
		if r.Scope.Compatible(b.Scope, false, false) && lint.Compare(r.Name, b.Name) == lint.Yes {
			return true
		}
	}
	return false
}

func reportReplacedRole(p *lint.Pass, s *survivors, c *lint.Change, b *lint.Role) {
	name, _ := b.Name.Str()
	for _, u := range roleUses(p, s, c, b) {
		label := u.user.Label()
		related := deletedRelated(p.Model, c)
		related = append(related, passed(u.ref)...)
		p.Report(lint.Finding{
			Range:   u.anchor,
			Message: fmt.Sprintf("%s %s under the same name %q while %s still runs as it: access entries bind to the role's unique ID, so the node access silently stops matching", changeLabel(p.Model, c), changeVerb(c), name, label),
			Related: related,
			Chain: []string{
				fmt.Sprintf("%s %s%s; the new role keeps the name %q but gets a new unique ID", changeLabel(p.Model, c), changeVerb(c), changeWhy(c), name),
				fmt.Sprintf("%s %s", label, u.how),
				"EKS access entries for the role are bound to the old unique ID: they stop matching, with no change to them in the plan or the source",
				"nodes running as the role can no longer authenticate to the cluster and go NotReady; new nodes cannot join; the effect can arrive hours after apply",
			},
			Hint:     fmt.Sprintf("change role %q in place instead of replacing it; if it must be replaced, safe order: replace it, then delete and recreate its access entries (or its aws-auth mapping) before %s launches or refreshes nodes", name, label),
			Inferred: inferred(u.user.Entity, b),
			Key:      "replaced=" + changeKey(c) + "|user=" + u.user.Entity.Base().Addr,
			Roots:    rootsOf(u.user.Entity, c.Before),
		})
	}
}

// awsAuthDeclared reports whether the current model still declares an
// aws-auth ConfigMap for the same cluster (moved, not removed): the same
// cluster name, as lint.Compare finds two literals.
func (x *accessIndex) awsAuthDeclared(b *lint.KubeObject) bool {
	if x.awsAuth == nil {
		x.awsAuth = map[string]bool{}
		for _, o := range x.m.Objects {
			if o.IsAWSAuth() {
				x.awsAuth[o.Scope.Cluster] = true
			}
		}
	}
	return x.awsAuth[b.Scope.Cluster]
}

// entryGrants reports whether an access entry that stays (not an aws-auth
// mapping, not destroyed, not STANDARD) grants role r access to the
// nodes' cluster: the
// role needs no aws-auth mapping then (an entry that exists proves the
// cluster reads access entries).
func entryGrants(m *lint.Model, r lint.Identity, cluster lint.Value) bool {
	return len(grantingEntries(m, r, cluster)) > 0
}

// grantingEntries are the access entries entryGrants finds.
func grantingEntries(m *lint.Model, r lint.Identity, cluster lint.Value) []*lint.AccessEntry {
	var out []*lint.AccessEntry
	for _, ae := range m.AccessEntries {
		if ae.AWSAuth() || destroyedByChange(m, ae) || lint.Compare(ae.Cluster, cluster) == lint.No || ae.NodeAccess() == lint.No {
			continue
		}
		ra := m.ResolveRole(ae.Principal.Value, ae.Scope)
		if ra.Entity != nil && ra.Entity == r.Entity || lint.SameIdentity(ra, r) == lint.Yes {
			out = append(out, ae)
		}
	}
	return out
}

func reportAWSAuthDeleted(p *lint.Pass, s *survivors, c *lint.Change, b *lint.KubeObject) {
	m := p.Model
	label := "aws-auth ConfigMap"
	if c.Address != "" && !strings.Contains(c.Address, "#") {
		label += " " + c.Address
	}
	verb := removedVerb(c)
	cluster := lint.Unknown()
	if b.Scope.Cluster != "" {
		cluster = lint.Known(b.Scope.Cluster)
	}
	mode, _ := m.AuthenticationMode(cluster, b.Scope)
	if !lint.ReadsAWSAuth(mode) {
		return
	}
	for _, v := range s.nodes {
		n, r := v.NodeIdentity, v.role
		if ng, ok := n.Entity.(*lint.NodeGroup); ok && ng.Managed && mode != lint.AuthConfigMap {
			continue // EKS keeps an access entry for managed node groups' roles
		}
		if b.Scope.Cluster != "" && lint.Compare(n.Cluster, lint.Known(b.Scope.Cluster)) == lint.No {
			continue
		}
		if !v.hasRole || entryGrants(m, r, n.Cluster) {
			continue
		}
		nodeLabel := n.Label()
		name := describe(r)
		related := deletedRelated(p.Model, c)
		related = append(related, passed(userRef(n))...)
		p.Report(lint.Finding{
			Range:   userRange(n),
			Message: fmt.Sprintf("%s %s while %s still runs as role %s, which it is taken to map", label, verb, nodeLabel, name),
			Related: related,
			Chain: []string{
				fmt.Sprintf("%s %s: its mapRoles entries go with it", label, verb),
				fmt.Sprintf("%s launches nodes as role %s, mapped to system:nodes there unless an access entry grants it", nodeLabel, name),
				"nodes running as the role can no longer authenticate to the cluster and go NotReady; new nodes cannot join; the effect can arrive hours after apply",
			},
			Hint:     fmt.Sprintf("safe order: first give role %s an access entry of type EC2_LINUX (or keep its mapRoles entry in an aws-auth that stays) and apply; then remove the ConfigMap", name),
			Inferred: append([]string{"the deleted aws-auth ConfigMap is taken to map role " + name}, inferred(n.Entity)...),
			Key:      "deleted=" + changeKey(c) + "|user=" + n.Entity.Base().Addr,
			Roots:    rootsOf(n.Entity, c.Before),
		})
	}
}
