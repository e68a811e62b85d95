package rules

import (
	"fmt"
	"slices"

	"github.com/faultline-dev/faultline/lint"
)

// OrphanedDeletion reports a Crossplane managed resource that leaves the
// source while its policies orphan it: the cloud resource lives on,
// unmanaged.
var OrphanedDeletion = &lint.Rule{
	ID:       "FL302",
	Name:     "orphaned-deletion",
	Severity: lint.Warning,
	Summary:  "a Crossplane resource whose policies orphan it leaves the source: the cloud resource lives on, unmanaged",
	Since:    "0.1.0",
	Doc: `The change under review (a plan, or the diff against a base revision)
removes a Crossplane managed resource whose ` + "`deletionPolicy`" + ` is ` + "`Orphan`" + ` (or
whose ` + "`managementPolicies`" + ` leave out ` + "`Delete`" + `). Deleting the Kubernetes object
does not delete the cloud resource: it lives on, unmanaged, drifting, and
invisible to the source that used to declare it.

## The chain

1. The managed resource leaves the source; Crossplane deletes the
   Kubernetes object and, by its policy, leaves the cloud resource alone.
2. The cloud resource keeps running with nobody managing it.
3. Someone cleans it up by hand later. In the Stytch incident of 23
   February 2023: "Because Crossplane resources use an orphan deletion
   policy, engineers deleted the node groups in the AWS console".
4. If something still depends on it (a node group's role that a Karpenter
   node class still uses, a role nodes run as, an instance profile or a
   security group nodes launch with), that hand deletion breaks it: for a
   managed node group, EKS removes the role's node access and the nodes
   sharing the role go ` + "`NotReady`" + `. The effect can arrive hours after apply.

The finding is a warning; it is an error while something in the model
still depends on the orphaned resource, and then it is reported at each
dependent. A removed resource whose policy deletes it is not this rule's
concern (FL301 and FL303 judge those).

## Example

` + "```yaml" + `
# removed since the base revision
# apiVersion: eks.aws.upbound.io/v1beta1
# kind: NodeGroup
# metadata: {name: system}
# spec:
#   deletionPolicy: Orphan
#   forProvider: {nodeRoleArn: arn:aws:iam::111122223333:role/prod-nodes}
---
apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
spec:
  role: prod-nodes                          # FL302
` + "```" + `

## How to fix

Decide what should happen to the cloud resource. If it should go: first
move every dependent to something that stays (for a node group's role:
give Karpenter its own node role with its own access entry) and apply;
then set ` + "`deletionPolicy: Delete`" + ` (and a ` + "`managementPolicies`" + ` list with ` + "`Delete`" + `,
or ` + "`[\"*\"]`" + `), apply, and only then remove the manifest. If it should stay,
keep managing it (or import it elsewhere) before removing the manifest.

References: Crossplane documentation, "Managed Resources" (deletionPolicy,
managementPolicies); Stytch, "Incident report" (23 February 2023).`,
	Check: checkOrphanedDeletion,
}

func checkOrphanedDeletion(p *lint.Pass) {
	m := p.Model
	nodes := lazySurvivors(m)
	var declared *crossplaneIndex
	for _, c := range m.Changes {
		if !destroys(c) {
			continue
		}
		o := c.Before.Base()
		if o.Crossplane == nil || !o.Crossplane.Orphans() {
			continue
		}
		if declared == nil {
			declared = newCrossplaneIndex(m)
		}
		if declared.has(o) {
			continue
		}
		var uses []identityUse
		switch b := c.Before.(type) {
		case *lint.NodeGroup:
			uses = nodeGroupRoleUses(p, nodes(), c, b)
		case *lint.Role:
			uses = roleUses(p, nodes(), c, b)
		case *lint.InstanceProfile:
			uses = profileUses(p, nodes(), c, b)
		case *lint.SecurityGroup:
			uses = groupUses(p, nodes(), c, b)
		}
		what := crossplaneLabel(o)
		policy := orphanPolicy(o.Crossplane)
		removed := fmt.Sprintf("%s (%s) %s", what, policy, removedVerb(c))
		if len(uses) == 0 {
			r := anyRange(c)
			if r.IsZero() {
				p.Unresolved("no location for orphaned "+what, r)
				continue
			}
			p.Report(lint.Finding{
				Range:    r,
				Revision: c.Revision,
				Message:  fmt.Sprintf("%s: the cloud resource lives on, unmanaged", removed),
				Chain: []string{
					removed + changeWhy(c),
					"Crossplane deletes the Kubernetes object and, by its policy, leaves the cloud resource behind",
					"the cloud resource keeps running with nobody managing it; whoever cleans it up later does so by hand, outside review",
				},
				Hint:     fmt.Sprintf("if the resource should go: set deletionPolicy: Delete on %s (and managementPolicies with Delete), apply, then remove it; if it should stay, keep managing it (or import it elsewhere) before removing the manifest", what),
				Inferred: inferred(c.Before),
				Key:      "orphaned=" + changeKey(c),
				Roots:    rootsOf(c.Before),
			})
			continue
		}
		for _, u := range uses {
			label := u.user.Label()
			related := deletedRelated(p.Model, c)
			related = append(related, passed(u.ref)...)
			chain := []string{
				removed + changeWhy(c),
				"Crossplane deletes the Kubernetes object and leaves the cloud resource behind, unmanaged",
				fmt.Sprintf("%s %s", label, u.how),
				"unmanaged leftovers get deleted by hand later (Stytch, 23 February 2023: \"Because Crossplane resources use an orphan deletion policy, engineers deleted the node groups in the AWS console\")",
			}
			if _, ok := c.Before.(*lint.NodeGroup); ok {
				chain = append(chain, fmt.Sprintf("when the node group is deleted, EKS removes its role's node access (if no other managed node group uses the role) and deletes the instance profile it created: %s's nodes can no longer authenticate and go NotReady; the effect can arrive hours after apply", label))
			} else {
				chain = append(chain, fmt.Sprintf("when it is deleted, %s breaks: nodes can no longer authenticate or launch; the effect can arrive hours after apply", label))
			}
			p.Report(lint.Finding{
				Range:    u.anchor,
				Severity: lint.Error,
				Message:  fmt.Sprintf("%s while %s still depends on it: the cloud resource lives on, unmanaged, until someone deletes it by hand", removed, label),
				Related:  related,
				Chain:    chain,
				Hint:     fmt.Sprintf("safe order: first move %s to something that stays (its own node role with its own access entry, its own instance profile or security group) and apply; then set deletionPolicy: Delete on %s, apply, and only then remove it", label, what),
				Inferred: inferred(u.user.Entity, c.Before),
				Key:      "orphaned=" + changeKey(c) + "|user=" + u.user.Entity.Base().Addr,
				Roots:    rootsOf(u.user.Entity, c.Before),
			})
		}
	}
}

// nodeGroupRoleUses lists the surviving node sets that run as the role of
// a removed node group.
func nodeGroupRoleUses(p *lint.Pass, s *survivors, c *lint.Change, ng *lint.NodeGroup) []identityUse {
	m := p.Model
	if ng.Role.Value.IsUnknown() {
		return nil
	}
	role := m.ResolveRole(ng.Role.Value, ng.Scope)
	deleted := lint.NodeIdentity{Entity: ng, Role: ng.Role, Cluster: ng.Cluster}
	var out []identityUse
	for i := range s.roles.candidates(len(s.nodes), role, role.Name, nil) {
		v := s.nodes[i]
		n, r := v.NodeIdentity, v.role
		if n.Entity == lint.Entity(ng) || !lint.SameClusterName(n, deleted) || sameAddr(n.Entity.Base().Addr, ng.Addr, c.Address) {
			continue
		}
		if !v.hasRole {
			continue
		}
		t := lint.SameIdentity(r, role)
		if t == lint.Maybe {
			p.Unresolved(fmt.Sprintf("node role of %s vs removed %s", n.Label(), crossplaneLabel(ng.Base())), userRange(n))
		}
		if t != lint.Yes {
			continue
		}
		how := fmt.Sprintf("still runs as its role %s", describe(r))
		out = append(out, identityUse{user: n, anchor: userRange(n), ref: userRef(n), how: how})
	}
	return out
}

// crossplaneIndex holds the Crossplane objects the current model
// declares, by address and by API group, kind and name.
type crossplaneIndex struct {
	addrs map[string]bool
	names map[[3]string]bool
}

func newCrossplaneIndex(m *lint.Model) *crossplaneIndex {
	x := &crossplaneIndex{addrs: map[string]bool{}, names: map[[3]string]bool{}}
	for _, e := range m.Entities() {
		o := e.Base()
		if o.Crossplane == nil {
			continue
		}
		x.addrs[o.Addr] = true
		x.names[crossplaneName(o)] = true
	}
	return x
}

func crossplaneName(o *lint.Object) [3]string {
	return [3]string{lint.GroupOf(o.Crossplane.APIVersion), o.Crossplane.Kind, o.Crossplane.Name}
}

// has reports whether the current model still declares the Crossplane
// object (moved, not removed).
func (x *crossplaneIndex) has(o *lint.Object) bool {
	return x.addrs[o.Addr] || x.names[crossplaneName(o)]
}

// crossplaneLabel names a Crossplane object: "Crossplane NodeGroup system".
func crossplaneLabel(o *lint.Object) string {
	if o.Label != "" {
		return "Crossplane " + o.Label
	}
	return "Crossplane " + o.Crossplane.Kind + " " + o.Crossplane.Name
}

// orphanPolicy says which policy orphans the resource.
func orphanPolicy(c *lint.Crossplane) string {
	if len(c.ManagementPolicies) > 0 && c.DeletionPolicy != "Orphan" {
		return "managementPolicies without Delete"
	}
	if len(c.ManagementPolicies) > 0 {
		hasStar := false
		for _, p := range c.ManagementPolicies {
			if p == "*" {
				hasStar = true
			}
		}
		if !hasStar {
			return "managementPolicies without Delete"
		}
	}
	return "deletionPolicy: Orphan"
}

// deletionPolicyOf says what a Crossplane object's deletion does. A v2
// namespaced resource has no deletionPolicy (DeletionPolicy ""): its
// managementPolicies alone decide, ["*"] when not written.
func deletionPolicyOf(c *lint.Crossplane) string {
	if c.Orphans() {
		return orphanPolicy(c)
	}
	switch {
	case c.DeletionPolicy == "" && len(c.ManagementPolicies) == 0:
		return `managementPolicies: ["*"] by default`
	case c.DeletionPolicy == "" && slices.Contains(c.ManagementPolicies, "Delete"):
		return "managementPolicies with Delete"
	case c.DeletionPolicy == "":
		return `managementPolicies: ["*"]`
	case len(c.ManagementPolicies) > 0 && c.DeletionPolicy == "Orphan":
		return "managementPolicies with Delete"
	}
	return "deletionPolicy: Delete"
}

// removedVerb says how the object leaves.
func removedVerb(c *lint.Change) string {
	switch {
	case c.Action == lint.ActionReplace:
		return changeVerb(c)
	case c.Origin == "base":
		return "is removed since the base revision"
	case c.Origin == "plan":
		return "is removed by the plan"
	}
	return "is removed"
}
