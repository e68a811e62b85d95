package terragrunt

import (
	"fmt"
	"strings"

	"github.com/faultline-dev/faultline/lint"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// readLocals are the locals of a configuration read_terragrunt_config
// returned, and whether faultline knows all of them.
type readLocals struct {
	path   string
	locals cty.Value
	// known: every local is known, holes and all (the file parsed and its
	// locals evaluated without an error or an unknown).
	known bool
}

// recordRead records the locals of the configuration at path that
// read_terragrunt_config returned (the latest read last).
func (u *unitEval) recordRead(path string, locals cty.Value) {
	known := unsure
	if len(u.recs) > 0 {
		known = knownOf(whollyKnown(locals))
	}
	u.recordReadKnown(path, locals, known)
}

// knowledge is whether the locals read are wholly known, when computed.
type knowledge int8

const (
	unsure knowledge = iota
	allKnown
	notAllKnown
)

func knownOf(b bool) knowledge {
	if b {
		return allKnown
	}
	return notAllKnown
}

// recordReadKnown is recordRead, known saying whollyKnown(locals) unless
// unsure.
func (u *unitEval) recordReadKnown(path string, locals cty.Value, known knowledge) {
	if len(u.recs) > 0 {
		u.record(readEvent{kind: evRead, path: path, locals: locals, known: known})
	}
	for i, r := range u.reads {
		if r.path == path && r.locals.RawEquals(locals) {
			u.reads = append(append(u.reads[:i:i], u.reads[i+1:]...), r)
			return
		}
	}
	if known == unsure {
		known = knownOf(whollyKnown(locals))
	}
	u.reads = append(u.reads, readLocals{path: path, locals: locals, known: known == allKnown})
}

// whollyKnown reports whether v is known throughout and holds no hole.
func whollyKnown(v cty.Value) bool {
	if !v.IsWhollyKnown() {
		return false
	}
	known := true
	_ = cty.Walk(v, func(_ cty.Path, x cty.Value) (bool, error) {
		if !x.IsNull() && x.Type() == cty.String && lint.HasSentinel(x.AsString()) {
			known = false
		}
		return known, nil
	})
	return known
}

// missingAttr handles an "Unsupported attribute" error of
// local.NAME.locals.MISSING where local NAME is what
// read_terragrunt_config returned: the configuration it read declares no
// local MISSING. Terragrunt evaluates every local and fails on the error
// (pkg/config/locals.go attemptEvaluateLocals returns it; an included
// file's locals are evaluated as the include is parsed), so the unit is
// refused: FL000 at the reference, when all the locals of the file read
// are known; otherwise, faultline's reading of that file being partial, a
// note naming the unit. It reports whether it handled the error, or the
// error is a reference to a local its file does not declare (FL000 of its
// own, undeclaredLocals; a local reading itself is not one).
func (u *unitEval) missingAttr(d *hcl.Diagnostic) bool {
	x, ok := d.Expression.(*hclsyntax.ScopeTraversalExpr)
	if !ok || d.Summary != "Unsupported attribute" || d.Subject == nil {
		return false
	}
	t := x.Traversal
	if t.RootName() != "local" && t.RootName() != "include" || len(t) < 2 {
		return false
	}
	if t.RootName() == "local" && *d.Subject == t[1].SourceRange() {
		return u.l.isUndeclared(t.SourceRange())
	}
	// local.NAME.locals.MISSING, or the same read through an include's
	// exposed locals: include.ROOT.locals.NAME.locals.MISSING.
	at := -1
	for i := range t {
		if t[i].SourceRange() == *d.Subject {
			at = i
		}
	}
	if at < 3 {
		return false
	}
	step, ok2 := t[at-1].(hcl.TraverseAttr)
	missing, ok3 := t[at].(hcl.TraverseAttr)
	if !ok2 || !ok3 || step.Name != "locals" {
		return false
	}
	v, name, ok := readConfigValue(d.EvalContext, t[:at-1])
	if !ok || v == cty.NilVal || !v.IsKnown() || v.IsNull() || !v.Type().IsObjectType() || !v.Type().HasAttribute("locals") {
		return false
	}
	locals := v.GetAttr("locals")
	u.impure++ // the unit's earlier reads
	for i := len(u.reads) - 1; i >= 0; i-- {
		r := u.reads[i]
		if !r.locals.RawEquals(locals) {
			continue
		}
		file := fmt.Sprintf("%s (%s)", u.l.rel(r.path), declaredLocals(locals, missing.Name))
		if !r.known {
			u.addNote(u.l.note(lint.Unresolved, t.SourceRange(), "%s: %s.locals.%s: %s, read with read_terragrunt_config, declares no local %q, which Terragrunt refuses, but faultline does not know all of its locals' values; the value is unknown", u.subject(), name, missing.Name, file, missing.Name))
			return true
		}
		detail := fmt.Sprintf("the file %s reads with read_terragrunt_config declares no local %q; Terragrunt fails to evaluate the locals and refuses the unit", name, missing.Name)
		if !u.l.refuse(lint.Diagnostic{Range: u.l.rng(t.SourceRange()), Summary: "Unsupported attribute", Detail: detail}, file, u.subject()) {
			u.addNote(u.l.note(lint.Unresolved, t.SourceRange(), "%s: %s: %s; the value is unknown", u.subject(), detail, file))
		}
		return true
	}
	return false
}

// declaredLocals says which locals an object of locals holds, for a
// message about missing, which it lacks: all their names when they are
// few.
func declaredLocals(locals cty.Value, missing string) string {
	names := attrNames(locals)
	switch {
	case len(names) == 0:
		return "it declares no locals"
	case len(names) > 12:
		return fmt.Sprintf("%d locals, none named %s", len(names), missing)
	}
	return "its locals are " + strings.Join(names, ", ")
}

// localVar is local.name in ctx or the contexts it descends from
// (cty.NilVal when there is none).
// readConfigValue is the value the traversal t (local.NAME, or
// include.ROOT.locals.NAME) reads in ctx — what read_terragrunt_config
// returned, when it is one — with how it is written; false when t is
// neither form.
func readConfigValue(ctx *hcl.EvalContext, t hcl.Traversal) (cty.Value, string, bool) {
	var names []string
	for _, s := range t {
		switch x := s.(type) {
		case hcl.TraverseRoot:
			names = append(names, x.Name)
		case hcl.TraverseAttr:
			names = append(names, x.Name)
		default:
			return cty.NilVal, "", false
		}
	}
	switch {
	case len(names) == 2 && names[0] == "local":
		return localVar(ctx, names[1]), strings.Join(names, "."), true
	case len(names) == 4 && names[0] == "include" && names[2] == "locals":
		v, diags := t.TraverseAbs(ctx)
		if diags.HasErrors() {
			return cty.NilVal, "", false
		}
		return v, strings.Join(names, "."), true
	}
	return cty.NilVal, "", false
}

func localVar(ctx *hcl.EvalContext, name string) cty.Value {
	for c := ctx; c != nil; c = c.Parent() {
		l, ok := c.Variables["local"]
		if !ok {
			continue
		}
		if !l.IsKnown() || l.IsNull() || !l.Type().IsObjectType() || !l.Type().HasAttribute(name) {
			return cty.NilVal
		}
		return l.GetAttr(name)
	}
	return cty.NilVal
}

// attrNames are the attribute names of a known object, sorted.
func attrNames(v cty.Value) []string {
	if !v.IsKnown() || v.IsNull() || !v.Type().IsObjectType() {
		return nil
	}
	return sortedKeys(v.Type().AttributeTypes())
}

// subject names what u evaluates: a unit or a stack.
func (u *unitEval) subject() string {
	if u.stack {
		return "terragrunt stack " + u.l.rel(u.dir)
	}
	return "terragrunt unit " + u.l.rel(u.dir)
}
