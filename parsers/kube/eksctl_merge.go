package kube

import (
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// MergeClusterConfigs makes the eksctl ClusterConfigs of several files
// that name the same cluster in the same region one cluster: eksctl reads
// a ClusterConfig per command (`eksctl create cluster -f cluster.yaml`,
// then `eksctl create fargateprofile -f profiles.yaml` for the cluster it
// made), so a repository keeps one cluster's configuration in several
// files. The first ClusterConfig (in the order given: the files' order)
// keeps its cluster, cluster security group and OIDC provider; a later
// one's are dropped, its subnets that the first declares with the same
// ID too, and what it declares on the
// cluster — node groups, Fargate profiles, service accounts — stays.
// ClusterConfigs whose name or region is not known literally are left as
// they are.
func MergeClusterConfigs(ents []lint.Entity) []lint.Entity {
	first := map[[2]string]*lint.Cluster{}
	drop := map[string]*lint.Cluster{} // a later ClusterConfig's address → the cluster it joins
	for _, e := range ents {
		cl, ok := e.(*lint.Cluster)
		if !ok || !isClusterConfig(cl.Addr) || cl.Scope.Cluster == "" || cl.Scope.Region == "" {
			continue
		}
		k := [2]string{cl.Scope.Cluster, cl.Scope.Region}
		if kept, seen := first[k]; seen {
			drop[cl.Addr] = kept
			continue
		}
		first[k] = cl
	}
	if len(drop) == 0 {
		return ents
	}
	out := ents[:0:0]
	for _, e := range ents {
		o := e.Base()
		owner, part := configOf(o.Addr)
		kept, later := drop[owner]
		switch {
		case !later:
		case part == "" || part == "cluster-security-group" || o.Kind == lint.KindOIDCProvider:
			continue
		case o.Kind == lint.KindSubnet:
			if s, ok := e.(*lint.Subnet); ok && declaresSubnet(ents, kept.Addr, s) {
				continue
			}
		}
		out = append(out, e)
	}
	return out
}

// configOf splits the address of what a ClusterConfig declares into the
// ClusterConfig's address and the part after it ("" for the cluster).
func configOf(addr string) (config, part string) {
	i := strings.Index(addr, "/ClusterConfig/")
	if i < 0 {
		return addr, ""
	}
	j := strings.IndexByte(addr[i:], '#')
	if j < 0 {
		return addr, ""
	}
	return addr[:i+j], addr[i+j+1:]
}

// isClusterConfig reports whether an address is an eksctl ClusterConfig's
// (file#index/ClusterConfig/name).
func isClusterConfig(addr string) bool {
	_, rest, ok := strings.Cut(addr, "/ClusterConfig/")
	return ok && !strings.Contains(rest, "#")
}

// declaresSubnet reports whether the ClusterConfig at addr declares a
// subnet with provably the same ID as s.
func declaresSubnet(ents []lint.Entity, addr string, s *lint.Subnet) bool {
	for _, e := range ents {
		o, ok := e.(*lint.Subnet)
		if ok && strings.HasPrefix(o.Addr, addr+"#") && lint.Compare(o.ID, s.ID) == lint.Yes {
			return true
		}
	}
	return false
}
