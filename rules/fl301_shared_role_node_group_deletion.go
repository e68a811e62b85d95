package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// SharedRoleNodeGroupDeletion reports a managed node group that the change
// deletes or replaces while its node role still serves Karpenter nodes or
// self-managed node groups.
var SharedRoleNodeGroupDeletion = &lint.Rule{
	ID:       "FL301",
	Name:     "shared-role-node-group-deletion",
	Severity: lint.Error,
	Summary:  "a managed node group is deleted or replaced while its role still serves Karpenter nodes or self-managed node groups",
	Since:    "0.1.0",
	Doc: `The change under review (a plan, or the diff against a base revision)
deletes or replaces an EKS managed node group, and its node role is also
the role of Karpenter nodes or of self-managed node groups.

## The chain

1. When a managed node group is created, EKS grants its node role access to
   the cluster on the group's behalf (an aws-auth ` + "`mapRoles`" + ` entry or an access
   entry of type ` + "`EC2_LINUX`" + `, depending on the cluster's authentication mode)
   and creates an instance profile for it.
2. When the last managed node group using that role is deleted, EKS removes
   that node access and deletes the instance profile it created.
3. Karpenter's nodes (or self-managed nodes) running as the same role can no
   longer authenticate to the cluster: they go ` + "`NotReady`" + ` / ` + "`Ready:Unknown`" + `, and
   launches through the EKS-created instance profile fail ("instance profile
   not found"). The effect can arrive hours after apply.

This is the Stytch incident of 23 February 2023: unused managed node groups
were deleted, Karpenter's nodes shared their role and instance profile; the
first alerts fired almost two hours and the outage came five hours after the
change.

The rule is silent when another managed node group that the change keeps
still uses the role (EKS keeps the node access while any managed node group
uses it), for a create-before-destroy replacement, and for ` + "`forget`" + ` (a
` + "`removed`" + ` block with ` + "`destroy = false`" + `: nothing is deleted).

## Example

` + "```hcl" + `
# removed from source; the plan deletes it
# resource "aws_eks_node_group" "system" {
#   node_role_arn = aws_iam_role.nodes.arn   # role "prod-nodes"
# }
` + "```" + `
` + "```yaml" + `
apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
spec:
  role: prod-nodes                          # FL301
` + "```" + `

## How to fix

Order the operations: first give Karpenter its own node role with its own
access entry (or add an explicit access entry / aws-auth mapping for the
shared role that does not belong to the node group) and apply; then delete
the node group.

References: EKS user guide, "Delete a managed node group" and "Grant IAM
users access to Kubernetes with EKS access entries"; Karpenter "Migrating
from Cluster Autoscaler" (separate KarpenterNodeRole); Stytch, "Incident
report" (23 February 2023).`,
	Check: checkSharedRoleNodeGroupDeletion,
}

func checkSharedRoleNodeGroupDeletion(p *lint.Pass) {
	m := p.Model
	nodes := lazySurvivors(m)
	for _, c := range m.Changes {
		if !destroys(c) || c.CreateBeforeDestroy || c.Before.Base().Crossplane.Orphans() {
			continue
		}
		ng, ok := c.Before.(*lint.NodeGroup)
		if !ok || !ng.Managed {
			continue
		}
		if ng.Role.Value.IsUnknown() {
			p.Unresolved("node role of deleted "+changeLabel(p.Model, c), anyRange(c))
			continue
		}
		role := m.ResolveRole(ng.Role.Value, ng.Scope)
		access, modeRel := nodeAccessOf(m, ng.Cluster, ng.Scope)
		deleted := lint.NodeIdentity{Entity: ng, Role: ng.Role, Cluster: ng.Cluster}
		same := func(r lint.Identity) lint.Tri {
			if refersTo(r.Written, c) {
				return lint.Yes
			}
			return lint.SameIdentity(r, role)
		}
		// The surviving node groups, then Karpenter's node sides, that may
		// run as the role. Another managed node group the change keeps
		// holds the access.
		s := nodes()
		kept := false
		var users []lint.NodeIdentity
		var roles []lint.Identity
		var profiles []*lint.InstanceProfile
		for i := range s.roles.candidates(len(s.nodes), role, role.Name, c) {
			v := s.nodes[i]
			g, r, ip := v.NodeIdentity, v.role, v.roleIP
			if !v.hasRole || !lint.SameClusterName(g, deleted) {
				continue
			}
			t := same(r)
			if t == lint.Maybe {
				p.Unresolved(fmt.Sprintf("node role of %s vs deleted %s", g.Label(), changeLabel(p.Model, c)), userRange(g))
				continue
			}
			if t != lint.Yes {
				continue
			}
			if ng, ok := g.Entity.(*lint.NodeGroup); ok && !g.Karpenter && ng.Managed {
				kept = true
				break
			}
			users, roles, profiles = append(users, g), append(roles, r), append(profiles, ip)
		}
		if kept {
			continue
		}
		for i, u := range users {
			r := roles[i]
			if r.Entity == nil && role.Entity != nil {
				r = role
			}
			name := describe(r)
			how := "through spec.role"
			if !u.Role.IsSet() {
				how = "through its instance profile"
				if profiles[i] != nil {
					how += " " + profiles[i].Label
				}
			}
			related := deletedRelated(p.Model, c)
			related = append(related, passed(userRef(u))...)
			related = append(related, declared(r, "role")...)
			related = append(related, modeRel...)
			chain := []string{
				fmt.Sprintf("%s %s%s", changeLabel(p.Model, c), changeVerb(c), changeWhy(c)),
				fmt.Sprintf("no other managed node group uses its role %s, so EKS removes %s and deletes the instance profile it created for the group", name, access),
				fmt.Sprintf("%s launches nodes as role %s %s", u.Label(), name, how),
				"those nodes can no longer authenticate to the cluster and go NotReady; launches through the EKS-created instance profile fail (\"instance profile not found\"); the effect can arrive hours after apply (Stytch, 23 February 2023)",
			}
			p.Report(lint.Finding{
				Range:    userRange(u),
				Message:  fmt.Sprintf("%s %s while %s still runs as its role %s; no other managed node group keeps the role's node access", changeLabel(p.Model, c), changeVerb(c), u.Label(), name),
				Related:  related,
				Chain:    chain,
				Hint:     fmt.Sprintf("safe order: first give %s its own node role with its own access entry (or add an explicit access entry / aws-auth mapping for role %s that does not belong to the node group) and apply; then delete the node group", u.Label(), name),
				Inferred: inferred(u.Entity, ng),
				Key:      "deleted=" + changeKey(c) + "|user=" + u.Entity.Base().Addr,
				Roots:    rootsOf(u.Entity, c.Before),
			})
		}
	}
}

// destroys reports whether a change destroys its object (delete or
// replace); forget leaves it in place.
func destroys(c *lint.Change) bool {
	return c != nil && c.Before != nil && (c.Action == lint.ActionDelete || c.Action == lint.ActionReplace)
}

// changeLabel names the changed object by its address (never by plan
// values, which can hold secrets): "managed node group aws_eks_node_group.x".
func changeLabel(m *lint.Model, c *lint.Change) string {
	addr := c.Address
	if addr == "" {
		addr = c.Before.Base().Label
	}
	what := ""
	switch b := c.Before.(type) {
	case *lint.NodeGroup:
		what = "self-managed node group"
		if b.Managed {
			what = "managed node group"
		}
	case *lint.Role:
		what = "IAM role"
	case *lint.InstanceProfile:
		what = "instance profile"
	case *lint.SecurityGroup:
		what = "security group"
	case *lint.LaunchTemplate:
		what = "launch template"
	}
	spaced := strings.Contains(addr, " ")
	if r := c.Before.Base().Root; r != "" && declaredInAnotherRoot(m, c.Before) {
		// Each environment's root declares the address: say whose.
		if i := strings.Index(addr, " ("); i >= 0 {
			addr = addr[:i] + " in " + r + addr[i:]
		} else {
			addr += " in " + r
		}
	}
	if what == "" || spaced {
		return addr
	}
	return what + " " + addr
}

// declaredInAnotherRoot reports whether another Terraform root of the
// model declares an object of b's kind at b's address (without its root).
func declaredInAnotherRoot(m *lint.Model, b lint.Entity) bool {
	o := b.Base()
	addr := strings.TrimPrefix(o.Addr, o.Root+":")
	other := func(e lint.Entity) bool {
		x := e.Base()
		return x.Root != "" && x.Root != o.Root && strings.TrimPrefix(x.Addr, x.Root+":") == addr
	}
	switch b.(type) {
	case *lint.NodeGroup:
		return slices.ContainsFunc(m.NodeGroups, func(e *lint.NodeGroup) bool { return other(e) })
	case *lint.Role:
		return slices.ContainsFunc(m.Roles, func(e *lint.Role) bool { return other(e) })
	case *lint.InstanceProfile:
		return slices.ContainsFunc(m.InstanceProfiles, func(e *lint.InstanceProfile) bool { return other(e) })
	case *lint.SecurityGroup:
		return slices.ContainsFunc(m.SecurityGroups, func(e *lint.SecurityGroup) bool { return other(e) })
	case *lint.LaunchTemplate:
		return slices.ContainsFunc(m.LaunchTemplates, func(e *lint.LaunchTemplate) bool { return other(e) })
	}
	return false
}

// changeVerb says what the change does and where it comes from.
func changeVerb(c *lint.Change) string {
	verb := "is deleted"
	if c.Action == lint.ActionReplace {
		verb = "is replaced"
		if !c.CreateBeforeDestroy {
			verb += " (destroyed, then created anew)"
		}
	}
	switch c.Origin {
	case "plan":
		verb += " by the plan"
	case "base":
		verb += " since the base revision"
	}
	return verb
}

// changeWhy is the change's reason as a clause ("; its name changed from
// a to b"), or "".
func changeWhy(c *lint.Change) string {
	if c.Reason == "" {
		return ""
	}
	return "; " + c.Reason
}

// changeKey identifies the changed object for finding keys.
func changeKey(c *lint.Change) string {
	if a := c.Before.Base().Addr; a != "" {
		return a
	}
	return c.Address
}

// deletedRelated lists the deleted object as a related location, when it
// has a range (the address in source, or file:line at the base revision).
// Without one, the message and chain name its address instead.
func deletedRelated(m *lint.Model, c *lint.Change) []lint.Location {
	r := c.Range
	if r.IsZero() {
		r = c.Before.Base().Range
	}
	if r.IsZero() {
		return nil
	}
	return []lint.Location{{Range: r, Message: changeLabel(m, c) + " " + changeVerb(c), Revision: c.Revision}}
}

// anyRange is the deleted object's range, or zero.
func anyRange(c *lint.Change) lint.Range {
	if !c.Range.IsZero() {
		return c.Range
	}
	return c.Before.Base().Range
}

// refersTo reports whether v is exactly a Terraform reference to the
// changed object.
func refersTo(v lint.Value, c *lint.Change) bool {
	ref, ok := v.SoleRef()
	if !ok {
		return false
	}
	return sameAddr(ref.Object, c.Before.Base().Addr, c.Address)
}

// sameAddr compares an entity address with a change's qualified address or
// its bare Terraform address.
func sameAddr(addr, qualified, bare string) bool {
	if addr == "" {
		return false
	}
	if qualified != "" && addr == qualified {
		return true
	}
	if bare == "" {
		return false
	}
	if addr == bare {
		return true
	}
	if qualified != "" {
		return false
	}
	a, ok := lint.ParseAddress(addr)
	return ok && a.Root != "" && a.Unqualified().String() == bare
}

// destroyedByChange reports whether a current entity is itself deleted or
// destroyed-then-replaced by the change.
func destroyedByChange(m *lint.Model, e lint.Entity) bool {
	for _, c := range m.ChangesAt(e.Base().Addr) { // the changes sameAddr finds
		if destroys(c) && !c.CreateBeforeDestroy {
			return true
		}
	}
	return false
}

// userRef is the reference through which a node identity names its role:
// the role written directly, else its instance profile.
func userRef(n lint.NodeIdentity) lint.Ref {
	if n.Role.IsSet() {
		return n.Role
	}
	return n.InstanceProfile
}

// userRange anchors a finding on the surviving dependent.
func userRange(n lint.NodeIdentity) lint.Range {
	return refRange(userRef(n), n.Entity)
}

// passed lists the module arguments that carry a reference, outermost
// first.
func passed(r lint.Ref) []lint.Location {
	var out []lint.Location
	for i := len(r.Passed) - 1; i >= 0; i-- {
		out = append(out, r.Passed[i])
	}
	return out
}

// nodeAccessOf names the node access EKS keeps for a managed node group's
// role, by the authentication mode of its cluster, with where the mode is
// decided.
func nodeAccessOf(m *lint.Model, cluster lint.Value, scope lint.Scope) (string, []lint.Location) {
	mode, cl := m.AuthenticationMode(cluster, scope)
	var rel []lint.Location
	if cl != nil {
		rel = []lint.Location{{Range: cl.ModeRange, Message: "authentication mode " + mode}}
	}
	switch mode {
	case lint.AuthConfigMap:
		return "the role's aws-auth mapRoles entry (the cluster authenticates in CONFIG_MAP mode)", rel
	case lint.AuthAPI:
		return "the role's access entry (the cluster authenticates in API mode)", rel
	case lint.AuthAPIAndConfigMap:
		return "the role's access entry and the aws-auth mapRoles entry it added (API_AND_CONFIG_MAP mode)", rel
	}
	return "the role's node access (aws-auth mapRoles entry or access entry, by the cluster's authentication mode)", rel
}
