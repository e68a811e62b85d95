package terraform

import (
	"path/filepath"
	"slices"
	"strings"
)

// elsewhereArgs are, for each root, the arguments module calls of the
// tree give it from a remote source naming its directory as the
// subdirectory of their package (a library module of the repository,
// called by the repository's own git address from another root):
// Terraform instantiates the directory through those calls, so what they
// give is not the variables' defaults or the directory's own files
// (eval.RootInputs.Elsewhere). Roots no such call names are absent.
func (l *loader) elsewhereArgs(dirs, roots []string) map[string][]string {
	var out map[string][]string
	for _, d := range dirs {
		inf := l.InfoOf(d)
		if inf == nil {
			continue
		}
		for _, rc := range inf.Elsewhere {
			for _, r := range roots {
				rel := filepath.ToSlash(l.Rel(r))
				if rel != rc.Subdir && !strings.HasSuffix(rel, "/"+rc.Subdir) || filepath.Clean(r) == filepath.Clean(d) {
					continue
				}
				if out == nil {
					out = map[string][]string{}
				}
				k := filepath.Clean(r)
				for _, a := range rc.Args {
					if !slices.Contains(out[k], a) {
						out[k] = append(out[k], a)
					}
				}
				if out[k] == nil {
					out[k] = []string{} // named, with no arguments
				}
			}
		}
	}
	for k := range out {
		slices.Sort(out[k])
	}
	return out
}

// elsewhereVariant is the variant a root is kept under in the root
// cache: "" unless calls elsewhere name it, whose arguments (or their
// absence: the defaults they leave are in force) change its evaluation.
func (l *loader) elsewhereVariant(dir string) string {
	args, named := l.elsewhere[filepath.Clean(dir)]
	if !named {
		return ""
	}
	return "elsewhere:" + strings.Join(args, ",")
}
