// Package engine wires faultline together: it discovers inputs under the
// given paths, runs the parsers, builds the model and runs the rules. The
// command and the fixture tests both use it.
package engine

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/faultline-dev/faultline/internal/engine/unitcache"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/internal/lockedfile"
	"github.com/faultline-dev/faultline/internal/procs"
	"github.com/faultline-dev/faultline/internal/runbudget"
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/flux"
	"github.com/faultline-dev/faultline/parsers/helm"
	"github.com/faultline-dev/faultline/parsers/kube"
	"github.com/faultline-dev/faultline/parsers/kustomize"
	"github.com/faultline-dev/faultline/parsers/plan"
	"github.com/faultline-dev/faultline/parsers/terraform"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
	"go.yaml.in/yaml/v3"
)

// Options say what to load.
type Options struct {
	// Paths are the arguments: directories to scan, or files (then the
	// repository root is scanned and findings are limited to chains that
	// touch those files).
	Paths []string
	// Cwd is the working directory; reported paths are relative to RelTo,
	// or to Cwd when RelTo is empty.
	Cwd   string
	RelTo string
	// Vars and VarFiles are Terraform variables for every root module.
	Vars     map[string]string
	VarFiles []string
	// VarFileData holds explicit variables files already read (by path),
	// so a pipe is read once.
	VarFileData map[string][]byte
	// Config is the loaded .faultline.hcl (may be nil).
	Config *lint.Config
	// TreeRoot is the directory the run may read below when the caller
	// fixes it (--root, or outside git the directory of the .faultline.hcl
	// found for the run): it must hold every path. Empty: the repository's
	// top level, else (outside git) the scan roots themselves. Nothing the
	// tree says widens it (see Locate).
	TreeRoot string
	// Renderer renders Helm charts: the command gives a helm.Pool of
	// faultline-render workers. With none, every chart's rendering fails
	// (the engine does not link Helm's engine; see parsers/helm/chartrender).
	Renderer helm.Renderer
	// KubeVersion is the Kubernetes version charts render for.
	KubeVersion string
	// Changed, when not nil (--changed), limits findings to chains touching
	// these files or the file arguments; paths as reported.
	Changed []string
	// Plan is a parsed `terraform show -json` plan (--plan): its
	// deletions, replacements and forgets join the model as Changes,
	// anchored at their source declarations when the source is present.
	Plan *plan.Plan
	// PlanFile names the plan in ranges: an absolute path (reported
	// relative like every range) or "<stdin>".
	PlanFile string
	// BaseDir (--base) holds the tree at the base revision, laid out as
	// BaseRoot is: its model is read like the scanned one and compared
	// with it, and what is gone or has a new identity joins the model as
	// Changes (see base.go).
	BaseDir string
	// BaseRoot is the directory BaseDir stands for (the repository root);
	// default the scan root.
	BaseRoot string
	// BaseRev names the base revision in messages ("main").
	BaseRev string
	// Budget is the run's budget: Terraform roots, kustomize builds and
	// chart renderings are its units, in that order and by path within
	// each. Nil: a new ledger with runbudget.Defaults. The base revision
	// (BaseDir) is read with a budget of its own, of the same limits: had
	// it shared this one, a root left out of the scanned tree could be
	// read at the base and look deleted.
	Budget *runbudget.Ledger

	// relOverride and rootOverride are set for the base model: its paths
	// read as the scanned tree's.
	relOverride  func(string) string
	rootOverride string
	// observe, when set, is told of every read through the run's tree
	// (the result cache records the run's inputs so).
	observe treefs.Observer
	// kept is the per-root result cache of a cached run (keptroots.go);
	// keptParent, set for a base revision's load, is the run's, whose
	// store the base's roots are kept in too.
	kept       *keptRoots
	keptParent *keptRoots
	// units is the per-unit result cache of a cached run: kustomization
	// builds and chart renderings (internal/engine/unitcache).
	units *unitcache.Units
	// listed, in a cached run, is what the snapshot that looked for the
	// stored run listed of the tree: discovery walks it instead of
	// reading every directory again.
	listed *cache.DirIndex
	// listing, in a cached run that follows a stored one, is the same
	// listing kept for the whole load: the tree answers its units' probes
	// and listings from it (treefs.Tree.UseListing). A run filling the
	// cache lets it go after discovery (its memory).
	listing *cache.DirIndex
	// rootDeadline, when not zero, is the wall-clock backstop of each
	// Terraform root's and Terragrunt unit's evaluation instead of the
	// default (tests).
	rootDeadline time.Duration
}

// Loaded is what was read.
type Loaded struct {
	Input lint.Input
	// Root is the scan root (absolute).
	Root string
	// Roots are the scanned directories; Focus the files named on the
	// command line (pre-commit mode), relative like ranges.
	Roots []string
	Focus []string
	// TerraformRoots are the root modules evaluated.
	TerraformRoots []string
	// ModuleCalls are the module calls evaluated and how each resolved.
	ModuleCalls []terraform.ModuleCall
	// Tree is what the run may read: snippets for reports come from it too.
	Tree *treefs.Tree
	// Stages are the measurements of the run's stages, in order (Run
	// adds "rules").
	Stages []Stage
	// Budget is what the run's budget spent and left out.
	Budget runbudget.Report
	// WallStops counts the Terraform roots, Terragrunt units and chart
	// renderings a wall-clock backstop stopped: what they gave depends on
	// the machine's load (see runbudget.WallStops).
	WallStops int
	// Cache says what the result cache did (RunCached).
	Cache CacheReport
	// census is a cached run's Census (it has no model).
	census *Census
	rel    func(string) string
	// deliveries are the tree's Argo CD Applications applying its
	// directories, those relative as ranges name files (--base).
	deliveries []delivery
	// unbuilt are the kustomizations (their directories, as ranges name
	// them) that do not build.
	unbuilt []string
}

// Rel reports a path the way ranges do.
func (l *Loaded) Rel(abs string) string { return l.rel(abs) }

// skipDirs are never descended into: tools' directories (.history is an
// editor's local history of timestamped copies).
var skipDirs = map[string]bool{".git": true, ".terraform": true, ".terragrunt-cache": true, ".terragrunt-stack": true, "node_modules": true, "vendor": true, "testdata": true, ".history": true}

// skippedDir reports whether discovery does not descend into a directory
// of this name (skipDirs): test fixtures under any spelling of testdata
// (testData, TestData) too, whose files are often broken on purpose.
func skippedDir(name string) bool {
	return skipDirs[name] || strings.EqualFold(name, "testdata")
}

// maxManifest bounds one YAML file.
const maxManifest = 8 << 20

// Load discovers and parses every input under the paths, stage by stage
// (see stages.go).
func Load(opts Options) (*Loaded, error) {
	r, err := newRun(opts)
	if err != nil {
		return nil, err
	}
	if opts.listing != nil {
		r.tree.UseListing(opts.listing)
		defer func() {
			r.tree.UseListing(nil)
			opts.listing.Release()
		}()
	}
	s := &r.stages
	s.run("discover", "inputs", r.discover)
	if err := r.warmRenderer(); err != nil {
		return nil, err
	}
	s.run("terraform", "root modules", r.terraformListed)
	s.run("embedded", "documents", r.embedded)
	s.run("kustomize", "kustomizations", r.kustomize)
	s.run("manifests", "files", r.manifests)
	s.run("helm", "renders", r.helm)
	s.run("compositions", "documents", r.compositions)
	if opts.Plan != nil {
		s.run("plan", "changes", r.plan)
	}
	if opts.BaseDir != "" {
		var berr error
		s.run("base", "changes", func() int {
			n := len(r.model.Changes)
			berr = addBase(r.model, opts, r.l, r.in)
			return len(r.model.Changes) - n
		})
		if berr != nil {
			return nil, berr
		}
	}
	s.run("join", "files", r.join)
	r.l.Input = *r.in
	r.l.Stages = s.list
	r.l.Budget = r.opts.Budget.Report()
	r.l.WallStops = r.walls.Count()
	// Every rendering was asked for: the per-unit cache lets go of the
	// load's holes, which the rules and the stored run do not need (on
	// 50 copies of the benchmark repositories, 13 MB held through the
	// rules, the run's peak).
	r.opts.units.UseHoles(nil)
	return r.l, nil
}

// run is the state one Load shares between its stages: what the scan
// covers, the model being joined and what each stage leaves for the next.
type run struct {
	opts   Options
	rel    func(string) string
	root   string
	dirs   []string
	tree   *treefs.Tree
	l      *Loaded
	model  *lint.Model
	in     *lint.Input
	holes  *lint.Holes
	stages stages
	// walls counts the units a wall-clock backstop stopped.
	walls *runbudget.WallStops
	// tg is the run's Terragrunt load through the root cache (nil
	// without one, or without Terragrunt configuration).
	tg *tgLoad

	d discovery
	// files are the files that fed the model; read the YAML files'
	// contents, kept for ignore comments.
	files map[string]bool
	read  map[string][]byte
	tf    terraform.Result
	// meta are the chart metadata files among the manifests.
	meta map[string]bool
	// chartDirs are the directories holding a Chart.yaml (chartSample).
	chartDirs map[string]bool
	// templated are the ytt templates among the manifests, with the
	// note that says so: read for ignores, not as manifests.
	templated map[string]lint.Note
	hopts     helm.Options
	pr        *produced
	ctx       context.Context
	// kustomizeCharts are the charts kustomizations inflated: they do
	// not render again on their own.
	kustomizeCharts *sync.Map
	allCharts       []string
	// readers says what besides the parse may read produced YAML's
	// documents (set by the manifests stage).
	readers unitcache.DocReaders
	// built are the kustomization roots the kustomize stage built,
	// read into the model by the manifests stage once Flux's post-build
	// substitution is known.
	built []builtKustomization
	// kopts are the options the kustomize stage built them with.
	kopts kustomize.Options
	// owned are the files the kustomization roots own: not read again
	// as plain manifests.
	owned map[string]bool
}

// newRun resolves the paths into scan roots, the scan root and the tree
// the run may read.
func newRun(opts Options) (*run, error) {
	if opts.Renderer == nil {
		opts.Renderer = defaultRenderer
	}
	walls := &runbudget.WallStops{}
	opts.Renderer = opts.units.Renderer(wallCounted(opts.Renderer, walls))
	if opts.Budget == nil {
		opts.Budget = runbudget.New(runbudget.Defaults)
	}
	cwd := opts.Cwd
	if cwd == "" {
		var err error
		if cwd, err = os.Getwd(); err != nil {
			return nil, fmt.Errorf("working directory: %w", err)
		}
	}
	relTo := opts.RelTo
	if relTo == "" {
		relTo = cwd
	}
	// aliases map the real directory of a symlinked scan root back to the
	// path the user gave, so reports read as the user named it.
	aliases := map[string]string{}
	rel := func(abs string) string {
		for real, link := range aliases {
			if treefs.Within(real, abs) {
				abs = filepath.Join(link, strings.TrimPrefix(abs, real))
				break
			}
		}
		r, err := filepath.Rel(relTo, abs)
		if err != nil {
			return filepath.ToSlash(abs)
		}
		return filepath.ToSlash(r)
	}
	if opts.relOverride != nil {
		rel = opts.relOverride
	}
	lay, err := locate(opts.Paths, cwd, opts.TreeRoot, aliases)
	if err != nil {
		return nil, err
	}
	dirs, focus, root := lay.Dirs, lay.Focus, lay.Root
	tree := lay.tree()
	if opts.rootOverride != "" {
		root = opts.rootOverride
		tree = treefs.New(dirs, root)
	}
	if opts.observe != nil {
		tree = tree.Observed(opts.observe)
	}
	l := &Loaded{Root: root, Roots: dirs, Tree: tree, rel: rel}
	for _, f := range focus {
		l.Focus = append(l.Focus, rel(f))
	}
	model := &lint.Model{StandardAccounts: standardAccounts}
	if opts.Config != nil {
		model.CapacityComplete = opts.Config.CapacityComplete
	}
	r := &run{opts: opts, rel: rel, root: root, dirs: dirs, tree: tree, l: l, model: model,
		in: &lint.Input{Model: model}, holes: lint.NewHoles(), files: map[string]bool{}, read: map[string][]byte{},
		ctx: context.Background(), kustomizeCharts: &sync.Map{}, walls: walls}
	if opts.keptParent != nil {
		// A base revision's load: its roots are kept beside the run's.
		r.opts.kept = opts.keptParent.child(opts, r)
	}
	opts.units.UseHoles(r.holes)
	return r, nil
}

// terraformListed is the Terraform stage; with no snapshot's listing to
// answer for the tree (--no-cache, or a run filling the cache), the tree
// keeps what it lists while the stage runs: every Terragrunt unit, and
// every root whose variables have no value, lists its siblings looking
// for variables files. The memo is let go with the stage (the other
// stages list little twice, and it would hold the tree's listings).
func (r *run) terraformListed() int {
	if r.opts.listing == nil {
		memo := treefs.NewMemo()
		r.tree.UseListing(memo)
		defer func() {
			r.tree.UseListing(nil)
			if terraformMemoSeen != nil {
				terraformMemoSeen(memo)
			}
		}()
	}
	return r.terraform()
}

// terraformMemoSeen, set by tests, is handed the memo a Terraform stage
// kept once the stage let it go.
var terraformMemoSeen func(*treefs.Memo)

// scopeAt is the .faultline.hcl scope of a path.
func (r *run) scopeAt(p string) lint.Scope {
	if r.opts.Config == nil {
		return lint.Scope{}
	}
	return r.opts.Config.ScopeFor(p)
}

// discover walks the scan roots (stage "discover").
func (r *run) discover() int {
	r.d = discover(r.tree, r.dirs, r.opts.Config, r.opts.listed)
	if r.opts.listing == nil {
		// A run filling the cache: the listing served discovery alone
		// (every copy of the options holds the index; releasing it lets
		// its paths go).
		r.opts.listed.Release()
	}
	r.opts.listed = nil
	for _, s := range r.d.skipped {
		what := s.why
		if s.same != "" {
			what += r.rel(s.same)
		}
		r.in.Notes = append(r.in.Notes, lint.Note{Kind: lint.Skipped, What: what, Range: lint.Range{File: r.rel(s.path)}})
	}
	return len(r.d.tfDirs) + len(r.d.terragrunt) + len(r.d.manifests) + len(r.d.kustomizations) + len(r.d.archives)
}

// defaultRenderer renders charts for runs whose Options give no
// Renderer: none (nil), unless a test sets one.
var defaultRenderer helm.Renderer

// warmRenderer, when the tree holds a chart, stops the run if the chart
// renderer cannot render, and starts its workers, so that their start-up
// overlaps the Terraform stage: no more of them than the tree holds
// charts (archives and Chart.yaml files).
func (r *run) warmRenderer() error {
	charts := len(r.d.archives)
	for _, m := range r.d.manifests {
		if filepath.Base(m) == "Chart.yaml" {
			charts++
		}
	}
	if charts == 0 {
		return nil
	}
	if c, ok := r.opts.Renderer.(helm.Readier); ok {
		if err := c.Ready(); err != nil {
			return err
		}
	}
	if w, ok := r.opts.Renderer.(helm.Warmer); ok {
		w.Warm(charts)
	}
	return nil
}

// noteUnusedTerraformBlocks notes each terraform block of the
// configuration that applies to no root module it should (Config.
// UnusedTerraform): its variables are set nowhere, which the coverage
// notes asking for them would not say.
func (r *run) noteUnusedTerraformBlocks() {
	exists := func(dir string) bool {
		st, err := os.Stat(dir)
		return err == nil && st.IsDir()
	}
	for _, t := range r.opts.Config.UnusedTerraform(r.tf.Roots, append(append([]string(nil), r.dirs...), r.root), exists) {
		where := "holds no Terraform root module"
		if !exists(t.Dir) {
			where = "does not exist (a block's directory is relative to the configuration file)"
		}
		r.in.Notes = append(r.in.Notes, lint.Note{Kind: lint.Skipped, Range: t.Range,
			What: fmt.Sprintf("configuration: terraform block for %s applies to no root module: the directory %s; its variables are not used", r.rel(t.Dir), where)})
	}
}

// terraform evaluates every root module (stage "terraform"); the
// templates Terraform renders are read as rendered, not as manifests.
func (r *run) terraform() int {
	o := terraform.Options{Root: r.root, Tree: r.tree, Vars: r.opts.Vars, VarFiles: r.opts.VarFiles, VarFileData: r.opts.VarFileData, Rel: r.rel, Holes: r.holes, Budget: r.opts.Budget,
		WallStops: r.walls, Deadline: r.opts.rootDeadline}
	if cfg := r.opts.Config; cfg != nil {
		o.ScopeFor, o.InputsFor = cfg.ScopeFor, cfg.TerraformFor
	}
	if r.opts.kept != nil {
		o.RootCache, o.Syntax = r.opts.kept, r.opts.kept
	}
	if len(r.d.terragrunt) > 0 {
		tg := r.terragrunt()
		o.Units, o.UnitModules = tg.Units, tg.SkippedModules
		r.in.Diagnostics = append(r.in.Diagnostics, tg.Diagnostics...)
		r.in.Notes = append(r.in.Notes, tg.Notes...)
		for _, f := range tg.Files {
			r.files[f] = true
		}
	}
	r.tf = terraform.Load(r.d.tfDirs, o)
	r.keepTerragrunt()
	if r.opts.kept != nil {
		r.opts.kept.evaluated(len(r.tf.Roots), r.tf.Kept, r.tf.KeptAgain, r.tf.Summarised)
	}
	r.model.Add(r.tf.Entities...)
	r.in.Diagnostics = append(r.in.Diagnostics, r.tf.Diagnostics...)
	r.in.Notes = append(r.in.Notes, r.tf.Notes...)
	r.l.TerraformRoots, r.l.ModuleCalls = r.tf.Roots, r.tf.Modules
	r.noteUnusedTerraformBlocks()
	r.model.InstantiatedElsewhere = instantiatedElsewhere(r.tf.Roots, r.tf.Modules, r.rel)
	r.model.Add(unreadClusterCalls(r.tf.Modules, r.rel)...)
	r.model.UnreadCalls = unreadCalls(r.tf.Modules, r.rel)
	r.model.PoolModuleCalls = poolModuleCalls(r.tf.Modules, r.rel)
	r.model.Unapplied = r.tf.Unapplied
	for _, f := range r.tf.Files {
		r.files[f] = true
	}
	templates := map[string]bool{}
	for _, f := range r.tf.Templates {
		r.files[f], templates[f] = true, true
	}
	r.d.manifests = slices.DeleteFunc(r.d.manifests, func(m string) bool { return templates[m] })
	return len(r.tf.Roots)
}

// embedded reads the Kubernetes YAML written inside Terraform (stage
// "embedded"), and sets up the Helm options and release finder every
// later source feeds.
func (r *run) embedded() int {
	kubeVersion := r.opts.KubeVersion
	if kubeVersion == "" && r.opts.Config != nil {
		kubeVersion = r.opts.Config.KubeVersion
	}
	r.hopts = helm.Options{Roots: append(append([]string(nil), r.dirs...), r.root), Tree: r.tree, Rel: r.rel, KubeVersion: kubeVersion, Renderer: r.opts.Renderer, Holes: r.holes, Cache: helm.NewCache(), Budget: r.opts.Budget, Charts: r.opts.units.ChartCache()}
	r.pr = &produced{in: r.in, model: r.model, holes: r.holes, finder: helm.NewFinder(r.hopts)}
	return r.pr.addEmbedded(r.tf.Embedded, r.root, r.scopeAt)
}

// switchedOffCharts are the charts switched-off releases would install
// (helm.Options.SwitchedOff), by path, the first release of each.
func switchedOffCharts(us []lint.Unapplied) map[string]string {
	out := map[string]string{}
	for _, u := range us {
		if u.ChartDir == "" {
			continue
		}
		label := u.Addr
		if _, local, ok := strings.Cut(u.Addr, ":"); ok {
			label = local
			if u.Root != "." && u.Root != "" {
				label += " of " + u.Root
			}
		}
		paths := []string{u.ChartDir}
		if real, err := filepath.EvalSymlinks(u.ChartDir); err == nil {
			paths = append(paths, real)
		}
		for _, p := range paths {
			if _, ok := out[p]; !ok {
				out[p] = label
			}
		}
	}
	return out
}

// standardAccounts is helm.StandardAccounts, worked out once.
var standardAccounts = helm.StandardAccounts()

// unplacedKustomizations are the kustomization directories discovery
// found, less those whose kustomization file Terraform reads as a
// template (a flux_bootstrap_git's kustomization_override): that text is
// placed elsewhere by the resource, its entries resolved there, and it is
// not built where it is written (the Terraform stage notes why).
func (r *run) unplacedKustomizations() []string {
	placed := map[string]bool{}
	for _, f := range r.tf.Templates {
		if inputKind(filepath.Base(f), f) == kustomizationInput {
			placed[filepath.Dir(f)] = true
		}
	}
	if len(placed) == 0 {
		return r.d.kustomizations
	}
	return slices.DeleteFunc(slices.Clone(r.d.kustomizations), func(d string) bool { return placed[d] })
}

// Kustomizations is what a run of opts hands its stage "kustomize": the
// tree it reads through and the kustomization directories its discovery
// found, among which kustomize.FindIn (or FindBuilds) picks the roots the
// stage builds. Nothing else is read: no Terraform, no manifest, no build.
// The benchmark's krusty floor builds the same roots with krusty alone.
func Kustomizations(opts Options) (*treefs.Tree, []string, error) {
	r, err := newRun(opts)
	if err != nil {
		return nil, nil, err
	}
	r.discover()
	return r.tree, r.d.kustomizations, nil
}

// kustomize builds every kustomization root once (stage "kustomize"); the
// files a root's tree owns are not read again as plain manifests.
func (r *run) kustomize() int {
	r.kustomizationDuplicates()
	kroots, owned := r.opts.units.FindKustomizations(r.tree, r.unplacedKustomizations())
	kroots = r.withoutPostRenderers(kroots)
	r.owned = owned
	r.d.manifests = slices.DeleteFunc(r.d.manifests, func(m string) bool { return owned[m] })
	for f := range owned {
		r.files[f] = true
	}
	kopts := kustomize.Options{ScanRoot: r.root, Tree: r.tree, Rel: r.rel, Cache: kustomize.NewCache(), Written: r.writtenByTerraform()}
	r.kopts = kopts
	r.opts.units.UseWritten(kopts.Written)
	built := make([]builtKustomization, len(kroots))
	groups := make([]*runbudget.Group, len(kroots))
	for i := range kroots {
		groups[i] = r.opts.Budget.Group()
	}
	u := r.opts.units
	procs.Parallel(len(kroots), func(i int) {
		defer groups[i].Close()
		if u != nil {
			remake := func() func(lint.Range, string) lint.Range {
				o := kopts
				o.Helm = kustomizeHelm(r.ctx, r.hopts, r.kustomizeCharts)
				out, _, _ := kustomize.Render(kroots[i], o)
				return out.Map
			}
			if b, mapKey, ok := u.LookupKustomization(kroots[i], remake); ok {
				for _, c := range b.Charts {
					r.kustomizeCharts.Store(c, true)
				}
				built[i] = builtKustomization{root: kroots[i], out: b.Out, diags: b.Diags, notes: b.Notes, mapKey: mapKey}
				return
			}
		}
		o, hopts := kopts, r.hopts
		hopts.Renderer = budgeted(hopts.Renderer, groups[i], r.opts.Budget)
		o.Helm = kustomizeHelm(r.ctx, hopts, r.kustomizeCharts)
		var inputs *cache.Inputs
		// unobserved: a chart's reads were not all recorded; stopped: a
		// chart's rendering was stopped (its renderer's bounds, a
		// wall-clock backstop, the budget), which depends on the machine
		// and is not kept, so neither is the build around it.
		var unobserved, stopped atomic.Bool
		var charts []string
		var mu sync.Mutex
		if u != nil {
			// The build reads through its own observed view; a chart it
			// inflates is read by the chart loader, and recorded here.
			inputs = cache.NewInputs()
			o.Inputs = inputs
			view := r.tree.Observed(inputs)
			h := o.Helm
			o.Helm = func(c kustomize.HelmChart) ([]byte, error) {
				out, err := h(c)
				if !unitcache.RecordChart(view, c) {
					unobserved.Store(true)
				}
				if renderStopped(err) {
					stopped.Store(true)
				}
				mu.Lock()
				charts = append(charts, kustomize.ChartDir(r.tree, c))
				mu.Unlock()
				return out, err
			}
		}
		b := &built[i]
		b.root = kroots[i]
		b.out, b.diags, b.notes = kustomize.Render(kroots[i], o)
		if u != nil {
			kb := unitcache.KustBuild{Out: b.out, Diags: b.diags, Notes: b.notes, Charts: charts}
			b.out.Map, b.mapKey = u.KeepKustomization(kroots[i], kb, inputs, !unobserved.Load() && !stopped.Load())
		}
	})
	r.readAsData(built)
	r.built = built
	return len(kroots)
}

// rebuildPatched is b built again with the spec.patches of the Flux
// Kustomizations that build its directory appended to its own, as
// kustomize-controller builds it. The build is not kept, nor its parse.
func (r *run) rebuildPatched(b builtKustomization, ps []flux.Patch) builtKustomization {
	o := r.kopts
	o.Helm = kustomizeHelm(r.ctx, r.hopts, r.kustomizeCharts)
	for _, p := range ps {
		o.Patches = append(o.Patches, kustomize.Patch{Text: p.Text, Target: p.Target, At: p.At, Traced: p.Traced, Line: p.Line, Column: p.Column})
	}
	b.out, b.diags, b.notes = kustomize.Render(b.root, o)
	b.mapKey, b.parse, b.keyed = "", nil, false
	return b
}

// withoutPostRenderers are the kustomization roots but those in the
// directory of a release's post-renderer (a helm_release's
// postrender.binary_path, a script that writes the chart's output beside
// the kustomization and runs kustomize over it): built with the chart's
// output when Helm renders the release, never on its own, so not built
// here (what it lists may be written by the script); a note says so. Its
// files stay the kustomization's, read as no manifests.
func (r *run) withoutPostRenderers(kroots []string) []string {
	by := map[string]*lint.Release{}
	for _, rel := range r.model.Releases {
		if rel.PostRenderer != "" {
			by[filepath.Dir(rel.PostRenderer)] = rel
		}
	}
	if len(by) == 0 {
		return kroots
	}
	return slices.DeleteFunc(kroots, func(root string) bool {
		rel, ok := by[filepath.Clean(root)]
		if ok {
			r.in.Notes = append(r.in.Notes, lint.Note{Kind: lint.Skipped, Range: lint.Range{File: r.rel(root)},
				What: fmt.Sprintf("kustomization %s is the post-renderer of %s (%s): it is built with the chart's output when Helm renders the release, not on its own; not built, and what it changes in the release's objects is not read", r.rel(root), rel.Label, r.rel(rel.PostRenderer))})
		}
		return ok
	})
}

// addRemoteCharts hands the remote helmCharts entries a build met to the
// release finder, in the namespace the build gives their objects (a Flux
// Kustomization's targetNamespace over the build's own). A build whose
// output takes no part (Content nil) adds none.
func (r *run) addRemoteCharts(b builtKustomization) {
	if len(b.out.Content) == 0 && b.out.RootOnly != nil {
		return
	}
	for _, c := range b.out.Remote {
		ns := c.Namespace
		if b.target.Namespace != "" {
			ns = b.target.Namespace
		}
		r.pr.finder.AddKustomizeChart(helm.KustomizeChart{File: filepath.Join(b.root, filepath.FromSlash(c.File)), Dir: filepath.Join(b.root, filepath.FromSlash(c.Dir)),
			Field: c.Field, Index: c.Index, Namespace: ns, Scope: r.scopeAt(b.root)})
	}
}

// writtenByTerraform are the tree's files that Terraform's local_file
// resources write at apply time and the tree lacks, by absolute path:
// which resource writes each (kustomize.Options.Written).
func (r *run) writtenByTerraform() map[string]string {
	if len(r.tf.Written) == 0 {
		return nil
	}
	w := make(map[string]string, len(r.tf.Written))
	for _, f := range r.tf.Written {
		if by, ok := w[f.Path]; !ok || f.By < by {
			w[f.Path] = f.By // one name whichever root came first
		}
	}
	return w
}

// renderedByHelm turns the errors of a kustomization that does not build
// into a note when its directory is a chart an Argo CD Application
// deploys with Helm settings: Argo CD renders it with Helm and never runs
// kustomize there (a kustomization.yaml left beside the chart).
func (r *run) renderedByHelm(deliveries []helm.Delivery) {
	helmDirs := map[string]string{}
	for _, d := range deliveries {
		if d.Helm {
			for _, dir := range d.Dirs {
				helmDirs[dir] = d.Label
			}
		}
	}
	if len(helmDirs) == 0 {
		return
	}
	for i := range r.built {
		b := &r.built[i]
		by, ok := helmDirs[filepath.Clean(b.root)]
		if len(b.diags) == 0 || !ok || !r.tree.IsFile(filepath.Join(b.root, "Chart.yaml")) {
			continue
		}
		d := b.diags[0]
		why := d.Summary
		if d.Detail != "" {
			why += ": " + d.Detail
		}
		b.notes = append(b.notes, lint.Note{Kind: lint.Skipped, Range: d.Range,
			What: fmt.Sprintf("kustomization %s does not build (%s), and %s deploys its directory as a Helm chart: Argo CD never runs kustomize there; not built", r.rel(b.root), why, by)})
		b.diags = nil
	}
}

// readAsData turns the errors of a kustomization that does not build, and
// that a Terraform file() reads as an object's body (a Flux Kustomization's
// metadata and spec handed to a chart, saved as kustomization.yaml), into
// a note: Terraform reads it as data, and it is no Kustomize configuration
// (which has no spec). A broken overlay that file() merely reads (a hash
// in a trigger) stays FL000.
func (r *run) readAsData(built []builtKustomization) {
	if len(r.tf.KustomizationReads) == 0 {
		return
	}
	data := map[string]bool{}
	for _, f := range r.tf.KustomizationReads {
		if r.objectBody(f) {
			data[filepath.Dir(f)] = true
		}
	}
	for i := range built {
		b := &built[i]
		if len(b.diags) == 0 || !data[b.root] {
			continue
		}
		d := b.diags[0]
		why := d.Summary
		if d.Detail != "" {
			why += ": " + d.Detail
		}
		b.notes = append(b.notes, lint.Note{Kind: lint.Skipped, Range: d.Range,
			What: fmt.Sprintf("kustomization %s does not build (%s), and a Terraform file() reads it as data: taken to be data handed to a resource, not an overlay; not built", r.rel(b.root), why)})
		b.diags = nil
	}
}

// objectBody reports whether YAML file f is the body of a Kubernetes
// object — a top-level mapping with a spec, which a Kustomize
// configuration never has.
func (r *run) objectBody(f string) bool {
	src, err := r.tree.ReadFile(f, maxManifest)
	if err != nil {
		return false
	}
	var top map[string]yaml.Node
	if yaml.Unmarshal(src, &top) != nil {
		return false
	}
	_, spec := top["spec"]
	return spec
}

// parsedFile is one YAML file as written, parsed.
type parsedFile struct {
	ents  []lint.Entity
	diags []lint.Diagnostic
	notes []lint.Note
	data  []byte
	scope lint.Scope
	// docs are the file's documents when it parsed whole (kube.ParseDocs),
	// for the release finder and compositions; kept gives those a kept
	// parse left undecoded.
	docs []*yaml.Node
	kept func() []*yaml.Node
}

// manifests reads the YAML files as written, in parallel, finds the
// Flux Kustomizations with post-build substitution among them and the
// kustomize output, reads the kustomize output into the model, then
// parses the files (stage "manifests"), each substituted as the Flux
// Kustomization whose path holds it would. A chart's metadata files
// are only read: the chart reads them.
func (r *run) manifests() int {
	out := make([]parsedFile, len(r.d.manifests))
	r.meta = chartMetadata(r.d.manifests)
	r.chartDirs = map[string]bool{}
	for _, m := range r.d.manifests {
		if filepath.Base(m) == "Chart.yaml" {
			r.chartDirs[filepath.Dir(m)] = true
		}
	}
	raw := make([][]byte, len(r.d.manifests))
	errs := make([]error, len(r.d.manifests))
	// pre are the files' documents, decoded once for the Flux finder and
	// for the file's own parse when no substitution changes its text;
	// kept are the parses of files as written the per-unit cache kept,
	// whose documents pre takes instead.
	pre := make([][]*yaml.Node, len(r.d.manifests))
	kept := make([]*unitcache.Parse, len(r.d.manifests))
	ytt := make([]int, len(r.d.manifests))
	procs.Parallel(len(r.d.manifests), func(i int) {
		path := r.d.manifests[i]
		raw[i], errs[i] = r.tree.ReadFile(path, maxManifest)
		if errs[i] != nil || raw[i] == nil || r.meta[path] {
			return
		}
		if line, ok := kube.YttAnnotation(raw[i]); ok {
			ytt[i] = line
			return
		}
		if kept[i] = r.opts.units.KeptParseOf(r.rel(path), r.scopeAt(filepath.Dir(path)), raw[i]); kept[i] != nil {
			return // its documents are decoded below if read
		}
		pre[i], _ = kube.Decode(raw[i])
	})
	r.templated = map[string]lint.Note{}
	for i, line := range ytt {
		if line > 0 {
			path := r.d.manifests[i]
			r.templated[path] = lint.Note{Kind: lint.Skipped, Range: lint.Range{File: r.rel(path), Line: line, Column: 1, EndLine: line, EndColumn: 1},
				What: fmt.Sprintf("read as a ytt template, not a manifest: its comments are ytt code (an annotation at line %d) that decides what it holds", line)}
		}
	}
	// What the files and builds may hold decides which kept documents
	// anything but their parse reads.
	for i, path := range r.d.manifests {
		if raw[i] != nil && r.isManifest(path) {
			r.readers.See(raw[i])
		}
	}
	for _, b := range r.built {
		r.readers.See(b.out.Content)
	}
	procs.Parallel(len(r.d.manifests), func(i int) {
		if kept[i] != nil && r.readers.Wanted(raw[i]) {
			pre[i] = kept[i].Documents()
		}
	})
	// A build's output may have its parse kept; a kept build comes
	// without the documents its build parsed: decode them once where the
	// parse is not kept or the Flux finder, the release finder or
	// compositions read them.
	procs.Parallel(len(r.built), func(i int) {
		b := &r.built[i]
		if len(b.out.Content) == 0 {
			return
		}
		b.key, b.keyed = r.opts.units.KustParseKey(r.rel(filepath.Join(b.root, "kustomization.yaml")), r.scopeAt(b.root), b.out.Content, b.mapKey)
		if b.keyed {
			b.parse = r.opts.units.LookupKustParse(b.key)
		}
		if b.out.Docs == nil && (b.parse == nil || r.readers.Wanted(b.out.Content)) {
			b.out.Docs = r.opts.units.DecodeDocs(b.out.Content)
		}
	})
	subst := r.substitutions(raw, pre)
	r.pr.finder.SetPlacedNamespaces(func(abs string) (string, lint.Range, bool) {
		t, ok := subst.TargetNamespace(abs)
		return t.Namespace, t.Range, ok
	})
	dests, argo := r.argoDestinations(raw, pre)
	var deliveries []helm.Delivery
	if argo != nil {
		deliveries = argo.Deliveries()
	}
	if r.opts.BaseDir != "" || r.opts.relOverride != nil {
		// Compared with a base revision: what Argo CD does with objects
		// whose manifests go (argokept.go).
		r.l.deliveries = relDeliveries(deliveries, r.rel)
	}
	r.renderedByHelm(deliveries)
	argoAnywhere := sync.OnceValue(func() bool { return r.argoLoadsFromAnywhere(raw, pre, argo) })
	var ownedFlux *flux.Set
	kustDirs := make(map[string]bool, len(r.d.kustomizations))
	for _, d := range r.d.kustomizations {
		kustDirs[filepath.Clean(d)] = true
	}
	hasKustomization := func(dir string) bool { return kustDirs[dir] }
	fluxBuilds := func(root string) bool {
		if subst.BuildsWithin(root, hasKustomization) {
			return true
		}
		if ownedFlux == nil {
			ownedFlux = r.fluxInOwned()
		}
		return ownedFlux.BuildsWithin(root, hasKustomization)
	}
	for _, b := range r.built {
		if ps := subst.PatchesAt(b.root); ps != nil {
			b = r.rebuildPatched(b, ps)
		}
		if b.out.RootOnly != nil && !fluxBuilds(b.root) && !argoAnywhere() {
			// It reads a file outside its directory, and no Flux
			// Kustomization builds it (Flux loads from anywhere), nor
			// does the tree's Argo CD build without the restriction:
			// the FL000 `kustomize build` reports, and nothing of the
			// build takes part.
			b.diags = append(slices.Clone(b.diags), *b.out.RootOnly)
			b.out.Content, b.out.Docs, b.parse, b.keyed = nil, nil, nil, false
		}
		if len(b.out.Content) == 0 && len(b.diags) > 0 {
			// It does not build: nothing is applied from it (--base:
			// what it held at the base, in its directory or in the
			// files and directories it names, is not deleted,
			// argokept.go).
			r.l.unbuilt = append(r.l.unbuilt, r.rel(b.root))
			u := lint.UnbuiltKustomization{Dir: r.rel(b.root), Scope: r.scopeAt(b.root)}
			for _, name := range slices.Sorted(maps.Keys(r.kustomizationScalars(b.root))) {
				if p := filepath.Join(b.root, filepath.FromSlash(name)); name != "" && !strings.Contains(name, "://") && (r.tree.IsFile(p) || r.tree.IsDir(p)) {
					r.l.unbuilt = append(r.l.unbuilt, r.rel(p))
					u.NodePools = append(u.NodePools, r.nodePoolFiles(p)...)
				}
			}
			slices.Sort(u.NodePools)
			u.NodePools = slices.Compact(u.NodePools)
			r.model.Unbuilt = append(r.model.Unbuilt, u)
		}
		if t, ok := subst.TargetNamespace(b.root); ok {
			// Its objects are parsed into the namespace Flux gives them
			// (kube.Options.TargetNamespace), and that parse not kept.
			b.target, b.parse, b.keyed = t, nil, false
		} else if d, ok := helm.DestinationOf(dests, b.root); ok {
			// Those writing no namespace are parsed into the Argo CD
			// destination's, and that parse not kept.
			b.dest, b.parse, b.keyed = d, nil, false
		}
		if k := subst.For(b.root); k != nil && len(b.out.Content) > 0 {
			data, diags := k.Apply(b.out.Content)
			if !bytes.Equal(data, b.out.Content) {
				// The substituted text is parsed, and its parse not kept.
				b.out.Content, b.out.Docs, b.parse, b.keyed = data, nil, nil, false
			}
			r.in.Diagnostics = append(r.in.Diagnostics, fluxDiags(diags, r.rel(filepath.Join(b.root, "kustomization.yaml")), b.out.Map)...)
		}
		r.pr.addKustomization(b, r.rel, r.scopeAt(b.root), r.opts.units, r.kustomizationSample(b.root))
		r.addRemoteCharts(b)
	}
	unlisted := r.unlistedBesideKustomization(raw, pre, kustDirs)
	for i, n := range r.kyvernoFixtures(raw, pre) {
		if _, ok := unlisted[i]; !ok {
			unlisted[i] = n
		}
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for i, path := range r.d.manifests {
		if note, ok := unlisted[i]; ok {
			out[i] = parsedFile{notes: []lint.Note{note}}
			continue
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			place := placement{}
			if t, ok := subst.TargetNamespace(path); ok {
				place.target = t
			} else if d, ok := helm.DestinationOf(dests, filepath.Dir(path)); ok {
				place.dest = d
			}
			out[i] = r.parseManifest(path, raw[i], pre[i], kept[i], errs[i], subst.For(path), place)
		}()
	}
	wg.Wait()
	r.opts.units.FlushParses()
	r.in.Notes = append(r.in.Notes, subst.Notes()...)
	var ents []lint.Entity
	for i, p := range out {
		path := r.d.manifests[i]
		ents = append(ents, p.ents...)
		r.in.Diagnostics = append(r.in.Diagnostics, p.diags...)
		r.in.Notes = append(r.in.Notes, p.notes...)
		r.files[path] = true
		if p.data != nil {
			r.read[path] = raw[i]
			if r.isManifest(path) {
				r.pr.addFile(r.rel(path), p.data, p.docs, p.kept, p.scope)
			}
		}
	}
	// One cluster's eksctl configuration kept in several files is one
	// cluster.
	r.model.Add(kube.MergeClusterConfigs(ents)...)
	return len(out)
}

// unlistedBesideKustomization are the manifest files (by index in
// r.d.manifests, raw their contents, pre their documents when decoded)
// that lie beside a kustomization file
// that does not list them, nor does any other: kustomize build, Argo CD
// and Flux apply a directory that has a kustomization as that
// kustomization says, so such a file (an entry commented out, a file
// left behind) is applied by none of them. Each is read as nothing, with
// a note; so is one the kustomization names but its build does not own
// (a patch written in a form kustomize refuses). A file that holds a GitOps entry point (an Argo CD Application
// or ApplicationSet, a Flux Kustomization or source) is still read: those
// are applied by hand to bootstrap; so is an eksctl ClusterConfig, which
// eksctl reads and nothing applies.
func (r *run) unlistedBesideKustomization(raw [][]byte, pre [][]*yaml.Node, kustDirs map[string]bool) map[int]lint.Note {
	out := map[int]lint.Note{}
	named := map[string]map[string]bool{} // directory → the scalars its kustomization file holds
	for i, path := range r.d.manifests {
		dir := filepath.Dir(path)
		if raw[i] == nil || r.owned[path] || !r.isManifest(path) || kustomize.IsKustomizationFile(path) {
			continue
		}
		if !kustDirs[dir] {
			if n, ok := r.unparsedUnderKustomization(path, raw[i], pre[i] != nil, kustDirs, named); ok {
				out[i] = n
			}
			continue
		}
		if named[dir] == nil {
			named[dir] = r.kustomizationScalars(dir)
		}
		if named[dir][filepath.Base(path)] {
			// Named, in a field whose files the build does not own here
			// or in a form the build refuses (a patch written as a bare
			// path, whose FL000 that kustomization reports): part of that
			// build only, never applied on its own.
			out[i] = lint.Note{Kind: lint.Skipped, Range: lint.Range{File: r.rel(path)},
				What: "not read on its own: the kustomization beside it names it, and it takes part in that kustomization's build only"}
			continue
		}
		docs, ok := pre[i], true
		if docs == nil {
			// Decoded once already unless the file's parse was kept.
			docs, ok = kube.Decode(raw[i])
		}
		if !ok {
			docs = kube.DecodePrefix(raw[i])
		}
		if holdsBootstrapKind(docs) || ok && !holdsObject(docs) {
			// No object at all: data (a Helm values file an Application
			// reads through a $ref), not a manifest left out.
			continue
		}
		what := "not read: the kustomization beside it does not list it, and kustomize build, Argo CD and Flux apply that directory as its kustomization says"
		if why, locked := lockedfile.Why(raw[i]); locked {
			// Locked in this checkout (not decrypted, not fetched).
			what = "not read: it is " + why
		} else if !ok {
			// It does not parse either, and no document before its error
			// is an entry point applied by hand: nothing of the tree
			// reads it (a README saved as .yaml), so its error is
			// nobody's.
			what = "not read: it does not parse as YAML, and the kustomization beside it does not list it (kustomize build, Argo CD and Flux apply that directory as its kustomization says)"
		}
		out[i] = lint.Note{Kind: lint.Skipped, Range: lint.Range{File: r.rel(path)}, What: what}
	}
	return out
}

// unparsedUnderKustomization is the note of a file below (not beside) a
// kustomization's directory, in a directory of no kustomization of its
// own, that does not parse as YAML and shows no manifest (no top-level
// apiVersion or kind line: a tool's configuration, a stale copy) and
// that the kustomization names neither by its path nor by a directory
// on it: kustomize build, Argo CD and Flux apply that directory as its
// kustomization says, so nothing of the tree reads the file. decoded
// says its documents were decoded already (it parses).
func (r *run) unparsedUnderKustomization(path string, raw []byte, decoded bool, kustDirs map[string]bool, named map[string]map[string]bool) (lint.Note, bool) {
	if decoded {
		return lint.Note{}, false // it parsed: no such file
	}
	above := ""
	for d, up := filepath.Dir(path), filepath.Dir(filepath.Dir(path)); up != d; d, up = up, filepath.Dir(up) {
		if kustDirs[up] {
			above = up
			break
		}
	}
	if above == "" || showsManifest(raw) {
		return lint.Note{}, false
	}
	if _, ok := kube.Decode(raw); ok {
		return lint.Note{}, false
	}
	if named[above] == nil {
		named[above] = r.kustomizationScalars(above)
	}
	rel, err := filepath.Rel(above, path)
	if err != nil {
		return lint.Note{}, false
	}
	for p := rel; p != "." && p != string(filepath.Separator); p = filepath.Dir(p) {
		if named[above][p] || named[above]["./"+p] {
			return lint.Note{}, false
		}
	}
	return lint.Note{Kind: lint.Skipped, Range: lint.Range{File: r.rel(path)},
		What: fmt.Sprintf("not read: it does not parse as YAML, holds no manifest, and lies under the directory of the kustomization in %s, which names neither it nor a directory on its path (kustomize build, Argo CD and Flux apply that directory as its kustomization says)", r.rel(above))}, true
}

// showsManifest reports whether text that does not parse shows a
// manifest: a line that starts with the key apiVersion or kind.
func showsManifest(raw []byte) bool {
	for line := range bytes.Lines(raw) {
		if bytes.HasPrefix(line, []byte("apiVersion:")) || bytes.HasPrefix(line, []byte("kind:")) {
			return true
		}
	}
	return false
}

// kustomizationDuplicates records the keys each kustomization file of
// the tree writes twice in one mapping (kustomize keeps the last).
func (r *run) kustomizationDuplicates() {
	for _, dir := range r.d.kustomizations {
		for _, name := range []string{"kustomization.yaml", "kustomization.yml", "Kustomization"} {
			path := filepath.Join(dir, name)
			data, err := r.tree.ReadFile(path, maxManifest)
			if err != nil {
				continue
			}
			for _, d := range kustomize.DuplicateKeys(r.rel(path), data) {
				r.model.Add(d)
			}
			break
		}
	}
}

// nodePoolFiles are the YAML files at p (a file, or the files directly in
// a directory) that hold a Karpenter NodePool (a karpenter.sh kind
// NodePool or Provisioner), as the tree writes them.
func (r *run) nodePoolFiles(p string) []string {
	files := []string{p}
	if r.tree.IsDir(p) {
		entries, err := r.tree.ReadDir(p)
		if err != nil {
			return nil
		}
		files = files[:0]
		for _, e := range entries {
			if !e.IsDir() {
				files = append(files, filepath.Join(p, e.Name()))
			}
		}
	}
	var out []string
	for _, f := range files {
		if ext := filepath.Ext(f); ext != ".yaml" && ext != ".yml" {
			continue
		}
		data, err := r.tree.ReadFile(f, maxManifest)
		if err != nil {
			continue
		}
		docs, _ := kube.Decode(data)
		if holdsNodePool(docs) {
			out = append(out, r.rel(f))
		}
	}
	return out
}

// holdsNodePool reports whether a document is a Karpenter NodePool (or a
// legacy Provisioner).
func holdsNodePool(docs []*yaml.Node) bool {
	return slices.ContainsFunc(docs, func(d *yaml.Node) bool {
		kind, api, _ := objectHeader(d)
		group, _, _ := strings.Cut(api, "/")
		return group == "karpenter.sh" && (kind == "NodePool" || kind == "Provisioner")
	})
}

// objectHeader is the kind and apiVersion a document writes at its top,
// and whether both are written; "" for one not written (or a document
// that is no mapping).
func objectHeader(d *yaml.Node) (kind, api string, both bool) {
	n := d
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	if n.Kind != yaml.MappingNode {
		return "", "", false
	}
	var hasKind, hasAPI bool
	for j := 0; j+1 < len(n.Content); j += 2 {
		switch n.Content[j].Value {
		case "kind":
			kind, hasKind = n.Content[j+1].Value, true
		case "apiVersion":
			api, hasAPI = n.Content[j+1].Value, true
		}
	}
	return kind, api, hasKind && hasAPI
}

// kustomizationScalars are the scalar values of the kustomization file in
// dir, each also as a path cleaned of "./": the file names it mentions
// whatever field or form it writes them in.
func (r *run) kustomizationScalars(dir string) map[string]bool {
	out := map[string]bool{}
	for _, name := range []string{"kustomization.yaml", "kustomization.yml", "Kustomization"} {
		data, err := r.tree.ReadFile(filepath.Join(dir, name), maxManifest)
		if err != nil {
			continue
		}
		docs, _ := kube.Decode(data)
		var walk func(n *yaml.Node)
		walk = func(n *yaml.Node) {
			if n == nil {
				return
			}
			if n.Kind == yaml.ScalarNode {
				out[n.Value], out[filepath.Clean(n.Value)] = true, true
			}
			for _, c := range n.Content {
				walk(c)
			}
		}
		for _, d := range docs {
			walk(d)
		}
		break
	}
	return out
}

// bootstrapKinds are the kinds of GitOps entry points, applied by hand.
var bootstrapKinds = map[string]bool{
	"Application": true, "ApplicationSet": true, "AppProject": true,
	"Kustomization": true, "GitRepository": true, "OCIRepository": true, "HelmRepository": true, "Bucket": true,
}

// holdsObject reports whether a document is a Kubernetes object: a
// mapping that writes apiVersion and kind.
func holdsObject(docs []*yaml.Node) bool {
	return slices.ContainsFunc(docs, func(d *yaml.Node) bool {
		_, _, both := objectHeader(d)
		return both
	})
}

// holdsBootstrapKind reports whether a document is a GitOps entry point
// (bootstrapKinds of an Argo CD or Flux API group) or an eksctl
// configuration (any kind of the eksctl.io group).
func holdsBootstrapKind(docs []*yaml.Node) bool {
	return slices.ContainsFunc(docs, func(d *yaml.Node) bool {
		kind, api, _ := objectHeader(d)
		group, _, _ := strings.Cut(api, "/")
		return bootstrapKinds[kind] && (group == "argoproj.io" || strings.HasSuffix(group, ".toolkit.fluxcd.io")) || group == "eksctl.io"
	})
}

// placement is where a GitOps tool of the tree puts a file's objects: a
// Flux Kustomization's target namespace (all namespaced ones), else an
// Argo CD Application's destination (those writing no namespace).
type placement struct {
	target flux.Target
	dest   helm.Destination
}

// argoDestinations are the destinations of the Argo CD Applications in
// the files as written (raw, by r.d.manifests, with their documents pre
// when they parsed whole) and in the YAML Terraform writes: read before
// the manifests are parsed, which they place. The finder that read them
// is returned too (nil when there were none).
func (r *run) argoDestinations(raw [][]byte, pre [][]*yaml.Node) ([]helm.Destination, *helm.Finder) {
	var f *helm.Finder
	for i, path := range r.d.manifests {
		if raw[i] == nil || !r.isManifest(path) || !bytes.Contains(raw[i], []byte("argoproj.io")) {
			continue
		}
		docs := pre[i]
		if docs == nil {
			docs, _ = kube.Decode(raw[i])
		}
		if f == nil {
			f = helm.NewFinder(r.hopts)
		}
		f.AddParsed(r.rel(path), path, raw[i], docs, lint.Scope{})
	}
	// Applications Terraform writes (kubernetes_manifest,
	// argocd_application) deploy paths of the repository holding the
	// .tf file just as well.
	for _, em := range r.tf.Embedded {
		if em.SubstitutionSource || !bytes.Contains(em.Content, []byte("argoproj.io")) {
			continue
		}
		if f == nil {
			f = helm.NewFinder(r.hopts)
		}
		abs := filepath.Join(r.root, filepath.FromSlash(em.File))
		f.AddProduced(helm.Produced{Name: em.File + "@" + em.Addr, Dir: filepath.Dir(abs), Data: em.Content, Map: em.Map, Source: lint.SourceTerraform, KeepsLines: em.KeepsLines()})
	}
	if f == nil {
		return nil, nil
	}
	return f.Destinations(), f
}

// argoLoadsFromAnywhere reports whether the tree configures Argo CD to
// build kustomizations without kustomize's load restriction (argocd-cm's
// kustomize.buildOptions with --load-restrictor LoadRestrictionsNone): in
// an argocd-cm ConfigMap of the files as written, or in the values of a
// release of the argo-cd chart — a helm_release, or an Application of
// those files (argo, the finder that read them). Read only for a build
// that needs the answer (kustomize.Rendered.RootOnly).
func (r *run) argoLoadsFromAnywhere(raw [][]byte, pre [][]*yaml.Node, argo *helm.Finder) bool {
	for _, e := range r.tf.Entities {
		if rel, ok := e.(*lint.Release); ok && helm.ArgoReleaseLoadsFromAnywhere(rel) {
			return true
		}
	}
	if argo != nil {
		rels, _, _ := argo.Releases()
		if slices.ContainsFunc(rels, helm.ArgoReleaseLoadsFromAnywhere) {
			return true
		}
	}
	for i, path := range r.d.manifests {
		if raw[i] == nil || !r.isManifest(path) || !bytes.Contains(raw[i], []byte("argocd-cm")) {
			continue
		}
		docs := pre[i]
		if docs == nil {
			docs, _ = kube.Decode(raw[i])
		}
		if slices.ContainsFunc(docs, helm.ArgoConfigMapLoadsFromAnywhere) {
			return true
		}
	}
	return false
}

// fluxInOwned finds the Flux Kustomizations in the files kustomization
// roots own, as written: a Flux Kustomization listed by a kustomization
// that does not build still tells which directories Flux builds. Read
// only for a build that needs the answer (kustomize.Rendered.RootOnly).
func (r *run) fluxInOwned() *flux.Set {
	paths := slices.Sorted(maps.Keys(r.owned))
	var files []flux.File
	for _, p := range paths {
		data, err := r.tree.ReadFile(p, maxManifest)
		if err != nil || !flux.MayHoldKustomization(data) {
			continue
		}
		files = append(files, flux.File{Rel: r.rel(p), Dir: filepath.Dir(p), Data: data})
	}
	return flux.Find(files, flux.Options{Holes: r.holes, Bases: r.repoBases})
}

// substitutions finds the Flux Kustomizations with spec.postBuild in the
// files as written (raw, by r.d.manifests, with their documents pre when
// they parsed whole), the kustomize output and the YAML Terraform
// applies, and the ConfigMaps and Secrets they substitute from.
func (r *run) substitutions(raw [][]byte, pre [][]*yaml.Node) *flux.Set {
	var files []flux.File
	for i, path := range r.d.manifests {
		if raw[i] != nil && r.isManifest(path) {
			files = append(files, flux.File{Rel: r.rel(path), Dir: filepath.Dir(path), Data: raw[i], Docs: pre[i]})
		}
	}
	for _, b := range r.built {
		if len(b.out.Content) > 0 {
			files = append(files, flux.File{Rel: r.rel(filepath.Join(b.root, "kustomization.yaml")), Dir: b.root, Data: b.out.Content, Docs: b.out.Docs, Range: b.out.Map})
		}
	}
	// What Terraform applies: the ConfigMap a Flux Kustomization
	// substitutes from is often made by the Terraform that bootstraps
	// Flux (kubernetes_config_map_v1_data "cluster-vars").
	for _, em := range r.tf.Embedded {
		if flux.Reads(em.Content) {
			files = append(files, flux.File{Rel: em.File, Dir: r.root, Data: em.Content, Range: em.Map, Unit: em.Root, AddsData: em.AddsData, DataUnknown: em.DataUnknown})
		}
	}
	return flux.Find(files, flux.Options{Holes: r.holes, Bases: r.repoBases})
}

// repoBases are the directories a GitOps path read in dir resolves
// against: the repository holding dir, each scan root and the tree's
// root (as the release finder resolves them).
func (r *run) repoBases(dir string) []string {
	var out []string
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			out = append(out, d)
			break
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	return append(append(out, r.dirs...), r.root)
}

// fluxDiags are the substitution failures of a Flux Kustomization at
// their lines of the YAML substituted (name, mapped by m when produced).
func fluxDiags(ds []flux.Diagnostic, name string, m func(lint.Range, string) lint.Range) []lint.Diagnostic {
	var out []lint.Diagnostic
	for _, d := range ds {
		rng := lint.Range{File: name, Line: d.Line, Column: 1, EndLine: d.Line, EndColumn: 1}
		if d.Column > 0 {
			rng.Column, rng.EndColumn = d.Column, d.EndColumn
		}
		if m != nil {
			rng = m(rng, "")
		}
		out = append(out, lint.Diagnostic{Range: rng, Summary: d.Summary, Detail: d.Detail})
	}
	return out
}

// parseManifest parses one YAML file (data, read with err; docs its
// documents when it parsed whole; kept its parse the per-unit cache kept,
// or nil), substituted as the Flux Kustomization k deploying it would
// (nil: none) in the namespace a Flux Kustomization's targetNamespace
// gives its objects, or the Argo CD destination gives those writing none
// (place; with either the parse is not kept), and hands it to the
// release finder.
func (r *run) parseManifest(path string, data []byte, docs []*yaml.Node, kept *unitcache.Parse, err error, k *flux.Kustomization, place placement) parsedFile {
	var p parsedFile
	if err != nil {
		p.diags = []lint.Diagnostic{{Range: lint.Range{File: r.rel(path), Line: 1, Column: 1, EndLine: 1, EndColumn: 1}, Summary: "Cannot read file", Detail: err.Error()}}
		return p
	}
	if r.meta[path] {
		p.data = data // read for ignores; the chart reads it
		return p
	}
	if n, ok := r.templated[path]; ok {
		p.data, p.notes = data, []lint.Note{n} // read for ignores
		return p
	}
	if k != nil {
		var fd []flux.Diagnostic
		written := data
		data, fd = k.Apply(data)
		p.diags = append(p.diags, fluxDiags(fd, r.rel(path), nil)...)
		if !bytes.Equal(data, written) {
			docs, kept = nil, nil // the substituted text is parsed
		}
	}
	scope := r.scopeAt(filepath.Dir(path))
	note := func(n lint.Note) { p.notes = append(p.notes, n) }
	var ents []lint.Entity
	var diags []lint.Diagnostic
	opts := kube.Options{Scope: scope, Holes: r.holes, Notes: note, Templates: true, Parsed: docs, Substituted: k != nil}
	switch {
	case place.target.Namespace != "" || place.dest.Namespace != "" || k != nil:
		// Placed by Flux or Argo CD, or substituted by Flux: parsed so,
		// not kept.
		opts.TargetNamespace, opts.TargetNamespaceRange = place.target.Namespace, place.target.Range
		opts.DestinationNamespace, opts.DestinationNamespaceRange = place.dest.Namespace, place.dest.Range
		ents, diags, docs = kube.ParseDocs(r.rel(path), data, opts)
	case kept != nil:
		// Its documents are those decoded for other readers (docs), if
		// any; compositions decode the rest when they render.
		ents, diags, _ = r.opts.units.TakeParse(kept, note)
		if docs == nil {
			p.kept = kept.Documents
		}
	default:
		ents, diags, docs = r.opts.units.ParseDocs(r.rel(path), data, opts)
	}
	if chart, ok := r.chartSample(path); ok {
		why := fmt.Sprintf("kept in chart %s's directory outside templates/ and crds/, which Helm does not apply: applied only if something else applies it", r.rel(chart))
		for _, e := range ents {
			b := e.Base()
			b.Inferred, b.SampleOf = append(slices.Clone(b.Inferred), why), r.rel(chart)
		}
	}
	p.ents, p.diags, p.docs = ents, append(p.diags, diags...), docs
	p.data, p.scope = data, scope
	r.pr.finder.AddParsed(r.rel(path), path, data, p.docs, scope)
	return p
}

// kustomizationSample is how the objects a kustomization rooted at root
// builds are marked when it lies in a chart's directory outside
// templates/ (at the chart's root: istio's kustomization of its sample
// output), which Helm never applies: nil when it does not.
func (r *run) kustomizationSample(root string) func(lint.Entity) {
	chart, ok := root, r.chartDirs[root]
	if !ok {
		chart, ok = r.chartSample(filepath.Join(root, "kustomization.yaml"))
	}
	if !ok {
		return nil
	}
	why := fmt.Sprintf("built by a kustomization kept in chart %s's directory outside templates/, which Helm does not apply: applied only if something else builds it", r.rel(chart))
	return func(e lint.Entity) {
		b := e.Base()
		b.Inferred, b.SampleOf = append(slices.Clone(b.Inferred), why), r.rel(chart)
	}
}

// chartSample reports whether the manifest at path lies in a chart's
// directory below it, outside templates/, crds/ and charts/ (examples/,
// ci/, a chart's sample output): Helm renders and installs none of it, so
// what it holds is applied only if something else applies it. It returns
// the chart's directory.
func (r *run) chartSample(path string) (string, bool) {
	dir := filepath.Dir(path)
	for sub, up := dir, filepath.Dir(dir); up != sub; sub, up = up, filepath.Dir(up) {
		if r.chartDirs[up] {
			switch filepath.Base(sub) {
			case "templates", "crds", "charts":
				return "", false
			}
			return up, true
		}
	}
	return "", false
}

// helm finds the releases (Terraform, helmfile, Argo CD, Flux, and those
// .faultline.hcl configures) and renders the charts in the tree once per
// release, or with their defaults when nothing installs them (stage
// "helm").
func (r *run) helm() int {
	yrels, rdiags, rnotes := r.pr.finder.Releases()
	r.in.Diagnostics = append(r.in.Diagnostics, rdiags...)
	r.in.Notes = append(r.in.Notes, rnotes...)
	releases := append([]*lint.Release(nil), r.model.Releases...)
	for _, rel := range yrels {
		r.model.Add(rel)
		releases = append(releases, rel)
	}
	releases = append(releases, r.configuredReleases(releases)...)
	r.allCharts = helm.FindCharts(append(append([]string(nil), r.d.manifests...), r.d.archives...))
	var charts []string
	for _, c := range r.allCharts {
		if _, used := r.kustomizeCharts.Load(c); !used {
			charts = append(charts, c)
		}
	}
	hopts := r.hopts
	hopts.Generated = r.pr.finder.GeneratedInstalls()
	hopts.SwitchedOff = switchedOffCharts(r.model.Unapplied)
	cr := renderCharts(r.ctx, charts, releases, hopts, r.scopeAt, r.opts.units, r.readers)
	r.pr.addCharts(cr, r.scopeAt, r.opts.units)
	r.placed(r.pr.finder.PlacedDirs())
	return cr.out.Renders
}

// placed takes back the default namespace of the workloads in files an
// Argo CD Application or a Flux Kustomization deploys (dirs, absolute):
// their namespace is the destination's, not kubectl apply's default.
func (r *run) placed(dirs []string) {
	if len(dirs) == 0 {
		return
	}
	rels := make([]string, len(dirs))
	for i, d := range dirs {
		rels[i] = r.rel(d)
	}
	placedHere := func(file string) bool {
		for _, d := range rels {
			if d == "." || file == d || strings.HasPrefix(file, d+"/") {
				return true
			}
		}
		return false
	}
	for _, w := range r.model.Workloads {
		if w.DefaultNamespace != "" && placedHere(w.Range.File) {
			w.DefaultNamespace = ""
		}
	}
	for _, sa := range r.model.ServiceAccounts {
		if sa.DefaultNamespace != "" && placedHere(sa.Range.File) {
			sa.DefaultNamespace = ""
		}
	}
}

// configuredReleases are the releases of charts .faultline.hcl gives
// values files for, where nothing in the tree installs them.
func (r *run) configuredReleases(releases []*lint.Release) []*lint.Release {
	cfg := r.opts.Config
	if cfg == nil {
		return nil
	}
	installed := map[string]bool{}
	for _, rel := range releases {
		if rel.ChartDir != "" {
			installed[filepath.Clean(rel.ChartDir)] = true
		}
	}
	var out []*lint.Release
	for _, cc := range cfg.Charts {
		if installed[cc.Dir] {
			continue
		}
		rng := cc.Range
		rng.File = r.rel(filepath.Join(cfg.Dir, filepath.Base(cfg.Path)))
		rel, cd := helm.ConfiguredRelease(cc.Dir, cc.ValuesFiles, rng, r.hopts)
		r.in.Diagnostics = append(r.in.Diagnostics, cd...)
		r.model.Add(rel)
		out = append(out, rel)
	}
	return out
}

// compositions renders the Crossplane compositions with the claims and
// composite resources found anywhere: files, kustomize and chart output,
// Terraform (stage "compositions").
func (r *run) compositions() int {
	r.pr.renderCompositions(r.opts.units)
	placeCrossplaneAccounts(r.model)
	return len(r.pr.docs)
}

// plan joins the Terraform plan (stage "plan").
func (r *run) plan() int {
	n := len(r.model.Changes)
	addPlan(r.model, r.opts, r.rel, r.tf.Calls)
	return len(r.model.Changes) - n
}

// join finishes the input (stage "join"): the files read, diagnostics
// bounded per file, the ignore comments of every file that fed the model.
func (r *run) join() int {
	// Every subnet and security group is in: the tags put on resources
	// whose IDs are not known may be on any of them.
	r.model.PlaceLooseTags()
	r.markExternalDeliveries()
	for _, a := range r.d.archives {
		r.files[a] = true
	}
	r.in.Files = len(r.files)
	r.in.Diagnostics = capPerFile(r.in.Diagnostics, maxDiagnosticsPerFile)
	r.in.Ignores = scanIgnores(r.opts.units, r.tree, r.rel, r.files, r.read, r.allCharts)
	return len(r.files)
}

// isManifest says whether a YAML file of the tree is read as manifests:
// not a chart's metadata (the chart reads it) nor a ytt template.
func (r *run) isManifest(path string) bool {
	_, templated := r.templated[path]
	return !r.meta[path] && !templated
}

// chartMetadata is the set of YAML files of a Helm chart's directory that
// no installer applies: those directly in it (Chart.yaml, values.yaml,
// values-prod.yaml, …), which the chart reads as values and metadata, so a
// broken one is reported once, by the chart; and those in a hidden
// directory of it (a release tool's .gitlab/ configuration, whose anchors
// the tool resolves across files), tooling a chart's maintainers keep
// beside it. None is a manifest. Other directories of a chart may hold
// manifests applied on their own (Argo CD Applications beside example
// values), and are read.
func chartMetadata(manifests []string) map[string]bool {
	charts := map[string]bool{}
	for _, m := range manifests {
		if filepath.Base(m) == "Chart.yaml" {
			charts[filepath.Dir(m)] = true
		}
	}
	out := map[string]bool{}
	if len(charts) == 0 {
		return out
	}
	for _, m := range manifests {
		dir := filepath.Dir(m)
		if charts[dir] && !helm.IsHelmfile(m) {
			// A helmfile beside the chart it deploys (chart: .) is
			// helmfile's, read wherever it lies.
			out[m] = true
			continue
		}
		// The nearest chart above, and the directory of it m is in.
		for sub, up := dir, filepath.Dir(dir); up != sub; sub, up = up, filepath.Dir(up) {
			if charts[up] {
				if strings.HasPrefix(filepath.Base(sub), ".") {
					out[m] = true
				}
				break
			}
		}
	}
	return out
}

// addPlan adds the plan to the model: its deletions, replacements and
// forgets as changes, each at the declaration of its address in the scanned
// Terraform source when that is present; and its planned values, module
// internals included, as entities where the source does not declare them
// (a registry module's node groups and roles, anchored at the module call),
// or as the known names, ARNs and IDs the source leaves unknown.
func addPlan(model *lint.Model, opts Options, rel func(string) string, calls map[string][]lint.Range) {
	file := opts.PlanFile
	if filepath.IsAbs(file) {
		file = rel(file)
	}
	src := plan.SourceIndex(model)
	popts := plan.Options{File: file, SourceRange: src, CallRange: callRange(calls)}
	for _, c := range opts.Plan.Changes(popts) {
		model.AddChange(c)
	}
	settlePossible(model, opts.Plan.Instances())
	declared := map[string][]lint.Entity{}
	for _, e := range model.Entities() {
		o := e.Base()
		if o.Source == lint.SourceTerraform && !o.FromPlan() && o.Label != "" {
			declared[o.Label] = append(declared[o.Label], e)
		}
	}
	for _, c := range model.Changes {
		// A replacement's object is still declared: the source's entity
		// at its address is the new object, which the plan creates only
		// after destroying the old one (unless create_before_destroy).
		if c.Origin == "plan" && c.Before != nil {
			if ds := declared[c.Before.Base().Label]; len(ds) == 1 && ds[0].Base().Kind == c.Before.Base().Kind {
				c.SourceAddr = ds[0].Base().Addr
			}
		}
	}
	joined := map[string]bool{}   // plan addresses the source declares
	source := map[string]string{} // plan address → the one source entity's
	var add []lint.Entity
	for _, e := range opts.Plan.Resources(popts) {
		o := e.Base()
		if ae, ok := e.(*lint.AccessEntry); ok && ae.AWSAuth() && joined[ae.ConfigMap] {
			continue // the source reads this ConfigMap's mappings itself
		}
		switch ds := declared[o.Label]; len(ds) {
		case 0:
			add = append(add, e)
		case 1:
			joined[o.Addr] = true
			source[o.Addr] = ds[0].Base().Addr
			enrich(ds[0], e)
		default:
			joined[o.Addr] = true // several roots declare it: the plan does not say which
		}
	}
	for _, e := range add {
		deps := e.Base().DependsOn
		for i, d := range deps {
			if a, ok := source[d]; ok {
				deps[i] = a // the target is known under its source address
			}
		}
	}
	model.Add(add...)
}

// enrich fills what the source leaves unknown (a name from a variable
// without a value, an ARN or ID known only after apply) with the plan's
// known value for the same object.
func enrich(dst, p lint.Entity) {
	fill := func(v *lint.Value, w lint.Value) {
		if !v.IsKnown() && w.IsKnown() {
			*v = w
		}
	}
	fill(&dst.Base().Name, p.Base().Name)
	switch d := dst.(type) {
	case *lint.Role:
		if x, ok := p.(*lint.Role); ok {
			fill(&d.ARN, x.ARN)
		}
	case *lint.InstanceProfile:
		if x, ok := p.(*lint.InstanceProfile); ok {
			fill(&d.ARN, x.ARN)
		}
	case *lint.SecurityGroup:
		if x, ok := p.(*lint.SecurityGroup); ok {
			fill(&d.ID, x.ID)
		}
	case *lint.LaunchTemplate:
		if x, ok := p.(*lint.LaunchTemplate); ok {
			fill(&d.ID, x.ID)
		}
	case *lint.Cluster:
		if x, ok := p.(*lint.Cluster); ok {
			fill(&d.AuthenticationMode, x.AuthenticationMode)
		}
	}
}

// callRange finds the module call that holds an address inside a module
// whose source is not in the tree: the longest module path of the address
// that names exactly one such call.
func callRange(calls map[string][]lint.Range) func(string) (lint.Range, bool) {
	return func(addr string) (lint.Range, bool) {
		steps, _ := splitModules(addr)
		for n := len(steps); n > 0; n-- {
			var key strings.Builder
			for i, st := range steps[:n] {
				if i > 0 {
					key.WriteString(".")
				}
				key.WriteString("module." + st.name)
			}
			if rs := calls[key.String()]; len(rs) == 1 {
				return rs[0], true
			} else if len(rs) > 1 {
				return lint.Range{}, false
			}
		}
		return lint.Range{}, false
	}
}

func unwrapPathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

type discovery struct {
	tfDirs    []string
	manifests []string
	// archives are packaged charts (.tgz).
	archives []string
	// kustomizations are directories holding a kustomization file.
	kustomizations []string
	// terragrunt are the Terragrunt configuration files (terragrunt.hcl,
	// terragrunt.stack.hcl): units, or what units include.
	terragrunt []string
	skipped    []skip
}

// skip is a discovered file left out and why; same, when set, is the
// path of the file it is read as instead (why then ends with it).
type skip struct{ path, why, same string }

// sameFileNote explains a symlinked manifest whose target discovery
// found too: each file is read once, under its own path.
const sameFileNote = "a symlink to a file read under its own path, "

// readOnce keeps one path per file among the discovered manifests: a
// symlink (links holds those the walk found) that leads to a file
// discovered under its own path (or under another symlink, the first in
// order) is skipped with a note, so one manifest never yields its objects
// twice.
func readOnce(tree *treefs.Tree, manifests []string, links map[string]bool) (keep []string, skipped []skip) {
	type entry struct {
		path string
		link bool
	}
	byFile := map[string]entry{}
	var reals []string
	for _, p := range manifests {
		link := links[p]
		real := realManifest(tree, p, link)
		reals = append(reals, real)
		if e, ok := byFile[real]; !ok || e.link && !link {
			byFile[real] = entry{p, link}
		}
	}
	kept := map[string]bool{}
	for i, p := range manifests {
		if kept[p] {
			continue // one path reached from two scan roots
		}
		if e := byFile[reals[i]]; e.path != p {
			skipped = append(skipped, skip{path: p, why: sameFileNote, same: e.path})
			continue
		}
		kept[p] = true
		keep = append(keep, p)
	}
	return keep, skipped
}

// realManifest is where manifest p really is, or p when that cannot be
// resolved: a symlink is followed; a file the walk found not to be one
// lies in its directory's real path, resolved once per directory. (The
// engine's scan roots are real paths and the walk enters no linked
// directory, so that path is p itself today; readOnce does not rely on
// it.)
func realManifest(tree *treefs.Tree, p string, link bool) string {
	if link {
		if real, err := tree.EvalSymlinks(p); err == nil {
			return real
		}
		return p
	}
	dir, err := tree.EvalSymlinks(filepath.Dir(p))
	if err != nil {
		return p
	}
	return filepath.Join(dir, filepath.Base(p))
}

// nestedConfigNote explains a .faultline.hcl the run found but does not
// apply: one configuration per run, so a file a pull request adds below
// the root can neither narrow the scan nor turn rules off.
const nestedConfigNote = "not applied: a run applies one configuration, the .faultline.hcl at its root or above (or --config); move these settings there"

// discover walks the scan roots. Symlinked directories are not followed
// (no loops); a symlinked file counts only when it leads to a regular file
// inside the tree, and other files that are not regular (FIFOs, devices,
// sockets) are left out with a note. Terraform configuration files are
// only noted by directory: the Terraform loader lists and checks them.
// With listed (a cached run's snapshot), the directories it listed are not
// read again.
func discover(tree *treefs.Tree, roots []string, cfg *lint.Config, listed *cache.DirIndex) discovery {
	var d discovery
	tfSeen := map[string]bool{}
	links := map[string]bool{}
	for _, root := range roots {
		_ = listed.WalkDir(root, func(p string, de fs.DirEntry, err error) error {
			if err != nil {
				d.skipped = append(d.skipped, skip{path: p, why: "cannot read: " + unwrapPathErr(err).Error()})
				if de != nil && de.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if cfg.ExcludedIn(root, p) {
				if de.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			name := de.Name()
			if de.IsDir() {
				if p != root && skippedDir(name) {
					return filepath.SkipDir
				}
				return nil
			}
			if name == lint.ConfigFile && !cfg.Applies(p) {
				d.skipped = append(d.skipped, skip{path: p, why: nestedConfigNote})
				return nil
			}
			if name == "terragrunt.hcl" || name == "terragrunt.stack.hcl" {
				if why := refusal(tree, p, de); why != "" {
					d.skipped = append(d.skipped, skip{path: p, why: why})
				} else {
					d.terragrunt = append(d.terragrunt, p)
				}
				return nil
			}
			if terraform.IsConfigFile(name) {
				dir := filepath.Dir(p)
				if !tfSeen[dir] {
					tfSeen[dir] = true
					d.tfDirs = append(d.tfDirs, dir)
				}
				return nil
			}
			kind := inputKind(name, p)
			if kind == notInput {
				return nil
			}
			if why := refusal(tree, p, de); why != "" {
				d.skipped = append(d.skipped, skip{path: p, why: why})
				return nil
			}
			switch kind {
			case archiveInput:
				d.archives = append(d.archives, p)
			case kustomizationInput:
				d.kustomizations = append(d.kustomizations, filepath.Dir(p))
			case manifestInput:
				d.manifests = append(d.manifests, p)
				if de.Type()&fs.ModeSymlink != 0 {
					links[p] = true
				}
			}
			return nil
		})
	}
	sort.Strings(d.tfDirs)
	sort.Strings(d.manifests)
	var twice []skip
	d.manifests, twice = readOnce(tree, d.manifests, links)
	d.skipped = append(d.skipped, twice...)
	sort.Strings(d.kustomizations)
	sort.Strings(d.terragrunt)
	return d
}

// inputKind is what discovery does with a file.
type inputKindT int

const (
	notInput inputKindT = iota
	archiveInput
	kustomizationInput
	manifestInput
)

func inputKind(name, p string) inputKindT {
	switch {
	case strings.HasSuffix(name, ".tgz"):
		return archiveInput
	case name == "kustomization.yaml" || name == "kustomization.yml" || name == "Kustomization":
		return kustomizationInput
	case strings.HasSuffix(name, ".gotmpl") && helm.IsHelmfile(p):
		// A helmfile helmfile renders as a Go template first: read as
		// YAML (its templated parts, like a chart's values, are not
		// known).
		return manifestInput
	case strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml"):
		if kube.IsHelmTemplate(p) || kube.IsChartData(p) {
			return notInput
		}
		return manifestInput
	}
	return notInput
}

// refusal says why a discovered file is not read, or "".
func refusal(tree *treefs.Tree, p string, de fs.DirEntry) string {
	if de.Type().IsRegular() {
		return ""
	}
	if de.Type()&fs.ModeSymlink != 0 {
		if _, err := tree.EvalSymlinks(p); err != nil {
			return "broken or looping symlink"
		}
		if !tree.Contains(p) {
			return "symlink leads out of the scanned tree"
		}
	}
	st, err := tree.Stat(p)
	switch {
	case err != nil:
		return "cannot read: " + err.Error()
	case st.IsDir():
		return "symlink to a directory (not followed)"
	case !st.Mode().IsRegular():
		return "not a regular file (a FIFO, device or socket): not read"
	}
	return ""
}

// repoRoot returns the nearest ancestor holding .git, or "".
func repoRoot(dir string) string {
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

func isAncestor(anc, p string) bool {
	r, err := filepath.Rel(anc, p)
	return err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator))
}

// dedupeNested drops directories inside other listed directories.
func dedupeNested(dirs []string) []string {
	sort.Strings(dirs)
	var out []string
	for _, d := range dirs {
		if d == "" {
			continue
		}
		nested := false
		for _, o := range out {
			if isAncestor(o, d) {
				nested = true
				break
			}
		}
		if !nested {
			out = append(out, d)
		}
	}
	return out
}

func commonRoot(dirs []string) string {
	if len(dirs) == 0 {
		return ""
	}
	c := dirs[0]
	for _, d := range dirs[1:] {
		for !isAncestor(c, d) {
			c = filepath.Dir(c)
		}
	}
	return c
}

// Run loads and lints.
func Run(opts Options, rules []*lint.Rule, ropts lint.Options) (*Loaded, lint.Result, error) {
	l, err := Load(opts)
	if err != nil {
		return nil, lint.Result{}, err
	}
	var res lint.Result
	l.Stages = Measure(l.Stages, "rules", "findings", func() int {
		res = lint.Run(l.Input, rules, ropts)
		if len(l.Focus) > 0 || opts.Changed != nil {
			res = FilterTouching(res, append(append([]string(nil), l.Focus...), opts.Changed...))
		}
		return len(res.Findings)
	})
	return l, res, nil
}

// FilterTouching keeps findings whose chain touches one of the files: the
// primary location or any related one.
func FilterTouching(res lint.Result, files []string) lint.Result {
	want := map[string]bool{}
	for _, f := range files {
		want[f] = true
	}
	var out []lint.Finding
	for _, f := range res.Findings {
		keep := want[f.Range.File]
		for _, r := range f.Related {
			keep = keep || want[r.File]
		}
		if keep {
			out = append(out, f)
		}
	}
	res.Findings = out
	res.Summary = lint.Summarize(out, res.Summary.Notes, res.Summary.Files)
	return res
}

// maxDiagnosticsPerFile bounds FL000 findings for one file: past the first
// few, a parser's follow-on errors only repeat the first problem.
const maxDiagnosticsPerFile = 3

// capPerFile keeps the first n distinct diagnostics of each file, in position order,
// and says how many more there were, at the first one it leaves out; one
// more is reported itself (a line saying it is there would take its place).
func capPerFile(ds []lint.Diagnostic, n int) []lint.Diagnostic {
	byFile := map[string][]lint.Diagnostic{}
	var files []string
	seen := map[lint.Diagnostic]bool{}
	for _, d := range ds {
		if seen[d] {
			continue // one problem met twice (two releases of one chart) is one finding
		}
		seen[d] = true
		if _, ok := byFile[d.Range.File]; !ok {
			files = append(files, d.Range.File)
		}
		byFile[d.Range.File] = append(byFile[d.Range.File], d)
	}
	var out []lint.Diagnostic
	for _, f := range files {
		list := byFile[f]
		sort.SliceStable(list, func(i, j int) bool { return list[i].Range.Less(list[j].Range) })
		if len(list) <= n+1 {
			out = append(out, list...)
			continue
		}
		out = append(out, list[:n]...)
		// At the first problem not reported: after the last one reported,
		// in any order of the output, and where the next one is.
		more := lint.Diagnostic{Range: list[n].Range}
		more.Summary = fmt.Sprintf("%d more problems in this file", len(list)-n)
		more.Detail = "Only the first " + fmt.Sprint(n) + " are reported; fix those first, later ones often follow from them."
		out = append(out, more)
	}
	return out
}

// kustomizeHelm routes a kustomization's helmCharts through faultline's
// Helm path; charts that are not in the tree are unavailable offline.
func kustomizeHelm(ctx context.Context, hopts helm.Options, used *sync.Map) kustomize.HelmRenderer {
	return func(c kustomize.HelmChart) ([]byte, error) {
		dir := kustomize.ChartDir(hopts.Tree, c)
		used.Store(dir, true)
		files := append([]string(nil), c.AdditionalValuesFiles...)
		if c.ValuesFile != "" {
			files = append([]string{c.ValuesFile}, files...)
		}
		out, _, err := helm.RenderChart(ctx, helm.ChartRequest{
			Chart: dir, ReleaseName: c.ReleaseName, Namespace: c.Namespace,
			ValuesFiles: files, Values: c.ValuesInline, KubeVersion: c.KubeVersion,
			APIVersions: c.APIVersions, IncludeCRDs: c.IncludeCRDs,
		}, hopts)
		if errors.Is(err, helm.ErrNotInTree) {
			return nil, fmt.Errorf("%w: %v", kustomize.ErrChartUnavailable, err)
		}
		return out, err
	}
}

// clusterModules are the public modules whose call makes an EKS cluster,
// by registry key (modsource.ModelKey).
var clusterModules = map[string]bool{
	modsource.EKSModule:          true,
	"cloudposse/eks-cluster/aws": true,
}

// unreadClusterCalls are the EKS clusters of module calls whose code is
// not read (a version of the eks module faultline does not model, code
// neither cached nor modelled): clusters of the tree whose capacity is
// not known (lint.OtherCluster), at the call's source argument.
func unreadClusterCalls(calls []modsource.ModuleCall, rel func(string) string) []lint.Entity {
	var out []lint.Entity
	for _, c := range calls {
		if c.How != modsource.ResolvedUnknown {
			continue
		}
		key, _, ok := modsource.ModelKey(c.Source)
		if !ok || !clusterModules[key] {
			continue
		}
		label := c.Call
		version := ""
		if c.Version != "" {
			version = " " + c.Version
		}
		root := rel(c.Root)
		out = append(out, &lint.OtherCluster{
			Object: lint.Object{Kind: lint.KindOtherCluster, Addr: root + ":" + label + "#cluster", Root: root, Label: label, Range: c.Range, NameRange: c.Range, Source: lint.SourceTerraform, Name: lint.Unknown()},
			What:   fmt.Sprintf("EKS cluster of %s (%s%s, whose code faultline does not read)", label, key, version),
			Call:   root + ":" + label,
		})
	}
	return out
}

// unreadCalls are the module calls whose code is not read, described by
// their source and version (lint.Model.UnreadCalls).
func unreadCalls(calls []modsource.ModuleCall, rel func(string) string) map[string]string {
	var out map[string]string
	for _, c := range calls {
		if c.How != modsource.ResolvedUnknown {
			continue
		}
		if out == nil {
			out = map[string]string{}
		}
		what := c.Call + " (" + c.Source
		if c.Version != "" {
			what += " " + c.Version
		}
		out[rel(c.Root)+":"+c.Call] = what + ")"
	}
	return out
}

// poolModules are the registry modules known to apply Karpenter
// NodePools from their inputs: aws-ia/eks-data-addons renders its
// karpenter-resources chart (a NodePool and an EC2NodeClass per entry of
// karpenter_resources_helm_config) when enable_karpenter_resources is set.
var poolModules = map[string]bool{"aws-ia/eks-data-addons/aws": true}

// poolModuleCalls are the calls of poolModules whose code is not read
// (lint.Model.PoolModuleCalls).
func poolModuleCalls(calls []modsource.ModuleCall, rel func(string) string) []lint.ModuleCallRef {
	var out []lint.ModuleCallRef
	for _, c := range calls {
		if c.How != modsource.ResolvedUnknown {
			continue
		}
		if key, _, ok := modsource.ModelKey(c.Source); !ok || !poolModules[key] {
			continue
		}
		what := c.Call + " (" + c.Source
		if c.Version != "" {
			what += " " + c.Version
		}
		out = append(out, lint.ModuleCallRef{Root: rel(c.Root), Label: what + ")"})
	}
	return out
}

// instantiatedElsewhere are the roots a module call whose code is not
// read names as the subdirectory of its remote source (the repository's
// own library module, called by a git ref from another root), by their
// directory as ranges name files, with the call's source argument
// (lint.Model.InstantiatedElsewhere).
func instantiatedElsewhere(roots []string, calls []modsource.ModuleCall, rel func(string) string) map[string]lint.Range {
	var out map[string]lint.Range
	for _, c := range calls {
		if c.How != modsource.ResolvedUnknown {
			continue
		}
		sub := modsource.RemoteSubdir(c.Source)
		if sub == "" {
			continue
		}
		for _, root := range roots {
			d := filepath.ToSlash(rel(root))
			if d != sub && !strings.HasSuffix(d, "/"+sub) {
				continue
			}
			if out == nil {
				out = map[string]lint.Range{}
			}
			if _, ok := out[d]; !ok {
				out[d] = c.Range
			}
		}
	}
	return out
}
