package extract

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/faultline-dev/faultline/internal/awsauth"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval"
)

// awsAuth reads the mapRoles entries of an aws-auth ConfigMap managed by a
// kubernetes_config_map(_v1)(_v1_data) resource. An unreadable mapRoles
// text is FL000 at its line.
func (x *extraction) awsAuth(cm *lint.KubeObject) []lint.Entity {
	if !cm.IsAWSAuth() {
		return nil
	}
	text := eval.GetAttr(eval.GetAttr(x.v, "data"), awsauth.Key)
	unknown := func() []lint.Entity {
		rng := cm.Range
		if a := x.attr(nil, "data"); a != nil {
			rng = x.e.Session.Rng(a.Range)
		}
		x.e.Notes = append(x.e.Notes, lint.Note{Kind: lint.Unresolved, What: "mapRoles of " + cm.Label + " is not known before apply: its node mappings are not checked", Range: rng})
		return nil
	}
	if text == cty.NilVal {
		if d := eval.GetAttr(x.v, "data"); d != cty.NilVal && !d.IsWhollyKnown() {
			return unknown()
		}
		return nil
	}
	if !text.IsKnown() {
		return unknown()
	}
	if text.IsNull() {
		return nil
	}
	text, _ = text.Unmark()
	if text.Type() != cty.String {
		return nil
	}
	s := text.AsString()
	if lint.HasSentinel(s) && strings.TrimSpace(lint.LiteralPrefix(s)) == "" {
		return unknown() // the whole text is a reference
	}
	dataAttr := x.attr(nil, "data")
	if dataAttr == nil {
		return nil
	}
	expr := eval.ObjectItem(dataAttr.Expr, awsauth.Key)
	whole := x.e.Session.Rng(dataAttr.Range)
	if expr != nil {
		whole = x.e.Session.Rng(expr.Range())
	} else {
		expr = dataAttr.Expr
	}
	roles, err := awsauth.Parse(s)
	if err != nil && awsauth.FailsAtHole(s, err) {
		// A value known only at apply stands where YAML fails (a
		// template's %{if} … %{endif} over a variable): what it holds
		// may be the YAML that is missing.
		return unknown()
	}
	if err != nil {
		x.e.VarDiags = append(x.e.VarDiags, lint.Diagnostic{
			Range:   whole,
			Summary: "invalid aws-auth mapRoles",
			Detail:  "mapRoles of " + cm.Label + " cannot be read (" + err.Error() + "); its node mappings are not checked.",
		})
		return nil
	}
	elems := elementRanges(expr)
	posMap := x.positionMap(expr, whole, []byte(s))
	cluster := lint.Unknown()
	if cm.Scope.Cluster != "" {
		cluster = lint.Known(cm.Scope.Cluster)
	}
	var out []lint.Entity
	for i, r := range roles {
		rng := whole
		switch {
		case len(elems) == len(roles):
			rng = x.e.Session.Rng(elems[i])
		default:
			rng = posMap.Map(lint.Range{Line: r.Line, Column: r.Column, EndLine: r.Line, EndColumn: r.Column}, "")
		}
		out = append(out, lint.NewAWSAuthMapping(cm.Object, x.e.Holes.Decode(r.RoleARN), r.Groups, rng, cluster))
	}
	return out
}

// elementRanges returns where the elements of a list written as a literal
// are (also inside yamlencode / jsonencode), or nil.
func elementRanges(expr hcl.Expression) []hcl.Range {
	if fc, ok := expr.(*hclsyntax.FunctionCallExpr); ok && (fc.Name == "yamlencode" || fc.Name == "jsonencode") && len(fc.Args) == 1 {
		expr = fc.Args[0]
	}
	tc, ok := expr.(*hclsyntax.TupleConsExpr)
	if !ok {
		return nil
	}
	out := make([]hcl.Range, len(tc.Exprs))
	for i, e := range tc.Exprs {
		out[i] = e.Range()
	}
	return out
}
