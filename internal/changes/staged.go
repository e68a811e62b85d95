package changes

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// ErrUnstaged: `--staged` found tracked files whose work tree content is
// not what is staged, so the work tree faultline reads is not the commit.
var ErrUnstaged = errors.New("unstaged changes")

// maxListed bounds the file names an ErrUnstaged message lists.
const maxListed = 5

// Staged compares the index of the repository holding dir with HEAD, for
// `faultline lint --staged` (the pre-commit hook that sees deletions): the
// Set's Base is HEAD's commit ("" before the first commit), Files the paths
// the index changes against it (added, modified, deleted, both names of a
// rename), and Lines the lines the staged hunks touch, numbered as the
// index has them. indexFile, when not empty, is the index to read instead
// of the repository's, an absolute path (git sets GIT_INDEX_FILE for its
// hooks: `git commit -a` and `git commit PATH` stage into a temporary
// index).
//
// faultline reads the work tree, not the index, so the two must agree: a
// tracked file whose work tree content differs from the staged one (an
// unstaged change, a deletion not staged, a merge conflict) is an error
// wrapping ErrUnstaged that names it. pre-commit stashes unstaged changes
// before it runs hooks, so under pre-commit they agree. Untracked files
// are not compared: the work tree's are read like any other file.
func Staged(dir, indexFile string) (*Set, error) {
	g, root, err := open(dir)
	if err != nil {
		return nil, err
	}
	if indexFile != "" {
		g.env = append(g.env[:len(g.env):len(g.env)], "GIT_INDEX_FILE="+indexFile)
	}
	s := &Set{Root: root, Lines: map[string]Lines{}}
	head, headErr := g.out("rev-parse", "--verify", "--quiet", "HEAD^{commit}")
	unborn := headErr != nil
	if !unborn {
		s.Base = strings.TrimSpace(head)
	}
	st, err := g.outBytes("status", "--porcelain=v1", "-z", "--untracked-files=no", "--ignore-submodules=dirty")
	if err != nil {
		return nil, fmt.Errorf("git status: %s", err)
	}
	files := map[string]bool{}
	var unstaged []string
	for _, e := range parseStatusEntries(st) {
		if e.y != ' ' {
			unstaged = append(unstaged, e.path)
		}
		if e.x == ' ' {
			continue
		}
		for _, f := range e.paths() {
			files[f] = true
		}
		if unborn && e.x != 'D' {
			s.Lines[e.path] = Lines{Whole: true}
		}
	}
	if len(unstaged) > 0 {
		sort.Strings(unstaged)
		names := unstaged
		more := ""
		if len(names) > maxListed {
			names, more = names[:maxListed], fmt.Sprintf(" and %d more", len(unstaged)-maxListed)
		}
		return nil, fmt.Errorf("%w in %s%s: --staged lints the work tree, which must hold what is staged; stage them (git add), or set them aside with `git stash push --keep-index` (pre-commit does that itself before it runs hooks)",
			ErrUnstaged, strings.Join(names, ", "), more)
	}
	for f := range files {
		s.Files = append(s.Files, f)
	}
	sort.Strings(s.Files)
	if s.Base != "" && len(s.Files) > 0 {
		diffs, err := g.patch(s.Base, s.Files, "--cached")
		if err != nil {
			return nil, fmt.Errorf("git diff-index --cached %s: %s", short(s.Base), err)
		}
		s.addLines(diffs)
	}
	return s, nil
}
