package rules

import (
	"fmt"

	"github.com/faultline-dev/faultline/lint"
)

// SharedInstanceProfile reports an instance profile used both by node
// groups and by Karpenter.
var SharedInstanceProfile = &lint.Rule{
	ID:       "FL102",
	Name:     "shared-instance-profile",
	Severity: lint.Error,
	Summary:  "one instance profile used by node groups and Karpenter",
	Since:    "0.1.0",
	Doc: `Karpenter launches nodes with an instance profile that node groups also use
(a self-managed group's launch template or launch configuration).

## The chain

1. A self-managed node group launches with instance profile P.
2. Karpenter's EC2NodeClass names the same profile in ` + "`spec.instanceProfile`" + `
   (or the legacy ` + "`AWSNodeTemplate`" + `, or the chart value
   ` + "`settings.aws.defaultInstanceProfile`" + ` that charts v0.19.0 to v0.32.x read —
   ` + "`aws.defaultInstanceProfile`" + ` from v0.5.6 until v0.19.0; a chart version that ignores
   the key is silent, an unpinned one makes the finding one level lower).
3. The profile's lifecycle follows the node group's code: when the group is
   removed, its profile is deleted or its role swapped with it.
4. Karpenter's launches fail with "instance profile not found" and its running
   nodes lose their credentials later; the effect can arrive hours after
   apply.

The Stytch incident of 23 February 2023 named exactly this fix: "give
Karpenter its own IAM instance profile, separate from the one used by the
node groups".

## Example

` + "```hcl" + `
resource "aws_launch_template" "workers" {
  iam_instance_profile { name = aws_iam_instance_profile.nodes.name }   # "prod-nodes"
}
` + "```" + `
` + "```yaml" + `
kind: EC2NodeClass
spec:
  instanceProfile: prod-nodes                                           # FL102
` + "```" + `

## How to fix

Let Karpenter own its instance profile: set ` + "`spec.role`" + ` to a dedicated
Karpenter node role (Karpenter v1 creates and manages a profile per
EC2NodeClass), or create a dedicated ` + "`aws_iam_instance_profile`" + ` for Karpenter.`,
	Check: checkSharedInstanceProfile,
}

func checkSharedInstanceProfile(p *lint.Pass) {
	m := p.Model
	groups := m.NodeGroupIdentities()
	profiles := make([]lint.Identity, len(groups))
	for i, g := range groups {
		if g.InstanceProfile.IsSet() {
			profiles[i] = m.ResolveInstanceProfile(g.InstanceProfile.Value, g.Entity.Base().Scope)
		}
	}
	for _, k := range m.KarpenterIdentities() {
		if !k.InstanceProfile.IsSet() {
			continue
		}
		kp := m.ResolveInstanceProfile(k.InstanceProfile.Value, k.Entity.Base().Scope)
		var hits []lint.NodeIdentity
		var profile lint.Identity
		for i, g := range groups {
			if !g.InstanceProfile.IsSet() || !p.Model.SameCluster(g, k) {
				continue
			}
			gp := profiles[i]
			switch lint.SameIdentity(gp, kp) {
			case lint.Yes:
				hits = append(hits, g)
				if profile.Entity == nil {
					profile = gp
				}
			case lint.Maybe:
				p.Unresolved(fmt.Sprintf("instance profile of %s vs %s", g.Label(), k.Label()), k.InstanceProfile.Range)
			}
		}
		if len(hits) == 0 {
			continue
		}
		if kp.Entity != nil || profile.Entity == nil {
			profile = kp
		}
		groups := groupInstances(hits, func(g lint.NodeIdentity) lint.Ref { return g.InstanceProfile })
		labels := groupLabels(groups)
		related := groupRelated(groups, func(_ instanceGroup, r lint.Ref) string {
			if r.Via != "" {
				return "launches with it (" + r.Via + ")"
			}
			return "launches with it"
		})
		inf := append(inferred(k.Entity, profile.Entity), inferredAny(hits, nodeEntity)...)
		related = append(related, declared(profile, "instance profile")...)
		p.Report(lint.Finding{
			Range:   k.InstanceProfile.Range,
			Message: fmt.Sprintf("instance profile %s is used by %s and also by %s", describe(profile), k.Label(), listLabels(labels)),
			Related: related,
			Chain: []string{
				fmt.Sprintf("%s launches every node with instance profile %s", k.Label(), profile.Describe()),
				fmt.Sprintf("the same profile is the launch profile of %s, so its lifecycle follows the node groups' code", listLabels(labels)),
				"removing or replacing the node groups deletes the profile or changes its role",
				"Karpenter's launches then fail with \"instance profile not found\" and its running nodes lose their credentials later; the effect can arrive hours after apply",
			},
			Hint:     "give Karpenter its own instance profile: set spec.role to a dedicated Karpenter node role (Karpenter then creates and owns the profile) or create a separate aws_iam_instance_profile for it",
			Inferred: dedupe(inf),
			Key:      "profile=" + profile.Describe() + "|karpenter=" + k.Entity.Base().Addr,
			Roots:    rootsOf(append([]lint.Entity{k.Entity, profile.Entity}, hitEntities(hits)...)...),
		})
	}
}
