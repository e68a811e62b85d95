package rules

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// SharedNodeRole reports an IAM role used both by EKS node groups and by
// Karpenter-launched nodes.
var SharedNodeRole = &lint.Rule{
	ID:       "FL101",
	Name:     "shared-node-role",
	Severity: lint.Error,
	Summary:  "one IAM role used by node groups (managed or self-managed) and by Karpenter nodes",
	Since:    "0.1.0",
	Doc: `Karpenter-launched nodes and EKS node groups run as the same IAM role.

` + unreadNodeClassDoc + `## The chain

1. A managed node group's role is added to the cluster's node access (the
   aws-auth ConfigMap or an EKS access entry) on the group's behalf, and EKS
   creates an instance profile for it.
2. Karpenter's EC2NodeClass names the same role (` + "`spec.role`" + `, or an
   instance profile holding it). The eks module's Karpenter submodule given
   the role instead of creating one (` + "`create_node_iam_role = false`" + ` with
   ` + "`node_iam_role_arn`" + ` from v20, ` + "`create_iam_role = false`" + ` with ` + "`iam_role_arn`" + `
   in v18.31 to v19) states it too: the module grants Karpenter's controller
   ` + "`iam:PassRole`" + ` on that role for its nodes. With no node class in the
   tree naming the role, that finding is reported at the ARN argument one
   severity lower (inferred); a node class that names it is the evidence, and
   the chain is told once, there. The Karpenter chart's legacy default
   (` + "`settings.aws.defaultInstanceProfile`" + `, before v0.32) counts only where
   a node may get it: not when the tree's AWSNodeTemplates all name their
   own ` + "`instanceProfile`" + ` or launch template and every Provisioner launches
   through one of them by ` + "`providerRef`" + `.
3. When the node groups are deleted or replaced, EKS removes the role's node
   access entry (once no other managed node group uses it) and deletes the
   instance profile it created.
4. Karpenter's nodes, which authenticate as that role, can no longer join:
   running nodes go ` + "`NotReady`" + ` / ` + "`Ready:Unknown`" + ` one after another and new
   launches fail. The effect can arrive hours after apply.

This is the Stytch incident of 23 February 2023: unused managed node groups
were removed, Karpenter's nodes shared their role and instance profile, and
the API went down hours later.

## Example

` + "```hcl" + `
resource "aws_eks_node_group" "system" {
  node_role_arn = aws_iam_role.nodes.arn   # role "prod-nodes"
}
` + "```" + `
` + "```yaml" + `
apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
spec:
  role: prod-nodes                          # FL101
` + "```" + `

Karpenter's nodes keep their access, and nothing is reported, when the
cluster reads access entries (` + "`API`" + ` or ` + "`API_AND_CONFIG_MAP`" + ` mode), an
access entry of a node type that the tree declares grants the role (EKS
deletes only the entry it made for managed groups, and nothing for
self-managed ones), and Karpenter launches with ` + "`spec.role`" + ` or an instance
profile the tree declares — where a self-managed group shares the role,
neither that entry nor that profile declared in the group's own module
instance (the eks module's self-managed group makes its role's entry:
removing the group deletes it).

## How to fix

Give Karpenter its own node role (and let Karpenter create its own instance
profile from ` + "`spec.role`" + `), with its own access entry of type ` + "`EC2_LINUX`" + ` (on a
cluster in ` + "`CONFIG_MAP`" + ` mode, which refuses access entries, its own aws-auth mapping). Keep
the node group role for the node groups only.

References: Karpenter "Migrating from Cluster Autoscaler" (separate
KarpenterNodeRole); EKS user guide, "Amazon EKS node IAM role".`,
	Check: checkSharedNodeRole,
}

func checkSharedNodeRole(p *lint.Pass) {
	m := p.Model
	groups := m.NodeGroupIdentities()
	type resolved struct {
		role    lint.Identity
		profile *lint.InstanceProfile
		ok      bool
	}
	nodeRoles := make([]resolved, len(groups))
	// Index node groups by the role they resolve to (entity and known
	// name), so each node class meets only the groups that can match.
	byKey := map[string][]int{}
	var open []int
	for i, g := range groups {
		r := &nodeRoles[i]
		r.role, r.profile, r.ok = m.NodeRole(g)
		if !r.ok {
			continue
		}
		keys := roleKeys(r.role)
		if keys == nil {
			open = append(open, i)
		}
		for _, k := range keys {
			byKey[k] = append(byKey[k], i)
		}
	}
	for _, k := range append(m.KarpenterIdentities(), m.KarpenterModuleIdentities()...) {
		kRole, kProfile, ok := m.NodeRole(k)
		if !ok {
			continue
		}
		var hits []lint.NodeIdentity
		var roles []lint.Identity
		for _, i := range candidateGroups(kRole, byKey, open, len(groups)) {
			g := groups[i]
			if !p.Model.SameCluster(g, k) {
				continue
			}
			gRole, gProfile := nodeRoles[i].role, nodeRoles[i].profile
			if kProfile != nil && kProfile == gProfile {
				continue // the shared instance profile is FL102's finding
			}
			switch lint.SameIdentity(gRole, kRole) {
			case lint.Yes:
				hits = append(hits, g)
				roles = append(roles, gRole)
			case lint.Maybe:
				p.Unresolved(fmt.Sprintf("node role of %s vs %s", g.Label(), k.Label()), refRange(k.Role, k.Entity))
			}
		}
		if len(hits) == 0 {
			continue
		}
		// A node class paired with node groups of two clusters (a
		// manifest no root applies, beside same-named environments) is
		// one chain per cluster: only one of them applies it.
		parts := byCluster(m, hits, roles)
		for _, part := range parts {
			key := ""
			if len(parts) > 1 {
				key = "|roots=" + strings.Join(rootsOf(hitEntities(part.hits)...), ",")
			}
			reportSharedRole(p, k, kRole, part.hits, part.roles, key)
		}
	}
}

// clusterPart is the node groups of one cluster sharing a role with a
// Karpenter identity, with the roles they resolve to.
type clusterPart struct {
	hits  []lint.NodeIdentity
	roles []lint.Identity
}

// byCluster splits hits (and their roles) by cluster: those of one part
// are of one cluster as lint.Model.SameCluster tells, in order.
func byCluster(m *lint.Model, hits []lint.NodeIdentity, roles []lint.Identity) []clusterPart {
	var parts []clusterPart
	for i, h := range hits {
		j := slices.IndexFunc(parts, func(c clusterPart) bool { return m.SameCluster(c.hits[0], h) })
		if j < 0 {
			parts = append(parts, clusterPart{})
			j = len(parts) - 1
		}
		parts[j].hits = append(parts[j].hits, h)
		parts[j].roles = append(parts[j].roles, roles[i])
	}
	return parts
}

// reportSharedRole reports Karpenter identity k (its node role kRole)
// sharing a role with the node groups hits of one cluster; keySuffix
// tells the parts of one node class apart.
func reportSharedRole(p *lint.Pass, k lint.NodeIdentity, kRole lint.Identity, hits []lint.NodeIdentity, roles []lint.Identity, keySuffix string) {
	m := p.Model
	role := kRole
	if role.Entity == nil {
		role = roles[0]
	}
	if accessOwnedElsewhere(m, k, role, hits) {
		return
	}
	kWhere, kRef := refRange(k.Role, k.Entity), k.Role
	var through lint.Entity
	var holds []lint.Location // where an instance profile takes the role
	how := "spec.role (Karpenter creates its own instance profile for it)"
	hint := "give Karpenter its own node role (a dedicated aws_iam_role with its own node access: an access entry, or an aws-auth mapping in CONFIG_MAP mode) and point spec.role at it; keep this role for the node groups only"
	if mc, ok := k.Entity.(*lint.ModuleCall); ok {
		in := "node_iam_role_arn"
		if _, ok := mc.Input(in); !ok {
			in = "iam_role_arn"
		}
		how = "the node role it is given as " + in + " (instead of creating one, the module grants Karpenter's controller iam:PassRole on this role for the nodes it launches)"
		hint = "let the karpenter module create Karpenter's own node role (drop " + in + " and its create flag = false) and point the EC2NodeClass's spec.role at the module's node role output; keep this role for the node groups only"
	} else if !k.Role.IsSet() {
		kWhere, kRef = refRange(k.InstanceProfile, k.Entity), k.InstanceProfile
		profile := m.ResolveInstanceProfile(k.InstanceProfile.Value, k.Entity.Base().Scope)
		how = "its instance profile " + describe(profile)
		through = profile.Entity // what is read of it carries into the finding
		// Nodes launched with a profile: an EC2NodeClass can name a role
		// of Karpenter's own instead; a launch template's or a legacy
		// provisioner's profile is what holds the role to change.
		if nc, ok := k.Entity.(*lint.NodeClass); ok && nc.KindName == "EC2NodeClass" {
			hint = "give Karpenter its own node role (a dedicated aws_iam_role with its own node access: an access entry, or an aws-auth mapping in CONFIG_MAP mode) and point spec.role at it in place of spec.instanceProfile; keep this role for the node groups only"
		} else {
			hint = "give instance profile " + describe(profile) + " a role of Karpenter's own (a dedicated aws_iam_role with its own node access: an access entry, or an aws-auth mapping in CONFIG_MAP mode) in place of this one; keep this role for the node groups only"
		}
		if ip, ok := profile.Entity.(*lint.InstanceProfile); ok && !ip.Role.Range.IsZero() {
			holds = append(holds, lint.Location{Range: ip.Role.Range, Message: "instance profile " + describe(profile) + " holds the role here"})
		}
	}
	groups := groupInstances(hits, func(g lint.NodeIdentity) lint.Ref {
		if g.Role.IsSet() {
			return g.Role
		}
		return g.InstanceProfile
	})
	labels := groupLabels(groups)
	// Where the user sets Karpenter's role, when a module only forwards
	// it (outermost first), then the node groups.
	related := append(passedRelated(kRef), holds...)
	related = append(related, groupRelated(groups, func(g instanceGroup, r lint.Ref) string {
		if g.first.Role.IsSet() {
			return "uses it as node_role_arn"
		}
		what := "launches with an instance profile holding it"
		if r.Via != "" {
			what += " (" + r.Via + ")"
		}
		return what
	})...)
	related = append(related, declared(role, "role")...)
	inf := append(append(append(k.Inferred, inferred(k.Entity, role.Entity)...), inferredAny(hits, nodeEntity)...), inferred(through)...)
	managed, self := splitManaged(groups)
	chain := []string{fmt.Sprintf("%s launches nodes as role %s through %s", k.Label(), role.Describe(), how)}
	if len(managed) > 0 {
		chain = append(chain, fmt.Sprintf("EKS grants the same role node access (aws-auth / access entry) and creates an instance profile for it on behalf of %s", listLabels(managed)))
	}
	if len(self) > 0 {
		chain = append(chain, fmt.Sprintf("%s also launch%s with an instance profile holding the same role", listLabels(self), plural(len(self), "es", "")))
	}
	if len(managed) > 0 {
		chain = append(chain, "deleting or replacing those managed node groups removes the role's node access once no other managed node group uses it, and deletes the instance profile EKS created")
	} else {
		chain = append(chain, "removing those node groups usually takes the role's aws-auth / access entry and instance profile with them")
	}
	chain = append(chain, "Karpenter's nodes then cannot authenticate: running nodes go NotReady and new launches fail; the effect can arrive hours after apply")
	p.Report(lint.Finding{
		Range:    kWhere,
		Message:  fmt.Sprintf("IAM role %s is used by %s and also by %s%s", describe(role), k.Label(), listLabels(labels), acrossRoots(append([]lint.Entity{role.Entity, k.Entity}, hitEntities(hits)...)...)),
		Related:  related,
		Chain:    chain,
		Hint:     hint,
		Inferred: dedupe(inf),
		Key:      "role=" + role.Describe() + "|karpenter=" + k.Entity.Base().Addr + keySuffix,
		Roots:    rootsOf(append([]lint.Entity{role.Entity, k.Entity}, hitEntities(hits)...)...),
	})
}

// accessOwnedElsewhere reports whether Karpenter's nodes keep their node
// access and instance profile when the node groups that share their role
// go: the groups are managed (EKS deletes only the entry and profile it
// made for them) or self-managed (EKS deletes nothing for them; what goes
// with one is what its module instance declares), the cluster reads
// access entries only or beside aws-auth (API, API_AND_CONFIG_MAP), an
// access entry of a node type the tree declares, outside every
// self-managed group's module instance, grants the role, and Karpenter
// launches with spec.role (it makes its own instance profile) or an
// instance profile the tree declares (not the one EKS made, nor one a
// self-managed group's module instance declares).
func accessOwnedElsewhere(m *lint.Model, k lint.NodeIdentity, role lint.Identity, hits []lint.NodeIdentity) bool {
	var owners []lint.Address // the module instances of self-managed groups
	for _, g := range hits {
		ng, ok := g.Entity.(*lint.NodeGroup)
		if !ok {
			return false
		}
		if !ng.Managed {
			a, ok := lint.ParseAddress(ng.Addr)
			if !ok {
				return false
			}
			owners = append(owners, lint.Address{Root: a.Root, Modules: a.Modules})
		}
	}
	ownedByGroup := func(addr string) bool {
		a, ok := lint.ParseAddress(addr)
		return !ok || slices.ContainsFunc(owners, a.Within)
	}
	mode, _ := m.AuthenticationMode(k.Cluster, k.Entity.Base().Scope)
	if mode != lint.AuthAPI && mode != lint.AuthAPIAndConfigMap {
		return false
	}
	if !k.Role.IsSet() {
		ip := m.ResolveInstanceProfile(k.InstanceProfile.Value, k.Entity.Base().Scope)
		if ip.Entity == nil || ip.Entity.Base().LookedUp || len(owners) > 0 && ownedByGroup(ip.Entity.Base().Addr) {
			return false
		}
	}
	for _, ae := range grantingEntries(m, role, k.Cluster) {
		if len(owners) == 0 || !ownedByGroup(ae.Addr) {
			return true
		}
	}
	return false
}

// roleKeys are the index keys of a resolved role whose name is fully
// known: its entity and its name. A role with a partly unknown name has no
// keys (nil): it can only be compared one by one.
func roleKeys(id lint.Identity) []string {
	n, ok := id.Name.Str()
	if !ok {
		return nil
	}
	keys := []string{"name:" + n}
	if id.Entity != nil {
		keys = append(keys, "entity:"+id.Entity.Base().Addr)
	}
	return keys
}

// candidateGroups lists, in order, the node groups whose role may be the
// same as id: those sharing an index key, and those with no key at all. A
// role with no key of its own meets every group.
func candidateGroups(id lint.Identity, byKey map[string][]int, open []int, n int) []int {
	keys := roleKeys(id)
	if keys == nil {
		all := make([]int, n)
		for i := range all {
			all[i] = i
		}
		return all
	}
	seen := map[int]bool{}
	var out []int
	for _, k := range keys {
		for _, i := range byKey[k] {
			if !seen[i] {
				seen[i] = true
				out = append(out, i)
			}
		}
	}
	for _, i := range open {
		if !seen[i] {
			seen[i] = true
			out = append(out, i)
		}
	}
	sort.Ints(out)
	return out
}

// hitEntities are the node groups of the identities.
func hitEntities(hits []lint.NodeIdentity) []lint.Entity {
	out := make([]lint.Entity, len(hits))
	for i, h := range hits {
		out[i] = h.Entity
	}
	return out
}

// passedRelated are the module arguments a reference is passed in by,
// outermost (where a user sets it) first.
func passedRelated(r lint.Ref) []lint.Location {
	out := make([]lint.Location, 0, len(r.Passed))
	for i := len(r.Passed) - 1; i >= 0; i-- {
		out = append(out, r.Passed[i])
	}
	return out
}
