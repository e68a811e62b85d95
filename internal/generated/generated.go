// Package generated tells a file an input names but the tree lacks because
// it is written at deploy time — ignored by a .gitignore on its way, or
// rendered from a template beside it — from one that is simply missing.
package generated

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/faultline-dev/faultline/internal/treefs"
)

// FS is how the tree is read: bounded reads and stats inside it.
type FS interface {
	Stat(p string) (fs.FileInfo, error)
	Read(p string, limit int64) ([]byte, error)
	ReadDir(dir string) ([]fs.DirEntry, error)
}

// maxIgnoreFile bounds a .gitignore read.
const maxIgnoreFile = 1 << 20

// Why says why a path an input names but the tree lacks is written at
// deploy time: a .gitignore on its way ignores it, a template it is
// rendered from lies beside it, or it is a YAML file beside a chart's
// Chart.yaml (a config management plugin writes `helm template`'s output
// there before the build, as Argo CD's kustomized-helm does). "" when
// nothing says so (the file is simply missing).
func Why(fsys FS, top, p string, rel func(string) string) string {
	if c := chartBeside(fsys, p); c != "" && templateSibling(fsys, p) == "" {
		return "rendered from the chart of " + rel(c) + " before the build"
	}
	return ValuesWhy(fsys, top, p, rel)
}

// ValuesWhy is Why for a Helm values file: a file beside the chart's
// Chart.yaml is one of the chart's own values files, which no build
// renders (values-prod.yaml missing there is missing).
func ValuesWhy(fsys FS, top, p string, rel func(string) string) string {
	if t := templateSibling(fsys, p); t != "" {
		return "it is rendered from " + rel(t)
	}
	if t := sampleSibling(fsys, p); t != "" {
		return "it is made from " + rel(t) + ", the sample beside it (copied and filled in before the run)"
	}
	if g := ignoredBy(fsys, top, p); g != "" {
		return rel(g) + " ignores it"
	}
	if m, sub := submoduleOf(fsys, top, p); m != "" {
		return fmt.Sprintf("it lies in %s, a git submodule %s declares (git submodule update checks it out)", rel(sub), rel(m))
	}
	return ""
}

// maxGitmodules bounds a .gitmodules read.
const maxGitmodules = 1 << 20

// submoduleOf returns the .gitmodules (in p's directory or one above it,
// up to top) that declares a submodule at p or at a directory holding
// it, and that submodule's directory, when the checkout lacks it: a
// checkout without `git submodule update` (or without --recursive) holds
// the directory empty or not at all. A submodule directory that holds
// files is checked out, and what it lacks is missing. "" when none
// does.
func submoduleOf(fsys FS, top, p string) (gitmodules, dir string) {
	for d := filepath.Dir(p); ; d = filepath.Dir(d) {
		if rel, err := filepath.Rel(top, d); err != nil || strings.HasPrefix(rel, "..") {
			return "", ""
		}
		m := filepath.Join(d, ".gitmodules")
		if data, err := fsys.Read(m, maxGitmodules); err == nil {
			for _, sub := range submodulePaths(data) {
				full := filepath.Join(d, filepath.FromSlash(sub))
				if full == p || strings.HasPrefix(p, full+string(filepath.Separator)) {
					if ents, err := fsys.ReadDir(full); err == nil && len(ents) > 0 {
						return "", "" // checked out
					}
					return m, full
				}
			}
		}
		if d == top || filepath.Dir(d) == d {
			return "", ""
		}
	}
}

// submodulePaths are the path settings of a .gitmodules file (git
// config syntax: `path = ext/queue` in a [submodule "…"] section).
func submodulePaths(data []byte) []string {
	var out []string
	section := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, ";"):
		case strings.HasPrefix(line, "["):
			section = strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(line, "[")), "submodule")
		case section:
			k, v, ok := strings.Cut(line, "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "path") {
				if v = strings.Trim(strings.TrimSpace(v), `"`); v != "" && !path.IsAbs(v) {
					out = append(out, path.Clean(v))
				}
			}
		}
	}
	return out
}

// templateSuffixes name the template a file is rendered from: for
// nodes.yaml, nodes.yaml.tpl or nodes-tmpl.yaml.
var (
	templateSuffixes = []string{".tpl", ".tmpl", ".template", ".j2", ".gotmpl"}
	templateInfixes  = []string{"-tmpl", ".tmpl", ".tpl", "-template", ".template"}
)

// sampleSuffixes and sampleInfixes name the sample a file is copied from
// and filled in (a secret kept out of git): for secrets.json,
// secrets.json.example or secrets.sample.json.
var (
	sampleSuffixes = []string{".sample", ".example", ".dist"}
	sampleInfixes  = []string{".sample", ".example", "-sample", "-example", ".dist"}
)

// sampleSibling returns a sample beside p that p is copied from.
func sampleSibling(fsys FS, p string) string {
	return siblingNamed(fsys, p, sampleSuffixes, sampleInfixes)
}

// templateSibling returns a template beside p that p is rendered from.
func templateSibling(fsys FS, p string) string {
	return siblingNamed(fsys, p, templateSuffixes, templateInfixes)
}

// siblingNamed returns the regular file beside p named p's name with one
// of suffixes after it or in place of its extension, or one of infixes
// before its extension; "" when there is none.
func siblingNamed(fsys FS, p string, suffixes, infixes []string) string {
	dir, name := filepath.Split(p)
	ext := filepath.Ext(name)
	stem := strings.TrimSuffix(name, ext)
	var cands []string
	for _, s := range suffixes {
		cands = append(cands, name+s)
		if ext != "" {
			cands = append(cands, stem+s)
		}
	}
	if ext != "" {
		for _, in := range infixes {
			cands = append(cands, stem+in+ext)
		}
	}
	for _, c := range cands {
		if fi, err := fsys.Stat(filepath.Join(dir, c)); err == nil && fi.Mode().IsRegular() {
			return filepath.Join(dir, c)
		}
	}
	return ""
}

// chartBeside returns the Chart.yaml in the directory of p, a YAML file,
// when there is one: p is that chart's rendering. A kustomization file is
// no rendering: a plugin renders the chart where the build starts, and
// writes no kustomization into a chart directory another kustomization
// lists, which kustomize (and Flux, which runs no plugin) then refuses.
func chartBeside(fsys FS, p string) string {
	if ext := filepath.Ext(p); ext != ".yaml" && ext != ".yml" {
		return ""
	}
	switch filepath.Base(p) {
	case "kustomization.yaml", "kustomization.yml":
		return ""
	}
	c := filepath.Join(filepath.Dir(p), "Chart.yaml")
	if fi, err := fsys.Stat(c); err == nil && fi.Mode().IsRegular() {
		return c
	}
	return ""
}

// ignoredBy returns the .gitignore that makes git ignore p, read from top
// (the top of the tree) down to p's directory as git reads them (a deeper file's
// patterns win, the last matching pattern of a file wins, nothing below
// an ignored directory is re-included); "" when p is not ignored.
func ignoredBy(fsys FS, top, p string) string {
	rel, err := filepath.Rel(top, p)
	if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
		return ""
	}
	parts := strings.Split(filepath.ToSlash(rel), "/")
	var files []ignoreFile
	for i := range parts {
		dir := filepath.Join(top, filepath.FromSlash(strings.Join(parts[:i], "/")))
		if f, ok := readIgnore(fsys, dir, strings.Join(parts[:i], "/")); ok {
			files = append(files, f)
		}
		// A directory on the way that is ignored hides everything in it.
		sub := strings.Join(parts[:i+1], "/")
		last := i == len(parts)-1
		if by := ignoredIn(files, sub, !last); by != "" {
			return by
		}
		if last {
			if by := ignoredIn(files, sub, true); by != "" {
				return by // listed as a file, ignored as a generated directory
			}
		}
	}
	return ""
}

// ignoreFile is one .gitignore: its directory relative to the top
// ("" at the top) and its patterns in order.
type ignoreFile struct {
	path     string
	dir      string
	patterns []ignorePattern
}

type ignorePattern struct {
	glob     string
	negate   bool
	dirOnly  bool
	anchored bool
}

func readIgnore(fsys FS, dir, rel string) (ignoreFile, bool) {
	p := filepath.Join(dir, ".gitignore")
	data, err := fsys.Read(p, maxIgnoreFile)
	if err != nil {
		return ignoreFile{}, false
	}
	f := ignoreFile{path: p, dir: rel}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if pat, ok := parseIgnoreLine(sc.Text()); ok {
			f.patterns = append(f.patterns, pat)
		}
	}
	return f, len(f.patterns) > 0
}

// parseIgnoreLine reads one gitignore(5) line.
func parseIgnoreLine(line string) (ignorePattern, bool) {
	line = strings.TrimSuffix(line, "\r")
	for strings.HasSuffix(line, " ") && !strings.HasSuffix(line, `\ `) {
		line = strings.TrimSuffix(line, " ")
	}
	if line == "" || strings.HasPrefix(line, "#") {
		return ignorePattern{}, false
	}
	var pat ignorePattern
	if strings.HasPrefix(line, "!") {
		pat.negate, line = true, line[1:]
	} else if strings.HasPrefix(line, `\!`) || strings.HasPrefix(line, `\#`) {
		line = line[1:]
	}
	if strings.HasSuffix(line, "/") {
		pat.dirOnly, line = true, strings.TrimSuffix(line, "/")
	}
	pat.anchored = strings.Contains(line, "/")
	pat.glob = strings.TrimPrefix(line, "/")
	if pat.glob == "" || !doublestar.ValidatePattern(pat.glob) {
		return ignorePattern{}, false
	}
	return pat, true
}

// ignoredIn returns the .gitignore whose patterns leave sub (relative to
// the top) ignored, the deepest file deciding; "" when none does.
func ignoredIn(files []ignoreFile, sub string, isDir bool) string {
	by := ""
	for _, f := range files {
		rel := sub
		if f.dir != "" {
			if !strings.HasPrefix(sub, f.dir+"/") {
				continue
			}
			rel = strings.TrimPrefix(sub, f.dir+"/")
		}
		for _, pat := range f.patterns {
			if pat.matches(rel, isDir) {
				by = f.path
				if pat.negate {
					by = ""
				}
			}
		}
	}
	return by
}

func (pat ignorePattern) matches(rel string, isDir bool) bool {
	if pat.dirOnly && !isDir {
		return false
	}
	if pat.anchored {
		ok, _ := doublestar.Match(pat.glob, rel)
		return ok
	}
	ok, _ := doublestar.Match(pat.glob, path.Base(rel))
	return ok
}

// Tree reads through a guarded tree.
func Tree(t *treefs.Tree) FS { return treeFS{t} }

type treeFS struct{ t *treefs.Tree }

func (f treeFS) Stat(p string) (fs.FileInfo, error)         { return f.t.Stat(p) }
func (f treeFS) Read(p string, limit int64) ([]byte, error) { return f.t.ReadFile(p, limit) }
func (f treeFS) ReadDir(dir string) ([]fs.DirEntry, error)  { return f.t.ReadDir(dir) }

// Top is where .gitignore files start for p: the highest directory above
// p that is still inside one of roots (the repository's top level inside
// git), else p's own directory.
func Top(roots []string, p string) string {
	inside := func(d string) bool {
		for _, r := range roots {
			if treefs.Within(r, d) {
				return true
			}
		}
		return false
	}
	top := filepath.Dir(p)
	for {
		up := filepath.Dir(top)
		if up == top || !inside(up) {
			return top
		}
		top = up
	}
}
