package engine

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"github.com/faultline-dev/faultline/internal/engine/unitcache"
	"io"
	"slices"
	"sort"
	"time"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/internal/runbudget"
	"github.com/faultline-dev/faultline/internal/wire"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/lint/graph"
	"github.com/faultline-dev/faultline/parsers/terraform"
)

// Cache is the persistent result cache a run may use (see internal/cache).
// The unit it keeps is the whole run: its result is used again when the
// options and the build are what they were, the tree the run may read has
// the same shape (every path's name, type, mode and size, where every
// symlink leads) and every file the run read holds the same bytes.
type Cache struct {
	Store *cache.Store
	// Build identifies what computes results: faultline's executable and
	// the chart renderer's, by content.
	Build string
}

// CacheReport says what the cache did in a run (--verbose).
type CacheReport struct {
	// Hits and Misses count the units looked up (the whole run).
	Hits, Misses int
	// Off says why the run did not use the cache ("" when it did).
	Off string
	// NotStored says why a miss was not stored ("" when it was).
	NotStored string
	// Roots is what the per-root cache did in a run the whole-run
	// cache missed.
	Roots RootsReport
	// Units is what the per-unit cache (kustomizations, charts) did in
	// a run the whole-run cache missed.
	Units unitcache.Report
}

// String reads as "run: 1 hit, 0 misses" or "off (--plan)".
func (c CacheReport) String() string {
	if c.Off != "" {
		s := "off (" + c.Off + ")"
		if c.Roots.Kept+c.Roots.Evaluated > 0 || c.Units != (unitcache.Report{}) {
			s += "; " + c.Roots.String() + "; " + c.Units.String()
		}
		return s
	}
	s := fmt.Sprintf("run: %d hit, %d miss", c.Hits, c.Misses)
	if c.NotStored != "" {
		s += " (not stored: " + c.NotStored + ")"
	}
	if c.Misses > 0 {
		s += "; " + c.Roots.String() + "; " + c.Units.String()
	}
	return s
}

// Census is what the model holds, by kind and by source (--verbose).
type Census struct {
	Counts  map[string]int
	Sources map[lint.Source]int
}

// Census counts the model's entities, or says what the cached run's did.
func (l *Loaded) Census() Census {
	if l.census != nil {
		return *l.census
	}
	m := l.Input.Model
	c := Census{Counts: map[string]int{
		"IAM roles": len(m.Roles), "instance profiles": len(m.InstanceProfiles), "security groups": len(m.SecurityGroups),
		"launch templates": len(m.LaunchTemplates), "node groups": len(m.NodeGroups), "Karpenter node classes": len(m.NodeClasses),
		"Karpenter node pools": len(m.NodePools), "service accounts": len(m.ServiceAccounts), "other Kubernetes objects": len(m.Objects),
		"Helm releases": len(m.Releases), "EKS clusters": len(m.Clusters), "access entries and aws-auth mappings": len(m.AccessEntries),
		"pod identity associations": len(m.PodIdentities), "workloads": len(m.Workloads),
		"Fargate profiles": len(m.FargateProfiles), "subnets": len(m.Subnets), "storage classes": len(m.StorageClasses),
		"persistent volume claims": len(m.VolumeClaims), "persistent volumes": len(m.Volumes),
	}, Sources: map[lint.Source]int{}}
	for _, e := range m.Entities() {
		c.Sources[e.Base().Source]++
	}
	return c
}

// runEntry is what the cache keeps of a run: the outline of the tree's
// snapshot (the next run's snapshot must match it), what the run read,
// and its result.
type runEntry struct {
	Outline cache.Outline
	Reads   []cache.Read
	runResult
}

// runResult is what a stored run answers with.
type runResult struct {
	Result         lint.Result
	Files          int
	TerraformRoots []string
	ModuleCalls    []terraform.ModuleCall
	Budget         runbudget.Report
	Census         Census
}

// RunCached is Run with the result cache: a run over a tree that is
// entry for entry what a stored run read, with the same options and the
// same build, returns the stored result; any other run is computed, and
// stored when the tree did not change while it ran. Runs comparing with
// a plan, a base revision or a set of changed files are not cached (their
// result depends on git state and inputs the tree snapshot does not
// cover). ropts.Today, when zero, is set to now, for the key and the run
// alike.
func RunCached(opts Options, rules []*lint.Rule, ropts lint.Options, c *Cache) (*Loaded, lint.Result, error) {
	if off := uncacheable(opts, c); off != "" {
		return runRootsCached(opts, rules, ropts, c, off)
	}
	if ropts.Today.IsZero() {
		ropts.Today = time.Now()
	}
	r, err := newRun(opts)
	if err != nil {
		return nil, lint.Result{}, err
	}
	key, err := runKey(opts, r, rules, ropts, c.Build)
	if err != nil {
		return nil, lint.Result{}, err
	}
	roots := r.tree.Roots()
	var prev *runEntry
	var snap cache.Snapshot
	// seen: an earlier run of the tree was stored (unitcache.Units.SkipWarm).
	seen := false
	var refreshed []cache.Read
	hit := false
	lookup := Measure(nil, "cache", "entries", func() int {
		payload, ok := c.Store.Get(key)
		var stored *entryReader
		if ok {
			if stored = readEntry(payload); stored == nil {
				c.Store.Remove(key)
			}
		}
		keep := scanKeep(r)
		if stored != nil {
			keep = stored.outline.Keep
			seen = true
		}
		snap = cache.Take(roots, skipDir, keep)
		if stored == nil || !snap.Matches(stored.outline) {
			return len(snap.Entries)
		}
		if prev = stored.rest(); prev == nil {
			c.Store.Remove(key)
			return len(snap.Entries)
		}
		hit, refreshed = cache.Check(prev.Reads)
		return len(snap.Entries)
	})
	if hit {
		if refreshed != nil {
			prev.Reads = refreshed
			_ = c.Store.PutStream(key, func(w io.Writer) error { return encodeEntry(w, prev) })
		}
		return cachedRun(r, prev, lookup), prev.Result, nil
	}
	// The run holds the snapshot's outline, not its entries: its end
	// checks the tree still has that shape and stores the outline.
	start := snap.Outline()
	opts.listed = snap.Index()
	snap = cache.Snapshot{}
	kept, err := newKeptRoots(c, opts, r)
	if err != nil {
		return nil, lint.Result{}, err
	}
	opts.kept = kept
	if opts.units, err = newKeptUnits(c, opts, r); err != nil {
		return nil, lint.Result{}, err
	}
	if seen {
		opts.units.SkipWarm()
	}
	if seen && opts.listed != nil {
		// Most units will be kept: their records are checked against
		// the snapshot's listing, and so are the fresh units' probes.
		opts.listing = opts.listed
		r.tree.UseListing(opts.listing)
	}
	reads := cache.NewReads()
	opts.observe = reads
	opts.units.JoinRecord(reads)
	if kept != nil {
		kept.runReads = reads
	}
	l, res, err := Run(opts, rules, ropts)
	if err != nil {
		opts.units.Discard()
		return nil, lint.Result{}, err
	}
	// The load's holes key its renderings only, and the snapshot's
	// listing served the load: storing the run holds neither.
	opts.units.UseHoles(nil)
	opts.listed, opts.listing = nil, nil
	r.tree.UseListing(nil)
	l.Cache = CacheReport{Misses: 1}
	l.Stages = append(lookup, l.Stages...)
	keepUnits(l, opts.units)
	l.Cache.NotStored = store(c, key, start, reads, l, res)
	l.Cache.Roots = kept.done()
	l.Cache.Units = opts.units.Done()
	return l, res, nil
}

// skipDir names the directories the snapshot lists without entering:
// those discovery does not enter (skipDirs) hold nothing the run reads
// unless a file read lies there (Snapshot.Keep).
func skipDir(name string) bool { return skippedDir(name) }

// scanKeep are the scan directories: discovery enters them whatever their
// name, so the snapshot does too (a scan directory inside testdata/).
func scanKeep(r *run) []string {
	return keepDirs(nil, r.dirs)
}

// keepDirs merges directory lists, sorted and unique.
func keepDirs(a, b []string) []string {
	out := append(append([]string(nil), a...), b...)
	slices.Sort(out)
	return slices.Compact(out)
}

// uncacheable says why a run does not use the cache, or "".
func uncacheable(opts Options, c *Cache) string {
	switch {
	case c == nil || c.Store == nil:
		return "--no-cache"
	case opts.Plan != nil:
		return "--plan"
	case opts.BaseDir != "":
		return "--base"
	case opts.Changed != nil:
		return "--changed or --staged"
	}
	return ""
}

// runRootsCached is a run whose result is not cached (off says why) but
// whose Terraform roots are, unless the cache is off: a run comparing with
// a plan or a base revision still evaluates only the roots of its own
// tree whose inputs changed (the base revision's roots are not kept).
func runRootsCached(opts Options, rules []*lint.Rule, ropts lint.Options, c *Cache, off string) (*Loaded, lint.Result, error) {
	if c == nil || c.Store == nil {
		l, res, err := Run(opts, rules, ropts)
		if l != nil {
			l.Cache = CacheReport{Off: off}
		}
		return l, res, err
	}
	r, err := newRun(opts)
	if err != nil {
		return nil, lint.Result{}, err
	}
	kept, err := newKeptRoots(c, opts, r)
	if err != nil {
		return nil, lint.Result{}, err
	}
	if opts.units, err = newKeptUnits(c, opts, r); err != nil {
		return nil, lint.Result{}, err
	}
	opts.kept = kept
	l, res, err := Run(opts, rules, ropts)
	if err != nil {
		opts.units.Discard()
		return nil, lint.Result{}, err
	}
	opts.units.UseHoles(nil)
	keepUnits(l, opts.units)
	l.Cache = CacheReport{Off: off, Roots: kept.done(), Units: opts.units.Done()}
	return l, res, nil
}

// newKeptUnits is the per-unit cache of run r, or nil without a store.
func newKeptUnits(c *Cache, opts Options, r *run) (*unitcache.Units, error) {
	if c == nil || c.Store == nil {
		return nil, nil
	}
	k := struct {
		Build, Cwd, RelTo, TreeRoot, Root, Repo, KubeVersion string
		Rels, Dirs, TreeRoots                                []string
		Budget                                               string
	}{c.Build, opts.Cwd, opts.RelTo, opts.TreeRoot, r.root, r.tree.Repo(), opts.KubeVersion,
		r.layoutRels(), r.dirs, r.tree.Roots(), fmt.Sprintf("%+v", opts.Budget.Limits())}
	data, err := json.Marshal(k)
	if err != nil {
		return nil, fmt.Errorf("unit cache key: %w", err)
	}
	return unitcache.New(c.Store, c.Build, r.tree, sha256.Sum256(data)), nil
}

// keepUnits writes the kustomization builds and chart renderings the run
// kept, unless its budget left units out. Each rests only on what it
// read (a build read while a file changed is not kept; a rendering is
// content-addressed and never kept when a bound stopped it), so unlike
// the whole run they are kept whatever a wall-clock backstop stopped or
// whatever changed elsewhere in the tree, as Terraform roots are.
func keepUnits(l *Loaded, units *unitcache.Units) {
	if l.Budget.LeftOut == 0 {
		units.Flush()
		return
	}
	units.Discard()
}

// stable says why a computed run's results are unsafe to keep, or "": a
// wall-clock backstop that stopped a unit, a budget that left something
// out, a file that changed while read, a tree whose shape changed during
// the run (start outlines its snapshot at the run's start: the
// directories' times vouch for it, else a new snapshot must match it).
//
// The wall-clock backstops (a Terraform root's or a Terragrunt unit's
// evaluation deadline, a chart renderer's timeout) are the only bounds
// whose outcome depends on the machine's load, and each reports that it
// fired (Loaded.WallStops). How long a stage took is no reason: a stage
// that did not meet a backstop gives what it gives on an idle machine,
// and a bound on its duration would only catch backstops longer than
// itself while refusing every large tree on a loaded machine (a 140 s
// run of 2,450 roots was never stored under the old 50 s bound).
func stable(start cache.Outline, reads *cache.Reads, l *Loaded) string {
	if l.WallStops > 0 {
		return fmt.Sprintf("a wall-clock backstop stopped %d of its Terraform roots, Terragrunt units or chart renderings", l.WallStops)
	}
	if l.Budget.LeftOut > 0 {
		return "the run budget left units out"
	}
	if why := reads.Unstable(); why != "" {
		return why
	}
	if !start.Unchanged() && !cache.Take(start.Roots, skipDir, start.Keep).Matches(start) {
		return "the tree changed while it was read, or holds an unreadable entry"
	}
	return ""
}

// store keeps a computed run, unless something makes its result unsafe to
// use again; it says why not, or "".
func store(c *Cache, key cache.Key, start cache.Outline, reads *cache.Reads, l *Loaded, res lint.Result) string {
	if why := stable(start, reads, l); why != "" {
		return why
	}
	if len(l.Input.Model.Changes) > 0 {
		return "the model holds changes"
	}
	// The pictures first: the graph they are drawn on is garbage before
	// the record and the snapshot below are made.
	findings := append([]lint.Finding(nil), res.Findings...)
	picture(findings, l.Input.Model)
	list := reads.List()
	// The directories discovery does not enter are recorded where the
	// run read files (a module cache): a file added beside those changes
	// the next run's snapshot.
	outline := start
	if keep := keepDirs(start.Keep, cache.KeepDirs(list)); len(keep) > len(start.Keep) {
		outline = cache.Take(start.Roots, skipDir, keep).Outline()
	}
	e := &runEntry{Outline: outline, Reads: list, runResult: runResult{Result: res, Files: l.Input.Files, TerraformRoots: l.TerraformRoots,
		ModuleCalls: l.ModuleCalls, Budget: l.Budget, Census: l.Census()}}
	e.Result.Findings = findings
	if err := c.Store.PutStream(key, func(w io.Writer) error { return encodeEntry(w, e) }); err != nil {
		return err.Error()
	}
	return ""
}

// picture draws every finding's chain as the markdown report does, so a
// cached run can report it without the model: on the part of the graph
// the findings' files hold (graph.BuildAround), which draws each as the
// whole graph does.
func picture(fs []lint.Finding, m *lint.Model) {
	if len(fs) == 0 {
		return
	}
	files := map[string]bool{}
	for _, f := range fs {
		files[f.Range.File] = true
		for _, r := range f.Related {
			files[r.Range.File] = true
		}
	}
	d := graph.BuildAround(m, files).Pictures()
	for i := range fs {
		fs[i].Picture = d.Picture(fs[i])
	}
}

// cachedRun is the Loaded of a run answered from the cache: what the
// command reads of a run, without the model.
func cachedRun(r *run, e *runEntry, stages []Stage) *Loaded {
	l := r.l
	l.Input = lint.Input{Files: e.Files}
	l.TerraformRoots, l.ModuleCalls, l.Budget = e.TerraformRoots, e.ModuleCalls, e.Budget
	l.census = &e.Census
	l.Stages = stages
	l.Cache = CacheReport{Hits: 1}
	return l
}

// runKey hashes everything a run's result depends on besides the tree's
// content: the build, the layout (working directory, paths, the tree's
// roots), the variables, the configuration, the rules and their options,
// and the day (ignores expire).
func runKey(opts Options, r *run, rules []*lint.Rule, ropts lint.Options, build string) (cache.Key, error) {
	ids := make([]string, len(rules))
	for i, rule := range rules {
		ids[i] = rule.ID
	}
	files := map[string][32]byte{}
	for p, data := range opts.VarFileData {
		files[p] = sha256.Sum256(data)
	}
	focus := append([]string(nil), r.l.Focus...)
	sort.Strings(focus)
	k := struct {
		Build, Cwd, RelTo, TreeRoot, Root, Repo, KubeVersion, Day string
		Paths, Dirs, TreeRoots, Focus, VarFiles, Rules            []string
		Vars                                                      map[string]string
		VarFileData                                               map[string][32]byte
		Config                                                    *lint.Config
		Enable, Disable                                           []string
		Severity                                                  map[string]lint.Severity
	}{build, opts.Cwd, opts.RelTo, opts.TreeRoot, r.root, r.tree.Repo(), opts.KubeVersion, ropts.Today.Format(lint.DateLayout),
		opts.Paths, r.dirs, r.tree.Roots(), focus, opts.VarFiles, ids, opts.Vars, files, opts.Config,
		ropts.Enable, ropts.Disable, ropts.Severity}
	data, err := json.Marshal(k)
	if err != nil {
		return cache.Key{}, fmt.Errorf("cache key: %w", err)
	}
	return cache.KeyOf([]byte("run"), data), nil
}

// entryCodec encodes stored runs (their types hold no interface).
var entryCodec = wire.New()

// encodeEntry writes e to w: its outline, its reads, then its result,
// each decoded only when the one before holds (readEntry).
func encodeEntry(w io.Writer, e *runEntry) error {
	for _, p := range []any{&e.Outline, &e.Reads, &e.runResult} {
		if err := entryCodec.Encode(w, p); err != nil {
			return fmt.Errorf("cache entry: %w", err)
		}
	}
	return nil
}

// entryReader is a stored run with its outline decoded.
type entryReader struct {
	outline cache.Outline
	after   []byte
}

// readEntry decodes a stored run's outline; nil when it does not decode.
func readEntry(payload []byte) *entryReader {
	r := &entryReader{}
	after, err := entryCodec.Decode(payload, &r.outline)
	if err != nil {
		return nil
	}
	r.after = after
	return r
}

// rest decodes the rest of the stored run; nil when it does not decode.
func (r *entryReader) rest() *runEntry {
	e := &runEntry{Outline: r.outline}
	after, err := entryCodec.Decode(r.after, &e.Reads)
	if err != nil {
		return nil
	}
	if after, err = entryCodec.Decode(after, &e.runResult); err != nil || len(after) > 0 {
		return nil
	}
	return e
}
