package helm

import (
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// GeneratedInstall is a set of chart directories an Argo CD
// ApplicationSet installs with values of its own: its template's source
// path is filled in per generated Application from a Git directories
// generator, or written out, and its Helm settings give values
// (valuesObject, values, valueFiles, parameters) that the finder does
// not follow. A chart of
// the tree under Dirs renders with its defaults (no release of the tree
// installs it), so its failure to read a value may be the generated
// Applications' values missing, not a broken chart.
type GeneratedInstall struct {
	// Dirs is the directory pattern of the generator (path.Match syntax,
	// as Argo CD matches it), absolute, one per place the repository's
	// paths may be relative to (the repository holding the file, each
	// scan root).
	Dirs []string
	// Excluded are the generator's patterns marked exclude: true: a
	// directory one matches is not listed.
	Excluded []string
	// Label names the ApplicationSet ("Argo CD ApplicationSet addons").
	Label string
}

// Matches reports whether the chart directory dir (absolute) is one the
// generator lists.
func (g GeneratedInstall) Matches(dir string) bool {
	dir = filepath.ToSlash(filepath.Clean(dir))
	return matchAny(g.Dirs, dir) && !matchAny(g.Excluded, dir)
}

// matchAny reports whether one of patterns matches dir (slash-separated).
func matchAny(patterns []string, dir string) bool {
	for _, p := range patterns {
		if ok, err := path.Match(filepath.ToSlash(p), dir); err == nil && ok {
			return true
		}
	}
	return false
}

// GeneratedInstalls are the chart directories the tree's ApplicationSets
// install with values the finder does not follow (see GeneratedInstall),
// in file order.
func (f *Finder) GeneratedInstalls() []GeneratedInstall {
	b := &builder{Finder: f}
	var out []GeneratedInstall
	f.eachMapping(func(yf *yamlFile, top *yaml.Node) {
		if str(at(top, "kind")) != "ApplicationSet" || !strings.HasPrefix(str(at(top, "apiVersion")), "argoproj.io/") {
			return
		}
		spec := at(top, "spec")
		templated, fixed := installsWithValues(at(spec, "template", "spec"))
		label := "Argo CD ApplicationSet " + str(at(top, "metadata", "name"))
		bases := b.repoBases(yf.dir)
		if len(fixed) > 0 {
			out = append(out, GeneratedInstall{Label: label, Dirs: under(bases, fixed)})
		}
		if len(templated) == 0 {
			return
		}
		var gens []gitDirs
		gitGenerators(at(spec, "generators"), &gens, 0)
		for _, gen := range gens {
			out = append(out, GeneratedInstall{Label: label, Dirs: under(bases, gen.include), Excluded: under(bases, gen.exclude)})
		}
		if dirs := listedPaths(spec, templated); len(dirs) > 0 {
			out = append(out, GeneratedInstall{Label: label, Dirs: under(bases, dirs)})
		}
	})
	return out
}

// listedPaths are the source paths the list generators under an
// ApplicationSet's generators (nested in a matrix or a merge too) give
// the templated paths: each element's parameters filled in as the set's
// template mode fills them. A parameter another generator of a matrix
// gives stays a {{ }} expression (under makes it any one directory
// name); a path an element cannot fill is left out.
func listedPaths(spec *yaml.Node, templated []string) []string {
	goTemplate := str(at(spec, "goTemplate")) == "true"
	var opts []string
	for _, o := range items(at(spec, "goTemplateOptions")) {
		opts = append(opts, str(o))
	}
	// A parameter the element lacks (another generator's) leaves the
	// path unknown: an error here, whatever the set's own option.
	opts = append(opts, "missingkey=error")
	var out []string
	eachUnder(at(spec, "generators"), "list", 0, func(list *yaml.Node) {
		for i, el := range items(at(list, "elements")) {
			var params map[string]any
			if i >= maxListElements || el.Kind != yaml.MappingNode || el.Decode(&params) != nil {
				return
			}
			fill := fasttemplateFill(flattenParams(params))
			if goTemplate {
				fill = goTemplateFill(params, opts)
			}
			for _, p := range templated {
				if dir, err := fill(p); err == nil && dir != "" && !slices.Contains(out, dir) {
					out = append(out, dir)
				}
			}
		}
	})
	return out
}

// installsWithValues lists the paths of an ApplicationSet's template
// spec's sources whose Helm settings give values (valuesObject, values,
// valueFiles, parameters): those filled in per Application ({{ }}:
// templated), and those written out (fixed: every generated Application
// installs that one chart with them).
func installsWithValues(spec *yaml.Node) (templated, fixed []string) {
	sources := argoSources(spec)
	for _, src := range sources {
		helm := at(src, "helm")
		if !slices.ContainsFunc([]string{"valuesObject", "values", "valueFiles", "parameters", "fileParameters"}, func(k string) bool { return at(helm, k) != nil }) {
			continue
		}
		switch p := str(at(src, "path")); {
		case strings.Contains(p, "{{"):
			templated = append(templated, p)
		case p != "" && !strings.ContainsAny(p, "*?[\\"):
			fixed = append(fixed, p)
		}
	}
	return templated, fixed
}

// gitDirs are one Git directories generator's patterns.
type gitDirs struct{ include, exclude []string }

// placeholder is one of Argo CD's {{ }} template expressions in a
// generator's path, filled in per cluster or per generator element.
var placeholder = regexp.MustCompile(`\{\{.*?\}\}`)

// under joins each pattern to each base; a {{ }} expression in a
// pattern (argocd/config/{{ .metadata.labels.cluster_type }}/*) may be
// any one directory name.
func under(bases, patterns []string) []string {
	var out []string
	for _, p := range patterns {
		p = placeholder.ReplaceAllString(p, "*")
		for _, base := range bases {
			out = append(out, filepath.Join(base, filepath.FromSlash(p)))
		}
	}
	return out
}

// gitGenerators gathers the Git directories generators under n (nested
// in matrix and merge generators) that list at least one directory
// pattern.
func gitGenerators(n *yaml.Node, out *[]gitDirs, depth int) {
	eachUnder(n, "git", depth, func(git *yaml.Node) {
		var g gitDirs
		for _, d := range items(at(git, "directories")) {
			p := str(at(d, "path"))
			switch {
			case p == "":
			case str(at(d, "exclude")) == "true":
				g.exclude = append(g.exclude, p)
			default:
				g.include = append(g.include, p)
			}
		}
		if len(g.include) > 0 {
			*out = append(*out, g)
		}
	})
}
