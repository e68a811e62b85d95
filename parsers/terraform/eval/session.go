package eval

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

// Session is what the roots of one load share while they are evaluated:
// the parsed modules and module caches, the module calls resolved, the
// built-in stand-ins, the function tables, and the coverage notes of what
// could not be read. Its hooks are the load's: extraction of entities
// (Extractor) and the outputs of other roots (joined).
type Session struct {
	Options Options
	mu      sync.Mutex
	Mods    map[string]*lazyModule
	// Refused are files the tree would not read, and module caches that
	// could not be read, as notes.
	Refused []lint.Note
	// caches are the root modules' module caches; cacheDirs the
	// directories holding cached code.
	caches    map[string]*lazyCache
	cacheDirs map[string]bool
	// calls are the module calls resolved, once per root and call path.
	calls    []modsource.ModuleCall
	callSeen map[string]int
	// callsOf indexes calls by root (CallsOf).
	callsOf map[string][]int
	// inputDiags are the unsupported arguments reported (callinputs.go).
	inputDiags map[string]bool
	// models are the built-in stand-ins, parsed when a call needs one.
	models modelSet
	// info are the summaries of the modules parsed (modstore.go).
	info map[string]*modInfo
	// declaredVars are the variables a module declares at a span of
	// versions, shared by the calls (callinputs.go).
	declaredVars map[string]map[string]lint.ModuleVariable
	// sharedVars are the maps of declared variables kept outputs share,
	// by content (ShareDeclared).
	sharedVars map[string]map[string]lint.ModuleVariable
	// altPlans are the plans of evaluating one version of a stand-in in
	// place of another, by the two directories (altplan.go).
	altPlans map[[2]string]*altPlan
	// AllOutputs evaluates every output of every stand-in instance, read
	// or not (tests compare: outputsread.go); unread counts those left out.
	AllOutputs bool
	Unread     atomic.Int64
	// WholeAlternatives evaluates every alternative whole (tests compare).
	WholeAlternatives bool
	// InPart and whole count the alternatives evaluated in part and whole.
	InPart, whole atomic.Int64
	// Quiet counts the alternatives evaluated in part that would make no
	// entity, and so were not evaluated (altPlan.quiet); EvaluateQuiet
	// evaluates them all the same (tests compare).
	Quiet         atomic.Int64
	EvaluateQuiet bool
	// SecondPasses counts the roots evaluated twice: a module call's
	// outputs were read before it was evaluated, into the model (run).
	SecondPasses atomic.Int64
	// Tabled counts the plans of quiet alternatives taken from the
	// embedded table, once per pair of versions, their alternative's
	// module not loaded (quietplans.go).
	Tabled atomic.Int64
	// freeFuncs are the function tables no root is using (funcTable).
	freeFuncs []*funcTable
	// extractor turns evaluated resources into entities.
	extractor Extractor
	// Joined are the outputs of the root a remote-state read of a root
	// reads (false when the load joined it to none), and what the join
	// assumes when it matched that root by inference ("" when exactly);
	// nil: none joined.
	Joined func(root, addr string) (outputs cty.Value, inferred string, ok bool)
}

// Options configure a session.
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
	// VarFileData are the --var-file contents already read, by path.
	VarFileData map[string][]byte
	// ScopeFor returns the configured scope of a directory (may be nil).
	ScopeFor func(absDir string) lint.Scope
	// Rel turns an absolute path into the path reported in ranges.
	Rel func(abs string) string
	// Holes is the run's sentinel codec (a new one when nil).
	Holes *lint.Holes
	// InputsFor returns configured variables and variable files for a
	// root module directory; they apply after the module's own tfvars and
	// before --var-file and --var.
	InputsFor func(absDir string) (vars map[string]string, varFiles []string)
	// RecordInputs records what each root's output rests on, for a cache
	// that keeps outputs between runs (inputs.go, Evaluator.Inputs).
	RecordInputs bool
	// Deadline is the wall-clock backstop of each root's evaluation
	// (zero: the default, 60 s; tests lower it).
	Deadline time.Duration
	// Syntax, when set, keeps the syntax trees of module directories
	// between runs (syntax.go): the tree's, and the built-in stand-ins'
	// whose files are not the ones their embedded table was encoded
	// from (syntaxtable.go).
	Syntax SyntaxCache
}

// An Extractor turns what evaluation produced into model entities, added
// to the evaluator (evaluator.add): evaluation itself reads no entity.
type Extractor interface {
	// Resource is called for every resource and data source instance
	// evaluated: local is its address in the module instance mi, v its
	// value, extra the each / count values of the instance.
	Resource(mi *ModInst, r *Resource, local string, v cty.Value, extra map[string]cty.Value)
	// RegistryCall is called for every instance of a module call that is
	// answered without its code (unknown outputs).
	RegistryCall(mi *ModInst, c *Call, in Instance, path string)
}

// noExtractor extracts no entity.
type noExtractor struct{}

// Resource does nothing.
func (noExtractor) Resource(*ModInst, *Resource, string, cty.Value, map[string]cty.Value) {}

// RegistryCall does nothing.
func (noExtractor) RegistryCall(*ModInst, *Call, Instance, string) {}

// NewSession makes a session whose entities x extracts (none when nil);
// without a Tree, the tree is Root alone.
func NewSession(opts Options, x Extractor) *Session {
	if opts.Tree == nil && opts.Root != "" {
		opts.Tree = treefs.New([]string{opts.Root}, "")
	}
	if x == nil {
		x = noExtractor{}
	}
	return &Session{Options: opts, Mods: map[string]*lazyModule{}, caches: map[string]*lazyCache{}, cacheDirs: map[string]bool{}, callSeen: map[string]int{}, inputDiags: map[string]bool{}, extractor: x, models: modelSet{syntax: opts.Syntax}}
}

type lazyCache struct {
	once sync.Once
	c    *modCache
	// inputs are what reading the manifest read (inputs.go); notKept
	// why a root using it cannot be kept.
	inputs  cache.InputRecord
	notKept string
}

type lazyModule struct {
	once sync.Once
	m    *Module
}

// Module returns the parsed module in dir, or nil when dir is outside the
// root or holds no configuration. It is parsed once while in use; after
// release (residency.go) a later request parses it again, and only the
// first parse records its refused files and summary.
func (l *Session) Module(dir string) *Module {
	dir = filepath.Clean(dir)
	if !l.Options.Tree.Contains(dir) {
		return nil
	}
	l.mu.Lock()
	lm, ok := l.Mods[dir]
	if !ok {
		lm = &lazyModule{}
		l.Mods[dir] = lm
	}
	l.mu.Unlock()
	lm.once.Do(func() {
		first := l.firstParse(dir)
		tree, recorded := l.Options.Tree, func(*modInfo, []refusal) {}
		if first {
			tree, recorded = l.recordParse(dir)
		}
		names, refused, err := ConfigFiles(tree, dir)
		if err == nil && len(names) > 0 {
			lm.m = instrument(loadModule(tree, dir, l.Options.Syntax))
			// The same refusals, and the templates the parse set aside.
			refused = lm.m.refused
		}
		if first {
			l.refuse(refused)
			inf := summarize(lm.m, tree, l.Rel)
			recorded(inf, refused)
			l.setInfo(dir, inf)
		}
	})
	return lm.m
}

// refuse records files the tree would not read as coverage notes.
func (l *Session) refuse(rs []refusal) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, r := range rs {
		l.Refused = append(l.Refused, refusedNote(l.Rel, r))
	}
}

func (l *Session) holes() *lint.Holes {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.Options.Holes == nil {
		l.Options.Holes = lint.NewHoles()
	}
	return l.Options.Holes
}

// Rel is the path of p as ranges report it.
func (l *Session) Rel(p string) string {
	if l.Options.Rel != nil {
		return l.Options.Rel(p)
	}
	return filepath.ToSlash(p)
}

// Rng converts an hcl range into a model range.
func (l *Session) Rng(r hcl.Range) lint.Range {
	if r.Filename == "" {
		return lint.Range{}
	}
	file := r.Filename
	if !modsource.IsModelFile(file) {
		file = l.Rel(file)
	}
	return lint.Range{File: file, Line: r.Start.Line, Column: r.Start.Column, EndLine: r.End.Line, EndColumn: r.End.Column}
}

// RootInputs say where a root's variables get their values.
type RootInputs struct {
	// Files reads the root's variables files (terraform.tfvars,
	// *.auto.tfvars, those configured) and the run's --var-file and --var,
	// as Terraform reads a root's.
	Files bool
	// Values are values given to the root's variables, after the files:
	// every one with Files, else those the module declares.
	Values []RootInput
	// Beneath are directories whose files Terraform also finds in the
	// root's working directory, under its own: a Terragrunt unit's module
	// source, which Terragrunt copies there before the unit's files.
	// Relative paths (file(), templatefile(), a chart) that are not in the
	// root's directory resolve there.
	Beneath []string
	// Passed are the -var-file and -var arguments a wrapper passes the
	// plan (Terragrunt's extra_arguments), applied last, in order: they
	// override the root's files and the Values (Terragrunt's inputs,
	// which reach Terraform as TF_VAR_ variables).
	Passed []PassedVar
	// Elsewhere are the variables module calls of the tree give the root
	// from a source faultline does not read (the repository's own module
	// called by its git address): not known, whatever the root's files
	// and defaults say, since those calls are what instantiate it.
	Elsewhere []string
}

// PassedVar is one -var-file (File, absolute) or -var (Name=Value, written
// at Range) a wrapper passes a plan.
type PassedVar struct {
	File        string
	Name, Value string
	Range       hcl.Range
	// Auto marks a file Terraform loads by itself (a Terragrunt unit's
	// terraform.tfvars): read, but no variables file chosen for the run.
	Auto bool
}

// RootInput is a value given to a root's variable.
type RootInput struct {
	Name  string
	Value cty.Value
}

// Evaluate evaluates the root module in dir, its variables read from its
// variables files and the run's --var.
func (l *Session) Evaluate(dir string) *Evaluator {
	return l.EvaluateRoot(dir, nil, RootInputs{Files: true})
}

// EmptyRoot is a root evaluated to nothing (dir holds no configuration).
func (l *Session) EmptyRoot(dir string) *Evaluator {
	return &Evaluator{Session: l, Holes: Holes{l.holes(), new(atomic.Int64)}, RootRel: l.Rel(dir), rootDir: filepath.Clean(dir), notKept: "it holds no Terraform configuration (nothing to evaluate)"}
}

// EvaluateRoot evaluates the root module in dir: m when given (a composed
// root: unitModule), else the directory's configuration, its variables
// given values as in says. A panic inside evaluation (a bug, or an input
// no one foresaw) becomes a diagnostic for that root; the other roots
// and files are still linted.
func (l *Session) EvaluateRoot(dir string, m *Module, in RootInputs) (e *Evaluator) {
	e = &Evaluator{Session: l, Holes: Holes{l.holes(), new(atomic.Int64)}, RootRel: l.Rel(dir), rootDir: filepath.Clean(dir)}
	if m == nil {
		m = e.module(dir)
	} else {
		m = instrument(m)
		// A composed root (UnitModule) merges the directory's own
		// configuration: its files are the root's inputs too.
		e.Used = map[string]bool{filepath.Clean(dir): true}
	}
	e.Root = m
	e.startRecording()
	defer func() {
		if r := recover(); r != nil {
			if os.Getenv("FAULTLINE_DEBUG_PANIC") != "" {
				fmt.Fprintf(os.Stderr, "panic: %v\n%s", r, debug.Stack())
			}
			e.entities, e.Notes = nil, nil
			e.unrecordable("its evaluation failed")
			file := dir
			if len(m.files) > 0 {
				file = m.files[0]
			}
			e.VarDiags = append(e.VarDiags, lint.Diagnostic{
				Range:   lint.Range{File: l.Rel(file), Line: 1, Column: 1, EndLine: 1, EndColumn: 1},
				Summary: "Cannot evaluate module",
				Detail:  fmt.Sprintf("faultline failed while evaluating this root module (%v); please report it. The module was skipped.", r),
			})
		}
	}()
	if l.Options.ScopeFor != nil {
		e.Scope = l.Options.ScopeFor(dir)
	}
	e.beneath = in.Beneath
	t := l.funcTable(FuncEnv{h: e.Holes, Tree: e.Tree(), Cwd: dir, Beneath: in.Beneath, b: e.Budget(), template: func(abs string) { e.Templates = append(e.Templates, abs) }, read: e.fileRead, unkept: e.unrecordable})
	defer l.releaseFuncs(t)
	e.funcs, e.fenv = t.fs, t.env
	defer func() { e.fenv = nil }()
	mi := newModInst(e, m, "", 0, map[string]bool{filepath.Clean(dir): true})
	if in.Files {
		mi.inputs = e.rootInputs(m)
		for _, v := range in.Values {
			mi.inputs[v.Name] = v.Value
		}
	} else {
		mi.inputs = map[string]cty.Value{}
		for _, v := range in.Values {
			if _, ok := m.variables[v.Name]; ok {
				mi.inputs[v.Name] = v.Value
			}
		}
	}
	if len(in.Passed) > 0 {
		e.applyPassed(m, mi, in)
	}
	for _, n := range in.Elsewhere {
		if _, ok := m.variables[n]; ok {
			mi.inputs[n] = cty.DynamicVal
		}
	}
	e.calledElsewhere = in.Elsewhere != nil
	chosen := !in.Files || e.varFilesChosen
	for _, pv := range in.Passed {
		if pv.File != "" && !pv.Auto && !slices.Contains(e.chosenVarFiles, pv.File) {
			chosen = true
			e.chosenVarFiles = append(e.chosenVarFiles, pv.File)
		}
	}
	e.unknownDefaults = e.noteUnloadedVarFiles(m, mi.inputs, chosen)
	mi.run()
	e.rootInst = mi
	e.placeInProviderClusters()
	return e
}

// applyPassed applies the -var-file and -var arguments a wrapper passes
// (in.Passed), in order, over the root's inputs: the root's own
// variables, or, for a Terragrunt unit that calls its module (m.composed), the arguments
// its call gives the module the unit runs, written where the file or
// argument writes them. A -var value is read as Terraform reads one for
// the root's variable (a string for a unit's module, whose variables
// are the called module's).
func (e *Evaluator) applyPassed(m *Module, mi *ModInst, in RootInputs) {
	passed, at := map[string]cty.Value{}, map[string]hcl.Range{}
	p := hclparse.NewParser()
	for _, pv := range in.Passed {
		if pv.File != "" {
			e.readVarFilesAt(p, []string{pv.File}, false, passed, at)
			continue
		}
		passed[pv.Name], at[pv.Name] = parseVarValue(m.variables[pv.Name], pv.Value), pv.Range
	}
	if m.composed && len(m.calls) == 1 {
		c := m.calls[0]
		for n, v := range passed {
			c.Attrs[n] = &hcl.Attribute{Name: n, Expr: &valueExpr{v: v, rng: at[n]}, Range: at[n], NameRange: at[n]}
			// A variable the unit generates is declared in the root
			// too (the files Terragrunt writes into the module).
			if _, ok := m.variables[n]; ok {
				mi.inputs[n] = v
			}
		}
		return
	}
	for n, v := range passed {
		if _, ok := m.variables[n]; ok || in.Files {
			mi.inputs[n] = v
		}
	}
}

// funcTable is Terraform's function table with the environment its
// functions read when called (funcEnv.functions). Building one costs
// about as much as evaluating a small root, so a table is kept when its
// root is done and serves a later root with that root's environment put
// in: one table per root being evaluated at a time.
type funcTable struct {
	env *FuncEnv
	fs  map[string]function.Function
}

// funcTable returns a free table (a new one when none is free) serving
// env, which must hold a budget.
func (l *Session) funcTable(env FuncEnv) *funcTable {
	l.mu.Lock()
	var t *funcTable
	if n := len(l.freeFuncs); n > 0 {
		t, l.freeFuncs = l.freeFuncs[n-1], l.freeFuncs[:n-1]
	}
	l.mu.Unlock()
	if t == nil {
		t = &funcTable{env: &FuncEnv{}}
		*t.env = env
		t.fs = t.env.functions()
		return t
	}
	*t.env = env
	return t
}

// releaseFuncs makes a table free once its root is evaluated.
func (l *Session) releaseFuncs(t *funcTable) {
	*t.env = FuncEnv{}
	l.mu.Lock()
	l.freeFuncs = append(l.freeFuncs, t)
	l.mu.Unlock()
}
