package rules

import (
	"fmt"
	"sort"
	"strings"

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

1. The security group is attached to the node groups: its rules are
   managed for them, and when their code creates it (FL104 says so), it is
   replaced or deleted with them.
2. Karpenter selects the same group for every node it launches.
3. A change made for the node groups (a rule tightened, the group replaced,
   or deleted together with the node groups that create it) silently changes
   or breaks the network of Karpenter's nodes; deleting the group makes new
   Karpenter launches fail. The terraform-aws-eks module's shared node group
   (` + "`node_security_group_tags`" + `, as its Karpenter example tags it) is
   such a group: the notice says that the two share its rules, not that
   the node groups own it.

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
	idx := indexAttachments(m)
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
		for ti, t := range k.Terms {
			for _, sg := range idx.candidates(t) {
				if !sg.id.Scope.Compatible(kScope, true, false) {
					continue
				}
				var uses []attachment
				for _, u := range sg.uses {
					if m.SameCluster(u.g, k) {
						uses = append(uses, u)
					}
				}
				if len(uses) == 0 {
					continue
				}
				switch lint.TermMatch(t, sg.id) {
				case lint.Yes:
					if found[ti] == nil {
						found[ti] = map[string][]hit{}
					}
					if _, ok := ids[sg.key]; !ok {
						order = append(order, sg.key)
					}
					ids[sg.key] = sg.id
					for _, u := range uses {
						found[ti][sg.key] = append(found[ti][sg.key], hit{u.g, u.ref})
					}
				case lint.Maybe:
					if by := m.SelectedByID(t, kScope); by != nil && lint.Entity(by) != sg.id.Entity {
						continue // the term's ID is another group's
					}
					p.Unresolved(fmt.Sprintf("%s of %s vs selector of %s", sgPhrase(sg.id, sg.id.Describe()), uses[0].g.Label(), k.Label()), t.Range)
				}
			}
		}
		sort.SliceStable(order, func(i, j int) bool { return idx.rank[order[i]] < idx.rank[order[j]] })
		for ti, t := range k.Terms {
			for _, key := range order {
				hits := found[ti][key]
				if len(hits) == 0 {
					continue
				}
				sg := ids[key]
				var ns []lint.NodeIdentity
				refs := map[lint.Entity]lint.Ref{}
				for _, h := range hits {
					ns = append(ns, h.g)
					refs[h.g.Entity] = h.ref
				}
				inf := append(inferred(k.Entity, sg.Entity), inferredAny(ns, nodeEntity)...)
				groups := groupInstances(ns, func(g lint.NodeIdentity) lint.Ref { return refs[g.Entity] })
				labels := groupLabels(groups)
				related := groupRelated(groups, func(_ instanceGroup, r lint.Ref) string {
					if r.Via != "" {
						return "attaches it (" + r.Via + ")"
					}
					return "attaches it"
				})
				related = append(related, declared(sg, "security group")...)
				selects := fmt.Sprintf("this selector term of %s selects the same group for every node Karpenter launches", k.Label())
				if t.LaunchTemplate != "" {
					selects = fmt.Sprintf("the launch template %s names, %s, attaches the same group to every node Karpenter launches", k.Label(), t.LaunchTemplate)
				}
				p.Report(lint.Finding{
					Range:   termAnchor(t),
					Message: fmt.Sprintf("%s is selected by %s and also attached to %s", sgPhrase(sg, describe(sg)), k.Label(), listLabels(labels)),
					Related: related,
					Chain: []string{
						fmt.Sprintf("%s is attached to %s: its rules are managed for them", sgPhrase(sg, sg.Describe()), listLabels(labels)),
						selects,
						"a change made for the node groups (rules tightened, the group replaced, or deleted with them when their code creates it) changes or breaks the network of Karpenter's nodes, and a deleted group makes new launches fail",
					},
					Hint:     "give Karpenter's nodes their own security group and select it by a tag only that group carries",
					Inferred: dedupe(inf),
					Key:      "sg=" + key + "|karpenter=" + k.Entity.Base().Addr + fmt.Sprintf("|term=%d", ti),
					Roots:    rootsOf(append([]lint.Entity{k.Entity, sg.Entity}, hitEntities(ns)...)...),
				})
			}
		}
	}
}

// attachment is one node group attaching a security group.
type attachment struct {
	g   lint.NodeIdentity
	ref lint.Ref
}

// attachedGroup is one security group with every node group attaching it.
type attachedGroup struct {
	key  string
	id   lint.Identity
	uses []attachment
	// loose groups may match a tag term whatever the index says (tags
	// unknown in part, or no model entity).
	loose bool
}

// attachmentIndex holds the security groups node groups attach, indexed by
// known tag so a selector term only meets the groups it can match.
type attachmentIndex struct {
	all   []*attachedGroup
	rank  map[string]int
	byTag map[string][]*attachedGroup // "key\x00value"
	loose []*attachedGroup
}

func indexAttachments(m *lint.Model) *attachmentIndex {
	idx := &attachmentIndex{rank: map[string]int{}, byTag: map[string][]*attachedGroup{}}
	byKey := map[string]*attachedGroup{}
	for _, g := range m.NodeGroupIdentities() {
		for _, ref := range g.SecurityGroups {
			id := m.ResolveSecurityGroup(ref.Value, g.Entity.Base().Scope)
			key := "id:" + id.ID.String()
			if id.Entity != nil {
				key = id.Entity.Base().Addr
			}
			ag, ok := byKey[key]
			if !ok {
				ag = &attachedGroup{key: key, id: id}
				byKey[key] = ag
				idx.rank[key] = len(idx.all)
				idx.all = append(idx.all, ag)
				sg, isEntity := id.Entity.(*lint.SecurityGroup)
				ag.loose = !isEntity || sg.TagsIncomplete || len(sg.OpenTagKeys) > 0
				if isEntity {
					for k, v := range sg.Tags {
						if s, known := v.Str(); known {
							idx.byTag[k+"\x00"+s] = append(idx.byTag[k+"\x00"+s], ag)
						} else {
							ag.loose = true
						}
					}
				}
				if ag.loose {
					idx.loose = append(idx.loose, ag)
				}
			}
			ag.uses = append(ag.uses, attachment{g, ref})
		}
	}
	return idx
}

// candidates returns the groups a term may select: for a term with a
// literal tag, those carrying that tag (and the loose ones); otherwise all.
func (idx *attachmentIndex) candidates(t lint.SelectorTerm) []*attachedGroup {
	if t.HasID || t.HasName {
		return idx.all
	}
	keys := make([]string, 0, len(t.Tags))
	for k := range t.Tags {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v, ok := t.Tags[k].Str()
		if !ok || strings.ContainsAny(v, "*?") {
			continue // a wildcard (EC2 filter value): any group may match
		}
		tagged := idx.byTag[k+"\x00"+v]
		if len(idx.loose) == 0 {
			return tagged
		}
		out := make([]*attachedGroup, 0, len(tagged)+len(idx.loose))
		seen := map[*attachedGroup]bool{}
		for _, list := range [][]*attachedGroup{tagged, idx.loose} {
			for _, ag := range list {
				if !seen[ag] {
					seen[ag] = true
					out = append(out, ag)
				}
			}
		}
		sort.SliceStable(out, func(i, j int) bool { return idx.rank[out[i].key] < idx.rank[out[j].key] })
		return out
	}
	return idx.all
}

// sgPhrase names a security group for messages: "security group X", or
// the label alone for the cluster security group EKS creates, whose label
// says what it is ("cluster security group of aws_eks_cluster.prod").
func sgPhrase(id lint.Identity, name string) string {
	if g, ok := id.Entity.(*lint.SecurityGroup); ok && g.ClusterOf != "" {
		return name
	}
	return "security group " + name
}
