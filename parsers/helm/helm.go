// Package helm renders Helm charts found in the scanned tree into YAML
// for parsers/kube, and finds the releases that install them (helmfile,
// Argo CD Applications, Flux HelmReleases, HelmChart CRs of the k3s / RKE2
// helm-controller; Terraform helm_release comes from parsers/terraform),
// in files as written and in produced YAML (Finder.AddProduced).
//
// Charts are untrusted input. A chart directory is walked here (never
// Helm's directory loader, which follows symlinks): symlinks leaving the
// chart are not followed, .helmignore is honoured, size and file count
// are bounded; archives are bounded before Helm unpacks them. Rendering
// runs with no cluster (lookup returns nothing), no DNS and no schema
// fetching, through a Renderer: Pool bounds time, memory and output by
// running faultline itself as long-lived child processes, each bounding
// every chart it renders.
//
// Each chart renders once per distinct release (values, name, namespace);
// a chart no release installs renders once with its defaults, and what it
// yields is marked inferred. Unknown Terraform values arrive as sentinel
// strings and stay in the output for parsers/kube to decode.
package helm

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/faultline-dev/faultline/internal/templatetext"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/Masterminds/semver/v3"
	"go.yaml.in/yaml/v3"
	k8sversion "k8s.io/apimachinery/pkg/util/version"

	"github.com/faultline-dev/faultline/internal/runbudget"
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
)

// InferredDefaultsRefused is the further Inferred note of what a chart
// rendered with its defaults makes when the chart refuses those defaults
// (it calls fail, or a required value is missing, which faultline's
// rendering logs instead of stopping): no install renders it so, and
// the values it writes into what it makes (an Argo CD Application's) are
// not those an install writes.
const InferredDefaultsRefused = "rendered with chart defaults the chart refuses (it calls fail or misses a required value): an install gives it other values"

// InferredDefaultsGenerated is the Inferred note of what is rendered with
// the defaults of a chart an Argo CD ApplicationSet installs with values
// of its own, which the finder does not follow (GeneratedInstall).
const InferredDefaultsGenerated = "rendered with chart defaults: an ApplicationSet installs this chart with values of its own, in the Applications it generates, which are not followed"

// InferredDefaults is the Inferred note of everything rendered from a
// chart no release installs.
const InferredDefaults = "made by a chart rendered with its defaults: no release of the tree installs that chart, so an install of it may give other values"

// Options configure finding releases and rendering.
type Options struct {
	// Roots are the scan roots: charts, values files and symlink targets
	// outside them are not read. None: no restriction (tests).
	Roots []string
	// Tree, when set, confines every read instead of Roots (see
	// internal/treefs): the repository's tree, symlinks resolved.
	Tree *treefs.Tree
	// Rel turns an absolute path into the path reported in ranges.
	Rel func(abs string) string
	// KubeVersion is the Kubernetes version in .Capabilities (default
	// DefaultKubeVersion).
	KubeVersion string
	// Renderer renders one chart: a Pool of faultline-render workers for
	// untrusted input, chartrender.InProcess for trusted input and tests.
	// With none, every rendering fails (a StoppedError).
	Renderer Renderer
	// Holes decodes sentinels in release values (Karpenter settings).
	Holes *lint.Holes
	// Parallel bounds concurrent renderings (default GOMAXPROCS).
	Parallel int
	// Cache, when set, keeps renderings across Render calls: each chart,
	// values and release combination renders once.
	Cache *Cache
	// Budget is the run's budget: with a Metered Renderer, each rendering
	// Render runs is a unit of it, in the order of the renderings (charts
	// by path, releases by address), and a rendering it leaves out fails
	// with a *LeftOutError (FL000 at the chart). Nil: no run-wide budget.
	Budget *runbudget.Ledger
	// Generated are the chart directories ApplicationSets install with
	// values the finder does not follow (Finder.GeneratedInstalls): a
	// chart there that no release installs and that fails reading its
	// values is a coverage note, not FL000 (failedWithoutValues).
	Generated []GeneratedInstall
	// SwitchedOff are the charts of the tree (directory or archive) a
	// helm_release this configuration switches off would install, by
	// path, with that release's address (lint.Unapplied.ChartDir): such a
	// chart that no release installs is installed only where the release
	// is switched on, with its values, so it is not rendered with its
	// defaults.
	SwitchedOff map[string]string
	// Charts, when set, keeps chart loads across runs (internal/engine/unitcache):
	// a chart whose load read what it read before is not walked, read
	// or parsed again.
	Charts ChartCache
}

// Cache holds renderings by chart content, values and release (see
// request). Safe for concurrent use.
type Cache struct {
	mu sync.Mutex
	m  map[string]cachedRender
	// loads are the charts loaded, by path as given and real path: a
	// chart loads once however many times Render runs.
	loads map[string]*chartData
}

type cachedRender struct {
	res Result
	err error
}

// NewCache returns an empty Cache.
func NewCache() *Cache {
	return &Cache{m: map[string]cachedRender{}, loads: map[string]*chartData{}}
}

// fill sets the result of every job the cache holds and returns the others.
func (c *Cache) fill(jobs []*job) []*job {
	if c == nil {
		return jobs
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	var todo []*job
	for _, j := range jobs {
		if r, ok := c.m[j.key]; ok {
			j.res, j.err = r.res, r.err
			continue
		}
		todo = append(todo, j)
	}
	return todo
}

// store keeps the results of jobs.
func (c *Cache) store(jobs []*job) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, j := range jobs {
		c.m[j.key] = cachedRender{j.res, j.err}
	}
}

// Rendered is one rendered template of one release, ready for
// kube.Parse(r.Name, r.Content, kube.Options{Holes, Source: lint.SourceHelm,
// Scope: r.Scope, Inferred: r.Inferred, MapRange: r.Map,
// MapDiagnostic: r.MapDiagnostic, WithoutValues: r.WithoutValues}).
type Rendered struct {
	// Release installs the chart; nil when rendered with chart defaults.
	Release *lint.Release
	// Chart is the chart's absolute directory or .tgz.
	Chart string
	// Template is the template's path inside the chart.
	Template string
	// ChartName is the name of the chart the template belongs to: the
	// chart's (Chart.yaml name), or a subchart's directory name for a
	// template under charts/<name>/.
	ChartName string
	// File is the template's display path (the .tgz for an archive).
	File string
	// Name is unique per release and template: parse under this name so
	// entity addresses do not collide between releases of one chart.
	// Every range is mapped, so it never appears in a position.
	Name    string
	Content []byte
	// Scope is the release's scope (zero with chart defaults).
	Scope lint.Scope
	// Inferred is set when rendered with chart defaults.
	Inferred []string
	// ReleaseNameText is, when rendered with chart defaults, the release
	// name it was rendered with (kube.Options.ReleaseNameText).
	ReleaseNameText string
	// Map maps a range in Content (and the scalar text there, "" for
	// collections) to where a user changes it; see the package's
	// position order.
	Map func(r lint.Range, text string) lint.Range
	// MapDiagnostic maps a YAML syntax error in Content.
	MapDiagnostic func(r lint.Range) lint.Range
	// WithoutValues names the release's values faultline cannot
	// evaluate, left out of the rendering, when the template reads values
	// (lint.Release.ValuesUnknown; kube.Options.WithoutValues).
	WithoutValues string
	// ReadsValuesAt, for a rendering with defaults the chart refuses
	// (InferredDefaultsRefused) or that an ApplicationSet installs with
	// values of its own (InferredDefaultsGenerated), reports whether a
	// mapped range is on a
	// line of the template that reads the chart's values: text made
	// there may be what Helm never renders, having stopped at what the
	// defaults lack. Nil otherwise.
	ReadsValuesAt func(r lint.Range) bool
	// MapKey identifies what Map and MapDiagnostic read besides Content
	// and Template: the chart's files and place, the release's values
	// and where each is set. Two renderings with the same Template,
	// Content and MapKey map every range alike, so a parse of one made
	// with its map holds for the other. "" when it cannot be told.
	MapKey string
	// Values are the values in effect in the rendering (.Values: the
	// chart's values.yaml under the release's values), computed once
	// for all the rendering's templates when first asked: a values
	// document a template renders from them (an app-of-apps template's
	// `toYaml .Values`) passes them on (Produced.RenderingValues).
	Values func() map[string]any
}

// Output is what Render produces.
type Output struct {
	Rendered []Rendered
	// Entities are model entities read from release values: Karpenter
	// chart settings (a legacy node identity) as *lint.NodeClass, and the
	// service account a chart not rendered creates (*lint.ServiceAccount,
	// see serviceAccounts).
	Entities    []lint.Entity
	Diagnostics []lint.Diagnostic
	Notes       []lint.Note
	// Renders counts the renderings run (each distinct chart content,
	// values and release once, wherever the chart is; those the Cache
	// held are not run again).
	Renders int
}

// job is one rendering: a chart with one release (nil: defaults).
type job struct {
	chart    *chartData
	releases []*lint.Release // every release with this rendering's key
	req      Request
	key      string
	res      Result
	err      error
}

// Render renders every chart: once per distinct release that installs it
// (releases whose ChartDir is the chart), or once with its defaults when
// none does. Releases of charts outside the tree are not rendered; their
// values still yield Karpenter settings. Problems become diagnostics (a
// chart that cannot be read or rendered) and notes (missing required
// values, remote charts); the rest goes on.
func Render(ctx context.Context, charts []string, releases []*lint.Release, opts Options) Output {
	if opts.Renderer == nil {
		opts.Renderer = defaultRenderer
	}
	if opts.KubeVersion == "" {
		opts.KubeVersion = DefaultKubeVersion
	}
	par := opts.Parallel
	if par <= 0 {
		par = runtime.GOMAXPROCS(0)
	}
	p := newPaths(&opts)
	var out Output

	byChart := map[string][]*lint.Release{}
	chartSet := map[string]bool{}
	// Charts are keyed by their real path, so a release naming a chart
	// through a symlink does not leave the chart to render with defaults.
	key := func(c string) string {
		c = filepath.Clean(c)
		if real, err := filepath.EvalSymlinks(c); err == nil {
			return real
		}
		return c
	}
	given := map[string]string{} // real path → path as given
	for _, c := range charts {
		k := key(c)
		chartSet[k] = true
		if _, ok := given[k]; !ok {
			given[k] = filepath.Clean(c)
		}
	}
	rels := append([]*lint.Release(nil), releases...)
	sort.SliceStable(rels, func(i, j int) bool { return rels[i].Addr < rels[j].Addr })
	archives := archivesByName(charts)
	// readAsDir are archives a release installs that are read as the
	// directory they are packaged from: rendered there.
	readAsDir := map[string]bool{}
	var dirs chartDirs
	dirsRead := false
	for _, r := range rels {
		if r == nil {
			continue
		}
		if r.ChartDir == "" {
			r.ChartDir = archives.of(r)
			if r.ChartDir != "" {
				// The directory the archive is packaged from, when the
				// tree holds it too, is the same chart: read there (its
				// lines are the user's), never rendered apart with its
				// defaults as a chart nothing installs.
				if !dirsRead {
					dirs, dirsRead = dirsByNameVersion(charts, p), true
				}
				if d := dirs.of(r); d != "" {
					r.Inferred = append(r.Inferred, fmt.Sprintf("chart %s %s taken to be the chart directory %s, which has that name and version, rather than its archive %s", r.ChartName(), r.Version, p.rel(d), p.rel(r.ChartDir)))
					readAsDir[key(r.ChartDir)] = true
					r.ChartDir = d
				}
			}
		}
		if r.ChartDir == "" && remoteExact(r) {
			if !dirsRead {
				dirs, dirsRead = dirsByNameVersion(charts, p), true
			}
			if d := dirs.of(r); d != "" {
				r.ChartDir = d
				r.Inferred = append(r.Inferred, fmt.Sprintf("chart %s %s taken to be the chart directory %s, which has that name and version (what %s serves is not read)", r.ChartName(), r.Version, p.rel(d), chartLabel(r)))
			}
		}
		if r.ChartDir == "" {
			cr, why := remoteReads(r)
			attachReads(r, cr, why)
			out.Entities = append(out.Entities, karpenterSettings(r, nil, p, opts.Holes)...)
			sas := serviceAccounts(r, opts.Holes)
			out.Entities = append(out.Entities, sas...)
			r.Syncs = r.Syncs || syncCharts[chartName(r)]
			out.Entities = append(out.Entities, karpenterController(r, firstAccount(sas), opts.Holes)...)
			what := fmt.Sprintf("%s: chart %s is not in the scanned tree; modelled from the release's values only", r.Label, chartLabel(r))
			if r.ChartMissing {
				what = fmt.Sprintf("%s: chart %s names a directory that does not exist from the directory Terraform runs in; modelled from the release's values only", r.Label, chartLabel(r))
			}
			if strings.Contains(r.Chart, "{{") {
				what = fmt.Sprintf("%s: chart %s is written with {{ }} template expressions, filled in when helmfile renders the file; modelled from the release's values only", r.Label, chartLabel(r))
			}
			if r.ValuesUnknown != "" {
				what += fmt.Sprintf(", without %s", r.ValuesUnknown)
			}
			out.Notes = append(out.Notes, lint.Note{Kind: lint.Skipped, What: what, Range: r.Range})
			continue
		}
		if r.ValuesUnknown != "" {
			out.Notes = append(out.Notes, lint.Note{Kind: lint.Skipped, What: fmt.Sprintf("%s: chart %s is rendered without %s", r.Label, chartLabel(r), r.ValuesUnknown), Range: r.Range})
		}
		c := key(r.ChartDir)
		chartSet[c] = true
		byChart[c] = append(byChart[c], r)
		if _, ok := given[c]; !ok {
			given[c] = filepath.Clean(r.ChartDir)
		}
	}

	// A release whose chart is known only at apply may install any chart
	// of the tree with its values: a chart no release names renders with
	// its defaults, but a failure of those is no longer certain.
	unnamed := unnamedChartRelease(rels)
	var unnamedValues string
	if unnamed != "" {
		unnamedValues = fmt.Sprintf("the values %s may install it with (its chart is known only at apply)", unnamed)
	}
	var jobs []*job
	var built builtCharts
	var loaded []loadedChart
	seen := map[string]*job{}
	for _, k := range sortedKeys(chartSet) {
		c := given[k]
		cd, diag := loadCharts(c, k, p, opts, len(byChart[k]) > 0)
		if diag != nil && errors.Is(diag, errOutside) {
			out.Notes = append(out.Notes, lint.Note{Kind: lint.Skipped, What: fmt.Sprintf("chart %s is outside the scanned tree; not rendered ("+treefs.RootHint+")", p.rel(c)), Range: releaseRange(nil, firstOf(byChart[k]), p)})
			for _, r := range byChart[k] {
				out.Entities = append(out.Entities, karpenterSettings(r, nil, p, opts.Holes)...)
				out.Entities = append(out.Entities, serviceAccounts(r, opts.Holes)...)
			}
			continue
		}
		if diag != nil {
			out.Diagnostics = append(out.Diagnostics, diag.Diagnostic)
			continue
		}
		if _, ok := cd.byName["Chart.yaml"]; !ok && cd.archive {
			out.Notes = append(out.Notes, lint.Note{Kind: lint.Skipped, What: cd.rel + ": archive without Chart.yaml is not a Helm chart", Range: pointRange(cd.rel, 1, 1)})
			continue
		}
		for _, s := range cd.skipped {
			out.Notes = append(out.Notes, lint.Note{Kind: lint.Skipped, What: fmt.Sprintf("chart %s: %s %s; not read", cd.rel, s.name, s.why), Range: pointRange(cd.display(p, s.name), 1, 1)})
		}
		if !cd.archive {
			for _, name := range sortedKeys(cd.dups) {
				for _, d := range duplicateKeys(cd.dups[name], filePos(cd.display(p, name))) {
					out.Entities = append(out.Entities, d)
				}
			}
		}
		loaded = append(loaded, loadedChart{k, cd})
	}
	packed := packedDependencies(loaded)
	indexes := newRepoIndexes(p.tree)
	for _, l := range loaded {
		k, cd := l.key, l.chart
		rs := byChart[k]
		if len(rs) == 0 && readAsDir[k] {
			continue // rendered as the directory it is packaged from
		}
		if len(rs) == 0 && packed[k] {
			// Packed into another chart of the tree that names its
			// directory (file://), and installed by no release: it
			// renders there, with the values and the sibling charts
			// (a library's templates) it is installed with.
			continue
		}
		if addr, off := switchedOffRelease(opts.SwitchedOff, given[k], k); len(rs) == 0 && off {
			out.Notes = append(out.Notes, lint.Note{Kind: lint.Skipped, What: fmt.Sprintf("chart %s is installed only by %s, which this configuration switches off (no instance): not rendered with its defaults, which the release's values replace", cd.rel, addr), Range: pointRange(cd.rel, 1, 1)})
			continue
		}
		if len(rs) == 0 && cd.archive {
			if index := indexes.listing(cd.abs, cd.name, cd.version); index != "" {
				// A package a chart repository (or Helm's download
				// cache) keeps: installed by name from there.
				out.Notes = append(out.Notes, lint.Note{Kind: lint.Skipped, What: fmt.Sprintf("chart %s: a package the chart repository index %s lists, installed from that repository by name; no release installs it from this path, so it is not rendered with its defaults", cd.rel, p.rel(index)), Range: pointRange(cd.rel, 1, 1)})
				continue
			}
		}
		if len(rs) == 0 {
			rs = []*lint.Release{nil}
		}
		for _, r := range rs {
			use := cd
			// A chart rendered with its defaults is installed as its
			// dependencies are built when one is missing (it installs
			// only then).
			mode := lint.DependenciesBuiltWhenMissing
			if r != nil {
				mode = r.Dependencies
			}
			b, notes := built.of(cd, mode, p, opts)
			if b != nil {
				use = b
			}
			for _, n := range notes {
				out.Notes = append(out.Notes, lint.Note{Kind: lint.Unresolved, What: fmt.Sprintf("%s: %s", renderLabel(cd, r), n), Range: releaseRange(cd, r, p)})
			}
			if r != nil {
				cr, why := use.chartReads()
				attachReads(r, cr, why)
			}
			req, key, err := request(use, r, use.hash, opts.KubeVersion, opts.Holes)
			if err != nil {
				out.Diagnostics = append(out.Diagnostics, lint.Diagnostic{Range: releaseRange(cd, r, p), Summary: "cannot render chart", Detail: "the release's values cannot be encoded: " + err.Error()})
				continue
			}
			// Releases of one chart with one rendering share a job;
			// another chart with the same files has its own job (its
			// own paths) and shares the rendering (see runDistinct).
			if j, ok := seen[cd.abs+"\x00"+key]; ok {
				j.releases = append(j.releases, r)
				continue
			}
			j := &job{chart: use, releases: []*lint.Release{r}, req: req, key: key}
			seen[cd.abs+"\x00"+key] = j
			jobs = append(jobs, j)
		}
	}

	todo := opts.Cache.fill(jobs)
	out.Renders = runDistinct(ctx, todo, opts.Renderer, par, opts.Budget)
	opts.Cache.store(todo)

	unknowns := make([]*RenderError, len(jobs))
	decided := make([]bool, len(jobs))
	for i, j := range jobs {
		unknown, undecided := failedWithout(j.err)
		if !undecided {
			unknown, undecided = failedWithoutValues(j, opts.Generated, unnamed)
		}
		if !undecided {
			unknown, undecided = failedWithUnknownValues(j)
		}
		if !undecided {
			unknown, undecided = failedOnUnknownValue(j)
		}
		unknowns[i], decided[i] = unknown, !undecided
	}
	// A chart no release installs may be installed by an Application the
	// templates of a chart not rendered with its values would make.
	if by := unrenderedInstaller(jobs, decided); by != "" {
		for i, j := range jobs {
			if decided[i] && j.err != nil {
				if u, ok := failedWithoutValuesOf(j, fmt.Sprintf("the values an Argo CD Application or Flux HelmRelease of chart %s may install it with (that chart was not rendered with its values)", by)); ok {
					unknowns[i], decided[i] = u, false
				}
			}
		}
	}
	for i, j := range jobs {
		cd := j.chart
		unknown, undecided := unknowns[i], !decided[i]
		if unknown != nil && opts.Holes != nil {
			// A value known only at apply is shown as the reference it
			// stands for, never as its placeholder.
			u := *unknown
			u.Message = opts.Holes.Decode(u.Message).String()
			unknown = &u
		}
		if n, ok := skeletonNote(cd, j, p); ok && !undecided {
			out.Notes = append(out.Notes, n)
		} else if j.err != nil && !undecided {
			d := renderDiagnostic(cd, j, p)
			if opts.Holes != nil && lint.HasSentinel(d.Detail) {
				d.Detail = opts.Holes.Decode(d.Detail).String()
			}
			out.Diagnostics = append(out.Diagnostics, d)
		}
		if j.err != nil || len(j.res.Unvendored) > 0 {
			// What the chart makes is not known for its releases, or
			// not all of it (a dependency not vendored): the accounts
			// it would create among them (FL206).
			for _, r := range j.releases {
				if r != nil {
					r.Unrendered = true
				}
			}
		}
		for _, r := range j.releases {
			where := releaseRange(cd, r, p)
			for _, n := range j.res.Notes {
				out.Notes = append(out.Notes, lint.Note{Kind: lint.Unresolved, What: fmt.Sprintf("%s: %s", renderLabel(cd, r), n), Range: where})
			}
			if undecided {
				out.Notes = append(out.Notes, lint.Note{Kind: lint.Unresolved, What: fmt.Sprintf("%s: not rendered: %s; it failed without %s", renderLabel(cd, r), unknown.Message, strings.Join(onceEach(unknown.Unknown), " and ")), Range: where})
			}
			if cd.name == "karpenter" {
				out.Entities = append(out.Entities, karpenterSettings(r, cd, p, opts.Holes)...)
			}
			if j.err != nil {
				continue
			}
			idx := &lazyIndex{cd: cd, rel: r, p: p}
			key := mapKey(cd, r, unnamedValues)
			refused := r == nil && j.res.RefusedValues
			// Rendered with defaults where an ApplicationSet gives it
			// values of its own: text its values would make is not known.
			generated := r == nil && !refused && generatedBy(cd, opts.Generated) != ""
			values := sync.OnceValue(func() map[string]any { return valuesInEffect(cd, r) })
			for _, m := range j.res.Manifests {
				rd := rendered(cd, r, m, idx, p, unnamedValues)
				rd.Values = values
				switch {
				case refused:
					rd.Inferred = append(rd.Inferred, InferredDefaultsRefused)
					rd.ReadsValuesAt = templateLineReadsValues(cd, m.Template, rd.File)
				case generated:
					rd.Inferred = append(rd.Inferred, InferredDefaultsGenerated)
					rd.ReadsValuesAt = templateLineReadsValues(cd, m.Template, rd.File)
				}
				rd.MapKey = key
				out.Rendered = append(out.Rendered, rd)
			}
		}
	}
	sort.SliceStable(out.Diagnostics, func(i, k int) bool { return out.Diagnostics[i].Range.Less(out.Diagnostics[k].Range) })
	return out
}

// runDistinct renders each distinct key of jobs once, at most par at a
// time, gives every job its key's result and returns the renderings run.
// A result does not depend on where the chart is (the mapping back to
// files comes after), so charts with the same files and values render
// once.
func runDistinct(ctx context.Context, jobs []*job, r Renderer, par int, budget *runbudget.Ledger) int {
	first := map[string]*job{}
	var distinct []*job
	for _, j := range jobs {
		if _, ok := first[j.key]; !ok {
			first[j.key] = j
			distinct = append(distinct, j)
		}
	}
	run(ctx, distinct, r, par, budget)
	for _, j := range jobs {
		f := first[j.key]
		j.res, j.err = f.res, f.err
	}
	return len(distinct)
}

// run renders jobs, at most par at a time, each a unit of budget in the
// order of jobs (see Options.Budget).
func run(ctx context.Context, jobs []*job, r Renderer, par int, budget *runbudget.Ledger) {
	units := budgetUnits(budget, r, len(jobs))
	sem := make(chan struct{}, par)
	var wg sync.WaitGroup
	for i, j := range jobs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			defer func() {
				if p := recover(); p != nil {
					j.err = &RenderError{Stage: "template", Message: fmt.Sprintf("rendering panicked: %v", p)}
				}
			}()
			j.res, j.err = renderUnit(ctx, r, j.req, units[i], budget)
		}()
	}
	wg.Wait()
}

// budgetUnits are the units of n renderings by r: nil ones when there is
// no budget or r does not meter its renderings.
func budgetUnits(budget *runbudget.Ledger, r Renderer, n int) []*runbudget.Unit {
	m, ok := r.(Metered)
	if budget == nil || !ok {
		return make([]*runbudget.Unit, n)
	}
	return budget.Enqueue(n, LeastCPU, m.MostCPU())
}

// renderUnit renders req as unit u of the budget: not at all when the
// budget leaves it out (a *LeftOutError), else within its grant, charging
// its cost. A nil unit renders unmetered.
func renderUnit(ctx context.Context, r Renderer, req Request, u *runbudget.Unit, budget *runbudget.Ledger) (Result, error) {
	m, ok := r.(Metered)
	if u == nil || !ok {
		return r.Render(ctx, req)
	}
	return RenderUnit(ctx, m, req, u, budget.Limits())
}

// RenderUnit renders req through m as unit u of a run's budget of limits
// lim: not at all when the budget leaves it out (a *LeftOutError), else
// within the CPU limit its grant allows, charging its cost. Every unit is
// done when it returns.
func RenderUnit(ctx context.Context, m Metered, req Request, u *runbudget.Unit, lim runbudget.Limits) (Result, error) {
	var cost time.Duration
	defer func() { u.Done(cost) }()
	grant, ok := u.Admit()
	if !ok {
		return Result{}, &LeftOutError{Limits: lim}
	}
	limit := limitOf(grant)
	res, cpu, err := m.RenderMetered(ctx, req, limit)
	cost = Cost(cpu, err, min(m.MostCPU(), limit+time.Second))
	return res, err
}

// request builds the rendering request of a chart for a release, and the
// key that identifies the combination: the chart's content (hash, see
// filesHash), not its path, with everything else the request holds.
func request(cd *chartData, r *lint.Release, hash, kubeVersion string, h *lint.Holes) (Request, string, error) {
	req := Request{Chart: cd.rel, Files: cd.files, KubeVersion: kubeVersion, FilesDigest: hash, LoadFiles: cd.loadFiles}
	var values map[string]any
	if r != nil {
		values = r.Values
		req.ReleaseName = text(r.Name, h)
		req.Namespace = text(r.Namespace, h)
	} else {
		req.ReleaseName = defaultReleaseName(cd)
		req.Namespace = DefaultsNamespace
	}
	vals, canon, err := normalizeValues(values)
	if err != nil {
		return req, "", err
	}
	req.Values = vals
	crds := "-"
	if req.IncludeCRDs {
		crds = "crds"
	}
	key := strings.Join([]string{hash, req.ReleaseName, req.Namespace, kubeVersion, strings.Join(req.APIVersions, ","), crds, string(canon)}, "\x00")
	return req, key, nil
}

// DefaultsNamespace is the namespace a chart no release installs is
// rendered in, as `helm template` does. Where `helm install -n` will put
// it is not in the tree: its objects in that namespace are in one not
// known (DefaultsNamespaceOf).
const DefaultsNamespace = "default"

// DefaultsNamespaceOf is the namespace a chart no release installs is
// taken to run in: a hole of its own, named after the chart, so its
// objects are in one namespace, compared with any other undecided. Taken
// for "default", it made an account of the chart a candidate for a
// namespace nothing installs anything into.
func DefaultsNamespaceOf(chartName string) lint.Value {
	return lint.FromSegments([]lint.Segment{{Ref: &lint.HoleRef{Object: "namespace chart " + chartName + " is installed into"}}})
}

// filesHash identifies a chart's files, names and contents, in order.
func filesHash(files []File) string {
	h := sha256.New()
	var n [8]byte
	for _, f := range files {
		binary.BigEndian.PutUint64(n[:], uint64(len(f.Name)))
		h.Write(n[:])
		h.Write([]byte(f.Name))
		binary.BigEndian.PutUint64(n[:], uint64(len(f.Data)))
		h.Write(n[:])
		h.Write(f.Data)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// text renders a value for Helm: its literal text with a sentinel for
// each hole (so parsers/kube decodes the same hole); without a codec, or
// for a wholly unknown value, it renders empty (unknown).
func text(v lint.Value, h *lint.Holes) string {
	if s, ok := v.Str(); ok {
		return s
	}
	if h == nil || v.IsUnknown() {
		return ""
	}
	var b strings.Builder
	for _, seg := range v.Segments() {
		if seg.Ref != nil {
			b.WriteString(h.Sentinel(*seg.Ref))
		} else {
			b.WriteString(seg.Text)
		}
	}
	return b.String()
}

// chartArchives are the chart archives of the tree by file name
// ("karpenter-1.9.0.tgz"): the name `helm pull` and the helm provider's
// repository cache give the archive of a chart version.
type chartArchives map[string][]string

// archivesByName indexes the archives among charts.
func archivesByName(charts []string) chartArchives {
	out := chartArchives{}
	for _, c := range charts {
		if strings.HasSuffix(c, ".tgz") {
			out[filepath.Base(c)] = append(out[filepath.Base(c)], c)
		}
	}
	return out
}

// chartDirs are the chart directories of the tree by Chart.yaml name and
// version ("web-1.4.2").
type chartDirs map[string][]string

// dirsByNameVersion indexes the chart directories among charts (not
// archives) by their Chart.yaml's name and version; a Chart.yaml that
// does not read is left out.
func dirsByNameVersion(charts []string, p *paths) chartDirs {
	out := chartDirs{}
	for _, c := range charts {
		if strings.HasSuffix(c, ".tgz") {
			continue
		}
		data, err := p.readFile(filepath.Join(c, "Chart.yaml"))
		if err != nil {
			continue
		}
		m, err := chartMetadata(data)
		if err != nil || m.Name == "" || m.Version == "" {
			continue
		}
		k := m.Name + "-" + strings.TrimPrefix(m.Version, "v")
		if !slices.Contains(out[k], c) {
			out[k] = append(out[k], c)
		}
	}
	return out
}

// of is the one chart directory of the tree whose Chart.yaml has the
// name and exact version a release of a remote chart installs (a
// repository publishing the chart it keeps, installed from its
// registry); "" when there is none or several.
func (d chartDirs) of(r *lint.Release) string {
	v := strings.TrimPrefix(strings.TrimSpace(r.Version), "v")
	if found := d[r.ChartName()+"-"+v]; len(found) == 1 {
		return found[0]
	}
	return ""
}

// switchedOffRelease is the address of a switched-off release
// (Options.SwitchedOff) of the chart given as c, real path k.
func switchedOffRelease(off map[string]string, c, k string) (string, bool) {
	for _, p := range []string{filepath.Clean(c), k} {
		if addr, ok := off[p]; ok {
			return addr, true
		}
	}
	return "", false
}

// remoteExact reports whether r installs a remote chart at an exact
// version (what chartArchives.of and chartDirs.of match).
func remoteExact(r *lint.Release) bool {
	v := strings.TrimPrefix(strings.TrimSpace(r.Version), "v")
	_, err := semver.StrictNewVersion(v)
	return err == nil && r.Chart != "" && !lint.HasSentinel(r.Chart) && !isLocalPath(r.Chart)
}

// of is the one archive of the tree a release of a remote chart at an
// exact version installs: the archive named after that chart and
// version, which is what Helm downloads for it; "" when there is none,
// several, or the version is a range. A chart written as a local path is
// no remote chart: Helm reads that path, not a download of its name.
func (a chartArchives) of(r *lint.Release) string {
	v := strings.TrimPrefix(strings.TrimSpace(r.Version), "v")
	if _, err := semver.StrictNewVersion(v); err != nil || r.Chart == "" || lint.HasSentinel(r.Chart) || isLocalPath(r.Chart) {
		return ""
	}
	if found := a[r.ChartName()+"-"+v+".tgz"]; len(found) == 1 {
		return found[0]
	}
	return ""
}

// defaultReleaseName is the release name used with chart defaults.
func defaultReleaseName(cd *chartData) string {
	if cd.name != "" {
		return cd.name
	}
	return "release"
}

// rendered builds the Rendered of one manifest.
// defaultsWithout, for a rendering with the chart's defaults, names
// values it may be installed with instead (unnamedChartValues).
func rendered(cd *chartData, r *lint.Release, m Manifest, idx *lazyIndex, p *paths, defaultsWithout string) Rendered {
	mp := &mapper{cd: cd, lazy: idx, template: cd.sourceName(m.Template), content: m.Content, p: p}
	out := Rendered{
		Release:       r,
		Chart:         cd.abs,
		Template:      m.Template,
		ChartName:     templateChart(cd.name, m.Template),
		File:          mp.fileOf(m.Template),
		Content:       []byte(m.Content),
		Map:           mp.Map,
		MapDiagnostic: mp.MapDiagnostic,
	}
	out.Name = cd.rel + "/" + m.Template
	if r != nil {
		out.Name += "@" + r.Addr
		if r.ValuesUnknown != "" && cd.templateReadsValues(m.Template) {
			// What it renders may depend on the values left out.
			out.WithoutValues = r.ValuesUnknown
		}
		out.Scope = r.Scope
		out.Inferred = append([]string(nil), r.Inferred...)
	} else {
		out.Inferred = []string{InferredDefaults}
		out.WithoutValues = defaultsWithout
		out.ReleaseNameText = defaultReleaseName(cd)
	}
	return out
}

// mapKey is Rendered.MapKey of the renderings of cd for r (nil: chart
// defaults): what the position map reads besides the rendered text and
// the template's name — the chart's files (their hash), where the chart
// lies, and the release's values with the ranges they are set at (for
// chart defaults, the values a release whose chart is known only at
// apply may install it with instead: defaultsWithout). A
// hole's sentinel is the run's own: every one reads alike here, since
// the map never finds a sentinel's text in a rendering without one, and
// a rendering holding one is not kept.
func mapKey(cd *chartData, r *lint.Release, defaultsWithout string) string {
	k := struct {
		Hash, Abs, Rel string
		Archive        bool
		Values         string
		Ranges         map[string]lint.Range
		Without        string
	}{Hash: cd.hash, Abs: cd.abs, Rel: cd.rel, Archive: cd.archive, Without: defaultsWithout}
	if r != nil {
		k.Without = r.ValuesUnknown
		vals, err := json.Marshal(r.Values)
		if err != nil {
			return ""
		}
		k.Values = lint.MapSentinels(string(vals), func(string) string { return "\uE002hole\uE003" })
		k.Ranges = r.ValueRanges
	}
	data, err := json.Marshal(k)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// unnamedChartRelease is the label of the first release (in address
// order) whose chart is known only at apply — a helm_release whose chart
// argument a variable or workspace decides —, "" when there is none.
func unnamedChartRelease(rels []*lint.Release) string {
	for _, r := range rels {
		if r != nil && r.ChartDir == "" && (r.Chart == "" || lint.HasSentinel(r.Chart) && !strings.Contains(lint.LiteralPrefix(r.Chart), "://")) {
			// (A chart known to be a URL, https://…/v${var.tag}.tgz, is
			// no directory of the tree, whatever the rest.)
			return r.Label
		}
	}
	return ""
}

// templateChart is the name of the chart a template path belongs to:
// the innermost charts/<name>/ it lies under, else the chart's own.
func templateChart(chart, template string) string {
	parts := strings.Split(template, "/")
	for i := len(parts) - 2; i >= 1; i-- {
		if parts[i-1] == "charts" && (i == 1 || parts[i-2] != "charts") {
			return parts[i]
		}
	}
	return chart
}

// failedWithout returns the error of a rendering whose template failed
// while it executed without something faultline could not know (a
// dependency not vendored, a required value no value gives:
// RenderError.Unknown), and true: that failure is a coverage note, not
// FL000 — the chart as installed has what the rendering lacked.
func failedWithout(err error) (*RenderError, bool) {
	var re *RenderError
	if errors.As(err, &re) && len(re.Unknown) > 0 {
		return re, true
	}
	return nil, false
}

// failedWithoutValues is failedWithout for a chart no release in the
// tree installs (every release of j is nil: it rendered with its
// defaults) and that is installed with values from where the tree does
// not say: it has no default values of its own (no values.yaml, or an
// empty one; a pipeline or an ApplicationSet whose chart path is
// templated installs it), or an ApplicationSet of generated lists its
// directory and gives it values. A template that failed while it
// executed failed for want of those values when it failed reading them
// (the action Helm names is a field chain from .Values: readsValuesAt).
// A chart whose own defaults fail and that nothing installs with other
// values, that a release of the tree installs, or that fails otherwise
// (an include's endless recursion) stays FL000.
func failedWithoutValues(j *job, generated []GeneratedInstall, unnamed string) (*RenderError, bool) {
	if j.err == nil {
		return nil, false
	}
	var why string
	if by := generatedBy(j.chart, generated); by != "" {
		why = fmt.Sprintf("the values %s installs it with (the Applications it generates are not followed)", by)
	} else if unnamed != "" {
		why = fmt.Sprintf("the values %s may install it with (its chart is known only at apply)", unnamed)
	} else if doc := j.chart.valuesDocs()["values.yaml"]; doc == nil || doc.Kind == yaml.MappingNode && len(doc.Content) == 0 {
		why = "the values it is installed with (it has no default values, and no release in the scanned tree installs it)"
	} else if beside := j.chart.valuesFilesBeside(); len(beside) > 0 {
		why = fmt.Sprintf("the values file it is installed with (%s beside its values.yaml; no release in the scanned tree installs it)", proseFiles(beside))
	} else {
		return nil, false
	}
	return failedWithoutValuesOf(j, why)
}

// valuesFilesBeside are the values files for an install kept at the
// chart's root beside values.yaml (values-dev.yaml, values.prod.yaml,
// staging-values.yaml): a chart kept with them is installed with one of
// them (helm install -f values-dev.yaml), whatever its defaults lack.
func (cd *chartData) valuesFilesBeside() []string {
	files, err := cd.allFiles()
	if err != nil {
		return nil
	}
	var out []string
	for _, f := range files {
		name := f.Name
		stem, ok := strings.CutSuffix(name, ".yaml")
		if !ok {
			stem, ok = strings.CutSuffix(name, ".yml")
		}
		if !ok || strings.Contains(name, "/") || stem == "values" {
			continue
		}
		for _, sep := range []string{"-", ".", "_"} {
			if strings.HasPrefix(stem, "values"+sep) || strings.HasSuffix(stem, sep+"values") {
				out = append(out, name)
				break
			}
		}
	}
	slices.Sort(out)
	return out
}

// proseFiles lists up to three file names, and how many more there are.
func proseFiles(names []string) string {
	if len(names) <= 3 {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:3], ", "), len(names)-3)
}

// failedWithoutValuesOf is failedWithoutValues for a reason given: j's
// chart, which no release installs, failed while executing a template
// where it read values (readsValuesAt); why names the values it failed
// without.
func failedWithoutValuesOf(j *job, why string) (*RenderError, bool) {
	var re *RenderError
	if !errors.As(j.err, &re) || !re.Executing {
		return nil, false
	}
	for _, r := range j.releases {
		if r != nil {
			return nil, false
		}
	}
	if re.Template == "" || !readsValuesAt(string(j.chart.templateData(re.Template)), re.Line, re.Column) {
		return nil, false
	}
	u := *re
	u.Unknown = []string{why}
	return &u, true
}

// unrenderedInstaller is the first chart of jobs not rendered with its
// values (its failure undecided: it failed without them) whose templates
// may write an Argo CD Application or a Flux HelmRelease: the releases
// it would make are not known, so a chart no release of the tree
// installs may be one of them. "" when there is none.
func unrenderedInstaller(jobs []*job, decided []bool) string {
	for i, j := range jobs {
		if decided[i] || j.err == nil {
			continue
		}
		files, err := j.chart.allFiles()
		if err != nil {
			continue
		}
		for _, f := range files {
			if strings.HasPrefix(f.Name, "templates/") && (mayHoldArgoCD(f.Data) || MayHoldHelmRelease(f.Data)) {
				return j.chart.rel
			}
		}
	}
	return ""
}

// generatedBy is the label of the first of generated that lists the
// directory of chart cd (as given or its real path), "" when none does
// or cd is an archive.
func generatedBy(cd *chartData, generated []GeneratedInstall) string {
	if cd.archive || len(generated) == 0 {
		return ""
	}
	dirs := []string{cd.abs}
	if real, err := filepath.EvalSymlinks(cd.abs); err == nil && real != cd.abs {
		dirs = append(dirs, real)
	}
	for _, g := range generated {
		for _, d := range dirs {
			if g.Matches(d) {
				return g.Label
			}
		}
	}
	return ""
}

// failedWithUnknownValues is failedWithout for a chart every release of
// j passes values the parser could not know (lint.Release.ValuesUnknown:
// a values file a helm_release reads from a path of the workspace): a
// template that failed while it executed, reading its values, failed for
// want of them, as failedWithoutValues has it for a chart no release
// installs (and so, on whatever value, for a release found in the output
// of a chart rendered with defaults it refuses). A release whose values
// are all known and fail stays FL000.
func failedWithUnknownValues(j *job) (*RenderError, bool) {
	var re *RenderError
	if !errors.As(j.err, &re) || !re.Executing || len(j.releases) == 0 {
		return nil, false
	}
	var why []string
	fromDefaults := true
	for _, r := range j.releases {
		if r == nil {
			return nil, false
		}
		unknown := r.ValuesUnknown
		if unknown == "" && slices.Contains(r.Inferred, InferredDefaults) {
			// Found in a chart no release installs, rendered with its
			// defaults: the values it writes are those defaults, where
			// an install (a bootstrap outside the tree) gives others.
			unknown = "the values an install of the chart that writes it would give (no release of the tree installs that chart: it is rendered with its defaults)"
		}
		if unknown == "" {
			return nil, false
		}
		if !slices.Contains(why, unknown) {
			why = append(why, unknown)
		}
		fromDefaults = fromDefaults && slices.Contains(r.Inferred, InferredDefaultsRefused)
	}
	// A release found in a chart rendered with defaults the chart refuses
	// has values an install replaces: whatever its template failed on
	// while it executed may come from them, read directly or not.
	if !fromDefaults && (re.Template == "" || !readsValuesAt(string(j.chart.templateData(re.Template)), re.Line, re.Column)) {
		return nil, false
	}
	u := *re
	u.Unknown = why
	return &u, true
}

// failedOnUnknownValue is failedWithout for a template that failed while
// it executed on a value known only at apply: Helm names the value in its
// error (range can't iterate over it), and what reaches the template is
// the placeholder faultline passed for it, not the list or map the value
// will be (a Terraform output handed through a chart's toYaml to an Argo
// CD Application's values).
func failedOnUnknownValue(j *job) (*RenderError, bool) {
	var re *RenderError
	if !errors.As(j.err, &re) || !re.Executing || !lint.HasSentinel(re.Message) {
		return nil, false
	}
	u := *re
	u.Unknown = []string{"a value known only at apply"}
	return &u, true
}

// skeletonNote is the note for a chart that does not load because its
// Chart.yaml holds a placeholder a generator fills in (a cookiecutter or
// Jinja skeleton: Helm never templates Chart.yaml) at or before the line
// its YAML fails: a template of a chart, not a chart. False otherwise.
func skeletonNote(cd *chartData, j *job, p *paths) (lint.Note, bool) {
	var re *RenderError
	if j.err == nil || !errors.As(j.err, &re) || re.Stage != "load" || cd.archive {
		return lint.Note{}, false
	}
	if cd.chartErrLine == 0 && cd.valuesErrLine > 0 {
		// Nor values.yaml, whose placeholder lines a generator fills
		// with whole lines of YAML (`<EXTRA_ANNOTATIONS>`).
		blank, line := templatetext.BlankLines(cd.fileData("values.yaml"))
		if _, err := parseYAML(blank); line == 0 || line > cd.valuesErrLine || err != nil {
			return lint.Note{}, false
		}
		return lint.Note{Kind: lint.Skipped, Range: pointRange(cd.display(p, "values.yaml"), line, 1),
			What: fmt.Sprintf("%s: read as a template of a chart, not a chart: its values.yaml does not parse (%s) until a generator fills its placeholder lines (the first at line %d), and Helm never templates values.yaml; not rendered", renderLabel(cd, j.releases[0]), re.Message, line)}, true
	}
	if cd.chartErrLine == 0 || cd.chartPlaceholderLine == 0 {
		return lint.Note{}, false
	}
	return lint.Note{Kind: lint.Skipped, Range: pointRange(cd.display(p, "Chart.yaml"), cd.chartPlaceholderLine, 1),
		What: fmt.Sprintf("%s: read as a template of a chart, not a chart: its Chart.yaml does not parse (%s), and Helm never templates Chart.yaml (a placeholder at line %d); not rendered", renderLabel(cd, j.releases[0]), re.Message, cd.chartPlaceholderLine)}, true
}

// renderDiagnostic is the FL000 of a failed rendering: at the template
// line Helm names, else at Chart.yaml (or the archive).
func renderDiagnostic(cd *chartData, j *job, p *paths) lint.Diagnostic {
	var re *RenderError
	var se *StoppedError
	var lo *LeftOutError
	d := lint.Diagnostic{Range: chartRange(cd, p)}
	switch {
	case errors.As(j.err, &lo):
		d.Summary = "chart rendering left out: the run's budget is spent"
		d.Detail = fmt.Sprintf("%s was not rendered: %s", renderLabel(cd, j.releases[0]), runbudget.LeftOut(lo.Limits))
	case errors.As(j.err, &se):
		d.Summary = se.Error()
		d.Detail = fmt.Sprintf("%s was not rendered: rendering is bounded in time, memory and output so that an untrusted chart cannot stall or exhaust the linter", renderLabel(cd, j.releases[0]))
	case errors.As(j.err, &re):
		d.Summary = "cannot render chart"
		if re.Stage == "load" {
			d.Summary = "cannot load chart"
		}
		d.Detail = fmt.Sprintf("%s: %s", renderLabel(cd, j.releases[0]), re.Message)
		if re.Stage == "load" && !cd.archive {
			if _, ok := cd.byName["Chart.yaml"]; !ok {
				d.Range = releaseRange(cd, j.releases[0], p)
			} else if cd.chartErrLine > 0 {
				d.Range = pointRange(cd.display(p, "Chart.yaml"), cd.chartErrLine, 1)
			} else if cd.valuesErrLine > 0 {
				d.Range = pointRange(cd.display(p, "values.yaml"), cd.valuesErrLine, max(cd.valuesErrColumn, 1))
			}
		}
		if re.Template != "" {
			mp := &mapper{cd: cd, p: p}
			name := cd.sourceName(re.Template)
			file := mp.fileOf(name)
			if cd.archive || file != cd.display(p, name) {
				d.Range = pointRange(file, 1, 1)
			} else {
				d.Range = pointRange(file, max(re.Line, 1), runeColumn(cd.fileData(name), re.Line, re.Column))
			}
		}
	default:
		d.Summary = "cannot render chart"
		d.Detail = j.err.Error()
	}
	return d
}

// chartRange is a chart's Chart.yaml (or archive) first line.
func chartRange(cd *chartData, p *paths) lint.Range {
	if cd.archive {
		return pointRange(cd.rel, 1, 1)
	}
	return pointRange(cd.display(p, "Chart.yaml"), 1, 1)
}

// releaseRange is where a rendering's release is declared, or the chart.
func releaseRange(cd *chartData, r *lint.Release, p *paths) lint.Range {
	if r != nil && !r.Range.IsZero() {
		return r.Range
	}
	if cd == nil {
		return lint.Range{}
	}
	return chartRange(cd, p)
}

// CheckKubeVersion reports whether v is a Kubernetes version charts can
// be rendered for ("1.31", "v1.31.2"), for validating a flag: the parse
// Helm's chartutil.ParseKubeVersion makes (Kubernetes' generic version
// parser), without linking chartutil.
func CheckKubeVersion(v string) error {
	_, err := k8sversion.ParseGeneric(v)
	return err
}

// renderLabel names a rendering in messages.
func renderLabel(cd *chartData, r *lint.Release) string {
	if r == nil {
		return "chart " + cd.rel + " with its default values"
	}
	return "chart " + cd.rel + " for " + r.Label
}

func firstOf(rs []*lint.Release) *lint.Release {
	if len(rs) == 0 {
		return nil
	}
	return rs[0]
}

// chartLabel names a release's chart as written.
func chartLabel(r *lint.Release) string {
	c := r.Chart
	if r.Repository != "" && !strings.Contains(c, "://") {
		c = strings.TrimSuffix(r.Repository, "/") + "/" + c
	}
	if r.Version != "" {
		c += " " + r.Version
	}
	if c == "" {
		return "(unnamed)"
	}
	return c
}

// runeColumn is the column, counted in characters from 1, of the byte
// column col (from 1) of line in text; 1 when unknown.
func runeColumn(text []byte, line, col int) int {
	if line < 1 || col < 1 {
		return 1
	}
	for i := 1; i < line; i++ {
		nl := bytes.IndexByte(text, '\n')
		if nl < 0 {
			return col
		}
		text = text[nl+1:]
	}
	if nl := bytes.IndexByte(text, '\n'); nl >= 0 {
		text = text[:nl]
	}
	if col-1 > len(text) {
		return col
	}
	return utf8.RuneCount(text[:col-1]) + 1
}

// onceEach is ss without repeats, in order: a value a template requires
// at two places is missing once.
func onceEach(ss []string) []string {
	var out []string
	for _, s := range ss {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}
