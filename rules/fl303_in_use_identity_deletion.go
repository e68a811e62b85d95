package rules

import (
	"fmt"

	"github.com/faultline-dev/faultline/lint"
)

// InUseIdentityDeletion reports a role, instance profile or security group
// that the change deletes or replaces while Karpenter or node groups still
// use it.
var InUseIdentityDeletion = &lint.Rule{
	ID:       "FL303",
	Name:     "in-use-identity-deletion",
	Severity: lint.Error,
	Summary:  "a role, instance profile or security group is deleted or replaced while Karpenter or node groups still use it",
	Since:    "0.1.0",
	Doc: `The change under review (a plan, or the diff against a base revision)
deletes or replaces an IAM role, an instance profile or a security group
that a Karpenter node class or an EKS node group still references: by name,
ARN, ID, Terraform reference or selector term.

## The chain

Two mechanisms, kept apart:

- An instance profile is deleted: new launches that name it fail
  ("instance profile not found"), and running nodes lose their credentials
  later.
- A node role is deleted or replaced: its node access (aws-auth mapping or
  access entry) no longer matches; a replaced role gets a new unique ID, and
  access entries bound to the old one stop matching. Nodes can no longer
  authenticate and go ` + "`NotReady`" + `. A role replaced under its own name is
  FL305's finding; one replaced under another name (its ` + "`name`" + ` changed) is
  this rule's for what names the old role (an EC2NodeClass's ` + "`spec.role`" + `):
  a Terraform reference to the role follows the new one.

A deleted security group can no longer be attached: launches that name or
select it fail, or a selector that matched only it selects nothing. A node
class a Terraform root applies beside clusters of its own is not taken to
select, by tag, the group of another root that declares other clusters (an
environment deleted whole: separate roots are separate deployments, as
FL105 counts them); a group of a root without clusters (a network layer) is
still its.

In each case the effect can arrive hours after apply: in the Stytch
incident of 23 February 2023 the first alerts came almost two hours and the
outage five hours after the change.

` + "`forget`" + ` (a ` + "`removed`" + ` block with ` + "`destroy = false`" + `) deletes nothing and is never
reported.

## Example

` + "```hcl" + `
# removed from source; the plan deletes it
# resource "aws_iam_instance_profile" "nodes" { name = "prod-nodes" }
` + "```" + `
` + "```yaml" + `
apiVersion: karpenter.k8s.aws/v1alpha1
kind: AWSNodeTemplate
spec:
  instanceProfile: prod-nodes               # FL303
` + "```" + `

## How to fix

Order the operations: first move every user to an identity that stays (a
role with its own access entry, an instance profile or ` + "`spec.role`" + `, a
security group), apply and let the nodes roll over; then delete the old
one. Avoid replacing a node role: change it in place.

References: EKS user guide, "Grant IAM users access to Kubernetes with EKS
access entries" (access entries and recreated principals); IAM user guide,
"Using instance profiles"; Stytch, "Incident report" (23 February 2023).`,
	Check: checkInUseIdentityDeletion,
}

// identityUse is one surviving dependent of a deleted identity.
type identityUse struct {
	user   lint.NodeIdentity
	anchor lint.Range
	ref    lint.Ref
	how    string
}

func checkInUseIdentityDeletion(p *lint.Pass) {
	m := p.Model
	nodes := lazySurvivors(m)
	for _, c := range m.Changes {
		// Orphaned Crossplane objects live on (FL302's finding).
		if !destroys(c) || c.Before.Base().Crossplane.Orphans() {
			continue
		}
		var uses []identityUse
		switch b := c.Before.(type) {
		case *lint.Role:
			if c.Action == lint.ActionReplace && !renamedRole(m, c, b) {
				continue // a role replaced under its name breaks its access entries: FL305's finding
			}
			uses = roleUses(p, nodes(), c, b)
		case *lint.InstanceProfile:
			uses = profileUses(p, nodes(), c, b)
		case *lint.SecurityGroup:
			uses = groupUses(p, nodes(), c, b)
		default:
			continue
		}
		for _, u := range uses {
			reportIdentityUse(p, c, u)
		}
	}
}

// allNodes lists every surviving node side: node groups the change does not
// destroy, and Karpenter identities.
func allNodes(m *lint.Model) []lint.NodeIdentity {
	var out []lint.NodeIdentity
	for _, g := range m.NodeGroupIdentities() {
		if !destroyedByChange(m, g.Entity) {
			out = append(out, g)
		}
	}
	return append(out, m.KarpenterIdentities()...)
}

// matchDeleted compares a resolved reference with the deleted object.
func matchDeleted(id, del lint.Identity, c *lint.Change) lint.Tri {
	if refersTo(id.Written, c) {
		return lint.Yes
	}
	return lint.SameIdentity(id, del)
}

// survivor is the current object at the replaced object's address (the
// replacement), or nil.
func survivor(m *lint.Model, c *lint.Change) lint.Entity {
	if c.Action != lint.ActionReplace {
		return nil
	}
	if e := m.Lookup(c.Before.Base().Addr); e != nil && e.Base().Kind == c.Before.Base().Kind {
		return e
	}
	return nil
}

// renamedRole reports whether replaced role b's replacement provably has
// another name: the old role is gone under its name, and what names it
// (not what refers to its Terraform address) is left without it.
func renamedRole(m *lint.Model, c *lint.Change, b *lint.Role) bool {
	next, ok := survivor(m, c).(*lint.Role)
	return ok && lint.Compare(next.Name, b.Name) == lint.No
}

// roleUses lists the surviving nodes that run as the deleted role b.
func roleUses(p *lint.Pass, s *survivors, c *lint.Change, b *lint.Role) []identityUse {
	del := lint.Identity{Kind: lint.KindRole, Entity: b, Name: b.Name, Scope: b.Scope}
	next := survivor(p.Model, c)
	var out []identityUse
	for i := range s.roles.candidates(len(s.nodes), del, del.Name, c) {
		v := s.nodes[i]
		if !v.hasRole {
			continue
		}
		n, r, ip := v.NodeIdentity, v.role, v.roleIP
		t := matchDeleted(r, del, c)
		if t == lint.Maybe {
			p.Unresolved(fmt.Sprintf("node role of %s vs deleted %s", n.Label(), changeLabel(p.Model, c)), userRange(n))
		}
		if t != lint.Yes {
			continue
		}
		// A Terraform reference to the replaced role follows the new one.
		if next != nil && r.Entity == next && refersTo(r.Written, c) {
			continue
		}
		how := "launches nodes as it"
		switch {
		case n.Role.IsSet() && n.Karpenter:
			how += " through spec.role"
		case n.Role.IsSet():
			how += " (node_role_arn)"
		case ip != nil:
			how += " through instance profile " + ip.Label
		}
		out = append(out, identityUse{user: n, anchor: userRange(n), ref: userRef(n), how: how})
	}
	return out
}

// profileUses lists the surviving nodes that launch with the deleted
// instance profile b.
func profileUses(p *lint.Pass, s *survivors, c *lint.Change, b *lint.InstanceProfile) []identityUse {
	del := lint.Identity{Kind: lint.KindInstanceProfile, Entity: b, Name: b.Name, Scope: b.Scope}
	next := survivor(p.Model, c)
	var out []identityUse
	for i := range s.profiles.candidates(len(s.nodes), del, del.Name, c) {
		v := s.nodes[i]
		if !v.hasProfile {
			continue
		}
		n, id := v.NodeIdentity, v.profile
		t := matchDeleted(id, del, c)
		if t == lint.Maybe {
			p.Unresolved(fmt.Sprintf("instance profile of %s vs deleted %s", n.Label(), changeLabel(p.Model, c)), n.InstanceProfile.Range)
		}
		if t != lint.Yes {
			continue
		}
		// A Terraform reference to the replaced profile follows the new one.
		if next != nil && id.Entity == next && refersTo(id.Written, c) {
			continue
		}
		how := "launches nodes with it"
		if n.InstanceProfile.Via != "" {
			how += " (" + n.InstanceProfile.Via + ")"
		}
		out = append(out, identityUse{user: n, anchor: refRange(n.InstanceProfile, n.Entity), ref: n.InstanceProfile, how: how})
	}
	return out
}

// groupUses lists the surviving nodes that attach or select the deleted
// security group b.
func groupUses(p *lint.Pass, s *survivors, c *lint.Change, b *lint.SecurityGroup) []identityUse {
	del := lint.Identity{Kind: lint.KindSecurityGroup, Entity: b, Name: b.Name, ID: b.ID, Scope: b.Scope}
	var nextID lint.Identity
	next, _ := survivor(p.Model, c).(*lint.SecurityGroup)
	if next != nil {
		nextID = lint.Identity{Kind: lint.KindSecurityGroup, Entity: next, Name: next.Name, ID: next.ID, Scope: next.Scope}
	}
	var out []identityUse
	for i := range s.groups.candidates(len(s.nodes), del, del.ID, c) {
		v := s.nodes[i]
		n := v.NodeIdentity
		for j, sg := range n.SecurityGroups {
			if !v.known[j] {
				continue
			}
			id := v.groups[j]
			t := matchDeleted(id, del, c)
			if t == lint.Maybe {
				p.Unresolved(fmt.Sprintf("security group of %s vs deleted %s", n.Label(), changeLabel(p.Model, c)), sg.Range)
			}
			if t != lint.Yes {
				continue
			}
			if next != nil && (refersTo(id.Written, c) || lint.SameIdentity(id, nextID) == lint.Yes) {
				continue // the reference follows the replacement
			}
			how := "attaches it"
			if sg.Via != "" {
				how += " (" + sg.Via + ")"
			}
			out = append(out, identityUse{user: n, anchor: refRange(sg, n.Entity), ref: sg, how: how})
		}
		if separateDeployments(p.Model, p.Model.NodeRoot(n), b.Root) {
			continue // another deployment's group: its tags only look alike
		}
		for _, term := range n.Terms {
			t := lint.TermMatch(term, del)
			if t == lint.Maybe {
				p.Unresolved(fmt.Sprintf("security group selector of %s vs deleted %s", n.Label(), changeLabel(p.Model, c)), term.Range)
			}
			if t != lint.Yes {
				continue
			}
			if next != nil && lint.TermMatch(term, nextID) == lint.Yes {
				continue // the term selects the replacement too
			}
			anchor := termAnchor(term)
			if anchor.IsZero() {
				anchor = term.Range
			}
			if anchor.IsZero() {
				anchor = n.Entity.Base().Range
			}
			out = append(out, identityUse{user: n, anchor: anchor, how: "selects it with a securityGroupSelectorTerms entry"})
		}
	}
	return out
}

func reportIdentityUse(p *lint.Pass, c *lint.Change, u identityUse) {
	what := changeLabel(p.Model, c)
	label := u.user.Label()
	related := deletedRelated(p.Model, c)
	related = append(related, passed(u.ref)...)
	chain := []string{
		fmt.Sprintf("%s %s%s", what, changeVerb(c), changeWhy(c)),
		fmt.Sprintf("%s %s", label, u.how),
	}
	msg := fmt.Sprintf("%s %s while %s still uses it", what, changeVerb(c), label)
	var hint string
	switch c.Before.(type) {
	case *lint.Role:
		if c.Action == lint.ActionReplace && renamedRole(p.Model, c, c.Before.(*lint.Role)) {
			next := survivor(p.Model, c).(*lint.Role)
			msg = fmt.Sprintf("%s is replaced by a role named %s while %s still names the old one", what, next.Name, label)
			chain = append(chain, "the old role is deleted: what names it (not the Terraform reference, which follows the new role) names a role that no longer exists, and its node access matches no principal")
			hint = fmt.Sprintf("point %s at the new role (%s) in the same change, with its own node access, and let the nodes roll over", label, next.Name)
		} else if c.Action == lint.ActionReplace {
			msg = fmt.Sprintf("%s is replaced while %s still uses it: the new role gets a new unique ID; access entries bound to the old one stop matching", what, label)
			chain = append(chain, "the new role gets a new unique ID: EKS access entries bound to the old one stop matching, even under the same name and ARN")
			hint = fmt.Sprintf("change the role in place instead of replacing it; if it must be replaced, safe order: create the new role, give it its own access entry, move %s to it and roll the nodes, apply; then delete the old role", label)
		} else {
			chain = append(chain, "the role's node access (aws-auth mapping / access entry) no longer matches a principal that exists")
			hint = fmt.Sprintf("safe order: first move %s to a role that stays, with its own access entry, apply and let the nodes roll over; then delete the role", label)
		}
		chain = append(chain, "nodes running as it can no longer authenticate to the cluster and go NotReady; new launches fail; the effect can arrive hours after apply")
	case *lint.InstanceProfile:
		chain = append(chain,
			"new launches with it fail (\"instance profile not found\")",
			"running nodes lose their credentials later; the effect can arrive hours after apply")
		if c.Action == lint.ActionReplace {
			chain[len(chain)-2] = "the replacement is a new profile: launches still naming the old one fail (\"instance profile not found\") while it is gone"
		}
		hint = fmt.Sprintf("safe order: first move %s to an instance profile that stays (for Karpenter, spec.role lets Karpenter manage its own profile), apply and let the nodes roll over; then delete the profile", label)
	case *lint.SecurityGroup:
		chain = append(chain,
			"a group in use by instances cannot be deleted (DependencyViolation) until they are gone; launches that name or select it then fail or come up without it",
			"the effect can arrive hours after apply, when nodes are replaced")
		hint = fmt.Sprintf("safe order: first give %s a security group that stays (selector term or reference), apply and let the nodes roll over; then delete the group", label)
	}
	p.Report(lint.Finding{
		Range:    u.anchor,
		Message:  msg,
		Related:  related,
		Chain:    chain,
		Hint:     hint,
		Inferred: inferred(u.user.Entity, c.Before),
		Key:      "deleted=" + changeKey(c) + "|user=" + u.user.Entity.Base().Addr,
		Roots:    rootsOf(u.user.Entity, c.Before),
	})
}
