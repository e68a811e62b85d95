package eval

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
	"github.com/hashicorp/go-version"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// A module call passes inputs; the code it resolves to declares variables.
// For a call of the user's own configuration both are recorded: a local
// module that does not declare an input is an error Terraform reports
// ("Unsupported argument", FL000); for registry code (cached or modelled)
// the call is exposed as a lint.ModuleCall so a rule can compare the
// inputs with the version the code stands for.

// inputVersionsLocal is the local of a stand-in that names the versions
// declaring a variable, when not all versions of its directory do.
const inputVersionsLocal = "faultline_input_versions"

// recordInputs records what a call passes against the code it resolved
// to (child; nil when unknown). Calls inside cached or modelled code are
// their authors', not the user's, and are left alone.
func (mi *ModInst) recordInputs(c *Call, child *Module, use *modelUse, insts []Instance) {
	l := mi.Evaluator.Session
	if child == nil || mi.Model != nil || l.InCache(mi.Module.Dir) {
		return
	}
	complete := len(child.refused) == 0 && !child.loadFailed()
	if modsource.IsLocal(c.Source) {
		// A unit's inputs are TF_VAR_ variables: Terraform ignores those
		// its module does not declare.
		if complete && !mi.Module.unit {
			mi.unsupportedArguments(c, child)
		}
		return
	}
	call := "module." + strings.ReplaceAll(mi.cacheKey(c.name), ".", ".module.")
	rec, ok := l.callRecord(mi.Evaluator.RootRel, call)
	if !ok || (rec.How != modsource.ResolvedCached && rec.How != modsource.ResolvedModelled) {
		return
	}
	var extra map[string]cty.Value
	if len(insts) > 0 {
		extra = insts[0].Extra
	}
	span := modsource.AnyVersion
	if v, err := version.NewVersion(rec.Version); err == nil && use == nil {
		span = modsource.VersionRange{Lo: modsource.VersionBound{Version: v, Inclusive: true}, Hi: modsource.VersionBound{Version: v, Inclusive: true}}
	}
	model, assumed, declares := rec.Model, rec.Assumed, child
	unconstrained := use != nil && use.constraint == "" && mi.Model == nil
	if use != nil {
		span = use.allowed.Intersect(use.dir.Span)
		if unconstrained {
			// terraform init installs the newest release: the inputs are
			// compared with what the newest modelled version declares,
			// not with every release the directory models.
			span = newestOf(child, span)
		}
	}
	var readAt map[string]lint.ModuleVariable
	if use != nil && use.installs != nil {
		// Read at an older version its inputs fit; Terraform installs the
		// newest, and that is what the inputs are compared with.
		if m := l.models.module(use.installs.Dir); m != nil {
			readAt = l.declared(child, span)
			span, declares = newestOf(m, use.installs.Span), m
			model, assumed = use.key+" "+use.installs.Span.Label(), "no version constraint: the newest modelled version is assumed"
		}
	}
	mc := &lint.ModuleCall{
		Object: lint.Object{
			Kind:   lint.KindModuleCall,
			Addr:   mi.Evaluator.RootRel + ":" + call,
			Root:   mi.Evaluator.RootRel,
			Label:  mi.Label("module." + c.name),
			Name:   lint.Known(c.name),
			Range:  l.Rng(c.DefRange),
			Source: lint.SourceTerraform,
		},
		Source:     c.Source,
		Module:     modsource.PublicModule(c.Source),
		Constraint: c.Version,
		Resolution: string(rec.How),
		Model:      model,
		Assumed:    assumed,
		Variables:  l.declared(declares, span),
		ReadAt:     readAt,
		Complete:   complete,
	}
	if mi.Module.unit {
		mc.Ignored = "Terragrunt passes inputs as TF_VAR_ environment variables"
		// Terragrunt writes the files the unit generates into the
		// module's working copy: the variables they declare are its own.
		for _, n := range c.generatedVars {
			if mc.Variables == nil {
				mc.Variables = map[string]lint.ModuleVariable{}
			}
			mc.Variables[n] = lint.ModuleVariable{Declared: lint.Yes}
		}
	}
	mc.NameRange = mc.Range
	mc.Elsewhere = l.elsewhere(c, mc.Variables)
	switch {
	case use == nil || assumed == "" || use.installs != nil || use.commit != "":
	case use.constraint != "" && len(use.alts) > 0:
		mc.NoneDeclare = l.noneDeclare(c, mc.Variables, use.alts)
	case use.constraint == "":
		// Any release may be installed: an input no modelled version
		// declares is refused by every one.
		if key, _, ok := modsource.ModelKey(c.Source); ok {
			mc.NoneDeclare = l.noneDeclare(c, mc.Variables, l.models.idx()[key])
		}
	}
	if span.Lo.Version != nil && span.Lo.Inclusive {
		mc.Lowest = span.Lo.Version.String()
		if span.Hi.Version != nil && span.Hi.Inclusive && span.Hi.Version.Equal(span.Lo.Version) {
			mc.Version = mc.Lowest
		}
	}
	for _, n := range sortedAttrs(c.Attrs) {
		a := c.Attrs[n]
		in := lint.ModuleInput{Name: n, Range: l.Rng(a.NameRange)}
		if simpleExpr(a.Expr) {
			in.Value = mi.Evaluator.Holes.ToValue(mi.Eval(a.Expr, extra))
		}
		if v, ok := declares.variables[n]; ok {
			if ty, ok := v.declaredType(rec.How == modsource.ResolvedModelled); ok {
				in.Dropped = mi.droppedAttributes(n, a.Expr, ty)
			}
		}
		mc.Inputs = append(mc.Inputs, in)
	}
	mi.Evaluator.Add(mc)
}

// unsupportedArguments reports, as Terraform does, the inputs a local
// module does not declare (once per argument) and the variables it
// declares without a default that the call does not pass (once per
// variable, at the call).
func (mi *ModInst) unsupportedArguments(c *Call, child *Module) {
	l := mi.Evaluator.Session
	for _, n := range sortedAttrs(c.Attrs) {
		if _, ok := child.variables[n]; ok {
			continue
		}
		a := c.Attrs[n]
		mi.inputDiag(lint.Diagnostic{
			Range:   l.Rng(a.NameRange),
			Summary: "Unsupported argument",
			Detail:  "an argument named \"" + n + "\" is not expected here: module " + mi.Label("module."+c.name) + " (" + c.Source + ") declares no variable \"" + n + "\"",
		})
	}
	names := make([]string, 0, len(child.variables))
	for n := range child.variables {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if _, passed := c.Attrs[n]; passed || child.variables[n].hasDef {
			continue
		}
		mi.inputDiag(lint.Diagnostic{
			Range:   l.Rng(c.DefRange),
			Summary: "Missing required argument",
			Detail:  fmt.Sprintf("The argument %q is required, but no definition was found.", n),
		})
	}
}

// inputDiag records a diagnostic of a call's inputs once, however many
// roots evaluate the call.
func (mi *ModInst) inputDiag(d lint.Diagnostic) {
	if mi.Evaluator.Session.firstInputDiag(d) {
		mi.Evaluator.VarDiags = append(mi.Evaluator.VarDiags, d)
	}
}

// declared is declaredVariables of m and span, worked out once per load:
// every call of one module at one span shares the map (nothing changes it
// once made), instead of a copy of a stand-in's hundred variables per call.
func (l *Session) declared(m *Module, span modsource.VersionRange) map[string]lint.ModuleVariable {
	key := m.Dir + "\x00" + span.Lo.String() + "\x00" + span.Hi.String()
	l.mu.Lock()
	vars, ok := l.declaredVars[key]
	l.mu.Unlock()
	if ok {
		return vars
	}
	vars = declaredVariables(m, span)
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.declaredVars == nil {
		l.declaredVars = map[string]map[string]lint.ModuleVariable{}
	}
	l.declaredVars[key] = vars
	return vars
}

// declaredVariables are the variables m declares, with the versions of
// its faultline_input_versions entry and whether the versions in span
// declare it.
func declaredVariables(m *Module, span modsource.VersionRange) map[string]lint.ModuleVariable {
	out := make(map[string]lint.ModuleVariable, len(m.variables))
	for n := range m.variables {
		out[n] = lint.ModuleVariable{Declared: lint.Yes}
	}
	versions, ok := inputVersions(m)
	if !ok {
		return out
	}
	for n, cs := range versions {
		if _, declared := out[n]; !declared {
			continue
		}
		list := constraintList(cs)
		out[n] = lint.ModuleVariable{Versions: list, Declared: spanDeclares(span, list)}
	}
	return out
}

// inputVersions is m's faultline_input_versions map (input → the
// constraints of the versions that declare it), read statically; false
// when m has none or it does not read.
func inputVersions(m *Module) (map[string]cty.Value, bool) {
	a, ok := m.locals[inputVersionsLocal]
	if !ok {
		return nil, false
	}
	v, diags := staticValue(a.Expr)
	if diags.HasErrors() || !v.IsWhollyKnown() || v.IsNull() || !(v.Type().IsObjectType() || v.Type().IsMapType()) {
		return nil, false
	}
	return v.AsValueMap(), true
}

// newestOf narrows span to its newest versions as far as m's
// faultline_input_versions tell them apart: from the last version at
// which an input of m was added or removed (within span) on, where every
// input is declared alike. A directory whose inputs never changed is
// alike throughout: span as it is.
func newestOf(m *Module, span modsource.VersionRange) modsource.VersionRange {
	versions, ok := inputVersions(m)
	if !ok {
		return span
	}
	from := span.Lo
	later := func(b modsource.VersionBound) {
		// b is where a change takes effect: before the span's end, and
		// the latest such.
		if b.Version == nil || (modsource.VersionRange{Lo: b, Hi: span.Hi}).Empty() {
			return
		}
		if from.Version == nil || b.Version.GreaterThan(from.Version) || b.Version.Equal(from.Version) && from.Inclusive && !b.Inclusive {
			from = b
		}
	}
	for _, cs := range versions {
		for _, c := range constraintList(cs) {
			r, ok := modsource.ParseConstraint(c)
			if !ok {
				continue
			}
			later(r.Lo)
			if r.Hi.Version != nil {
				// Past an upper bound: the first version it excludes.
				later(modsource.VersionBound{Version: r.Hi.Version, Inclusive: !r.Hi.Inclusive})
			}
		}
	}
	return modsource.VersionRange{Lo: from, Hi: span.Hi}
}

// spanDeclares says whether the versions of span meet one of the
// constraints: all of them (Yes), none (No), or some (Maybe, also when a
// constraint cannot be read).
func spanDeclares(span modsource.VersionRange, constraints []string) lint.Tri {
	none := true
	for _, c := range constraints {
		r, ok := modsource.ParseConstraint(c)
		if !ok {
			return lint.Maybe
		}
		in := span.Intersect(r)
		if in == span {
			return lint.Yes
		}
		if !in.Empty() {
			none = false
		}
	}
	if none {
		return lint.No
	}
	return lint.Maybe
}

// constraintList reads a constraint string or a list of them.
func constraintList(v cty.Value) []string {
	if v.Type() == cty.String {
		return []string{v.AsString()}
	}
	if !v.CanIterateElements() {
		return nil
	}
	var out []string
	for it := v.ElementIterator(); it.Next(); {
		_, e := it.Element()
		if e.Type() == cty.String && !e.IsNull() {
			out = append(out, e.AsString())
		}
	}
	return out
}

// simpleExpr reports whether an input is cheap to evaluate twice: a
// literal, a reference or a template.
func simpleExpr(e hcl.Expression) bool {
	switch e.(type) {
	case *hclsyntax.LiteralValueExpr, *hclsyntax.ScopeTraversalExpr, *hclsyntax.TemplateExpr, *hclsyntax.TemplateWrapExpr, *valueExpr:
		// valueExpr: a Terragrunt unit's input, its value known already.
		return true
	}
	return false
}

func sortedAttrs(attrs map[string]*hcl.Attribute) []string {
	out := make([]string, 0, len(attrs))
	for n := range attrs {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// callRecord is how the call of root at call path resolved.
func (l *Session) callRecord(root, call string) (modsource.ModuleCall, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if i, ok := l.callSeen[root+"\x00"+call]; ok {
		return l.calls[i], true
	}
	return modsource.ModuleCall{}, false
}

// firstInputDiag reports whether d, a diagnostic of a call's inputs, is not
// yet reported (a module called from several roots is evaluated for each).
func (l *Session) firstInputDiag(d lint.Diagnostic) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	k := inputDiagKey(d)
	if l.inputDiags[k] {
		return false
	}
	l.inputDiags[k] = true
	return true
}

// inputDiagKey tells input diagnostics apart: several at one call (each
// missing argument) are each reported.
func inputDiagKey(d lint.Diagnostic) string {
	return d.Range.String() + "\x00" + d.Summary + "\x00" + d.Detail
}

// forgetInputDiags lets the diagnostics ds reported through
// firstInputDiag be reported again (a second pass of the module that
// reported them drops them first).
func (l *Session) forgetInputDiags(ds []lint.Diagnostic) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, d := range ds {
		delete(l.inputDiags, inputDiagKey(d))
	}
}

// elsewhere says, for each input of c that the versions in use do not
// all declare, which versions the built-in models of the module do
// declare it in ("versions >= 17.0.0, < 18.0.0"), when some do.
func (l *Session) elsewhere(c *Call, vars map[string]lint.ModuleVariable) map[string]string {
	key, _, ok := modsource.ModelKey(c.Source)
	if !ok {
		return nil
	}
	dirs := l.models.idx()[key]
	var out map[string]string
	for _, n := range sortedAttrs(c.Attrs) {
		if v, ok := vars[n]; ok && v.Declared == lint.Yes {
			continue
		}
		if text := l.declaringVersions(dirs, n); text != "" {
			if out == nil {
				out = map[string]string{}
			}
			out[n] = text
		}
	}
	return out
}

// noneDeclare are the inputs of c that vars (the model in use) does not
// declare and that no other model of dirs (those the constraint allows,
// or every one when none is written) declares either; nil when a model
// is not read.
func (l *Session) noneDeclare(c *Call, vars map[string]lint.ModuleVariable, dirs []modsource.ModelDir) map[string]bool {
	if len(dirs) == 0 {
		return nil
	}
	var alts []*Module
	for _, d := range dirs {
		m := l.models.module(d.Dir)
		if m == nil {
			return nil
		}
		alts = append(alts, m)
	}
	var out map[string]bool
	for _, n := range sortedAttrs(c.Attrs) {
		if _, ok := vars[n]; ok {
			continue
		}
		if slices.ContainsFunc(alts, func(m *Module) bool { _, ok := m.variables[n]; return ok }) {
			continue
		}
		if out == nil {
			out = map[string]bool{}
		}
		out[n] = true
	}
	return out
}

// declaringVersions describes the runs of version directories whose
// stand-in declares variable name ("" when none does).
func (l *Session) declaringVersions(dirs []modsource.ModelDir, name string) string {
	var runs []string
	start := -1
	flush := func(end int) {
		if start < 0 {
			return
		}
		text := ">= " + dirs[start].First
		if end < len(dirs) {
			text += ", < " + dirs[end].First
		}
		runs = append(runs, text)
		start = -1
	}
	for i, d := range dirs {
		m := l.models.module(d.Dir)
		declared := false
		if m != nil {
			_, declared = m.variables[name]
		}
		switch {
		case declared && start < 0:
			start = i
		case !declared:
			flush(i)
		}
	}
	flush(len(dirs))
	if len(runs) == 0 {
		return ""
	}
	return "versions " + strings.Join(runs, " or ")
}

// ShareDeclared makes the module calls of a kept output (decoded: each
// call has maps of its own) share one map of declared variables with
// every other call whose map is equal, as the calls a session evaluates
// share them (declared): a module called by many roots declares the same
// variables for each.
func (l *Session) ShareDeclared(out *kept.RootOutput) {
	for _, e := range out.Entities {
		mc, ok := e.(*lint.ModuleCall)
		if !ok {
			continue
		}
		mc.Variables = l.sharedVariables(mc.Variables)
		mc.ReadAt = l.sharedVariables(mc.ReadAt)
	}
}

// sharedVariables is the map equal to vars that the session shares.
func (l *Session) sharedVariables(vars map[string]lint.ModuleVariable) map[string]lint.ModuleVariable {
	if len(vars) == 0 {
		return vars
	}
	key := variablesKey(vars)
	l.mu.Lock()
	defer l.mu.Unlock()
	if shared, ok := l.sharedVars[key]; ok {
		return shared
	}
	if l.sharedVars == nil {
		l.sharedVars = map[string]map[string]lint.ModuleVariable{}
	}
	l.sharedVars[key] = vars
	return vars
}

// variablesKey writes out a map of declared variables whole, by name.
func variablesKey(vars map[string]lint.ModuleVariable) string {
	names := make([]string, 0, len(vars))
	for n := range vars {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		v := vars[n]
		fmt.Fprintf(&b, "%q %d %q\n", n, v.Declared, v.Versions)
	}
	return b.String()
}
