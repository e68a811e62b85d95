package terraform

import (
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

// session is what the roots of one load share while they are evaluated:
// the parsed modules and module caches, the module calls resolved, the
// built-in stand-ins, the function tables, and the coverage notes of what
// could not be read. Its hooks are the load's: extraction of entities
// (Extractor) and the outputs of other roots (joined).
type session struct {
	opts evalOptions
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
	calls    []modsource.ModuleCall
	callSeen map[string]int
	// inputDiags are the unsupported arguments reported (callinputs.go).
	inputDiags map[string]bool
	// models are the built-in stand-ins, parsed when a call needs one.
	models modelSet
	// info are the summaries of the modules parsed (modstore.go).
	info map[string]*modInfo
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
	// extractor turns evaluated resources into entities.
	extractor Extractor
	// joined are the outputs of the root a remote-state read of a root
	// reads (false when the load joined it to none); nil: none joined.
	joined func(root, addr string) (cty.Value, bool)
}

// evalOptions configure a session.
type evalOptions struct {
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
}

// An Extractor turns what evaluation produced into model entities, added
// to the evaluator (evaluator.add): evaluation itself reads no entity.
type Extractor interface {
	// Resource is called for every resource and data source instance
	// evaluated: local is its address in the module instance mi, v its
	// value, extra the each / count values of the instance.
	Resource(mi *modInst, r *resource, local string, v cty.Value, extra map[string]cty.Value)
	// RegistryCall is called for every instance of a module call that is
	// answered without its code (unknown outputs).
	RegistryCall(mi *modInst, c *moduleCall, in instance, path string)
}

// noExtractor extracts no entity.
type noExtractor struct{}

// Resource does nothing.
func (noExtractor) Resource(*modInst, *resource, string, cty.Value, map[string]cty.Value) {}

// RegistryCall does nothing.
func (noExtractor) RegistryCall(*modInst, *moduleCall, instance, string) {}

// newSession makes a session whose entities x extracts (none when nil);
// without a Tree, the tree is Root alone.
func newSession(opts evalOptions, x Extractor) *session {
	if opts.Tree == nil && opts.Root != "" {
		opts.Tree = treefs.New([]string{opts.Root}, "")
	}
	if x == nil {
		x = noExtractor{}
	}
	return &session{opts: opts, mods: map[string]*lazyModule{}, caches: map[string]*lazyCache{}, cacheDirs: map[string]bool{}, callSeen: map[string]int{}, inputDiags: map[string]bool{}, extractor: x}
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
func (l *session) module(dir string) *module {
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

// refuse records files the tree would not read as coverage notes.
func (l *session) refuse(rs []refusal) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, r := range rs {
		l.refused = append(l.refused, refusedNote(l.rel, r))
	}
}

func (l *session) holes() *lint.Holes {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.opts.Holes == nil {
		l.opts.Holes = lint.NewHoles()
	}
	return l.opts.Holes
}

func (l *session) rel(p string) string {
	if l.opts.Rel != nil {
		return l.opts.Rel(p)
	}
	return filepath.ToSlash(p)
}

// rng converts an hcl range into a model range.
func (l *session) rng(r hcl.Range) lint.Range {
	if r.Filename == "" {
		return lint.Range{}
	}
	file := r.Filename
	if !modsource.IsModelFile(file) {
		file = l.rel(file)
	}
	return lint.Range{File: file, Line: r.Start.Line, Column: r.Start.Column, EndLine: r.End.Line, EndColumn: r.End.Column}
}

// rootInputs say where a root's variables get their values.
type rootInputs struct {
	// Files reads the root's variables files (terraform.tfvars,
	// *.auto.tfvars, those configured) and the run's --var-file and --var,
	// as Terraform reads a root's.
	Files bool
	// Values are values given to the root's variables, after the files:
	// every one with Files, else those the module declares.
	Values []rootInput
}

// rootInput is a value given to a root's variable.
type rootInput struct {
	Name  string
	Value cty.Value
}

// evaluate evaluates the root module in dir, its variables read from its
// variables files and the run's --var.
func (l *session) evaluate(dir string) *evaluator {
	return l.evaluateRoot(dir, nil, rootInputs{Files: true})
}

// emptyRoot is a root evaluated to nothing (dir holds no configuration).
func (l *session) emptyRoot(dir string) *evaluator {
	return &evaluator{l: l, h: holes{l.holes(), new(atomic.Int64)}, rootRel: l.rel(dir), rootDir: filepath.Clean(dir)}
}

// evaluateRoot evaluates the root module in dir: m when given (a composed
// root: unitModule), else the directory's configuration, its variables
// given values as in says. A panic inside evaluation (a bug, or an input
// no one foresaw) becomes a diagnostic for that root; the other roots
// and files are still linted.
func (l *session) evaluateRoot(dir string, m *module, in rootInputs) (e *evaluator) {
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
func (l *session) funcTable(env funcEnv) *funcTable {
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
func (l *session) releaseFuncs(t *funcTable) {
	*t.env = funcEnv{}
	l.mu.Lock()
	l.freeFuncs = append(l.freeFuncs, t)
	l.mu.Unlock()
}
