package extract

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/parsers/terraform/eval"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
)

// provisionedManifests reads the templates a resource's local-exec
// provisioner renders into its command with templatefile() whose text is
// Kubernetes objects (an EC2NodeClass echoed into kubectl apply): applied
// if the command applies them, which faultline does not read, so what is
// read of them is inferred. A provisioner run at destroy (when = destroy)
// applies nothing. The template file is read as rendered only.
func (x *extraction) provisionedManifests(local string) {
	for _, cmd := range x.r.Commands {
		for _, call := range templatefileCalls(cmd) {
			v := x.mi.Eval(call, x.extra)
			if !v.IsKnown() || v.IsNull() || v.Type() != cty.String {
				continue
			}
			content := []byte(v.AsString())
			if !holdsObject(content) {
				continue
			}
			if f := x.mi.TemplatePathIn(call, x.extra, "templatefile"); f != "" {
				x.e.Templates = append(x.e.Templates, f) // read as rendered only
			}
			whole := x.e.Session.Rng(call.Range())
			em := kept.Embedded{Addr: x.mi.Addr(local), Root: x.mi.Evaluator.RootRel, File: whole.File, Content: content}
			em.SetMap(x.positionMap(call, whole, content))
			em.Inferred = append(slices.Clone(em.Inferred), fmt.Sprintf("rendered into the command of %s's local-exec provisioner: applied if the command applies it", x.mi.Label(local)))
			x.e.Embedded = append(x.e.Embedded, em)
		}
	}
}

// templatefileCalls are the templatefile() calls in expr, outermost first.
func templatefileCalls(expr hcl.Expression) []hcl.Expression {
	var out []hcl.Expression
	e, ok := eval.Unhooked(expr).(hclsyntax.Expression)
	if !ok {
		return nil
	}
	_ = hclsyntax.VisitAll(e, func(n hclsyntax.Node) hcl.Diagnostics {
		if fc, ok := n.(*hclsyntax.FunctionCallExpr); ok && fc.Name == "templatefile" && len(fc.Args) == 2 {
			out = append(out, fc)
		}
		return nil
	})
	return out
}

// holdsObject reports whether YAML text holds a Kubernetes object: a
// document that is a mapping with apiVersion and kind.
func holdsObject(content []byte) bool {
	dec := yaml.NewDecoder(bytes.NewReader(content))
	for range 64 {
		var doc map[string]any
		if err := dec.Decode(&doc); err != nil {
			return false
		}
		if _, ok := doc["apiVersion"]; ok {
			if _, ok := doc["kind"]; ok {
				return true
			}
		}
	}
	return false
}
