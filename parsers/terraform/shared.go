package terraform

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// isConfigFile reports whether name is a Terraform or OpenTofu
// configuration file.
func isConfigFile(name string) bool {
	for _, ext := range []string{".tf", ".tf.json", ".tofu", ".tofu.json"} {
		if strings.HasSuffix(name, ext) {
			return true
		}
	}
	return false
}

// sharedDirs are the directories of dirs whose every configuration file
// other directories of dirs link to (a symbolic link to it is one of
// theirs), by directory: the linking directories. Such a directory is
// where shared files are kept (terrahub's include directory, a common
// providers.tf): Terraform reads its files only as part of the
// directories linking them, so it is no root module of its own — two of
// its files may even declare the same data source, each for the
// directories linking that one.
func (l *loader) sharedDirs(dirs []string) map[string][]string {
	tree := l.opts.Tree
	linkers := map[string]map[string]bool{} // real file → linking directories
	for _, d := range dirs {
		ents, err := tree.ReadDir(d)
		if err != nil {
			continue
		}
		for _, e := range ents {
			if e.Type()&fs.ModeSymlink == 0 || !isConfigFile(e.Name()) {
				continue
			}
			real, err := tree.EvalSymlinks(filepath.Join(d, e.Name()))
			if err != nil || filepath.Dir(real) == filepath.Clean(d) {
				continue
			}
			if linkers[real] == nil {
				linkers[real] = map[string]bool{}
			}
			linkers[real][filepath.Clean(d)] = true
		}
	}
	if len(linkers) == 0 {
		return nil
	}
	out := map[string][]string{}
	for _, d := range dirs {
		ents, err := tree.ReadDir(d)
		if err != nil {
			continue
		}
		by := map[string]bool{}
		files := 0
		for _, e := range ents {
			if !isConfigFile(e.Name()) || e.IsDir() {
				continue
			}
			files++
			real, err := tree.EvalSymlinks(filepath.Join(d, e.Name()))
			if e.Type()&fs.ModeSymlink != 0 || err != nil || len(linkers[real]) == 0 {
				files = -1
				break
			}
			for k := range linkers[real] {
				by[k] = true
			}
		}
		if files > 0 {
			out[filepath.Clean(d)] = slices.Sorted(func(yield func(string) bool) {
				for k := range by {
					if !yield(k) {
						return
					}
				}
			})
		}
	}
	return out
}

// sharedNote says that the shared directory dir (sharedDirs) is read only
// through the directories linking its files.
func (l *loader) sharedNote(dir string, linking []string) lint.Note {
	var names []string
	for _, d := range linking {
		names = append(names, filepath.ToSlash(l.Rel(d)))
	}
	list := strings.Join(names, ", ")
	if len(names) > 3 {
		list = fmt.Sprintf("%s and %d more", strings.Join(names[:3], ", "), len(names)-3)
	}
	return lint.Note{Kind: lint.Skipped, Range: lint.Range{File: filepath.ToSlash(l.Rel(dir))},
		What: fmt.Sprintf("a directory of shared files, not read as a root module: each of its configuration files is linked into other directories (%s), which read it as theirs", list)}
}
