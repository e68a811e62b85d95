package eval

import (
	"slices"

	"github.com/faultline-dev/faultline/lint"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// A depends_on argument is read as Terraform reads it (configs.DecodeDependsOn
// and the validate walk's validateDependsOn): a static list of references,
// each to a whole object. Each target stands for its whole block: Terraform
// orders a block after every instance of the resource or module call named,
// even through an instance key. After a module instance is evaluated, the
// entities of each block with depends_on (and, for a module call, every
// entity declared inside it) get the Addrs of the targets' entities in that
// instance (Object.DependsOn).

// reservedRoots are the reference roots that name no resource type
// (Terraform's addrs.ParseRef): depends_on on them names no entity.
var reservedRoots = map[string]bool{
	"count": true, "each": true, "path": true, "self": true, "terraform": true,
	"ephemeral": true, "resource": true, "template": true, "lazy": true, "arg": true,
	"action": true, "list": true, "provider": true, "run": true,
}

// dependsOnOf reads a depends_on argument into the blocks it names (never
// nil: an argument written empty replaces an overridden one), adding the
// errors Terraform gives to the module's diagnostics.
func (m *Module) dependsOnOf(a *hcl.Attribute) []string {
	m.dependsOn = true
	keys, diags := parseDependsOn(a)
	m.diags = append(m.diags, diags...)
	return keys
}

// parseDependsOn returns the blocks a depends_on names, by graph key
// ("aws_iam_role.x", "data.aws_iam_policy_document.y", "module.eks"),
// each once; references to other objects (variables, locals, a module's
// output) name none. Errors are Terraform's own.
func parseDependsOn(a *hcl.Attribute) ([]string, hcl.Diagnostics) {
	exprs, diags := hcl.ExprList(a.Expr)
	if diags.HasErrors() {
		return []string{}, diags
	}
	keys := []string{}
	for _, expr := range exprs {
		expr, shim := unquoteTraversal(expr)
		diags = append(diags, shim...)
		if shim.HasErrors() {
			continue
		}
		t, tDiags := hcl.AbsTraversalForExpr(expr)
		diags = append(diags, tDiags...)
		if tDiags.HasErrors() || len(t) == 0 {
			continue
		}
		key, kDiags := dependsOnKey(t)
		diags = append(diags, kDiags...)
		if key != "" && !slices.Contains(keys, key) {
			keys = append(keys, key)
		}
	}
	return keys, diags
}

// unquoteTraversal reads a quoted reference ("aws_iam_role.x", written so
// before Terraform 0.12) as the reference, as Terraform still does (with a
// deprecation warning, which is not an error here).
func unquoteTraversal(expr hcl.Expression) (hcl.Expression, hcl.Diagnostics) {
	te, ok := expr.(*hclsyntax.TemplateExpr)
	if !ok || len(te.Parts) != 1 {
		return expr, nil
	}
	lit, ok := te.Parts[0].(*hclsyntax.LiteralValueExpr)
	if !ok || lit.Val.Type() != cty.String || !lit.Val.IsKnown() || lit.Val.IsNull() {
		return expr, nil
	}
	r := expr.Range()
	start := r.Start
	start.Column++
	start.Byte++
	t, diags := hclsyntax.ParseTraversalAbs([]byte(lit.Val.AsString()), r.Filename, start)
	if diags.HasErrors() {
		return expr, diags
	}
	return &hclsyntax.ScopeTraversalExpr{Traversal: t, SrcRange: r}, nil
}

// dependsOnKey is the block a depends_on reference names ("" for other
// objects), with Terraform's errors for a reference that is not to a
// whole object.
func dependsOnKey(t hcl.Traversal) (string, hcl.Diagnostics) {
	root := t.RootName()
	invalid := func(detail string) hcl.Diagnostics {
		return hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "Invalid reference", Detail: detail, Subject: t.SourceRange().Ptr()}}
	}
	var key string
	var rest hcl.Traversal
	switch {
	case reservedRoots[root]:
		return "", nil
	case root == "var" || root == "local":
		if _, ok := stepName(t, 1); !ok {
			return "", nil
		}
		return "", wholeObject(t[2:])
	case root == "data":
		typ, ok1 := stepName(t, 1)
		name, ok2 := stepName(t, 2)
		if !ok1 || !ok2 {
			return "", invalid(`The "data" object must be followed by two attribute names: the data source type and the resource name.`)
		}
		key, rest = "data."+typ+"."+name, skipIndex(t[3:])
	case root == "module":
		name, ok := stepName(t, 1)
		if !ok {
			return "", invalid(`The "module" object cannot be accessed directly. Instead, access one of its attributes.`)
		}
		key, rest = "module."+name, skipIndex(t[2:])
		if _, output := stepName(rest, 0); output {
			// A module's output: what it depends on is what the output
			// reads, not the whole module.
			key, rest = "", rest[1:]
		}
	default:
		name, ok := stepName(t, 1)
		if !ok {
			return "", invalid(`A reference to a resource type must be followed by at least one attribute access, specifying the resource name.`)
		}
		key, rest = root+"."+name, skipIndex(t[2:])
	}
	if d := wholeObject(rest); d != nil {
		return "", d
	}
	return key, nil
}

// stepName is the attribute name of step i of t.
func stepName(t hcl.Traversal, i int) (string, bool) {
	if i >= len(t) {
		return "", false
	}
	a, ok := t[i].(hcl.TraverseAttr)
	return a.Name, ok
}

// skipIndex drops one leading instance key.
func skipIndex(t hcl.Traversal) hcl.Traversal {
	if len(t) > 0 {
		if _, ok := t[0].(hcl.TraverseIndex); ok {
			return t[1:]
		}
	}
	return t
}

// wholeObject is Terraform's error for steps left after the object a
// depends_on reference names, nil when none are.
func wholeObject(rest hcl.Traversal) hcl.Diagnostics {
	if len(rest) == 0 {
		return nil
	}
	return hcl.Diagnostics{{
		Severity: hcl.DiagError,
		Summary:  "Invalid depends_on reference",
		Detail:   "References in depends_on must be to a whole object (resource, etc), not to an attribute of an object.",
		Subject:  rest.SourceRange().Ptr(),
	}}
}

// span is what one block produced in a module instance: the evaluator's
// entities [ents, entsEnd) and embedded manifests [emb, embEnd).
type span struct{ ents, entsEnd, emb, embEnd int }

// spanStart is where the next block's span starts.
func (mi *ModInst) spanStart() span {
	return span{ents: len(mi.Evaluator.entities), emb: len(mi.Evaluator.Embedded)}
}

// recordSpan records what block key produced since s, when the module
// writes depends_on.
func (mi *ModInst) recordSpan(key string, s span) {
	if !mi.Module.dependsOn {
		return
	}
	s.entsEnd, s.embEnd = len(mi.Evaluator.entities), len(mi.Evaluator.Embedded)
	if mi.spans == nil {
		mi.spans = map[string]span{}
	}
	mi.spans[key] = s
}

// resolveDependsOn gives the entities of every block with depends_on (a
// module call's: every entity inside it) the Addrs of its targets'
// entities in this instance.
func (mi *ModInst) resolveDependsOn() {
	if !mi.Module.dependsOn {
		return
	}
	for _, r := range mi.Module.Resources {
		mi.depend(r.key(), r.dependsOn)
	}
	for _, c := range mi.Module.calls {
		mi.depend("module."+c.name, c.dependsOn)
	}
}

// depend adds the targets' entities to what block key produced.
func (mi *ModInst) depend(key string, targets []string) {
	s, ok := mi.spans[key]
	if !ok || len(targets) == 0 {
		return
	}
	var addrs []string
	for _, t := range targets {
		for _, ent := range mi.entitiesOf(mi.spans[t]) {
			if a := ent.Base().Addr; !slices.Contains(addrs, a) {
				addrs = append(addrs, a)
			}
		}
	}
	if len(addrs) == 0 {
		return
	}
	addrs = slices.Clip(addrs)
	for _, ent := range mi.entitiesOf(s) {
		o := ent.Base()
		o.DependsOn = withDeps(o.DependsOn, addrs, o.Addr)
	}
	for i := s.emb; i < s.embEnd && i < len(mi.Evaluator.Embedded); i++ {
		em := &mi.Evaluator.Embedded[i]
		em.DependsOn = withDeps(em.DependsOn, addrs, em.Addr)
	}
}

// entitiesOf are the entities of a span still held.
func (mi *ModInst) entitiesOf(s span) []lint.Entity {
	end := min(s.entsEnd, len(mi.Evaluator.entities))
	if s.ents >= end {
		return nil
	}
	return mi.Evaluator.entities[s.ents:end]
}

// withDeps adds addrs to have, each once, never self. addrs is shared by
// every dependent of a block: it is returned as it is only when have is
// empty and self is not in it (appending to it then copies).
func withDeps(have, addrs []string, self string) []string {
	if len(have) == 0 && !slices.Contains(addrs, self) {
		return addrs
	}
	out := slices.Clone(have)
	for _, a := range addrs {
		if a != self && !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return slices.Clip(out)
}
