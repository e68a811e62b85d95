package terraform

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"

	"github.com/faultline-dev/faultline/lint"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// UnitCall is the name of the module call a unit's root makes: a unit's
// addresses read module.terragrunt.… (the module its terraform { source }
// names), its directory qualifying them as a root directory does.
const UnitCall = "terragrunt"

// unitModule is the root module of unit u with the inputs given: one call
// of the unit's source whose arguments are the inputs, each an expression
// of its value at the place the unit's configuration writes it, and the
// provider and backend configuration the unit generates. Nil when the unit
// names no source: its own directory is the module, inputs its variables.
func (l *loader) unitModule(u *Unit, in UnitInputs) (*module, []lint.Diagnostic) {
	m := newModule(u.Dir)
	m.files = []string{u.Config}
	var diags []lint.Diagnostic
	for _, g := range u.Generated {
		if !isConfigFile(g.Name) {
			continue
		}
		f, ds := hclsyntax.ParseConfig(g.Src, g.Filename, g.Start)
		for _, d := range ds {
			if d.Severity == hcl.DiagError && d.Subject != nil {
				diags = append(diags, lint.Diagnostic{Range: l.rng(*d.Subject), Summary: d.Summary, Detail: d.Detail + " (in the file generate \"" + g.Name + "\" writes)"})
			}
		}
		if f != nil && !ds.HasErrors() {
			m.addFile(f, isOverride(g.Name))
		}
	}
	c := &moduleCall{name: UnitCall, source: unitSource(u), version: u.Version, attrs: map[string]*hcl.Attribute{}, defRange: u.Range, srcRange: u.SourceRange}
	for _, v := range in.Values {
		c.attrs[v.Name] = &hcl.Attribute{Name: v.Name, Expr: &valueExpr{v: v.Value, rng: v.Range}, Range: v.Range, NameRange: v.Range}
	}
	m.calls = []*moduleCall{c}
	m.unit = true
	if own := l.module(u.Dir); own != nil {
		m.mergeUnitFiles(own)
	}
	// Other units read the unit's outputs (dependency.x.outputs): every
	// output of its module is evaluated.
	m.once.outputs.Do(func() { m.cache.outputs = map[string]outputsRead{UnitCall: {all: true}} })
	return m, diags
}

// unitSource is u's source as a module call in u's directory writes it: a
// local path relative to the directory.
func unitSource(u *Unit) string {
	if !filepath.IsAbs(u.Source) {
		return u.Source
	}
	rel, err := filepath.Rel(u.Dir, u.Source)
	if err != nil {
		return u.Source
	}
	rel = filepath.ToSlash(rel)
	if rel == "." || strings.HasPrefix(rel, "../") || rel == ".." {
		return rel
	}
	return "./" + rel
}

// unitChildren are the local module directories the units call: modules,
// not roots of their own.
func unitChildren(units []Unit, skipped []string) map[string]bool {
	out := map[string]bool{}
	for _, d := range skipped {
		out[filepath.Clean(d)] = true
	}
	for i := range units {
		u := &units[i]
		if src := unitSource(u); localSource(src) {
			out[filepath.Clean(filepath.Join(u.Dir, src))] = true
		}
		out[filepath.Clean(u.Dir)] = true
	}
	return out
}

// evaluateUnitRoot evaluates unit u as a root once its dependencies are
// evaluated: outputs reads what they produced.
func (l *loader) evaluateUnitRoot(u *Unit, outputs func(string) (cty.Value, bool)) (e *evaluator) {
	var in UnitInputs
	if u.Inputs != nil {
		in = u.Inputs(outputs)
	}
	if u.Source == "" && l.module(u.Dir) == nil {
		e = &evaluator{l: l, h: holes{l.holes(), new(atomic.Int64)}, rootRel: l.rel(u.Dir), rootDir: filepath.Clean(u.Dir)}
		if u.SourceRange.Filename == "" {
			// A source written but unknown has the unit's own note.
			e.notes = append(e.notes, lint.Note{Kind: lint.Skipped, What: fmt.Sprintf("terragrunt unit %s names no terraform source and holds no Terraform configuration; not evaluated", l.rel(u.Dir)), Range: l.rng(u.Range)})
		}
	} else if u.Source == "" {
		e = l.evaluateWith(u.Dir, nil, func(e *evaluator, m *module) map[string]cty.Value {
			inputs := e.rootInputs(m)
			for _, v := range in.Values {
				inputs[v.Name] = v.Value
			}
			return inputs
		})
	} else {
		m, diags := l.unitModule(u, in)
		e = l.evaluateWith(u.Dir, m, func(e *evaluator, m *module) map[string]cty.Value {
			inputs := map[string]cty.Value{}
			for _, v := range in.Values {
				if _, ok := m.variables[v.Name]; ok {
					inputs[v.Name] = v.Value
				}
			}
			return inputs
		})
		e.varDiags = append(e.varDiags, diags...)
	}
	e.notes = append(append(e.notes, u.Notes...), in.Notes...)
	e.varDiags = append(e.varDiags, u.Diagnostics...)
	e.varFiles = append(e.varFiles, u.Files...)
	rel := l.rel(u.Dir)
	for _, ent := range e.entities {
		if o := ent.Base(); isAddressLabel(o.Label) {
			o.Label = unitLabel(rel, o.Label)
		}
	}
	var inferred []string
	for _, v := range in.Values {
		if v.Inferred != "" && !strings.Contains(strings.Join(inferred, "\x00"), v.Inferred) {
			inferred = append(inferred, v.Inferred)
		}
	}
	if len(inferred) > 0 {
		sort.Strings(inferred)
		for _, ent := range e.entities {
			o := ent.Base()
			o.Inferred = append(o.Inferred, inferred...)
		}
	}
	return e
}

// valueExpr is an expression whose value is already known: an input a
// unit gives, at the place the unit's configuration writes it.
type valueExpr struct {
	v   cty.Value
	rng hcl.Range
}

// Value returns the value.
func (x *valueExpr) Value(*hcl.EvalContext) (cty.Value, hcl.Diagnostics) { return x.v, nil }

// Variables is empty: the value reads nothing.
func (x *valueExpr) Variables() []hcl.Traversal { return nil }

// Range is where the value is written.
func (x *valueExpr) Range() hcl.Range { return x.rng }

// StartRange is where the value is written.
func (x *valueExpr) StartRange() hcl.Range { return x.rng }

// unitOrder orders units so that every unit comes after the units it
// depends on (path order otherwise); a dependency in a cycle, or on a
// directory that is no unit, is dropped with a note.
func unitOrder(units []Unit, rel func(string) string) (order []int, deps [][]int, notes []lint.Note) {
	idx := map[string]int{}
	for i := range units {
		idx[filepath.Clean(units[i].Dir)] = i
	}
	byPath := make([]int, len(units))
	for i := range byPath {
		byPath[i] = i
	}
	sort.SliceStable(byPath, func(a, b int) bool { return units[byPath[a]].Dir < units[byPath[b]].Dir })
	deps = make([][]int, len(units))
	state := make([]int, len(units)) // 0 new, 1 on the stack, 2 done
	var visit func(i int)
	visit = func(i int) {
		state[i] = 1
		for _, d := range units[i].Dependencies {
			j, ok := idx[filepath.Clean(d)]
			if !ok {
				continue // not a unit: its outputs are unknown (the unit's own note)
			}
			switch state[j] {
			case 1:
				notes = append(notes, lint.Note{Kind: lint.Unresolved, What: fmt.Sprintf("terragrunt unit %s: its dependency on %s is part of a cycle; that dependency's outputs are unknown", rel(units[i].Dir), rel(units[j].Dir)), Range: lint.Range{File: rel(units[i].Config), Line: 1, Column: 1, EndLine: 1, EndColumn: 1}})
				continue
			case 0:
				visit(j)
			}
			deps[i] = append(deps[i], j)
		}
		state[i] = 2
		order = append(order, i)
	}
	for _, i := range byPath {
		if state[i] == 0 {
			visit(i)
		}
	}
	return order, deps, notes
}

// exports are what other roots may read of an evaluated root: its outputs
// (a unit's: its module's) and where it keeps its state.
func (e *evaluator) exports(u *Unit) (cty.Value, string) {
	var outputs cty.Value
	if e.rootInst != nil && e.b.ok() {
		if u != nil && u.Source != "" {
			if v, ok := e.rootInst.modules[UnitCall]; ok && v != cty.NilVal && v.IsKnown() && !v.IsNull() && v.Type().IsObjectType() {
				outputs = v
			}
		} else {
			outputs = cty.ObjectVal(e.rootInst.outputs)
		}
	}
	b := backendOf(e.root)
	if u != nil && u.Backend != nil {
		b = u.Backend
	}
	loc, _ := e.h.stateLocation(b, "", e.rootDir)
	return outputs, loc
}

// mergeUnitFiles adds the configuration in a unit's own directory to the
// unit's root: Terragrunt copies those files beside the module it runs,
// so their providers, backend and resources are the run's, and their
// variables get the unit's inputs too.
func (m *module) mergeUnitFiles(own *module) {
	m.files = append(m.files, own.files...)
	for k, v := range own.src {
		m.src[k] = v
	}
	for k, v := range own.variables {
		m.variables[k] = v
	}
	for k, v := range own.locals {
		m.locals[k] = v
	}
	for k, v := range own.outputs {
		m.outputs[k] = v
	}
	m.resources = append(m.resources, own.resources...)
	m.providers = append(m.providers, own.providers...)
	for _, c := range own.calls {
		if c.name != UnitCall {
			m.calls = append(m.calls, c)
		}
	}
	m.removed = append(m.removed, own.removed...)
	m.dependsOn = m.dependsOn || own.dependsOn
	if own.backend != nil {
		m.backend = own.backend
	}
}

// unitLabel is how messages name an address of the unit at dir: the
// unit for its module call ("unit live/prod/eks"), the unit's directory
// before what lies in it ("[live/prod/eks] module.node_group.aws_iam_role.this"),
// as Terragrunt prefixes a unit's output; addresses keep module.terragrunt.
func unitLabel(dir, local string) string {
	if local == "module."+UnitCall {
		return "unit " + dir
	}
	if rest, ok := strings.CutPrefix(local, "module."+UnitCall+"."); ok {
		local = rest
	}
	return "[" + dir + "] " + local
}

// isAddressLabel reports whether a label is a Terraform address (entities
// of a root are labelled by their address within it).
func isAddressLabel(label string) bool {
	_, ok := lint.ParseAddress(label)
	return ok
}
