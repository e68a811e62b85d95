package eval

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// OpenTofu (1.8 and later) evaluates a module call's source and version
// early, before anything is planned: they may read variables and locals,
// as long as what they read is static — a root variable's value (from a
// variables file, -var or its default), a module variable its caller sets
// from static values (or leaves at its default), and locals built only
// from those and literals. Anything else (a resource, a data source, a
// module output, count.index or each) Terraform and OpenTofu both reject
// there; such a call keeps no source, as before, and stays unknown with
// the unresolved note.

// maxEarlyDepth bounds how many locals and callers' arguments an early
// expression is followed through.
const maxEarlyDepth = 8

// earlyCall is the call as this instance evaluates it early: c itself when
// its source and version are literal (or absent); else a copy with each
// expression that reads only static values evaluated to its string.
func (mi *ModInst) earlyCall(c *Call) *Call {
	if c.sourceExpr == nil && c.versionExpr == nil {
		return c
	}
	out := *c
	if s, ok := mi.staticString(c.sourceExpr); ok {
		out.Source = s
	}
	if s, ok := mi.staticString(c.versionExpr); ok {
		out.Version = s
	}
	return &out
}

// staticString is the value of an expression that reads only static
// values, when it is a known, non-sensitive string with no unknown part.
// A for expression is not run there (a source or version built by one is
// left unknown, as constant expressions are: staticValue).
func (mi *ModInst) staticString(expr hcl.Expression) (string, bool) {
	if expr == nil || hasFor(expr) || !mi.isStatic(expr, 0) {
		return "", false
	}
	v := mi.Eval(expr, nil)
	if !v.IsKnown() || v.IsNull() || v.IsMarked() || v.Type() != cty.String {
		return "", false
	}
	s, ok := mi.Evaluator.Holes.ToValue(v).Str()
	return s, ok && s != ""
}

// isStatic reports whether an expression reads only static values:
// variables that are static (staticVar), locals that read only static
// values, path and terraform attributes.
func (mi *ModInst) isStatic(expr hcl.Expression, depth int) bool {
	if depth > maxEarlyDepth {
		return false
	}
	for _, t := range mi.Module.traversals(expr) {
		name, ok := AttrName(t, 1)
		if !ok {
			return false
		}
		switch t.RootName() {
		case "var":
			if !mi.staticVar(name, depth) {
				return false
			}
		case "local":
			a, ok := mi.Module.locals[name]
			if !ok || !mi.isStatic(a.Expr, depth+1) {
				return false
			}
		case "path", "terraform":
			// OpenTofu's static scope answers path.module, path.root,
			// path.cwd and terraform.workspace too (configs/static_scope.go:
			// StaticValidateReferences), and any function, file() included.
		default:
			return false
		}
	}
	return true
}

// staticVar reports whether a variable of the instance is static: every
// root variable is (its value is given before planning, or it has none and
// stays unknown); a module's variable is when its caller leaves it to its
// default or sets it from static values.
func (mi *ModInst) staticVar(name string, depth int) bool {
	if mi.Call == nil || mi.Parent == nil {
		return true
	}
	a, ok := mi.Call.Attrs[name]
	return !ok || mi.Parent.isStatic(a.Expr, depth+1)
}
