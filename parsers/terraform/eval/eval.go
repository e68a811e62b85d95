package eval

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/internal/nesting"
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	"github.com/zclconf/go-cty/cty/function"
)

// maxModuleDepth bounds nested module calls (and breaks call cycles).
const maxModuleDepth = 12

// Evaluator evaluates one root module and the local modules it calls.
type Evaluator struct {
	Session *Session
	Holes   Holes
	funcs   map[string]function.Function
	// fenv is the environment of funcs, while the root is evaluated.
	fenv    *FuncEnv
	Root    *Module
	RootRel string // root module directory relative to the scan, for addresses
	Scope   lint.Scope

	entities []lint.Entity
	Notes    []lint.Note
	// scanned are the modules whose templatefile() calls were recorded
	// (staticTemplates), once each.
	scanned map[*Module]bool
	// calls are the module calls answered without their source, by path
	// without instance keys.
	calls    map[string][]lint.Range
	varFiles []string
	// varFilesChosen says the root's variables files were chosen
	// (--var-file, .faultline.hcl var_files): its other variables files
	// are not guessed at.
	varFilesChosen bool
	// chosenVarFiles are those chosen files (and a wrapper's -var-file).
	chosenVarFiles []string
	// calledElsewhere: module calls of the tree instantiate the root
	// (RootInputs.Elsewhere): a default they leave is in force.
	calledElsewhere bool
	// unknownDefaults are the root's variables read as not known rather
	// than as their defaults, which a variables file Terraform does not
	// load automatically sets otherwise (noteUnloadedVarFiles).
	unknownDefaults map[string]bool
	// rootInputAt is where a variables file sets each root input it
	// gives (rootInputs): where Terraform reports a value its variable's
	// type refuses.
	rootInputAt map[string]hcl.Range
	VarDiags    []lint.Diagnostic
	// named are the managed instances evaluated so far that a data
	// source may look up by name, and late the lookups that came before
	// them (namedlookups.go); lookedUp maps a data source instance that
	// reads one to it, or to the data source instance that looked the
	// same object up first (firstLookups).
	named        map[namedKey][]string
	late         map[namedKey]bool
	lookedUp     map[string]string
	firstLookups map[lookupKey]string
	// rootInst is the evaluated root module instance.
	rootInst *ModInst
	// providerPlaced are the entities made through a kubernetes, helm or
	// kubectl provider configuration (providercluster.go).
	providerPlaced []providerPlaced
	Embedded       []kept.Embedded
	// Templates are the files read as templates (template_file.go).
	Templates []string
	// Unapplied are the resources making Kubernetes objects of which the
	// root makes no instance (unapplied.go).
	Unapplied []lint.Unapplied
	// KustomizationReads are the kustomization files file() reads.
	KustomizationReads []string
	// Written are the tree's files a local_file writes at apply time
	// and the tree lacks.
	Written []kept.Written
	// DocSources are the documents data "kubectl_path_documents" read
	// from files as written, by their text: where each starts.
	DocSources map[string]DocSource
	// RootBudget is the root's evaluation budget (budget.go).
	RootBudget *budget
	// Used are the module directories this root read (residency.go).
	Used map[string]bool
	// rootDir is the root's directory (absolute); remoteReads the data
	// sources that read another root's state (remotestate.go).
	rootDir string
	// beneath are RootInputs.Beneath.
	beneath     []string
	remoteReads []kept.RemoteRead
	// tree is the tree this root reads through; rec, when the session
	// records inputs, what it read (inputs.go); notKept why its output
	// cannot be kept.
	tree    *treefs.Tree
	rec     *cache.Inputs
	notKept string
}

// providerInfo is what a provider configuration tells the model.
type providerInfo struct {
	Scope       lint.Scope
	DefaultTags cty.Value
}

// ModInst is one instance of a module: the root, or a module call instance.
type ModInst struct {
	Evaluator *Evaluator
	Module    *Module
	Path      string // "" for the root, "module.a" or `module.a["k"].module.b`
	// inputs are the values given to the module's variables.
	inputs    map[string]cty.Value
	vars      map[string]cty.Value
	locals    map[string]cty.Value
	resources map[string]map[string]cty.Value // type → name → value
	data      map[string]map[string]cty.Value
	modules   map[string]cty.Value
	outputs   map[string]cty.Value
	providers map[string]providerInfo
	// inherited are the configurations the caller passed down
	// (ChildProviders), which a second pass starts from again.
	inherited map[string]providerInfo
	depth     int
	stack     map[string]bool // module dirs on the call stack
	// Call and parent are the module call of this instance and the module
	// instance that made it (nil for the root).
	Call   *Call
	Parent *ModInst
	// written is, while the extractor reads a resource instance, the
	// instance's value as its block writes it: before the paths the
	// module reads of it are filled in (WrittenAttr).
	written cty.Value
	// inferred is what every entity of this instance rests on that is
	// inferred: the module instance exists only if created.
	inferred []string
	// possibles are the possible instances among them (Object.Possible).
	possibles []lint.PossibleInstance
	// possible are the blocks (by graph key) with possible instances.
	possible map[string]bool
	// rests are, by graph key, what the block's values rest on that is
	// inferred, from the blocks it reads (restsOn): a remote-state read
	// joined to a root by an inferred match.
	rests map[string][]string
	// Model is set on an instance of a built-in stand-in (models.go);
	// anchor is then where its entities are reported in the user's files.
	Model  *modelUse
	anchor hcl.Range
	// cands are the values the user's call of the stand-in writes.
	cands []inputLeaf
	// reuse is set on an alternative version of a stand-in evaluated in
	// part (altplan.go).
	reuse *altReuse
	// ctxs are the contexts built while the current item is evaluated,
	// stable those whose values are all final (contextFor); objs the root
	// objects whose attributes all have their values.
	ctxs, stable map[string]*hcl.EvalContext
	objs         map[string]cty.Value
	// preset are the module calls whose outputs are preset holes until
	// the call is evaluated (callholes.go); presetRead those read so,
	// and seeds the values a second pass reads instead (run).
	preset     map[string]bool
	presetRead []string
	seeds      map[string]cty.Value
	// spans are what each block produced, by graph key, kept when the
	// module writes depends_on (dependson.go).
	spans map[string]span
}

// Addr returns an object's address within the whole root: module path plus
// local address, qualified by the root directory.
func (mi *ModInst) Addr(local string) string {
	if mi.Path != "" {
		local = mi.Path + "." + local
	}
	return mi.Evaluator.RootRel + ":" + local
}

// Label is an address without the root qualifier, for messages.
func (mi *ModInst) Label(local string) string {
	if mi.Path != "" {
		return mi.Path + "." + local
	}
	return local
}

// newModInst is an instance of m with nothing evaluated; the maps of its
// values are sized for the module's items (growing them one by one costs
// a run of a large module more than filling them).
func newModInst(e *Evaluator, m *Module, path string, depth int, stack map[string]bool) *ModInst {
	return &ModInst{
		Evaluator: e, Module: m, Path: path, depth: depth, stack: stack,
		inputs: map[string]cty.Value{}, vars: make(map[string]cty.Value, len(m.variables)), locals: make(map[string]cty.Value, len(m.locals)),
		resources: map[string]map[string]cty.Value{}, data: map[string]map[string]cty.Value{},
		modules: make(map[string]cty.Value, len(m.calls)), outputs: make(map[string]cty.Value, len(m.outputs)), providers: map[string]providerInfo{},
	}
}

// run evaluates every item of the module in dependency order. When
// something read a module call's outputs before the call was evaluated
// (preset holes: two calls reading each other's outputs, as the eks
// module's add-on roles and the IRSA module's provider do), the module —
// the root, or a module of the tree that holds both calls, not a
// built-in stand-in — is evaluated once more with the values the first
// pass gave those calls (secondPass).
func (mi *ModInst) run() {
	g := mi.Module.graph()
	if mi.Call == nil {
		defer mi.Evaluator.noteBudget()
	}
	e := mi.Evaluator
	m, reads := e.mark(), len(e.remoteReads)
	mi.runItems(g)
	if mi.reuse == nil && !mi.inStandIn() && (mi.secondPass(m) || mi.foundLate()) {
		// What the first pass reported once per run is reported again
		// by the second (an unsupported argument of a call).
		e.Session.forgetInputDiags(e.VarDiags[m.diags:])
		e.truncate(m)
		e.remoteReads = e.remoteReads[:reads]
		mi.runItems(g)
	}
	mi.staticTemplates()
	mi.resolveDependsOn()
}

// inStandIn reports whether the instance is a built-in stand-in or lies
// inside one: a stand-in's calls are written to be evaluated in one pass.
func (mi *ModInst) inStandIn() bool {
	for x := mi; x != nil; x = x.Parent {
		if x.Model != nil {
			return true
		}
	}
	return false
}

// secondPass readies the root for its second evaluation when a module
// call's outputs were read as preset holes, the call was evaluated after,
// and what the first pass produced since m holds one of those holes:
// the call's values become the seeds presetCall gives, and everything
// else the first pass set is cleared. It reports false (and changes
// nothing) otherwise.
func (mi *ModInst) secondPass(m evalMark) bool {
	if len(mi.presetRead) == 0 {
		return false
	}
	seeds := map[string]cty.Value{}
	objs := map[string]bool{}
	for _, n := range mi.presetRead {
		if v, ok := mi.modules[n]; ok && !mi.preset[n] {
			seeds[n] = v
			objs[mi.Evaluator.RootRel+":"+mi.Label("module."+n)] = true
			if v.IsKnown() && !v.IsNull() && v.Type().IsTupleType() {
				// A counted call's holes name its instances.
				for i := range v.LengthInt() {
					objs[mi.Evaluator.RootRel+":"+mi.Label(fmt.Sprintf("module.%s[%d]", n, i))] = true
				}
			}
		}
	}
	if len(seeds) == 0 || !mi.Evaluator.presetReached(m, objs, mi.outputs) {
		return false
	}
	mi.reset()
	mi.seeds = seeds
	mi.Evaluator.Session.SecondPasses.Add(1)
	return true
}

// reset clears everything a pass over the module's items set.
func (mi *ModInst) reset() {
	fresh := newModInst(mi.Evaluator, mi.Module, mi.Path, mi.depth, mi.stack)
	mi.vars, mi.locals, mi.resources, mi.data = fresh.vars, fresh.locals, fresh.resources, fresh.data
	mi.modules, mi.outputs, mi.providers = fresh.modules, fresh.outputs, fresh.providers
	for k, v := range mi.inherited {
		mi.providers[k] = v
	}
	mi.ctxs, mi.stable, mi.objs = nil, nil, nil
	mi.preset, mi.presetRead, mi.spans = nil, nil, nil
	mi.possibles, mi.possible = nil, nil
	mi.rests = nil
}

// runItems is one pass over the module's items in dependency order.
func (mi *ModInst) runItems(g *itemGraph) {
	for _, key := range g.order {
		it := g.items[key]
		mi.restsOn(key, it)
		mi.resetContexts()
		if mi.reuse != nil && mi.reuse.take(mi, key, it) {
			continue
		}
		switch it.kind {
		case "var":
			mi.evalVariable(it.name)
		case "local":
			mi.locals[it.name] = mi.Eval(mi.Module.locals[it.name].Expr, nil)
		case "resource":
			s := mi.spanStart()
			mi.evalResource(it.res)
			mi.recordSpan(it.res.key(), s)
		case "module":
			s := mi.spanStart()
			mi.evalCall(mi.earlyCall(it.call))
			mi.recordSpan("module."+it.call.name, s)
		case "output":
			if !mi.outputUnread(it.name) {
				mi.outputs[it.name] = mi.Eval(mi.Module.outputs[it.name].Expr, nil)
			}
		case "provider":
			mi.evalProvider(it.prov)
		}
	}
}

func (mi *ModInst) evalVariable(name string) {
	v := mi.Module.variables[name]
	var val cty.Value
	if in, ok := mi.inputs[name]; ok && !v.nullTakesDefault(in) {
		val = in
	} else if v.hasDef && !(mi.Call == nil && mi.Evaluator.unknownDefaults[name]) {
		mi.vars[name] = mi.defaultOf(v)
		return
	}
	tc := v.typeConstraint()
	if mi.Call == nil && val != cty.NilVal {
		mi.checkRootInput(v, val, tc)
	}
	if val != cty.NilVal && !val.IsKnown() && (tc.ty == cty.String || tc.ty == cty.DynamicPseudoType && val.Type() == cty.String) {
		// A string passed in that is not known statically (a remote
		// state's output no root of the tree writes) is a hole here, as
		// an input given no value is: a trust key built from it keeps
		// its literal parts.
		val = mi.Evaluator.Holes.val(lint.HoleRef{Object: mi.Addr("var." + name)})
	}
	if val == cty.NilVal {
		var obj cty.Value
		switch {
		case tc.ty == cty.DynamicPseudoType:
			obj = mi.holeObject(name)
		case tc.ty.Equals(cty.Map(cty.String)):
			// A map of strings the module reads only key by key
			// (var.tags.env): a map of holes at those keys.
			obj = stringMapOf(mi.holeObject(name))
		}
		switch {
		case obj != cty.NilVal:
			val = obj
		case tc.ty == cty.String || tc.ty == cty.DynamicPseudoType:
			val = mi.Evaluator.Holes.val(lint.HoleRef{Object: mi.Addr("var." + name)})
		case tc.ty.IsObjectType():
			val = mi.holeOfType(name, "", tc.ty)
		default:
			val = cty.UnknownVal(tc.ty)
		}
	}
	mi.vars[name] = mi.typed(val, tc)
}

// stringMapOf is obj, an object of holes holeObject made, as a map of
// strings: NilVal when obj is NilVal or a value in it is no string (a
// key read deeper than a map of strings holds).
func stringMapOf(obj cty.Value) cty.Value {
	if obj == cty.NilVal || !obj.Type().IsObjectType() || obj.LengthInt() == 0 {
		return cty.NilVal
	}
	m := obj.AsValueMap()
	for _, v := range m {
		if v.Type() != cty.String {
			return cty.NilVal
		}
	}
	return cty.MapVal(m)
}

// checkRootInput reports, as `terraform plan` does, a root variable's
// value a variables file gives that its type constraint refuses: "Invalid
// value for input variable" at the value. A value not wholly known, or
// one not from a file, is not judged.
func (mi *ModInst) checkRootInput(v *variable, val cty.Value, tc typeConstraint) {
	at, ok := mi.Evaluator.rootInputAt[v.name]
	if !ok || tc.ty == cty.DynamicPseudoType || !val.IsWhollyKnown() || valueHasSentinel(val) {
		return
	}
	if tc.defaults != nil && !val.IsNull() {
		val = tc.defaults.Apply(val)
	}
	if _, err := convert.Convert(val, tc.ty); err != nil {
		d := v.defRng
		mi.Evaluator.VarDiags = append(mi.Evaluator.VarDiags, lint.Diagnostic{
			Range:   mi.Evaluator.Session.Rng(at),
			Summary: "Invalid value for input variable",
			Detail:  fmt.Sprintf("The given value is not suitable for var.%s declared at %s:%d,%d-%d: %s.", v.name, mi.Evaluator.Session.Rel(d.Filename), d.Start.Line, d.Start.Column, d.End.Column, err),
		})
	}
}

// typed is a variable's value with its type constraint applied: optional
// attributes' defaults filled in, converted to the type.
func (mi *ModInst) typed(val cty.Value, tc typeConstraint) cty.Value {
	if tc.defaults != nil && !val.IsNull() {
		val = tc.defaults.Apply(val)
	}
	if tc.ty != cty.DynamicPseudoType {
		val = mi.convertVar(val, tc.ty)
	}
	return val
}

// defaultOf is a variable's default value with its type constraint
// applied. It depends on the syntax alone, so it is evaluated once per
// parsed module and replayed (its cost charged to the budget again) in
// every later instance where that cannot change the outcome (replay.go).
func (mi *ModInst) defaultOf(v *variable) cty.Value {
	b := mi.Evaluator.Budget()
	if d := v.defaultValue.get(); d != nil && b.replay(d.cost) {
		return d.val
	}
	start := b.begin()
	val, _ := mi.Evaluator.constValue(v.def)
	if val == cty.NilVal {
		val = cty.DynamicVal
	}
	val = mi.typed(val, v.typeConstraint())
	if cost, ok := b.since(start); ok {
		v.defaultValue.put(&defaultValue{val: val, cost: cost})
	}
	return val
}

// Eval evaluates an expression in the module's scope. Errors make the value
// unknown; they are never findings.
func (mi *ModInst) Eval(expr hcl.Expression, extra map[string]cty.Value) cty.Value {
	if expr == nil {
		return cty.NullVal(cty.DynamicPseudoType)
	}
	b := mi.Evaluator.Budget()
	if !b.step() {
		return cty.DynamicVal
	}
	old := b.at(expr.Range())
	defer func() { b.site = old }()
	f := mi.Module.facts(expr)
	ctx := mi.contextFor(f, extra)
	// An expression comparing a hole for equality is unknown: evaluated
	// with the sentinel's text it would decide a condition that cannot be
	// known.
	if f.equality && comparedIn(f.compared, ctx, 0) || mi.jsonComparesHole(expr, ctx) {
		if v, ok := mi.referenceOrEmpty(expr, ctx); ok && b.charge(v, "an expression") {
			return v
		}
		if v, ok := mi.byItems(expr, extra); ok {
			return v
		}
		return cty.DynamicVal
	}
	v, diags, ok := mi.jsonValue(expr, ctx)
	if !ok {
		if x, isSyntax := expr.(hclsyntax.Expression); isSyntax {
			v, ok = elementCall(x, ctx)
		}
	}
	if !ok {
		v, diags = expr.Value(ctx)
	}
	if diags.HasErrors() {
		if x, ok := wholeHoleBranch(expr, ctx); ok {
			v, diags = x.Value(ctx)
		}
	}
	if diags.HasErrors() || v == cty.NilVal || !b.charge(v, "an expression") {
		return cty.DynamicVal
	}
	if !v.IsKnown() {
		if r, ok := mi.referenceOrEmpty(expr, ctx); ok && b.charge(r, "an expression") {
			return r
		}
	}
	return v
}

// wholeHoleBranch is, for a conditional whose condition is known and one of
// whose results is or holds a hole standing for a whole value (a data
// source's list attribute, data.aws_availability_zones.x.names, held as
// one hole string; an object of a resource's attributes, one of them a
// list read as a hole), the result the condition picks: the two results'
// types do not unify as Terraform's (a list and a list) do, so the
// conditional as a whole fails where Terraform gives the branch it takes.
func wholeHoleBranch(expr hcl.Expression, ctx *hcl.EvalContext) (hcl.Expression, bool) {
	c, ok := Unhooked(expr).(*hclsyntax.ConditionalExpr)
	if !ok {
		return nil, false
	}
	cond, diags := c.Condition.Value(ctx)
	if diags.HasErrors() || !cond.IsKnown() || cond.IsNull() || cond.Type() != cty.Bool {
		return nil, false
	}
	t, d1 := c.TrueResult.Value(ctx)
	f, d2 := c.FalseResult.Value(ctx)
	if d1.HasErrors() || d2.HasErrors() || !holdsWholeHole(t) && !holdsWholeHole(f) {
		return nil, false
	}
	if cond.True() {
		return c.TrueResult, true
	}
	return c.FalseResult, true
}

// holdsWholeHole reports whether v is, or holds within its objects,
// tuples and collections, a hole standing for a whole value.
func holdsWholeHole(v cty.Value) bool {
	v, _ = v.UnmarkDeep()
	found := false
	_ = cty.Walk(v, func(_ cty.Path, x cty.Value) (bool, error) {
		if found || isWholeHole(x) {
			found = true
			return false, nil
		}
		return x.IsKnown() && !x.IsNull(), nil
	})
	return found
}

// contextFor is the evaluation context of an expression with those facts:
// what it reads of the module, built once while one item is evaluated (the
// values it reads do not change until the next item: resetContexts), and
// the extra variables (each, count, an iterator) in a child context. A
// context whose every value is final (set, and never set again, or never
// to be set) is kept for the instance's later items too.
func (mi *ModInst) contextFor(f *exprFacts, extra map[string]cty.Value) *hcl.EvalContext {
	b := mi.Evaluator.Budget()
	ctx, ok := mi.ctxs[f.reads]
	if !ok {
		ctx, ok = mi.stable[f.reads]
	}
	if !ok || budgetOf(ctx) != b {
		var final bool
		ctx, final = mi.context(f)
		switch {
		case final:
			if mi.stable == nil {
				mi.stable = map[string]*hcl.EvalContext{}
			}
			mi.stable[f.reads] = ctx
		default:
			if mi.ctxs == nil {
				mi.ctxs = map[string]*hcl.EvalContext{}
			}
			mi.ctxs[f.reads] = ctx
		}
	}
	if len(extra) == 0 {
		return ctx
	}
	child := ctx.NewChild()
	child.Variables = extra
	return child
}

// object is the root object o reads: the attributes it names that have a
// value, kept once all have one. final reports whether it will stay as it
// is: every attribute has its value (each is set once), or the ones
// missing are items the module never sets.
func (mi *ModInst) object(o objectRead) (v cty.Value, final bool) {
	if v, ok := mi.objs[o.key]; ok {
		return v, true
	}
	var src map[string]cty.Value
	switch o.root {
	case "var":
		src = mi.vars
	case "local":
		src = mi.locals
	default:
		src = mi.resources[o.root]
	}
	attrs := make(map[string]cty.Value, len(o.names))
	final = true
	for _, n := range o.names {
		if v, ok := src[n]; ok {
			attrs[n] = v
		} else if _, item := mi.Module.graph().items[o.root+"."+n]; item {
			final = false
		} else if o.root == "var" || o.root == "local" {
			// Declared nowhere (FL000, or a snippet directory that
			// declares none): a value not known, whose literal
			// surroundings ("${local.env}-controller") still count.
			attrs[n] = mi.Evaluator.Holes.val(lint.HoleRef{Object: mi.Addr(o.root + "." + n)})
		}
	}
	if len(attrs) == 0 {
		return cty.NilVal, final
	}
	v = cty.ObjectVal(attrs)
	if len(attrs) == len(o.names) {
		if mi.objs == nil {
			mi.objs = map[string]cty.Value{}
		}
		mi.objs[o.key] = v
	}
	return v, final
}

// resetContexts forgets the contexts built: the module's values changed.
func (mi *ModInst) resetContexts() { clear(mi.ctxs) }

// context builds an evaluation context holding just what the expression
// reads, so evaluation cost does not grow with the module's size. An
// object of variables, locals or resources is kept once every attribute
// it holds has its value (each is set once: it never changes after).
func (mi *ModInst) context(f *exprFacts) (ctx *hcl.EvalContext, final bool) {
	vars := make(map[string]cty.Value, len(f.objects)+1)
	final = true
	for _, o := range f.objects {
		v, fin := mi.object(o)
		final = final && fin
		if v != cty.NilVal {
			vars[o.root] = v
		}
	}
	var nested map[string]map[string]cty.Value
	put := func(root, name string, v cty.Value) {
		if nested == nil {
			nested = map[string]map[string]cty.Value{}
		}
		if nested[root] == nil {
			nested[root] = map[string]cty.Value{}
		}
		nested[root][name] = v
	}
	for _, t := range f.others {
		root := t.RootName()
		name, ok := AttrName(t, 1)
		switch root {
		case "module":
			if ok {
				if v, ok := mi.modules[name]; ok {
					put(root, name, v)
					final = final && !mi.preset[name]
				} else if v, ok := mi.presetCall(name); ok {
					put(root, name, v)
					final = false
				} else if _, item := mi.Module.graph().items["module."+name]; item {
					final = false
				}
			}
		case "path":
			rel, err := filepath.Rel(mi.Evaluator.Root.Dir, mi.Module.Dir)
			if err != nil {
				rel = "."
			}
			vars["path"] = cty.ObjectVal(map[string]cty.Value{
				"module": cty.StringVal(filepath.ToSlash(rel)),
				"root":   cty.StringVal("."),
				"cwd":    cty.StringVal(filepath.ToSlash(mi.Evaluator.Root.Dir)),
			})
		case "terraform":
			vars["terraform"] = cty.ObjectVal(map[string]cty.Value{"workspace": mi.Evaluator.Holes.val(lint.HoleRef{Object: "terraform.workspace"})})
		case "data":
			typ, ok1 := AttrName(t, 1)
			n, ok2 := AttrName(t, 2)
			if ok1 && ok2 {
				v, ok := mi.data[typ][n]
				if !ok {
					_, item := mi.Module.graph().items["data."+typ+"."+n]
					final = final && !item
				}
				if ok {
					if nested == nil {
						nested = map[string]map[string]cty.Value{}
					}
					if nested["data"] == nil {
						nested["data"] = map[string]cty.Value{}
					}
					inner := map[string]cty.Value{}
					if cur, ok := nested["data"][typ]; ok {
						for it := cur.ElementIterator(); it.Next(); {
							k, x := it.Element()
							inner[k.AsString()] = x
						}
					}
					inner[n] = v
					nested["data"][typ] = cty.ObjectVal(inner)
				}
			}

		}
	}
	for root, m := range nested {
		vars[root] = cty.ObjectVal(m)
	}
	vars[budgetVar] = mi.Evaluator.Budget().capsule
	return &hcl.EvalContext{Variables: vars, Functions: mi.Evaluator.funcs}, final
}

// AttrName returns the attribute name at step i of a traversal.
func AttrName(t hcl.Traversal, i int) (string, bool) {
	if len(t) <= i {
		return "", false
	}
	switch s := t[i].(type) {
	case hcl.TraverseAttr:
		return s.Name, true
	case hcl.TraverseIndex:
		if s.Key.Type() == cty.String && s.Key.IsKnown() {
			return s.Key.AsString(), true
		}
	}
	return "", false
}

// evalBody evaluates a body without a schema into an object: attributes,
// nested blocks as tuples of objects, dynamic blocks expanded.
func (mi *ModInst) evalBody(g *Body, extra map[string]cty.Value) cty.Value {
	attrs := make(map[string]cty.Value, len(g.Attrs)+len(g.Blocks))
	for n, a := range g.Attrs {
		attrs[n] = mi.Eval(a.Expr, extra)
	}
	blocks := map[string][]cty.Value{}
	unknown := map[string]bool{}
	shapes := map[string][]cty.Value{}
	var order []string
	for _, b := range g.Blocks {
		typ := b.Type
		var vals []cty.Value
		if typ == "dynamic" && len(b.Labels) == 1 {
			typ = b.Labels[0]
			var known bool
			var shape cty.Value
			if vals, known, shape = mi.expandDynamic(b, extra); !known {
				unknown[typ] = true
				shapes[typ] = append(shapes[typ], shape)
			}
		} else {
			vals = []cty.Value{mi.evalBody(b.Body, extra)}
		}
		if _, ok := blocks[typ]; !ok {
			order = append(order, typ)
		}
		blocks[typ] = append(blocks[typ], vals...)
	}
	for _, typ := range order {
		if _, clash := attrs[typ]; clash {
			continue
		}
		if unknown[typ] {
			// How many blocks a dynamic block makes is not known: nor is
			// the list (a trust's statements are not "none"). What each
			// would hold is kept beside it (MaybeBlocks).
			attrs[typ] = cty.DynamicVal
			attrs[typ+maybeSuffix] = cty.TupleVal(append(append([]cty.Value(nil), blocks[typ]...), shapes[typ]...))
			continue
		}
		attrs[typ] = cty.TupleVal(blocks[typ])
	}
	return cty.ObjectVal(attrs)
}

// maybeSuffix names, beside a list of blocks not known (a dynamic block
// over what is not known), the blocks that may be in it: those written,
// and one per such dynamic block, its content evaluated with an unknown
// iterator. No HCL name holds the NUL.
const maybeSuffix = "\x00maybe"

// MaybeBlocks are the blocks of type typ that may be in body v (an
// evaluated body) when the list itself is not known: each may be absent,
// or repeated; nil when there is no such list.
func MaybeBlocks(v cty.Value, typ string) []cty.Value {
	return BlockList(GetAttr(v, typ+maybeSuffix))
}

// expandDynamic expands a dynamic block into the blocks it makes; known
// is false when its for_each is not known (how many, and what they hold,
// is not known either): shape is then its content evaluated with an
// unknown iterator.
func (mi *ModInst) expandDynamic(b *gblock, extra map[string]cty.Value) (blocks []cty.Value, known bool, shape cty.Value) {
	fe, ok := b.Body.Attrs["for_each"]
	if !ok {
		return nil, true, cty.NilVal
	}
	iter := b.Labels[0]
	if a, ok := b.Body.Attrs["iterator"]; ok {
		if s := TraversalString(a.Expr); s != "" {
			iter = s
		}
	}
	var content *Body
	for _, c := range b.Body.Blocks {
		if c.Type == "content" {
			content = c.Body
		}
	}
	if content == nil {
		return nil, true, cty.NilVal
	}
	coll := mi.Eval(fe.Expr, extra)
	if !coll.IsKnown() || coll.Type() == cty.String && valueHasSentinel(coll) {
		// A hole stands for any value (a variable not set).
		x := map[string]cty.Value{}
		for kk, vv := range extra {
			x[kk] = vv
		}
		x[iter] = cty.ObjectVal(map[string]cty.Value{"key": cty.DynamicVal, "value": cty.DynamicVal})
		return nil, false, mi.evalBody(content, x)
	}
	// A collection known as one makes a block per element, whatever of
	// the elements is not known, as HCL's dynblock expands it.
	if coll.IsNull() || !coll.CanIterateElements() {
		return nil, true, cty.NilVal
	}
	var out []cty.Value
	for it := coll.ElementIterator(); it.Next() && mi.Evaluator.Budget().Ok(); {
		k, v := it.Element()
		if coll.Type().IsSetType() {
			k = v
		}
		x := map[string]cty.Value{}
		for kk, vv := range extra {
			x[kk] = vv
		}
		x[iter] = cty.ObjectVal(map[string]cty.Value{"key": k, "value": v})
		out = append(out, mi.evalBody(content, x))
	}
	return out, true, cty.NilVal
}

// Instance is one expanded instance of a block with count or for_each.
type Instance struct {
	key   cty.Value // NilVal without count / for_each; unknown for a possible instance
	Extra map[string]cty.Value
	// possible is set on the one instance standing for those that exist
	// only if created: what is unknown ("count is", "for_each keys are").
	possible string
}

// suffix renders the instance key as Terraform does: [0] or ["k"]; a
// possible instance, whose key is unknown, is [*].
func (mi *ModInst) suffix(key cty.Value) string {
	if key == cty.NilVal {
		return ""
	}
	if !key.IsKnown() {
		return "[*]"
	}
	if key.Type() == cty.Number {
		return "[" + key.AsBigFloat().Text('f', -1) + "]"
	}
	return "[" + strconv.Quote(mi.Evaluator.Holes.decode(key.AsString()).String()) + "]"
}

// expand evaluates count / for_each into instances (instances.go): those
// whose keys are known, and one possible instance where the count or some
// keys are unknown before apply. invalid says why Terraform itself would
// refuse the value ("" when it would not).
func (mi *ModInst) expand(count, forEach, enabled hcl.Expression) (insts []Instance, invalid string) {
	switch {
	case enabled != nil && count == nil && forEach == nil:
		return mi.dependent(mi.expandEnabled(enabled), enabled, "lifecycle enabled"), ""
	case count != nil:
		insts, invalid = mi.expandCount(mi.Eval(count, nil))
		if unkeyed(insts) {
			if alt, ok := mi.conditionalCount(count); ok {
				insts = alt
			}
		}
		return mi.dependent(insts, count, "count"), invalid
	case forEach != nil:
		v := mi.Eval(forEach, nil)
		insts, invalid = mi.expandForEach(v)
		if invalid != "" {
			mi.refuseListForEach(forEach, v)
		}
		if unkeyed(insts) {
			if alt, ok := mi.conditionalForEach(forEach); ok {
				insts = alt
			}
		}
		return mi.dependent(insts, forEach, "for_each"), invalid
	}
	return []Instance{{key: cty.NilVal}}, ""
}

// disabled reports whether a block is disabled by its OpenTofu lifecycle
// enabled (false): it has no instance, and reads as null.
func disabled(enabled hcl.Expression, insts []Instance) bool {
	return enabled != nil && len(insts) == 0
}

// enabledUnknown is why an instance whose lifecycle enabled is not known
// may not exist.
const enabledUnknown = "its lifecycle enabled is not known statically"

// expandEnabled is the instance of a block whose OpenTofu lifecycle
// enabled is written: none when it is false, the one unkeyed instance
// when true, and that instance as possible when it is not known.
func (mi *ModInst) expandEnabled(enabled hcl.Expression) []Instance {
	v, err := convert.Convert(mi.Eval(enabled, nil), cty.Bool)
	switch {
	case err != nil || !v.IsKnown() || v.IsNull():
		return []Instance{{key: cty.NilVal, possible: enabledUnknown}}
	case v.False():
		return nil
	}
	return []Instance{{key: cty.NilVal}}
}

// refuseListForEach records Terraform's error for a for_each of the
// user's own code whose value is a list or tuple known statically:
// terraform validate refuses it. A stand-in's or cached module's code,
// and a value holding a hole, keep the coverage note alone.
func (mi *ModInst) refuseListForEach(expr hcl.Expression, v cty.Value) {
	ty := v.Type()
	if !(ty.IsListType() || ty.IsTupleType()) || !v.IsWhollyKnown() || valueHasSentinel(v) {
		return
	}
	l := mi.Evaluator.Session
	if mi.Model != nil || l.InCache(mi.Module.Dir) {
		return
	}
	// Recorded by every root that reaches it (the type a caller passes
	// is in the message); the report keeps one of each alike.
	mi.Evaluator.VarDiags = append(mi.Evaluator.VarDiags, lint.Diagnostic{
		Range:   l.Rng(expr.Range()),
		Summary: "Invalid for_each argument",
		Detail:  fmt.Sprintf("The given \"for_each\" argument value is unsuitable: the \"for_each\" argument must be a map, or set of strings, and you have provided a value of type %s.", ty.FriendlyName()),
	})
}

// collect gathers instance values as Terraform exposes them: the object
// itself, a tuple for count, an object for for_each. A possible instance
// is exposed as if it were created (possibleCollection): reads through
// [0], ["k"], splats and one() reach its attributes.
func (mi *ModInst) collect(key string, count, forEach hcl.Expression, keys []cty.Value, vals []cty.Value) cty.Value {
	switch {
	case count != nil:
		return cty.TupleVal(vals)
	case forEach != nil:
		return mi.forEachObject(key, keys, vals)
	}
	if len(vals) == 1 {
		return vals[0]
	}
	return cty.DynamicVal
}

// evalResource evaluates every instance of a resource or data block and
// hands each to the extractor.
func (mi *ModInst) evalResource(r *Resource) {
	b := mi.Evaluator.Budget()
	site := b.at(r.DefRange)
	defer func() { b.site = site }()
	insts, invalid := mi.expand(r.count, r.forEach, r.enabled)
	local := r.key()
	if !b.Ok() {
		mi.store(r, cty.DynamicVal)
		return
	}
	if invalid != "" {
		mi.Evaluator.Notes = append(mi.Evaluator.Notes, lint.Note{Kind: lint.Skipped, What: mi.Label(local) + ": " + invalid + "; not read", Range: mi.Evaluator.Session.Rng(r.DefRange)})
		mi.store(r, cty.DynamicVal)
		return
	}
	mi.notePossible(local, insts, r.DefRange)
	mi.notePossibleBlock(local, insts)
	if len(insts) == 0 {
		mi.unappliedFiles(r)
		mi.unappliedObjects(r)
	}
	keys := make([]cty.Value, 0, len(insts))
	vals := make([]cty.Value, 0, len(insts))
	for _, in := range insts {
		if !b.instance() {
			break
		}
		addrLocal := local + mi.suffix(in.key)
		v := mi.evalBody(r.Body, in.Extra)
		if !b.Ok() {
			break // this instance's values are partly unknown: not extracted
		}
		if r.Data && r.Type == "aws_iam_policy_document" {
			v = mi.policyDocument(v)
		}
		if r.Data && (r.Type == "kubectl_path_documents" || r.Type == "kubectl_file_documents") {
			v = mi.kubectlDocuments(r.Type, v)
		}
		if r.Data && r.Type == "template_file" {
			v = mi.templateFileData(r, addrLocal, v)
		}
		var joined []string
		if _, ok := remoteStateTypes[r.Type]; ok && r.Data {
			v, joined = mi.remoteState(r, addrLocal, v)
		}
		if r.Data && r.Type == "aws_iam_instance_profiles" {
			v = mi.profilesOfRole(v, mi.Addr(addrLocal))
		}
		if r.Data && r.Type == "aws_region" {
			v = mi.regionData(r, v)
		}
		written := v
		v = mi.complete(r, v, mi.Addr(addrLocal), joined...)
		if !r.Data {
			mi.Evaluator.noteNamed(r.Type, v, mi.Addr(addrLocal))
		}
		keys = append(keys, in.key)
		vals = append(vals, mi.readBack(r, v))
		ents, embedded := len(mi.Evaluator.entities), len(mi.Evaluator.Embedded)
		mark := mi.Evaluator.mark()
		mi.written = written
		mi.Evaluator.Session.extractor.Resource(mi, r, addrLocal, v, in.Extra)
		mi.written = cty.NilVal
		mi.Evaluator.markInferred(ents, embedded, mi.instanceMarks(local, in))
		if at, ok := mi.itemAnchor(r.forEach, in); ok {
			mi.Evaluator.anchorModel(mark, at, mi.cands, true)
		}
	}
	if !b.Ok() {
		mi.store(r, cty.DynamicVal)
		return
	}
	if disabled(r.enabled, insts) {
		mi.store(r, cty.NullVal(cty.DynamicPseudoType))
		return
	}
	mi.store(r, mi.collect(local, r.count, r.forEach, keys, vals))
}

// regionData gives data "aws_region" the region it reads, as the AWS
// provider does: the one its region (v6) or name argument names, else
// its provider configuration's, when known; name, region and id are that
// region. Unchanged when an argument is not known, or it finds the region
// by endpoint.
func (mi *ModInst) regionData(r *Resource, v cty.Value) cty.Value {
	region := ""
	for _, arg := range []string{"region", "name"} {
		if x := GetAttr(v, arg); x != cty.NilVal && !x.IsNull() {
			s, ok := mi.Evaluator.Holes.ToValue(x).Str()
			if !ok {
				return v
			}
			region = s
			break
		}
	}
	if x := GetAttr(v, "endpoint"); region == "" && x != cty.NilVal && !x.IsNull() {
		return v
	}
	if region == "" {
		region = mi.ProviderFor(r).Scope.Region
	}
	if region == "" {
		return v
	}
	for _, attr := range []string{"name", "region", "id"} {
		v = setAttr(v, attr, cty.StringVal(region))
	}
	return v
}

// profilesOfRole gives data "aws_iam_instance_profiles" its result: the
// profiles holding the role it names, as a set of one symbolic name (and
// ARN) naming the data source, so tolist(…names)[0] is "a profile of that
// role" rather than unknown. How many profiles the role has is not known;
// every one of them holds it.
func (mi *ModInst) profilesOfRole(v cty.Value, addr string) cty.Value {
	for _, attr := range []string{"names", "arns"} {
		if x := GetAttr(v, attr); x != cty.NilVal && x.IsKnown() && !x.IsNull() {
			continue
		}
		hole := mi.Evaluator.Holes.val(lint.HoleRef{Object: addr, Path: attr})
		v = setAttr(v, attr, cty.SetVal([]cty.Value{hole}))
	}
	return v
}

func (mi *ModInst) store(r *Resource, v cty.Value) {
	target := mi.resources
	if r.Data {
		target = mi.data
	}
	if target[r.Type] == nil {
		target[r.Type] = map[string]cty.Value{}
	}
	target[r.Type][r.Name] = v
}

// nameIsID lists resource types whose id is their name (the AWS
// provider sets an EKS cluster's id to its name too).
var nameIsID = map[string]bool{"aws_iam_role": true, "aws_iam_instance_profile": true, "aws_iam_policy": false, "aws_eks_cluster": true}

// complete fills in what configuration does not say: every attribute some
// expression reads (and id, arn, name) that the configuration leaves unset
// becomes a hole naming this instance's attribute.
func (mi *ModInst) complete(r *Resource, v cty.Value, addr string, joined ...string) cty.Value {
	if nameIsID[r.Type] {
		if n := GetAttr(v, "name"); n != cty.NilVal && n.IsKnown() && !n.IsNull() {
			v = setAttr(v, "id", n)
		}
	}
	if !r.Data && (r.Type == "kubernetes_namespace" || r.Type == "kubernetes_namespace_v1") {
		// The kubernetes provider sets a namespace's id to its name.
		if n := metadataName(v); n != cty.NilVal {
			v = setAttr(v, "id", n)
		}
	}
	if r.Data {
		if found := mi.Evaluator.lookUp(r.Type, GetAttr(v, "name"), addr); found != addr {
			addr = found
		} else {
			addr = mi.sameLookup(r, GetAttr(v, "name"), addr)
		}
	}
	leaf := func(path string) cty.Value { return mi.Evaluator.Holes.val(lint.HoleRef{Object: addr, Path: path}) }
	paths := append([]hcl.Traversal{idPath, arnPath, namePath}, mi.neededPaths(r.key(), r.count != nil || r.forEach != nil)...)
	if len(joined) > 0 {
		// The outputs of a root the read is joined to are all there
		// is: an output they lack is absent (a null one is not in the
		// state), never a value to stand in for.
		paths = slices.DeleteFunc(slices.Clone(paths), func(p hcl.Traversal) bool {
			if len(p) < 2 {
				return false // the object whole (a read passed on as is)
			}
			key, idx, ok := stepKey(p[0])
			return ok && idx < 0 && slices.Contains(joined, key)
		})
	}
	v = ensureAll(v, paths, leaf)
	if arnIsID[r.Type] && !r.Data {
		// Its id reads as its ARN, so that a trust naming the OIDC
		// provider by .id names the provider.
		v = setAttr(v, "id", GetAttr(v, "arn"))
	}
	return v
}

// arnIsID lists resource types whose id the AWS provider sets to their
// ARN (d.SetId of the ARN CreateOpenIDConnectProvider / CreatePolicy
// return).
var arnIsID = map[string]bool{"aws_iam_openid_connect_provider": true, "aws_iam_policy": true}

// metadataName is metadata[0].name of a Kubernetes resource's value when
// it is a known string (a hole's sentinel included), else NilVal.
func metadataName(v cty.Value) cty.Value {
	md := BlockList(GetAttr(v, "metadata"))
	if len(md) == 0 {
		return cty.NilVal
	}
	n := GetAttr(md[0], "name")
	if n == cty.NilVal || !n.IsKnown() || n.IsNull() || n.Type() != cty.String {
		return cty.NilVal
	}
	return n
}

// WrittenAttr is, while the extractor reads a resource instance, the
// value of its argument name as the block writes it (a null written is
// null), before the paths the module reads of the instance are filled
// in with holes naming them; NilVal when the block does not write it,
// or outside an extraction.
func (mi *ModInst) WrittenAttr(name string) cty.Value {
	if mi.written == cty.NilVal {
		return cty.NilVal
	}
	return GetAttr(mi.written, name)
}

// readBack is what a reference to the resource instance v reads where
// the provider stores an argument otherwise than it is written (the
// model reads the arguments as written): an IAM OIDC provider's url is
// kept without its scheme (the AWS provider sets it from
// GetOpenIDConnectProvider, which returns the URL without https://).
func (mi *ModInst) readBack(r *Resource, v cty.Value) cty.Value {
	if r.Type != "aws_iam_openid_connect_provider" {
		return v
	}
	u := GetAttr(v, "url")
	if u == cty.NilVal || !u.IsKnown() || u.IsNull() || u.Type() != cty.String {
		return v
	}
	s := u.AsString()
	switch {
	case strings.HasPrefix(strings.ToLower(s), "https://"):
		return setAttr(v, "url", cty.StringVal(s[len("https://"):]))
	case lint.IsHole(s):
		// An issuer known after apply: what it is without its scheme.
		return setAttr(v, "url", mi.Evaluator.Holes.derived(s, "trimprefix", []cty.Value{u, cty.StringVal("https://")}))
	}
	return v
}

// byItems evaluates an object or tuple constructor that compares a hole
// somewhere inside item by item: only the items that compare one are not
// known (a node group map whose one group filters its subnets by an
// unknown condition keeps its keys and its other settings). False for
// any other expression, or a key not known.
func (mi *ModInst) byItems(expr hcl.Expression, extra map[string]cty.Value) (cty.Value, bool) {
	switch e := Unhooked(expr).(type) {
	case *hclsyntax.ObjectConsExpr:
		attrs := make(map[string]cty.Value, len(e.Items))
		for _, it := range e.Items {
			k := mi.Eval(it.KeyExpr, extra)
			if !k.IsKnown() || k.IsNull() || k.Type() != cty.String {
				return cty.NilVal, false
			}
			attrs[k.AsString()] = mi.Eval(it.ValueExpr, extra)
		}
		return cty.ObjectVal(attrs), true
	case *hclsyntax.TupleConsExpr:
		elems := make([]cty.Value, len(e.Exprs))
		for i, x := range e.Exprs {
			elems[i] = mi.Eval(x, extra)
		}
		return cty.TupleVal(elems), true
	}
	return cty.NilVal, false
}

// The attributes every resource instance has.
var (
	idPath   = hcl.Traversal{hcl.TraverseAttr{Name: "id"}}
	arnPath  = hcl.Traversal{hcl.TraverseAttr{Name: "arn"}}
	namePath = hcl.Traversal{hcl.TraverseAttr{Name: "name"}}
)

// fillNeeded makes every path that the module's expressions read from the
// object key present in one instance value v; with count / for_each the
// paths start with the instance key, which is dropped.
func (mi *ModInst) fillNeeded(v cty.Value, key string, hasKeys bool, leaf func(string) cty.Value) cty.Value {
	return ensureAll(v, mi.neededPaths(key, hasKeys), leaf)
}

// neededPaths are the paths the module's expressions read from one
// instance of the object key (without the instance key, with hasKeys).
func (mi *ModInst) neededPaths(key string, hasKeys bool) []hcl.Traversal {
	all := mi.Module.needed()[key]
	if !hasKeys {
		return all
	}
	out := make([]hcl.Traversal, 0, len(all))
	for _, rest := range all {
		if len(rest) == 0 {
			continue
		}
		if _, ok := rest[0].(hcl.TraverseIndex); !ok {
			continue
		}
		out = append(out, rest[1:])
	}
	return out
}

// evalCall evaluates a module call: local modules are evaluated with their
// inputs; other sources give outputs that are holes.
func (mi *ModInst) evalCall(c *Call) {
	b := mi.Evaluator.Budget()
	site := b.at(c.DefRange)
	defer func() { b.site = site }()
	defer delete(mi.preset, c.name) // its outputs are final once it returns
	insts, invalid := mi.expand(c.count, c.forEach, c.enabled)
	if !b.Ok() {
		mi.modules[c.name] = cty.DynamicVal
		return
	}
	if invalid != "" {
		mi.Evaluator.Notes = append(mi.Evaluator.Notes, lint.Note{Kind: lint.Skipped, What: mi.Label("module."+c.name) + ": " + invalid + "; not read", Range: mi.Evaluator.Session.Rng(c.DefRange)})
		mi.modules[c.name] = cty.DynamicVal
		return
	}
	if disabled(c.enabled, insts) {
		mi.modules[c.name] = cty.NullVal(cty.DynamicPseudoType)
		return
	}
	if mi.Model != nil && len(insts) == 0 {
		// A stand-in's call with no instances (no node groups given).
		mi.modules[c.name] = mi.collect("module."+c.name, c.count, c.forEach, nil, nil)
		return
	}
	child, use := mi.resolveCall(c)
	if len(insts) == 0 && use == nil {
		mi.unappliedCall(c, child)
	}
	mi.recordInputs(c, child, use, insts)
	mi.notePossible("module."+c.name, insts, c.DefRange)
	mi.notePossibleBlock("module."+c.name, insts)
	keys := make([]cty.Value, 0, len(insts))
	vals := make([]cty.Value, 0, len(insts))
	for _, in := range insts {
		if !b.instance() {
			break
		}
		path := mi.Label("module." + c.name + mi.suffix(in.key))
		inf := mi.instanceMarks("module."+c.name, in)
		var out cty.Value
		if child != nil {
			if use != nil {
				out = mi.runModelled(c, child, use, in, path, inf)
			} else {
				out = mi.runChild(c, child, in, path, inf).outputsValue()
			}
		} else {
			out = cty.EmptyObjectVal
			if !modsource.IsLocal(c.Source) {
				ents, embedded := len(mi.Evaluator.entities), len(mi.Evaluator.Embedded)
				mi.Evaluator.Session.extractor.RegistryCall(mi, c, in, path)
				mi.Evaluator.markInferred(ents, embedded, inf)
			}
			at := c.DefRange
			if mi.Model != nil {
				at = mi.anchor
			}
			mi.Evaluator.addCall(path, mi.Evaluator.Session.Rng(at))
		}
		leaf := func(p string) cty.Value {
			return mi.Evaluator.Holes.val(lint.HoleRef{Object: mi.Evaluator.RootRel + ":" + path, Path: p})
		}
		// An output of code read (not a stand-in) that is null is null
		// (var.create ? aws_iam_role.x[0].arn : null with create false):
		// the paths the caller reads are filled around it, not over it.
		var nulls map[string]cty.Value
		if child != nil && use == nil {
			nulls = nullOutputs(out)
		}
		out = mi.fillNeeded(out, "module."+c.name, c.count != nil || c.forEach != nil, leaf)
		out = withAttrs(out, nulls)
		keys = append(keys, in.key)
		vals = append(vals, out)
	}
	if !b.Ok() {
		mi.modules[c.name] = cty.DynamicVal
		return
	}
	mi.modules[c.name] = mi.collect("module."+c.name, c.count, c.forEach, keys, vals)
}

// nullOutputs are the attributes of a module's outputs object that are
// known nulls; nil when none is.
func nullOutputs(out cty.Value) map[string]cty.Value {
	if !out.IsKnown() || out.IsNull() || !out.Type().IsObjectType() {
		return nil
	}
	var nulls map[string]cty.Value
	for name := range out.Type().AttributeTypes() {
		if a := out.GetAttr(name); a.IsKnown() && a.IsNull() {
			if nulls == nil {
				nulls = map[string]cty.Value{}
			}
			nulls[name] = a
		}
	}
	return nulls
}

// withAttrs is object v with the attributes attrs set; v itself when
// attrs is empty or v is no object.
func withAttrs(v cty.Value, attrs map[string]cty.Value) cty.Value {
	if len(attrs) == 0 || !v.IsKnown() || v.IsNull() || !v.Type().IsObjectType() {
		return v
	}
	m := v.AsValueMap()
	for k, a := range attrs {
		m[k] = a
	}
	return cty.ObjectVal(m)
}

func withDir(stack map[string]bool, dir string) map[string]bool {
	out := make(map[string]bool, len(stack)+1)
	for k := range stack {
		out[k] = true
	}
	out[dir] = true
	return out
}

// ChildProviders passes providers down: the caller's defaults, remapped by
// the call's `providers` argument.
func (mi *ModInst) ChildProviders(c *Call, _ map[string]cty.Value) map[string]providerInfo {
	out := map[string]providerInfo{}
	for k, v := range mi.providers {
		if !strings.Contains(k, ".") {
			out[k] = v
		}
	}
	if oc, ok := c.providers.(*hclsyntax.ObjectConsExpr); ok {
		for _, item := range oc.Items {
			k := TraversalString(item.KeyExpr)
			if k == "" {
				if v, d := staticValue(item.KeyExpr); !d.HasErrors() && v.Type() == cty.String {
					k = v.AsString()
				}
			}
			src := TraversalString(item.ValueExpr)
			if p, ok := mi.providers[src]; ok && k != "" {
				out[k] = p
			}
		}
	}
	return out
}

// evalProvider reads a provider configuration's scope and default tags.
func (mi *ModInst) evalProvider(p *provider) {
	v := mi.evalBody(p.body, nil)
	info := providerInfo{DefaultTags: cty.NilVal}
	if p.name == "aws" {
		if r := mi.Evaluator.Holes.ToValue(GetAttr(v, "region")); r.IsKnown() {
			info.Scope.Region, _ = r.Str()
		}
		if ids := GetAttr(v, "allowed_account_ids"); ids != cty.NilVal && ids.IsWhollyKnown() && !ids.IsNull() && ids.CanIterateElements() && ids.LengthInt() == 1 {
			for it := ids.ElementIterator(); it.Next(); {
				_, x := it.Element()
				if s := mi.Evaluator.Holes.ToValue(x); s.IsKnown() {
					info.Scope.Account, _ = s.Str()
				}
			}
		}
		for _, ar := range BlockList(GetAttr(v, "assume_role")) {
			if arn, ok := lint.ParseARN(mi.Evaluator.Holes.ToValue(GetAttr(ar, "role_arn"))); ok {
				if info.Scope.Account == "" {
					info.Scope.Account = arn.Account
				}
				if info.Scope.Partition == "" {
					info.Scope.Partition = arn.Partition
				}
			}
		}
		for _, dt := range BlockList(GetAttr(v, "default_tags")) {
			info.DefaultTags = GetAttr(dt, "tags")
		}
		info.Scope.Credentials = mi.namedCredentials(v)
	}
	key := p.name
	if p.alias != "" {
		key += "." + p.alias
	}
	mi.providers[key] = info
}

// namedCredentials is the credentials source an AWS provider
// configuration names (lint.Scope.Credentials): its profile and the shared
// credentials and config files, each known. Empty when no profile is
// set, a value is not known, or the configuration assumes a role or gives
// keys of its own (the identity is then another than the profile's).
func (mi *ModInst) namedCredentials(v cty.Value) string {
	for _, other := range []string{"assume_role", "assume_role_with_web_identity"} {
		if len(BlockList(GetAttr(v, other))) > 0 {
			return ""
		}
	}
	for _, key := range []string{"access_key", "secret_key", "token"} {
		if x := GetAttr(v, key); x != cty.NilVal && !x.IsNull() {
			return ""
		}
	}
	profile, ok := mi.Evaluator.Holes.ToValue(GetAttr(v, "profile")).Str()
	if !ok || profile == "" {
		return ""
	}
	parts := []string{"profile=" + profile}
	if file := GetAttr(v, "shared_credentials_file"); file != cty.NilVal && !file.IsNull() {
		// The one-file form of provider versions before 5.0.
		name, ok := mi.Evaluator.Holes.ToValue(file).Str()
		if !ok {
			return ""
		}
		parts = append(parts, "shared_credentials_file="+name)
	}
	for _, key := range []string{"shared_credentials_files", "shared_config_files"} {
		files := GetAttr(v, key)
		if files == cty.NilVal || files.IsNull() {
			continue
		}
		if !files.IsWhollyKnown() || !files.CanIterateElements() {
			return ""
		}
		var names []string
		for it := files.ElementIterator(); it.Next(); {
			_, x := it.Element()
			name, ok := mi.Evaluator.Holes.ToValue(x).Str()
			if !ok {
				return ""
			}
			names = append(names, name)
		}
		parts = append(parts, key+"="+strings.Join(names, ","))
	}
	return strings.Join(parts, ";")
}

// ProviderFor returns the provider configuration a resource uses.
func (mi *ModInst) ProviderFor(r *Resource) providerInfo {
	key := r.provider
	if key == "" {
		key = r.Type
		if i := strings.IndexByte(key, '_'); i > 0 {
			key = key[:i]
		}
	}
	return mi.providers[key]
}

// graph orders a module's items so each is evaluated after what it reads.
type graphItem struct {
	kind, name string
	res        *Resource
	call       *Call
	prov       *provider
	deps       []string
}

type itemGraph struct {
	items map[string]*graphItem
	order []string
}

func (m *Module) graph() *itemGraph {
	m.once.graph.Do(func() { m.cache.graph = m.buildGraph() })
	return m.cache.graph
}

func (m *Module) buildGraph() *itemGraph {
	g := &itemGraph{items: map[string]*graphItem{}}
	add := func(key string, it *graphItem, exprs []hcl.Expression) {
		for _, e := range exprs {
			if e == nil {
				continue
			}
			for _, t := range m.facts(e).vars {
				if d := depKey(t); d != "" {
					it.deps = append(it.deps, d)
				}
			}
		}
		g.items[key] = it
	}
	for n := range m.variables {
		add("var."+n, &graphItem{kind: "var", name: n}, nil)
	}
	for _, p := range m.providers {
		key := "provider." + p.name
		if p.alias != "" {
			key += "." + p.alias
		}
		add(key, &graphItem{kind: "provider", name: key, prov: p}, p.body.expressions())
	}
	var providerKeys []string
	for k := range g.items {
		if strings.HasPrefix(k, "provider.") {
			providerKeys = append(providerKeys, k)
		}
	}
	for n, a := range m.locals {
		add("local."+n, &graphItem{kind: "local", name: n}, []hcl.Expression{a.Expr})
	}
	for _, r := range m.Resources {
		it := &graphItem{kind: "resource", name: r.key(), res: r, deps: resourceProviderKeys(r)}
		add(r.key(), it, append(append(r.Body.expressions(), r.count, r.forEach, r.enabled), r.Commands...))
	}
	for _, c := range m.calls {
		var exprs []hcl.Expression
		for _, a := range c.Attrs {
			exprs = append(exprs, a.Expr)
		}
		it := &graphItem{kind: "module", name: c.name, call: c, deps: callProviderKeys(c, providerKeys)}
		add("module."+c.name, it, append(exprs, c.count, c.forEach, c.enabled, c.sourceExpr, c.versionExpr))
	}
	for n, a := range m.outputs {
		add("output."+n, &graphItem{kind: "output", name: n}, []hcl.Expression{a.Expr})
	}
	keys := make([]string, 0, len(g.items))
	for k := range g.items {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	state := map[string]int{}
	var visit func(k string)
	visit = func(k string) {
		if state[k] != 0 {
			return // done, or a cycle: evaluated with what is there
		}
		state[k] = 1
		it := g.items[k]
		deps := append([]string(nil), it.deps...)
		sort.Strings(deps)
		for _, d := range deps {
			if _, ok := g.items[d]; ok {
				visit(d)
			}
		}
		state[k] = 2
		g.order = append(g.order, k)
	}
	for _, k := range modulesFirst(g, keys) {
		visit(k)
	}
	return g
}

// depKey maps a traversal to the graph item it reads.
func depKey(t hcl.Traversal) string {
	root := t.RootName()
	switch root {
	case "var", "local", "module":
		if n, ok := AttrName(t, 1); ok {
			return root + "." + n
		}
	case "data":
		typ, ok1 := AttrName(t, 1)
		n, ok2 := AttrName(t, 2)
		if ok1 && ok2 {
			return "data." + typ + "." + n
		}
	case "count", "each", "path", "terraform", "self":
	default:
		if n, ok := AttrName(t, 1); ok {
			return root + "." + n
		}
	}
	return ""
}

// needed maps each resource, data source and module call to the attribute
// paths that expressions of the module read from it.
func (m *Module) needed() map[string][]hcl.Traversal {
	m.once.needed.Do(func() {
		out := map[string][]hcl.Traversal{}
		seen := map[string]bool{}
		aliases := m.localAliases()
		for _, e := range m.bodyExpressions() {
			if e == nil {
				continue
			}
			f := m.facts(e)
			for _, t := range slices.Concat(f.vars, f.splats) {
				t = throughAliases(t, aliases)
				key := depKey(t)
				if key == "" || strings.HasPrefix(key, "var.") || strings.HasPrefix(key, "local.") {
					continue
				}
				skip := 2
				if strings.HasPrefix(key, "data.") {
					skip = 3
				}
				if len(t) < skip {
					continue
				}
				rest := t[skip:]
				k := key + "\x00" + traversalPath(rest)
				if seen[k] {
					continue
				}
				seen[k] = true
				out[key] = append(out[key], rest)
			}
		}
		for _, paths := range out {
			// A deeper path first: it makes the object a shallower one
			// (the whole outputs a local takes) then finds there.
			slices.SortStableFunc(paths, func(a, b hcl.Traversal) int { return len(b) - len(a) })
		}
		m.cache.needed = out
	})
	return m.cache.needed
}

// localAliases are the module's locals whose expression is a bare
// reference to an object (locals { platform =
// data.terraform_remote_state.platform.outputs }), by name, and the
// items of a local written as an object of such references (locals {
// providers = { east = module.east.provider } }), by name and key joined
// by aliasKeySep.
func (m *Module) localAliases() map[string]hcl.Traversal {
	out := map[string]hcl.Traversal{}
	for name, a := range m.locals {
		switch x := Unhooked(a.Expr).(type) {
		case *hclsyntax.ScopeTraversalExpr:
			out[name] = x.Traversal
		case *hclsyntax.ObjectConsExpr:
			for _, it := range x.Items {
				key, ok := staticKey(it.KeyExpr)
				st, isRef := Unhooked(it.ValueExpr).(*hclsyntax.ScopeTraversalExpr)
				if ok && isRef {
					out[name+aliasKeySep+key] = st.Traversal
				}
			}
		}
	}
	return out
}

// aliasKeySep joins a local's name and an item key in localAliases.
const aliasKeySep = "\x00"

// staticKey is an object constructor item's key written as a bare name or
// a literal string.
func staticKey(expr hcl.Expression) (string, bool) {
	if k, ok := Unhooked(expr).(*hclsyntax.ObjectConsKeyExpr); ok {
		if name := hcl.ExprAsKeyword(k.Wrapped); name != "" && !k.ForceNonLiteral {
			return name, true
		}
		expr = k.Wrapped
	}
	if t, ok := Unhooked(expr).(*hclsyntax.TemplateExpr); ok && t.IsStringLiteral() {
		v, diags := t.Value(nil)
		if !diags.HasErrors() && v.Type() == cty.String && v.IsKnown() && !v.IsNull() {
			return v.AsString(), true
		}
	}
	return "", false
}

// throughAliases rewrites a traversal of a local that aliases an object
// (localAliases) as the same traversal of that object, so what is read
// through the local is needed of the object: local.platform.arn is
// data.terraform_remote_state.platform.outputs.arn. A few hops at most.
func throughAliases(t hcl.Traversal, aliases map[string]hcl.Traversal) hcl.Traversal {
	for range 4 {
		if len(t) < 3 || t.RootName() != "local" {
			return t
		}
		name, ok := AttrName(t, 1)
		if !ok {
			return t
		}
		if alias, found := aliases[name]; found {
			t = append(slices.Clone(alias), t[2:]...)
			continue
		}
		key, isKey := keyStep(t[2])
		alias, found := aliases[name+aliasKeySep+key]
		if !isKey || !found {
			return t
		}
		t = append(slices.Clone(alias), t[3:]...)
	}
	return t
}

// keyStep is the name an attribute step or a string index step reads.
func keyStep(s hcl.Traverser) (string, bool) {
	switch x := s.(type) {
	case hcl.TraverseAttr:
		return x.Name, true
	case hcl.TraverseIndex:
		if x.Key.IsKnown() && !x.Key.IsNull() && x.Key.Type() == cty.String {
			return x.Key.AsString(), true
		}
	}
	return "", false
}

// RefHole is the hole naming what expr reads when expr is one reference
// to an object of the module (module.roles.arn, data.x.y.id,
// aws_iam_role.r.arn, var.v, local.l): what a value wholly unknown there
// (a reference Terraform refuses, a module whose code is not read) is
// called in messages. False for anything else.
func (mi *ModInst) RefHole(expr hcl.Expression) (lint.HoleRef, bool) {
	if expr == nil {
		return lint.HoleRef{}, false
	}
	t, diags := hcl.AbsTraversalForExpr(expr)
	if diags.HasErrors() {
		return lint.HoleRef{}, false
	}
	key := depKey(t)
	if key == "" {
		return lint.HoleRef{}, false
	}
	steps := 2
	if t.RootName() == "data" {
		steps = 3
	}
	return lint.HoleRef{Object: mi.Addr(key), Path: traversalPath(t[steps:])}, true
}

// traversalPath renders relative traversal steps: a.b[0]["k"].
func traversalPath(t hcl.Traversal) string {
	var b strings.Builder
	for _, s := range t {
		switch x := s.(type) {
		case hcl.TraverseAttr:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(x.Name)
		case hcl.TraverseIndex:
			switch {
			case x.Key.Type() == cty.Number && x.Key.IsKnown():
				b.WriteString("[" + x.Key.AsBigFloat().Text('f', -1) + "]")
			case x.Key.Type() == cty.String && x.Key.IsKnown():
				b.WriteString("[" + strconv.Quote(x.Key.AsString()) + "]")
			default:
				b.WriteString("[?]")
			}
		}
	}
	return b.String()
}

// ensure returns v with the path present: missing, null or unknown leaves
// become leaf(path) holes. Paths into values of other shapes are left alone
// (reading them fails, and the reading expression becomes unknown).
func ensure(v cty.Value, steps hcl.Traversal, sofar string, leaf func(string) cty.Value) cty.Value {
	out, _ := ensureAt(v, steps, sofar, leaf)
	return out
}

// ensureAt is ensure that also reports whether the result differs from v;
// when it does not, v itself is returned (nothing is rebuilt). An object
// or tuple rebuilt from its own unchanged elements would equal v, so it is
// not rebuilt; a map or list that a step passes through is turned into an
// object or tuple as before, which is a change.
func ensureAt(v cty.Value, steps hcl.Traversal, sofar string, leaf func(string) cty.Value) (cty.Value, bool) {
	if len(steps) == 0 {
		if v == cty.NilVal || v.IsNull() || !v.IsKnown() {
			return leaf(sofar), true
		}
		return v, false
	}
	step, rest := steps[0], steps[1:]
	key, idx, ok := stepKey(step)
	if !ok {
		return v, false
	}
	// A hole made for the whole value (read whole elsewhere in the same
	// expression) is no value either: the path is made under it, so the
	// reads do not depend on their order.
	absent := v == cty.NilVal || v.IsNull() || !v.IsKnown() || isWholeHole(v)
	if idx >= 0 {
		path := sofar + "[" + strconv.FormatInt(idx, 10) + "]"
		if absent {
			// A list read at index idx has at least idx+1 elements: the
			// ones before it are holes of their own
			// (data.aws_availability_zones.x.names[1]).
			if idx > maxEnsuredIndex {
				return v, false
			}
			elems := leaves(nil, idx, sofar, leaf)
			x, _ := ensureAt(cty.NilVal, rest, path, leaf)
			return cty.TupleVal(append(elems, x)), true
		}
		ty := v.Type()
		if !ty.IsTupleType() && !ty.IsListType() {
			return v, false
		}
		elems := v.AsValueSlice()
		if idx >= int64(len(elems)) {
			// Past the end of a list this made of holes (names[0] read
			// before names[1]) it grows; past a list the configuration
			// gives, the index is out of range.
			if !ty.IsTupleType() || idx > maxEnsuredIndex || !madeOfLeaves(elems, sofar, leaf) {
				return v, false
			}
			elems = leaves(elems, idx, sofar, leaf)
			x, _ := ensureAt(cty.NilVal, rest, path, leaf)
			return cty.TupleVal(append(elems, x)), true
		}
		x, changed := ensureAt(elems[idx], rest, path, leaf)
		if !changed && ty.IsTupleType() {
			return v, false
		}
		elems[idx] = x
		return cty.TupleVal(elems), true
	}
	path := key
	if sofar != "" {
		path = sofar + "." + key
	}
	if absent {
		x, _ := ensureAt(cty.NilVal, rest, path, leaf)
		return cty.ObjectVal(map[string]cty.Value{key: x}), true
	}
	ty := v.Type()
	if !ty.IsObjectType() && !ty.IsMapType() {
		return v, false
	}
	if ty.IsObjectType() {
		cur, has := cty.NilVal, ty.HasAttribute(key)
		if has {
			cur = v.GetAttr(key)
		}
		// An attribute that was not there is added even when what it
		// becomes is nothing (a path past the end of a missing list).
		x, changed := ensureAt(cur, rest, path, leaf)
		if !changed && has {
			return v, false
		}
		m := v.AsValueMap()
		if m == nil {
			m = map[string]cty.Value{}
		}
		m[key] = x
		return cty.ObjectVal(m), true
	}
	m := map[string]cty.Value{}
	for it := v.ElementIterator(); it.Next(); {
		k, x := it.Element()
		m[k.AsString()] = x
	}
	cur, ok := m[key]
	if !ok {
		cur = cty.NilVal
	}
	m[key], _ = ensureAt(cur, rest, path, leaf)
	return cty.ObjectVal(m), true
}

// maxEnsuredIndex is the largest index ensure makes a list of holes for:
// a list read further in is left alone (its elements are not made up by
// the hundred).
const maxEnsuredIndex = 63

// leaves appends to elems the holes of the elements after them up to (not
// including) index n of the list at sofar.
func leaves(elems []cty.Value, n int64, sofar string, leaf func(string) cty.Value) []cty.Value {
	for j := int64(len(elems)); j < n; j++ {
		elems = append(elems, leaf(sofar+"["+strconv.FormatInt(j, 10)+"]"))
	}
	return elems
}

// madeOfLeaves reports whether every element of a list at sofar is the
// hole ensure makes for it: a list it made up, not one configuration
// gives.
func madeOfLeaves(elems []cty.Value, sofar string, leaf func(string) cty.Value) bool {
	for j, x := range elems {
		if !x.RawEquals(leaf(sofar + "[" + strconv.Itoa(j) + "]")) {
			return false
		}
	}
	return true
}

// stepKey is what one step of an ensured path names: an attribute or
// string key (idx -1), or an index (key ""); false for a step ensure
// leaves alone (an unknown key, a key of another type, a splat).
func stepKey(step hcl.Traverser) (key string, idx int64, ok bool) {
	idx = -1
	switch s := step.(type) {
	case hcl.TraverseAttr:
		return s.Name, idx, true
	case hcl.TraverseIndex:
		switch {
		case !s.Key.IsKnown():
			return "", idx, false
		case s.Key.Type() == cty.String:
			return s.Key.AsString(), idx, true
		case s.Key.Type() == cty.Number:
			idx, _ = s.Key.AsBigFloat().Int64()
			return "", idx, true
		}
	}
	return "", idx, false
}

// ensureAll is ensure of each path in turn, with an object rebuilt once
// for all of them: on an object each path can change only the attribute
// its first step names (an index step leaves an object alone), so the
// attributes are worked out one after the other and put in together.
func ensureAll(v cty.Value, paths []hcl.Traversal, leaf func(string) cty.Value) cty.Value {
	if v == cty.NilVal || v.IsNull() || !v.IsKnown() || !v.Type().IsObjectType() {
		for _, p := range paths {
			v = ensure(v, p, "", leaf)
		}
		return v
	}
	var changed map[string]cty.Value
	for _, p := range paths {
		if len(p) == 0 {
			continue
		}
		key, idx, ok := stepKey(p[0])
		if !ok || idx >= 0 {
			continue
		}
		cur, has := changed[key]
		if !has {
			cur = cty.NilVal
			if has = v.Type().HasAttribute(key); has {
				cur = v.GetAttr(key)
			}
		}
		if x, ch := ensureAt(cur, p[1:], key, leaf); ch || !has {
			if changed == nil {
				changed = map[string]cty.Value{}
			}
			changed[key] = x
		}
	}
	if len(changed) == 0 {
		return v
	}
	m := v.AsValueMap()
	if m == nil {
		m = make(map[string]cty.Value, len(changed))
	}
	for k, x := range changed {
		m[k] = x
	}
	return cty.ObjectVal(m)
}

// GetAttr reads an attribute or map key; NilVal when absent.
func GetAttr(v cty.Value, name string) cty.Value {
	if v == cty.NilVal || !v.IsKnown() || v.IsNull() {
		return cty.NilVal
	}
	ty := v.Type()
	switch {
	case ty.IsObjectType():
		if ty.HasAttribute(name) {
			return v.GetAttr(name)
		}
	case ty.IsMapType():
		k := cty.StringVal(name)
		if v.HasIndex(k).True() {
			return v.Index(k)
		}
	}
	return cty.NilVal
}

func setAttr(v cty.Value, name string, x cty.Value) cty.Value {
	if v == cty.NilVal || !v.IsKnown() || v.IsNull() || !v.Type().IsObjectType() {
		return v
	}
	m := v.AsValueMap()
	if m == nil {
		m = map[string]cty.Value{}
	}
	m[name] = x
	return cty.ObjectVal(m)
}

// BlockList reads a nested block as a list of objects: tuples and lists of
// blocks, or one object (JSON syntax).
func BlockList(v cty.Value) []cty.Value {
	if v == cty.NilVal || !v.IsKnown() || v.IsNull() {
		return nil
	}
	ty := v.Type()
	switch {
	case ty.IsTupleType() || ty.IsListType() || ty.IsSetType():
		return v.AsValueSlice()
	case ty.IsObjectType() || ty.IsMapType():
		return []cty.Value{v}
	}
	return nil
}

// ParseExpr parses a --var or configured variable value, refusing
// nesting the parser would overflow its stack on.
func ParseExpr(src string) (hcl.Expression, hcl.Diagnostics) {
	if x := nesting.HCLExpression([]byte(src)); x != nil {
		return nil, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "Nesting too deep", Detail: x.Error()}}
	}
	return hclsyntax.ParseExpression([]byte(src), "<var>", hcl.InitialPos)
}

var instanceKeys = regexp.MustCompile(`\[[^\]]*\]`)

// addCall records a module call answered without its source, once per
// call (its instances share the block).
func (e *Evaluator) addCall(path string, r lint.Range) {
	key := instanceKeys.ReplaceAllString(path, "")
	if e.calls == nil {
		e.calls = map[string][]lint.Range{}
	}
	for _, x := range e.calls[key] {
		if x == r {
			return
		}
	}
	e.calls[key] = append(e.calls[key], r)
}

// Add adds an entity of the root.
func (e *Evaluator) Add(ent lint.Entity) { e.entities = append(e.entities, ent) }

// Entities are the entities added so far, in the order they were added.
func (e *Evaluator) Entities() []lint.Entity { return e.entities }

// OutputValues are the root's outputs as model values.
func (e *Evaluator) OutputValues() map[string]lint.Value {
	out := map[string]lint.Value{}
	for k, v := range e.rootInst.outputs {
		out[k] = e.Holes.ToValue(v)
	}
	return out
}

// PathEnv is the environment relative paths of the root resolve in (its
// directory, and what lies beneath it: RootInputs.Beneath), for readers
// outside evaluation (a chart a release names).
func (e *Evaluator) PathEnv() FuncEnv {
	return FuncEnv{Tree: e.Tree(), Cwd: e.Root.Dir, Beneath: e.beneath}
}
