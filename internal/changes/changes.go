// Package changes finds the files and lines changed in a git working
// tree since a base revision, for `faultline lint --changed` and for
// showing findings on the lines a pull request touches. It runs the git
// binary (the only subprocess faultline starts besides itself, never
// letting git start another: see git.go) and only reads: no fetch, no
// index refresh, no lock files.
package changes

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"
)

// Errors a caller can test with errors.Is. Each error returned by Changed
// wraps one of them and says what to do; the command exits 2 on all.
var (
	// ErrNoGit: the git binary is not installed.
	ErrNoGit = errors.New("git is not installed")
	// ErrNotRepository: the directory is not inside a git work tree.
	ErrNotRepository = errors.New("not a git repository")
	// ErrUnknownRevision: the base revision does not name a commit here.
	ErrUnknownRevision = errors.New("unknown revision")
	// ErrShallow: the clone is shallow and does not hold the base
	// revision or the history back to the merge base.
	ErrShallow = errors.New("shallow clone without the base revision")
	// ErrNoDefaultBranch: no base was given and none of origin/HEAD,
	// origin/main, origin/master, main, master exists.
	ErrNoDefaultBranch = errors.New("cannot find the default branch")
)

// fetchHint is what a shallow clone needs.
const fetchHint = "fetch with full depth (actions/checkout: fetch-depth: 0; elsewhere: git fetch --unshallow) or pass --base with a revision that was fetched"

// Set is the result of Changed.
type Set struct {
	// Root is the top of the work tree (absolute, symlinks resolved, as
	// git reports it).
	Root string
	// Base is the revision the work tree is compared with: the merge base
	// of HEAD and the base (a full commit ID), or "" when HEAD has no
	// commit yet (then only staged and unstaged changes count).
	Base string
	// Files are the changed paths, relative to Root with "/", sorted and
	// unique: changed in the commits since Base, staged, unstaged or
	// untracked (not ignored). A renamed file counts under both names; a
	// deleted file is listed too (it no longer exists in the work tree).
	Files []string
	// Lines maps the files of Files that the work tree holds to the lines
	// the change touches there, numbered as the files are now: the hunks
	// of the work tree against Base (committed, staged and unstaged
	// changes at once), a renamed file under its new name. A new file
	// (added since Base, untracked, or anything before the first commit)
	// and a binary one count whole. A file of Files that is not here has
	// no touched line in the work tree: it is deleted, only its mode or
	// name changed, or the work tree undoes what the commits changed.
	Lines map[string]Lines
}

// ChangedFiles returns the files changed in the repository holding
// repoDir since base, relative to the repository root with "/" (see Set).
// An empty base means the merge base of HEAD with the default branch.
func ChangedFiles(repoDir, base string) ([]string, error) {
	s, err := Changed(repoDir, base)
	if err != nil {
		return nil, err
	}
	return s.Files, nil
}

// Changed compares the work tree holding dir with base: the files changed
// in `git diff <base>...HEAD` (the commits since the merge base), plus the
// staged, unstaged and untracked changes of the work tree; and the lines
// of those files that `git diff-index -p <merge base>` (the work tree
// against the merge base) shows touched. An empty base means the default
// branch: origin/HEAD, else origin/main, origin/master, main or master,
// whichever exists first.
func Changed(dir, base string) (*Set, error) {
	g, root, err := open(dir)
	if err != nil {
		return nil, err
	}
	s := &Set{Root: root, Lines: map[string]Lines{}}

	files := map[string]bool{}
	_, headErr := g.out("rev-parse", "--verify", "--quiet", "HEAD^{commit}")
	unborn := headErr != nil
	switch {
	case unborn && base != "":
		return nil, fmt.Errorf("%w: HEAD has no commit yet to compare with --base %s", ErrUnknownRevision, base)
	case unborn:
		// A repository before its first commit: everything staged or
		// present is new.
	default:
		mb, err := g.mergeBase(base)
		if err != nil {
			return nil, err
		}
		s.Base = mb
		diff, err := g.outBytes("diff", "--name-status", "-z", "-M", "--no-ext-diff", "--no-textconv", mb, "HEAD", "--")
		if err != nil {
			return nil, fmt.Errorf("git diff %s HEAD: %s", short(mb), err)
		}
		for _, f := range parseNameStatus(diff) {
			files[f] = true
		}
	}
	if err := s.addStatus(g, files, unborn); err != nil {
		return nil, err
	}
	for f := range files {
		s.Files = append(s.Files, f)
	}
	sort.Strings(s.Files)
	if s.Base != "" && len(s.Files) > 0 {
		diffs, err := g.patch(s.Base, s.Files)
		if err != nil {
			return nil, fmt.Errorf("git diff-index %s: %s", short(s.Base), err)
		}
		s.addLines(diffs)
	}
	return s, nil
}

// addStatus adds the files `git status` lists (staged, unstaged and
// untracked changes against HEAD) to files, and marks the untracked
// ones, or before the first commit every one still in the work tree, as
// new: every line changed.
func (s *Set) addStatus(g gitRunner, files map[string]bool, unborn bool) error {
	st, err := g.outBytes("status", "--porcelain=v1", "-z", "--untracked-files=all", "--ignore-submodules=dirty")
	if err != nil {
		return fmt.Errorf("git status: %s", err)
	}
	for _, e := range parseStatusEntries(st) {
		for _, f := range e.paths() {
			files[f] = true
		}
		if e.x == '?' || (unborn && e.y != 'D') {
			s.Lines[e.path] = Lines{Whole: true}
		}
	}
	return nil
}

// RelTo returns the changed files relative to dir, with "/", the way
// faultline reports paths when dir is its working directory: these are
// the names engine.FilterTouching matches.
func (s *Set) RelTo(dir string) []string {
	rel := s.relFunc(dir)
	out := make([]string, 0, len(s.Files))
	for _, f := range s.Files {
		out = append(out, rel(f))
	}
	return out
}

// relFunc turns a path relative to the root into one relative to dir.
func (s *Set) relFunc(dir string) func(string) string {
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	root := s.Root
	if real, err := filepath.EvalSymlinks(root); err == nil {
		root = real
	}
	return func(f string) string {
		abs := filepath.Join(root, filepath.FromSlash(f))
		r, err := filepath.Rel(dir, abs)
		if err != nil {
			r = abs
		}
		return filepath.ToSlash(r)
	}
}

// LinesRelTo returns Lines with the file names relative to dir, as RelTo
// gives them.
func (s *Set) LinesRelTo(dir string) map[string]Lines {
	rel := s.relFunc(dir)
	out := make(map[string]Lines, len(s.Lines))
	for f, l := range s.Lines {
		out[rel(f)] = l
	}
	return out
}

// Abs returns the changed files as absolute paths.
func (s *Set) Abs() []string {
	out := make([]string, 0, len(s.Files))
	for _, f := range s.Files {
		out = append(out, filepath.Join(s.Root, filepath.FromSlash(f)))
	}
	return out
}

// mergeBase resolves the base (or the default branch) and returns the
// merge base of it and HEAD.
func (g gitRunner) mergeBase(base string) (string, error) {
	shallow := g.isShallow()
	rev := base
	if rev == "" {
		var err error
		if rev, err = g.defaultBranch(); err != nil {
			if shallow {
				return "", fmt.Errorf("%w: none of origin/HEAD, origin/main, origin/master, main, master was fetched; %s", ErrShallow, fetchHint)
			}
			return "", err
		}
	}
	id, err := g.out("rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	if err != nil {
		if shallow {
			return "", fmt.Errorf("%w: --base %s is not in this shallow clone; %s", ErrShallow, rev, fetchHint)
		}
		return "", fmt.Errorf("%w %q: not a commit in this repository (fetch it, or check the name)", ErrUnknownRevision, rev)
	}
	id = strings.TrimSpace(id)
	mb, err := g.out("merge-base", id, "HEAD")
	if err != nil {
		if shallow {
			return "", fmt.Errorf("%w: the history between %s and HEAD is cut off; %s", ErrShallow, rev, fetchHint)
		}
		return "", fmt.Errorf("%w: %s and HEAD have no common ancestor", ErrUnknownRevision, rev)
	}
	return strings.TrimSpace(mb), nil
}

// defaultBranch is origin/HEAD's target, else the first of origin/main,
// origin/master, main, master that exists.
func (g gitRunner) defaultBranch() (string, error) {
	if ref, err := g.out("symbolic-ref", "--quiet", "refs/remotes/origin/HEAD"); err == nil {
		ref = strings.TrimSpace(ref)
		if _, err := g.out("rev-parse", "--verify", "--quiet", ref+"^{commit}"); err == nil {
			return strings.TrimPrefix(ref, "refs/remotes/"), nil
		}
	}
	for _, b := range []string{"refs/remotes/origin/main", "refs/remotes/origin/master", "refs/heads/main", "refs/heads/master"} {
		if _, err := g.out("rev-parse", "--verify", "--quiet", b+"^{commit}"); err == nil {
			b = strings.TrimPrefix(b, "refs/remotes/")
			return strings.TrimPrefix(b, "refs/heads/"), nil
		}
	}
	return "", fmt.Errorf("%w (none of origin/HEAD, origin/main, origin/master, main, master exists): pass --base REV", ErrNoDefaultBranch)
}

func (g gitRunner) isShallow() bool {
	out, err := g.out("rev-parse", "--is-shallow-repository")
	return err == nil && strings.TrimSpace(out) == "true"
}

// maxPathspec bounds the bytes of file names patch passes on git's
// command line (Windows allows 32767 characters in all); past it, git
// diffs the whole work tree, which gives the same hunks.
const maxPathspec = 24 << 10

// patch runs `git diff-index -p` of the work tree against the commit mb
// for the given files and parses it (see parsePatch). One invocation
// covers committed, staged and unstaged changes. The plumbing command
// reads no diff UI configuration (prefixes, colour, relative paths,
// context lines) and, unlike `git diff`, never refreshes the index. It
// does read every file whose modification time alone changed (all of
// them in a copied work tree), so it is given the files that name-status
// and status found changed, as literal pathspecs. The flags pin what the
// parser expects and keep git from running textconv or an external diff.
// opts go before the commit: "--cached" diffs the index instead of the
// work tree.
func (g gitRunner) patch(mb string, files []string, opts ...string) ([]fileDiff, error) {
	args := []string{"--literal-pathspecs", "diff-index", "-p", "--unified=0", "--inter-hunk-context=0", "-M",
		"--no-color", "--no-ext-diff", "--no-textconv", "--src-prefix=a/", "--dst-prefix=b/",
		"--ignore-submodules=dirty"}
	args = append(append(args, opts...), mb, "--")
	size := 0
	for _, f := range files {
		size += len(f) + 1
	}
	if size <= maxPathspec {
		args = append(args, files...)
	}
	var diffs []fileDiff
	err := g.stream(func(r io.Reader) error {
		var err error
		diffs, err = parsePatch(r)
		return err
	}, args...)
	return diffs, err
}

// addLines records the touched lines of the files of diffs still in the
// work tree (under the new name of a rename).
func (s *Set) addLines(diffs []fileDiff) {
	for _, d := range diffs {
		if d.New != "" && (d.Whole || len(d.Ranges) > 0) {
			s.Lines[d.New] = Lines{Whole: d.Whole, Ranges: d.Ranges}
		}
	}
}

// parseNameStatus reads `git diff --name-status -z`: a status, then one
// path, or two for renames and copies (R100, C075).
func parseNameStatus(b []byte) []string {
	fields := splitZ(b)
	var out []string
	for i := 0; i < len(fields); {
		status := fields[i]
		i++
		n := 1
		if status != "" && (status[0] == 'R' || status[0] == 'C') {
			n = 2
		}
		for j := 0; j < n && i < len(fields); j++ {
			if fields[i] != "" {
				out = append(out, fields[i])
			}
			i++
		}
	}
	return out
}

// statusEntry is one entry of `git status --porcelain=v1 -z`.
type statusEntry struct {
	x, y byte
	path string
	orig string // the original path of a rename or copy
}

func (e statusEntry) paths() []string {
	if e.orig != "" {
		return []string{e.path, e.orig}
	}
	return []string{e.path}
}

// parseStatus returns the paths of parseStatusEntries, with both names of
// a rename.
func parseStatus(b []byte) []string {
	var out []string
	for _, e := range parseStatusEntries(b) {
		out = append(out, e.paths()...)
	}
	return out
}

// parseStatusEntries reads `git status --porcelain=v1 -z`: "XY path",
// followed by the original path as its own field when X or Y is a rename
// or copy.
func parseStatusEntries(b []byte) []statusEntry {
	fields := splitZ(b)
	var out []statusEntry
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		if len(f) < 4 {
			continue
		}
		e := statusEntry{x: f[0], y: f[1], path: f[3:]}
		if e.x == '!' { // ignored (not asked for, but harmless)
			continue
		}
		if e.x == 'R' || e.x == 'C' || e.y == 'R' || e.y == 'C' {
			if i+1 < len(fields) {
				e.orig = fields[i+1]
			}
			i++
		}
		out = append(out, e)
	}
	return out
}

func splitZ(b []byte) []string {
	b = bytes.TrimSuffix(b, []byte{0})
	if len(b) == 0 {
		return nil
	}
	parts := bytes.Split(b, []byte{0})
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = string(p)
	}
	return out
}

func short(id string) string {
	if len(id) > 12 {
		return id[:12]
	}
	return id
}
