package eval

import (
	"bytes"
	"encoding/json"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// The templates inside JSON-syntax configuration are parsed by hcl's json
// package each time they are evaluated, out of reach of the hooks. A JSON
// expression that may hold a for expression is evaluated here instead, as
// the json package does, with its templates parsed and hooked.

// jsonValue evaluates a JSON-syntax expression that may hold a for
// expression; ok is false when the expression is left to hcl.
func (mi *ModInst) jsonValue(expr hcl.Expression, ctx *hcl.EvalContext) (v cty.Value, diags hcl.Diagnostics, ok bool) {
	if _, native := expr.(hclsyntax.Expression); native {
		return cty.NilVal, nil, false
	}
	r := expr.Range()
	src, found := mi.Module.src[r.Filename]
	if !found || r.Start.Byte < 0 || r.End.Byte > len(src) || r.Start.Byte >= r.End.Byte {
		return cty.NilVal, nil, false
	}
	raw := src[r.Start.Byte:r.End.Byte]
	if !bytes.Contains(raw, []byte("for")) {
		return cty.NilVal, nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var tree any
	if err := dec.Decode(&tree); err != nil {
		return cty.NilVal, nil, false
	}
	v, diags = jsonEval(tree, r, ctx)
	return v, diags, true
}

// jsonEval evaluates a decoded JSON value: strings (and object keys) are
// templates.
func jsonEval(x any, r hcl.Range, ctx *hcl.EvalContext) (cty.Value, hcl.Diagnostics) {
	switch t := x.(type) {
	case nil:
		return cty.NullVal(cty.DynamicPseudoType), nil
	case bool:
		return cty.BoolVal(t), nil
	case json.Number:
		n, err := cty.ParseNumberVal(string(t))
		if err != nil {
			return cty.DynamicVal, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "Invalid number", Detail: err.Error(), Subject: r.Ptr()}}
		}
		return n, nil
	case string:
		return jsonTemplate(t, r, ctx)
	case []any:
		var diags hcl.Diagnostics
		vals := make([]cty.Value, 0, len(t))
		for _, e := range t {
			v, d := jsonEval(e, r, ctx)
			vals = append(vals, v)
			diags = append(diags, d...)
		}
		return cty.TupleVal(vals), diags
	case map[string]any:
		return jsonObject(t, r, ctx)
	}
	return cty.DynamicVal, nil
}

// jsonObject evaluates an object whose keys are templates too.
func jsonObject(t map[string]any, r hcl.Range, ctx *hcl.EvalContext) (cty.Value, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	attrs := map[string]cty.Value{}
	known := true
	for k, e := range t {
		name, d := jsonTemplate(k, r, ctx)
		diags = append(diags, d...)
		v, d := jsonEval(e, r, ctx)
		diags = append(diags, d...)
		name, err := convert.Convert(name, cty.String)
		switch {
		case err != nil || name.IsNull():
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Invalid object key expression", Subject: r.Ptr()})
		case !name.IsKnown():
			known = false
		default:
			attrs[name.AsString()] = v
		}
	}
	if !known {
		return cty.DynamicVal, diags
	}
	return cty.ObjectVal(attrs), diags
}

// jsonTemplate parses and evaluates one JSON string as a template, hooked.
func jsonTemplate(s string, r hcl.Range, ctx *hcl.EvalContext) (cty.Value, hcl.Diagnostics) {
	expr, diags := hclsyntax.ParseTemplate([]byte(s), r.Filename, r.Start)
	if diags.HasErrors() {
		return cty.DynamicVal, diags
	}
	hookTree(expr)
	return expr.Value(ctx)
}
