package eval

import (
	"errors"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/faultline-dev/faultline/internal/generated"
	"github.com/faultline-dev/faultline/lint"
)

// objectMakers are the resource types that make Kubernetes objects a
// namespace may hold, with how each names that namespace: a
// helm_release's namespace argument, a kubernetes_* resource's
// metadata block.
var objectMakers = map[string]string{
	"helm_release":                  "namespace",
	"kubernetes_service_account":    "metadata",
	"kubernetes_service_account_v1": "metadata",
	"kubernetes_deployment":         "metadata",
	"kubernetes_deployment_v1":      "metadata",
	"kubernetes_stateful_set":       "metadata",
	"kubernetes_stateful_set_v1":    "metadata",
	"kubernetes_daemonset":          "metadata",
	"kubernetes_daemon_set_v1":      "metadata",
	"kubernetes_manifest":           "",
	"kubectl_manifest":              "",
}

// unappliedObjects records a resource of the root module of no instance
// that would make Kubernetes objects (lint.Unapplied), when a variable of
// the root decides that (its count, for_each or enabled reads one: a
// flag another environment's variables turn on); the namespace it
// names, when its argument is a value known without count, each or
// other resources. A module's resource a call turns off is the call's
// choice, not a configuration's.
func (mi *ModInst) unappliedObjects(r *Resource) {
	how, ok := objectMakers[r.Type]
	if !ok || r.Data {
		return
	}
	if mi.Path != "" || !readsVariable(r.count, r.forEach, r.enabled) {
		// Still the chart's release: what it would install is no chart
		// nothing installs.
		if dir := mi.unappliedChart(r); dir != "" {
			mi.Evaluator.Unapplied = append(mi.Evaluator.Unapplied, lint.Unapplied{
				Addr: mi.Evaluator.RootRel + ":" + mi.Label(r.key()), Root: mi.Evaluator.RootRel,
				Range: mi.Evaluator.Session.Rng(r.DefRange), Namespace: lint.Unknown(), ChartDir: dir, ChartOnly: true,
			})
		}
		return
	}
	ns := lint.Unknown()
	var expr hcl.Expression
	switch how {
	case "namespace":
		if a, ok := r.Body.Attrs["namespace"]; ok {
			expr = a.Expr
		} else {
			ns = lint.Known("default") // the helm provider's default
		}
	case "metadata":
		for _, b := range r.Body.Blocks {
			if b.Type != "metadata" {
				continue
			}
			if a, ok := b.Body.Attrs["namespace"]; ok {
				expr = a.Expr
			} else {
				ns = lint.Known("default")
			}
		}
	}
	if expr != nil {
		if named := mi.namespaceResourceName(expr); named != nil {
			expr = named
		}
	}
	if expr != nil && onlyVariables(expr) {
		if v := mi.Eval(expr, nil); v.IsKnown() && !v.IsNull() && v.Type() == cty.String && !hasSentinel(v.AsString()) {
			ns = lint.Known(v.AsString())
		}
	}
	mi.Evaluator.Unapplied = append(mi.Evaluator.Unapplied, lint.Unapplied{
		Addr:      mi.Evaluator.RootRel + ":" + mi.Label(r.key()),
		Root:      mi.Evaluator.RootRel,
		Range:     mi.Evaluator.Session.Rng(r.DefRange),
		Namespace: ns,
		ChartDir:  mi.unappliedChart(r),
	})
}

// namespaceResourceName is, for a namespace argument that reads the name
// of a kubernetes_namespace(_v1) of the same module (its metadata's
// name, or its id, which the kubernetes provider sets to the name), of
// whatever instance, that resource's name expression: the namespace the
// resource makes when the flag that switches both on is on (a resource
// of no instance reads as nothing). Nil for any other expression.
func (mi *ModInst) namespaceResourceName(expr hcl.Expression) hcl.Expression {
	x, ok := Unhooked(expr).(*hclsyntax.ScopeTraversalExpr)
	if !ok || len(x.Traversal) < 3 {
		return nil
	}
	typ := x.Traversal.RootName()
	if typ != "kubernetes_namespace" && typ != "kubernetes_namespace_v1" {
		return nil
	}
	name, ok := AttrName(x.Traversal, 1)
	if !ok {
		return nil
	}
	var path []string
	for _, step := range x.Traversal[2:] {
		switch s := step.(type) {
		case hcl.TraverseAttr:
			path = append(path, s.Name)
		case hcl.TraverseIndex:
			// An instance key, or metadata's only block.
		default:
			return nil
		}
	}
	if !slices.Equal(path, []string{"metadata", "name"}) && !slices.Equal(path, []string{"id"}) {
		return nil
	}
	for _, r := range mi.Module.Resources {
		if r.Data || r.Type != typ || r.Name != name {
			continue
		}
		for _, b := range r.Body.Blocks {
			if a, ok := b.Body.Attrs["name"]; ok && b.Type == "metadata" {
				return a.Expr
			}
		}
	}
	return nil
}

// unappliedChart is, for a helm_release of no instance, the directory (or
// archive) of the tree its chart argument names when that is a local
// path known without an instance ("${path.module}/charts/x"); "" else.
// An argument that reads the instance (try(each.value.chart,
// "${path.module}/charts/x")) names the local path one of its parts
// known without an instance gives, when exactly one does.
func (mi *ModInst) unappliedChart(r *Resource) string {
	a, ok := r.Body.Attrs["chart"]
	if r.Type != "helm_release" || !ok {
		return ""
	}
	if withoutInstance(a.Expr) {
		return mi.localChartOf(a.Expr)
	}
	x, ok := a.Expr.(hclsyntax.Expression)
	if !ok {
		return ""
	}
	var found []string
	hclsyntax.VisitAll(x, func(n hclsyntax.Node) hcl.Diagnostics {
		if t, ok := n.(*hclsyntax.TemplateExpr); ok && withoutInstance(t) {
			if dir := mi.localChartOf(t); dir != "" && !slices.Contains(found, dir) {
				found = append(found, dir)
			}
		}
		return nil
	})
	if len(found) != 1 {
		return ""
	}
	return found[0]
}

// withoutInstance reports whether expr reads nothing but variables,
// locals and paths: values known without an instance.
func withoutInstance(expr hcl.Expression) bool {
	for _, t := range expr.Variables() {
		if n := t.RootName(); n != "var" && n != "local" && n != "path" {
			return false
		}
	}
	return true
}

// localChartOf is the local chart expr names (LocalChart), "" when its
// value is not a known string.
func (mi *ModInst) localChartOf(expr hcl.Expression) string {
	v := mi.Eval(expr, nil)
	if !v.IsKnown() || v.IsNull() || v.Type() != cty.String {
		return ""
	}
	return mi.Evaluator.LocalChart(v.AsString())
}

// LocalChart resolves a chart written as a path, as Terraform's working
// directory (e's root) reads it, to its directory (or .tgz) inside the
// scanned tree; "" for a remote chart.
func (e *Evaluator) LocalChart(chart string) string {
	if chart == "" || lint.HasSentinel(chart) || strings.Contains(chart, "://") {
		return ""
	}
	env := e.PathEnv()
	if !strings.HasPrefix(chart, ".") && !strings.HasPrefix(chart, "/") && !strings.HasSuffix(chart, ".tgz") {
		// "repo/name" or a bare chart name; a directory of that name in the
		// module is still a local chart, as helm would read it.
		if !e.Tree().IsFile(filepath.Join(env.Resolve(chart), "Chart.yaml")) {
			return ""
		}
	}
	p := env.Resolve(chart)
	if _, ok := env.Inside(p); !ok {
		return ""
	}
	if st, err := e.Tree().Stat(p); err != nil || (!st.IsDir() && !(strings.HasSuffix(p, ".tgz") && st.Mode().IsRegular())) {
		return ""
	}
	return p
}

// MissingChartDir is the directory a chart written as a path names, as
// Terraform's working directory (e's root) reads it, when that directory
// lies in the scanned tree and does not exist: helm's LocateChart takes a
// name starting with "." or "/" for a path and fails with "path not
// found" when nothing is there, before the helm provider installs
// anything. "" when the chart is no such path, when it exists, when it
// lies outside the tree, when it is an archive (a packaged chart a CI step
// builds), when a step before apply writes it (a .gitignore ignores it, a
// git submodule holds it), in a Terragrunt unit (Terragrunt runs
// Terraform in a copy of the unit), and when the root is not certainly
// one Terraform runs in: a path relative to the working directory is
// certain only from a root with a backend or a dependency lock file (a
// directory of snippets linked or copied into roots resolves it from
// theirs): certain is false otherwise.
func (e *Evaluator) MissingChartDir(chart string) (dir string, certain bool) {
	if chart == "" || lint.HasSentinel(chart) || len(e.beneath) > 0 || strings.HasSuffix(chart, ".tgz") {
		return "", false
	}
	certain = e.Root.backend != nil || e.Tree().IsFile(filepath.Join(e.Root.Dir, ".terraform.lock.hcl"))
	if !strings.HasPrefix(chart, ".") && !filepath.IsAbs(chart) {
		return "", false
	}
	env := e.PathEnv()
	p, ok := env.Inside(env.Resolve(chart))
	if !ok {
		return "", false
	}
	if _, err := e.Tree().Stat(p); !errors.Is(err, fs.ErrNotExist) {
		return "", false
	}
	if tree := e.Session.Options.Tree; tree != nil {
		if why := generated.ValuesWhy(generated.Tree(tree), generated.Top(tree.Roots(), p), p, e.Session.Rel); why != "" {
			return "", false
		}
	}
	return p, certain
}

// onlyVariables reports whether expr reads nothing but variables and
// locals: values known without an instance.
func onlyVariables(expr hcl.Expression) bool {
	for _, t := range expr.Variables() {
		switch t.RootName() {
		case "var", "local":
		default:
			return false
		}
	}
	return true
}

// readsVariable reports whether one of the expressions reads a variable.
func readsVariable(exprs ...hcl.Expression) bool {
	for _, e := range exprs {
		if e == nil {
			continue
		}
		for _, t := range e.Variables() {
			if t.RootName() == "var" {
				return true
			}
		}
	}
	return false
}
