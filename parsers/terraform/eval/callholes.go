package eval

import (
	"fmt"
	"math/big"

	"github.com/hashicorp/hcl/v2"

	"github.com/faultline-dev/faultline/lint"
	"github.com/zclconf/go-cty/cty"
)

// presetCall is the value of the call named name (without count /
// for_each) when something reads it before the call is evaluated: outputs
// that are holes naming it. Terraform orders a module's outputs and
// variables one by one, so two calls that read each other's outputs (a
// KMS key module granting the cluster module's role, the cluster module
// encrypting volumes with the key) are no cycle to it; here modules are
// evaluated whole, and the call evaluated first reads the other's outputs
// as these holes instead of failing on an absent module and losing its
// whole argument. Evaluating a call replaces them. They are made on that
// first read, not for every call up front: each hole stays in the run's
// codec, and most calls are evaluated before anything reads them. In the
// root's second pass (run), a call the first pass evaluated after such a
// read gives the values it had then instead.
func (mi *ModInst) presetCall(name string) (cty.Value, bool) {
	for _, c := range mi.Module.calls {
		if c.name != name || c.forEach != nil || c.enabled != nil {
			continue
		}
		n, counted := 0, c.count != nil
		if counted {
			var ok bool
			if n, ok = mi.staticCount(c); !ok {
				continue
			}
		}
		v, seeded := mi.seeds[c.name]
		if !seeded {
			instance := func(path string, hasKeys bool) cty.Value {
				leaf := func(p string) cty.Value {
					return mi.Evaluator.Holes.val(lint.HoleRef{Object: mi.Evaluator.RootRel + ":" + path, Path: p})
				}
				return mi.fillNeeded(cty.EmptyObjectVal, "module."+c.name, hasKeys, leaf)
			}
			if !counted {
				v = instance(mi.Label("module."+c.name), false)
			} else {
				// A call with a count known from values alone: that many
				// instances, each read by its index.
				insts := make([]cty.Value, n)
				for i := range insts {
					insts[i] = instance(mi.Label(fmt.Sprintf("module.%s[%d]", c.name, i)), true)
				}
				v = cty.EmptyTupleVal
				if n > 0 {
					v = cty.TupleVal(insts)
				}
			}
			mi.presetRead = append(mi.presetRead, c.name)
		}
		mi.modules[c.name] = v
		if mi.preset == nil {
			mi.preset = map[string]bool{}
		}
		mi.preset[c.name] = true
		mi.resetContexts()
		return v, true
	}
	return cty.NilVal, false
}

// maxPresetCount bounds the instances a counted call is preset with.
const maxPresetCount = 64

// staticCount is the count of call c when it is known from values alone
// (a number, variables and locals: what a preset may evaluate without
// reaching another block), at most maxPresetCount.
func (mi *ModInst) staticCount(c *Call) (int, bool) {
	if !onlyVariables(c.count) || !mi.readyStatic(c.count, 0) {
		return 0, false
	}
	v := mi.Eval(c.count, nil)
	if !v.IsKnown() || v.IsNull() || v.Type() != cty.Number {
		return 0, false
	}
	bf := v.AsBigFloat()
	n, acc := bf.Int64()
	if acc != big.Exact || n < 0 || n > maxPresetCount {
		return 0, false
	}
	return int(n), true
}

// maxStaticDepth bounds the locals readyStatic follows through locals.
const maxStaticDepth = 8

// readyStatic evaluates, ahead of their turn, the variables and locals
// expr reads that are not evaluated yet, when those locals read only
// variables and locals too: a preset may be asked for before the items a
// call's count reads come in the graph's order (the count of the cluster
// call is read where another call reads its outputs first). A variable
// reads only its input or default; it is false when a local reads
// anything else.
func (mi *ModInst) readyStatic(expr hcl.Expression, depth int) bool {
	if depth > maxStaticDepth {
		return false
	}
	for _, t := range expr.Variables() {
		name := traversalAttr(t)
		switch t.RootName() {
		case "var":
			if _, ok := mi.vars[name]; !ok {
				if _, declared := mi.Module.variables[name]; !declared {
					return false
				}
				mi.evalVariable(name)
			}
		case "local":
			if _, ok := mi.locals[name]; ok {
				continue
			}
			l, declared := mi.Module.locals[name]
			if !declared || !onlyVariables(l.Expr) || !mi.readyStatic(l.Expr, depth+1) {
				return false
			}
			mi.locals[name] = mi.Eval(l.Expr, nil)
		default:
			return false
		}
	}
	mi.resetContexts()
	return true
}

// traversalAttr is the name a var.x or local.x traversal reads ("" for
// none).
func traversalAttr(t hcl.Traversal) string {
	if len(t) < 2 {
		return ""
	}
	if a, ok := t[1].(hcl.TraverseAttr); ok {
		return a.Name
	}
	return ""
}

// modulesFirst orders the graph's starting points with module calls first
// (each group keeps its order). A depth-first visit places the item it
// starts from after everything it reaches, so a cycle through a module
// call (its outputs feed a resource that feeds its inputs) is broken at
// the edge into the module: the resource reads the module's preset holes,
// and the module is evaluated last with its arguments known.
func modulesFirst(g *itemGraph, keys []string) []string {
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		if g.items[k].kind == "module" {
			out = append(out, k)
		}
	}
	for _, k := range keys {
		if g.items[k].kind != "module" {
			out = append(out, k)
		}
	}
	return out
}
