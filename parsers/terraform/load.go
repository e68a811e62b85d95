// Package terraform evaluates Terraform configuration (HCL and JSON) into
// model entities: variables, locals, count / for_each, local modules and
// Terraform's functions are evaluated with hcl and cty; values that cannot
// be known statically become symbolic holes naming their reference.
package terraform

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/faultline-dev/faultline/internal/runbudget"
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

// Options configure a load.
type Options struct {
	// Root is the absolute scan root.
	Root string
	// Tree confines every file read (configuration, tfvars, file(),
	// templatefile(), local modules); nil means a tree of Root alone.
	Tree *treefs.Tree
	// Vars are --var NAME=VALUE assignments, applied to every root module.
	Vars map[string]string
	// VarFiles are --var-file paths (absolute), applied to every root.
	VarFiles []string
	// VarFileData are the --var-file contents already read, by path (a
	// pipe can be read once); files not in it are read here.
	VarFileData map[string][]byte
	// ScopeFor returns the configured scope of a directory (may be nil).
	ScopeFor func(absDir string) lint.Scope
	// Rel turns an absolute path into the path reported in ranges.
	Rel func(abs string) string
	// Holes is the run's sentinel codec (a new one when nil).
	Holes *lint.Holes
	// InputsFor returns configured variables and variable files for a root
	// module directory (.faultline.hcl terraform blocks); they apply after
	// the module's own tfvars and before --var-file and --var.
	InputsFor func(absDir string) (vars map[string]string, varFiles []string)
	// Budget is the run's budget: each root is a unit of it, in path
	// order, and roots are evaluated as many at once as its memory holds.
	// Nil: no run-wide budget (the default memory still bounds how many
	// roots are evaluated at once).
	Budget *runbudget.Ledger
	// Units are roots composed outside Terraform's own files (Terragrunt
	// units), evaluated after the root modules, each after the units it
	// depends on.
	Units []Unit
	// UnitModules are module directories units call that are left out
	// (Terragrunt's skip / exclude): modules, not roots of their own.
	UnitModules []string
}

// Result is what a load produced.
type Result struct {
	Entities    []lint.Entity
	Diagnostics []lint.Diagnostic
	Notes       []lint.Note
	// Files are the configuration and variable files read.
	Files []string
	// Roots are the root module directories evaluated.
	Roots []string
	// Embedded is Kubernetes YAML written inside Terraform, for the
	// manifest parser.
	Embedded []Embedded
	// Templates are the files (absolute) Terraform reads as templates for
	// a manifest or a data "template_file": they are read as rendered,
	// never as manifests of their own.
	Templates []string
	// Calls are the module calls whose source is not in the tree (registry
	// and remote modules), by call path without instance keys
	// ("module.eks", "module.platform.module.eks"): where a plan's module
	// internals are anchored.
	Calls map[string][]lint.Range
	// Modules are every module call evaluated and how it resolved (local,
	// cached, modelled, unknown), by root and call path.
	Modules []ModuleCall
}

type loader struct {
	opts Options
	mu   sync.Mutex
	mods map[string]*lazyModule
	// refused are files the tree would not read, and module caches that
	// could not be read, as notes.
	refused []lint.Note
	// caches are the root modules' module caches; cacheDirs the
	// directories holding cached code.
	caches    map[string]*lazyCache
	cacheDirs map[string]bool
	// calls are the module calls resolved, once per root and call path.
	calls    []ModuleCall
	callSeen map[string]int
	// inputDiags are the unsupported arguments reported (callinputs.go).
	inputDiags map[string]bool
	// models are the built-in stand-ins, parsed when a call needs one.
	models modelSet
	// info, reach and pending decide when parsed modules are released
	// (residency.go).
	info    map[string]*modInfo
	reach   map[string][]string
	pending map[string]int
	// keep is how many bytes of source parseAll keeps parsed.
	keep int64
	// declaredVars are the variables a module declares at a span of
	// versions, shared by the calls (callinputs.go).
	declaredVars map[string]map[string]lint.ModuleVariable
	// altPlans are the plans of evaluating one version of a stand-in in
	// place of another, by the two directories (altplan.go).
	altPlans map[[2]string]*altPlan
	// allOutputs evaluates every output of every stand-in instance, read
	// or not (tests compare: outputsread.go); unread counts those left out.
	allOutputs bool
	unread     atomic.Int64
	// wholeAlternatives evaluates every alternative whole (tests compare).
	wholeAlternatives bool
	// inPart and whole count the alternatives evaluated in part and whole.
	inPart, whole atomic.Int64
	// freeFuncs are the function tables no root is using (funcTable).
	freeFuncs []*funcTable
	// byDir are the evaluation items by directory; keepOutputs is set
	// when some root may read another's outputs (a unit's dependency, a
	// remote-state read); join is the second pass (remotestate.go).
	byDir       map[string]int
	keepOutputs bool
	join        *join
}

type lazyCache struct {
	once sync.Once
	c    *modCache
}

type lazyModule struct {
	once sync.Once
	m    *module
}

// module returns the parsed module in dir, or nil when dir is outside the
// root or holds no configuration. It is parsed once while in use; after
// release (residency.go) a later request parses it again, and only the
// first parse records its refused files and summary.
func (l *loader) module(dir string) *module {
	dir = filepath.Clean(dir)
	if !l.opts.Tree.Contains(dir) {
		return nil
	}
	l.mu.Lock()
	lm, ok := l.mods[dir]
	if !ok {
		lm = &lazyModule{}
		l.mods[dir] = lm
	}
	l.mu.Unlock()
	lm.once.Do(func() {
		first := l.firstParse(dir)
		names, refused, err := configFiles(l.opts.Tree, dir)
		if first {
			l.refuse(refused)
		}
		if err == nil && len(names) > 0 {
			lm.m = instrument(loadModule(l.opts.Tree, dir))
		}
		if first {
			l.setInfo(dir, summarize(lm.m))
		}
	})
	return lm.m
}

// newLoader makes a loader; without a Tree, the tree is Root alone.
func newLoader(opts Options) *loader {
	if opts.Tree == nil && opts.Root != "" {
		opts.Tree = treefs.New([]string{opts.Root}, "")
	}
	return &loader{opts: opts, mods: map[string]*lazyModule{}, caches: map[string]*lazyCache{}, cacheDirs: map[string]bool{}, callSeen: map[string]int{}, inputDiags: map[string]bool{}, keep: keepParsed}
}

// refuse records files the tree would not read as coverage notes.
func (l *loader) refuse(rs []refusal) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, r := range rs {
		l.refused = append(l.refused, refusedNote(l.rel, r))
	}
}

func (l *loader) holes() *lint.Holes {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.opts.Holes == nil {
		l.opts.Holes = lint.NewHoles()
	}
	return l.opts.Holes
}

func (l *loader) rel(p string) string {
	if l.opts.Rel != nil {
		return l.opts.Rel(p)
	}
	return filepath.ToSlash(p)
}

// rng converts an hcl range into a model range.
func (l *loader) rng(r hcl.Range) lint.Range {
	if r.Filename == "" {
		return lint.Range{}
	}
	file := r.Filename
	if !isModelFile(file) {
		file = l.rel(file)
	}
	return lint.Range{File: file, Line: r.Start.Line, Column: r.Start.Column, EndLine: r.End.Line, EndColumn: r.End.Column}
}

// Load parses every module directory in dirs, finds the root modules (those
// no other directory calls as a local module), and evaluates each root with
// the local modules it calls.
func Load(dirs []string, opts Options) Result {
	return newLoader(opts).load(dirs)
}

// load is Load with this loader.
func (l *loader) load(dirs []string) Result {
	sort.Strings(dirs)
	l.parseAll(dirs)
	roots := l.roots(dirs)
	items := l.evaluateRoots(roots)
	return l.collect(roots, items)
}

// parseAll parses every module directory, on all cores, and keeps the
// first l.keep bytes of source parsed (in directory order, the order
// roots are evaluated in); the others are parsed again when a root needs
// them, so the parsed tree is never held whole.
func (l *loader) parseAll(dirs []string) {
	var kept atomic.Int64
	parallel(len(dirs), func(i int) {
		if m := l.module(dirs[i]); m != nil && kept.Add(int64(m.size())) > l.keep {
			l.release(dirs[i])
		}
	})
}

// roots are the parsed directories no other directory calls as a local
// module, in the order of dirs; it plans which roots use which modules.
func (l *loader) roots(dirs []string) []string {
	children := map[string]bool{}
	for _, d := range dirs {
		if inf := l.infoOf(d); inf != nil {
			for _, c := range inf.children {
				children[c] = true
			}
		}
	}
	for d := range unitChildren(l.opts.Units, l.opts.UnitModules) {
		children[d] = true
	}
	var roots []string
	for _, d := range dirs {
		if inf := l.infoOf(d); inf != nil && inf.exists && !children[filepath.Clean(d)] {
			roots = append(roots, d)
		}
	}
	l.plan(roots)
	return roots
}

// evaluateRoots evaluates every root and unit, as many at once as the
// run's memory holds (rootWorkers), each a unit of the run's budget in
// order (roots in path order, then the units, each after the units it
// depends on); of each only its output stays, and the modules no root
// still to come needs are released. When a root reads the state of
// another (remotestate.go), the readers are evaluated again after it.
func (l *loader) evaluateRoots(roots []string) []*evalItem {
	items := make([]*evalItem, 0, len(roots)+len(l.opts.Units))
	order := make([]int, 0, cap(items))
	for i, r := range roots {
		items = append(items, &evalItem{dir: filepath.Clean(r)})
		order = append(order, i)
	}
	uOrder, uDeps, notes := unitOrder(l.opts.Units, l.rel)
	l.refused = append(l.refused, notes...)
	for i := range l.opts.Units {
		it := &evalItem{dir: filepath.Clean(l.opts.Units[i].Dir), unit: &l.opts.Units[i]}
		for _, d := range uDeps[i] {
			it.deps = append(it.deps, len(roots)+d)
		}
		items = append(items, it)
	}
	for _, i := range uOrder {
		order = append(order, len(roots)+i)
	}
	l.byDir = map[string]int{}
	for i, it := range items {
		if _, dup := l.byDir[it.dir]; !dup {
			l.byDir[it.dir] = i
		}
	}
	l.keepOutputs = len(l.opts.Units) > 0 || l.readsRemoteState()
	l.evaluateItems(items, order)
	if !l.keepOutputs {
		return items
	}
	again, deps, joinNotes := l.plannedJoin(items)
	for _, i := range again {
		items[i].deps = deps[i]
	}
	l.evaluateItems(items, again)
	for i, ns := range joinNotes {
		items[i].out.notes = append(items[i].out.notes, ns...)
	}
	return items
}

// evalItem is one root of a load: a root module directory or a unit.
type evalItem struct {
	dir  string
	unit *Unit
	// deps are the items evaluated before it (their outputs it reads).
	deps []int
	done chan struct{}
	out  rootOutput
	// outputs are its outputs, kept when other roots may read them.
	outputs cty.Value
	// stateLoc is where it keeps its state (stateLocation).
	stateLoc string
	// inferred is what its remote-state reads assume (remotestate.go):
	// every entity of its second pass rests on it.
	inferred []string
}

// evaluateItems evaluates the items at order, in that order as units of
// the run's budget, each once the items it depends on are done.
func (l *loader) evaluateItems(items []*evalItem, order []int) {
	for _, i := range order {
		items[i].done = make(chan struct{})
	}
	units := rootUnits(l.opts.Budget, len(order))
	parallelN(len(order), rootWorkers(runtime.GOMAXPROCS(0), l.opts.Budget), func(k int) {
		it := items[order[k]]
		defer close(it.done)
		it.out, it.outputs, it.stateLoc = l.evaluateUnit(it, units[k], items)
		for _, ent := range it.out.entities {
			o := ent.Base()
			for _, text := range it.inferred {
				if !slices.Contains(o.Inferred, text) {
					o.Inferred = append(o.Inferred, text)
				}
			}
		}
		l.mu.Lock()
		if l.join != nil {
			l.join.outputs[order[k]] = it.outputs
		}
		l.mu.Unlock()
	})
}

// outputsOf are the outputs of the item at dir once it is done (false
// when there is none, it is not done, or its outputs are unknown).
func (l *loader) outputsOf(items []*evalItem, dir string) (cty.Value, bool) {
	i, ok := l.byDir[filepath.Clean(dir)]
	if !ok {
		return cty.NilVal, false
	}
	select {
	case <-items[i].done:
	default:
		return cty.NilVal, false
	}
	v := items[i].outputs
	return v, v != cty.NilVal
}

// readsRemoteState reports whether a module parsed reads another root's
// state.
func (l *loader) readsRemoteState() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, inf := range l.info {
		if inf.remote {
			return true
		}
	}
	return false
}

// collect gathers what the roots produced and the parse diagnostics of
// every module read.
func (l *loader) collect(roots []string, items []*evalItem) Result {
	var res Result
	res.Calls = map[string][]lint.Range{}
	for _, it := range items {
		e := it.out
		for k, rs := range e.calls {
			res.Calls[k] = append(res.Calls[k], rs...)
		}
		res.Entities = append(res.Entities, e.entities...)
		res.Notes = append(res.Notes, e.notes...)
		res.Embedded = append(res.Embedded, e.embedded...)
		res.Templates = append(res.Templates, e.templates...)
		if it.unit != nil {
			roots = append(roots, it.dir)
		}
	}
	res.Roots = roots
	for _, d := range l.parsedDirs() {
		inf := l.infoOf(d)
		res.Files = append(res.Files, inf.files...)
		if l.inCache(d) {
			continue // cached code that does not parse is a note (brokenCache)
		}
		for _, dg := range inf.diags {
			if dg.Severity != hcl.DiagError {
				continue
			}
			var r lint.Range
			if dg.Subject != nil {
				r = l.rng(*dg.Subject)
				if r.File == "" {
					r.File = l.rel(d)
				}
			}
			res.Diagnostics = append(res.Diagnostics, lint.Diagnostic{Range: r, Summary: dg.Summary, Detail: dg.Detail})
		}
	}
	res.Notes = append(res.Notes, l.refused...)
	res.Modules = l.moduleCalls()
	for _, it := range items {
		res.Files = append(res.Files, it.out.varFiles...)
		res.Diagnostics = append(res.Diagnostics, it.out.varDiags...)
	}
	return res
}

// parallel runs f(0..n-1) on all cores.
func parallel(n int, f func(int)) {
	parallelN(n, runtime.GOMAXPROCS(0), f)
}

// parallelN runs f(0..n-1) on workers goroutines, taking i in order.
func parallelN(n, workers int, f func(int)) {
	if workers > n {
		workers = n
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}

// evaluate evaluates one root module. A panic inside evaluation (a bug, or
// an input no one foresaw) becomes a diagnostic for that root; the other
// roots and files are still linted.
func (l *loader) evaluate(dir string) (e *evaluator) {
	return l.evaluateWith(dir, nil, nil)
}

// evaluateWith evaluates the root module in dir: m when given (a unit's
// root), else the directory's configuration; inputs, when given, are its
// variables' values (else its variables files and the run's --var).
func (l *loader) evaluateWith(dir string, m *module, inputs func(*evaluator, *module) map[string]cty.Value) (e *evaluator) {
	e = &evaluator{l: l, h: holes{l.holes(), new(atomic.Int64)}, rootRel: l.rel(dir), rootDir: filepath.Clean(dir)}
	if m == nil {
		m = e.module(dir)
	} else {
		m = instrument(m)
	}
	e.root = m
	defer func() {
		if r := recover(); r != nil {
			e.entities, e.notes = nil, nil
			file := dir
			if len(m.files) > 0 {
				file = m.files[0]
			}
			e.varDiags = append(e.varDiags, lint.Diagnostic{
				Range:   lint.Range{File: l.rel(file), Line: 1, Column: 1, EndLine: 1, EndColumn: 1},
				Summary: "Cannot evaluate module",
				Detail:  fmt.Sprintf("faultline failed while evaluating this root module (%v); please report it. The module was skipped.", r),
			})
		}
	}()
	if l.opts.ScopeFor != nil {
		e.scope = l.opts.ScopeFor(dir)
	}
	t := l.funcTable(funcEnv{h: e.h, tree: l.opts.Tree, cwd: dir, b: e.budget(), template: func(abs string) { e.templates = append(e.templates, abs) }})
	defer l.releaseFuncs(t)
	e.funcs = t.fs
	mi := newModInst(e, m, "", 0, map[string]bool{filepath.Clean(dir): true})
	if inputs != nil {
		mi.inputs = inputs(e, m)
	} else {
		mi.inputs = e.rootInputs(m)
	}
	e.noteUnloadedVarFiles(m, mi.inputs)
	mi.run()
	e.rootInst = mi
	return e
}

// funcTable is Terraform's function table with the environment its
// functions read when called (funcEnv.functions). Building one costs
// about as much as evaluating a small root, so a table is kept when its
// root is done and serves a later root with that root's environment put
// in: one table per root being evaluated at a time.
type funcTable struct {
	env *funcEnv
	fs  map[string]function.Function
}

// funcTable returns a free table (a new one when none is free) serving
// env, which must hold a budget.
func (l *loader) funcTable(env funcEnv) *funcTable {
	l.mu.Lock()
	var t *funcTable
	if n := len(l.freeFuncs); n > 0 {
		t, l.freeFuncs = l.freeFuncs[n-1], l.freeFuncs[:n-1]
	}
	l.mu.Unlock()
	if t == nil {
		t = &funcTable{env: &funcEnv{}}
		*t.env = env
		t.fs = t.env.functions()
		return t
	}
	*t.env = env
	return t
}

// releaseFuncs makes a table free once its root is evaluated.
func (l *loader) releaseFuncs(t *funcTable) {
	*t.env = funcEnv{}
	l.mu.Lock()
	l.freeFuncs = append(l.freeFuncs, t)
	l.mu.Unlock()
}

// rootInputs gathers a root module's variable values, later wins:
// terraform.tfvars, *.auto.tfvars (lexical order), the variables files and
// then the variables .faultline.hcl configures for the directory,
// --var-file, then --var.
func (e *evaluator) rootInputs(m *module) map[string]cty.Value {
	in := map[string]cty.Value{}
	var files []string
	for _, n := range []string{"terraform.tfvars", "terraform.tfvars.json"} {
		p := filepath.Join(m.dir, n)
		if _, err := os.Lstat(p); err != nil {
			continue
		}
		if err := regularInTree(e.l.opts.Tree, p); err != nil {
			e.l.refuse([]refusal{{p, err}})
			continue
		}
		files = append(files, p)
	}
	ents, _ := e.l.opts.Tree.ReadDir(m.dir)
	var auto []string
	for _, en := range ents {
		n := en.Name()
		if en.IsDir() || !(strings.HasSuffix(n, ".auto.tfvars") || strings.HasSuffix(n, ".auto.tfvars.json")) {
			continue
		}
		p := filepath.Join(m.dir, n)
		if err := regularInTree(e.l.opts.Tree, p); err != nil {
			e.l.refuse([]refusal{{p, err}})
			continue
		}
		auto = append(auto, p)
	}
	sort.Strings(auto)
	files = append(files, auto...)
	var cfgVars map[string]string
	if e.l.opts.InputsFor != nil {
		var cfgFiles []string
		cfgVars, cfgFiles = e.l.opts.InputsFor(m.dir)
		files = append(files, cfgFiles...)
	}
	p := hclparse.NewParser()
	e.readVarFiles(p, files, false, in)
	for n, raw := range cfgVars {
		in[n] = parseVarValue(m.variables[n], raw)
	}
	e.readVarFiles(p, e.l.opts.VarFiles, true, in)
	for n, raw := range e.l.opts.Vars {
		in[n] = parseVarValue(m.variables[n], raw)
	}
	return in
}

// readVarFiles reads variables files into in, in order; problems in them
// are input diagnostics. Explicit files (--var-file) are the user's and may
// lie outside the tree; the others are the tree's.
func (e *evaluator) readVarFiles(p *hclparse.Parser, files []string, explicit bool, in map[string]cty.Value) {
	for _, f := range files {
		var file *hcl.File
		var diags hcl.Diagnostics
		if data, ok := e.l.opts.VarFileData[f]; ok && explicit {
			file, diags = parseSource(p, f, data)
		} else if explicit {
			file, diags = parseExplicit(p, f)
		} else {
			file, diags = parseFile(p, e.l.opts.Tree, f)
		}
		e.varFiles = append(e.varFiles, f)
		for _, d := range diags {
			if d.Severity == hcl.DiagError {
				var r lint.Range
				if d.Subject != nil {
					r = e.l.rng(*d.Subject)
				}
				if r.File == "" {
					r.File = e.l.rel(f)
				}
				e.varDiags = append(e.varDiags, lint.Diagnostic{Range: r, Summary: d.Summary, Detail: d.Detail})
			}
		}
		if file == nil {
			continue
		}
		attrs, _ := file.Body.JustAttributes()
		for n, a := range attrs {
			if v, d := e.varFileValue(a.Expr); !d.HasErrors() {
				in[n] = v
			}
		}
	}
}

// parseExplicit reads a variables file named on the command line: a
// regular file or a pipe anywhere, byte-capped.
func parseExplicit(p *hclparse.Parser, path string) (*hcl.File, hcl.Diagnostics) {
	src, err := treefs.ReadExplicit(path, maxSourceFile)
	if err != nil {
		return nil, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "Cannot read file", Detail: err.Error(), Subject: &hcl.Range{Filename: path}}}
	}
	return parseSource(p, path, src)
}

// parseVarValue reads a --var value: a string for string (or untyped)
// variables, else an HCL expression as Terraform does.
func parseVarValue(v *variable, raw string) cty.Value {
	if v != nil && v.typ != nil {
		if t := traversalString(v.typ); t != "string" && t != "" || t == "" {
			if expr, diags := hclparseExpr(raw); !diags.HasErrors() {
				if val, d := staticValue(expr); !d.HasErrors() {
					return val
				}
			}
		}
	}
	return cty.StringVal(raw)
}
