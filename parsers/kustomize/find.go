package kustomize

import (
	"path/filepath"
	"slices"
	"sort"

	"github.com/faultline-dev/faultline/internal/treefs"
)

// maxFindDirs bounds how many kustomization directories Find follows.
const maxFindDirs = 10000

// Find is FindIn without a tree: reads are not confined, but only regular
// files are read, each at most maxFileSize bytes.
func Find(kustomizationDirs []string) (roots []string, owned map[string]bool) {
	return FindIn(nil, kustomizationDirs)
}

// FindIn returns the kustomization roots to render among dirs containing
// a kustomization file (kustomization.yaml, kustomization.yml or
// Kustomization), reading through t: a directory another root's build
// includes (as a resource, base, component, generator or transformer) is
// not a root, and neither is a Component. A directory no root includes
// becomes a root even when something names it: a kustomization in a cycle,
// or one only a Component nobody uses lists, still renders (and reports
// what is wrong). owned holds every file (absolute, cleaned) the roots'
// builds read: kustomization files, resource files, patches, generator
// inputs and Helm values files, in the roots and in every base they reach,
// so the engine does not parse those as plain manifests again. Files only
// an unused Component names are not owned: they are read as manifests.
func FindIn(t *treefs.Tree, kustomizationDirs []string) (roots []string, owned map[string]bool) {
	g, roots := find(t, kustomizationDirs)
	return roots, g.owned()
}

// find reads the kustomizations in dirs and the ones they name, and picks
// the roots (as given in dirs, sorted).
func find(t *treefs.Tree, kustomizationDirs []string) (g *kgraph, roots []string) {
	g = &kgraph{src: source{tree: t}, nodes: map[string]*knode{}}
	abs := make([]string, len(kustomizationDirs))
	byAbs := map[string]string{}
	for i, d := range kustomizationDirs {
		a, err := filepath.Abs(d)
		if err != nil {
			a = filepath.Clean(d)
		}
		abs[i] = a
		byAbs[a] = filepath.Clean(d)
		g.visit(a)
	}
	sort.Strings(abs)
	for _, a := range g.roots(abs) {
		roots = append(roots, byAbs[a])
	}
	sort.Strings(roots)
	return g, dedupe(roots)
}

// Build is a kustomization root FindIn picks, with what building it
// straight from the disk (BuildOnDisk) needs to know.
type Build struct {
	// Dir is the root, as FindIn returns it.
	Dir string
	// Alone says a kustomization its build reaches names `openapi`, or is
	// not a mapping faultline could read: the build may replace kyaml's
	// schema, and faultline runs such a build with no other.
	Alone bool
	// Remote says a kustomization its build reaches names a remote entry
	// (a git repository or a URL), which krusty would fetch: faultline
	// leaves such entries out, `kustomize build` would go to the network.
	Remote bool
}

// FindBuilds is FindIn's roots, each with whether its build must run
// alone and whether it names remote entries.
func FindBuilds(t *treefs.Tree, kustomizationDirs []string) []Build {
	g, roots := find(t, kustomizationDirs)
	out := make([]Build, len(roots))
	for i, r := range roots {
		a, err := filepath.Abs(r)
		if err != nil {
			a = filepath.Clean(r)
		}
		out[i] = Build{Dir: r}
		for d := range g.closure(a) {
			n := g.nodes[d]
			out[i].Alone = out[i].Alone || n.schema
			out[i].Remote = out[i].Remote || n.remote
		}
	}
	return out
}

// kgraph is the kustomization directories Find reached and what includes
// what.
type kgraph struct {
	src     source
	nodes   map[string]*knode // by absolute directory; nil: no kustomization
	covered map[string]bool   // directories a chosen root's build includes
}

// knode is one kustomization directory.
type knode struct {
	component bool
	// schema: the kustomization names `openapi` or is not a mapping
	// (builder.setsSchema); remote: it names a remote entry.
	schema, remote bool
	files          []string // the files its build reads itself
	includes       []string // directories its build includes (as kustomize accepts them)
}

// visit reads the kustomization in dir and the ones it names.
func (g *kgraph) visit(dir string) *knode {
	if n, ok := g.nodes[dir]; ok || len(g.nodes) >= maxFindDirs {
		return n
	}
	g.nodes[dir] = nil
	k := readKust(g.src, dir)
	if k.file == "" {
		if k.outside != "" {
			// A root still: rendering it says the file was not read.
			g.nodes[dir] = &knode{}
		}
		return g.nodes[dir]
	}
	n := &knode{component: k.component(), files: []string{k.file}, schema: k.names(schemaFields)}
	g.nodes[dir] = n
	if k.top == nil {
		return n
	}
	for _, r := range k.refs() {
		g.ref(dir, n, r)
	}
	n.files = append(n.files, valuesFiles(k)...)
	return n
}

// ref follows one path a kustomization in dir names.
func (g *kgraph) ref(dir string, n *knode, r ref) {
	if r.isInline() {
		return
	}
	if isRemote(r.value) {
		n.remote = true
		return
	}
	if filepath.IsAbs(r.value) {
		return
	}
	p := filepath.Join(dir, filepath.FromSlash(r.value))
	fi, err := g.src.reach(p, r.kind != refFile)
	if err != nil {
		return
	}
	switch {
	case fi.IsDir() && r.kind != refFile:
		if f, _ := g.src.kustFile(p); f == "" || p == dir {
			return
		}
		c := g.visit(p)
		if c == nil {
			return
		}
		// krusty refuses a Component as a resource and a Kustomization as
		// a component: such an entry includes nothing.
		if r.kind == refResource && c.component || r.kind == refDir && !c.component {
			return
		}
		n.includes = append(n.includes, p)
	case fi.Mode().IsRegular() && r.kind != refDir:
		n.files = append(n.files, p)
		if r.kind == refAny {
			n.files = append(n.files, g.pluginFiles(dir, p)...)
		}
	}
}

// roots picks the roots among dirs: every kustomization (not a Component)
// that no other candidate's build includes, directly or through bases and
// components; of kustomizations that include one another (a cycle) the
// first, sorted.
func (g *kgraph) roots(dirs []string) []string {
	cand := map[string]bool{}
	for _, d := range dirs {
		if n := g.nodes[d]; n != nil && !n.component {
			cand[d] = true
		}
	}
	sccs := g.sccs()
	// Tarjan's order is reverse topological: walk it backwards, sources
	// first, passing "a candidate includes this" down the includes.
	of := map[string]int{}
	for i, c := range sccs {
		for _, d := range c {
			of[d] = i
		}
	}
	below := make([]bool, len(sccs)) // a candidate in another SCC includes it
	var out []string
	for i := len(sccs) - 1; i >= 0; i-- {
		has := false
		for _, d := range sccs[i] {
			has = has || cand[d]
		}
		if has && !below[i] {
			out = append(out, slices.Min(slices.DeleteFunc(slices.Clone(sccs[i]), func(d string) bool { return !cand[d] })))
		}
		for _, d := range sccs[i] {
			for _, c := range g.nodes[d].includes {
				if j := of[c]; j != i {
					below[j] = below[j] || below[i] || has
				}
			}
		}
	}
	g.covered = map[string]bool{}
	for _, d := range out {
		g.cover(d)
	}
	return out
}

// sccs are the strongly connected components of the includes graph (Tarjan),
// in reverse topological order.
func (g *kgraph) sccs() [][]string {
	var keys []string
	for d, n := range g.nodes {
		if n != nil {
			keys = append(keys, d)
		}
	}
	sort.Strings(keys)
	t := &tarjan{g: g, index: map[string]int{}, low: map[string]int{}, on: map[string]bool{}}
	for _, d := range keys {
		if _, ok := t.index[d]; !ok {
			t.visit(d)
		}
	}
	return t.out
}

type tarjan struct {
	g          *kgraph
	index, low map[string]int
	on         map[string]bool
	stack      []string
	out        [][]string
}

func (t *tarjan) visit(d string) {
	t.index[d], t.low[d] = len(t.index), len(t.index)
	t.stack = append(t.stack, d)
	t.on[d] = true
	for _, c := range t.g.nodes[d].includes {
		if t.g.nodes[c] == nil {
			continue
		}
		if _, ok := t.index[c]; !ok {
			t.visit(c)
			t.low[d] = min(t.low[d], t.low[c])
		} else if t.on[c] {
			t.low[d] = min(t.low[d], t.index[c])
		}
	}
	if t.low[d] != t.index[d] {
		return
	}
	var scc []string
	for {
		n := t.stack[len(t.stack)-1]
		t.stack = t.stack[:len(t.stack)-1]
		t.on[n] = false
		scc = append(scc, n)
		if n == d {
			break
		}
	}
	t.out = append(t.out, scc)
}

// cover marks dir and everything its build includes as covered.
func (g *kgraph) cover(dir string) {
	for d := range g.closure(dir) {
		g.covered[d] = true
	}
}

// closure is dir and every kustomization directory its build includes,
// directly or not.
func (g *kgraph) closure(dir string) map[string]bool {
	seen := map[string]bool{}
	todo := []string{dir}
	for len(todo) > 0 {
		d := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		n := g.nodes[d]
		if seen[d] || n == nil {
			continue
		}
		seen[d] = true
		todo = append(todo, n.includes...)
	}
	return seen
}

// owned is every file the covered kustomizations read.
func (g *kgraph) owned() map[string]bool {
	owned := map[string]bool{}
	for d := range g.covered {
		for _, f := range g.nodes[d].files {
			owned[filepath.Clean(f)] = true
		}
	}
	return owned
}

// valuesFiles are the local Helm values files a kustomization names.
func valuesFiles(k *kustomization) []string {
	var out []string
	for _, c := range helmEntries(k) {
		for _, v := range append([]string{str(get(c.node, "valuesFile")), str(get(c.node, "values"))}, strs(get(c.node, "additionalValuesFiles"))...) {
			if v != "" && !isRemote(v) && !filepath.IsAbs(v) {
				out = append(out, filepath.Join(k.dir, filepath.FromSlash(v)))
			}
		}
	}
	return out
}

// pluginFiles are the files a generator or transformer config file names.
func (g *kgraph) pluginFiles(dir, file string) []string {
	data, err := g.src.read(file, maxFileSize)
	if err != nil {
		return nil
	}
	var out []string
	docs, _ := pluginDocs(data)
	for _, d := range docs {
		if !isBuiltinPlugin(d) {
			continue
		}
		for _, p := range pluginPaths(d) {
			if !isRemote(p) && !filepath.IsAbs(p) {
				out = append(out, filepath.Join(dir, filepath.FromSlash(p)))
			}
		}
	}
	return out
}

func dedupe(xs []string) []string {
	out := xs[:0]
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}
