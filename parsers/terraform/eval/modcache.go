package eval

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/internal/generated"
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
	"github.com/hashicorp/hcl/v2"
)

// Where `terraform init` ran, .terraform/modules/modules.json records every
// installed module call of the root (registry, git, nested, local) by key:
// the call names from the root joined by dots, without instance keys
// ("eks", "eks.eks_managed_node_group"), with the directory holding its
// code, relative to the root module's directory. Registry and git calls
// are evaluated from that code exactly like local modules.

// maxManifestFile bounds a modules.json.
const maxManifestFile = 4 << 20

// modCache is a root module's manifest of installed modules, by key.
type modCache struct {
	// dir is .terraform/modules of the root: code below it is the cache's.
	dir     string
	file    string
	records map[string]modsource.CacheRecord
}

// readModCache reads the manifest of the root module in root: nil without
// one. A manifest that cannot be read or parsed is a coverage note and nil.
func readModCache(tree *treefs.Tree, root string, rel func(string) string) (*modCache, *lint.Note) {
	file := modsource.ManifestFile(root)
	note := func(why string) *lint.Note {
		return &lint.Note{Kind: lint.Skipped, What: "module cache not read: " + why + "; registry and git modules stay unknown (run terraform init again)", Range: lint.Range{File: rel(file)}}
	}
	src, err := tree.ReadFile(file, maxManifestFile)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil
	case errors.Is(err, treefs.ErrTooLarge):
		return nil, note("it is larger than " + treefs.Size(maxManifestFile))
	case err != nil:
		return nil, note(refusalReason(err))
	}
	records, err := modsource.ParseManifest(src)
	if err != nil {
		return nil, note(err.Error())
	}
	return &modCache{dir: filepath.Dir(file), file: file, records: records}, nil
}

// modCache returns the manifest of the root module in root (read once).
func (l *Session) modCache(root string) *modCache {
	root = filepath.Clean(root)
	l.mu.Lock()
	lc, ok := l.caches[root]
	if !ok {
		lc = &lazyCache{}
		l.caches[root] = lc
	}
	l.mu.Unlock()
	lc.once.Do(func() {
		var n *lint.Note
		tree := l.Options.Tree
		var in *cache.Inputs
		if l.Options.RecordInputs {
			in = cache.NewInputs()
			tree = tree.Observed(in)
		}
		lc.c, n = readModCache(tree, root, l.Rel)
		if in != nil {
			lc.inputs, lc.notKept = in.Record(), in.Unstable()
		}
		if n != nil {
			l.note(*n)
			// The note is the session's: a kept root would lose it.
			lc.notKept = n.What
		}
		if lc.c != nil {
			l.markCached(lc.c.dir)
		}
	})
	return lc.c
}

// cacheOf is the module cache record of root when it was looked for,
// else nil.
func (l *Session) cacheOf(root string) *lazyCache {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.caches[filepath.Clean(root)]
}

// InCache reports whether dir holds code a module cache installed (its
// parse errors are not the user's to fix: coverage notes, not FL000).
func (l *Session) InCache(dir string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for c := range l.cacheDirs {
		if treefs.Within(c, dir) {
			return true
		}
	}
	return false
}

// note records a coverage note of the load.
func (l *Session) note(n lint.Note) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.Refused = append(l.Refused, n)
}

// recordCall lists how a call resolved, once per root and call path.
func (l *Session) recordCall(c modsource.ModuleCall) {
	l.mu.Lock()
	defer l.mu.Unlock()
	k := c.Root + "\x00" + c.Call
	if _, seen := l.callSeen[k]; seen {
		return
	}
	l.callSeen[k] = len(l.calls)
	if l.callsOf == nil {
		l.callsOf = map[string][]int{}
	}
	l.callsOf[c.Root] = append(l.callsOf[c.Root], len(l.calls))
	l.calls = append(l.calls, c)
}

// CallsOf are the recorded calls of the root reported as root, in the
// order recorded.
func (l *Session) CallsOf(root string) []modsource.ModuleCall {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]modsource.ModuleCall, 0, len(l.callsOf[root]))
	for _, i := range l.callsOf[root] {
		out = append(out, l.calls[i])
	}
	return out
}

// ModuleCalls are the recorded calls, by root then call path.
func (l *Session) ModuleCalls() []modsource.ModuleCall {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := append([]modsource.ModuleCall(nil), l.calls...)
	sort.Slice(out, func(i, j int) bool {
		if out[i].Root != out[j].Root {
			return out[i].Root < out[j].Root
		}
		return out[i].Call < out[j].Call
	})
	return out
}

// cacheKey is the manifest key of call name made from this instance: the
// call names from the root joined by dots, instance keys dropped.
func (mi *ModInst) cacheKey(name string) string {
	parts := []string{name}
	for m := mi; m != nil && m.Call != nil; m = m.Parent {
		parts = append(parts, m.Call.name)
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return strings.Join(parts, ".")
}

// resolveCall finds the code of a module call — a local path, else the
// module cache, else a built-in model (a local call inside a stand-in is
// the model of that submodule) — records how it resolved, and notes what
// stays unknown. It returns nil when the call's outputs are unknown (a
// model may still read its inputs), and how it is modelled when it is.
func (mi *ModInst) resolveCall(c *Call) (*Module, *modelUse) {
	l := mi.Evaluator.Session
	label := mi.Label("module." + c.name)
	rec := modsource.ModuleCall{Root: mi.Evaluator.RootRel, Call: "module." + strings.ReplaceAll(mi.cacheKey(c.name), ".", ".module."), Source: c.Source, Version: c.Version, Range: l.Rng(c.srcRange)}
	if mi.Model != nil {
		rec.Range = l.Rng(mi.Model.topCall.srcRange)
	}
	var child *Module
	var use *modelUse
	var why string
	switch {
	case mi.Model != nil:
		child, use, why = mi.modelChild(c)
	case c.Source == "" && c.sourceExpr != nil:
		why = "its source is not static: only variables and locals whose values are given before planning are read there"
	case c.Source == "":
		why = "it has no source (FL000: Terraform refuses the call)"
	case modsource.IsLocal(c.Source):
		child, why = mi.localChild(c)
		rec.How = modsource.ResolvedLocal
	default:
		var r modsource.CacheRecord
		child, r, why = mi.cachedChild(c)
		rec.How = modsource.ResolvedCached
		if child != nil && r.Version != "" {
			rec.Version = r.Version
		}
		if child == nil {
			var mwhy string
			child, use, mwhy = mi.modelChild(c)
			if mwhy != "" {
				why += "; " + mwhy
			}
			if use != nil && r.Key != "" {
				mi.Evaluator.Notes = append(mi.Evaluator.Notes, lint.Note{Kind: lint.Skipped, What: "module " + label + " (" + c.Source + "): its module cache entry is not used (" + why + "); it is read from the built-in model " + use.label(), Range: rec.Range})
			}
		}
	}
	switch {
	case use != nil:
		rec.How, rec.Model, rec.Assumed = modsource.ResolvedModelled, use.label(), use.assumed
		if use.assumed != "" {
			lower := "; findings that rest on it are one severity lower"
			if len(use.alts) > 0 {
				lower = "; findings that rest on what those versions model differently are one severity lower"
			}
			mi.Evaluator.Notes = append(mi.Evaluator.Notes, lint.Note{Kind: lint.Inferred, What: use.inferredText(label) + lower, Range: rec.Range})
		}
	case child != nil:
		rec.Dir = l.Rel(child.Dir)
	default:
		rec.How = modsource.ResolvedUnknown
		if !modsource.IsLocal(c.Source) && modsource.ModelledModule(c.Source) {
			rec.How = modsource.ResolvedModelled
		}
		mi.Evaluator.Notes = append(mi.Evaluator.Notes, lint.Note{Kind: lint.Skipped, What: unresolvedCall(label, c.Source, strings.TrimPrefix(why, "; ")), Range: rec.Range})
	}
	l.recordCall(rec)
	return child, use
}

// unresolvedCall is the coverage note of a call read without its code.
func unresolvedCall(label, source, why string) string {
	if modsource.IsLocal(source) && why != "" && !strings.Contains(why, "model") {
		return "module " + label + ": " + why
	}
	what := "module " + label + " (" + source + "): outputs unknown"
	if source == "" {
		what = "module " + label + ": outputs unknown"
	}
	if modsource.ModelledModule(source) {
		what += "; the cluster and node access it manages are read from the call"
	}
	if why != "" {
		what += " (" + why + ")"
	}
	return what
}

// localChild is the module a local source names, or nil and why not.
func (mi *ModInst) localChild(c *Call) (*Module, string) {
	dir := filepath.Clean(filepath.Join(mi.Module.Dir, c.Source))
	// The probe records, for a root kept between runs, that the
	// directory was (not) there.
	_, statErr := mi.Evaluator.Tree().Stat(dir)
	if errors.Is(statErr, fs.ErrNotExist) {
		// A Terraspace stack's module is the one the build puts there.
		if alt := terraspaceModule(mi.Evaluator.Tree(), dir); alt != "" {
			dir, statErr = alt, nil
		}
	}
	_, refused := mi.Evaluator.Session.Options.Tree.Reach(dir)
	switch {
	case errors.Is(refused, treefs.ErrOutside):
		return nil, "local source " + c.Source + " not read: " + refused.Error()
	case errors.Is(statErr, fs.ErrNotExist) && !mi.Module.unit:
		// Inside the tree and not there: terraform init refuses the
		// configuration (checked with Terraform 1.11). A Terragrunt
		// unit's source is resolved by Terragrunt (a catalog unit's
		// get_repo_root() is its consumer's), so it stays a note; so does
		// a directory a .gitignore ignores, which a step before
		// Terraform fills (a script vendoring modules), as for file().
		if tree := mi.Evaluator.Session.Options.Tree; tree != nil {
			if why := generated.ValuesWhy(generated.Tree(tree), generated.Top(tree.Roots(), dir), dir, mi.Evaluator.Session.Rel); why != "" {
				return nil, "local source " + c.Source + " not in the tree: " + why + ", so a step before terraform init writes it"
			}
		}
		mi.inputDiag(lint.Diagnostic{
			Range:   mi.Evaluator.Session.Rng(c.DefRange),
			Summary: "Unreadable module directory",
			Detail:  fmt.Sprintf("The directory %s could not be read for module %q: it does not exist.", c.Source, c.name),
		})
		return nil, "local source " + c.Source + " not found in the tree"
	case refused != nil || mi.stack[dir] || mi.depth >= maxModuleDepth:
		return nil, "local source " + c.Source + " not found in the tree"
	}
	child := mi.Evaluator.module(dir)
	if child == nil && mi.Evaluator.Tree().IsDir(dir) {
		return nil, "local source " + c.Source + " holds no Terraform configuration"
	}
	if child == nil {
		return nil, "local source " + c.Source + " not found in the tree"
	}
	if why := mi.Evaluator.Session.brokenCache(child); why != "" {
		return nil, why
	}
	return child, ""
}

// cachedChild is the module the root's module cache installed for a call,
// or nil and why not ("" when the root has no cache).
func (mi *ModInst) cachedChild(c *Call) (*Module, modsource.CacheRecord, string) {
	l := mi.Evaluator.Session
	mc := l.modCache(mi.Evaluator.Root.Dir)
	if mc == nil {
		return nil, modsource.CacheRecord{}, "no module cache: after terraform init its code is read"
	}
	key := mi.cacheKey(c.name)
	r, ok := mc.records[key]
	if !ok {
		return nil, r, "not in the module cache; run terraform init"
	}
	if c.Source != "" && !modsource.SameSource(c.Source, r.Source) {
		return nil, r, "the module cache holds " + r.Source + "; run terraform init"
	}
	if !modsource.VersionAllowed(c.Version, r.Version) {
		return nil, r, "the module cache holds version " + r.Version + ", the call asks for " + c.Version + "; run terraform init"
	}
	dir := filepath.FromSlash(r.Dir)
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(mi.Evaluator.Root.Dir, dir)
	}
	dir = filepath.Clean(dir)
	if !l.Options.Tree.Contains(dir) {
		return nil, r, "its cached code at " + r.Dir + " not read: it leads " + treefs.ErrOutside.Error()
	}
	if mi.stack[dir] || mi.depth >= maxModuleDepth {
		return nil, r, "its cached code at " + r.Dir + " calls itself"
	}
	l.markCached(dir)
	child := mi.Evaluator.module(dir)
	if child == nil {
		return nil, r, "the module cache names " + r.Dir + ", which holds no configuration; run terraform init"
	}
	if why := l.brokenCache(child); why != "" {
		return nil, r, why
	}
	return child, r, ""
}

// CachedCallSite is, for an instance of cached code, the module call in
// the user's own configuration that leads into it (the outermost call whose
// caller is not cached): a finding inside a registry module points there
// too, where the user changes it. Nothing for an instance of user code.
func (mi *ModInst) CachedCallSite() []lint.Location {
	l := mi.Evaluator.Session
	if mi.Call == nil || !l.InCache(mi.Module.Dir) {
		return nil
	}
	top := mi
	for top.Parent != nil && top.Parent.Call != nil && l.InCache(top.Parent.Module.Dir) {
		top = top.Parent
	}
	if top.Parent == nil {
		return nil
	}
	what := top.Path + " (" + top.Call.Source + ") is called here; its code is read from the module cache"
	return []lint.Location{{Range: l.Rng(top.Call.DefRange), Message: what}}
}

// markCached records dir as code a module cache installed.
func (l *Session) markCached(dir string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.cacheDirs[dir] = true
}

// brokenCache says why cached code that does not parse is not evaluated
// (Terraform would not run it either), or "".
func (l *Session) brokenCache(m *Module) string {
	if !l.InCache(m.Dir) {
		return ""
	}
	for _, d := range append(slices.Clip(m.diags), m.quotedTypeDiags()...) {
		if d.Severity != hcl.DiagError {
			continue
		}
		where := l.Rel(m.Dir)
		if d.Subject != nil && d.Subject.Filename != "" {
			where = fmt.Sprintf("%s:%d", l.Rel(d.Subject.Filename), d.Subject.Start.Line)
		}
		return "its cached code does not parse (" + where + ": " + d.Summary + ")"
	}
	return ""
}
