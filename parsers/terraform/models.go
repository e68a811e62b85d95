package terraform

import (
	"embed"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/hashicorp/go-version"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
)

// Built-in module models: a call of a well-known registry module that is
// neither local nor in the module cache is evaluated from a stand-in
// module written for faultline (models/README.md), exactly like cached
// code. The stand-ins are embedded:
//
//	models/<namespace>/<name>/<provider>/<subdir or _root>/v<first version>/*.tf
//
// Each version directory models the versions from its own up to the next
// directory's (exclusive); the last one up to the next major version.

//go:embed all:models
var modelFS embed.FS

// modelFilePrefix starts the file names of stand-in code: positions in
// them are never reported (anchorModel moves them into the user's file).
const modelFilePrefix = "faultline-model:"

// isModelFile reports whether a file name (as parsed or reported) is the
// code of a stand-in.
func isModelFile(name string) bool { return strings.HasPrefix(name, modelFilePrefix) }

// modelDir is one version directory of a stand-in.
type modelDir struct {
	// dir is the directory in modelFS.
	dir string
	// span are the versions it models.
	span vrange
	// first is its version as named ("20.1.0").
	first string
}

// modelIndex lists the version directories of each modelled module, by
// key ("terraform-aws-modules/eks/aws" or "…/aws//modules/karpenter"),
// oldest first.
type modelIndex map[string][]modelDir

// buildModelIndex walks the embedded stand-ins.
func buildModelIndex(fsys fs.FS) modelIndex {
	type found struct {
		v   *version.Version
		dir string
	}
	byKey := map[string][]found{}
	_ = fs.WalkDir(fsys, "models", func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		base := path.Base(p)
		if !strings.HasPrefix(base, "v") {
			return nil
		}
		v, verr := version.NewVersion(base[1:])
		if verr != nil || v.Prerelease() != "" {
			return nil
		}
		parts := strings.Split(strings.TrimPrefix(path.Dir(p), "models/"), "/")
		if len(parts) < 4 {
			return nil
		}
		key := strings.Join(parts[:3], "/")
		if sub := strings.Join(parts[3:], "/"); sub != "_root" {
			key += "//" + sub
		}
		byKey[key] = append(byKey[key], found{v, p})
		return fs.SkipDir
	})
	ix := modelIndex{}
	for key, fs := range byKey {
		sort.Slice(fs, func(i, j int) bool { return fs[i].v.LessThan(fs[j].v) })
		for i, f := range fs {
			hi := nextMajor(f.v)
			if i+1 < len(fs) {
				hi = fs[i+1].v
			}
			ix[key] = append(ix[key], modelDir{dir: f.dir, first: f.v.String(), span: vrange{lo: vbound{v: f.v, incl: true}, hi: vbound{v: hi}}})
		}
	}
	return ix
}

// nextMajor is the first version of the next major version.
func nextMajor(v *version.Version) *version.Version {
	s := v.Segments()
	n, _ := version.NewVersion(strconv.Itoa(s[0]+1) + ".0.0")
	return n
}

// modelKey names the module a registry or git source calls, as the
// index keys it ("terraform-aws-modules/eks/aws//modules/karpenter"), and
// the version a git ref pins ("" when none); ok is false for sources that
// name no registry module (local paths, private registry hosts, other
// repositories). Registry addresses on registry.terraform.io and
// registry.opentofu.org name the same module.
func modelKey(src string) (key, ref string, ok bool) {
	if a, isRegistry := parseRegistrySource(src); isRegistry {
		return a.key(), "", a.public()
	}
	s := normalSource(src)
	if i := strings.Index(s, "?"); i >= 0 {
		for _, kv := range strings.Split(s[i+1:], "&") {
			if r, found := strings.CutPrefix(kv, "ref="); found {
				ref = r
			}
		}
		s = s[:i]
	}
	repo, sub, _ := strings.Cut(s, "//")
	parts := strings.Split(repo, "/")
	if len(parts) != 3 || parts[0] != "github.com" {
		return "", "", false
	}
	// github.com/<owner>/terraform-<provider>-<name>
	rest, found := strings.CutPrefix(parts[2], "terraform-")
	provider, name, dash := strings.Cut(rest, "-")
	if !found || !dash || provider == "" || name == "" {
		return "", "", false
	}
	key = parts[1] + "/" + name + "/" + provider
	if sub != "" {
		key += "//" + path.Clean(sub)
	}
	return key, ref, true
}

// modelUse is how one module instance is modelled: the stand-in version
// directory evaluated, the versions the call may install, and why the
// version is assumed ("" when the constraint allows that directory only).
type modelUse struct {
	key string
	dir modelDir
	// alts are the other directories the constraint allows: entities
	// whose facts differ in them are inferred.
	alts    []modelDir
	allowed vrange
	// constraint is the user's version constraint as messages quote it.
	constraint string
	// assumed explains an assumed version (an inferred model), or "".
	assumed string
	// anchor is where entities of the instance are reported in the
	// user's configuration; topCall the user's call that leads into it.
	anchor  hcl.Range
	topCall *moduleCall
	topPath string
}

// label names the model as messages do ("…//modules/karpenter v20.1.0").
func (u *modelUse) label() string { return u.key + " v" + u.dir.first }

// chooseModel picks the version directory of key that a call with the
// given allowed versions is evaluated from: the one directory the
// versions allow (proven); else the newest allowed, with why it is
// assumed and, when a constraint allows several, the other allowed
// directories (alts: what they model differently is inferred). It says
// why not when no directory is allowed. A submodule called from a
// stand-in (nested) is looked up within the versions its caller is
// modelled at.
func (ix modelIndex) chooseModel(key string, allowed vrange, constraint string, nested bool) (chosen modelDir, alts []modelDir, assumed, why string) {
	dirs := ix[key]
	if len(dirs) == 0 {
		return modelDir{}, nil, "", "no built-in model of " + key
	}
	var ok []modelDir
	for _, d := range dirs {
		if !d.span.intersect(allowed).empty() {
			ok = append(ok, d)
		}
	}
	switch {
	case len(ok) == 0 && nested:
		return modelDir{}, nil, "", "the built-in model of " + key + " does not cover the version its caller is modelled at"
	case len(ok) == 0:
		return modelDir{}, nil, "", "the built-in model of " + key + " covers v" + dirs[0].first + " and later in that major; the call asks for " + constraint
	case len(ok) == 1 && (constraint != "" || nested):
		return ok[0], nil, "", ""
	case constraint == "" && !nested:
		return ok[len(ok)-1], nil, "no version constraint: the newest modelled version is assumed", ""
	}
	last := ok[len(ok)-1]
	return last, ok[:len(ok)-1], "the constraint " + constraintText(constraint) + " allows versions that model differently", ""
}

func constraintText(c string) string {
	if c == "" {
		return "of its caller"
	}
	return c
}

// modelSet is a loader's view of the embedded stand-ins: the index, and
// each version directory parsed once. The stand-ins are embedded, the same
// in every load, and nothing changes a parsed module once instrumented, so
// every loader of the process shares one parse (parsedModels).
type modelSet struct{}

// parsedModels are the stand-ins parsed in this process.
var parsedModels struct {
	once  sync.Once
	index modelIndex
	mu    sync.Mutex
	mods  map[string]*lazyModule
}

func (modelSet) idx() modelIndex {
	p := &parsedModels
	p.once.Do(func() { p.index, p.mods = buildModelIndex(modelFS), map[string]*lazyModule{} })
	return p.index
}

// module is the parsed stand-in in an embedded directory.
func (s modelSet) module(dir string) *module {
	s.idx()
	p := &parsedModels
	p.mu.Lock()
	lm, ok := p.mods[dir]
	if !ok {
		lm = &lazyModule{}
		p.mods[dir] = lm
	}
	p.mu.Unlock()
	lm.once.Do(func() { lm.m = instrument(loadEmbeddedModule(modelFS, dir)) })
	return lm.m
}

// loadEmbeddedModule parses a stand-in's files the way loadModule parses
// a directory of the tree; its file names carry modelFilePrefix.
func loadEmbeddedModule(fsys fs.FS, dir string) *module {
	m := newModule(modelFilePrefix + strings.TrimPrefix(dir, "models/"))
	ents, err := fs.ReadDir(fsys, dir)
	if err != nil {
		m.diags = append(m.diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Cannot read built-in model", Detail: err.Error()})
		return m
	}
	var prim, over []string
	for _, e := range ents {
		if n := e.Name(); !e.IsDir() && isConfigFile(n) && !strings.HasPrefix(n, ".") {
			if isOverride(n) {
				over = append(over, n)
			} else {
				prim = append(prim, n)
			}
		}
	}
	p := hclparse.NewParser()
	for _, n := range append(prim, over...) {
		src, err := fs.ReadFile(fsys, dir+"/"+n)
		if err != nil {
			continue
		}
		name := m.dir + "/" + n
		f, diags := parseSource(p, name, src)
		m.addParsed(name, f, diags, isOverride(n))
	}
	return m
}
