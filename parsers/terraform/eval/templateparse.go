package eval

import (
	"strings"
	"sync"

	"github.com/faultline-dev/faultline/internal/nesting"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// A template is parsed once per process for a given name and source: a
// templatefile() call is evaluated again wherever its expression is (a
// module call's arguments for its inputs, for the positions of the values
// written inside them, for each version a constraint allows), and every
// root calling a module renders its templates. The parsed template is
// hooked (hookTree) and then only read, like a module's syntax, which
// roots evaluating at once share.

// plainText reports whether template source src holds nothing but
// literal text: no ${ or %{ (an escaped $${ or %%{ holds one too).
func plainText(src string) bool {
	return !strings.Contains(src, "${") && !strings.Contains(src, "%{")
}

// maxParsedTemplateBytes bounds the source kept by the memo; past it a
// template is parsed each time, as before.
const maxParsedTemplateBytes = 2 << 20

type templateKey struct{ name, src string }

var parsedTemplates struct {
	mu    sync.Mutex
	exprs map[templateKey]hclsyntax.Expression
	bytes int
}

// parseTemplate is src parsed as a template named name and hooked, or
// what nesting.HCLTemplate refuses in it (too deep), or the parse's
// errors. A template that parses cleanly is kept.
func parseTemplate(src, name string) (hclsyntax.Expression, *nesting.Exceeded, hcl.Diagnostics) {
	if plainText(src) {
		// Text with no interpolation, directive or escape of one renders
		// as itself. hcl joins a template's literal text a line at a
		// time (meldConsecutiveStringLiterals copies the text so far for
		// each line), which made a 400 KB install manifest read through
		// kubectl_path_documents cost over a gigabyte of allocation.
		return &hclsyntax.LiteralValueExpr{Val: cty.StringVal(src), SrcRange: hcl.Range{Filename: name, Start: hcl.InitialPos, End: hcl.InitialPos}}, nil, nil
	}
	key := templateKey{name, src}
	p := &parsedTemplates
	p.mu.Lock()
	expr, ok := p.exprs[key]
	p.mu.Unlock()
	if ok {
		return expr, nil, nil
	}
	if x := nesting.HCLTemplate([]byte(src)); x != nil {
		return nil, x, nil
	}
	expr, diags := hclsyntax.ParseTemplate([]byte(src), name, hcl.InitialPos)
	if diags.HasErrors() {
		return nil, nil, diags
	}
	hookTree(expr)
	p.mu.Lock()
	defer p.mu.Unlock()
	if kept, ok := p.exprs[key]; ok {
		return kept, nil, nil
	}
	if p.bytes+len(name)+len(src) <= maxParsedTemplateBytes {
		if p.exprs == nil {
			p.exprs = map[templateKey]hclsyntax.Expression{}
		}
		p.exprs[key] = expr
		p.bytes += len(name) + len(src)
	}
	return expr, nil, nil
}
