// Package terraform evaluates Terraform configuration (HCL and JSON) into
// model entities: variables, locals, count / for_each, local modules and
// Terraform's functions are evaluated with hcl and cty; values that cannot
// be known statically become symbolic holes naming their reference.
package terraform

import (
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/faultline-dev/faultline/internal/runbudget"
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
	"github.com/faultline-dev/faultline/parsers/terraform/extract"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
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
	// RootCache, when set, keeps root modules' outputs between runs
	// (kept.go).
	RootCache RootCache
	// WallStops, when set, counts the roots and units whose evaluation
	// the wall-clock backstop stopped (the run's; see runbudget.WallStops).
	WallStops *runbudget.WallStops
	// Deadline is the wall-clock backstop of each root's evaluation
	// (zero: the default, 60 s; tests lower it).
	Deadline time.Duration
	// Syntax, when set, keeps the built-in stand-ins' syntax trees
	// between runs (eval.SyntaxCache).
	Syntax eval.SyntaxCache
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
	Embedded []kept.Embedded
	// Templates are the files (absolute) Terraform reads as templates for
	// a manifest or a data "template_file": they are read as rendered,
	// never as manifests of their own.
	Templates []string
	// Unapplied are the resources making Kubernetes objects of which no
	// root makes an instance (lint.Model.Unapplied).
	Unapplied []lint.Unapplied
	// KustomizationReads are the kustomization files (absolute) a file()
	// call reads as data.
	KustomizationReads []string
	// Written are the files of the tree that local_file resources write
	// at apply time and the tree lacks.
	Written []kept.Written
	// Calls are the module calls whose source is not in the tree (registry
	// and remote modules), by call path without instance keys
	// ("module.eks", "module.platform.module.eks"): where a plan's module
	// internals are anchored.
	Calls map[string][]lint.Range
	// Modules are every module call evaluated and how it resolved (local,
	// cached, modelled, unknown), by root and call path.
	Modules []modsource.ModuleCall
	// Kept counts the roots (and units) the root cache answered.
	Kept int
	// KeptAgain counts the roots the root cache answered that were
	// evaluated again for their outputs (kept.go).
	KeptAgain int
	// Summarised counts the module directories not parsed because an
	// earlier run's summary of them stands (kept.go).
	Summarised int
}

// loader is one load: the roots and units of a tree evaluated in a
// session, as many at once as the run's budget holds, and what they
// produced gathered.
type loader struct {
	*eval.Session
	opts Options
	// shared are the directories that only hold files other directories
	// link to (sharedDirs), with those directories.
	shared map[string][]string
	// mu guards what the load shares between roots evaluated at once.
	mu sync.Mutex
	// reach and pending decide when parsed modules are released
	// (residency.go).
	reach   map[string][]string
	pending map[string]int
	// keep is how many bytes of source parseAll keeps parsed.
	keep int64
	// values decodes the outputs of kept roots.
	values kept.ValueDecoder
	// byDir are the evaluation items by directory; keepOutputs is set
	// when some root may read another's outputs (a unit's dependency, a
	// remote-state read); join is the second pass (remotestate.go).
	byDir       map[string]int
	keepOutputs bool
	join        *join
	// keptAgain counts kept roots evaluated again and summarised the
	// module directories not parsed (kept.go); held are the kept readers
	// of remote state waiting for what they read (readers.go).
	keptAgain, summarised int
	held                  []int
	// elsewhere are the arguments remote calls of the tree give roots
	// (elsewhereArgs), by root directory.
	elsewhere map[string][]string
}

// newLoader makes a loader; without a Tree, the tree is Root alone.
func newLoader(opts Options) *loader {
	if opts.Tree == nil && opts.Root != "" {
		opts.Tree = treefs.New([]string{opts.Root}, "")
	}
	l := &loader{opts: opts, keep: keepParsed}
	l.Session = eval.NewSession(eval.Options{Root: opts.Root, Tree: opts.Tree, Vars: opts.Vars, VarFiles: opts.VarFiles, VarFileData: opts.VarFileData, ScopeFor: opts.ScopeFor, Rel: opts.Rel, Holes: opts.Holes, InputsFor: opts.InputsFor, RecordInputs: opts.RootCache != nil, Deadline: opts.Deadline, Syntax: opts.Syntax}, extract.Extractor{})
	l.Session.Joined = l.joinedOutputs
	return l
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
	l.useSummaries(dirs)
	l.parseAll(dirs)
	roots := l.roots(dirs)
	items := l.evaluateRoots(roots)
	res := l.collect(roots, items)
	l.keepSummaries()
	return res
}

// parseAll parses every module directory, on all cores, and keeps the
// first l.keep bytes of source parsed (in directory order, the order
// roots are evaluated in); the others are parsed again when a root needs
// them, so the parsed tree is never held whole.
func (l *loader) parseAll(dirs []string) {
	var kept atomic.Int64
	parallel(len(dirs), func(i int) {
		if l.InfoOf(dirs[i]) != nil {
			return // summarised by an earlier run (kept.go)
		}
		if m := l.Module(dirs[i]); m != nil && kept.Add(int64(m.Size())) > l.keep {
			l.Release(dirs[i])
		}
	})
}

// roots are the parsed directories no other directory calls as a local
// module, in the order of dirs; it plans which roots use which modules.
func (l *loader) roots(dirs []string) []string {
	children := map[string]bool{}
	parsed := map[string]bool{}
	for _, d := range dirs {
		parsed[filepath.Clean(d)] = true
	}
	for _, d := range dirs {
		if inf := l.InfoOf(d); inf != nil {
			for _, c := range inf.Children {
				children[c] = true
			}
			for _, p := range inf.ChildPatterns {
				for c := range parsed {
					if ok, _ := filepath.Match(p, c); ok && c != filepath.Clean(d) {
						children[c] = true
					}
				}
			}
		}
	}
	for d := range unitChildren(l.opts.Units, l.opts.UnitModules) {
		children[d] = true
	}
	var roots []string
	shared := l.sharedDirs(dirs)
	l.shared = shared
	for _, d := range dirs {
		if eval.TerraspaceLayered(l.opts.Tree, d) {
			continue // layered into each stack by terraspace build
		}
		if linking, ok := shared[filepath.Clean(d)]; ok && !children[filepath.Clean(d)] {
			l.Refused = append(l.Refused, l.sharedNote(d, linking))
			continue
		}
		if inf := l.InfoOf(d); inf != nil && inf.Exists && !children[filepath.Clean(d)] {
			roots = append(roots, d)
		}
	}
	l.elsewhere = l.elsewhereArgs(dirs, roots)
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
	uOrder, uDeps, notes := unitOrder(l.opts.Units, l.Rel)
	l.Refused = append(l.Refused, notes...)
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
	order = l.useKept(items, order)
	l.keepOutputs = len(l.opts.Units) > 0 || l.ReadsRemoteState() || len(l.held) > 0
	l.evaluateItems(items, order)
	if !l.keepOutputs {
		return items
	}
	// Rounds: held readers are decided once what they read is joined
	// (readers.go); a round deciding and joining nothing refuses them
	// all in the next.
	for force := false; ; {
		again, decided := l.takeReaders(items, force)
		if len(again) > 0 {
			l.evaluateItems(items, again)
		}
		l.keptSources(items)
		joined := l.joinRound(items)
		if len(l.held) == 0 {
			break
		}
		force = decided == 0 && joined == 0
	}
	l.keepReaders(items)
	return items
}

// joinRound is the second pass for the readers not joined yet: each is
// matched to the roots whose state it reads, evaluated again after them
// when it reads one, and given the notes of reads that match none. It
// returns how many readers it joined.
func (l *loader) joinRound(items []*evalItem) int {
	before := 0
	for _, it := range items {
		if it.joined {
			before++
		}
	}
	again, deps, joinNotes := l.plannedJoin(items)
	first := make(map[int][]lint.Diagnostic, len(again))
	for _, i := range again {
		items[i].deps = deps[i]
		first[i] = items[i].out.VarDiags
	}
	l.evaluateItems(items, again)
	for i, ds := range first {
		items[i].out.VarDiags = mergeDiags(ds, items[i].out.VarDiags)
	}
	for i, ns := range joinNotes {
		items[i].out.Notes = append(items[i].out.Notes, ns...)
	}
	n := 0
	for _, it := range items {
		if it.joined {
			n++
		}
	}
	return n - before
}

// evalItem is one root of a load: a root module directory or a unit.
type evalItem struct {
	dir  string
	unit *Unit
	// deps are the items evaluated before it (their outputs it reads).
	deps []int
	done chan struct{}
	out  kept.RootOutput
	// outputs are its outputs, kept when other roots may read them.
	outputs cty.Value
	// stateLoc is where it keeps its state (stateLocation).
	stateLoc kept.StateLocation
	// kept is set for a root the root cache answered (kept.go), and
	// keptFiles are the module files it used.
	kept      bool
	keptFiles []string
	// held is the kept output of a reader of remote state until what it
	// reads is answered; offer is a reader's output to keep once joined
	// (readers.go).
	held  *KeptRoot
	offer *readerOffer
	// joined is set once a join round matched its reads (join.go).
	joined bool
	// in are a unit's input values as the cache looked it up with;
	// inComplete is set when every output they read was there (they are
	// the values its evaluation gets).
	in         UnitInputs
	inComplete bool
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

// collect gathers what the roots produced and the parse diagnostics of
// every module read.
func (l *loader) collect(roots []string, items []*evalItem) Result {
	var res Result
	res.Calls = map[string][]lint.Range{}
	for _, it := range items {
		e := it.out
		for k, rs := range e.Calls {
			res.Calls[k] = append(res.Calls[k], rs...)
		}
		res.Entities = append(res.Entities, e.Entities...)
		res.Notes = append(res.Notes, e.Notes...)
		res.Embedded = append(res.Embedded, e.Embedded...)
		res.Templates = append(res.Templates, e.Templates...)
		res.Unapplied = append(res.Unapplied, e.Unapplied...)
		res.KustomizationReads = append(res.KustomizationReads, e.KustomizationReads...)
		res.Written = append(res.Written, e.Written...)
		if it.unit != nil {
			roots = append(roots, it.dir)
		}
	}
	res.Roots = roots
	generated := unitChildren(l.opts.Units, l.opts.UnitModules)
	called := map[string]bool{}
	for _, d := range l.ParsedDirs() {
		for _, c := range l.InfoOf(d).Children {
			called[c] = true
		}
	}
	for _, d := range l.ParsedDirs() {
		inf := l.InfoOf(d)
		res.Files = append(res.Files, inf.Files...)
		for _, t := range inf.Templates {
			if l.opts.Tree == nil || l.opts.Tree.IsFile(t) {
				res.Templates = append(res.Templates, t)
			}
		}
		if l.InCache(d) {
			continue // cached code that does not parse is a note (brokenCache)
		}
		if _, ok := l.shared[filepath.Clean(d)]; ok {
			continue // its files are read, and reported, where they are linked
		}
		diags := inf.Diags
		// Terraform evaluates a module the tree calls, and a root that
		// keeps its state in a backend and manages something: a directory
		// of snippets (provider and backend blocks copied into roots, code
		// kept aside, one file per cloud an installer copies one of) is
		// neither, and a root that declares no variable
		// (no local value) reads those of files kept elsewhere. A unit's
		// directory, or the module it copies, may be given declarations
		// by the unit's generate blocks.
		var maybe hcl.Diagnostics // of provider blocks only code not read may use
		switch dir := filepath.Clean(d); {
		case generated[dir]:
		case eval.TerraspaceStack(l.opts.Tree, dir):
			// terraspace build layers the project's config/terraform
			// into the stack: a name the stack does not declare may be
			// declared there (ERB templates, not read).
			diags = append(slices.Clip(diags), inf.CrossFile...)
			if refs := append(slices.Clip(inf.Refs), inf.LooseRefs...); len(refs) > 0 && refs[0].Subject != nil {
				res.Notes = append(res.Notes, lint.Note{Kind: lint.Unresolved, Range: l.Rng(*refs[0].Subject),
					What: fmt.Sprintf("Terraspace stack %s: %d reference(s) to names it does not declare (%s) are taken to be declared in config/terraform, which terraspace build layers into every stack; what they hold is not known", l.Rel(dir), len(refs), strings.TrimSuffix(refs[0].Summary, "."))})
			}
		case called[dir]:
			diags = append(append(append(append(slices.Clip(diags), inf.CrossFile...), inf.Refs...), inf.LooseRefs...), eval.UnsupportedOutputs(inf, l.InfoOf, generated)...)
			diags = append(append(diags, eval.UsedProviderRefs(inf, l.InfoOf)...), eval.UsedLooseProviderRefs(inf, l.InfoOf)...)
			maybe = append(eval.MaybeUsedProviderRefs(inf, l.InfoOf), eval.MaybeUsedLooseProviderRefs(inf, l.InfoOf)...)
		case inf.Applied:
			diags = append(append(append(slices.Clip(diags), inf.CrossFile...), inf.Refs...), eval.UnsupportedOutputs(inf, l.InfoOf, generated)...)
			diags = append(diags, eval.UsedProviderRefs(inf, l.InfoOf)...)
			maybe = eval.MaybeUsedProviderRefs(inf, l.InfoOf)
		}
		for _, dg := range maybe {
			if dg.Severity != hcl.DiagError || dg.Subject == nil {
				continue
			}
			res.Notes = append(res.Notes, lint.Note{Kind: lint.Unresolved, Range: l.Rng(*dg.Subject),
				What: fmt.Sprintf("provider block: %s (%s); Terraform reports it only if something uses the provider configuration, and only a module whose code faultline does not read may use it", dg.Summary, strings.TrimSuffix(dg.Detail, "."))})
		}
		for _, dg := range diags {
			if dg.Severity != hcl.DiagError {
				continue
			}
			var r lint.Range
			if dg.Subject != nil {
				r = l.Rng(*dg.Subject)
				if r.File == "" {
					r.File = l.Rel(d)
				}
			}
			detail := dg.Detail
			if dg.Subject != nil && dg.Subject.Filename != "" && r.File != "" {
				// HCL names the file where it points elsewhere in it
				// ("already set at /abs/main.tf:2,3-4"): as ranges name
				// it, so the message is the same in every checkout.
				detail = strings.ReplaceAll(detail, dg.Subject.Filename, r.File)
			}
			hint, _ := dg.Extra.(lint.DiagnosticHint)
			res.Diagnostics = append(res.Diagnostics, lint.Diagnostic{Range: r, Summary: dg.Summary, Detail: detail, Hint: string(hint)})
		}
	}
	res.Notes = append(res.Notes, l.Refused...)
	res.Modules = l.ModuleCalls()
	res.KeptAgain, res.Summarised = l.keptAgain, l.summarised
	for _, it := range items {
		if it.kept {
			res.Kept++
		}
		res.Files = append(res.Files, it.keptFiles...)
		res.Files = append(res.Files, it.out.VarFiles...)
		res.Diagnostics = append(res.Diagnostics, it.out.VarDiags...)
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

// mergeDiags are the diagnostics of a root's first pass followed by those
// of its second that the first does not hold: what the first reported
// once for the whole load (an unsupported argument) the second does not
// report again, and what it reports again is not doubled.
func mergeDiags(first, second []lint.Diagnostic) []lint.Diagnostic {
	if len(first) == 0 {
		return second
	}
	key := func(d lint.Diagnostic) string { return d.Range.String() + "\x00" + d.Summary + "\x00" + d.Detail }
	seen := make(map[string]bool, len(first))
	out := slices.Clone(first)
	for _, d := range first {
		seen[key(d)] = true
	}
	for _, d := range second {
		if !seen[key(d)] {
			out = append(out, d)
		}
	}
	return out
}
