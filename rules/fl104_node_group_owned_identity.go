package rules

import (
	"fmt"
	"slices"

	"github.com/faultline-dev/faultline/lint"
)

// NodeGroupOwnedIdentity reports Karpenter relying on an identity whose
// lifecycle belongs to a node group: the eks-<uuid> instance profile EKS
// creates for a managed node group, or a role, instance profile or
// security group a node-group module creates with its group.
var NodeGroupOwnedIdentity = &lint.Rule{
	ID:       "FL104",
	Name:     "node-group-owned-identity",
	Severity: lint.Error,
	Summary:  "a Karpenter node class relies on an instance profile, role or security group whose lifecycle belongs to a node group",
	Since:    "0.1.0",
	Doc: `Karpenter launches its nodes with an identity that exists only as long as
a node group does:

- an ` + "`eks-<uuid>`" + ` instance profile: EKS creates it for a managed node group
  (the UUID is the node group's) and deletes it with the group;
- a role, instance profile or security group created inside a node-group
  module instance, next to the node group it serves (for example
  ` + "`module.eks.eks_managed_node_groups[\"initial\"].iam_role_name`" + `, which is
  ` + "`module.eks.module.eks_managed_node_group[\"initial\"].aws_iam_role.this[0]`" + `):
  removing the group from the map, or the module call, destroys them
  together.

Whether a resource belongs to a node-group module is read from its address:
the module instance that declares it also declares a node group (managed,
or an autoscaling group) and no EKS cluster. A resource of the root module,
or of a module that also declares the cluster, is not owned by a group.
The karpenter submodule of terraform-aws-modules/eks given its node role
(` + "`create_node_iam_role = false`" + ` with ` + "`node_iam_role_arn`" + `, v19's ` + "`iam_role_arn`" + `)
is judged like a node class naming that role, one severity lower: the node
classes that use it are often applied from another repository (as FL101).

## The chain

1. Karpenter's EC2NodeClass (or legacy settings) names the node group's
   instance profile or role, or its selector picks the group's security
   group.
2. The node group is removed or replaced (a key dropped from
   ` + "`eks_managed_node_groups`" + `, a migration to Karpenter-only capacity): the
   profile, role or security group goes with it.
3. Karpenter's launches fail ("instance profile not found", invalid
   security group), and the nodes it launched lose their credentials or
   network rules: they go ` + "`NotReady`" + ` one after another, hours after the
   change looked done.

This is how the Stytch outage of 23 February 2023 unfolded.

## Example

` + "```yaml" + `
apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
spec:
  instanceProfile: eks-3cc6b1f4-9a2e-4a1b-8c55-0e2d61f0b7aa   # FL104
` + "```" + `

## How to fix

Give Karpenter identities of its own, outside every node-group module:
a node role (set ` + "`spec.role`" + ` and let Karpenter manage the instance profile;
with terraform-aws-modules, the karpenter submodule's node role), and a
security group tagged only for Karpenter (with the eks module,
` + "`node_security_group_tags`" + ` on the shared node security group).`,
	Check: checkNodeGroupOwnedIdentity,
}

func checkNodeGroupOwnedIdentity(p *lint.Pass) {
	m := p.Model
	owners := nodeGroupModules(m)
	for _, k := range append(m.KarpenterIdentities(), m.KarpenterModuleIdentities()...) {
		scope := k.Entity.Base().Scope
		if k.Role.IsSet() {
			id := m.ResolveRole(k.Role.Value, scope)
			reportOwned(p, k, k.Role.Range, id, "node role", "", owners)
		}
		if k.InstanceProfile.IsSet() {
			checkOwnedProfile(p, k, owners)
		}
		checkOwnedSecurityGroups(p, k, owners)
	}
}

// checkOwnedProfile reports a Karpenter instance profile EKS made for a
// managed node group, or one (or its role) a node-group module creates.
func checkOwnedProfile(p *lint.Pass, k lint.NodeIdentity, owners map[string]*lint.NodeGroup) {
	m := p.Model
	id := m.ResolveInstanceProfile(k.InstanceProfile.Value, k.Entity.Base().Scope)
	if name, ok := id.Name.Str(); ok && isEKSNodeGroupProfile(name) {
		reportEKSProfile(p, k, id, name)
		return
	}
	if reportOwned(p, k, k.InstanceProfile.Range, id, "instance profile", "", owners) {
		return
	}
	if role, ip, ok := m.RoleOfProfile(id); ok {
		reportOwned(p, k, k.InstanceProfile.Range, role, "node role", "through instance profile "+ip.Label, owners, ip)
	}
}

// reportEKSProfile reports the eks-<uuid> instance profile of a managed
// node group.
func reportEKSProfile(p *lint.Pass, k lint.NodeIdentity, id lint.Identity, name string) {
	p.Report(lint.Finding{
		Range:   k.InstanceProfile.Range,
		Message: fmt.Sprintf("%s launches with instance profile %q, the one EKS creates for a managed node group (eks-<node group UUID>) and deletes with it", k.Label(), name),
		Related: declared(id, "instance profile"),
		Chain: []string{
			fmt.Sprintf("%s launches every node with instance profile %s", k.Label(), name),
			"EKS created that profile for one managed node group and deletes it when the group is deleted or replaced",
			"Karpenter's launches then fail with \"instance profile not found\", and its running nodes lose their credentials; the effect can arrive hours after the change",
		},
		Hint:     "set spec.role to a node role of Karpenter's own (Karpenter then creates and owns the instance profile), instead of the node group's profile",
		Inferred: inferred(k.Entity, id.Entity),
		Key:      "eks-profile=" + name + "|karpenter=" + k.Entity.Base().Addr,
		Roots:    rootsOf(k.Entity, id.Entity),
	})
}

// reportOwned reports id when a node-group module creates it, and says
// whether it did.
func reportOwned(p *lint.Pass, k lint.NodeIdentity, at lint.Range, id lint.Identity, what, via string, owners map[string]*lint.NodeGroup, through ...lint.Entity) bool {
	if id.Entity == nil {
		return false
	}
	o := id.Entity.Base()
	ng, mod := ownerOf(o, owners)
	if ng == nil {
		return false
	}
	if via != "" {
		via = " (" + via + ")"
	}
	p.Report(lint.Finding{
		Range:   at,
		Message: fmt.Sprintf("%s uses %s %s%s, which node-group module %s creates together with %s", k.Label(), what, describe(id), via, mod, ng.Label),
		Related: mergeRelated(append(declared(id, what), lint.Location{Range: ng.Range, Message: "the node group it is created with"})),
		Chain:   ownedChain(k, what, id.Describe(), mod),
		Hint:    ownedHint(what),
		Inferred: dedupe(append(append(append(slices.Clone(k.Inferred), inferred(k.Entity, id.Entity)...),
			inferred(ng)...), inferred(through...)...)),
		Key:   "owned=" + o.Addr + "|karpenter=" + k.Entity.Base().Addr,
		Roots: rootsOf(k.Entity, id.Entity, ng),
	})
	return true
}

func ownedChain(k lint.NodeIdentity, what, name, mod string) []string {
	return []string{
		fmt.Sprintf("%s launches its nodes with %s %s", k.Label(), what, name),
		fmt.Sprintf("%s lives in module instance %s with the node group: removing or replacing the group (a key dropped from the node group map, the module call removed) destroys it too", name, mod),
		"Karpenter's launches then fail, and the nodes it launched lose their credentials or network rules and go NotReady, hours after the change looked done",
	}
}

func ownedHint(what string) string {
	if what == "security group" {
		return "select a security group created outside the node group module, tagged only for Karpenter (with the eks module: node_security_group_tags)"
	}
	return "give Karpenter a node role created outside every node group module (e.g. the karpenter submodule's node role) and set spec.role to it"
}

// checkOwnedSecurityGroups reports the node-group-owned security groups a
// selector term of k selects.
func checkOwnedSecurityGroups(p *lint.Pass, k lint.NodeIdentity, owners map[string]*lint.NodeGroup) {
	scope := k.Entity.Base().Scope
	for _, sg := range p.Model.SecurityGroups {
		ng, mod := ownerOf(&sg.Object, owners)
		if ng == nil || !sg.Scope.Compatible(scope, true, false) {
			continue
		}
		id := sgIdentity(sg)
		for ti, t := range k.Terms {
			switch lint.TermMatch(t, id) {
			case lint.Maybe:
				p.Unresolved(fmt.Sprintf("security group %s of node group module %s vs selector of %s", sg.Label, mod, k.Label()), t.Range)
			case lint.Yes:
				p.Report(lint.Finding{
					Range:    termAnchor(t),
					Message:  fmt.Sprintf("%s selects security group %s, which node-group module %s creates together with %s", k.Label(), describe(id), mod, ng.Label),
					Related:  mergeRelated(append(declared(id, "security group"), lint.Location{Range: ng.Range, Message: "the node group it is created with"})),
					Chain:    ownedChain(k, "security group", id.Describe(), mod),
					Hint:     ownedHint("security group"),
					Inferred: dedupe(append(inferred(k.Entity, sg), inferred(ng)...)),
					Key:      "owned=" + sg.Addr + "|karpenter=" + k.Entity.Base().Addr + fmt.Sprintf("|term=%d", ti),
					Roots:    rootsOf(k.Entity, sg, ng),
				})
			}
		}
	}
}
