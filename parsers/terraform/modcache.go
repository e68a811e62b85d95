package terraform

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/hashicorp/go-version"
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

// cacheRecord is one installed module of a manifest, as Terraform writes it.
type cacheRecord struct {
	Key     string `json:"Key"`
	Source  string `json:"Source"`
	Version string `json:"Version"`
	Dir     string `json:"Dir"`
}

// modCache is a root module's manifest of installed modules, by key.
type modCache struct {
	// dir is .terraform/modules of the root: code below it is the cache's.
	dir     string
	file    string
	records map[string]cacheRecord
}

// Resolution says how a module call was answered.
type Resolution string

// How a module call resolves, in this order.
const (
	// ResolvedLocal: a local path, evaluated from its directory.
	ResolvedLocal Resolution = "local"
	// ResolvedCached: evaluated from the code `terraform init` installed.
	ResolvedCached Resolution = "cached"
	// ResolvedModelled: evaluated from a built-in stand-in of the module
	// (or, for the calls registry.go still reads, its inputs are read).
	ResolvedModelled Resolution = "modelled"
	// ResolvedUnknown: outputs unknown, nothing inside it read.
	ResolvedUnknown Resolution = "unknown"
)

// ModuleCall is one module call of a root and how it was resolved (listed
// by --verbose).
type ModuleCall struct {
	// Root is the root module directory and Call the call path without
	// instance keys ("module.nodes.module.pool").
	Root, Call string
	// Source is the source as written; Version the version installed in
	// the cache, or else the constraint as written.
	Source, Version string
	How             Resolution
	// Dir is where its code was read (local, cached), relative like ranges.
	Dir string
	// Range is the call's source argument.
	Range lint.Range
	// Model is the built-in model a modelled call is evaluated from
	// ("terraform-aws-modules/eks/aws v20.0.0"), and Assumed why that
	// version is assumed ("" when the call's constraint allows only it).
	Model, Assumed string
}

// manifestFile is where terraform init records the modules of a root.
func manifestFile(root string) string {
	return filepath.Join(root, ".terraform", "modules", "modules.json")
}

// readModCache reads the manifest of the root module in root: nil without
// one. A manifest that cannot be read or parsed is a coverage note and nil.
func readModCache(tree *treefs.Tree, root string, rel func(string) string) (*modCache, *lint.Note) {
	file := manifestFile(root)
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
	records, err := parseManifest(src)
	if err != nil {
		return nil, note(err.Error())
	}
	return &modCache{dir: filepath.Dir(file), file: file, records: records}, nil
}

// parseManifest reads modules.json; like Terraform, two records for one
// key make the manifest invalid.
func parseManifest(src []byte) (map[string]cacheRecord, error) {
	var snap struct {
		Modules []cacheRecord `json:"Modules"`
	}
	if err := json.Unmarshal(src, &snap); err != nil {
		return nil, fmt.Errorf("it is not a module manifest (%v)", err)
	}
	out := make(map[string]cacheRecord, len(snap.Modules))
	for _, r := range snap.Modules {
		if _, dup := out[r.Key]; dup {
			return nil, fmt.Errorf("it has two records for module %q", r.Key)
		}
		out[r.Key] = r
	}
	return out, nil
}

// modCache returns the manifest of the root module in root (read once).
func (l *loader) modCache(root string) *modCache {
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
		lc.c, n = readModCache(l.opts.Tree, root, l.rel)
		if n != nil {
			l.note(*n)
		}
		if lc.c != nil {
			l.markCached(lc.c.dir)
		}
	})
	return lc.c
}

// inCache reports whether dir holds code a module cache installed (its
// parse errors are not the user's to fix: coverage notes, not FL000).
func (l *loader) inCache(dir string) bool {
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
func (l *loader) note(n lint.Note) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.refused = append(l.refused, n)
}

// recordCall lists how a call resolved, once per root and call path.
func (l *loader) recordCall(c ModuleCall) {
	l.mu.Lock()
	defer l.mu.Unlock()
	k := c.Root + "\x00" + c.Call
	if _, seen := l.callSeen[k]; seen {
		return
	}
	l.callSeen[k] = len(l.calls)
	l.calls = append(l.calls, c)
}

// moduleCalls are the recorded calls, by root then call path.
func (l *loader) moduleCalls() []ModuleCall {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := append([]ModuleCall(nil), l.calls...)
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
func (mi *modInst) cacheKey(name string) string {
	parts := []string{name}
	for m := mi; m != nil && m.call != nil; m = m.parent {
		parts = append(parts, m.call.name)
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
func (mi *modInst) resolveCall(c *moduleCall) (*module, *modelUse) {
	l := mi.e.l
	label := mi.label("module." + c.name)
	rec := ModuleCall{Root: mi.e.rootRel, Call: "module." + strings.ReplaceAll(mi.cacheKey(c.name), ".", ".module."), Source: c.source, Version: c.version, Range: l.rng(c.srcRange)}
	if mi.model != nil {
		rec.Range = l.rng(mi.model.topCall.srcRange)
	}
	var child *module
	var use *modelUse
	var why string
	switch {
	case mi.model != nil:
		child, use, why = mi.modelChild(c)
	case c.source == "" && c.sourceExpr != nil:
		why = "its source is not static: only variables and locals whose values are given before planning are read there"
	case localSource(c.source):
		child, why = mi.localChild(c)
		rec.How = ResolvedLocal
	default:
		var r cacheRecord
		child, r, why = mi.cachedChild(c)
		rec.How = ResolvedCached
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
				mi.e.notes = append(mi.e.notes, lint.Note{Kind: lint.Skipped, What: "module " + label + " (" + c.source + "): its module cache entry is not used (" + why + "); it is read from the built-in model " + use.label(), Range: rec.Range})
			}
		}
	}
	switch {
	case use != nil:
		rec.How, rec.Model, rec.Assumed = ResolvedModelled, use.label(), use.assumed
		if use.assumed != "" {
			lower := "; findings that rest on it are one severity lower"
			if len(use.alts) > 0 {
				lower = "; findings that rest on what those versions model differently are one severity lower"
			}
			mi.e.notes = append(mi.e.notes, lint.Note{Kind: lint.Inferred, What: use.inferredText(label) + lower, Range: rec.Range})
		}
	case child != nil:
		rec.Dir = l.rel(child.dir)
	default:
		rec.How = ResolvedUnknown
		if !localSource(c.source) && modelledModule(c.source) {
			rec.How = ResolvedModelled
		}
		mi.e.notes = append(mi.e.notes, lint.Note{Kind: lint.Skipped, What: unresolvedCall(label, c.source, strings.TrimPrefix(why, "; ")), Range: rec.Range})
	}
	l.recordCall(rec)
	return child, use
}

// unresolvedCall is the coverage note of a call read without its code.
func unresolvedCall(label, source, why string) string {
	if localSource(source) && why != "" && !strings.Contains(why, "model") {
		return "module " + label + ": " + why
	}
	what := "module " + label + " (" + source + "): outputs unknown"
	if source == "" {
		what = "module " + label + ": outputs unknown"
	}
	if modelledModule(source) {
		what += "; the cluster and node access it manages are read from the call"
	}
	if why != "" {
		what += " (" + why + ")"
	}
	return what
}

// localChild is the module a local source names, or nil and why not.
func (mi *modInst) localChild(c *moduleCall) (*module, string) {
	dir := filepath.Clean(filepath.Join(mi.m.dir, c.source))
	_, refused := mi.e.l.opts.Tree.Reach(dir)
	switch {
	case errors.Is(refused, treefs.ErrOutside):
		return nil, "local source " + c.source + " not read: " + refused.Error()
	case refused != nil || mi.stack[dir] || mi.depth >= maxModuleDepth:
		return nil, "local source " + c.source + " not found in the tree"
	}
	child := mi.e.module(dir)
	if child == nil && mi.e.l.opts.Tree.IsDir(dir) {
		return nil, "local source " + c.source + " holds no Terraform configuration"
	}
	if child == nil {
		return nil, "local source " + c.source + " not found in the tree"
	}
	if why := mi.e.l.brokenCache(child); why != "" {
		return nil, why
	}
	return child, ""
}

// cachedChild is the module the root's module cache installed for a call,
// or nil and why not ("" when the root has no cache).
func (mi *modInst) cachedChild(c *moduleCall) (*module, cacheRecord, string) {
	l := mi.e.l
	mc := l.modCache(mi.e.root.dir)
	if mc == nil {
		return nil, cacheRecord{}, "no module cache: after terraform init its code is read"
	}
	key := mi.cacheKey(c.name)
	r, ok := mc.records[key]
	if !ok {
		return nil, r, "not in the module cache; run terraform init"
	}
	if c.source != "" && !sameSource(c.source, r.Source) {
		return nil, r, "the module cache holds " + r.Source + "; run terraform init"
	}
	if !versionAllowed(c.version, r.Version) {
		return nil, r, "the module cache holds version " + r.Version + ", the call asks for " + c.version + "; run terraform init"
	}
	dir := filepath.FromSlash(r.Dir)
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(mi.e.root.dir, dir)
	}
	dir = filepath.Clean(dir)
	if !l.opts.Tree.Contains(dir) {
		return nil, r, "its cached code at " + r.Dir + " not read: it leads " + treefs.ErrOutside.Error()
	}
	if mi.stack[dir] || mi.depth >= maxModuleDepth {
		return nil, r, "its cached code at " + r.Dir + " calls itself"
	}
	l.markCached(dir)
	child := mi.e.module(dir)
	if child == nil {
		return nil, r, "the module cache names " + r.Dir + ", which holds no configuration; run terraform init"
	}
	if why := l.brokenCache(child); why != "" {
		return nil, r, why
	}
	return child, r, ""
}

// cachedCallSite is, for an instance of cached code, the module call in
// the user's own configuration that leads into it (the outermost call whose
// caller is not cached): a finding inside a registry module points there
// too, where the user changes it. Nothing for an instance of user code.
func (mi *modInst) cachedCallSite() []lint.Location {
	l := mi.e.l
	if mi.call == nil || !l.inCache(mi.m.dir) {
		return nil
	}
	top := mi
	for top.parent != nil && top.parent.call != nil && l.inCache(top.parent.m.dir) {
		top = top.parent
	}
	if top.parent == nil {
		return nil
	}
	what := top.path + " (" + top.call.source + ") is called here; its code is read from the module cache"
	return []lint.Location{{Range: l.rng(top.call.defRange), Message: what}}
}

// markCached records dir as code a module cache installed.
func (l *loader) markCached(dir string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.cacheDirs[dir] = true
}

// brokenCache says why cached code that does not parse is not evaluated
// (Terraform would not run it either), or "".
func (l *loader) brokenCache(m *module) string {
	if !l.inCache(m.dir) {
		return ""
	}
	for _, d := range m.diags {
		if d.Severity != hcl.DiagError {
			continue
		}
		where := l.rel(m.dir)
		if d.Subject != nil && d.Subject.Filename != "" {
			where = fmt.Sprintf("%s:%d", l.rel(d.Subject.Filename), d.Subject.Start.Line)
		}
		return "its cached code does not parse (" + where + ": " + d.Summary + ")"
	}
	return ""
}

// versionAllowed reports whether the version a cache record installed
// meets the call's constraint, as Terraform checks before it plans (true
// when either is absent or cannot be read).
func versionAllowed(constraint, installed string) bool {
	if constraint == "" || installed == "" {
		return true
	}
	cs, err := version.NewConstraint(constraint)
	if err != nil {
		return true
	}
	v, err := version.NewVersion(installed)
	return err != nil || cs.Check(v)
}

// sameSource reports whether a call's source and the source a cache
// record was installed from name one module, the way Terraform normalises
// sources: a registry address is compared parsed (the public registry
// hosts, Terraform's and OpenTofu's, are one namespace: `tofu init`
// records registry.opentofu.org/…); a forced git:: getter, GitHub
// shorthand, scp-like git addresses and a .git suffix are spelled away.
func sameSource(written, recorded string) bool {
	return normalSource(written) == normalSource(recorded)
}

// normalSource is a source in the spelling sameSource compares.
func normalSource(s string) string {
	if a, ok := parseRegistrySource(s); ok {
		return a.String()
	}
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.TrimPrefix(s, "git::")
	for _, p := range []string{"https://", "ssh://"} {
		s = strings.TrimPrefix(s, p)
	}
	if rest, ok := strings.CutPrefix(s, "git@"); ok {
		host, path, found := strings.Cut(rest, ":")
		if found && !strings.Contains(host, "/") {
			rest = host + "/" + path
		}
		s = rest
	}
	query := ""
	if i := strings.Index(s, "?"); i >= 0 {
		s, query = s[:i], s[i:]
	}
	repo, sub, _ := strings.Cut(s, "//")
	repo = strings.TrimSuffix(strings.TrimSuffix(repo, "/"), ".git")
	if sub != "" {
		repo += "//" + strings.Trim(sub, "/")
	}
	return repo + query
}
