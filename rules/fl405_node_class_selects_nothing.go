package rules

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/faultline-dev/faultline/internal/scheduling"
	"github.com/faultline-dev/faultline/lint"
)

// NodeClassSelectsNothing reports a Karpenter node class whose subnet or
// security group selector terms match nothing the tree declares, where
// the tree declares its cluster's networking, and a NodePool whose zone
// requirement allows none of the zones of its node class's subnets.
var NodeClassSelectsNothing = &lint.Rule{
	ID:       "FL405",
	Name:     "node-class-selects-nothing",
	Severity: lint.Error,
	Summary:  "a Karpenter node class's subnet or security group selectors match nothing the tree declares, or a NodePool allows none of its subnets' zones",
	Since:    "0.2.0",
	Doc: `A Karpenter EC2NodeClass (or legacy AWSNodeTemplate, or an EKS Auto Mode
NodeClass, whose terms Auto Mode's built-in Karpenter reads alike) whose
` + "`subnetSelectorTerms`" + ` match no subnet, or whose ` + "`securityGroupSelectorTerms`" + `
match no security group, of a tree that declares its cluster's networking:
the cluster's subnets (` + "`vpc_config.subnet_ids`" + `) are all subnets of the tree
(` + "`aws_subnet`" + `, the vpc module's subnets) whose tags are known, and every
subnet and security group a term could select has known tags. The
security groups include the cluster security group EKS creates, tagged
` + "`aws:eks:cluster-name`" + ` and ` + "`kubernetes.io/cluster/<name>`" + `. A tag value
(or a security group name) is an EC2 filter value, as Karpenter passes it:
` + "`*`" + ` matches any run of characters and ` + "`?`" + ` any one (` + "`Name: \"*private*\"`" + `).

The node class is judged against the cluster its configuration or
placement names, else the cluster of the Terraform root that applies it,
else the tree's only EKS cluster (a node class one root applies for the
cluster another root declares included). When nothing else ties
it to that cluster — no node role or instance profile the tree declares,
not applied by the Terraform root that declares the cluster (a sample
manifest kept beside the cluster's code) — the finding is inferred and one
severity lower; one kept in a chart's directory outside what Helm installs
(its examples/, a sample of its output) is applied by nothing known, and is
not judged then. A node class that may be for any of several clusters the
tree declares is judged when the networking of every one is declared and
the node class rests on no inference of its own (a chart rendered with its
defaults): what matches in none of them matches in the one it is for
(inferred, one severity lower); else a coverage note says which is not
known.

Anything unknown keeps the rule silent and is counted in the coverage: a
subnet from a data source or from another tree, tags that cannot be
evaluated, a selector value or ID known only after apply, a placeholder a
later step fills in a file kept as a template (` + "`${cluster}`" + `, ` + "`{{ .Cluster }}`" + `,
` + "`<CLUSTER_NAME>`" + `, or a token a deploy script replaces such as
` + "`EKS_CLUSTER_NAME`" + `), in a tag's value or its key
(` + "`kubernetes.io/cluster/${CLUSTER_NAME}`" + `), or an ` + "`aws_ec2_tag`" + ` putting the key a
term asks for on a resource whose ID is not known (a variable, an ID of
another stack no root of the tree declares): any subnet or security group
may then carry it. An ID read from another root's state through
` + "`terraform_remote_state`" + ` that is a subnet's or security group's of that root
tags that one resource. Such a tag with another value than the term's does not keep it silent.

The same holds for a NodePool (or Provisioner) whose
` + "`topology.kubernetes.io/zone`" + ` requirement (its ` + "`In`" + ` values and a zone label of its
template, or every zone when it has none, less its ` + "`NotIn`" + ` values) shares no zone with the subnets its node class selects, on the
same conditions: every subnet the class may select is known with its zone
name. Karpenter launches nodes only in a zone both allow. A zone written
in a form no Availability Zone has (` + "`eu-west-2-a`" + ` for ` + "`eu-west-2a`" + `) is
named as such in the chain.

` + unreadNodeClassDoc + `## The chain

1. The node class's selector terms (tags ANDed within a term, terms ORed)
   ask for tags or IDs no declared subnet (or security group) carries —
   typically a discovery tag spelled differently on each side.
2. Karpenter resolves no subnet for the node class: its status reports
   ` + "`SubnetsReady=False`" + ` with reason ` + "`SubnetsNotFound`" + ` (or no security groups),
   and the node class is not ready.
3. The NodePools using it launch nothing: pending pods stay Pending while
   the cluster looks healthy.

## Example

` + "```hcl" + `
module "vpc" {
  source              = "terraform-aws-modules/vpc/aws"
  private_subnet_tags = { "karpenter.sh/discovery" = "prod-cluster" }
}
` + "```" + `
` + "```yaml" + `
subnetSelectorTerms:
  - tags:
      karpenter.sh/discovery: prod        # FL405
` + "```" + `

## How to fix

Select the subnets (security groups) by a tag they carry, or put the tag
the node class asks for on them.`,
	Check: checkNodeClassSelectsNothing,
}

// selectionUnknown says why a node class's selection is not judged when
// no declared subnet or group is known to match and not all could be
// compared, and what gives the values.
const selectionUnknown = "the term's values or the tags (or IDs) of those declared here are not all known (a template placeholder or a variable without a value, which --var or --var-file gives; or a tag an aws_ec2_tag sets on resources known only after apply, which no flag gives), so whether one matches is not known"

func checkNodeClassSelectsNothing(p *lint.Pass) {
	m := p.Model
	for _, nc := range m.NodeClasses {
		if nc.KindName != "EC2NodeClass" && nc.KindName != "AWSNodeTemplate" && !nc.AutoMode {
			continue
		}
		if len(nc.SubnetTerms) == 0 && len(nc.SecurityGroupTerms) == 0 {
			continue
		}
		if m.NodeClassUnread(nc) {
			p.Unresolved(fmt.Sprintf("%s is read by no Karpenter: its cluster runs EKS Auto Mode, whose built-in Karpenter reads eks.amazonaws.com NodeClasses only, and nothing here installs a Karpenter of its own (FL101–FL105 and FL405 do not judge it)", nc.Label), nc.Range)
			continue
		}
		if selectsSome(m, nc) {
			continue // whatever the tree leaves open, it selects something of each kind
		}
		at := nc.Range
		if len(nc.SubnetTerms) > 0 {
			at = termAnchor(nc.SubnetTerms[0])
		} else if len(nc.SecurityGroupTerms) > 0 {
			at = termAnchor(nc.SecurityGroupTerms[0])
		}
		cl, n := nodeClassCluster(m, nc)
		cls := []*lint.Cluster{cl}
		if n > 1 {
			// Any of several clusters: judged only when the networking
			// of every one is declared, and then what matches in none of
			// them matches in the one it is for.
			// A node class that rests on an inference of its own (a
			// chart rendered with its defaults: an empty cluster name in
			// its selector) is not judged so.
			cls = clustersOf(m, nc)
			if len(cls) < 2 || len(inferred(nc)) > 0 {
				p.Unresolved(fmt.Sprintf("whether Karpenter %s selects any subnet or security group: it may launch nodes for any of the %d EKS clusters the tree declares (a scope in .faultline.hcl names its cluster)", nc.Label, n), at)
				continue
			}
			cl = cls[0]
		}
		if cl == nil {
			continue
		}
		var own []*lint.Subnet
		why := ""
		for _, c := range cls {
			o, w := declaredNetwork(m, c, nc.SubnetTerms)
			own, why = append(own, o...), w
			if why != "" {
				break
			}
		}
		if why != "" && len(cls) > 1 {
			p.Unresolved(fmt.Sprintf("whether Karpenter %s selects any subnet or security group: it may launch nodes for any of the %d EKS clusters the tree declares (a scope in .faultline.hcl names its cluster), and %s", nc.Label, len(cls), why), at)
			continue
		}
		if why != "" {
			p.Unresolved(fmt.Sprintf("whether Karpenter %s selects any subnet or security group: %s", nc.Label, why), at)
			continue
		}
		if len(nc.SubnetTerms) > 0 {
			hits, complete := m.SubnetsSelectedIn(nc.SubnetTerms, nc.Scope)
			switch {
			case len(hits) > 0:
			case !complete:
				p.Unresolved(fmt.Sprintf("subnets selected by Karpenter %s: %s", nc.Label, selectionUnknown), termAnchor(nc.SubnetTerms[0]))
			default:
				var cands []taggedThing
				for _, s := range m.Subnets {
					if s.Scope.Compatible(nc.Scope, true, false) {
						cands = append(cands, taggedThing{s, s.Tags})
					}
				}
				reportSelectsNothing(p, nc, cls, own, "subnet", "subnetSelectorTerms", nc.SubnetTerms, cands)
			}
		}
		if len(nc.SecurityGroupTerms) > 0 {
			hits, complete := m.SecurityGroupsSelectedIn(nc.SecurityGroupTerms, nc.Scope)
			switch {
			case len(hits) > 0:
			case !complete:
				p.Unresolved(fmt.Sprintf("security groups selected by Karpenter %s: %s", nc.Label, selectionUnknown), termAnchor(nc.SecurityGroupTerms[0]))
			default:
				var cands []taggedThing
				for _, sg := range m.SecurityGroups {
					if sg.Scope.Compatible(nc.Scope, true, false) {
						cands = append(cands, taggedThing{sg, sg.Tags})
					}
				}
				reportSelectsNothing(p, nc, cls, own, "security group", "securityGroupSelectorTerms", nc.SecurityGroupTerms, cands)
			}
		}
	}
	for _, np := range m.NodePools {
		checkNodePoolZones(p, np)
	}
}

// selectsSome reports whether node class nc's subnet terms (when it
// has any) select a subnet of the tree and its security group terms (when
// it has any) a security group: it launches with those, so whether it
// selects nothing is no question.
func selectsSome(m *lint.Model, nc *lint.NodeClass) bool {
	if len(nc.SubnetTerms) > 0 {
		if hits, _ := m.SubnetsSelectedIn(nc.SubnetTerms, nc.Scope); len(hits) == 0 {
			return false
		}
	}
	if len(nc.SecurityGroupTerms) > 0 {
		if hits, _ := m.SecurityGroupsSelectedIn(nc.SecurityGroupTerms, nc.Scope); len(hits) == 0 {
			return false
		}
	}
	return true
}

// checkNodePoolZones reports a NodePool whose zone requirement leaves
// none of the zones of the subnets its node class selects, where the tree
// declares its cluster's networking as for the node class's selectors.
func checkNodePoolZones(p *lint.Pass, np *lint.NodePool) {
	m := p.Model
	c, ok := scheduling.NodePoolZoneConflict(m, np)
	if !ok {
		return
	}
	nc := c.NodeClass
	cl, n := nodeClassCluster(m, nc)
	if cl == nil || n != 1 {
		return
	}
	if _, why := declaredNetwork(m, cl, nc.SubnetTerms); why != "" {
		return
	}
	subnets, _ := m.SubnetsMatching(nc.SubnetTerms)
	required := "no zone"
	switch {
	case len(c.Required) > 0:
		required = strings.Join(c.Required, ", ")
	case c.Required == nil:
		required = "every zone but " + strings.Join(c.Excluded, ", ")
	}
	have := strings.Join(c.Subnets, ", ")
	chain := []string{
		fmt.Sprintf("Karpenter %s allows nodes in %s only (%s)", np.Label, required, scheduling.LabelZone),
		fmt.Sprintf("the subnets %s selects are in %s, declared in this tree with the rest of the networking of %s", nc.Label, have, cl.Label),
		"Karpenter launches nodes only in a zone both allow, and none is: the NodePool launches no node, and the pods only it could run stay Pending",
	}
	hint := fmt.Sprintf("allow the zones the subnets are in (%s) in the requirement, or give %s subnets in the zones it allows", have, nc.Label)
	if c.Required == nil {
		hint = fmt.Sprintf("stop excluding the zones the subnets are in (%s), or give %s subnets in other zones", have, nc.Label)
	}
	if bad := notZoneNames(c.Required); len(bad) > 0 {
		what := "is not an Availability Zone name"
		if len(bad) > 1 {
			what = "are not Availability Zone names"
		}
		chain[0] += fmt.Sprintf("; %s %s (a region followed by a zone letter, such as %s)", strings.Join(bad, ", "), what, c.Subnets[0])
		hint = fmt.Sprintf("write the zones as the subnets name them (%s)", have)
	}
	es := []lint.Entity{np, nc, cl}
	for _, s := range subnets {
		es = append(es, s)
	}
	inf := inferred(es...)
	if !tiedToCluster(m, nc, cl) && nc.SampleOf != "" {
		sampleUnjudged(p, nc, c.Range)
		return
	}
	if !tiedToCluster(m, nc, cl) {
		inf = append(inf, fmt.Sprintf("Karpenter %s is taken to be for %s, the only EKS cluster the tree declares: no role or instance profile of the tree, Terraform root or cluster configuration ties it to that cluster", nc.Label, cl.Label))
	}
	p.Report(lint.Finding{
		Range:   c.Range,
		Message: fmt.Sprintf("the zone requirement of Karpenter %s allows %s, and the subnets of %s are in %s: Karpenter launches no node for it", np.Label, required, nc.Label, have),
		Related: []lint.Location{
			{Range: termAnchor(nc.SubnetTerms[0]), Message: fmt.Sprintf("%s selects its subnets here (in %s)", nc.Label, have)},
		},
		Chain:    chain,
		Hint:     hint,
		Inferred: dedupe(inf),
		Key:      "nodepool=" + np.Addr + "|zones",
		Roots:    rootsOf(np, nc, cl),
	})
}

// notZoneNames are the zones of zs that cannot be an Availability Zone's
// name (eu-west-2-a for eu-west-2a).
func notZoneNames(zs []string) []string {
	var out []string
	for _, z := range zs {
		if !scheduling.IsZoneName(z) {
			out = append(out, z)
		}
	}
	return out
}

// taggedThing is a subnet or security group a term could have selected.
type taggedThing struct {
	e    lint.Entity
	tags map[string]lint.Value
}

// nodeClassCluster is the EKS cluster of the model a node class launches
// nodes for: the one its scope names, else the one the Terraform root
// applying it declares, else the model's only cluster; nil when none or
// several may be meant. n counts the clusters that may be meant. A node
// class a root applies beside no cluster of its own is taken for the
// model's only cluster as a loose manifest is (tiedToCluster says how
// surely).
func nodeClassCluster(m *lint.Model, nc *lint.NodeClass) (cl *lint.Cluster, n int) {
	if nc.Root != "" {
		if cl, n := clusterAmong(m, nc, func(cl *lint.Cluster) bool { return cl.Root == nc.Root }); n > 0 {
			return cl, n
		}
	}
	return clusterAmong(m, nc, func(*lint.Cluster) bool { return true })
}

// clusterAmong is nodeClassCluster among the clusters of the model that
// keep returns true for.
func clusterAmong(m *lint.Model, nc *lint.NodeClass, keep func(*lint.Cluster) bool) (cl *lint.Cluster, n int) {
	var found *lint.Cluster
	for _, cl := range m.Clusters {
		if !keep(cl) || !cl.Scope.Compatible(nc.Scope, true, false) {
			continue
		}
		if nc.Scope.Cluster != "" && lint.Compare(cl.Name, lint.Known(nc.Scope.Cluster)) != lint.Yes {
			continue
		}
		if found == nil || lint.Compare(found.Name, cl.Name) != lint.Yes {
			n++ // one named in several roots is one cluster
		}
		if found != nil {
			found = nil
			continue
		}
		found = cl
	}
	if n > 1 {
		return nil, n
	}
	return found, n
}

// sampleUnjudged notes a node class kept in a chart's directory outside
// what Helm installs (a sample of its output) that nothing ties to a
// cluster of the tree: applied by nothing known, for no cluster known,
// so what it selects is not judged.
func sampleUnjudged(p *lint.Pass, nc *lint.NodeClass, at lint.Range) {
	p.Unresolved(fmt.Sprintf("Karpenter %s, kept in chart %s's directory outside what Helm installs, is tied to no cluster of the tree: what it selects is not judged", nc.Label, nc.SampleOf), at)
}

// tiedToCluster reports whether something besides being the model's
// only cluster says a node class launches nodes for cl: a scope naming
// the cluster (configuration or placement), the Terraform root that
// declares the cluster applying it, or a node role or instance profile
// that resolves to one the tree declares. A loose manifest with none of
// these (an example file beside the tree's own) is only taken to be for
// it.
func tiedToCluster(m *lint.Model, nc *lint.NodeClass, cl *lint.Cluster) bool {
	switch {
	case nc.Scope.Cluster != "":
		return true
	case nc.Root != "" && nc.Root == cl.Root:
		return true
	case nc.Role.IsSet() && m.ResolveRole(nc.Role.Value, nc.Scope).Entity != nil:
		return true
	case nc.InstanceProfile.IsSet() && m.ResolveInstanceProfile(nc.InstanceProfile.Value, nc.Scope).Entity != nil:
		return true
	}
	return false
}

// termKeys are the tag keys selector terms ask for.
func termKeys(terms []lint.SelectorTerm) map[string]bool {
	keys := map[string]bool{}
	for _, t := range terms {
		for k := range t.Tags {
			keys[k] = true
		}
	}
	return keys
}

// declaredNetwork returns the cluster's subnets when the tree declares
// them all, with every tag key the subnet terms ask for either carried or
// surely not (no key known only in part may be it) — for each term that
// may select the subnet: a term asking for a key the subnet surely lacks
// selects it whatever its other keys are; otherwise why it does not. A
// value known only in part is left to the terms: one built from the same
// value the term is matches, one whose literal parts differ from the
// term's surely does not, and any other leaves the match open (not
// reported).
func declaredNetwork(m *lint.Model, cl *lint.Cluster, terms []lint.SelectorTerm) ([]*lint.Subnet, string) {
	if len(cl.Subnets) == 0 {
		return nil, fmt.Sprintf("the subnets of %s are not written", cl.Label)
	}
	var out []*lint.Subnet
	for _, r := range cl.Subnets {
		s := m.ResolveSubnet(r.Value)
		if s == nil {
			return nil, fmt.Sprintf("subnet %s of %s is not declared in the tree", r.Value, cl.Label)
		}
		if s.TagsIncomplete {
			return nil, fmt.Sprintf("the tags of %s are not all known", s.Label)
		}
		for _, t := range terms {
			if surelyLacksAKey(t, s) {
				continue
			}
			for k := range t.Tags {
				if _, has := s.Tags[k]; !has && lint.MayBeOneOf(k, s.OpenTagKeys) {
					return nil, fmt.Sprintf("the tags of %s are not all known", s.Label)
				}
			}
		}
		out = append(out, s)
	}
	return out, ""
}

// surelyLacksAKey reports whether term t asks for a tag key subnet s
// surely does not carry: not one of its tags, nor one it may carry.
func surelyLacksAKey(t lint.SelectorTerm, s *lint.Subnet) bool {
	for k := range t.Tags {
		if lint.HasSentinel(k) {
			continue // a key known only in part
		}
		_, has := s.Tags[k]
		_, maybe := s.MaybeTags[k]
		if !has && !maybe && !lint.MayBeOneOf(k, s.OpenTagKeys) {
			return true
		}
	}
	return false
}

func reportSelectsNothing(p *lint.Pass, nc *lint.NodeClass, cls []*lint.Cluster, own []*lint.Subnet, what, field string, terms []lint.SelectorTerm, cands []taggedThing) {
	cl := cls[0]
	asked := describeTerms(terms)
	carried := nearMisses(terms, cands)
	ownEnts := make([]lint.Entity, len(own))
	for i, s := range own {
		ownEnts[i] = s
	}
	subnets := countText(ownEnts, "subnet", "subnets")
	networking := fmt.Sprintf("the networking of %s is declared in this tree: its %s and every subnet and security group, with known tags", cl.Label, subnets)
	if len(cls) > 1 {
		networking = fmt.Sprintf("the networking of the %d EKS clusters it may launch nodes for (%s) is declared in this tree: their %s and every subnet and security group, with known tags", len(cls), clusterLabels(cls), subnets)
	}
	verb := "match"
	if nc.KindName == "AWSNodeTemplate" {
		// The legacy kind's fields (one selector each), and its
		// Provisioners.
		field, verb = strings.TrimSuffix(field, "Terms"), "matches"
	}
	chain := []string{
		networking,
		fmt.Sprintf("no %s of the tree matches the %s of Karpenter %s (%s)", what, field, nc.Label, asked),
	}
	switch {
	case nc.KindName == "AWSNodeTemplate":
		chain = append(chain, fmt.Sprintf("Karpenter finds no %s for the node template when it launches a node, and the Provisioners using it launch none", what))
	case what == "subnet":
		chain = append(chain, "Karpenter resolves no subnet for the node class (SubnetsReady=False, reason SubnetsNotFound): it is not ready, and the NodePools using it launch no node")
	default:
		chain = append(chain, "Karpenter resolves no security group for the node class (SecurityGroupsReady=False): it is not ready, and the NodePools using it launch no node")
	}
	hint := fmt.Sprintf("select the %ss by a tag they carry, or tag them as the node class asks", what)
	if carried != "" {
		chain[1] += "; they carry " + carried
		hint = fmt.Sprintf("select the %ss by the tag they carry (%s), or tag them as the node class asks", what, carried)
	}
	var related []lint.Location
	for _, c := range cls {
		related = append(related, lint.Location{Range: c.NameRange, Message: "cluster " + c.Label + " is declared here"})
	}
	// What the finding rests on: the node class, the cluster, and the
	// candidates that carry a key the terms ask for (a group that
	// carries none is no near miss, however it was modelled).
	es := []lint.Entity{nc}
	for _, c := range cls {
		es = append(es, c)
	}
	keys := termKeys(terms)
	for _, c := range cands {
		for k := range c.tags {
			if keys[k] {
				es = append(es, c.e)
				break
			}
		}
	}
	inf := inferred(es...)
	if len(cls) > 1 {
		inf = append(inf, fmt.Sprintf("Karpenter %s may launch nodes for any of the %d EKS clusters the tree declares, and matches the networking of none: which it is for is not known", nc.Label, len(cls)))
	} else if !tiedToCluster(p.Model, nc, cl) && nc.SampleOf != "" {
		sampleUnjudged(p, nc, termAnchor(terms[0]))
		return
	} else if !tiedToCluster(p.Model, nc, cl) {
		inf = append(inf, fmt.Sprintf("Karpenter %s is taken to be for %s, the only EKS cluster the tree declares: no role or instance profile of the tree, Terraform root or cluster configuration ties it to that cluster", nc.Label, cl.Label))
	}
	p.Report(lint.Finding{
		Range:    termAnchor(terms[0]),
		Message:  fmt.Sprintf("the %s of Karpenter %s %s no %s %s: Karpenter launches nothing with it", field, nc.Label, verb, what, amongText(cands)),
		Related:  related,
		Chain:    chain,
		Hint:     hint,
		Inferred: dedupe(inf),
		Key:      "nodeclass=" + nc.Addr + "|" + field,
		Roots:    rootsOf(es...),
	})
}

// clustersOf are the EKS clusters a node class may launch nodes for, as
// nodeClassCluster counts them (those of its own root first, else all),
// one per name.
func clustersOf(m *lint.Model, nc *lint.NodeClass) []*lint.Cluster {
	among := func(keep func(*lint.Cluster) bool) []*lint.Cluster {
		var out []*lint.Cluster
		for _, cl := range m.Clusters {
			if !keep(cl) || !cl.Scope.Compatible(nc.Scope, true, false) {
				continue
			}
			if nc.Scope.Cluster != "" && lint.Compare(cl.Name, lint.Known(nc.Scope.Cluster)) != lint.Yes {
				continue
			}
			if !slices.ContainsFunc(out, func(o *lint.Cluster) bool { return lint.Compare(o.Name, cl.Name) == lint.Yes }) {
				out = append(out, cl)
			}
		}
		return out
	}
	if nc.Root != "" {
		if out := among(func(cl *lint.Cluster) bool { return cl.Root == nc.Root }); len(out) > 0 {
			return out
		}
	}
	return among(func(*lint.Cluster) bool { return true })
}

// clusterLabels lists clusters by label.
func clusterLabels(cls []*lint.Cluster) string {
	var out []string
	for _, c := range cls {
		out = append(out, c.Label)
	}
	return listLabels(out)
}

// describeTerms renders selector terms as "k = v, id = x or …".
func describeTerms(terms []lint.SelectorTerm) string {
	var parts []string
	for _, t := range terms {
		var fs []string
		if t.HasID {
			fs = append(fs, "id "+t.ID.String())
		}
		if t.HasName {
			fs = append(fs, "name "+t.Name.String())
		}
		keys := make([]string, 0, len(t.Tags))
		for k := range t.Tags {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fs = append(fs, t.ShownKey(k)+" = "+t.Tags[k].String())
		}
		parts = append(parts, strings.Join(fs, " and "))
	}
	return strings.Join(parts, ", or ")
}

// nearMisses says which values the candidates carry for the tag keys the
// terms ask for ("karpenter.sh/discovery = prod-cluster"), "" when none
// carries such a key.
func nearMisses(terms []lint.SelectorTerm, cands []taggedThing) string {
	vals := map[string]map[string]bool{}
	for _, t := range terms {
		for k := range t.Tags {
			for _, c := range cands {
				if v, ok := c.tags[k].Str(); ok {
					if vals[k] == nil {
						vals[k] = map[string]bool{}
					}
					vals[k][v] = true
				}
			}
		}
	}
	keys := make([]string, 0, len(vals))
	for k := range vals {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out []string
	for _, k := range keys {
		vs := make([]string, 0, len(vals[k]))
		for v := range vals[k] {
			vs = append(vs, v)
		}
		sort.Strings(vs)
		if len(vs) > 3 {
			vs = append(vs[:3], "…")
		}
		out = append(out, k+" = "+strings.Join(vs, " | "))
	}
	return strings.Join(out, ", ")
}

// countText counts entities as a phrase ("2 subnets", "1 subnet"); "subnets
// (how many, known only at apply)" when one stands for instances whose
// number is not known (a count or for_each known only at apply).
func countText(es []lint.Entity, one, many string) string {
	for _, e := range es {
		for _, p := range e.Base().Possible {
			if p.Unkeyed {
				return many + " (how many, known only at apply)"
			}
		}
	}
	return fmt.Sprintf("%d %s", len(es), lint.Plural(len(es), one, many))
}

// amongText says which of the tree's subnets or groups a term was matched
// against: "of the 2 the tree declares", or "the tree declares" when how
// many is not known.
func amongText(cands []taggedThing) string {
	for _, c := range cands {
		for _, p := range c.e.Base().Possible {
			if p.Unkeyed {
				return "the tree declares"
			}
		}
	}
	return fmt.Sprintf("of the %d the tree declares", len(cands))
}
