package rules

import (
	"fmt"
	"slices"
	"sort"

	"github.com/faultline-dev/faultline/lint"
)

// SelectorSpread reports a Karpenter security group selector term that
// selects several security groups.
var SelectorSpread = &lint.Rule{
	ID:       "FL105",
	Name:     "selector-spread",
	Severity: lint.Warning,
	Summary:  "a Karpenter security group selector term matches several security groups",
	Since:    "0.1.0",
	Doc: `One term of a Karpenter EC2NodeClass ` + "`securityGroupSelectorTerms`" + ` (or a
legacy ` + "`securityGroupSelector`" + `) selects more than one security group of the
tree. Karpenter attaches every group any term selects to every node it
launches, so a tag that was meant for one group brings the others along.

The common cause is a discovery tag in a tag map shared by many
resources: in terraform-aws-modules/eks, the module-wide ` + "`tags`" + ` reach the
cluster security group, the node security group and the cluster's primary
security group, so ` + "`tags = { \"karpenter.sh/discovery\" = name }`" + ` makes
Karpenter's nodes join the control plane's group too. A ` + "`local.tags`" + ` merged
into every ` + "`aws_security_group`" + ` does the same.

An EKS Auto Mode NodeClass (` + "`eks.amazonaws.com/v1`" + `) is judged as well: the
cluster's built-in Karpenter attaches the groups its terms select the same
way.

` + unreadNodeClassDoc + `## The chain

1. The selector term's tags (ANDed within the term) match several groups.
2. Karpenter attaches all of them to each node: the nodes take on the
   rules of groups meant for something else (the control plane's).
3. A change made to one of those groups for its own purpose silently
   changes the network of every Karpenter node, and deleting it with what
   owns it (the cluster, a node group) makes new launches fail.

The groups are counted within one Terraform root: separate roots are
usually separate deployments. A node class a root applies beside a
cluster it declares is never judged against the groups of another root
declaring a cluster of the same name (another environment's account: EKS
names a cluster once in an account's region).

Subnet selector terms are FL405's: a term that matches no subnet of the tree.

## Example

` + "```hcl" + `
locals {
  tags = { "karpenter.sh/discovery" = "prod" }   # FL105: on every group
}
resource "aws_security_group" "cluster" { tags = local.tags }
resource "aws_security_group" "nodes"   { tags = local.tags }
` + "```" + `

## How to fix

Tag only the group Karpenter's nodes should use: with the eks module, move
the discovery tag from ` + "`tags`" + ` to ` + "`node_security_group_tags`" + `; otherwise put
it on that one group, or narrow the term with a second tag (or an ID).`,
	Check: checkSelectorSpread,
}

func checkSelectorSpread(p *lint.Pass) {
	m := p.Model
	for _, k := range append(m.KarpenterIdentities(), m.AutoModeIdentities()...) {
		scope := k.Entity.Base().Scope
		copies := copiesOfRoot(m, m.NodeRoot(k))
		for ti, t := range k.Terms {
			hits, maybe := spreadHits(m, scope, t, copies)
			if len(hits) < 2 {
				switch {
				case len(hits)+maybe < 2 || t.HasID || m.SelectedByID(t, scope) != nil:
					// An id term selects one group at most.
				case len(hits) == 1:
					p.Unresolved(fmt.Sprintf("security groups besides %s selected by %s", hits[0].Label, k.Label()), t.Range)
				case !termKnown(t):
					p.Unresolved(fmt.Sprintf("security groups selected by %s: %d may match, the term's tag values not all known", k.Label(), maybe), t.Range)
				default:
					p.Unresolved(fmt.Sprintf("security groups selected by %s: %d may match, their tags not all known", k.Label(), maybe), t.Range)
				}
				continue
			}
			reportSpread(p, k, ti, t, hits, maybe)
		}
	}
}

// termKnown reports whether every tag key and value (and the name) a
// selector term asks for is known.
func termKnown(t lint.SelectorTerm) bool {
	if t.KeysUnknown {
		return false
	}
	if _, ok := t.Name.Str(); t.HasName && !ok {
		return false
	}
	for _, v := range t.Tags {
		if _, ok := v.Str(); !ok {
			return false
		}
	}
	return true
}

// spreadHits returns the largest set of security groups one Terraform root
// declares that term t provably selects; maybe counts the other groups
// that may match. Groups of different
// Terraform roots are not added up: separate roots are usually separate
// deployments (environments, accounts), so their groups only look alike.
// The groups of a root in copies (one declaring a cluster of the name the
// node class's own root gives its cluster: another deployment, as EKS
// names a cluster once in an account's region) are not the node class's.
func spreadHits(m *lint.Model, scope lint.Scope, t lint.SelectorTerm, copies map[string]bool) (hits []*lint.SecurityGroup, maybe int) {
	byRoot := map[string][]*lint.SecurityGroup{}
	var roots []string
	for _, sg := range m.SecurityGroups {
		if !sg.Scope.Compatible(scope, true, false) || copies[rootOf(sg.Addr)] {
			continue
		}
		switch lint.TermMatch(t, sgIdentity(sg)) {
		case lint.Yes:
			r := rootOf(sg.Addr)
			if byRoot[r] == nil {
				roots = append(roots, r)
			}
			byRoot[r] = append(byRoot[r], sg)
		case lint.Maybe:
			maybe++
		}
	}
	for _, r := range roots {
		if len(byRoot[r]) > len(hits) {
			hits = byRoot[r]
		}
	}
	return hits, maybe
}

// atLeast is "at least " when other groups may match too.
func atLeast(maybe int) string {
	if maybe > 0 {
		return "at least "
	}
	return ""
}

// mayMore says how many more groups may match, whose tags are not all
// known.
func mayMore(maybe int) string {
	if maybe == 0 {
		return ""
	}
	return fmt.Sprintf(" (and %d more may match, %s not all known)", maybe, lint.Plural(maybe, "its tags", "their tags"))
}

// sgIdentity is a security group entity as a resolved identity.
func sgIdentity(sg *lint.SecurityGroup) lint.Identity {
	return lint.Identity{Kind: lint.KindSecurityGroup, Entity: sg, ID: sg.ID, Name: sg.Name, Scope: sg.Scope}
}

func reportSpread(p *lint.Pass, k lint.NodeIdentity, ti int, t lint.SelectorTerm, hits []*lint.SecurityGroup, maybe int) {
	labels := make([]string, len(hits))
	var related []lint.Location
	es := []lint.Entity{k.Entity}
	for i, sg := range hits {
		labels[i] = describe(sgIdentity(sg))
		es = append(es, sg)
		related = append(related, spreadRelated(t, sg)...)
	}
	others := "the other groups' rules"
	if slices.ContainsFunc(hits, func(sg *lint.SecurityGroup) bool { return sg.ClusterOf != "" }) {
		others += " (the control plane's)"
	}
	p.Report(lint.Finding{
		Range:   termAnchor(t),
		Message: fmt.Sprintf("this selector term of %s matches %s%d security groups: %s%s", k.Label(), atLeast(maybe), len(hits), listLabels(labels), mayMore(maybe)),
		Related: mergeRelated(related),
		Chain: []string{
			fmt.Sprintf("the term selects %s", listLabels(labels)),
			launcherOf(k) + " attaches every selected group to every node it launches",
			"the nodes take on " + others + ", and a change made to those groups for their own purpose changes Karpenter's network or breaks new launches",
		},
		Hint:     "tag only the security group Karpenter's nodes should use (a group of their own, or with terraform-aws-modules/eks the module's node group through node_security_group_tags instead of the module-wide tags, shared with the node groups: FL103), or narrow the term with a second tag",
		Inferred: dedupe(inferred(es...)),
		Key:      "karpenter=" + k.Entity.Base().Addr + fmt.Sprintf("|term=%d", ti),
		Roots:    rootsOf(k.Entity),
	})
}

// launcherOf names what launches the node class's nodes: Karpenter, or
// the built-in Karpenter of EKS Auto Mode.
func launcherOf(k lint.NodeIdentity) string {
	if nc, ok := k.Entity.(*lint.NodeClass); ok && nc.AutoMode {
		return "EKS Auto Mode"
	}
	return "Karpenter"
}

// spreadRelated points at where a matched group carries the term's tags
// (or at its declaration).
func spreadRelated(t lint.SelectorTerm, sg *lint.SecurityGroup) []lint.Location {
	keys := make([]string, 0, len(t.Tags))
	for key := range t.Tags {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	var out []lint.Location
	for _, key := range keys {
		if r, ok := sg.TagRanges[key]; ok && !r.IsZero() {
			out = append(out, lint.Location{Range: r, Message: fmt.Sprintf("%s gets tag %s here", sg.Label, key)})
		}
	}
	if len(out) == 0 {
		out = declared(sgIdentity(sg), "security group")
	}
	return out
}

// copiesOfRoot are the other Terraform roots that declare an EKS cluster
// of a name root's own cluster certainly has: another deployment of the
// same configuration (an environment, an account), since EKS names a
// cluster once in an account's region. Nil when root declares none.
func copiesOfRoot(m *lint.Model, root string) map[string]bool {
	if root == "" {
		return nil
	}
	var own []lint.Value
	for _, cl := range m.Clusters {
		if cl.Root == root {
			own = append(own, cl.Name)
		}
	}
	var out map[string]bool
	for _, cl := range m.Clusters {
		if cl.Root == "" || cl.Root == root || !slices.ContainsFunc(own, func(n lint.Value) bool { return lint.Compare(n, cl.Name) == lint.Yes }) {
			continue
		}
		if out == nil {
			out = map[string]bool{}
		}
		out[cl.Root] = true
	}
	return out
}
