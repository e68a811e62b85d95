package extract

import (
	"fmt"
	"net/url"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
)

// Registry modules without their code in the tree or the module cache are
// evaluated from built-in stand-ins (models.go); the terraform-aws-modules
// eks root is one. Two of its submodules are still read here, from the
// call's inputs, when no stand-in of theirs answers the call:
//
//   - terraform-aws-modules/eks/aws//modules/aws-auth: aws_auth_roles;
//   - terraform-aws-modules/eks/aws//modules/karpenter (v20+): the access
//     entry it creates for the Karpenter node role.

var leadingMajor = regexp.MustCompile(`(\d+)(?:\.\d+)*`)

// majorVersion is the major version a constraint ("~> 20.0", "20.8.4",
// ">= 19.0, < 20.0") starts from, or 0 when the constraint says none; a
// git ref (?ref=v20.8.4) counts too.
func majorVersion(c *eval.Call) int {
	text := c.Version
	if text == "" {
		if _, ref, ok := modsource.ModelKey(c.Source); ok {
			text, _ = strings.CutPrefix(ref, "v")
		}
	}
	m := leadingMajor.FindStringSubmatch(text)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// RegistryCall adds the entities of one instance of a known registry
// module call answered without its code.
func (Extractor) RegistryCall(mi *eval.ModInst, c *eval.Call, in eval.Instance, path string) {
	rc := &registryCall{mi: mi, c: c, in: in, path: path}
	rc.scope = mi.Evaluator.Scope.Merge(mi.ChildProviders(c, in.Extra)["aws"].Scope)
	rc.chartsNamed()
	name, sub := modsource.RegistryModule(c.Source)
	if name != modsource.EKSModule {
		return
	}
	switch sub {
	case "modules/aws-auth":
		if rc.boolInput("manage_aws_auth_configmap", true) || rc.boolInput("create_aws_auth_configmap", false) {
			resource := "kubernetes_config_map_v1_data.aws_auth[0]"
			if rc.boolInput("create_aws_auth_configmap", false) {
				resource = "kubernetes_config_map.aws_auth[0]"
			}
			rc.awsAuthRoles(resource, lint.Unknown())
		}
	case "modules/karpenter":
		if major := majorVersion(c); (major == 0 || major >= 20) && rc.boolInput("create", true) && rc.boolInput("create_access_entry", true) {
			rc.karpenterAccessEntry()
		}
	}
}

// chartsNamed models what a call of a module whose code is not read
// installs when an argument names a chart directory of the tree
// (cloudposse/helm-release passes chart = "${path.module}/charts/x" to a
// helm_release inside): a release of that chart, inferred, whose name,
// namespace and values are unknown. The chart is then not one nothing
// installs, rendered with its defaults alone.
func (rc *registryCall) chartsNamed() {
	names := make([]string, 0, len(rc.c.Attrs))
	for n := range rc.c.Attrs {
		names = append(names, n)
	}
	sort.Strings(names)
	type arg struct {
		leaves []stringLeaf
		a      *hcl.Attribute
	}
	args := make([]arg, 0, len(names))
	repos := map[string]string{} // an object's path ("" for the call) → its repository
	for _, n := range names {
		in, a := rc.input(n)
		leaves := stringLeaves(in, n, 3)
		for _, leaf := range leaves {
			if parent, ok := strings.CutSuffix(leaf.path, "repository"); ok {
				repos[parent] = leaf.v.AsString()
			}
		}
		args = append(args, arg{leaves, a})
	}
	for _, ar := range args {
		a := ar.a
		for _, leaf := range ar.leaves {
			rc.chartNamed(leaf.path, leaf.v, a)
			// The helm provider joins a repository that is no URL (a
			// local directory) with the chart's name (resolveChartName):
			// repository = "../charts", chart = "worker".
			parent, ok := strings.CutSuffix(leaf.path, "chart")
			repo, has := repos[parent]
			if !ok || !has || repo == "" || strings.Contains(leaf.v.AsString(), "/") {
				continue
			}
			if _, err := url.ParseRequestURI(repo); err == nil {
				continue
			}
			rc.chartNamed(leaf.path, cty.StringVal(repo+"/"+leaf.v.AsString()), a)
		}
	}
}

// stringLeaf is a known string inside a module argument, at its path
// ("helm_config.chart").
type stringLeaf struct {
	path string
	v    cty.Value
}

// stringLeaves are the known strings of v, an argument's value: itself,
// or those in its object or map attributes down to depth levels (the
// aws-ia helm-addon module takes the chart as helm_config.chart), in key
// order.
func stringLeaves(v cty.Value, path string, depth int) []stringLeaf {
	if v == cty.NilVal || !v.IsKnown() || v.IsNull() {
		return nil
	}
	v, _ = v.Unmark()
	ty := v.Type()
	switch {
	case ty == cty.String:
		return []stringLeaf{{path, v}}
	case depth == 0 || !(ty.IsObjectType() || ty.IsMapType()):
		return nil
	}
	var out []stringLeaf
	for it := v.ElementIterator(); it.Next(); {
		k, x := it.Element()
		out = append(out, stringLeaves(x, path+"."+k.AsString(), depth-1)...)
	}
	return out
}

// chartNamed models the release of the chart the argument at path n
// names, when v (its value) is the path of a chart in the tree.
func (rc *registryCall) chartNamed(n string, v cty.Value, a *hcl.Attribute) {
	dir := localChart(rc.mi.Evaluator, v.AsString())
	if dir == "" || !isChart(rc.mi.Evaluator, dir) {
		return // not a chart: a directory of rule files, a module path
	}
	obj := rc.object(lint.KindRelease, "helm_release", a.Range)
	obj.Label = rc.path + " (" + rc.c.Source + ")"
	obj.Addr += "#" + n
	holes := rc.mi.Evaluator.Holes
	obj.Name = holes.ToValue(cty.StringVal(holes.Sentinel(lint.HoleRef{Object: obj.Addr, Path: "name"})))
	obj.Inferred = []string{fmt.Sprintf("%s is taken to install chart %s, which its argument %s names (its code is not read)", rc.path, v.AsString(), n)}
	r := &lint.Release{Object: obj, Tool: "terraform", Chart: v.AsString(), ChartDir: dir, Values: map[string]any{}, ValueRanges: map[string]lint.Range{}, Generated: true}
	r.Namespace = holes.ToValue(cty.StringVal(holes.Sentinel(lint.HoleRef{Object: obj.Addr, Path: "namespace"})))
	r.ValuesUnknown = "the values " + rc.path + " passes to the chart (its code is not read)"
	rc.mi.Evaluator.Add(r)
}

// isChart reports whether dir (a localChart) is a chart: a .tgz, or a
// directory holding Chart.yaml.
func isChart(e *eval.Evaluator, dir string) bool {
	return strings.HasSuffix(dir, ".tgz") || e.Tree().IsFile(filepath.Join(dir, "Chart.yaml"))
}

// karpenterAccessEntry models aws_eks_access_entry.node[0] of the karpenter
// submodule: for node_iam_role_arn when the module does not create the
// node role, else for the role it creates (known only after apply).
func (rc *registryCall) karpenterAccessEntry() {
	cluster := lint.Unknown()
	if v, a := rc.input("cluster_name"); a != nil {
		cluster = rc.mi.Evaluator.Holes.ToValue(v)
	}
	local := "aws_eks_access_entry.node[0]"
	rng := rc.c.DefRange
	var principal lint.Value
	if rc.boolInput("create_node_iam_role", true) {
		principal = lint.Hole(lint.HoleRef{Object: rc.mi.Evaluator.RootRel + ":" + rc.path + ".aws_iam_role.node[0]", Path: "arn"})
	} else {
		v, a := rc.input("node_iam_role_arn")
		if a == nil {
			return
		}
		principal, rng = rc.mi.Evaluator.Holes.ToValue(v), a.Range
	}
	typ := "EC2_LINUX"
	if v, a := rc.input("access_entry_type"); a != nil {
		if s, ok := rc.mi.Evaluator.Holes.ToValue(v).Str(); ok && s != "" {
			typ = s
		}
	}
	obj := rc.object(lint.KindAccessEntry, local, rng)
	obj.Name = principal
	rc.mi.Evaluator.Add(&lint.AccessEntry{Object: obj, Cluster: cluster, Principal: lint.Ref{Value: principal, Range: obj.Range}, Type: typ})
}

type registryCall struct {
	mi    *eval.ModInst
	c     *eval.Call
	in    eval.Instance
	path  string // module.eks or module.x.module.eks["k"]
	scope lint.Scope
}

// input evaluates an argument of the call in the caller's context; NilVal
// when it is not set.
func (rc *registryCall) input(name string) (cty.Value, *hcl.Attribute) {
	a, ok := rc.c.Attrs[name]
	if !ok {
		return cty.NilVal, nil
	}
	return rc.mi.Eval(a.Expr, rc.in.Extra), a
}

// boolInput reads a bool argument: def when it is not set, true when it
// is set but unknown (the module may well manage it).
func (rc *registryCall) boolInput(name string, def bool) bool {
	v, a := rc.input(name)
	if a == nil || v.IsNull() {
		return def
	}
	if !v.IsKnown() || v.Type() != cty.Bool {
		return true
	}
	v, _ = v.Unmark()
	return v.True()
}

// object is the header of an entity the module creates at address local
// inside it, anchored at rng in the calling file.
func (rc *registryCall) object(kind lint.Kind, local string, rng hcl.Range) lint.Object {
	r := rc.mi.Evaluator.Session.Rng(rng)
	return lint.Object{
		Kind:      kind,
		Addr:      rc.mi.Evaluator.RootRel + ":" + rc.path + "." + local,
		Root:      rc.mi.Evaluator.RootRel,
		Label:     rc.path + "." + local,
		Range:     r,
		NameRange: r,
		Source:    lint.SourceTerraform,
		Scope:     rc.scope,
	}
}

// awsAuthRoles models the aws_auth_roles input: the aws-auth ConfigMap the
// module manages (resource inside it) and one mapping per entry.
func (rc *registryCall) awsAuthRoles(resource string, cluster lint.Value) {
	v, a := rc.input("aws_auth_roles")
	if a == nil {
		return
	}
	cmObj := rc.object(lint.KindObject, resource, a.Range)
	cmObj.Name = lint.Known("aws-auth")
	cm := &lint.KubeObject{Object: cmObj, APIVersion: "v1", KindName: "ConfigMap", Namespace: lint.Known("kube-system")}
	rc.mi.Evaluator.Add(cm)
	if v == cty.NilVal || !v.IsKnown() || v.IsNull() || !v.CanIterateElements() {
		return
	}
	v, _ = v.Unmark()
	elems := elementRanges(a.Expr)
	n := v.LengthInt()
	i := 0
	for it := v.ElementIterator(); it.Next(); i++ {
		_, e := it.Element()
		arn := rc.mi.Evaluator.Holes.ToValue(eval.GetAttr(e, "rolearn"))
		if arn.IsUnknown() {
			continue
		}
		var groups []string
		for _, g := range eval.BlockList(eval.GetAttr(e, "groups")) {
			if s, ok := rc.mi.Evaluator.Holes.ToValue(g).Str(); ok {
				groups = append(groups, s)
			}
		}
		rng := rc.mi.Evaluator.Session.Rng(a.Range)
		if len(elems) == n {
			rng = rc.mi.Evaluator.Session.Rng(elems[i])
		}
		rc.mi.Evaluator.Add(lint.NewAWSAuthMapping(cmObj, arn, groups, rng, cluster))
	}
}
