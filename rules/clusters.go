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
