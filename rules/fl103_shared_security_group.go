package rules

import (
	"fmt"

	"github.com/faultline-dev/faultline/lint"
)

// SharedSecurityGroup reports a security group attached to node groups
// and selected by Karpenter.
var SharedSecurityGroup = &lint.Rule{
	ID:       "FL103",
	Name:     "shared-security-group",
	Severity: lint.Notice,
	Summary:  "a security group attached to node groups and selected by Karpenter",
	Since:    "0.1.0",
	Doc: `A security group attached to node groups (through their launch template's
` + "`vpc_security_group_ids`" + ` or network interfaces) is also selected by a
Karpenter EC2NodeClass (` + "`securityGroupSelectorTerms`" + ` by id, name or tags).
The remote-access ` + "`source_security_group_ids`" + ` of a node group are not
attachments and are not considered.

## The chain

1. The node groups' code owns the security group and its rules.
2. Karpenter selects the same group for every node it launches.
3. A change made for the node groups (a rule tightened, the group replaced or
   deleted together with the node groups) silently changes or breaks the
   network of Karpenter's nodes; deleting the group makes new Karpenter
   launches fail.

The Stytch incident of 23 February 2023 listed "separate the security
groups" among its fixes.

## Example

` + "```hcl" + `
resource "aws_security_group" "nodes" {
  tags = { "karpenter.sh/discovery" = "prod" }
}
resource "aws_launch_template" "workers" {
  vpc_security_group_ids = [aws_security_group.nodes.id]
}
` + "```" + `
` + "```yaml" + `
securityGroupSelectorTerms:
  - tags:
      karpenter.sh/discovery: prod        # FL103
` + "```" + `

## How to fix

Give Karpenter's nodes their own security group and select it by a tag only
that group carries; share rules through security group references instead
of sharing the group.`,
	Check: checkSharedSecurityGroup,
}

func checkSharedSecurityGroup(p *lint.Pass) {
	m := p.Model
	groups := m.NodeGroupIdentities()
	sgs := make([][]lint.Identity, len(groups))
	for i, g := range groups {
		for _, ref := range g.SecurityGroups {
			sgs[i] = append(sgs[i], m.ResolveSecurityGroup(ref.Value, g.Entity.Base().Scope))
		}
	}
	for _, k := range m.KarpenterIdentities() {
		if len(k.Terms) == 0 {
			continue
		}
		kScope := k.Entity.Base().Scope
		type hit struct {
			g   lint.NodeIdentity
			ref lint.Ref
		}
		// One finding per (selector term, security group).
		found := map[int]map[string][]hit{}
		ids := map[string]lint.Identity{}
		var order []string
		for gi, g := range groups {
			if !lint.SameCluster(g, k) {
				continue
			}
			for ri, ref := range g.SecurityGroups {
				sg := sgs[gi][ri]
				if !sg.Scope.Compatible(kScope, true, false) {
					continue
				}
				key := sg.Describe()
				if sg.Entity != nil {
					key = sg.Entity.Base().Addr
				}
				for ti, t := range k.Terms {
					switch lint.TermMatch(t, sg) {
					case lint.Yes:
						if found[ti] == nil {
							found[ti] = map[string][]hit{}
						}
						if _, ok := ids[key]; !ok {
							order = append(order, key)
						}
						ids[key] = sg
						found[ti][key] = append(found[ti][key], hit{g, ref})
					case lint.Maybe:
						p.Unresolved(fmt.Sprintf("security group %s of %s vs selector of %s", sg.Describe(), g.Label(), k.Label()), t.Range)
					}
				}
			}
		}
		for ti, t := range k.Terms {
			for _, key := range order {
				hits := found[ti][key]
				if len(hits) == 0 {
					continue
				}
				sg := ids[key]
				var ns []lint.NodeIdentity
				refs := map[lint.Entity]lint.Ref{}
				ents := []lint.Entity{k.Entity}
				for _, h := range hits {
					ns = append(ns, h.g)
					refs[h.g.Entity] = h.ref
					ents = append(ents, h.g.Entity)
				}
				groups := groupInstances(ns, func(g lint.NodeIdentity) lint.Ref { return refs[g.Entity] })
				labels := groupLabels(groups)
				related := groupRelated(groups, func(_ instanceGroup, r lint.Ref) string {
					if r.Via != "" {
						return "attaches it (" + r.Via + ")"
					}
					return "attaches it"
				})
				related = append(related, declared(sg, "security group")...)
				p.Report(lint.Finding{
					Range:   termAnchor(t),
					Message: fmt.Sprintf("security group %s is selected by %s and also attached to %s", describe(sg), k.Label(), listLabels(labels)),
					Related: related,
					Chain: []string{
						fmt.Sprintf("security group %s is attached to %s, whose code owns it", sg.Describe(), listLabels(labels)),
						fmt.Sprintf("this selector term of %s selects the same group for every node Karpenter launches", k.Label()),
						"a change made for the node groups (rules tightened, the group replaced or deleted with them) changes or breaks the network of Karpenter's nodes, and a deleted group makes new launches fail",
					},
					Hint:     "give Karpenter's nodes their own security group and select it by a tag only that group carries",
					Inferred: inferred(ents...),
					Key:      "sg=" + key + "|karpenter=" + k.Entity.Base().Addr + fmt.Sprintf("|term=%d", ti),
				})
			}
		}
	}
}
