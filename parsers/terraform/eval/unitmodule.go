package eval

import (
	"path/filepath"
	"slices"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
)

// UnitRoot is a root module composed outside Terraform's own files (a
// Terragrunt unit's): one call of a module source, the configuration the
// unit generates, and the configuration in its own directory.
type UnitRoot struct {
	// Dir is the root's directory and Config the file that composes it.
	Dir, Config string
	// Generated are the files written into the module directory.
	Generated []GeneratedFile
	// GeneratedUnknown are the names of generated files whose contents
	// are not known: they replace files of those names too.
	GeneratedUnknown []string
	// Call is the name of the call; Source and Version its source (as a
	// call in Dir writes it) and version constraint.
	Call, Source, Version string
	// Range is the block the call stands for, SourceRange where its
	// source is written.
	Range, SourceRange hcl.Range
}

// CallArg is an argument of a composed call: a value known already, at
// the place it is written.
type CallArg struct {
	Name  string
	Value cty.Value
	// Range is where the value is written, NameRange where the name is
	// (the value's range when zero).
	Range, NameRange hcl.Range
}

// UnitModule is the root module u composes with the arguments given: one
// call of the source whose arguments are args, each an expression of its
// value at the place it is written, the configuration the unit generates
// and the configuration in its own directory.
func (l *Session) UnitModule(u UnitRoot, args []CallArg) (*Module, []lint.Diagnostic) {
	m := newModule(u.Dir)
	m.files = []string{u.Config}
	u.Generated = l.withoutKept(u.Dir, u.Generated)
	diags, genVars := l.addGenerated(m, u.Generated)
	c := &Call{name: u.Call, Source: u.Source, Version: u.Version, Attrs: map[string]*hcl.Attribute{}, DefRange: u.Range, srcRange: u.SourceRange, generatedVars: genVars}
	for _, v := range args {
		name := v.NameRange
		if name == (hcl.Range{}) {
			name = v.Range
		}
		c.Attrs[v.Name] = &hcl.Attribute{Name: v.Name, Expr: &valueExpr{v: v.Value, rng: v.Range}, Range: v.Range, NameRange: name}
	}
	m.calls = []*Call{c}
	if r := modsource.SubmoduleRemoved(c.Source, c.Version); r != nil {
		// terraform init (run by Terragrunt) installs a release without
		// the directory, as for a call written in a module.
		diags = append(diags, lint.Diagnostic{Range: l.Rng(u.SourceRange), Summary: r.Summary, Detail: r.Detail, Hint: r.Hint})
	}
	m.unit, m.composed = true, true
	if own := l.Module(u.Dir); own != nil {
		m.mergeUnitFiles(own, u.Call, generatedNames(u.Generated, u.GeneratedUnknown))
	}
	// Other units read the unit's outputs (dependency.x.outputs): every
	// output of its module is evaluated.
	m.once.outputs.Do(func() { m.cache.outputs = map[string]outputsRead{u.Call: {all: true}} })
	return m, diags
}

// variableBlocks are the names of the variable blocks of a file.
func variableBlocks(f *hcl.File) []string {
	body, ok := f.Body.(*hclsyntax.Body)
	if !ok {
		return nil
	}
	var out []string
	for _, b := range body.Blocks {
		if b.Type == "variable" && len(b.Labels) == 1 {
			out = append(out, b.Labels[0])
		}
	}
	return out
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

// Exports are what other roots may read of an evaluated root: its outputs
// (those of its call named call, when given: a unit's module's) and where it keeps its state.
func (e *Evaluator) Exports(call string, backend *Backend) (cty.Value, kept.StateLocation) {
	var outputs cty.Value
	if e.rootInst != nil && e.RootBudget.Ok() {
		if call != "" {
			if v, ok := e.rootInst.modules[call]; ok && v != cty.NilVal && v.IsKnown() && !v.IsNull() && v.Type().IsObjectType() {
				outputs = storedOutputs(v.AsValueMap())
			}
		} else {
			outputs = storedOutputs(e.rootInst.outputs)
		}
	}
	b := backendOf(e.Root)
	if backend != nil {
		b = backend
	}
	loc, _ := e.Holes.StateAt(b, "", e.rootDir)
	if backend == nil && ((loc.IsZero() && partialBackend(b)) || loc.AnyStore) {
		// backend "s3" {} or one naming only its key: the rest comes
		// with terraform init, from the one backend configuration file
		// beside the root when it holds one (inferred).
		if path := e.backendConfigFile(); path != "" {
			if fb, ok := e.withBackendFile(b, path); ok {
				if fl, _ := e.Holes.StateAt(fb, "", e.rootDir); !fl.IsZero() {
					fl.ConfigFile = e.Session.Rel(path)
					return outputs, fl
				}
			}
		}
	}
	if loc.IsZero() && partialBackend(b) {
		loc = kept.StateLocation{Kind: b.Type, Partial: true}
	}
	return outputs, loc
}

// locationArgs are, by backend type, the arguments that say where a
// remote backend keeps a state.
var locationArgs = map[string][]string{
	"s3":      {"key"},
	"gcs":     {"bucket"},
	"azurerm": {"storage_account_name", "container_name", "key"},
}

// partialBackend reports whether b is a remote backend that does not
// write one of the arguments locating its state as text (they are given
// at terraform init with -backend-config, or written with variables,
// which OpenTofu evaluates and Terraform refuses).
func partialBackend(b *Backend) bool {
	if b == nil {
		return false
	}
	for _, name := range locationArgs[b.Type] {
		v := GetAttr(b.Config, name)
		if v == cty.NilVal || v.IsNull() || !v.IsKnown() || v.Type() == cty.String && lint.HasSentinel(v.AsString()) {
			return true
		}
	}
	return false
}

// mergeUnitFiles adds the configuration in a unit's own directory to the
// unit's root: Terragrunt copies those files beside the module it runs,
// so their providers, backend and resources are the run's, and their
// variables get the unit's inputs too.
func (m *Module) mergeUnitFiles(own *Module, call string, replaced map[string]bool) {
	kept := func(r hcl.Range) bool { return !replaced[filepath.Base(r.Filename)] }
	for _, f := range own.files {
		if !replaced[filepath.Base(f)] {
			m.files = append(m.files, f)
		}
	}
	for k, v := range own.src {
		if !replaced[filepath.Base(k)] {
			m.src[k] = v
		}
	}
	for k, v := range own.variables {
		if kept(v.defRng) {
			m.variables[k] = v
		}
	}
	for k, v := range own.locals {
		if kept(v.Range) {
			m.locals[k] = v
		}
	}
	for k, v := range own.outputs {
		if kept(own.outputBlocks[k]) {
			m.outputs[k] = v
			m.outputBlocks[k] = own.outputBlocks[k]
		}
	}
	for _, r := range own.Resources {
		if kept(r.DefRange) {
			m.Resources = append(m.Resources, r)
		}
	}
	for _, p := range own.providers {
		if kept(p.rng) {
			m.providers = append(m.providers, p)
		}
	}
	for _, c := range own.calls {
		if c.name != call && kept(c.DefRange) {
			m.calls = append(m.calls, c)
		}
	}
	for _, b := range own.removed {
		if kept(b.DefRange) {
			m.removed = append(m.removed, b)
		}
	}
	m.dependsOn = m.dependsOn || own.dependsOn
	if own.backend != nil && kept(own.backend.DefRange) {
		m.backend = own.backend
	}
}

// generatedNames are the names of the files a unit generates, which
// Terragrunt writes over files of those names in the module directory.
func generatedNames(gen []GeneratedFile, unknown []string) map[string]bool {
	out := map[string]bool{}
	for _, g := range gen {
		out[filepath.Base(g.Name)] = true
	}
	for _, n := range unknown {
		out[filepath.Base(n)] = true
	}
	return out
}

// addGenerated adds the configuration files of gen to m, returning their
// diagnostics (placed in the generate blocks) and the variables they
// declare.
func (l *Session) addGenerated(m *Module, gen []GeneratedFile) ([]lint.Diagnostic, []string) {
	var diags []lint.Diagnostic
	var genVars []string
	for _, g := range gen {
		if !isConfigFile(g.Name) {
			continue
		}
		f, ds := hclsyntax.ParseConfig(g.Src, g.Filename, g.Start)
		for _, d := range ds {
			if d.Severity == hcl.DiagError && d.Subject != nil {
				diags = append(diags, lint.Diagnostic{Range: l.Rng(*d.Subject), Summary: d.Summary, Detail: d.Detail + " (in the file generate \"" + g.Name + "\" writes)"})
			}
		}
		if f != nil && !ds.HasErrors() {
			genVars = append(genVars, variableBlocks(f)...)
			n := len(m.callDiags)
			m.addFile(f, isOverride(g.Name))
			// A call Terraform does not have, written into the file (a
			// Terragrunt function outside ${…} is written literally).
			for _, d := range m.callDiags[n:] {
				diags = append(diags, lint.Diagnostic{Range: l.Rng(*d.Subject), Summary: d.Summary, Detail: d.Detail + " (in the file generate \"" + g.Name + "\" writes)"})
			}
		}
	}
	return diags, genVars
}

// InPlaceUnitModule is the root module of a unit that names no source and
// runs in its own directory: the directory's files, those the unit's
// generate blocks write over replaced (Terragrunt overwrites a file it
// generated before, one carrying its signature), and the files they add.
// False when nothing is generated (the directory is read as it is).
func (l *Session) InPlaceUnitModule(dir string, gen []GeneratedFile, unknown []string) (*Module, []lint.Diagnostic, bool) {
	gen = l.withoutKept(dir, gen)
	if len(gen) == 0 && len(unknown) == 0 {
		return nil, nil, false
	}
	m := newModule(dir)
	diags, _ := l.addGenerated(m, gen)
	if own := l.Module(dir); own != nil {
		m.mergeUnitFiles(own, "", generatedNames(gen, unknown))
	}
	m.unit = true
	return m, diags, true
}

// GeneratedFile is Terraform configuration a unit generates.
type GeneratedFile struct {
	// Name is the file's name in the module directory ("provider.tf").
	Name string
	// Src is its content; Filename and Start are where that content is
	// written (the generate block's contents in the unit's
	// configuration), so positions in it point there.
	Src      []byte
	Filename string
	Start    hcl.Pos
	// KeepExisting is if_exists = "skip": Terragrunt leaves a file of
	// that name already in the directory as it is.
	KeepExisting bool
}

// withoutKept are the files of gen Terragrunt writes into dir: one whose
// generate block says skip is not written where dir holds a
// configuration file of its name (that file is read as it is).
func (l *Session) withoutKept(dir string, gen []GeneratedFile) []GeneratedFile {
	if !slices.ContainsFunc(gen, func(g GeneratedFile) bool { return g.KeepExisting }) {
		return gen
	}
	there := map[string]bool{}
	if own := l.Module(dir); own != nil {
		for _, f := range own.files {
			there[filepath.Base(f)] = true
		}
	}
	var out []GeneratedFile
	for _, g := range gen {
		if g.KeepExisting && there[filepath.Base(g.Name)] {
			continue
		}
		out = append(out, g)
	}
	return out
}

// IsUnit reports whether the module is a unit's root (UnitModule).
func (m *Module) IsUnit() bool { return m.unit }

// storedOutputs are the outputs as the state stores them: Terraform does
// not record an output whose value is null (it is absent, and lookup()
// of it gives the default), nor does terraform output list it.
func storedOutputs(all map[string]cty.Value) cty.Value {
	kept := make(map[string]cty.Value, len(all))
	for name, v := range all {
		if v != cty.NilVal && v.IsKnown() && v.IsNull() {
			continue
		}
		kept[name] = v
	}
	return cty.ObjectVal(kept)
}
