package engine

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
)

// Layout is where a run reads, worked out from the arguments alone before
// any file of the tree is read: nothing in the tree can change it.
type Layout struct {
	// Dirs are the directories discovery walks (absolute, symlinks
	// followed): the directory arguments, or with file arguments the
	// project they belong to.
	Dirs []string
	// Focus are the files named (absolute): findings are limited to the
	// chains touching them.
	Focus []string
	// Repo is the git top level holding every path, or "".
	Repo string
	// TreeRoot is the directory the caller fixed (--root), or "".
	TreeRoot string
	// Root is the scan root: TreeRoot, else Repo, else the directory
	// holding every scan directory.
	Root string
	// ConfigStart is where the run's one .faultline.hcl is looked for
	// (there or above): with file arguments the project, whatever the
	// order of the arguments, never a directory below it.
	ConfigStart string
}

// Locate works out the layout of a run over paths (relative to cwd).
// treeRoot is --root ("" when not given): every path must lie inside it.
// With file arguments the project scanned is treeRoot, else the git top
// level, else cwd when it holds every file, else the directory holding
// them all.
func Locate(paths []string, cwd, treeRoot string) (Layout, error) {
	return locate(paths, cwd, treeRoot, map[string]string{})
}

// locate is Locate recording, in aliases, the real directory of each
// symlinked directory argument against the path the user gave.
func locate(paths []string, cwd, treeRoot string, aliases map[string]string) (Layout, error) {
	var lay Layout
	if len(paths) == 0 {
		paths = []string{"."}
	}
	if treeRoot != "" {
		r, err := explicitRoot(treeRoot, cwd)
		if err != nil {
			return lay, err
		}
		lay.TreeRoot = r
	}
	var named []string // every argument, absolute, for the checks below
	for _, p := range paths {
		abs := absIn(cwd, p)
		st, err := os.Stat(abs)
		if err != nil {
			return lay, fmt.Errorf("path %s: %w", p, unwrapPathErr(err))
		}
		if !st.IsDir() {
			lay.Focus = append(lay.Focus, abs)
			named = append(named, filepath.Dir(abs))
			continue
		}
		// A symlinked scan root is followed to its target.
		if real, err := filepath.EvalSymlinks(abs); err == nil && real != abs {
			if lst, err := os.Lstat(abs); err == nil && lst.Mode()&fs.ModeSymlink != 0 {
				aliases[real] = abs
			}
			abs = real
		}
		lay.Dirs = append(lay.Dirs, abs)
		named = append(named, abs)
	}
	if lay.TreeRoot != "" {
		for i, n := range named {
			if !isAncestor(lay.TreeRoot, realOr(n)) && !isAncestor(lay.TreeRoot, n) {
				return lay, fmt.Errorf("--root %s does not hold %s", treeRoot, paths[min(i, len(paths)-1)])
			}
		}
	}
	all := commonRoot(append([]string(nil), named...))
	if r := repoRoot(all); r != "" {
		lay.Repo = r
	}
	if len(lay.Focus) > 0 {
		project := firstOf(lay.TreeRoot, lay.Repo)
		if project == "" {
			project = commonRoot(append([]string(nil), named...))
			if holdsAll(cwd, named) {
				project = cwd
			}
		}
		lay.Dirs = append(lay.Dirs, project)
		lay.ConfigStart = project
	}
	lay.Dirs = dedupeNested(lay.Dirs)
	lay.Root = firstOf(lay.TreeRoot, lay.Repo, commonRoot(append([]string(nil), lay.Dirs...)))
	if lay.ConfigStart == "" {
		lay.ConfigStart = commonRoot(append([]string(nil), lay.Dirs...))
	}
	return lay, nil
}

// tree is the tree the layout may read: TreeRoot, else the repository's
// top level, else the scan directories. It is fixed here.
func (l Layout) tree() *treefs.Tree {
	switch {
	case l.TreeRoot != "":
		return treefs.New([]string{l.TreeRoot}, "")
	case l.Repo != "":
		return treefs.New(l.Dirs, l.Repo)
	}
	return treefs.New(l.Dirs, "")
}

// explicitRoot checks --root: an existing directory, returned absolute
// with symlinks followed.
func explicitRoot(dir, cwd string) (string, error) {
	abs := absIn(cwd, dir)
	st, err := os.Stat(abs)
	if err != nil {
		return "", fmt.Errorf("--root %s: %w", dir, unwrapPathErr(err))
	}
	if !st.IsDir() {
		return "", fmt.Errorf("--root %s: %w", dir, errors.New("not a directory"))
	}
	return realOr(abs), nil
}

func absIn(cwd, p string) string {
	if !filepath.IsAbs(p) {
		p = filepath.Join(cwd, p)
	}
	return filepath.Clean(p)
}

func realOr(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return p
}

// holdsAll reports whether dir holds every path.
func holdsAll(dir string, paths []string) bool {
	for _, p := range paths {
		if !isAncestor(dir, p) {
			return false
		}
	}
	return true
}

func firstOf(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// TreeRootFor is Options.TreeRoot for a run of this layout with the
// configuration cfg (nil: none): --root when given; outside git, the
// directory of the .faultline.hcl found for the run when it holds every
// scan directory; else "" (the engine takes the git top level or the scan
// directories). A config named with --config (explicitConfig) may lie
// anywhere, so its directory never becomes the root.
func (lay Layout) TreeRootFor(cfg *lint.Config, explicitConfig bool) string {
	if lay.TreeRoot != "" || lay.Repo != "" || cfg == nil || explicitConfig {
		return lay.TreeRoot
	}
	for _, d := range lay.Dirs {
		if !treefs.Within(cfg.Dir, d) {
			return ""
		}
	}
	return cfg.Dir
}
