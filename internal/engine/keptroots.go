package engine

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"maps"
	"sort"
	"strings"
	"sync"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
)

// keptRoots is the per-root result cache of one run (a
// terraform.RootCache): when the whole run is not answered from the
// cache, each Terraform root module whose inputs did not change since a
// run kept its output is not evaluated again. A root's entry is keyed by
// what its output depends on besides its inputs (the build, the layout
// that shapes reported paths, variables, configuration, budget limits)
// and its directory; it holds the inputs (files with their content
// hashes, directory listings, probed paths) and the encoded output.
// An entry is written as soon as its root is evaluated: it rests only on
// what it recorded as it read (a file read twice with two contents, an
// evaluation cut by a bound, a root the run budget left out is not
// kept), so it needs no proof that the rest of the tree stood still, and
// a run too large to be stored whole — or interrupted — still keeps its
// roots, without holding their entries in memory.
type keptRoots struct {
	store *cache.Store
	// context is the digest of what a root's output depends on besides
	// its inputs.
	context [sha256.Size]byte
	tree    *treefs.Tree
	checker *cache.Checker
	// runReads, when the whole run is recorded, is told of the files a
	// kept root rests on: the run uses them without reading them.
	runReads *cache.Reads

	// build is the Cache's; children are the caches of the base
	// revision's load (child), reported with this one.
	build    string
	children []*keptRoots

	mu     sync.Mutex
	report RootsReport
	// syntaxWritten are the module syntax entries this run wrote.
	syntaxWritten map[[sha256.Size]byte]bool
	// buffers are the buffers entries are encoded into (*[]byte): a run
	// writes an entry per root, and the store keeps no payload.
	buffers sync.Pool
}

// RootsReport counts what the per-root cache did in a run.
type RootsReport struct {
	// Kept roots were answered from the cache (Again of them were
	// evaluated again for their outputs, which a root evaluated reads);
	// Evaluated ones were not; Stored entries were written.
	Kept, Again, Evaluated, Stored int
	// Summarised module directories were not parsed: their summaries
	// from an earlier run stood.
	Summarised int
	// TerragruntKept units were decoded from the kept Terragrunt load;
	// TerragruntEvaluated ones were evaluated. TerragruntAgain counts
	// the loads evaluated again for the inputs of a kept unit whose
	// dependencies' outputs changed (0 or 1).
	TerragruntKept, TerragruntEvaluated, TerragruntAgain int
	// SyntaxRead are the module directories (the tree's, and a
	// built-in stand-in the embedded table does not hold) whose syntax
	// trees were read back from the store; SyntaxWritten those parsed
	// and written (keptsyntax.go).
	SyntaxRead, SyntaxWritten int
	// Why counts the reasons roots evaluated could not be kept.
	Why map[string]int
	// Base is what the base revision's load did (--base, --staged).
	Base *RootsReport
}

// String reads as "terraform roots: 37 kept, 1 evaluated, …".
func (r RootsReport) String() string {
	s := fmt.Sprintf("terraform roots: %d kept, %d evaluated, %d entries written; %d module directories not parsed", r.Kept, r.Evaluated, r.Stored, r.Summarised)
	if r.Again > 0 {
		s += fmt.Sprintf(" (%d kept roots evaluated again for the outputs another reads)", r.Again)
	}
	if r.TerragruntKept+r.TerragruntEvaluated > 0 {
		s += fmt.Sprintf("; terragrunt units: %d kept, %d evaluated", r.TerragruntKept, r.TerragruntEvaluated)
		if r.TerragruntAgain > 0 {
			s += " (configuration loaded again for the inputs of a kept unit)"
		}
	}
	if r.SyntaxRead+r.SyntaxWritten > 0 {
		s += fmt.Sprintf("; module syntax: %d read back, %d parsed and written", r.SyntaxRead, r.SyntaxWritten)
	}
	if len(r.Why) > 0 {
		whys := make([]string, 0, len(r.Why))
		for w := range r.Why {
			whys = append(whys, w)
		}
		sort.Slice(whys, func(i, j int) bool {
			if r.Why[whys[i]] != r.Why[whys[j]] {
				return r.Why[whys[i]] > r.Why[whys[j]]
			}
			return whys[i] < whys[j]
		})
		var parts []string
		for _, w := range whys {
			parts = append(parts, fmt.Sprintf("%d: %s", r.Why[w], w))
		}
		s += "; not kept: " + strings.Join(parts, ", ")
	}
	if r.Base != nil {
		s += "; base revision: " + r.Base.String()
	}
	return s
}

// keptEntry is what the store holds of one root, after its inputs
// (kept.Wire encodes both: the inputs first, so a root whose inputs
// changed is not decoded further).
type keptEntry struct {
	Output   kept.RootOutput
	Calls    []modsource.ModuleCall
	Files    []string
	StateLoc kept.StateLocation
	Outputs  []byte
	Holes    map[string]lint.PortableHole
	// ReadsDigest digests the states a root reading remote state read
	// (terraform.KeptRoot.ReadsDigest).
	ReadsDigest string
}

// newKeptRoots is the per-root cache of run r, or nil when the run's
// roots cannot be kept (no store).
func newKeptRoots(c *Cache, opts Options, r *run) (*keptRoots, error) {
	if c == nil || c.Store == nil {
		return nil, nil
	}
	files := map[string][32]byte{}
	for p, data := range opts.VarFileData {
		files[p] = sha256.Sum256(data)
	}
	k := struct {
		Build, Cwd, RelTo, TreeRoot, Root, Repo, KubeVersion string
		Rels, Dirs, TreeRoots, VarFiles                      []string
		Vars                                                 map[string]string
		VarFileData                                          map[string][32]byte
		Config                                               any
		Budget                                               string
	}{c.Build, opts.Cwd, opts.RelTo, opts.TreeRoot, r.root, r.tree.Repo(), opts.KubeVersion,
		r.layoutRels(), r.dirs, r.tree.Roots(), opts.VarFiles, opts.Vars, files, opts.Config, fmt.Sprintf("%+v", opts.Budget.Limits())}
	data, err := json.Marshal(k)
	if err != nil {
		return nil, fmt.Errorf("terraform root cache key: %w", err)
	}
	return &keptRoots{store: c.Store, context: sha256.Sum256(data), tree: r.tree, checker: cache.NewChecker(r.tree), build: c.Build}, nil
}

// child is the per-root cache of a base revision's load r (nil when it
// cannot be made): its entries are written when k's are.
func (k *keptRoots) child(opts Options, r *run) *keptRoots {
	c, err := newKeptRoots(&Cache{Store: k.store, Build: k.build}, opts, r)
	if err != nil || c == nil {
		return nil
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	k.children = append(k.children, c)
	return c
}

// layoutRels are how the run reports its scan root, scanned directories
// and tree roots: what a kept unit's positions are written relative to
// (a scan root named through a symlink reports its paths through it),
// without the paths the user named (a file argument, under pre-commit,
// differs from run to run and changes no unit).
func (r *run) layoutRels() []string {
	out := []string{r.rel(r.root)}
	for _, d := range r.dirs {
		out = append(out, r.rel(d))
	}
	for _, d := range r.tree.Roots() {
		out = append(out, r.rel(d))
	}
	return out
}

// key is the store key of the root in dir (for a unit, of the variant of
// its configuration).
func (k *keptRoots) key(dir, variant string) cache.Key {
	return cache.KeyOf([]byte("terraform-root"), k.context[:], []byte(dir), []byte(variant))
}

// Lookup is the kept output of the root in dir when its inputs are
// unchanged; an entry that does not decode is a miss.
func (k *keptRoots) Lookup(dir, variant string) (terraform.KeptRoot, bool) {
	key := k.key(dir, variant)
	payload, ok := k.store.Get(key)
	if !ok {
		return terraform.KeptRoot{}, false
	}
	var inputs cache.InputRecord
	rest, err := kept.Wire().Decode(payload, &inputs)
	if err != nil {
		k.store.Remove(key)
		return terraform.KeptRoot{}, false
	}
	same, refreshed := k.checker.Check(inputs)
	if !same {
		return terraform.KeptRoot{}, false
	}
	var e keptEntry
	if tail, err := kept.Wire().Decode(rest, &e); err != nil || len(tail) > 0 {
		k.store.Remove(key)
		return terraform.KeptRoot{}, false
	}
	if refreshed != nil {
		// The next run trusts the stats seen now.
		if p, err := kept.Wire().Append(nil, refreshed); err == nil {
			k.put(key, append(p, rest...))
		}
		inputs = *refreshed
	}
	// A file() or templatefile() target only this root reads is an input
	// of the whole run too; without it a same-size edit of the file
	// would be answered by the stale stored run.
	if k.runReads != nil {
		k.runReads.AddKept(inputs.Files)
	}
	return terraform.KeptRoot{Output: e.Output, Calls: e.Calls, Files: e.Files, StateLoc: e.StateLoc, Outputs: e.Outputs, Holes: e.Holes, ReadsDigest: e.ReadsDigest}, true
}

// Keep stores the output of a root just evaluated.
func (k *keptRoots) Keep(dir, variant string, kr terraform.KeptRoot, inputs cache.InputRecord) {
	buf, _ := k.buffers.Get().(*[]byte)
	if buf == nil {
		buf = new([]byte)
	}
	defer k.buffers.Put(buf)
	p, err := kept.Wire().Append((*buf)[:0], &inputs)
	if err != nil {
		return
	}
	p, err = kept.Wire().Append(p, &keptEntry{Output: kr.Output, Calls: kr.Calls, Files: kr.Files, StateLoc: kr.StateLoc, Outputs: kr.Outputs, Holes: kr.Holes, ReadsDigest: kr.ReadsDigest})
	*buf = p
	if err != nil {
		return
	}
	k.put(k.key(dir, variant), p)
}

// put writes an entry, counting it.
func (k *keptRoots) put(key cache.Key, payload []byte) {
	if k.store.Put(key, payload) != nil {
		return
	}
	k.mu.Lock()
	k.report.Stored++
	k.mu.Unlock()
}

// summariesKey is the store key of the run's module summaries.
func (k *keptRoots) summariesKey() cache.Key {
	return cache.KeyOf([]byte("terraform-modules"), k.context[:])
}

// Summaries are the module summaries the last stable run kept (none when
// the entry is missing or does not decode).
func (k *keptRoots) Summaries() map[string]kept.ModuleSummary {
	payload, ok := k.store.Get(k.summariesKey())
	if !ok {
		return nil
	}
	var sums map[string]kept.ModuleSummary
	if rest, err := kept.Wire().Decode(payload, &sums); err != nil || len(rest) > 0 {
		k.store.Remove(k.summariesKey())
		return nil
	}
	return sums
}

// KeepSummaries stores the load's module summaries.
func (k *keptRoots) KeepSummaries(sums map[string]kept.ModuleSummary) {
	p, err := kept.Wire().Append(nil, &sums)
	if err != nil {
		return
	}
	k.put(k.summariesKey(), p)
}

// NotKept counts why a root evaluated could not be kept.
func (k *keptRoots) NotKept(dir, why string) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.report.Why == nil {
		k.report.Why = map[string]int{}
	}
	k.report.Why[why]++
}

// Unchanged reports whether every input of rec is as recorded.
func (k *keptRoots) Unchanged(rec cache.InputRecord) bool {
	same, _ := k.checker.Check(rec)
	return same
}

// evaluated counts the roots the load kept and evaluated, of n.
func (k *keptRoots) evaluated(n, kept, again, summarised int) {
	if k == nil {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	k.report.Kept, k.report.Evaluated = kept, n-kept
	k.report.Again, k.report.Summarised = again, summarised
}

// countTerragrunt counts the Terragrunt units kept and evaluated.
func (k *keptRoots) countTerragrunt(kept, evaluated int) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.report.TerragruntKept += kept
	k.report.TerragruntEvaluated += evaluated
}

// countTerragruntAgain counts a Terragrunt load evaluated again for a
// kept unit's inputs.
func (k *keptRoots) countTerragruntAgain() {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.report.TerragruntAgain++
}

// done is what the cache did in the run.
func (k *keptRoots) done() RootsReport {
	if k == nil {
		return RootsReport{}
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	r := k.report
	r.Why = maps.Clone(k.report.Why)
	for _, c := range k.children {
		b := c.done()
		r.Base = &b
	}
	return r
}
