package eval

import (
	"io/fs"
	"strings"
	"sync"

	"github.com/faultline-dev/faultline/parsers/terraform/models"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
	"github.com/hashicorp/hcl/v2"
)

// Built-in module models: a call of a well-known registry module that is
// neither local nor in the module cache is evaluated from a stand-in
// module written for faultline (models/README.md), exactly like cached
// code. The stand-ins are embedded (package models):
//
//	models/<namespace>/<name>/<provider>/<subdir or _root>/v<first version>/*.tf
//
// Each version directory models the versions from its own up to the next
// directory's (exclusive); the last one up to the next major version.

// modelUse is how one module instance is modelled: the stand-in version
// directory evaluated, the versions the call may install, and why the
// version is assumed ("" when the constraint allows that directory only).
type modelUse struct {
	key string
	dir modsource.ModelDir
	// alts are the other directories the constraint allows: entities
	// whose facts differ in them are inferred.
	alts    []modsource.ModelDir
	allowed modsource.VersionRange
	// constraint is the user's version constraint as messages quote it.
	constraint string
	// assumed explains an assumed version (an inferred model), or "".
	assumed string
	// installs is, for a call without a version constraint read at an
	// older version than the newest because the newest rejects its
	// inputs, the newest one (what terraform init installs); nil else.
	installs *modsource.ModelDir
	// commit is the commit a git source's ref pins the call to ("" when
	// it pins none): terraform init installs that commit, whose release
	// faultline does not know, not the newest.
	commit string
	// anchor is where entities of the instance are reported in the
	// user's configuration; topCall the user's call that leads into it.
	anchor  hcl.Range
	topCall *Call
	topPath string
}

// label names the model as messages do ("…//modules/karpenter v20.1.0").
func (u *modelUse) label() string { return u.key + " " + u.allowed.Intersect(u.dir.Span).Label() }

// modelSet is a loader's view of the embedded stand-ins: the index, and
// each version directory parsed once. The stand-ins are embedded, the same
// in every load, and nothing changes a parsed module once instrumented, so
// every loader of the process shares one parse (parsedModels). A
// directory's syntax trees are decoded from the table embedded at
// development time (syntaxtable.go); when its files are not the ones
// encoded there, with a syntax cache, they are read back from what an
// earlier run kept instead of being parsed (the first loader to need a
// directory decides).
type modelSet struct {
	syntax SyntaxCache
}

// parsedModels are the stand-ins parsed in this process.
var parsedModels struct {
	once  sync.Once
	index modsource.ModelIndex
	mu    sync.Mutex
	mods  map[string]*lazyModule
}

func (modelSet) idx() modsource.ModelIndex {
	p := &parsedModels
	p.once.Do(func() { p.index, p.mods = modsource.BuildModelIndex(models.FS), map[string]*lazyModule{} })
	return p.index
}

// module is the parsed stand-in in an embedded directory.
func (s modelSet) module(dir string) *Module {
	s.idx()
	p := &parsedModels
	p.mu.Lock()
	lm, ok := p.mods[dir]
	if !ok {
		lm = &lazyModule{}
		p.mods[dir] = lm
	}
	p.mu.Unlock()
	lm.once.Do(func() { lm.m = instrument(loadEmbeddedModule(models.FS, dir, embeddedSyntax(), s.syntax)) })
	return lm.m
}

// loadEmbeddedModule parses a stand-in's files the way loadModule parses
// a directory of the tree; its file names carry modelFilePrefix. The
// syntax trees are decoded from table when it holds these files' trees
// (syntaxtable.go); else, with sc, read back from what an earlier run
// kept (syntax.go).
func loadEmbeddedModule(fsys fs.FS, dir string, table *syntaxTable, sc SyntaxCache) *Module {
	m := newModule(modsource.ModelFilePrefix + dir)
	ents, err := fs.ReadDir(fsys, dir)
	if err != nil {
		m.diags = append(m.diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Cannot read built-in model", Detail: err.Error()})
		return m
	}
	var prim, over []sourceFile
	for _, e := range ents {
		n := e.Name()
		if e.IsDir() || !isConfigFile(n) || strings.HasPrefix(n, ".") {
			continue
		}
		src, err := fs.ReadFile(fsys, dir+"/"+n)
		if err != nil {
			continue
		}
		f := sourceFile{name: n, path: m.Dir + "/" + n, src: src}
		if isOverride(n) {
			over = append(over, f)
		} else {
			prim = append(prim, f)
		}
	}
	m.addSources(append(prim, over...), table, sc)
	return m
}
