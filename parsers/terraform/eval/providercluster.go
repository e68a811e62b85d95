package eval

import (
	"path"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/faultline-dev/faultline/lint"
)

// A kubernetes, helm or kubectl provider configuration says which cluster
// the objects of the resources using it are made in: the EKS cluster whose
// endpoint it connects to, whose token it presents, or whose name it asks
// `aws eks get-token` for. Those configurations are no dependency of
// evaluation (readProvider: they would tie every module call inheriting
// them to the cluster module), so they are read once the root is
// evaluated, and the entities made through them are placed in that
// cluster (lint.Scope.Cluster) — two clusters of one root are told apart.

// clusterProviders are the providers whose configuration names a cluster.
var clusterProviders = map[string]bool{"kubernetes": true, "helm": true, "kubectl": true}

// maxProviderHops bounds following a provider configuration up through
// the module calls that pass it down.
const maxProviderHops = maxModuleDepth + 1

// providerPlaced are the entities and embedded manifests (Embedded[from:to])
// of one resource instance made through a cluster provider configuration
// (key) of module instance mi.
type providerPlaced struct {
	mi       *ModInst
	key      string
	ents     []lint.Entity
	from, to int
}

// providerKey is the configuration key of the provider r uses: its
// provider argument, else its type's prefix.
func providerKey(r *Resource) string {
	if r.provider != "" {
		return r.provider
	}
	name, _, _ := strings.Cut(r.Type, "_")
	return name
}

// PlaceInProviderCluster records that the entities and embedded manifests
// added since the evaluator had ents and embedded of them were read from
// resource r of mi: when r is made through a kubernetes, helm or kubectl
// provider configuration, they are placed in the cluster it names once
// the root is evaluated.
func (mi *ModInst) PlaceInProviderCluster(r *Resource, ents, embedded int) {
	e := mi.Evaluator
	key := providerKey(r)
	name, _, _ := strings.Cut(key, ".")
	if !clusterProviders[name] || len(e.entities) == ents && len(e.Embedded) == embedded {
		return
	}
	e.providerPlaced = append(e.providerPlaced, providerPlaced{mi: mi, key: key, ents: append([]lint.Entity(nil), e.entities[ents:]...), from: embedded, to: len(e.Embedded)})
}

// placeInProviderClusters gives the entities PlaceInProviderCluster
// recorded the cluster their provider configuration names, where their
// scope names none and the cluster's name is known.
func (e *Evaluator) placeInProviderClusters() {
	if len(e.providerPlaced) == 0 {
		return
	}
	clusters := map[string]lint.Value{}
	for _, ent := range e.entities {
		if cl, ok := ent.(*lint.Cluster); ok {
			clusters[cl.Addr] = cl.Name
		}
	}
	type at struct {
		mi  *ModInst
		key string
	}
	names := map[at]string{}
	for _, p := range e.providerPlaced {
		k := at{p.mi, p.key}
		name, done := names[k]
		if !done {
			name = p.mi.providerCluster(p.key, clusters, 0)
			names[k] = name
		}
		if name == "" {
			continue
		}
		for _, ent := range p.ents {
			if o := ent.Base(); o.Scope.Cluster == "" {
				o.Scope.Cluster = name
			}
		}
		for i := p.from; i < p.to && i < len(e.Embedded); i++ {
			e.Embedded[i].Cluster = name
		}
	}
	e.providerPlaced = nil
}

// providerCluster is the name of the cluster the provider configuration
// key of mi connects to: its own configuration, else the one its caller
// passes down (a providers entry, or the caller's default configuration
// of that provider). Empty when that is not known.
func (mi *ModInst) providerCluster(key string, clusters map[string]lint.Value, hops int) string {
	if hops > maxProviderHops {
		return ""
	}
	name, alias, _ := strings.Cut(key, ".")
	for _, p := range mi.Module.providers {
		if p.name == name && p.alias == alias {
			return mi.configCluster(mi.evalBody(p.body, nil), clusters)
		}
	}
	if mi.Call == nil || mi.Parent == nil {
		return ""
	}
	if oc, ok := mi.Call.providers.(*hclsyntax.ObjectConsExpr); ok {
		for _, item := range oc.Items {
			if TraversalString(item.KeyExpr) == key {
				return mi.Parent.providerCluster(TraversalString(item.ValueExpr), clusters, hops+1)
			}
		}
	}
	if alias != "" {
		return "" // an aliased configuration is only ever passed explicitly
	}
	return mi.Parent.providerCluster(key, clusters, hops+1)
}

// configCluster is the cluster a kubernetes-style connection (a
// kubernetes or kubectl provider's configuration, or a helm provider's
// kubernetes block or attribute) names: the --cluster-name its exec
// plugin passes to `aws eks get-token` (or the cluster ID to
// aws-iam-authenticator), else the cluster whose endpoint or token it
// reads.
func (mi *ModInst) configCluster(v cty.Value, clusters map[string]lint.Value) string {
	if k := GetAttr(v, "kubernetes"); k != cty.NilVal {
		// The helm provider: a kubernetes block (v2) or attribute (v3).
		if ks := BlockList(k); len(ks) == 1 {
			v = ks[0]
		}
	}
	for _, ex := range BlockList(GetAttr(v, "exec")) {
		if name := mi.execCluster(ex, clusters); name != "" {
			return name
		}
	}
	for _, attr := range []string{"host", "token"} {
		if name := mi.referencedCluster(mi.Evaluator.Holes.ToValue(GetAttr(v, attr)), clusters); name != "" {
			return name
		}
	}
	return ""
}

// execCluster is the cluster an exec credential plugin asks a token for:
// `aws eks get-token --cluster-name NAME` or `aws-iam-authenticator token
// -i NAME` (--cluster-id), as those programs read their arguments.
func (mi *ModInst) execCluster(ex cty.Value, clusters map[string]lint.Value) string {
	command, ok := mi.Evaluator.Holes.ToValue(GetAttr(ex, "command")).Str()
	if !ok {
		return ""
	}
	var flags []string
	switch path.Base(strings.ReplaceAll(command, `\`, "/")) {
	case "aws", "aws.exe":
		flags = []string{"--cluster-name"}
	case "aws-iam-authenticator", "aws-iam-authenticator.exe":
		flags = []string{"-i", "--cluster-id"}
	default:
		return ""
	}
	args := BlockList(GetAttr(ex, "args"))
	for i, a := range args {
		s, ok := mi.Evaluator.Holes.ToValue(a).Str()
		if !ok {
			continue
		}
		for _, f := range flags {
			var val lint.Value
			switch {
			case s == f && i+1 < len(args):
				val = mi.Evaluator.Holes.ToValue(args[i+1])
			case strings.HasPrefix(s, f+"=") && strings.HasPrefix(f, "--"):
				val = lint.Known(s[len(f)+1:])
			default:
				continue
			}
			if name, ok := val.Str(); ok {
				return name
			}
			return mi.referencedCluster(val, clusters)
		}
	}
	return ""
}

// referencedCluster is the name of the EKS cluster a value is read from:
// a hole of a cluster the root declares (its endpoint, its name),
// or of a data source of this module instance looking one up
// (aws_eks_cluster, aws_eks_cluster_auth) whose name is known.
func (mi *ModInst) referencedCluster(v lint.Value, clusters map[string]lint.Value) string {
	ref, ok := v.SoleRef()
	if !ok {
		ref, ok = v.SoleOrigin()
	}
	if !ok {
		return ""
	}
	if name, found := clusters[ref.Object]; found {
		s, _ := name.Str()
		return s
	}
	local, ok := strings.CutPrefix(ref.Object, mi.Addr(""))
	if !ok {
		return ""
	}
	trav, diags := hclsyntax.ParseTraversalAbs([]byte(local), "", hcl.InitialPos)
	if diags.HasErrors() || len(trav) < 3 || trav.RootName() != "data" {
		return ""
	}
	typ, ok := trav[1].(hcl.TraverseAttr)
	if !ok || typ.Name != "aws_eks_cluster" && typ.Name != "aws_eks_cluster_auth" {
		return ""
	}
	obj := mi.Eval(&hclsyntax.ScopeTraversalExpr{Traversal: trav}, nil)
	s, _ := mi.Evaluator.Holes.ToValue(GetAttr(obj, "name")).Str()
	return s
}
