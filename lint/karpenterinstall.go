package lint

import (
	"path"
	"strings"
)

// InstallsKarpenter reports whether the tree installs a Karpenter of its
// own in a cluster of scope: a release of the Karpenter chart, a role
// whose IRSA trust names its controller's service account, a Pod
// Identity association for that account, or a call of the eks module's
// karpenter submodule.
func (m *Model) InstallsKarpenter(scope Scope) bool {
	for _, r := range m.Releases {
		if ChartName(r.Chart) == "karpenter" && r.Scope.Compatible(scope, true, true) {
			return true
		}
	}
	for _, r := range m.Roles {
		if r.Scope.Compatible(scope, false, true) && trustsKarpenter(r.Trust) {
			return true
		}
	}
	for _, a := range m.PodIdentities {
		if a.Scope.Compatible(scope, true, true) && Compare(a.ServiceAccount.Value, Known(KarpenterAccount)) == Yes {
			return true
		}
	}
	for _, mc := range m.ModuleCalls {
		if mc.Module == KarpenterModule && mc.Scope.Compatible(scope, true, true) {
			return true
		}
	}
	return false
}

// KarpenterAccount is the service account the Karpenter chart runs its
// controller as (serviceAccount.name unset: the release's fullname,
// "karpenter" for the usual release name).
const KarpenterAccount = "karpenter"

// trustsKarpenter reports whether a role's IRSA trust names a service
// account KarpenterAccount, in some namespace: the name written out, not
// a pattern that would let it in among others (a trust of every account
// says nothing of Karpenter).
func trustsKarpenter(t Trust) bool {
	for _, wi := range t.WebIdentities() {
		for _, s := range wi.Subjects {
			if name, ok := s.Name.Str(); ok && name == KarpenterAccount {
				return true
			}
		}
	}
	return false
}

// ChartName is the chart's name in a reference ("oci://…/karpenter",
// "repo/karpenter", "./charts/karpenter", "karpenter:1.0.0").
func ChartName(ref string) string {
	ref = strings.TrimSuffix(ref, "/")
	name := path.Base(ref)
	if i := strings.LastIndexByte(name, ':'); i > 0 {
		name = name[:i]
	}
	return name
}

// NodeClassUnread reports whether no Karpenter reads the node class nc:
// every cluster of the tree it may be applied to runs EKS Auto Mode,
// whose built-in Karpenter reads eks.amazonaws.com NodeClasses only, and
// nothing of the tree installs a Karpenter of its own there. A node class
// whose cluster the tree does not declare, or that may be a cluster
// without Auto Mode, is read.
func (m *Model) NodeClassUnread(nc *NodeClass) bool {
	if nc.KindName != "EC2NodeClass" && nc.KindName != "AWSNodeTemplate" {
		return false
	}
	n := 0
	for _, cl := range m.Clusters {
		if !cl.Scope.Compatible(nc.Scope, true, true) {
			continue
		}
		if name, ok := cl.Name.Str(); ok && nc.Scope.Cluster != "" && name != nc.Scope.Cluster {
			continue
		}
		if !cl.AutoMode || cl.AutoModeUnknown {
			return false
		}
		n++
	}
	return n > 0 && !m.InstallsKarpenter(nc.Scope)
}
