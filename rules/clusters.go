package rules

import "github.com/faultline-dev/faultline/lint"

// rootOfOtherCluster reports whether Terraform root module root provably
// manages clusters other than cluster: it declares EKS clusters, all
// named, and none is cluster (a known name). What such a root applies
// (its releases, accounts, associations) lands in its own clusters: two
// roots of one repository often manage two clusters. A root that declares
// no cluster (an add-ons root reading the cluster from remote state) may
// apply to any.
func rootOfOtherCluster(m *lint.Model, root string, cluster lint.Value) bool {
	target, ok := cluster.Str()
	if !ok || root == "" {
		return false
	}
	declared := false
	for _, c := range m.Clusters {
		if c.Root != root {
			continue
		}
		name, ok := c.Name.Str()
		if !ok || name == target {
			return false
		}
		declared = true
	}
	return declared
}

// rootDeclaresCluster reports whether Terraform root module root
// declares an EKS cluster.
func rootDeclaresCluster(m *lint.Model, root string) bool {
	for _, c := range m.Clusters {
		if c.Root == root {
			return true
		}
	}
	return false
}

// rootOfCluster reports whether Terraform root module root declares an
// EKS cluster provably named cluster (both names known and equal).
func rootOfCluster(m *lint.Model, root string, cluster lint.Value) bool {
	target, ok := cluster.Str()
	if !ok {
		return false
	}
	for _, c := range m.Clusters {
		if name, ok := c.Name.Str(); ok && c.Root == root && name == target {
			return true
		}
	}
	return false
}

// separateDeployments reports whether Terraform roots a and b are two
// deployments, each of its own clusters: both declare EKS clusters (in
// the model, or deleted since the base revision with the root), every
// name known, and no name in common. A security group of one is not
// what the other's node classes select by tag: separate roots are
// usually separate accounts or environments (as FL105 counts).
func separateDeployments(m *lint.Model, a, b string) bool {
	if a == "" || b == "" || a == b {
		return false
	}
	na, oka := clusterNamesOfRoot(m, a)
	nb, okb := clusterNamesOfRoot(m, b)
	if !oka || !okb {
		return false
	}
	for n := range na {
		if nb[n] {
			return false
		}
	}
	return true
}

// clusterNamesOfRoot are the names of the EKS clusters root declares, or
// declared at the base revision and deletes since; ok is false when it
// declares none or a name is not known.
func clusterNamesOfRoot(m *lint.Model, root string) (names map[string]bool, ok bool) {
	names = map[string]bool{}
	add := func(c *lint.Cluster) bool {
		if c.Root != root {
			return true
		}
		n, known := c.Name.Str()
		names[n] = true
		return known
	}
	for _, c := range m.Clusters {
		if !add(c) {
			return nil, false
		}
	}
	for _, ch := range m.Changes {
		if c, isCluster := ch.Before.(*lint.Cluster); isCluster && ch.Action == lint.ActionDelete && !add(c) {
			return nil, false
		}
	}
	return names, len(names) > 0
}
