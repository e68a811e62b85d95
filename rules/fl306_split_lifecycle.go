package rules

import (
	"fmt"

	"github.com/faultline-dev/faultline/lint"
)

// SplitLifecycle reports Crossplane resources that depend on each other but
// carry different deletion policies.
var SplitLifecycle = &lint.Rule{
	ID:       "FL306",
	Name:     "split-lifecycle",
	Severity: lint.Warning,
	Summary:  "resources that depend on each other carry different deletion policies (role deleted, node class or node group orphaned)",
	Since:    "0.1.0",
	Doc: `A node set managed through Crossplane (a node group, or a Karpenter node
class wrapped by a composition) runs as a Crossplane-managed IAM role, and
the two carry different deletion policies: one is deleted with its
Kubernetes object, the other orphaned.

## The chain

1. The composition (or the manifests) is removed, or the claim deleted.
2. The side that deletes goes; the side that orphans lives on, unmanaged.
3. A role deleted under an orphaned node group or node class leaves nodes
   that can no longer authenticate (NotReady); an orphaned role under a
   deleted node group keeps a principal nobody manages, which someone then
   deletes by hand. The effect can arrive hours after the deletion.

## Example

` + "```yaml" + `
kind: Role              # iam.aws.upbound.io
spec: {deletionPolicy: Delete}
---
kind: NodeGroup         # eks.aws.upbound.io
spec:
  deletionPolicy: Orphan                  # FL306
  forProvider: {nodeRoleArnRef: {name: nodes}}
` + "```" + `

## How to fix

Give resources that depend on each other one lifecycle: the same
` + "`deletionPolicy`" + ` (and ` + "`managementPolicies`" + `) on the node set and on its role.

References: Crossplane documentation, "Managed Resources" (deletionPolicy,
managementPolicies).`,
	Check: checkSplitLifecycle,
}

func checkSplitLifecycle(p *lint.Pass) {
	m := p.Model
	nodes := append(m.NodeGroupIdentities(), m.KarpenterIdentities()...)
	for _, n := range nodes {
		xn := n.Entity.Base().Crossplane
		if xn == nil {
			continue
		}
		r, _, ok := m.NodeRole(n)
		if !ok || r.Entity == nil {
			continue
		}
		xr := r.Entity.Base().Crossplane
		if xr == nil || xr.Orphans() == xn.Orphans() {
			continue
		}
		label := n.Label()
		roleLabel := crossplaneLabel(r.Entity.Base())
		var msg, effect string
		if xn.Orphans() {
			msg = fmt.Sprintf("%s (%s) runs as %s (%s): removed together, the role is deleted and the nodes are left behind without it", label, deletionPolicyOf(xn), roleLabel, deletionPolicyOf(xr))
			effect = "the orphaned nodes' role is gone: they can no longer authenticate to the cluster and go NotReady; the effect can arrive hours after the deletion"
		} else {
			msg = fmt.Sprintf("%s (%s) runs as %s (%s): removed together, the nodes are deleted and the role is left behind, unmanaged", label, deletionPolicyOf(xn), roleLabel, deletionPolicyOf(xr))
			effect = "the orphaned role lives on unmanaged and gets deleted by hand later, breaking whatever still runs as it; the effect can arrive hours after the deletion"
		}
		p.Report(lint.Finding{
			Range:   userRange(n),
			Message: msg,
			Related: declared(r, "role"),
			Chain: []string{
				fmt.Sprintf("%s depends on %s, but their deletion policies differ", label, roleLabel),
				"when both are removed (composition deleted, claim deleted, manifests removed), one is deleted in the cloud and the other orphaned",
				effect,
			},
			Hint:     splitHint(xn, xr, label, roleLabel),
			Inferred: inferred(n.Entity, r.Entity),
			Key:      "user=" + n.Entity.Base().Addr + "|role=" + r.Entity.Base().Addr,
			Roots:    rootsOf(n.Entity, r.Entity),
		})
	}
}

// splitHint says how to give the node set and its role one lifecycle: the
// same deletionPolicy and managementPolicies, or only the latter where
// both are v2 namespaced resources (they have no deletionPolicy).
func splitHint(xn, xr *lint.Crossplane, label, roleLabel string) string {
	if xn.DeletionPolicy == "" && xr.DeletionPolicy == "" {
		return fmt.Sprintf("give %s and %s the same managementPolicies", label, roleLabel)
	}
	return fmt.Sprintf("give %s and %s the same deletionPolicy (and managementPolicies)", label, roleLabel)
}
