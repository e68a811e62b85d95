package eval

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	"github.com/zclconf/go-cty/cty/function"
)

// TemplateSegment is the text one top-level part of a template renders
// to, and where the part is written in the template: a literal's text as
// written, or what an interpolation or a directive (%{ for }, %{ if })
// wrote.
type TemplateSegment struct {
	Text    string
	Range   hcl.Range
	Literal bool
}

// TemplateSegments renders the template a templatefile(path, vars) call
// fc reads part by part, as TemplateFile renders it whole: the segments'
// texts put together are what the call returns. It reports false when
// the call is anything else, or the template does not render known text
// part by part (an unknown path or vars, a part not known statically).
// extra holds the resource instance's each and count, which path and
// vars may read (nil outside a resource).
func (mi *ModInst) TemplateSegments(fc *hclsyntax.FunctionCallExpr, extra map[string]cty.Value) ([]TemplateSegment, string, bool) {
	env := mi.Evaluator.fenv
	if env == nil || fc.Name != "templatefile" || len(fc.Args) != 2 {
		return nil, "", false
	}
	p := mi.Eval(fc.Args[0], extra)
	if !p.IsKnown() || p.IsNull() || p.Type() != cty.String || hasSentinel(p.AsString()) {
		return nil, "", false
	}
	vars := mi.Eval(fc.Args[1], extra)
	src, err := env.readFile(p.AsString())
	if err != nil || plainText(src) {
		// Plain text renders line for line as itself: nothing to place.
		return nil, "", false
	}
	inner := make(map[string]function.Function, len(mi.Evaluator.funcs))
	for k, f := range mi.Evaluator.funcs {
		if k != "templatefile" {
			inner[k] = f
		}
	}
	var segs []TemplateSegment
	v, err := env.renderTemplate(src, p.AsString(), vars, inner, &segs)
	if err != nil || !v.IsKnown() || v.IsNull() || len(segs) == 0 {
		return nil, "", false
	}
	return segs, src, true
}

// InlineTemplateSegments renders template t, written in the module's own
// code (a heredoc with %{ for } or %{ if } directives), part by part as
// TemplateSegments renders a template file, with the source of the file
// it is written in; false when a part is not known statically. extra
// holds the resource instance's each and count.
func (mi *ModInst) InlineTemplateSegments(t *hclsyntax.TemplateExpr, extra map[string]cty.Value) ([]TemplateSegment, string, bool) {
	src := mi.Module.Source(t.Range().Filename)
	if src == nil {
		return nil, "", false
	}
	ctx := mi.contextFor(mi.Module.facts(t), extra)
	var segs []TemplateSegment
	v, err := renderParts(t, ctx, &segs)
	if err != nil || !v.IsKnown() || v.IsNull() || len(segs) == 0 {
		return nil, "", false
	}
	return segs, string(src), true
}

// renderParts evaluates each part of t as t.Value does (a null part is
// an error, every part converted to a string), appending each part's text
// to segs; the value is the whole text, unknown when a part is not known.
func renderParts(t *hclsyntax.TemplateExpr, ctx *hcl.EvalContext, segs *[]TemplateSegment) (cty.Value, error) {
	var b strings.Builder
	for _, part := range t.Parts {
		if branch := chosenBranch(part, ctx); branch != nil {
			// An %{ if } directive: its chosen branch, part by part, so
			// literal text in it is placed where it is written.
			v, err := renderParts(branch, ctx, segs)
			if err != nil || !v.IsKnown() {
				return cty.DynamicVal, err
			}
			b.WriteString(v.AsString())
			continue
		}
		v, diags := part.Value(ctx)
		if diags.HasErrors() {
			return cty.DynamicVal, diags
		}
		if v.IsNull() || !v.IsWhollyKnown() {
			return cty.DynamicVal, nil
		}
		v, _ = v.UnmarkDeep()
		sv, err := convert.Convert(v, cty.String)
		if err != nil || !sv.IsKnown() {
			return cty.DynamicVal, nil
		}
		_, literal := part.(*hclsyntax.LiteralValueExpr)
		*segs = append(*segs, TemplateSegment{Text: sv.AsString(), Range: part.Range(), Literal: literal})
		b.WriteString(sv.AsString())
	}
	return cty.StringVal(b.String()), nil
}

// chosenBranch is the branch an %{ if } directive (a conditional whose
// results are templates) renders, when its condition is a known bool;
// nil for any other part.
func chosenBranch(part hclsyntax.Expression, ctx *hcl.EvalContext) *hclsyntax.TemplateExpr {
	c, ok := Unhooked(part).(*hclsyntax.ConditionalExpr)
	if !ok {
		return nil
	}
	t, tok := Unhooked(c.TrueResult).(*hclsyntax.TemplateExpr)
	f, fok := Unhooked(c.FalseResult).(*hclsyntax.TemplateExpr)
	if !tok || !fok {
		return nil
	}
	cond, diags := c.Condition.Value(ctx)
	if diags.HasErrors() || !cond.IsKnown() || cond.IsNull() {
		return nil
	}
	cond, _ = cond.UnmarkDeep()
	cond, err := convert.Convert(cond, cty.Bool)
	if err != nil || !cond.IsKnown() || cond.IsNull() {
		return nil
	}
	if cond.True() {
		return t
	}
	return f
}
