package fixer

import (
	"bytes"
	"strings"

	"github.com/faultline-dev/faultline/lint"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"
)

// resolveHCL locates a target in an HCL file: the attribute that starts
// where the target's range does, and inside it, through jsonencode and
// literal objects and lists only, the one construct the target names.
// The edit's text is written by hclwrite (quotes, `${` and `%{` escaped),
// and the edited file must still parse.
func resolveHCL(t lint.FixTarget, src []byte) (lint.Edit, bool) {
	f, diags := hclsyntax.ParseConfig(src, t.In.File, hcl.InitialPos)
	if diags.HasErrors() {
		return lint.Edit{}, false
	}
	body, ok := f.Body.(*hclsyntax.Body)
	if !ok {
		return lint.Edit{}, false
	}
	attr := findAttribute(body, t.In)
	if attr == nil {
		return lint.Edit{}, false
	}
	if t.Kind == lint.FixReplaceValue {
		return replaceHCLValue(t, src, attr)
	}
	w := &hclWalker{src: src, target: t}
	if doc := policyDocument(body, attr.Expr); doc != nil {
		if t.Kind != lint.FixReplaceString {
			return lint.Edit{}, false
		}
		w.document(doc)
	} else {
		w.expr(attr.Expr, "", "")
	}
	var e lint.Edit
	switch t.Kind {
	case lint.FixReplaceString:
		if len(w.literals) != 1 {
			return lint.Edit{}, false
		}
		r := w.literals[0]
		e = lint.Edit{Offset: r.Start.Byte, End: r.End.Byte, Text: hclString(t.New)}
	case lint.FixAddAudience:
		if len(w.subs) != 1 {
			return lint.Edit{}, false
		}
		e, ok = w.subs[0].addAudience(src, t.New)
		if !ok {
			return lint.Edit{}, false
		}
	default:
		return lint.Edit{}, false
	}
	if !parsesHCL(splice(src, []lint.Edit{e}), t.In.File) {
		return lint.Edit{}, false
	}
	return e, true
}

// replaceHCLValue rewrites an attribute whose expression is one quoted
// literal equal to t.Old as the quoted t.New; the edit stands only if the
// file still parses.
func replaceHCLValue(t lint.FixTarget, src []byte, attr *hclsyntax.Attribute) (lint.Edit, bool) {
	tmpl, ok := attr.Expr.(*hclsyntax.TemplateExpr)
	if !ok {
		return lint.Edit{}, false
	}
	v, ok := literalTemplate(tmpl)
	w := &hclWalker{src: src}
	if !ok || v != t.Old || !w.quoted(tmpl.SrcRange) {
		return lint.Edit{}, false
	}
	e := lint.Edit{Offset: tmpl.SrcRange.Start.Byte, End: tmpl.SrcRange.End.Byte, Text: hclString(t.New)}
	if !parsesHCL(splice(src, []lint.Edit{e}), t.In.File) {
		return lint.Edit{}, false
	}
	return e, true
}

// hclString is s as an HCL quoted string, escaped by hclwrite: quotes,
// backslashes and control characters, and `${` / `%{` doubled so they stay
// literal text.
func hclString(s string) string {
	return string(hclwrite.TokensForValue(cty.StringVal(s)).Bytes())
}

// parsesHCL reports whether src parses as HCL, natively and for hclwrite.
func parsesHCL(src []byte, file string) bool {
	if _, d := hclsyntax.ParseConfig(src, file, hcl.InitialPos); d.HasErrors() {
		return false
	}
	_, d := hclwrite.ParseConfig(src, file, hcl.InitialPos)
	return !d.HasErrors()
}

// findAttribute finds the attribute, in body or a nested block, that starts
// at in's line and column.
func findAttribute(body *hclsyntax.Body, in lint.Range) *hclsyntax.Attribute {
	for _, a := range body.Attributes {
		if s := a.SrcRange.Start; s.Line == in.Line && s.Column == in.Column {
			return a
		}
	}
	for _, b := range body.Blocks {
		if r := b.Range(); r.Start.Line > in.Line || r.End.Line < in.Line {
			continue
		}
		if a := findAttribute(b.Body, in); a != nil {
			return a
		}
	}
	return nil
}

// hclWalker walks a policy expression through pure data only: jsonencode,
// parentheses, object and tuple constructors, and quoted string literals.
// Anything else (references, conditionals, for expressions, other
// functions) is not descended: a literal inside it may not be what the
// policy holds.
type hclWalker struct {
	src    []byte
	target lint.FixTarget
	// literals are the quoted literals equal to target.Old written as the
	// value of a target.Claim key.
	literals []hcl.Range
	// subs are the ":sub" items of every object.
	subs []subItem
}

// subItem is a `"<issuer>:sub" = …` item and the object it is written in.
type subItem struct {
	key, value hcl.Range
	// parent is the literal key of the item holding the object
	// ("StringEquals"); hasAud is set when the object has an :aud item.
	parent string
	hasAud bool
}

func (w *hclWalker) expr(e hclsyntax.Expression, claim, parent string) {
	switch x := e.(type) {
	case *hclsyntax.FunctionCallExpr:
		if x.Name == "jsonencode" && len(x.Args) == 1 && !x.ExpandFinal {
			w.expr(x.Args[0], "", "")
		}
	case *hclsyntax.ParenthesesExpr:
		w.expr(x.Expression, claim, parent)
	case *hclsyntax.TupleConsExpr:
		for _, el := range x.Exprs {
			w.expr(el, claim, parent)
		}
	case *hclsyntax.ObjectConsExpr:
		w.object(x, parent)
	case *hclsyntax.TemplateExpr:
		if s, ok := literalTemplate(x); ok && claim != "" && claim == w.target.Claim && s == w.target.Old && w.quoted(x.SrcRange) {
			w.literals = append(w.literals, x.SrcRange)
		}
	}
}

func (w *hclWalker) object(x *hclsyntax.ObjectConsExpr, parent string) {
	var subs []subItem
	hasAud := false
	for _, it := range x.Items {
		name, suffix := keyText(it.KeyExpr)
		claim := ""
		if i := strings.LastIndexByte(suffix, ':'); i >= 0 {
			claim = suffix[i+1:]
		}
		switch claim {
		case "sub":
			subs = append(subs, subItem{key: it.KeyExpr.Range(), value: it.ValueExpr.Range(), parent: parent})
		case "aud":
			hasAud = true
		}
		w.expr(it.ValueExpr, claim, name)
	}
	for i := range subs {
		subs[i].hasAud = hasAud
	}
	w.subs = append(w.subs, subs...)
}

// quoted reports whether r is written as a one-line quoted string.
func (w *hclWalker) quoted(r hcl.Range) bool {
	s := w.src[r.Start.Byte:r.End.Byte]
	return len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' && !bytes.ContainsAny(s, "\r\n")
}

// literalTemplate is the value of a template made of one literal string.
func literalTemplate(t *hclsyntax.TemplateExpr) (string, bool) {
	if len(t.Parts) != 1 {
		return "", false
	}
	lit, ok := t.Parts[0].(*hclsyntax.LiteralValueExpr)
	if !ok || lit.Val.Type() != cty.String || !lit.Val.IsKnown() || lit.Val.IsNull() {
		return "", false
	}
	return lit.Val.AsString(), true
}

// keyText reads an object key: its name when wholly literal (a bare word
// or a literal string), and the literal text it ends with.
func keyText(k hclsyntax.Expression) (name, suffix string) {
	if ck, ok := k.(*hclsyntax.ObjectConsKeyExpr); ok {
		if ck.ForceNonLiteral {
			return "", ""
		}
		k = ck.Wrapped
	}
	switch x := k.(type) {
	case *hclsyntax.ScopeTraversalExpr:
		if len(x.Traversal) == 1 {
			n := x.Traversal.RootName()
			return n, n
		}
	case *hclsyntax.TemplateExpr:
		if s, ok := literalTemplate(x); ok {
			return s, s
		}
		if len(x.Parts) > 0 {
			if lit, ok := x.Parts[len(x.Parts)-1].(*hclsyntax.LiteralValueExpr); ok && lit.Val.Type() == cty.String && lit.Val.IsKnown() && !lit.Val.IsNull() {
				return "", lit.Val.AsString()
			}
		}
	}
	return "", ""
}

// addAudience is the insertion of `"<issuer>:aud" = "<aud>"` beside the
// :sub item, the issuer part copied from the key as written: on a line of
// its own, indented as the :sub item, when the item ends its line; after
// it with a comma otherwise. It refuses anything but a StringEquals
// object without an :aud item, a quoted key ending in `:sub"` and a value
// on the key's line.
func (s subItem) addAudience(src []byte, aud string) (lint.Edit, bool) {
	if s.parent != "StringEquals" || s.hasAud || s.key.Start.Line != s.value.End.Line {
		return lint.Edit{}, false
	}
	key := string(src[s.key.Start.Byte:s.key.End.Byte])
	if !strings.HasPrefix(key, `"`) || !strings.HasSuffix(key, `:sub"`) {
		return lint.Edit{}, false
	}
	audKey := strings.TrimSuffix(key, `:sub"`) + `:aud"`
	sep := string(src[s.key.End.Byte:s.value.Start.Byte])
	item := audKey + sep + hclString(aud)
	lineStart := bytes.LastIndexByte(src[:s.key.Start.Byte], '\n') + 1
	indent := string(src[lineStart:s.key.Start.Byte])
	nl := bytes.IndexByte(src[s.value.End.Byte:], '\n')
	if nl < 0 {
		return lint.Edit{}, false
	}
	lineEnd := s.value.End.Byte + nl
	rest := strings.TrimSpace(strings.TrimSuffix(string(src[s.value.End.Byte:lineEnd]), "\r"))
	comma := strings.HasPrefix(rest, ",")
	after := strings.TrimSpace(strings.TrimPrefix(rest, ","))
	ownLine := strings.TrimLeft(indent, " \t") == "" && (after == "" || strings.HasPrefix(after, "#") || strings.HasPrefix(after, "//"))
	if !ownLine {
		at := s.value.End.Byte
		return lint.Edit{Offset: at, End: at, Text: ", " + item}, true
	}
	eol := "\n"
	if lineEnd > 0 && src[lineEnd-1] == '\r' {
		eol = "\r\n"
	}
	if comma {
		item += ","
	}
	at := lineEnd + 1
	return lint.Edit{Offset: at, End: at, Text: indent + item + eol}, true
}

// policyDocument is the data "aws_iam_policy_document" block of the same
// file that expr, `data.aws_iam_policy_document.<name>.json`, reads; nil
// for any other expression.
func policyDocument(body *hclsyntax.Body, expr hclsyntax.Expression) *hclsyntax.Block {
	st, ok := expr.(*hclsyntax.ScopeTraversalExpr)
	if !ok || len(st.Traversal) != 4 || st.Traversal.RootName() != "data" {
		return nil
	}
	var names [3]string
	for i, step := range st.Traversal[1:] {
		a, ok := step.(hcl.TraverseAttr)
		if !ok {
			return nil
		}
		names[i] = a.Name
	}
	if names[0] != "aws_iam_policy_document" || names[2] != "json" {
		return nil
	}
	for _, b := range body.Blocks {
		if b.Type == "data" && len(b.Labels) == 2 && b.Labels[0] == names[0] && b.Labels[1] == names[1] {
			return b
		}
	}
	return nil
}

// document collects the literals of a policy document's condition blocks
// (statement { condition { variable = "…:<claim>", values = [...] } })
// equal to the target's old value under the target's claim.
func (w *hclWalker) document(doc *hclsyntax.Block) {
	for _, st := range doc.Body.Blocks {
		if st.Type != "statement" {
			continue
		}
		for _, c := range st.Body.Blocks {
			if c.Type != "condition" {
				continue
			}
			v, ok1 := c.Body.Attributes["variable"]
			vals, ok2 := c.Body.Attributes["values"]
			if !ok1 || !ok2 {
				continue
			}
			_, suffix := keyText(v.Expr)
			claim := ""
			if i := strings.LastIndexByte(suffix, ':'); i >= 0 {
				claim = suffix[i+1:]
			}
			if tup, ok := vals.Expr.(*hclsyntax.TupleConsExpr); ok {
				w.expr(tup, claim, "")
			}
		}
	}
}
